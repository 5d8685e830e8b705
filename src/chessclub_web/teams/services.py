"""What the team pages do to the rows, and the conversion to the core's team tournament.

Every function refuses bad input with :class:`TeamError` (a translated message naming what is
wrong) before changing anything; multi-row changes run in one transaction.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub.model import ByeKind, Colour, PairingNumber, Player
from chessclub.model.teams import (
    BoardGame,
    MatchPointSystem,
    TeamScore,
    TeamTournament,
)
from chessclub.model.teams import MatchForfeit as CoreForfeit
from chessclub.model.teams import Team as CoreTeam
from chessclub.model.teams import TeamBye as CoreBye
from chessclub.model.teams import TeamForfeit as CoreTeamForfeit
from chessclub.model.teams import TeamMatch as CoreMatch
from chessclub.model.tournament import TournamentSystem
from chessclub.pairing import PairingError
from chessclub.pairing.teams import GacruxTeamEngine, TeamPairing, team_round_robin
from chessclub.tiebreaks import RuleEra, default_era
from chessclub_web import refusals
from chessclub_web.audit.models import AuditAction, Entry
from chessclub_web.audit.services import record, record_all
from chessclub_web.results.models import Via
from chessclub_web.results.services import result_line
from chessclub_web.teams.models import (
    BoardForfeit,
    LineUp,
    Match,
    MatchBoard,
    MatchForfeit,
    Team,
    TeamBye,
    TeamByeKind,
    TeamMember,
    TeamSettings,
)
from chessclub_web.tournaments.adapters import CODE_TO_RESULT
from chessclub_web.tournaments.models import (
    Bye,
    ByeCode,
    Game,
    ResultCode,
    Round,
    RoundState,
    System,
    Tournament,
    TournamentPlayer,
    lock_tournament,
    lock_tournament_shared,
    results_fingerprint,
    touch_tournament,
)


class TeamError(refusals.BadInput, ValueError):
    """Input the team pages refuse; ``str()`` is a message for the user."""


class TeamClosedError(refusals.ClosedTournament, TeamError):
    """A change of a closed team event (spec C1: it never reopens; only its results are
    corrected): the pages answer 409 with the message."""


def _open(tournament: Tournament) -> None:
    """Closed tournaments never reopen (spec C1): only result corrections change them."""
    tournament.refresh_from_db(fields=["closed_at"])
    refusals.require_open(
        tournament,
        _("The tournament is closed: only results can be corrected."),
        refusal=TeamClosedError,
    )


def settings_of(tournament: Tournament) -> TeamSettings:
    """The team event's settings row (created with the defaults: 4 boards, 2/1/0)."""
    found, _created = TeamSettings.objects.get_or_create(tournament=tournament)
    return found


# -- teams and rosters --------------------------------------------------------------------------


def add_team(tournament: Tournament, name: str, club_name: str = "") -> Team:
    _open(tournament)
    name = name.strip()
    if not name or len(name) > 100:
        raise TeamError(_("A team needs a name of 1 to 100 characters."))
    if tournament.teams.filter(name=name).exists():
        raise TeamError(_("There is already a team named “%(name)s”.") % {"name": name})
    if matches_exist(tournament):
        raise TeamError(_("Teams cannot be added once the first round is paired."))
    number = (tournament.teams.aggregate(m=Max("number"))["m"] or 0) + 1
    try:
        with transaction.atomic():
            team = Team.objects.create(
                tournament=tournament, number=number, name=name, club_name=club_name.strip()[:100]
            )
    except IntegrityError:  # another request added the same name or number meanwhile
        raise TeamError(_("The teams changed meanwhile: nothing was saved, try again.")) from None
    touch_tournament(tournament.pk)  # a new revision: the team pages' copies are stale
    return team


def add_club_player(team: Team, club_player_id: int, user: Any = None) -> TeamMember:
    """A player of the club's roster (``clubs.Player``) at the end of the team's roster, with
    the initial Elo of the tournament's time control and the federation identifiers (through
    :func:`add_member`: the entry rules of ``pairings.services.add_player``)."""
    from chessclub_web.clubs.models import Player as ClubPlayer

    tournament = team.tournament
    _open(tournament)
    player = (
        ClubPlayer.objects.filter(pk=club_player_id, club_id=tournament.club_id).first()
        if tournament.club_id is not None
        else None
    )
    if player is None:
        raise TeamError(_("This player is not in the club's roster."))
    if tournament.players.filter(roster_player=player).exists():
        raise TeamError(_("%(name)s already plays in this tournament.") % {"name": player})
    return add_member(
        team,
        str(player),
        player.initial_elo(tournament.time_control_category),
        player.pk,
        user=user,
        fide_id=player.fide_id[:16],
        matricule=player.matricule[:16],
        federation=player.federation[:3],
        sex=player.sex[:1],
    )


