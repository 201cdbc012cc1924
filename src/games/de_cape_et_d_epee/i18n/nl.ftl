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

## `regels`: de lezing van elke keuze in woorden (dc-toggle-SLEUTEL, naar haar lezing)
dc-toggle-column-below = { $reading ->
    [Farther] Onder een kaart ligt de kaart die erna gelegd is, verder van het doel.
   *[Nearer] Onder een kaart ligt de kaart die ze bedekt, dichter bij het doel.
    }
dc-toggle-explorer-reveals = { $reading ->
    [AboveInNewColumn] Een omgedraaide Explorer gaat naar de volgende kolom en draait daar de kaart boven hem om.
   *[Nothing] Een omgedraaide Explorer gaat naar de volgende kolom en draait daar niets om.
    }
dc-toggle-explorer-vs_assassin = { $reading ->
    [ExplorerDiscarded] Een Explorer die een Assassin omdraait, gaat naar de aflegstapel.
   *[AssassinInert] Een Explorer die een Assassin omdraait, blijft gespaard: alleen een kaart uit een hand wordt afgelegd.
    }
dc-toggle-explorer-no_column = { $reading ->
    [StaysFaceUp] Een Explorer zonder kolom om heen te gaan (overal anders een Storm) blijft open liggen waar hij is.
   *[ToDiscard] Een Explorer zonder kolom om heen te gaan (overal anders een Storm) gaat naar de aflegstapel.
    }
dc-toggle-explorer-loop_guard = { $reading ->
    [OncePerPlacement] Een Explorer verplaatst zich hoogstens één keer per gelegde kaart.
   *[Unbounded] Een Explorer verplaatst zich telkens als hij opnieuw omgedraaid wordt.
    }
dc-toggle-traitor-chooser = { $reading ->
    [Owner] De eigenaar van de Traitor kiest of hij twee doelen ruilt.
   *[ActivePlayer] De speler wiens kaart de Traitor omdraaide, kiest de ruil.
    }
dc-toggle-cloak-tucked_counts = { $reading ->
    [true] Een kaart onder de Cloak telt mee in haar kolom.
   *[false] Een kaart onder de Cloak telt niet mee in haar kolom.
    }
dc-toggle-cloak-draw = { $reading ->
    [OnlyIfTucked] De eigenaar van de Cloak trekt alleen een kaart als hij er een verborg.
   *[Always] De eigenaar van de Cloak trekt een kaart, ook als hij er geen verborg.
    }
dc-toggle-round_end-check = { $reading ->
    [AfterPlacement] Een ronde eindigt als een gelegde kaart en alles wat ze in gang zet voorbij is, en alle doelen bereikt zijn.
   *[AfterEachEffect] Een ronde eindigt zodra alle doelen bereikt zijn, ook midden in een reeks vaardigheden.
    }
dc-toggle-round_end-draw = { $reading ->
    [Draws] De speler wiens kaart de ronde beëindigt, trekt toch een kaart.
   *[NoDraw] De speler wiens kaart de ronde beëindigt, trekt geen kaart.
    }
dc-toggle-end_steps-within_5 = { $reading ->
    [SetsThenAdds] Aan het einde van een ronde gaan vastgezette waarden (Romeo's 15) voor opgetelde (Hermit, Little Giant, Dragons).
   *[TableOrder] Aan het einde van een ronde neemt stap 5 de kaarten in de volgorde van de kaartenlijst.
    }
dc-toggle-value-floor = { $reading ->
    [Zero] De waarde van een kaart zakt nooit onder 0.
   *[NoFloor] De waarde van een kaart kan onder 0 zakken.
    }
dc-toggle-musketeers-pair = { $reading ->
    [BothAct] Twee Musketeers werken allebei: elke andere kaart in de kolom verliest haar vaardigheid.
   *[CancelEachOther] Twee Musketeers heffen elkaar op: geen vaardigheid wordt opgeheven.
    }
dc-toggle-two_copies-counts = { $reading ->
    [EveryCopy] Een tweede exemplaar van een kaart (twee Magicians) telt ook als haar vaardigheid niet werkt.
   *[ActiveCopies] Een tweede exemplaar van een kaart (twee Magicians) telt alleen als haar vaardigheid werkt.
    }
dc-toggle-sorceress-valueless = { $reading ->
    [Eliminated] De Sorceress schakelt een kaart zonder waarde (een Double) uit als een kaart van 9 of minder.
   *[Spared] De Sorceress spaart een kaart zonder waarde (een Double).
    }
dc-toggle-purge-value = { $reading ->
    [BeforeModifiers] De Magician en de Sorceress vergelijken waarden voor de wijzigingen van stap 5.
   *[AfterModifiers] De Magician en de Sorceress vergelijken waarden na de wijzigingen van stap 5.
    }
dc-toggle-eliminated-to = { $reading ->
    [Discard] Een uitgeschakelde kaart gaat naar de aflegstapel van haar eigenaar.
   *[OutOfGame] Een uitgeschakelde kaart verlaat het spel.
    }
dc-toggle-prince_squire-needs = { $reading ->
    [BothActive] De Prince en de Squire krijgen het doel alleen als beide vaardigheden werken.
    [EitherActive] De Prince en de Squire krijgen het doel als een van beide vaardigheden werkt.
   *[BothPresent] De Prince en de Squire krijgen het doel als ze allebei in de kolom liggen.
    }
dc-toggle-double-copies = { $reading ->
    [FinalValue] De Double neemt de eindwaarde over van de kaart eronder.
   *[PrintedValue] De Double neemt de gedrukte waarde over van de kaart eronder.
    }
dc-toggle-award-claim_vs_beggar = { $reading ->
    [ClaimWins] De aanspraak van Prince en Squire op een doel gaat voor de Beggar.
   *[BeggarWins] De Beggar gaat voor de aanspraak van Prince en Squire.
    }
dc-toggle-beggar-takes_part = { $reading ->
    [HasValuedCard] Voor de Beggar doet een speler mee met een kaart met een waarde in de kolom.
   *[HasCard] Voor de Beggar doet een speler mee met elke kaart in de kolom (een Double zonder waarde telt 0).
    }
dc-toggle-award-empty_column = { $reading ->
    [Box] Het doel van een kolom zonder kaarten gaat terug in de doos.
   *[RoundEnder] Het doel van een kolom zonder kaarten gaat naar de speler die de ronde beëindigde.
    }
dc-toggle-empty_hand = Een speler zonder kaart in de hand past.
dc-toggle-scoring-choice = Een speler die op twee manieren mag tellen, neemt de beste telling.
