# De woorden van de Cape & d'Épée (Nederlands), naar de catalogi van de module.
# A card is named kind first, as in French ("Dubbelganger Blauw": Blue's
# Double), not "Blauw Dubbelganger" (an adjective Dutch would inflect).
card-name = { $deck ->
    [objectives] { $domain } { $points }
   *[other] { $kind_name } { $colour }
}
# A card short, on the board's columns (its owner's mark follows).
card-short = { $deck ->
    [objectives] { $domain } { $points }
   *[other] { $kind_name }
}
hidden-card = een verborgen kaart
no-card = geen kaart
moved = { $card }: { $from } → { $to }
game-over = Het spel is voorbij.
index-name = { $zone } { $index }
option-lay = leg { $card } in { $target }
option-pass = pas (geen kaart in de hand)
option-swap = ruil het doel van deze kolom met dat van { $target }
option-decline = weiger
option-tuck = verberg { $card } onder de Mantel
moved-told = { $to_zone ->
    [column] { $from_zone ->
        [hand] { $from_seat } legt een kaart in { $to }
       *[other] { $card } gaat van { $from } naar { $to }
    }
    [discard] { $card } naar de aflegstapel van { $to_seat }
    [won] { $to_seat } wint { $card }
    [hand] { $to_seat } trekt { $count ->
        [one] een kaart
       *[other] { $count } kaarten
    }
   *[other] { $card }: { $from } → { $to }
}
card-value = { $deck ->
    [objectives] { $points } punten, vraagt { $points } kaarten
   *[other] { $value }
}
counter-rounds = ronde { $value }
counter-score = { $value } ptn
ask-lay = { $who }: leg een kaart gedekt onderaan een kolom
ask-pass = { $who }: je hebt geen kaart; je past
ask-swap = { $who }: de Verrader laat je het doel van deze kolom ruilen met dat van een andere
ask-tuck = { $who }: de Mantel laat je een kaart uit je hand eronder verbergen, daarna trek je
head-lay = leg
head-pass = pas
head-swap = ruil
head-decline = weiger
head-tuck = verberg
not-now-lay = het is niet jouw beurt om te leggen
not-now-pass = je hebt nog kaarten
not-now-swap = geen Verrader vraagt het
not-now-tuck = geen Mantel vraagt het
eval-term-1 = je punten tegenover de beste ander
eval-term-2 = de kolommen die je leidt, de helft van hun doel
# The numbers and each toggle's reading, for `rules`.
number-hand-size = Kaarten in de hand: { $value }.
number-objectives-per-player = Doelkaarten in het spel per speler: { $value }.
number-removed-at-two = Met twee spelers gaan de doelen van waarde { $value } eruit.
number-round-count = Rondes: { $value }.
number-draw-after-place = Kaarten getrokken na het leggen: { $value }.
number-multiplier = Zes domeinen: de beste kaart van elk domein telt { $value } keer.
number-extra-card-cost = Zes domeinen: elk doel meer kost { $value } punt.
number-placement-cap = Geen regel: het spel stopt na { $value } keer leggen.
number-column-capacity = Geen regel: een kolom neemt hoogstens { $value } kaarten door leggen of een Verkenner.
number-column-room = Geen regel: een kolom houdt hoogstens { $value } kaarten.
number-max-frames = Geen regel: hoogstens { $value } vermogens tegelijk.
number-max-fires = Geen regel: hoogstens { $value } vermogens na één keer leggen.
rule-column-below-Farther = Onder een kaart ligt de kaart die erna gelegd is, verder van het doel.
rule-column-below-Nearer = Onder een kaart ligt de kaart die ze bedekt, dichter bij het doel.
rule-explorer-reveals-AboveInNewColumn = Een omgedraaide Verkenner gaat naar de volgende kolom en draait daar de kaart boven hem om.
rule-explorer-reveals-Nothing = Een omgedraaide Verkenner gaat naar de volgende kolom en draait daar niets om.
rule-explorer-vs_assassin-ExplorerDiscarded = Een Verkenner die een Sluipmoordenaar omdraait, gaat naar de aflegstapel.
rule-explorer-vs_assassin-AssassinInert = Een Verkenner die een Sluipmoordenaar omdraait, blijft gespaard: alleen een kaart uit een hand wordt afgelegd.
rule-explorer-no_column-StaysFaceUp = Een Verkenner zonder kolom om heen te gaan (overal anders een Storm) blijft open liggen waar hij is.
rule-explorer-no_column-ToDiscard = Een Verkenner zonder kolom om heen te gaan (overal anders een Storm) gaat naar de aflegstapel.
rule-explorer-loop_guard-OncePerPlacement = Een Verkenner verplaatst zich hoogstens één keer per gelegde kaart.
rule-explorer-loop_guard-Unbounded = Een Verkenner verplaatst zich telkens als hij opnieuw omgedraaid wordt.
rule-traitor-chooser-Owner = De eigenaar van de Verrader kiest of hij twee doelen ruilt.
rule-traitor-chooser-ActivePlayer = De speler wiens kaart de Verrader omdraaide, kiest de ruil.
rule-cloak-tucked_counts-true = Een kaart onder de Mantel telt mee in haar kolom.
rule-cloak-tucked_counts-false = Een kaart onder de Mantel telt niet mee in haar kolom.
rule-cloak-draw-OnlyIfTucked = De eigenaar van de Mantel trekt alleen een kaart als hij er een verborg.
rule-cloak-draw-Always = De eigenaar van de Mantel trekt een kaart, ook als hij er geen verborg.
rule-round_end-check-AfterPlacement = Een ronde eindigt als een gelegde kaart en alles wat ze in gang zet voorbij is, en alle doelen bereikt zijn.
rule-round_end-check-AfterEachEffect = Een ronde eindigt zodra alle doelen bereikt zijn, ook midden in een reeks vaardigheden.
rule-round_end-draw-Draws = De speler wiens kaart de ronde beëindigt, trekt toch een kaart.
rule-round_end-draw-NoDraw = De speler wiens kaart de ronde beëindigt, trekt geen kaart.
rule-round_end-order-DrawThenSettle = Wie met zijn kaart de ronde beëindigt trekt eerst, daarna worden de kolommen geteld.
rule-round_end-order-SettleThenDraw = Eerst worden de kolommen geteld; wie de ronde beëindigde trekt daarna.
rule-end_steps-within_5-SetsThenAdds = Aan het einde van een ronde gaan vastgezette waarden (Romeo's 15) voor opgetelde (Kluizenaar, Kleine Reus, Draken).
rule-end_steps-within_5-TableOrder = Aan het einde van een ronde neemt stap 5 de kaarten in de volgorde van de kaartenlijst.
rule-value-floor-Zero = De waarde van een kaart zakt nooit onder 0.
rule-value-floor-NoFloor = De waarde van een kaart kan onder 0 zakken.
rule-musketeers-pair-BothAct = Twee Musketiers werken allebei: elke andere kaart in de kolom verliest haar vaardigheid.
rule-musketeers-pair-CancelEachOther = Twee Musketiers heffen elkaar op: geen vaardigheid wordt opgeheven.
rule-two_copies-counts-EveryCopy = Een tweede exemplaar van een kaart (twee Tovenaars) telt ook als haar vaardigheid niet werkt.
rule-two_copies-counts-ActiveCopies = Een tweede exemplaar van een kaart (twee Tovenaars) telt alleen als haar vaardigheid werkt.
rule-sorceress-valueless-Eliminated = De Heks schakelt een kaart zonder waarde (een Dubbelganger) uit als een kaart van 9 of minder.
rule-sorceress-valueless-Spared = De Heks spaart een kaart zonder waarde (een Dubbelganger).
rule-purge-value-BeforeModifiers = De Tovenaar en de Heks vergelijken waarden voor de wijzigingen van stap 5.
rule-purge-value-AfterModifiers = De Tovenaar en de Heks vergelijken waarden na de wijzigingen van stap 5.
rule-eliminated-to-Discard = Een uitgeschakelde kaart gaat naar de aflegstapel van haar eigenaar.
rule-eliminated-to-OutOfGame = Een uitgeschakelde kaart verlaat het spel.
rule-prince_squire-needs-BothActive = De Prins en de Schildknaap krijgen het doel alleen als beide vaardigheden werken.
rule-prince_squire-needs-EitherActive = De Prins en de Schildknaap krijgen het doel als een van beide vaardigheden werkt.
rule-prince_squire-needs-BothPresent = De Prins en de Schildknaap krijgen het doel als ze allebei in de kolom liggen.
rule-double-copies-FinalValue = De Dubbelganger neemt de eindwaarde over van de kaart eronder.
rule-double-copies-PrintedValue = De Dubbelganger neemt de gedrukte waarde over van de kaart eronder.
rule-award-claim_vs_beggar-ClaimWins = De aanspraak van Prins en Schildknaap op een doel gaat voor de Bedelaar.
rule-award-claim_vs_beggar-BeggarWins = De Bedelaar gaat voor de aanspraak van Prins en Schildknaap.
rule-beggar-takes_part-HasValuedCard = Voor de Bedelaar doet een speler mee met een kaart met een waarde in de kolom.
rule-beggar-takes_part-HasCard = Voor de Bedelaar doet een speler mee met elke kaart in de kolom (een Dubbelganger zonder waarde telt 0).
rule-award-empty_column-Box = Het doel van een kolom zonder kaarten gaat terug in de doos.
rule-award-empty_column-RoundEnder = Het doel van een kolom zonder kaarten gaat naar de speler die de ronde beëindigde.
rule-empty_hand-Pass = Een speler zonder kaart in de hand past.
rule-scoring-choice-Best = Een speler die op twee manieren mag tellen, neemt de beste telling.
eliminated = { $card } wordt uitgeschakeld.
