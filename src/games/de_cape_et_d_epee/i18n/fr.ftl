# Les mots de de Cape & d'Épée au terminal, en français (mêmes
# identifiants que en.ftl) : ses coups, ses questions ; les cartes, les
# événements et le plateau sont ceux du catalogue parent
# (`src/play/columns/i18n/fr.ftl`). Les termes sont ceux du livret 003
# (Filosofia 2007) : « colonne », « carte Influence », « face cachée ».
# Les noms des cartes, domaines et couleurs viennent de
# names/fr-filosofia.ron.

## Les coups
# 003 : « placer 1 carte Influence de sa main face cachée dans une colonne de son choix »
dc-move-place = placer { $card } dans la colonne { $column }
dc-move-column = choisir la colonne { $column }
dc-move-card = choisir { $card }
dc-move-decline = refuser
dc-move-pass = passer (aucune carte en main)

## Questions, conseils, scores
dc-ask-choice = { $who } : une capacité spéciale vous demande de choisir
dc-ask-card = { $who } : la capacité spéciale de { $card } vous demande de choisir
dc-ask-place = { $who } : placez une carte Influence de votre main face cachée en bas d'une colonne
dc-hint = L'IA { $agent } choisirait { $n } : { $mv }. Pourquoi : { $why }
dc-hint-estimate = Son estimation de votre marge (les points, et les colonnes que vous menez au prix de leur objectif) : { $now } maintenant, { $after } après.

## `regles` : les règles en vigueur
dc-rules-head = Les règles en vigueur : { $players } joueurs, { $rounds } { $rounds ->
        [one] manche
       *[other] manches
    }. Chaque lecture du livret 003 avec son passage.
dc-rules-values = Valeurs : { $values }.
dc-rules-reading = { $rule } : { $reading }

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
      explique CARTE  la valeur d'une carte, sa capacité, le passage du livret
      journal       les derniers événements    sauver FICHIER   sauvegarder là
      aide          ce texte                   quitter   sauvegarder et arrêter
    Un long texte vient page par page : aide 2, regles 2 pour la suivante.
    Les mots et les noms anglais sont aussi compris.

## `regles` : la lecture de chaque option en mots (dc-toggle-CLÉ, selon sa lecture)
dc-toggle-column-below = { $reading ->
    [Farther] Sous une carte se trouve celle posée après elle, plus loin de l'objectif.
   *[Nearer] Sous une carte se trouve celle qu'elle couvre, plus près de l'objectif.
    }
dc-toggle-explorer-reveals = { $reading ->
    [AboveInNewColumn] Un Explorateur retourné part dans la colonne suivante et y retourne la carte au-dessus de lui.
   *[Nothing] Un Explorateur retourné part dans la colonne suivante et n'y retourne rien.
    }
dc-toggle-explorer-vs_assassin = { $reading ->
    [ExplorerDiscarded] Un Explorateur qui retourne un Assassin part à la défausse.
   *[AssassinInert] Un Explorateur qui retourne un Assassin est épargné : seule une carte posée depuis une main est défaussée.
    }
dc-toggle-explorer-no_column = { $reading ->
    [StaysFaceUp] Un Explorateur sans colonne où aller (une Tempête dans toutes les autres) reste face visible où il est.
   *[ToDiscard] Un Explorateur sans colonne où aller (une Tempête dans toutes les autres) part à la défausse.
    }
dc-toggle-explorer-loop_guard = { $reading ->
    [OncePerPlacement] Un Explorateur se déplace au plus une fois par pose.
   *[Unbounded] Un Explorateur se déplace chaque fois qu'il est de nouveau retourné.
    }
dc-toggle-traitor-chooser = { $reading ->
    [Owner] Le propriétaire du Traître choisit s'il échange deux objectifs.
   *[ActivePlayer] Le joueur dont la pose a retourné le Traître choisit l'échange.
    }
dc-toggle-cloak-tucked_counts = { $reading ->
    [true] Une carte cachée sous la Cape compte dans sa colonne.
   *[false] Une carte cachée sous la Cape ne compte pas dans sa colonne.
    }
dc-toggle-cloak-draw = { $reading ->
    [OnlyIfTucked] Le propriétaire de la Cape pioche une carte seulement s'il en a caché une.
   *[Always] Le propriétaire de la Cape pioche une carte même s'il n'en a caché aucune.
    }
