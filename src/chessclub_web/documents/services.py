"""The documents of a stored tournament: what the reader may print, made from the rows.

- :func:`source_for` — the :class:`~chessclub_web.documents.kinds.Source` of a tournament row
  for a user: the published rounds (spec S3; the drafts too for who may pair, as on the
  *Échiquiers*), the standings the *Classement* shows (a closed tournament's stored final
  standings) and, after an earlier round, the core's standings of the tournament as it stood
  then; a team event's rounds, line-ups and team standings;
- :func:`document` — one document (``Built``) for a request's query values, refusing a bad
  round or player with the reason (400 for a value that is no number, 404 for a round or
  player the tournament does not have: :class:`~chessclub_web.refusals.Refused`);
- :func:`needed_action` — who may print a document: public ones need what seeing the
  tournament needs; the check-in list, the result slips and the match sheets need the action
  of entering results (``ENTER_RESULTS``; ``CORRECT_RESULTS`` once closed, spec C3), as the
  *Échiquiers* do.

Nothing here writes: every document is read from the rows.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Sequence
from typing import Any

from django.core.cache import cache
from django.utils.formats import get_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from chessclub.model import Tournament as CoreTournament
from chessclub.model.teams import TeamRoundKind
from chessclub_web import refusals
from chessclub_web.clubs.permissions import Action, User
from chessclub_web.documents import content, rendering
from chessclub_web.documents.kinds import (
    BY_SLUG,
    KINDS,
    STANDINGS,
    Built,
    KeizerSource,
    Kind,
    Source,
    TeamSource,
    build,
    kinds_for,
)
from chessclub_web.keizer import services as keizer
from chessclub_web.keizer.models import Status
from chessclub_web.teams import services as teams
from chessclub_web.teams.models import Match, TeamByeKind
from chessclub_web.teams.presentation import points, standings_rows
from chessclub_web.tournaments.adapters import load_tournament, standings_settings
from chessclub_web.tournaments.models import (
    CLUB_SYSTEMS,
    MAX_ROUNDS,
    Round,
    RoundState,
    System,
    Tournament,
)
from chessclub_web.tournaments.permissions import allowed_on
from chessclub_web.tournaments.presentation import (
    Cells,
    Summary,
    localized,
    summarize,
    tournament_cells,
    tournament_summary,
)

#: A round or pairing number as a query gives it: ASCII digits only (``int()`` would take
#: ``١``, ``1_0`` or 4,000 digits).
_NUMBER = re.compile(r"[0-9]{1,6}")

#: Most players a pairing number names (the rows' column is wider; no file holds more).
MAX_PLAYER_NUMBER = 99_999


class BadDocumentRequest(refusals.BadInput):
    """A query value that is no round or player number (400, the reason named)."""


class DocumentNotFound(refusals.Refused):
    """A document, round or player the tournament does not have (404, the reason named)."""

    status = 404


def entry_action(tournament: Tournament) -> Action:
    """What entering results needs on ``tournament``: ``CORRECT_RESULTS`` once it is closed
    (spec C3), ``ENTER_RESULTS`` before (R5) — the *Échiquiers*' rule."""
    return Action.CORRECT_RESULTS if tournament.is_closed else Action.ENTER_RESULTS


def needed_action(kind: Kind) -> Any:
    """What printing ``kind`` needs: ``None`` (whoever sees the tournament) for the public
    documents, :func:`entry_action` for the staff's (check-in list, slips, match sheets)."""
    return entry_action if kind.staff else None


def may_print(user: User, tournament: Tournament, kind: Kind) -> bool:
    """Whether ``user`` may print ``kind`` of ``tournament`` (:func:`needed_action`)."""
    return not kind.staff or allowed_on(user, tournament, entry_action(tournament))


def can_see_drafts(user: User, tournament: Tournament) -> bool:
    """Draft rounds are printed for who may pair rounds (``EDIT_PAIRINGS``), never for anyone
    else: for them a draft round does not exist."""
    return allowed_on(user, tournament, Action.EDIT_PAIRINGS)


def parse_number(raw: str | None, highest: int, message: str) -> int | None:
    """The whole number 1…``highest`` written in ``raw`` (ASCII digits, spaces around
    allowed); ``None`` when ``raw`` is absent or empty. Raises :class:`BadDocumentRequest`
    with ``message`` (``%(value)s``: the value, ``%(highest)s``) otherwise."""
    if raw is None or not raw.strip():
        return None
    text = raw.strip()
    if not _NUMBER.fullmatch(text) or not 1 <= int(text) <= highest:
        raise BadDocumentRequest(message % {"value": text[:20], "highest": highest})
    return int(text)


