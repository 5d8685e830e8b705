"""The Scheveningen match's actions and its derived score (rules K40–K44).

Each action checks the permission, takes the tournament's lock, changes rows and writes its
audit line in one transaction. The rounds are the core's standard table
(``chessclub.club_systems.scheveningen``) stored as the tournament's own rounds; the score is
never stored: :func:`score` reads the games and asks the core's ``result``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub.club_systems import scheveningen as core
from chessclub_web import refusals
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.clubs.permissions import Action
from chessclub_web.pairings.services import publish_round
from chessclub_web.results.services import Change, save_results
from chessclub_web.scheveningen.models import (
    MAX_BOARDS,
    MIN_BOARDS,
    Primary,
    ScheveningenMatch,
    Seat,
    Team,
)
from chessclub_web.tournaments.models import (
    Game,
    ResultCode,
    Round,
    RoundState,
    System,
    Tournament,
    TournamentPlayer,
    lock_tournament,
    result_label,
    touch_tournament,
)
from chessclub_web.tournaments.permissions import allowed_on

#: A result code seen from the other side (a game played with the table's colours exchanged).
_FLIPPED = {"1-0": "0-1", "=": "=", "0-1": "1-0", "+-": "-+", "-+": "+-", "--": "--", "": ""}


class ScheveningenRefused(refusals.Conflict):
    """A Scheveningen action the state refuses (409)."""


class ScheveningenBadInput(refusals.BadInput):
    """A Scheveningen form's value that is wrong (400)."""


def _require(user: Any, row: Tournament, action: Action) -> None:
    if not allowed_on(user, row, action):
        raise refusals.NotAllowed(_("You may not change this Scheveningen match."))


def require_scheveningen(row: Tournament) -> None:
    """K40: these pages are a Scheveningen match's only."""
    if row.system != System.SCHEVENINGEN:
        raise ScheveningenRefused(_("This tournament is not a Scheveningen match."), status=404)


# -- set-up ------------------------------------------------------------------------------------


def match_of(row: Tournament) -> ScheveningenMatch | None:
    return ScheveningenMatch.objects.filter(tournament=row).first()


def lineup(row: Tournament) -> dict[tuple[str, int], TournamentPlayer]:
    """``{("A", 1): entry, …}``: the stored line-ups (empty before the set-up)."""
    return {
        (seat.team, seat.board): seat.player
        for seat in Seat.objects.filter(match__tournament=row).select_related("player")
    }


def _complete(seats: Mapping[tuple[str, int], Any]) -> int:
    """The boards of a complete line-up (both teams, boards 1 to n), else 0 (a player removed
    from the entries since leaves a hole)."""
    boards = sum(1 for team, _board in seats if team == Team.A)
    full = {(t.value, board) for t in (Team.A, Team.B) for board in range(1, boards + 1)}
    return boards if set(seats) == full and boards >= MIN_BOARDS else 0


def boards_of(row: Tournament) -> int:
    """The number of boards of the stored line-up (0 before the set-up or when incomplete)."""
    return _complete(lineup(row))


def started(row: Tournament) -> bool:
    """K40: a round is published; the line-up is locked from then on."""
    return row.rounds.filter(state=RoundState.PUBLISHED).exists()


def _clean_team(
    row: Tournament, team: str, ids: Sequence[int | None], entries: Mapping[int, TournamentPlayer]
) -> list[int]:
    """K40: a team's players in board order, boards filled from 1 without a gap."""
    name = _("team A") if team == Team.A else _("team B")
    last = max((i for i, pid in enumerate(ids, start=1) if pid is not None), default=0)
    if len(ids) > MAX_BOARDS or last > MAX_BOARDS:
        raise ScheveningenBadInput(
            _("A team has %(max)s boards at most.") % {"max": MAX_BOARDS}, field=team.lower()
        )
    chosen: list[int] = []
    for board, pid in enumerate(ids[:last], start=1):
        if pid is None:
            raise ScheveningenBadInput(
                _("Board %(board)s of %(team)s is empty: fill the boards from 1 without a gap.")
                % {"board": board, "team": name},
                field=f"{team.lower()}{board}",
            )
        if pid not in entries:
            raise ScheveningenBadInput(
                _("Board %(board)s of %(team)s: this player is not registered in the match.")
                % {"board": board, "team": name},
                field=f"{team.lower()}{board}",
            )
        chosen.append(pid)
    return chosen


