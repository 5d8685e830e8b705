"""What to pair, read from a Tournament Report File (for ``chessclub pair`` and ``check``).

:func:`read_pairing_request` reads TRF bytes (TRF-16 with TRF-2026 records and the
JaVaFo/bbpPairings extensions) into the tournament, the round to pair next and the
:class:`~chessclub.pairing.engine.PairingOptions` the file states:

- initial colour: TRF-2026 ``152``, else ``XXC white1``/``black1``, else read from round 1;
- absences of the round to pair: cells ``0000 - Z``/``0000 - -`` (requested ``H``/``F`` byes are
  in the tournament's round already); byes requested in record ``240`` for that round;
- a pairing-allocated bye the arbiter already gave in the round to pair (``0000 - U``): kept,
  that player is not paired (:func:`pre_assigned_bye`);
- forbidden pairs: TRF-2026 ``260`` whose round range covers the round, and ``XXP``;
- acceleration: TRF-2026 ``250``, and ``XXA`` (per player, per round).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from chessclub.formats.errors import Problem, ProblemSink, TrfError
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
from chessclub.formats.trf.convert import points_disagreements
from chessclub.formats.trf.records import cell_column
from chessclub.i18n import gettext_noop
from chessclub.model import Bye, ByeKind, Colour, PairingNumber, Tournament
from chessclub.pairing.engine import (
    Acceleration,
    PairingError,
    PairingOptions,
    next_round_number,
    not_paired_in,
)


@dataclass(frozen=True, slots=True)
class PairingRequest:
    """A tournament, the round to pair and the options its file states."""

    tournament: Tournament
    round_number: int
    options: PairingOptions
    pre_assigned_bye: PairingNumber | None = None
    """The player whose cell of the round to pair already holds the pairing-allocated bye
    (``0000 - U``): the arbiter gave it; the player is not paired and keeps it (he is among
    ``options.absent`` so that the engine pairs the others)."""


def read_swiss_trf(
    data: bytes,
    *,
    source: str = "",
    warnings: ProblemSink | None = None,
    round_to_pair: int | None = None,
) -> tuple[TrfDocument, Tournament]:
    """Read a TRF to pair or check: the document and its tournament.

    Raises :class:`~chessclub.formats.errors.TrfError` for a file that cannot be read, and for
    one without any player record (``001``): there is nothing to pair. ``warnings`` (a list)
    receives what the reader accepted while it deviates (:func:`to_tournament`), the points
    that disagree with the rounds among them (:func:`score_problems`): pairing goes by the
    rounds' points (FIDE C.04.3 score groups), the points field is only checked. A points
    field that counts every round but the player's cell of ``round_to_pair`` (a bye written
    before the round is paired: ``U``, ``H``, ``F``, ``Z``) agrees and is not warned.
    """
    doc = read_trf(data, source=source)
    found: list[Problem] = []
    tournament = to_tournament(doc, source=source, warnings=found)
    if not tournament.players:
        raise TrfError(
            [Problem(1, 0, gettext_noop("no player record (001): nothing to pair"))],
            source=source,
        )
    disagreements = points_disagreements(doc, tournament)
    kept = score_problems(doc, tournament, round_to_pair)
    if warnings is not None:
        for warning in found:
            if warning not in disagreements or warning in kept:
                warnings.append(warning)
    return doc, tournament


def score_problems(
    doc: TrfDocument, tournament: Tournament, round_to_pair: int | None = None
) -> list[Problem]:
    """Player records (``001``) whose points (columns 81–84) disagree with their rounds
    (:func:`chessclub.formats.trf.convert.points_disagreements`), leaving out those whose
    points are the sum of the rounds before ``round_to_pair`` (the file was written before
    that round's byes scored: TRF writers put the points of the rounds played).
    """
    problems = points_disagreements(doc, tournament)
    if round_to_pair is None or not problems:
        return problems
    before = replace(
        tournament, rounds=tuple(r for r in tournament.rounds if r.number < round_to_pair)
    ).scores()
    records = {
        line: record
        for line, record in enumerate(doc.records, start=1)
        if isinstance(record, PlayerRecord)
    }
    return [
        p
        for p in problems
        if (record := records.get(p.line)) is None
        or before.get(PairingNumber(record.starting_rank)) != record.points
    ]


def read_pairing_request(
    data: bytes,
    *,
    source: str = "",
    round_number: int | None = None,
    warnings: ProblemSink | None = None,
) -> PairingRequest:
    """Read TRF bytes into a :class:`PairingRequest` for ``round_number`` (default: the next
    round, :func:`~chessclub.pairing.engine.next_round_number`).

    A ``0000 - U`` cell already in the round to pair is honoured
    (:attr:`PairingRequest.pre_assigned_bye`): that player keeps the pairing-allocated bye and
    the others are paired. Raises :class:`~chessclub.formats.errors.TrfError` (every problem
    with its line and column) for a file that cannot be read — also for a round to pair with
    two ``U`` cells, or whose other players to pair are odd in number once the ``U`` player is
    set aside (FIDE C.04.1: at most one pairing-allocated bye a round) — and
    :class:`~chessclub.pairing.engine.PairingError` for one whose round cannot be paired (a
    round after the planned rounds, a bad ``XXA`` line). ``warnings`` as
    :func:`read_swiss_trf`.
    """
    found: list[Problem] = []
    doc, tournament = read_swiss_trf(data, source=source, warnings=found)
    number = round_number if round_number is not None else next_round_number(tournament)
    if warnings is not None:
        # the points written before the round to pair's byes scored agree (spec P6)
        agreeing = [
            p
            for p in points_disagreements(doc, tournament)
            if p not in score_problems(doc, tournament, number)
        ]
        for warning in found:
            if warning not in agreeing:
                warnings.append(warning)
    if tournament.planned_rounds and number > tournament.planned_rounds:
        raise PairingError(
            f"the tournament has {tournament.planned_rounds} rounds, there is no round {number} "
            "to pair",
            round_number=number,
        )
    options = options_from_trf(doc, number)
    bye = pre_assigned_bye(doc, tournament, number, options, source=source)
    if bye is not None:
        options = replace(options, absent=options.absent | {bye})
    return PairingRequest(tournament, number, options, bye)


def pre_assigned_bye(
    doc: TrfDocument,
    tournament: Tournament,
    round_number: int,
    options: PairingOptions,
    *,
    source: str = "",
) -> PairingNumber | None:
    """The player whose ``001`` cell of round ``round_number`` already holds ``0000 - U`` (the
    arbiter assigned the pairing-allocated bye before pairing), ``None`` if nobody's does.

    Raises :class:`~chessclub.formats.errors.TrfError` at the cell (line, column) for a second
    ``U`` in the round, for a ``U`` to a player who had one in an earlier round (FIDE C.04.1:
    a player receives the pairing-allocated bye at most once), and for a ``U`` that leaves an
    odd number of players to pair (a second bye would be needed; FIDE C.04.1: at most one
    pairing-allocated bye a round).
    """
    found: list[tuple[int, PlayerRecord]] = []
    for line, record in enumerate(doc.records, start=1):
        if not isinstance(record, PlayerRecord):
            continue
        cell = record.cell(round_number)
        if (
            cell is not None
            and cell.opponent is None
            and cell.result is ResultCode.PAIRING_ALLOCATED_BYE
        ):
            found.append((line, record))
    if not found:
        return None
    column = cell_column(round_number, 8)
    if len(found) > 1:
        line, record = found[1]
        raise TrfError(
            [
                Problem(
                    line,
                    column,
                    gettext_noop(
                        "round %(round)s: player %(player)s has a second pairing-allocated bye "
                        "(U) in the round to pair; player %(first)s (line %(line)s) has one, and "
                        "a round has at most one (FIDE C.04.1)"
                    ),
                    {
                        "round": round_number,
                        "player": record.starting_rank,
                        "first": found[0][1].starting_rank,
                        "line": found[0][0],
                    },
                )
            ],
            source=source,
        )
    line, record = found[0]
    player = PairingNumber(record.starting_rank)
    earlier = [
        r.number
        for r in tournament.rounds
        if r.number < round_number
        and any(b.player == player and b.kind is ByeKind.PAIRING_ALLOCATED for b in r.byes)
    ]
    if earlier:
        raise TrfError(
            [
                Problem(
                    line,
                    column,
                    gettext_noop(
                        "round %(round)s: player %(player)s has the pairing-allocated bye (U) "
                        "in the round to pair but already had it in round %(earlier)s; a "
                        "player receives it at most once (FIDE C.04.1)"
                    ),
                    {"round": round_number, "player": int(player), "earlier": earlier[0]},
                )
            ],
            source=source,
        )
    set_aside = {b.player for b in not_paired_in(tournament, round_number, options)} | {player}
    others = [p for p in tournament.players if p.pairing_number not in set_aside]
    if len(others) % 2:
        raise TrfError(
            [
                Problem(
                    line,
                    column,
                    gettext_noop(
                        "round %(round)s: player %(player)s already has the pairing-allocated "
                        "bye (U), but the %(count)s other players to pair are odd in number: a "
                        "second bye would be needed (FIDE C.04.1)"
                    ),
                    {"round": round_number, "player": int(player), "count": len(others)},
                )
            ],
            source=source,
        )
    return player


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
