# De woorden van Caesar & Cleopatra op het scherm (`ludus play`) in het
# Nederlands (dezelfde namen als en.ftl; de algemene woorden staan in src/play/i18n/).

## Zetten (zoals de teksten in opgeslagen partijen)
face-down = gedekt
face-up = open
face-up-short = open
face-down-short = dicht
move-arrange = { $card } als volgende in de aktiereserve leggen
move-setup = { $card } ({ $value }) aanleggen
move-pass = passief blijven
move-place = { $card } ({ $value }) { $face } bij de { $group } leggen
move-end-placement = geen kaart meer leggen
move-play = { $card } spelen
move-discard = { $card } afleggen
move-end-discard = stoppen met afleggen
move-draw-influence = een kaart uit de invloedreserve nemen
move-draw-action = een kaart uit de aktiereserve nemen
move-vote = de vertrouwensvraag omdraaien
move-choose = { $target } kiezen
move-decline = weigeren
target-group = de { $group }
target-table = { $card } ({ $value }, { $face }) van { $owner } bij de { $group }
target-hand = { $card } uit de hand van { $owner }

## Stappen van een beurt
phase-arrange = de aktiereserve ordenen
phase-setup = voorbereiding
phase-turn-start = begin van de beurt
phase-placing = invloed aanleggen
phase-refill = de hand aanvullen
phase-passive = passieve beurt, afleggen
phase-before-vote = voor de vertrouwensvraag
phase-lone = alle invloed aanleggen, alleen
phase-effect = een aktiekaart werkt
phase-game-over = einde van het spel

## Gebeurtenissen
a-card = een kaart
ev-mission = { $who } neemt de opdrachtkaart { $mission }.
ev-mission-hidden = { $who } neemt een opdrachtkaart.
ev-arranged = { $who } ordent de aktiereserve.
ev-setup = { $who } legt { $card } gedekt aan bij de { $group }.
ev-turn = Beurt { $turn }: { $who }.
ev-passive = { $who } blijft passief.
ev-placed = { $who } legt { $card } { $face } bij de { $group }.
ev-discarded = { $who } legt { $card } af.
reserve-influence = de invloedreserve
reserve-action = de aktiereserve
ev-drew = { $who } neemt { $card } uit { $from }.
ev-drew-hidden = { $who } neemt een kaart uit { $from }.
ev-vote-card = Vertrouwensvraag: { $card }.
ev-vote-removed = { $card } noemt een uitgeputte groep en verlaat het spel.
ev-shuffled = De vertrouwensvragen worden geschud.
ev-orgy-removed = { $card } gaat terug in de doos (orgievariant).
ev-vote = Stemming bij de { $group }: { $p0 } { $t0 }, { $p1 } { $t1 }; { $result }.
ev-vote-extraordinary = Buitengewone stemming bij de { $group }: { $p0 } { $t0 }, { $p1 } { $t1 }; { $result }.
vote-tie = gelijkspel: er verandert niets
vote-postponed = een filosoof alleen: de beslissing wordt uitgesteld
vote-won = { $who } wint
vote-won-inverted = { $who } wint (de filosoof keert de stemming om)
ev-revealed = { $who } draait { $card } om bij de { $group }.
ev-influence-lost = { $card } van { $who } verlaat de { $group } voor de aflegstapel.
ev-patrician = { $who } wint een patriciër van de { $group }.
ev-exhausted = De { $group } zijn allemaal gewonnen: de invloedkaarten daar worden afgelegd.
ev-lone = { $other } heeft geen invloedkaarten meer; { $who } speelt alleen verder.
ev-action-played = { $who } speelt { $card }.
ev-action-answer = { $who } antwoordt met { $card }.
ev-action-fizzled = { $card } heeft geen doel: geen effect.
ev-action-resolved = { $card } is uitgevoerd.
ev-action-cancelled = { $card } wordt geannuleerd.
ev-looked = { $who } bekijkt de hand van { $owner }: { $cards }.
ev-looked-hidden = { $who } bekijkt de hand van { $owner }.
ev-removed-at = { $card } van { $owner } bij de { $group } verlaat het spel.
ev-removed = { $card } van { $owner } verlaat het spel.
ev-discarded-by = Door { $bycard } van { $bywho } legt { $who } { $card } af.
ev-influence-lost-by = Met { $bycard } stuurt { $bywho } { $card } van { $who } bij de { $group } naar de aflegstapel.
ev-removed-at-by = Met { $bycard } haalt { $bywho } { $card } van { $owner } bij de { $group } uit het spel.
ev-removed-by = Met { $bycard } haalt { $bywho } { $card } van { $owner } uit het spel.
ev-revealed-by = Met { $bycard } draait { $bywho } { $card } van { $who } om bij de { $group }.
ev-taken = { $who } neemt { $card } terug van de { $group }.
ev-game-over = Einde van het spel ({ $reason }): { $p0 } { $s0 }, { $p1 } { $s1 }.
end-all_patricians = alle patriciërs gewonnen
end-no_influence = geen invloed meer
end-lone_player = één speler alleen
end-turn_cap = grens van het aantal beurten

