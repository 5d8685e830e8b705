"""Conversion between the TRF document model and the core :class:`~chessclub.model.Tournament`.

Result mapping (FIDE TRF-16 codes, both sides of a board):

- ``1``/``0``, ``=``/``=``, ``0``/``1`` → a game played on the board; ``W``/``L``, ``D``/``D``,
  ``L``/``W`` (a game of less than one move) → the same result with ``Game.rated=False``;
- ``+``/``-`` and ``-``/``+`` → a forfeit won by the ``+`` side, ``-``/``-`` → double forfeit; a
  forfeit written without colours (``153 - +`` / ``13 - -``) gives White to the winner (to the
  lower starting rank for ``-``/``-``);
- blank/blank with colours → a paired game without result (``GameResult.NONE``);
- no opponent: ``U`` → pairing-allocated bye, ``H`` and ``=`` (old tools' ``0000 - =``, read with
  a warning) → half-point bye, ``F`` and ``+`` → full-point bye, ``Z`` → zero-point bye, ``-`` →
  absent; blank → zero-point bye when the player has a later non-blank round, else absent (not
  in the round). Absences are not listed in ``Round.byes`` (the core model treats a player
  missing from a round as absent).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from dataclasses import fields as dataclass_fields
from fractions import Fraction

from chessclub.formats.errors import ExportError, Problem, ProblemSink, TrfError
from chessclub.formats.limits import MAX_ROUNDS, MAX_TRF_PLAYERS, clean_controls
from chessclub.formats.trf.codec import check_document, is_half_point_draw, read_trf, write_trf
from chessclub.formats.trf.records import (
    BbRecord,
    PlayerRecord,
    ProhibitedRecord,
    RawLine,
    Record,
    ResultCode,
    RoundCell,
    RoundDatesRecord,
    RoundsRecord,
    ScoringRecord,
    TextRecord,
    TrfDocument,
    XxsRecord,
    cell_column,
    format_trf_points,
)
from chessclub.i18n import gettext_noop
from chessclub.model import (
    FIDE_SCORING,
    HALF,
    ONE,
    ZERO,
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Points,
    Round,
    RoundNumber,
    ScoringSystem,
    Tournament,
    TournamentError,
    TournamentSystem,
)
from chessclub.standings import compute_standings
from chessclub.tiebreaks import RuleEra

_R = ResultCode
_GAME_RESULTS: dict[tuple[ResultCode, ResultCode], tuple[GameResult, bool]] = {
    (_R.WIN, _R.LOSS): (GameResult.WHITE_WINS, True),
    (_R.DRAW, _R.DRAW): (GameResult.DRAW, True),
    (_R.LOSS, _R.WIN): (GameResult.BLACK_WINS, True),
    (_R.UNRATED_WIN, _R.UNRATED_LOSS): (GameResult.WHITE_WINS, False),
    (_R.UNRATED_DRAW, _R.UNRATED_DRAW): (GameResult.DRAW, False),
    (_R.UNRATED_LOSS, _R.UNRATED_WIN): (GameResult.BLACK_WINS, False),
    (_R.FORFEIT_WIN, _R.FORFEIT_LOSS): (GameResult.WHITE_WINS_BY_FORFEIT, True),
    (_R.FORFEIT_LOSS, _R.FORFEIT_WIN): (GameResult.BLACK_WINS_BY_FORFEIT, True),
    (_R.FORFEIT_LOSS, _R.FORFEIT_LOSS): (GameResult.DOUBLE_FORFEIT, True),
    (_R.BLANK, _R.BLANK): (GameResult.NONE, True),
}
_CODES: dict[tuple[GameResult, bool], tuple[ResultCode, ResultCode]] = {
    value: key for key, value in _GAME_RESULTS.items()
}
_BYE_KINDS: dict[ResultCode, ByeKind] = {
    _R.PAIRING_ALLOCATED_BYE: ByeKind.PAIRING_ALLOCATED,
    _R.HALF_POINT_BYE: ByeKind.HALF_POINT,
    _R.FULL_POINT_BYE: ByeKind.FULL_POINT,
    _R.FORFEIT_WIN: ByeKind.FULL_POINT,
    _R.ZERO_POINT_BYE: ByeKind.ZERO_POINT,
    _R.FORFEIT_LOSS: ByeKind.ABSENT,
}
_BYE_CODES: dict[ByeKind, ResultCode] = {
    ByeKind.PAIRING_ALLOCATED: _R.PAIRING_ALLOCATED_BYE,
    ByeKind.HALF_POINT: _R.HALF_POINT_BYE,
    ByeKind.FULL_POINT: _R.FULL_POINT_BYE,
    ByeKind.ZERO_POINT: _R.ZERO_POINT_BYE,
    ByeKind.ABSENT: _R.FORFEIT_LOSS,
}
_SYSTEM_TEXT = {
    TournamentSystem.SWISS: "Individual: Swiss-System",
    TournamentSystem.ROUND_ROBIN: "Individual: Round-Robin",
    TournamentSystem.DOUBLE_ROUND_ROBIN: "Individual: Double Round-Robin",
    TournamentSystem.OTHER: "Individual: Other",
}


def read_tournament(
    data: bytes, *, source: str = "", warnings: ProblemSink | None = None
) -> Tournament:
    """Read TRF bytes (FIDE TRF-16 / TRF-2026) into a :class:`Tournament`.

    Raises :class:`~chessclub.formats.errors.TrfError` listing every problem (line, column).
    ``warnings`` (a list) receives what was read while it deviates, located (see
    :func:`to_tournament`).
    """
    return to_tournament(read_trf(data, source=source), source=source, warnings=warnings)


def write_tournament(
    t: Tournament,
    *,
    ranks: Mapping[PairingNumber, int] | None = None,
    forbidden: Iterable[Collection[int]] = (),
    comments: Sequence[str] = (),
) -> bytes:
    """Write ``t`` as a canonical FIDE TRF-16 file with TRF-2026 records (UTF-8, LF).

    ``ranks`` (the rank column of each ``001`` record), ``forbidden`` (records ``260``) and
    ``comments`` (``###`` lines) as :func:`from_tournament` takes them; raises
    :class:`~chessclub.formats.errors.ExportError` as it does."""
    return write_trf(from_tournament(t, ranks=ranks, forbidden=forbidden, comments=comments))


def final_ranks(
    t: Tournament,
    tiebreaks: Sequence[str] | None = None,
    *,
    era: RuleEra | None = None,
    lots_seed: int | None = None,
) -> dict[PairingNumber, int]:
    """The final ranking of ``t`` for the rank column (cols 86–89) of the TRF ``001`` records:
    pairing number → rank in :func:`chessclub.standings.compute_standings` under the given
    standings settings, i.e. the *Classement* (TRF-16: the rank is the player's final rank,
    fide.md §2.1).

    ``tiebreaks``: C.07 codes in order, ``None`` for the system's defaults (spec S4), ``()``
    for points only; ``era``: the rule era (default: the one in force at the start date);
    ``lots_seed``: the drawing of lots that orders players still tied. Players still tied
    after every tiebreak share the rank (``1, 2, 2, 4``: what FIDE's reference implementation
    gacrux writes for a tie). Raises :class:`~chessclub.tiebreaks.TiebreakCodeError` (a
    ``ValueError``) for an unknown code.
    """
    rows = compute_standings(t, tiebreaks, era=era, lots_seed=lots_seed)
    return {row.pairing_number: row.rank for row in rows}


# --------------------------------------------------------------------------------------------
# TRF → core


def to_tournament(
    doc: TrfDocument, *, source: str = "", warnings: ProblemSink | None = None
) -> Tournament:
    """The core :class:`Tournament` of a TRF document.

    Players come from the ``001`` records in file order (in the Belgian TRF-like variant,
    :func:`is_belgian_variant`, the FIDE ID columns are the matricule); the chief arbiter from
    ``102``; the time control from ``122``, else the TRF-2026 ``222`` code written as a tempo
    (:func:`encoded_time_control_text`), else the Belgian variant's ``00F``; rounds 1…n from
    their round cells (n =
    the longest line's cells), dates from ``132``; planned rounds from TRF-2026 record ``142``,
    else ``XXR``, else n; scoring from record ``162``, else ``XXS``/``BB*``, else FIDE's; the
    system from ``192``, else the ``092`` text (Swiss when not recognised). Raises
    :class:`TrfError` if the document's player records contradict each other (see
    :func:`~chessclub.formats.trf.codec.validate`).

    ``warnings`` (a list, optional) receives, located (line, column), what was read while it
    deviates from TRF-16: the document's own :attr:`~TrfDocument.warnings` (round dates,
    ``0000 - =``), round dates that cannot be the round's (:func:`round_date_warnings`), a
    player's second pairing-allocated bye (:func:`repeated_pairing_allocated_byes`), then each
    player record whose points (cols 81–84) disagree with the sum of
    its rounds under the file's scoring (:func:`points_disagreements`).
    """
    # A document just read is validated already (its warnings are in doc.warnings).
    problems, found = ([], []) if doc.is_checked() else check_document(doc)
    if problems:
        raise TrfError(problems, source=source)
    players = doc.players()
    round_count = max((len(p.cells) for p in players), default=0)
    dates: tuple[datetime.date | None, ...] = ()
    for record in doc.records:
        if isinstance(record, RoundDatesRecord):
            dates = record.dates
            break
    by_rank = {p.starting_rank: p for p in players}
    rounds = []
    for number in range(1, round_count + 1):
        games: list[Game] = []
        byes: list[Bye] = []
        for player in players:
            cell = player.cell(number)
            if cell is None:
                continue
            if cell.opponent is not None:
                other_cell = by_rank[cell.opponent].cell(number)
                assert other_cell is not None  # validated
                if _is_white(player.starting_rank, cell, cell.opponent, other_cell):
                    result, rated = _GAME_RESULTS[(cell.result, other_cell.result)]
                    games.append(
                        Game(
                            PairingNumber(player.starting_rank),
                            PairingNumber(cell.opponent),
                            result,
                            rated=rated,
                        )
                    )
                continue
            kind = _bye_kind(player, number, cell)
            if kind is not ByeKind.ABSENT:
                byes.append(Bye(PairingNumber(player.starting_rank), kind))
        date = dates[number - 1] if number <= len(dates) else None
        rounds.append(Round(RoundNumber(number), tuple(games), tuple(byes), date))
    planned = _planned_rounds(doc)
    belgian = is_belgian_variant(doc)
    time_control = doc.text_value("122") or encoded_time_control_text(doc.text_value("222"))
    if belgian and not time_control:
        time_control = _raw_value(doc, "00F")
    try:
        tournament = Tournament(
            name=doc.text_value("012") or "",
            players=tuple(_player(p, belgian=belgian) for p in players),
            rounds=tuple(rounds),
            planned_rounds=planned if planned is not None else round_count,
            system=_system(doc),
            scoring=scoring_of(doc),
            start_date=_date(doc.text_value("042")),
            end_date=_date(doc.text_value("052")),
            city=doc.text_value("022") or "",
            federation=doc.text_value("032") or "",
            chief_arbiter=doc.text_value("102") or "",
            deputy_arbiters=tuple(v for v in doc.text_values("112") if v),
            time_control=time_control,
        )
    except TournamentError as exc:  # pragma: no cover - validate() prevents it
        # the model's own (English) text, as a param: it may hold a "%"
        raise TrfError(
            [Problem(0, 0, gettext_noop("%(error)s"), {"error": str(exc)})], source=source
        ) from exc
    if warnings is not None:
        for warning in doc.warnings:
            warnings.append(warning)
        for warning in found:
            if warning not in doc.warnings:
                warnings.append(warning)
        for warning in round_date_warnings(doc, tournament):
            warnings.append(warning)
        for warning in repeated_pairing_allocated_byes(doc):
            warnings.append(warning)
        for warning in points_disagreements(doc, tournament):
            warnings.append(warning)
    return tournament


#: A round date this many days or more from the middle of the others is warned (a year typed
#: wrong: rounds are days or weeks apart).
FAR_DATE_DAYS = 183


def round_date_warnings(doc: TrfDocument, tournament: Tournament) -> list[Problem]:
    """Round dates of record ``132`` that cannot be the round's: one outside the tournament's
    dates (``042``/``052``, either bound when given), else one at least
    :data:`FAR_DATE_DAYS` days from the middle (median) date of the rounds. One warning per
    round, at the ``132`` line and the round's date column (92, 102, …); ``tournament`` is
    ``to_tournament(doc)``."""
    line = next(
        (n for n, r in enumerate(doc.records, start=1) if isinstance(r, RoundDatesRecord)), 0
    )
    dated = [(r.number, r.date) for r in tournament.rounds if r.date is not None]
    if not line or not dated:
        return []
    ordered = sorted(d for _n, d in dated)
    middle = ordered[(len(ordered) - 1) // 2]
    start, end = tournament.start_date, tournament.end_date
    problems = []
    for number, date in dated:
        column = cell_column(number)
        if (start is not None and date < start) or (end is not None and date > end):
            problems.append(
                Problem(
                    line,
                    column,
                    gettext_noop(
                        "round %(round)s: date %(date)s is outside the tournament's dates "
                        "(%(start)s to %(end)s)"
                    ),
                    {
                        "round": number,
                        "date": f"{date:%Y-%m-%d}",
                        "start": f"{start:%Y-%m-%d}" if start else "…",
                        "end": f"{end:%Y-%m-%d}" if end else "…",
                    },
                )
            )
        elif abs((date - middle).days) >= FAR_DATE_DAYS:
            problems.append(
                Problem(
                    line,
                    column,
                    gettext_noop(
                        "round %(round)s: date %(date)s is far from the other rounds' dates "
                        "(middle: %(middle)s): is its year right?"
                    ),
                    {
                        "round": number,
                        "date": f"{date:%Y-%m-%d}",
                        "middle": f"{middle:%Y-%m-%d}",
                    },
                )
            )
    return problems


def points_disagreements(doc: TrfDocument, tournament: Tournament) -> list[Problem]:
    """Player records (``001``) whose points (columns 81–84) disagree with their rounds.

    One problem per record, at column 81, naming the player, the points written and the sum of
    the rounds under the file's scoring (:func:`scoring_of`); a blank points field is not
    checked. ``tournament`` is ``to_tournament(doc)``. The reader lists them as warnings (the
    rounds are what is read); ``chessclub pair`` pairs on the rounds' points and warns too
    (``chessclub.pairing.request.score_problems``).
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


