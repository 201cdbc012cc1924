# Caesar & Cleopatra's words at the terminal (`ludus play`) in English: its
# moves, events, board, typed forms and rulebook quotes, and the generic
# messages it words for itself (help, undo-floor, rest-only-arranging).
# The generic words are in src/play/i18n/. Each message has the same id in
# fr.ftl and nl.ftl; arguments are given by the code ($name, $n...).

## Moves (as in the save files' move texts)
face-down = face down
face-up = face up
face-up-short = up
face-down-short = down
move-arrange = put { $card } next in the action reserve
move-setup = set up { $card } ({ $value })
move-pass = stay passive
move-place = place { $card } ({ $value }) { $face } at the { $group }
move-end-placement = place no more cards
move-play = play { $card }
move-discard = discard { $card }
move-end-discard = stop discarding
move-draw-influence = draw from the influence reserve
move-draw-action = draw from the action reserve
move-vote = turn up the vote card
move-choose = choose { $target }
move-decline = decline
target-group = the { $group }
target-table = { $owner }'s { $card } ({ $value }, { $face }) at the { $group }
target-hand = { $card } from { $owner }'s hand

## Steps of a turn
phase-arrange = ordering the action reserve
phase-setup = setting up
phase-turn-start = start of the turn
phase-placing = placing influence
phase-refill = refilling the hand
phase-passive = passive turn, discarding
phase-before-vote = before the vote card
phase-lone = placing all influence, alone
phase-effect = resolving an action card
phase-game-over = game over

## Events
a-card = a card
ev-mission = { $who } draws the mission card { $mission }.
ev-mission-hidden = { $who } draws a mission card.
ev-arranged = { $who } orders the action reserve.
ev-setup = { $who } sets up { $card } face down at the { $group }.
ev-turn = Turn { $turn }: { $who }.
ev-passive = { $who } stays passive.
ev-placed = { $who } places { $card } { $face } at the { $group }.
ev-discarded = { $who } discards { $card }.
reserve-influence = the influence reserve
reserve-action = the action reserve
ev-drew = { $who } draws { $card } from { $from }.
ev-drew-hidden = { $who } draws a card from { $from }.
ev-vote-card = Vote card: { $card }.
ev-vote-removed = { $card } names an exhausted group and leaves the game.
ev-shuffled = The vote cards are shuffled.
ev-orgy-removed = { $card } goes back to the box (orgy variant).
ev-vote = Vote at the { $group }: { $p0 } { $t0 }, { $p1 } { $t1 }; { $result }.
ev-vote-extraordinary = Extraordinary vote at the { $group }: { $p0 } { $t0 }, { $p1 } { $t1 }; { $result }.
vote-tie = a tie: nothing moves
vote-postponed = a lone Philosopher: the decision is postponed
vote-won = { $who } wins
vote-won-inverted = { $who } wins (the Philosopher inverts the vote)
ev-revealed = { $who } reveals { $card } at the { $group }.
ev-influence-lost = { $who }'s { $card } at the { $group } leaves the table for the discard pile.
ev-patrician = { $who } takes a patrician of the { $group }.
ev-exhausted = The { $group } are all won: the influence cards there are discarded.
ev-lone = { $other } has no influence cards left; { $who } plays on alone.
ev-action-played = { $who } plays { $card }.
ev-action-answer = { $who } plays { $card } in answer.
ev-action-fizzled = { $card } has no target: it has no effect.
ev-action-resolved = { $card } is resolved.
ev-action-cancelled = { $card } is cancelled.
ev-looked = { $who } looks at { $owner }'s hand: { $cards }.
ev-looked-hidden = { $who } looks at { $owner }'s hand.
ev-removed-at = { $owner }'s { $card } at the { $group } leaves the game.
ev-removed = { $owner }'s { $card } leaves the game.
ev-discarded-by = { $bywho }'s { $bycard } makes { $who } discard { $card }.
ev-influence-lost-by = { $bywho }'s { $bycard } sends { $who }'s { $card } at the { $group } to the discard pile.
ev-removed-at-by = { $bywho }'s { $bycard } takes { $owner }'s { $card } at the { $group } out of the game.
ev-removed-by = { $bywho }'s { $bycard } takes { $owner }'s { $card } out of the game.
ev-revealed-by = { $bywho }'s { $bycard } turns up { $who }'s { $card } at the { $group }.
ev-taken = { $who } takes back { $card } from the { $group }.
ev-game-over = Game over ({ $reason }): { $p0 } { $s0 }, { $p1 } { $s1 }.
end-all_patricians = all patricians
end-no_influence = no influence
end-lone_player = lone player
end-turn_cap = turn cap

