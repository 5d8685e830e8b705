"""The knockout cup's pages (K30–K39): views parse the request, call the services and render;
every rule, the permission, the transaction and the audit line are the services'."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chessclub.club_systems.knockout import Stage
from chessclub_web import refusals
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action
from chessclub_web.cups import services
from chessclub_web.cups.forms import SettingsForm
from chessclub_web.cups.models import ArmageddonWhite, CupMatch
from chessclub_web.refusals import Refused
from chessclub_web.tournaments.models import System, Tournament
from chessclub_web.tournaments.permissions import allowed_on, tournament_view


def _cup(row: Tournament) -> None:
    if row.system != System.KNOCKOUT:
        raise Http404("Not a knockout cup")


def _entry(request: HttpRequest, name: str = "player") -> int:
    text = str(request.POST.get(name, ""))
    number = refusals.ascii_number(text, 12)
    if number is None:
        raise services.CupBadInput(
            _("Choose a player of the match (“%(value)s” is none).") % {"value": text[:20]},
            field=name,
        )
    return number


def _context(request: HttpRequest, club: Club, row: Tournament, **extra: object) -> dict:  # type: ignore[type-arg]
    user = request.user
    return {
        "club": club,
        "tournament": row,
        "tab": "cup",
        "may_settings": allowed_on(user, row, Action.EDIT_TOURNAMENT_SETTINGS),
        "may_pair": allowed_on(user, row, Action.EDIT_PAIRINGS),
        "may_entries": allowed_on(user, row, Action.MANAGE_ENTRIES),
        **extra,
    }


def _bracket_context(request: HttpRequest, club: Club, row: Tournament) -> dict:  # type: ignore[type-arg]
    found = services.bracket(row)
    drawn = bool(found.rounds)
    return _context(
        request,
        club,
        row,
        bracket=found,
        drawn=drawn,
        draw_refusal=services.draw_refusal(row),
        pair_refusal=services.pairing_refusal(row, found) if drawn else None,
        entrants=services.entrants(row) if not drawn else [],
        lower_rated_rule=services.armageddon_rule(found.settings) == ArmageddonWhite.LOWER_RATED,
        stage_names=stage_names(found.chain),
    )


def stage_names(chain: tuple[Stage, ...]) -> list[str]:
    names = []
    for index, stage in enumerate(chain):
        if index == 0:
            name = _("Main games")
        elif stage.kind == "armageddon":
            name = _("Armageddon")
        elif stage.kind == "lot":
            name = _("Lot")
        elif stage.repeat:
            name = _("Sudden death")
        else:
            name = _("Tie-break games")
        if stage.time_control:
            name = f"{name} ({stage.time_control})"
        names.append(name)
    return names


@require_safe
@tournament_view()
def cup_bracket(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K39: the bracket, every cup round with its matches, games and winners."""
    _cup(row)
    return render(request, "cups/bracket.html", _bracket_context(request, club, row))


