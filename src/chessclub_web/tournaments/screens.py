"""Screens in the playing hall: a round's pairings and the standings in large type, without
navigation, for a television or a projector (spec S1, S3: the standings after the last
published round; R1: a published round's boards and results).

A screen is a page of its own (``screen.html``: no site header, no tabs) whose list turns
page by page when it is longer than one screen, and which follows the results as they are
saved:

- **with JavaScript** (``tournaments/screen.js``), the page asks for its *live part*
  (``?part=live``: the list and its heading only, every row) every :data:`POLL_SECONDS`
  seconds with the ``ETag`` of the copy it holds; the answer is ``304 Not Modified`` while the
  tournament's ``revision`` is the same (``models.touch_tournament``: every change of its
  players, rounds, games or byes gives a new one), and the new part otherwise. The script
  cuts the rows into pages that fit the window and shows them in turn, ``?seconds=`` each;
- **without JavaScript**, the server cuts the list into pages of a fixed size
  (``?page=N``) and each page reloads the next one after ``?seconds=`` (an HTML refresh
  inside ``<noscript>``), so that results saved meanwhile appear at the next turn.

The ``ETag`` is the public pages' one (``chessclub_web.conditional``, the state of
``tournaments.conditional.tournament_state``): the tournament's revision with the language,
the user, the request's path and query; it is computed from the tournament row alone, which
the page's permission check has read already, so that a poller whose copy is current gets its
304 without any standings being computed.

A club system outside FIDE's (``models.CLUB_SYSTEMS``, K28) has no FIDE standings: its standings
screen is the one its app registers (:func:`register_standings_screen`; the Keizer ranking,
from ``keizer.apps``), or, for a system whose app registered none, a screen saying so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.formats import get_format

from chessclub_web.tournaments.presentation import Summary, localized, shown_tiebreaks

#: How often a screen's script asks whether its copy is current (seconds).
POLL_SECONDS = 5
#: How long each page of a long list stays on the screen by default (``?seconds=``), and the
#: bounds a request may ask for (seconds).
TURN_SECONDS = 15
TURN_BOUNDS = (3, 300)
#: Rows of a page without JavaScript (the script fits the rows to the window instead).
STANDINGS_PER_PAGE = 15
BOARDS_PER_PAGE = 12

_DIGITS = re.compile(r"[0-9]{1,6}")

Item = TypeVar("Item")


def is_live(request: HttpRequest) -> bool:
    """True for the live part (``?part=live``): the list only, every row."""
    return request.GET.get("part") == "live"


def _number(request: HttpRequest, name: str) -> int | None:
    raw = request.GET.get(name, "").strip()
    return int(raw) if _DIGITS.fullmatch(raw) else None


def turn_seconds(request: HttpRequest) -> int:
    """``?seconds=``: how long each page stays (:data:`TURN_SECONDS` when not given or not a
    whole number; brought within :data:`TURN_BOUNDS`)."""
    asked = _number(request, "seconds")
    if asked is None:
        return TURN_SECONDS
    low, high = TURN_BOUNDS
    return min(max(asked, low), high)


@dataclass(frozen=True)
class Paging:
    """Page ``page`` of ``pages`` (1-based); ``next_page`` the one shown after it (the first
    after the last)."""

    page: int
    pages: int

    @property
    def next_page(self) -> int:
        return self.page % self.pages + 1


def page_of(
    request: HttpRequest, items: Sequence[Item], per_page: int
) -> tuple[Sequence[Item], Paging]:
    """The items the page shows: every one for the live part; else page ``?page=N`` of
    ``per_page`` items (the first page for a missing or bad number, the last one for a
    number beyond it)."""
    pages = max(1, -(-len(items) // per_page))
    if is_live(request):
        return items, Paging(1, pages)
    page = min(max(_number(request, "page") or 1, 1), pages)
    start = (page - 1) * per_page
    return items[start : start + per_page], Paging(page, pages)


def render_screen(
    request: HttpRequest, body_template: str, context: dict[str, Any], paging: Paging
) -> HttpResponse:
    """The screen page (``tournaments/screen.html`` around ``body_template``), or for the live
    part ``body_template`` alone; never stored by a cache without asking again
    (``Cache-Control: no-cache``: the ``ETag`` decides)."""
    seconds = turn_seconds(request)
    full = {
        **context,
        "body_template": body_template,
        "paging": paging,
        "seconds": seconds,
        "poll_seconds": POLL_SECONDS,
        "next_url": f"?page={paging.next_page}&seconds={seconds}",
        "live_url": f"{request.path}?part=live",
    }
    template = body_template if is_live(request) else "tournaments/screen.html"
    response = render(request, template, full)
    patch_cache_control(response, no_cache=True)
    return response


@dataclass(frozen=True)
class ScreenRow:
    """One line of the standings screen: its tiebreak values written for the language."""

    rank: str
    pairing_number: int
    name: str
    points: str
    tiebreaks: tuple[str, ...]
    annulled: bool


def standings_rows(summary: Summary) -> list[ScreenRow]:
    """The standings' lines as the screen shows them (values with the language's decimal
    separator, Direct Encounter only where it separates: ``presentation.shown_tiebreaks``)."""
    separator = get_format("DECIMAL_SEPARATOR")
    shown = shown_tiebreaks(summary)
    return [
        ScreenRow(
            rank=row.rank,
            pairing_number=row.pairing_number,
            name=row.name,
            points=row.points,
            tiebreaks=tuple(localized(value, separator) for value in labels),
            annulled=row.annulled,
        )
        for row, labels in zip(summary.rows, shown, strict=True)
    ]


# --- The club systems outside FIDE's (K28) ---------------------------------------------------

#: A club system's standings screen: ``(request, club, tournament) -> HttpResponse``, made
#: with :func:`page_of` and :func:`render_screen` like the FIDE one.
StandingsScreen = Callable[[HttpRequest, Any, Any], HttpResponse]

_CLUB_SCREENS: dict[str, StandingsScreen] = {}


def register_standings_screen(system: str, screen: StandingsScreen) -> None:
    """Make ``screen`` the standings screen of ``system`` (a club system's app, from its
    ``AppConfig.ready``: this app knows none of them)."""
    _CLUB_SCREENS[system] = screen


def club_standings_screen(request: HttpRequest, club: Any, tournament: Any) -> HttpResponse:
    """K28: the standings screen of a tournament of a club system outside FIDE's: its own
    ranking when its app registered a screen, else a screen that says its standings are
    not FIDE standings (never the FIDE standings of its games, which would mislead)."""
    screen = _CLUB_SCREENS.get(tournament.system)
    if screen is not None:
        return screen(request, club, tournament)
    nothing: list[ScreenRow] = []
    _items, paging = page_of(request, nothing, STANDINGS_PER_PAGE)
    return render_screen(
        request,
        "tournaments/screen_club_system_body.html",
        {"club": club, "tournament": tournament, "screen_title": tournament.get_system_display()},
        paging,
    )
