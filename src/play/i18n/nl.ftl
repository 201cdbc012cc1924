# De algemene woorden van `ludus play` in het Nederlands, voor elk spel
# (dezelfde namen als en.ftl; de catalogus van een spel heeft zijn eigen woorden).

## Met meerderen aan één scherm
handover-title = { $name } is aan de beurt.
handover-pass = Geef het scherm aan { $name }. { $name }, druk op Enter zodra alleen jij het ziet.
since-last-look = Sinds je laatste blik:
hotseat-no-ai = --hotseat en --ai gaan niet samen: met --hotseat spelen mensen elke plaats die geen --ai PLAATS=AGENT aan een AI geeft. Laat --ai weg (of noem zijn plaats: --ai PLAATS=AGENT), of --hotseat om tegen de AI te spelen.
unknown-side = onbekende kant "{ $word }": de kanten zijn { $a } en { $b }
replay-to-past-end = --to { $to }: de partij heeft { $n } zetten
hotseat-needs-terminal = --hotseat heeft een terminal nodig: tussen de spelers worden het scherm en zijn geschiedenis gewist zodat niemand de kaarten van een ander ziet, en deze uitvoer is geen terminal (een pijp of een bestand). Speel in een terminal, of tegen de AI (zonder --hotseat).

## Opslaan en stoppen
resume-ignores = De opgeslagen partij legt het spel, de regels, het zaad en de spelers vast; genegeerd: { $options }.
autosave-failed = Automatisch opslaan in { $path } is mislukt ({ $error }): de partij is niet opgeslagen. Typ bewaar BESTAND om haar elders te bewaren (bijvoorbeeld: bewaar { $suggestion }); ze wordt daar dan bij elke vraag opgeslagen.
autosave-moved = Automatisch opslaan was mislukt: voortaan wordt de partij bij elke vraag in dit bestand opgeslagen.
saved-in = De partij is opgeslagen in { $path } ({ $moves } zetten). Verder spelen met: ludus play --resume { $path }
not-saved = De partij is NIET opgeslagen: automatisch opslaan in { $path } is mislukt.
not-saved-yet = Er is nog niets opgeslagen.
autosave-off = Automatisch opslaan staat uit: alleen een partij opgeslagen met bewaar BESTAND kan verder gespeeld worden.
stopped = Gestopt.
stopped-why = Gestopt ({ $why }).
save-needs-file = Geef een bestandsnaam: bewaar BESTAND
save-not-a-save = { $path } bestaat al en is geen Ludus-partij.
save-refused = Niet opgeslagen, om het niet te vernietigen: kies een andere bestandsnaam.
save-overwrite-ask = Overschrijven? (ja/nee)
save-not-done = Niet opgeslagen.
saved-to = Opgeslagen in { $path } ({ $moves } zetten). Verder spelen met: ludus play --resume { $path }
save-failed = Kan niet opslaan in { $path }: { $error }
quit-save-elsewhere = Een bestand om de partij in op te slaan (Enter: stoppen zonder opslaan)?
finished-saved = De partij is opgeslagen in { $path }. Opnieuw bekijken met: ludus replay { $path }

## Het begin van een partij
base-rules = basisregels
intro-rules = Regels: { $rules }. { $p0 } tegen { $p1 }. Zaad { $seed }.
intro-resumed = { $path } hervat bij zet { $moves }, beurt { $turn }.
intro-autosave = Automatisch opslaan: { $path }
intro-type = Typ een nummer of een zet, of hulp voor de commando's.
you-mark = { $name } (jij)
player-person = { $name } (een speler)
player-ai = { $name } (AI { $ai ->
        [easy] makkelijk
        [normal] normaal
        [hard] moeilijk
       *[other] { $ai }
    })

## Wat de speler typt, en de antwoorden
legal-here = { $why }. Mogelijk hier:
which-one = "{ $line }" past bij meerdere zetten; welke?
no-choice = keuze { $n } bestaat niet: de keuzes gaan van 1 tot { $count }
rest-only-arranging = rest: alleen in een reeks keuzes die één voor één gemaakt worden (een volgorde). Mogelijk hier:
undo-nothing-yet = Niets terug te nemen: er is nog geen zet gedaan.
undo-floor = Niets terug te nemen: alleen je eigen keuzes van deze beurt, tot de laatste die iets onthulde of een andere speler liet spelen.
took-back = Teruggenomen: { $mv }.
input-ended = einde van de invoer
watch-prompt = [Enter] volgende zet, alles: tot het einde, bord, bewaar BESTAND, stoppen >
watch-help = Enter, alles, bord, bewaar BESTAND of stoppen.
help =
    Kies een zet met zijn nummer, of typ hem in een van de korte vormen die
    tussen haken achter elke keuze staan (Enter: de enige keuze, als er één is).
    Commando's:
      bord          de tafel opnieuw            score    de punten tot nu
      regels        de regel die nu geldt, met de passage uit het regelboek
      tip           wat de AI hier zou doen, en waarom
      terug         je laatste keuze van deze beurt terugnemen
      logboek       de laatste gebeurtenissen   bewaar BESTAND   opslaan in BESTAND
      hulp          deze tekst                  stoppen   opslaan en stoppen
    De Engelse vormen worden ook begrepen.