## The score
score-patricians = { $n } { $n ->
    [one] patrician
   *[other] patricians
    } +{ $pts }
score-majority = majority +{ $pts }
score-whole = whole group +{ $pts }
score-mission-fulfilled = mission { $mission } (at least { $n } { $group }): { $has } won, fulfilled +{ $pts }
score-mission-failed = mission { $mission } (at least { $n } { $group }): { $has } won, failed +{ $pts }
score-mission-open = mission { $mission } (at least { $n } { $group }): { $has } won, not fulfilled +{ $pts }
score-check = (the items above add up to { $sum })
score-head = { $who }: { $points } { $points ->
    [one] point
   *[other] points
    }, { $pats } { $pats ->
    [one] patrician
   *[other] patricians
    }
result = Result:
result-going-on = The game goes on.
result-lead = { $who } { $over ->
    [yes] wins
   *[no] leads
    }, { $a } to { $b }.
result-tie-break = Equal on points ({ $pts } each): { $who } { $over ->
    [yes] wins
   *[no] leads
    } on the tie-break, { $a } patricians to { $b }.
result-no-tie-break = Equal on points ({ $pts } each); the rules give no tie-break: { $over ->
    [yes] a draw
   *[no] level
    }.
result-draw = Equal on points ({ $pts } each) and on patricians ({ $pats } each): { $over ->
    [yes] a draw
   *[no] level
    }.

## The board
col-won = won
title-setup = Setting up
title-turn = Turn { $turn }
title-game-over = { $when } - game over
title-to-play = { $when } - { $who } to play ({ $step })
title-to-answer = { $when } - { $seat }'s turn, { $who } to answer ({ $step })
col-group = group
col-left = left
col-cards = cards
all-won = all won
frozen = frozen
board-legend = The board: [3] face down, [?] hidden, (n) cards there, won: patricians won by each side; at most { $side } cards a side at a group, { $group } in all.
list-sep = {"; "}
empty = empty
none = none
zone-mission = Mission
your-hand = Your hand: { $cards }
your-mission = Your mission: { $mission }
their-hand = { $who }'s hand: { $cards }
their-mission = { $who }'s mission: { $mission }
mission-line = { $mission } (at least { $n } { $group }: { $won } won so far)
other-hand = { $who }'s hand: { $n } { $n ->
    [one] card.
   *[other] cards.
    }
reserve-of = { $who } { $influence } influence + { $action } action
reserves = Reserves: { $list }
vote-deck = Vote deck: { $n } face down, { $up } turned up
vote-out = { $n } out of the game
points = { $n } { $n ->
    [one] point
   *[other] points
    }
points-now = { $points }
points-now-secret = { $points } (+ { $bonus } with the secret mission)
won = Points: { $list }
plays-alone = { $who } plays on alone.

