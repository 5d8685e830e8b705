"""The links of a club's page, in one place (like ``tournaments/tabs.py``).

Each link names its URL (``reverse(url_name, args=(club.number,))``), its label and the action
needed to see it (``None``: whoever sees the club). A link whose URL does not exist is left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action, User, allowed


@dataclass(frozen=True)
class ClubLink:
    url_name: str
    label: str | Promise
    action: Action | None = None


#: Left to right, as shown.
LINKS: tuple[ClubLink, ...] = (
    ClubLink("new_tournament", _("New tournament"), Action.IMPORT_TOURNAMENT),
    ClubLink("import_tournament", _("Import a tournament"), Action.IMPORT_TOURNAMENT),
    ClubLink("roster", _("Players")),
    ClubLink("frbe_players", _("FRBE player list"), Action.MANAGE_ROSTER),
    ClubLink("frbe_forecast", _("FRBE Elo forecast")),
    ClubLink("fse_forecast", _("FSE list forecast")),
    ClubLink("members", _("Members"), Action.MANAGE_MEMBERS),
)


@dataclass(frozen=True)
class ShownLink:
    url: str
    label: str | Promise


def visible_links(user: User, club: Club) -> list[ShownLink]:
    """The links of ``club``'s page that ``user`` may follow."""
    shown: list[ShownLink] = []
    for link in LINKS:
        if link.action is not None and not allowed(user, club, link.action):
            continue
        try:
            url = reverse(link.url_name, args=(club.number,))
        except NoReverseMatch:
            continue
        shown.append(ShownLink(url, link.label))
    return shown
