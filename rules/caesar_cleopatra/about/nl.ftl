# Wat elke aktiekaart doet, in gewone woorden, per id in cards.ron:
# `ludus play --lang nl` zegt het wanneer de kaart gespeeld wordt.
assassination = (Ze haalt een open invloedkaart van de tegenstander van tafel.)
spy = (Haar speler bekijkt de hand van de tegenstander en kiest daar een kaart die afgelegd moet worden.)
rochade = (Haar speler neemt zijn kaarten bij twee groepen terug en legt ze gedekt opnieuw, verdeeld over die twee groepen.)
scout = (Ze draait de gedekte kaarten van de tegenstander bij één groep open.)
wrath = (Alle invloedkaarten bij één groep, van beide kanten, verlaten de tafel.)
veto = (Als antwoord gespeeld annuleert ze de aktiekaart van de tegenstander.)