## The question and the choices
q-arrange = { $who }: which action card next (from the top) in your action reserve? (rest: the others as listed)
q-setup-at = { $who }: which card goes face down at the { $group }?
q-setup = { $who }: which card do you set up?
q-turn-start = { $who }, your turn: stay passive, place influence or play an action card.
q-placing = { $who }: a second card ({ $face }), or stop if one is enough.
q-placing-second = { $who }: your second card ({ $face }): this placement is two cards.
q-refill = { $who }: refill your hand to { $n } cards, one draw at a time.
q-passive = { $who }: passive turn. Discard any cards, then stop (you refill after).
q-before-vote = { $who }: end your turn with the vote card.
q-lone = { $who }: place your influence cards.
q-answer = { $who }: { $player } plays { $card }. Answer it with a card, or let it pass?
q-effect-own = { $who }: your { $card }. Choose:
q-effect-other = { $who }: { $player }'s { $card }. Choose:
q-choose = { $who }: choose:
q-game-over = The game is over.
choice-discard = discard { $card }
enter-only-choice = (Enter takes the only choice)
grid-head = Place ({ $faces }): the number under the group, or type e.g. "{ $example }"
target-grid-head = A card, by group: the number before it, or type e.g. "{ $example }".
target-grid-down = [3]: face down.
## What the player types, and the answers
not-a-move = "{ $line }" is neither a command nor a move
not-possible-now = "{ $line }": that kind of move is not possible now
matches-none = "{ $line }" matches none of the legal moves
matches-none-word = "{ $line }" matches none of the legal moves of that kind: none of them has "{ $word }" now (not in your hand, or not allowed there)
matches-none-together = "{ $line }" matches none of the legal moves of that kind: each word fits one of them, but none fits them all together
rest-only-arranging = rest: only while ordering the action reserve. Legal here:
no-card-to-answer = (You hold no card to answer it with.)
no-answer = { $who } does not answer.
draws-nothing = { $who } draws nothing.
someone-moves = { $who }: { $mv }.
undo-floor = Nothing to take back: only your own choices of this turn can be, back to the last one that revealed something (a card drawn, a vote card, a card looked at or revealed) or let the opponent move.
score-mine = { $points } (your mission included)
score-now = { $who }: { $n } { $n ->
    [one] patrician
   *[other] patricians
    }, { $points }