@dataclass(frozen=True, slots=True)
class UnpairedCell:
    """A cell without opponent written in a round that holds no game yet (a round not paired):
    ``player``'s ``code`` (``U``, ``H``, ``F``, ``Z``, ``-``, ``=``…) in ``round_number``, at
    ``line`` and ``column`` (the result's column)."""

    round_number: int
    player: int
    code: ResultCode
    line: int
    column: int


def unpaired_rounds(
    doc: TrfDocument, tournament: Tournament
) -> tuple[Tournament, tuple[UnpairedCell, ...]]:
    """``tournament`` (``to_tournament(doc)``) without its trailing rounds that hold no game,
    and the cells written in those rounds.

    A round with byes only (``0000 - U``, requested ``H``/``Z``, absences) and no board is a
    round still to pair whose pre-assigned byes the file already states (spec P6), not a
    played round: the last round with a game ends the rounds played. Cells in file order,
    round by round.
    """
    rounds = list(tournament.rounds)
    while rounds and not rounds[-1].games:
        rounds.pop()
    if len(rounds) == len(tournament.rounds):
        return tournament, ()
    first = len(rounds) + 1
    cells: list[UnpairedCell] = []
    for number in range(first, len(tournament.rounds) + 1):
        for line, record in enumerate(doc.records, start=1):
            if not isinstance(record, PlayerRecord):
                continue
            cell = record.cell(number)
            if cell is not None and cell.opponent is None and cell.result is not _R.BLANK:
                cells.append(
                    UnpairedCell(
                        number, record.starting_rank, cell.result, line, cell_column(number, 8)
                    )
                )
    return replace(tournament, rounds=tuple(rounds)), tuple(cells)


