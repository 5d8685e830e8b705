"""Spec P6, more old-file cases: a ``132`` round date outside the tournament's dates
(``042``/``052``) or far from the other rounds' is warned with its round; a TRF whose ``001``
columns were turned into tabs is refused at the first tab, saying so (not "no player record").

The file is the TRF-2026 sample (tests/fixtures/trf, provenance there): ``042 2025/09/13``,
``052 2025/09/14``, ``132`` on line 10 with 25/09/13 ×3 and 25/09/14 ×2.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chessclub.cli import EXIT_INVALID_INPUT, main
from chessclub.formats import FormatError, Problem, read_tournament

TRF26 = Path(__file__).resolve().parents[2] / "fixtures" / "trf" / "trf26-individual-sample.trf"


def sample_with(dates: list[str], *, drop_dates: bool = False) -> bytes:
    lines = TRF26.read_text(encoding="utf-8").split("\n")
    assert lines[9].startswith("132")
    lines[9] = "132" + " " * 88 + "".join(f"{t:<10}" for t in dates).rstrip()
    if drop_dates:
        lines = [s for s in lines if not s.startswith(("042", "052"))]
    return "\n".join(lines).encode("utf-8")


def warnings_of(data: bytes) -> list[Problem]:
    warnings: list[Problem] = []
    read_tournament(data, source="t.trf", warnings=warnings)
    return warnings


def test_p6_the_sample_dates_raise_no_warning() -> None:
    assert warnings_of(TRF26.read_bytes()) == []


def test_p6_a_round_date_outside_the_tournament_dates_is_warned_with_its_round() -> None:
    # round 4 typed 24/09/14 (2024) instead of 25/09/14: before 042's 2025-09-13
    warnings = warnings_of(sample_with(["25/09/13"] * 3 + ["24/09/14", "25/09/14"]))
    assert [(w.line, w.column) for w in warnings] == [(10, 122)]
    message = warnings[0].message
    assert "round 4" in message and "2024-09-14" in message
    assert "2025-09-13 to 2025-09-14" in message


def test_p6_a_round_date_years_from_the_others_is_warned_without_tournament_dates() -> None:
    data = sample_with(["25/09/13"] * 3 + ["25/09/14", "15/09/14"], drop_dates=True)
    warnings = warnings_of(data)
    assert [(w.line, w.column) for w in warnings] == [(8, 132)]  # two lines fewer
    assert "round 5" in warnings[0].message and "2015-09-14" in warnings[0].message


def test_p6_dates_a_week_apart_are_not_warned() -> None:
    data = sample_with(
        ["25/09/01", "25/09/08", "25/09/15", "25/09/22", "25/09/29"], drop_dates=True
    )
    assert warnings_of(data) == []


def test_p6_a_trf_written_with_tabs_is_refused_at_the_first_tab(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = TRF26.read_text(encoding="utf-8").split("\n")
    first = next(i for i, s in enumerate(lines) if s.startswith("001"))
    text = "\n".join(re.sub(" +", "\t", s) for s in lines)
    with pytest.raises(FormatError) as caught:
        read_tournament(text.encode(), source="tabs.trf")
    [problem] = caught.value.problems
    assert (problem.line, problem.column) == (first + 1, 4)
    assert "tabs" in problem.message
    path = tmp_path / "tabs.trf"
    path.write_text(text)
    assert main(["standings", str(path)]) == EXIT_INVALID_INPUT
    assert f"line {first + 1}, column 4" in capsys.readouterr().err
