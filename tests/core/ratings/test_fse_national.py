"""National championships (spec W4, W5, W9): all games count, unrated players valued at the
figure the list commission fixes, the W5 admission rules not applied. Through the core and
through ``chessclub fse rating-run --national FILE --unrated-value N``.

Hand values from FIDE B.02 table 8.1.2 (../shared/spec/fide.md §3), from which the shipped
evaluation table is derived (W8).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from test_fse_support import END, event, listed

from chessclub.cli import main as cli_main
from chessclub.ratings.fse import RULES_1998, Status, TournamentOptions, compute_period

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "fse"


def test_w4_national_championship_counts_unrated_opponents_at_the_fixed_value() -> None:
    """Three rounds, one listed player of two: as an open Swiss it fails W5 (fewer than 5
    rounds, fewer than half listed) and nothing counts. As a national championship with
    unrated players valued at 1500: A (1800, K 24) beats N: D = +300 → band 291–302 → .85;
    W = 24 × (1 − .85) = +3.60 → 1803.60 → 1804."""
    t = event(["A", "-"], [[(1, 2, "1-0")]], planned=3)
    plain = compute_period([listed("A", 1800)], [t], rules=RULES_1998, period_end=END)
    assert not plain.tournaments[0].countable
    assert next(p for p in plain.players if p.id == "A").status is Status.UNCHANGED
    national = dataclasses.replace(
        t, options=TournamentOptions(national_championship=True, unrated_value=1500)
    )
    result = compute_period([listed("A", 1800)], [national], rules=RULES_1998, period_end=END)
    assert result.tournaments[0].countable
    a = next(p for p in result.players if p.id == "A")
    assert a.gain == 360 and a.new_value == 1804


def test_w4_cli_national_file(capsys) -> None:
    """``open-5r.trf`` as a national championship with unrated players at 1400: Echo (unrated)
    now counts as an opponent. Alpha (K 24) adds r4, a win against Echo: D = 1800 − 1400 =
    +400 → band 392–411 → .92; W = 24 × .08 = +1.92; ΣW = +1.68 + 1.92 = +3.60 → 1803.60 →
    1804. Foxtrot (2000, K 36) adds r1, a win against Echo: D = +600, capped at 400 → .92;
    W = 36 × .08 = +2.88; ΣW = −6.84 + 2.88 = −3.96 → 1996.04 → 1996."""
    trf = str(FIXTURES / "open-5r.trf")
    argv = ["fse", "rating-run", "--list", str(FIXTURES / "previous.csv"), trf]
    assert cli_main([*argv, "--national", trf, "--unrated-value", "1400", "--format", "json"]) == 0
    players = {p["id"]: p for p in json.loads(capsys.readouterr().out)["players"]}
    assert (players["1001"]["sum_w"], players["1001"]["new_value"]) == (3.6, 1804)
    assert (players["FIDE:99000006"]["sum_w"], players["FIDE:99000006"]["new_value"]) == (
        -3.96,
        1996,
    )
    assert cli_main([*argv, "--national", "other.trf"]) == 2
    assert "not one of the FILE arguments" in capsys.readouterr().err
