"""The pairings checker: re-pair every round of a Swiss and report the pairs that differ.

FIDE asks every endorsed program for a free pairings checker (C.04.A, "FPC"): given a
tournament, re-pair each round from what was known before it and compare. Round ``r`` is paired
from the rounds before it in full and, of round ``r`` itself, only the players who were not to
be paired (requested byes, zero-point byes, absences, and players missing from the round) —
the procedure of the shared test data's README, and of bbpPairings' and gacrux's checkers.

A round is compared as an arbiter compares two pairing lists: by pairs, not by board number
(a TRF has no board numbers, and the engine's board order need not be the order the boards
were played in). Each difference is reported once: a pair played that the engine did not make,
a pair the engine made that was not played, a pair played with the colours the other way
round, and the pairing-allocated bye given to another player.

The pairing and tie-break checker of FIDE's acceptance checklist (VCL4THP.13 Q19–Q21,
docs/rules/fide-endorsement.md) adds, in :func:`check_file` (``chessclub check``): the
absolute rules each round as played breaks (:func:`rule_breaches`: rematch, a second
pairing-allocated bye, colours, forbidden pairs) and the players whose rank in the file does
not follow the file's tie-break list (:func:`check_standings`), in one :class:`CheckReport`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from itertools import zip_longest

from chessclub.formats.errors import Problem, ProblemSink, TrfError
from chessclub.formats.trf import TextRecord, TrfDocument
from chessclub.i18n import gettext_noop
from chessclub.model import ByeKind, PairingNumber, Points, Round, Tournament
from chessclub.model.points import format_points_decimal
from chessclub.pairing.engine import (
    GacruxDutchEngine,
    Pairing,
    PairingEngine,
    PairingError,
    PairingOptions,
    as_pairs,
)
from chessclub.tiebreaks import TiebreakCodeError, parse_tiebreaks

Pair = tuple[int, int]
"""A board ``(white, black)``; ``(player, 0)`` stands for the pairing-allocated bye."""

PLAYED_ONLY = "played_only"
"""A pair played that the engine did not make (in neither colour order)."""
ENGINE_ONLY = "engine_only"
"""A pair the engine made that was not played (in neither colour order)."""
COLOURS = "colours"
"""The same two players, colours exchanged."""
BYE = "bye"
"""The pairing-allocated bye went to another player (or only one side gave one)."""
ERROR = "error"
"""The engine could not pair the round."""

KINDS = (PLAYED_ONLY, COLOURS, ENGINE_ONLY, BYE, ERROR)
"""Every ``RoundDifference.kind``, in the order a round's rows list them when tied."""


@dataclass(frozen=True, slots=True)
class RoundDifference:
    """One difference between a round as played and the engine's pairing of it.

    ``kind`` is one of :data:`KINDS`:

    - ``"played_only"``: ``played`` is a pair ``(white, black)`` that was played and that the
      engine did not make; ``engine`` is ``None``;
    - ``"engine_only"``: ``engine`` is a pair the engine made that was not played; ``played``
      is ``None``;
    - ``"colours"``: ``played`` is the pair as played, ``engine`` the same two players with
      the colours exchanged;
    - ``"bye"``: the pairing-allocated bye (C.04.1) differs: ``played`` is ``(player, 0)`` for
      the player who had it in the round as played, ``engine`` ``(player, 0)`` for the player
      the engine gives it to; ``None`` on the side that gives none;
    - ``"error"``: the engine could not pair the round; ``message`` says why, ``played`` and
      ``engine`` are ``None``.

    ``board`` is the board the pair was played on in the tournament, when it is known (a
    tournament entered in the application; a TRF has none) and only for ``"played_only"`` and
    ``"colours"``; else ``None``. The engine's own board order is never reported: it does not
    number the boards that were played.
    """

    round: int
    board: int | None
    played: Pair | None
    engine: Pair | None
    kind: str
    message: str = ""

    @property
    def players(self) -> tuple[int, ...]:
        """The pairing numbers the row names, ascending (the bye's 0 left out)."""
        return tuple(
            sorted(
                {p for pair in (self.played, self.engine) if pair is not None for p in pair if p}
            )
        )

    def __str__(self) -> str:
        if self.kind == ERROR:
            return f"round {self.round}: {self.message}"
        where = (
            f"round {self.round}"
            if self.board is None
            else (f"round {self.round}, board {self.board}")
        )
        if self.kind == BYE:
            played = str(self.played[0]) if self.played else "none"
            engine = str(self.engine[0]) if self.engine else "none"
            return f"{where}: pairing-allocated bye: played {played}, engine {engine}"
        if self.kind == PLAYED_ONLY:
            return f"{where}: played {_show(self.played)}, not paired by the engine"
        if self.kind == ENGINE_ONLY:
            return f"{where}: engine {_show(self.engine)}, not played"
        return f"{where}: played {_show(self.played)}, engine {_show(self.engine)} (colours)"


