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
option-renew = wissel van troef: team afgelegd, { $card } als nieuwe troefkaart
option-lead = kom uit met { $card } in een slag
option-answer = speel { $card } bij in de slag
chose-trump = { $seat } legt { $card } als troefkaart.
trick-won = { $seat } wint de slag met { $card }{ $cut ->
    [1] , getroefd
   *[other] {""}
}.
lost-card = { $seat } verliest de laatste kaart van het team aan { $to }.
scored = { $seat } scoort { $points } deze ronde: { $total } in totaal.

## Het scherm (docs/descriptions.md, deel 6)
moved-told = { $to_zone ->
    [hand] { $from_zone ->
        [deck] { $seat } trekt { $hidden ->
            [1] { $count ->
                [one] een kaart
               *[other] { $count } kaarten
            }
           *[0] { $card }
        }
       *[other] { $card } terug naar de hand van { $to_seat }
    }
    [trick] { $from_seat } speelt { $card }
    [team] { $from_zone ->
        [hand] { $to_seat } legt { $card } in het team
        [team] { $card } gaat van het team van { $from_seat } naar dat van { $to_seat }
       *[other] { $card } naar het team van { $to_seat }
    }
    [discard_pile] { $from_zone ->
        [trick] de slag gaat naar de aflegstapel
        [team] { $from_seat } legt het team af: { $card }
       *[other] { $card } naar de aflegstapel
    }
    [deck] de kaarten gaan terug naar de trekstapel
   *[other] { $card }: { $from } → { $to }
}
card-value = { $kind ->
    [caesar] 0 punten, vechtwaarde 0
   *[other] { $points } punten, vechtwaarde { $combat }
}
counter-rounds = gespeelde rondes: { $value }
counter-trump = troef { $value }
counter-score = { $value } ptn
ask-trump = { $who }: kies je troefkaart. Haar kleur is je troef deze ronde; ze leidt je team.
ask-lay = { $who }, jouw zet: leg een kaart gedekt achteraan in je team, wissel van troef (je team wordt afgelegd) of kom uit in een slag.
ask-answer = { $who }: speel een kaart bij in de slag. De gevraagde kleur is { $led }: beken om een kaart te trekken. Je troef { $trump } troeft; niet bekennen als er troef ligt kost je laatst gelegde kaart.
head-trump = kies
head-lay = leg
head-renew = wissel
head-lead = kom uit
head-answer = speel
not-now-trump = de geldende regels willen een troefkaart met een getal, geen César
not-now-renew = de geldende regels willen een troefkaart met een getal, geen César
not-now-lay = je team heeft geen troefkaart om ze achter te leggen
not-now-lead = je komt nu niet uit
not-now-answer = je bent niet aan de beurt om bij te spelen
eval-term-1 = je score
eval-term-2 = de waarde van je team
eval-term-3 = de kaarten in je hand
number-hand-size = Kaarten voor elke speler: { $value }.
number-team-length = Een ronde eindigt als een team { $value } kaarten heeft (een strijdwagen en zijn paarden).
number-target = Het spel eindigt aan het eind van een ronde als iemand { $value } punten of meer heeft.
number-round-cap = Geen regel: een grens, het spel stopt na { $value } rondes.
rule-setup-start-FirstSeatClockwise = Begin: de eerste plaats begint de eerste ronde, en er wordt met de klok mee gespeeld.
rule-setup-caesar_chariot-Allowed = Troefkaart: elke kaart mag het zijn, ook een César.
rule-setup-caesar_chariot-Forbidden = Troefkaart: ze moet een getal dragen (geen César).
rule-score-position_one-Chariot = Posities: de troefkaart is positie 1; een kaart van je troefkleur telt haar punten maal haar positie, de andere één keer.
rule-score-position_one-FirstHorse = Posities: geteld vanaf de eerste kaart achter de troefkaart (de troefkaart telt één keer).
rule-trump-change_uses_turn-UsesTurn = Van troef wisselen kost je beurt: leg het team af, leg de nieuwe troefkaart uit je hand, trek een kaart.
rule-trump-change_uses_turn-Free = Van troef wisselen is gratis: leg het team af, leg de nieuwe troefkaart, trek, en speel verder.
rule-team-owner_looks-Looks = Je gedekte team: je mag ernaar kijken.
rule-team-owner_looks-Blind = Je gedekte team: ook voor jou verborgen.
rule-trick-who_cuts-Own = Troeven: een kaart van de eigen troefkleur van haar speler slaat de gevraagde kleur.
rule-trick-who_cuts-Leader = Troeven: alleen de troefkleur van wie uitkwam slaat de gevraagde kleur.
rule-trick-who_cuts-Anyone = Troeven: een kleur die iemands troef is slaat de gevraagde kleur.
rule-trick-ties-FirstPlayed = Gelijke kaarten in een slag: de eerst gespeelde wint.
rule-trick-ties-LastPlayed = Gelijke kaarten in een slag: de laatst gespeelde wint.
rule-trick-order-SeatOrderFromLeader = Een slag: de anderen spelen om de beurt met de klok mee vanaf wie uitkwam, en zien de kaarten van voor hen.
rule-draw-amount-OneCard = Trekken: een kaart elk (niets als de trekstapel leeg is).
rule-draw-amount-RefillHand = Trekken: tot een volle hand.
rule-draw-leader_follows-Follows = Een slag zonder troef: wie de gevraagde kleur speelde, ook wie uitkwam, trekt.
rule-draw-leader_follows-DoesNotFollow = Een slag zonder troef: wie in de gevraagde kleur antwoordde trekt, niet wie uitkwam.
rule-trick-cards_to-Discard = De kaarten van de slag gaan naar de aflegstapel.
rule-trick-cards_to-OutOfGame = De kaarten van de slag gaan uit het spel tot de volgende ronde.
rule-penalty-trump-Any = Verloren kaart: als er troef in de slag werd gespeeld, geeft wie niet bekende zijn laatst gelegde kaart aan de winnaar.
rule-penalty-trump-Own = Verloren kaart: alleen als zijn eigen troefkleur in de slag werd gespeeld.
rule-penalty-chariot-Kept = Een troefkaart alleen in haar team gaat nooit verloren.
rule-penalty-chariot-Taken = Zelfs een troefkaart alleen in haar team kan verloren gaan.
rule-round-end_check-AfterTrick = De ronde eindigt na de hele slag, zodra een team vol is.
rule-round-end_check-MidTrick = De ronde eindigt zodra het team van de winnaar vol is, tijdens de verloren kaarten van de slag.
rule-trick-next_mover-Winner = Na een slag is de winnaar aan zet.
rule-trick-next_mover-LeftOfLeader = Na een slag is de linkerbuur van wie uitkwam aan zet.
rule-round-starter-Rotates = Elke ronde begint de volgende plaats.
rule-round-starter-SameSeat = Dezelfde plaats begint elke ronde.
rule-game-end-AtRoundEnd = Het spel eindigt alleen aan het eind van een ronde.
rule-game-tie-Shared = Gelijke beste scores delen de overwinning.
rule-game-tie-PlayOn = Gelijke beste scores spelen nog een ronde.
rule-points-values-AssumedInCards = Punten (een aanname: geen bron geeft ze): 1 en 2 zijn 3 waard, 3 en 4 zijn 5 waard, 5 en 6 zijn 10 waard, 7 is 20 waard.
