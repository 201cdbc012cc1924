# De woorden van `ludus play` in het Nederlands (dezelfde namen als en.ftl).

## Met z'n tweeën aan één scherm
handover-title = { $name } is aan de beurt.
handover-pass = Geef het scherm aan { $name }. { $name }, druk op Enter zodra alleen jij het ziet.
since-last-look = Sinds je laatste blik:
hotseat-needs-terminal = --hotseat heeft een terminal nodig: tussen de twee spelers worden het scherm en zijn geschiedenis gewist zodat niemand de kaarten van de ander ziet, en deze uitvoer is geen terminal (een pijp of een bestand). Speel in een terminal, of tegen de AI (zonder --hotseat).

## Opslaan en stoppen
resume-ignores = De opgeslagen partij legt de regels, het zaad en de spelers vast; genegeerd: { $options }.
autosave-failed = Automatisch opslaan in { $path } is mislukt ({ $error }): de partij is niet opgeslagen. Typ save BESTAND om haar elders te bewaren (bijvoorbeeld: save { $suggestion }); ze wordt daar dan bij elke vraag opgeslagen.
autosave-moved = Automatisch opslaan was mislukt: voortaan wordt de partij bij elke vraag in dit bestand opgeslagen.
saved-in = De partij is opgeslagen in { $path } ({ $moves } zetten). Verder spelen met: ludus play --resume { $path }
not-saved = De partij is NIET opgeslagen: automatisch opslaan in { $path } is mislukt.
autosave-off = Automatisch opslaan staat uit: alleen een partij opgeslagen met save BESTAND kan verder gespeeld worden.
stopped = Gestopt.
stopped-why = Gestopt ({ $why }).
save-needs-file = Geef een bestandsnaam: save BESTAND
save-not-a-save = { $path } bestaat al en is geen Ludus-partij.
save-refused = Niet opgeslagen, om het niet te vernietigen: kies een andere bestandsnaam.
save-overwrite-ask = Overschrijven? (ja/nee)
save-not-done = Niet opgeslagen.
saved-to = Opgeslagen in { $path } ({ $moves } zetten). Verder spelen met: ludus play --resume { $path }
save-failed = Kan niet opslaan in { $path }: { $error }
quit-save-elsewhere = Een bestand om de partij in op te slaan (Enter: stoppen zonder opslaan)?
finished-saved = De partij is opgeslagen in { $path }. Opnieuw bekijken met: ludus replay { $path }
yes-words = j ja