def _show(pair: Pair | None) -> str:
    if pair is None:
        return "—"
    return f"{pair[0]} bye" if pair[1] == 0 else f"{pair[0]}-{pair[1]}"


OptionsFor = PairingOptions | Callable[[int], PairingOptions]


def check_rounds(
    tournament: Tournament,
    *,
    engine: PairingEngine | None = None,
    options: OptionsFor | None = None,
    rounds: list[int] | None = None,
    workers: int = 1,
) -> list[RoundDifference]:
    """Re-pair every paired round of a Swiss tournament (or ``rounds``) and list, round by
    round, the pairs that differ (FIDE C.04.A pairings checker; see :func:`compare_round`).
    An empty list: every round agrees.

    ``engine`` defaults to :class:`GacruxDutchEngine` (FIDE Dutch, C.04.3). ``options`` are the
    arbiter's options, or a function giving them per round number; players missing from a
    round are added to its ``absent``. A round the engine cannot pair gives one row of kind
    ``"error"``. Raises :class:`PairingError` for a round robin (its rounds come from the
    Berger table, not from a pairing engine). ``workers`` > 1 pairs that many rounds at once
    (each in its own engine process); the report is the same. Rows are in round order, each
    round's as :func:`compare_round` orders them.
    """
    if tournament.system.is_round_robin:
        raise PairingError("a round robin is not paired by a Swiss system; nothing to check")
    used = engine or GacruxDutchEngine()
    numbers = rounds if rounds is not None else [r.number for r in tournament.rounds if r.games]
    played_rounds = [
        played
        for played in (tournament.round(n) for n in sorted(set(numbers)))
        if played is not None and played.games
    ]

    def check(played: Round) -> list[RoundDifference]:
        number = int(played.number)
        base = options(number) if callable(options) else (options or PairingOptions())
        round_options = replace(base, absent=base.absent | _missing(tournament, played))
        try:
            pairing = used.pair(tournament, number, options=round_options)
        except PairingError as exc:
            return [RoundDifference(number, None, None, None, ERROR, str(exc))]
        return compare_round(played, pairing)

    if workers > 1 and len(played_rounds) > 1:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            reports = list(pool.map(check, played_rounds))
    else:
        reports = [check(played) for played in played_rounds]
    return [row for report in reports for row in report]


def _missing(tournament: Tournament, played: Round) -> frozenset[PairingNumber]:
    present = set(played.participants())
    return frozenset(
        p.pairing_number for p in tournament.players if p.pairing_number not in present
    )


def played_pairs(played: Round) -> list[Pair]:
    """The boards of a played round as ``(white, black)``, its pairing-allocated bye as
    ``(player, 0)``."""
    pairs: list[Pair] = [(int(g.white), int(g.black)) for g in played.games]
    pairs.extend((int(b.player), 0) for b in played.byes if b.kind is ByeKind.PAIRING_ALLOCATED)
    return pairs


