"""Fill the results app's catalogues (fr, nl, de, en) after ``makemessages``:
``../../../.venv/bin/python locale/translations.py`` from ``src/chessclub_web/results``, then
``compilemessages``. Kept with the catalogues so that a regenerated .po can be refilled."""
# ruff: noqa: E501

from __future__ import annotations

import re
import sys
from pathlib import Path

T: dict[str, tuple[str, str, str, str]] = {
    "Forgotten password?": (
        "Mot de passe oublié ?",
        "Wachtwoord vergeten?",
        "Passwort vergessen?",
        "Forgotten password?",
    ),
    "Forgotten password": (
        "Mot de passe oublié",
        "Wachtwoord vergeten",
        "Passwort vergessen",
        "Forgotten password",
    ),
    "Enter the e-mail address of your account: we send you a link to choose a new password.": (
        "Indiquez l’adresse e-mail de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe.",
        "Geef het e-mailadres van uw account: we sturen u een link om een nieuw wachtwoord te kiezen.",
        "Geben Sie die E-Mail-Adresse Ihres Kontos ein: Wir senden Ihnen einen Link, um ein neues Passwort zu wählen.",
        "Enter the e-mail address of your account: we send you a link to choose a new password.",
    ),
    "E-mail address": ("Adresse e-mail", "E-mailadres", "E-Mail-Adresse", "E-mail address"),
    "Send the link": ("Envoyer le lien", "Link versturen", "Link senden", "Send the link"),
    "If an account has this e-mail address, a link to choose a new password has been sent to it. Check your mailbox (and its spam folder).": (
        "Si un compte a cette adresse e-mail, un lien pour choisir un nouveau mot de passe lui a été envoyé. Consultez votre boîte aux lettres (et son dossier de courrier indésirable).",
        "Als een account dit e-mailadres heeft, is er een link naartoe gestuurd om een nieuw wachtwoord te kiezen. Kijk in uw mailbox (en de map met ongewenste e-mail).",
        "Falls ein Konto diese E-Mail-Adresse hat, wurde ein Link zum Wählen eines neuen Passworts dorthin gesendet. Sehen Sie in Ihrem Postfach (und im Spam-Ordner) nach.",
        "If an account has this e-mail address, a link to choose a new password has been sent to it. Check your mailbox (and its spam folder).",
    ),
    "New password": ("Nouveau mot de passe", "Nieuw wachtwoord", "Neues Passwort", "New password"),
    "New password (again)": (
        "Nouveau mot de passe (encore)",
        "Nieuw wachtwoord (nogmaals)",
        "Neues Passwort (wiederholen)",
        "New password (again)",
    ),
    "Change my password": (
        "Changer mon mot de passe",
        "Mijn wachtwoord wijzigen",
        "Mein Passwort ändern",
        "Change my password",
    ),
    "This link is not valid any more (already used or too old). Ask for a new one.": (
        "Ce lien n’est plus valable (déjà utilisé ou trop ancien). Demandez-en un nouveau.",
        "Deze link is niet meer geldig (al gebruikt of te oud). Vraag een nieuwe aan.",
        "Dieser Link ist nicht mehr gültig (schon benutzt oder zu alt). Fordern Sie einen neuen an.",
        "This link is not valid any more (already used or too old). Ask for a new one.",
    ),
    "Your password has been changed. You can log in with it.": (
        "Votre mot de passe a été changé. Vous pouvez vous connecter avec lui.",
        "Uw wachtwoord is gewijzigd. U kunt ermee inloggen.",
        "Ihr Passwort wurde geändert. Sie können sich damit anmelden.",
        "Your password has been changed. You can log in with it.",
    ),
    "chessclub: choose a new password": (
        "chessclub : choisir un nouveau mot de passe",
        "chessclub: een nieuw wachtwoord kiezen",
        "chessclub: ein neues Passwort wählen",
        "chessclub: choose a new password",
    ),
    "Someone (probably you) asked to choose a new password for the account “%(username)s” on chessclub (%(domain)s).": (
        "Quelqu’un (sans doute vous) a demandé à choisir un nouveau mot de passe pour le compte « %(username)s » sur chessclub (%(domain)s).",
        "Iemand (waarschijnlijk u) heeft gevraagd een nieuw wachtwoord te kiezen voor het account „%(username)s” op chessclub (%(domain)s).",
        "Jemand (wahrscheinlich Sie) hat verlangt, ein neues Passwort für das Konto „%(username)s“ auf chessclub (%(domain)s) zu wählen.",
        "Someone (probably you) asked to choose a new password for the account “%(username)s” on chessclub (%(domain)s).",
    ),
    "Open this link to choose it:": (
        "Ouvrez ce lien pour le choisir :",
        "Open deze link om het te kiezen:",
        "Öffnen Sie diesen Link, um es zu wählen:",
        "Open this link to choose it:",
    ),
    "If you did not ask for it, ignore this message: your password stays as it is.": (
        "Si vous ne l’avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.",
        "Als u dit niet hebt gevraagd, negeer dan dit bericht: uw wachtwoord blijft zoals het is.",
        "Wenn Sie das nicht verlangt haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt, wie es ist.",
        "If you did not ask for it, ignore this message: your password stays as it is.",
    ),
    "Calendar": ("Calendrier", "Kalender", "Kalender", "Calendar"),
    "History": ("Historique", "Geschiedenis", "Verlauf", "History"),
    "automatic save": (
        "enregistrement automatique",
        "automatisch opslaan",
        "automatisches Speichern",
        "automatic save",
    ),
    "button": ("bouton", "knop", "Schaltfläche", "button"),
    "tournament": ("tournoi", "toernooi", "Turnier", "tournament"),
    "game": ("partie", "partij", "Partie", "game"),
    "round": ("ronde", "ronde", "Runde", "round"),
    "board": ("échiquier", "bord", "Brett", "board"),
    "white": ("blancs", "wit", "Weiß", "white"),
    "black": ("noirs", "zwart", "Schwarz", "black"),
    "old result": ("ancien résultat", "oud resultaat", "altes Ergebnis", "old result"),
    "new result": ("nouveau résultat", "nieuw resultaat", "neues Ergebnis", "new result"),
    "old version": ("ancienne version", "oude versie", "alte Version", "old version"),
    "user": ("utilisateur", "gebruiker", "Benutzer", "user"),
    "user name": ("nom d’utilisateur", "gebruikersnaam", "Benutzername", "user name"),
    "changed at": ("modifié le", "gewijzigd op", "geändert am", "changed at"),
    "saved by": ("enregistré par", "opgeslagen via", "gespeichert über", "saved by"),
    "correction of a closed tournament": (
        "correction d’un tournoi clôturé",
        "correctie van een afgesloten toernooi",
        "Korrektur eines abgeschlossenen Turniers",
        "correction of a closed tournament",
    ),
    "result change": (
        "modification de résultat",
        "resultaatwijziging",
        "Ergebnisänderung",
        "result change",
    ),
    "result changes": (
        "modifications de résultats",
        "resultaatwijzigingen",
        "Ergebnisänderungen",
        "result changes",
    ),
    "This tournament is closed: results are corrected only with the button “%(button)s”, and a board never goes back to “no result”.": (
        "Ce tournoi est clôturé : les résultats se corrigent uniquement avec le bouton « %(button)s », et un échiquier ne revient jamais à « pas de résultat ».",
        "Dit toernooi is afgesloten: resultaten worden alleen met de knop „%(button)s” gecorrigeerd, en een bord gaat nooit terug naar „geen resultaat”.",
        "Dieses Turnier ist abgeschlossen: Ergebnisse werden nur mit der Schaltfläche „%(button)s“ korrigiert, und ein Brett kehrt nie zu „kein Ergebnis“ zurück.",
        "This tournament is closed: results are corrected only with the button “%(button)s”, and a board never goes back to “no result”.",
    ),
    "Save the corrections": (
        "Enregistrer les corrections",
        "Correcties opslaan",
        "Korrekturen speichern",
        "Save the corrections",
    ),
    "Round %(next)s is already paired: every change in round %(round)s is a late correction, saved only with the button.": (
        "La ronde %(next)s est déjà appariée : toute modification dans la ronde %(round)s est une correction tardive, enregistrée uniquement avec le bouton.",
        "Ronde %(next)s is al ingedeeld: elke wijziging in ronde %(round)s is een late correctie, alleen met de knop opgeslagen.",
        "Runde %(next)s ist schon ausgelost: jede Änderung in Runde %(round)s ist eine späte Korrektur und wird nur mit der Schaltfläche gespeichert.",
        "Round %(next)s is already paired: every change in round %(round)s is a late correction, saved only with the button.",
    ),
    "board %(board)s": (
        "échiquier %(board)s",
        "bord %(board)s",
        "Brett %(board)s",
        "board %(board)s",
    ),
    "Game %(game)s is not a board of this round of this tournament.": (
        "La partie %(game)s n’est pas un échiquier de cette ronde de ce tournoi.",
        "Partij %(game)s is geen bord van deze ronde van dit toernooi.",
        "Partie %(game)s ist kein Brett dieser Runde dieses Turniers.",
        "Game %(game)s is not a board of this round of this tournament.",
    ),
    "%(board)s: “%(code)s” is not a result code (use one of %(codes)s).": (
        "%(board)s : « %(code)s » n’est pas un code de résultat (utilisez l’un de %(codes)s).",
        "%(board)s: „%(code)s” is geen resultaatcode (gebruik een van %(codes)s).",
        "%(board)s: „%(code)s“ ist kein Ergebniscode (verwenden Sie einen von %(codes)s).",
        "%(board)s: “%(code)s” is not a result code (use one of %(codes)s).",
    ),
    "%(board)s: the version %(version)s is not valid.": (
        "%(board)s : la version %(version)s n’est pas valable.",
        "%(board)s: de versie %(version)s is niet geldig.",
        "%(board)s: die Version %(version)s ist nicht gültig.",
        "%(board)s: the version %(version)s is not valid.",
    ),
    "%(board)s: a board of a closed tournament always keeps a result; it cannot go back to “no result”.": (
        "%(board)s : un échiquier d’un tournoi clôturé garde toujours un résultat ; il ne peut pas revenir à « pas de résultat ».",
        "%(board)s: een bord van een afgesloten toernooi houdt altijd een resultaat; het kan niet terug naar „geen resultaat”.",
        "%(board)s: ein Brett eines abgeschlossenen Turniers behält immer ein Ergebnis; es kann nicht zu „kein Ergebnis“ zurück.",
        "%(board)s: a board of a closed tournament always keeps a result; it cannot go back to “no result”.",
    ),
    "This round does not exist any more.": (
        "Cette ronde n’existe plus.",
        "Deze ronde bestaat niet meer.",
        "Diese Runde gibt es nicht mehr.",
        "This round does not exist any more.",
    ),
    "Round %(round)s is not published: its results cannot be entered yet.": (
        "La ronde %(round)s n’est pas publiée : ses résultats ne peuvent pas encore être encodés.",
        "Ronde %(round)s is niet gepubliceerd: de resultaten kunnen nog niet worden ingevoerd.",
        "Runde %(round)s ist nicht veröffentlicht: ihre Ergebnisse können noch nicht eingegeben werden.",
        "Round %(round)s is not published: its results cannot be entered yet.",
    ),
    "Round %(number)s": (
        "Ronde %(number)s",
        "Ronde %(number)s",
        "Runde %(number)s",
        "Round %(number)s",
    ),
    "Boards": ("Échiquiers", "Borden", "Bretter", "Boards"),
    "This round is not published: its pairings are a draft, seen by the staff only, and results cannot be entered yet.": (
        "Cette ronde n’est pas publiée : ses appariements sont un brouillon, vu seulement par l’équipe d’arbitrage, et ses résultats ne peuvent pas encore être encodés.",
        "Deze ronde is niet gepubliceerd: de indeling is een ontwerp, alleen zichtbaar voor de leiding, en resultaten kunnen nog niet worden ingevoerd.",
        "Diese Runde ist nicht veröffentlicht: ihre Paarungen sind ein Entwurf, nur für die Turnierleitung sichtbar, und Ergebnisse können noch nicht eingegeben werden.",
        "This round is not published: its pairings are a draft, seen by the staff only, and results cannot be entered yet.",
    ),
    "Pairings": ("Appariements", "Indeling", "Paarungen", "Pairings"),
    "Saved": ("Enregistré", "Opgeslagen", "Gespeichert", "Saved"),
    "Not saved": ("Non enregistré", "Niet opgeslagen", "Nicht gespeichert", "Not saved"),
    "Saving…": ("Enregistrement…", "Bezig met opslaan…", "Wird gespeichert…", "Saving…"),
    "Changed by someone else": (
        "Modifié par quelqu'un d'autre",
        "Gewijzigd door iemand anders",
        "Von jemand anderem geändert",
        "Changed by someone else",
    ),
    "your choice": ("votre choix", "uw keuze", "Ihre Wahl", "your choice"),
    "stored": ("enregistré", "opgeslagen", "gespeichert", "stored"),
    "Board": ("Échiquier", "Bord", "Brett", "Board"),
    "Bd": ("Éch.", "Bd", "Br.", "Bd"),
    "White": ("Blancs", "Wit", "Weiß", "White"),
    "Black": ("Noirs", "Zwart", "Schwarz", "Black"),
    "Result": ("Résultat", "Resultaat", "Ergebnis", "Result"),
    "pts": ("pts", "ptn", "Pkt.", "pts"),
    "Result of board %(board)s": (
        "Résultat de l’échiquier %(board)s",
        "Resultaat van bord %(board)s",
        "Ergebnis von Brett %(board)s",
        "Result of board %(board)s",
    ),
    "No board in this round.": (
        "Aucun échiquier dans cette ronde.",
        "Geen bord in deze ronde.",
        "Kein Brett in dieser Runde.",
        "No board in this round.",
    ),
    "Without opponent": (
        "Sans adversaire",
        "Zonder tegenstander",
        "Ohne Gegner",
        "Without opponent",
    ),
    "Each result is saved as soon as it is chosen. The button saves the boards marked “Not saved”, and everything when JavaScript is off.": (
        "Chaque résultat est enregistré dès qu’il est choisi. Le bouton enregistre les échiquiers marqués « Non enregistré », et tout quand JavaScript est désactivé.",
        "Elk resultaat wordt opgeslagen zodra het gekozen is. De knop slaat de borden op die „Niet opgeslagen” tonen, en alles wanneer JavaScript uit staat.",
        "Jedes Ergebnis wird gespeichert, sobald es gewählt ist. Die Schaltfläche speichert die als „Nicht gespeichert“ markierten Bretter, und alles, wenn JavaScript aus ist.",
        "Each result is saved as soon as it is chosen. The button saves the boards marked “Not saved”, and everything when JavaScript is off.",
    ),
    "History of this round": (
        "Historique de cette ronde",
        "Geschiedenis van deze ronde",
        "Verlauf dieser Runde",
        "History of this round",
    ),
    "Round": ("Ronde", "Ronde", "Runde", "Round"),
    "Date": ("Date", "Datum", "Datum", "Date"),
    "State": ("État", "Toestand", "Stand", "State"),
    "Links": ("Liens", "Links", "Links", "Links"),
    "Planned, not paired yet": (
        "Prévue, pas encore appariée",
        "Gepland, nog niet ingedeeld",
        "Geplant, noch nicht ausgelost",
        "Planned, not paired yet",
    ),
    "No round yet.": (
        "Pas encore de ronde.",
        "Nog geen ronde.",
        "Noch keine Runde.",
        "No round yet.",
    ),
    "Pair the next round": (
        "Apparier la ronde suivante",
        "Volgende ronde indelen",
        "Nächste Runde auslosen",
        "Pair the next round",
    ),
    "Close…": ("Clôturer…", "Afsluiten…", "Abschließen…", "Close…"),
    "Every result entered or changed on a board, most recent first: who, when, the old and the new value. The history cannot be edited.": (
        "Chaque résultat encodé ou modifié sur un échiquier, le plus récent d’abord : qui, quand, l’ancienne et la nouvelle valeur. L’historique ne peut pas être modifié.",
        "Elk resultaat dat op een bord is ingevoerd of gewijzigd, het recentste eerst: wie, wanneer, de oude en de nieuwe waarde. De geschiedenis kan niet worden bewerkt.",
        "Jedes auf einem Brett eingegebene oder geänderte Ergebnis, das neueste zuerst: wer, wann, alter und neuer Wert. Der Verlauf kann nicht bearbeitet werden.",
        "Every result entered or changed on a board, most recent first: who, when, the old and the new value. The history cannot be edited.",
    ),
    "Only the %(limit)s most recent changes are shown.": (
        "Seules les %(limit)s modifications les plus récentes sont affichées.",
        "Alleen de %(limit)s recentste wijzigingen worden getoond.",
        "Nur die %(limit)s neuesten Änderungen werden gezeigt.",
        "Only the %(limit)s most recent changes are shown.",
    ),
    "When": ("Quand", "Wanneer", "Wann", "When"),
    "Who": ("Qui", "Wie", "Wer", "Who"),
    "Game": ("Partie", "Partij", "Partie", "Game"),
    "Old": ("Avant", "Oud", "Alt", "Old"),
    "New": ("Après", "Nieuw", "Neu", "New"),
    "How": ("Comment", "Hoe", "Wie", "How"),
    "correction": ("correction", "correctie", "Korrektur", "correction"),
    "first result": ("premier résultat", "eerste resultaat", "erstes Ergebnis", "first result"),
    "change": ("modification", "wijziging", "Änderung", "change"),
    "No result has been entered on this site yet.": (
        "Aucun résultat n’a encore été encodé sur ce site.",
        "Er is op deze site nog geen resultaat ingevoerd.",
        "Auf dieser Seite wurde noch kein Ergebnis eingegeben.",
        "No result has been entered on this site yet.",
    ),
    "Paired (not published)": (
        "Appariée (non publiée)",
        "Ingedeeld (niet gepubliceerd)",
        "Ausgelost (nicht veröffentlicht)",
        "Paired (not published)",
    ),
    "Draft": ("Brouillon", "Ontwerp", "Entwurf", "Draft"),
    "Complete": ("Terminée", "Volledig", "Vollständig", "Complete"),
    "Published": ("Publiée", "Gepubliceerd", "Veröffentlicht", "Published"),
    "Save the results": (
        "Enregistrer les résultats",
        "Resultaten opslaan",
        "Ergebnisse speichern",
        "Save the results",
    ),
    "“%(field)s” is not a board of round %(round)s of this tournament.": (
        "« %(field)s » n’est pas un échiquier de la ronde %(round)s de ce tournoi.",
        "„%(field)s” is geen bord van ronde %(round)s van dit toernooi.",
        "„%(field)s“ ist kein Brett der Runde %(round)s dieses Turniers.",
        "“%(field)s” is not a board of round %(round)s of this tournament.",
    ),
    "Game %(game)s: the version “%(version)s” is not valid.": (
        "Partie %(game)s : la version « %(version)s » n’est pas valable.",
        "Partij %(game)s: de versie „%(version)s” is niet geldig.",
        "Partie %(game)s: die Version „%(version)s“ ist nicht gültig.",
        "Game %(game)s: the version “%(version)s” is not valid.",
    ),
    "You may not enter results in this tournament.": (
        "Vous ne pouvez pas encoder de résultats dans ce tournoi.",
        "U mag in dit toernooi geen resultaten invoeren.",
        "Sie dürfen in diesem Turnier keine Ergebnisse eingeben.",
        "You may not enter results in this tournament.",
    ),
    "Changed by someone else: %(count)s board(s) changed since you loaded the page. Nothing was saved. Check the stored results shown beside yours, then save again.": (
        "Modifié par quelqu'un d'autre : %(count)s échiquier(s) modifié(s) depuis le chargement de la page. Rien n’a été enregistré. Vérifiez les résultats enregistrés affichés à côté des vôtres, puis enregistrez à nouveau.",
        "Gewijzigd door iemand anders: %(count)s bord(en) gewijzigd sinds u de pagina laadde. Er is niets opgeslagen. Controleer de opgeslagen resultaten naast de uwe en sla dan opnieuw op.",
        "Von jemand anderem geändert: %(count)s Brett(er) seit dem Laden der Seite geändert. Nichts wurde gespeichert. Prüfen Sie die gespeicherten Ergebnisse neben Ihren und speichern Sie dann erneut.",
        "Changed by someone else: %(count)s board(s) changed since you loaded the page. Nothing was saved. Check the stored results shown beside yours, then save again.",
    ),
    "Saved: %(count)s result(s).": (
        "Enregistré : %(count)s résultat(s).",
        "Opgeslagen: %(count)s resultaat/resultaten.",
        "Gespeichert: %(count)s Ergebnis(se).",
        "Saved: %(count)s result(s).",
    ),
    "No result was changed.": (
        "Aucun résultat n’a été modifié.",
        "Er is geen resultaat gewijzigd.",
        "Kein Ergebnis wurde geändert.",
        "No result was changed.",
    ),
    "Log in first.": (
        "Connectez-vous d’abord.",
        "Log eerst in.",
        "Melden Sie sich zuerst an.",
        "Log in first.",
    ),
    "The request names no board or no result.": (
        "La requête ne nomme aucun échiquier ou aucun résultat.",
        "Het verzoek noemt geen bord of geen resultaat.",
        "Die Anfrage nennt kein Brett oder kein Ergebnis.",
        "The request names no board or no result.",
    ),
    "Game %(game)s: the version is missing.": (
        "Partie %(game)s : la version manque.",
        "Partij %(game)s: de versie ontbreekt.",
        "Partie %(game)s: die Version fehlt.",
        "Game %(game)s: the version is missing.",
    ),
    "This tournament is closed: you may not correct its results.": (
        "Ce tournoi est clôturé : vous ne pouvez pas corriger ses résultats.",
        "Dit toernooi is afgesloten: u mag de resultaten niet corrigeren.",
        "Dieses Turnier ist abgeschlossen: Sie dürfen seine Ergebnisse nicht korrigieren.",
        "This tournament is closed: you may not correct its results.",
    ),
}

