# Les mots de `ludus serve` (sa page et ses messages) en français.

## Les lignes du serveur au terminal
listening = Ludus sert sur { $url }
reach-local = Seul cet ordinateur peut l'atteindre (il écoute sur { $addr }). Pour jouer à travers une salle : ludus serve --listen 0.0.0.0:{ $port }
reach-network = Tout appareil qui atteint cet ordinateur sur le port { $port } peut l'ouvrir (il écoute sur { $addr }) : toute personne du même réseau. Les liens des places portent des jetons secrets ; ne donnez chacun qu'à son joueur.
restored = { $n } parties reprises de { $dir }.
restore-failed = Non reprise : { $file } : { $error }
save-failed = L'enregistrement dans { $file } a échoué : { $error }

## Refus et erreurs
refused-spectator = Le lien d'un spectateur ne peut pas jouer.
refused-over = La partie est finie : plus aucun coup.
refused-closed = Le serveur s'arrête : réessayez dans un instant.
refused-turn = Ce n'est pas votre tour : { $actor } doit jouer.
refused-stale = Ce coup a été choisi à l'étape { $step }, et la partie est à l'étape { $now } : regardez à nouveau et choisissez.
refused-choice = Il n'y a pas de choix { $choice } ici (il y en a { $count }).
bad-token = Lien inconnu : ce jeton n'ouvre aucune place d'aucune partie ici.
bad-request = Requête invalide : { $why }
bad-origin = Refusé : cette requête vient d'un autre site ({ $origin }).
too-many-games = Trop de parties sur ce serveur ({ $n }) : pas de nouvelle.
unknown-game = Jeu inconnu : { $game }.

## La page
page-title = Ludus
page-new-game = Nouvelle partie
page-game = Jeu
page-variant = Variante
page-addons = Extensions
page-players = Joueurs
page-language = Langue
page-seat = Place
page-person = une personne
page-ai = IA : { $level }
page-create = Créer la partie
page-links = Envoyez à chaque joueur le lien de sa place ; gardez le vôtre. Qui a un lien joue cette place.
page-spectator-link = Spectateur (cartes publiques seulement)
page-open = Ouvrir
page-copy = Copier
page-your-hand = Votre main
page-hand-of = Main de { $who }
page-you = vous
page-to-act = { $who } doit jouer
page-your-turn = À vous
page-waiting = En attente de { $who }
page-spectating = Vous regardez : seules les cartes publiques sont montrées.
page-events = Ce qui s'est passé
page-moves = Vos choix
page-over = Partie finie
page-hidden = carte cachée
page-face-down = face cachée
page-connecting = Connexion…
page-disconnected = Connexion perdue : reconnexion…
page-base = règles de base
page-new = Nouvelle partie