## De score
score-patricians = { $n } { $n ->
    [one] patriciër
   *[other] patriciërs
    } +{ $pts }
score-majority = meerderheid +{ $pts }
score-whole = volledige groep +{ $pts }
score-mission-fulfilled = opdracht { $mission } (minstens { $n } { $group }): { $has } gewonnen, vervuld +{ $pts }
score-mission-failed = opdracht { $mission } (minstens { $n } { $group }): { $has } gewonnen, mislukt +{ $pts }
score-mission-open = opdracht { $mission } (minstens { $n } { $group }): { $has } gewonnen, nog niet vervuld +{ $pts }
score-check = (de regels hierboven maken samen { $sum })
score-head = { $who }: { $points } { $points ->
    [one] punt
   *[other] punten
    }, { $pats } { $pats ->
    [one] patriciër
   *[other] patriciërs
    }
result = Uitslag:
result-going-on = Het spel gaat verder.
result-lead = { $who } { $over ->
    [yes] wint
   *[no] staat voor
    }, { $a } tegen { $b }.
result-tie-break = Gelijk in punten (elk { $pts }): { $who } { $over ->
    [yes] wint
   *[no] staat voor
    } op patriciërs, { $a } tegen { $b }.
result-no-tie-break = Gelijk in punten (elk { $pts }); de regels beslissen niet: { $over ->
    [yes] gelijkspel
   *[no] gelijk
    }.
result-draw = Gelijk in punten (elk { $pts }) en in patriciërs (elk { $pats }): { $over ->
    [yes] gelijkspel
   *[no] gelijk
    }.

## Het bord
title-setup = Voorbereiding
title-turn = Beurt { $turn }
title-game-over = { $when } - einde van het spel
title-to-play = { $when } - { $who } is aan zet ({ $step })
title-to-answer = { $when } - beurt van { $seat }, { $who } antwoordt ({ $step })
col-group = groep
col-left = over
col-won = gewonnen
col-cards = kaarten
all-won = op
frozen = bevroren
board-legend = Het bord: [3] gedekt, [?] onbekend, (n) kaarten daar, gewonnen: patriciërs van elke kant; hoogstens { $side } kaarten per kant van een groep, { $group } in totaal.
list-sep = {"; "}
empty = leeg
none = geen
zone-mission = Missie
your-hand = Jouw hand: { $cards }
your-mission = Jouw opdracht: { $mission }
their-hand = Hand van { $who }: { $cards }
their-mission = Opdracht van { $who }: { $mission }
mission-line = { $mission } (minstens { $n } { $group }: { $won } gewonnen)
other-hand = Hand van { $who }: { $n } { $n ->
    [one] kaart.
   *[other] kaarten.
    }
reserve-of = { $who } { $influence } invloed + { $action } aktie
reserves = Reservestapels: { $list }
vote-deck = Vertrouwensvragen: { $n } gedekt, { $up } omgedraaid
vote-out = { $n } uit het spel
points = { $n } { $n ->
    [one] punt
   *[other] punten
    }
