"""The club's FSE list forecast: storing versions of the ranking list (site data, imported
through ``chessclub_web.federation``) and computing a club's period.

The period is computed by the core (:func:`chessclub.ratings.fse.compute_inputs`), the same
function that ``chessclub fse rating-run`` calls, from the stored previous list and the club's
**closed** tournaments (``Tournament.closed_at`` set), each read with
:func:`~chessclub_web.tournaments.adapters.load_tournament`.

The evaluation table is the shipped one (derived from FIDE's tables, spec W8) unless the
environment variable ``CHESSCLUB_FSE_TABLE`` names a table file of the same JSON layout
(:func:`chessclub.ratings.fse.read_table`): an administrator replaces the table without a code
change; the pages name the table used.
"""

from __future__ import annotations

import dataclasses
import datetime
import os
from dataclasses import dataclass
from fractions import Fraction

from django.db import transaction
from django.db.models import Q
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub.model import Tournament
from chessclub.model.list_player import ListPlayer
from chessclub.model.points import format_points_decimal
from chessclub.ratings.fse import (
    EvaluationTable,
    ListEntry,
    ListFileError,
    PeriodResult,
    TournamentInput,
    TournamentOptions,
    compute_inputs,
    default_table,
    read_list_csv,
    read_table_file,
)
from chessclub.ratings.fse.countability import tournament_date
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.clubs.models import Club
from chessclub_web.federation.models import ListKind, ListVersion
from chessclub_web.federation.registry import Counts, ListImporter, ListSearch
from chessclub_web.federation.search import (
    CANDIDATES,
    best_first,
    clean_query,
    key_filter,
    name_key,
)
from chessclub_web.federation.services import current_version
from chessclub_web.fse.models import ListRow, TournamentFseOptions
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.problems import display_problem

_ROW_FIELDS = (
    "name",
    "points",
    "games",
    "entry_date",
    "birth_date",
    "last_active",
    "fide_id",
    "foreign_rating",
    "pending_games",
    "pending_opponents",
    "pending_score",
)


def _list_row(version: ListVersion, e: ListEntry) -> ListRow:
    return ListRow(
        version=version,
        line=e.line,
        code=e.id,
        name=e.name,
        name_key=name_key(e.name),
        points=e.points,
        games=e.games,
        entry_date=e.entry_date,
        birth_date=e.birth_date,
        last_active=e.last_active,
        fide_id=e.fide_id,
        foreign_rating=e.foreign_rating,
        pending_games=e.pending_games,
        pending_opponents=e.pending_opponents,
        pending_score=str(e.pending_score),
    )


def store_version(
    version: ListVersion, entries: list[ListEntry], previous: ListVersion | None
) -> Counts:
    """Write the list's lines under ``version`` and count them against ``previous`` (new
    codes, changed lines, codes no longer listed). The file was read first
    (:func:`chessclub.ratings.fse.read_list_csv`, every problem with line and column)."""
    rows = [_list_row(version, e) for e in entries]
    before: dict[str, tuple[object, ...]] = {}
    if previous is not None:
        before = {
            values[0]: tuple(values[1:])
            for values in ListRow.all_versions.filter(version=previous).values_list(
                "code", *_ROW_FIELDS
            )
        }
    ListRow.all_versions.bulk_create(rows, batch_size=2000)
    codes = {r.code for r in rows}
    created = sum(1 for r in rows if r.code not in before)
    updated = sum(
        1
        for r in rows
        if r.code in before and before[r.code] != tuple(getattr(r, f) for f in _ROW_FIELDS)
    )
    return Counts(
        records=len(rows), created=created, updated=updated, removed=len(before.keys() - codes)
    )


def describe(error: Exception) -> list[str]:
    """A :class:`~chessclub.ratings.fse.ListFileError`'s problems in the reader's language,
    each with its line and column."""
    lines = []
    for p in getattr(error, "problems", ()):
        shown = display_problem(p)
        where = shown.get("where") or ""
        lines.append(f"{where} {shown['message']}" if where else str(shown["message"]))
    omitted = getattr(error, "omitted", 0)
    if omitted:
        count = number_format(omitted, force_grouping=True)
        lines.append(_("… and %(count)s more problems.") % {"count": count})
    return lines or [str(error)]


IMPORTER = ListImporter(
    kind=ListKind.FSE,
    read=lambda data, filename: read_list_csv(data, source=filename),
    store=store_version,
    list_date=lambda entries: None,
    describe=describe,
    errors=(ListFileError,),
    row_model=ListRow,
    asks_list_date=True,
    accept=".csv,.CSV,.txt",
    max_size=20 * 1024 * 1024,
)


