"""Pages of the closing app: *Clôturer* (C1, C2), *Variations Elo* (E9), the roster and each
player's club Elo history (E1, E8, E9).

Permissions (``chessclub_web.tournaments.permissions``): a tournament's pages (*Clôturer*,
*Variations Elo*) go through ``tournament_view``: seen by whoever sees the tournament (a public
club: everyone; a private one: its members and the creator of an independent tournament), closing
and the early end need ``CLOSE_TOURNAMENT`` on the tournament (``allowed_on``: owner,
administrators, the creator of an independent tournament, member of its club or not); the
roster's pages are club pages (``club_view``), its changes need ``MANAGE_ROSTER``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.db import IntegrityError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from chessclub.ratings.club_elo import FIRST_RATING_CAP, FIRST_RATING_FLOOR, FIRST_RATING_GAMES
from chessclub_web.background.views import follow
from chessclub_web.closing import jobs as closing_jobs
from chessclub_web.closing import services
from chessclub_web.closing.charts import elo_chart
from chessclub_web.closing.forms import CloseForm, EarlyEndForm, PlayerForm
from chessclub_web.closing.models import Closure, FinalStanding
from chessclub_web.clubs.models import Club, Player
from chessclub_web.clubs.permissions import Action, allowed, club_view
from chessclub_web.tournaments.models import Kind, TimeControlCategory, Tournament
from chessclub_web.tournaments.permissions import tournament_view


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.CLOSE_TOURNAMENT)
def close(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    """C1/C2: what prevents closing, the early end's preview, *Date de fin* and confirmation.

    POST ``action=end_early`` (``after_round``, ``confirm_end``) ends a Swiss early; POST
    ``action=close`` (``end_date``, ``confirm``) closes. 400 with the form for a bad date or a
    missing confirmation, 409 when the tournament cannot be closed (blockers, already closed).
    """
    status = 200
    close_form = CloseForm(tournament=tournament)
    early_form: EarlyEndForm | None = None
    error = ""
    if request.method == "POST" and not tournament.is_closed:
        action = request.POST.get("action", "close")
        if action not in ("close", "end_early"):
            error, status = _("Unknown action: nothing was done."), 400
        elif action == "end_early":
            early_form = EarlyEndForm(request.POST)
            if early_form.is_valid():
                try:
                    services.end_early(
                        tournament, early_form.cleaned_data["after_round"], request.user
                    )
                except services.ClosingError as exc:
                    error, status = str(exc), 409
                else:
                    messages.success(
                        request,
                        _("The tournament ends after round %(round)s; it can now be closed.")
                        % {"round": early_form.cleaned_data["after_round"]},
                    )
                    return redirect("close", club.number, tournament.pk)
            else:
                status = 400
        else:
            close_form = CloseForm(request.POST, tournament=tournament)
            if close_form.is_valid():
                # A background job: the final standings and the club Elo from this
                # tournament on can take longer than a request may run.
                job = closing_jobs.submit_close(
                    tournament, request.user, close_form.cleaned_data["end_date"]
                )
                followed = follow(request, job)
                if followed is not None:
                    return followed
                error, status = job.message, job.status_code
            else:
                status = 400
    elif request.method == "POST":
        error, status = _("This tournament is already closed."), 409
    tournament.refresh_from_db()
    context: dict[str, object] = {
        "club": club,
        "tournament": tournament,
        "tab": "close",
        "error": error,
    }
    if tournament.is_closed:
        closure = Closure.objects.filter(tournament=tournament).first()
        context.update(
            closure=closure,
            codes=closure.codes if closure else [],
            standings=_standings(tournament, closure),
            is_club=tournament.kind == Kind.CLUB,
        )
    else:
        preview = services.early_end_preview(tournament)
        if preview is not None and early_form is None:
            early_form = EarlyEndForm(initial={"after_round": preview.after_round})
        context.update(
            blockers=services.closing_blockers(tournament),
            preview=preview,
            close_form=close_form,
            early_form=early_form,
        )
    return render(request, "closing/close.html", context, status=status)


def _standings(tournament: Tournament, closure: Closure | None) -> list[dict[str, object]]:
    codes = closure.codes if closure else []
    return [
        {
            "rank": row.rank,
            "pairing_number": row.pairing_number,
            "name": row.name,
            "rating": row.rating,
            "fictitious_rating": row.fictitious_rating,
            "points": row.points,
            "tiebreaks": [row.tiebreaks.get(code, "") for code in codes],
        }
        for row in FinalStanding.objects.filter(tournament=tournament).order_by("position")
    ]


def _fraction(text: str) -> Decimal:
    """``7/2`` → ``3.5`` (:func:`~chessclub_web.closing.services.elo_decimal`)."""
    return services.elo_decimal(text)


@require_safe
@tournament_view()
def elo_changes(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    """E9: the *Variations Elo* of a closed club tournament (404 for any other)."""
    if not services.has_elo_changes(tournament):
        raise Http404("No Elo changes")
    changes, without = services.elo_changes(tournament)
    elo_rows: list[dict[str, Any]] = [
        {
            "pairing_number": change.pairing_number,
            "name": change.name,
            "player": change.player,
            "ro": change.row.ro,
            "k": change.row.k,
            "games": change.row.games,
            "score": _fraction(change.row.score),
            "expected": _fraction(change.row.expected),
            "delta": change.row.delta,
            "rn": change.row.rn,
        }
        for change in changes
    ]
    return render(
        request,
        "closing/elo_changes.html",
        {
            "club": club,
            "tournament": tournament,
            "tab": "elo",
            "rows": elo_rows,
            "without": without,
        },
    )


@require_safe
@club_view()
def roster(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's players with their club Elo now, per time control (E1)."""
    players = list(Player.objects.filter(club=club))
    latest = services.club_elos_now(club)
    lines = [
        {
            "player": p,
            "elos": [
                latest.get((p.pk, tc), p.initial_elo(tc)) for tc in TimeControlCategory.values
            ],
        }
        for p in players
    ]
    return render(
        request,
        "closing/roster.html",
        {
            "club": club,
            "lines": lines,
            "time_controls": TimeControlCategory.labels,
            "can_manage": allowed(request.user, club, Action.MANAGE_ROSTER),
        },
    )


