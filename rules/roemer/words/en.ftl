# Römer's words (English): card names, options, and what `tell` says.
card-name = { $kind ->
    [caesar] { $colour } César
   *[other] { $colour } { $combat } ({ $points })
}
hidden-card = a hidden card
no-card = no card
moved = { $card }: { $from } → { $to }
game-over = The game is over.
option-trump = choose { $card } as trump card
option-lay = lay { $card } face down in the team
option-renew = change trump: discard the team, { $card } as new trump card
option-lead = lead { $card } to a trick
option-answer = play { $card } to the trick
chose-trump = { $seat } lays { $card } as trump card.
trick-won = { $seat } wins the trick with { $card }{ $cut ->
    [1] , cut by trump
   *[other] {""}
}.
lost-card = { $seat } loses the last card of the team to { $to }.
scored = { $seat } scores { $points } this round: { $total } in all.

## The screen (docs/descriptions.md section 6): what the terminal shows.
# Cards moved, as the narration and the recap tell them.
moved-told = { $to_zone ->
    [hand] { $from_zone ->
        [deck] { $seat } draws { $hidden ->
            [1] { $count ->
                [one] a card
               *[other] { $count } cards
            }
           *[0] { $card }
        }
       *[other] { $card } back to { $to_seat }'s hand
    }
    [trick] { $from_seat } plays { $card }
    [team] { $from_zone ->
        [hand] { $to_seat } lays { $card } in the team
        [team] { $card } goes from { $from_seat }'s team to { $to_seat }'s
       *[other] { $card } to { $to_seat }'s team
    }
    [discard_pile] { $from_zone ->
        [trick] the trick goes to the discard pile
        [team] { $from_seat } discards the team: { $card }
       *[other] { $card } to the discard pile
    }
    [deck] the cards go back to the draw pile
   *[other] { $card }: { $from } → { $to }
}
# A card's values, for `explain` (its attributes as arguments).
card-value = { $kind ->
    [caesar] 0 points, combat 0
   *[other] { $points } points, combat { $combat }
}
# The counters the board shows.
counter-rounds = rounds played: { $value }
counter-trump = trump { $value }
counter-score = { $value } pts
# What each choice asks (ask-<its first option>), with the counters as the
# one who decides reads them.
ask-trump = { $who }: choose your trump card. Its colour is your trump this round; it heads your team.
ask-lay = { $who }, your move: lay a card face down at the end of your team, change your trump (your team is discarded), or lead a trick.
ask-answer = { $who }: play a card to the trick. The led colour is { $led }: follow it to draw a card. Your trump { $trump } cuts; not following when a trump is played costs your last laid card.
# The grid's column heads: a word of each option's words, to type.
head-trump = trump
head-lay = lay
head-renew = change
head-lead = lead
head-answer = play
# Why a card may not be chosen for an option now.
not-now-trump = the rules in force want a trump card with a number, not a César
not-now-renew = the rules in force want a trump card with a number, not a César
not-now-lay = your team has no trump card to lay it behind
not-now-lead = it is not your lead
not-now-answer = it is not your turn to play to the trick
# The terms of the evaluation's sum (agents/greedy.ron), for the hint.
eval-term-1 = your score
eval-term-2 = your team's value
eval-term-3 = cards in your hand
# The numbers and each toggle's reading, for `rules`.
number-hand-size = Cards dealt to each player: { $value }.
number-team-length = A round ends when a team has { $value } cards (a trump card and its horses).
number-target = The game ends at a round's end when someone has { $value } points or more.
number-round-cap = Not a rule: a bound, the game stops after { $value } rounds.
rule-setup-start-FirstSeatClockwise = Start: the first seat starts the first round, and play goes clockwise.
rule-setup-caesar_chariot-Allowed = Trump card: any card may be one, a César too.
rule-setup-caesar_chariot-Forbidden = Trump card: it must carry a number (no César).
rule-score-position_one-Chariot = Positions: the trump card is position 1; a card of your trump colour scores its points times its position, the others once.
rule-score-position_one-FirstHorse = Positions: counted from the first card laid behind the trump card (the trump card counts once).
rule-trump-change_uses_turn-UsesTurn = Changing trump takes your turn: discard the team, lay the new trump card from your hand, draw a card.
rule-trump-change_uses_turn-Free = Changing trump is free: discard the team, lay the new trump card, draw, then play on.
rule-team-owner_looks-Looks = Your face-down team: you may look at it.
rule-team-owner_looks-Blind = Your face-down team: hidden from you too.
rule-trick-who_cuts-Own = Cutting: a card of its player's own trump colour beats the led colour.
rule-trick-who_cuts-Leader = Cutting: only the leader's trump colour beats the led colour.
rule-trick-who_cuts-Anyone = Cutting: a colour that is any player's trump beats the led colour.
rule-trick-ties-FirstPlayed = Equal cards in a trick: the first played wins.
rule-trick-ties-LastPlayed = Equal cards in a trick: the last played wins.
rule-trick-order-SeatOrderFromLeader = A trick: the others play in turn clockwise from the leader, each seeing the cards before his.
rule-draw-amount-OneCard = Drawing: one card each (nothing once the draw pile is empty).
rule-draw-amount-RefillHand = Drawing: back to a full hand.
rule-draw-leader_follows-Follows = An uncut trick: everyone who played the led colour, the leader too, draws.
rule-draw-leader_follows-DoesNotFollow = An uncut trick: those who answered in the led colour draw, not the leader.
rule-trick-cards_to-Discard = The trick's cards go to the discard pile.
rule-trick-cards_to-OutOfGame = The trick's cards go out of the game until the next round.
rule-penalty-trump-Any = Lost card: when a trump was played in the trick, whoever did not follow the led colour gives his last laid card to the winner.
rule-penalty-trump-Own = Lost card: only when his own trump colour was played in the trick.
rule-penalty-chariot-Kept = A trump card alone in its team is never lost.
rule-penalty-chariot-Taken = Even a trump card alone in its team may be lost.
rule-round-end_check-AfterTrick = The round ends after the whole trick, once a team is full.
rule-round-end_check-MidTrick = The round ends as soon as the winner's team is full, during the trick's lost cards.
rule-trick-next_mover-Winner = After a trick its winner moves next.
rule-trick-next_mover-LeftOfLeader = After a trick the leader's left neighbour moves next.
rule-round-starter-Rotates = Each round the next seat starts.
rule-round-starter-SameSeat = The same seat starts every round.
rule-game-end-AtRoundEnd = The game ends only at a round's end.
rule-game-tie-Shared = Equal best scores share the win.
rule-game-tie-PlayOn = Equal best scores play another round.
rule-points-values-AssumedInCards = Points (an assumption: no source gives them): 1 and 2 are worth 3, 3 and 4 worth 5, 5 and 6 worth 10, 7 worth 20.
