"""What to pair, read from a Tournament Report File (for ``chessclub pair`` and ``check``).

:func:`read_pairing_request` reads TRF bytes (TRF-16 with TRF-2026 records and the
JaVaFo/bbpPairings extensions) into the tournament, the round to pair next and the
:class:`~chessclub.pairing.engine.PairingOptions` the file states:

- initial colour: TRF-2026 ``152``, else ``XXC white1``/``black1``, else read from round 1;
- absences of the round to pair: cells ``0000 - Z``/``0000 - -`` (requested ``H``/``F`` byes are
  in the tournament's round already); byes requested in record ``240`` for that round;
- forbidden pairs: TRF-2026 ``260`` whose round range covers the round, and ``XXP``;
- acceleration: TRF-2026 ``250``, and ``XXA`` (per player, per round).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from chessclub.formats.errors import Problem, TrfError
from chessclub.formats.trf import (
    AccelerationRecord,
    ByesRecord,
    InitialColourRecord,
    PlayerRecord,
    ProhibitedRecord,
    RawLine,
    ResultCode,
    TrfDocument,
    XxcRecord,
    read_trf,
    to_tournament,
)
from chessclub.formats.trf.records import format_trf_points
from chessclub.i18n import gettext_noop
from chessclub.model import Bye, ByeKind, Colour, PairingNumber, Tournament
from chessclub.pairing.engine import (
    Acceleration,
    PairingError,
    PairingOptions,
    next_round_number,
)


@dataclass(frozen=True, slots=True)
class PairingRequest:
    """A tournament, the round to pair and the options its file states."""

    tournament: Tournament
    round_number: int
    options: PairingOptions


def read_swiss_trf(data: bytes, *, source: str = "") -> tuple[TrfDocument, Tournament]:
    """Read a TRF to pair or check: the document and its tournament.

    Raises :class:`~chessclub.formats.errors.TrfError` for a file that cannot be read, and for
    one without any player record (``001``): there is nothing to pair.
    """
    doc = read_trf(data, source=source)
    tournament = to_tournament(doc, source=source)
    if not tournament.players:
        raise TrfError(
            [Problem(1, 0, gettext_noop("no player record (001): nothing to pair"))],
            source=source,
        )
    problems = score_problems(doc, tournament)
    if problems:
        raise TrfError(problems, source=source)
    return doc, tournament


def score_problems(doc: TrfDocument, tournament: Tournament) -> list[Problem]:
    """Player records (``001``) whose points (columns 81–84) disagree with their rounds.

    The engine pairs by score groups; a file whose stated scores are not its results' sums
    (with the file's scoring, byes of the round to pair included) cannot be trusted to pair
    and is refused with the line (bad-input rule). One
    problem per record, at column 81; a blank points field is not checked.
    """
    scores = tournament.scores()
    problems = []
    for line, record in enumerate(doc.records, start=1):
        if not isinstance(record, PlayerRecord) or record.points is None:
            continue
        computed = scores.get(PairingNumber(record.starting_rank))
        if computed is not None and computed != record.points:
            problems.append(
                Problem(
                    line,
                    81,
                    gettext_noop(
                        "player %(player)s: the points field says %(stated)s but the rounds add "
                        "up to %(computed)s"
                    ),
                    {
                        "player": record.starting_rank,
                        "stated": format_trf_points(record.points),
                        "computed": format_trf_points(computed),
                    },
                )
            )
    return problems


def read_pairing_request(
    data: bytes, *, source: str = "", round_number: int | None = None
) -> PairingRequest:
    """Read TRF bytes into a :class:`PairingRequest` for ``round_number`` (default: the next
    round, :func:`~chessclub.pairing.engine.next_round_number`).

    Raises :class:`~chessclub.formats.errors.TrfError` (every problem with its line and column)
    for a file that cannot be read, and :class:`~chessclub.pairing.engine.PairingError` for one
    whose round cannot be paired (a round after the planned rounds, a bad ``XXA`` line).
    """
    doc, tournament = read_swiss_trf(data, source=source)
    number = round_number if round_number is not None else next_round_number(tournament)
    if tournament.planned_rounds and number > tournament.planned_rounds:
        raise PairingError(
            f"the tournament has {tournament.planned_rounds} rounds, there is no round {number} "
            "to pair",
            round_number=number,
        )
    return PairingRequest(tournament, number, options_from_trf(doc, number))


def initial_colour_in(doc: TrfDocument) -> Colour | None:
    """The initial colour a TRF states: record ``152``, else ``XXC white1``/``black1``."""
    for record in doc.records:
        if isinstance(record, InitialColourRecord):
            return record.colour
    for record in doc.records:
        if isinstance(record, XxcRecord) and record.initial_colour is not None:
            return record.initial_colour
    return None


_BYE_LETTERS = {"H": ByeKind.HALF_POINT, "F": ByeKind.FULL_POINT, "Z": ByeKind.ZERO_POINT}


def options_from_trf(doc: TrfDocument, round_number: int) -> PairingOptions:
    """The :class:`PairingOptions` a TRF states for pairing ``round_number`` (see the module
    docstring). Raises :class:`PairingError` for an ``XXA`` line that cannot be read."""
    absent: set[PairingNumber] = set()
    for player in doc.players():
        cell = player.cell(round_number)
        if (
            cell is not None
            and cell.opponent is None
            and cell.result
            in (ResultCode.ZERO_POINT_BYE, ResultCode.FORFEIT_LOSS, ResultCode.BLANK)
        ):
            absent.add(PairingNumber(player.starting_rank))
    byes: list[Bye] = []
    forbidden: list[frozenset[PairingNumber]] = []
    acceleration: list[Acceleration] = []
    for record in doc.records:
        if isinstance(record, ByesRecord) and record.round == round_number:
            kind = _BYE_LETTERS.get(record.kind.upper())
            if kind is not None:
                byes.extend(Bye(PairingNumber(p), kind) for p in record.players)
        elif isinstance(record, ProhibitedRecord):
            last = record.last_round or record.first_round
            if record.first_round <= round_number <= last:
                forbidden.append(frozenset(PairingNumber(p) for p in record.players))
        elif isinstance(record, AccelerationRecord):
            if record.game_points:
                acceleration.append(
                    Acceleration(
                        record.game_points,
                        record.first_round,
                        record.last_round or record.first_round,
                        record.first_player,
                        record.last_player or record.first_player,
                    )
                )
        elif isinstance(record, RawLine) and record.text.startswith("XXP"):
            numbers = [int(t) for t in record.text[3:].split() if t.isdigit()]
            if len(numbers) >= 2:
                forbidden.append(frozenset(PairingNumber(n) for n in numbers))
        elif isinstance(record, RawLine) and record.text.startswith("XXA"):
            acceleration.extend(_xxa(record.text, round_number))
    return PairingOptions(
        initial_colour=initial_colour_in(doc),
        absent=frozenset(absent),
        byes=tuple(byes),
        forbidden=tuple(forbidden),
        acceleration=tuple(acceleration),
    )


def _xxa(text: str, round_number: int) -> list[Acceleration]:
    """``XXA NNNN pp.p pp.p …``: player at cols 5–8, one value per round from col 10, every
    5 columns (bbpPairings' TRF(bx) extension)."""
    try:
        player = int(text[4:8])
        column = 9 + 5 * (round_number - 1)
        value_text = text[column : column + 4].strip()
        value = Fraction(value_text) if value_text else Fraction(0)
    except ValueError as exc:
        raise PairingError(f"unreadable XXA line {text.rstrip()!r}") from exc
    if not value:
        return []
    return [Acceleration(value, round_number, round_number, player, player)]


__all__ = [
    "PairingRequest",
    "initial_colour_in",
    "options_from_trf",
    "read_pairing_request",
]