## Getypte woorden: het eerste van elke lijst tonen de korte vormen
words-help = hulp ?
words-rules = regels
words-hint = tip
words-undo = terug
words-quit = stoppen
words-board = bord tafel
words-score = score punten
words-log = logboek
words-rest = rest
words-save = bewaar opslaan
words-yes = ja j
words-next = volgende
words-all = alles

## Een partij opnieuw bekijken
replay-head = Partij { $path }: { $n } zetten, elk toegestaan, eindpositie gecontroleerd.
replay-move = { $n }. { $who } (keuze { $choice } van { $count }): { $mv }
replay-move-public = { $n }. { $who }: { $mv }
replay-move-hidden = { $n }. { $who }.
replay-prompt = [{ $i }/{ $n }] Enter: volgende zet, alles: tot het einde, bord, stoppen >
replay-help = Enter, alles, bord of stoppen.
replay-position = Positie na zet { $to } van { $n }.
replay-unfinished = Het spel stopte hier; verder spelen met: ludus play --resume { $path }
typed-matches-none = "{ $line }" past bij geen enkele mogelijke zet

## Fouten: hoe een probleem getoond wordt (bestand:regel:kol: fout: ...)
diag-error = fout:
diag-hint = tip:
no-autosave-to-resume = geen automatische opslag gevonden om te hervatten (in { $dir })
ai-twice = --ai zonder plaats is { $n } keer gegeven: geef het één keer (elke plaats behalve de jouwe), of één keer per plaats als --ai PLAATS=AGENT
people-need-hotseat = { $n } plaatsen blijven over voor mensen: voeg --hotseat toe om ze aan één scherm te spelen, of noem voor elk een AI met --ai PLAATS=AGENT
unknown-ai = ongeldige AI "{ $spec }": de niveaus zijn easy, normal en hard; de agenten random, greedy, ismcts, ismcts:N (N iteraties per zet), ismcts:Nms (een tijd per zet)

## Een bestand dat het systeem niet kon lezen of schrijven: waarom
io-not-found = bestand of map bestaat niet
io-permission-denied = geen toestemming
io-not-a-directory = geen map
io-is-a-directory = is een map
io-storage-full = geen ruimte meer op de schijf
io-file-too-large = bestand te groot
io-read-only = alleen-lezen bestandssysteem
io-not-text = het bestand is geen tekst (geen UTF-8)
io-other = systeemfout nr. { $code }

## Opgeslagen partijen die niet laden
save-cannot-read = kan het bestand niet lezen: { $error }
save-expected = een bestand geschreven door `ludus play` (bewaar BESTAND, of de automatische opslag) wordt verwacht
save-empty = het bestand is leeg: geen opgeslagen partij
save-invalid = geen geldige opgeslagen partij: { $why }
save-ron-eof = het bestand houdt te vroeg op (het is afgekapt)
save-ron-unknown-field = onbekend veld `{ $field }`
save-ron-fields = de velden hier zijn: { $list }
save-ron-missing-field = ontbrekend veld `{ $field }`
save-ron-field-twice = veld `{ $field }` staat er twee keer
save-ron-unknown-value = onbekende waarde `{ $value }`
save-ron-values = de waarden hier zijn: { $list }
save-ron-other = de tekst hier is niet wat een opgeslagen partij bevat
save-not-ludus = geen opgeslagen Ludus-partij (formaat "{ $format }")
save-version-newer = opslagformaat versie { $version } (geschreven door een nieuwere versie van ludus); deze ludus leest versie { $reads }
save-version-older = opslagformaat versie { $version } (een ouder formaat, niet meer ondersteund); deze ludus leest versie { $reads }
save-other-game = deze opgeslagen partij is een spel { $game }, dat deze ludus niet kent (hij kent: { $known })
save-seats = een partij heeft { $seats } spelers; deze opgeslagen partij noemt er { $named }
save-seat-id = speler { $n } zou "{ $want }" moeten zijn, de opgeslagen partij zegt "{ $found }"
save-unknown-ai = de opgeslagen partij noemt een AI die deze ludus niet kent: { $detail }
save-move-over = zet { $n }: de partij was al voorbij
save-move-who = zet { $n }: de opgeslagen partij zegt dat { $who } kiest, maar hier kiest { $actor }
save-move-no-choice = zet { $n } ("{ $text }"): er is hier geen keuze { $ix }, alleen { $count } (0 tot en met { $last })
save-move-differs = zet { $n }: de opgeslagen partij zegt "{ $text }", maar keuze { $ix } is hier "{ $here }"
save-edited = het bestand is bewerkt, of de regels zijn veranderd sinds het opslaan
save-end-count = de opgeslagen partij vermeldt { $want } zetten maar bevat er { $have }: het bestand is afgekapt of bewerkt
save-end-differs = de stand na de { $n } zetten klopt niet met de opgeslagen stand (vingerafdruk { $want }, gevonden { $found })
save-rules-what = variant { $variant }
save-rules-do-not-load = de regels van deze partij ({ $what }) laden niet uit { $dir }
save-rules-differ = de regels in { $dir } ({ $what }) verschillen van die van deze partij (vingerafdruk van de regels { $saved }, nu { $now })
save-rules-resume-with = hervat haar met de regels waarmee ze is opgeslagen: --rules MAP

