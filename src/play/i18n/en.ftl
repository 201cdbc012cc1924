# The words of `ludus play` in English. Each message has the same id in
# fr.ftl and nl.ftl; arguments are given by the code ($name, $n...).

## Hot-seat: the screen between two players
handover-title = { $name } to play.
handover-pass = Pass the screen to { $name }. { $name }, press Enter when only you can see it.
since-last-look = Since your last look:
hotseat-needs-terminal = --hotseat needs a terminal: between the two players the screen and its scrollback are wiped so that neither sees the other's cards, and this output is not a terminal (a pipe or a file). Play it in a terminal, or play against the AI (without --hotseat).

## Saving and stopping
resume-ignores = The save fixes the rules, the seed and the players; ignored: { $options }.
autosave-failed = The autosave to { $path } failed ({ $error }): the game is not saved. Type save FILE to keep it elsewhere (for example: save { $suggestion }); it is then saved there at each prompt.
autosave-moved = The autosave failed before: from now on the game is saved in this file at each prompt.
saved-in = The game is saved in { $path } ({ $moves } moves). Resume with: ludus play --resume { $path }
not-saved = The game is NOT saved: the autosave to { $path } failed.
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
yes-words = y yes
