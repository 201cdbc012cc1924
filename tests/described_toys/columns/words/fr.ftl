hidden-card = une carte cachée
no-card = aucune carte
card-name = { $kind_name } { $colour } ({ $value })
option-lay = { $seat } pose { $card } sur { $target }
option-toss = { $seat } défausse { $card }
option-wait = { $seat } attend à { $target }
index-name = { $zone } { $index }
