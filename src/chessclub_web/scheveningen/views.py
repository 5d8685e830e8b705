"""The Scheveningen match's pages (K40–K44): views parse the request, call the services and
render; every rule, the permission, the transaction and the audit line are the services'."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chessclub_web import refusals
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action
from chessclub_web.documents import rendering
from chessclub_web.refusals import Refused
from chessclub_web.scheveningen import services
from chessclub_web.scheveningen.forms import SetupForm, seat_field
from chessclub_web.scheveningen.models import Primary, Team
from chessclub_web.tournaments.models import RoundState, System, Tournament
from chessclub_web.tournaments.permissions import allowed_on, tournament_view


def _scheveningen(row: Tournament) -> None:
    if row.system != System.SCHEVENINGEN:
        raise Http404("Not a Scheveningen match")


def _after(request: HttpRequest) -> int | None:
    text = request.GET.get("after", "")
    if not text:
        return None
    number = refusals.ascii_number(text, 3)
    if number is None:
        raise services.ScheveningenBadInput(
            _("“%(value)s” is not a round number.") % {"value": text[:20]}, field="after"
        )
    return number


def _url(name: str, club: Club, row: Tournament) -> str:
    return reverse(name, args=(club.number, row.pk))


def _context(request: HttpRequest, club: Club, row: Tournament, **extra: object) -> dict[str, Any]:
    user = request.user
    return {
        "club": club,
        "tournament": row,
        "tab": "scheveningen",
        "may_setup": allowed_on(user, row, Action.EDIT_TOURNAMENT_SETTINGS),
        "may_pair": allowed_on(user, row, Action.EDIT_PAIRINGS),
        "may_publish": allowed_on(user, row, Action.PUBLISH_ROUND),
        "may_results": allowed_on(user, row, Action.ENTER_RESULTS),
        **extra,
    }


def _match_context(request: HttpRequest, club: Club, row: Tournament) -> dict[str, Any]:
    found = services.score(row, _after(request))
    return _context(
        request,
        club,
        row,
        score=found,
        after_choices=range(0, (found.total_rounds if found else 0) + 1),
        refusal=services.setup_refusal(row),
        drafts=row.rounds.filter(state=RoundState.DRAFT).count(),
        forfeits=len(services.pending_forfeits(row)),
        primary_is_match_points=bool(found and found.match.primary == Primary.MATCH_POINTS),
    )


@require_safe
@tournament_view()
def scheveningen_match(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K42: the match's score, round by round and in total, and the players' ranking, after
    a round (``?after=``); ``?format=pdf``: the same as a PDF."""
    _scheveningen(row)
    context = _match_context(request, club, row)
    if request.GET.get("format") == "pdf":
        page = render_to_string("scheveningen/match_print.html", context, request=request)
        response = HttpResponse(rendering.pdf([page]), content_type=rendering.PDF_TYPE)
        response["Content-Disposition"] = f'inline; filename="scheveningen-{row.pk}.pdf"'
        return response
    return render(request, "scheveningen/match.html", context)


def _players(row: Tournament) -> list[tuple[int, str]]:
    return [(e.pk, e.name) for e in row.players.order_by("pairing_number")]


def _initial(row: Tournament) -> dict[str, Any]:
    match = services.match_of(row)
    initial: dict[str, Any] = {"primary": Primary.GAME_POINTS}
    if match is not None:
        initial.update(
            team_a=match.team_a, team_b=match.team_b, double=match.double, primary=match.primary
        )
    for (team, board), entry in services.lineup(row).items():
        initial[seat_field(team, board)] = entry.pk
    return initial


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.EDIT_TOURNAMENT_SETTINGS)
def scheveningen_setup(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K40: the teams' names and line-ups, single or double, the primary score."""
    _scheveningen(row)
    status = 200
    error = ""
    if request.method == "POST":
        form = SetupForm(request.POST, players=_players(row))
        if form.is_valid():
            data = form.cleaned_data
            try:
                services.save_setup(
                    row,
                    request.user,
                    team_a=data["team_a"],
                    team_b=data["team_b"],
                    a_ids=form.seats(Team.A),
                    b_ids=form.seats(Team.B),
                    double=bool(data["double"]),
                    primary=data["primary"],
                )
            except Refused as refused:
                error, status = str(refused), refused.status
                if refused.field in form.fields:
                    form.add_error(refused.field, str(refused))
            else:
                messages.success(request, _("The match's set-up was saved."))
                return redirect(_url("scheveningen_setup", club, row))
        else:
            status = 400
            error = _("Check the fields marked below.")
    else:
        form = SetupForm(initial=_initial(row), players=_players(row))
    return render(
        request,
        "scheveningen/setup.html",
        _context(
            request,
            club,
            row,
            form=form,
            error=error,
            locked=services.started(row),
            team_a_fields=form.team_fields(Team.A),
            team_b_fields=form.team_fields(Team.B),
            player_count=row.players.count(),
            refusal=services.setup_refusal(row),
        ),
        status=status,
    )


@require_POST
@tournament_view(Action.EDIT_PAIRINGS)
def scheveningen_make_rounds(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K41: make every round of the table (drafts)."""
    _scheveningen(row)
    made = services.make_rounds(row, request.user)
    messages.success(
        request,
        _(
            "%(count)s round(s) made from the Scheveningen table (drafts): publish them on the "
            "pairing page, one by one or all at once, then enter the results on the boards page."
        )
        % {"count": len(made)},
    )
    return redirect(_url("scheveningen_match", club, row))


@require_POST
@tournament_view(Action.PUBLISH_ROUND)
def scheveningen_publish(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K41: publish every draft round at once."""
    _scheveningen(row)
    published = services.publish_all(row, request.user)
    messages.success(request, _("%(count)s round(s) published.") % {"count": len(published)})
    return redirect(_url("scheveningen_match", club, row))


@require_POST
@tournament_view(Action.ENTER_RESULTS)
def scheveningen_forfeits(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K43: enter the forfeits of the withdrawn players' games."""
    _scheveningen(row)
    written = services.enter_forfeits(row, request.user)
    messages.success(request, _("Forfeits entered: %(count)s board(s).") % {"count": written})
    return redirect(_url("scheveningen_match", club, row))