def repeated_pairing_allocated_byes(doc: TrfDocument) -> list[Problem]:
    """A warning at the cell of every ``0000 - U`` of a player who had one in an earlier round
    (FIDE C.04.1: a player receives the pairing-allocated bye at most once). Read as written
    (the rounds played are what happened); ``chessclub pair`` refuses one in the round to
    pair."""
    problems: list[Problem] = []
    for line, record in enumerate(doc.records, start=1):
        if not isinstance(record, PlayerRecord):
            continue
        first = 0
        for number, cell in enumerate(record.cells, start=1):
            if cell.opponent is not None or cell.result is not _R.PAIRING_ALLOCATED_BYE:
                continue
            if not first:
                first = number
                continue
            problems.append(
                Problem(
                    line,
                    cell_column(number, 8),
                    gettext_noop(
                        "round %(round)s: player %(player)s has the pairing-allocated bye (U) "
                        "again (first in round %(first)s); a player receives it at most once "
                        "(FIDE C.04.1)"
                    ),
                    {"round": number, "player": record.starting_rank, "first": first},
                )
            )
    return problems


def second_pairing_allocated_byes(doc: TrfDocument) -> list[Problem]:
    """A problem at the cell of every ``0000 - U`` after the first of its round (FIDE C.04.1:
    at most one pairing-allocated bye a round), naming the player who has the first."""
    first: dict[int, tuple[int, int]] = {}
    problems: list[Problem] = []
    for line, record in enumerate(doc.records, start=1):
        if not isinstance(record, PlayerRecord):
            continue
        for number, cell in enumerate(record.cells, start=1):
            if cell.opponent is not None or cell.result is not _R.PAIRING_ALLOCATED_BYE:
                continue
            if number not in first:
                first[number] = (line, record.starting_rank)
                continue
            problems.append(
                Problem(
                    line,
                    cell_column(number, 8),
                    gettext_noop(
                        "round %(round)s: player %(player)s has a second pairing-allocated bye "
                        "(U); player %(first)s (line %(line)s) has one, and a round has at most "
                        "one (FIDE C.04.1)"
                    ),
                    {
                        "round": number,
                        "player": record.starting_rank,
                        "first": first[number][1],
                        "line": first[number][0],
                    },
                )
            )
    return problems


