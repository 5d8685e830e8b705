"""Players report their own results: the one home of the rules (``docs/rules/player-reports.md``).

- **J1** an account speaks for a roster player once the club's staff (the right to manage
  the roster) links it; one account per roster player, an account may speak for several.
- **J2** a tournament takes reports only once switched on (by who may change its settings),
  and only while open.
- **J3** a linked player reports the result of their own game in a published round, while the
  game has no result entered by an arbiter: ``1-0``, ``=`` or ``0-1`` (forfeits and the rest
  are the arbiter's). The report carries the game's version as read (spec R3): a game changed
  since is refused (409).
- **J4** the opponent's report of the **same** result confirms it: the result is saved
  through the boards' service (spec R2–R5), marked *reported by the players*, by the
  confirming player. A **different** result leaves both reports proposed: an arbiter decides.
- **J5** an arbiter (the right to enter results) accepts a report — the result is saved as
  the arbiter's, through the same service — or rejects it.
- **J6** an arbiter's entry always wins: a report stands only while the game keeps the version
  it was made on; any save of the board (page, API, an accepted report) leaves the older reports
  without effect (shown as replaced), and a game with a result takes no report.
- **J7** a player's new report of the same game replaces their previous one.
- **J8** every step — linking, switching, proposing, confirming, accepting, rejecting — is a
  line of the audit log (the tournament's history, or the club's for links).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub_web import refusals
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.clubs.models import Player as RosterPlayer
from chessclub_web.clubs.permissions import Action, allowed
from chessclub_web.reports.models import (
    PlayerAccount,
    ReportedResult,
    ReportSettings,
    ReportState,
    Side,
)
from chessclub_web.results.models import Via
from chessclub_web.results.services import Change, save_results
from chessclub_web.tournaments.models import Game, RoundState, Tournament
from chessclub_web.tournaments.permissions import allowed_on

#: What a player may report (J3).
PLAYER_RESULTS = ("1-0", "=", "0-1")


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise refusals.NotAllowed(message)


# --- J1: links -------------------------------------------------------------------------------


def find_account(text: str) -> Any:
    """The active account whose user name or e-mail is ``text`` (any case); ``BadInput``
    (400, field ``account``) when there is none or the e-mail names several."""
    users = get_user_model().objects.filter(is_active=True)
    text = text.strip()
    found = list(users.filter(Q(username__iexact=text) | Q(email__iexact=text))[:2]) if text else []
    if len(found) != 1:
        raise refusals.BadInput(
            _("No single account has this user name or e-mail: %(text)s.") % {"text": text},
            field="account",
        )
    return found[0]


def link_account(player: RosterPlayer, account: Any, by: Any) -> PlayerAccount:
    """J1: ``account`` speaks for roster ``player`` from now on (replacing an earlier link of
    that player). ``by`` needs the right to manage the club's roster (403)."""
    club = player.club
    _require(
        allowed(by, club, Action.MANAGE_ROSTER),
        _("Linking accounts to players needs the right to manage the club's players."),
    )
    with transaction.atomic():
        link, _created = PlayerAccount.objects.update_or_create(
            player=player, defaults={"user": account, "linked_by": by, "linked_at": timezone.now()}
        )
        for tournament_id in _tournaments_of(player):
            record(
                AuditAction.ACCOUNT_LINKED,
                tournament_id,
                by,
                gettext_noop("Account %(account)s linked to %(player)s."),
                {"account": account.get_username(), "player": _player_name(player)},
            )
    return link


def unlink_account(player: RosterPlayer, by: Any) -> None:
    """J1: ``player`` has no account any more (``by`` as for :func:`link_account`)."""
    _require(
        allowed(by, player.club, Action.MANAGE_ROSTER),
        _("Linking accounts to players needs the right to manage the club's players."),
    )
    with transaction.atomic():
        link = PlayerAccount.objects.filter(player=player).select_related("user").first()
        if link is None:
            return
        link.delete()
        for tournament_id in _tournaments_of(player):
            record(
                AuditAction.ACCOUNT_UNLINKED,
                tournament_id,
                by,
                gettext_noop("Account %(account)s unlinked from %(player)s."),
                {"account": link.user.get_username(), "player": _player_name(player)},
            )


def _tournaments_of(player: RosterPlayer) -> list[int]:
    """The open tournaments the roster player is entered in (their histories get the line)."""
    return list(
        Tournament.objects.filter(players__roster_player=player, closed_at__isnull=True)
        .values_list("pk", flat=True)
        .distinct()
    )


def _player_name(player: RosterPlayer) -> str:
    return f"{player.surname}, {player.first_name}" if player.first_name else player.surname


# --- J2: the switch ----------------------------------------------------------------------------