LANGUAGES = ("fr", "nl", "de", "en")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def fill(folder: Path) -> list[str]:
    """Write every msgstr of ``folder/<lang>/LC_MESSAGES/django.po``; returns msgids missing
    from :data:`T`."""
    missing: list[str] = []
    for index, language in enumerate(LANGUAGES):
        po = folder / language / "LC_MESSAGES" / "django.po"
        text = po.read_text(encoding="utf-8")
        head, *entries = text.split("\n\n")
        head = head.replace("#, fuzzy\n", "").replace(
            '"Content-Type: text/plain; charset=CHARSET\\n"',
            '"Content-Type: text/plain; charset=UTF-8\\n"',
        )
        out = [head]
        for entry in entries:
            match = re.search(r"^msgid ((?:\".*\"\n?)+)", entry, re.M)
            if not match:
                out.append(entry)
                continue
            msgid = (
                "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', match.group(1)))
                .replace('\\"', '"')
                .replace("\\\\", "\\")
            )
            if msgid not in T:
                missing.append(msgid)
                out.append(entry)
                continue
            entry = entry.replace("#, fuzzy\n", "").replace("#, fuzzy, ", "#, ")
            entry = re.sub(r"^#\| .*\n?", "", entry, flags=re.M)
            entry = re.sub(
                r"^msgstr (?:\".*\"\n?)+",
                "msgstr " + _quote(T[msgid][index]) + "\n",
                entry,
                flags=re.M,
            ).rstrip("\n")
            out.append(entry)
        po.write_text("\n\n".join(out) + "\n", encoding="utf-8")
    return missing


if __name__ == "__main__":
    missing = fill(Path(__file__).resolve().parent)
    for msgid in sorted(set(missing)):
        print("missing:", msgid, file=sys.stderr)
    sys.exit(1 if missing else 0)