def add_member(
    team: Team,
    name: str,
    rating: int | None = None,
    roster_player_id: int | None = None,
    *,
    user: Any = None,
    fide_id: str = "",
    matricule: str = "",
    federation: str = "",
    sex: str = "",
) -> TeamMember:
    """A new player at the end of the team's roster (and in the tournament). The entry is
    made by ``pairings.services.add_player`` (the one way an entry is added: the tournament's
    lock, its state read under it, the entry rules, the history line, by ``user``), which
    calls :func:`join_roster`; its refusals are :class:`TeamError` here."""
    from chessclub_web.pairings.services import NewEntry, Refused, add_player

    name = name.strip()
    if not name or len(name) > 200:
        raise TeamError(_("A player needs a name of 1 to 200 characters."))
    if rating is not None and not 0 <= rating <= 3500:
        raise TeamError(_("A rating is between 0 and 3500."))
    _open(team.tournament)  # checked again under the lock by add_player
    entry = NewEntry(
        name=name,
        rating=rating,
        club=team.club_name[:100],
        roster_player_id=roster_player_id,
        fide_id=fide_id,
        matricule=matricule,
        federation=federation,
        sex=sex,
    )
    try:
        player = add_player(team.tournament, entry, user, team=team, join_team=join_roster)
    except Refused as exc:
        raise TeamError(str(exc)) from None
    except IntegrityError:  # another request took the same pairing number or board order
        raise TeamError(_("The teams changed meanwhile: nothing was saved, try again.")) from None
    return TeamMember.objects.get(player=player)


def join_roster(team: Team, player: TournamentPlayer) -> TeamMember:
    """Put the new entry ``player`` at the end of ``team``'s roster (board order by rating
    while the captain has set none). Called by ``pairings.services.add_player`` inside its
    transaction, under the tournament's lock; not a way to add an entry by itself."""
    position = (team.members.aggregate(m=Max("position"))["m"] or 0) + 1
    member = TeamMember.objects.create(team=team, player=player, position=position)
    if not team.order_set_by_captain:
        order_roster_by_rating(team, by_captain=False)
        member.refresh_from_db()
    return member


def order_roster_by_rating(team: Team, *, by_captain: bool = False) -> None:
    """Board order by rating, highest first (then name); kept so as players join until the
    captain sets another order (:func:`set_roster_order`)."""
    members = sorted(team.members.select_related("player"), key=_rating_key)
    set_roster_order(team, [m.player_id for m in members], by_captain=by_captain)


def _rating_key(member: TeamMember) -> tuple[int, str]:
    return (-(member.player.rating or 0), member.player.name)


def set_roster_order(team: Team, player_ids: list[int], *, by_captain: bool = True) -> None:
    """The roster's board order (player ids, board 1 first), set by the captain unless
    ``by_captain`` is false (then rating order is kept as players join)."""
    _open(team.tournament)
    members = {m.player_id: m for m in team.members.all()}
    if sorted(player_ids) != sorted(members):
        raise TeamError(_("The new board order must list every player of the roster once."))
    with transaction.atomic():
        for offset, member in enumerate(members.values(), start=1):
            member.position = 1000 + offset
            member.save(update_fields=["position"])
        for position, pid in enumerate(player_ids, start=1):
            members[pid].position = position
            members[pid].save(update_fields=["position"])
        if team.order_set_by_captain != by_captain:
            team.order_set_by_captain = by_captain
            team.save(update_fields=["order_set_by_captain"])
    touch_tournament(team.tournament_id)  # the roster's order is on the team pages


# -- line-ups and boards ------------------------------------------------------------------------


def lineup_of(rnd: Round, team: Team) -> list[TournamentPlayer | None]:
    """The team's players by board in this round (``None``: nobody on that board). Without a
    stored line-up: the first players of the roster."""
    boards = settings_of(team.tournament).boards
    stored = {lu.board: lu.player for lu in rnd.lineups.filter(team=team).select_related("player")}
    if not stored:
        roster = [m.player for m in team.members.select_related("player")[:boards]]
        return roster + [None] * (boards - len(roster))
    return [stored.get(b) for b in range(1, boards + 1)]


def set_lineup(rnd: Round, team: Team, player_ids: list[int | None]) -> None:
    """Store the team's line-up for the round (board 1 first; ``None`` leaves a board empty)
    and rebuild the boards of its match.

    Rules (refused with :class:`TeamError`): players of the team's roster; each once; in the
    roster's board order (fixed board order); a player in one team per round; not after a
    board of the match has a result.
    """
    _open(team.tournament)
    settings = settings_of(team.tournament)
    if len(player_ids) != settings.boards:
        raise TeamError(_("A line-up has one entry per board."))
    positions = {m.player_id: m.position for m in team.members.all()}
    chosen = [p for p in player_ids if p is not None]
    if any(p not in positions for p in chosen):
        raise TeamError(_("Only players of the team's roster can be lined up."))
    if len(set(chosen)) != len(chosen):
        raise TeamError(_("A player can play only one board."))
    order = [positions[p] for p in chosen]
    if order != sorted(order):
        raise TeamError(_("The line-up must follow the roster's board order (fixed board order)."))
    with transaction.atomic():
        # The tournament's row first (tournaments.models: the lock rule): a board's save in
        # flight finishes first, and its result is seen by the check below.
        lock_tournament(rnd.tournament_id)
        _open(team.tournament)
        match = _match_of(rnd, team)
        if match is not None and _has_results(match):
            raise TeamError(_("The line-up cannot change once a board of the match has a result."))
        LineUp.objects.filter(round=rnd, team=team).delete()
        LineUp.objects.bulk_create(
            LineUp(round=rnd, team=team, board=board, player_id=pid)
            for board, pid in enumerate(player_ids, start=1)
            if pid is not None
        )
        if match is not None:
            build_boards(match)
    touch_tournament(rnd.tournament_id)  # a line-up without match (a bye) changes pages too


def _match_of(rnd: Round, team: Team) -> Match | None:
    return (
        Match.objects.filter(round=rnd, home=team).first()
        or Match.objects.filter(round=rnd, away=team).first()
    )


