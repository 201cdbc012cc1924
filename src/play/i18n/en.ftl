# The generic words of `ludus play` in English, for any game (a game's
# own catalogue holds its moves, events and board, and may word any of
# these for itself). Each message has the same id in fr.ftl and nl.ftl;
# arguments are given by the code ($name, $n...).

## Hot-seat: the screen between players
handover-title = { $name } to play.
handover-pass = Pass the screen to { $name }. { $name }, press Enter when only you can see it.
since-last-look = Since your last look:
hotseat-no-ai = --hotseat and --ai do not mix: at --hotseat people play every seat that no --ai SEAT=AGENT gives to an AI. Drop --ai (or name its seat: --ai SEAT=AGENT), or drop --hotseat to play against the AI.
unknown-side = unknown side "{ $word }": the sides are { $a } and { $b }
replay-to-past-end = --to { $to }: the game has { $n } moves
hotseat-needs-terminal = --hotseat needs a terminal: between players the screen and its scrollback are wiped so that none sees another's cards, and this output is not a terminal (a pipe or a file). Play it in a terminal, or play against the AI (without --hotseat).

## Saving and stopping
resume-ignores = The save fixes the game, its rules, the seed and the players; ignored: { $options }.
autosave-failed = The autosave to { $path } failed ({ $error }): the game is not saved. Type save FILE to keep it elsewhere (for example: save { $suggestion }); it is then saved there at each prompt.
autosave-moved = The autosave failed before: from now on the game is saved in this file at each prompt.
saved-in = The game is saved in { $path } ({ $moves } moves). Resume with: ludus play --resume { $path }
not-saved = The game is NOT saved: the autosave to { $path } failed.
not-saved-yet = Nothing is saved yet.
autosave-off = Autosave is off: only a game saved with save FILE can be resumed.
stopped = Stopped.
stopped-why = Stopped ({ $why }).
save-needs-file = Give a file name: save FILE
save-not-a-save = { $path } exists and is not a Ludus save.
save-refused = Not saved, so as not to destroy it: choose another file name.
save-overwrite-ask = Overwrite it? (yes/no)
save-not-done = Not saved.
saved-to = Saved to { $path } ({ $moves } moves). Resume with: ludus play --resume { $path }
save-failed = Could not save to { $path }: { $error }
quit-save-elsewhere = A file to save the game in (Enter: quit without saving)?
finished-saved = The game is saved in { $path }. Replay it with: ludus replay { $path }

## The start of a game
base-rules = base rules
intro-rules = Rules: { $rules }. { $p0 } against { $p1 }. Seed { $seed }.
intro-resumed = Resumed { $path } at move { $moves }, turn { $turn }.
intro-autosave = Autosave: { $path }
intro-type = Type a number or a move, or help for the commands.
you-mark = { $name } (you)
player-person = { $name } (a player)
player-ai = { $name } (AI { $ai })

## What the player types, and the answers
legal-here = { $why }. Legal here:
which-one = "{ $line }" fits several moves; which one?
no-choice = there is no choice { $n }: the choices are numbered 1 to { $count }
rest-only-arranging = rest: only in a run of choices made one by one (an ordering). Legal here:
undo-nothing-yet = Nothing to take back: no move has been made yet.
undo-floor = Nothing to take back: only your own choices of this turn can be, back to the last one that revealed something or let another player move.
took-back = Took back: { $mv }.
input-ended = input ended
watch-prompt = [Enter] next move, all: to the end, board, save FILE, quit >
watch-help = Enter, all, board, save FILE or quit.
help =
    Choose a move by its number, or type it in one of the short forms shown
    in brackets after each choice (Enter: the only choice, when there is one).
    Commands:
      board         the table again          score    the points so far
      rules         the rule in force now, with its rulebook passage
      hint          what the AI would do here, and why
      undo          take back your last choice of this turn
      log           the last events          save FILE   save the game to FILE
      help          this text                quit        save and stop (resume with
                                                          ludus play --resume FILE)

## Typed words: each list's first word is the one short forms show
words-help = help h ?
words-rules = rules rule
words-hint = hint
words-undo = undo u back
words-quit = quit q exit
words-board = board b table
words-score = score
words-log = log history
words-rest = rest
words-save = save
words-yes = yes y
words-next = next n
words-all = all a go end

## Replays
replay-head = Replay of { $path }: { $n } moves, each one legal, final position verified.
replay-move = { $n }. { $who } (choice { $choice } of { $count }): { $mv }
replay-move-public = { $n }. { $who }: { $mv }
replay-move-hidden = { $n }. { $who }.
replay-prompt = [{ $i }/{ $n }] Enter: next move, all: to the end, board, quit >
replay-help = Enter, all, board or quit.
replay-position = Position after move { $to } of { $n }.
replay-unfinished = The game stopped here; continue it with: ludus play --resume { $path }
typed-matches-none = "{ $line }" matches none of the legal moves

## Errors: how a problem is shown (file:line:col: error: ...)
diag-error = error:
diag-hint = hint:
no-autosave-to-resume = no autosave found to resume (in { $dir })
ai-twice = --ai without a seat is given { $n } times: give it once (every seat but yours), or once per seat as --ai SEAT=AGENT
people-need-hotseat = { $n } seats are left to people: add --hotseat to play them at one screen, or name an AI for each with --ai SEAT=AGENT
unknown-ai = invalid AI "{ $spec }": the levels are easy, normal and hard; the agents random, greedy, ismcts, ismcts:N (N iterations a move), ismcts:Nms (a time budget)

## A file the system could not read or write: why
io-not-found = No such file or directory
io-permission-denied = Permission denied
io-not-a-directory = Not a directory
io-is-a-directory = Is a directory
io-storage-full = No space left on device
io-file-too-large = File too large
io-read-only = Read-only file system
io-not-text = the file is not text (not UTF-8)
io-other = system error { $code }