dc-toggle-round_end-check = { $reading ->
    [AfterPlacement] Une manche prend fin une fois une pose et tout ce qu'elle déclenche terminés, si tous les objectifs sont réalisés.
   *[AfterEachEffect] Une manche prend fin dès que tous les objectifs sont réalisés, même au milieu d'une chaîne de capacités.
    }
dc-toggle-round_end-draw = { $reading ->
    [Draws] Le joueur dont la pose termine la manche pioche quand même une carte.
   *[NoDraw] Le joueur dont la pose termine la manche ne pioche pas.
    }
dc-toggle-end_steps-within_5 = { $reading ->
    [SetsThenAdds] En fin de manche, les valeurs fixées (le 15 de Roméo) passent avant celles ajoutées (Ermite, Petit Géant, Dragons).
   *[TableOrder] En fin de manche, l'étape 5 prend les cartes dans l'ordre de la liste des cartes.
    }
dc-toggle-value-floor = { $reading ->
    [Zero] La valeur d'une carte ne descend jamais sous 0.
   *[NoFloor] La valeur d'une carte peut descendre sous 0.
    }
dc-toggle-musketeers-pair = { $reading ->
    [BothAct] Deux Mousquetaires agissent tous deux : toute autre carte de la colonne perd sa capacité.
   *[CancelEachOther] Deux Mousquetaires s'annulent : aucune capacité n'est annulée.
    }
dc-toggle-two_copies-counts = { $reading ->
    [EveryCopy] Un second exemplaire d'une carte (deux Magiciens) compte même si sa capacité n'agit pas.
   *[ActiveCopies] Un second exemplaire d'une carte (deux Magiciens) ne compte que si sa capacité agit.
    }
dc-toggle-sorceress-valueless = { $reading ->
    [Eliminated] La Sorcière élimine une carte encore sans valeur (un Sosie) comme une carte de 9 et moins.
   *[Spared] La Sorcière épargne une carte encore sans valeur (un Sosie).
    }
dc-toggle-purge-value = { $reading ->
    [BeforeModifiers] Le Magicien et la Sorcière comparent les valeurs avant les modifications de l'étape 5.
   *[AfterModifiers] Le Magicien et la Sorcière comparent les valeurs après les modifications de l'étape 5.
    }
dc-toggle-eliminated-to = { $reading ->
    [Discard] Une carte éliminée part à la défausse de son propriétaire.
   *[OutOfGame] Une carte éliminée quitte la partie.
    }
dc-toggle-prince_squire-needs = { $reading ->
    [BothActive] Le Prince et l'Écuyer obtiennent l'objectif seulement si leurs deux capacités agissent.
    [EitherActive] Le Prince et l'Écuyer obtiennent l'objectif si l'une de leurs capacités agit.
   *[BothPresent] Le Prince et l'Écuyer obtiennent l'objectif s'ils sont tous deux dans la colonne.
    }
dc-toggle-double-copies = { $reading ->
    [FinalValue] Le Sosie copie la valeur finale de la carte en dessous.
   *[PrintedValue] Le Sosie copie la valeur imprimée de la carte en dessous.
    }
dc-toggle-award-claim_vs_beggar = { $reading ->
    [ClaimWins] Le Prince et l'Écuyer obtiennent l'objectif avant le Mendiant.
   *[BeggarWins] Le Mendiant passe avant le Prince et l'Écuyer.
    }
dc-toggle-beggar-takes_part = { $reading ->
    [HasValuedCard] Pour le Mendiant, un joueur participe s'il a une carte qui a une valeur dans la colonne.
   *[HasCard] Pour le Mendiant, un joueur participe avec toute carte dans la colonne (un Sosie sans valeur compte 0).
    }
dc-toggle-award-empty_column = { $reading ->
    [Box] L'objectif d'une colonne restée sans carte retourne dans la boîte.
   *[RoundEnder] L'objectif d'une colonne restée sans carte va au joueur qui a terminé la manche.
    }
dc-toggle-empty_hand = Un joueur sans carte en main passe.
dc-toggle-scoring-choice = Un joueur qui peut compter de deux façons prend le meilleur compte.
