# Les mots de Caesar & Cleopatra à l'écran (`ludus play`) en français
# (mêmes identifiants que en.ftl ; les mots génériques sont dans src/play/i18n/).

## Les coups (comme les textes des sauvegardes)
face-down = face cachée
face-up = face visible
face-up-short = visible
face-down-short = cachée
move-arrange = mettre { $card } ensuite dans la réserve d'action
move-setup = installer { $card } ({ $value })
move-pass = rester passif
move-place = poser { $card } ({ $value }) { $face } aux { $group }
move-end-placement = ne plus poser de carte
move-play = jouer { $card }
move-discard = défausser { $card }
move-end-discard = arrêter de défausser
move-draw-influence = piocher dans la réserve d'influence
move-draw-action = piocher dans la réserve d'action
move-vote = retourner la carte de vote
move-choose = choisir { $target }
move-decline = refuser
target-group = les { $group }
target-table = { $card } ({ $value }, { $face }) de { $owner } aux { $group }
target-hand = { $card } de la main de { $owner }

## Les étapes d'un tour
phase-arrange = ordre de la réserve d'action
phase-setup = mise en place
phase-turn-start = début du tour
phase-placing = pose d'influence
phase-refill = la main se complète
phase-passive = tour passif, défausse
phase-before-vote = avant la carte de vote
phase-lone = pose de toute l'influence, seul
phase-effect = une carte action agit
phase-game-over = partie finie