## Save files that do not load
save-cannot-read = cannot read the file: { $error }
save-expected = a file written by `ludus play` (save FILE, or its autosave) is expected
save-empty = the file is empty: not a saved game
save-invalid = not a valid saved game: { $why }
save-ron-eof = the file ends too soon (it is truncated)
save-ron-unknown-field = unknown field `{ $field }`
save-ron-fields = the fields here are: { $list }
save-ron-missing-field = missing field `{ $field }`
save-ron-field-twice = field `{ $field }` is given twice
save-ron-unknown-value = unknown value `{ $value }`
save-ron-values = the values here are: { $list }
save-ron-other = the text here is not what a save holds
save-not-ludus = not a Ludus saved game (format "{ $format }")
save-version-newer = save format version { $version } (a newer version of ludus wrote it); this ludus reads version { $reads }
save-version-older = save format version { $version } (an older, unsupported format); this ludus reads version { $reads }
save-other-game = this save is a game of { $game }, which this ludus does not know (it knows: { $known })
save-seats = a game has { $seats } players; this save names { $named }
save-seat-id = player { $n } should be "{ $want }", the save says "{ $found }"
save-unknown-ai = the save names an AI this ludus does not know: { $detail }
save-move-over = move { $n }: the game was already over
save-move-who = move { $n }: the save says { $who } chooses, but here it is { $actor }'s choice
save-move-no-choice = move { $n } ("{ $text }"): there is no choice { $ix } here, only { $count } (0 to { $last })
save-move-differs = move { $n }: the save says "{ $text }", but choice { $ix } here is "{ $here }"
save-edited = the file was edited, or the rules changed since it was saved
save-end-count = the save records { $want } moves but holds { $have }: the file is truncated or was edited
save-end-differs = the position after the { $n } moves does not match the one saved (fingerprint { $want }, found { $found })
save-rules-what = variant { $variant }
save-rules-do-not-load = the rules this game was played with ({ $what }) do not load from { $dir }
save-rules-differ = the rules of { $dir } ({ $what }) differ from those this game was played with (rules fingerprint { $saved }, now { $now })
save-rules-resume-with = resume it with the rules it was saved with: --rules DIR

## `ludus play --lang fr --help`: the help of play and replay (clap's
## English doc comments are the English help; these are read with --lang)
cli-usage-heading = Usage:
cli-options = Options
cli-arguments = Arguments
cli-help = Print help
cli-play-about = Play at the terminal (against the AI, --hotseat, --watch); save and resume
cli-play-usage = ludus play [OPTIONS]
cli-play-rules = A rules directory on disk: a game folder (with game.ron) or a folder of games. Default: $LUDUS_RULES if set, else the rules built into ludus
cli-play-game = The game, by its folder under the rules directory; default: the one games.ron names
cli-play-players = The number of players, where the game is played by more than one number; default: the game's
cli-play-variant = A rule variant (ludus variants list); default: the base rules, also named base
cli-play-addons = An add-on taken on top of the variant (repeatable)
cli-play-sets = Set one rule for this game, as key=value in RON (repeatable; ludus variants show lists the keys)
cli-play-lang = The language of the game and of the card names: en (default), fr or nl
cli-play-side = The seat you play: its id or name, or their start (default: the seat that starts)
cli-play-ai = The AI: a level, easy, normal (the default) or hard, or an agent: random, greedy, ismcts, ismcts:N..., for every seat but yours; or SEAT=AGENT, once per seat an AI plays
cli-play-seed = The seed of the deal (and of the AI's choices); a new one if not given
cli-play-hotseat = People at one screen: the screen is cleared between players
cli-play-watch = Watch the AI play every seat, move by move
cli-play-resume = Continue a saved game (last: the most recent autosave). The rules, seed and players come from the file
cli-play-no_autosave = Do not autosave under the data directory
cli-replay-about = Replay a game saved by ludus play, checking every move
cli-replay-usage = ludus replay [OPTIONS] <FILE>
cli-replay-file = A file written by ludus play (save FILE, or an autosave; last for the most recent autosave)
cli-replay-step = Stop after each move until Enter is pressed
cli-replay-to = Stop after move N and show the table there
cli-replay-side = Show the game as one seat saw it (default: every card)
cli-replay-lang = The language of the replay: en, fr or nl (default: the save's)
cli-value-dir = DIR
cli-value-game = GAME
cli-value-players = PLAYERS
cli-value-variant = VARIANT
cli-value-addons = ADDON
cli-value-key-value = KEY=VALUE
cli-value-lang = LANG
cli-value-side = SIDE
cli-value-agent = AGENT
cli-value-seed = SEED
cli-value-file = FILE
cli-value-n = N

## Pages, explain, rest, the recap, the hint's AI
page-of = Page { $page } of { $pages }: type { $next } for the next.
words-explain = explain what
explain-card = { $name }: value { $value }.
explain-no-words = (The rules directory says nothing more about this card.)
explain-passage = The rulebook: { $passage }
explain-none = No card is named "{ $what }". The cards: { $cards }.
explain-which = "{ $what }" names several cards: { $cards }. Type more of the name.
rest-done = The rest as listed: { $n } { $n ->
        [one] choice
       *[other] choices
    } made.
recap = Since your last move: { $events }
ai-level = { $level ->
        [easy] easy
        [hard] hard
        [random] random
       *[normal] normal
    }
typed-word-fits-none = "{ $line }" matches none of the legal moves: none of them has "{ $word }" here
typed-words-apart = "{ $line }" matches none of the legal moves: each word fits one, but no move fits them all together