def takes_reports(tournament: Tournament) -> bool:
    """J2: switched on and open."""
    if tournament.closed_at is not None:
        return False
    return ReportSettings.objects.filter(tournament=tournament, player_reports=True).exists()


def set_player_reports(tournament: Tournament, on: bool, by: Any) -> None:
    """J2: switch the tournament's players' reports on or off (``by`` needs the right to
    change its settings, 403; a closed tournament 409)."""
    _require(
        allowed_on(by, tournament, Action.EDIT_TOURNAMENT_SETTINGS),
        _("Switching players' reports needs the right to change the tournament's settings."),
    )
    refusals.require_open(tournament)
    with transaction.atomic():
        row, _created = ReportSettings.objects.get_or_create(tournament=tournament)
        if row.player_reports == on:
            return
        row.player_reports = on
        row.save(update_fields=["player_reports"])
        record(
            AuditAction.REPORTS_SWITCHED,
            tournament,
            by,
            gettext_noop("Players' reports switched on.")
            if on
            else gettext_noop("Players' reports switched off."),
        )


# --- J3–J7: reports -------------------------------------------------------------------------


def sides_of(user: Any, game: Game) -> list[str]:
    """The sides of ``game`` ``user`` speaks for (J1): ``["white"]``, ``["black"]``, both
    for an account linked to both players, or none."""
    if not getattr(user, "is_authenticated", False):
        return []
    linked = set(PlayerAccount.objects.filter(user=user).values_list("player_id", flat=True))
    sides = []
    if game.white.roster_player_id in linked:
        sides.append(Side.WHITE.value)
    if game.black.roster_player_id in linked:
        sides.append(Side.BLACK.value)
    return sides


def standing_reports(game: Game) -> QuerySet[ReportedResult]:
    """J6: the game's proposed reports that still stand (made on its current version)."""
    return ReportedResult.objects.filter(
        game=game, state=ReportState.PROPOSED, version=game.version
    ).select_related("reported_by")


def _game_for_update(game_id: int) -> Game:
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("round__tournament__club", "white", "black")
        .get(pk=game_id)
    )


@dataclass(frozen=True)
class Reported:
    """What a report did: ``report`` (the row), ``saved`` (the result is now stored, J4)."""

    report: ReportedResult
    saved: bool


def report(game: Game, user: Any, result: str, version: int, side: str = "") -> Reported:
    """J3, J4, J7: ``user`` reports ``result`` for ``game`` read at ``version``. ``side``:
    which player they speak for when linked to both (else their one side).

    Refused, nothing stored: not linked to a player of the game (403); the tournament does not
    take reports, the round is not published, the game has a result, or it changed since
    ``version`` (409); a result other than ``1-0``, ``=``, ``0-1`` (400, field ``result``)."""
    if result not in PLAYER_RESULTS:
        raise refusals.BadInput(
            _("A player reports 1-0, = or 0-1; other results are the arbiter's."), field="result"
        )
    with transaction.atomic():
        fresh = _game_for_update(game.pk)
        tournament = fresh.round.tournament
        sides = sides_of(user, fresh)
        if side:
            sides = [s for s in sides if s == side]
        _require(bool(sides), _("Your account is not linked to a player of this game."))
        mine = sides[0]
        if not takes_reports(tournament):
            raise refusals.Conflict(_("This tournament does not take the players' results."))
        if fresh.round.state != RoundState.PUBLISHED:
            raise refusals.Conflict(_("This round is not published."))
        if fresh.result:
            raise refusals.Conflict(
                _("An arbiter has entered this game's result: %(result)s.")
                % {"result": fresh.result}
            )
        if fresh.version != version:
            raise refusals.Conflict(
                _("This game changed since you read it: read it again."), field="version"
            )
        standing = list(standing_reports(fresh))
        for old in standing:
            if old.side == mine:  # J7
                old.state = ReportState.SUPERSEDED
                old.save(update_fields=["state"])
        row = ReportedResult.objects.create(
            game=fresh, side=mine, reported_by=user, result=result, version=fresh.version
        )
        _line(AuditAction.REPORT_PROPOSED, fresh, user, result, mine)
        opponent = [old for old in standing if old.side != mine]
        if opponent and opponent[-1].result == result:  # J4: confirmed
            _save(fresh, result, user, via=Via.PLAYER)
            for done in (row, opponent[-1]):
                done.state = ReportState.CONFIRMED
                done.decided_by = user
                done.decided_at = timezone.now()
                done.save(update_fields=["state", "decided_by", "decided_at"])
            _line(AuditAction.REPORT_CONFIRMED, fresh, user, result, mine)
            return Reported(row, True)
    return Reported(row, False)


def confirm(proposal: ReportedResult, user: Any) -> Reported:
    """J4: the opponent confirms ``proposal`` (the same as reporting its result)."""
    game = proposal.game
    other = Side.BLACK.value if proposal.side == Side.WHITE.value else Side.WHITE.value
    return report(game, user, proposal.result, proposal.version, side=other)


