# The words of de Cape & d'Épée at the terminal, in English: its moves,
# questions and hints (`text.rs`, `screen.rs`). The parent catalogue is
# the engine's for a table of columns (`src/play/columns/i18n/en.ftl`: the
# cards, events, board and scores), whose parent is the player's. Card
# and colour names are the rules', in the language of `--lang` where a
# names file gives them. Saves, scenario reports and logs use these
# English messages, so an English text here changes them.

## Moves
dc-move-place = place { $card } in column { $column }
dc-move-column = choose column { $column }
dc-move-card = choose { $card }
dc-move-decline = decline
dc-move-pass = pass (no card in hand)

## Questions, hints, scores
dc-ask-choice = { $who }: an ability asks you to choose
dc-ask-card = { $who }: the ability of { $card } asks you to choose
dc-ask-place = { $who }: place a card face down at the bottom of a column
dc-hint = The { $agent } AI would choose { $n }: { $mv }. Why: { $why }
dc-hint-estimate = Its estimate of your margin (points, and the columns you lead worth their objective): { $now } now, { $after } after.

## `rules`: the rules in force
dc-rules-head = The rules in force: { $players } players, { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }. Each reading of rulebook 003 (French) with its passage.
dc-rules-values = Values: { $values }.
dc-rules-reading = { $rule }: { $reading }

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
      explain CARD  the card's value, its ability and its rulebook passage
      log           the last events          save FILE   save the game to FILE
      help          this text                quit        save and stop (resume with
                                                          ludus play --resume FILE)
    A long text comes a page at a time: help 2, rules 2 for the next.