def compare_round(played: Round, pairing: Pairing) -> list[RoundDifference]:
    """The differences between the round as ``played`` and the engine's ``pairing`` of it,
    by pairs (see :class:`RoundDifference`); empty when they agree. Each pair and each bye
    appears in at most one row.

    Rows are sorted by the played board when it is known, then by the lowest pairing number
    they name (then :data:`KINDS` order); the pairing-allocated bye comes last, as in a
    pairing list.
    """
    number = int(pairing.round)
    board_of: dict[Pair, int | None] = {(int(g.white), int(g.black)): g.board for g in played.games}
    played_games = set(board_of)
    engine_games = {pair for pair in as_pairs(pairing) if pair[1] != 0}
    rows: list[RoundDifference] = []
    for pair in played_games - engine_games:
        reverse = (pair[1], pair[0])
        if reverse in engine_games:
            rows.append(RoundDifference(number, board_of[pair], pair, reverse, COLOURS))
        else:
            rows.append(RoundDifference(number, board_of[pair], pair, None, PLAYED_ONLY))
    for pair in engine_games - played_games:
        if (pair[1], pair[0]) not in played_games:
            rows.append(RoundDifference(number, None, None, pair, ENGINE_ONLY))
    played_bye = sorted({int(b.player) for b in played.byes if b.kind is ByeKind.PAIRING_ALLOCATED})
    engine_bye = [int(pairing.bye)] if pairing.bye is not None else []
    for mine, theirs in zip_longest(
        [p for p in played_bye if p not in engine_bye],
        [p for p in engine_bye if p not in played_bye],
    ):
        rows.append(
            RoundDifference(
                number,
                None,
                (mine, 0) if mine is not None else None,
                (theirs, 0) if theirs is not None else None,
                BYE,
            )
        )
    return sorted(rows, key=_order)


def _order(row: RoundDifference) -> tuple[bool, bool, int, int, int]:
    return (
        row.kind == BYE,
        row.board is None,
        row.board or 0,
        min(row.players, default=0),
        KINDS.index(row.kind),
    )


def format_differences(differences: list[RoundDifference], *, rounds_checked: int = 0) -> str:
    """The checker's report as text, one difference a line (see :meth:`RoundDifference.__str__`:
    ``round 3, board 2: played 5-7, engine 7-5 (colours)``, ``round 1: played 13-1, not
    paired by the engine``, ``round 1: engine 1-7, not played``, ``round 1: pairing-allocated
    bye: played 12, engine 13``, ``round 4: cannot pair: …``); ``"all rounds agree"`` (with the
    number of rounds when given) when there is none. Ends with a newline."""
    if not differences:
        what = f"all {rounds_checked} rounds agree" if rounds_checked else "all rounds agree"
        return what + " with the engine's pairing\n"
    return "".join(f"{row}\n" for row in differences)


# -- the pairing and tie-break checker (FIDE VCL4THP.13 Q19–Q21) ------------------------------

BREACH_TEXT = {
    "rematch": "players {players} meet again (FIDE C.04.3 C1: no rematch)",
    "second_pab": (
        "player {players} gets the pairing-allocated bye after a pairing-allocated bye or a win "
        "without playing (FIDE C.04.1 / C.04.3 C2)"
    ),
    "several_pabs": "players {players} all get a pairing-allocated bye (FIDE C.04.1: one a round)",
    "colour_difference": (
        "player {players}: colour difference beyond ±2 after this round (FIDE C.04.3 C3)"
    ),
    "same_colour_three_times": (
        "player {players}: the same colour three times running (FIDE C.04.3 C3)"
    ),
    "forbidden": "players {players} meet although the file forbids it (record 260)",
}
"""What each absolute-criterion breach (:class:`~chessclub.pairing.criteria.Violation` kind)
says; ``{players}`` is filled with the pairing numbers."""


