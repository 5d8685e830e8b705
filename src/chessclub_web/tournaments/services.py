"""Actions on tournaments: each runs in one transaction; permissions are checked by the caller."""

from __future__ import annotations

import datetime
import hashlib
import secrets
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub.formats import FileFormat, detect_format, read_tournament
from chessclub.formats import trf as trf_format
from chessclub.formats.trf.teams import has_team_records, to_team_tournament
from chessclub.model import TournamentSystem
from chessclub.model.teams import TeamTournament
from chessclub.tiebreaks import TiebreakCodeError, default_era
from chessclub_web.clubs.models import Club
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.adapters import row_problems, store_tournament
from chessclub_web.tournaments.errors import (
    ClosedTournamentChangeError,
    DetailsConflictError,
    DuplicateImportError,
    InvalidImportOptionError,
    TeamImportError,
    ValueDoesNotFitError,
)
from chessclub_web.tournaments.tiebreak_codes import clean_tiebreaks


def file_digest(data: bytes) -> str:
    """The SHA-256 of an imported file's bytes, in hexadecimal."""
    return hashlib.sha256(data).hexdigest()


def previous_import(club: Club, digest: str) -> rows.Tournament | None:
    """The club's most recent tournament imported from a file with this SHA-256."""
    return club.tournaments.filter(source_sha256=digest).order_by("-created_at", "-pk").first()


def validate_options(kind: object, time_control_category: object) -> None:
    """Raise :class:`InvalidImportOptionError` for a kind or category that does not exist."""
    if kind not in rows.Kind.values:
        raise InvalidImportOptionError("kind", kind, list(rows.Kind.values))
    if time_control_category not in rows.TimeControlCategory.values:
        raise InvalidImportOptionError(
            "time_control_category",
            time_control_category,
            list(rows.TimeControlCategory.values),
        )


@transaction.atomic
def import_tournament(
    club: Club,
    data: bytes,
    filename: str,
    user: Any = None,
    *,
    kind: str = rows.Kind.CLUB,
    time_control_category: str = rows.TimeControlCategory.STANDARD,
    allow_duplicate: bool = False,
) -> rows.Tournament:
    """Read a Belgian results file or a TRF (format detected from the content) into ``club``.

    The file's name, dates, place, chief arbiter, time control (tempo) and round dates go to
    the tournament's fields that the federation exports check (spec ``frbe.md`` B1). A TRF
    with team records (``310``/``013``, TRF-2026 team file) becomes a team event (team Swiss,
    or team round robin when its ``192``/``092`` says so) with its teams, rosters, line-ups,
    matches and byes (:func:`import_team_event`).

    Raises :class:`~chessclub_web.tournaments.errors.InvalidImportOptionError` for a bad
    ``kind`` or ``time_control_category``,
    :class:`~chessclub_web.tournaments.errors.DuplicateImportError` if the same file (same
    SHA-256) was already imported into the club, unless ``allow_duplicate``,
    :class:`chessclub.formats.FormatError` (every problem with line and column) for a malformed
    file, :class:`~chessclub_web.tournaments.errors.ValueDoesNotFitError` for values the rows
    cannot hold and :class:`~chessclub_web.tournaments.errors.TeamImportError` for a team file
    that cannot be stored as it is; nothing is stored then. Returns the new tournament row.
    """
    validate_options(kind, time_control_category)
    digest = file_digest(data)
    # Lock the club's row: two uploads of the same file at once cannot both pass the check.
    Club.objects.select_for_update().filter(pk=club.pk).first()
    existing = previous_import(club, digest)
    if existing is not None and not allow_duplicate:
        url = reverse("tournament", kwargs={"number": club.number, "pk": existing.pk})
        raise DuplicateImportError(existing, url)
    creator = user if user is not None and user.is_authenticated else None
    if detect_format(data) is FileFormat.TRF:
        document = trf_format.read_trf(data, source=filename)
        if has_team_records(document):
            row = import_team_event(
                club,
                document,
                filename=filename,
                digest=digest,
                creator=creator,
                kind=kind,
                time_control_category=time_control_category,
            )
            _note_import(row, creator, filename)
            return row
    tournament = read_tournament(data, source=filename)
    row = store_tournament(
        tournament,
        club=club,
        kind=kind,
        time_control_category=time_control_category,
        creator=creator,
        source_filename=filename,
        source_sha256=digest,
    )
    _note_import(row, creator, filename)
    return row


