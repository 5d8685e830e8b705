"""B2 — the results file's name (spec ``frbe.md`` B2)."""

from __future__ import annotations

import datetime

import pytest

from chessclub.formats.frbe_name import (
    RESERVED_IDENTIFIERS,
    FrbeFileName,
    FrbeFileNameError,
    default_identifier,
    frbe_file_name,
    parse_file_name,
    unique_file_name,
)
from chessclub.model import TournamentSystem

D = datetime.date


def test_B2_example() -> None:
    assert frbe_file_name(D(2000, 6, 25), "OPE", "1", "A", sender_club="618") == "625OPE1A.618"
    assert frbe_file_name(D(2000, 6, 25), "OPE", sender_club="618") == "625OPE1A.618"


@pytest.mark.parametrize(
    ("date", "stem"),
    [
        (D(2024, 1, 5), "105"),
        (D(2024, 9, 30), "930"),
        (D(2024, 10, 1), "A01"),
        (D(2024, 11, 11), "B11"),
        (D(2024, 12, 31), "C31"),
    ],
)
def test_B2_month_in_hex_and_zero_padded_day(date: D, stem: str) -> None:
    assert frbe_file_name(date, "GRI", sender_club="209").startswith(stem + "GRI1A.")


def test_B2_default_identifiers() -> None:
    assert default_identifier(TournamentSystem.ROUND_ROBIN) == "GRI"
    assert default_identifier(TournamentSystem.SWISS) == "OPE"


@pytest.mark.parametrize("identifier", ["INT", "24L", "ELO"])
def test_B2_reserved_identifiers_refused(identifier: str) -> None:
    with pytest.raises(FrbeFileNameError, match=r"chars 4–6 \(identifier\): .* is reserved") as e:
        frbe_file_name(D(2024, 6, 25), identifier, sender_club="618")
    assert e.value.position == 4
    assert RESERVED_IDENTIFIERS[identifier] in str(e.value)


@pytest.mark.parametrize("identifier", ["TST", "ope", "XX"])
def test_B2_identifier_is_not_the_users_choice(identifier: str) -> None:
    with pytest.raises(FrbeFileNameError, match="only chars 7–8 may be changed"):
        frbe_file_name(D(2024, 6, 25), identifier, sender_club="618")


@pytest.mark.parametrize(
    ("division", "series", "position", "text"),
    [
        ("0", "A", 7, r"char 7 \(division\): '0' is not 1–9 or \$"),
        ("10", "A", 7, "char 7"),
        ("A", "A", 7, "char 7"),
        ("1", "a", 8, r"char 8 \(series\): 'a' is not A–Z or \$"),
        ("1", "1", 8, "char 8"),
        ("1", "", 8, "char 8"),
    ],
)
def test_B2_chars_7_8_validated(division: str, series: str, position: int, text: str) -> None:
    with pytest.raises(FrbeFileNameError, match=text) as e:
        frbe_file_name(D(2024, 6, 25), "OPE", division, series, sender_club="618")
    assert e.value.position == position


def test_B2_unused_division_and_series() -> None:
    assert frbe_file_name(D(2000, 11, 19), "OPE", "$", "$", sender_club="618") == "B19OPE$$.618"


@pytest.mark.parametrize("club", ["", "6180", "61A"])
def test_B2_club_extension_validated(club: str) -> None:
    with pytest.raises(FrbeFileNameError, match=r"extension \(club\)"):
        frbe_file_name(D(2024, 6, 25), "OPE", sender_club=club)


def test_B2_parse() -> None:
    assert parse_file_name("625OPE1A.618") == FrbeFileName(6, 25, "OPE", "1", "A", "618")
    assert str(parse_file_name("c31tst1b.209")) == "C31TST1B.209"
    with pytest.raises(FrbeFileNameError, match=r"char 1 \(month\)"):
        parse_file_name("D25OPE1A.618")
    with pytest.raises(FrbeFileNameError, match=r"chars 2–3 \(day\)"):
        parse_file_name("632OPE1A.618")
    with pytest.raises(FrbeFileNameError, match="not 8"):
        parse_file_name("625OPE1.618")


def test_B2_two_same_day_tournaments_differ_in_chars_7_8() -> None:
    first = frbe_file_name(D(2000, 6, 25), "OPE", sender_club="618")
    assert unique_file_name(first, []) == first
    second = unique_file_name(first, [first])
    assert second == "625OPE1B.618"
    assert second[:6] == first[:6] and second[8:] == first[8:]
    third = unique_file_name(first, [first, second.lower()])
    assert third == "625OPE1C.618"


def test_B2_uniqueness_moves_to_the_next_division_when_series_run_out() -> None:
    taken = [f"625OPE1{s}.618" for s in "ABCDEFGHIJKLMNOPQRSTUVWXYZ$"]
    assert unique_file_name("625OPE1A.618", taken) == "625OPE2A.618"
    everything = [f"625OPE{d}{s}.618" for d in "123456789$" for s in "ABCDEFGHIJKLMNOPQRSTUVWXYZ$"]
    with pytest.raises(ValueError, match="every division and series"):
        unique_file_name("625OPE1A.618", everything)