# ASCII digits, bounded: a 5000-digit number would make int() raise (Python's limit of 4300
# digits); a code with longer numbers is kept as written.
_PERIOD_222 = re.compile(r"^(?:([0-9]{1,9})/)?([0-9]{1,9})(?:\+([0-9]{1,9}))?$")


def encoded_time_control_text(code: str | None) -> str:
    """The tempo text of a TRF-2026 ``222`` encoded time control (fide.md §2.2: periods
    ``M/S[+I]`` or ``S[+I]`` in seconds, joined by ``:``), written as clubs write a tempo and
    as :func:`chessclub.ratings.frbe.parse_time_control` reads it:
    ``5400+30`` → ``90 min + 30 s``; ``40/6000+30:900+30`` → ``40/100 min + 30 s,
    15 min + 30 s``. A code that does not follow that syntax (an Armageddon ``W300-B240``,
    seconds that are no whole minutes) is returned as written; ``None`` or blank → ``""``."""
    text = (code or "").strip()
    if not text:
        return ""
    parts: list[str] = []
    for period in text.split(":"):
        match = _PERIOD_222.match(period.strip())
        if match is None or int(match[2]) % 60:
            return text
        moves, seconds, increment = match.groups()
        part = f"{int(seconds) // 60} min"
        if moves:
            part = f"{int(moves)}/{part}"
        if increment and int(increment):
            part += f" + {int(increment)} s"
        parts.append(part)
    return ", ".join(parts)


