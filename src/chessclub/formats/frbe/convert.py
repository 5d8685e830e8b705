"""A results file document ↔ the core :class:`~chessclub.model.Tournament` (spec B3, B4), and
the shortcuts from bytes and back."""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Mapping, Sequence

from chessclub.formats.errors import ExportError, FrbeError
from chessclub.formats.frbe.checks import check_results_file
from chessclub.formats.frbe.header import (
    _tournament_name,
    header_arbiter,
    header_dates,
    header_time_control,
)
from chessclub.formats.frbe.layout import (
    _PASCAL_NULL_DATE,
    BLACK,
    DRAW,
    FICTITIOUS_NAT,
    LOSS,
    UNPLAYED,
    WHITE,
    WIN,
    FrbeLayout,
    _LayoutSpec,
    _valid_yymmdd,
)
from chessclub.formats.frbe.reader import read_results_file
from chessclub.formats.frbe.records import (
    ABSENT_CELL,
    CodeLine,
    FrbeResultsFile,
    PlayerRecord,
    RoundCell,
)
from chessclub.formats.frbe.writer import write_results_file
from chessclub.formats.limits import MAX_ROUNDS
from chessclub.model import (
    Bye,
    ByeKind,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentSystem,
)


def system_of_event_code(code: str, *, pairs_meet_twice: bool = False) -> TournamentSystem:
    """The pairing system an event code stands for: ``00`` Swiss; ``1x`` a closed group
    (round robin; double when some pair meets twice); anything else ``OTHER``."""
    if code == "00":
        return TournamentSystem.SWISS
    if code.startswith("1"):
        if pairs_meet_twice:
            return TournamentSystem.DOUBLE_ROUND_ROBIN
        return TournamentSystem.ROUND_ROBIN
    return TournamentSystem.OTHER


def event_code_of_system(system: TournamentSystem) -> str:
    """``11`` for a (single or double) round robin, ``00`` otherwise (spec B3)."""
    return "11" if system.is_round_robin else "00"


def _round_date(text: str, layout: FrbeLayout, code: CodeLine) -> datetime.date | None:
    if not _valid_yymmdd(text) or text == "000000":
        return None
    reference = code.start or code.end
    yy, month, day = int(text[:2]), int(text[2:4]), int(text[4:])
    if reference is None:
        candidates = [(2000 if yy < 70 else 1900) + yy]
    else:
        century = reference.year // 100 * 100
        candidates = [century - 100 + yy, century + yy, century + 100 + yy]
    dates: list[datetime.date] = []
    for year in candidates:
        try:
            dates.append(datetime.date(year, month, day))
        except ValueError:
            continue
    if not dates:
        return None
    anchor = reference or datetime.date(2000, 1, 1)
    date = min(dates, key=lambda d: abs((d - anchor).days))
    if layout is FrbeLayout.OLD_NAME20 and date == _PASCAL_NULL_DATE:
        start, end = code.start, code.end
        if not (start and end and start <= date <= end):
            return None
    return date


