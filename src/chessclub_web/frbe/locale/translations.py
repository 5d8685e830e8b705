# ruff: noqa: E501
"""The frbe app's translations (fr, nl, de, en): ``python translations.py`` fills every msgstr
of the catalogues made by makemessages."""

from __future__ import annotations

import re
import sys
from pathlib import Path

T: dict[str, tuple[str, str, str, str]] = {
    "Round": ("Ronde", "Ronde", "Runde", "Round"),
    "Opponent": ("Adversaire", "Tegenstander", "Gegner", "Opponent"),
    "Opponent's Elo": (
        "Elo de l'adversaire",
        "Elo van de tegenstander",
        "Elo des Gegners",
        "Opponent's Elo",
    ),
    "Result": ("Résultat", "Uitslag", "Ergebnis", "Result"),
    "Expected": ("Espérance", "Verwachting", "Erwartung", "Expected"),
    "Run": ("Passe", "Run", "Durchlauf", "Run"),
    "the first time control comes before move 30": (
        "le premier contrôle de temps tombe avant le 30e coup",
        "de eerste tijdscontrole valt vóór zet 30",
        "die erste Zeitkontrolle liegt vor dem 30. Zug",
        "the first time control comes before move 30",
    ),
    "%(available)s min per player for 60 moves, %(required)s needed (a player is rated %(rating)s or more)": (
        "%(available)s min par joueur pour 60 coups, %(required)s nécessaires (un joueur est coté %(rating)s ou plus)",
        "%(available)s min per speler voor 60 zetten, %(required)s nodig (een speler heeft een rating van %(rating)s of meer)",
        "%(available)s Min. pro Spieler für 60 Züge, %(required)s nötig (ein Spieler hat eine Wertung von %(rating)s oder mehr)",
        "%(available)s min per player for 60 moves, %(required)s needed (a player is rated %(rating)s or more)",
    ),
    "%(available)s min per player for 60 moves, %(required)s needed": (
        "%(available)s min par joueur pour 60 coups, %(required)s nécessaires",
        "%(available)s min per speler voor 60 zetten, %(required)s nodig",
        "%(available)s Min. pro Spieler für 60 Züge, %(required)s nötig",
        "%(available)s min per player for 60 moves, %(required)s needed",
    ),
    "matricule": ("matricule", "stamnummer", "Mitgliedsnummer", "matricule"),
    "name": ("nom", "naam", "Name", "name"),
    "sex": ("sexe", "geslacht", "Geschlecht", "sex"),
    "club": ("club", "club", "Verein", "club"),
    "birth date": ("date de naissance", "geboortedatum", "Geburtsdatum", "birth date"),
    "national Elo": ("Elo national", "nationale Elo", "nationale Elo", "national Elo"),
    "games": ("parties", "partijen", "Partien", "games"),
    "previous Elo": ("Elo précédent", "vorige Elo", "vorherige Elo", "previous Elo"),
    "previous games": (
        "parties précédentes",
        "vorige partijen",
        "vorherige Partien",
        "previous games",
    ),
    "title": ("titre", "titel", "Titel", "title"),
    "FIDE ID": ("ID FIDE", "FIDE-ID", "FIDE-ID", "FIDE ID"),
    "FIDE nationality": (
        "nationalité FIDE",
        "FIDE-nationaliteit",
        "FIDE-Nationalität",
        "FIDE nationality",
    ),
    "federation": ("fédération", "federatie", "Verband", "federation"),
    "deceased": ("décédé", "overleden", "verstorben", "deceased"),
    "federation player": (
        "joueur de la fédération",
        "speler van de federatie",
        "Spieler des Verbands",
        "federation player",
    ),
    "federation players": (
        "joueurs de la fédération",
        "spelers van de federatie",
        "Spieler des Verbands",
        "federation players",
    ),
    "imported at": ("importé le", "geïmporteerd op", "importiert am", "imported at"),
    "file": ("fichier", "bestand", "Datei", "file"),
    "list date": ("date de la liste", "datum van de lijst", "Datum der Liste", "list date"),
    "records": ("enregistrements", "records", "Datensätze", "records"),
    "new players": ("nouveaux joueurs", "nieuwe spelers", "neue Spieler", "new players"),
    "updated players": (
        "joueurs mis à jour",
        "bijgewerkte spelers",
        "aktualisierte Spieler",
        "updated players",
    ),
    "division": ("division", "afdeling", "Division", "division"),
    "series": ("série", "reeks", "Serie", "series"),
    "FIDE-rated event": (
        "tournoi coté FIDE",
        "FIDE-gerateerd toernooi",
        "FIDE-gewertetes Turnier",
        "FIDE-rated event",
    ),
    "Export": ("Export", "Export", "Export", "Export"),
    "Export to the Belgian federation": (
        "Envoi à la fédération belge",
        "Verzenden naar de Belgische federatie",
        "Export an den belgischen Verband",
        "Export to the Belgian federation",
    ),
    "Nothing can be produced until these problems are solved:": (
        "Rien ne peut être produit tant que ces problèmes ne sont pas résolus :",
        "Er kan niets worden aangemaakt zolang deze problemen niet zijn opgelost:",
        "Nichts kann erstellt werden, solange diese Probleme bestehen:",
        "Nothing can be produced until these problems are solved:",
    ),
    "No blocking problem: the files can be produced.": (
        "Aucun problème bloquant : les fichiers peuvent être produits.",
        "Geen blokkerend probleem: de bestanden kunnen worden aangemaakt.",
        "Kein blockierendes Problem: die Dateien können erstellt werden.",
        "No blocking problem: the files can be produced.",
    ),
    "No federation player list is imported: matricules are only checked for presence.": (
        "Aucune liste des joueurs de la fédération n'est importée : seule la présence des matricules est vérifiée.",
        "Er is geen spelerslijst van de federatie geïmporteerd: enkel de aanwezigheid van de stamnummers wordt gecontroleerd.",
        "Keine Spielerliste des Verbands importiert: nur das Vorhandensein der Mitgliedsnummern wird geprüft.",
        "No federation player list is imported: matricules are only checked for presence.",
    ),
    "Changes made to the file": (
        "Modifications apportées au fichier",
        "Wijzigingen in het bestand",
        "Änderungen an der Datei",
        "Changes made to the file",
    ),
    "Fictitious Elo (***)": (
        "Elo fictif (***)",
        "Fictieve Elo (***)",
        "Fiktive Elo (***)",
        "Fictitious Elo (***)",
    ),
    "Rule set %(rules)s.": (
        "Règles %(rules)s.",
        "Regelset %(rules)s.",
        "Regelwerk %(rules)s.",
        "Rule set %(rules)s.",
    ),
    "Games that may not be rated": (
        "Parties qui ne peuvent pas être cotées",
        "Partijen die niet gerateerd mogen worden",
        "Partien, die nicht gewertet werden dürfen",
        "Games that may not be rated",
    ),
    "Under the rule set %(rules)s, these games are left out of the rating files:": (
        "Selon les règles %(rules)s, ces parties sont exclues des fichiers de cotation :",
        "Volgens de regelset %(rules)s worden deze partijen uit de ratingbestanden weggelaten:",
        "Nach dem Regelwerk %(rules)s werden diese Partien aus den Wertungsdateien ausgelassen:",
        "Under the rule set %(rules)s, these games are left out of the rating files:",
    ),
    "Round %(round)s: %(white)s–%(black)s": (
        "Ronde %(round)s : %(white)s–%(black)s",
        "Ronde %(round)s: %(white)s–%(black)s",
        "Runde %(round)s: %(white)s–%(black)s",
        "Round %(round)s: %(white)s–%(black)s",
    ),
    "None (rule set %(rules)s).": (
        "Aucune (règles %(rules)s).",
        "Geen (regelset %(rules)s).",
        "Keine (Regelwerk %(rules)s).",
        "None (rule set %(rules)s).",
    ),
    "File name": ("Nom du fichier", "Bestandsnaam", "Dateiname", "File name"),
    "Another tournament of the club ending the same day already uses this name: change character 7 or 8.": (
        "Un autre tournoi du club finissant le même jour utilise déjà ce nom : changez le caractère 7 ou 8.",
        "Een ander toernooi van de club dat op dezelfde dag eindigt gebruikt deze naam al: wijzig teken 7 of 8.",
        "Ein anderes Turnier des Vereins, das am selben Tag endet, verwendet diesen Namen bereits: Zeichen 7 oder 8 ändern.",
        "Another tournament of the club ending the same day already uses this name: change character 7 or 8.",
    ),
    "The name needs the end date.": (
        "Le nom demande la date de fin.",
        "De naam vereist de einddatum.",
        "Der Name braucht das Enddatum.",
        "The name needs the end date.",
    ),
    "Character 7: division (1–9, $ if unused)": (
        "Caractère 7 : division (1–9, $ si inutilisé)",
        "Teken 7: afdeling (1–9, $ indien niet gebruikt)",
        "Zeichen 7: Division (1–9, $ wenn unbenutzt)",
        "Character 7: division (1–9, $ if unused)",
    ),
    "Character 8: series (A–Z, $ if unused)": (
        "Caractère 8 : série (A–Z, $ si inutilisé)",
        "Teken 8: reeks (A–Z, $ indien niet gebruikt)",
        "Zeichen 8: Serie (A–Z, $ wenn unbenutzt)",
        "Character 8: series (A–Z, $ if unused)",
    ),
    "FIDE-rated event (every player needs a FIDE ID)": (
        "Tournoi coté FIDE (chaque joueur doit avoir un ID FIDE)",
        "FIDE-gerateerd toernooi (elke speler heeft een FIDE-ID nodig)",
        "FIDE-gewertetes Turnier (jeder Spieler braucht eine FIDE-ID)",
        "FIDE-rated event (every player needs a FIDE ID)",
    ),
    "The identifier (characters 4–6) is OPE for an open and GRI for a closed group; INT, 24L and ELO are reserved.": (
        "L'identifiant (caractères 4–6) est OPE pour un open et GRI pour un groupe fermé ; INT, 24L et ELO sont réservés.",
        "De identificatie (tekens 4–6) is OPE voor een open en GRI voor een gesloten groep; INT, 24L en ELO zijn voorbehouden.",
        "Die Kennung (Zeichen 4–6) ist OPE für ein Open und GRI für eine geschlossene Gruppe; INT, 24L und ELO sind reserviert.",
        "The identifier (characters 4–6) is OPE for an open and GRI for a closed group; INT, 24L and ELO are reserved.",
    ),
    "Save": ("Enregistrer", "Opslaan", "Speichern", "Save"),
    "Downloads": ("Téléchargements", "Downloads", "Downloads", "Downloads"),
    "Federation results file": (
        "Fichier de résultats de la fédération",
        "Resultatenbestand van de federatie",
        "Ergebnisdatei des Verbands",
        "Federation results file",
    ),
    "TRF-like federation file": (
        "Fichier de la fédération au format TRF",
        "Federatiebestand in TRF-vorm",
        "Verbandsdatei im TRF-Format",
        "TRF-like federation file",
    ),
    "FIDE TRF": ("TRF FIDE", "FIDE-TRF", "FIDE-TRF", "FIDE TRF"),
    "FRBE Elo forecast": (
        "Prévision Elo FRBE",
        "KBSB Elo-voorspelling",
        "FRBE-Elo-Prognose",
        "FRBE Elo forecast",
    ),
    "Clubs": ("Clubs", "Clubs", "Vereine", "Clubs"),
    "Predicted national ratings under the rule set “%(name)s” (%(label)s), from the imported player list and the club's closed tournaments since that import, in closing order.": (
        "Cotes nationales prévues selon les règles « %(name)s » (%(label)s), à partir de la liste des joueurs importée et des tournois clôturés du club depuis cet import, dans l'ordre de clôture.",
        "Voorspelde nationale ratings volgens de regelset “%(name)s” (%(label)s), op basis van de geïmporteerde spelerslijst en de sinds die import afgesloten toernooien van de club, in volgorde van afsluiting.",
        "Vorhergesagte nationale Wertungen nach dem Regelwerk „%(name)s“ (%(label)s), aus der importierten Spielerliste und den seit diesem Import abgeschlossenen Turnieren des Vereins, in der Reihenfolge des Abschlusses.",
        "Predicted national ratings under the rule set “%(name)s” (%(label)s), from the imported player list and the club's closed tournaments since that import, in closing order.",
    ),
    "No federation player list is imported yet.": (
        "Aucune liste des joueurs de la fédération n'est encore importée.",
        "Er is nog geen spelerslijst van de federatie geïmporteerd.",
        "Noch keine Spielerliste des Verbands importiert.",
        "No federation player list is imported yet.",
    ),
    "Import it": ("L'importer", "Importeren", "Importieren", "Import it"),
    "Tournaments:": ("Tournois :", "Toernooien:", "Turniere:", "Tournaments:"),
    "No closed tournament to count.": (
        "Aucun tournoi clôturé à compter.",
        "Geen afgesloten toernooi om mee te tellen.",
        "Kein abgeschlossenes Turnier zu zählen.",
        "No closed tournament to count.",
    ),
    "Player": ("Joueur", "Speler", "Spieler", "Player"),
    "Matricule": ("Matricule", "Stamnummer", "Mitgliedsnummer", "Matricule"),
    "Elo now": ("Elo actuel", "Huidige Elo", "Aktuelle Elo", "Elo now"),
    "Games": ("Parties", "Partijen", "Partien", "Games"),
    "Predicted Elo": ("Elo prévu", "Voorspelde Elo", "Vorhergesagte Elo", "Predicted Elo"),
    "Games after": ("Parties ensuite", "Partijen nadien", "Partien danach", "Games after"),
    "State": ("État", "Toestand", "Stand", "State"),
    "newly rated": ("nouvellement coté", "nieuw gerateerd", "neu gewertet", "newly rated"),
    "indicative": ("indicatif", "indicatief", "vorläufig", "indicative"),
    "unrated": ("non coté", "niet gerateerd", "ungewertet", "unrated"),
    "rated": ("coté", "gerateerd", "gewertet", "rated"),
    "no game": ("aucune partie", "geen partij", "keine Partie", "no game"),
    "not in the federation's list": (
        "absent de la liste de la fédération",
        "niet in de lijst van de federatie",
        "nicht in der Liste des Verbands",
        "not in the federation's list",
    ),
    "The club has no player with a matricule.": (
        "Le club n'a aucun joueur avec un matricule.",
        "De club heeft geen speler met een stamnummer.",
        "Der Verein hat keinen Spieler mit Mitgliedsnummer.",
        "The club has no player with a matricule.",
    ),
    "FRBE player list": (
        "Liste des joueurs FRBE",
        "KBSB-spelerslijst",
        "FRBE-Spielerliste",
        "FRBE player list",
    ),
    "Nothing was changed:": (
        "Rien n'a été modifié :",
        "Er is niets gewijzigd:",
        "Nichts wurde geändert:",
        "Nothing was changed:",
    ),
    "Last import: %(source)s, %(when)s.": (
        "Dernier import : %(source)s, %(when)s.",
        "Laatste import: %(source)s, %(when)s.",
        "Letzter Import: %(source)s, %(when)s.",
        "Last import: %(source)s, %(when)s.",
    ),
    "Search by matricule or name": (
        "Rechercher par matricule ou nom",
        "Zoeken op stamnummer of naam",
        "Nach Mitgliedsnummer oder Name suchen",
        "Search by matricule or name",
    ),
    "Search": ("Rechercher", "Zoeken", "Suchen", "Search"),
    "Name": ("Nom", "Naam", "Name", "Name"),
    "Club": ("Club", "Club", "Verein", "Club"),
    "National Elo": ("Elo national", "Nationale Elo", "Nationale Elo", "National Elo"),
    "Birth date": ("Date de naissance", "Geboortedatum", "Geburtsdatum", "Birth date"),
    "Add": ("Ajouter", "Toevoegen", "Hinzufügen", "Add"),
    "To the club's players": (
        "Aux joueurs du club",
        "Bij de spelers van de club",
        "Zu den Spielern des Vereins",
        "To the club's players",
    ),
    "Tournament": ("Tournoi", "Toernooi", "Turnier", "Tournament"),
    "To the tournament": ("Au tournoi", "Bij het toernooi", "Zum Turnier", "To the tournament"),
    "Only the first %(max_results)s are shown: refine the search.": (
        "Seuls les %(max_results)s premiers sont affichés : affinez la recherche.",
        "Enkel de eerste %(max_results)s worden getoond: verfijn de zoekopdracht.",
        "Nur die ersten %(max_results)s werden gezeigt: Suche verfeinern.",
        "Only the first %(max_results)s are shown: refine the search.",
    ),
    "No player found.": (
        "Aucun joueur trouvé.",
        "Geen speler gevonden.",
        "Kein Spieler gefunden.",
        "No player found.",
    ),
    "Import the federation's list": (
        "Importer la liste de la fédération",
        "De lijst van de federatie importeren",
        "Die Liste des Verbands importieren",
        "Import the federation's list",
    ),
    "The federation's PLAYER file (dBase, .DBF) or a CSV export of it. A new import updates the players already in the list.": (
        "Le fichier PLAYER de la fédération (dBase, .DBF) ou un export CSV de celui-ci. Un nouvel import met à jour les joueurs déjà présents.",
        "Het PLAYER-bestand van de federatie (dBase, .DBF) of een CSV-export ervan. Een nieuwe import werkt de spelers bij die al in de lijst staan.",
        "Die PLAYER-Datei des Verbands (dBase, .DBF) oder ein CSV-Export davon. Ein neuer Import aktualisiert die bereits vorhandenen Spieler.",
        "The federation's PLAYER file (dBase, .DBF) or a CSV export of it. A new import updates the players already in the list.",
    ),
    "File": ("Fichier", "Bestand", "Datei", "File"),
    "Import": ("Importer", "Importeren", "Importieren", "Import"),
    "The tournament has no name.": (
        "Le tournoi n'a pas de nom.",
        "Het toernooi heeft geen naam.",
        "Das Turnier hat keinen Namen.",
        "The tournament has no name.",
    ),
    "The tournament has no start date.": (
        "Le tournoi n'a pas de date de début.",
        "Het toernooi heeft geen begindatum.",
        "Das Turnier hat kein Anfangsdatum.",
        "The tournament has no start date.",
    ),
    "The tournament has no end date.": (
        "Le tournoi n'a pas de date de fin.",
        "Het toernooi heeft geen einddatum.",
        "Das Turnier hat kein Enddatum.",
        "The tournament has no end date.",
    ),
    "The tournament has no arbiter.": (
        "Le tournoi n'a pas d'arbitre.",
        "Het toernooi heeft geen arbiter.",
        "Das Turnier hat keinen Schiedsrichter.",
        "The tournament has no arbiter.",
    ),
    "The tournament has no time control.": (
        "Le tournoi n'a pas de cadence.",
        "Het toernooi heeft geen speeltempo.",
        "Das Turnier hat keine Bedenkzeit.",
        "The tournament has no time control.",
    ),
    "Round %(round)s has no date.": (
        "La ronde %(round)s n'a pas de date.",
        "Ronde %(round)s heeft geen datum.",
        "Runde %(round)s hat kein Datum.",
        "Round %(round)s has no date.",
    ),
    "Round %(round)s: the game %(white)s–%(black)s has no result.": (
        "Ronde %(round)s : la partie %(white)s–%(black)s n'a pas de résultat.",
        "Ronde %(round)s: de partij %(white)s–%(black)s heeft geen uitslag.",
        "Runde %(round)s: die Partie %(white)s–%(black)s hat kein Ergebnis.",
        "Round %(round)s: the game %(white)s–%(black)s has no result.",
    ),
    "Player %(number)s (%(name)s) has no matricule.": (
        "Le joueur %(number)s (%(name)s) n'a pas de matricule.",
        "Speler %(number)s (%(name)s) heeft geen stamnummer.",
        "Spieler %(number)s (%(name)s) hat keine Mitgliedsnummer.",
        "Player %(number)s (%(name)s) has no matricule.",
    ),
    "Player %(number)s (%(name)s): matricule %(matricule)s is not in the federation's player list.": (
        "Joueur %(number)s (%(name)s) : le matricule %(matricule)s n'est pas dans la liste des joueurs de la fédération.",
        "Speler %(number)s (%(name)s): stamnummer %(matricule)s staat niet in de spelerslijst van de federatie.",
        "Spieler %(number)s (%(name)s): die Mitgliedsnummer %(matricule)s steht nicht in der Spielerliste des Verbands.",
        "Player %(number)s (%(name)s): matricule %(matricule)s is not in the federation's player list.",
    ),
    "Player %(number)s (%(name)s) has no FIDE ID (FIDE-rated event).": (
        "Le joueur %(number)s (%(name)s) n'a pas d'ID FIDE (tournoi coté FIDE).",
        "Speler %(number)s (%(name)s) heeft geen FIDE-ID (FIDE-gerateerd toernooi).",
        "Spieler %(number)s (%(name)s) hat keine FIDE-ID (FIDE-gewertetes Turnier).",
        "Player %(number)s (%(name)s) has no FIDE ID (FIDE-rated event).",
    ),
    "Player %(number)s (%(name)s) was not affiliated at the tournament date: all their results become 0F-0F.": (
        "Le joueur %(number)s (%(name)s) n'était pas affilié à la date du tournoi : tous ses résultats deviennent 0F-0F.",
        "Speler %(number)s (%(name)s) was niet aangesloten op de datum van het toernooi: al zijn uitslagen worden 0F-0F.",
        "Spieler %(number)s (%(name)s) war am Turnierdatum nicht Mitglied: alle seine Ergebnisse werden 0F-0F.",
        "Player %(number)s (%(name)s) was not affiliated at the tournament date: all their results become 0F-0F.",
    ),
    "The time control “%(tempo)s” cannot be read: the games' eligibility was not checked.": (
        "La cadence « %(tempo)s » est illisible : l'admissibilité des parties n'a pas été vérifiée.",
        "Het speeltempo “%(tempo)s” is onleesbaar: er is niet gecontroleerd of de partijen gerateerd mogen worden.",
        "Die Bedenkzeit „%(tempo)s“ ist nicht lesbar: die Wertbarkeit der Partien wurde nicht geprüft.",
        "The time control “%(tempo)s” cannot be read: the games' eligibility was not checked.",
    ),
    "Character 7 (division) must be 1–9 or $.": (
        "Le caractère 7 (division) doit être 1–9 ou $.",
        "Teken 7 (afdeling) moet 1–9 of $ zijn.",
        "Zeichen 7 (Division) muss 1–9 oder $ sein.",
        "Character 7 (division) must be 1–9 or $.",
    ),
    "Character 8 (series) must be a capital letter A–Z or $.": (
        "Le caractère 8 (série) doit être une majuscule A–Z ou $.",
        "Teken 8 (reeks) moet een hoofdletter A–Z of $ zijn.",
        "Zeichen 8 (Serie) muss ein Großbuchstabe A–Z oder $ sein.",
        "Character 8 (series) must be a capital letter A–Z or $.",
    ),
    "The club already sends %(name)s (a tournament ending the same day): change character 7 or 8.": (
        "Le club envoie déjà %(name)s (un tournoi finissant le même jour) : changez le caractère 7 ou 8.",
        "De club verstuurt al %(name)s (een toernooi dat op dezelfde dag eindigt): wijzig teken 7 of 8.",
        "Der Verein sendet bereits %(name)s (ein Turnier, das am selben Tag endet): Zeichen 7 oder 8 ändern.",
        "The club already sends %(name)s (a tournament ending the same day): change character 7 or 8.",
    ),
    "The export settings were saved.": (
        "Les paramètres d'envoi ont été enregistrés.",
        "De exportinstellingen zijn opgeslagen.",
        "Die Exporteinstellungen wurden gespeichert.",
        "The export settings were saved.",
    ),
    "The file is too big.": (
        "Le fichier est trop volumineux.",
        "Het bestand is te groot.",
        "Die Datei ist zu groß.",
        "The file is too big.",
    ),
    "Choose a file.": (
        "Choisissez un fichier.",
        "Kies een bestand.",
        "Wählen Sie eine Datei.",
        "Choose a file.",
    ),
    "record %(record)s, field %(field)s: %(message)s": (
        "enregistrement %(record)s, champ %(field)s : %(message)s",
        "record %(record)s, veld %(field)s: %(message)s",
        "Datensatz %(record)s, Feld %(field)s: %(message)s",
        "record %(record)s, field %(field)s: %(message)s",
    ),
    "Player list imported: %(new)s new, %(updated)s updated.": (
        "Liste des joueurs importée : %(new)s nouveaux, %(updated)s mis à jour.",
        "Spelerslijst geïmporteerd: %(new)s nieuw, %(updated)s bijgewerkt.",
        "Spielerliste importiert: %(new)s neu, %(updated)s aktualisiert.",
        "Player list imported: %(new)s new, %(updated)s updated.",
    ),
    "No player with this matricule in the list.": (
        "Aucun joueur avec ce matricule dans la liste.",
        "Geen speler met dit stamnummer in de lijst.",
        "Kein Spieler mit dieser Mitgliedsnummer in der Liste.",
        "No player with this matricule in the list.",
    ),
    "This club already has a player with this matricule.": (
        "Ce club a déjà un joueur avec ce matricule.",
        "Deze club heeft al een speler met dit stamnummer.",
        "Dieser Verein hat bereits einen Spieler mit dieser Mitgliedsnummer.",
        "This club already has a player with this matricule.",
    ),
    "%(name)s was added to the club's players.": (
        "%(name)s a été ajouté aux joueurs du club.",
        "%(name)s is toegevoegd aan de spelers van de club.",
        "%(name)s wurde zu den Spielern des Vereins hinzugefügt.",
        "%(name)s was added to the club's players.",
    ),
    "Choose one of the club's open tournaments.": (
        "Choisissez un des tournois en cours du club.",
        "Kies een van de lopende toernooien van de club.",
        "Wählen Sie eines der laufenden Turniere des Vereins.",
        "Choose one of the club's open tournaments.",
    ),
    "This player is already in the tournament.": (
        "Ce joueur est déjà dans le tournoi.",
        "Deze speler neemt al deel aan het toernooi.",
        "Dieser Spieler ist bereits im Turnier.",
        "This player is already in the tournament.",
    ),
    "The tournament changed meanwhile: try again.": (
        "Le tournoi a changé entre-temps : réessayez.",
        "Het toernooi is intussen gewijzigd: probeer opnieuw.",
        "Das Turnier wurde inzwischen geändert: bitte erneut versuchen.",
        "The tournament changed meanwhile: try again.",
    ),
    "%(name)s was added to %(tournament)s with pairing number %(number)s.": (
        "%(name)s a été ajouté à %(tournament)s avec le numéro d'appariement %(number)s.",
        "%(name)s is toegevoegd aan %(tournament)s met paringsnummer %(number)s.",
        "%(name)s wurde %(tournament)s mit der Paarungsnummer %(number)s hinzugefügt.",
        "%(name)s was added to %(tournament)s with pairing number %(number)s.",
    ),
    "Unknown action.": (
        "Action inconnue.",
        "Onbekende actie.",
        "Unbekannte Aktion.",
        "Unknown action.",
    ),
}

