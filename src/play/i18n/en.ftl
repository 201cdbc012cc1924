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
resume-ignores = The save fixes the rules, the seed and the players; ignored: { $options }.
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