def _note_import(row: rows.Tournament, user: Any, filename: str) -> None:
    """The history's first line of an imported tournament. An import makes a new tournament
    with its entries and rounds as the file holds them, in one transaction: no entry is added
    to a tournament that exists (those go through ``pairings.services.add_player``)."""
    from chessclub_web.pairings.services import note

    note(
        row,
        user,
        gettext_noop("Tournament imported from %(file)s: %(players)s players, %(rounds)s rounds."),
        {"file": filename, "players": row.players.count(), "rounds": row.rounds.count()},
    )


_TEAM_SYSTEMS = {
    TournamentSystem.ROUND_ROBIN: rows.System.TEAM_ROUND_ROBIN,
    TournamentSystem.DOUBLE_ROUND_ROBIN: rows.System.TEAM_DOUBLE_ROUND_ROBIN,
}


def _team_rounds(core: TeamTournament) -> dict[int, list[tuple[Any, ...]]]:
    """Each team's rounds as the standings see them: kind, opponent, colour, match points,
    game points."""
    return {
        team: [(c.round, c.kind, c.opponent, c.colour, c.mp, c.gp) for c in cells]
        for team, cells in core.team_rounds().items()
    }


def import_team_event(
    club: Club,
    document: trf_format.TrfDocument,
    *,
    filename: str,
    digest: str,
    creator: Any,
    kind: str,
    time_control_category: str,
) -> rows.Tournament:
    """Store a TRF-2026 team file (``document``, read by :func:`chessclub.formats.trf.read_trf`)
    as a team event of ``club`` (inside the caller's transaction).

    The tournament's fields (name, dates, place, federation, arbiters, time control), the
    players' details (title, sex, federation, FIDE ID, birth date) and the round dates come
    from the individual reading of the file (:func:`chessclub.formats.trf.to_tournament`); the
    teams, rosters, line-ups, matches, byes and match-point scoring from
    :func:`chessclub.formats.trf.teams.to_team_tournament`, stored by the teams app
    (``teams.services.store_team_tournament``). The stored event is then read back: if any
    team's round (kind, opponent, colour, match or game points) differs from the file's,
    :class:`~chessclub_web.tournaments.errors.TeamImportError` names the first one and the
    caller's transaction leaves nothing behind. Raises
    :class:`chessclub.formats.FormatError` for a malformed file,
    :class:`~chessclub_web.tournaments.errors.TeamImportError` for team records that cannot
    be read, :class:`~chessclub_web.tournaments.errors.ValueDoesNotFitError` for values the
    rows cannot hold.
    """
    from chessclub_web.teams import services as teams
    from chessclub_web.teams.models import Team

    individual = trf_format.to_tournament(document, source=filename)
    try:
        core = to_team_tournament(document)
    except ValueError as exc:  # TeamTrfError, or the model's TournamentError
        raise TeamImportError(
            _(
                "The team records of this file cannot be read (%(reason)s): nothing was "
                "imported. Create the team event and enter its teams on its Teams tab."
            )
            % {"reason": exc}
        ) from exc
    row = rows.Tournament(
        club=club,
        name=individual.name,
        kind=kind,
        system=_TEAM_SYSTEMS.get(individual.system, rows.System.TEAM_SWISS),
        time_control_category=time_control_category,
        time_control=individual.time_control,
        start_date=individual.start_date,
        end_date=individual.end_date,
        planned_rounds=core.planned_rounds,
        city=individual.city,
        federation=individual.federation,
        chief_arbiter=individual.chief_arbiter,
        deputy_arbiters="\n".join(individual.deputy_arbiters),
        source_filename=filename,
        source_sha256=digest,
        creator=creator,
    )
    problems = row_problems(row, _("tournament"))
    name_length = Team._meta.get_field("name").max_length or 0
    for team in core.teams:
        if len(team.name) > name_length:
            problems.append(
                _("team %(number)s: name longer than %(max)s characters")
                % {"number": team.number, "max": name_length}
            )
    if problems:
        raise ValueDoesNotFitError(problems)
    row.save()
    try:
        teams.store_team_tournament(row, core)
    except ValueError as exc:  # teams.services.TeamError
        raise TeamImportError(
            _(
                "This team file cannot be stored as a team event (%(reason)s): nothing was "
                "imported. Create the team event and enter its teams on its Teams tab."
            )
            % {"reason": exc}
        ) from exc
    dates = {int(r.number): r.date for r in individual.rounds if r.date is not None}
    for round_row in row.rounds.filter(number__in=dates):
        round_row.date = dates[round_row.number]
        round_row.save(update_fields=["date"])
    details = {int(p.pairing_number): p for p in individual.players}
    players = []
    for player in row.players.all():
        found = details.get(player.pairing_number)
        if found is None:
            continue
        player.title = found.title
        player.sex = found.sex
        player.federation = found.federation
        player.fide_id = found.fide_id
        player.matricule = found.matricule
        player.birth_date = found.birth_date
        problems += row_problems(player, _("player %(number)s") % {"number": found.pairing_number})
        players.append(player)
    if problems:
        raise ValueDoesNotFitError(problems)
    rows.TournamentPlayer.objects.bulk_update(
        players, ["title", "sex", "federation", "fide_id", "matricule", "birth_date"]
    )
    rows.touch_tournament(row.pk)
    expected, stored = _team_rounds(core), _team_rounds(teams.load_team_tournament(row))
    for team in sorted(expected):
        for want, got in zip(expected[team], stored.get(team, []), strict=False):
            if want != got:
                raise TeamImportError(
                    _(
                        "This team file cannot be stored faithfully as a team event (round "
                        "%(round)s, team %(team)s: %(want)s in the file, %(got)s once "
                        "stored): nothing was imported. Create the team event and enter its "
                        "teams on its Teams tab."
                    )
                    % {
                        "round": want[0],
                        "team": team,
                        "want": _round_text(want),
                        "got": _round_text(got),
                    }
                )
        if len(expected[team]) != len(stored.get(team, [])):
            raise TeamImportError(
                _(
                    "This team file cannot be stored faithfully as a team event (team "
                    "%(team)s: %(want)s rounds in the file, %(got)s once stored): nothing was "
                    "imported. Create the team event and enter its teams on its Teams tab."
                )
                % {"team": team, "want": len(expected[team]), "got": len(stored.get(team, []))}
            )
    row.refresh_from_db()
    return row


