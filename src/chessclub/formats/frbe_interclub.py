"""The Belgian results file of one interclub round (spec ``frbe.md`` B1–B3, B5).

A national interclub round is sent to the federation as a results file of its individual games
(B1: "national interclub results"), written by the ordinary writer
(:func:`chessclub.formats.frbe.write_tournament`, current layout: Latin-1, CR LF, NUL-led code
line) on a one-round tournament holding only that round's boards:

- one player line per player who sat at a board of the round, numbered 1, 2, … in board order
  (board 1 White, board 1 Black, board 2 White, …); players without a game that round (reserves,
  a player whose opponent team fielded nobody) are not in the file — B3: forfeits are not
  transmitted as games, and a board without an opponent has no opponent to name;
- the round's games with their colours and results; a board forfeit (``+/-``, ``-/+``,
  ``-/-``) is written as the writer writes every forfeit (``1``/``-`` or ``-``/``-``) and is
  not counted in the code line's ``+W=D-L``;
- start and end date: the round's date; the event code ``00`` (the writer's code of a Swiss:
  B3 names no interclub code).

The **sender code** is ``998`` for national interclubs (B5: "sender code 999 (998 for national
interclubs)"). It is the B2 file name's extension, the field that names the sender; the
identifier is ``INT``, the one B2 reserves for national interclubs (reserved: the user never
chooses it, the app writes it for this file only). So the round of 25 June, division 1, series
A is ``625INT1A.998``. Chars 7–8 (division ``1``–``9``/``$``, series ``A``–``Z``/``$``) are the
only ones the user chooses (B2).
"""

from __future__ import annotations

import dataclasses
import datetime

from chessclub.formats import frbe
from chessclub.formats.frbe_name import (
    DIVISIONS,
    SERIES,
    UNUSED,
    FrbeFileName,
    FrbeFileNameError,
)
from chessclub.model import PairingNumber, Player, Round, RoundNumber, Tournament

__all__ = [
    "INTERCLUB_IDENTIFIER",
    "INTERCLUB_SENDER",
    "InterclubError",
    "interclub_file",
    "interclub_file_name",
    "interclub_round",
]

INTERCLUB_SENDER = "998"
"""B5: the sender code of national interclub results (999 is games abroad)."""
INTERCLUB_IDENTIFIER = "INT"
"""B2: the file name identifier reserved for national interclubs."""


class InterclubError(ValueError):
    """A round that cannot be sent: not held, no date, no game, a game without a result.
    ``str()`` is English; ``kind`` (``no_round``, ``no_date``, ``no_game``, ``no_result``) and
    ``params`` let the web layer translate it."""

    def __init__(self, kind: str, message: str, **params: int | str) -> None:
        super().__init__(message)
        self.kind = kind
        self.params = params


def interclub_round(tournament: Tournament, round_number: int) -> Tournament:
    """The one-round tournament of round ``round_number``'s individual games (see the module
    docstring): players renumbered 1, 2, … in board order, the round renumbered 1, dated and
    bounded by the round's date.

    Raises :class:`InterclubError` when the round is not in ``tournament``, has no date (B1:
    the date of every round is mandatory; B2 builds the file name from it), has no game, or
    has a game without a result (B1: only finished results are sent).
    """
    found = next((r for r in tournament.rounds if int(r.number) == round_number), None)
    if found is None:
        raise InterclubError("no_round", f"round {round_number} is not held", round=round_number)
    if found.date is None:
        raise InterclubError("no_date", f"round {round_number} has no date", round=round_number)
    games = sorted(found.games, key=lambda g: (g.board is None, g.board or 0))
    if not games:
        raise InterclubError("no_game", f"round {round_number} has no game", round=round_number)
    unfinished = [g for g in games if not g.result.is_entered]
    if unfinished:
        raise InterclubError(
            "no_result",
            f"round {round_number}: {len(unfinished)} game(s) without a result",
            round=round_number,
            count=len(unfinished),
        )
    by_number = {p.pairing_number: p for p in tournament.players}
    new_number: dict[PairingNumber, PairingNumber] = {}
    players: list[Player] = []
    for game in games:
        for old in (game.white, game.black):
            new = PairingNumber(len(players) + 1)
            new_number[old] = new
            players.append(dataclasses.replace(by_number[old], pairing_number=new))
    rnd = Round(
        number=RoundNumber(1),
        games=tuple(
            dataclasses.replace(
                g, white=new_number[g.white], black=new_number[g.black], board=index
            )
            for index, g in enumerate(games, start=1)
        ),
        date=found.date,
    )
    return dataclasses.replace(
        tournament,
        name=f"{tournament.name} - R{round_number}",
        players=tuple(players),
        rounds=(rnd,),
        planned_rounds=1,
        start_date=found.date,
        end_date=found.date,
    )


def interclub_file(tournament: Tournament, round_number: int) -> bytes:
    """The Belgian results file (B3, current layout) of round ``round_number``'s games.
    Raises :class:`InterclubError` (see :func:`interclub_round`) and the writer's
    :class:`~chessclub.formats.errors.ExportError` for fields the layout cannot hold."""
    return frbe.write_tournament(interclub_round(tournament, round_number))


def interclub_file_name(date: datetime.date, division: str = "1", series: str = "A") -> str:
    """B2's name of an interclub round's file, sender code 998 as extension:
    ``interclub_file_name(date(2000, 6, 25))`` → ``625INT1A.998``. ``division`` ``1``–``9`` or
    ``$``, ``series`` ``A``–``Z`` or ``$`` (upper case); else :class:`FrbeFileNameError`
    naming the character (7 or 8)."""
    if len(division) != 1 or division not in DIVISIONS + UNUSED:
        raise FrbeFileNameError(7, "division", f"{division!r} is not 1–9 or $")
    if len(series) != 1 or series not in SERIES + UNUSED:
        raise FrbeFileNameError(8, "series", f"{series!r} is not A–Z or $")
    return str(
        FrbeFileName(date.month, date.day, INTERCLUB_IDENTIFIER, division, series, INTERCLUB_SENDER)
    )
