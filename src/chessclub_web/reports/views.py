"""The players' reports pages (``docs/rules/player-reports.md``).

- ``/accounts/games/`` (:func:`my_games`, *Mes parties*): the games of the players the account
  is linked to, in tournaments that take reports; each with a form to report the result
  (``1-0``, ``=``, ``0-1``) or to confirm the opponent's. Login required.
- ``/clubs/<number>/tournaments/<pk>/reports/`` (:func:`tournament_reports`): the switch, the
  links of the tournament's players to accounts, the reports waiting for an arbiter with
  *Accepter* / *Refuser*. Shown to who enters results; each action checks its own right in
  the service (J1, J2, J5).

Every change is a plain POST form (no JavaScript needed), CSRF-protected, answered by a
redirect with a message (post-redirect-get); a refusal is the service's 4xx page.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from chessclub_web import refusals
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action
from chessclub_web.reports import services
from chessclub_web.reports.models import PlayerAccount, ReportedResult, ReportState
from chessclub_web.tournaments.models import Game, Tournament, result_label
from chessclub_web.tournaments.permissions import tournament_view


def _int(value: object) -> int:
    try:
        number = int(str(value))
    except (TypeError, ValueError):
        raise refusals.BadInput(_("A number is missing or wrong in the form.")) from None
    if not 0 < number <= 2_147_483_647:
        raise refusals.BadInput(_("A number is missing or wrong in the form."))
    return number


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def my_games(request: HttpRequest) -> HttpResponseBase:
    """*Mes parties* (J3, J4)."""
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "report":
            game = Game.objects.filter(pk=_int(request.POST.get("game"))).first()
            if game is None:
                raise Http404(_("No such game."))
            done = services.report(
                game,
                request.user,
                request.POST.get("result", ""),
                _int(request.POST.get("version")),
                side=request.POST.get("side", ""),
            )
            messages.success(
                request,
                _("Result confirmed and saved: %(result)s.") % {"result": done.report.result}
                if done.saved
                else _("Result proposed: %(result)s. Your opponent or an arbiter confirms it.")
                % {"result": done.report.result},
            )
        elif action == "confirm":
            proposal = ReportedResult.objects.filter(pk=_int(request.POST.get("report"))).first()
            if proposal is None:
                raise Http404(_("No such report."))
            services.confirm(proposal, request.user)
            messages.success(
                request, _("Result confirmed and saved: %(result)s.") % {"result": proposal.result}
            )
        else:
            raise refusals.BadInput(_("Unknown action."))
        return redirect("my_games")
    return render(
        request,
        "reports/my_games.html",
        {
            "games": services.my_games(request.user),
            "results": [(code, result_label(code)) for code in services.PLAYER_RESULTS],
        },
    )


@tournament_view(Action.ENTER_RESULTS)
def tournament_reports(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    """The arbiters' page of a tournament's players' reports (J1, J2, J5)."""
    if request.method == "POST":
        action = request.POST.get("action", "")
        user = request.user
        if action in ("switch_on", "switch_off"):
            services.set_player_reports(tournament, action == "switch_on", user)
            messages.success(request, _("Saved."))
        elif action in ("accept", "reject"):
            proposal = ReportedResult.objects.filter(
                pk=_int(request.POST.get("report")), game__round__tournament=tournament
            ).first()
            if proposal is None:
                raise Http404(_("No such report."))
            services.decide(proposal, action == "accept", user)
            messages.success(request, _("Accepted.") if action == "accept" else _("Rejected."))
        elif action in ("link", "unlink"):
            entry = tournament.players.filter(pk=_int(request.POST.get("entry"))).first()
            if entry is None or entry.roster_player is None:
                raise refusals.BadInput(
                    _("This entry is not linked to a player of the club's roster."), field="entry"
                )
            if action == "link":
                account = services.find_account(request.POST.get("account", ""))
                services.link_account(entry.roster_player, account, user)
                messages.success(
                    request,
                    _("%(account)s now reports for %(player)s.")
                    % {"account": account.get_username(), "player": entry.name},
                )
            else:
                services.unlink_account(entry.roster_player, user)
                messages.success(request, _("Link removed."))
        else:
            raise refusals.BadInput(_("Unknown action."))
        return redirect(reverse("tournament_reports", args=(club.number, tournament.pk)))
    entries = list(tournament.players.select_related("roster_player").order_by("pairing_number"))
    links = {
        link.player_id: link
        for link in PlayerAccount.objects.filter(
            player_id__in=[e.roster_player_id for e in entries if e.roster_player_id]
        ).select_related("user")
    }
    waiting = [
        row
        for row in ReportedResult.objects.filter(
            game__round__tournament=tournament, state=ReportState.PROPOSED
        )
        .select_related("game__round", "game__white", "game__black", "reported_by")
        .order_by("game__round__number", "game__board", "created_at")
        if row.version == row.game.version and not row.game.result
    ]
    return render(
        request,
        "reports/tournament_reports.html",
        {
            "club": club,
            "tournament": tournament,
            "tab": "calendar",
            "on": services.takes_reports(tournament),
            "closed": tournament.closed_at is not None,
            "entries": [
                (e, links.get(e.roster_player_id) if e.roster_player_id else None) for e in entries
            ],
            "waiting": waiting,
        },
    )
