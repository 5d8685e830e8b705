"""Team pairing (issue 8): team round robin on Berger tables, the FIDE team Swiss (C.04.6)
through gacrux's team mode, and matches not played over the board (whole-match forfeit,
cross-forfeit) counted as results but not as met nor for colours."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from chessclub.formats.trf.teams import write_team_trf
from chessclub.model import ByeKind, Colour, GameResult, PairingNumber, Player
from chessclub.model.teams import (
    BoardGame,
    MatchForfeit,
    Team,
    TeamBye,
    TeamMatch,
    TeamRoundKind,
    TeamScore,
    TeamTournament,
)
from chessclub.pairing import PairingError
from chessclub.pairing.teams import (
    GacruxTeamEngine,
    check_team_trf,
    engine_input,
    pairing_system_code,
    team_round_robin,
)

W, B = Colour.WHITE, Colour.BLACK


def _field(teams: int, boards: int = 4, rounds: int = 2) -> TeamTournament:
    roster = tuple(
        Team(
            n, f"Team {n}", tuple(PairingNumber((n - 1) * boards + k) for k in range(1, boards + 1))
        )
        for n in range(1, teams + 1)
    )
    players = tuple(
        Player(PairingNumber(p), f"Player {p}", 2400 - p) for p in range(1, teams * boards + 1)
    )
    return TeamTournament("T", roster, boards, planned_rounds=rounds, players=players)


def _boards(
    t: TeamTournament, home: int, away: int, results: list[GameResult]
) -> tuple[BoardGame, ...]:
    h, a = t.team(home).pairing_numbers, t.team(away).pairing_numbers
    return tuple(
        BoardGame(b, r, h[b - 1], a[b - 1], W if b % 2 else B) for b, r in enumerate(results, 1)
    )


def test_issue8_team_round_robin_uses_the_berger_table_on_teams() -> None:
    """FIDE C.05 Annex 1 table for 6 (fide.md §4.4): R1 1-6 2-5 3-4 | R2 6-4 5-3 1-2 | …;
    team numbers 11..16 stand for Berger numbers 1..6."""
    rounds = team_round_robin([11, 12, 13, 14, 15, 16])
    assert rounds[0].matches == ((11, 16), (12, 15), (13, 14))
    assert rounds[1].matches == ((16, 14), (15, 13), (11, 12))
    assert rounds[4].matches == ((13, 16), (14, 12), (15, 11))
    met = {frozenset(m) for r in rounds for m in r.matches}
    assert len(met) == 15  # 6 teams: C(6,2) = 15 pairs, each once


def test_issue8_odd_team_round_robin_gives_one_team_a_bye_per_round() -> None:
    rounds = team_round_robin([1, 2, 3, 4, 5])
    assert len(rounds) == 5
    assert sorted(r.bye for r in rounds) == [1, 2, 3, 4, 5]


def test_issue8_pairing_system_codes_name_the_colour_model() -> None:
    """TRF-2026 record 192 (fide.md §2.2): FIDE_TEAM_TYPEA_MP_GP … ; no type = no colours."""
    t = _field(2)
    assert pairing_system_code(t, "typea") == "FIDE_TEAM_TYPEA_MP_GP"
    assert pairing_system_code(t, "typeb") == "FIDE_TEAM_TYPEB_MP_GP"
    assert pairing_system_code(t, "nocolor") == "FIDE_TEAM_MP_GP"
    assert pairing_system_code(replace(t, primary=TeamScore.GP), "typea") == "FIDE_TEAM_TYPEA_GP_MP"


def test_c046_round_one_pairs_top_half_against_bottom_half() -> None:
    """C.04.6 round 1: one score group, TPN order; 4 teams → 1 v 3, 2 v 4 (top half against
    bottom half; C.04.1) — the engine's answer is checked to contain each team once."""
    pairing = GacruxTeamEngine().pair(_field(4), 1)
    assert {frozenset(m) for m in pairing.matches} == {frozenset((1, 3)), frozenset((2, 4))}
    assert pairing.bye is None


def test_c041_teams_that_met_over_the_board_are_not_paired_again() -> None:
    """Two teams that played round 1 (one board over the board) cannot meet in round 2:
    no legal pairing (C.04.1 a: no two teams meet twice)."""
    t = _field(2)
    played = TeamMatch(
        1,
        1,
        2,
        _boards(
            t, 1, 2, [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.DRAW, GameResult.DRAW]
        ),
    )
    with pytest.raises(PairingError):
        GacruxTeamEngine().pair(replace(t, matches=(played,)), 2)


