"""R-REG-6: a tournament setting gives unrated players a rating for the rating-based
tiebreaks (FIDE C.07 Art. 10: only when the regulations fix it beforehand). Default off, as
before: ARO and TPR are not computed while a player is unrated.

Hand-worked example (a round robin of 4, 3 rounds): Alpha 1800, Beta 1600, Gamma 1400, Delta
unrated; fixed rating 1000.

- R1: Alpha–Delta 1-0, Beta–Gamma ½-½; R2: Gamma–Alpha ½-½, Delta–Beta 0-1;
  R3: Alpha–Beta 1-0, Gamma–Delta 1-0.
- Alpha: opponents Delta 1000, Gamma 1400, Beta 1600 → ARO = 4000 / 3 = 1333.3 → 1333;
  score 2½ / 3, p = 0.83 → dp = 273 (B.02 table 8.1.1) → TPR = 1606.
- Delta: opponents Alpha 1800, Beta 1600, Gamma 1400 → ARO = 4800 / 3 = 1600; score 0,
  p = 0.00 → dp = −800 → TPR = 800.
- Beta: opponents Gamma 1400, Delta 1000, Alpha 1800 → ARO = 4200 / 3 = 1400; score 1½ / 3,
  p = 0.50 → dp = 0 → TPR = 1400.
"""

from __future__ import annotations

import pytest

from chessclub_web.tournaments.adapters import load_tournament, standings_settings
from chessclub_web.tournaments.models import Tournament
from chessclub_web.tournaments.presentation import summarize

from ..builders import make_tournament, tournament_url

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

PLAYERS = [
    ("Testeur, Alpha", 1800),
    ("Testeur, Beta", 1600),
    ("Testeur, Gamma", 1400),
    ("Testeur, Delta", None),
]
ROUNDS = [
    [(1, 4, "1-0"), (2, 3, "=")],
    [(3, 1, "="), (4, 2, "0-1")],
    [(1, 2, "1-0"), (3, 4, "1-0")],
]


def _values(row: Tournament) -> dict[str, tuple[str, ...]]:
    row.refresh_from_db()
    summary, _cells = summarize(load_tournament(row), standings_settings(row))
    return {r.name: r.tiebreaks for r in summary.rows}


def _post(client, row, **fields):
    data = {"tiebreaks": "ARO,TPR", "tiebreak_rules": "", **fields}
    return client.post(tournament_url(row, "tournament_settings"), data)


@pytest.fixture
def event(public_club):
    return make_tournament(public_club, PLAYERS, ROUNDS, name="Fermé")


def test_r_reg_6_fixed_rating_gives_hand_worked_aro_and_tpr(owner_client, event):
    response = _post(owner_client, event, unrated_rating_rule="fixed", unrated_rating=1000)
    assert response.status_code == 302, response.content.decode()[:1500]
    values = _values(event)
    assert values["Testeur, Alpha"] == ("1333", "1606")
    assert values["Testeur, Delta"] == ("1600", "800")
    assert values["Testeur, Beta"] == ("1400", "1400")
    assert (event.unrated_rating_rule, event.unrated_rating) == ("fixed", 1000)


def test_r_reg_6_default_off_leaves_aro_uncomputed(owner_client, event):
    assert event.unrated_rating_rule == ""
    assert _post(owner_client, event, unrated_rating_rule="").status_code == 302
    values = _values(event)
    assert "1333" not in values["Testeur, Alpha"]
    assert "1606" not in values["Testeur, Alpha"]
    # Switched on, then off again: uncomputed again.
    _post(owner_client, event, unrated_rating_rule="fixed", unrated_rating=1000)
    assert _values(event)["Testeur, Alpha"] == ("1333", "1606")
    _post(owner_client, event, unrated_rating_rule="", unrated_rating=1000)
    assert "1333" not in _values(event)["Testeur, Alpha"]
    assert event.unrated_rating is None


@pytest.mark.parametrize("value", ["", "3001", "-1", "x"])
def test_r_reg_6_fixed_rating_bounds_refused_with_400(owner_client, event, value):
    response = _post(owner_client, event, unrated_rating_rule="fixed", unrated_rating=value)
    assert response.status_code == 400
    event.refresh_from_db()
    assert (event.unrated_rating_rule, event.unrated_rating) == ("", None)
    assert "ARO" not in event.tiebreaks  # nothing stored at all


def test_r_reg_6_bounds_0_and_3000_taken(owner_client, event):
    for value in (0, 3000):
        response = _post(owner_client, event, unrated_rating_rule="fixed", unrated_rating=value)
        assert response.status_code == 302
        event.refresh_from_db()
        assert event.unrated_rating == value
