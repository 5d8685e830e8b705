"""The documents an arbiter prints, one :class:`Kind` each: its name in URLs and on the command
line (``pairings``), its title, its template, which round it is of and who may print it.

A document is made from a :class:`Source`: the core tournament as the reader may see it (the
web's published rounds, and the drafts for who may pair; a file's every round on the command
line), the standings after any round, and, for team events, the team rounds. Building one
(:func:`build`) gives the template's context; :mod:`chessclub_web.documents.rendering` turns it
into HTML and PDF. No database here: the web's sources are made by ``documents.services``, the
command line's by :func:`file_source`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chessclub.model import Tournament
from chessclub.tiebreaks import RuleEra, default_era, default_tiebreaks
from chessclub_web import refusals
from chessclub_web.documents import content
from chessclub_web.tournaments.adapters import StandingsSettings
from chessclub_web.tournaments.models import CLUB_SYSTEMS
from chessclub_web.tournaments.presentation import Cells, Summary, summarize


class NoSuchRound(refusals.Refused, LookupError):
    """The round asked for is not one the document can be made of (none such, not published,
    no standings after it); ``str()`` says which and why, translated. A page answers 404, the
    command line exits with 4 (not found)."""

    status = 404


class NotOfThisTournament(refusals.Refused, ValueError):
    """A document this tournament does not have: FIDE standings of a club system outside
    FIDE's (K27), the Keizer standings of another system, a tournament file's Keizer
    standings (404 with the reason; the command line's documents of a file never are)."""

    status = 404


class NoSuchPlayer(refusals.Refused, LookupError):
    """The player asked for (a pairing number) is not in the tournament (404; exit code 4)."""

    status = 404


@dataclass(frozen=True)
class TeamSource:
    """A team event's rounds: ``rounds`` those with matches or byes, ``round(n)`` its matches
    (line-ups, boards, colours), ``standings(n)`` the team standings after round ``n``."""

    rounds: tuple[int, ...]
    round: Callable[[int], content.TeamRoundDocument]
    standings: Callable[[int], content.TeamStandings]


@dataclass(frozen=True)
class KeizerSource:
    """A Keizer competition's own values (K27): ``standings(n)`` its Keizer ranking after
    evening ``n`` (0: before the first); ``points(n)`` each player's Keizer points before
    evening ``n`` (pairing number → text); ``absent(n)`` what each player without a board on
    evening ``n`` is, in words (excused, unexcused, away for the club team)."""

    standings: Callable[[int], content.KeizerStandings]
    points: Callable[[int], dict[int, str]]
    absent: Callable[[int], dict[int, str]]


@dataclass(frozen=True)
class Source:
    """What every document of one tournament is made from.

    ``tournament``: the core value holding the rounds the reader may see; ``standings(n)``:
    the *Classement*'s summary and crosstable entries after round ``n`` (the last of
    ``standings_rounds``: the page's own); ``standings_rounds``: the rounds standings may be
    "after" (published ones); ``era``: the tiebreaks' rule era (for the cards' performance);
    ``team``: the team rounds of a team event, ``None`` otherwise; ``system``: the web
    tournament's system (``tournaments.models.System``; ``""`` for a tournament file), which
    says whether FIDE standings documents exist (not for ``CLUB_SYSTEMS``, K27);
    ``keizer``: a Keizer competition's own values, ``None`` otherwise."""

    tournament: Tournament
    standings: Callable[[int], tuple[Summary, Cells]]
    standings_rounds: tuple[int, ...]
    era: RuleEra | None = None
    team: TeamSource | None = None
    system: str = ""
    keizer: KeizerSource | None = None

    @property
    def paired_rounds(self) -> tuple[int, ...]:
        """The rounds with pairings the reader may see, in order."""
        return tuple(sorted(int(r.number) for r in self.tournament.rounds))


#: Which round a document is of: none, a paired round (its boards), the standings after a
#: published round, a team event's round.
NO_ROUND, PAIRED, STANDINGS, TEAM_ROUND = "none", "paired", "standings", "team"
#: The Keizer ranking after a published evening (0: before the first), K27.
KEIZER_ROUND = "keizer"

#: Who a document is for: an individual tournament, a team event, or both; a Keizer
#: competition (K27).
INDIVIDUAL, TEAM, ANY, KEIZER = "individual", "team", "any", "keizer"


@dataclass(frozen=True)
class Kind:
    """A document: ``slug`` names it (URL, command line), ``label`` is its title,
    ``template`` renders it (page and PDF; the crosstable of a round robin is its square
    table, ``square_table.html``), ``round`` says which round it is of, ``staff``
    marks the documents only who may enter the results prints (check-in list, result slips,
    match sheets), ``scope`` the events it is for."""

    slug: str
    label: Promise
    template: str
    round: str = NO_ROUND
    staff: bool = False
    scope: str = INDIVIDUAL

    def offered_for(self, team_event: bool, system: str = "") -> bool:
        """Whether this document exists for a team event (``team_event``) or an individual
        tournament of ``system`` (K27: a club system outside FIDE's has no FIDE standings,
        crosstable nor player cards, whose ranks and points would mislead; a Keizer
        competition has its Keizer standings instead)."""
        if self.scope == KEIZER:
            return system == "keizer"
        if self.round == STANDINGS and system in CLUB_SYSTEMS:
            return False
        if self.scope == ANY:
            return True
        return (self.scope == TEAM) == team_event


#: Every document, in the order the *Documents* tab lists them.
KINDS: tuple[Kind, ...] = (
    Kind(
        "start-list",
        gettext_lazy("Start list by pairing number"),
        "documents/start_list.html",
        scope=ANY,
    ),
    Kind(
        "start-list-alphabetical",
        gettext_lazy("Start list, alphabetical"),
        "documents/start_list.html",
        scope=ANY,
    ),
    Kind(
        "start-list-by-rating",
        gettext_lazy("Start list by rating"),
        "documents/start_list.html",
        scope=ANY,
    ),
    Kind(
        "check-in", gettext_lazy("Check-in list"), "documents/check_in.html", staff=True, scope=ANY
    ),
    Kind("pairings", gettext_lazy("Pairings by board"), "documents/pairings.html", PAIRED),
    Kind(
        "pairings-alphabetical",
        gettext_lazy("Pairings, alphabetical"),
        "documents/pairings_alphabetical.html",
        PAIRED,
    ),
    Kind("results", gettext_lazy("Results by board"), "documents/pairings.html", PAIRED),
    Kind(
        "result-slips",
        gettext_lazy("Result slips"),
        "documents/result_slips.html",
        PAIRED,
        staff=True,
    ),
    Kind("standings", gettext_lazy("Standings"), "documents/standings.html", STANDINGS),
    Kind(
        "keizer-standings",
        gettext_lazy("Keizer standings"),
        "documents/keizer_standings.html",
        KEIZER_ROUND,
        scope=KEIZER,
    ),
    Kind("crosstable", gettext_lazy("Crosstable"), "documents/crosstable.html", STANDINGS),
    Kind("player-cards", gettext_lazy("Player cards"), "documents/player_cards.html", STANDINGS),
    Kind(
        "team-lineups",
        gettext_lazy("Line-ups"),
        "documents/team_lineups.html",
        TEAM_ROUND,
        scope=TEAM,
    ),
    Kind(
        "match-sheets",
        gettext_lazy("Match sheets"),
        "documents/match_sheets.html",
        TEAM_ROUND,
        staff=True,
        scope=TEAM,
    ),
    Kind(
        "team-standings",
        gettext_lazy("Team standings"),
        "documents/team_standings.html",
        TEAM_ROUND,
        scope=TEAM,
    ),
)

BY_SLUG: dict[str, Kind] = {kind.slug: kind for kind in KINDS}


def kinds_for(source: Source) -> list[Kind]:
    """The documents ``source``'s tournament has, in the tab's order."""
    return [k for k in KINDS if k.offered_for(source.team is not None, source.system)]


def rounds_of(kind: Kind, source: Source) -> tuple[int, ...]:
    """The rounds ``kind`` can be made of for ``source``: paired rounds for a round's
    boards, published rounds for standings (0, before any round, when there is none), a team
    event's rounds; ``()`` for a document of no round."""
    if kind.round == PAIRED:
        return source.paired_rounds
    if kind.round in (STANDINGS, KEIZER_ROUND):
        return (
            (0, *source.standings_rounds)
            if kind.round == KEIZER_ROUND
            else (source.standings_rounds or (0,))
        )
    if kind.round == TEAM_ROUND:
        return source.team.rounds if source.team is not None else ()
    return ()


def choose_round(kind: Kind, source: Source, wanted: int | None) -> int | None:
    """The round of the document: ``wanted`` when it is one of :func:`rounds_of`, the last
    of them when ``wanted`` is ``None``; ``None`` for a document of no round. Raises
    :class:`NoSuchRound` naming the round (or saying that no round is paired yet)."""
    rounds = rounds_of(kind, source)
    if kind.round == NO_ROUND:
        return None
    if wanted is None:
        if not rounds:
            raise NoSuchRound(_("No round is paired yet."))
        return rounds[-1]
    if wanted not in rounds:
        if kind.round == KEIZER_ROUND:
            raise NoSuchRound(
                _(
                    "There is no Keizer ranking after evening %(round)s: it is not a published "
                    "evening."
                )
                % {"round": wanted}
            )
        if kind.round == STANDINGS:
            raise NoSuchRound(
                _("There are no standings after round %(round)s: it is not a published round.")
                % {"round": wanted}
            )
        raise NoSuchRound(
            _("Round %(round)s is not a paired round of this tournament.") % {"round": wanted}
        )
    return wanted


@dataclass(frozen=True)
class Built:
    """A document ready to render: its template and the template's context."""

    kind: Kind
    template: str
    context: dict[str, Any]


def build(
    kind: Kind, source: Source, round_number: int | None = None, *, player: int | None = None
) -> Built:
    """The document ``kind`` of ``source`` for ``round_number`` (``None``: the last one,
    :func:`choose_round`); ``player``: one player's card (pairing number). Raises
    :class:`NoSuchRound`, :class:`NoSuchPlayer`."""
    t = source.tournament
    number = choose_round(kind, source, round_number)
    template = kind.template
    title = str(kind.label)
    context: dict[str, Any] = {
        "kind": kind.slug,
        "landscape": False,
        "round": number,
        "black_letter": content.colour_letter("B"),
    }
    if kind.slug.startswith("start-list"):
        order = {"start-list": "number", "start-list-alphabetical": "name"}.get(kind.slug, "rating")
        context["doc"] = content.start_list(t, order)
        context["heading"] = content.heading(t, title)
    elif kind.slug == "check-in":
        context["doc"] = content.check_in_list(t)
        context["heading"] = content.heading(t, title)
    elif kind.round == KEIZER_ROUND:
        assert number is not None
        if source.keizer is None:
            raise NotOfThisTournament(_("This tournament is not a Keizer competition."))
        context["doc"] = source.keizer.standings(number)
        subtitle = (
            _("after evening %(evening)s") % {"evening": number}
            if number
            else _("before evening 1")
        )
        context["heading"] = content.heading(t, title, None, subtitle)
    elif kind.round == PAIRED:
        assert number is not None
        if kind.slug == "result-slips":
            context["doc"] = content.result_slips(t, number)
        elif source.keizer is not None:
            context["doc"] = content.pairings(
                t,
                number,
                with_results=kind.slug == "results",
                points=source.keizer.points(number),
                absent=source.keizer.absent(number),
            )
        else:
            context["doc"] = content.pairings(t, number, with_results=kind.slug == "results")
        subtitle = ""
        if number not in source.standings_rounds:
            # A draft (printed for who may pair only): the paper says it is not published.
            subtitle = _("Round %(number)s — draft, not published") % {"number": number}
        context["heading"] = content.heading(t, title, number, subtitle)
    elif kind.round == STANDINGS:
        assert number is not None
        summary, cells = source.standings(number)
        subtitle = _("after round %(round)s") % {"round": number} if number else _("before round 1")
        context["heading"] = content.heading(t, title, None, subtitle)
        if kind.slug == "standings":
            context["doc"] = content.standings(t, summary, number)
        elif kind.slug == "crosstable" and t.system.is_round_robin:
            square = content.square_table(t, summary, cells)
            context["doc"], context["landscape"] = square, square.landscape
            template = "documents/square_table.html"
        elif kind.slug == "crosstable":
            table = content.crosstable(t, summary, cells)
            context["doc"], context["landscape"] = table, table.landscape
        else:
            shown = t.through_round(number)
            try:
                context["doc"] = content.player_cards(shown, summary, only=player, era=source.era)
            except KeyError:
                raise NoSuchPlayer(
                    _("No player has the pairing number %(number)s.") % {"number": player}
                ) from None
    else:
        assert number is not None and source.team is not None
        if kind.slug == "team-standings":
            standings = source.team.standings(number)
            context["doc"] = standings
            context["landscape"] = len(standings.rounds) + len(standings.codes) > 10
            subtitle = _("after round %(round)s") % {"round": number}
            context["heading"] = content.heading(t, title, None, subtitle)
        else:
            context["doc"] = source.team.round(number)
            context["heading"] = content.heading(t, title, number)
    return Built(kind, template, context)


# --- A tournament file's documents (the command line) -----------------------------------------


def file_settings(t: Tournament) -> StandingsSettings:
    """The standings settings of a tournament read from a file, as ``chessclub standings``
    ranks it by default: the system's default tiebreaks (spec S4), the rule era in force at
    its start date, no drawing of lots."""
    return StandingsSettings(
        codes=default_tiebreaks(t),
        era=default_era(t.start_date),
        lots_seed=None,
        codes_are_default=True,
        era_from_start_date=True,
    )


def file_source(t: Tournament) -> Source:
    """The :class:`Source` of a tournament read from a file: every round in it, standings
    after any of them under :func:`file_settings`."""
    settings = file_settings(t)
    rounds = tuple(sorted(int(r.number) for r in t.rounds))

    def standings(after: int) -> tuple[Summary, Cells]:
        return summarize(t, settings, after_round=after)

    return Source(t, standings, rounds, era=settings.era)
