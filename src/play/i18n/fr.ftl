# Les mots de `ludus play` en français (mêmes identifiants que en.ftl).

## Jeu à deux devant un écran
handover-title = À { $name } de jouer.
handover-pass = Passez l'écran à { $name }. { $name }, appuyez sur Entrée quand vous seul le voyez.
since-last-look = Depuis votre dernier regard :
hotseat-needs-terminal = --hotseat demande un terminal : entre les deux joueurs, l'écran et son historique sont effacés pour que personne ne voie les cartes de l'autre, et cette sortie n'est pas un terminal (un tube ou un fichier). Jouez dans un terminal, ou contre l'IA (sans --hotseat).

## Sauvegarder et arrêter
resume-ignores = La sauvegarde fixe les règles, la graine et les joueurs ; ignoré : { $options }.
autosave-failed = La sauvegarde automatique dans { $path } a échoué ({ $error }) : la partie n'est pas sauvegardée. Tapez save FICHIER pour la garder ailleurs (par exemple : save { $suggestion }) ; elle y est alors sauvegardée à chaque question.
autosave-moved = La sauvegarde automatique avait échoué : désormais la partie est sauvegardée dans ce fichier à chaque question.
saved-in = La partie est sauvegardée dans { $path } ({ $moves } coups). Pour la reprendre : ludus play --resume { $path }
not-saved = La partie n'est PAS sauvegardée : la sauvegarde automatique dans { $path } a échoué.
autosave-off = Sauvegarde automatique désactivée : seule une partie sauvegardée avec save FICHIER peut être reprise.
stopped = Partie arrêtée.
stopped-why = Partie arrêtée ({ $why }).
save-needs-file = Donnez un nom de fichier : save FICHIER
save-not-a-save = { $path } existe et n'est pas une sauvegarde Ludus.
save-refused = Rien n'est sauvegardé, pour ne pas le détruire : choisissez un autre nom de fichier.
save-overwrite-ask = L'écraser ? (oui/non)
save-not-done = Rien n'est sauvegardé.
saved-to = Sauvegardé dans { $path } ({ $moves } coups). Pour reprendre : ludus play --resume { $path }
save-failed = Impossible de sauvegarder dans { $path } : { $error }
quit-save-elsewhere = Un fichier où sauvegarder la partie (Entrée : quitter sans sauvegarder) ?
finished-saved = La partie est sauvegardée dans { $path }. Pour la revoir : ludus replay { $path }
yes-words = o oui
