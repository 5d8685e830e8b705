"""The TRF writer's rank column and forbidden pairs (fide.md §2.1, §2.2), and ``chessclub frbe
export`` on a FIDE TRF (frbe.md B3).

- Rank (``001`` cols 86–89): TRF-16 calls it the player's final rank. The expected ranks come
  from FIDE's answers to the C.07 "held" exercises 23–26 (final ranks after points then DE,
  ``tests/fixtures/tiebreaks/held_individual_expected.json``) and from FIDE's reference
  implementation gacrux, which recomputes the ranking from the written file and compares it
  with the file's rank column (its ``check``).
- Record ``260`` (TRF-2026, prohibited pairings): cols 5–7 first round, 9–11 last round,
  players from col 13 every 5 columns.
- B3: a player's matricule is in cols 31–35 of the results file and 64–68 of the TRF-like
  variant; TRF-16 has no such field.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from chessclub.cli import main
from chessclub.formats import frbe, trf
from chessclub.formats.errors import ExportError
from chessclub.formats.frbe_export import check_export, results_file, trf_like_file
from chessclub.model import (
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentSystem,
)
from chessclub.pairing.request import options_from_trf
from chessclub.tiebreaks import RuleEra

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
HELD = FIXTURES / "tiebreaks"
EXERCISES: list[dict[str, Any]] = json.loads(
    (HELD / "held_individual_expected.json").read_text(encoding="utf-8")
)["exercises_2023_rules"]
RANK_EXERCISES = [e for e in EXERCISES if e["expected_is_rank"]]
ELITE = FIXTURES / "frbe" / "elite-2000-16p-7r.txt"
SWISS_DEFAULTS = ["BH/C1", "BH", "SB", "DE", "WIN"]
P = PairingNumber


def rank_column(data: bytes) -> dict[int, int | None]:
    """Starting rank → the rank column (cols 86–89) of each ``001`` line, read by hand."""
    found: dict[int, int | None] = {}
    for line in data.decode("latin-1").splitlines():
        if line.startswith("001"):
            text = line[85:89].strip()
            found[int(line[4:8])] = int(text) if text else None
    return found


def gacrux_check(text: str, codes: list[str], *, round_robin: bool = False) -> bool:
    """Whether FIDE's reference implementation, ranking the file's players by points then
    ``codes``, finds every player at the rank the file gives (gacrux's ``check``). The rules
    version follows the file's 042 date (before 1 March 2026: the 2024 rules = era 2023)."""
    from gacrux.tiebreak import tiebreak
    from gacrux.trf2json import trf2json

    chessfile = trf2json()
    chessfile.parse_file(text, 0)
    assert chessfile.get_status() == 0, chessfile.chessjson.get("status")
    t = chessfile.get_tournament(1)
    params: dict[str, object] = {
        "tiebreak": ["PTS", *codes],
        "check": True,
        "pre_determined": round_robin,
        "swiss": not round_robin,
        "unrated": None,
    }
    result = tiebreak(t, -1, params).compute_tiebreaks(t, params)
    return bool(result["check"])


def dated(text: str, day: str) -> str:
    """``text`` with its 042 start date replaced by ``day`` (gacrux picks its rules by it)."""
    return f"042 {day}\n" + re.sub(r"^042 .*\n", "", text, flags=re.M)


# ---------------------------------------------------------------------------------------------
# The rank column is the final ranking


@pytest.mark.parametrize("exercise", RANK_EXERCISES, ids=lambda e: f"held-{e['exercise']}")
@pytest.mark.parametrize("era", [RuleEra.C07_2023, RuleEra.C07_2026])
def test_p4_rank_column_is_the_final_rank_of_fides_held_exercises(
    exercise: dict[str, Any], era: RuleEra
) -> None:
    """FIDE's answers to exercises 23–26 are the final ranks after points then DE (shared
    ranks included: 2, 2, 2, 2 in exercise 23; 3, 3, then 5 in exercise 25). Written with
    the tournament's tiebreak (DE), the rank column holds exactly those ranks; exercise 26 is
    a round robin (its pairings pre-determined)."""
    t = trf.read_tournament((HELD / exercise["trf"]).read_bytes())
    if exercise["pre_determined"]:
        t = dataclasses.replace(t, system=TournamentSystem.ROUND_ROBIN)
    written = rank_column(trf.write_tournament(t, ranks=trf.final_ranks(t, ["DE"], era=era)))
    assert {k: written[int(k)] for k in exercise["expected"]} == exercise["expected"]


def test_p4_rank_column_follows_the_tiebreaks_not_the_pairing_number() -> None:
    """Worked by hand (C.07 Art. 6, direct encounter): a 4-player round robin where 2 beat 1,
    1 beat 3 and 4, 2 beat 4 and lost to 3, 3-4 drawn. Points: 1 and 2 have 2, 3 has 1½, 4 has
    ½. By DE 2 is first and 1 second; points only, 1 and 2 share rank 1 (then 3, 4); the
    former column (points then pairing number) put 1 first."""
    t = Tournament(
        name="Hand-worked",
        players=tuple(Player(P(n), f"Player {n}") for n in (1, 2, 3, 4)),
        rounds=(
            Round(
                RoundNumber(1),
                (Game(P(2), P(1), GameResult.WHITE_WINS), Game(P(3), P(4), GameResult.DRAW)),
            ),
            Round(
                RoundNumber(2),
                (Game(P(1), P(3), GameResult.WHITE_WINS), Game(P(4), P(2), GameResult.BLACK_WINS)),
            ),
            Round(
                RoundNumber(3),
                (Game(P(4), P(1), GameResult.BLACK_WINS), Game(P(2), P(3), GameResult.BLACK_WINS)),
            ),
        ),
        planned_rounds=3,
        system=TournamentSystem.ROUND_ROBIN,
    )
    assert t.scores()[P(1)] == t.scores()[P(2)] == 2
    by_de = trf.write_tournament(t, ranks=trf.final_ranks(t, ["DE"]))
    assert rank_column(by_de) == {1: 2, 2: 1, 3: 3, 4: 4}
    points_only = trf.write_tournament(t, ranks=trf.final_ranks(t, ()))
    assert rank_column(points_only) == {1: 1, 2: 1, 3: 3, 4: 4}
    # Without ranks: the round robin's default tiebreaks (spec S4: DE SB WIN KS) — DE decides.
    assert rank_column(trf.write_tournament(t)) == {1: 2, 2: 1, 3: 3, 4: 4}
    # A player the given ranks do not name gets a blank rank.
    assert rank_column(trf.write_tournament(t, ranks={P(1): 2}))[3] is None


@pytest.mark.parametrize(
    "name", ["held_swiss_5.trf", "held_swiss_9.trf", "n30-r9-s30002.trf", "n100-r9-s100001.trf"]
)
@pytest.mark.parametrize(
    ("era", "day"), [(RuleEra.C07_2023, "2024-09-01"), (RuleEra.C07_2026, "2026-09-01")]
)
def test_p4_gacrux_finds_every_player_at_the_written_rank(
    name: str, era: RuleEra, day: str
) -> None:
    """gacrux recomputes the ranking (points, BH/C1, BH, SB, DE, WIN) from the written file
    and agrees with every rank in it; the points-only ranking the writer used to write is
    refused by the same check (so the check can fail)."""
    t = trf.read_tournament((FIXTURES / "trf" / name).read_bytes())
    good = trf.write_tournament(t, ranks=trf.final_ranks(t, SWISS_DEFAULTS, era=era))
    assert gacrux_check(dated(good.decode(), day), SWISS_DEFAULTS)
    old = trf.write_tournament(t, ranks=trf.final_ranks(t, (), era=era))
    assert not gacrux_check(dated(old.decode(), day), SWISS_DEFAULTS)


def test_p4_cli_convert_ranks_by_the_default_tiebreaks(tmp_path: Path) -> None:
    """``chessclub convert --to trf`` writes the ranking ``chessclub standings`` shows: the
    Swiss defaults (spec S4) under the era of the start date (2024-08-01: the 2023 rules, as
    gacrux reads that date)."""
    out = tmp_path / "held9.trf"
    assert main(["convert", str(HELD / "held_swiss_9.trf"), "--to", "trf", "-o", str(out)]) == 0
    assert gacrux_check(out.read_text(encoding="utf-8"), SWISS_DEFAULTS)


def test_p4_round_trip_of_a_file_with_ranks_is_kept() -> None:
    """Reading and writing a TRF keeps its own ranks byte for byte (the codec never ranks)."""
    raw = (HELD / "held_swiss_9.trf").read_bytes()
    assert trf.write_trf(trf.read_trf(raw)) == raw


# ---------------------------------------------------------------------------------------------
# Forbidden pairs: record 260


def four_players(planned: int = 5) -> Tournament:
    return Tournament(
        name="Forbidden",
        players=tuple(Player(P(n), f"Player {n}", rating=2400 - 10 * n) for n in (1, 2, 3, 4)),
        rounds=(
            Round(
                RoundNumber(1),
                (Game(P(1), P(4), GameResult.DRAW), Game(P(3), P(2), GameResult.DRAW)),
            ),
        ),
        planned_rounds=planned,
    )


def test_p2_forbidden_pairs_written_as_record_260_for_every_round() -> None:
    """TRF-2026 260: cols 1–3 ``260``, 5–7 first round, 9–11 last round, ids at 13–16,
    18–21… One record per group, for rounds 1 to the planned 5; read back, the pairing
    request of every round 1–5 holds the group."""
    t = four_players()
    data = trf.write_tournament(t, forbidden=[{P(3), P(1)}, (2, 4, 3)])
    lines = [line for line in data.decode().splitlines() if line.startswith("260")]
    assert len(lines) == 2
    first = lines[0]
    assert (first[4:7], first[8:11], first[12:16], first[17:21]) == ("  1", "  5", "   1", "   3")
    assert lines[1][12:26] == "   2    3    4"
    doc = trf.read_trf(data)
    for number in range(1, 6):
        groups = set(options_from_trf(doc, number).forbidden)
        assert groups == {frozenset({P(1), P(3)}), frozenset({P(2), P(3), P(4)})}
    assert trf.to_tournament(doc) == t
    assert b"\n260" not in trf.write_tournament(t)  # none given, none written


def test_p2_forbidden_group_not_in_the_tournament_refused() -> None:
    with pytest.raises(ExportError, match=r"forbidden pair 1-9: player 9 is not in"):
        trf.write_tournament(four_players(), forbidden=[(1, 9)])
    with pytest.raises(ExportError, match=r"forbidden pair 2: two different players"):
        trf.write_tournament(four_players(), forbidden=[(2, 2)])


# ---------------------------------------------------------------------------------------------
# B3: chessclub frbe export needs the matricules


def elite_trf_like(tmp_path: Path, *, blank_matricule_of: int | None = None) -> Path:
    t = frbe.read_tournament(ELITE.read_bytes())
    data = trf_like_file(t, check_export(t), file_name="612OPE1A.618", club="618")
    if blank_matricule_of is not None:
        lines = data.decode("latin-1").split("\r\n")
        for i, line in enumerate(lines):
            if line.startswith("001") and int(line[4:8]) == blank_matricule_of:
                lines[i] = line[:63] + "     " + line[68:]
        data = "\r\n".join(lines).encode("latin-1")
    path = tmp_path / "612OPE1A_618.trfx"
    path.write_bytes(data)
    return path


def test_b3_cli_export_from_the_trf_like_variant(tmp_path: Path) -> None:
    """The TRF-like variant carries the matricules (cols 64–68) and the Belgian rating (cols
    49–52): ``frbe export`` on it writes the elite file's players and games. It has no club
    column (B3): every other column of the player lines is the elite file's."""
    source = elite_trf_like(tmp_path)
    out = tmp_path / "out.618"
    assert main(["frbe", "export", str(source), "--club", "618", "-o", str(out)]) == 0
    again = frbe.to_tournament(frbe.read_results_file(out.read_bytes()))
    before = frbe.read_tournament(ELITE.read_bytes())
    assert [(p.name, p.matricule, p.rating) for p in again.players] == [
        (p.name, p.matricule, p.rating) for p in before.players
    ]
    assert again.rounds == before.rounds
    direct = results_file(before, check_export(before)).split(b"\r\n")
    for written, expected in zip(out.read_bytes().split(b"\r\n"), direct, strict=True):
        # B3: club in cols 37–39, not in the TRF-like variant
        assert written[:36] + written[39:] == expected[:36] + expected[39:]


def test_b3_cli_export_of_a_fide_trf_says_it_has_no_matricule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A FIDE TRF has no matricule field: every player is "no matricule", and the error says
    which files work (the Belgian results file, the TRF-like ``.trfx``). A TRF-like file with
    one matricule missing lists that player without the FIDE TRF explanation."""
    fide = tmp_path / "elite.trf"
    fide.write_bytes(trf.write_tournament(frbe.read_tournament(ELITE.read_bytes())))
    out = tmp_path / "out.618"
    assert main(["frbe", "export", str(fide), "--club", "618", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("): no matricule") == 16
    assert "a FIDE TRF has no matricule field" in err
    assert "Belgian results file" in err and ".trfx" in err
    assert not out.exists()
    one_missing = elite_trf_like(tmp_path, blank_matricule_of=5)
    assert main(["frbe", "export", str(one_missing), "--club", "618", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "player 5 (Echo Emma): no matricule" in err
    assert err.count("): no matricule") == 1 and "FIDE TRF" not in err
