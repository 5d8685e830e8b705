"""Run FIDE's reference implementation (gacrux, MIT, test-only dependency) on a tournament.

The tournament is written with our TRF writer, the start date given in ISO form (gacrux picks
its rule version from it: before 1 March 2026 → 2024 rules, else 2026 rules).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from chessclub.formats.trf import write_tournament
from chessclub.model import Tournament
from chessclub.tiebreaks import RuleEra

ERA_DATE = {RuleEra.C07_2023: "2024-09-01", RuleEra.C07_2026: "2026-09-01"}


@dataclass(frozen=True)
class GacruxResult:
    rules: str
    values: dict[int, dict[str, Fraction | int | None]]
    ranks: dict[int, int]
    decimals: dict[str, int]


def _value(raw: object) -> Fraction | int | None:
    if raw is None:
        return None
    if isinstance(raw, Decimal):
        return Fraction(raw)
    if isinstance(raw, bool):
        return int(raw)
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float):
        return Fraction(str(raw))
    raise TypeError(f"unexpected gacrux value {raw!r}")


def run_gacrux(
    tournament: Tournament,
    codes: list[str],
    *,
    era: RuleEra,
    pre_determined: bool,
    unrated: int | None = None,
) -> GacruxResult:
    from gacrux.tiebreak import tiebreak
    from gacrux.trf2json import trf2json

    text = write_tournament(tournament).decode("latin-1")
    text = re.sub(r"^042 .*$", f"042 {ERA_DATE[era]}", text, flags=re.M)
    if not re.search(r"^042 ", text, flags=re.M):
        text = f"042 {ERA_DATE[era]}\n" + text
    chessfile = trf2json()
    chessfile.parse_file(text, 0)
    status = chessfile.get_status()
    assert status == 0, chessfile.chessjson.get("status")
    t = chessfile.get_tournament(1)
    params: dict[str, object] = {
        "tiebreak": ["PTS", *codes],
        "check": False,
        "pre_determined": pre_determined,
        "swiss": not pre_determined,
        "unrated": unrated,
    }
    tb = tiebreak(t, -1, params)
    result = tb.compute_tiebreaks(t, params)
    values: dict[int, dict[str, Fraction | int | None]] = {}
    ranks: dict[int, int] = {}
    for comp in result["competitors"]:
        scores = comp["tiebreakScore"][1:]
        values[comp["cid"]] = {code: _value(v) for code, v in zip(codes, scores, strict=True)}
        ranks[comp["cid"]] = comp["rank"]
    decimals = {
        code: int(tbd.get("precision", 0))
        for code, tbd in zip(codes, result["tiebreaks"][1:], strict=True)
    }
    return GacruxResult(result["rules"], values, ranks, decimals)