def decide(proposal: ReportedResult, accept: bool, by: Any) -> ReportedResult:
    """J5: an arbiter accepts (the result is saved as theirs) or rejects ``proposal``.
    Refused: no right to enter the results (403); the report no longer stands (the game
    changed since, J6, or it was decided) (409)."""
    with transaction.atomic():
        fresh = _game_for_update(proposal.game_id)
        tournament = fresh.round.tournament
        _require(
            allowed_on(by, tournament, Action.ENTER_RESULTS),
            _("Deciding on the players' results needs the right to enter results."),
        )
        row = ReportedResult.objects.select_for_update().get(pk=proposal.pk)
        if row.state != ReportState.PROPOSED or row.version != fresh.version:
            raise refusals.Conflict(_("This report no longer stands: the game changed since."))
        if accept:
            # The arbiter's line, marked as the player's report it takes (J5, J8).
            _save(fresh, row.result, by, via=Via.PLAYER)
        row.state = ReportState.ACCEPTED if accept else ReportState.REJECTED
        row.decided_by = by
        row.decided_at = timezone.now()
        row.save(update_fields=["state", "decided_by", "decided_at"])
        _line(
            AuditAction.REPORT_ACCEPTED if accept else AuditAction.REPORT_REJECTED,
            fresh,
            by,
            row.result,
            row.side,
        )
    return row


def _save(game: Game, result: str, user: Any, *, via: str) -> None:
    outcome = save_results(
        game.round.tournament, game.round, [Change(game.pk, result, game.version)], user, via=via
    )
    if not outcome.ok:
        raise refusals.Conflict(_("This game changed since you read it: read it again."))


def _line(action: AuditAction, game: Game, user: Any, result: str, side: str) -> None:
    messages = {
        AuditAction.REPORT_PROPOSED: gettext_noop(
            "Round %(round)s, board %(board)s: %(player)s proposes %(to)s."
        ),
        AuditAction.REPORT_CONFIRMED: gettext_noop(
            "Round %(round)s, board %(board)s: %(player)s confirms %(to)s."
        ),
        AuditAction.REPORT_ACCEPTED: gettext_noop(
            "Round %(round)s, board %(board)s: %(to)s proposed by %(player)s accepted."
        ),
        AuditAction.REPORT_REJECTED: gettext_noop(
            "Round %(round)s, board %(board)s: %(to)s proposed by %(player)s rejected."
        ),
    }
    player = game.white if side == Side.WHITE.value else game.black
    record(
        action,
        game.round.tournament,
        user,
        messages[action],
        {
            "round": game.round.number,
            "board": game.board if game.board is not None else "",
            "player": player.name,
            "to": result,
        },
        round_number=game.round.number,
        board=game.board,
        game_id=game.pk,
    )


# --- what the pages show ------------------------------------------------------------------------


@dataclass(frozen=True)
class MyGame:
    """A game of "Mes parties": the game, the side the account speaks for, the standing
    reports (``mine``, ``theirs``), whether the account may report now."""

    game: Game
    side: str
    mine: ReportedResult | None
    theirs: ReportedResult | None
    open: bool


def my_games(user: Any) -> list[MyGame]:
    """The linked players' games in published rounds of open tournaments that take reports,
    newest round first (J1–J3)."""
    linked = list(PlayerAccount.objects.filter(user=user).values_list("player_id", flat=True))
    if not linked:
        return []
    games = (
        Game.objects.filter(
            Q(white__roster_player__in=linked) | Q(black__roster_player__in=linked),
            round__state=RoundState.PUBLISHED,
            round__tournament__closed_at__isnull=True,
            round__tournament__report_settings__player_reports=True,
        )
        .select_related("round__tournament__club", "white", "black")
        .order_by("-round__tournament_id", "-round__number", "board")
    )
    out = []
    for game in games:
        side = Side.WHITE.value if game.white.roster_player_id in linked else Side.BLACK.value
        standing = {r.side: r for r in standing_reports(game)}
        other = Side.BLACK.value if side == Side.WHITE.value else Side.WHITE.value
        out.append(MyGame(game, side, standing.get(side), standing.get(other), not game.result))
    return out


def proposals_of_round(round_row: Any) -> dict[int, list[ReportedResult]]:
    """J6: the standing reports of a round's games (game id → reports), for the boards page."""
    found: dict[int, list[ReportedResult]] = {}
    rows = (
        ReportedResult.objects.filter(game__round=round_row, state=ReportState.PROPOSED)
        .select_related("game", "reported_by")
        .order_by("created_at", "pk")
    )
    for row in rows:
        if row.version == row.game.version and not row.game.result:
            found.setdefault(row.game_id, []).append(row)
    return found
