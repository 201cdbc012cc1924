# Ce que fait chaque carte action, en mots simples, par son id dans cards.ron :
# `ludus play --lang fr` le dit quand la carte est jouée.
assassination = (Elle retire de la table une carte d'influence visible de l'adversaire.)
spy = (Son joueur regarde la main de l'adversaire et y choisit une carte qui doit être défaussée.)
rochade = (Son joueur reprend ses cartes de deux groupes et les repose face cachée, réparties entre ces deux groupes.)
scout = (Elle retourne face visible les cartes cachées de l'adversaire sur un groupe.)
wrath = (Toutes les cartes d'influence d'un groupe, des deux côtés, quittent la table.)
veto = (Jouée en réponse, elle annule la carte action de l'adversaire.)
