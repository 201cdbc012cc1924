# De woorden van de Cape & d'Épée aan de terminal, in het Nederlands
# (dezelfde namen als en.ftl). Er is geen Nederlandse spelregel: de namen
# van kaarten, domeinen en kleuren blijven die van de basisbestanden
# (Engels).

## Een kaart: haar kleur en soort; een kaart die de speler niet ziet
dc-card = { $colour } { $kind }
dc-hidden-card = een kaart van { $colour }

## Zetten
dc-move-place = leg { $card } in kolom { $column }
dc-move-column = kies kolom { $column }
dc-move-card = kies { $card }
dc-move-decline = weigeren
dc-move-pass = passen (geen kaart in de hand)

## Gebeurtenissen
dc-placed = { $card } gedekt in kolom { $column } gelegd
dc-revealed = { $card } omgedraaid
dc-moved = { $card } gaat naar kolom { $column }
dc-discarded = { $card } naar de aflegstapel
dc-sealed = kolom { $column } is gesloten
dc-swapped = de doelkaarten van kolom { $a } en { $b } wisselen van plaats
dc-tucked = { $card } gedekt eronder geschoven
dc-eliminated = { $card } weggenomen
dc-round-ended = ronde { $round } eindigt
dc-settled = { $objective }: { $cards } -> { $winner }
dc-nobody = niemand
dc-no-value = geen
dc-game-over = het spel is afgelopen

## Het speelveld
dc-round = Ronde { $round } van { $rounds }
dc-column = { $n } { $objective }:
dc-column-sealed = { $n } { $objective } (gesloten):
dc-seat = { $name }: { $points } { $points ->
        [one] punt
       *[other] punten
    }, voorraad { $reserve }, aflegstapel { $discard }; { $hand }; gewonnen: { $won }
dc-hand = hand { $cards }
dc-hand-size = { $n } in de hand
dc-grid-head = kaart \ kolom
dc-legend = Soort/K: een open kaart van kleur K; [K]: een gedekte kaart van kleur K; (Soort)/K: je eigen gedekte kaart

## Vragen, tips, scores
dc-ask-choice = { $who }: een vaardigheid vraagt je te kiezen
dc-ask-place = { $who }: leg een kaart gedekt onderaan een kolom
dc-hint = { $agent } zou { $n } kiezen: { $mv }
dc-score = { $who }: { $points } { $points ->
        [one] punt
       *[other] punten
    }
dc-wins = { $who } wint
dc-shared = een gedeelde overwinning

## `hulp`, in de termen van dit spel (zetten typ je met hun woorden)
help =
    Kies een zet met zijn nummer, of typ zijn woorden: het begin van de naam
    van een kaart en het nummer van de kolom (NAAM 2), of kies, weigeren,
    passen (Enter: de enige keuze, als er één is).
    Commando's:
      bord          de tafel opnieuw            score    de punten tot nu
      regels        de regel die nu geldt, met de passage uit het regelboek
      tip           wat de AI hier zou doen, en waarom
      terug         je laatste keuze van deze beurt terugnemen
      logboek       de laatste gebeurtenissen   bewaar BESTAND   opslaan in BESTAND
      hulp          deze tekst                  stoppen   opslaan en stoppen
    De Engelse vormen worden ook begrepen.
