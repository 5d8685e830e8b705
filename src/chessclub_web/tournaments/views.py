"""Tournament pages: *Classement*, *Grille américaine* and the import page.

Every view goes through :func:`chessclub_web.permissions.club_view`, which checks the club's
visibility and the action's permission on the server. The pages answer 405 to the HTTP methods
they do not take (read-only pages: GET and HEAD; the import form: GET, HEAD and POST).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe

from chessclub.formats import FormatError
from chessclub.model import TournamentError
from chessclub_web.clubs.models import Club
from chessclub_web.permissions import Action, allowed, club_view
from chessclub_web.tournaments import services
from chessclub_web.tournaments.errors import DuplicateImportError, ValueDoesNotFitError
from chessclub_web.tournaments.forms import ImportForm
from chessclub_web.tournaments.models import Tournament
from chessclub_web.tournaments.presentation import (
    display_rows,
    tournament_cells,
    tournament_summary,
)
from chessclub_web.uploads import oversized_uploads


def tournament_url(row: Tournament) -> str:
    assert row.club is not None
    return reverse("tournament", kwargs={"number": row.club.number, "pk": row.pk})


def _tournament_page(request: HttpRequest, club: Club, pk: int, tab: str) -> HttpResponse:
    row = get_object_or_404(Tournament, pk=pk, club=club)
    summary = tournament_summary(row)
    rows = display_rows(summary, tournament_cells(row) if tab == "crosstable" else None)
    rounds = [{"number": number, "date": date} for number, date in summary.rounds]
    return render(
        request,
        f"tournaments/{tab}.html",
        {
            "club": club,
            "tournament": row,
            "rows": rows,
            "rounds": rounds,
            "tab": tab,
            "print_view": request.GET.get("print") == "1",
            "can_import": allowed(request.user, club, Action.IMPORT_TOURNAMENT),
        },
    )


@require_safe
@club_view()
def standings(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    return _tournament_page(request, club, pk, "standings")


@require_safe
@club_view()
def crosstable(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    return _tournament_page(request, club, pk, "crosstable")


@require_http_methods(["GET", "HEAD", "POST"])
@club_view(Action.IMPORT_TOURNAMENT)
def import_tournament(request: HttpRequest, club: Club) -> HttpResponse:
    problems: list[dict[str, object]] = []
    duplicate: DuplicateImportError | None = None
    values_do_not_fit = False
    status = 200
    if request.method == "POST":
        files = request.FILES  # parses the upload first: oversized files are noted then
        oversized = "file" in oversized_uploads(request)
        form = ImportForm(request.POST, files, oversized=oversized)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                row = services.import_tournament(
                    club,
                    upload.read(),
                    upload.name,
                    request.user,
                    kind=form.cleaned_data["kind"],
                    time_control_category=form.cleaned_data["time_control_category"],
                    allow_duplicate=form.cleaned_data["allow_duplicate"],
                )
            except DuplicateImportError as exc:
                duplicate = exc
            except FormatError as exc:
                problems = [
                    {"line": p.line, "column": p.column, "message": p.message} for p in exc.problems
                ]
            except TournamentError as exc:
                problems = [{"line": 0, "column": 0, "message": str(exc)}]
            except ValueDoesNotFitError as exc:
                problems = [{"line": 0, "column": 0, "message": p} for p in exc.problems]
                values_do_not_fit = True
            else:
                return redirect(tournament_url(row))
        status = 409 if duplicate else 413 if oversized else 400
    else:
        form = ImportForm()
    return render(
        request,
        "tournaments/import.html",
        {
            "club": club,
            "form": form,
            "problems": problems,
            "values_do_not_fit": values_do_not_fit,
            "duplicate": duplicate.existing if duplicate else None,
            "duplicate_url": duplicate.url if duplicate else "",
            "show_allow_duplicate": duplicate is not None
            or bool(form.is_bound and form.data.get("allow_duplicate")),
        },
        status=status,
    )
