"""What the tournament app asks of the apps built on it, without importing them.

The tournament app is below the pairing, team and closing apps (they import it, never the
reverse: ``make lint`` checks it). Where one of its services needs what only an app above can
do — store a team file's teams, read a closed tournament's stored final standings, look up a
club player's club Elo — it calls a :class:`Hook` here, which that app fills in its
``AppConfig.ready`` (``teams.apps``, ``closing.apps``). Each hook has one implementation.

A hook called before its app registered it raises ``LookupError`` naming the hook and the app
(an app missing from ``INSTALLED_APPS``): never a silent default.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar

if TYPE_CHECKING:
    from chessclub.model import PairingNumber
    from chessclub_web.tournaments.models import Tournament

P = ParamSpec("P")
R = TypeVar("R")


class Hook(Generic[P, R]):
    """One extension point: ``name`` (for messages), ``app`` (who fills it)."""

    def __init__(self, name: str, app: str) -> None:
        self.name = name
        self.app = app
        self._function: Callable[P, R] | None = None

    def register(self, function: Callable[P, R]) -> None:
        """Fill the hook (from the app's ``ready``; registering the same function again is
        harmless, another one replaces it: tests use that)."""
        self._function = function

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if self._function is None:
            raise LookupError(f"hook {self.name!r} is not registered (is {self.app} installed?)")
        return self._function(*args, **kwargs)


#: Store a TRF-2026 team file as a team event: ``(club, document, *, filename, digest,
#: creator, kind, time_control_category) -> Tournament`` (``teams.imports.import_team_event``).
import_team_event: Hook[..., Tournament] = Hook("import_team_event", "chessclub_web.teams")

#: A closed tournament's stored final standings: ``(tournament) -> (Closure, [FinalStanding])``
#: or ``None`` (``closing.services.stored_standings``).
final_standings: Hook[..., Any] = Hook("final_standings", "chessclub_web.closing")

#: A club player's club Elo now in a time control: ``(player, time_control) -> int | None``
#: (``closing.services.current_elo``, spec E1).
club_elo: Hook[..., int | None] = Hook("club_elo", "chessclub_web.closing")

#: A team event's tiebreaks for its *Paramètres*: ``(tournament) -> (codes, default_codes)``,
#: the codes its team standings use now and those they use when none is stored
#: (``teams.services.team_tiebreak_choice``).
team_tiebreaks: Hook[..., tuple[tuple[str, ...], tuple[str, ...]]] = Hook(
    "team_tiebreaks", "chessclub_web.teams"
)

#: Store a team event's tiebreaks and rule era, one line of its history each:
#: ``(tournament, text, rules, user) -> None`` (``teams.services.set_team_tiebreaks``; raises
#: its ``TeamError``, a ``refusals.BadInput``, naming a bad code).
set_team_tiebreaks: Hook[..., None] = Hook("set_team_tiebreaks", "chessclub_web.teams")

#: Search the site's rating lists for a registration: ``(query, *, federation="", limit=20)
#: -> list[ListPlayer]`` (``federation.search.search_lists``; ``chessclub.model.list_player``).
search_lists: Hook[..., list[Any]] = Hook("search_lists", "chessclub_web.federation")

#: One player of a rating list: ``(kind, key) -> ListPlayer | None``, completed by their FIDE
#: record (``federation.search.list_player``).
list_player: Hook[..., Any] = Hook("list_player", "chessclub_web.federation")

#: The Belgian fictitious Elo (FRBE B4) of a tournament's unrated players, by pairing number:
#: ``(core tournament) -> dict[PairingNumber, int]`` (``frbe.services.fictitious_ratings``;
#: empty when B4 gives none), for the rating-based tiebreaks under the FRBE rule (R-REG-6).
fictitious_ratings: Hook[..., dict[PairingNumber, int]] = Hook(
    "fictitious_ratings", "chessclub_web.frbe"
)

#: Store the byes and absences a TRF already states for rounds not yet paired:
#: ``(tournament, [(pairing_number, round_number, kind)]) -> None``, ``kind`` ``"H"``/``"Z"``
#: (a requested bye) or ``"-"`` (an announced absence) (``pairings.imports.store_requests``).
import_requests: Hook[..., None] = Hook("import_requests", "chessclub_web.pairings")


#: The players' standing reports of a round's games, for the boards page: ``(round) ->
#: {game id: [ReportedResult]}`` (``reports.services.proposals_of_round``, J6).
player_proposals: Hook[..., dict[int, list[Any]]] = Hook(
    "player_proposals", "chessclub_web.reports"
)