def current_list() -> ListVersion | None:
    """The FSE ranking list's current version (site data), or ``None``."""
    return current_version(ListKind.FSE)


def list_entries(stored: ListVersion) -> list[ListEntry]:
    """The stored rows as the core's list entries, in the file's order."""
    fields = (
        "line",
        "code",
        "name",
        "points",
        "games",
        "entry_date",
        "birth_date",
        "last_active",
        "fide_id",
        "foreign_rating",
        "pending_games",
        "pending_opponents",
        "pending_score",
    )
    return [
        ListEntry(
            id=code,
            name=name,
            points=points,
            games=games,
            entry_date=entry_date,
            birth_date=birth_date,
            last_active=last_active,
            fide_id=fide_id,
            foreign_rating=foreign_rating,
            pending_games=pending_games,
            pending_opponents=pending_opponents,
            pending_score=Fraction(pending_score or "0"),
            line=line,
        )
        for (
            line,
            code,
            name,
            points,
            games,
            entry_date,
            birth_date,
            last_active,
            fide_id,
            foreign_rating,
            pending_games,
            pending_opponents,
            pending_score,
        ) in ListRow.all_versions.filter(version=stored).order_by("line").values_list(*fields)
    ]


class NothingToPredict(ValueError):
    """The club has no closed tournament with a date, and no closing date was given."""


@dataclass(frozen=True)
class Skipped:
    """A closed tournament left out: it holds the same tournament as ``same_as`` (W1)."""

    tournament: rows.Tournament
    same_as: rows.Tournament


@dataclass(frozen=True)
class Forecast:
    """The predicted period of a club."""

    result: PeriodResult
    tournaments: list[rows.Tournament]  # in the order of ``result.tournaments``
    skipped: list[Skipped]
    club_ids: frozenset[str]  # the list ids shown on the page (the club's players)


TABLE_ENV = "CHESSCLUB_FSE_TABLE"


def evaluation_table() -> EvaluationTable:
    """The table in use: the file named by ``CHESSCLUB_FSE_TABLE``, else the shipped one.
    Raises :class:`~chessclub.ratings.fse.TableError` (naming the file and the problem) or
    ``OSError`` for a file that cannot be used."""
    path = os.environ.get(TABLE_ENV, "").strip()
    return read_table_file(path) if path else default_table()


def closed_tournaments(club: Club) -> list[rows.Tournament]:
    """The club's closed tournaments, oldest first."""
    return list(
        rows.Tournament.objects.filter(club=club, closed_at__isnull=False).order_by(
            "end_date", "start_date", "pk"
        )
    )


def _with_roster_codes(row: rows.Tournament, tournament: Tournament) -> Tournament:
    """A player linked to a roster player with a Swiss code and without a national number in
    the file gets that code as national number (the list ``id`` is matched against it)."""
    codes = dict(
        row.players.exclude(roster_player__isnull=True)
        .exclude(roster_player__swiss_code="")
        .values_list("pairing_number", "roster_player__swiss_code")
    )
    if not codes:
        return tournament
    players = tuple(
        dataclasses.replace(p, matricule=codes[p.pairing_number])
        if not p.matricule and p.pairing_number in codes
        else p
        for p in tournament.players
    )
    return dataclasses.replace(tournament, players=players)


def options_for(
    tournament: Tournament, stored: TournamentFseOptions | None, time_control: str = ""
) -> TournamentOptions:
    """The core's options of a tournament: its stored FSE options (time control, national
    championship), else the page's ``time_control`` for a tournament that states none (as
    the CLI's ``--time-control``)."""
    tempo: str | None = None
    if stored is not None and stored.time_control.strip():
        tempo = stored.time_control.strip()
    elif not tournament.time_control.strip() and time_control:
        tempo = time_control
    national = stored is not None and stored.national_championship
    return TournamentOptions(
        time_control=tempo,
        national_championship=national,
        unrated_value=stored.unrated_value if national and stored is not None else None,
    )


def save_tournament_options(
    options: TournamentFseOptions, user: object = None
) -> TournamentFseOptions:
    """Store a closed tournament's FSE options (W4, W5): ``options`` is the options form's
    unsaved row, its values already checked by the form; one transaction, with an audit line
    (``settings.export_changed``) by ``user`` when they change."""

    def values(row: TournamentFseOptions | None) -> dict[str, object] | None:
        if row is None:
            return None
        return {
            "time_control": row.time_control,
            "national_championship": row.national_championship,
            "unrated_value": row.unrated_value,
        }

    with transaction.atomic():
        before = TournamentFseOptions.objects.select_for_update().filter(
            tournament_id=options.tournament_id
        )
        old = values(before.first())
        options.save()
        new = values(options)
        if new != old:
            record(
                AuditAction.SETTINGS_EXPORT_CHANGED,
                options.tournament_id,
                user,
                gettext_noop(
                    "Swiss ranking list: time control “%(tempo)s”, national championship: "
                    "%(national)s."
                ),
                {
                    "tempo": options.time_control or "—",
                    "national": "yes" if options.national_championship else "no",
                },
                old=old,
                new=new,
            )
    return options


