hidden-card = een verborgen kaart
no-card = geen kaart
card-name = { $kind_name } { $colour } ({ $value })
option-lay = { $seat } legt { $card } op { $target }
option-toss = { $seat } legt { $card } af
option-wait = { $seat } wacht bij { $target }
index-name = { $zone } { $index }
