"""The pairing-engine interface of the core, and the FIDE Dutch system through ``gacrux``.

:class:`PairingEngine` is what the rest of chessclub calls: ``pair(tournament, round_number,
options=...)`` returns a :class:`Pairing` (boards ``(white, black)`` in board order and an
optional pairing-allocated bye) or raises :class:`PairingError` (``"cannot pair: …"``).

What ``pair`` reads of the tournament (the same for every engine):

- rounds before ``round_number``, in full (games, results, byes);
- round ``round_number`` itself, if the tournament has it, **only for the players who are not
  to be paired**: its half-point, full-point and zero-point byes and its absences
  (``ByeKind.HALF_POINT``/``FULL_POINT``/``ZERO_POINT``/``ABSENT``). Its games and any
  pairing-allocated bye are ignored, so an already paired round can be re-paired (the checker
  does exactly that);
- ``PairingOptions.absent``: more players not to be paired this round (absent, withdrawn).

Rounds after ``round_number`` are ignored.

:class:`GacruxDutchEngine` pairs by the FIDE Dutch system (C.04.3, rules applied from
1 February 2026, criteria C1–C21) with the ``gacrux`` package, FIDE Technical Commission's
reference implementation (MIT, © Otto Milvang / FIDE). The core writes the engine's input with
our TRF writer (:func:`chessclub.formats.trf.from_tournament` plus the TRF-2026 records below),
runs gacrux in a separate worker process (:mod:`chessclub.pairing._gacrux_worker`, run as a
script) under a time
limit and reads back the pairs and the bye. Engine failure, invalid input or timeout raise
:class:`PairingError`; there is never a fallback to a weaker pairing.

Initial colour (C.04.3 art. 5.2.5, "E.5"): when neither player has a colour preference, the
higher-ranked player gets the *initial colour* if his pairing number is odd, the opposite
otherwise; the initial colour is drawn by lot before round 1 (C.04.2). It is a property of the
tournament, so the engine input always carries it as TRF-2026 record ``152``. Without record
``152`` gacrux infers it from the first entry of round 1 in its game list; when a player is
absent in round 1 and the next round is round 1 (only the ``0000 - Z`` entry exists) it reads
that entry as a board whose top player had Black, and pairs every round-1 board with colours
flipped when the initial colour is White.
Writing ``152`` removes the guess. When :attr:`PairingOptions.initial_colour` is not given it
is taken from round 1 of the tournament (:func:`initial_colour_of`), else White.

Pairing numbers of players who have never been paired and are absent are skipped when the
engine counts odd and even numbers for E.5 (a running count over the players paired now or
before); bbpPairings does the same, as the generated reference tournaments show.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import subprocess
import sys
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from chessclub.formats.trf import (
    AccelerationRecord,
    InitialColourRecord,
    PlayerRecord,
    ProhibitedRecord,
    Record,
    ResultCode,
    RoundCell,
    RoundsRecord,
    TrfDocument,
    from_tournament,
    write_trf,
)
from chessclub.model import (
    ONE,
    Bye,
    ByeKind,
    Colour,
    Game,
    PairingNumber,
    Points,
    Round,
    RoundNumber,
    Tournament,
)
from chessclub.pairing import warm

GACRUX_VERSION = "1.11.65"
"""The gacrux release chessclub is tested with (pinned in the project's dependencies)."""

DEFAULT_TIMEOUT = 120.0
"""Seconds the engine may take for one round (gacrux needs 2.6–6.4 s at 1,000 players)."""


class PairingError(ValueError):
    """A round that cannot be paired. ``str()`` starts with ``"cannot pair: "`` and gives the
    reason for the arbiter (the engine's own when it has one). ``round`` is the round asked for.
    """

    def __init__(self, reason: str, *, round_number: int | None = None) -> None:
        self.reason = reason
        self.round = round_number
        super().__init__(f"cannot pair: {reason}")


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a pairing: the players' pairing numbers with White and with Black."""

    white: PairingNumber
    black: PairingNumber


@dataclass(frozen=True, slots=True)
class Pairing:
    """The pairing of one round.

    ``boards`` are in board order (board 1 first, FIDE C.04.2 board order); ``bye`` is the
    player given the pairing-allocated bye (C.04.1), ``None`` when the number of players paired
    is even. ``not_paired`` lists the players the round leaves out (requested byes, absences)
    as the pairing read them.
    """

    round: RoundNumber
    boards: tuple[Board, ...]
    bye: PairingNumber | None = None
    not_paired: tuple[Bye, ...] = ()

    def players(self) -> set[PairingNumber]:
        """Every player the pairing gives a board or the bye."""
        paired = {p for b in self.boards for p in (b.white, b.black)}
        if self.bye is not None:
            paired.add(self.bye)
        return paired

    def to_round(self) -> Round:
        """The round to store: games without result (board numbers 1…), the pairing-allocated
        bye and the byes of the players not paired."""
        games = tuple(
            Game(board.white, board.black, board=index)
            for index, board in enumerate(self.boards, start=1)
        )
        byes = list(self.not_paired)
        if self.bye is not None:
            byes.append(Bye(self.bye, ByeKind.PAIRING_ALLOCATED))
        return Round(self.round, games, tuple(byes))


@dataclass(frozen=True, slots=True)
class Acceleration:
    """Virtual points added for pairing only (TRF-2026 record ``250``; FIDE C.04.7).

    ``points`` are given to players ``first_player``…``last_player`` (pairing numbers) when
    pairing rounds ``first_round``…``last_round``.
    """

    points: Points
    first_round: int
    last_round: int
    first_player: int
    last_player: int


def baku_acceleration(players: int, rounds: int) -> tuple[Acceleration, ...]:
    """The Baku acceleration (FIDE C.04.7) as record-250 lines.

    Group A is the first ``2·⌈players/4⌉`` pairing numbers; the accelerated rounds are the first
    ``⌈rounds/2⌉``; group A gets 1 virtual point in the first ``⌈accelerated/2⌉`` of them and
    ½ point in the others. ``players`` is the number of entrants, ``rounds`` the planned rounds.
    Returns ``()`` when there is nothing to accelerate.
    """
    if players < 2 or rounds < 1:
        return ()
    group_a = min(players, 2 * math.ceil(players / 4))
    accelerated = math.ceil(rounds / 2)
    full = math.ceil(accelerated / 2)
    result = [Acceleration(ONE, 1, full, 1, group_a)]
    if accelerated > full:
        result.append(Acceleration(ONE / 2, full + 1, accelerated, 1, group_a))
    return tuple(result)


@dataclass(frozen=True, slots=True)
class PairingOptions:
    """What the arbiter decided beyond the results.

    - ``initial_colour``: the colour drawn by lot before round 1 (C.04.3 art. 5.2.5); ``None``:
      read from round 1 (:func:`initial_colour_of`), else White.
    - ``absent``: players not to be paired in this round (absent, withdrawn), with the points of
      an absence.
    - ``byes``: requested byes of this round (``ByeKind.HALF_POINT``/``FULL_POINT``/
      ``ZERO_POINT``) not yet in the tournament's round (e.g. from TRF-2026 record ``240``); the
      round's own byes in the tournament count as well.
    - ``forbidden``: groups of players who must not meet one another (same club, same family),
      written as TRF-2026 record ``260`` for the round paired.
    - ``acceleration``: record-``250`` lines; ``baku=True`` adds :func:`baku_acceleration` of the
      whole field when ``acceleration`` is empty.
    - ``timeout``: seconds the engine may run (``PairingError`` after that).
    """

    initial_colour: Colour | None = None
    absent: frozenset[PairingNumber] = frozenset()
    byes: tuple[Bye, ...] = ()
    forbidden: tuple[frozenset[PairingNumber], ...] = ()
    acceleration: tuple[Acceleration, ...] = ()
    baku: bool = False
    timeout: float = DEFAULT_TIMEOUT


class PairingEngine(Protocol):
    """A pairing system: pairs one round of a tournament.

    ``pair(tournament, round_number, options=...)`` reads the tournament as described in this
    module's docstring and returns the :class:`Pairing`, or raises :class:`PairingError`.
    """

    def pair(
        self,
        tournament: Tournament,
        round_number: int,
        *,
        options: PairingOptions = ...,
    ) -> Pairing: ...


# -- reading the tournament ------------------------------------------------------------------

_NOT_PAIRED_KINDS = frozenset(
    {ByeKind.HALF_POINT, ByeKind.FULL_POINT, ByeKind.ZERO_POINT, ByeKind.ABSENT}
)


def not_paired_in(
    tournament: Tournament, round_number: int, options: PairingOptions | None = None
) -> tuple[Bye, ...]:
    """The players round ``round_number`` leaves out: its requested byes and absences (from the
    tournament's round, if present) and ``options.absent`` (as ``ByeKind.ABSENT``), by pairing
    number."""
    byes: dict[PairingNumber, Bye] = {}
    existing = tournament.round(round_number)
    if existing is not None:
        for bye in existing.byes:
            if bye.kind in _NOT_PAIRED_KINDS:
                byes[bye.player] = bye
    if options is not None:
        for bye in options.byes:
            if bye.kind not in _NOT_PAIRED_KINDS:
                raise PairingError(
                    f"player {bye.player}: a {bye.kind.name.lower()} bye cannot be requested",
                    round_number=round_number,
                )
            byes.setdefault(bye.player, bye)
        for player in options.absent:
            byes.setdefault(player, Bye(player, ByeKind.ABSENT))
    return tuple(byes[p] for p in sorted(byes))


def tournament_before(
    tournament: Tournament, round_number: int, options: PairingOptions | None = None
) -> Tournament:
    """The tournament as the engine sees it to pair ``round_number``: rounds before it in full,
    and a round ``round_number`` holding only :func:`not_paired_in` (no games).

    Raises :class:`PairingError` for a round number below 1 or a player in ``options.absent``
    who is not in the tournament.
    """
    if round_number < 1:
        raise PairingError(f"there is no round {round_number}", round_number=round_number)
    if options is not None:
        known = {p.pairing_number for p in tournament.players}
        listed = {*options.absent, *(b.player for b in options.byes)}
        for group in options.forbidden:
            listed.update(group)
        unknown = sorted(p for p in listed if p not in known)
        if unknown:
            raise PairingError(
                f"unknown player {unknown[0]} in the pairing options", round_number=round_number
            )
    earlier = tuple(r for r in tournament.rounds if r.number < round_number)
    rounds = earlier
    byes = not_paired_in(tournament, round_number, options)
    if byes:
        rounds = (*earlier, Round(RoundNumber(round_number), (), byes))
    planned = max(tournament.planned_rounds, round_number)
    return replace(tournament, rounds=rounds, planned_rounds=planned)


def initial_colour_of(tournament: Tournament) -> Colour | None:
    """The initial colour (C.04.3 art. 5.2.5) that explains round 1 of ``tournament``.

    In round 1 nobody has a colour preference, so the higher-ranked player of each board got
    the initial colour when his pairing number, counted over the players paired in round 1,
    is odd. The lowest-numbered player who played a game in round 1 is the higher-ranked
    player of his board; his colour, flipped once for each lower-numbered player who was paired
    but had no colour (the pairing-allocated bye), is the initial colour. ``None`` when round 1
    has no game.
    """
    first = tournament.round(1)
    if first is None or not first.games:
        return None
    colour_of: dict[PairingNumber, Colour] = {}
    for game in first.games:
        colour_of[game.white] = Colour.WHITE
        colour_of[game.black] = Colour.BLACK
    lowest = min(colour_of)
    flips = sum(
        1 for bye in first.byes if bye.kind is ByeKind.PAIRING_ALLOCATED and bye.player < lowest
    )
    colour = colour_of[lowest]
    return colour.opposite if flips % 2 else colour


# -- the engine input (TRF-2026) ---------------------------------------------------------------

_ENGINE_BYE_CELLS = {
    ByeKind.HALF_POINT: RoundCell(None, None, ResultCode.HALF_POINT_BYE),
    ByeKind.FULL_POINT: RoundCell(None, None, ResultCode.FULL_POINT_BYE),
    ByeKind.ZERO_POINT: RoundCell(None, None, ResultCode.ZERO_POINT_BYE),
    ByeKind.ABSENT: RoundCell(None, None, ResultCode.ZERO_POINT_BYE),
}


def engine_input(
    tournament: Tournament, round_number: int, options: PairingOptions | None = None
) -> TrfDocument:
    """The TRF-2026 document the engine pairs ``round_number`` from.

    Built with :func:`chessclub.formats.trf.from_tournament` on :func:`tournament_before`, then:

    - ``XXR`` and ``142``: the planned rounds (at least ``round_number``);
    - ``152``: the initial colour (see the module docstring);
    - player records: points of rounds before plus this round's requested byes and absences;
      round ``round_number`` written only for players not to be paired (``0000 - H``/``F``/
      ``Z``), an absence written as a zero-point bye ``0000 - Z`` (the engine knows no other
      spelling of an unpaired zero);
    - ``250`` per acceleration line, ``260`` per forbidden group (for this round only).

    Raises :class:`PairingError` as :func:`tournament_before` does.
    """
    options = options or PairingOptions()
    before = tournament_before(tournament, round_number, options)
    # No rank column: the engine pairs from scores and ratings (the final ranking would cost a
    # standings computation per round, ~35 ms at 300 players, for nothing).
    doc = from_tournament(before, ranks={})
    colour = options.initial_colour or initial_colour_of(tournament) or Colour.WHITE
    bye_of = {b.player: b.kind for b in not_paired_in(tournament, round_number, options)}
    records: list[Record] = []
    for record in doc.records:
        if isinstance(record, RoundsRecord):
            continue
        if isinstance(record, PlayerRecord):
            cells = [_engine_cell(c) for c in record.cells[: round_number - 1]]
            cells.extend(RoundCell() for _ in range(round_number - 1 - len(cells)))
            kind = bye_of.get(PairingNumber(record.starting_rank))
            if kind is not None:
                cells.append(_ENGINE_BYE_CELLS[kind])
            record = replace(record, cells=tuple(cells))
        records.append(record)
    players = len(tournament.players)
    extra: list[Record] = [
        RoundsRecord("XXR", before.planned_rounds),
        RoundsRecord("142", before.planned_rounds),
        InitialColourRecord(colour),
    ]
    acceleration = options.acceleration
    if not acceleration and options.baku:
        acceleration = baku_acceleration(players, before.planned_rounds)
    extra.extend(
        AccelerationRecord(
            None, a.points, a.first_round, a.last_round, a.first_player, a.last_player
        )
        for a in acceleration
    )
    for group in options.forbidden:
        members = tuple(sorted(int(p) for p in group))
        if len(members) >= 2:
            extra.append(ProhibitedRecord(round_number, round_number, members))
    # Tournament records first, then the player section (TRF order is free; this reads well).
    first_player = next(
        (i for i, r in enumerate(records) if isinstance(r, PlayerRecord)), len(records)
    )
    ordered = [*records[:first_player], *extra, *records[first_player:]]
    return TrfDocument(records=ordered, newline="\n")


def _engine_cell(cell: RoundCell) -> RoundCell:
    """An earlier round's cell for the engine: an absence (``0000 - -``) becomes ``0000 - Z``."""
    if cell.opponent is None and cell.result in (ResultCode.FORFEIT_LOSS, ResultCode.BLANK):
        return RoundCell(None, None, ResultCode.ZERO_POINT_BYE)
    return cell


# -- the gacrux engine ---------------------------------------------------------------------------

WORKER_MODULE = "chessclub.pairing._gacrux_worker"
WORKER_SCRIPT = Path(__file__).with_name("_gacrux_worker.py")

# Worker exit statuses (the same meanings as bbpPairings' exit codes).
EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID_INPUT = 3


@dataclass(frozen=True)
class GacruxDutchEngine:
    """FIDE Dutch system (C.04.3, 2026 rules) by gacrux, in a separate worker process.

    ``python`` is the interpreter that runs the worker (default: this one); ``timeout``
    overrides :attr:`PairingOptions.timeout` when set. The engine input (:func:`engine_input`)
    goes to the worker's standard input and a JSON answer comes back with a status saying what
    happened (0 paired, 1 no legal pairing, 3 input refused, anything else an engine failure).
    ``warm`` (default): the worker is a warm one, gacrux imported once and reused round after
    round, killed and replaced after a timeout or a crash (:mod:`chessclub.pairing.warm`);
    ``warm=False``: every call starts one process and its exit status is the answer's status.
    """

    python: str = field(default_factory=lambda: sys.executable)
    timeout: float | None = None
    warm: bool = sys.platform != "win32"

    def pair(
        self,
        tournament: Tournament,
        round_number: int,
        *,
        options: PairingOptions = PairingOptions(),
    ) -> Pairing:
        """Pair round ``round_number`` (FIDE C.04.3) of ``tournament``.

        Raises :class:`PairingError` when the round has no legal pairing (C.04.3 art. 1.9.3:
        the arbiter decides), when the engine refuses its input or fails, or after
        ``options.timeout`` seconds.
        """
        not_paired = not_paired_in(tournament, round_number, options)
        data = write_trf(engine_input(tournament, round_number, options))
        answer = self.run(data, round_number, timeout=self.timeout or options.timeout)
        pairing = _read_answer(answer, round_number, not_paired)
        _check_pairing(tournament, pairing, {b.player for b in not_paired})
        return pairing

    def warm_up(self) -> None:
        """Start a warm worker now, so that the first round does not wait for gacrux's import
        (a background worker's start); nothing when ``warm`` is off. Never raises: a worker
        that cannot start says so at the first round."""
        if self.warm:
            env = dict(os.environ, PYTHONIOENCODING="utf-8")
            with contextlib.suppress(warm.Broken):
                warm.warm_up(self.python, WORKER_SCRIPT, env)

    def run(self, data: bytes, round_number: int, *, timeout: float) -> dict[str, object]:
        """Run the worker on engine-input bytes; the decoded JSON answer of a successful run.

        Raises :class:`PairingError` on timeout, a non-zero exit status or an unreadable answer.
        """
        env = dict(os.environ)
        env["PYTHONIOENCODING"] = "utf-8"
        timed_out = PairingError(
            f"the pairing engine found no pairing for round {round_number} within {timeout:g} s",
            round_number=round_number,
        )
        if self.warm:
            try:
                status, stdout = warm.ask(
                    self.python, WORKER_SCRIPT, env, round_number, data, timeout
                )
            except warm.Timeout:
                raise timed_out from None
            except warm.Broken as exc:
                raise PairingError(str(exc), round_number=round_number) from None
        else:
            status, stdout = self._run_once(data, round_number, timeout, env, timed_out)
        message = _message(stdout)
        if status == EXIT_OK:
            try:
                answer = json.loads(stdout)
            except ValueError:
                answer = None
            if not isinstance(answer, dict):
                raise PairingError(
                    "the pairing engine gave an unreadable answer", round_number=round_number
                )
            return answer
        if status == EXIT_NO_PAIRING:
            reason = f"round {round_number} has no legal pairing (FIDE C.04.3 art. 1.9.3)"
        elif status == EXIT_INVALID_INPUT:
            reason = f"the pairing engine refused the tournament for round {round_number}"
        else:
            reason = f"the pairing engine failed on round {round_number} (exit status {status})"
        raise PairingError(f"{reason}: {message}" if message else reason, round_number=round_number)

    def _run_once(
        self,
        data: bytes,
        round_number: int,
        timeout: float,
        env: dict[str, str],
        timed_out: PairingError,
    ) -> tuple[int, bytes]:
        """One process for one round (``warm=False``): ``(exit status, standard output)``."""
        # Run the worker as a file, not ``-m``: importing the chessclub package would add a
        # tenth of a second to every round.
        command = [self.python, str(WORKER_SCRIPT), "--round", str(round_number)]
        try:
            completed = subprocess.run(
                command, input=data, capture_output=True, timeout=timeout, check=False, env=env
            )
        except subprocess.TimeoutExpired:
            raise timed_out from None
        except OSError as exc:
            raise PairingError(
                f"the pairing engine could not be started ({exc})", round_number=round_number
            ) from exc
        return completed.returncode, completed.stdout


def _message(stdout: bytes) -> str:
    try:
        answer = json.loads(stdout)
    except ValueError:
        return ""
    if isinstance(answer, dict):
        error = answer.get("error")
        if isinstance(error, str):
            return error
    return ""


def _read_answer(
    answer: dict[str, object], round_number: int, not_paired: tuple[Bye, ...]
) -> Pairing:
    raw_pairs = answer.get("pairs")
    if not isinstance(raw_pairs, list):
        raise PairingError("the pairing engine gave no pairs", round_number=round_number)
    boards: list[Board] = []
    bye: PairingNumber | None = None
    for item in raw_pairs:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(isinstance(v, int) for v in item)
        ):
            raise PairingError(
                f"the pairing engine gave an unreadable pair {item!r}", round_number=round_number
            )
        white, black = item
        if black == 0:
            if bye is not None:
                raise PairingError(
                    "the pairing engine gave two pairing-allocated byes",
                    round_number=round_number,
                )
            bye = PairingNumber(white)
        else:
            boards.append(Board(PairingNumber(white), PairingNumber(black)))
    return Pairing(RoundNumber(round_number), tuple(boards), bye, not_paired)


