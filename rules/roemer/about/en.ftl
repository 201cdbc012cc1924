# What each kind of card does, for `explain` (its id: the kind's, in
# cards.ron), and the passage of rulebook 004 it follows (`<id>-passage`).
caesar = A César has no combat value (any number of its colour beats it) and no points, but it lengthens a team: a team of 7 cards ends the round.
caesar-passage = 004: "Sur sept cartes de chaque couleur apparaît la tête de Jules César ... Ces « Césars » n'ont aucune valeur de combat ni de points." "Une carte « César » ne rapporte aucun point mais permettent d'accroître l'équipe."
c1 = A numbered card. In a trick it beats the lower numbers of the led colour, and a card of its player's trump colour cuts them all. In a team it scores its points, times its position when it is of your trump colour (third: triple).
c1-passage = 004: "La valeur de combat est notée en chiffres arabes (1 à 7). La valeur en points est notée en chiffres romains (III, V, X, XX)." "Les cartes de la couleur d'atout multiplient leur valeur en fonction de leur position dans l'équipe."
c2 = { c1 }
c2-passage = { c1-passage }
c3 = { c1 }
c3-passage = { c1-passage }
c4 = { c1 }
c4-passage = { c1-passage }
c5 = { c1 }
c5-passage = { c1-passage }
c6 = { c1 }
c6-passage = { c1-passage }
c7 = { c1 }
c7-passage = { c1-passage }