PLURALS: dict[str, tuple[tuple[str, str], ...]] = {
    "%(counter)s player in the list.": (
        ("%(counter)s joueur dans la liste.", "%(counter)s joueurs dans la liste."),
        ("%(counter)s speler in de lijst.", "%(counter)s spelers in de lijst."),
        ("%(counter)s Spieler in der Liste.", "%(counter)s Spieler in der Liste."),
        ("%(counter)s player in the list.", "%(counter)s players in the list."),
    ),
}

LANGUAGES = ("fr", "nl", "de", "en")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(block: str) -> str:
    return (
        "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block)).replace('\\"', '"').replace("\\\\", "\\")
    )


def fill(folder: Path) -> list[str]:
    """Write every msgstr of ``folder/<lang>/LC_MESSAGES/django.po``; returns missing msgids."""
    missing: list[str] = []
    for index, language in enumerate(LANGUAGES):
        po = folder / language / "LC_MESSAGES" / "django.po"
        head, *entries = po.read_text(encoding="utf-8").split("\n\n")
        head = head.replace("#, fuzzy\n", "")
        out = [head]
        for entry in entries:
            match = re.search(r"^msgid ((?:\".*\"\n?)+)", entry, re.M)
            if not match:
                out.append(entry)
                continue
            msgid = _unquote(match.group(1))
            entry = entry.replace("#, fuzzy\n", "")
            entry = re.sub(r"^#\| .*\n?", "", entry, flags=re.M)
            if msgid in PLURALS:
                one, many = PLURALS[msgid][index]
                entry = re.sub(r"^msgstr\[.*", "", entry, flags=re.M | re.S).rstrip("\n")
                entry += f"\nmsgstr[0] {_quote(one)}\nmsgstr[1] {_quote(many)}"
            elif msgid in T:
                entry = re.sub(
                    r"^msgstr (?:\".*\"\n?)+",
                    "msgstr " + _quote(T[msgid][index]) + "\n",
                    entry,
                    flags=re.M,
                ).rstrip("\n")
            else:
                missing.append(msgid)
            out.append(entry)
        po.write_text("\n\n".join(out) + "\n", encoding="utf-8")
    return missing


if __name__ == "__main__":
    missing = fill(Path(__file__).resolve().parent)
    for msgid in sorted(set(missing)):
        print("missing:", msgid, file=sys.stderr)
    sys.exit(1 if missing else 0)