def _is_white(me: int, cell: RoundCell, other: int, other_cell: RoundCell) -> bool:
    if cell.colour is not None:
        return cell.colour is Colour.WHITE
    if cell.result is not other_cell.result:
        return cell.result is ResultCode.FORFEIT_WIN
    return me < other


def _bye_kind(player: PlayerRecord, number: int, cell: RoundCell) -> ByeKind:
    if is_half_point_draw(cell):  # "0000 - =", read with a warning
        return ByeKind.HALF_POINT
    if cell.result is ResultCode.BLANK:
        later = any(not c.is_blank for c in player.cells[number:])
        return ByeKind.ZERO_POINT if later else ByeKind.ABSENT
    return _BYE_KINDS[cell.result]


#: Header records of the Belgian federation's TRF-like variant (frbe.md B3): ``00A``…``00F``.
BELGIAN_HEADER_TAGS = frozenset({"00A", "00B", "00C", "00D", "00E", "00F"})


def is_belgian_variant(doc: TrfDocument) -> bool:
    """Whether ``doc`` is the Belgian federation's TRF-like variant (frbe.md B3): it has the
    ``00A``…``00F`` header records, and its ``001`` lines hold the Belgian rating in cols
    49–52 and the player's matricule right-aligned in cols 64–68 (not a FIDE ID)."""
    return any(isinstance(r, RawLine) and r.tag in BELGIAN_HEADER_TAGS for r in doc.records)


def _raw_value(doc: TrfDocument, tag: str) -> str:
    """The text after the tag of the first raw line ``tag`` (``""`` when there is none)."""
    for record in doc.records:
        if isinstance(record, RawLine) and record.tag == tag:
            return record.text[4:].strip()
    return ""


def _player(record: PlayerRecord, *, belgian: bool = False) -> Player:
    """The core player of a ``001`` record; ``belgian`` (:func:`is_belgian_variant`): the
    FIDE ID columns hold the Belgian matricule (cols 64–68)."""
    identifier = "" if record.fide_id.strip("0") == "" else record.fide_id
    return Player(
        pairing_number=PairingNumber(record.starting_rank),
        name=record.name,
        rating=record.rating or None,
        title=record.title,
        sex=record.sex,
        federation=record.federation,
        fide_id="" if belgian else identifier,
        matricule=identifier.strip() if belgian else "",
        birth_date=record.birth_date,
    )


def _planned_rounds(doc: TrfDocument) -> int | None:
    found: dict[str, int] = {}
    for record in doc.records:
        if isinstance(record, RoundsRecord):
            found.setdefault(record.tag, record.rounds)
    return found.get("142", found.get("XXR"))


def _system(doc: TrfDocument) -> TournamentSystem:
    for tag in ("192", "092"):
        text = doc.text_value(tag)
        if text:
            system = system_from_text(text)
            if system is not None:
                return system
    return TournamentSystem.SWISS


def system_from_text(text: str) -> TournamentSystem | None:
    """The system named by a TRF-2026 ``192`` code (``FIDE_DUTCH_2025``, ``BERGER_ROUNDROBIN``…)
    or a TRF-16 ``092`` text (``Individual: Swiss-System``…); ``None`` if not recognised."""
    key = "".join(ch for ch in text.lower() if ch.isalnum())
    if "doubleroundrobin" in key or "doublerundenturnier" in key:
        return TournamentSystem.DOUBLE_ROUND_ROBIN
    if any(
        w in key
        for w in ("roundrobin", "rundenturnier", "berger", "toutesrondes", "allplayall", "closed")
    ):
        return TournamentSystem.ROUND_ROBIN
    if any(w in key for w in ("knockout", "scheveningen", "schiller", "other")):
        return TournamentSystem.OTHER
    if any(
        w in key
        for w in (
            "swiss",
            "schweizer",
            "suisse",
            "dutch",
            "burstein",
            "dubov",
            "fideteam",
            "monrad",
        )
    ):
        return TournamentSystem.SWISS
    return None