@dataclass(frozen=True, slots=True)
class RuleBreach:
    """A round as played that breaks an absolute pairing rule (Q21): ``kind`` is a
    :class:`~chessclub.pairing.criteria.Violation` kind (``"rematch"``, ``"second_pab"``,
    ``"several_pabs"``, ``"colour_difference"``, ``"same_colour_three_times"``,
    ``"forbidden"``), ``rule`` its code (``"C1"``–``"C3"`` of C.04.3, ``"260"``), ``players``
    the pairing numbers concerned."""

    round: int
    rule: str
    kind: str
    players: tuple[int, ...]

    def __str__(self) -> str:
        names = " and ".join(map(str, self.players))
        return f"round {self.round}: " + BREACH_TEXT.get(self.kind, self.kind).format(players=names)


@dataclass(frozen=True, slots=True)
class StandingDifference:
    """A player whose rank in the file (column 86–89 of the ``001`` line) is not where the
    file's tie-break list puts him (Q21). ``allowed`` is the range of ranks the list gives:
    ``(k, k)`` for a player the list separates, ``(k, k + n − 1)`` for one of ``n`` players it
    leaves tied (they may share rank ``k`` or be separated by lot). ``file_rank`` is ``None``
    when the file gives no rank for him."""

    player: int
    points: Points
    file_rank: int | None
    allowed: tuple[int, int]

    def __str__(self) -> str:
        low, high = self.allowed
        where = str(low) if low == high else f"{low} to {high} (tied)"
        points = format_points_decimal(self.points)
        if self.file_rank is None:
            return (
                f"standings: player {self.player} ({points} points) has no rank; "
                f"the tie-break list gives rank {where}"
            )
        return (
            f"standings: player {self.player} ({points} points) is ranked {self.file_rank}; "
            f"the tie-break list gives rank {where}"
        )


@dataclass(frozen=True)
class CheckReport:
    """What ``chessclub check`` found in a Swiss TRF (Q21), round by round then the standings.

    ``pairings``: the engine's re-pairing of each round against the round as played
    (:func:`check_rounds`); ``breaches``: the absolute pairing rules the rounds as played break
    (:class:`RuleBreach`); ``standings``: the players whose rank does not follow ``tiebreaks``
    (the file's record 202, else 212 without ``PTS``; empty: points only).
    ``standings_checked`` is False when no player line gives a rank. ``rounds_checked``
    counts the rounds re-paired.
    """

    rounds_checked: int
    pairings: tuple[RoundDifference, ...]
    breaches: tuple[RuleBreach, ...]
    standings: tuple[StandingDifference, ...]
    tiebreaks: tuple[str, ...]
    standings_checked: bool

    @property
    def conforms(self) -> bool:
        """True when nothing was found: exit code 0 of ``chessclub check``."""
        return not (self.pairings or self.breaches or self.standings)

    def rows_by_round(self) -> list[RoundDifference | RuleBreach]:
        """Pairing differences and breaches, in round order (differences first in a round)."""
        rows: list[RoundDifference | RuleBreach] = [*self.pairings, *self.breaches]
        return sorted(rows, key=lambda row: (row.round, isinstance(row, RuleBreach)))

    def as_text(self) -> str:
        """One finding a line (round by round, then the standings), then the summary: the
        pairings' line (``Every round is paired as the FIDE Dutch system pairs it.`` or
        ``N pairing findings in R rounds.``) and the standings' line (``The standings follow
        the tie-break list (BH/C1, BH, SB).``, ``N standings positions are off the tie-break
        list (…).`` or ``Standings not checked: no rank in the player lines.``)."""
        lines = [str(row) for row in self.rows_by_round()]
        lines.extend(str(row) for row in self.standings)
        found = len(self.pairings) + len(self.breaches)
        if found:
            lines.append(f"{found} pairing findings in {self.rounds_checked} rounds.")
        else:
            lines.append("Every round is paired as the FIDE Dutch system pairs it.")
        listed = ", ".join(self.tiebreaks) if self.tiebreaks else "points only"
        if not self.standings_checked:
            lines.append("Standings not checked: no rank in the player lines.")
        elif self.standings:
            lines.append(
                f"{len(self.standings)} standings positions are off the tie-break list ({listed})."
            )
        else:
            lines.append(f"The standings follow the tie-break list ({listed}).")
        return "".join(f"{line}\n" for line in lines)

    def as_json(self) -> dict[str, object]:
        """The report as JSON-ready data: ``conforms``, ``rounds_checked``, ``tiebreaks``,
        ``standings_checked``, ``rounds`` (pairing differences and breaches, each with
        ``round``, ``kind``, ``players``, ``message``; differences also ``played`` and
        ``engine`` pairs) and ``standings`` (``player``, ``points`` as a decimal string,
        ``file_rank``, ``allowed`` [low, high], ``message``)."""
        rounds: list[dict[str, object]] = []
        for row in self.rows_by_round():
            if isinstance(row, RuleBreach):
                rounds.append(
                    {
                        "round": row.round,
                        "kind": row.kind,
                        "rule": row.rule,
                        "players": list(row.players),
                        "message": str(row),
                    }
                )
            else:
                rounds.append(
                    {
                        "round": row.round,
                        "kind": row.kind,
                        "players": list(row.players),
                        "played": list(row.played) if row.played else None,
                        "engine": list(row.engine) if row.engine else None,
                        "message": str(row),
                    }
                )
        return {
            "conforms": self.conforms,
            "rounds_checked": self.rounds_checked,
            "tiebreaks": list(self.tiebreaks),
            "standings_checked": self.standings_checked,
            "rounds": rounds,
            "standings": [
                {
                    "player": row.player,
                    "points": format_points_decimal(row.points),
                    "file_rank": row.file_rank,
                    "allowed": list(row.allowed),
                    "message": str(row),
                }
                for row in self.standings
            ],
        }


