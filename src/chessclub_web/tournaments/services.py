"""Actions on tournaments: each runs in one transaction; permissions are checked by the caller."""

from __future__ import annotations

import datetime
import hashlib
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from chessclub.formats import FileFormat, Problem, detect_format, read_tournament
from chessclub.formats import trf as trf_format
from chessclub.formats.errors import TrfError
from chessclub.formats.trf.teams import has_team_records
from chessclub.model import Tournament
from chessclub.tiebreaks import TiebreakCodeError, default_era, parse_tiebreak
from chessclub_web import refusals
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.clubs.models import Club
from chessclub_web.tournaments import hooks
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.adapters import store_tournament
from chessclub_web.tournaments.errors import (
    ClosedTournamentChangeError,
    DetailsConflictError,
    DuplicateImportError,
    InvalidImportOptionError,
    RoundDatesError,
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
    warnings: list[Problem] | None = None,
) -> rows.Tournament:
    """Read a Belgian results file or a TRF (format detected from the content) into ``club``.

    ``warnings`` (a list, optional) receives what the TRF reader accepted while it deviates
    from TRF-16, located (spec P6: old round dates, ``0000 - =``, points that disagree with the
    rounds); they are also kept in the tournament's history (one line: how many, and the first).

    The file's name, dates, place, chief arbiter, time control (tempo) and round dates go to
    the tournament's fields that the federation exports check (spec ``frbe.md`` B1). A TRF
    with team records (``310``/``013``, TRF-2026 team file) becomes a team event (team Swiss,
    or team round robin when its ``192``/``092`` says so) with its teams, rosters, line-ups,
    matches and byes (``teams.imports.import_team_event``, through
    :data:`~chessclub_web.tournaments.hooks.import_team_event`).

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
    found: list[Problem] = []
    if detect_format(data) is FileFormat.TRF:
        document = trf_format.read_trf(data, source=filename)
        if has_team_records(document):
            found.extend(document.warnings)
            row = hooks.import_team_event(
                club,
                document,
                filename=filename,
                digest=digest,
                creator=creator,
                kind=kind,
                time_control_category=time_control_category,
            )
            _note_import(row, creator, filename, found)
            if warnings is not None:
                warnings.extend(found)
            return row
    requests: list[tuple[int, int, str]] = []
    if detect_format(data) is FileFormat.TRF:
        tournament, requests = _trf_tournament(document, filename, found)
    else:
        tournament = read_tournament(data, source=filename, warnings=found)
    row = store_tournament(
        tournament,
        club=club,
        kind=kind,
        time_control_category=time_control_category,
        creator=creator,
        source_filename=filename,
        source_sha256=digest,
    )
    if requests:
        hooks.import_requests(row, requests)
    _note_import(row, creator, filename, found)
    if warnings is not None:
        warnings.extend(found)
    return row


_REQUESTED = {
    trf_format.ResultCode.HALF_POINT_BYE: "H",
    trf_format.ResultCode.DRAW: "H",  # "0000 - =", read as a half-point bye
    trf_format.ResultCode.ZERO_POINT_BYE: "Z",
    trf_format.ResultCode.FORFEIT_LOSS: "-",
}


def _trf_tournament(
    document: trf_format.TrfDocument, filename: str, found: list[Problem]
) -> tuple[Tournament, list[tuple[int, int, str]]]:
    """The tournament of an individual TRF to import, and the byes and absences it states for
    rounds not yet paired (spec P6).

    Trailing rounds that hold no game are rounds still to pair
    (:func:`~chessclub.formats.trf.convert.unpaired_rounds`): they are not stored as rounds,
    their ``H``/``=`` and ``Z`` cells become requested byes and their ``-`` cells absences (the
    entries page's rows, honoured when the round is paired). The web pairing chooses the
    pairing-allocated bye itself and has no requested full-point bye, so a ``U`` or ``F``/``+``
    cell there refuses the file at that cell; so does a second ``U`` in any round (FIDE
    C.04.1). A points field is warned only when it disagrees with the rounds both with and
    without the rounds not yet paired. Raises :class:`~chessclub.formats.errors.TrfError`.
    """
    read: list[Problem] = []
    whole = trf_format.to_tournament(document, source=filename, warnings=read)
    tournament, cells = trf_format.unpaired_rounds(document, whole)
    problems = trf_format.second_pairing_allocated_byes(document)
    requests: list[tuple[int, int, str]] = []
    for cell in cells:
        kind = _REQUESTED.get(cell.code)
        if kind is not None:
            requests.append((cell.player, cell.round_number, kind))
            continue
        problems.append(
            Problem(
                cell.line,
                cell.column,
                gettext_noop(
                    "round %(round)s holds no game yet: it is imported as the round to pair, "
                    "but player %(player)s's bye '%(code)s' is chosen before the pairing, and "
                    "the pairing here gives the pairing-allocated bye itself and takes only "
                    "half-point (H) and zero-point (Z) byes requested; remove that cell, "
                    "import the file, and enter the bye on the entries page"
                ),
                {"round": cell.round_number, "player": cell.player, "code": cell.code.value},
            )
        )
    if problems:
        raise TrfError(problems, source=filename)
    if tournament is not whole:
        still = trf_format.points_disagreements(document, tournament)
        read = [
            w
            for w in read
            if w not in trf_format.points_disagreements(document, whole) or w in still
        ]
    found.extend(read)
    return tournament, requests


def _note_import(
    row: rows.Tournament, user: Any, filename: str, warnings: Sequence[Problem] = ()
) -> None:
    """The history's first line of an imported tournament. An import makes a new tournament
    with its entries and rounds as the file holds them, in one transaction: no entry is added
    to a tournament that exists (those go through ``pairings.services.add_player``)."""
    record(
        AuditAction.TOURNAMENT_IMPORTED,
        row,
        user,
        gettext_noop("Tournament imported from %(file)s: %(players)s players, %(rounds)s rounds."),
        {"file": filename, "players": row.players.count(), "rounds": row.rounds.count()},
    )
    if warnings:
        first = warnings[0]
        record(
            AuditAction.TOURNAMENT_IMPORTED,
            row,
            user,
            gettext_noop(
                "Read with %(count)s warning(s); the first, line %(line)s, column %(column)s: "
                "%(warning)s"
            ),
            {
                "count": len(warnings),
                "line": first.line,
                "column": first.column,
                "warning": first.message,
            },
        )


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


def _shown_date(date: datetime.date) -> str:
    """A date in a message as the pages show dates (``SHORT_DATE_FORMAT``: 14/09/2025 in
    French), not ISO."""
    return str(formats.date_format(date, "SHORT_DATE_FORMAT"))


def round_date_refusal(
    number: int,
    date: datetime.date | None,
    start: datetime.date | None,
    end: datetime.date | None,
) -> str | None:
    """The round-dates rule: round ``number`` is played within its tournament's dates, from
    ``start`` to ``end`` inclusive (either ``None``: no bound on that side). The Belgian
    results file states the tournament's first and last dates and every round's date between
    them (spec ``frbe.md`` B1, B3); a round dated outside is a typing error or dates to
    correct first. Returns ``None`` when ``date`` fits or is ``None`` (no date yet), else the
    refusal in the current language, naming the round, its date and the tournament's dates
    (``SHORT_DATE_FORMAT``). Every way a round's date is set (pairing a round, its page, the
    tournament's edit page) is refused with it: 400, nothing saved."""
    if date is None or not ((start and date < start) or (end and date > end)):
        return None
    values = {"number": number, "date": _shown_date(date)}
    if start and end:
        return _(
            "Round %(number)s cannot be dated %(date)s: the tournament runs from %(start)s "
            "to %(end)s."
        ) % {**values, "start": _shown_date(start), "end": _shown_date(end)}
    if start:
        return _(
            "Round %(number)s cannot be dated %(date)s: the tournament starts on %(start)s."
        ) % {**values, "start": _shown_date(start)}
    assert end is not None
    return _("Round %(number)s cannot be dated %(date)s: the tournament ends on %(end)s.") % {
        **values,
        "end": _shown_date(end),
    }


def _round_date_refusals(
    locked: rows.Tournament,
    changes: Mapping[str, Any],
    stored: Mapping[int, rows.Round],
    round_dates: Mapping[int, datetime.date | None],
) -> list[str]:
    """:func:`round_date_refusal` for the rounds an edit dates, against the tournament's dates
    after the edit: every round when the edit changes the start or end date, else the rounds
    whose date it changes (a stored date that disagrees, an imported file's, never blocks an
    unrelated correction)."""
    start = changes.get("start_date", locked.start_date)
    end = changes.get("end_date", locked.end_date)
    if "start_date" in changes or "end_date" in changes:
        dates = {number: held.date for number, held in stored.items()} | dict(round_dates)
    else:
        dates = dict(round_dates)
    return [
        reason
        for number in sorted(dates)
        if (reason := round_date_refusal(number, dates[number], start, end))
    ]


@transaction.atomic
def update_details(
    row: rows.Tournament,
    changes: Mapping[str, Any],
    round_dates: Mapping[int, datetime.date | None],
    *,
    seen: Mapping[str, Any],
    seen_dates: Mapping[int, datetime.date | None],
    round_times: Mapping[int, datetime.time | None] | None = None,
    seen_times: Mapping[int, datetime.time | None] | None = None,
    user: Any = None,
) -> rows.Tournament:
    """Store the tournament's changed details, by ``user``: one audit line per changed detail
    (``tournament.details_changed``) and round date or time (``round.date_set``), old and new
    value.

    ``changes``: detail name (one of :data:`DETAIL_FIELDS`) → new value (text, or a
    ``datetime.date`` / ``None`` for the dates); ``round_dates``: round number → new date
    (``None`` clears it); ``round_times``: round number → new time of day (``None`` clears
    it); ``seen``, ``seen_dates`` and ``seen_times``: the values the user saw when the page
    was loaded, for every changed detail and round. Only the changed values are written.

    Raises :class:`~chessclub_web.tournaments.errors.DetailsConflictError` when a changed
    value was changed by someone else meanwhile (or its round is gone),
    :class:`~chessclub_web.tournaments.errors.ClosedTournamentChangeError` when the closing
    rules forbid a change (:func:`closed_refusals`), and
    :class:`~chessclub_web.tournaments.errors.RoundDatesError` (400) when a round would be
    dated outside the tournament's dates (:func:`round_date_refusal`, for the rounds whose
    date changes, or every round when the start or end date changes); nothing is stored
    then. Other values are validated by the form (``forms.TournamentDetailsForm``). Returns
    the stored row.
    """
    round_times = round_times or {}
    seen_times = seen_times or {}
    unknown = set(changes) - set(DETAIL_FIELDS)
    if unknown:
        raise ValueError(f"not a detail of the edit page: {', '.join(sorted(unknown))}")
    with transaction.atomic():
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
        for number in sorted(round_times):
            held = stored.get(number)
            if held is None or held.time != seen_times.get(number):
                conflicts.append(f"round {number} (time)")
        if conflicts:
            raise DetailsConflictError(conflicts)
        reasons = closed_refusals(locked, changes)
        if reasons:
            raise ClosedTournamentChangeError(reasons)
        reasons = _round_date_refusals(locked, changes, stored, round_dates)
        if reasons:
            raise RoundDatesError(reasons)
        before = {name: getattr(locked, name) for name in changes}
        for name, value in changes.items():
            setattr(locked, name, value)
        if changes:
            locked.save(update_fields=list(changes))
        for name, value in changes.items():
            if normal_detail(name, before[name]) == normal_detail(name, value):
                continue
            old, new = _logged(before[name]), _logged(value)
            record(
                AuditAction.TOURNAMENT_DETAILS_CHANGED,
                locked,
                user,
                gettext_noop("Details: %(detail)s changed from “%(old)s” to “%(new)s”."),
                {"detail": name, "old": old or "—", "new": new or "—"},
                old={name: old},
                new={name: new},
            )
        for number, date in round_dates.items():
            held = stored[number]
            if held.date == date:
                continue
            old_date = held.date
            held.date = date
            held.save(update_fields=["date"])
            record(
                AuditAction.ROUND_DATE_SET,
                locked,
                user,
                gettext_noop("Round %(round)s: date set to %(date)s."),
                {"round": number, "date": date.isoformat() if date else None},
                round_number=number,
                old={"date": old_date.isoformat() if old_date else None},
                new={"date": date.isoformat() if date else None},
            )
        for number, time in round_times.items():
            held = stored[number]
            if held.time == time:
                continue
            old_time = held.time
            held.time = time
            held.save(update_fields=["time"])
            record(
                AuditAction.ROUND_DATE_SET,
                locked,
                user,
                gettext_noop("Round %(round)s: time set to %(time)s."),
                {"round": number, "time": _logged_time(time) or "—"},
                round_number=number,
                old={"time": _logged_time(old_time) or None},
                new={"time": _logged_time(time) or None},
            )
    return locked


def _logged_time(value: datetime.time | None) -> str:
    """A round's time as the audit log keeps it: ``HH:MM`` (24-hour clock), ``""`` for none."""
    return value.strftime("%H:%M") if value is not None else ""


def _logged(value: Any) -> str:
    """A detail as the audit log keeps it: a date as ``YYYY-MM-DD``, text as it is."""
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value or "")