## `ludus play --lang nl --help`: de hulp van play en replay
cli-usage-heading = Gebruik:
cli-options = Opties
cli-arguments = Argumenten
cli-help = Deze hulp tonen
cli-play-about = Spelen in de terminal (tegen de AI, --hotseat, --watch); opslaan en hervatten
cli-play-usage = ludus play [OPTIES]
cli-play-rules = Een map met regels: de map van een spel (met game.ron) of een map met spellen. Standaard: $LUDUS_RULES als die gezet is, anders de regels ingebouwd in ludus
cli-play-game = Het spel, naar zijn map in de regelmap; standaard: het spel dat games.ron noemt
cli-play-players = Het aantal spelers, als het spel met meer dan één aantal gespeeld wordt; standaard: dat van het spel
cli-play-variant = Een variant van de regels (ludus variants list); standaard: de basisregels, ook base genoemd
cli-play-addons = Een uitbreiding bovenop de variant (herhaalbaar)
cli-play-sets = Eén regel voor deze partij zetten, als sleutel=waarde in RON (herhaalbaar; ludus variants show toont de sleutels)
cli-play-lang = De taal van de partij en van de kaartnamen: en (standaard), fr of nl
cli-play-side = De plaats die je speelt: haar id of naam, of hun begin (standaard: de plaats die begint)
cli-play-ai = De AI: een niveau, easy, normal (standaard) of hard, of een agent: random, greedy, ismcts, ismcts:N..., voor elke plaats behalve de jouwe; of PLAATS=AGENT, één keer per plaats die een AI speelt
cli-play-seed = Het zaad van het delen (en van de keuzes van de AI); een nieuw als het niet gegeven is
cli-play-hotseat = Mensen aan één scherm: het scherm wordt gewist tussen de spelers
cli-play-watch = De AI elke plaats zien spelen, zet voor zet
cli-play-resume = Een opgeslagen partij hervatten (last: de laatste automatische opslag). De regels, het zaad en de spelers komen uit het bestand
cli-play-no_autosave = Niet automatisch opslaan in de datamap
cli-replay-about = Een door ludus play opgeslagen partij opnieuw tonen, elke zet gecontroleerd
cli-replay-usage = ludus replay [OPTIES] <BESTAND>
cli-replay-file = Een bestand geschreven door ludus play (bewaar BESTAND, of een automatische opslag; last voor de laatste)
cli-replay-step = Na elke zet stoppen tot Enter ingedrukt wordt
cli-replay-to = Na zet N stoppen en de tafel daar tonen
cli-replay-side = De partij tonen zoals één plaats haar zag (standaard: elke kaart)
cli-replay-lang = De taal van de herhaling: en, fr of nl (standaard: die van de opgeslagen partij)
cli-value-dir = MAP
cli-value-game = SPEL
cli-value-players = SPELERS
cli-value-variant = VARIANT
cli-value-addons = UITBREIDING
cli-value-key-value = SLEUTEL=WAARDE
cli-value-lang = TAAL
cli-value-side = PLAATS
cli-value-agent = AGENT
cli-value-seed = ZAAD
cli-value-file = BESTAND
cli-value-n = N

## Pagina's, uitleg, rest, het overzicht, de AI van de tip
page-of = Pagina { $page } van { $pages }: typ { $next } voor de volgende.
words-explain = uitleg
explain-card = { $name }: waarde { $value }.
explain-no-words = (De regelmap zegt verder niets over deze kaart.)
explain-passage = Het regelboek: { $passage }
explain-none = Geen kaart heet "{ $what }". De kaarten: { $cards }.
explain-which = "{ $what }" noemt meerdere kaarten: { $cards }. Typ meer van de naam.
rest-done = De rest in de volgorde van de lijst: { $n } { $n ->
        [one] keuze
       *[other] keuzes
    } gemaakt.
recap = Sinds je laatste zet: { $events }
ai-level = { $level ->
        [easy] makkelijke
        [hard] moeilijke
        [random] willekeurige
       *[normal] normale
    }
typed-word-fits-none = "{ $line }" past bij geen enkele mogelijke zet: geen ervan heeft hier "{ $word }"
typed-words-apart = "{ $line }" past bij geen enkele mogelijke zet: elk woord past bij een ervan, maar geen zet heeft ze allemaal
