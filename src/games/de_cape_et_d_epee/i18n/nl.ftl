# De woorden van de Cape & d'Épée aan de terminal, in het Nederlands
# (dezelfde namen als en.ftl): zetten en vragen; kaarten, gebeurtenissen
# en speelveld staan in de oudercatalogus (`src/play/columns/i18n/nl.ftl`).
# Er is geen Nederlandse spelregel: de namen van kaarten, domeinen en
# kleuren blijven die van de basisbestanden (Engels).

## Zetten
dc-move-place = leg { $card } in kolom { $column }
dc-move-column = kies kolom { $column }
dc-move-card = kies { $card }
dc-move-decline = weigeren
dc-move-pass = passen (geen kaart in de hand)

## Vragen, tips, scores
dc-ask-choice = { $who }: een vaardigheid vraagt je te kiezen
dc-ask-card = { $who }: de vaardigheid van { $card } vraagt je te kiezen
dc-ask-place = { $who }: leg een kaart gedekt onderaan een kolom
dc-hint = De { $agent } AI zou { $n } kiezen: { $mv }. Waarom: { $why }
dc-hint-estimate = Haar schatting van je marge (de punten, en de kolommen die je leidt naar hun doel): { $now } nu, { $after } erna.

## `regels`: de regels die gelden
dc-rules-head = De regels die gelden: { $players } spelers, { $rounds } { $rounds ->
        [one] ronde
       *[other] rondes
    }. Elke lezing van regelboek 003 (Frans) met haar passage.
dc-rules-values = Waarden: { $values }.
dc-rules-reading = { $rule }: { $reading }

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
      uitleg KAART  de waarde van de kaart, haar vaardigheid en de passage
      logboek       de laatste gebeurtenissen   bewaar BESTAND   opslaan in BESTAND
      hulp          deze tekst                  stoppen   opslaan en stoppen
    Een lange tekst komt per pagina: hulp 2, regels 2 voor de volgende.
    De Engelse vormen worden ook begrepen.
