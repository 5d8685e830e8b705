"""The frbe app's operations: reading and storing versions of the federation's player list
(site data, imported through ``chessclub_web.federation``), the export's checks and files, the
rating forecast (spec ``frbe.md`` B1–B6). Rules are the core's."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub.formats.frbe_export import (
    EXPORT_FILES,
    FIDE_TRF,
    RESULTS_FILE,
    ExportCheck,
    check_export,
    plain_trf,
    results_file,
    trf_like_file,
)
from chessclub.formats.frbe_name import default_identifier, frbe_file_name, unique_file_name
from chessclub.formats.frbe_players import (
    FrbePlayer,
    PlayerList,
    PlayerListError,
    read_player_csv,
    read_player_dbf,
)
from chessclub.formats.trf import final_ranks
from chessclub.model import PairingNumber, TournamentSystem
from chessclub.model import Tournament as CoreTournament
from chessclub.model.list_player import ListPlayer
from chessclub.ratings.frbe import ListedPlayer, RatingRun, period_games, rating_run
from chessclub.ratings.frbe.fictitious import FictitiousEloError, fictitious_elo
from chessclub_web import refusals
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.clubs.models import Club, Player
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
from chessclub_web.frbe.models import ExportSettings, FederationPlayer
from chessclub_web.pairings.services import NewEntry, forbidden_groups
from chessclub_web.tournaments.adapters import (
    individual_system,
    load_tournament,
    standings_settings,
)
from chessclub_web.tournaments.models import CLUB_SYSTEMS, Tournament
from chessclub_web.tournaments.services import fide_mode_comments

_FIELDS = (
    "name",
    "sex",
    "club",
    "birth_date",
    "rating",
    "games",
    "previous_rating",
    "previous_games",
    "title",
    "fide_id",
    "fide_nationality",
    "federation",
    "deceased",
)
BATCH = 2000
MAX_MATRICULE = 999_999
"""B3: ``MATRICULE`` is N6."""


def matricule_number(text: str) -> int | None:
    """A matricule typed or stored as text → its number, or ``None`` when it is not 1–6 ASCII
    digits (``"²".isdigit()`` is true but ``int("²")`` fails; a 30-digit number overflows the
    database's integers)."""
    stripped = text.strip()
    if not (stripped.isascii() and stripped.isdigit()):
        return None
    value = int(stripped)
    return value if 0 < value <= MAX_MATRICULE else None


def read_list(data: bytes, filename: str) -> PlayerList:
    """A ``PLAYER`` upload: CSV when named ``.csv`` or not starting like a dBase III table,
    else dBase. Raises :class:`~chessclub.formats.frbe_players.PlayerListError`."""
    if filename.lower().endswith(".csv") or not _looks_like_dbf(data):
        return read_player_csv(data, source=filename)
    return read_player_dbf(data)


def _looks_like_dbf(data: bytes) -> bool:
    """A dBase table's header: a version byte (dBase III 0x03/0x83/0x8B, FoxPro 0x30), then
    the last update as year, month 1–12, day 1–31. A text file starting with ``0`` (a TRF's
    ``012`` record) is no table."""
    if len(data) < 4 or data[:1] not in (b"\x03", b"\x83", b"\x30", b"\x8b"):
        return False
    return 1 <= data[2] <= 12 and 1 <= data[3] <= 31


def _row(p: FrbePlayer) -> FederationPlayer:
    return FederationPlayer(
        matricule=p.matricule,
        name=p.name[:64],
        name_key=name_key(p.name)[:64],
        sex=p.sex[:1],
        club=p.club,
        birth_date=p.birth_date,
        rating=p.rating,
        games=p.games,
        previous_rating=p.previous_rating,
        previous_games=p.previous_games,
        title=p.title[:3],
        fide_id=str(p.fide_id) if p.fide_id else "",
        fide_nationality=p.fide_nationality[:3],
        federation=p.federation[:2],
        deceased=p.deceased,
    )


def _values(row: FederationPlayer) -> tuple[object, ...]:
    return tuple(getattr(row, f) for f in _FIELDS)


def store_version(
    version: ListVersion, listing: PlayerList, previous: ListVersion | None
) -> Counts:
    """Write ``listing``'s records under ``version`` (B3: one per matricule; a matricule twice
    in the file keeps its last record) and count them against ``previous``: new matricules,
    changed records, matricules no longer listed."""
    by_matricule = {p.matricule: _row(p) for p in listing}
    rows = [by_matricule[m] for m in sorted(by_matricule)]
    for row in rows:
        row.version = version
    before: dict[int, tuple[object, ...]] = {}
    if previous is not None:
        before = {
            values[0]: tuple(values[1:])
            for values in FederationPlayer.all_versions.filter(version=previous).values_list(
                "matricule", *_FIELDS
            )
        }
    FederationPlayer.all_versions.bulk_create(rows, batch_size=BATCH)
    created = sum(1 for r in rows if r.matricule not in before)
    updated = sum(1 for r in rows if r.matricule in before and before[r.matricule] != _values(r))
    removed = len(before.keys() - by_matricule.keys())
    return Counts(records=len(rows), created=created, updated=updated, removed=removed)


def describe(error: Exception) -> list[str]:
    """A :class:`PlayerListError`'s problems as the page lists them (record, field)."""
    problems = getattr(error, "problems", ())
    lines = [
        _("record %(record)s, field %(field)s: %(message)s")
        % {"record": p.record, "field": p.field or "—", "message": p.message}
        if p.record or p.field
        else str(p.message)  # the whole file (its header)
        for p in problems
    ]
    omitted = getattr(error, "omitted", 0)
    if omitted:
        count = number_format(omitted, force_grouping=True)
        lines.append(_("… and %(count)s more problems.") % {"count": count})
    return lines or [str(error)]


IMPORTER = ListImporter(
    kind=ListKind.FRBE,
    read=lambda data, filename: read_list(data, filename),
    store=store_version,
    list_date=lambda listing: listing.updated,
    describe=describe,
    errors=(PlayerListError,),
    row_model=FederationPlayer,
    accept=".dbf,.DBF,.csv,.CSV",
)


def frbe_player(row: FederationPlayer) -> FrbePlayer:
    return FrbePlayer(
        matricule=row.matricule,
        name=row.name,
        sex=row.sex,
        club=row.club,
        birth_date=row.birth_date,
        previous_rating=row.previous_rating,
        previous_games=row.previous_games,
        rating=row.rating,
        games=row.games,
        title=row.title,
        fide_id=int(row.fide_id) if row.fide_id.isascii() and row.fide_id.isdigit() else None,
        fide_nationality=row.fide_nationality,
        federation=row.federation,
        deceased=row.deceased,
    )


def _matricules(tournaments: Iterable[CoreTournament]) -> set[int]:
    numbers = (matricule_number(p.matricule) for t in tournaments for p in t.players)
    return {m for m in numbers if m is not None}


def list_for(tournaments: Iterable[CoreTournament]) -> dict[int, FrbePlayer] | None:
    """The imported list's records of the tournaments' matricules (``None``: no list)."""
    if not FederationPlayer.objects.exists():
        return None
    wanted = _matricules(tournaments)
    return {
        row.matricule: frbe_player(row)
        for row in FederationPlayer.objects.filter(matricule__in=wanted)
    }


def fictitious_ratings(tournament: CoreTournament) -> dict[PairingNumber, int]:
    """The Belgian fictitious Elo (FRBE B4) of each unrated player of ``tournament``, by
    pairing number, for the rating-based tiebreaks of a tournament whose rule for unrated
    players is the FRBE one (``tournaments.hooks.fictitious_ratings``, requirement R-REG-6):
    the players' game counts come from the site's current ``PLAYER`` list, as on the export
    page. Empty when B4 gives no value: no list, a player with a matricule missing from it,
    fewer than 2 unrated or 2 rated players, a group that does not settle."""
    players = list_for([tournament])
    if players is None:
        return {}
    counts: dict[PairingNumber, int] = {}
    for p in tournament.players:
        number = matricule_number(p.matricule)
        if number is None or number <= 0:
            continue
        if number not in players:
            return {}  # B4 needs every listed player's game count
        counts[p.pairing_number] = players[number].games
    try:
        result = fictitious_elo(tournament, counts)
    except FictitiousEloError:
        return {}
    return dict(result.values) if result.applies else {}


def export_settings(row: Tournament) -> ExportSettings:
    found = ExportSettings.objects.filter(tournament=row).first()
    return found or ExportSettings(tournament=row)


def save_export_settings(
    row: Tournament, division: str, series: str, fide_rated: bool, user: object = None
) -> ExportSettings:
    """Store the tournament's export settings (B2 characters 7 and 8, FIDE rated), already
    checked by the page. One row per tournament: two saves at once update it, never an
    IntegrityError. A change is an audit line (``settings.export_changed``) by ``user``, with
    the old and new values."""
    with transaction.atomic():
        before = ExportSettings.objects.select_for_update().filter(tournament=row).first()
        old = (
            {"division": before.division, "series": before.series, "fide_rated": before.fide_rated}
            if before is not None
            else None
        )
        found, _created = ExportSettings.objects.update_or_create(
            tournament=row,
            defaults={"division": division, "series": series, "fide_rated": fide_rated},
        )
        new = {"division": division, "series": series, "fide_rated": fide_rated}
        if new != old:
            record(
                AuditAction.SETTINGS_EXPORT_CHANGED,
                row,
                user,
                gettext_noop(
                    "Belgian results file: division “%(division)s”, series “%(series)s”, FIDE "
                    "rated: %(fide_rated)s."
                ),
                {
                    "division": division or "—",
                    "series": series or "—",
                    "fide_rated": "yes" if fide_rated else "no",
                },
                old=old,
                new=new,
            )
    return found


def assigned_names(row: Tournament) -> dict[int, str]:
    """B2 names of the club's tournaments ending the same day as ``row``, by pk: those with
    saved chars 7–8 keep theirs; the others, in creation order, take the first free name
    (``unique_file_name``), so that no two share one."""
    if row.club is None or row.end_date is None:
        return {}
    same_day = Tournament.objects.filter(club=row.club, end_date=row.end_date).order_by("pk")
    rows = list(same_day)
    saved = {e.tournament_id: e for e in ExportSettings.objects.filter(tournament__in=rows)}
    out: dict[int, str] = {}
    reserved: set[str] = set()
    waiting: list[Tournament] = []
    for other in rows:
        settings = saved.get(other.pk)
        if settings is None:
            waiting.append(other)
            continue
        try:
            name = _name(other, settings.division, settings.series)
        except ValueError:
            waiting.append(other)
            continue
        out[other.pk] = name
        reserved.add(name.upper())
    for other in waiting:
        name = unique_file_name(_name(other, "1", "A"), reserved)
        out[other.pk] = name
        reserved.add(name.upper())
    return out


def _name(row: Tournament, division: str, series: str) -> str:
    assert row.club is not None and row.end_date is not None
    return frbe_file_name(
        row.end_date,
        default_identifier(load_tournament_system(row)),
        division,
        series,
        sender_club=row.club.number,
    )


def load_tournament_system(row: Tournament) -> TournamentSystem:
    """The core system of the row (team events as their individual kind, see
    ``tournaments.adapters.individual_system``); an unknown value counts as a Swiss."""
    try:
        return individual_system(row.system)
    except ValueError:
        return TournamentSystem.SWISS


@dataclass
class FileName:
    name: str
    clash: str  # "" or the name another tournament already uses


def file_name(row: Tournament, division: str, series: str, *, keep: bool) -> FileName:
    """B2's name for ``row``. With ``keep`` (chars 7–8 chosen by the user, or being chosen)
    the name is built from ``division`` and ``series`` and a clash with a same-day
    tournament of the club is reported; otherwise the name is the one
    :func:`assigned_names` gives (the first free chars 7–8). Raises ``ValueError``
    (``FrbeFileNameError``) for a wrong char 7–8 or club number."""
    assert row.club is not None and row.end_date is not None
    names = assigned_names(row)
    if not keep:
        return FileName(names[row.pk], "")
    name = _name(row, division, series)
    others = {v.upper() for pk, v in names.items() if pk != row.pk}
    return FileName(name, name if name.upper() in others else "")


def check(core: CoreTournament, fide_rated: bool) -> ExportCheck:
    """B1/B4/B6 checks of the tournament, against the imported list when there is one."""
    return check_export(core, players=list_for([core]), fide_rated=fide_rated)


def forecast(club: Club) -> tuple[RatingRun | None, list[Tournament], dict[int, FrbePlayer]]:
    """B5 over the club's closed tournaments (closed after the last list import, in closing
    order): the run, the tournaments used and the list records involved."""
    last = current_version(ListKind.FRBE)
    rows = Tournament.objects.filter(club=club, closed_at__isnull=False).order_by("closed_at", "pk")
    if last is not None:
        rows = rows.filter(closed_at__gt=last.imported_at)
    tournaments = list(rows)
    cores = [load_tournament(t) for t in tournaments]
    roster = (matricule_number(m) for m in club.players.values_list("matricule", flat=True))
    wanted = _matricules(cores) | {m for m in roster if m is not None}
    listed = {
        row.matricule: frbe_player(row)
        for row in FederationPlayer.objects.filter(matricule__in=wanted)
    }
    if not listed:
        return None, tournaments, listed
    games, _ = period_games([(t.name, c) for t, c in zip(tournaments, cores, strict=True)])
    players = {m: ListedPlayer(m, p.name, p.rating, p.games, p.club) for m, p in listed.items()}
    return rating_run(players, games), tournaments, listed


def add_to_roster(club: Club, found: FederationPlayer) -> Player:
    """Copy a list record into ``club``'s roster (B3: national Elo as the standard initial Elo;
    the caller checked that the club has no player with this matricule)."""
    return Player.objects.create(
        club=club,
        surname=found.surname[:100],
        first_name=found.first_name[:100],
        birth_date=found.birth_date,
        sex=found.sex if found.sex in ("M", "F") else "",
        federation="BEL",
        matricule=str(found.matricule),
        fide_id=found.fide_id,
        initial_elo_standard=found.rating,
    )


def new_entry(found: FederationPlayer, *, entry_round: int = 1) -> NewEntry:
    """A list record as a tournament entry (B3 fields; the entry rules of
    ``pairings.services.add_player`` then decide whether it may join). The national Elo is
    the entry's ``national_rating``; its rating follows the tournament's rating choice."""
    return NewEntry(
        name=found.name.replace(",", "")[:100],
        # The national Elo beside the rating: the tournament's rating choice picks (R-REG-4;
        # the list gives no FIDE rating, so the national Elo pairs unless a rating is typed).
        national_rating=found.rating,
        source=ListKind.FRBE,
        sex=found.sex,
        federation="BEL",
        fide_id=found.fide_id,
        matricule=str(found.matricule),
        club=str(found.club or ""),
        birth_date=found.birth_date.isoformat() if found.birth_date else "",
        entry_round=entry_round,
    )


# -- the registration search (federation.registry.ListSearch) ------------------------------------


def _fide_id(text: str) -> str:
    """The list's FIDE ID as an entry keeps it: digits, ``""`` for none (``0``, blank)."""
    text = text.strip()
    return text if text.isascii() and text.isdigit() and int(text) > 0 else ""


def list_player(row: FederationPlayer) -> ListPlayer:
    """One record of the ``PLAYER`` list as the registration search gives it (spec
    ``rating-lists.md`` §3.1: the Belgian number is the national ID, the FIDE ID links to the
    FIDE list): key and national ID the matricule, national rating the national Elo, club the
    club number, federation the record's FIDE nationality or ``BEL``."""
    return ListPlayer(
        list_kind=ListKind.FRBE,
        key=str(row.matricule),
        name=row.name,
        fide_id=_fide_id(row.fide_id),
        national_id=str(row.matricule),
        national_kind=ListKind.FRBE,
        federation=(row.fide_nationality or "BEL").strip().upper()[:3],
        title=row.title.strip().upper(),
        sex=row.sex.strip().upper()[:1],
        birth_date=row.birth_date,
        club=str(row.club or ""),
        national_rating=row.rating or None,
    )


def search_players(query: str, limit: int) -> list[ListPlayer]:
    """The current version's records whose matricule or FIDE ID is ``query`` (digits; the
    matricule through the version's unique index), else whose name holds every word of
    ``query`` (accents and case ignored: ``federation.search.key_filter`` on the stored
    ``name_key``); exact number first, then names starting with the first word, at most
    ``limit``. Deceased players are left out."""
    query = clean_query(query)
    rows = FederationPlayer.objects.filter(deceased=False)
    if query.isdigit():
        number = matricule_number(query)
        by_number = Q(matricule=number) if number is not None else Q(pk__in=[])
        found = list(rows.filter(by_number | Q(fide_id=query))[:limit])
        found.sort(key=lambda r: 0 if r.matricule == number else 1)
        return [list_player(r) for r in found]
    found = list(rows.filter(key_filter("name_key", query)).order_by("name")[:CANDIDATES])
    return [list_player(r) for r in best_first(query, found, lambda r: r.name, limit)]


def get_player(key: str) -> ListPlayer | None:
    """The current version's record of matricule ``key``, or ``None`` (no such record, or a
    deceased player's: the search does not offer them, R-REG-1, and a forged *Ajouter*
    cannot register them either)."""
    number = matricule_number(key)
    if number is None:
        return None
    row = FederationPlayer.objects.filter(matricule=number, deceased=False).first()
    return list_player(row) if row is not None else None


SEARCH = ListSearch(kind=ListKind.FRBE, search=search_players, get=get_player)


def trf_extras(row: Tournament, core: CoreTournament) -> dict[str, Any]:
    """What the TRFs take from the tournament's rows beyond the core model, as keyword
    arguments of :func:`plain_trf` / :func:`trf_like_file`: ``ranks``, the final ranking of the
    *Classement* (TRF-16: the rank column is the final rank) — for a closed tournament its
    stored final standings (spec C1, C3: ``closing.services.stored_final_ranks``, never
    recomputed), else the standings under the tournament's own tiebreaks, rule era and drawing
    of lots (its *Paramètres*) — and ``forbidden``, the arbiter's forbidden pairs (TRF-2026
    record ``260``; the groups the pairing and the checker use)."""
    from chessclub_web.closing.services import stored_final_ranks

    stored = stored_final_ranks(row)
    if stored is not None:
        ranks = {PairingNumber(number): rank for number, rank in stored.items()}
    else:
        settings = standings_settings(row, core)
        ranks = final_ranks(core, settings.codes, era=settings.era, lots_seed=settings.lots_seed)
    return {"ranks": ranks, "forbidden": forbidden_groups(row)}


@dataclass(frozen=True, slots=True)
class Download:
    """A file of the *Export* tab: its bytes, its file name and its ``Content-Type``."""

    data: bytes
    name: str
    content_type: str


class DownloadRefused(refusals.Refused):
    """A file of the *Export* tab that cannot be given: ``status`` 400 (``reason``
    ``unknown_file``; ``no_name``: a Belgian file without its B2 name, no end date or a name
    clash) or 409 (``blocked``: problems block it, :meth:`ExportCheck.blocking_for`). The
    message says why, in the current language."""

    def __init__(self, status: int, reason: str) -> None:
        messages = {
            "unknown_file": _("Unknown file: one of %(files)s.")
            % {"files": ", ".join(EXPORT_FILES)},
            "blocked": _(
                "Problems block this file: the tournament's Export tab lists them and where to "
                "fix them."
            ),
            "no_name": _(
                "The Belgian file needs its name (FRBE B2): set the tournament's end date and "
                "a name that no other file of the club takes, on the Export tab."
            ),
            "club_system": _(
                "This club competition is outside FIDE's systems: no FIDE or federation file "
                "is made for it."
            ),
        }
        super().__init__(messages.get(reason, reason), status=status)
        self.reason = reason


def export_download(row: Tournament, key: str, club_number: str) -> Download:
    """The file ``key`` of :data:`EXPORT_FILES` of the *Export* tab (``?download=``): FIDE's
    TRF (UTF-8), the federation's results file (Latin-1, CR LF, named by B2) or its TRF-like
    variant (Latin-1; ``club_number`` its sender). Raises :class:`DownloadRefused` (400, 409)
    as the tab refuses it."""
    if key not in EXPORT_FILES:
        raise DownloadRefused(400, "unknown_file")
    if row.system in CLUB_SYSTEMS:
        raise DownloadRefused(409, "club_system")
    settings = export_settings(row)
    core = load_tournament(row)
    checked = check(core, settings.fide_rated)
    if not checked.ok_for(key):
        raise DownloadRefused(409, "blocked")
    name = None
    if row.end_date is not None:
        try:
            name = file_name(row, settings.division, settings.series, keep=settings.pk is not None)
        except ValueError:
            name = None
    named = name is not None and not name.clash
    if key == FIDE_TRF:
        stem = name.name.replace(".", "_") if named and name else f"tournament-{row.pk}"
        data = plain_trf(core, checked, **trf_extras(row, core), comments=fide_mode_comments(row))
        return Download(data, f"{stem}.trf", "text/plain; charset=utf-8")
    if not named or name is None:
        raise DownloadRefused(400, "no_name")
    if key == RESULTS_FILE:
        return Download(results_file(core, checked), name.name, "text/plain; charset=iso-8859-1")
    data = trf_like_file(
        core, checked, file_name=name.name, club=club_number, **trf_extras(row, core)
    )
    return Download(data, f"{name.name.replace('.', '_')}.trfx", "text/plain; charset=iso-8859-1")