def parse_round(raw: str | None) -> int | None:
    """``?round=`` (:func:`parse_number`; 0 is "before round 1" for the standings)."""
    if raw is not None and raw.strip() == "0":
        return 0
    return parse_number(raw, MAX_ROUNDS, _("“%(value)s” is not a round number (1 to %(highest)s)."))


def parse_player(raw: str | None) -> int | None:
    """``?player=``: a pairing number (:func:`parse_number`)."""
    return parse_number(
        raw, MAX_PLAYER_NUMBER, _("“%(value)s” is not a pairing number (1 to %(highest)s).")
    )


def _published(tournament: Tournament) -> tuple[int, ...]:
    return tuple(
        tournament.rounds.filter(state=RoundState.PUBLISHED)
        .order_by("number")
        .values_list("number", flat=True)
    )


def _standings(tournament: Tournament, core: CoreTournament) -> Any:
    """Standings after round ``n`` as the *Classement* shows them after it
    (``presentation.tournament_summary(row, after_round=n)``, cached per round; after the last
    published round a closed tournament's stored final standings, spec C1); before round 1
    (``n`` = 0), everybody on 0 points (S1)."""
    settings = standings_settings(tournament, core)

    def standings(after: int) -> tuple[Summary, Cells]:
        if after < 1:
            return summarize(core, settings, after_round=0)
        return (
            tournament_summary(tournament, after_round=after),
            tournament_cells(tournament, after_round=after),
        )

    return standings


def source_for(tournament: Tournament, user: User) -> Source:
    """The documents' :class:`Source` of ``tournament`` as ``user`` may see it: its published
    rounds, and its draft rounds too for who may pair (:func:`can_see_drafts`)."""
    drafts = can_see_drafts(user, tournament)
    core = load_tournament(tournament, include_drafts=drafts)
    published = _published(tournament)
    settings = standings_settings(tournament, core)
    return Source(
        tournament=core,
        standings=_standings(tournament, core),
        standings_rounds=published,
        era=settings.era,
        team=_team_source(tournament, drafts) if tournament.is_team_event else None,
        system=tournament.system,
        keizer=_keizer_source(tournament) if tournament.system == System.KEIZER else None,
    )


def kinds_of(tournament: Tournament, user: User) -> list[Kind]:
    """The documents ``user`` may print of ``tournament``, in the tab's order."""
    team = tournament.is_team_event
    return [
        kind
        for kind in KINDS
        if kind.offered_for(team, tournament.system) and may_print(user, tournament, kind)
    ]


def document(
    tournament: Tournament,
    user: User,
    kind: Kind,
    *,
    round_value: str | None = None,
    player_value: str | None = None,
    source: Source | None = None,
) -> Built:
    """The document ``kind`` of ``tournament`` for ``user``, of the round ``round_value``
    (the query's text; the last round when absent) and, for the player cards, of the player
    ``player_value`` (a pairing number; every player when absent). Raises
    :class:`BadDocumentRequest` (400) for a value that is no number, :class:`DocumentNotFound`
    (404) for a document the tournament does not have (a team document of an individual
    event); ``kinds.NoSuchRound``, ``kinds.NoSuchPlayer`` (404) for a round it cannot be made
    of or a player who is not in the tournament."""
    round_number = parse_round(round_value)
    player = parse_player(player_value)
    source = source or source_for(tournament, user)
    if kind.round == STANDINGS and tournament.system in CLUB_SYSTEMS:
        raise DocumentNotFound(
            _(
                "“%(document)s” is not a document of this tournament: its system (%(system)s) "
                "is outside FIDE's, so it has no FIDE standings."
            )
            % {"document": kind.label, "system": tournament.get_system_display()}
        )
    if kind not in kinds_for(source):
        raise DocumentNotFound(
            _("“%(document)s” is not a document of this tournament.") % {"document": kind.label}
        )
    return build(kind, source, round_number, player=player)


#: How long a document's HTML or PDF is kept in the cache (seconds). Its key holds the
#: tournament's revision: a document is never served after the rows it shows changed.
DOCUMENT_CACHE_SECONDS = 24 * 3600