points-now = { $points }
points-now-secret = { $points } (+ { $bonus } met de geheime opdracht)
won = Punten: { $list }
plays-alone = { $who } speelt alleen verder.

## De vraag en de keuzes
q-arrange = { $who }: welke aktiekaart als volgende (van boven) in je reserve? (rest: de andere zoals vermeld)
q-setup-at = { $who }: welke kaart leg je gedekt aan bij de { $group }?
q-setup = { $who }: welke kaart leg je aan?
q-turn-start = { $who }, jouw beurt: passief, invloed aanleggen of een aktiekaart spelen.
q-placing = { $who }: een tweede kaart ({ $face }), of klaar als één genoeg is.
q-placing-second = { $who }: je tweede kaart ({ $face }): deze zet telt twee kaarten.
q-refill = { $who }: vul je hand aan tot { $n } kaarten, één kaart per keer.
q-passive = { $who }: passieve beurt. Leg kaarten af, dan klaar (daarna vul je aan).
q-before-vote = { $who }: eindig je beurt met de vertrouwensvraag.
q-lone = { $who }: leg je invloedkaarten aan.
q-answer = { $who }: { $player } speelt { $card }. Met een kaart antwoorden, of laten gebeuren?
q-effect-own = { $who }: jouw { $card }. Kies:
q-effect-other = { $who }: { $card } van { $player }. Kies:
q-choose = { $who }: kies:
q-game-over = Het spel is voorbij.
choice-discard = { $card } afleggen
enter-only-choice = (Enter neemt de enige keuze)
grid-head = Leggen ({ $faces }): het nummer onder de groep, of typ "{ $example }"
target-grid-head = Een kaart, per groep: het nummer ervoor, of typ "{ $example }".
target-grid-down = [3]: dicht.
## Wat de speler typt, en de antwoorden
not-a-move = "{ $line }" is geen commando en geen zet
not-possible-now = "{ $line }": zo'n zet kan nu niet
matches-none = "{ $line }" past bij geen enkele mogelijke zet
matches-none-word = "{ $line }" past bij geen enkele mogelijke zet van die soort: geen ervan heeft nu "{ $word }" (niet in je hand, of daar niet toegestaan)
matches-none-together = "{ $line }" past bij geen enkele mogelijke zet van die soort: elk woord past bij een ervan, maar geen enkele heeft ze allemaal
rest-only-arranging = rest: alleen bij het ordenen van de aktiereserve. Mogelijk hier:
no-card-to-answer = (Je hebt geen kaart om mee te antwoorden.)
no-answer = { $who } antwoordt niet.
draws-nothing = { $who } neemt niets.
someone-moves = { $who }: { $mv }.
undo-floor = Niets terug te nemen: alleen je eigen keuzes van deze beurt, tot de laatste die iets onthulde (een genomen kaart, een vertrouwensvraag, een bekeken of omgedraaide kaart) of de tegenstander liet spelen.
score-mine = { $points } (je opdracht meegeteld)
score-now = { $who }: { $n } { $n ->
    [one] patriciër
   *[other] patriciërs
    }, { $points }
help =
    Kies een zet met zijn nummer, of typ hem:
      p 5 sen d     leg een 5 gedekt bij de Senatoren (p = filosoof: "p p zen d")
      p 3 pra o     leg een 3 open bij de Praetoren
      pas           blijf passief deze beurt;  x 2 = leg een 2 af;  klaar = stoppen
      a NAAM        speel de aktiekaart NAAM (de eerste letters van haar naam)
      k sen         kies de Senatoren als doel;  k 3 sen o tgn = een kaart daar
      tr i / tr a   neem een kaart uit de invloed- / aktiereserve
      v             draai de vertrouwensvraag om (einde van een actieve beurt)
      nee           laat de kaart van de tegenstander gebeuren, of neem niets
      r NAAM / rest voorbereiding: deze aktiekaart als volgende / de rest op volgorde
      Enter         de enige keuze, als er maar één is
    Commando's:
      bord          de tafel opnieuw            score    de punten tot nu toe
      regels        de regel die nu geldt, met de passage uit het regelboek
      tip           wat de AI hier zou doen, en waarom
      uitleg KAART  wat een kaart waard is en doet (hulp 2: volgende pagina)
      terug         je laatste keuze van deze beurt terugnemen (niet voorbij een
                    genomen kaart, een vertrouwensvraag, een bekeken of omgedraaide
                    kaart, of een zet van de tegenstander)
      logboek       de laatste gebeurtenissen   bewaar BESTAND   opslaan in BESTAND
      hulp          deze tekst                  stoppen   opslaan en stoppen
    De Engelse vormen (p 5 sen d, end, d i...) worden ook begrepen.

