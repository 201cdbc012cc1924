ds-ask = { $who } : à vous de jouer
ds-hint = { $agent } choisirait { $n } : { $mv }
ds-score = { $seat } : { $points } points
ds-board-title = { $game } : { $who } joue
ds-board-over = { $game } : la partie est finie
ds-result-win = { $seat } gagne.
ds-result-tie = Égalité entre { $seats }.
ds-legend = Une carte que vous ne voyez pas est montrée comme telle ; chaque zone liste ses cartes de dessous à dessus.