def check_lineups(
    row: Tournament, a_ids: Sequence[int | None], b_ids: Sequence[int | None]
) -> tuple[list[int], list[int]]:
    """K40: both line-ups, checked: registered players, each in one place only, as many on
    each side, 2 to 8 boards. Raises :class:`ScheveningenBadInput` naming the place."""
    entries = {e.pk: e for e in row.players.all()}
    team_a = _clean_team(row, Team.A, a_ids, entries)
    team_b = _clean_team(row, Team.B, b_ids, entries)
    seen: dict[int, str] = {}
    for team, ids in ((Team.A, team_a), (Team.B, team_b)):
        for board, pid in enumerate(ids, start=1):
            place = f"{team}{board}"
            if pid in seen:
                raise ScheveningenBadInput(
                    _(
                        "%(name)s is placed twice (%(first)s and %(second)s): a player plays in "
                        "one team, on one board."
                    )
                    % {"name": entries[pid].name, "first": seen[pid], "second": place},
                    field=place.lower(),
                )
            seen[pid] = place
    if len(team_a) != len(team_b):
        raise ScheveningenBadInput(
            _(
                "Team A has %(a)s player(s) and team B %(b)s: a Scheveningen match needs as "
                "many players in each team."
            )
            % {"a": len(team_a), "b": len(team_b)},
            field="b",
        )
    if not MIN_BOARDS <= len(team_a) <= MAX_BOARDS:
        raise ScheveningenBadInput(
            _(
                "Each team has %(count)s player(s): a Scheveningen match is played on "
                "%(min)s to %(max)s boards."
            )
            % {"count": len(team_a), "min": MIN_BOARDS, "max": MAX_BOARDS},
            field="a",
        )
    return team_a, team_b


def _clean_name(text: str, field_name: str, label: str) -> str:
    name = " ".join(str(text).split())
    if not name:
        raise ScheveningenBadInput(
            _("The name of %(team)s is empty.") % {"team": label}, field=field_name
        )
    if len(name) > 100:
        raise ScheveningenBadInput(
            _("The name of %(team)s is longer than 100 characters.") % {"team": label},
            field=field_name,
        )
    return name


def save_setup(
    row: Tournament,
    user: Any,
    *,
    team_a: str,
    team_b: str,
    a_ids: Sequence[int | None],
    b_ids: Sequence[int | None],
    double: bool,
    primary: str,
) -> ScheveningenMatch:
    """K40: store the teams' names, their line-ups, single or double and the primary score
    (permission ``EDIT_TOURNAMENT_SETTINGS``). Once a round is published only the teams'
    names still change; draft rounds made from an older line-up are made again (K41)."""
    _require(user, row, Action.EDIT_TOURNAMENT_SETTINGS)
    require_scheveningen(row)
    name_a = _clean_name(team_a, "team_a", _("team A"))
    name_b = _clean_name(team_b, "team_b", _("team B"))
    if primary not in Primary.values:
        raise ScheveningenBadInput(
            _("Unknown primary score “%(value)s”.") % {"value": str(primary)[:20]},
            field="primary",
        )
    with transaction.atomic():
        lock_tournament(row.pk)
        row.refresh_from_db()
        refusals.require_open(row, _("The match is closed: its set-up no longer changes."))
        ids_a, ids_b = check_lineups(row, a_ids, b_ids)
        match = match_of(row)
        before = lineup(row)
        old = _setup_json(match, before) if match else None
        wanted = {(Team.A.value, i): pid for i, pid in enumerate(ids_a, start=1)}
        wanted.update({(Team.B.value, i): pid for i, pid in enumerate(ids_b, start=1)})
        games_change = match is None or match.double != double
        games_change = games_change or {p: e.pk for p, e in before.items()} != wanted
        if started(row) and (games_change or match is None or match.primary != primary):
            raise ScheveningenRefused(
                _(
                    "A round is published: the line-ups, single or double Scheveningen and the "
                    "primary score no longer change (only the teams' names do). A player who "
                    "leaves the match loses the games left by forfeit."
                ),
                field="a1",
            )
        if match is None:
            match = ScheveningenMatch(tournament=row)
        match.team_a, match.team_b, match.double, match.primary = name_a, name_b, double, primary
        match.save()
        remade: list[int] = []
        if games_change:
            Seat.objects.filter(match=match).delete()
            Seat.objects.bulk_create(
                Seat(match=match, team=team, board=board, player_id=pid)
                for (team, board), pid in wanted.items()
            )
            drafts = row.rounds.filter(state=RoundState.DRAFT)
            if drafts.exists():
                drafts.delete()
                remade = _make(row, match)
        record(
            AuditAction.SETTINGS_PAIRING_CHANGED,
            row,
            user,
            gettext_noop("Scheveningen match set up: %(team_a)s against %(team_b)s."),
            {"team_a": name_a, "team_b": name_b},
            old=old,
            new=_setup_json(match, lineup(row)),
        )
        if remade:
            _record_made(row, user, remade)
        touch_tournament(row.pk)
    return match


