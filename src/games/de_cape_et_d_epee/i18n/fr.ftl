# Les mots de de Cape & d'Épée au terminal, en français (mêmes
# identifiants que en.ftl) : ses coups, ses questions ; les cartes, les
# événements et le plateau sont ceux du catalogue parent
# (`src/play/columns/i18n/fr.ftl`). Les termes sont ceux du livret 003
# (Filosofia 2007) : « colonne », « carte Influence », « face cachée ».
# Les noms des cartes, domaines et couleurs viennent de
# names/fr-filosofia.ron.

## Les coups
# 003 : « placer 1 carte Influence de sa main face cachée dans une colonne de son choix »
dc-move-place = placer { $card } dans la colonne { $column }
dc-move-column = choisir la colonne { $column }
dc-move-card = choisir { $card }
dc-move-decline = refuser
dc-move-pass = passer (aucune carte en main)

## Questions, conseils, scores
dc-ask-choice = { $who } : une capacité spéciale vous demande de choisir
dc-ask-card = { $who } : la capacité spéciale de { $card } vous demande de choisir
dc-ask-place = { $who } : placez une carte Influence de votre main face cachée en bas d'une colonne
dc-hint = L'IA { $agent } choisirait { $n } : { $mv }. Pourquoi : { $why }
dc-hint-estimate = Son estimation de votre marge (les points, et les colonnes que vous menez au prix de leur objectif) : { $now } maintenant, { $after } après.

## `regles` : les règles en vigueur
dc-rules-head = Les règles en vigueur : { $players } joueurs, { $rounds } { $rounds ->
        [one] manche
       *[other] manches
    }. Chaque lecture du livret 003 avec son passage.
dc-rules-values = Valeurs : { $values }.
dc-rules-reading = { $rule } : { $reading }

## `aide`, dans les termes de ce jeu (ses coups se tapent par leurs mots)
help =
    Choisissez un coup par son numéro, ou tapez ses mots : le début du nom d'une
    carte et le numéro de la colonne (NOM 2), ou choisir, refuser, passer
    (Entrée : le seul choix, s'il est seul).
    Commandes :
      plateau       la table à nouveau         score    les points jusqu'ici
      regles        la règle en vigueur, avec le passage du livret
      conseil       ce que l'IA ferait ici, et pourquoi
      annuler       reprendre votre dernier choix de ce tour
      explique CARTE  la valeur d'une carte, sa capacité, le passage du livret
      journal       les derniers événements    sauver FICHIER   sauvegarder là
      aide          ce texte                   quitter   sauvegarder et arrêter
    Un long texte vient page par page : aide 2, regles 2 pour la suivante.
    Les mots et les noms anglais sont aussi compris.
