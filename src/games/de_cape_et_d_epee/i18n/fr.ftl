# Les mots de de Cape & d'Épée au terminal, en français (mêmes
# identifiants que en.ftl). Les termes sont ceux du livret 003 (Filosofia
# 2007) : « colonne », « carte Objectif », « carte Influence », « face
# cachée », « retourne », « défausse », « réserve », « manche ». Les noms
# des cartes, domaines et couleurs viennent de names/fr-filosofia.ron.

## Une carte : son type et sa couleur ; une carte que le joueur ne voit pas.
## « Reine de Bleu » plutôt que « Reine Bleu » : la couleur est le nom d'un
## joueur (003 : « le joueur Bleu »), et un adjectif devrait s'accorder
## avec chaque nom de carte (« Reine bleue », « Trois Mousquetaires bleus »).
dc-card = { $kind } de { $colour }
dc-hidden-card = une carte de { $colour }

## Les coups
# 003 : « placer 1 carte Influence de sa main face cachée dans une colonne de son choix »
dc-move-place = placer { $card } dans la colonne { $column }
dc-move-column = choisir la colonne { $column }
dc-move-card = choisir { $card }
dc-move-decline = refuser
dc-move-pass = passer (aucune carte en main)

## Les événements
dc-placed = carte placée face cachée dans la colonne { $column } : { $card }
# 003 : « il la retourne, quelle que soit sa couleur »
dc-revealed = carte retournée : { $card }
# 003 : « se déplace immédiatement dans la colonne suivante »
dc-moved = { $card } se déplace dans la colonne { $column }
# 003 : « placée dans la défausse de son propriétaire »
dc-discarded = { $card } va dans la défausse de son propriétaire
# 003 : « plus aucune carte ne peut être ajoutée à cette colonne »
dc-sealed = plus aucune carte ne peut être ajoutée à la colonne { $column }
# 003 : « échanger la carte Objectif de la colonne [...] avec la carte Objectif d'une autre colonne »
dc-swapped = les cartes Objectif des colonnes { $a } et { $b } sont échangées
# 003 : « cacher en-dessous une de ses cartes qu'il tient en main »
dc-tucked = carte cachée en dessous, face cachée : { $card }
# 003 : « éliminées de la colonne »
dc-eliminated = carte éliminée de la colonne : { $card }
dc-round-ended = fin de la manche { $round }
dc-settled = { $objective } : { $cards } -> { $winner }
dc-nobody = personne
dc-no-value = sans valeur
# 003 : « Le jeu prend fin après 6 manches »
dc-game-over = la partie prend fin

## Le plateau
dc-round = Manche { $round } sur { $rounds }
dc-column = { $n } { $objective } :
dc-column-sealed = { $n } { $objective } (fermée) :
dc-seat = { $name } : { $points } { $points ->
        [one] point
       *[other] points
    }, réserve { $reserve }, défausse { $discard } ; { $hand } ; objectifs : { $won }
dc-hand = main : { $cards }
dc-hand-size = { $n } en main
dc-grid-head = carte \ colonne
dc-legend = Carte/C : une carte face visible de la couleur C ; [C] : une carte face cachée de la couleur C ; (Carte)/C : votre carte face cachée

## Questions, conseils, scores
dc-ask-choice = { $who } : une capacité spéciale vous demande de choisir
dc-ask-place = { $who } : placez une carte Influence de votre main face cachée en bas d'une colonne
dc-hint = { $agent } choisirait { $n } : { $mv }
dc-score = { $who } : { $points } { $points ->
        [one] point
       *[other] points
    }
# 003 : « celui qui [...] l'emporte »
dc-wins = { $who } l'emporte
dc-shared = une victoire partagée

## `aide`, dans les termes de ce jeu (ses coups se tapent par leurs mots)
help =
    Choisissez un coup par son numéro, ou tapez ses mots : le début du nom d'une
    carte et le numéro de la colonne (NOM 2), ou choisir, refuser, passer
    (Entrée : le seul choix, s'il est seul).
    Commandes :
      plateau       la table à nouveau         score    les points jusqu'ici
      regles        la règle en vigueur, avec le passage du livret
      conseil       ce que l'IA ferait ici, et pourquoi
      annuler       reprendre votre dernier choix de ce tour
      journal       les derniers événements    sauver FICHIER   sauvegarder dans FICHIER
      aide          ce texte                   quitter   sauvegarder et arrêter
    Les mots et les noms anglais sont aussi compris.
