"""B1/B3 — fields the federation's layout cannot hold are blocking problems of the check, not
an error of the download (bad-input rule; spec ``frbe.md`` B3: matricule cols 31–35, club
37–39, Elo ``%04d`` 45–48; the TRF-like variant's matricule in cols 64–68).

Before: :func:`check_export` said "ok", then ``results_file`` raised ``ExportError`` (HTTP 500
on the *Export* tab) and ``trf_like_file`` silently wrote the last 5 digits of a 6-digit
matricule — a wrong player sent to the federation."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from chessclub.formats.frbe import read_results_file, to_tournament
from chessclub.formats.frbe_export import check_export, results_file, trf_like_file
from chessclub.model import Tournament

ELITE = Path(__file__).resolve().parents[2] / "fixtures" / "frbe" / "elite-2000-16p-7r.txt"


def with_first_player(**changes: object) -> Tournament:
    t = to_tournament(read_results_file(ELITE.read_bytes()))
    first = dataclasses.replace(t.players[0], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(t, players=(first, *t.players[1:]))


@pytest.mark.parametrize(
    ("changes", "kind"),
    [
        ({"matricule": "123456"}, "matricule_too_long"),  # B3: 5 columns (31–35)
        ({"rating": 12345}, "rating_too_wide"),  # B3: %04d (45–48)
        ({"club": "6189"}, "bad_club"),  # B3: 3 columns (37–39)
        ({"club": "Namur"}, "bad_club"),  # a club name where a number belongs
    ],
)
def test_b1_field_the_layout_cannot_hold_is_blocking(changes: dict[str, object], kind: str) -> None:
    t = with_first_player(**changes)
    check = check_export(t)
    assert not check.ok
    assert [(i.kind, i.params["number"]) for i in check.blocking] == [(kind, 1)]
    with pytest.raises(ValueError):
        results_file(t, check)


def test_b3_trf_like_never_cuts_a_matricule() -> None:
    """The TRF-like writer wrote ``23456`` for matricule 123456; the check now blocks."""
    t = with_first_player(matricule="123456")
    check = check_export(t)
    assert [i.kind for i in check.blocking] == ["matricule_too_long"]


def test_b1_widest_fields_accepted() -> None:
    """99999, 999 and 9999 fit their columns: no problem, and they are written as such."""
    t = with_first_player(matricule="99999", club="999", rating=9999)
    check = check_export(t)
    assert check.ok
    line = results_file(t, check).split(b"\r\n")[7]
    assert (line[30:35], line[36:39], line[44:48]) == (b"99999", b"999", b"9999")
    like = trf_like_file(t, check, file_name="612OPE1A.618", club="618").decode("latin-1")
    first = next(x for x in like.split("\r\n") if x.startswith("001"))
    assert first[63:68] == "99999"
