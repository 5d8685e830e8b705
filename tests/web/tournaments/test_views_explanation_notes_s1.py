"""S1: the notes under a tiebreak's explanation (DE, BH, KS, TPR…) are in the page's language.

The core writes each note as a template marked with ``gettext_noop`` and its params
(``chessclub.tiebreaks.Note``); the page translates the template with the main catalogue and
writes the params as the standings do (``1½``, ``0,64``).

The French templates below are the main catalogue's entries (``make messages`` extracts the
msgids from the core); the pages below read them from the real catalogue.

Values from the demo championship (``elite-2000-16p-7r.txt``): 1. Alpha Anne has 4½ points
like 2, 4 and 9 and drew against each of them (1½ among them, DE not separated); she played 7
games against opponents rated 2171, 2315, 2093, 2267, 2232, 2184, 2159 (mean 15421 / 7 = 2203)
scoring 4½: p = 0.64, dp = 102 (B.02 table 8.1.1). The Koya limit of 7 rounds is 3½ points.
15. Oscar Olivier played round 1, lost, and was absent from round 2 on (0 points).
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

pytestmark = pytest.mark.django_db

FRENCH = {
    "among %(players)s: %(score)s": "entre %(players)s : %(score)s",
    "among %(players)s: %(score)s (at most %(maximum)s had the missing games been won)": (
        "entre %(players)s : %(score)s (au plus %(maximum)s si les parties manquantes avaient été "
        "gagnées)"
    ),
    "not separated from %(players)s by Direct Encounter": (
        "non départagé de %(players)s par le résultat particulier"
    ),
    "limit: opponents with at least %(points)s points": (
        "limite : adversaires ayant au moins %(points)s points"
    ),
    "average over %(games)s game(s) played": "moyenne sur %(games)s partie(s) jouée(s)",
    "%(cuts)s cut(s) taken by unplayed rounds (C.02 Art. 13)": (
        "%(cuts)s coupe(s) absorbée(s) par les rondes non jouées (C.02 art. 13)"
    ),
    "score %(score)s in %(games)s game(s), p = %(p)s": (
        "score %(score)s en %(games)s partie(s), p = %(p)s"
    ),
    "score %(score)s in %(games)s game(s), p = %(p)s, dp = %(dp)s, ARO = %(aro)s": (
        "score %(score)s en %(games)s partie(s), p = %(p)s, dp = %(dp)s, ARO = %(aro)s"
    ),
    "virtual opponent: %(before)s before the round + %(points)s for the round + %(later)s draw(s) "
    "after": (
        "adversaire virtuel : %(before)s avant la ronde + %(points)s pour la ronde + %(later)s "
        "nulle(s) ensuite"
    ),
    "min(own score %(own)s, scheduled opponent's adjusted score %(other)s) (Art. 16.4.1)": (
        "min(score propre %(own)s, score ajusté de l'adversaire prévu %(other)s) (art. 16.4.1)"
    ),
    "min(own score %(own)s, draw points × rounds %(cap)s) (Art. 16.4.2)": (
        "min(score propre %(own)s, points de la nulle × rondes %(cap)s) (art. 16.4.2)"
    ),
    "own score %(own)s (Art. 16.4)": "score propre %(own)s (art. 16.4)",
    "%(kind)s, Art. %(article)s; %(reason)s": "%(kind)s, art. %(article)s ; %(reason)s",
    "%(kind)s; %(reason)s": "%(kind)s ; %(reason)s",
}


@pytest.mark.parametrize("msgid", sorted(FRENCH))
def test_s1_note_templates_are_in_the_french_catalogue(msgid):
    with translation.override("fr"):
        assert translation.gettext(msgid) == FRENCH[msgid]


def _notes(html: str) -> list[str]:
    """The page's notes: the list under the table and the note of each round's row."""
    found = re.findall(r'<ul class="notes">(.*?)</ul>', html, re.S)
    items = re.findall(r"<li>(.*?)</li>", found[0], re.S) if found else []
    items += re.findall(r'<small class="muted">(.*?)</small>', html, re.S)
    return [re.sub(r"\s+", " ", i).strip().replace("&#x27;", "'") for i in items]


def _set(demo_owner, demo, codes: str, era: str) -> None:
    demo_owner.post(demo + "settings/", {"tiebreaks": codes, "tiebreak_rules": era})


def test_s1_direct_encounter_notes_in_french(demo_owner, demo):
    _set(demo_owner, demo, "DE, WIN", "2023")
    html = demo_owner.get(demo + "explain/1/DE/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    notes = _notes(html)
    assert "entre 1, 2, 4, 9 : 1½" in notes
    assert "non départagé de 2, 4, 9 par le résultat particulier" in notes
    assert not any("among" in n or "separated" in n for n in notes)


def test_s1_buchholz_dummy_opponent_notes_in_french(demo_owner, demo):
    """Oscar's rounds 2–7: absent, a voluntary unplayed round followed only by others like it
    (Art. 16.2.5); the dummy opponent has his own score, 0 (Art. 16.4)."""
    _set(demo_owner, demo, "BH", "2023")
    html = demo_owner.get(demo + "explain/15/BH/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    notes = _notes(html)
    assert notes.count("absent, art. 16.2.5 ; score propre 0 (art. 16.4)") == 6
    assert not any("own score" in n for n in notes)


def test_s1_buchholz_virtual_opponent_notes_in_french_before_2023(demo_owner, demo):
    """2009 rules: Oscar's round 2: 0 points before it + 1 for the round (he scored 0) + a
    draw in each of the 5 later rounds."""
    _set(demo_owner, demo, "BH", "2009")
    html = demo_owner.get(demo + "explain/15/BH/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert (
        "absent ; adversaire virtuel : 0 avant la ronde + 1 pour la ronde + 5 nulle(s) ensuite"
        in _notes(html)
    )


def test_s1_koya_performance_and_average_notes_in_french(demo_owner, demo):
    _set(demo_owner, demo, "KS, TPR, AOB", "2023")
    get = lambda path: _notes(  # noqa: E731
        demo_owner.get(demo + path, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    )
    assert "limite : adversaires ayant au moins 3½ points" in get("explain/1/KS/")
    assert "score 4½ en 7 partie(s), p = 0,64, dp = 102, ARO = 2203" in get("explain/1/TPR/")
    assert "moyenne sur 7 partie(s) jouée(s)" in get("explain/1/AOB/")


def test_s1_notes_stay_english_on_english_pages(demo_owner, demo):
    _set(demo_owner, demo, "DE, WIN", "2023")
    html = demo_owner.get(demo + "explain/1/DE/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    notes = _notes(html)
    assert "among 1, 2, 4, 9: 1½" in notes
    assert "not separated from 2, 4, 9 by Direct Encounter" in notes
