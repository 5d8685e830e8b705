"""R-REG-6, the FRBE rule: in a Belgian event whose rule for unrated players is the FRBE one,
each unrated player counts in ARO/TPR with the fictitious Elo of FRBE B4, worked out from the
site's Belgian list (game counts) as the export page does.

Hand-worked example (a round robin of 4, 3 rounds): Alpha 1800 and Beta 1600 are rated (30
games in the list), Gamma and Delta unrated (5 and 0 games: NC, B4).

- R1: Alpha–Delta 1-0, Beta–Gamma ½-½; R2: Gamma–Alpha 0-1, Delta–Beta ½-½;
  R3: Alpha–Beta 1-0, Gamma–Delta 1-0.
- B4, closed group: the NC's games against rated players are Delta–Alpha 0, Gamma–Beta ½,
  Gamma–Alpha 0, Delta–Beta ½: score 1 / 4, p = 0.25 → dp = −193 (B.02 table 8.1.1); mean
  rating of the rated opponents (1800 + 1600 + 1800 + 1600) / 4 = 1700 → fictitious Elo 1507
  for both.
- Alpha's ARO: Delta 1507, Gamma 1507, Beta 1600 → 4614 / 3 = 1538.
- Gamma's ARO: Beta 1600, Alpha 1800, Delta 1507 → 4907 / 3 = 1635.67 → 1636.
"""

from __future__ import annotations

import pytest

from chessclub_web.frbe.models import FederationPlayer
from chessclub_web.tournaments.adapters import load_tournament, standings_settings
from chessclub_web.tournaments.presentation import summarize

from ..builders import make_tournament
from ..lists import make_version

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

PLAYERS = [
    ("Testeur, Alpha", 1800),
    ("Testeur, Beta", 1600),
    ("Testeur, Gamma", None),
    ("Testeur, Delta", None),
]
ROUNDS = [
    [(1, 4, "1-0"), (2, 3, "=")],
    [(3, 1, "0-1"), (4, 2, "=")],
    [(1, 2, "1-0"), (3, 4, "1-0")],
]
ARO_NOT_COMPUTED = "–"  # the pages' mark of a tiebreak not computed
LIST = [(90001, 1800, 30), (90002, 1600, 30), (90003, None, 5), (90004, None, 0)]


@pytest.fixture
def event(public_club):
    row = make_tournament(public_club, PLAYERS, ROUNDS, name="Fermé")
    for player, (matricule, _rating, _games) in zip(
        row.players.order_by("pairing_number"), LIST, strict=True
    ):
        player.matricule = str(matricule)
        player.save(update_fields=["matricule"])
    row.tiebreaks = "ARO,TPR"
    row.unrated_rating_rule = "frbe"
    row.save(update_fields=["tiebreaks", "unrated_rating_rule"])
    return row


def _listed() -> None:
    version = make_version("frbe")
    FederationPlayer.all_versions.bulk_create(
        FederationPlayer(
            version=version, matricule=m, name=f"Testeur {m}", rating=rating, games=games
        )
        for m, rating, games in LIST
    )


def _aro(row) -> dict[str, str]:
    core = load_tournament(row)
    summary, _cells = summarize(core, standings_settings(row, core))
    return {r.name: r.tiebreaks[0] for r in summary.rows}


def test_r_reg_6_frbe_rule_counts_unrated_players_with_their_fictitious_elo(event):
    _listed()
    aro = _aro(event)
    assert aro["Testeur, Alpha"] == "1538"
    assert aro["Testeur, Gamma"] == "1636"


def test_r_reg_6_frbe_rule_without_the_list_leaves_aro_uncomputed(event):
    aro = _aro(event)
    assert aro["Testeur, Alpha"] == ARO_NOT_COMPUTED, aro
