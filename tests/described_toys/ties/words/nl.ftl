hidden-card = a hidden card
no-card = no card
card-name = { $kind_name } { $colour }
option-play = { $seat } plays { $card }
