card-name = { $kind_name }
hidden-card = a hidden card
no-card = no card
moved = { $card }: { $from } → { $to }
game-over = The game is over.
option-keep = keep { $card }
