# The words of `ludus play` in English. Each message has the same id in
# fr.ftl and nl.ftl; arguments are given by the code ($name, $n...).

## Hot-seat: the screen between two players
handover-title = { $name } to play.
handover-pass = Pass the screen to { $name }. { $name }, press Enter when only you can see it.
since-last-look = Since your last look:
hotseat-needs-terminal = --hotseat needs a terminal: between the two players the screen and its scrollback are wiped so that neither sees the other's cards, and this output is not a terminal (a pipe or a file). Play it in a terminal, or play against the AI (without --hotseat).