def _has_results(match: Match) -> bool:
    """A result was entered: the whole match forfeited or a game's result. A board left empty
    (``MatchBoard.forfeit``) is not one: it follows from the line-up, which may be corrected
    until a result is entered."""
    return bool(match.forfeit) or any(
        b.game is not None and b.game.result != ResultCode.NONE
        for b in match.boards.select_related("game")
    )


def build_boards(match: Match, results: dict[int, str] | None = None) -> None:
    """(Re)create the match's boards from both line-ups: a ``Game`` for each board with two
    players (colours by the competition's rule; ``results`` by board number, default none),
    a board forfeit where a team fielded nobody."""
    rnd = match.round
    settings = settings_of(rnd.tournament)
    home = lineup_of(rnd, match.home)
    away = lineup_of(rnd, match.away)
    results = results or {}
    with transaction.atomic():
        lock_tournament(rnd.tournament_id)  # the lock rule of tournaments.models
        Game.objects.filter(match_board__match=match).delete()
        match.boards.all().delete()
        games: dict[int, Game] = {}
        forfeits: dict[int, str] = {}
        for b in range(1, settings.boards + 1):
            hp, ap = home[b - 1], away[b - 1]
            if hp is not None and ap is not None:
                white, black = (hp, ap) if settings.colour_of_home(b) == "W" else (ap, hp)
                games[b] = Game(
                    round=rnd,
                    board=(match.order - 1) * settings.boards + b,
                    white=white,
                    black=black,
                    result=results.get(b, ResultCode.NONE),
                )
            else:
                forfeits[b] = (
                    BoardForfeit.HOME_WINS
                    if hp is not None
                    else BoardForfeit.AWAY_WINS
                    if ap is not None
                    else BoardForfeit.DOUBLE
                )
        Game.objects.bulk_create(games.values())
        MatchBoard.objects.bulk_create(
            [MatchBoard(match=match, board=b, game=g) for b, g in games.items()]
            + [MatchBoard(match=match, board=b, forfeit=f) for b, f in forfeits.items()]
        )
        sync_board_forfeit_byes(match)
    touch_tournament(rnd.tournament_id)


def sync_board_forfeit_byes(match: Match) -> None:
    """The individual record of a player whose opponent team fielded nobody on their board.

    A forfeit win is a result for the player (FIDE C.07 Art. 16.2.2 "forfeit win"; TRF ``+``;
    spec R1 codes ``+/-``), so it belongs in the individual standings and crosstable, not only
    in the team's game points. With no opponent there is no ``Game`` row: the player gets a
    full-point ``Bye`` row for the round — the individual model's form of a forfeit win
    without an opponent, as the TRF reader reads ``0000 - +`` (``chessclub.formats.trf``).
    Not a game: not rated, not sent in the Belgian file (B3), not counted as met.

    Whole match forfeited: the winning team's present players keep their forfeit win, the
    losing team's get nothing (their team lost the board); both teams forfeiting: nobody.
    Rebuilt from the boards at every change (line-up, match forfeit); only the two teams'
    players' full-point byes of this round are touched (a team event has no other byes).
    """
    rnd = match.round
    members = TeamMember.objects.filter(team__in=(match.home_id, match.away_id)).values_list(
        "player_id", flat=True
    )
    Bye.objects.filter(round=rnd, player_id__in=list(members), kind=ByeCode.FULL_POINT).delete()
    if match.forfeit == MatchForfeit.DOUBLE:
        return
    fielded = {
        match.home_id: lineup_of(rnd, match.home),
        match.away_id: lineup_of(rnd, match.away),
    }
    winners: list[int] = []
    for board in match.boards.filter(game__isnull=True):
        if board.forfeit == BoardForfeit.HOME_WINS:
            team_id = match.home_id
        elif board.forfeit == BoardForfeit.AWAY_WINS:
            team_id = match.away_id
        else:
            continue
        if match.forfeit == MatchForfeit.HOME_WINS and team_id != match.home_id:
            continue
        if match.forfeit == MatchForfeit.AWAY_WINS and team_id != match.away_id:
            continue
        side = fielded[team_id]
        player = side[board.board - 1] if board.board <= len(side) else None
        if player is not None:
            winners.append(player.pk)
    Bye.objects.bulk_create(
        Bye(round=rnd, player_id=pid, kind=ByeCode.FULL_POINT) for pid in winners
    )


def create_match(rnd: Round, order: int, home: Team, away: Team) -> Match:
    match = Match.objects.create(round=rnd, order=order, home=home, away=away)
    build_boards(match)
    return match


# -- results ------------------------------------------------------------------------------------


def set_board_result(board: MatchBoard, code: str, version: int) -> bool:
    """Store a board's result (one of the seven codes) if nobody changed it since ``version``
    (optimistic concurrency, spec R3); False when someone did (nothing is saved)."""
    if code not in ResultCode.values:
        raise TeamError(_("“%(code)s” is not a board result.") % {"code": code})
    game = board.game
    if game is None:
        raise TeamError(_("This board has no game: a team fielded nobody."))
    if board.match.forfeit:
        raise TeamError(_("The match was forfeited as a whole."))
    with transaction.atomic():
        lock_tournament_shared(board.match.round.tournament_id)  # the lock rule
        updated = Game.objects.filter(pk=game.pk, version=version).exclude(result=code)
        changed = updated.update(result=code, version=version + 1)
        if not changed:
            return Game.objects.filter(pk=game.pk, version=version).exists()
    touch_tournament(board.match.round.tournament_id)
    return True


