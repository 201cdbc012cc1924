# Les mots génériques de `ludus play` en français, pour tout jeu (mêmes
# identifiants que en.ftl ; le catalogue d'un jeu a ses propres mots).

## Jeu à plusieurs devant un écran
handover-title = À { $name } de jouer.
handover-pass = Passez l'écran à { $name }. { $name }, appuyez sur Entrée quand vous seul le voyez.
since-last-look = Depuis votre dernier regard :
hotseat-no-ai = --hotseat et --ai ne vont pas ensemble : avec --hotseat, des personnes jouent chaque place qu'aucun --ai PLACE=AGENT ne donne à une IA. Retirez --ai (ou nommez sa place : --ai PLACE=AGENT), ou --hotseat pour jouer contre l'IA.
unknown-side = côté inconnu « { $word } » : les côtés sont { $a } et { $b }
replay-to-past-end = --to { $to } : la partie a { $n } coups
hotseat-needs-terminal = --hotseat demande un terminal : entre les joueurs, l'écran et son historique sont effacés pour que personne ne voie les cartes d'un autre, et cette sortie n'est pas un terminal (un tube ou un fichier). Jouez dans un terminal, ou contre l'IA (sans --hotseat).

## Sauvegarder et arrêter
resume-ignores = La sauvegarde fixe le jeu, ses règles, la graine et les joueurs ; ignoré : { $options }.
autosave-failed = La sauvegarde automatique dans { $path } a échoué ({ $error }) : la partie n'est pas sauvegardée. Tapez sauver FICHIER pour la garder ailleurs (par exemple : sauver { $suggestion }) ; elle y est alors sauvegardée à chaque question.
autosave-moved = La sauvegarde automatique avait échoué : désormais la partie est sauvegardée dans ce fichier à chaque question.
saved-in = La partie est sauvegardée dans { $path } ({ $moves } coups). Pour la reprendre : ludus play --resume { $path }
not-saved = La partie n'est PAS sauvegardée : la sauvegarde automatique dans { $path } a échoué.
not-saved-yet = Rien n'est encore sauvegardé.
autosave-off = Sauvegarde automatique désactivée : seule une partie sauvegardée avec sauver FICHIER peut être reprise.
stopped = Partie arrêtée.
stopped-why = Partie arrêtée ({ $why }).
save-needs-file = Donnez un nom de fichier : sauver FICHIER
save-not-a-save = { $path } existe et n'est pas une sauvegarde Ludus.
save-refused = Rien n'est sauvegardé, pour ne pas le détruire : choisissez un autre nom de fichier.
save-overwrite-ask = L'écraser ? (oui/non)
save-not-done = Rien n'est sauvegardé.
saved-to = Sauvegardé dans { $path } ({ $moves } coups). Pour reprendre : ludus play --resume { $path }
save-failed = Impossible de sauvegarder dans { $path } : { $error }
quit-save-elsewhere = Un fichier où sauvegarder la partie (Entrée : quitter sans sauvegarder) ?
finished-saved = La partie est sauvegardée dans { $path }. Pour la revoir : ludus replay { $path }

## Le début d'une partie
base-rules = règles de base
intro-rules = Règles : { $rules }. { $p0 } contre { $p1 }. Graine { $seed }.
intro-resumed = Reprise de { $path } au coup { $moves }, tour { $turn }.
intro-autosave = Sauvegarde automatique : { $path }
intro-type = Tapez un numéro ou un coup, ou aide pour les commandes.
you-mark = { $name } (vous)
player-person = { $name } (un joueur)
player-ai = { $name } (IA { $ai ->
        [easy] facile
        [normal] normale
        [hard] difficile
       *[other] { $ai }
    })

## Ce que le joueur tape, et les réponses
legal-here = { $why }. Possible ici :
which-one = « { $line } » convient à plusieurs coups ; lequel ?
no-choice = il n'y a pas de choix { $n } : les choix vont de 1 à { $count }
rest-only-arranging = reste : seulement dans une suite de choix faits un à un (un ordre). Possible ici :
undo-nothing-yet = Rien à reprendre : aucun coup n'a encore été joué.
undo-floor = Rien à reprendre : seuls vos propres choix de ce tour peuvent l'être, jusqu'au dernier qui a révélé quelque chose ou laissé jouer un autre joueur.
took-back = Repris : { $mv }.
input-ended = fin de l'entrée
watch-prompt = [Entrée] coup suivant, tout : jusqu'à la fin, plateau, sauver FICHIER, quitter >
watch-help = Entrée, tout, plateau, sauver FICHIER ou quitter.
help =
    Choisissez un coup par son numéro, ou tapez-le sous l'une des formes courtes
    montrées entre crochets après chaque choix (Entrée : le seul choix, s'il est
    seul).
    Commandes :
      plateau       la table à nouveau         score    les points jusqu'ici
      regles        la règle en vigueur, avec le passage du livret
      conseil       ce que l'IA ferait ici, et pourquoi
      annuler       reprendre votre dernier choix de ce tour
      journal       les derniers événements    sauver FICHIER   sauvegarder là
      aide          ce texte                   quitter   sauvegarder et arrêter
    Les formes anglaises sont aussi comprises.

