"""Document pages: the *Documents* tab, each document as a printable page and as a PDF, and
*Print several* (one PDF of the documents ticked).

Every page goes through :func:`~chessclub_web.tournaments.permissions.tournament_view`: the
public documents need what seeing the tournament needs, the check-in list, result slips and
match sheets what entering results needs (``services.needed_action``). The pages read only
(GET and HEAD; any other method answers 405). ``?round=N`` chooses the round (the last one by
default), ``?player=N`` one player's card: a value that is no number answers 400, a round or
player the tournament does not have 404, each with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from chessclub_web.clubs.models import Club
from chessclub_web.documents import rendering, services
from chessclub_web.documents.kinds import (
    KEIZER_ROUND,
    KINDS,
    NO_ROUND,
    STANDINGS,
    Kind,
    rounds_of,
)
from chessclub_web.tournaments.conditional import conditional_page, tournament_state
from chessclub_web.tournaments.models import Tournament
from chessclub_web.tournaments.permissions import tournament_view


def url_name(kind: Kind, *, pdf: bool = False) -> str:
    """The URL name of a document's page (``document_result_slips``) or PDF (``…_pdf``)."""
    name = "document_" + kind.slug.replace("-", "_")
    return name + "_pdf" if pdf else name


def _url(name: str, club: Club, tournament: Tournament) -> str:
    return reverse(name, args=(club.number, tournament.pk))


def _filename(tournament: Tournament, kind: str, round_number: int | None) -> str:
    suffix = f"-r{round_number}" if round_number is not None else ""
    return f"tournament-{tournament.pk}-{kind}{suffix}.pdf"


def _pdf_response(data: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type=rendering.PDF_TYPE)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _views(kind: Kind) -> tuple[Callable[..., HttpResponseBase], Callable[..., HttpResponseBase]]:
    """The page and the PDF of ``kind`` (one view each: each declares what it needs)."""

    @require_safe
    @tournament_view(services.needed_action(kind))
    @conditional_page(tournament_state)
    def page(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
        query = request.GET.urlencode()
        pdf_url = _url(url_name(kind, pdf=True), club, tournament)
        toolbar = {
            "back": _url("documents", club, tournament),
            "pdf": f"{pdf_url}?{query}" if query else pdf_url,
        }
        html, _round = services.document_html(
            tournament,
            request.user,
            kind,
            round_value=request.GET.get("round"),
            player_value=request.GET.get("player"),
            toolbar=toolbar,
        )
        return HttpResponse(html)

    @require_safe
    @tournament_view(services.needed_action(kind))
    @conditional_page(tournament_state)
    def pdf(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
        data, round_number = services.document_pdf(
            tournament,
            request.user,
            kind,
            round_value=request.GET.get("round"),
            player_value=request.GET.get("player"),
        )
        return _pdf_response(data, _filename(tournament, kind.slug, round_number))

    page.__name__ = pdf.__name__ = url_name(kind)
    pdf.__name__ += "_pdf"
    return page, pdf


#: The page and PDF views of every document, by slug.
DOCUMENT_VIEWS = {kind.slug: _views(kind) for kind in KINDS}


def _round_label(kind: Kind, number: int) -> str:
    if kind.round == KEIZER_ROUND:
        return (
            _("after evening %(evening)s") % {"evening": number}
            if number
            else _("before evening 1")
        )
    if kind.round == STANDINGS:
        return _("after round %(round)s") % {"round": number} if number else _("before round 1")
    return _("Round %(number)s") % {"number": number}


@require_safe
@tournament_view()
@conditional_page(tournament_state)
def documents(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    """The *Documents* tab: every document the visitor may print of this tournament, each
    with its round selector (the last round chosen), *Page* and *PDF*; then *Print several*:
    tick documents, choose a round (or each one's last), one PDF."""
    source = services.source_for(tournament, request.user)
    rows: list[dict[str, Any]] = []
    all_rounds: set[int] = set()
    for kind in services.kinds_of(tournament, request.user):
        rounds = rounds_of(kind, source)
        all_rounds.update(n for n in rounds if n)
        rows.append(
            {
                "kind": kind,
                "page": _url(url_name(kind), club, tournament),
                "pdf": _url(url_name(kind, pdf=True), club, tournament),
                "rounds": [{"number": n, "label": _round_label(kind, n)} for n in reversed(rounds)],
                "needs_round": kind.round != NO_ROUND,
                "available": kind.round == NO_ROUND or bool(rounds),
                "players": [
                    {"number": int(p.pairing_number), "name": p.name}
                    for p in sorted(source.tournament.players, key=lambda p: p.pairing_number)
                ]
                if kind.slug == "player-cards"
                else [],
            }
        )
    return render(
        request,
        "documents/tab.html",
        {
            "club": club,
            "tournament": tournament,
            "tab": "documents",
            "rows": rows,
            "batch_url": _url("documents_batch", club, tournament),
            "batch_rounds": sorted(all_rounds, reverse=True),
        },
    )


@require_safe
@tournament_view(services.entry_action)
def batch(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    """*Print several*: one PDF of the documents named by ``?doc=`` (in the order given), of
    the round ``?round=`` (each document's last round when absent), for the staff who enter
    results (the arbiter's batch after a round; the login page, 403 for anyone else: drawing
    many documents of a large field takes seconds). 400 when none or an unknown one is
    named."""
    kinds = services.batch_kinds(request.GET.getlist("doc"))
    built = services.batch(tournament, request.user, kinds, request.GET.get("round"))
    data = rendering.pdf([rendering.html(one) for one in built])
    return _pdf_response(data, _filename(tournament, "documents", None))