def _forfeit_result(code: str, home_white: bool) -> str:
    """The board result a whole-match forfeit ``code`` gives a board (White first)."""
    return {
        MatchForfeit.NONE: ResultCode.NONE,
        MatchForfeit.DOUBLE: ResultCode.DOUBLE_FORFEIT,
        MatchForfeit.HOME_WINS: ResultCode.WHITE_WINS_BY_FORFEIT
        if home_white
        else ResultCode.BLACK_WINS_BY_FORFEIT,
        MatchForfeit.AWAY_WINS: ResultCode.BLACK_WINS_BY_FORFEIT
        if home_white
        else ResultCode.WHITE_WINS_BY_FORFEIT,
    }[MatchForfeit(code)]


def set_match_forfeit(
    match: Match, code: str, version: int | None = None, user: Any = None
) -> None:
    """Forfeit the whole match (``+-``, ``-+``, ``--``) or undo it (``""``).

    The boards' games follow (each board lost by the forfeiting side), so that the individual
    results and the closing see the round complete. Refused (:class:`TeamError`, nothing
    changed): a closed tournament (C1); a match not forfeited yet whose boards already have
    results (forfeiting would overwrite them: clear them first); ``version`` given and not the
    match's (someone else changed it, spec R3). Undone, only the boards still holding the
    forfeit's result become empty: a result entered since is kept. Every board result it
    changes is kept in the results history with ``user`` (spec R5).
    """
    if code not in MatchForfeit.values:
        raise TeamError(_("“%(code)s” is not a match forfeit.") % {"code": code})
    _open(match.round.tournament)
    settings = settings_of(match.round.tournament)
    with transaction.atomic():
        # The tournament's row first (tournaments.models: the lock rule): a board's save in
        # flight finishes first, and its result is seen below (the forfeit is then refused).
        lock_tournament(match.round.tournament_id)
        _open(match.round.tournament)
        current = Match.objects.select_for_update().get(pk=match.pk)
        if version is not None and version != current.version:
            raise TeamError(
                _("The match was changed by someone else meanwhile: nothing was saved.")
            )
        if code == current.forfeit:
            return
        boards = list(match.boards.select_related("game"))
        if not current.forfeit and any(
            b.game is not None and b.game.result != ResultCode.NONE for b in boards
        ):
            raise TeamError(
                _(
                    "Boards of this match already have results: clear them before forfeiting "
                    "the whole match (nothing was changed)."
                )
            )
        previous = current.forfeit
        match.forfeit = code
        match.version = current.version + 1
        match.save(update_fields=["forfeit", "version"])
        log: list[Entry] = []
        for board in boards:
            if board.game is None:
                continue
            home_white = settings.colour_of_home(board.board) == "W"
            result = _forfeit_result(code, home_white)
            games = Game.objects.filter(pk=board.game.pk).exclude(result=result)
            if not code:  # undone: only what the forfeit wrote
                games = games.filter(result=_forfeit_result(previous, home_white))
            before = games.select_related("white", "black").first()
            if before is None or games.update(result=result, version=F("version") + 1) != 1:
                continue
            log.append(
                result_line(
                    match.round.tournament_id,
                    user,
                    game_id=before.pk,
                    round_number=match.round.number,
                    board=before.board,
                    white=before.white.name,
                    black=before.black.name,
                    old=before.result,
                    new=result,
                    version=before.version,
                    via=Via.BUTTON,
                    correction=False,
                )
            )
        record_all(log)
        sync_board_forfeit_byes(match)
    touch_tournament(match.round.tournament_id)


# -- pairing ------------------------------------------------------------------------------------


def _ensure_round(tournament: Tournament, number: int) -> Round:
    rnd, _created = Round.objects.get_or_create(
        tournament=tournament, number=number, defaults={"state": RoundState.PUBLISHED}
    )
    return rnd


def _store_pairing(tournament: Tournament, pairing: TeamPairing) -> Round:
    teams = {t.number: t for t in tournament.teams.all()}
    rnd = _ensure_round(tournament, pairing.round)
    for order, (home, away) in enumerate(pairing.matches, start=1):
        create_match(rnd, order, teams[home], teams[away])
    if pairing.bye is not None:
        TeamBye.objects.create(
            round=rnd, team=teams[pairing.bye], kind=TeamByeKind.PAIRING_ALLOCATED
        )
    return rnd


def pair_round_robin(tournament: Tournament) -> int:
    """Every round of a team (double) round robin, from the Berger table on the teams in
    pairing-number order; returns the number of rounds."""
    _open(tournament)
    if tournament.system not in (System.TEAM_ROUND_ROBIN, System.TEAM_DOUBLE_ROUND_ROBIN):
        raise TeamError(_("This tournament is not a team round robin."))
    if matches_exist(tournament):
        raise TeamError(_("The rounds are already paired."))
    numbers = list(tournament.teams.order_by("number").values_list("number", flat=True))
    if len(numbers) < 2:
        raise TeamError(_("A round robin needs at least two teams."))
    table = team_round_robin(numbers, double=tournament.system == System.TEAM_DOUBLE_ROUND_ROBIN)
    with transaction.atomic():
        # The tournament's row first (tournaments.models: the lock rule), then again the
        # checks another arbiter's pairing or closing may have changed meanwhile.
        lock_tournament(tournament.pk)
        _open(tournament)
        if matches_exist(tournament):
            raise TeamError(_("The rounds are already paired."))
        for pairing in table:
            _store_pairing(tournament, pairing)
        tournament.planned_rounds = len(table)
        tournament.save(update_fields=["planned_rounds"])
    return len(table)


