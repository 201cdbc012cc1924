# What each action card does, in plain words, by its id in cards.ron: `ludus play`
# says it when the card is played (--lang en). A card without a line here is
# played without one.
assassination = (It takes one of the opponent's face-up influence cards off the table.)
spy = (Its player looks at the opponent's hand and picks a card there that must be discarded.)
rochade = (Its player takes back his cards at two groups and lays them again face down, shared between those two groups.)
scout = (It turns face up the opponent's face-down cards at one group.)
wrath = (Every influence card at one group, of both sides, leaves the table.)
veto = (Played in answer, it cancels the opponent's action card.)
