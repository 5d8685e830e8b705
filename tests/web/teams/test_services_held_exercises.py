"""FIDE's team tiebreak exercises (C.07-2023, exercises 34-45 and 49) reproduced through the
web-stored model: the 14-team, 4-board Swiss of ``held_team_exercises.json`` is stored as rows
(teams, rosters, line-ups, matches whose boards are ``Game`` rows, byes, forfeits) by
:func:`store_team_tournament`, read back by :func:`load_team_tournament`, and every value that
does not depend on board-by-board results is compared with the book's (2023) and the
reference engine's (2026) answers. The expected values are the fixture's, never ours; the
crosstable is built by the core tests' own loader (reused, not copied).
"""

from __future__ import annotations

import importlib.util
from fractions import Fraction
from pathlib import Path

import pytest

from chessclub.model.teams import TeamScore
from chessclub.tiebreaks import RuleEra
from chessclub.tiebreaks.explanation import decimal_text
from chessclub.tiebreaks.teams import compute_team_tiebreaks, evaluate_teams, rank_teams
from chessclub_web.teams import services
from chessclub_web.teams.models import Match, TeamBye
from chessclub_web.tournaments.models import Game, System, Tournament

_LOADER = Path(__file__).parents[2] / "core" / "tiebreaks" / "test_team_held_exercises.py"
_spec = importlib.util.spec_from_file_location("held_team_loader", _LOADER)
assert _spec is not None and _spec.loader is not None
held = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(held)

ERAS = [RuleEra.C07_2023, RuleEra.C07_2026]


def _store(club):
    row = Tournament.objects.create(club=club, name="Held", system=System.TEAM_SWISS)
    services.store_team_tournament(row, held.TOURNAMENT)
    return row


@pytest.fixture
def stored(db, public_club):
    row = _store(public_club)
    return services.load_team_tournament(row), row


_CACHE: dict[str, object] = {}


@pytest.fixture
def core(db, public_club):
    """The held tournament stored as rows and read back, once for the module (the rows are
    rolled back after the first test; the value read from them is kept)."""
    if "core" not in _CACHE:
        _CACHE["core"] = services.load_team_tournament(_store(public_club))
    return _CACHE["core"]


def test_held_stored_as_rows(stored):
    """Rows: 14 teams x 4 boards; 7 rounds; every match's boards are Game rows (47 matches ×
    4 = 188 games); byes: 2 PAB + 1 HPB + 1 ZPB; team 1's forfeit win and team 6's loss kept
    without opponent (the book names none)."""
    _core, row = stored
    assert row.teams.count() == 14
    matches = Match.objects.filter(round__tournament=row).count()
    assert Game.objects.filter(round__tournament=row).count() == 4 * matches
    assert matches == len(held.TOURNAMENT.matches)
    assert TeamBye.objects.filter(round__tournament=row).count() == 6


@pytest.mark.parametrize("era", ERAS)
def test_held_team_match_and_game_points_through_the_web(core, era):
    assert core.scores(TeamScore.MP) == {int(k): Fraction(v) for k, v in held.V1["MP"].items()}
    assert core.scores(TeamScore.GP) == {int(k): Fraction(v) for k, v in held.V1["GP"].items()}


CASES = [
    ("BH:MP", "ex35_BH_V1_matchpoints", "ex35_BH_V2"),
    ("BH:MP/C1", "ex36_BH_C1_V1_matchpoints", "ex36_BH_C1_V2"),
    ("BH:GP", "ex37_BH_X_V1_gamepoints", "ex37_BH_X_V2"),
    ("EMMSB/C1", "ex38_EMMSB_C1_V1", "ex38_EMMSB_C1_V2"),
    ("EGMSB", "ex39_EGMSB_V1", "ex39_EGMSB_V2"),
    ("EMGSB", "ex40_EMGSB_V1", "ex40_EMGSB_V2"),
    ("EGGSB", "ex41_EGGSB_V1", "ex41_EGGSB_V2"),
]


@pytest.mark.parametrize("era", ERAS)
@pytest.mark.parametrize(("code", "v1", "v2"), CASES)
def test_held_exercises_35_to_41_through_the_web(core, era, code, v1, v2):
    got = compute_team_tiebreaks(core, [code], era=era)
    expected = held._expected(v1, v2, era)
    assert {t: got[t][code] for t in expected} == expected


@pytest.mark.parametrize("era", ERAS)
def test_held_exercise_34_orders_through_the_web(core, era):
    assert [r.team.number for r in rank_teams(core, ["GP"], era=era)] == held.V1[
        "ex34_order_by_MP_then_GP"
    ]
    assert [r.team.number for r in rank_teams(core, ["MP"], era=era, primary="GP")] == held.V1[
        "ex34_order_by_GP_then_MP"
    ]


@pytest.mark.parametrize("era", ERAS)
def test_held_exercises_42_to_45_ede_through_the_web(core, era):
    tiers = list(evaluate_teams(core, ["EDE"], era=era).tiers)
    assert (11, 14) in tiers  # ex. 42
    assert tiers.index((6,)) + 1 == tiers.index((8,))  # ex. 43
    assert (7, 9, 13) in tiers  # ex. 44
    assert [t[0] for t in tiers[:5]] == held.V1["ex45_EDE_order_of_leaders"]  # ex. 45


@pytest.mark.parametrize("era", ERAS)
def test_held_exercise_49_sssc_through_the_web(core, era):
    got = compute_team_tiebreaks(core, ["SSSC"], era=era)
    expected = dict(held.V1["ex49_SSSC_V1"])
    if era is RuleEra.C07_2026:
        expected.update(held.V2["ex49_SSSC_V2"])
    assert {k: decimal_text(got[int(k)]["SSSC"], 2) for k in expected} == expected


def test_s4_team_standings_page_uses_gp_ede_emgsb(client, stored):
    """Spec S4: match points, then GP EDE EMGSB; the book's leaders 5, 1, 2, 4, 3 (2023)."""
    _core, row = stored
    row.tiebreak_rules = "2023"
    row.save()
    from django.urls import reverse

    page = client.get(reverse("team_standings", args=(row.club.number, row.pk))).content.decode()
    assert "GP, EDE, EMGSB" in page
    order = [page.index(f'id="team-{n}"') for n in (5, 1, 2, 4, 3)]
    assert order == sorted(order)
