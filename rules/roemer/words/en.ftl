# Römer's words (English): card names, options, and what `tell` says.
card-name = { $kind ->
    [caesar] { $colour } César
   *[other] { $colour } { $combat } ({ $points })
}
hidden-card = a hidden card
no-card = no card
moved = { $card }: { $from } → { $to }
game-over = The game is over.
option-trump = choose { $card } as trump card
option-lay = lay { $card } face down in the team
option-renew = change trump: discard the team, { $card } as new trump card
option-lead = lead { $card } to a trick
option-answer = play { $card } to the trick
chose-trump = { $seat } lays { $card } as trump card.
trick-won = { $seat } wins the trick with { $card }{ $cut ->
    [1] , cut by trump
   *[other] {""}
}.
lost-card = { $seat } loses the last card of the team to { $to }.
scored = { $seat } scores { $points } this round: { $total } in all.