def next_round(tournament: Tournament) -> int:
    last = tournament.rounds.filter(matches__isnull=False).aggregate(m=Max("number"))["m"]
    byes = tournament.rounds.filter(team_byes__isnull=False).aggregate(m=Max("number"))["m"]
    return max(last or 0, byes or 0) + 1


def pair_swiss_round(
    tournament: Tournament,
    *,
    expected: int | None = None,
    on_stored: Callable[[int], None] | None = None,
) -> int:
    """Pair the next round of a team Swiss (FIDE C.04.6, gacrux's team mode); returns its
    number. Raises :class:`TeamError` when a round is incomplete or no pairing exists.

    ``expected``: the round asked for (a background job's): another one is refused, never
    paired in its place. ``on_stored(number)`` runs inside the storing transaction."""
    _open(tournament)
    if tournament.system != System.TEAM_SWISS:
        raise TeamError(_("This tournament is not a team Swiss."))
    number = next_round(tournament)
    if expected is not None and number != expected:
        raise TeamError(_("Someone else paired this round meanwhile."))
    if tournament.planned_rounds and number > tournament.planned_rounds:
        raise TeamError(_("Every planned round is already paired."))
    if tournament.teams.count() < 2:
        raise TeamError(_("A team Swiss needs at least two teams."))
    computed_from = results_fingerprint(tournament.pk, number)
    core = load_team_tournament(tournament)
    if any(c.kind.value == "no result yet" for cells in core.team_rounds().values() for c in cells):
        raise TeamError(_("Every board of the previous rounds needs a result first."))
    settings = settings_of(tournament)
    if tournament.initial_colour not in ("W", "B"):
        tournament.initial_colour = random.SystemRandom().choice("WB")
        tournament.save(update_fields=["initial_colour"])
    engine = GacruxTeamEngine(
        colour_model=settings.colour_model, initial_colour=tournament.initial_colour
    )
    try:
        pairing = engine.pair(core, number)
    except PairingError as exc:
        raise TeamError(
            _("Round %(number)s cannot be paired (FIDE C.04.6): %(reason)s")
            % {"number": number, "reason": exc.reason}
        ) from exc
    with transaction.atomic():
        # The tournament's row first (tournaments.models: the lock rule); then nothing the
        # pairing rests on may have changed while the engine ran.
        lock_tournament(tournament.pk)
        _open(tournament)
        if next_round(tournament) != number:
            raise TeamError(_("Someone else paired this round meanwhile."))
        if results_fingerprint(tournament.pk, number) != computed_from:
            raise TeamError(
                _(
                    "A result was entered or changed while the round was being paired: "
                    "nothing was stored. Pair the round again."
                )
            )
        _store_pairing(tournament, pairing)
        if on_stored is not None:
            on_stored(number)
    return number


def matches_exist(tournament: Tournament) -> bool:
    return Match.objects.filter(round__tournament=tournament).exists()


# -- the core value -----------------------------------------------------------------------------


_BYE_KINDS = {
    TeamByeKind.PAIRING_ALLOCATED: ByeKind.PAIRING_ALLOCATED,
    TeamByeKind.FULL_POINT: ByeKind.FULL_POINT,
    TeamByeKind.HALF_POINT: ByeKind.HALF_POINT,
    TeamByeKind.ZERO_POINT: ByeKind.ZERO_POINT,
    TeamByeKind.ABSENT: ByeKind.ABSENT,
}
_FORFEITS = {
    MatchForfeit.HOME_WINS: CoreForfeit.HOME_WINS,
    MatchForfeit.AWAY_WINS: CoreForfeit.AWAY_WINS,
    MatchForfeit.DOUBLE: CoreForfeit.DOUBLE,
}


def _board_forfeit_result(code: str, home_colour: Colour) -> ResultCode:
    """A board forfeit read from the home side, as a White-first result code."""
    if code == BoardForfeit.DOUBLE:
        return ResultCode.DOUBLE_FORFEIT
    home_wins = code == BoardForfeit.HOME_WINS
    white_wins = home_wins == (home_colour is Colour.WHITE)
    return ResultCode.WHITE_WINS_BY_FORFEIT if white_wins else ResultCode.BLACK_WINS_BY_FORFEIT


def team_tournament_of(tournament: Tournament) -> TeamTournament:
    """:func:`load_team_tournament` for the pages, from the shared cache when this revision's
    was loaded already (by any process of the site): keyed by the tournament's id and its
    revision as stored now (every change of its teams, line-ups, boards or results gives a
    new one, ``tournaments.models.touch_tournament``), so never stale. The services that
    change a team event read the rows themselves."""
    revision = (
        Tournament.objects.filter(pk=tournament.pk).values_list("revision", flat=True).first()
    )
    if revision is None:
        return load_team_tournament(tournament)
    key = f"chessclub:team-core:{tournament.pk}:{revision.hex}"
    core = cache.get(key)
    if not isinstance(core, TeamTournament):
        core = load_team_tournament(tournament)
        cache.set(key, core, TEAM_CORE_TIMEOUT)
    return core


#: How long a team event's core stays in the cache (seconds; a new revision is a new key).
TEAM_CORE_TIMEOUT = 24 * 60 * 60