_DATE_FORMATS = (
    "%Y/%m/%d",
    "%Y-%m-%d",
    "%Y.%m.%d",
    "%d.%m.%Y",
    "%d/%m/%Y",
    "%d-%m-%Y",
    "%y/%m/%d",
    "%B %d, %Y",
    "%b %d, %Y",
    "%d %B %Y",
    "%d %b %Y",
)


def _date(text: str | None) -> datetime.date | None:
    if not text:
        return None
    cleaned = " ".join(text.replace(". ", ".").split())
    for fmt in _DATE_FORMATS:
        try:
            return datetime.datetime.strptime(cleaned, fmt).date()
        except ValueError:
            continue
    return None


def scoring_of(doc: TrfDocument) -> ScoringSystem:
    """The scoring system of a TRF document.

    TRF-2026 record ``162``: ``W`` → win, forfeit win, full-point bye; ``D`` → draw, half-point
    bye; ``L`` → played loss; ``A`` → zero-point bye, forfeit loss, absence; ``P`` → PAB (default
    ``W``). Else JaVaFo ``XXS`` (``W``/``D`` shortcuts first, then ``WW``/``BW`` → win, ``WD``/
    ``BD`` → draw, ``WL``/``BL`` → loss, ``ZPB`` (also absence), ``HPB``, ``FPB``, ``PAB``,
    ``FW``, ``FL``; White's value wins when White and Black differ) and bbp ``BBW``/``BBD``/
    ``BBL``/``BBZ``/``BBF``/``BBU`` (``BBU`` defaults to ``BBW``). Else FIDE's 1, ½, 0.
    """
    for record in doc.records:
        if isinstance(record, ScoringRecord):
            values = dict(record.values)
            win = values.get("W", ONE)
            draw = values.get("D", HALF)
            absence = values.get("A", ZERO)
            return ScoringSystem(
                win=win,
                draw=draw,
                loss=values.get("L", ZERO),
                forfeit_win=win,
                forfeit_loss=absence,
                pairing_allocated_bye=values.get("P", win),
                half_point_bye=draw,
                full_point_bye=win,
                zero_point_bye=absence,
                absent=absence,
            )
    fields: dict[str, Points] = {}
    xxs: dict[str, Points] = {}
    for record in doc.records:
        if isinstance(record, XxsRecord):
            xxs.update(record.values)
    for code, names in _XXS_SHORTCUTS + _XXS_CODES:
        if code in xxs:
            for name in names:
                fields[name] = xxs[code]
    bb: dict[str, Points] = {}
    for record in doc.records:
        if isinstance(record, BbRecord):
            bb.setdefault(record.tag, record.value)
    for tag, names in _BB_CODES:
        if tag in bb:
            for name in names:
                fields[name] = bb[tag]
    if "BBW" in bb and "BBU" not in bb:
        fields["pairing_allocated_bye"] = bb["BBW"]
    if not fields:
        return FIDE_SCORING
    return replace(FIDE_SCORING, **fields)


_XXS_SHORTCUTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("W", ("win", "forfeit_win", "full_point_bye")),
    ("D", ("draw", "half_point_bye")),
)
_XXS_CODES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("BW", ("win",)),
    ("WW", ("win",)),
    ("BD", ("draw",)),
    ("WD", ("draw",)),
    ("BL", ("loss",)),
    ("WL", ("loss",)),
    ("ZPB", ("zero_point_bye", "absent")),
    ("HPB", ("half_point_bye",)),
    ("FPB", ("full_point_bye",)),
    ("PAB", ("pairing_allocated_bye",)),
    ("FW", ("forfeit_win",)),
    ("FL", ("forfeit_loss",)),
)
_BB_CODES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("BBW", ("win", "forfeit_win", "full_point_bye")),
    ("BBD", ("draw", "half_point_bye")),
    ("BBL", ("loss",)),
    ("BBZ", ("zero_point_bye", "absent")),
    ("BBF", ("forfeit_loss",)),
    ("BBU", ("pairing_allocated_bye",)),
)


# --------------------------------------------------------------------------------------------
# core → TRF