#: Players named at most in a warning (the others are counted).
NAMED_PLAYERS = 3

#: Buchholz-type tiebreaks (C.07 Art. 8): the sum (or mean) of the opponents' scores.
BUCHHOLZ_FAMILY = frozenset({"BH", "FB", "AOB"})

ROUND_ROBINS = frozenset({rows.System.ROUND_ROBIN, rows.System.DOUBLE_ROUND_ROBIN})


def tiebreak_warnings(row: rows.Tournament, codes: tuple[str, ...] | list[str]) -> list[str]:
    """What the arbiter should know about an individual tournament's tiebreak list ``codes``
    (canonical descriptors, in order) before relying on it, in the current language; ``[]``
    when nothing (a team event: none). Each names the codes concerned and the rule:

    * a rating-based tiebreak (ARO, TPR, PTP, APRO, APPO, RTNG: C.07 Art. 10) while a player
      has no rating (none, or 0): no rating is set for unrated players, so the core computes
      it for no one and the standings show ``–`` (the players are named, at most
      :data:`NAMED_PLAYERS`);
    * a Buchholz-type tiebreak (BH, FB, AOB) in a round robin: every player meets every
      other, so players on the same points get the same value once every round is played
      (C.07 Art. 8);
    * KS in a Swiss: the Koya System is made for round robins (C.07 Art. 9.2).
    """
    if row.is_team_event or not codes:
        return []
    specs = [parse_tiebreak(code) for code in codes]
    warnings: list[str] = []
    rated = [spec.code for spec in specs if spec.info.uses_ratings]
    if rated:
        unrated = list(
            row.players.filter(models.Q(rating__isnull=True) | models.Q(rating__lte=0))
            .order_by("pairing_number")
            .values_list("name", flat=True)
        )
        if unrated:
            names = ", ".join(unrated[:NAMED_PLAYERS])
            if len(unrated) > NAMED_PLAYERS:
                names += " …"
            warnings.append(
                ngettext(
                    "%(codes)s: %(count)s player has no rating (%(names)s) and no rating is "
                    "set for unrated players, so these tiebreaks are computed for no one "
                    "(shown “–”; C.07 Art. 10).",
                    "%(codes)s: %(count)s players have no rating (%(names)s) and no rating is "
                    "set for unrated players, so these tiebreaks are computed for no one "
                    "(shown “–”; C.07 Art. 10).",
                    len(unrated),
                )
                % {"codes": ", ".join(rated), "count": len(unrated), "names": names}
            )
    if row.system in ROUND_ROBINS:
        buchholz = [spec.code for spec in specs if spec.name in BUCHHOLZ_FAMILY]
        if buchholz:
            warnings.append(
                _(
                    "%(codes)s: in a round robin every player meets every other, so players "
                    "on the same points get the same value once every round is played "
                    "(C.07 Art. 8)."
                )
                % {"codes": ", ".join(buchholz)}
            )
    elif row.system == rows.System.SWISS:
        koya = [spec.code for spec in specs if spec.name == "KS"]
        if koya:
            warnings.append(
                _(
                    "%(codes)s: the Koya System is made for round robins (C.07 Art. 9.2); in a "
                    "Swiss it counts only the points scored against opponents who reached half "
                    "of the maximum."
                )
                % {"codes": ", ".join(koya)}
            )
    return warnings


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
    one line of the tournament's history (``audit.services.record``, by ``user``).

    The seed of the drawing of lots is drawn the first time lots are asked for, then kept (also
    when lots are switched off and on again). Saving the row gives it a new revision: its
    cached standings are not used any more.
    """
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
        refusals.require_open(
            locked,
            closed_settings_refusal(),
            refusal=lambda message: ClosedTournamentChangeError([message]),
        )
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
            record(
                AuditAction.SETTINGS_TIEBREAKS_CHANGED,
                locked,
                user,
                gettext_noop("Settings: tiebreaks changed from “%(old)s” to “%(new)s”."),
                {"old": ", ".join(before.codes), "new": ", ".join(after.codes)},
            )
        if tiebreak_rules != old_rules:
            record(
                AuditAction.SETTINGS_RULES_CHANGED,
                locked,
                user,
                gettext_noop(
                    "Settings: tiebreak rules changed from “%(rules_from)s” to “%(rules_to)s”."
                ),
                {"rules_from": old_rules, "rules_to": tiebreak_rules},
            )
        if draw_lots != old_lots:
            if draw_lots:
                record(
                    AuditAction.SETTINGS_LOTS_CHANGED,
                    locked,
                    user,
                    gettext_noop(
                        "Settings: ties left after every tiebreak decided by a drawing of "
                        "lots (seed %(seed)s)."
                    ),
                    {"seed": locked.lots_seed},
                )
            else:
                record(
                    AuditAction.SETTINGS_LOTS_CHANGED,
                    locked,
                    user,
                    gettext_noop(
                        "Settings: no drawing of lots any more, players tied after every "
                        "tiebreak share the rank."
                    ),
                )
    return locked


# -- FIDE mode (rules F1–F4, docs/rules/fide-mode.md; FIDE's 2026 checklist Q40–Q46, Q56) ----


class FideModeRefused(refusals.Conflict):
    """Leaving FIDE mode refused: already left (409, it never comes back), a confirmation
    that does not name the tournament (400), a closed tournament (409)."""


def fide_mode_round(row: rows.Tournament) -> int:
    """The round FIDE mode is left in (F3): the last round paired, draft or published; 1 before
    the first round is paired."""
    last = row.rounds.aggregate(last=models.Max("number"))["last"]
    return int(last or 1)


def leave_fide_mode(row: rows.Tournament, user: Any, *, confirmation: str) -> rows.Tournament:
    """F2–F3: take ``row`` out of FIDE mode for good. ``confirmation`` is the second step of the
    level-4 warning: the tournament's name typed again (spaces around it and letter case do
    not matter). Whoever may change the tournament's settings may
    (``EDIT_TOURNAMENT_SETTINGS``); one transaction under the tournament's lock: the mode, the
    round and the time, and the history's line. Raises ``PermissionDenied``,
    :class:`FideModeRefused` (see there) or :class:`~chessclub_web.refusals.ClosedTournament`."""
    from django.core.exceptions import PermissionDenied
    from django.utils import timezone

    from chessclub_web.clubs.permissions import Action
    from chessclub_web.tournaments.permissions import allowed_on

    if not allowed_on(user, row, Action.EDIT_TOURNAMENT_SETTINGS):
        raise PermissionDenied
    with transaction.atomic():
        locked = rows.Tournament.objects.select_for_update().get(pk=row.pk)
        refusals.require_open(
            locked, _("The tournament is closed: its FIDE mode no longer changes.")
        )
        if not locked.fide_mode:
            raise FideModeRefused(
                _("This tournament is already outside FIDE mode; it can never return to it.")
            )
        if confirmation.strip().casefold() != locked.name.strip().casefold():
            raise FideModeRefused(
                _("To confirm, type the tournament's name exactly: “%(name)s”.")
                % {"name": locked.name},
                status=400,
            )
        number = fide_mode_round(locked)
        locked.fide_mode = False
        locked.fide_mode_left_round = number
        locked.fide_mode_left_at = timezone.now()
        locked.save(update_fields=["fide_mode", "fide_mode_left_round", "fide_mode_left_at"])
        record(
            AuditAction.FIDE_MODE_LEFT,
            locked,
            user,
            gettext_noop("FIDE mode left in round %(round)s, for good."),
            {"round": number},
            round_number=number,
        )
    return locked


def fide_mode_comments(row: rows.Tournament) -> list[str]:
    """F4: the ``###`` lines the tournament's TRF carries for its FIDE mode: the exit and its
    round (``### FIDE mode exit @ Round 3``), none while in FIDE mode or for a tournament that
    never was in it."""
    if row.fide_mode or row.fide_mode_left_round is None:
        return []
    return [f"### FIDE mode exit @ Round {row.fide_mode_left_round}"]