## Les mots tapés : le premier de chaque liste est celui des formes courtes
words-help = aide ?
words-rules = regles regle
words-hint = conseil indice
words-undo = annuler retour
words-quit = quitter
words-board = plateau table
words-score = score points
words-log = journal historique
words-rest = reste
words-save = sauver sauvegarder enregistrer
words-yes = oui o
words-next = suivant
words-all = tout tous

## Revoir une partie
replay-head = Partie { $path } : { $n } coups, chacun légal, position finale vérifiée.
replay-move = { $n }. { $who } (choix { $choice } sur { $count }) : { $mv }
replay-move-public = { $n }. { $who } : { $mv }
replay-move-hidden = { $n }. { $who }.
replay-prompt = [{ $i }/{ $n }] Entrée : coup suivant, tout : jusqu'à la fin, plateau, quitter >
replay-help = Entrée, tout, plateau ou quitter.
replay-position = Position après le coup { $to } sur { $n }.
replay-unfinished = La partie s'est arrêtée ici ; pour la continuer : ludus play --resume { $path }
typed-matches-none = « { $line } » ne correspond à aucun coup possible

## Erreurs : comment un problème est montré (fichier:ligne:col: erreur : ...)
diag-error = erreur :
diag-hint = conseil :
no-autosave-to-resume = aucune sauvegarde automatique à reprendre (dans { $dir })
ai-twice = --ai sans place est donné { $n } fois : donnez-le une fois (chaque place sauf la vôtre), ou une fois par place avec --ai PLACE=AGENT
people-need-hotseat = { $n } places reviennent à des personnes : ajoutez --hotseat pour les jouer devant un seul écran, ou nommez une IA pour chacune avec --ai PLACE=AGENT
unknown-ai = IA non valable « { $spec } » : les niveaux sont easy, normal et hard ; les agents random, greedy, ismcts, ismcts:N (N itérations par coup), ismcts:Nms (un temps par coup)

## Un fichier que le système n'a pu lire ou écrire : pourquoi
io-not-found = fichier ou dossier introuvable
io-permission-denied = permission refusée
io-not-a-directory = ce n'est pas un dossier
io-is-a-directory = c'est un dossier
io-storage-full = plus de place sur le disque
io-file-too-large = fichier trop gros
io-read-only = système de fichiers en lecture seule
io-not-text = le fichier n'est pas du texte (pas de l'UTF-8)
io-other = erreur du système n° { $code }

## Fichiers de sauvegarde qui ne se chargent pas
save-cannot-read = impossible de lire le fichier : { $error }
save-expected = il faut un fichier écrit par `ludus play` (sauver FICHIER, ou sa sauvegarde automatique)
save-empty = le fichier est vide : ce n'est pas une partie sauvegardée
save-invalid = ce n'est pas une partie sauvegardée valide : { $why }
save-ron-eof = le fichier s'arrête trop tôt (il est tronqué)
save-ron-unknown-field = champ inconnu `{ $field }`
save-ron-fields = les champs ici sont : { $list }
save-ron-missing-field = champ manquant `{ $field }`
save-ron-field-twice = le champ `{ $field }` est donné deux fois
save-ron-unknown-value = valeur inconnue `{ $value }`
save-ron-values = les valeurs ici sont : { $list }
save-ron-other = le texte ici n'est pas ce que contient une sauvegarde
save-not-ludus = ce n'est pas une partie Ludus sauvegardée (format « { $format } »)
save-version-newer = sauvegarde au format { $version } (écrite par une version plus récente de ludus) ; ce ludus lit le format { $reads }
save-version-older = sauvegarde au format { $version } (un ancien format, plus pris en charge) ; ce ludus lit le format { $reads }
save-other-game = cette sauvegarde est une partie de { $game }, que ce ludus ne connaît pas (il connaît : { $known })
save-seats = une partie a { $seats } joueurs ; cette sauvegarde en nomme { $named }
save-seat-id = le joueur { $n } devrait être « { $want } », la sauvegarde dit « { $found } »
save-unknown-ai = la sauvegarde nomme une IA que ce ludus ne connaît pas : { $detail }
save-move-over = coup { $n } : la partie était déjà finie
save-move-who = coup { $n } : la sauvegarde dit que { $who } choisit, mais ici c'est à { $actor } de choisir
save-move-no-choice = coup { $n } (« { $text } ») : il n'y a pas de choix { $ix } ici, seulement { $count } (0 à { $last })
save-move-differs = coup { $n } : la sauvegarde dit « { $text } », mais le choix { $ix } ici est « { $here } »
save-edited = le fichier a été modifié, ou les règles ont changé depuis la sauvegarde
save-end-count = la sauvegarde annonce { $want } coups mais en contient { $have } : le fichier est tronqué ou a été modifié
save-end-differs = la position après les { $n } coups ne correspond pas à celle sauvegardée (empreinte { $want }, trouvée { $found })
save-rules-what = variante { $variant }
save-rules-do-not-load = les règles de cette partie ({ $what }) ne se chargent pas depuis { $dir }
save-rules-differ = les règles de { $dir } ({ $what }) diffèrent de celles de cette partie (empreinte des règles { $saved }, maintenant { $now })
save-rules-resume-with = reprenez-la avec les règles de sa sauvegarde : --rules DOSSIER