def to_tournament(doc: FrbeResultsFile) -> Tournament:
    """The tournament a results file describes (spec B3, B4).

    Games: ``B``/``N`` give White/Black; ``1``–``0`` and ``5``–``5`` are played games
    (``1-0``, ``½-½``, ``0-1``); ``1`` against ``-`` is a forfeit win of the ``1`` side
    (``+/-`` or ``-/+``); ``-`` on both sides a double forfeit (``-/-``). ``0 - -`` is a
    round without a game: ``ByeKind.ABSENT`` (the file carries no points for it). The file has
    no board numbers: games come in the order of their first player line. Players:
    ``name`` as written, ``matricule``/``club`` (``""`` when blank or 0), ``federation`` the
    Nat (``""`` when blank or ``***``), ``rating`` the Elo (``None`` when blank or 0),
    ``fictitious_rating`` when Nat is ``***`` (B4). Rounds carry their dates (``YYMMDD``,
    century from the code line's dates; the ``991230`` null date of the older layout is no
    date). The name is the ``Tournoi : …`` header line (else the first non-blank header line),
    ``chief_arbiter`` the ``Arbitre : …``, ``Envoye par : …`` or ``DT : …`` line
    (:func:`header_arbiter`), ``time_control`` the ``Tempo : …`` line or a ``Timing: …`` part
    of a line (:func:`header_time_control`); the start and end dates the code line's, else
    those of an older title line ``… - du JJ/MM/AAAA au JJ/MM/AAAA`` (:func:`header_dates`).
    Raises :class:`FrbeError` if the document is inconsistent (see
    :func:`check_results_file`).
    """
    problems = check_results_file(doc)
    if problems:
        raise FrbeError(problems)
    players = tuple(
        Player(
            pairing_number=PairingNumber(record.number),
            name=record.name,
            rating=record.elo or None,
            federation="" if record.nat == FICTITIOUS_NAT else record.nat,
            matricule=_nonzero(record.matricule),
            club=_nonzero(record.club),
            fictitious_rating=record.nat == FICTITIOUS_NAT,
        )
        for record in doc.players
    )
    meetings: dict[frozenset[int], int] = {}
    rounds: list[Round] = []
    for index in range(doc.code.rounds):
        games: list[Game] = []
        byes: list[Bye] = []
        cells = {record.number: record.rounds[index] for record in doc.players}
        done: set[int] = set()
        for record in doc.players:  # games in the order of their first player line
            cell = cells[record.number]
            if cell.opponent == 0:
                byes.append(Bye(PairingNumber(record.number), ByeKind.ABSENT))
                continue
            if record.number in done:
                continue
            done.update((record.number, cell.opponent))
            theirs = cells[cell.opponent]
            if cell.colour == WHITE:
                white, black = record.number, cell.opponent
                result = _game_result(cell.result, theirs.result)
            else:
                white, black = cell.opponent, record.number
                result = _game_result(theirs.result, cell.result)
            games.append(Game(PairingNumber(white), PairingNumber(black), result))
            pair = frozenset({white, black})
            meetings[pair] = meetings.get(pair, 0) + 1
        rounds.append(
            Round(
                number=RoundNumber(index + 1),
                games=tuple(games),
                byes=tuple(byes),
                date=_round_date(doc.round_dates[index], doc.layout, doc.code),
            )
        )
    name = _tournament_name(doc.header_lines)
    title_start, title_end = header_dates(doc.header_lines)
    return Tournament(
        name=name,
        players=players,
        rounds=tuple(rounds),
        planned_rounds=doc.code.rounds,
        system=system_of_event_code(
            doc.code.event_code, pairs_meet_twice=any(n > 1 for n in meetings.values())
        ),
        start_date=doc.code.start or title_start,
        end_date=doc.code.end or title_end,
        chief_arbiter=header_arbiter(doc.header_lines),
        time_control=header_time_control(doc.header_lines),
    )


def _nonzero(text: str) -> str:
    return "" if text.strip("0") == "" else text


def _game_result(white: str, black: str) -> GameResult:
    return {
        (WIN, LOSS): GameResult.WHITE_WINS,
        (DRAW, DRAW): GameResult.DRAW,
        (LOSS, WIN): GameResult.BLACK_WINS,
        (WIN, UNPLAYED): GameResult.WHITE_WINS_BY_FORFEIT,
        (UNPLAYED, WIN): GameResult.BLACK_WINS_BY_FORFEIT,
        (UNPLAYED, UNPLAYED): GameResult.DOUBLE_FORFEIT,
    }[(white, black)]


_CELL_RESULTS: Mapping[GameResult, tuple[str, str]] = {
    GameResult.WHITE_WINS: (WIN, LOSS),
    GameResult.DRAW: (DRAW, DRAW),
    GameResult.BLACK_WINS: (LOSS, WIN),
    GameResult.WHITE_WINS_BY_FORFEIT: (WIN, UNPLAYED),
    GameResult.BLACK_WINS_BY_FORFEIT: (UNPLAYED, WIN),
    GameResult.DOUBLE_FORFEIT: (UNPLAYED, UNPLAYED),
}


