ds-ask = { $who }: jouw zet
ds-hint = De { $agent } AI zou { $n } kiezen: { $mv }. { $why }
ds-gain = { $term } { $delta }
ds-why-now = Het verandert { $gains }.
ds-why-after = Zodra de anderen geantwoord hebben: { $gains }.
ds-why-even = Het verandert niets wat de AI meteen telt: je houdt je andere kaarten voor later.
ds-score = { $seat }: { $points } punten
ds-board-title = { $game }: { $who } is aan zet
ds-board-over = { $game }: het spel is voorbij
ds-result-win = { $seat } wint.
ds-result-tie = Gelijkspel tussen { $seats }.
ds-you = { $name } (jij)
ds-pile = { $zone }: { $cards }
ds-pile-count = { $zone } { $n }
ds-pile-top = { $zone } { $n } (boven: { $top })
ds-pile-below = { $zone } { $n } (hieronder)
ds-card-of = { $card } van { $seat }
ds-and-hidden = { $cards } + { $n } verborgen
ds-cards = { $n ->
    [one] een kaart
   *[other] { $n } kaarten
}
ds-hidden-cards = { $n } verborgen kaarten
# A seat in a line told for every seat in turn: `reserve (each player)`.
ds-each-seat = elke speler
# An index of the board's indexed zones (a column) and its number of cards.
ds-index-head = { $index } ({ $n }):
# A typed move whose target (a number) is not offered, with those that are.
ds-not-target = { $mv }: niet { $typed } hier (hier: { $targets })
ds-stopped = gestopt bij een grens
ds-shuffled = { $pile } geschud
ds-not-offered = dat is nu geen zet
ds-targets = { $option }: { $targets }
ds-why-not = { $mv }: { $why }
ds-not-in = { $pile }: geen { $card }
ds-rules-head = De regels die gelden voor { $players } spelers, elk met de passage uit regelboek { $rulebook } die ze leest:
ds-legend = Het bord: een regel voor de tafel, dan een regel per plaats: haar tellers en haar stapels, de onderste kaart eerst; een kaart die je niet ziet wordt geteld (+ 3 verborgen). Het rooster: een rij per kaart (×2: twee zulke kaarten), een kolom per zet; · betekent dat die kaart die zet niet toelaat.
# `help`'s examples, from the moves of the moment: a move typed short, a card to explain.
ds-examples = Hier bijvoorbeeld: { $mv } (een zet) · uitleg { $card }

help =
    Kies een zet met zijn nummer in het rooster: een rij per kaart (gelijke
    kaarten één keer, ×2 voor twee), een kolom per wat je ermee kunt doen.
    Of typ de woorden van de zet: de woorden van de kolom en de kaart.
    Commando's:
      bord          de tafel opnieuw            score    de punten tot nu
      regels        de regels die gelden, met de passages uit het regelboek
      tip           wat de AI hier zou doen, en waarom
      uitleg KAART  de waarden van een kaart en wat ze doet
      terug         je laatste keuze terugnemen, als ze niets liet zien
      logboek       de laatste gebeurtenissen   bewaar BESTAND   opslaan in BESTAND
      hulp          deze tekst                  stoppen   opslaan en stoppen
    Een lange tekst komt per pagina: regels 2 voor de volgende. De Engelse
    vormen worden ook begrepen.
# An index of an indexed zone (a move's target): `column 2`.
index-name = { $zone } { $index }
