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

## L'écran (docs/descriptions.md, section 6)
moved-told = { $to_zone ->
    [hand] { $from_zone ->
        [deck] { $seat } pioche { $hidden ->
            [1] { $count ->
                [one] une carte
               *[other] { $count } cartes
            }
           *[0] { $card }
        }
       *[other] { $card } revient dans la main { $to_seat ->
            [Ouest] d'Ouest
            [Est] d'Est
           *[other] de { $to_seat }
        }
    }
    [trick] { $from_seat } joue { $card }
    [team] { $from_zone ->
        [hand] { $to_seat } pose { $card } dans son équipe
        [team] { $card } passe de l'équipe { $from_seat ->
            [Ouest] d'Ouest
            [Est] d'Est
           *[other] de { $from_seat }
        } à celle { $to_seat ->
            [Ouest] d'Ouest
            [Est] d'Est
           *[other] de { $to_seat }
        }
       *[other] { $card } va dans l'équipe { $to_seat ->
            [Ouest] d'Ouest
            [Est] d'Est
           *[other] de { $to_seat }
        }
    }
    [discard_pile] { $from_zone ->
        [trick] le pli va à la défausse
        [team] { $from_seat } défausse son équipe : { $card }
       *[other] { $card } à la défausse
    }
    [deck] les cartes reviennent à la pioche
   *[other] { $card } : { $from } → { $to }
}
card-value = { $kind ->
    [caesar] 0 point, combat 0
   *[other] { $points } points, combat { $combat }
}
counter-rounds = manches jouées : { $value }
counter-trump = atout { $value }
counter-score = { $value } pts
ask-trump = { $who } : choisissez votre carte atout. Sa couleur est votre atout pour la manche ; elle mène votre équipe.
ask-lay = { $who }, à vous : posez une carte face cachée au bout de votre équipe, changez d'atout (votre équipe est défaussée) ou entamez un pli.
ask-answer = { $who } : jouez une carte dans le pli. La couleur demandée est { $led } : suivez-la pour piocher une carte. Votre atout { $trump } coupe ; ne pas suivre quand un atout est joué coûte votre dernière carte posée.
head-trump = choisir
head-lay = poser
head-renew = atout
head-lead = entamer
head-answer = jouer
not-now-trump = les règles en vigueur veulent une carte atout avec un chiffre, pas un César
not-now-renew = les règles en vigueur veulent une carte atout avec un chiffre, pas un César
not-now-lay = votre équipe n'a pas de carte atout derrière laquelle la poser
not-now-lead = ce n'est pas à vous d'entamer
not-now-answer = ce n'est pas à vous de jouer dans le pli
eval-term-1 = votre score
eval-term-2 = la valeur de votre équipe
eval-term-3 = les cartes de votre main
number-hand-size = Cartes données à chaque joueur : { $value }.
number-team-length = Une manche finit quand une équipe a { $value } cartes (un chariot et ses chevaux).
number-target = La partie finit à la fin d'une manche quand un joueur a { $value } points ou plus.
number-round-cap = Pas une règle : une borne, la partie s'arrête après { $value } manches.
rule-setup-start-FirstSeatClockwise = Départ : la première place commence la première manche, et on joue dans le sens des aiguilles d'une montre.
rule-setup-caesar_chariot-Allowed = Carte atout : n'importe quelle carte, un César aussi.
rule-setup-caesar_chariot-Forbidden = Carte atout : elle doit porter un chiffre (pas de César).
rule-score-position_one-Chariot = Positions : la carte atout est en position 1 ; une carte de votre couleur d'atout vaut ses points fois sa position, les autres une fois.
rule-score-position_one-FirstHorse = Positions : comptées à partir de la première carte posée derrière la carte atout (celle-ci compte une fois).
rule-trump-change_uses_turn-UsesTurn = Changer d'atout prend votre tour : défaussez l'équipe, posez la nouvelle carte atout de votre main, piochez une carte.
rule-trump-change_uses_turn-Free = Changer d'atout est gratuit : défaussez l'équipe, posez la nouvelle carte atout, piochez, puis jouez encore.
rule-team-owner_looks-Looks = Votre équipe face cachée : vous pouvez la regarder.
rule-team-owner_looks-Blind = Votre équipe face cachée : cachée à vous aussi.
rule-trick-who_cuts-Own = Couper : une carte de la couleur d'atout de son joueur bat la couleur demandée.
rule-trick-who_cuts-Leader = Couper : seule la couleur d'atout de celui qui entame bat la couleur demandée.
rule-trick-who_cuts-Anyone = Couper : une couleur qui est l'atout d'un joueur bat la couleur demandée.
rule-trick-ties-FirstPlayed = Cartes égales dans un pli : la première jouée gagne.
rule-trick-ties-LastPlayed = Cartes égales dans un pli : la dernière jouée gagne.
rule-trick-order-SeatOrderFromLeader = Un pli : les autres jouent chacun à leur tour dans le sens des aiguilles d'une montre, en voyant les cartes jouées avant.
rule-draw-amount-OneCard = Pioche : une carte chacun (rien quand la pioche est vide).
rule-draw-amount-RefillHand = Pioche : jusqu'à une main pleine.
rule-draw-leader_follows-Follows = Pli non coupé : tous ceux qui ont joué la couleur demandée, celui qui a entamé aussi, piochent.
rule-draw-leader_follows-DoesNotFollow = Pli non coupé : ceux qui ont répondu dans la couleur demandée piochent, pas celui qui a entamé.
rule-trick-cards_to-Discard = Les cartes du pli vont à la défausse.
rule-trick-cards_to-OutOfGame = Les cartes du pli sortent du jeu jusqu'à la manche suivante.
rule-penalty-trump-Any = Carte perdue : quand un atout a été joué dans le pli, qui n'a pas suivi donne sa dernière carte posée au gagnant.
rule-penalty-trump-Own = Carte perdue : seulement quand sa propre couleur d'atout a été jouée dans le pli.
rule-penalty-chariot-Kept = Une carte atout seule dans son équipe n'est jamais perdue.
rule-penalty-chariot-Taken = Même une carte atout seule dans son équipe peut être perdue.
rule-round-end_check-AfterTrick = La manche finit après le pli entier, dès qu'une équipe est complète.
rule-round-end_check-MidTrick = La manche finit dès que l'équipe du gagnant est complète, pendant les cartes perdues du pli.
rule-trick-next_mover-Winner = Après un pli, son gagnant joue.
rule-trick-next_mover-LeftOfLeader = Après un pli, le voisin de gauche de celui qui a entamé joue.
rule-round-starter-Rotates = À chaque manche, la place suivante commence.
rule-round-starter-SameSeat = La même place commence chaque manche.
rule-game-end-AtRoundEnd = La partie ne finit qu'à la fin d'une manche.
rule-game-tie-Shared = Les meilleurs scores égaux se partagent la victoire.
rule-game-tie-PlayOn = Les meilleurs scores égaux jouent une manche de plus.
rule-points-values-AssumedInCards = Points (une hypothèse : aucune source ne les donne) : 1 et 2 valent 3, 3 et 4 valent 5, 5 et 6 valent 10, 7 vaut 20.

