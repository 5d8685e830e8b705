"""FIDE "held" tiebreak exercises 1–33 (C.07 2023 and the 2026 Art. 16.4 revision).

Each exercise becomes a test named after it (``test_held_exercise_07_bh_c1_2023``). The
answers are the official ones (tests/fixtures/tiebreaks/PROVENANCE.md). An exercise not listed
among the 2026 answers has the same answer under the 2026 rules; it is checked in both eras.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from chessclub.formats.trf import read_tournament
from chessclub.model import PairingNumber, Tournament
from chessclub.tiebreaks import RuleEra, compute_tiebreaks, rank
from chessclub.tiebreaks.explanation import decimal_text

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "tiebreaks"
EXPECTED: dict[str, Any] = json.loads((FIXTURES / "held_individual_expected.json").read_text())


@cache
def tournament(name: str) -> Tournament:
    return read_tournament((FIXTURES / name).read_bytes(), source=name)


def _same(value: Fraction | int | None, expected: str | int) -> bool:
    if expected == "None":
        return value is None
    if isinstance(expected, int) or "." not in expected:
        return value is not None and Fraction(value) == Fraction(expected)
    decimals = len(expected.split(".")[1])
    return value is not None and decimal_text(Fraction(value), decimals) == expected


def check(exercise: dict[str, Any], era: RuleEra) -> None:
    code = "/".join(p for p in exercise["code"].split("/") if p not in ("V1", "V2"))
    t = tournament(exercise["trf"])
    pre_determined = bool(exercise.get("pre_determined"))
    if exercise.get("expected_is_rank"):
        rows = rank(t, [code], era=era, pre_determined=pre_determined)
        got: dict[str, Fraction | int | None] = {str(r.pairing_number): r.rank for r in rows}
    else:
        values = compute_tiebreaks(t, [code], era=era, pre_determined=pre_determined)
        got = {str(pn): v[code] for pn, v in values.items()}
    wrong = {
        pn: (got[pn], want) for pn, want in exercise["expected"].items() if not _same(got[pn], want)
    }
    assert not wrong, f"exercise {exercise['exercise']} {code} ({era.value}): got, want {wrong}"


def _name(exercise: dict[str, Any], era: RuleEra) -> str:
    code = exercise["code"].lower().replace("/v1", "").replace("/v2", "").replace("/", "_")
    return f"test_held_exercise_{exercise['exercise']:02d}_{code}_{era.value}"


def _make(exercise: dict[str, Any], era: RuleEra) -> Callable[[], None]:
    def test() -> None:
        check(exercise, era)

    test.__name__ = _name(exercise, era)
    test.__doc__ = f"Held exercise {exercise['exercise']}: {exercise['code']} ({era.value} rules)."
    return test


_2026 = {e["exercise"]: e for e in EXPECTED["exercises_2026_rules"]}
for _exercise in EXPECTED["exercises_2023_rules"]:
    for _era, _data in (
        (RuleEra.C07_2023, _exercise),
        (RuleEra.C07_2026, {**_exercise, **_2026.get(_exercise["exercise"], {})}),
    ):
        globals()[_name(_data, _era)] = _make(_data, _era)


def test_every_exercise_has_a_test() -> None:
    names = {n for n in globals() if n.startswith("test_held_exercise_")}
    assert len(names) == 2 * len(EXPECTED["exercises_2023_rules"]) == 66
    assert PairingNumber(1) in compute_tiebreaks(tournament("held_swiss_5.trf"), ["BH"])