def from_tournament(
    tournament: Tournament,
    *,
    layout: FrbeLayout = FrbeLayout.CURRENT,
    template: FrbeResultsFile | None = None,
) -> FrbeResultsFile:
    """A results file for ``tournament`` in ``layout`` (spec B3; the inverse of
    :func:`to_tournament`).

    One player line per player in pairing-number order (the N° is the pairing number). Each
    game gives ``B``/``N`` and ``1``/``0``/``5``, forfeits ``1``/``-`` and double forfeits
    ``-``/``-`` (B3: forfeits are not transmitted as games); every bye, absence or round not
    played is ``0 - -``, so bye kinds other than ``ABSENT`` are not kept. Nat is ``***`` for a
    fictitious rating (B4), an unknown rating is Elo 0, an empty matricule or club 0. Names
    are cut to the layout's width (25 characters in the current layout) and characters the
    encoding cannot hold lose their accents (or become ``?``).

    ``template`` (usually the document the tournament was read from) gives the header and
    footer lines, the final newline and, when the event code still means the tournament's
    system, the event code; when it has the same layout it also gives the encoding, line
    ending, code-line lead and column labels. Without a template the header is generated
    (``Tournoi :``, participants and rounds, ``Envoye par :``, ``Date fin de tournoi :``,
    ``Tempo :``) and the layout's defaults apply (current: Latin-1, CR LF, NUL lead,
    ``+W=D-L`` counts). Raises ``ValueError`` for a game without a result and
    :class:`~chessclub.formats.errors.ExportError` naming the rounds or players that do not fit
    the layout: more than 99 rounds (planned or held), more players or a pairing number beyond
    the N° columns (999; 99 in ``OLD_NAME20``) — checked before anything is built.
    """
    spec = layout.spec
    same = template is not None and template.layout is layout
    encoding = template.encoding if template is not None and same else spec.encoding
    n_rounds = _writable_rounds(tournament, spec)
    by_round = {rnd.number: rnd for rnd in tournament.rounds}
    cells: dict[tuple[int, int], RoundCell] = {}
    for rnd in tournament.rounds:
        for game in rnd.games:
            if game.result not in _CELL_RESULTS:
                raise ValueError(
                    f"round {rnd.number}: game {game.white}–{game.black} has no result"
                )
            white, black = _CELL_RESULTS[game.result]
            cells[(game.white, rnd.number)] = RoundCell(game.black, WHITE, white)
            cells[(game.black, rnd.number)] = RoundCell(game.white, BLACK, black)
    records: list[PlayerRecord] = []
    for player in sorted(tournament.players, key=lambda p: p.pairing_number):
        records.append(
            PlayerRecord(
                number=player.pairing_number,
                name=_fit(player.name, encoding)[: spec.name_width].rstrip(),
                matricule=player.matricule or "0",
                club=player.club or "0",
                nat=FICTITIOUS_NAT if player.fictitious_rating else player.federation[:3],
                elo=player.rating if player.rating is not None else 0,
                rounds=tuple(
                    cells.get((player.pairing_number, number), ABSENT_CELL)
                    for number in range(1, n_rounds + 1)
                ),
            )
        )
    round_dates: list[str] = []
    for number in range(1, n_rounds + 1):
        found = by_round.get(RoundNumber(number))
        date = found.date if found is not None else None
        round_dates.append(date.strftime("%y%m%d") if date else spec.null_date)
    known = [r.date for r in tournament.rounds if r.date is not None]
    start = tournament.start_date or (min(known) if known else None)
    end = tournament.end_date or (max(known) if known else None)
    event_code = event_code_of_system(tournament.system)
    if template is not None and system_of_event_code(template.code.event_code).is_round_robin == (
        tournament.system.is_round_robin
    ):
        event_code = template.code.event_code
    trailer = _counts(records) if spec.count_trailer else ""
    code = CodeLine(
        event_code=event_code,
        players=len(records),
        rounds=n_rounds,
        start_date=start.strftime("%Y%m%d") if start else "00000000",
        end_date=end.strftime("%Y%m%d") if end else "00000000",
        trailer=trailer,
        lead=template.code.lead if template is not None and same else spec.code_lead,
    )
    if template is not None:
        header_lines = template.header_lines
        footer_lines = template.footer_lines
        if template.encoding != encoding:
            header_lines = tuple(_fit(line, encoding) for line in header_lines)
            footer_lines = tuple(_fit(line, encoding) for line in footer_lines)
        final_newline = template.final_newline
    else:
        header_lines = _default_header(tournament, len(records), n_rounds, end, encoding)
        footer_lines = ()
        final_newline = True
    return FrbeResultsFile(
        layout=layout,
        header_lines=header_lines,
        code=code,
        column_labels=template.column_labels if template is not None and same else spec.labels,
        round_dates=tuple(round_dates),
        players=tuple(records),
        footer_lines=footer_lines,
        encoding=encoding,
        line_ending=template.line_ending if template is not None and same else spec.line_ending,
        final_newline=final_newline,
    )


