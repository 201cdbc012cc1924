ds-ask = { $who } : à vous de jouer
ds-hint = L'IA { $agent } choisirait { $n } : { $mv }. { $why }
ds-gain = { $term } { $delta }
ds-why-now = Cela change { $gains }.
ds-why-after = Une fois que les autres auront répondu : { $gains }.
ds-why-even = Cela ne change rien de ce que l'IA compte tout de suite : vous gardez vos autres cartes pour plus tard.
ds-score = { $seat } : { $points } points
ds-board-title = { $game } : { $who } joue
ds-board-over = { $game } : la partie est finie
ds-result-win = { $seat } gagne.
ds-result-tie = Égalité entre { $seats }.
ds-you = { $name } (vous)
ds-pile = { $zone } : { $cards }
ds-pile-count = { $zone } { $n }
ds-pile-top = { $zone } { $n } (dessus : { $top })
ds-pile-below = { $zone } { $n } (ci-dessous)
ds-card-of = { $card } par { $seat }
ds-and-hidden = { $cards } + { $n } { $n ->
    [one] cachée
   *[other] cachées
}
ds-cards = { $n ->
    [one] une carte
   *[other] { $n } cartes
}
ds-hidden-cards = { $n } cartes cachées
# A seat in a line told for every seat in turn: `reserve (each player)`.
ds-each-seat = chaque joueur
# An index of the board's indexed zones (a column) and its number of cards.
ds-index-head = { $index } ({ $n }) :
# A typed move whose target (a number) is not offered, with those that are.
ds-not-target = { $mv } : pas { $typed } ici (ici : { $targets })
ds-stopped = arrêtée à une borne
ds-shuffled = { $pile } mélangée
ds-not-offered = ce n'est pas un coup possible maintenant
ds-targets = { $option } : { $targets }
ds-why-not = { $mv } : { $why }
ds-not-in = { $pile } ne contient pas { $card }
ds-rules-head = Les règles en vigueur pour { $players } joueurs, chacune avec le passage du livret { $rulebook } qu'elle lit :
ds-legend = Le plateau : une ligne pour la table, puis une ligne par place : ses compteurs et ses piles, la carte du dessous d'abord ; une carte que vous ne voyez pas est comptée (+ 3 cachées). La grille : une ligne par carte (×2 : deux cartes pareilles), une colonne par coup ; · marque un coup que la carte ne permet pas.
# `help`'s examples, from the moves of the moment: a move typed short, a card to explain.
ds-examples = Ici, par exemple : { $mv } (un coup) · explique { $card }

help =
    Choisissez un coup par son numéro dans la grille : une ligne par carte
    (les cartes pareilles une fois, ×2 pour deux), une colonne par action.
    Ou tapez les mots du coup : le mot de la colonne et la carte.
    Commandes :
      plateau       la table à nouveau         score    les points jusqu'ici
      regles        les règles en vigueur, avec les passages du livret
      conseil       ce que l'IA ferait ici, et pourquoi
      explique CARTE  les valeurs d'une carte et son rôle
      annuler       reprendre votre dernier choix, s'il n'a rien montré
      journal       les derniers événements    sauver FICHIER   sauvegarder là
      aide          ce texte                   quitter   sauvegarder et arrêter
    Un long texte vient page par page : regles 2 pour la suivante. Les
    formes anglaises sont aussi comprises.
# An index of an indexed zone (a move's target): `column 2`.
index-name = { $zone } { $index }
