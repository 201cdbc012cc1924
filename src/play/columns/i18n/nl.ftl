# De woorden van een tafel met kolommen aan de terminal, in het
# Nederlands, voor elk spel (dezelfde namen als en.ftl). De namen van
# kaarten, kolomkoppen en kleuren zijn die van de regels (hun namenbestand
# van `--lang`).

## Een kaart: haar kleur en soort; een kaart die de speler niet ziet
col-card = { $colour } { $kind }
col-hidden-card = een kaart van { $colour }

## De gebeurtenissen van de tafel
col-placed = { $card } gedekt in kolom { $column } gelegd
col-revealed = { $card } omgedraaid
col-moved = { $card } gaat naar kolom { $column }
col-discarded = { $card } naar de aflegstapel
col-sealed = kolom { $column } is gesloten
col-swapped = de doelkaarten van kolom { $a } en { $b } wisselen van plaats
col-tucked = { $card } gedekt eronder geschoven
col-eliminated = { $card } weggenomen
col-round-ended = ronde { $round } eindigt
col-settled = { $objective }: { $cards } -> { $winner }
col-nobody = niemand
col-no-value = geen
col-game-over = het spel is afgelopen

## Het speelveld
col-round = Ronde { $round } van { $rounds }
col-column = { $n } { $objective }:
col-column-sealed = { $n } { $objective } (gesloten):
col-seat = { $name }: { $points } { $points ->
        [one] punt
       *[other] punten
    }, voorraad { $reserve }, aflegstapel { $discard }; { $hand }; gewonnen: { $won }
col-hand = hand { $cards }
col-hand-size = { $n } in de hand
col-grid-head = kaart \ kolom
col-legend = Soort/K: een open kaart van kleur K; [K]: een gedekte kaart van kleur K; (Soort)/K: je eigen gedekte kaart

## Scores
col-score = { $who }: { $points } { $points ->
        [one] punt
       *[other] punten
    }
col-wins = { $who } wint
col-shared = een gedeelde overwinning

## Waarden; waarom een kaart leggen helpt (de tip)
col-value-home = { $value } ({ $domain } { $home })
col-why-keep-lead = in kolom { $column } ({ $objective }) blijf je voor op wat je ziet: jij { $mine }, de beste ander { $other } (een kaart die je niet ziet telt { $unseen }).
col-why-take-lead = in kolom { $column } ({ $objective }) kom je voor op wat je ziet: jij { $mine }, de beste ander { $other } (een kaart die je niet ziet telt { $unseen }).
col-why-draw-level = in kolom { $column } ({ $objective }) kom je gelijk op wat je ziet: jij { $mine }, de beste ander { $other } (een kaart die je niet ziet telt { $unseen }).
col-why-trail = in kolom { $column } ({ $objective }) blijf je achter op wat je ziet: jij { $mine }, de beste ander { $other } (een kaart die je niet ziet telt { $unseen }).
col-valueless = geen eigen waarde
