hidden-card = a hidden card
no-card = no card
card-name = { $kind_name } { $colour } ({ $value })
option-lay = { $seat } lays { $card } on { $target }
option-toss = { $seat } tosses { $card }
option-wait = { $seat } waits at { $target }
index-name = { $zone } { $index }
