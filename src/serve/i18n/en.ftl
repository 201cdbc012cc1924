# The words of `ludus serve` (its page and its messages) in English. Each
# message has the same id in fr.ftl and nl.ftl. Messages starting with
# `page-` are sent to the page (`/api/words`).

## The server's lines at the terminal
listening = Ludus is serving on { $url }
reach-local = Only this computer can reach it (it listens on { $addr }). To play across a room: ludus serve --listen 0.0.0.0:{ $port }
reach-network = Every device that can reach this computer on port { $port } can open it (it listens on { $addr }): anyone on the same network. Seat links carry secret tokens; only share each with its player.
restored = { $n } games restored from { $dir }.
restore-failed = Not restored: { $file }: { $error }
save-failed = The save to { $file } failed: { $error }

## Refusals and errors (sent to a page or client)
refused-spectator = A spectator's link cannot play.
refused-over = The game is over: no more moves.
refused-closed = The server is stopping: try again in a moment.
refused-turn = Not your turn: { $actor } is to act.
refused-stale = That move was chosen at step { $step }, and the game is at step { $now }: look again and choose.
refused-choice = There is no choice { $choice } here (there are { $count }).
bad-token = Unknown link: this token opens no seat of any game here.
bad-request = Bad request: { $why }
bad-origin = Refused: this request comes from another site ({ $origin }).
too-many-games = Too many games on this server ({ $n }): no new one.
unknown-game = Unknown game: { $game }.

## The page
page-title = Ludus
page-new-game = New game
page-game = Game
page-variant = Variant
page-addons = Add-ons
page-players = Players
page-language = Language
page-seat = Seat
page-person = a person
page-ai = AI: { $level }
page-create = Create the game
page-links = Send each player the link of their seat; keep yours. Whoever has a link plays that seat.
page-spectator-link = Spectator (public cards only)
page-open = Open
page-copy = Copy
page-your-hand = Your hand
page-hand-of = { $who }'s hand
page-you = you
page-to-act = { $who } to act
page-your-turn = Your turn
page-waiting = Waiting for { $who }
page-spectating = You are watching: only the public cards show.
page-events = What happened
page-moves = Your choices
page-over = Game over
page-hidden = hidden card
page-face-down = face down
page-connecting = Connecting…
page-disconnected = Connection lost: reconnecting…
page-base = base rules
page-new = New game