@require_safe
@tournament_view()
def cup_bracket_pdf(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K39: the bracket as a PDF (A4 landscape)."""
    from chessclub_web.documents.rendering import PDF_TYPE, pdf

    _cup(row)
    page = render_to_string("cups/bracket_print.html", _bracket_context(request, club, row))
    response = HttpResponse(pdf([page]), content_type=PDF_TYPE)
    response["Content-Disposition"] = f'inline; filename="cup-{row.pk}.pdf"'
    return response


@require_safe
@tournament_view()
def cup_match(request: HttpRequest, club: Club, row: Tournament, cup_match: int) -> HttpResponse:
    """K39: a match's sheet, stage by stage: its games and the rows of the games to come."""
    _cup(row)
    found = services.bracket(row)
    state = next((s for r in found.rounds for s in r.states if s.match.pk == cup_match), None)
    if state is None:
        raise Http404("No such match")
    names = stage_names(found.chain)
    stages = []
    for index, stage in enumerate(found.chain):
        lines = [line for line in state.lines if line.stage == index]
        blank = 0
        if state.winner is None and stage.kind == "games":
            reached = state.decision is not None and state.decision.stage >= index
            if not lines and (reached or index == 0):
                blank = stage.games
            elif lines:
                blank = max(0, stage.games - len(lines))
        if stage.kind == "armageddon" and not lines and state.winner is None:
            blank = 1
        stages.append(
            {
                "name": names[index],
                "stage": stage,
                "lines": lines,
                "blank": range(blank),
                "points": state.points(index),
            }
        )
    context = _context(
        request,
        club,
        row,
        state=state,
        stages=stages,
        round_name=found.rounds[state.match.cup_round - 1].name,
    )
    if request.GET.get("format") == "pdf":
        from chessclub_web.documents.rendering import PDF_TYPE, pdf

        page = render_to_string("cups/match_print.html", context)
        response = HttpResponse(pdf([page]), content_type=PDF_TYPE)
        response["Content-Disposition"] = f'inline; filename="cup-match-{cup_match}.pdf"'
        return response
    return render(request, "cups/match.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.EDIT_TOURNAMENT_SETTINGS)
def cup_settings(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K31, K32: the match format, the seeding, the colours."""
    _cup(row)
    current = services.settings_of(row)
    status = 200
    error = ""
    if request.method == "POST":
        form = SettingsForm(request.POST, instance=current)
        if form.is_valid():
            try:
                services.save_settings(row, request.user, form.cleaned_data)
            except Refused as refused:
                error, status = str(refused), refused.status
                if refused.field in form.fields:
                    form.add_error(refused.field, error)
            else:
                messages.success(request, _("The cup's settings were saved."))
                return redirect(reverse("cup_settings", args=(club.number, row.pk)))
        else:
            status = 400
    else:
        form = SettingsForm(instance=current)
    return render(
        request,
        "cups/settings.html",
        _context(request, club, row, form=form, error=error, drawn=services.drawn(row)),
        status=status,
    )


def _back(club: Club, row: Tournament) -> HttpResponse:
    return redirect(reverse("cup_bracket", args=(club.number, row.pk)))


@require_POST
@tournament_view(Action.EDIT_PAIRINGS)
def cup_draw(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K33: draw the bracket, pair its first games (a draft round)."""
    _cup(row)
    seed = services.draw(row, request.user)
    messages.success(
        request,
        _("The bracket was drawn (seed %(seed)s); its first games are a draft round: publish it.")
        % {"seed": seed},
    )
    return _back(club, row)


@require_POST
@tournament_view(Action.EDIT_PAIRINGS)
def cup_pair(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K34: the next games (a draft round)."""
    _cup(row)
    round_row = services.pair_next(row, request.user)
    messages.success(
        request,
        _("Round %(round)s paired (draft): publish it, then enter its results.")
        % {"round": round_row.number},
    )
    return redirect(reverse("pairing_round", args=(club.number, row.pk, round_row.number)))


def _match_row(row: Tournament, match: int) -> CupMatch:
    return get_object_or_404(CupMatch, tournament=row, pk=match)


@require_POST
@tournament_view(Action.EDIT_PAIRINGS)
def cup_lot(request: HttpRequest, club: Club, row: Tournament, cup_match: int) -> HttpResponse:
    """K37: the lot's winner."""
    _cup(row)
    services.set_lot(row, request.user, _match_row(row, cup_match).pk, _entry(request))
    messages.success(request, _("The lot was recorded."))
    return _back(club, row)


@require_POST
@tournament_view(Action.EDIT_PAIRINGS)
def cup_armageddon(
    request: HttpRequest, club: Club, row: Tournament, cup_match: int
) -> HttpResponse:
    """K37: who has White in the Armageddon (drawn, or chosen by the lower-rated player)."""
    _cup(row)
    colour = str(request.POST.get("colour", "W"))
    services.set_armageddon_white(
        row, request.user, _match_row(row, cup_match).pk, _entry(request), colour
    )
    messages.success(request, _("White in the Armageddon was recorded."))
    return _back(club, row)


@require_POST
@tournament_view(Action.MANAGE_ENTRIES)
def cup_withdraw(request: HttpRequest, club: Club, row: Tournament, cup_match: int) -> HttpResponse:
    """K38: a player withdraws from their match."""
    _cup(row)
    services.withdraw(row, request.user, _match_row(row, cup_match).pk, _entry(request))
    messages.success(request, _("The withdrawal was recorded: the opponent goes through."))
    return _back(club, row)