## `ludus play --lang fr --help` : l'aide de play et replay
cli-usage-heading = Utilisation :
cli-options = Options
cli-arguments = Arguments
cli-help = Afficher cette aide
cli-play-about = Jouer au terminal (contre l'IA, --hotseat, --watch) ; sauvegarder et reprendre
cli-play-usage = ludus play [OPTIONS]
cli-play-rules = Un dossier de règles : le dossier d'un jeu (avec game.ron) ou un dossier de jeux. Par défaut : $LUDUS_RULES s'il est donné, sinon les règles intégrées à ludus
cli-play-game = Le jeu, par son dossier dans le dossier de règles ; par défaut : celui que nomme games.ron
cli-play-players = Le nombre de joueurs, quand le jeu se joue à plusieurs nombres ; par défaut : celui du jeu
cli-play-variant = Une variante des règles (ludus variants list) ; par défaut : les règles de base, aussi nommées base
cli-play-addons = Une extension ajoutée à la variante (répétable)
cli-play-sets = Fixer une règle pour cette partie, en clé=valeur en RON (répétable ; ludus variants show liste les clés)
cli-play-lang = La langue de la partie et des noms des cartes : en (par défaut), fr ou nl
cli-play-side = La place que vous jouez : son identifiant ou son nom, ou leur début (par défaut : la place qui commence)
cli-play-ai = L'IA : un niveau, easy, normal (par défaut) ou hard, ou un agent : random, greedy, ismcts, ismcts:N..., pour chaque place sauf la vôtre ; ou PLACE=AGENT, une fois par place jouée par une IA
cli-play-seed = La graine de la donne (et des choix de l'IA) ; une nouvelle si elle n'est pas donnée
cli-play-hotseat = Des personnes devant un seul écran : l'écran est effacé entre les joueurs
cli-play-watch = Regarder l'IA jouer toutes les places, coup par coup
cli-play-resume = Reprendre une partie sauvegardée (last : la sauvegarde automatique la plus récente). Les règles, la graine et les joueurs viennent du fichier
cli-play-no_autosave = Pas de sauvegarde automatique dans le dossier de données
cli-replay-about = Revoir une partie sauvegardée par ludus play, en vérifiant chaque coup
cli-replay-usage = ludus replay [OPTIONS] <FICHIER>
cli-replay-file = Un fichier écrit par ludus play (sauver FICHIER, ou une sauvegarde automatique ; last pour la plus récente)
cli-replay-step = S'arrêter après chaque coup jusqu'à ce qu'Entrée soit pressée
cli-replay-to = S'arrêter après le coup N et montrer la table à ce moment
cli-replay-side = Montrer la partie comme une place l'a vue (par défaut : toutes les cartes)
cli-replay-lang = La langue du replay : en, fr ou nl (par défaut : celle de la sauvegarde)
cli-value-dir = DOSSIER
cli-value-game = JEU
cli-value-players = JOUEURS
cli-value-variant = VARIANTE
cli-value-addons = EXTENSION
cli-value-key-value = CLÉ=VALEUR
cli-value-lang = LANGUE
cli-value-side = PLACE
cli-value-agent = AGENT
cli-value-seed = GRAINE
cli-value-file = FICHIER
cli-value-n = N

## Pages, explique, reste, le rappel, l'IA du conseil
page-of = Page { $page } sur { $pages } : tapez { $next } pour la suivante.
words-explain = explique expliquer
explain-card = { $name } : valeur { $value }.
explain-no-words = (Le dossier des règles n'en dit pas plus sur cette carte.)
explain-passage = La règle : { $passage }
explain-none = Aucune carte ne s'appelle « { $what } ». Les cartes : { $cards }.
explain-which = « { $what } » nomme plusieurs cartes : { $cards }. Tapez plus du nom.
rest-done = Le reste dans l'ordre de la liste : { $n } { $n ->
        [one] choix fait
       *[other] choix faits
    }.
recap = Depuis votre dernier coup : { $events }
ai-level = { $level ->
        [easy] facile
        [hard] difficile
        [random] au hasard
       *[normal] normale
    }
typed-word-fits-none = « { $line } » ne correspond à aucun coup possible : aucun n'a « { $word } » ici
typed-words-apart = « { $line } » ne correspond à aucun coup possible : chaque mot va avec l'un d'eux, mais aucun coup ne les a tous
