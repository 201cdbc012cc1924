# The words of de Cape & d'Épée at the terminal, in English: its moves,
# events, board and questions (`text.rs`, `board.rs`, `screen.rs`). The
# parent catalogue is the player's (`src/play/i18n/en.ftl`). Card, domain
# and colour names are the rules' ($kind, $colour, $domain), in the
# language of `--lang` where a names file gives them. Saves, scenario
# reports and logs use these English messages, so an English text here
# changes them.

## A card: its colour and its kind; one the viewer may not see
dc-card = { $colour } { $kind }
dc-hidden-card = a { $colour } card

## Moves
dc-move-place = place { $card } in column { $column }
dc-move-column = choose column { $column }
dc-move-card = choose { $card }
dc-move-decline = decline
dc-move-pass = pass (no card in hand)

## Events
dc-placed = { $card } placed in column { $column }
dc-revealed = { $card } turned up
dc-moved = { $card } moves to column { $column }
dc-discarded = { $card } to the discard pile
dc-sealed = column { $column } is closed
dc-swapped = the objectives of columns { $a } and { $b } change places
dc-tucked = { $card } tucked face down
dc-eliminated = { $card } eliminated
dc-round-ended = round { $round } ends
dc-settled = { $objective }: { $cards } -> { $winner }
dc-nobody = nobody
dc-no-value = none
dc-game-over = the game is over

## The board
dc-round = Round { $round } of { $rounds }
dc-column = { $n } { $objective }:
dc-column-sealed = { $n } { $objective } (sealed):
dc-seat = { $name }: { $points } { $points ->
        [one] point
       *[other] points
    }, reserve { $reserve }, discard { $discard }; { $hand }; won: { $won }
dc-hand = hand { $cards }
dc-hand-size = { $n } in hand
dc-grid-head = card \ column
dc-legend = Kind/C: a face-up card of colour C; [C]: a face-down card of colour C; (Kind)/C: your own face-down card

## Questions, hints, scores
dc-ask-choice = { $who }: an ability asks you to choose
dc-ask-place = { $who }: place a card face down at the bottom of a column
dc-hint = { $agent } would choose { $n }: { $mv }
dc-score = { $who }: { $points } { $points ->
        [one] point
       *[other] points
    }
dc-wins = { $who } wins
dc-shared = a shared victory

## `help`, in this game's terms (its typed moves are its words)
help =
    Choose a move by its number, or type its words: the start of a card's
    name and the column's number (NAME 2), or choose, decline, pass
    (Enter: the only choice, when there is one).
    Commands:
      board         the table again          score    the points so far
      rules         the rule in force now, with its rulebook passage
      hint          what the AI would do here, and why
      undo          take back your last choice of this turn
      log           the last events          save FILE   save the game to FILE
      help          this text                quit        save and stop (resume with
                                                          ludus play --resume FILE)
