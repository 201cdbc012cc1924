card-name = { $kind ->
    [caesar] César { $colour }
   *[other] { $combat } { $colour } ({ $points })
}
hidden-card = une carte cachée
no-card = aucune carte
moved = { $card } : { $from } → { $to }
game-over = La partie est finie.
option-trump = choisir { $card } comme carte atout
option-lay = poser { $card } face cachée dans l'équipe
option-renew = changer d'atout : défausser l'équipe, { $card } comme nouvel atout
option-lead = entamer un pli avec { $card }
option-answer = jouer { $card } dans le pli
chose-trump = { $seat } pose { $card } comme carte atout.
trick-won = { $seat } gagne le pli avec { $card }{ $cut ->
    [1] , coupé
   *[other] {""}
}.
lost-card = { $seat } perd la dernière carte de son équipe au profit de { $to }.
scored = { $seat } marque { $points } cette manche : { $total } en tout.
