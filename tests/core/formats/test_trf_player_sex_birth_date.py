"""TRF-16 record 001 writes the sex as ``m``/``w`` (col 10) and the birth date as
``YYYY/MM/DD`` (cols 70–79: fide.md, TRF section). Entries made in the web app store ``M``/
``F`` and ISO dates; the FIDE TRF export wrote them as stored. An imported file's own values
are written back as they are (exact round trip)."""

from __future__ import annotations

from chessclub.formats import trf
from chessclub.model import Game, GameResult, PairingNumber, Player, Round, RoundNumber, Tournament

P = PairingNumber


def _line(data: bytes, number: int) -> str:
    return next(
        line
        for line in data.decode().splitlines()
        if line.startswith("001") and int(line[4:8]) == number
    )


def test_p4_sex_and_birth_date_in_trf16_columns() -> None:
    t = Tournament(
        name="Export",
        players=(
            Player(P(1), "Alpha, Anne", rating=2000, sex="F", birth_date="1990-05-17"),
            Player(P(2), "Bravo, Ben", rating=1900, sex="M", birth_date="1985"),
        ),
        rounds=(Round(RoundNumber(1), (Game(P(1), P(2), GameResult.WHITE_WINS),)),),
        planned_rounds=1,
    )
    data = trf.write_tournament(t)
    first, second = _line(data, 1), _line(data, 2)
    assert first[9] == "w" and first[69:79] == "1990/05/17"
    assert second[9] == "m" and second[69:79].strip() == "1985"  # a year alone: as stored
