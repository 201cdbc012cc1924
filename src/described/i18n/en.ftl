# The words of any described game at the terminal, in English: the
# question, the hint, the score. A described game's own words (its
# options, its `tell` sentences, its cards' names) are in its rules
# folder's `words/*.ftl`. The parent catalogue is the player's.
ds-ask = { $who }: your move
ds-hint = { $agent } would choose { $n }: { $mv }
ds-score = { $seat }: { $points } points
ds-board-title = { $game }: { $who } to move
ds-board-over = { $game }: the game is over
ds-result-win = { $seat } wins.
ds-result-tie = A tie between { $seats }.
ds-legend = A card you cannot see is shown as such; each zone lists its cards bottom first.
