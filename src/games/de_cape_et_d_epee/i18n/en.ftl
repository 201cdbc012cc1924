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

## `rules`: each toggle's reading in words (dc-toggle-KEY, by its reading)
dc-toggle-column-below = { $reading ->
    [Farther] Below a card lies the card placed after it, farther from the objective.
   *[Nearer] Below a card lies the card it covers, nearer the objective.
    }
dc-toggle-explorer-reveals = { $reading ->
    [AboveInNewColumn] An Explorer turned up moves to the next column and turns up the card above it there.
   *[Nothing] An Explorer turned up moves to the next column and turns up nothing there.
    }
dc-toggle-explorer-vs_assassin = { $reading ->
    [ExplorerDiscarded] An Explorer that turns up an Assassin goes to the discard.
   *[AssassinInert] An Explorer that turns up an Assassin is spared: only a card placed from a hand is discarded.
    }
dc-toggle-explorer-no_column = { $reading ->
    [StaysFaceUp] An Explorer with no column to go to (a Storm in every other) stays face up where it is.
   *[ToDiscard] An Explorer with no column to go to (a Storm in every other) goes to the discard.
    }
dc-toggle-explorer-loop_guard = { $reading ->
    [OncePerPlacement] An Explorer moves at most once per placement.
   *[Unbounded] An Explorer moves each time it is turned up again.
    }
dc-toggle-traitor-chooser = { $reading ->
    [Owner] The Traitor's owner chooses whether to swap two objectives.
   *[ActivePlayer] The player whose placement turned the Traitor up chooses the swap.
    }
dc-toggle-cloak-tucked_counts = { $reading ->
    [true] A card hidden under the Cloak counts in its column.
   *[false] A card hidden under the Cloak does not count in its column.
    }
dc-toggle-cloak-draw = { $reading ->
    [OnlyIfTucked] The Cloak's owner draws a card only if he hid one under it.
   *[Always] The Cloak's owner draws a card even if he hid none.
    }
dc-toggle-round_end-check = { $reading ->
    [AfterPlacement] A round ends once a placement and all it sets off are over, if every objective is realised.
   *[AfterEachEffect] A round ends as soon as every objective is realised, even in the middle of a chain of abilities.
    }
dc-toggle-round_end-draw = { $reading ->
    [Draws] The player whose placement ends the round still draws a card.
   *[NoDraw] The player whose placement ends the round draws no card.
    }
dc-toggle-end_steps-within_5 = { $reading ->
    [SetsThenAdds] At a round's end, values that are set (Romeo's 15) come before those added (Hermit, Little Giant, Dragons).
   *[TableOrder] At a round's end, step 5 takes the cards in the order of the card list.
    }
dc-toggle-value-floor = { $reading ->
    [Zero] A card's value never goes below 0.
   *[NoFloor] A card's value may go below 0.
    }
dc-toggle-musketeers-pair = { $reading ->
    [BothAct] Two Musketeers both act: every other card in the column loses its ability.
   *[CancelEachOther] Two Musketeers cancel each other: no ability is cancelled.
    }
dc-toggle-two_copies-counts = { $reading ->
    [EveryCopy] A second copy of a card (two Magicians) counts even if its ability does not act.
   *[ActiveCopies] A second copy of a card (two Magicians) counts only if its ability acts.
    }
dc-toggle-sorceress-valueless = { $reading ->
    [Eliminated] The Sorceress eliminates a card with no value yet (a Double) as one of 9 or less.
   *[Spared] The Sorceress spares a card with no value yet (a Double).
    }
dc-toggle-purge-value = { $reading ->
    [BeforeModifiers] The Magician and the Sorceress compare values before the step-5 modifiers.
   *[AfterModifiers] The Magician and the Sorceress compare values after the step-5 modifiers.
    }
dc-toggle-eliminated-to = { $reading ->
    [Discard] An eliminated card goes to its owner's discard.
   *[OutOfGame] An eliminated card leaves the game.
    }
dc-toggle-prince_squire-needs = { $reading ->
    [BothActive] The Prince and the Squire take the objective only if both abilities act.
    [EitherActive] The Prince and the Squire take the objective if either ability acts.
   *[BothPresent] The Prince and the Squire take the objective if both are in the column.
    }
dc-toggle-double-copies = { $reading ->
    [FinalValue] The Double copies the final value of the card below it.
   *[PrintedValue] The Double copies the printed value of the card below it.
    }
dc-toggle-award-claim_vs_beggar = { $reading ->
    [ClaimWins] The Prince and Squire's claim on an objective comes before the Beggar.
   *[BeggarWins] The Beggar comes before the Prince and Squire's claim on an objective.
    }
dc-toggle-beggar-takes_part = { $reading ->
    [HasValuedCard] For the Beggar, a player takes part with a card of some value in the column.
   *[HasCard] For the Beggar, a player takes part with any card in the column (a Double with no value counts 0).
    }
dc-toggle-award-empty_column = { $reading ->
    [Box] The objective of a column left with no card goes back to the box.
   *[RoundEnder] The objective of a column left with no card goes to the player who ended the round.
    }
dc-toggle-empty_hand = A player with no card in hand passes.
dc-toggle-scoring-choice = A player who may count two ways takes the better count.