help =
    Choose a move by its number, or type it:
      p 5 sen d     place a 5 face down at the Senators (Philosopher: "p p cen d")
      p 3 pra u     place a 3 face up at the Praetors
      pass          stay passive this turn;  x 2 = discard a 2;  end = stop
      a NAME        play the action card NAME (first letters of its name)
      c sen         the Senators as a card's target; c 3 sen u opp: a card there
      d i / d a     draw from the influence / action reserve
      v             turn up the vote card (ends an active turn)
      no            let the opponent's card pass, or skip an optional draw
      r NAME / rest setup: this action card next in your reserve / the rest
      Enter         the only choice, when there is one
    Commands:
      board         the table again          score    the points so far
      rules         the rule in force now, with its rulebook passage
      hint          what the AI would do here, and why
      explain CARD  what a card is worth and does (help 2, rules 2: next page)
      undo          take back your last choice of this turn (not past a card drawn,
                    a vote card, a card looked at or revealed, an opponent's move)
      log           the last events          save FILE   save the game to FILE
      help          this text                quit        save and stop (resume with
                                                          ludus play --resume FILE)

## Typed words: each list's first word is the one short forms show
words-place = p place put
words-setup = s set setup
words-arrange = r arrange order
words-pass = pass passive
words-end = end e done stop enough
words-play = a act action play
words-choose = c choose pick t target
words-decline = no n decline skip
words-discard = x discard drop
words-draw = d draw
words-vote = v vote
words-face-down = d down hidden h fd
words-face-up = u up open o fu
words-me = me my mine own
words-opp = opp opponent his her their
words-influence = influence
words-action = action

## Hints
hint = The { $ai } AI would { $mv } (choice { $n }, or type "{ $typed }"): { $why }.
hint-estimate = Its estimate of your final margin: { $now } now, { $after } after.
why-setup = a { $value } there suits that group best by its reckoning
why-arrange = { $card } first: it comes to your hand earliest
why-pass = nothing worth placing now; a passive turn lets you change cards
why-discard = { $card } is the card you need least
why-end-discard = the rest of your hand is worth keeping
why-end-placement = one card is enough this turn
why-play = { $card } pays off now
why-group = the { $group } is where it matters most
why-target = that target hurts { $opp } most
why-decline = keep your cards for later
why-draw-influence = you hold { $n } influence { $n ->
    [one] card
   *[other] cards
    }; more let you place
why-draw-action = you hold { $n } action { $n ->
    [one] card
   *[other] cards
    }; one more gives you options
why-vote = nothing more to do this turn
why-philosopher = a Philosopher turns the vote there
why-lead = it takes the lead at the { $group }
why-stronger = it strengthens your lead at the { $group }
why-closer = it closes in at the { $group }
why-count = you { $me }, { $opp } { $theirs } showing{ $hidden ->
    [0] {""}
    [one] {" "}and { $hidden } hidden card
   *[other] {" "}and { $hidden } hidden cards
    }
why-hidden = face down, { $opp } cannot see it

## The rules in force (the command `rules`)
rules-from-base = base rules
rules-from-variant = variant { $id }
rules-title = Rules in force: { $selection }. Now: { $step }.
rules-this-step = This step:
rules-other = The other rules:
rules-table = The table:
rules-group = { $name } { $n } (majority { $majority })
rules-groups = The patricians: { $groups }; { $total } in all.
rules-counted = { $name } (×{ $n })
rules-votes = The vote cards: { $cards }.
rules-mission = { $name } (×{ $n }: at least { $at } { $group })
rules-missions = Each player draws { $n } secret { $n ->
    [one] mission
   *[other] missions
    } among: { $missions }.
rules-cards = The cards of { $who }:
rules-influence = Influence cards: { $cards }.
rules-influence-card = { $name } { $value } (×{ $n })
rules-philosopher = { $name } (×{ $n }): no value; it turns a vote around.
rules-action = { $name } (×{ $n }): { $what }
rule-unworded = { $key }: { $value }
rule-or = {" "}or{" "}
rule-pattern = { $cards } { $cards ->
    [one] card
   *[other] cards
    } { $face }
rule-card-count = { $n } × { $card }
rule-turn-placements = An active player places { $patterns }.
rule-turn-action_timing = { $value ->
    [AnyTime] An action card may be played at any moment of one's turn.
   *[BeforeRefill] An action card may be played only before refilling the hand.
    }
rule-turn-actions_per_turn = { $value ->
    [one] One action card
   *[other] Up to { $value } action cards
    } a turn.
rule-turn-extraordinary_vote = { $value ->
    [AfterRefill] The extraordinary vote comes at the end of the turn, after refilling the hand.
   *[BeforeRefill] The extraordinary vote comes at the end of the turn, before refilling the hand.
    }
rule-turn-extraordinary_tie = { $value ->
    [Frozen] After a tied extraordinary vote no influence card may be added to the group: only an action card breaks the tie.
   *[OpenBelowLimit] After a tied extraordinary vote influence cards may be added again where the group has room.
    }
rule-turn-action_without_placement = { $value ->
    [true] A player who can place no influence card may still play an action card.
   *[false] A player who can place no influence card can only pass.
    }
rule-turn-exhausted_vote_card = { $value ->
    [RemoveWhenDrawn] A vote card naming a group all won leaves the game when it is drawn, and the next one is turned up.
   *[RemoveAtOnce] A vote card naming a group all won leaves the game as soon as the group is.
    }
rule-turn-reshuffle = { $value ->
    [DrawAndDiscard] When the vote cards run out, the draw pile and the discard pile are shuffled together.
   *[DiscardOnly] Only the discarded vote cards are shuffled, and go beneath the cards still in the draw pile.
    }
rule-turn-lone_philosopher = { $value ->
    [Postponed] A lone Philosopher at a vote postpones the decision; it stays face up.
   *[PlacerWins] A lone Philosopher at a vote wins it for the player who placed it.
    }
rule-turn-lone_player = A player left alone { $draws ->
    [true] still draws from the reserve
   *[false] no longer draws
    }, { $votes ->
    [true] still turns up the vote cards
   *[false] turns up no vote card
    }, and places { $all ->
    [true] all the cards at once
   *[false] turn by turn
    }.
rule-turn-orgy_removal = { $value ->
    [true] { $timing ->
        [FirstDrawnAfterTwoGroups] Once two groups are won, the first orgy drawn goes back to the box; its effect still applies.
        [NextDrawnAfterTwoGroups] The vote card drawn right after the second group is won goes back to the box if it is an orgy.
       *[other] As soon as the second group is won, an orgy leaves the game.
        }
   *[other] No orgy goes back to the box during the game.
    }
rule-setup-set_aside = Before shuffling the influence reserve, each player sets aside { $cards }.
rule-setup-placed_per_group = At the setup each player places { $value } { $value ->
    [one] card
   *[other] cards
    } face down at each group.
rule-setup-action_reserve = { $value ->
    [Chosen] Each player orders the action reserve as he likes.
   *[Shuffled] The action reserve is shuffled.
    }
rule-setup-first_player = { $who } plays first.
rule-setup-orgies_removed_before_game = { $value ->
    [0] No orgy is taken out of the vote cards before the game.
    [one] One orgy is taken out of the vote cards before the game.
   *[other] { $value } orgies are taken out of the vote cards before the game.
    }
rule-limits-per_side = At most { $value } influence cards on one side of a group.
rule-limits-per_group = At most { $value } influence cards at a group, both sides together.
rule-limits-hand_size = A hand is refilled to { $value } cards.
rule-limits-extraordinary_vote_at = A group with { $value } influence cards calls an extraordinary vote.
rule-limits-turn_cap = A game stops after { $value } turns at most (a safeguard; the rulebooks need none).
rule-scoring-per_patrician = Each patrician won is worth { $value } { $value ->
    [one] point
   *[other] points
    }.
rule-scoring-majority_bonus = A majority of a group's patricians earns { $value } more { $value ->
    [one] point
   *[other] points
    }.
