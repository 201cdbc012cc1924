# The words of any described game at the terminal, in English: the
# board, the grid of moves, the question, the hint, the score. A described
# game's own words (its options, its `tell` sentences, its cards' names,
# the heads of the grid's columns, its rules) are in its rules folder's
# `words/*.ftl`. The parent catalogue is the player's.
ds-ask = { $who }: your move
ds-hint = The { $agent } AI would choose { $n }: { $mv }. { $why }
ds-gain = { $term } { $delta }
ds-why-now = It changes { $gains }.
ds-why-after = Once the others have answered: { $gains }.
ds-why-even = It changes nothing the AI counts at once: it keeps your other cards for later.
ds-score = { $seat }: { $points } points
ds-board-title = { $game }: { $who } to move
ds-board-over = { $game }: the game is over
ds-result-win = { $seat } wins.
ds-result-tie = A tie between { $seats }.
ds-you = { $name } (you)
ds-pile = { $zone }: { $cards }
ds-pile-count = { $zone } { $n }
ds-pile-top = { $zone } { $n } (top: { $top })
ds-pile-below = { $zone } { $n } (below)
ds-card-of = { $card } by { $seat }
ds-and-hidden = { $cards } + { $n } hidden
ds-cards = { $n ->
    [one] a card
   *[other] { $n } cards
}
ds-hidden-cards = { $n } hidden cards
# A seat in a line told for every seat in turn: `reserve (each player)`.
ds-each-seat = each player
# An index of the board's indexed zones (a column) and its number of cards.
ds-index-head = { $index } ({ $n }):
# A typed move whose target (a number) is not offered, with those that are.
ds-not-target = { $mv }: not { $typed } here (here: { $targets })
ds-stopped = stopped at a bound
ds-shuffled = { $pile } shuffled
ds-not-offered = that is not a move now
# An option's moves to several targets, in a line: each `n) target`.
ds-targets = { $option }: { $targets }
ds-why-not = { $mv }: { $why }
ds-not-in = there is no { $card } in { $pile }
ds-rules-head = The rules in force for { $players } players, each with the passage of rulebook { $rulebook } it reads:
ds-legend = The board: a line for the table, then a line per seat: its counters and its piles, bottom card first; a card you cannot see is counted (+ 3 hidden). The grid: a row per card (×2: two such cards), a column per move; · marks a move that card does not allow.
# `help`'s examples, from the moves of the moment: a move typed short, a card to explain.
ds-examples = Here, for example: { $mv } (a move) · explain { $card }

## `help`, in the terms of a described game (a grid of moves)
help =
    Choose a move by its number in the grid: a row for each card (the same
    cards once, ×2 for two of them), a column for each thing to do with it.
    Or type the move's words: the column's word and the card.
    Commands:
      board         the table again          score    the points so far
      rules         the rules in force, with the rulebook's passages
      hint          what the AI would do here, and why
      explain CARD  a card's values and what it does
      undo          take back your last choice, when it showed nothing
      log           the last events          save FILE   save the game to FILE
      help          this text                quit        save and stop (resume with
                                                          ludus play --resume FILE)
    A long text comes a page at a time: rules 2 for the next.
# An index of an indexed zone (a move's target): `column 2`.
index-name = { $zone } { $index }
