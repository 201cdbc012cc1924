card-name = { $kind ->
    [caesar] { $colour } César
   *[other] { $colour } { $combat } ({ $points })
}
hidden-card = een verborgen kaart
no-card = geen kaart
moved = { $card }: { $from } → { $to }
game-over = Het spel is voorbij.
option-trump = kies { $card } als troefkaart
option-lay = leg { $card } gedekt in het team
option-renew = wissel van troef: leg het team af, { $card } als nieuwe troefkaart
option-lead = speel { $card } uit in een slag
option-answer = speel { $card } bij in de slag
chose-trump = { $seat } legt { $card } als troefkaart.
trick-won = { $seat } wint de slag met { $card }{ $cut ->
    [1] , getroefd
   *[other] {""}
}.
lost-card = { $seat } verliest de laatste kaart van het team aan { $to }.
scored = { $seat } scoort { $points } deze ronde: { $total } in totaal.