def load_team_tournament(tournament: Tournament) -> TeamTournament:
    """The core :class:`~chessclub.model.teams.TeamTournament` of a team event's rows."""
    settings = settings_of(tournament)
    teams = list(tournament.teams.order_by("number"))
    members: dict[int, list[TournamentPlayer]] = defaultdict(list)
    for m in TeamMember.objects.filter(team__tournament=tournament).select_related("player"):
        members[m.team_id].append(m.player)
    number_of = {t.id: t.number for t in teams}
    players = tuple(
        Player(PairingNumber(p.pairing_number), p.name, p.rating)
        for p in tournament.players.order_by("pairing_number")
    )
    matches: list[CoreMatch] = []
    boards_of: dict[int, list[MatchBoard]] = defaultdict(list)
    for board in MatchBoard.objects.filter(match__round__tournament=tournament).select_related(
        "game__white", "game__black"
    ):
        boards_of[board.match_id].append(board)
    stored: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)
    for round_id, team_id, board_number, pn in LineUp.objects.filter(
        round__tournament=tournament
    ).values_list("round_id", "team_id", "board", "player__pairing_number"):
        stored[(round_id, team_id)][board_number] = pn

    def fielded(round_id: int, team_id: int) -> dict[int, int]:
        """Board → pairing number of the team's players in the round: the stored line-up,
        else the roster's first players (as :func:`lineup_of`)."""
        if (round_id, team_id) in stored:
            return stored[(round_id, team_id)]
        roster = members[team_id][: settings.boards]
        return {b: p.pairing_number for b, p in enumerate(roster, start=1)}

    for match in Match.objects.filter(round__tournament=tournament).select_related("round"):
        games: list[BoardGame] = []
        for board in sorted(boards_of[match.id], key=lambda b: b.board):
            colour = Colour.WHITE if settings.colour_of_home(board.board) == "W" else Colour.BLACK
            if board.game is not None:
                g = board.game
                home_player, away_player = (
                    (g.white, g.black) if colour is Colour.WHITE else (g.black, g.white)
                )
                games.append(
                    BoardGame(
                        board.board,
                        CODE_TO_RESULT[g.result],
                        PairingNumber(home_player.pairing_number),
                        PairingNumber(away_player.pairing_number),
                        colour,
                    )
                )
            else:
                code = _board_forfeit_result(board.forfeit, colour)
                hp = fielded(match.round_id, match.home_id).get(board.board)
                ap = fielded(match.round_id, match.away_id).get(board.board)
                games.append(
                    BoardGame(
                        board.board,
                        CODE_TO_RESULT[code],
                        PairingNumber(hp) if hp else None,
                        PairingNumber(ap) if ap else None,
                        colour,
                    )
                )
        matches.append(
            CoreMatch(
                match.round.number,
                number_of[match.home_id],
                number_of[match.away_id],
                () if match.forfeit else tuple(games),
                _FORFEITS.get(MatchForfeit(match.forfeit)) if match.forfeit else None,
            )
        )
    byes: list[CoreBye] = []
    forfeits: list[CoreTeamForfeit] = []
    for bye in TeamBye.objects.filter(round__tournament=tournament).select_related("round"):
        if bye.kind in (TeamByeKind.FORFEIT_WIN, TeamByeKind.FORFEIT_LOSS):
            forfeits.append(
                CoreTeamForfeit(
                    bye.round.number, number_of[bye.team_id], bye.kind == TeamByeKind.FORFEIT_WIN
                )
            )
        else:
            byes.append(
                CoreBye(bye.round.number, number_of[bye.team_id], _BYE_KINDS[TeamByeKind(bye.kind)])
            )
    system = (
        TournamentSystem.SWISS
        if tournament.system == System.TEAM_SWISS
        else TournamentSystem.ROUND_ROBIN
    )
    return TeamTournament(
        name=tournament.name,
        teams=tuple(
            CoreTeam(
                t.number, t.name, tuple(PairingNumber(p.pairing_number) for p in members[t.id])
            )
            for t in teams
        ),
        boards=settings.boards,
        matches=tuple(matches),
        byes=tuple(byes),
        forfeits=tuple(forfeits),
        planned_rounds=tournament.planned_rounds,
        match_points=MatchPointSystem(
            win=Fraction(settings.match_win),
            draw=Fraction(settings.match_draw),
            loss=Fraction(settings.match_loss),
            # a round robin's odd team out meets the Berger table's dummy: no points
            pairing_allocated_bye=None if system is TournamentSystem.SWISS else Fraction(0),
            pab_game_points=None if system is TournamentSystem.SWISS else Fraction(0),
        ),
        primary=TeamScore(settings.primary),
        system=system,
        start_date=tournament.start_date,
        players=players,
        colour_sequence=(settings.colour_rule * settings.boards)[: settings.boards],
    )


