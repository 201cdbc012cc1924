# Les mots d'une table de colonnes au terminal, en français, quel que soit
# le jeu (mêmes identifiants que en.ftl) : « colonne », « carte Objectif »,
# « face cachée », « retourne », « défausse », « réserve », « manche ». Les
# noms des cartes, des têtes de colonne et des couleurs viennent des
# règles (leur fichier de noms de `--lang`).
#
# « Reine de Bleu » plutôt que « Reine Bleu » : la couleur est le nom d'un
# joueur (« le joueur Bleu »), et un adjectif devrait s'accorder avec
# chaque nom de carte.

## Une carte : son type et sa couleur ; une carte que le joueur ne voit pas.
col-card = { $kind } de { $colour }
col-hidden-card = une carte de { $colour }

## Les événements de la table
col-placed = carte placée face cachée dans la colonne { $column } : { $card }
col-revealed = carte retournée : { $card }
col-moved = { $card } se déplace dans la colonne { $column }
col-discarded = { $card } va dans la défausse de son propriétaire
col-sealed = plus aucune carte ne peut être ajoutée à la colonne { $column }
col-swapped = les cartes Objectif des colonnes { $a } et { $b } sont échangées
col-tucked = carte cachée en dessous, face cachée : { $card }
col-eliminated = carte éliminée de la colonne : { $card }
col-round-ended = fin de la manche { $round }
col-settled = { $objective } : { $cards } -> { $winner }
col-nobody = personne
col-no-value = sans valeur
col-game-over = la partie prend fin

## Le plateau
col-round = Manche { $round } sur { $rounds }
col-column = { $n } { $objective } :
col-column-sealed = { $n } { $objective } (fermée) :
col-seat = { $name } : { $points } { $points ->
        [one] point
       *[other] points
    }, réserve { $reserve }, défausse { $discard } ; { $hand } ; objectifs : { $won }
col-hand = main : { $cards }
col-hand-size = { $n } en main
col-grid-head = carte \ colonne
col-legend = Carte/C : une carte face visible de la couleur C ; [C] : une carte face cachée de la couleur C ; (Carte)/C : votre carte face cachée

## Les scores
col-score = { $who } : { $points } { $points ->
        [one] point
       *[other] points
    }
col-wins = { $who } l'emporte
col-shared = une victoire partagée

## Valeurs ; pourquoi un placement aide (le conseil)
col-value-home = { $value } ({ $domain } { $home })
col-why-keep-lead = dans la colonne { $column } ({ $objective }) vous restez devant sur ce que vous voyez : vous { $mine }, le meilleur autre { $other } (une carte que vous ne voyez pas compte { $unseen }).
col-why-take-lead = dans la colonne { $column } ({ $objective }) vous passez devant sur ce que vous voyez : vous { $mine }, le meilleur autre { $other } (une carte que vous ne voyez pas compte { $unseen }).
col-why-draw-level = dans la colonne { $column } ({ $objective }) vous égalisez sur ce que vous voyez : vous { $mine }, le meilleur autre { $other } (une carte que vous ne voyez pas compte { $unseen }).
col-why-trail = dans la colonne { $column } ({ $objective }) vous restez derrière sur ce que vous voyez : vous { $mine }, le meilleur autre { $other } (une carte que vous ne voyez pas compte { $unseen }).
col-valueless = aucune valeur propre
