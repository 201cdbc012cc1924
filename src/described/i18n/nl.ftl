ds-ask = { $who }: jouw zet
ds-hint = { $agent } zou { $n } kiezen: { $mv }
ds-score = { $seat }: { $points } punten
ds-board-title = { $game }: { $who } is aan zet
ds-board-over = { $game }: het spel is voorbij
ds-result-win = { $seat } wint.
ds-result-tie = Gelijkspel tussen { $seats }.
ds-legend = Een kaart die je niet kunt zien wordt als zodanig getoond; elke zone toont haar kaarten van onder naar boven.
