from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from chessclub_web.clubs.models import Club
from chessclub_web.permissions import Action, allowed, club_view, role_of, visible_clubs


def home(request: HttpRequest) -> HttpResponse:
    clubs = visible_clubs(request.user)
    return render(request, "clubs/home.html", {"clubs": clubs})


@club_view()
def club_detail(request: HttpRequest, club: Club) -> HttpResponse:
    role = role_of(request.user, club)
    return render(
        request,
        "clubs/club_detail.html",
        {
            "club": club,
            "tournaments": club.tournaments.all(),
            "role": role.label if role else "",
            "can_import": allowed(request.user, club, Action.IMPORT_TOURNAMENT),
        },
    )