def document_key(
    tournament: Tournament,
    user: User,
    kind: Kind,
    variant: str,
    *,
    round_value: str | None = None,
    player_value: str | None = None,
) -> str:
    """The cache key of one document's ``variant`` (``html``, ``pdf``…): the tournament's id
    and revision, the language, then a digest of the kind, the round and player asked
    (parsed: ``?round= 3`` and ``?round=3`` share one), whether the user sees draft rounds
    and ``variant``. Raises as :func:`document` for a value that is no number. At most 120
    characters (memcached's limit is 250)."""
    round_number = parse_round(round_value)
    player = parse_player(player_value)
    drafts = can_see_drafts(user, tournament)
    what = f"{kind.slug}|{round_number}|{player}|{drafts}|{variant}"
    digest = hashlib.sha256(what.encode()).hexdigest()[:24]
    language = (get_language() or "")[:10]
    return f"chessclub:doc:v1:{tournament.pk}:{tournament.revision.hex}:{language}:{digest}"


def document_html(
    tournament: Tournament,
    user: User,
    kind: Kind,
    *,
    round_value: str | None = None,
    player_value: str | None = None,
    toolbar: dict[str, Any] | None = None,
) -> tuple[str, int | None]:
    """``(html, round)``: the document's page (:func:`document` rendered by
    ``rendering.html`` with ``toolbar``) and the round it is of, from the cache when this
    revision's was made already in this language (:data:`DOCUMENT_CACHE_SECONDS`); raises
    as :func:`document`."""
    variant = f"html|{sorted((toolbar or {}).items())}"
    key = document_key(
        tournament, user, kind, variant, round_value=round_value, player_value=player_value
    )
    found = cache.get(key)
    if isinstance(found, tuple) and len(found) == 2:
        return found[0], found[1]
    built = document(tournament, user, kind, round_value=round_value, player_value=player_value)
    made = (rendering.html(built, toolbar=toolbar), built.context["round"])
    cache.set(key, made, DOCUMENT_CACHE_SECONDS)
    return made


def document_pdf(
    tournament: Tournament,
    user: User,
    kind: Kind,
    *,
    round_value: str | None = None,
    player_value: str | None = None,
) -> tuple[bytes, int | None]:
    """``(pdf, round)``: the document's PDF (``rendering.pdf`` of its page without toolbar)
    and the round it is of, from the cache like :func:`document_html`."""
    key = document_key(
        tournament, user, kind, "pdf", round_value=round_value, player_value=player_value
    )
    found = cache.get(key)
    if isinstance(found, tuple) and len(found) == 2:
        return found[0], found[1]
    html, round_number = document_html(
        tournament, user, kind, round_value=round_value, player_value=player_value
    )
    made = (rendering.pdf([html]), round_number)
    cache.set(key, made, DOCUMENT_CACHE_SECONDS)
    return made


def batch_kinds(slugs: Sequence[str]) -> list[Kind]:
    """The documents named by ``slugs`` for *Print several*, in the order given, each once.
    Raises :class:`BadDocumentRequest` (400) when none is named or a name is unknown."""
    chosen: list[Kind] = []
    for slug in slugs:
        kind = BY_SLUG.get(slug)
        if kind is None:
            raise BadDocumentRequest(
                _("“%(document)s” is not a document.") % {"document": slug[:40]}
            )
        if kind not in chosen:
            chosen.append(kind)
    if not chosen:
        raise BadDocumentRequest(_("Choose at least one document to print."))
    return chosen


def batch(
    tournament: Tournament, user: User, kinds: Sequence[Kind], round_value: str | None
) -> list[Built]:
    """The documents ``kinds`` (:func:`batch_kinds`) of the round ``round_value`` (each
    document's last round when absent), for *Print several*; raises as :func:`document`. The
    caller checks first that ``user`` may print each (:func:`may_print`)."""
    source = source_for(tournament, user)
    return [
        document(tournament, user, kind, round_value=round_value, source=source) for kind in kinds
    ]


# --- Keizer competitions (K27) -----------------------------------------------------------------