def rule_breaches(
    tournament: Tournament, forbidden: Callable[[int], Iterable[Collection[PairingNumber]]]
) -> list[RuleBreach]:
    """The absolute pairing rules each round as played breaks (FIDE C.04.1 / C.04.3 C1–C3 and
    the file's forbidden pairs, :func:`chessclub.pairing.criteria.check_pairing`), round by
    round. ``forbidden(r)`` gives round ``r``'s forbidden groups.

    Colours (C.04.3 C3) are read per board, as the Dutch system states the rule: two
    non-topscorers with the same absolute colour preference shall not meet. So in the final
    round a player facing a topscorer may take a third same colour, or a colour difference
    beyond ±2, when the topscorer gets his preference (gacrux and our engine pair so);
    ``check_pairing``, which warns the arbiter per player, would name him."""
    from chessclub.pairing.criteria import check_pairing, histories
    from chessclub.pairing.engine import Board

    found: list[RuleBreach] = []
    for played in sorted(tournament.rounds, key=lambda r: r.number):
        if not played.games and not played.byes:
            continue
        number = int(played.number)
        boards = [Board(g.white, g.black) for g in played.games if g.result.is_played]
        byes = [b.player for b in played.byes if b.kind is ByeKind.PAIRING_ALLOCATED]
        violations = check_pairing(
            tournament, number, boards, byes, forbidden=forbidden(played.number)
        )
        final = tournament.planned_rounds > 0 and number >= tournament.planned_rounds
        exempt: set[PairingNumber] = set()
        if final and any(v.rule == "C3" for v in violations):
            history = histories(tournament, number)
            limit = tournament.scoring.win * (number - 1) / 2
            opponent = {b.white: b.black for b in boards} | {b.black: b.white for b in boards}
            exempt = {
                player
                for player, other in opponent.items()
                if other in history and history[other].score > limit
            }
        for violation in violations:
            if violation.rule == "C3" and set(violation.players) <= exempt:
                continue
            found.append(
                RuleBreach(
                    number,
                    violation.rule,
                    violation.kind,
                    tuple(int(p) for p in violation.players),
                )
            )
    return found