def _setup_json(match: ScheveningenMatch, seats: Mapping[tuple[str, int], Any]) -> dict[str, Any]:
    return {
        "team_a": match.team_a,
        "team_b": match.team_b,
        "double": match.double,
        "primary": match.primary,
        "lineup": {f"{t}{b}": e.name for (t, b), e in sorted(seats.items())},
    }


# -- rounds ------------------------------------------------------------------------------------


def table_of(match: ScheveningenMatch, boards: int) -> list[list[core.Board]]:
    """K10, K11: the match's rounds as the core's standard table gives them."""
    return core.rounds(boards, match.double)


def setup_refusal(row: Tournament) -> str | None:
    """Why the rounds cannot be made now (translated), ``None`` if they can."""
    closed = refusals.closed_refusal(row, _("The match is closed."))
    if closed:
        return closed
    if match_of(row) is None or boards_of(row) < MIN_BOARDS:
        return _("Set up the two teams first.")
    match = match_of(row)
    assert match is not None
    if row.rounds.count() >= len(table_of(match, boards_of(row))):
        return _("Every round of the table is made.")
    return None


def _make(row: Tournament, match: ScheveningenMatch) -> list[int]:
    seats = {place: e.pk for place, e in lineup(row).items()}
    table = table_of(match, boards_of(row))
    existing = set(row.rounds.values_list("number", flat=True))
    made = []
    for games in table:
        number = games[0].round
        if number in existing:
            continue
        round_row = Round.objects.create(tournament=row, number=number, state=RoundState.DRAFT)
        Game.objects.bulk_create(
            Game(round=round_row, board=g.board, white_id=seats[g.white], black_id=seats[g.black])
            for g in games
        )
        made.append(number)
    if row.planned_rounds != len(table):
        row.planned_rounds = len(table)
        row.save(update_fields=["planned_rounds"])
    return made


def _record_made(row: Tournament, user: Any, numbers: Sequence[int]) -> None:
    for number in numbers:
        record(
            AuditAction.ROUND_PAIRED,
            row,
            user,
            gettext_noop("Round %(round)s paired (draft)."),
            {"round": number},
            round_number=number,
        )


def make_rounds(row: Tournament, user: Any) -> list[int]:
    """K41: every round of the standard table not made yet, as draft rounds of the
    tournament (permission ``EDIT_PAIRINGS``). Returns the rounds' numbers."""
    _require(user, row, Action.EDIT_PAIRINGS)
    require_scheveningen(row)
    with transaction.atomic():
        lock_tournament(row.pk)
        row.refresh_from_db()
        refusal = setup_refusal(row)
        if refusal:
            raise ScheveningenRefused(refusal)
        match = match_of(row)
        assert match is not None
        made = _make(row, match)
        _record_made(row, user, made)
        touch_tournament(row.pk)
    return made


def publish_all(row: Tournament, user: Any) -> list[int]:
    """K41: publish every draft round in order (permission ``PUBLISH_ROUND``), each as the
    pairing page publishes it. Returns the rounds' numbers."""
    _require(user, row, Action.PUBLISH_ROUND)
    require_scheveningen(row)
    published = []
    with transaction.atomic():
        # Under the tournament's lock, read again: a line-up change made meanwhile has remade
        # the drafts, a closing closed the match.
        lock_tournament(row.pk)
        row.refresh_from_db(fields=["closed_at"])
        refusals.require_open(row, _("The match is closed."))
        for round_row in row.rounds.filter(state=RoundState.DRAFT).order_by("number"):
            publish_round(round_row, user)
            published.append(round_row.number)
    if not published:
        raise ScheveningenRefused(_("No round is a draft: there is nothing to publish."))
    return published


# -- the score ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardLine:
    """One game of the table: who plays White and Black (``A1``…), the game row found and its
    result in the table's White's view."""

    board: int
    white: tuple[str, int]
    black: tuple[str, int]
    white_name: str
    black_name: str
    result: str
    game: Game | None
    forfeit_due: bool = False

    @property
    def label(self) -> str:
        """The result as the pages show it (``½-½``)."""
        return result_label(self.result) if self.result else ""

    @property
    def white_label(self) -> str:
        return f"{self.white[0]}{self.white[1]}"

    @property
    def black_label(self) -> str:
        return f"{self.black[0]}{self.black[1]}"