## Les événements
a-card = une carte
ev-mission = { $who } tire la carte de mission { $mission }.
ev-mission-hidden = { $who } tire une carte de mission.
ev-arranged = { $who } ordonne sa réserve d'action.
ev-setup = { $who } installe { $card } face cachée aux { $group }.
ev-turn = Tour { $turn } : { $who }.
ev-passive = { $who } reste passif.
ev-placed = { $who } pose { $card } { $face } aux { $group }.
ev-discarded = { $who } défausse { $card }.
reserve-influence = la réserve d'influence
reserve-action = la réserve d'action
ev-drew = { $who } pioche { $card } dans { $from }.
ev-drew-hidden = { $who } pioche une carte dans { $from }.
ev-vote-card = Carte de vote : { $card }.
ev-vote-removed = { $card } nomme un groupe épuisé et quitte la partie.
ev-shuffled = Les cartes de vote sont mélangées.
ev-orgy-removed = { $card } retourne dans la boîte (variante de l'orgie).
ev-vote = Vote aux { $group } : { $p0 } { $t0 }, { $p1 } { $t1 } ; { $result }.
ev-vote-extraordinary = Vote extraordinaire aux { $group } : { $p0 } { $t0 }, { $p1 } { $t1 } ; { $result }.
vote-tie = égalité : rien ne bouge
vote-postponed = un Philosophe seul : la décision est reportée
vote-won = { $who } l'emporte
vote-won-inverted = { $who } l'emporte (le Philosophe inverse le vote)
ev-revealed = { $who } révèle { $card } aux { $group }.
ev-influence-lost = { $card } de { $who } quitte les { $group } pour la défausse.
ev-patrician = { $who } gagne un patricien des { $group }.
ev-exhausted = Les { $group } sont tous gagnés : les cartes d'influence y sont défaussées.
ev-lone = { $other } n'a plus de cartes d'influence ; { $who } continue seul.
ev-action-played = { $who } joue { $card }.
ev-action-answer = { $who } répond avec { $card }.
ev-action-fizzled = { $card } n'a pas de cible : sans effet.
ev-action-resolved = { $card } a agi.
ev-action-cancelled = { $card } est annulée.
ev-looked = { $who } regarde la main de { $owner } : { $cards }.
ev-looked-hidden = { $who } regarde la main de { $owner }.
ev-removed-at = { $card } de { $owner } aux { $group } quitte la partie.
ev-removed = { $card } de { $owner } quitte la partie.
ev-discarded-by = Par sa carte { $bycard }, { $bywho } fait défausser { $card } à { $who }.
ev-influence-lost-by = Par sa carte { $bycard }, { $bywho } envoie { $card } de { $who } des { $group } à la défausse.
ev-removed-at-by = Par sa carte { $bycard }, { $bywho } retire du jeu { $card } de { $owner } aux { $group }.
ev-removed-by = Par sa carte { $bycard }, { $bywho } retire du jeu { $card } de { $owner }.
ev-revealed-by = Par sa carte { $bycard }, { $bywho } révèle { $card } de { $who } aux { $group }.
ev-taken = { $who } reprend { $card } des { $group }.
ev-game-over = Fin de la partie ({ $reason }) : { $p0 } { $s0 }, { $p1 } { $s1 }.
end-all_patricians = tous les patriciens sont gagnés
end-no_influence = plus d'influence
end-lone_player = un joueur seul
end-turn_cap = limite de tours

## Le score
score-patricians = { $n } { $n ->
    [one] patricien
   *[other] patriciens
    } +{ $pts }
score-majority = majorité +{ $pts }
score-whole = groupe entier +{ $pts }
score-mission-fulfilled = mission { $mission } (au moins { $n } { $group }) : { $has } gagnés, remplie +{ $pts }
score-mission-failed = mission { $mission } (au moins { $n } { $group }) : { $has } gagnés, manquée +{ $pts }
score-mission-open = mission { $mission } (au moins { $n } { $group }) : { $has } gagnés, pas encore remplie +{ $pts }
score-check = (les lignes ci-dessus font { $sum })
score-head = { $who } : { $points } { $points ->
    [one] point
   *[other] points
    }, { $pats } { $pats ->
    [one] patricien
   *[other] patriciens
    }
result = Résultat :
result-going-on = La partie continue.
result-lead = { $who } { $over ->
    [yes] gagne
   *[no] mène
    }, { $a } à { $b }.
result-tie-break = Égalité de points ({ $pts } chacun) : { $who } { $over ->
    [yes] gagne
   *[no] mène
    } au départage, { $a } patriciens contre { $b }.
result-no-tie-break = Égalité de points ({ $pts } chacun) ; les règles ne départagent pas : { $over ->
    [yes] match nul
   *[no] à égalité
    }.
result-draw = Égalité de points ({ $pts } chacun) et de patriciens ({ $pats } chacun) : { $over ->
    [yes] match nul
   *[no] à égalité
    }.

## Le plateau
title-setup = Mise en place
title-turn = Tour { $turn }
title-game-over = { $when } - partie finie
title-to-play = { $when } - à { $who } de jouer ({ $step })
title-to-answer = { $when } - tour de { $seat }, à { $who } de répondre ({ $step })
col-group = groupe
col-left = reste
col-won = gagnés
col-cards = cartes
all-won = épuisé
frozen = gelé
board-legend = Le plateau : [3] face cachée, [?] inconnue, (n) cartes posées, gagnés : patriciens de chaque côté ; au plus { $side } cartes par côté d'un groupe, { $group } en tout.
list-sep = {" ; "}
empty = vide
none = aucune
zone-mission = Mission
your-hand = Votre main : { $cards }
your-mission = Votre mission : { $mission }
their-hand = Main de { $who } : { $cards }
their-mission = Mission de { $who } : { $mission }
mission-line = { $mission } (au moins { $n } { $group } : { $won } gagnés)
other-hand = Main de { $who } : { $n } { $n ->
    [one] carte.
   *[other] cartes.
    }
reserve-of = { $who } { $influence } influence + { $action } action
reserves = Réserves : { $list }
vote-deck = Votes : { $n } cachées, { $up } retournées
vote-out = { $n } hors jeu
points = { $n } { $n ->
    [one] point
   *[other] points
    }
points-now = { $points }
points-now-secret = { $points } (+ { $bonus } avec la mission secrète)
won = Points : { $list }
plays-alone = { $who } continue seul.

## La question et les choix
q-arrange = { $who } : quelle carte action ensuite (depuis le haut) dans votre réserve ? (reste : les autres dans l'ordre)
q-setup-at = { $who } : quelle carte posez-vous face cachée aux { $group } ?
q-setup = { $who } : quelle carte installez-vous ?
q-turn-start = { $who }, à vous : rester passif, poser de l'influence ou jouer une action.
q-placing = { $who } : une deuxième carte ({ $face }), ou fin si une suffit.
q-placing-second = { $who } : votre deuxième carte ({ $face }) : cette pose est de deux cartes.
q-refill = { $who } : complétez votre main à { $n } cartes, une pioche à la fois.
q-passive = { $who } : tour passif. Défaussez des cartes, puis fin (vous complétez ensuite).
q-before-vote = { $who } : finissez votre tour avec la carte de vote.
q-lone = { $who } : posez vos cartes d'influence.
q-answer = { $who } : { $player } joue { $card }. Répondre avec une carte, ou laisser faire ?
q-effect-own = { $who } : votre { $card }. Choisissez :
q-effect-other = { $who } : { $card } de { $player }. Choisissez :
q-choose = { $who } : choisissez :
q-game-over = La partie est finie.
choice-discard = défausser { $card }
enter-only-choice = (Entrée prend le seul choix)
grid-head = Poser ({ $faces }) : le numéro sous le groupe, ou tapez « { $example } »
target-grid-head = Une carte, par groupe : le numéro devant elle, ou tapez « { $example } ».
target-grid-down = [3] : cachée.
## Ce que le joueur tape, et les réponses
not-a-move = « { $line } » n'est ni une commande ni un coup
not-possible-now = « { $line } » : ce genre de coup n'est pas possible maintenant
matches-none = « { $line } » ne correspond à aucun coup possible
matches-none-word = « { $line } » ne correspond à aucun coup possible de ce genre : aucun n'a « { $word } » maintenant (pas dans votre main, ou pas permis là)
matches-none-together = « { $line } » ne correspond à aucun coup possible de ce genre : chaque mot va avec l'un d'eux, mais aucun ne les a tous
rest-only-arranging = reste : seulement pendant l'ordre de la réserve d'action. Possible ici :
no-card-to-answer = (Vous n'avez aucune carte pour y répondre.)
no-answer = { $who } ne répond pas.
draws-nothing = { $who } ne pioche rien.
someone-moves = { $who } : { $mv }.
undo-floor = Rien à reprendre : seuls vos propres choix de ce tour peuvent l'être, jusqu'au dernier qui a révélé quelque chose (une carte piochée, une carte de vote, une carte regardée ou révélée) ou laissé jouer l'adversaire.
score-mine = { $points } (votre mission comprise)
score-now = { $who } : { $n } { $n ->
    [one] patricien
   *[other] patriciens
    }, { $points }
help =
    Choisissez un coup par son numéro, ou tapez-le :
      p 5 sen c     poser un 5 face cachée aux Sénateurs (Philosophe : « p p cen c »)
      p 3 pre v     poser un 3 face visible aux Prêteurs
      passe         rester passif ce tour ;  x 2 = défausser un 2 ;  fin = arrêter
      a NOM         jouer la carte action NOM (les premières lettres de son nom)
      c sen         choisir les Sénateurs comme cible ; c 3 sen v adv : une carte là
      pi i / pi a   piocher dans la réserve d'influence / d'action
      v             retourner la carte de vote (finit un tour actif)
      non           laisser passer la carte de l'adversaire, ou ne pas piocher
      r NOM / reste mise en place : cette carte action ensuite / les autres en ordre
      Entrée        le seul choix, quand il n'y en a qu'un
    Commandes :
      plateau       la table à nouveau         score    les points jusqu'ici
      regles        la règle en vigueur, avec le passage du livret
      conseil       ce que l'IA ferait ici, et pourquoi
      explique CARTE  ce que vaut et fait une carte (aide 2 : page suivante)
      annuler       reprendre votre dernier choix de ce tour (pas au-delà d'une
                    carte piochée, d'un vote, d'une carte regardée ou révélée,
                    d'un coup adverse)
      journal       les derniers événements    sauver FICHIER   sauvegarder là
      aide          ce texte                   quitter   sauvegarder et arrêter
    Les formes anglaises (p 5 sen d, end, d i...) sont aussi comprises.

## Les mots tapés : le premier de chaque liste est celui des formes courtes
words-place = p poser placer
words-setup = m mettre installer
words-arrange = r ranger ordre
words-pass = passe passer passif
words-end = fin f assez stop
words-play = a jouer action
words-choose = c choisir cible
words-decline = non refuser
words-discard = x defausser jeter
words-draw = pi piocher tirer
words-vote = v vote voter
words-face-down = c cachee cache
words-face-up = v visible decouverte
words-me = moi mien mienne
words-opp = adv adversaire lui elle
words-influence = influence
words-action = action

## Conseils
hint = L'IA { $ai } choisirait : { $mv } (choix { $n }, ou tapez « { $typed } ») : { $why }.
hint-estimate = Son estimation de votre marge finale : { $now } maintenant, { $after } après.
why-setup = un { $value } y convient le mieux à ce groupe selon son calcul
why-arrange = { $card } d'abord : elle arrive la première dans votre main
why-pass = rien ne vaut d'être posé ; un tour passif permet de changer de cartes
why-discard = { $card } est la carte dont vous avez le moins besoin
why-end-discard = le reste de votre main vaut d'être gardé
why-end-placement = une carte suffit ce tour
why-play = { $card } rapporte maintenant
why-group = c'est aux { $group } que cela compte le plus
why-target = cette cible gêne le plus { $opp }
why-decline = gardez vos cartes pour plus tard
why-draw-influence = vous avez { $n } { $n ->
    [one] carte
   *[other] cartes
    } d'influence ; davantage permet de poser
why-draw-action = vous avez { $n } { $n ->
    [one] carte
   *[other] cartes
    } action ; une de plus ouvre des possibilités
why-vote = plus rien à faire ce tour
why-philosopher = un Philosophe y inverse le vote
why-lead = elle prend la tête aux { $group }
why-stronger = elle renforce votre avance aux { $group }
why-closer = elle rapproche des { $group }
why-count = vous { $me }, { $opp } { $theirs } visibles{ $hidden ->
    [0] {""}
    [one] {" "}et { $hidden } carte cachée
   *[other] {" "}et { $hidden } cartes cachées
    }
why-hidden = face cachée, { $opp } ne la voit pas

## Les règles en vigueur (la commande regles)
rules-from-base = règles de base
rules-from-variant = variante { $id }
rules-title = Règles en vigueur : { $selection }. Maintenant : { $step }.
rules-this-step = Cette étape :
rules-other = Les autres règles :
rules-table = La table :
rules-group = { $name } { $n } (majorité { $majority })
rules-groups = Les patriciens : { $groups } ; { $total } en tout.
rules-counted = { $name } (×{ $n })
rules-votes = Les cartes de vote : { $cards }.
rules-mission = { $name } (×{ $n } : au moins { $at } { $group })
rules-missions = Chaque joueur tire { $n } { $n ->
    [one] mission secrète
   *[other] missions secrètes
    } parmi : { $missions }.
rules-cards = Les cartes de { $who } :
rules-influence = Cartes d'influence : { $cards }.
rules-influence-card = { $name } { $value } (×{ $n })
rules-philosopher = { $name } (×{ $n }) : sans valeur ; il inverse un vote.
rules-action = { $name } (×{ $n }) : { $what }
rule-unworded = { $key } : { $value }
rule-or = {" "}ou{" "}
rule-pattern = { $cards } { $cards ->
    [one] carte
   *[other] cartes
    } { $face }
rule-card-count = { $n } × { $card }
rule-turn-placements = Un joueur actif pose { $patterns }.
rule-turn-action_timing = { $value ->
    [AnyTime] Une carte action se joue à n'importe quel moment de son tour.
   *[BeforeRefill] Une carte action se joue seulement avant de compléter sa main.
    }
rule-turn-actions_per_turn = { $value ->
    [one] Une carte action
   *[other] Jusqu'à { $value } cartes action
    } par tour.
rule-turn-extraordinary_vote = { $value ->
    [AfterRefill] Le vote extraordinaire vient à la fin du tour, après avoir complété sa main.
   *[BeforeRefill] Le vote extraordinaire vient à la fin du tour, avant de compléter sa main.
    }
rule-turn-extraordinary_tie = { $value ->
    [Frozen] Après un vote extraordinaire à égalité, aucune carte d'influence ne s'ajoute au groupe : seule une carte action tranche.
   *[OpenBelowLimit] Après un vote extraordinaire à égalité, l'influence peut de nouveau être posée là où le groupe a de la place.
    }
rule-turn-action_without_placement = { $value ->
    [true] Un joueur qui ne peut poser aucune carte d'influence peut quand même jouer une carte action.
   *[false] Un joueur qui ne peut poser aucune carte d'influence ne peut que passer.
    }
rule-turn-exhausted_vote_card = { $value ->
    [RemoveWhenDrawn] Une carte de vote qui nomme un groupe tout gagné quitte la partie quand elle est tirée, et la suivante est retournée.
   *[RemoveAtOnce] Une carte de vote qui nomme un groupe tout gagné quitte la partie dès que le groupe l'est.
    }
rule-turn-reshuffle = { $value ->
    [DrawAndDiscard] Quand les cartes de vote manquent, la pioche et la défausse sont mélangées ensemble.
   *[DiscardOnly] Seules les cartes de vote défaussées sont mélangées, et vont sous la pioche.
    }
rule-turn-lone_philosopher = { $value ->
    [Postponed] Un Philosophe seul à un vote ajourne la décision ; il reste découvert.
   *[PlacerWins] Un Philosophe seul à un vote le fait gagner au joueur qui l'a posé.
    }
rule-turn-lone_player = Un joueur resté seul { $draws ->
    [true] pioche encore dans sa réserve
   *[false] ne pioche plus
    }, { $votes ->
    [true] retourne encore les cartes de vote
   *[false] ne retourne plus de carte de vote
    }, et pose { $all ->
    [true] toutes ses cartes d'un coup
   *[false] tour après tour
    }.
rule-turn-orgy_removal = { $value ->
    [true] { $timing ->
        [FirstDrawnAfterTwoGroups] Une fois deux groupes gagnés, la première orgie tirée retourne dans la boîte ; son effet s'applique.
        [NextDrawnAfterTwoGroups] La carte de vote tirée juste après le gain du deuxième groupe retourne dans la boîte si c'est une orgie.
       *[other] Dès que le deuxième groupe est gagné, une orgie quitte la partie.
        }
   *[other] Aucune orgie ne retourne dans la boîte pendant la partie.
    }
rule-setup-set_aside = Avant de mélanger sa réserve d'influence, chaque joueur met de côté { $cards }.
rule-setup-placed_per_group = À la mise en place, chaque joueur pose { $value } { $value ->
    [one] carte
   *[other] cartes
    } face cachée à chaque groupe.
rule-setup-action_reserve = { $value ->
    [Chosen] Chaque joueur ordonne sa réserve d'action comme il l'entend.
   *[Shuffled] La réserve d'action est mélangée.
    }
rule-setup-first_player = { $who } commence.
rule-setup-orgies_removed_before_game = { $value ->
    [0] Aucune orgie n'est retirée des cartes de vote avant la partie.
    [1] Une orgie est retirée des cartes de vote avant la partie.
   *[other] { $value } orgies sont retirées des cartes de vote avant la partie.
    }
rule-limits-per_side = Au plus { $value } cartes d'influence d'un même côté d'un groupe.
rule-limits-per_group = Au plus { $value } cartes d'influence à un groupe, des deux côtés.
rule-limits-hand_size = La main se complète à { $value } cartes.
rule-limits-extraordinary_vote_at = Un groupe qui compte { $value } cartes d'influence appelle un vote extraordinaire.
rule-limits-turn_cap = Une partie s'arrête après { $value } tours au plus (une sécurité ; les livrets n'en ont pas besoin).
rule-scoring-per_patrician = Chaque patricien gagné vaut { $value } { $value ->
    [0] point
    [1] point
   *[other] points
    }.
rule-scoring-majority_bonus = La majorité des patriciens d'un groupe rapporte { $value } { $value ->
    [0] point
    [1] point
   *[other] points
    } de plus.
rule-scoring-whole_group_bonus = Un groupe entier rapporte { $value } { $value ->
    [0] point
    [1] point
   *[other] points
    } de plus.
rule-scoring-mission_bonus = Une mission secrète réussie rapporte { $value } { $value ->
    [0] point
    [1] point
   *[other] points
    }.
rule-scoring-tie_break = { $value ->
    [MostPatricians] En cas d'égalité de points, le joueur qui a le plus de patriciens gagne.
   *[Draw] Une égalité de points est un match nul.
    }
rulebook-arrange = 000 : « Les joueurs rassemblent leurs cartes " Action " et les trie selon l'ordre qui lui convient. Le joueurs les dispose alors devant lui à côté de la pile numéro 1 et forme ainsi la pile de réserve numéro 2. »
rulebook-setup = 000 : « Les joueurs doivent maintenant déposer 5 cartes (avec les valeurs numérotées de 1 à 5) cachées sur un côté des cartes " patricien ", une carte par groupe. Chaque joueur choisit librement quelle carte va avec quel tas. Les 5 cartes restantes (valeur de 1 à 5) sont prises dans la main. »
rulebook-turn = 000 : « Le joueur dont c'est le tour à deux possibilité : A) Il devient ACTIF. Il peut jouer une carte " action ". Il pose une ou deux cartes " influence ". Il complète sa main. Il pose une question de confiance. B) Il reste PASSIF. Le joueur ne peut alors que défausser des cartes. »
rulebook-limits = 000 : « Un groupe de patricien ne peut pas comporter plus de 5 cartes " Influence " du même côté. Un groupe de patriciens ne peut comporter plus de 8 cartes " Influence " au total. »
rulebook-refill = 000 : « Lorsque un jouer a joué les cartes qu'il désirait, il remplit sa main de manière à en avoir 5. »
rulebook-passive = 000 : « Si le jouer ne peut pas ou ne veut pas intervenir dans le jeu, il peut passer son tour. Dans ce cas, il peut défausser des cartes quelconques de sa main en les mettant sur sa pile de défausse et reprendre des cartes appropriées de ses piles de réserve. Il ne tire pas de carte " Question de confiance ". »
rulebook-vote-card = 000 : « A la fin de son tour, le joueur découvre la carte au sommet de la pile " Question de confiance ". »
rulebook-vote = 000 : « Le joueur ayant la plus grosse influence gagne et conserve la carte " Patricien " se trouvant au sommet de la pile. [...] Le gagnant perd la carte la plus haute qu'il a jouée sur ce groupe. Le perdant perd la carte la plus basse. »

## `explain`: a card without a number
card-value-action = aucune : une carte action
card-value-philosopher = aucune : il inverse un vote