## Getypte woorden: het eerste van elke lijst tonen de korte vormen
words-place = p leg plaats
words-setup = z zet aanleggen
words-arrange = r orden
words-pass = pas passief
words-end = klaar genoeg
words-play = a speel actie aktie
words-choose = k kies doel
words-decline = nee weiger
words-discard = x weg afleggen
words-draw = tr trek neem
words-vote = v stem
words-face-down = d dicht gedekt
words-face-up = o open
words-me = ik mij mijn
words-opp = tgn tegenstander hem haar
words-influence = invloed
words-action = aktie actie

## Tips
hint = De { $ai } AI zou kiezen: { $mv } (keuze { $n }, of typ "{ $typed }"): { $why }.
hint-estimate = Haar schatting van je eindmarge: { $now } nu, { $after } erna.
why-setup = een { $value } past daar volgens haar berekening het best
why-arrange = { $card } eerst: die komt het vroegst in je hand
why-pass = niets is het aanleggen waard; een passieve beurt laat je kaarten wisselen
why-discard = { $card } is de kaart die je het minst nodig hebt
why-end-discard = de rest van je hand is het houden waard
why-end-placement = één kaart is genoeg deze beurt
why-play = { $card } loont nu
why-group = bij de { $group } telt het het meest
why-target = dat doel hindert { $opp } het meest
why-decline = hou je kaarten voor later
why-draw-influence = je hebt { $n } { $n ->
    [one] invloedkaart
   *[other] invloedkaarten
    }; meer laat je aanleggen
why-draw-action = je hebt { $n } { $n ->
    [one] aktiekaart
   *[other] aktiekaarten
    }; nog één geeft je mogelijkheden
why-vote = niets meer te doen deze beurt
why-philosopher = een filosoof keert daar de stemming om
why-lead = ze neemt de leiding bij de { $group }
why-stronger = ze versterkt je voorsprong bij de { $group }
why-closer = ze komt dichterbij bij de { $group }
why-count = jij { $me }, { $opp } { $theirs } zichtbaar{ $hidden ->
    [0] {""}
    [one] {" "}en { $hidden } gedekte kaart
   *[other] {" "}en { $hidden } gedekte kaarten
    }
why-hidden = gedekt, { $opp } ziet ze niet

## De regels die gelden (het commando regels)
rules-from-base = basisregels
rules-from-variant = variant { $id }
rules-title = Regels die gelden: { $selection }. Nu: { $step }.
rules-this-step = Deze stap:
rules-other = De andere regels:
rules-table = De tafel:
rules-group = { $name } { $n } (meerderheid { $majority })
rules-groups = De patriciërs: { $groups }; { $total } in totaal.
rules-counted = { $name } (×{ $n })
rules-votes = De vertrouwensvragen: { $cards }.
rules-mission = { $name } (×{ $n }: minstens { $at } { $group })
rules-missions = Elke speler trekt { $n } geheime { $n ->
    [one] opdracht
   *[other] opdrachten
    } uit: { $missions }.