def _check_pairing(
    tournament: Tournament, pairing: Pairing, not_paired: Collection[PairingNumber]
) -> None:
    """The engine's answer must pair every player to be paired exactly once."""
    expected = {p.pairing_number for p in tournament.players} - set(not_paired)
    seen: list[PairingNumber] = [p for b in pairing.boards for p in (b.white, b.black)]
    if pairing.bye is not None:
        seen.append(pairing.bye)
    if len(seen) != len(set(seen)) or set(seen) != expected:
        missing = sorted(expected - set(seen))
        extra = sorted(set(seen) - expected)
        detail = []
        if missing:
            detail.append("leaves out " + ", ".join(map(str, missing)))
        if extra:
            detail.append("pairs " + ", ".join(map(str, extra)) + " who should not be paired")
        if len(seen) != len(set(seen)):
            detail.append("pairs a player twice")
        raise PairingError(
            f"the pairing engine's answer for round {pairing.round} " + "; ".join(detail),
            round_number=pairing.round,
        )


def next_round_number(tournament: Tournament) -> int:
    """The round to pair next: the last round if it has no game yet (it only lists byes and
    absences), else the one after it."""
    if not tournament.rounds:
        return 1
    last = max(tournament.rounds, key=lambda r: r.number)
    return last.number if not last.games else last.number + 1


def forbidden_groups(groups: Iterable[Iterable[int]]) -> tuple[frozenset[PairingNumber], ...]:
    """Normalise groups of pairing numbers for :attr:`PairingOptions.forbidden`."""
    return tuple(frozenset(PairingNumber(p) for p in g) for g in groups)


def as_pairs(pairing: Pairing) -> list[tuple[int, int]]:
    """The pairing as ``(white, black)`` tuples, the bye last as ``(player, 0)``."""
    pairs = [(int(b.white), int(b.black)) for b in pairing.boards]
    if pairing.bye is not None:
        pairs.append((int(pairing.bye), 0))
    return pairs


__all__ = [
    "DEFAULT_TIMEOUT",
    "GACRUX_VERSION",
    "Acceleration",
    "Board",
    "GacruxDutchEngine",
    "Pairing",
    "PairingEngine",
    "PairingError",
    "PairingOptions",
    "as_pairs",
    "baku_acceleration",
    "engine_input",
    "forbidden_groups",
    "initial_colour_of",
    "next_round_number",
    "not_paired_in",
    "tournament_before",
]