def _round_text(cell: tuple[Any, ...]) -> str:
    """A team's round as the refusal names it: ``against 4: 2 MP, 5/2 GP``."""
    _number, _kind, opponent, _colour, mp, gp = cell
    return _("against %(opponent)s: %(mp)s MP, %(gp)s GP") % {
        "opponent": opponent or "—",
        "mp": mp,
        "gp": gp,
    }


#: The details the *Edit tournament* page changes (imported tournaments and the FRBE
#: export's checks, spec ``frbe.md`` B1).
DETAIL_FIELDS = (
    "name",
    "city",
    "federation",
    "start_date",
    "end_date",
    "chief_arbiter",
    "deputy_arbiters",
    "time_control_category",
    "time_control",
)


def normal_detail(name: str, value: Any) -> Any:
    """A detail as compared for conflicts: text stripped (the deputy arbiters one a line,
    blank lines dropped), dates as they are."""
    if name in ("start_date", "end_date"):
        return value
    if name == "deputy_arbiters":
        return "\n".join(line.strip() for line in str(value or "").splitlines() if line.strip())
    return str(value or "").strip()


def closed_refusals(row: rows.Tournament, changes: Mapping[str, Any]) -> list[str]:
    """Why the closing rules (spec C1) forbid ``changes`` (detail name → new value) on the
    closed tournament ``row``: its time-control category (its club Elo was computed in it;
    ``closing.guards`` refuses it too), and a start date that moves the tiebreak rule era
    when the era follows the start date (its final standings were stored under the first
    one). ``[]`` when the row is open or nothing forbidden changes. Messages are in the
    current language."""
    if not row.is_closed:
        return []
    reasons = []
    if (
        "time_control_category" in changes
        and changes["time_control_category"] != row.time_control_category
    ):
        reasons.append(
            _(
                "The time-control category of a closed tournament cannot change: its club Elo "
                "and final standings were computed in it."
            )
        )
    start = changes.get("start_date", row.start_date)
    if not row.tiebreak_rules and default_era(start) != default_era(row.start_date):
        reasons.append(
            _(
                "This start date would move the tournament to the tiebreak rules of "
                "%(new)s (now %(old)s): the final standings of a closed tournament were "
                "stored under its rules and cannot change."
            )
            % {"new": default_era(start).value, "old": default_era(row.start_date).value}
        )
    return reasons