rules-cards = De kaarten van { $who }:
rules-influence = Invloedkaarten: { $cards }.
rules-influence-card = { $name } { $value } (×{ $n })
rules-philosopher = { $name } (×{ $n }): geen waarde; hij keert een stemming om.
rules-action = { $name } (×{ $n }): { $what }
rule-unworded = { $key }: { $value }
rule-or = {" "}of{" "}
rule-pattern = { $cards } { $cards ->
    [one] kaart
   *[other] kaarten
    } { $face }
rule-card-count = { $n } × { $card }
rule-turn-placements = Een actieve speler legt { $patterns }.
rule-turn-action_timing = { $value ->
    [AnyTime] Een aktiekaart mag op elk moment van de eigen beurt gespeeld worden.
   *[BeforeRefill] Een aktiekaart mag alleen gespeeld worden voor het aanvullen van de hand.
    }
rule-turn-actions_per_turn = { $value ->
    [one] Eén aktiekaart
   *[other] Tot { $value } aktiekaarten
    } per beurt.
rule-turn-extraordinary_vote = { $value ->
    [AfterRefill] De buitengewone stemming komt aan het einde van de beurt, na het aanvullen van de hand.
   *[BeforeRefill] De buitengewone stemming komt aan het einde van de beurt, voor het aanvullen van de hand.
    }
rule-turn-extraordinary_tie = { $value ->
    [Frozen] Na een gelijke buitengewone stemming mag er geen invloedkaart bij de groep bij: alleen een aktiekaart beslist.
   *[OpenBelowLimit] Na een gelijke buitengewone stemming mag er weer invloed bij waar de groep plaats heeft.
    }
rule-turn-action_without_placement = { $value ->
    [true] Een speler die geen invloedkaart kan leggen, mag toch een aktiekaart spelen.
   *[false] Een speler die geen invloedkaart kan leggen, kan alleen passen.
    }
rule-turn-exhausted_vote_card = { $value ->
    [RemoveWhenDrawn] Een vertrouwensvraag die een geheel gewonnen groep noemt, verlaat het spel wanneer ze getrokken wordt, en de volgende wordt omgedraaid.
   *[RemoveAtOnce] Een vertrouwensvraag die een geheel gewonnen groep noemt, verlaat het spel zodra de groep gewonnen is.
    }
rule-turn-reshuffle = { $value ->
    [DrawAndDiscard] Zijn de vertrouwensvragen op, dan worden trekstapel en aflegstapel samen geschud.
   *[DiscardOnly] Alleen de afgelegde vertrouwensvragen worden geschud, en gaan onder de trekstapel.
    }
rule-turn-lone_philosopher = { $value ->
    [Postponed] Een filosoof alleen bij een stemming stelt de beslissing uit; hij blijft open liggen.
   *[PlacerWins] Een filosoof alleen bij een stemming laat de speler die hem legde winnen.
    }
rule-turn-lone_player = Een speler die alleen overblijft { $draws ->
    [true] neemt nog kaarten uit zijn reserve
   *[false] neemt geen kaarten meer
    }, { $votes ->
    [true] draait nog vertrouwensvragen om
   *[false] draait geen vertrouwensvragen meer om
    }, en legt { $all ->
    [true] al zijn kaarten in één keer
   *[false] beurt na beurt
    }.
rule-turn-orgy_removal = { $value ->
    [true] { $timing ->
        [FirstDrawnAfterTwoGroups] Zijn twee groepen gewonnen, dan gaat de eerste getrokken orgie terug in de doos; haar effect geldt nog.
        [NextDrawnAfterTwoGroups] De vertrouwensvraag die net na de tweede gewonnen groep getrokken wordt, gaat terug in de doos als het een orgie is.
       *[other] Zodra de tweede groep gewonnen is, verlaat een orgie het spel.
        }
   *[other] Geen orgie gaat tijdens het spel terug in de doos.
    }
rule-setup-set_aside = Voor het schudden van de invloedreserve legt elke speler opzij: { $cards }.
rule-setup-placed_per_group = Bij de opbouw legt elke speler { $value } { $value ->
    [one] kaart
   *[other] kaarten
    } gedekt bij elke groep.