def _keizer_source(tournament: Tournament) -> KeizerSource:
    """The Keizer ranking after an evening and the Keizer points before one, recalculated
    from the rows (``keizer.services.standings``, K22), and each evening's absences in words
    (the attendance, K24)."""
    numbers = dict(tournament.players.values_list("pk", "pairing_number"))
    separator = get_format("DECIMAL_SEPARATOR")

    def text(value: Any) -> str:
        return localized(keizer.points_text(value), separator)

    def standings(after: int) -> content.KeizerStandings:
        table = keizer.standings(tournament, after)
        return content.KeizerStandings(
            after=table.evening,
            lines=tuple(
                content.KeizerLine(
                    rank=line.rank,
                    number=line.player.pairing_number,
                    name=line.player.name,
                    rating=str(line.player.rating) if line.player.rating else "",
                    value=line.value,
                    points=text(line.score),
                    game_points=text(line.game_points),
                    games=line.games,
                    withdrawn=line.withdrawn,
                )
                for line in table.rows
            ),
            converged=table.converged,
        )

    def points(evening: int) -> dict[int, str]:
        table = keizer.standings(tournament, max(evening - 1, 0))
        return {line.player.pairing_number: text(line.score) for line in table.rows}

    def absent(evening: int) -> dict[int, str]:
        found = {}
        for pid, line in keizer.attendance_of(tournament, evening).items():
            what = str(line.get_status_display())
            if line.status == Status.CLUB_DUTY and line.duty_result:
                what = f"{what} ({line.get_duty_result_display()})"
            found[numbers[pid]] = what
        return found

    return KeizerSource(standings, points, absent)


# --- Team events ------------------------------------------------------------------------------


def _team_source(tournament: Tournament, drafts: bool) -> TeamSource:
    rounds_qs = tournament.rounds.order_by("number")
    if not drafts:
        rounds_qs = rounds_qs.filter(state=RoundState.PUBLISHED)
    rounds = tuple(r.number for r in rounds_qs if r.matches.exists() or r.team_byes.exists())
    settings = teams.settings_of(tournament)

    def round_document(number: int) -> content.TeamRoundDocument:
        rnd = Round.objects.get(tournament=tournament, number=number)
        core = teams.load_team_tournament(tournament)
        cells = core.team_rounds()
        index = core.round_numbers.index(number) if number in core.round_numbers else None
        matches = []
        for match in Match.objects.filter(round=rnd).select_related("home", "away"):
            home_line = teams.lineup_of(rnd, match.home)
            away_line = teams.lineup_of(rnd, match.away)
            boards = []
            for board in range(1, settings.boards + 1):
                home = home_line[board - 1] if board <= len(home_line) else None
                away = away_line[board - 1] if board <= len(away_line) else None
                boards.append(
                    content.TeamBoard(
                        board=board,
                        home_colour=content.colour_letter(settings.colour_of_home(board)),
                        home=home.name if home else "",
                        home_rating=str(home.rating) if home and home.rating else "",
                        away=away.name if away else "",
                        away_rating=str(away.rating) if away and away.rating else "",
                    )
                )
            score = ""
            if index is not None:
                home_cell = cells[match.home.number][index]
                away_cell = cells[match.away.number][index]
                if home_cell.kind is not TeamRoundKind.PENDING:
                    score = f"{points(home_cell.gp)} – {points(away_cell.gp)}"
            matches.append(
                content.MatchSheet(
                    match.order, match.home.name, match.away.name, tuple(boards), score
                )
            )
        byes = tuple(
            (bye.team.name, str(TeamByeKind(bye.kind).label))
            for bye in rnd.team_byes.select_related("team").order_by("team__number")
        )
        return content.TeamRoundDocument(number, tuple(matches), byes)

    def team_standings(after: int) -> content.TeamStandings:
        core = teams.load_team_tournament(tournament)
        core = dataclasses.replace(
            core,
            matches=tuple(m for m in core.matches if m.round <= after),
            byes=tuple(b for b in core.byes if b.round <= after),
            forfeits=tuple(f for f in core.forfeits if f.round <= after),
        )
        tb = teams.team_standings_settings(tournament)
        rows = standings_rows(core, tb)
        return content.TeamStandings(
            after_round=after,
            codes=tuple(tb.codes),
            rounds=tuple(r for r in core.round_numbers if r <= after),
            lines=tuple(
                content.TeamStandingLine(
                    rank=row.rank,
                    number=row.number,
                    name=row.name,
                    match_points=row.mp,
                    game_points=row.gp,
                    tiebreaks=tuple(row.tiebreaks),
                    cells=tuple(row.cells),
                )
                for row in rows
            ),
        )

    return TeamSource(rounds, round_document, team_standings)