@transaction.atomic
def update_details(
    row: rows.Tournament,
    changes: Mapping[str, Any],
    round_dates: Mapping[int, datetime.date | None],
    *,
    seen: Mapping[str, Any],
    seen_dates: Mapping[int, datetime.date | None],
) -> rows.Tournament:
    """Store the tournament's changed details.

    ``changes``: detail name (one of :data:`DETAIL_FIELDS`) → new value (text, or a
    ``datetime.date`` / ``None`` for the dates); ``round_dates``: round number → new date
    (``None`` clears it); ``seen`` and ``seen_dates``: the values the user saw when the page
    was loaded, for every changed detail and round. Only the changed values are written.

    Raises :class:`~chessclub_web.tournaments.errors.DetailsConflictError` when a changed
    value was changed by someone else meanwhile (or its round is gone), and
    :class:`~chessclub_web.tournaments.errors.ClosedTournamentChangeError` when the closing
    rules forbid a change (:func:`closed_refusals`); nothing is stored then. Values are
    validated by the form (``forms.TournamentDetailsForm``). Returns the stored row.
    """
    unknown = set(changes) - set(DETAIL_FIELDS)
    if unknown:
        raise ValueError(f"not a detail of the edit page: {', '.join(sorted(unknown))}")
    locked = rows.Tournament.objects.select_for_update().get(pk=row.pk)
    conflicts = [
        name
        for name in changes
        if normal_detail(name, getattr(locked, name)) != normal_detail(name, seen.get(name))
    ]
    stored = {r.number: r for r in locked.rounds.all()}
    for number in sorted(round_dates):
        held = stored.get(number)
        if held is None or held.date != seen_dates.get(number):
            conflicts.append(f"round {number}")
    if conflicts:
        raise DetailsConflictError(conflicts)
    reasons = closed_refusals(locked, changes)
    if reasons:
        raise ClosedTournamentChangeError(reasons)
    for name, value in changes.items():
        setattr(locked, name, value)
    if changes:
        locked.save(update_fields=list(changes))
    for number, date in round_dates.items():
        held = stored[number]
        held.date = date
        held.save(update_fields=["date"])
    return locked


#: Seeds of the drawing of lots: 1 to 999,999,999 (short enough to be read out and written).
LOTS_SEED_LIMIT = 10**9