@dataclass(frozen=True)
class RoundLine:
    number: int
    state: str
    boards: list[BoardLine]
    game_points: Mapping[str, Fraction]
    match_points: Mapping[str, int]
    complete: bool
    counted: bool


@dataclass(frozen=True)
class PlayerLine:
    rank: int
    place: tuple[str, int]
    entry: TournamentPlayer
    points: Fraction
    games: int
    withdrawn_from: int | None

    @property
    def label(self) -> str:
        return f"{self.place[0]}{self.place[1]}"


@dataclass(frozen=True)
class Score:
    """K42: what the match page shows after round ``after``."""

    match: ScheveningenMatch
    after: int
    total_rounds: int
    rounds: list[RoundLine]
    game_points: Mapping[str, Fraction]
    match_points: Mapping[str, int]
    winner: str | None
    decided: bool
    players: list[PlayerLine]
    differences: list[str] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        """Every round of the table counted with all its results."""
        return all(r.complete for r in self.rounds)


def _winner(primary: str, result: core.MatchResult) -> str | None:
    """K42: the leader on the primary score (game points by K13, or match points)."""
    if primary == Primary.MATCH_POINTS:
        a, b = result.match_points["A"], result.match_points["B"]
        return None if a == b else ("A" if a > b else "B")
    return result.winner


def _max_left(rounds: Sequence[RoundLine], primary: str) -> Fraction:
    """What the rounds not counted yet can still bring one team on the primary score."""
    left = Fraction(0)
    for line in rounds:
        if primary == Primary.MATCH_POINTS:
            left += 0 if line.complete and line.counted else 2
        else:
            left += sum(1 for b in line.boards if not (line.counted and b.result))
    return left


def score(row: Tournament, after: int | None = None) -> Score | None:
    """K42: the match's score after round ``after`` (default: every round), derived from the
    stored games with the core's ``result``; ``None`` before the set-up."""
    match = match_of(row)
    seats = lineup(row)
    boards = _complete(seats)
    if match is None or not boards:
        return None
    table = table_of(match, boards)
    if after is not None and not 0 <= after <= len(table):
        raise ScheveningenBadInput(
            _("The match has rounds 1 to %(rounds)s: there is no round %(round)s.")
            % {"rounds": len(table), "round": after},
            field="after",
        )
    chosen = len(table) if after is None else after
    stored = {r.number: r for r in row.rounds.prefetch_related("games").order_by("number")}
    results: dict[tuple[int, int], str] = {}
    lines: list[RoundLine] = []
    differences: list[str] = []
    for games in table:
        number = games[0].round
        round_row = stored.get(number)
        counted = (
            round_row is not None and round_row.state == RoundState.PUBLISHED and number <= chosen
        )
        found = list(round_row.games.all()) if round_row is not None else []
        used: set[int] = set()
        board_lines = []
        for g in games:
            white, black = seats[g.white], seats[g.black]
            game = next(
                (x for x in found if (x.white_id, x.black_id) == (white.pk, black.pk)), None
            )
            code = game.result if game else ""
            if game is None:
                game = next(
                    (x for x in found if (x.white_id, x.black_id) == (black.pk, white.pk)), None
                )
                if game is not None:
                    code = _FLIPPED.get(game.result, "")
                    differences.append(
                        _(
                            "Round %(round)s: %(white)s–%(black)s is played with the colours "
                            "exchanged."
                        )
                        % {"round": number, "white": white.name, "black": black.name}
                    )
                elif round_row is not None:
                    differences.append(
                        _(
                            "Round %(round)s: %(white)s–%(black)s of the table is not among its "
                            "boards (it counts as not played)."
                        )
                        % {"round": number, "white": white.name, "black": black.name}
                    )
            if game is not None:
                used.add(game.pk)
            if counted and code:
                results[(number, g.board)] = code
            due = any(
                e.withdrawn_from_round is not None and e.withdrawn_from_round <= number
                for e in (white, black)
            )
            board_lines.append(
                BoardLine(
                    g.board,
                    g.white,
                    g.black,
                    white.name,
                    black.name,
                    code if counted else "",
                    game,
                    forfeit_due=due and not code,
                )
            )
        for extra in found:
            if extra.pk not in used:
                differences.append(
                    _(
                        "Round %(round)s: board %(board)s is not a game of the table (it is not "
                        "counted)."
                    )
                    % {"round": number, "board": extra.board}
                )
        alone = core.result([games], results)
        lines.append(
            RoundLine(
                number=number,
                state=round_row.state if round_row is not None else "",
                boards=board_lines,
                game_points=alone.game_points,
                match_points=alone.match_points,
                complete=counted and all((number, g.board) in results for g in games),
                counted=counted,
            )
        )
    total = core.result(table, results)
    entries = {place: e for place, e in seats.items()}
    played: dict[tuple[str, int], int] = {}
    for number, board in results:
        g = table[number - 1][board - 1]
        for place in (g.white, g.black):
            played[place] = played.get(place, 0) + 1
    order = sorted(total.players.items(), key=lambda item: (-item[1], entries[item[0]].name))
    players = [
        PlayerLine(
            rank=1 + sum(1 for _p, other in order if other > points),
            place=place,
            entry=entries[place],
            points=points,
            games=played.get(place, 0),
            withdrawn_from=entries[place].withdrawn_from_round,
        )
        for place, points in order
    ]
    winner = _winner(match.primary, total)
    primary_a, primary_b = (
        (Fraction(total.match_points["A"]), Fraction(total.match_points["B"]))
        if match.primary == Primary.MATCH_POINTS
        else (total.game_points["A"], total.game_points["B"])
    )
    decided = winner is not None and abs(primary_a - primary_b) > _max_left(lines, match.primary)
    return Score(
        match=match,
        after=chosen,
        total_rounds=len(table),
        rounds=lines,
        game_points=total.game_points,
        match_points=total.match_points,
        winner=winner,
        decided=decided,
        players=players,
        differences=differences,
    )