def tiebreak_list(doc: TrfDocument) -> tuple[tuple[str, ...], int]:
    """The file's tie-break list and the line it is on: TRF-2026 record ``202`` (codes
    separated by commas or spaces), else ``212`` without its leading ``PTS``; ``((), 0)``
    when the file has neither (points only)."""
    for tag in ("202", "212"):
        for line, record in enumerate(doc.records, start=1):
            if isinstance(record, TextRecord) and record.tag == tag:
                codes = [c for c in re.split(r"[,\s]+", record.value.strip()) if c]
                if tag == "212" and codes and codes[0].upper() == "PTS":
                    codes = codes[1:]
                return tuple(codes), line
    return (), 0


def check_standings(
    doc: TrfDocument, tournament: Tournament, *, source: str = ""
) -> tuple[tuple[str, ...], bool, list[StandingDifference]]:
    """The players whose rank (cols 86–89) does not follow the file's tie-break list
    (:func:`tiebreak_list`, under the rule era of the start date): ``(codes, checked,
    differences)``, ``checked`` False when no player line gives a rank. Players the list leaves
    tied after every tie-break may share the rank or be in any order among their places (a
    drawing of lots). Raises :class:`~chessclub.formats.errors.TrfError` (line of the record)
    for a list naming an unknown tie-break."""
    from chessclub.standings import compute_standings

    codes, line = tiebreak_list(doc)
    try:
        canonical = tuple(spec.code for spec in parse_tiebreaks(",".join(codes), individual=True))
    except TiebreakCodeError as exc:
        raise TrfError(
            [Problem(line, 5, gettext_noop("tie-break list: %(error)s"), {"error": str(exc)})],
            source=source,
        ) from exc
    file_rank = {int(p.starting_rank): p.rank for p in doc.players()}
    if not any(rank for rank in file_rank.values()):
        return canonical, False, []
    rows = compute_standings(tournament, canonical)
    size: dict[int, int] = {}
    for row in rows:
        size[row.rank] = size.get(row.rank, 0) + 1
    found = []
    for row in rows:
        allowed = (row.rank, row.rank + size[row.rank] - 1)
        mine = file_rank.get(int(row.pairing_number))
        if mine is None or not allowed[0] <= mine <= allowed[1]:
            found.append(StandingDifference(int(row.pairing_number), row.points, mine, allowed))
    return canonical, True, sorted(found, key=lambda d: (d.allowed, d.player))


def check_file(
    data: bytes,
    *,
    source: str = "",
    engine: PairingEngine | None = None,
    workers: int = 1,
    warnings: ProblemSink | None = None,
) -> CheckReport:
    """Check a Swiss TRF (``chessclub check FILE.trf``, Q19–Q21): re-pair every round
    (:func:`check_rounds`, with the options the file states for it), list the absolute rules
    the rounds as played break (:func:`rule_breaches`) and the standings positions off the
    file's tie-break list (:func:`check_standings`). Raises ``TrfError`` for a file that cannot
    be read and ``PairingError`` for a round robin. ``warnings`` receives what the reader
    accepted while it deviates."""
    from chessclub.pairing.request import options_from_trf, read_swiss_trf

    doc, tournament = read_swiss_trf(data, source=source, warnings=warnings)
    codes, checked, standings = check_standings(doc, tournament, source=source)
    pairings = check_rounds(
        tournament,
        engine=engine,
        options=lambda number: options_from_trf(doc, number),
        workers=workers,
    )
    breaches = rule_breaches(tournament, lambda number: options_from_trf(doc, number).forbidden)
    return CheckReport(
        rounds_checked=sum(1 for r in tournament.rounds if r.games),
        pairings=tuple(pairings),
        breaches=tuple(breaches),
        standings=tuple(standings),
        tiebreaks=codes,
        standings_checked=checked,
    )


__all__ = [
    "BYE",
    "COLOURS",
    "ENGINE_ONLY",
    "ERROR",
    "KINDS",
    "PLAYED_ONLY",
    "CheckReport",
    "RoundDifference",
    "RuleBreach",
    "StandingDifference",
    "check_file",
    "check_rounds",
    "check_standings",
    "compare_round",
    "format_differences",
    "played_pairs",
    "rule_breaches",
    "tiebreak_list",
]