@pytest.mark.parametrize("forfeit", [MatchForfeit.HOME_WINS, MatchForfeit.DOUBLE])
def test_issue8_whole_match_forfeit_is_a_result_not_a_meeting(forfeit: MatchForfeit) -> None:
    """A whole-match forfeit: home 2 MP and 4 GP (4 boards × forfeit win 1) when it wins;
    not played; the same two teams may be paired in round 2 (they never met over the board)."""
    t = _field(2)
    t = replace(t, matches=(TeamMatch(1, 1, 2, forfeit=forfeit),))
    cells = t.team_rounds()
    expected_mp = 2 if forfeit is MatchForfeit.HOME_WINS else 0
    assert (cells[1][0].mp, cells[1][0].gp) == (expected_mp, 4 if expected_mp else 0)
    assert not cells[1][0].played and not cells[2][0].played
    assert t.met_over_the_board() == set()
    pairing = GacruxTeamEngine().pair(t, 2)
    assert {frozenset(m) for m in pairing.matches} == {frozenset((1, 2))}
    assert "330 " in engine_input(t, 2, "typea")


def test_issue8_cross_forfeit_is_a_drawn_result_not_a_meeting() -> None:
    """Cross-forfeit: board 1 home (White) wins by forfeit (+/-), board 2 away (White there)
    wins by forfeit (+/-), boards 3-4 double forfeits: GP 1 - 1, MP 1 - 1 (draw, 2/1/0). No
    board played over the board → not met, no colour: round 2 pairs the same teams again, and
    the engine input gives both a half-point bye instead of a meeting (record 240 H)."""
    t = _field(2)
    forfeits = [
        GameResult.WHITE_WINS_BY_FORFEIT,
        GameResult.WHITE_WINS_BY_FORFEIT,
        GameResult.DOUBLE_FORFEIT,
        GameResult.DOUBLE_FORFEIT,
    ]
    t = replace(t, matches=(TeamMatch(1, 1, 2, _boards(t, 1, 2, forfeits)),))
    assert t.scores(TeamScore.MP) == {1: 1, 2: 1}
    assert t.scores(TeamScore.GP) == {1: 1, 2: 1}
    assert t.met_over_the_board() == set()
    text = engine_input(t, 2, "typea")
    assert "\n240 H   1    1    2" in text
    pairing = GacruxTeamEngine().pair(t, 2)
    assert {frozenset(m) for m in pairing.matches} == {frozenset((1, 2))}


def test_issue8_unplayed_match_gives_no_colour_history() -> None:
    """4 teams; round 1: 1 v 3 forfeited whole (+-), 2 v 4 played with team 2 home. In the
    engine input of round 2, the players of teams 1 and 3 have no colour and no opponent in
    round 1 (``0000 - +`` / ``0000 - -``: C.04.1, only played games give colours) while those
    of teams 2 and 4 have theirs; 2 v 4 is not paired again."""
    t = _field(4, rounds=3)
    played = TeamMatch(1, 2, 4, _boards(t, 2, 4, [GameResult.WHITE_WINS] * 4))
    t = replace(t, matches=(TeamMatch(1, 1, 3, forfeit=MatchForfeit.HOME_WINS), played))
    assert t.met_over_the_board() == {frozenset((2, 4))}
    text = engine_input(t, 2, "typea")
    cells = {int(line[4:8]): line[91:99] for line in text.splitlines() if line.startswith("001")}
    assert {cells[p] for p in t.team(1).pairing_numbers} == {"0000 - +"}
    assert {cells[p] for p in t.team(3).pairing_numbers} == {"0000 - -"}
    assert [cells[p][5] for p in t.team(2).pairing_numbers] == ["w", "b", "w", "b"]
    pairing = GacruxTeamEngine().pair(t, 2)
    assert frozenset((2, 4)) not in {frozenset(m) for m in pairing.matches}


def _simulate(seed: int, teams: int = 10, boards: int = 4, rounds: int = 9) -> TeamTournament:
    rng = random.Random(seed)
    t = replace(_field(teams, boards, rounds))
    engine = GacruxTeamEngine(initial_colour="W")
    for rnd in range(1, rounds + 1):
        pairing = engine.pair(t, rnd)
        matches = list(t.matches)
        for home, away in pairing.matches:
            results = [
                rng.choice([GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS])
                for _ in range(boards)
            ]
            matches.append(TeamMatch(rnd, home, away, _boards(t, home, away, results)))
        byes = list(t.byes)
        if pairing.bye is not None:
            byes.append(TeamBye(rnd, pairing.bye, ByeKind.PAIRING_ALLOCATED))
        t = replace(t, matches=tuple(matches), byes=tuple(byes))
    return t


def test_c046_pairings_equal_the_checker_on_our_exported_trf() -> None:
    """7 teams (odd: a PAB each round), 2 boards, 5 rounds paired one by one; gacrux's checker
    re-pairs every round of our TRF-2026 export and finds the same pairings."""
    t = _simulate(3, teams=7, boards=2, rounds=5)
    text = write_team_trf(t, pairing_system="FIDE_TEAM_TYPEA_MP_GP", initial_colour="W")
    checks = check_team_trf(text)
    assert [c["round"] for c in checks] == [1, 2, 3, 4, 5]
    assert all(c["check"] for c in checks), checks
    pabs = [b.team for b in t.byes]
    assert len(pabs) == 5 and len(set(pabs)) == 5  # C.04.1: a team gets the PAB at most once
    assert all(
        c.kind is not TeamRoundKind.PENDING for cells in t.team_rounds().values() for c in cells
    )
