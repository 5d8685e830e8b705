"""TRF-2026 team files ↔ :class:`~chessclub.model.teams.TeamTournament`.

Reading builds on :func:`~chessclub.formats.trf.read_trf` (the team records are kept there as
:class:`~chessclub.formats.trf.RawLine`): ``310`` (or the older ``013``) team rosters,
``352`` board colour sequence (its length is the number of boards), ``362`` match-point
scoring, ``320`` pairing-allocated byes (with their MP and GP), ``240`` team byes, ``330``
forfeited matches, ``300`` out-of-order line-ups. Matches come from the ``001`` player
records: a team's players paired in a round meet the players of one other team; boards follow
the ``300`` line-up when given, else roster order. ``801``/``802`` (informative) are ignored.
A team record that cannot be read (a number field that is not a number, points that are not
TRF points, an unknown forfeit type, a board colour not ``W``/``B``, a team number given twice)
or that contradicts the player records is refused with a :class:`TeamTrfError` naming its line
and column.

:func:`write_team_trf` writes the same records (one line-up per roster, in roster order), for
exchanging files and for checking against FIDE's reference implementation.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from chessclub.formats.errors import Problem, ProblemLog, TrfError
from chessclub.formats.limits import show
from chessclub.formats.trf.codec import read_trf
from chessclub.formats.trf.records import (
    ByesRecord,
    PlayerRecord,
    RawLine,
    ResultCode,
    RoundCell,
    RoundsRecord,
    TrfDocument,
    cell_column,
    parse_trf_points,
    points_problem,
)
from chessclub.i18n import gettext_noop
from chessclub.model import ByeKind, Colour, GameResult, PairingNumber, Player
from chessclub.model.points import ZERO, Points
from chessclub.model.teams import (
    BoardGame,
    MatchForfeit,
    MatchPointSystem,
    Team,
    TeamBye,
    TeamMatch,
    TeamScore,
    TeamTournament,
    match_played_over_the_board,
)
from chessclub.model.tournament import TournamentError


class TeamTrfError(TrfError):
    """Team records that cannot be read or contradict the player records: a
    :class:`~chessclub.formats.errors.TrfError` whose ``problems`` name each line and column
    (at most :data:`~chessclub.formats.errors.MAX_PROBLEMS`, ``omitted`` counts the rest)."""


# The team records' own problems are in English (the import page quotes them inside its own
# translated sentence); their fields' problems use the player records' templates.
_ERROR = gettext_noop("%(error)s")
_CANNOT_READ = gettext_noop("cannot read %(text)s")
_RANK_NOT_A_NUMBER = gettext_noop("starting rank %(value)s is not a number")
_ROUND_NOT_A_NUMBER = gettext_noop("round %(value)s is not a number")


class _Reader:
    """The team records of a document, read field by field into ``problems``."""

    def __init__(self, doc: TrfDocument, problems: ProblemLog) -> None:
        self.doc = doc
        self.problems = problems

    def raw(self, tag: str) -> list[tuple[int, str]]:
        """``(line, text)`` of every raw record ``tag``."""
        return [
            (index + 1, r.text)
            for index, r in enumerate(self.doc.records)
            if isinstance(r, RawLine) and r.tag == tag
        ]

    def error(self, line: int, column: int, text: str) -> None:
        self.problems.append(Problem(line, column, _ERROR, {"error": text}))

    def number(
        self, line: int, text: str, first: int, last: int, template: str = _CANNOT_READ
    ) -> int | None:
        """The whole number in columns ``first``–``last`` (1-based) of ``text``: 0 when blank,
        ``None`` (and a problem) when it is not ASCII digits."""
        value = text[first - 1 : last].strip(" ")
        if not value:
            return 0
        if value.isascii() and value.isdigit():
            return int(value)
        key = "text" if template == _CANNOT_READ else "value"
        self.problems.append(
            Problem(line, first + _lead(text[first - 1 : last]), template, {key: show(value)})
        )
        return None

    def numbers(
        self, line: int, text: str, first: int, step: int, width: int, template: str
    ) -> list[int]:
        """The numbers of ``width`` columns every ``step`` columns from column ``first`` to the
        end of ``text`` (a bad one reads as 0, with a problem)."""
        found = []
        for start in range(first, len(text) - width + 2, step):  # whole fields only
            value = self.number(line, text, start, start + width - 1, template)
            found.append(value or 0)
        return found

    def points(
        self, line: int, text: str, first: int, last: int, symbol: str = ""
    ) -> Points | None:
        """TRF points in columns ``first``–``last``: ``None`` when blank or unreadable (then
        with a problem)."""
        field = text[first - 1 : last]
        try:
            return parse_trf_points(field)
        except ValueError:
            self.problems.append(
                Problem(line, first + _lead(field), points_problem(field.strip(), symbol))
            )
            return None


def _lead(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _teams(reader: _Reader, players: dict[int, Player]) -> list[tuple[int, Team]]:
    """The teams with the line of their record: ``310`` rosters (team number cols 5–7, name
    9–40, short name 42–46, players from cols 74–77 every 5 columns), else the older ``013``
    (name 5–36, players from cols 37–40 every 5 columns, numbered in file order)."""
    teams: list[tuple[int, Team]] = []
    lines = reader.raw("310")
    if lines:
        for lineno, line in lines:
            number = reader.number(lineno, line, 5, 7)
            ids = reader.numbers(lineno, line, 74, 5, 4, _RANK_NOT_A_NUMBER)
            if number == 0:
                reader.error(lineno, 5, "team number missing (columns 5–7)")
            if not number:
                continue
            roster = tuple(players.get(p, PairingNumber(p)) for p in ids if p)
            teams.append((lineno, Team(number, line[8:40].strip(), roster, line[41:46].strip())))
        return teams
    for number, (lineno, line) in enumerate(reader.raw("013"), start=1):
        ids = reader.numbers(lineno, line, 37, 5, 4, _RANK_NOT_A_NUMBER)
        roster = tuple(players.get(p, PairingNumber(p)) for p in ids if p)
        teams.append((lineno, Team(number, line[4:36].strip(), roster)))
    return teams


#: Records that make a TRF a team file: team rosters (TRF-2026 ``310``, TRF-16 ``013``).
TEAM_ROSTER_TAGS = frozenset({"310", "013"})


def has_team_records(doc: TrfDocument) -> bool:
    """Whether the document holds team rosters (``310`` or ``013``): a team event, to be read
    with :func:`to_team_tournament` (the individual reader keeps the records but sees only
    the players)."""
    return any(isinstance(r, RawLine) and r.tag in TEAM_ROSTER_TAGS for r in doc.records)


def _match_points(reader: _Reader) -> tuple[MatchPointSystem, list[tuple[int, TeamBye]]]:
    """``362`` (a letter and 4 columns of points every 9 columns from column 6: ``TW 2.0``)
    and ``320`` (PAB match points cols 5–8, game points 10–13, then the team of each round
    in 3 columns every 4 from cols 15–17) with the line of each bye."""
    values: dict[str, Points] = {}
    for lineno, line in reader.raw("362"):
        for pos in range(5, len(line) - 1, 9):
            symbol = line[pos].upper()
            points = reader.points(lineno, line, pos + 2, pos + 5, "T" + symbol)
            if points is not None:
                values[symbol] = points
    pab_mp: Points | None = None
    pab_gp: Points | None = None
    byes: list[tuple[int, TeamBye]] = []
    for lineno, line in reader.raw("320"):
        pab_mp, pab_gp = reader.points(lineno, line, 5, 8), reader.points(lineno, line, 10, 13)
        teams = reader.numbers(lineno, line, 15, 4, 3, _CANNOT_READ)
        for rnd, team in enumerate(teams, start=1):
            if team:
                byes.append((lineno, TeamBye(rnd, team, ByeKind.PAIRING_ALLOCATED)))
    system = MatchPointSystem(
        win=values.get("W", Fraction(2)),
        draw=values.get("D", Fraction(1)),
        loss=values.get("L", ZERO),
        pairing_allocated_bye=pab_mp,
        pab_game_points=pab_gp,
    )
    return system, byes


_FORFEITS = {
    "+-": MatchForfeit.HOME_WINS,
    "10": MatchForfeit.HOME_WINS,
    "WL": MatchForfeit.HOME_WINS,
    "WZ": MatchForfeit.HOME_WINS,
    "-+": MatchForfeit.AWAY_WINS,
    "01": MatchForfeit.AWAY_WINS,
    "LW": MatchForfeit.AWAY_WINS,
    "ZW": MatchForfeit.AWAY_WINS,
    "--": MatchForfeit.DOUBLE,
    "00": MatchForfeit.DOUBLE,
    "LL": MatchForfeit.DOUBLE,
    "ZZ": MatchForfeit.DOUBLE,
}
_BYES = {"F": ByeKind.FULL_POINT, "H": ByeKind.HALF_POINT, "Z": ByeKind.ZERO_POINT}


def _game_result(cell: RoundCell, other: RoundCell | None, colour: Colour) -> GameResult:
    code = cell.result
    white = colour is Colour.WHITE
    if code in (ResultCode.WIN, ResultCode.UNRATED_WIN):
        return GameResult.WHITE_WINS if white else GameResult.BLACK_WINS
    if code in (ResultCode.LOSS, ResultCode.UNRATED_LOSS):
        return GameResult.BLACK_WINS if white else GameResult.WHITE_WINS
    if code in (ResultCode.DRAW, ResultCode.UNRATED_DRAW):
        return GameResult.DRAW
    if code is ResultCode.FORFEIT_WIN:
        return GameResult.WHITE_WINS_BY_FORFEIT if white else GameResult.BLACK_WINS_BY_FORFEIT
    if code is ResultCode.FORFEIT_LOSS:
        if other is not None and other.result is ResultCode.FORFEIT_LOSS:
            return GameResult.DOUBLE_FORFEIT
        return GameResult.BLACK_WINS_BY_FORFEIT if white else GameResult.WHITE_WINS_BY_FORFEIT
    return GameResult.NONE


def _sequence(reader: _Reader) -> tuple[str, int]:
    """The ``352`` board colour sequence (``WBWB``; ``WB`` without the record) and the number
    of boards it gives (its length on the first ``352``; 0 without one)."""
    lines = reader.raw("352")
    letters = []
    for lineno, line in lines:
        for index, letter in enumerate(line[4:], start=5):
            if letter.upper() in ("W", "B"):
                letters.append(letter.upper())
            elif letter != " ":
                reader.error(lineno, index, f"board colour {show(letter)} is not W or B")
    boards = len(lines[0][1][4:].strip()) if lines else 0
    return "".join(letters) or "WB", boards


def to_team_tournament(doc: TrfDocument, *, source: str = "") -> TeamTournament:
    """The team tournament a TRF-2026 team document describes. Raises :class:`TeamTrfError`
    (``source`` names the file) listing every team record that cannot be read, with its line
    and column, or the first contradiction between the team records and the player records
    (a team whose players meet several teams or their own…)."""
    problems = ProblemLog()
    reader = _Reader(doc, problems)
    records: dict[int, PlayerRecord] = {p.starting_rank: p for p in doc.players()}
    line_of = {
        r.starting_rank: index + 1
        for index, r in enumerate(doc.records)
        if isinstance(r, PlayerRecord)
    }
    players = {
        n: Player(PairingNumber(n), r.name, r.rating or None, r.title, r.sex, r.federation)
        for n, r in records.items()
    }
    numbered = _teams(reader, players)
    seen_teams: dict[int, int] = {}
    for lineno, entry in numbered:
        if entry.number in seen_teams:
            reader.error(
                lineno,
                5,
                f"team number {entry.number} already used on line {seen_teams[entry.number]}",
            )
        else:
            seen_teams[entry.number] = lineno
    teams = [entry for _, entry in numbered]
    if not teams and not problems:
        reader.error(0, 0, "no team record (310 or 013)")
    team_of = {int(p): t.number for t in teams for p in t.pairing_numbers}
    roster_index = {int(p): i for t in teams for i, p in enumerate(t.pairing_numbers)}
    sequence, boards = _sequence(reader)
    match_points, pabs = _match_points(reader)
    by_slot: dict[tuple[int, int], TeamBye] = {}
    for record in doc.records:
        if isinstance(record, ByesRecord) and record.kind.upper() in _BYES:
            for team in record.players:
                by_slot[(record.round, team)] = TeamBye(
                    record.round, team, _BYES[record.kind.upper()]
                )
    for _, pab in pabs:  # a 320 PAB wins over a 240 bye given for the same team and round
        by_slot[(pab.round, pab.team)] = pab
    byes = list(by_slot.values())
    forfeited: dict[tuple[int, frozenset[int]], TeamMatch] = {}
    for lineno, line in reader.raw("330"):
        rnd = reader.number(lineno, line, 8, 10, _ROUND_NOT_A_NUMBER)
        white, black = reader.number(lineno, line, 12, 14), reader.number(lineno, line, 16, 18)
        kind = _FORFEITS.get(line[4:6].upper())
        if kind is None:
            reader.error(lineno, 5, f"unknown forfeit type {show(line[4:6])}")
        elif rnd is not None and white is not None and black is not None:
            forfeited[(rnd, frozenset((white, black)))] = TeamMatch(rnd, white, black, forfeit=kind)
    lineups: dict[tuple[int, int], list[int]] = {}
    for lineno, line in reader.raw("300"):
        lineup_round = reader.number(lineno, line, 5, 7, _ROUND_NOT_A_NUMBER)
        lineup_team = reader.number(lineno, line, 9, 11)
        ids = reader.numbers(lineno, line, 17, 5, 4, _RANK_NOT_A_NUMBER)
        if lineup_round is not None and lineup_team is not None:
            lineups[(lineup_round, lineup_team)] = ids
    if problems:
        raise TeamTrfError(problems, source=source)
    rounds = max((len(r.cells) for r in records.values()), default=0)
    # each team's line-up per round: the players paired in that round (board order)
    matches: list[TeamMatch] = list(forfeited.values())
    for rnd in range(1, rounds + 1):
        paired: dict[int, list[int]] = {}
        present: dict[int, list[int]] = {}
        for number, record in records.items():
            cell = record.cell(rnd)
            if cell is None or number not in team_of:
                continue
            if cell.opponent:
                paired.setdefault(team_of[number], []).append(number)
                present.setdefault(team_of[number], []).append(number)
            elif cell.result is ResultCode.FORFEIT_WIN:  # the other team left the board empty
                present.setdefault(team_of[number], []).append(number)
        done: set[int] = set()
        for team, members in sorted(paired.items()):
            if team in done:
                continue
            first = records[members[0]].cell(rnd)
            assert first is not None and first.opponent is not None
            opponent = team_of.get(first.opponent)
            if opponent is None or opponent == team:
                reader.error(
                    line_of[members[0]],
                    cell_column(rnd),
                    f"round {rnd}: team {team}'s opponent cannot be found (player "
                    f"{first.opponent} is in "
                    + ("no team" if opponent is None else "the same team")
                    + ")",
                )
                done.add(team)
                continue
            done |= {team, opponent}
            if (rnd, frozenset((team, opponent))) in forfeited:
                continue
            orders = [
                lineups.get((rnd, side))
                or sorted(present.get(side, []), key=roster_index.__getitem__)
                for side in (team, opponent)
            ]
            games: list[BoardGame] = []
            width = max(len(o) for o in orders)
            # Whether ``team`` is the home team (the team the 352 sequence gives its colours
            # to): read from the first board whose colour the file gives; a board without
            # one (an empty seat: ``0000 - +``) then takes the sequence's colour for the home
            # team, not for whichever team comes first here.
            team_is_home = True
            for board in range(1, width + 1):
                slots = [o[board - 1] if board <= len(o) else 0 for o in orders]
                side = 0 if slots[0] else 1
                known = records[slots[side]].cell(rnd) if slots[side] in records else None
                if known is not None and known.colour is not None:
                    mine = known.colour if side == 0 else known.colour.opposite
                    letter = sequence[(board - 1) % len(sequence)]
                    team_is_home = ("W" if mine is Colour.WHITE else "B") == letter
                    break
            home = team if team_is_home else opponent
            for board in range(1, width + 1):
                slots = [o[board - 1] if board <= len(o) else 0 for o in orders]
                side = 0 if slots[0] else 1
                player = slots[side]
                cell = records[player].cell(rnd) if player in records else None
                if cell is None:
                    continue
                other = records[cell.opponent].cell(rnd) if cell.opponent in records else None
                colour = cell.colour
                if colour is None:
                    letter = sequence[(board - 1) % len(sequence)]
                    colour = Colour.WHITE if letter == "W" else Colour.BLACK  # the home team's
                    if not team_is_home:
                        colour = colour.opposite  # now ``team``'s
                    if side == 1:
                        colour = colour.opposite  # the present player's
                mine = colour if side == 0 else colour.opposite  # colour of ``team`` here
                result = _game_result(cell, other, colour)
                rival = PairingNumber(cell.opponent) if cell.opponent else None
                pair = (
                    (PairingNumber(player), rival) if side == 0 else (rival, PairingNumber(player))
                )
                games.append(BoardGame(board, result, pair[0], pair[1], mine))
            if home != team:
                games = [
                    BoardGame(
                        g.board, g.result, g.away_player, g.home_player, g.home_colour.opposite
                    )
                    for g in games
                ]
            boards = max(boards, len(games))
            matches.append(TeamMatch(rnd, home, opponent if home == team else team, tuple(games)))
    if problems:
        raise TeamTrfError(problems, source=source)
    planned = next((r.rounds for r in doc.records if isinstance(r, RoundsRecord)), rounds)
    start = doc.text_value("042")
    try:
        return TeamTournament(
            name=doc.text_value("012") or "",
            teams=tuple(teams),
            boards=boards or 1,
            matches=tuple(matches),
            byes=tuple(byes),
            planned_rounds=planned,
            match_points=match_points,
            primary=TeamScore.GP if "_GP_MP" in (doc.text_value("192") or "") else TeamScore.MP,
            start_date=_date(start),
            players=tuple(players.values()),
        )
    except TournamentError as exc:  # the model's (English) text, as a param: it may hold braces
        raise TeamTrfError([Problem(0, 0, _ERROR, {"error": str(exc)})], source=source) from exc


def _date(text: str | None) -> datetime.date | None:
    if not text:
        return None
    for fmt in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y"):
        try:
            return datetime.datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None


def read_team_trf(data: bytes, *, source: str = "") -> TeamTournament:
    """Read a TRF-2026 team file (bytes) into a :class:`TeamTournament`: the individual
    reading's :class:`~chessclub.formats.errors.TrfError` for a malformed file, a
    :class:`TeamTrfError` (a ``TrfError`` too) for its team records."""
    return to_team_tournament(read_trf(data, source=source), source=source)


# -- writing ------------------------------------------------------------------------------------


def _pts(value: Points, width: int) -> str:
    return f"{float(value):.1f}".rjust(width)


def _outcome_code(result: GameResult, colour: Colour) -> str:
    outcome = result.outcome(colour)
    return {
        None: " ",
        "win": "1",
        "draw": "=",
        "loss": "0",
        "forfeit_win": "+",
        "forfeit_loss": "-",
    }[None if outcome is None else outcome.value]


def _unplayed_match_outcome(match: TeamMatch, t: TeamTournament) -> str:
    """How a match without any board over the board reads for the pairing engine: ``+-``,
    ``-+``, ``--`` (record 330), or ``H`` (drawn: a half-point bye for both teams)."""
    if match.forfeit is not None:
        return match.forfeit.value
    home = away = ZERO
    for game in match.boards:
        points = game.points(t.game_scoring)
        if points is not None:
            home += points[0]
            away += points[1]
    if home > away:
        return "+-"
    if away > home:
        return "-+"
    return "H" if home > 0 else "--"


def write_team_trf(
    tournament: TeamTournament,
    *,
    start_date: str | None = None,
    pairing_system: str | None = None,
    rounds: int | None = None,
    for_pairing: bool = False,
    initial_colour: str | None = None,
) -> str:
    """A TRF-2026 team file for ``tournament`` (one match per pair of teams and round; a
    line-up that is not the roster's order, or leaves a board empty, as record 300).
    ``start_date`` overrides record 042 (``YYYY-MM-DD``);
    ``pairing_system`` is record 192 (default ``FIDE_TEAM_MP_GP`` / ``FIDE_TEAM_GP_MP``);
    ``rounds`` limits the round columns written (record 142 keeps the planned rounds);
    ``initial_colour`` (``"W"``/``"B"``) is record 152, the colour drawn by lot before round 1
    (without it the pairing engine draws a new lot at every run).

    ``for_pairing=True`` writes the pairing engine's input: a match in which no board was
    played over the board (a whole-match forfeit, a cross-forfeit) does not count as met nor
    give colours (FIDE C.04.6, C.04.1), so it is written as a forfeited match (record 330,
    players' cells ``0000 - +`` / ``0000 - -``) when one team won it, or as a half-point bye
    of both teams (record 240, blank player cells) when it was drawn.
    """
    t = tournament
    planned = t.planned_rounds
    rounds = planned if rounds is None else rounds
    seq = t.colour_sequence[: t.boards] if t.colour_sequence else ""
    if len(seq) < t.boards:
        seq = "".join("W" if b % 2 else "B" for b in range(1, t.boards + 1))
    scoring = t.game_scoring
    cells: dict[int, dict[int, str]] = {}
    forfeited: list[tuple[str, TeamMatch]] = []
    extra_byes: list[TeamBye] = []
    out_of_order: list[str] = []
    blank = " " * 8
    for match in t.matches:
        if match.round > rounds:
            continue
        home, away = t.team(match.home), t.team(match.away)
        if for_pairing and not match_played_over_the_board(match):
            code = _unplayed_match_outcome(match, t)
            if code == "H":
                extra_byes += [
                    TeamBye(match.round, match.home, ByeKind.HALF_POINT),
                    TeamBye(match.round, match.away, ByeKind.HALF_POINT),
                ]
                for team in (home, away):
                    for p in team.pairing_numbers:
                        cells.setdefault(int(p), {})[match.round] = blank
                continue
            forfeited.append((code, match))
            for team, letter in ((home, code[0]), (away, code[1])):
                for p in team.pairing_numbers:
                    cells.setdefault(int(p), {})[match.round] = f"0000 - {letter}"
            continue
        if match.forfeit is not None:
            codes = {
                MatchForfeit.HOME_WINS: ("+", "-"),
                MatchForfeit.AWAY_WINS: ("-", "+"),
                MatchForfeit.DOUBLE: ("-", "-"),
            }[match.forfeit]
            forfeited.append((match.forfeit.value, match))
            for team, code in ((home, codes[0]), (away, codes[1])):
                for p in team.pairing_numbers:
                    cells.setdefault(int(p), {})[match.round] = f"0000 - {code}"
            continue
        for team, side in ((home, 0), (away, 1)):
            by_board = {
                g.board: (g.home_player if side == 0 else g.away_player) for g in match.boards
            }
            ids = [int(by_board.get(b) or 0) for b in range(1, t.boards + 1)]
            index = {int(p): i for i, p in enumerate(team.pairing_numbers)}
            present = [p for p in ids if p]
            if ids[: len(present)] != sorted(present, key=lambda p: index.get(p, 0)):
                out_of_order.append(
                    f"300 {match.round:>3} {team.number:>3} "
                    f"{(away if side == 0 else home).number:>3}" + "".join(f" {p:>4}" for p in ids)
                )
        for game in match.boards:
            sides = (
                (game.home_player, game.away_player, game.home_colour),
                (game.away_player, game.home_player, game.home_colour.opposite),
            )
            for me, other, colour in sides:
                if me is None:
                    continue
                code = _outcome_code(game.result, colour)
                if other is None:
                    cells.setdefault(int(me), {})[match.round] = f"0000 - {code}"
                else:
                    cells.setdefault(int(me), {})[match.round] = (
                        f"{int(other):>4} {colour.value} {code}"
                    )
    player_points: dict[int, Points] = {}
    for number, by_round in cells.items():
        total = ZERO
        for text in by_round.values():
            total += {"1": scoring.win, "=": scoring.draw, "+": scoring.forfeit_win}.get(
                text[-1], ZERO
            )
        player_points[number] = total
    system = pairing_system or (
        "FIDE_TEAM_MP_GP" if t.primary is TeamScore.MP else "FIDE_TEAM_GP_MP"
    )
    lines = [
        f"012 {t.name}",
        f"042 {start_date or (t.start_date.isoformat() if t.start_date else '')}",
        f"092 {system}",
        f"142 {planned}",
        *([f"152 {initial_colour}"] if initial_colour in ("W", "B") else []),
        f"192 {system}",
        f"352 {seq}",
        f"362 TW{_pts(t.match_points.win, 4)}   TD{_pts(t.match_points.draw, 4)}   "
        f"TL{_pts(t.match_points.loss, 4)}",
    ]
    names = {int(p.pairing_number): p for p in t.players}
    for team in t.teams:
        for p in team.pairing_numbers:
            by_round = cells.get(int(p), {})
            body = "".join("  " + by_round.get(r, "0000 - -") for r in range(1, rounds + 1))
            player = names.get(int(p))
            name = (player.name if player else f"Player {int(p)}")[:33]
            rating = player.rating if player and player.rating else 0
            lines.append(
                f"001 {int(p):>4}      {name:<33} {rating:>4}{'':28}"
                f"{_pts(player_points.get(int(p), ZERO), 4)} {0:>4}{body}".rstrip()
            )
    rows = t.team_rounds(through_round=rounds)
    for team in t.teams:
        mp = sum((c.mp for c in rows.get(team.number, ())), ZERO)
        gp = sum((c.gp for c in rows.get(team.number, ())), ZERO)
        roster_ids = "".join(f" {int(p):>4}" for p in team.pairing_numbers)
        lines.append(
            f"310 {team.number:>3} {team.name[:32]:<32} {'':5} {0:>6} {_pts(mp, 6)} "
            f"{_pts(gp, 6)} {0:>3} {roster_ids}"
        )
    pab_rounds: dict[int, int] = {}
    by_kind: dict[tuple[str, int], list[int]] = {}
    for bye in (*t.byes, *extra_byes):
        if bye.round > rounds:
            continue
        if bye.kind is ByeKind.PAIRING_ALLOCATED:
            pab_rounds[bye.round] = bye.team
        elif bye.kind in (ByeKind.FULL_POINT, ByeKind.HALF_POINT, ByeKind.ZERO_POINT):
            by_kind.setdefault((bye.kind.value, bye.round), []).append(bye.team)
    if pab_rounds:
        mps = t.match_points
        gp = mps.bye_game_points(ByeKind.PAIRING_ALLOCATED, t.boards, scoring)
        slots = "".join(f"{pab_rounds.get(r, 0) or '':>3} " for r in range(1, rounds + 1))
        lines.append(
            f"320 {_pts(mps.for_bye(ByeKind.PAIRING_ALLOCATED), 4)} {_pts(gp, 4)} {slots}".rstrip()
        )
    for (kind, rnd), teams in sorted(by_kind.items()):
        lines.append(f"240 {kind} {rnd:>3}" + "".join(f" {n:>4}" for n in teams))
    for code, match in forfeited:
        lines.append(f"330 {code} {match.round:>3} {match.home:>3} {match.away:>3}")
    lines.extend(out_of_order)
    return "\n".join(lines) + "\n"


__all__ = [
    "TeamTrfError",
    "read_team_trf",
    "to_team_tournament",
    "write_team_trf",
]