rule-scoring-whole_group_bonus = A whole group earns { $value } more { $value ->
    [one] point
   *[other] points
    }.
rule-scoring-mission_bonus = A secret mission fulfilled earns { $value } { $value ->
    [one] point
   *[other] points
    }.
rule-scoring-tie_break = { $value ->
    [MostPatricians] A tie on points goes to the player with more patricians.
   *[Draw] A tie on points is a draw.
    }
rulebook-arrange = 000: "Les joueurs rassemblent leurs cartes " Action " et les trie selon l'ordre qui lui convient. Le joueurs les dispose alors devant lui à côté de la pile numéro 1 et forme ainsi la pile de réserve numéro 2."
rulebook-setup = 000: "Les joueurs doivent maintenant déposer 5 cartes (avec les valeurs numérotées de 1 à 5) cachées sur un côté des cartes " patricien ", une carte par groupe. Chaque joueur choisit librement quelle carte va avec quel tas. Les 5 cartes restantes (valeur de 1 à 5) sont prises dans la main."
rulebook-turn = 000: "Le joueur dont c'est le tour à deux possibilité : A) Il devient ACTIF. Il peut jouer une carte " action ". Il pose une ou deux cartes " influence ". Il complète sa main. Il pose une question de confiance. B) Il reste PASSIF. Le joueur ne peut alors que défausser des cartes."
rulebook-limits = 000: "Un groupe de patricien ne peut pas comporter plus de 5 cartes " Influence " du même côté. Un groupe de patriciens ne peut comporter plus de 8 cartes " Influence " au total."
rulebook-refill = 000: "Lorsque un jouer a joué les cartes qu'il désirait, il remplit sa main de manière à en avoir 5."
rulebook-passive = 000: "Si le jouer ne peut pas ou ne veut pas intervenir dans le jeu, il peut passer son tour. Dans ce cas, il peut défausser des cartes quelconques de sa main en les mettant sur sa pile de défausse et reprendre des cartes appropriées de ses piles de réserve. Il ne tire pas de carte " Question de confiance "."
rulebook-vote-card = 000: "A la fin de son tour, le joueur découvre la carte au sommet de la pile " Question de confiance "."
rulebook-vote = 000: "Le joueur ayant la plus grosse influence gagne et conserve la carte " Patricien " se trouvant au sommet de la pile. [...] Le gagnant perd la carte la plus haute qu'il a jouée sur ce groupe. Le perdant perd la carte la plus basse."

## `explain`: a card without a number
card-value-action = none: an action card
card-value-philosopher = none: it turns a vote around
