# de Cape & d'Épée's words (English): card names, moves, the screen's words,
# the numbers and each toggle's reading (docs/descriptions.md sections 1 and 7).
# From the module's catalogues (src/games/de_cape_et_d_epee/i18n/en.ftl,
# src/play/columns/i18n/en.ftl).
card-name = { $deck ->
    [objectives] { $domain } { $points }
   *[other] { $colour } { $kind_name }
}
# A card short, on the board's columns (its owner's mark follows).
card-short = { $deck ->
    [objectives] { $domain } { $points }
   *[other] { $kind_name }
}
hidden-card = a hidden card
no-card = no card
moved = { $card }: { $from } → { $to }
game-over = The game is over.
index-name = { $zone } { $index }
option-lay = place { $card } in { $target }
option-pass = pass (no card in hand)
option-swap = swap this column's objective with { $target }'s
option-decline = decline
option-tuck = tuck { $card } under the Cloak
moved-told = { $to_zone ->
    [column] { $from_zone ->
        [hand] { $from_seat } places a card in { $to }
       *[other] { $card } moves from { $from } to { $to }
    }
    [discard] { $card } to { $to_seat }'s discard pile
    [won] { $to_seat } wins { $card }
    [hand] { $to_seat } draws { $count ->
        [one] a card
       *[other] { $count } cards
    }
   *[other] { $card }: { $from } → { $to }
}
card-value = { $deck ->
    [objectives] { $points } points, needs { $points } cards
   *[other] { $value }
}
counter-rounds = round { $value }
counter-score = { $value } pts
ask-lay = { $who }: place a card face down at the bottom of a column
ask-pass = { $who }: you hold no card; you pass
ask-swap = { $who }: the Traitor lets you swap this column's objective with another's
ask-tuck = { $who }: the Cloak lets you tuck a card of your hand under it, then draw
head-lay = place
head-pass = pass
head-swap = swap
head-decline = decline
head-tuck = tuck
not-now-lay = it is not your turn to place
not-now-pass = you still hold cards
not-now-swap = no Traitor is asking
not-now-tuck = no Cloak is asking
eval-term-1 = your points against the best other
eval-term-2 = the columns you lead, worth half their objective
# The numbers and each toggle's reading, for `rules`.
number-hand-size = Cards in hand: { $value }.
number-objectives-per-player = Objectives in the game per player: { $value }.
number-removed-at-two = With two players, the objectives of value { $value } are removed.
number-round-count = Rounds: { $value }.
number-draw-after-place = Cards drawn after a placement: { $value }.
number-multiplier = Six domains: the best of each domain counts { $value } times.
number-extra-card-cost = Six domains: each further objective costs { $value } point.
number-placement-cap = Not a rule: the game stops after { $value } placements.
number-column-capacity = Not a rule: a column takes at most { $value } cards by a placement or an Explorer.
number-column-room = Not a rule: a column holds at most { $value } cards.
number-max-frames = Not a rule: at most { $value } abilities run at once.
number-max-fires = Not a rule: at most { $value } abilities act after one placement (when an Explorer may act again).
rule-column-below-Farther = Below a card lies the card placed after it, farther from the objective.
rule-column-below-Nearer = Below a card lies the card it covers, nearer the objective.
rule-explorer-reveals-AboveInNewColumn = An Explorer turned up moves to the next column and turns up the card above it there.
rule-explorer-reveals-Nothing = An Explorer turned up moves to the next column and turns up nothing there.
rule-explorer-vs_assassin-ExplorerDiscarded = An Explorer that turns up an Assassin goes to the discard.
rule-explorer-vs_assassin-AssassinInert = An Explorer that turns up an Assassin is spared: only a card placed from a hand is discarded.
rule-explorer-no_column-StaysFaceUp = An Explorer with no column to go to (a Storm in every other) stays face up where it is.
rule-explorer-no_column-ToDiscard = An Explorer with no column to go to (a Storm in every other) goes to the discard.
rule-explorer-loop_guard-OncePerPlacement = An Explorer moves at most once per placement.
rule-explorer-loop_guard-Unbounded = An Explorer moves each time it is turned up again.
rule-traitor-chooser-Owner = The Traitor's owner chooses whether to swap two objectives.
rule-traitor-chooser-ActivePlayer = The player whose placement turned the Traitor up chooses the swap.
rule-cloak-tucked_counts-true = A card hidden under the Cloak counts in its column.
rule-cloak-tucked_counts-false = A card hidden under the Cloak does not count in its column.
rule-cloak-draw-OnlyIfTucked = The Cloak's owner draws a card only if he hid one under it.
rule-cloak-draw-Always = The Cloak's owner draws a card even if he hid none.
rule-round_end-check-AfterPlacement = A round ends once a placement and all it sets off are over, if every objective is realised.
rule-round_end-check-AfterEachEffect = A round ends as soon as every objective is realised, even in the middle of a chain of abilities.
rule-round_end-draw-Draws = The player whose placement ends the round still draws a card.
rule-round_end-draw-NoDraw = The player whose placement ends the round draws no card.
rule-round_end-order-DrawThenSettle = The player whose placement ends the round draws first, then the columns are settled.
rule-round_end-order-SettleThenDraw = The columns are settled first; the player whose placement ended the round draws after.
rule-end_steps-within_5-SetsThenAdds = At a round's end, values that are set (Romeo's 15) come before those added (Hermit, Little Giant, Dragons).
rule-end_steps-within_5-TableOrder = At a round's end, step 5 takes the cards in the order of the card list.
rule-value-floor-Zero = A card's value never goes below 0.
rule-value-floor-NoFloor = A card's value may go below 0.
rule-musketeers-pair-BothAct = Two Musketeers both act: every other card in the column loses its ability.
rule-musketeers-pair-CancelEachOther = Two Musketeers cancel each other: no ability is cancelled.
rule-two_copies-counts-EveryCopy = A second copy of a card (two Magicians) counts even if its ability does not act.
rule-two_copies-counts-ActiveCopies = A second copy of a card (two Magicians) counts only if its ability acts.
rule-sorceress-valueless-Eliminated = The Sorceress eliminates a card with no value yet (a Double) as one of 9 or less.
rule-sorceress-valueless-Spared = The Sorceress spares a card with no value yet (a Double).
rule-purge-value-BeforeModifiers = The Magician and the Sorceress compare values before the step-5 modifiers.
rule-purge-value-AfterModifiers = The Magician and the Sorceress compare values after the step-5 modifiers.
rule-eliminated-to-Discard = An eliminated card goes to its owner's discard.
rule-eliminated-to-OutOfGame = An eliminated card leaves the game.
rule-prince_squire-needs-BothActive = The Prince and the Squire take the objective only if both abilities act.
rule-prince_squire-needs-EitherActive = The Prince and the Squire take the objective if either ability acts.
rule-prince_squire-needs-BothPresent = The Prince and the Squire take the objective if both are in the column.
rule-double-copies-FinalValue = The Double copies the final value of the card below it.
rule-double-copies-PrintedValue = The Double copies the printed value of the card below it.
rule-award-claim_vs_beggar-ClaimWins = The Prince and Squire's claim on an objective comes before the Beggar.
rule-award-claim_vs_beggar-BeggarWins = The Beggar comes before the Prince and Squire's claim on an objective.
rule-beggar-takes_part-HasValuedCard = For the Beggar, a player takes part with a card of some value in the column.
rule-beggar-takes_part-HasCard = For the Beggar, a player takes part with any card in the column (a Double with no value counts 0).
rule-award-empty_column-Box = The objective of a column left with no card goes back to the box.
rule-award-empty_column-RoundEnder = The objective of a column left with no card goes to the player who ended the round.
rule-empty_hand-Pass = A player with no card in hand passes.
rule-scoring-choice-Best = A player who may count two ways takes the better count.
eliminated = { $card } is eliminated.
