# The words of a table of columns at the terminal, in English, whatever
# the game (`src/play/columns/`): its cards, the events of its table, its
# board and scores. The parent catalogue is the player's
# (`src/play/i18n/en.ftl`); a column game's own catalogue has this one as
# its parent. Card, colour and column head names are the rules' ($kind,
# $colour, $objective), in the language of `--lang` where a names file
# gives them. Saves, scenario reports and logs use these English messages,
# so an English text here changes them.

## A card: its seat's colour and its kind; one the viewer may not see
col-card = { $colour } { $kind }
col-hidden-card = a { $colour } card

## The events of the table
col-placed = { $card } placed in column { $column }
col-revealed = { $card } turned up
col-moved = { $card } moves to column { $column }
col-discarded = { $card } to the discard pile
col-sealed = column { $column } is closed
col-swapped = the objectives of columns { $a } and { $b } change places
col-tucked = { $card } tucked face down
col-eliminated = { $card } eliminated
col-round-ended = round { $round } ends
col-settled = { $objective }: { $cards } -> { $winner }
col-nobody = nobody
col-no-value = none
col-game-over = the game is over

## The board
col-round = Round { $round } of { $rounds }
col-column = { $n } { $objective }:
col-column-sealed = { $n } { $objective } (sealed):
col-seat = { $name }: { $points } { $points ->
        [one] point
       *[other] points
    }, reserve { $reserve }, discard { $discard }; { $hand }; won: { $won }
col-hand = hand { $cards }
col-hand-size = { $n } in hand
col-grid-head = card \ column
col-legend = Kind/C: a face-up card of colour C; [C]: a face-down card of colour C; (Kind)/C: your own face-down card

## Scores
col-score = { $who }: { $points } { $points ->
        [one] point
       *[other] points
    }
col-wins = { $who } wins
col-shared = a shared victory

## Values; why a placement helps (the hint)
col-value-home = { $value } ({ $domain } { $home })
col-why-keep-lead = in column { $column } ({ $objective }) you stay ahead on what you see: you { $mine }, the best other { $other } (a card you cannot see counts { $unseen }).
col-why-take-lead = in column { $column } ({ $objective }) you go ahead on what you see: you { $mine }, the best other { $other } (a card you cannot see counts { $unseen }).
col-why-draw-level = in column { $column } ({ $objective }) you draw level on what you see: you { $mine }, the best other { $other } (a card you cannot see counts { $unseen }).
col-why-trail = in column { $column } ({ $objective }) you stay behind on what you see: you { $mine }, the best other { $other } (a card you cannot see counts { $unseen }).
col-valueless = no value of its own
