# Les mots de `ludus play` en français (mêmes identifiants que en.ftl).

## Jeu à deux devant un écran
handover-title = À { $name } de jouer.
handover-pass = Passez l'écran à { $name }. { $name }, appuyez sur Entrée quand vous seul le voyez.
since-last-look = Depuis votre dernier regard :
hotseat-needs-terminal = --hotseat demande un terminal : entre les deux joueurs, l'écran et son historique sont effacés pour que personne ne voie les cartes de l'autre, et cette sortie n'est pas un terminal (un tube ou un fichier). Jouez dans un terminal, ou contre l'IA (sans --hotseat).