rule-setup-action_reserve = { $value ->
    [Chosen] Elke speler ordent zijn aktiereserve naar wens.
   *[Shuffled] De aktiereserve wordt geschud.
    }
rule-setup-first_player = { $who } begint.
rule-setup-orgies_removed_before_game = { $value ->
    [0] Geen orgie wordt voor het spel uit de vertrouwensvragen gehaald.
    [one] Eén orgie wordt voor het spel uit de vertrouwensvragen gehaald.
   *[other] { $value } orgieën worden voor het spel uit de vertrouwensvragen gehaald.
    }
rule-limits-per_side = Hoogstens { $value } invloedkaarten aan één zijde van een groep.
rule-limits-per_group = Hoogstens { $value } invloedkaarten bij een groep, beide zijden samen.
rule-limits-hand_size = De hand wordt aangevuld tot { $value } kaarten.
rule-limits-extraordinary_vote_at = Een groep met { $value } invloedkaarten roept een buitengewone stemming op.
rule-limits-turn_cap = Een spel stopt na hoogstens { $value } beurten (een beveiliging; de regelboeken hebben er geen nodig).
rule-scoring-per_patrician = Elke gewonnen patriciër is { $value } { $value ->
    [one] punt
   *[other] punten
    } waard.
rule-scoring-majority_bonus = De meerderheid van de patriciërs van een groep levert { $value } { $value ->
    [one] punt
   *[other] punten
    } extra op.
rule-scoring-whole_group_bonus = Een hele groep levert { $value } { $value ->
    [one] punt
   *[other] punten
    } extra op.
rule-scoring-mission_bonus = Een volbrachte geheime opdracht levert { $value } { $value ->
    [one] punt
   *[other] punten
    } op.
rule-scoring-tie_break = { $value ->
    [MostPatricians] Bij gelijke punten wint de speler met de meeste patriciërs.
   *[Draw] Gelijke punten zijn een gelijkspel.
    }
rulebook-arrange = 002: "De aktiekaarten worden door elke speler zelf samengesteld, dit door alle 13 kaarten in een zelf gewenste volgorde te sorteren. Deze stapel wordt omgekeerd als reservestapel 2 naast zijn 1ste stapel gelegd."
rulebook-setup = 002: "Iedere speler legt nu 5 kaarten (met de waarde 1 tot 5) omgekeerd aan zijn kaartendek aan. Telkens één kaart aan één groep. Men kan zelf bepalen welke kaart aan welke groep. De overige 5 invloedkaarten ( waarde 1-5) neemt men in de hand."
rulebook-turn = 002: "Elke speler die aan beurt is heeft de keuze tussen 2 mogelijkheden: a) De speler wordt actief [...] b) De speler blijft passief"
rulebook-limits = 002: "aan één zijde van een Patriciërsgroep mag een speler max. 5 invloedkaarten aanleggen. aan beide zijden van een Patriciërsgroep mogen gezamenlijk max. 8 invloedkaarten aangelegd worden."
rulebook-refill = 002: "Heeft een speler alle gewenste kaarten gespeeld, dan vult hij deze handkaarten weer aan tot 5 kaarten, door een voor een kaarten uit zijn omgekeerde reservestapels te nemen."
rulebook-passive = 002: "Wil of kan een speler, bij gebrek aan geschikte kaarten, niet reageren, dan kan hij passen. In dat geval kan hij zoveel willekeurige kaarten open op zijn eigen aflegstapels leggen en uit zijn reservekaarten evenveel nieuwe kaarten nemen."
rulebook-vote-card = 002: "Bij het einde van zijn beurt draait de speler de bovenste kaart van de stapel "vertrouwensvraag" om."
rulebook-vote = 002: "De speler met de grootste invloed wint en bekomt de bovenste Patriciërskaart, welke hij open voor zich neerlegt. De winnaar verliest zijn hoogste invloedkaart van deze groep. De verliezer verliest zijn laagste invloedkaart van deze groep."

## `explain`: a card without a number
card-value-action = geen: een aktiekaart
card-value-philosopher = geen: hij keert een stemming om