def _writable_rounds(tournament: Tournament, spec: _LayoutSpec) -> int:
    """The number of rounds to write, once rounds and players are known to fit ``spec``;
    else :class:`ExportError` naming each round or player that does not."""
    issues: list[str] = []
    if not 0 <= tournament.planned_rounds <= MAX_ROUNDS:
        issues.append(
            f"{tournament.planned_rounds} planned rounds do not fit: a Belgian results file "
            f"holds at most {MAX_ROUNDS} rounds"
        )
    issues.extend(
        f"round {rnd.number} does not fit: a Belgian results file holds at most {MAX_ROUNDS} rounds"
        for rnd in tournament.rounds
        if not 1 <= rnd.number <= MAX_ROUNDS
    )
    most = 10**spec.players_width - 1
    if len(tournament.players) > most:
        issues.append(
            f"{len(tournament.players)} players do not fit: this layout holds at most {most}"
        )
    issues.extend(
        f"player {player.pairing_number} ({player.name}): N° does not fit (1–{most})"
        for player in tournament.players
        if not 1 <= player.pairing_number <= most
    )
    if issues:
        raise ExportError("\n".join(issues))
    return max([tournament.planned_rounds, *(r.number for r in tournament.rounds)])


def _counts(records: Sequence[PlayerRecord]) -> str:
    """``+W=D-L``: wins, draws and losses over the player lines, games played only (the
    federation's writer counts each decisive game once as a win and once as a loss, each draw
    twice)."""
    by_number = {record.number: record for record in records}
    tally = {WIN: 0, DRAW: 0, LOSS: 0}
    for record in records:
        for index, cell in enumerate(record.rounds):
            if cell.opponent == 0 or cell.result == UNPLAYED:
                continue
            theirs = by_number[cell.opponent].rounds[index]
            if theirs.result != UNPLAYED:
                tally[cell.result] += 1
    return f"+{tally[WIN]}={tally[DRAW]}-{tally[LOSS]}"


def _default_header(
    tournament: Tournament,
    players: int,
    rounds: int,
    end: datetime.date | None,
    encoding: str,
) -> tuple[str, ...]:
    lines = (
        f"Tournoi : {tournament.name}",
        f"Nombre de participants : {players} ; {rounds} rondes",
        f"Envoye par : {tournament.chief_arbiter}",
        f"Date fin de tournoi : {end.strftime('%d-%m-%Y') if end else ''}",
        f"Tempo : {tournament.time_control}",
    )
    return tuple(_fit(line, encoding).rstrip() for line in lines)


def _fit(text: str, encoding: str) -> str:
    """``text`` made writable in ``encoding``: control characters become spaces, other
    characters the encoding lacks lose their accents (``ő`` → ``o``, ``Ł`` → ``L``) or become
    ``?``."""
    out: list[str] = []
    for char in text:
        if unicodedata.category(char) == "Cc":
            out.append(" ")
            continue
        for candidate in (char, _strip_accents(char), "?"):
            try:
                candidate.encode(encoding)
            except UnicodeEncodeError:
                continue
            out.append(candidate)
            break
    return "".join(out)


# Letters that Unicode does not decompose into a base letter and an accent.
_PLAIN_LETTERS = str.maketrans(
    {
        "Ł": "L",
        "ł": "l",
        "Ø": "O",
        "ø": "o",
        "Đ": "D",
        "đ": "d",
        "Ħ": "H",
        "ħ": "h",
        "Œ": "OE",
        "œ": "oe",
        "ı": "i",
        "Ŧ": "T",
        "ŧ": "t",
    }
)


def _strip_accents(char: str) -> str:
    char = char.translate(_PLAIN_LETTERS)
    decomposed = unicodedata.normalize("NFKD", char)
    base = "".join(c for c in decomposed if not unicodedata.combining(c))
    return base or "?"


def read_tournament(data: bytes, *, source: str = "") -> Tournament:
    """Read a results file's bytes into a :class:`Tournament` (spec B3): :func:`to_tournament`
    of :func:`read_results_file`. Raises :class:`FrbeError` listing every problem."""
    return to_tournament(read_results_file(data, source=source))


def write_tournament(tournament: Tournament, *, layout: FrbeLayout = FrbeLayout.CURRENT) -> bytes:
    """The results file of ``tournament`` (spec B3), by default in the federation's current
    layout (Latin-1, CR LF, NUL-led code line with ``+W=D-L`` counts). Raises ``ValueError``
    for a game without a result and :class:`~chessclub.formats.errors.ExportError` (a
    ``ValueError`` too, not a :class:`FrbeError`: no input file is at fault) for a tournament
    whose fields do not fit the layout (more than 99 rounds, a matricule of more than 5
    digits…)."""
    return write_results_file(from_tournament(tournament, layout=layout))