def from_tournament(
    t: Tournament,
    *,
    newline: str = "\n",
    ranks: Mapping[PairingNumber, int] | None = None,
    forbidden: Iterable[Collection[int]] = (),
    comments: Sequence[str] = (),
) -> TrfDocument:
    """A canonical TRF document of ``t`` (FIDE TRF-16 columns, TRF-2026 records).

    Writes ``012``…``122`` from the tournament's fields, ``132`` when a round has a date,
    ``XXR`` and TRF-2026 ``142`` with the planned rounds, ``162`` (or ``XXS`` when ``162`` cannot
    express it) for a non-FIDE scoring, one TRF-2026 ``260`` per ``forbidden`` group, and one
    ``001`` per player in ``t.players`` order with points computed from the model. Games are
    written ``  12 w 1``; byes ``0000 - U``/``H``/``F``/``Z``; absences ``0000 - -``. Not
    representable in TRF: board numbers, ``Player.matricule``/``club``/``fictitious_rating``,
    ``rated=False`` on forfeits or unfinished games. Control characters in names and texts
    become spaces.

    ``ranks``: the rank column (cols 86–89, the final ranking: fide.md §2.1) by pairing number,
    e.g. :func:`final_ranks` under the tournament's own tiebreaks; a player it does not name
    gets a blank rank. ``None``: :func:`final_ranks` of ``t`` under the system's default
    tiebreaks (spec S4) and the rule era of its start date, as ``chessclub standings`` ranks.

    ``forbidden``: groups of pairing numbers (two or more) who must not meet — the arbiter's
    forbidden pairs — written as TRF-2026 record ``260`` (prohibited pairings, cols 5–7 first
    round, 9–11 last round, players from col 13 every 5 cols) for every round: 1 to the planned
    (or last held) round.

    ``comments``: ``###`` lines written after the records, in order (FIDE's TEC Manual: events
    such as leaving FIDE mode, ``### FIDE mode exit @ Round 3``); a line that does not start
    with ``###`` or holds a line break raises ``ValueError``.

    Raises :class:`~chessclub.formats.errors.ExportError` naming what does not fit the format:
    more than 99 rounds (planned or held), a pairing number outside 1–9999, a rating above
    9999, a score or a scoring value outside 0–9999.99 or a score longer than the 4-column
    points field (cols 81–84), a rank outside 1–9999, a forbidden group of fewer than two
    players or naming a player who is not in ``t``.
    """
    groups = [tuple(sorted({int(p) for p in group})) for group in forbidden]
    scores = _check_writable(t, ranks, groups)
    records: list[Record] = [TextRecord("012", clean_controls(t.name))]
    if t.city:
        records.append(TextRecord("022", clean_controls(t.city)))
    if t.federation:
        records.append(TextRecord("032", clean_controls(t.federation)))
    if t.start_date:
        records.append(TextRecord("042", f"{t.start_date:%Y/%m/%d}"))
    if t.end_date:
        records.append(TextRecord("052", f"{t.end_date:%Y/%m/%d}"))
    records.append(TextRecord("062", str(len(t.players))))
    records.append(TextRecord("072", str(sum(1 for p in t.players if p.rating))))
    records.append(TextRecord("092", _SYSTEM_TEXT[t.system]))
    if t.chief_arbiter:
        records.append(TextRecord("102", clean_controls(t.chief_arbiter)))
    records.extend(TextRecord("112", clean_controls(deputy)) for deputy in t.deputy_arbiters)
    if t.time_control:
        records.append(TextRecord("122", clean_controls(t.time_control)))
    round_count = max((r.number for r in t.rounds), default=0)
    by_number: dict[int, Round] = {r.number: r for r in t.rounds}
    dates = tuple(
        (by_number[n].date if n in by_number else None) for n in range(1, round_count + 1)
    )
    if any(dates):
        records.append(RoundDatesRecord(dates))
    if t.planned_rounds:
        records.append(RoundsRecord("XXR", t.planned_rounds))
        records.append(RoundsRecord("142", t.planned_rounds))
    if t.scoring != FIDE_SCORING:
        records.append(_scoring_record(t.scoring))
    last_round = max(t.planned_rounds, round_count, 1)
    records.extend(ProhibitedRecord(1, last_round, group) for group in sorted(set(groups)))
    cells: dict[int, dict[int, RoundCell]] = {p.pairing_number: {} for p in t.players}
    for rnd in t.rounds:
        for game in rnd.games:
            white_code, black_code = _CODES.get(
                (game.result, game.rated), _CODES[(game.result, True)]
            )
            cells[game.white][rnd.number] = RoundCell(game.black, Colour.WHITE, white_code)
            cells[game.black][rnd.number] = RoundCell(game.white, Colour.BLACK, black_code)
        for bye in rnd.byes:
            cells[bye.player][rnd.number] = RoundCell(None, None, _BYE_CODES[bye.kind])
    absent = RoundCell(None, None, ResultCode.FORFEIT_LOSS)
    if ranks is None:
        ranks = final_ranks(t)
    for player in t.players:
        mine = cells[player.pairing_number]
        records.append(
            PlayerRecord(
                starting_rank=player.pairing_number,
                name=clean_controls(player.name),
                sex=_trf_sex(clean_controls(player.sex)),
                title=clean_controls(player.title),
                rating=player.rating,
                federation=clean_controls(player.federation),
                fide_id=clean_controls(player.fide_id),
                birth_date=_trf_birth_date(clean_controls(player.birth_date)),
                points=scores[player.pairing_number],
                rank=ranks.get(player.pairing_number),
                cells=tuple(mine.get(n, absent) for n in range(1, round_count + 1)),
            )
        )
    for comment in comments:
        if not comment.startswith("###") or "\n" in comment or "\r" in comment:
            raise ValueError(f"not a ### comment line: {comment!r}")
        records.append(RawLine(comment))
    return TrfDocument(records=records, newline=newline)


