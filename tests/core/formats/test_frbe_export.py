"""The export's checks and files (spec ``frbe.md`` B1, B3, B4, B6), on the federation's files.

closed-group-unrated.txt has no arbiter or tempo line and null round dates (``991230``): those
are blocking (B1). With a player list giving players 2 and 7 no games (NC) and the others 45,
B4's closed-group value is 1222 for both (5/11 against 13836, see test_frbe_fictitious).
"""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path

from chessclub.formats.frbe import read_results_file, to_tournament
from chessclub.formats.frbe_export import check_export, prepare_export, results_file, trf_like_file
from chessclub.formats.frbe_players import FrbePlayer
from chessclub.model import GameResult, Tournament

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "frbe"


def load(name: str) -> Tournament:
    return to_tournament(read_results_file((FIXTURES / name).read_bytes()))


def listing(
    t: Tournament, nc: tuple[int, ...] = (2, 7), **clubs: int | None
) -> dict[int, FrbePlayer]:
    out = {}
    for p in t.players:
        m = int(p.matricule)
        club = clubs.get(f"p{p.pairing_number}", 618)
        games = 0 if p.pairing_number in nc else 45
        out[m] = FrbePlayer(m, p.name, club=club, rating=p.rating, games=games)
    return out


def complete(t: Tournament) -> Tournament:
    """The closed group with the tournament data B1 requires."""
    start = datetime.date(2000, 10, 1)
    rounds = tuple(
        dataclasses.replace(r, date=start + datetime.timedelta(days=7 * i))
        for i, r in enumerate(t.rounds)
    )
    return dataclasses.replace(t, rounds=rounds, chief_arbiter="Arbitre X", time_control="90+30")


def test_b1_closed_group_blocking_problems() -> None:
    """The example names its responsible person (``DT : Exemple``) and its tempo (``Timing:
    40c/2h, 1h KO``); its round dates are the Pascal zero date ``991230``: none."""
    kinds = [i.kind for i in check_export(load("closed-group-unrated.txt")).blocking]
    assert kinds == ["missing_round_date"] * 7


def test_b1_unknown_matricule_blocks_and_missing_fide_id() -> None:
    t = complete(load("closed-group-unrated.txt"))
    players = listing(t)
    del players[int(t.player(5).matricule)]
    check = check_export(t, players=players, fide_rated=True)
    kinds = [(i.kind, i.params.get("number")) for i in check.blocking]
    assert ("unknown_matricule", 5) in kinds
    assert [n for k, n in kinds if k == "missing_fide_id"] == list(range(1, 9))


def test_b4_export_gives_fictitious_elo_1222() -> None:
    t = complete(load("closed-group-unrated.txt"))
    check = check_export(t, players=listing(t))
    assert check.ok and check.fictitious is not None
    assert dict(check.fictitious.values) == {2: 1222, 7: 1222}
    lines = results_file(t, check).decode("latin-1").split("\r\n")
    two = next(line for line in lines if line[:3].strip() == "2")
    assert two[40:43] == "***" and two[44:48] == "1222"


def test_b1_not_affiliated_player_gets_0f_0f() -> None:
    """Player 3 has no club in the list: each of their games becomes a double forfeit."""
    t = complete(load("closed-group-unrated.txt"))
    check = check_export(t, players=listing(t, p3=None))
    assert check.not_affiliated == (3,)
    sent = prepare_export(t, check)
    mine = [g for r in sent.rounds for g in r.games if 3 in (g.white, g.black)]
    assert mine and all(g.result is GameResult.DOUBLE_FORFEIT for g in mine)
    others = [g for r in sent.rounds for g in r.games if 3 not in (g.white, g.black)]
    before = [g for r in t.rounds for g in r.games if 3 not in (g.white, g.black)]
    assert others == before


def test_b6_ineligible_games_left_out_of_the_results_file_unrated_in_trf() -> None:
    """90+30 is 120 min for 60 moves: enough everywhere (ratings below 1600 need 60, 1600+
    need 90). 30 min is too short for every game."""
    t = complete(load("closed-group-unrated.txt"))
    assert check_export(t).ineligible == ()
    short = dataclasses.replace(t, time_control="30 min")
    check = check_export(short)
    played = sum(1 for r in t.rounds for g in r.games if g.result.is_played)
    assert len(check.ineligible) == played and check.eligibility_rules == "frbe-b6@fide-pre-2024"
    sent = prepare_export(short, check)
    assert all(not g.result.is_played for r in sent.rounds for g in r.games)
    as_trf = prepare_export(short, check, for_trf=True)
    assert all(not g.rated for r in as_trf.rounds for g in r.games if g.result.is_played)


def test_b3_trf_like_variant_columns() -> None:
    """Belgian rating in cols 49–52, matricule right-aligned in cols 64–68, 00A…00F first."""
    t = complete(load("closed-group-unrated.txt"))
    check = check_export(t)
    text = trf_like_file(t, check, file_name="B18GRI1A.618", club="618").decode("latin-1")
    lines = text.split("\r\n")
    assert [line[:3] for line in lines[:6]] == ["00A", "00B", "00C", "00D", "00E", "00F"]
    assert lines[0] == "00A B18GRI1A.618"
    five = next(line for line in lines if line.startswith("001") and line[4:8].strip() == "5")
    assert five[48:52] == "1374" and five[63:68] == t.player(5).matricule.rjust(5)