def pending_forfeits(row: Tournament) -> list[tuple[Round, Game, str]]:
    """K43: the boards still without a result of a withdrawn player in a published round
    from the round of the withdrawal on, with the forfeit due (``-+``: White left, ``+-``:
    Black left, ``--``: both)."""
    due = []
    games = (
        Game.objects.filter(
            round__tournament=row, round__state=RoundState.PUBLISHED, result=ResultCode.NONE
        )
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    )
    for game in games:
        number = game.round.number
        white_left = (game.white.withdrawn_from_round or number + 1) <= number
        black_left = (game.black.withdrawn_from_round or number + 1) <= number
        if white_left and black_left:
            due.append((game.round, game, "--"))
        elif white_left:
            due.append((game.round, game, "-+"))
        elif black_left:
            due.append((game.round, game, "+-"))
    return due


def enter_forfeits(row: Tournament, user: Any) -> int:
    """K43: enter the forfeits due (:func:`pending_forfeits`) through the results' one way of
    writing a result (``results.services.save_results``; permission ``ENTER_RESULTS``).
    Returns how many boards were written."""
    _require(user, row, Action.ENTER_RESULTS)
    require_scheveningen(row)
    refusals.require_open(row, _("The match is closed."))
    by_round: dict[int, tuple[Round, list[Change]]] = {}
    for round_row, game, code in pending_forfeits(row):
        by_round.setdefault(round_row.pk, (round_row, []))[1].append(
            Change(game.pk, code, game.version)
        )
    if not by_round:
        raise ScheveningenRefused(_("No forfeit is due: there is nothing to enter."))
    written = 0
    with transaction.atomic():
        for round_row, changes in by_round.values():
            outcome = save_results(row, round_row, changes, user)
            if not outcome.ok:
                raise ScheveningenRefused(
                    _("A board changed meanwhile: nothing was entered. Try again.")
                )
            written += len(changes)
    return written


# -- closing (K45) -----------------------------------------------------------------------------


def final_standings(row: Tournament) -> list[Any]:
    """K45: a Scheveningen match's final standings are its players' ranking after the last
    round (K13, K44: points, then name; equal points share the rank), each player's team kept
    beside the points (``tiebreaks`` ``team``); the teams' score is the match page's. ``[]``
    before the match is set up."""
    from chessclub_web.closing.models import FinalStanding
    from chessclub_web.tournaments.presentation import points_label

    found = score(row)
    if found is None:
        return []
    teams = {"A": found.match.team_a, "B": found.match.team_b}
    return [
        FinalStanding(
            tournament=row,
            position=position,
            rank=str(line.rank),
            pairing_number=line.entry.pairing_number,
            name=line.entry.name,
            rating=str(line.entry.rating) if line.entry.rating else "",
            points=points_label(line.points),
            games_played=line.games,
            tiebreaks={"team": teams.get(line.place[0], line.place[0])},
        )
        for position, line in enumerate(found.players, start=1)
    ]
