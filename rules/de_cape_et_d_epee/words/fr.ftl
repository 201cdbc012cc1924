# Les mots de de Cape & d'Épée (français), d'après les catalogues du module.
card-name = { $deck ->
    [objectives] { $domain } { $points }
   *[other] { $kind_name } { $colour }
}
# A card short, on the board's columns (its owner's mark follows).
card-short = { $deck ->
    [objectives] { $domain } { $points }
   *[other] { $kind_name }
}
hidden-card = une carte cachée
no-card = aucune carte
moved = { $card } : { $from } → { $to }
game-over = La partie est terminée.
index-name = { $zone } { $index }
option-lay = placer { $card } dans { $target }
option-pass = passer (aucune carte en main)
option-swap = échanger l'objectif de cette colonne avec celui de { $target }
option-decline = refuser
option-tuck = cacher { $card } sous la Cape
moved-told = { $to_zone ->
    [column] { $from_zone ->
        [hand] { $from_seat } place une carte dans { $to }
       *[other] { $card } passe de { $from } à { $to }
    }
    [discard] { $card } sur la défausse de { $to_seat }
    [won] { $to_seat } remporte { $card }
    [hand] { $to_seat } pioche { $count ->
        [one] une carte
       *[other] { $count } cartes
    }
   *[other] { $card } : { $from } → { $to }
}
card-value = { $deck ->
    [objectives] { $points } points, demande { $points } cartes
   *[other] { $value }
}
counter-rounds = manche { $value }
counter-score = { $value } pts
ask-lay = { $who } : placez une carte face cachée au bas d'une colonne
ask-pass = { $who } : vous n'avez aucune carte ; vous passez
ask-swap = { $who } : le Traître vous permet d'échanger l'objectif de cette colonne avec celui d'une autre
ask-tuck = { $who } : la Cape vous permet de cacher une carte de votre main sous elle, puis de piocher
head-lay = placer
head-pass = passer
head-swap = échanger
head-decline = refuser
head-tuck = cacher
not-now-lay = ce n'est pas à vous de placer
not-now-pass = vous avez encore des cartes
not-now-swap = aucun Traître ne le demande
not-now-tuck = aucune Cape ne le demande
eval-term-1 = vos points face au meilleur adversaire
eval-term-2 = les colonnes que vous menez, la moitié de leur objectif
# The numbers and each toggle's reading, for `rules`.
number-hand-size = Cartes en main : { $value }.
number-objectives-per-player = Objectifs de la partie par joueur : { $value }.
number-removed-at-two = À deux joueurs, on retire les objectifs de valeur { $value }.
number-round-count = Manches : { $value }.
number-draw-after-place = Cartes piochées après une pose : { $value }.
number-multiplier = Six domaines : la meilleure carte de chaque domaine compte { $value } fois.
number-extra-card-cost = Six domaines : chaque objectif en plus coûte { $value } point.
number-placement-cap = Pas une règle : la partie s'arrête après { $value } poses.
number-column-capacity = Pas une règle : une colonne prend au plus { $value } cartes par une pose ou un Explorateur.
number-column-room = Pas une règle : une colonne tient au plus { $value } cartes.
number-max-frames = Pas une règle : au plus { $value } capacités agissent à la fois.
number-max-fires = Pas une règle : au plus { $value } capacités agissent après une pose.
rule-column-below-Farther = Sous une carte se trouve celle posée après elle, plus loin de l'objectif.
rule-column-below-Nearer = Sous une carte se trouve celle qu'elle couvre, plus près de l'objectif.
rule-explorer-reveals-AboveInNewColumn = Un Explorateur retourné part dans la colonne suivante et y retourne la carte au-dessus de lui.
rule-explorer-reveals-Nothing = Un Explorateur retourné part dans la colonne suivante et n'y retourne rien.
rule-explorer-vs_assassin-ExplorerDiscarded = Un Explorateur qui retourne un Assassin part à la défausse.
rule-explorer-vs_assassin-AssassinInert = Un Explorateur qui retourne un Assassin est épargné : seule une carte posée depuis une main est défaussée.
rule-explorer-no_column-StaysFaceUp = Un Explorateur sans colonne où aller (une Tempête dans toutes les autres) reste face visible où il est.
rule-explorer-no_column-ToDiscard = Un Explorateur sans colonne où aller (une Tempête dans toutes les autres) part à la défausse.
rule-explorer-loop_guard-OncePerPlacement = Un Explorateur se déplace au plus une fois par pose.
rule-explorer-loop_guard-Unbounded = Un Explorateur se déplace chaque fois qu'il est de nouveau retourné.
rule-traitor-chooser-Owner = Le propriétaire du Traître choisit s'il échange deux objectifs.
rule-traitor-chooser-ActivePlayer = Le joueur dont la pose a retourné le Traître choisit l'échange.
rule-cloak-tucked_counts-true = Une carte cachée sous la Cape compte dans sa colonne.
rule-cloak-tucked_counts-false = Une carte cachée sous la Cape ne compte pas dans sa colonne.
rule-cloak-draw-OnlyIfTucked = Le propriétaire de la Cape pioche une carte seulement s'il en a caché une.
rule-cloak-draw-Always = Le propriétaire de la Cape pioche une carte même s'il n'en a caché aucune.
rule-round_end-check-AfterPlacement = Une manche prend fin une fois une pose et tout ce qu'elle déclenche terminés, si tous les objectifs sont réalisés.
rule-round_end-check-AfterEachEffect = Une manche prend fin dès que tous les objectifs sont réalisés, même au milieu d'une chaîne de capacités.
rule-round_end-draw-Draws = Le joueur dont la pose termine la manche pioche quand même une carte.
rule-round_end-draw-NoDraw = Le joueur dont la pose termine la manche ne pioche pas.
rule-round_end-order-DrawThenSettle = Le joueur dont la pose termine la manche pioche d'abord, puis les colonnes sont décomptées.
rule-round_end-order-SettleThenDraw = Les colonnes sont décomptées d'abord ; le joueur dont la pose a terminé la manche pioche ensuite.
rule-end_steps-within_5-SetsThenAdds = En fin de manche, les valeurs fixées (le 15 de Roméo) passent avant celles ajoutées (Ermite, Petit Géant, Dragons).
rule-end_steps-within_5-TableOrder = En fin de manche, l'étape 5 prend les cartes dans l'ordre de la liste des cartes.
rule-value-floor-Zero = La valeur d'une carte ne descend jamais sous 0.
rule-value-floor-NoFloor = La valeur d'une carte peut descendre sous 0.
rule-musketeers-pair-BothAct = Deux Mousquetaires agissent tous deux : toute autre carte de la colonne perd sa capacité.
rule-musketeers-pair-CancelEachOther = Deux Mousquetaires s'annulent : aucune capacité n'est annulée.
rule-two_copies-counts-EveryCopy = Un second exemplaire d'une carte (deux Magiciens) compte même si sa capacité n'agit pas.
rule-two_copies-counts-ActiveCopies = Un second exemplaire d'une carte (deux Magiciens) ne compte que si sa capacité agit.
rule-sorceress-valueless-Eliminated = La Sorcière élimine une carte encore sans valeur (un Sosie) comme une carte de 9 et moins.
rule-sorceress-valueless-Spared = La Sorcière épargne une carte encore sans valeur (un Sosie).
rule-purge-value-BeforeModifiers = Le Magicien et la Sorcière comparent les valeurs avant les modifications de l'étape 5.
rule-purge-value-AfterModifiers = Le Magicien et la Sorcière comparent les valeurs après les modifications de l'étape 5.
rule-eliminated-to-Discard = Une carte éliminée part à la défausse de son propriétaire.
rule-eliminated-to-OutOfGame = Une carte éliminée quitte la partie.
rule-prince_squire-needs-BothActive = Le Prince et l'Écuyer obtiennent l'objectif seulement si leurs deux capacités agissent.
rule-prince_squire-needs-EitherActive = Le Prince et l'Écuyer obtiennent l'objectif si l'une de leurs capacités agit.
rule-prince_squire-needs-BothPresent = Le Prince et l'Écuyer obtiennent l'objectif s'ils sont tous deux dans la colonne.
rule-double-copies-FinalValue = Le Sosie copie la valeur finale de la carte en dessous.
rule-double-copies-PrintedValue = Le Sosie copie la valeur imprimée de la carte en dessous.
rule-award-claim_vs_beggar-ClaimWins = Le Prince et l'Écuyer obtiennent l'objectif avant le Mendiant.
rule-award-claim_vs_beggar-BeggarWins = Le Mendiant passe avant le Prince et l'Écuyer.
rule-beggar-takes_part-HasValuedCard = Pour le Mendiant, un joueur participe s'il a une carte qui a une valeur dans la colonne.
rule-beggar-takes_part-HasCard = Pour le Mendiant, un joueur participe avec toute carte dans la colonne (un Sosie sans valeur compte 0).
rule-award-empty_column-Box = L'objectif d'une colonne restée sans carte retourne dans la boîte.
rule-award-empty_column-RoundEnder = L'objectif d'une colonne restée sans carte va au joueur qui a terminé la manche.
rule-empty_hand-Pass = Un joueur sans carte en main passe.
rule-scoring-choice-Best = Un joueur qui peut compter de deux façons prend le meilleur compte.
eliminated = { $card } est éliminé(e).
