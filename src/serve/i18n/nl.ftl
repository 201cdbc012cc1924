# De woorden van `ludus serve` (de pagina en de berichten) in het Nederlands.

## De regels van de server in de terminal
listening = Ludus serveert op { $url }
reach-local = Alleen deze computer kan erbij (hij luistert op { $addr }). Om in een zaal te spelen: ludus serve --listen 0.0.0.0:{ $port }
reach-network = Elk apparaat dat deze computer op poort { $port } bereikt, kan het openen (hij luistert op { $addr }): iedereen op hetzelfde netwerk. De links van de plaatsen dragen geheime tokens; geef elk alleen aan zijn speler.
restored = { $n } partijen hervat uit { $dir }.
restore-failed = Niet hervat: { $file }: { $error }
save-failed = Opslaan in { $file } is mislukt: { $error }

## Weigeringen en fouten
refused-spectator = De link van een toeschouwer kan niet spelen.
refused-over = De partij is voorbij: geen zetten meer.
refused-closed = De server stopt: probeer het zo opnieuw.
refused-turn = Niet jouw beurt: { $actor } is aan zet.
refused-stale = Die zet werd gekozen bij stap { $step }, en de partij is bij stap { $now }: kijk opnieuw en kies.
refused-choice = Er is hier geen keuze { $choice } (er zijn er { $count }).
bad-token = Onbekende link: dit token opent geen plaats van een partij hier.
bad-request = Ongeldig verzoek: { $why }
bad-origin = Geweigerd: dit verzoek komt van een andere site ({ $origin }).
too-many-games = Te veel partijen op deze server ({ $n }): geen nieuwe.
unknown-game = Onbekend spel: { $game }.

## De pagina
page-title = Ludus
page-new-game = Nieuwe partij
page-game = Spel
page-variant = Variant
page-addons = Uitbreidingen
page-players = Spelers
page-language = Taal
page-seat = Plaats
page-person = een persoon
page-ai = AI: { $level }
page-create = Maak de partij
page-links = Stuur elke speler de link van zijn plaats; houd de jouwe. Wie een link heeft, speelt die plaats.
page-spectator-link = Toeschouwer (alleen open kaarten)
page-open = Openen
page-copy = Kopiëren
page-your-hand = Jouw hand
page-hand-of = Hand van { $who }
page-you = jij
page-to-act = { $who } is aan zet
page-your-turn = Jouw beurt
page-waiting = Wachten op { $who }
page-spectating = Je kijkt toe: alleen de open kaarten zijn te zien.
page-events = Wat er gebeurde
page-moves = Jouw keuzes
page-over = Partij voorbij
page-hidden = verborgen kaart
page-face-down = gedekt
page-connecting = Verbinden…
page-disconnected = Verbinding verbroken: opnieuw verbinden…
page-base = basisregels
page-new = Nieuwe partij
