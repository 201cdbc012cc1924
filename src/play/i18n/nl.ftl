# De woorden van `ludus play` in het Nederlands (dezelfde namen als en.ftl).

## Met z'n tweeën aan één scherm
handover-title = { $name } is aan de beurt.
handover-pass = Geef het scherm aan { $name }. { $name }, druk op Enter zodra alleen jij het ziet.
since-last-look = Sinds je laatste blik:
hotseat-needs-terminal = --hotseat heeft een terminal nodig: tussen de twee spelers worden het scherm en zijn geschiedenis gewist zodat niemand de kaarten van de ander ziet, en deze uitvoer is geen terminal (een pijp of een bestand). Speel in een terminal, of tegen de AI (zonder --hotseat).
