"""The frbe app's operations: importing the federation's player list, the export's checks
and files, the rating forecast (spec ``frbe.md`` B1–B6). Rules are the core's."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction

from chessclub.formats.frbe_export import ExportCheck, check_export
from chessclub.formats.frbe_name import default_identifier, frbe_file_name, unique_file_name
from chessclub.formats.frbe_players import (
    FrbePlayer,
    PlayerList,
    read_player_csv,
    read_player_dbf,
)
from chessclub.model import Tournament as CoreTournament
from chessclub.model import TournamentSystem
from chessclub.ratings.frbe import ListedPlayer, RatingRun, period_games, rating_run
from chessclub_web.clubs.models import Club
from chessclub_web.frbe.models import ExportSettings, FederationPlayer, PlayerListImport
from chessclub_web.tournaments.adapters import individual_system, load_tournament
from chessclub_web.tournaments.models import Tournament

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
    if filename.lower().endswith(".csv") or data[:1] not in (b"\x03", b"\x83", b"\x30", b"\x8b"):
        return read_player_csv(data, source=filename)
    return read_player_dbf(data)


def _row(p: FrbePlayer) -> FederationPlayer:
    return FederationPlayer(
        matricule=p.matricule,
        name=p.name[:64],
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


@transaction.atomic
def store_list(listing: PlayerList, source: str, user: object | None) -> PlayerListImport:
    """Insert new matricules and update known ones, in bulk (a re-import duplicates no one),
    in matricule order (concurrent imports cannot deadlock)."""
    known = set(FederationPlayer.objects.values_list("matricule", flat=True))
    # In matricule order: two imports at once then lock the rows they share in the same order
    # (in file order, two lists sorted differently deadlocked on PostgreSQL: a 500).
    rows = sorted((_row(p) for p in listing), key=lambda r: r.matricule)
    new = [r for r in rows if r.matricule not in known]
    old = [r for r in rows if r.matricule in known]
    # One INSERT … ON CONFLICT DO UPDATE per batch (bulk_update's CASE expressions take
    # minutes for 30,000 rows on SQLite).
    FederationPlayer.objects.bulk_create(
        rows,
        batch_size=BATCH,
        update_conflicts=True,
        unique_fields=["matricule"],
        update_fields=list(_FIELDS),
    )
    return PlayerListImport.objects.create(
        imported_by=user if getattr(user, "is_authenticated", False) else None,
        source=source[:255],
        list_date=listing.updated,
        records=len(rows),
        created=len(new),
        updated=len(old),
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


def export_settings(row: Tournament) -> ExportSettings:
    found = ExportSettings.objects.filter(tournament=row).first()
    return found or ExportSettings(tournament=row)


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
    last = PlayerListImport.objects.first()
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