def _save_player(form: PlayerForm, before: dict[str, int | None]) -> int | None:
    """Save the roster player; a changed initial Elo recomputes that time control (E7).

    Returns the number of Elo rows rewritten, or ``None`` when the database refused the row
    (a matricule taken by a concurrent save): the form then carries the error, nothing is
    stored."""
    try:
        return services.save_roster_player(form.save(commit=False), before)
    except IntegrityError:
        form.add_error("matricule", _("This club already has a player with this matricule."))
        return None


@require_http_methods(["GET", "HEAD", "POST"])
@club_view(Action.MANAGE_ROSTER)
def roster_add(request: HttpRequest, club: Club) -> HttpResponse:
    form = PlayerForm(request.POST or None, club=club)
    status = 200
    if request.method == "POST":
        if form.is_valid() and _save_player(form, {}) is not None:
            messages.success(request, _("The player was added."))
            return redirect("player", club.number, form.instance.pk)
        form.instance.pk = None  # a refused insert leaves no row behind
        status = 400
    return render(
        request,
        "closing/player_form.html",
        {"club": club, "form": form, "player": None},
        status=status,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@club_view(Action.MANAGE_ROSTER)
def roster_edit(request: HttpRequest, club: Club, player_pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_pk, club=club)
    before = {tc: player.initial_elo(tc) for tc in TimeControlCategory.values}
    form = PlayerForm(request.POST or None, instance=player, club=club)
    status = 200
    if request.method == "POST":
        changed = _save_player(form, before) if form.is_valid() else None
        if changed is not None:
            if changed:
                messages.success(
                    request,
                    _("The player was saved; the club Elo was recomputed (%(count)s rows).")
                    % {"count": changed},
                )
            else:
                messages.success(request, _("The player was saved."))
            return redirect("player", club.number, player.pk)
        status = 400
    return render(
        request,
        "closing/player_form.html",
        {"club": club, "form": form, "player": player},
        status=status,
    )


@require_safe
@club_view()
def player(request: HttpRequest, club: Club, player_pk: int) -> HttpResponse:
    """E8/E9: the player's club Elo history per time control, as a table and a chart."""
    roster_player = get_object_or_404(Player, pk=player_pk, club=club)
    history = services.elo_history(roster_player)
    sections = []
    for tc, label in TimeControlCategory.choices:
        rows = history[tc]
        initial = roster_player.initial_elo(tc)
        first = _first_rating_section(club, roster_player, tc) if initial is None else None
        if not rows and initial is None and first is None:
            continue
        start = rows[0].ro if rows else initial
        if start is None and first is not None and first["rating"] is not None:
            start = first["rating"]
        points = [(_("Initial Elo"), start)] if start is not None else []
        points += [(row.tournament.name, row.rn) for row in rows]
        sections.append(
            {
                "key": tc,
                "label": label,
                "initial": initial,
                "first": first,
                "current": rows[-1].rn if rows else initial if initial is not None else start,
                "rows": [
                    {
                        "tournament": row.tournament,
                        "url": reverse("elo_changes", args=(club.number, row.tournament_id)),
                        "end_date": row.tournament.end_date,
                        "ro": row.ro,
                        "k": row.k,
                        "games": row.games,
                        "score": _fraction(row.score),
                        "expected": _fraction(row.expected),
                        "delta": row.delta,
                        "rn": row.rn,
                    }
                    for row in rows
                ],
                "chart": mark_safe(  # built from integers and escaped labels
                    elo_chart(
                        [(str(label_), int(elo)) for label_, elo in points if elo is not None],
                        _("Club Elo, %(tc)s") % {"tc": label},
                    )
                ),
            }
        )
    return render(
        request,
        "closing/player.html",
        {
            "club": club,
            "player": roster_player,
            "sections": sections,
            "can_manage": allowed(request.user, club, Action.MANAGE_ROSTER),
        },
    )


def _first_rating_section(club: Club, player: Player, time_control: str) -> dict[str, Any] | None:
    """E10: the player's first club rating in ``time_control`` with its calculation (B.02
    8.2: the games against rated players, the two hypothetical 1800 draws, score, p, dp, Ra,
    the 2200 cap, the 1400 floor), or the games so far towards one; ``None`` when the player
    has no counting game against a rated player there."""
    firsts, pools = services.first_ratings(club, time_control)
    found = firsts.get(player.pk)
    games = found.games if found is not None else pools.get(player.pk, ())
    if not games and found is None:
        return None
    names = {p.pk: str(p) for p in Player.objects.filter(pk__in={g.opponent for g in games})}
    tournaments = dict(
        Tournament.objects.filter(pk__in={g.tournament for g in games}).values_list("pk", "name")
    )
    section: dict[str, Any] = {
        "games": [
            {
                "tournament": tournaments.get(g.tournament, ""),
                "opponent": names.get(g.opponent, ""),
                "rating": g.opponent_rating,
                "score": Decimal(g.score.numerator) / g.score.denominator,
            }
            for g in games
        ],
        "needed": FIRST_RATING_GAMES,
        "count": len(games),
        "rating": None,
    }
    if found is not None:
        section.update(
            {
                "hypothetical": [
                    {"rating": r, "score": Decimal("0.5")} for r in found.hypothetical
                ],
                "disregarded": len(found.disregarded),
                "score": Decimal(found.score.numerator) / found.score.denominator,
                "total": found.count,
                "ra": found.ra,
                "p": Decimal(found.p) / 100,
                "dp": found.dp,
                "computed": found.computed,
                "cap": FIRST_RATING_CAP,
                "floor": FIRST_RATING_FLOOR,
                "capped": found.capped,
                "published": found.published,
                "value": found.rating,
                "rating": found.rating if found.published else None,
                "tournament": tournaments.get(found.tournament, ""),
            }
        )
    return section