def set_team_tiebreaks(tournament: Tournament, text: str, rules: str, user: Any = None) -> None:
    """Store the team tiebreaks (C.07 team codes in order, e.g. ``GP EDE EMGSB``; empty: the
    spec S4 defaults) and the rule era (``""`` follows the start date, ``2009``, ``2023``,
    ``2026``), under the tournament's lock; each change is a line of the tournament's history
    (by ``user``). Raises :class:`TeamError` naming an unknown or individual-only code and
    :class:`TeamClosedError` for a closed tournament (spec C1)."""
    from chessclub.tiebreaks.codes import TiebreakCodeError, parse_tiebreak
    from chessclub.tiebreaks.teams import TEAM_CODES

    codes: list[str] = []
    for item in text.replace(",", " ").split():
        try:
            spec = parse_tiebreak(item)
        except TiebreakCodeError as exc:
            raise TeamError(
                _("“%(code)s” is not a tiebreak code (%(reason)s).")
                % {"code": item[:20], "reason": exc}
            ) from None
        if spec.name not in TEAM_CODES:
            raise TeamError(_("“%(code)s” is not a team tiebreak.") % {"code": spec.code})
        if spec.code in codes:
            raise TeamError(_("“%(code)s” is given twice.") % {"code": spec.code})
        codes.append(spec.code)
    joined = ",".join(codes)
    if len(joined) > 255:
        raise TeamError(_("Too many tiebreaks."))
    if rules not in ("", "2009", "2023", "2026"):
        raise TeamError(_("Unknown rule era."))
    with transaction.atomic():
        # The tournament's row first (tournaments.models: the lock rule), then its state: a
        # closing in flight is waited for, then refused (spec C1: the final standings were
        # stored under these tiebreaks).
        lock_tournament(tournament.pk)
        _open(tournament)
        old_codes = team_standings_settings(tournament).codes
        old_rules = Tournament.objects.values_list("tiebreak_rules", flat=True).get(
            pk=tournament.pk
        )
        tournament.tiebreaks = joined
        tournament.tiebreak_rules = rules
        tournament.save(update_fields=["tiebreaks", "tiebreak_rules"])
        new_codes = team_standings_settings(tournament).codes
        if new_codes != old_codes:
            record(
                AuditAction.SETTINGS_TIEBREAKS_CHANGED,
                tournament,
                user,
                gettext_noop("Settings: tiebreaks changed from “%(old)s” to “%(new)s”."),
                {"old": ", ".join(old_codes), "new": ", ".join(new_codes)},
            )
        if rules != old_rules:
            record(
                AuditAction.SETTINGS_RULES_CHANGED,
                tournament,
                user,
                gettext_noop(
                    "Settings: tiebreak rules changed from “%(rules_from)s” to “%(rules_to)s”."
                ),
                {"rules_from": old_rules, "rules_to": rules},
            )


def save_team_settings(
    tournament: Tournament, settings: TeamSettings, tiebreaks: str, rules: str, user: Any = None
) -> TeamSettings:
    """Store the team event's settings (``settings``: the row of :func:`settings_of` with the
    page's checked values: boards, match points, colours, primary score) and its tiebreaks
    (:func:`set_team_tiebreaks`, with their audit lines; the other settings' old and new
    values in one ``settings.teams_changed`` line), in one transaction under the tournament's
    lock. Raises :class:`TeamClosedError` for a closed tournament (spec C1) and
    :class:`TeamError` for bad tiebreaks (nothing is stored then)."""
    fields = [
        f.attname for f in TeamSettings._meta.concrete_fields if f.name not in ("id", "tournament")
    ]
    with transaction.atomic():
        lock_tournament(tournament.pk)
        _open(tournament)
        set_team_tiebreaks(tournament, tiebreaks, rules, user)
        stored = TeamSettings.objects.filter(pk=settings.pk).values(*fields).first() or {}
        settings.save()
        changed = [name for name in fields if stored.get(name) != getattr(settings, name)]
        if changed:
            record(
                AuditAction.SETTINGS_TEAMS_CHANGED,
                tournament,
                user,
                gettext_noop("Team event settings changed."),
                old={name: _json(stored.get(name)) for name in changed} if stored else None,
                new={name: _json(getattr(settings, name)) for name in changed},
            )
    return settings


def _json(value: object) -> object:
    """A setting as the audit log keeps it: a decimal (match points) as text (``"1.5"``)."""
    return str(value) if isinstance(value, Decimal) else value


@dataclass(frozen=True)
class TeamStandingsSettings:
    codes: tuple[str, ...]
    era: RuleEra


def team_standings_settings(tournament: Tournament) -> TeamStandingsSettings:
    """The tournament's team tiebreaks (spec S4 default ``GP EDE EMGSB`` after match points)
    and rule era."""
    from chessclub.tiebreaks.codes import DEFAULT_TEAM, parse_tiebreak
    from chessclub.tiebreaks.teams import TEAM_CODES

    codes: tuple[str, ...] = ()
    text = tournament.tiebreaks.replace(",", " ").split()
    try:
        specs = [parse_tiebreak(c) for c in text]
        if all(s.name in TEAM_CODES for s in specs):
            codes = tuple(s.code for s in specs)
    except ValueError:
        codes = ()
    if not codes:
        primary = settings_of(tournament).primary
        codes = DEFAULT_TEAM if primary == "MP" else ("MP", *DEFAULT_TEAM[1:])
    era = (
        RuleEra(tournament.tiebreak_rules)
        if tournament.tiebreak_rules
        else default_era(tournament.start_date)
    )
    return TeamStandingsSettings(codes, era)