def _trf_sex(value: str) -> str:
    """TRF-16 writes the sex ``m`` / ``w`` (fide.md, record 001 col 10); the web layer stores
    ``M`` / ``F`` (capitals). Any other value (an imported file's, even FIDE's own example's
    ``f``) is written as it is: the round trip stays exact."""
    return {"M": "m", "F": "w"}.get(value, value)


def _trf_birth_date(value: str) -> str:
    """TRF-16 writes the birth date ``YYYY/MM/DD`` (record 001 cols 70–79); the web layer
    stores ISO ``YYYY-MM-DD``. Any other value (a year alone, an imported file's) is written as
    it is."""
    text = value.strip()
    if len(text) == 10 and text[4] == "-" and text[7] == "-" and text.replace("-", "").isdigit():
        return text.replace("-", "/")
    return value


_MAX_POINTS = Fraction(999999, 100)


def _check_writable(
    t: Tournament,
    ranks: Mapping[PairingNumber, int] | None = None,
    forbidden: Sequence[tuple[int, ...]] = (),
) -> dict[PairingNumber, Points]:
    """The players' scores, once every number of ``t`` (and every given rank and forbidden
    group) is known to fit its TRF field; else :class:`ExportError` listing, one per line, each
    player, round, value or group that does not."""
    issues: list[str] = []
    numbers = {int(p.pairing_number) for p in t.players}
    for group in forbidden:
        shown = "-".join(str(n) for n in group)
        if len(group) < 2:
            issues.append(f"forbidden pair {shown}: two different players are needed")
        issues.extend(
            f"forbidden pair {shown}: player {n} is not in the tournament"
            for n in group
            if n not in numbers
        )
    for number, value in sorted((ranks or {}).items()):
        if not 1 <= value <= MAX_TRF_PLAYERS:
            issues.append(
                f"player {number}: rank {value} does not fit the 4-column rank field "
                f"(1–{MAX_TRF_PLAYERS})"
            )
    if t.planned_rounds > MAX_ROUNDS:
        issues.append(
            f"{t.planned_rounds} planned rounds do not fit: a TRF holds at most {MAX_ROUNDS}"
        )
    issues.extend(
        f"round {r.number} does not fit: a TRF holds at most {MAX_ROUNDS} rounds"
        for r in t.rounds
        if not 1 <= r.number <= MAX_ROUNDS
    )
    for fld in dataclass_fields(t.scoring):
        name, value = fld.name, getattr(t.scoring, fld.name)
        if not 0 <= value <= _MAX_POINTS:
            issues.append(f"scoring: {name} = {value} does not fit (0 to 9999.99 points)")
    for player in t.players:
        who = f"player {player.pairing_number} ({player.name})"
        if not 1 <= player.pairing_number <= MAX_TRF_PLAYERS:
            issues.append(
                f"{who}: pairing number does not fit the 4-column starting rank "
                f"(1–{MAX_TRF_PLAYERS})"
            )
        if player.rating is not None and not 0 <= player.rating <= 9999:
            issues.append(f"{who}: rating {player.rating} does not fit 4 columns")
    if issues:
        raise ExportError("\n".join(issues))
    scores = t.scores()
    for player in t.players:
        score = scores[player.pairing_number]
        if not 0 <= score <= _MAX_POINTS or len(format_trf_points(score)) > 4:
            issues.append(
                f"player {player.pairing_number} ({player.name}): {float(score):g} points do "
                "not fit the 4-column points field"
            )
    if issues:
        raise ExportError("\n".join(issues))
    return scores


def _scoring_record(scoring: ScoringSystem) -> Record:
    s = scoring
    if (
        s.win == s.forfeit_win == s.full_point_bye
        and s.draw == s.half_point_bye
        and s.zero_point_bye == s.forfeit_loss == s.absent
    ):
        return ScoringRecord(
            (
                ("W", s.win),
                ("D", s.draw),
                ("L", s.loss),
                ("A", s.zero_point_bye),
                ("P", s.pairing_allocated_bye),
            )
        )
    return XxsRecord(
        (
            ("WW", s.win),
            ("BW", s.win),
            ("WD", s.draw),
            ("BD", s.draw),
            ("WL", s.loss),
            ("BL", s.loss),
            ("ZPB", s.zero_point_bye),
            ("HPB", s.half_point_bye),
            ("FPB", s.full_point_bye),
            ("PAB", s.pairing_allocated_bye),
            ("FW", s.forfeit_win),
            ("FL", s.forfeit_loss),
        )
    )


__all__ = [
    "final_ranks",
    "from_tournament",
    "read_tournament",
    "scoring_of",
    "system_from_text",
    "to_tournament",
    "write_tournament",
]
