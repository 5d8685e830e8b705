"""The tabs of a tournament's pages, in one place.

Each tab names the URL (``reverse(url_name, args=(club.number, tournament.pk))``), its label,
the action needed to see it (``None``: whoever sees the tournament) and an optional condition on
the tournament. A tab whose URL does not exist (its app not built yet) is left out. Views only
pass ``tab`` (the active key), ``club`` and ``tournament``; the ``tournament_tabs`` template tag
builds the bar with :func:`visible_tabs`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from chessclub_web.clubs.permissions import Action, User
from chessclub_web.tournaments.models import CLUB_SYSTEMS, Kind, System, Tournament
from chessclub_web.tournaments.permissions import allowed_on


def _closed_club_tournament(t: Tournament) -> bool:
    return t.is_closed and t.kind == Kind.CLUB


def _team_event(t: Tournament) -> bool:
    return t.is_team_event


def _not_club_system(t: Tournament) -> bool:
    return t.system not in CLUB_SYSTEMS


def _keizer(t: Tournament) -> bool:
    return t.system == System.KEIZER


def _scheveningen(t: Tournament) -> bool:
    return t.system == System.SCHEVENINGEN


@dataclass(frozen=True)
class Tab:
    key: str
    url_name: str
    label: str | Promise
    action: Action | None = None
    condition: Callable[[Tournament], bool] | None = None


#: Left to right, as shown.
TABS: tuple[Tab, ...] = (
    Tab("standings", "tournament", _("Standings")),
    Tab("crosstable", "crosstable", _("Crosstable"), condition=_not_club_system),
    Tab("calendar", "calendar", _("Calendar")),
    Tab("documents", "documents", _("Documents")),
    Tab("keizer", "keizer_standings", _("Keizer system"), condition=_keizer),
    Tab("cup", "cup_bracket", _("Cup"), condition=lambda t: t.system == System.KNOCKOUT),
    Tab("scheveningen", "scheveningen_match", _("Scheveningen"), condition=_scheveningen),
    Tab("teams", "team_standings", pgettext_lazy("tab", "Teams"), condition=_team_event),
    Tab("entries", "entries", pgettext_lazy("tab", "Entries"), Action.MANAGE_ENTRIES),
    Tab("history", "history", _("History"), Action.ENTER_RESULTS),
    Tab(
        "elo", "elo_changes", pgettext_lazy("tab", "Elo changes"), condition=_closed_club_tournament
    ),
    Tab("close", "close", pgettext_lazy("tab", "Close"), Action.CLOSE_TOURNAMENT),
    Tab("export", "export", pgettext_lazy("tab", "Export"), Action.EXPORT_TOURNAMENT),
    Tab("settings", "tournament_settings", _("Settings"), Action.EDIT_TOURNAMENT_SETTINGS),
)


@dataclass(frozen=True)
class ShownTab:
    key: str
    url: str
    label: str | Promise
    active: bool


def visible_tabs(user: User, tournament: Tournament, active: str) -> list[ShownTab]:
    """The tabs ``user`` may see on ``tournament``'s pages, ``active`` marked."""
    shown: list[ShownTab] = []
    club = tournament.club
    if club is None:
        return shown
    for tab in TABS:
        if tab.condition is not None and not tab.condition(tournament):
            continue
        if tab.action is not None and not allowed_on(user, tournament, tab.action):
            continue
        try:
            url = reverse(tab.url_name, args=(club.number, tournament.pk))
        except NoReverseMatch:
            continue
        shown.append(ShownTab(tab.key, url, tab.label, tab.key == active))
    return shown


__all__ = ["TABS", "ShownTab", "Tab", "visible_tabs"]
