"""The Keizer competition's pages (K20–K24): views parse the request, call the services and
render; every rule, the permission, the transaction and the audit line are the services'."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chessclub_web import refusals
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action
from chessclub_web.keizer import services
from chessclub_web.keizer.forms import SettingsForm
from chessclub_web.keizer.models import DutyResult, Status
from chessclub_web.refusals import Refused
from chessclub_web.tournaments import screens
from chessclub_web.tournaments.models import RoundState, System, Tournament
from chessclub_web.tournaments.permissions import allowed_on, tournament_view
from chessclub_web.tournaments.presentation import localized


def _keizer(row: Tournament) -> None:
    if row.system != System.KEIZER:
        raise Http404("Not a Keizer competition")


def _number(request: HttpRequest, name: str, default: int | None) -> int | None:
    text = request.GET.get(name, "") or request.POST.get(name, "")
    if not text:
        return default
    number = refusals.ascii_number(text, 3)
    if number is None or (name == "evening" and number == 0):
        raise services.KeizerBadInput(
            _("“%(value)s” is not an evening number.") % {"value": text[:20]}, field=name
        )
    return number


def _context(request: HttpRequest, club: Club, row: Tournament, **extra: object) -> dict:  # type: ignore[type-arg]
    user = request.user
    return {
        "club": club,
        "tournament": row,
        "tab": "keizer",
        "may_settings": allowed_on(user, row, Action.EDIT_TOURNAMENT_SETTINGS),
        "may_attendance": allowed_on(user, row, Action.MANAGE_ENTRIES),
        "may_pair": allowed_on(user, row, Action.EDIT_PAIRINGS),
        **extra,
    }


@require_safe
@tournament_view()
def keizer_standings(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K22: the Keizer table after an evening (``?after=``), recalculated now."""
    _keizer(row)
    after = _number(request, "after", None)
    table = services.standings(row, after)
    last = services.next_evening(row) - 1
    return render(
        request,
        "keizer/standings.html",
        _context(
            request,
            club,
            row,
            table=table,
            evenings=range(1, last + 1),
            rules=services.rules_of(services.settings_of(row)),
        ),
    )


@require_safe
@tournament_view()
def keizer_player(request: HttpRequest, club: Club, row: Tournament, entry: int) -> HttpResponse:
    """K22: one player's score term by term."""
    _keizer(row)
    player = get_object_or_404(row.players, pk=entry)
    after = _number(request, "after", None)
    terms = services.explanation(row, player, after)
    names = dict(row.players.values_list("pk", "name"))
    lines = [(term, names.get(term.opponent, "") if term.opponent else "") for term in terms]
    total = sum((t.points for t in terms), start=0)
    return render(
        request,
        "keizer/player.html",
        _context(request, club, row, player=player, lines=lines, total=total),
    )


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.EDIT_TOURNAMENT_SETTINGS)
def keizer_settings(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K21: a preset or every parameter."""
    _keizer(row)
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
            else:
                messages.success(request, _("The Keizer parameters were saved."))
                return redirect(reverse("keizer_settings", args=(club.number, row.pk)))
        else:
            status = 400
    else:
        form = SettingsForm(instance=current)
    return render(
        request,
        "keizer/settings.html",
        _context(request, club, row, form=form, error=error),
        status=status,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.MANAGE_ENTRIES)
def keizer_attendance(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K24: one row per player, one tap each (radio buttons, no JavaScript needed)."""
    _keizer(row)
    evening = _number(request, "evening", services.next_evening(row)) or 1
    status = 200
    error = ""
    if request.method == "POST":
        marks: dict[int, tuple[str, str]] = {}
        for key, value in request.POST.items():
            pid = refusals.ascii_number(key[1:], 18) if key.startswith("p") else None
            if pid is not None:
                marks[pid] = (str(value), str(request.POST.get(f"r{pid}", "")))
        try:
            changed = services.set_attendance(row, request.user, evening, marks)
        except Refused as refused:
            error, status = str(refused), refused.status
        else:
            messages.success(
                request, _("Attendance saved (%(count)s change(s)).") % {"count": changed}
            )
            url = reverse("keizer_attendance", args=(club.number, row.pk))
            return redirect(f"{url}?evening={evening}")
    marks_now = services.attendance_of(row, evening)
    lines = [
        {
            "entry": entry,
            "status": marks_now[entry.pk].status if entry.pk in marks_now else Status.PRESENT,
            "result": marks_now[entry.pk].duty_result if entry.pk in marks_now else "",
        }
        for entry in services.active_entries(row, evening)
    ]
    return render(
        request,
        "keizer/attendance.html",
        _context(
            request,
            club,
            row,
            evening=evening,
            lines=lines,
            statuses=Status.choices,
            results=[c for c in DutyResult.choices if c[0]],
            error=error,
            paired=row.rounds.filter(number=evening).exists(),
            refusal=services.pairing_refusal(row),
            next_evening=services.next_evening(row),
        ),
        status=status,
    )


@require_POST
@tournament_view(Action.EDIT_PAIRINGS)
def keizer_pair(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K7, K8: pair the next evening from the current ranking (a draft round)."""
    _keizer(row)
    round_row, warnings = services.pair_next_evening(row, request.user)
    for warning in warnings:
        messages.warning(request, warning)
    messages.success(
        request,
        _("Evening %(evening)s paired (draft): publish it, then enter its results.")
        % {"evening": round_row.number},
    )
    return redirect(reverse("keizer_evening", args=(club.number, row.pk, round_row.number)))


@require_safe
@tournament_view()
def keizer_evening(request: HttpRequest, club: Club, row: Tournament, evening: int) -> HttpResponse:
    """An evening's boards, bye and absences, printable."""
    _keizer(row)
    round_row = get_object_or_404(row.rounds, number=evening)
    games = round_row.games.select_related("white", "black").order_by("board")
    byes = round_row.byes.select_related("player")
    absent = services.attendance_of(row, evening)
    names = dict(row.players.values_list("pk", "name"))
    away = [(names[pid], line) for pid, line in sorted(absent.items())]
    return render(
        request,
        "keizer/evening.html",
        _context(request, club, row, round_row=round_row, games=games, byes=byes, away=away),
    )


@dataclass(frozen=True)
class ScreenLine:
    """A line of the Keizer standings screen: Keizer points written for the language."""

    rank: int
    number: int
    name: str
    value: int
    points: str
    games: int


def keizer_screen(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """K28: the hall's standings screen of a Keizer competition (``screens``, registered by
    ``keizer.apps``; reached through the tournament's standings screen, its permission and
    ``ETag``): the Keizer ranking after the last published evening, recalculated now (K22),
    in large type, turning page by page like the FIDE one."""
    published = (
        row.rounds.filter(state=RoundState.PUBLISHED)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    table = services.standings(row, published or 0)
    separator = get_format("DECIMAL_SEPARATOR")
    lines = [
        ScreenLine(
            rank=line.rank,
            number=line.player.pairing_number,
            name=line.player.name,
            value=line.value,
            points=localized(services.points_text(line.score), separator),
            games=line.games,
        )
        for line in table.rows
    ]
    shown, paging = screens.page_of(request, lines, screens.STANDINGS_PER_PAGE)
    return screens.render_screen(
        request,
        "keizer/screen_standings_body.html",
        {
            "club": club,
            "tournament": row,
            "table": table,
            "rows": shown,
            "screen_title": _("Keizer standings"),
        },
        paging,
    )