def team_tiebreak_choice(tournament: Tournament) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The team tiebreaks for the *Paramètres* page: ``(codes, default_codes)``, the codes the
    team standings use now (:func:`team_standings_settings`) and those of spec S4 for the
    event's primary score (``GP EDE EMGSB`` after match points, ``MP EDE EMGSB`` after game
    points), used when none is stored."""
    from chessclub.tiebreaks.codes import DEFAULT_TEAM

    primary = settings_of(tournament).primary
    defaults = DEFAULT_TEAM if primary == "MP" else ("MP", *DEFAULT_TEAM[1:])
    return team_standings_settings(tournament).codes, defaults


# -- storing a core team tournament -------------------------------------------------------------

_CORE_BYE = {
    ByeKind.PAIRING_ALLOCATED: TeamByeKind.PAIRING_ALLOCATED,
    ByeKind.FULL_POINT: TeamByeKind.FULL_POINT,
    ByeKind.HALF_POINT: TeamByeKind.HALF_POINT,
    ByeKind.ZERO_POINT: TeamByeKind.ZERO_POINT,
    ByeKind.ABSENT: TeamByeKind.ABSENT,
}
_CORE_FORFEIT = {v: k for k, v in _FORFEITS.items()}
_RESULT_CODE = {v: k for k, v in CODE_TO_RESULT.items()}


@transaction.atomic
def store_team_tournament(tournament: Tournament, core: TeamTournament) -> None:
    """Store ``core`` (teams, rosters, line-ups, matches with their boards, byes, settings)
    in the empty team event ``tournament``. A roster player the core value does not name gets
    a placeholder name; board players not given are taken from the roster in order.

    Raises :class:`TeamError` when the tournament already has teams or the value does not fit
    (board colours that follow no alternating rule).
    """
    if tournament.teams.exists():
        raise TeamError(_("This tournament already has teams."))
    settings = settings_of(tournament)
    rule = "WB"
    for match in core.matches:
        for game in match.boards:
            letter = "W" if game.home_colour is Colour.WHITE else "B"
            expected = "WB"[(game.board - 1) % 2]
            if letter != expected:
                rule = "BW"
    settings.boards = core.boards
    settings.colour_rule = rule
    settings.primary = core.primary.value
    settings.match_win = Decimal(str(float(core.match_points.win)))
    settings.match_draw = Decimal(str(float(core.match_points.draw)))
    settings.match_loss = Decimal(str(float(core.match_points.loss)))
    settings.save()
    tournament.planned_rounds = core.planned_rounds
    tournament.save(update_fields=["planned_rounds"])
    named = {int(p.pairing_number): p for p in core.players}
    player_row: dict[int, TournamentPlayer] = {}
    team_row: dict[int, Team] = {}
    next_number = 1
    for team in core.teams:
        row = Team.objects.create(
            tournament=tournament, number=team.number, name=team.name, order_set_by_captain=True
        )
        team_row[team.number] = row
        roster = [int(p) for p in team.pairing_numbers]
        while len(roster) < core.boards:  # a team without roster still fields its boards
            roster.append(-(team.number * 100 + len(roster) + 1))
        for position, number in enumerate(roster, start=1):
            player = named.get(number)
            pn = number if number > 0 else 10_000 + next_number
            next_number += 1
            created = TournamentPlayer.objects.create(
                tournament=tournament,
                pairing_number=pn,
                name=player.name if player else f"{team.name} {position}",
                rating=player.rating if player else None,
            )
            player_row[number] = created
            TeamMember.objects.create(team=row, player=created, position=position)
    rounds = {n: _ensure_round(tournament, n) for n in core.round_numbers}
    order: dict[int, int] = defaultdict(int)
    for match in core.matches:
        rnd = rounds[match.round]
        order[match.round] += 1
        home, away = team_row[match.home], team_row[match.away]
        for side_team, side in ((home, "home"), (away, "away")):
            members = side_team.members.order_by("position")
            roster = list(members.values_list("player_id", flat=True))
            chosen: list[int | None] = list(roster[: core.boards])
            for game in match.boards:
                board_player = game.home_player if side == "home" else game.away_player
                if board_player is not None and int(board_player) in player_row:
                    chosen[game.board - 1] = player_row[int(board_player)].pk
            LineUp.objects.bulk_create(
                LineUp(round=rnd, team=side_team, board=b, player_id=pid)
                for b, pid in enumerate(chosen, start=1)
                if pid is not None
            )
        match_row = Match.objects.create(
            round=rnd,
            order=order[match.round],
            home=home,
            away=away,
            forfeit=_CORE_FORFEIT[match.forfeit].value if match.forfeit else "",
        )
        build_boards(match_row, {g.board: _RESULT_CODE[g.result] for g in match.boards})
    for bye in core.byes:
        TeamBye.objects.create(
            round=rounds[bye.round], team=team_row[bye.team], kind=_CORE_BYE[bye.kind]
        )
    for forfeit in core.forfeits:
        TeamBye.objects.create(
            round=rounds[forfeit.round],
            team=team_row[forfeit.team],
            kind=TeamByeKind.FORFEIT_WIN if forfeit.won else TeamByeKind.FORFEIT_LOSS,
        )
    touch_tournament(tournament.pk)


def refuse_if_closed(tournament: Tournament) -> None:
    """:class:`TeamError` when ``tournament`` is closed (spec C1: it never reopens)."""
    _open(tournament)


def forfeited_match_boards(tournament: Tournament, games: Sequence[Game]) -> dict[int, str]:
    """The boards among ``games`` (of ``tournament``) that belong to a match forfeited as a
    whole, with the reason: the forfeit sets their results (TRF-2026 record 330), so the results
    pages refuse them (``results.services.BOARD_LOCKS``). Undo the match forfeit first to enter
    board results. No query for an individual tournament."""
    if not tournament.is_team_event:
        return {}
    rows = MatchBoard.objects.filter(game__in=[g.pk for g in games]).exclude(match__forfeit="")
    return {
        row.game_id: _(
            "Board %(board)s belongs to a match forfeited as a whole: undo the match forfeit "
            "on the match page to enter its results."
        )
        % {"board": row.board}
        for row in rows.only("game_id", "board")
        if row.game_id is not None
    }