def compute_forecast(
    club: Club,
    stored: ListVersion,
    *,
    rules: str,
    period_end: datetime.date | None = None,
    time_control: str = "",
) -> Forecast:
    """Compute the period from ``stored`` and ``club``'s closed tournaments.

    ``period_end`` defaults to the latest tournament date (as the CLI does; without one,
    :class:`NothingToPredict`); ``time_control``
    is used for tournaments that state none (as the CLI's ``--time-control``). Raises
    ``ValueError`` when no tournament has a date and no ``period_end`` is given, ``LookupError``
    for an unknown rule set.
    """
    inputs: list[TournamentInput] = []
    used: list[rows.Tournament] = []
    skipped: list[Skipped] = []
    closed = closed_tournaments(club)
    settings = {
        o.tournament_id: o for o in TournamentFseOptions.objects.filter(tournament__in=closed)
    }
    for row in closed:
        tournament = _with_roster_codes(row, load_tournament(row))
        earlier = next(
            (used[i] for i, item in enumerate(inputs) if item.tournament == tournament), None
        )
        if earlier is not None:
            skipped.append(Skipped(row, earlier))
            continue
        inputs.append(
            TournamentInput(
                row.name, tournament, options_for(tournament, settings.get(row.pk), time_control)
            )
        )
        used.append(row)
    if period_end is None and not any(
        tournament_date(item.tournament) is not None for item in inputs
    ):
        raise NothingToPredict("no closed tournament with a date")
    result = compute_inputs(
        list_entries(stored),
        inputs,
        rules=rules,
        period_end=period_end,
        list_date=stored.list_date,
        table=evaluation_table(),
    )
    roster_codes = set(club.players.exclude(swiss_code="").values_list("swiss_code", flat=True))
    return Forecast(
        result=result,
        tournaments=used,
        skipped=skipped,
        club_ids=result.participants | frozenset(roster_codes),
    )


def score_text(value: Fraction) -> str:
    """A score as the list file writes it (``3.5``)."""
    return format_points_decimal(value)


# -- the registration search (federation.registry.ListSearch) ------------------------------------


def list_player(row: ListRow) -> ListPlayer:
    """One row of the Swiss ranking list as the registration search gives it (spec
    ``rating-lists.md`` §3.2: the SSB member code is the national ID, matched first, then the
    FIDE ID): key and national ID the code, national rating the list's points, federation
    ``SUI``."""
    fide_id = row.fide_id.strip()
    return ListPlayer(
        list_kind=ListKind.FSE,
        key=row.code,
        name=row.name,
        fide_id=fide_id if fide_id.isascii() and fide_id.isdigit() and int(fide_id) > 0 else "",
        national_id=row.code,
        national_kind=ListKind.FSE,
        federation="SUI",
        birth_date=row.birth_date,
        national_rating=row.points or None,
    )


def search_players(query: str, limit: int) -> list[ListPlayer]:
    """The current version's rows whose code or FIDE ID is ``query`` (the code through the
    version's unique index), else whose name holds every word of ``query`` (accents and case
    ignored: ``federation.search.key_filter`` on the stored ``name_key``); exact code first,
    then names starting with the first word, at most ``limit``."""
    query = clean_query(query)
    if not query:
        return []
    exact = list(ListRow.objects.filter(Q(code=query) | Q(fide_id=query))[:limit])
    exact.sort(key=lambda r: 0 if r.code == query else 1)
    if query.isdigit() or len(exact) >= limit:
        return [list_player(r) for r in exact]
    seen = {r.pk for r in exact}
    named = ListRow.objects.filter(key_filter("name_key", query)).order_by("name")[:CANDIDATES]
    ranked = best_first(query, [r for r in named if r.pk not in seen], lambda r: r.name, limit)
    return [list_player(r) for r in [*exact, *ranked][:limit]]


def get_player(key: str) -> ListPlayer | None:
    """The current version's row of code ``key``, or ``None``."""
    row = ListRow.objects.filter(code=key.strip()).first() if key.strip() else None
    return list_player(row) if row is not None else None


SEARCH = ListSearch(kind=ListKind.FSE, search=search_players, get=get_player)