def closed_settings_refusal() -> str:
    """Why a closed tournament's *Paramètres* no longer change (spec C1), in the current
    language."""
    return _(
        "The tournament is closed: its final standings were stored with its tiebreaks, rule "
        "era and drawing of lots, which can no longer change. Nothing was changed."
    )


def update_settings(
    row: rows.Tournament,
    *,
    tiebreaks: str,
    tiebreak_rules: str,
    draw_lots: bool,
    user: Any = None,
) -> rows.Tournament:
    """Store a tournament's standings settings: ``tiebreaks`` comma separated (stored in the
    canonical spelling; ``""``: the system's defaults), ``tiebreak_rules`` a value of
    :class:`~chessclub_web.tournaments.models.TiebreakRules`. Raises
    :class:`chessclub.tiebreaks.TiebreakCodeError` (a ``ValueError``) for a bad code,
    ``ValueError`` for unknown rules, and
    :class:`~chessclub_web.tournaments.errors.ClosedTournamentChangeError` (reason:
    :func:`closed_settings_refusal`) for a closed tournament, whatever the values: its final
    standings were stored under its settings (spec C1) and the pages and exports show them.
    Nothing is stored then.

    One transaction that locks the tournament's row first (``models.lock_tournament``, the
    lock rule of ``tournaments.models``) and reads its state under that lock: a closing in
    flight is waited for, then refused. Each change (tiebreaks, rule era, drawing of lots) is
    one line of the tournament's history (``pairings.services.note``, by ``user``).

    The seed of the drawing of lots is drawn the first time lots are asked for, then kept (also
    when lots are switched off and on again). Saving the row gives it a new revision: its
    cached standings are not used any more.
    """
    from chessclub_web.pairings.services import note
    from chessclub_web.tournaments.adapters import standings_settings

    if tiebreak_rules not in rows.TiebreakRules.values:
        raise ValueError(f"unknown tiebreak rules {tiebreak_rules!r} (use 2009, 2023 or 2026)")
    try:
        text = clean_tiebreaks(tiebreaks)
    except ValidationError as exc:
        raise TiebreakCodeError("; ".join(exc.messages)) from None
    with transaction.atomic():
        if not rows.lock_tournament(row.pk):
            raise rows.Tournament.DoesNotExist(f"tournament {row.pk} does not exist")
        locked = rows.Tournament.objects.get(pk=row.pk)
        if locked.is_closed:
            raise ClosedTournamentChangeError([closed_settings_refusal()])
        before = standings_settings(locked)
        old_rules, old_lots = locked.tiebreak_rules, locked.draw_lots
        locked.tiebreaks = text
        locked.tiebreak_rules = tiebreak_rules
        locked.draw_lots = draw_lots
        if draw_lots and locked.lots_seed is None:
            locked.lots_seed = 1 + secrets.randbelow(LOTS_SEED_LIMIT - 1)
        locked.save(update_fields=["tiebreaks", "tiebreak_rules", "draw_lots", "lots_seed"])
        after = standings_settings(locked)
        if after.codes != before.codes:
            note(
                locked,
                user,
                gettext_noop("Settings: tiebreaks changed from “%(old)s” to “%(new)s”."),
                {"old": ", ".join(before.codes), "new": ", ".join(after.codes)},
            )
        if tiebreak_rules != old_rules:
            note(
                locked,
                user,
                gettext_noop(
                    "Settings: tiebreak rules changed from “%(rules_from)s” to “%(rules_to)s”."
                ),
                {"rules_from": old_rules, "rules_to": tiebreak_rules},
            )
        if draw_lots != old_lots:
            if draw_lots:
                note(
                    locked,
                    user,
                    gettext_noop(
                        "Settings: ties left after every tiebreak decided by a drawing of "
                        "lots (seed %(seed)s)."
                    ),
                    {"seed": locked.lots_seed},
                )
            else:
                note(
                    locked,
                    user,
                    gettext_noop(
                        "Settings: no drawing of lots any more, players tied after every "
                        "tiebreak share the rank."
                    ),
                )
    return locked
