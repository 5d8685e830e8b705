"""Closing, early end, corrections and the club Elo (spec C1–C3, E1–E9): the stored side.

Each action runs in one transaction; permissions are checked by the caller (the views).

* :func:`closing_blockers` — what prevents closing (C1).
* :func:`early_end_preview` / :func:`end_early` — *Terminer après la ronde* N (C2).
* :func:`close_tournament` — stores the final standings, links the entries to the roster,
  applies the club Elo, locks the tournament, sends ``tournament_closed`` (C1, E2).
* :func:`apply_correction` — after corrections (C3; receiver of ``results_corrected``).
* :func:`recompute_club_elo` / :func:`recompute_after_initial_change` — the recompute chain
  (E7), on the core's :mod:`chessclub.ratings.club_elo`.

**Club Elo inputs.** An entry takes part in the club Elo when it is linked to a roster player
who has an initial Elo in the tournament's time control (E1). An entry without one (no rating in
the file and none given on the roster) is left out, and games against it do not count, as FIDE
leaves out games against unrated players; giving the roster player an initial Elo later
recomputes from their first tournament (E7).

**Linking entries to the roster (at closing, club tournaments).** Only the closing club's
roster is used: an entry already linked to a player of that roster keeps the link; an entry
not linked, or linked to a player of another club's roster (the admin lets staff pick any
club's player), is matched to a roster player of the club by Belgian matricule, then FIDE ID,
then exact name
(``Surname, First name`` or ``Surname First name``, case and spaces ignored); a roster player
takes one entry per tournament. An entry without a match creates a roster player (name split at
the first comma, matricule, FIDE ID, sex, federation, birth date when it reads as a date) in
the closing club's roster, whose initial Elo in the tournament's time control is the entry's
rating; another club's roster is never read for a match nor changed. A matched roster player
without an initial Elo in that time control gets the entry's rating as initial Elo. A rating
outside the roster's bounds (100…3500: 0 means "unrated" in rating files) is no initial Elo.
"""

from __future__ import annotations

import datetime
import functools
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db import connection, transaction
from django.db.models import Field, Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from chessclub.ratings.club_elo import (
    ClubEloError,
    ClubTournament,
    EloChange,
    EloGame,
    EloRecompute,
    FirstRating,
    InitialRating,
    PoolGame,
    TimeControl,
    rate_history_with_first_ratings,
    recompute_from,
)
from chessclub.tiebreaks import RuleEra
from chessclub_web import refusals
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.closing.models import Closure, EloRow, FinalStanding
from chessclub_web.clubs.models import MAX_INITIAL_ELO, MIN_INITIAL_ELO, Club, Player, Sex
from chessclub_web.pairings.models import RequestedBye
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.adapters import (
    CODE_TO_RESULT,
    StandingsSettings,
    load_tournament,
    standings_settings,
)
from chessclub_web.tournaments.presentation import summarize
from chessclub_web.tournaments.signals import tournament_closed

#: Systems that may end early (C2).
SWISS_SYSTEMS = frozenset({rows.System.SWISS, rows.System.TEAM_SWISS})


class ClosingError(refusals.Conflict):
    """An action of this module refused (already closed, blockers left, bad round…).

    ``str(exc)`` is a translated message for the user.
    """


class AlreadyClosedError(refusals.ClosedTournament, ClosingError):
    """Closing or ending early a tournament that is closed already (spec C1)."""


# --------------------------------------------------------------------------- blockers (C1)


@dataclass(frozen=True)
class MissingResult:
    round: int
    board: int | None
    white: str
    black: str


@dataclass
class Blockers:
    """What prevents closing (C1): draft rounds, boards without a result (by round and board),
    planned rounds not held, no round at all."""

    drafts: list[int] = field(default_factory=list)
    missing_results: list[MissingResult] = field(default_factory=list)
    rounds_not_held: list[int] = field(default_factory=list)
    no_rounds: bool = False
    #: What a club system's own rules still need (a cup's final not decided), translated.
    unfinished: list[str] = field(default_factory=list)

    @property
    def any(self) -> bool:
        return bool(
            self.drafts
            or self.missing_results
            or self.rounds_not_held
            or self.no_rounds
            or self.unfinished
        )


#: K45: what a club system's app says still prevents closing (``[]``: nothing), by system;
#: filled by the apps of the club systems above this one (``AppConfig.ready``).
CLUB_CLOSING_BLOCKERS: dict[str, Callable[[rows.Tournament], list[str]]] = {}


def closing_blockers(tournament: rows.Tournament) -> Blockers:
    """C1: every round published, every board with a result, every planned round held."""
    blockers = Blockers()
    numbers = []
    for number, state in tournament.rounds.order_by("number").values_list("number", "state"):
        numbers.append(number)
        if state != rows.RoundState.PUBLISHED:
            blockers.drafts.append(number)
    blockers.no_rounds = not numbers
    held = set(numbers)
    planned = tournament.planned_rounds
    if tournament.system in (rows.System.KEIZER, rows.System.KNOCKOUT):
        # K25: a Keizer season ends with its last evening; evenings planned after it are
        # not held, and never will be. K45: a cup ends with its final, however many rounds
        # of games its tie-breaks took.
        planned = 0
    if tournament.system in CLUB_CLOSING_BLOCKERS:
        blockers.unfinished = CLUB_CLOSING_BLOCKERS[tournament.system](tournament)
    blockers.rounds_not_held = [
        n for n in range(1, max(planned, max(numbers, default=0)) + 1) if n not in held
    ]
    pending = (
        rows.Game.objects.filter(round__tournament=tournament, result=rows.ResultCode.NONE)
        .order_by("round__number", "board", "id")
        .values_list("round__number", "board", "white__name", "black__name")
    )
    blockers.missing_results = [MissingResult(*values) for values in pending]
    return blockers


# --------------------------------------------------------------------------- early end (C2)


@dataclass
class EarlyEnd:
    """The preview of *Terminer après la ronde* N (C2).

    ``after_round`` is N, the last complete round (every round up to it published with every
    result); ``refused_round`` a later round that already has a result (the early end is
    refused until it is complete). The lists say what will happen.
    """

    after_round: int
    planned_rounds: int
    refused_round: int | None = None
    deleted_rounds: list[int] = field(default_factory=list)
    dropped_byes: list[tuple[str, int]] = field(default_factory=list)
    leaving: list[tuple[str, int]] = field(default_factory=list)
    cancelled_withdrawals: list[tuple[str, int]] = field(default_factory=list)

    @property
    def allowed(self) -> bool:
        return self.refused_round is None and self.after_round >= 1


def last_complete_round(tournament: rows.Tournament) -> int:
    """The largest N such that rounds 1…N exist, are published and have every result."""
    incomplete = set(
        rows.Game.objects.filter(
            round__tournament=tournament, result=rows.ResultCode.NONE
        ).values_list("round__number", flat=True)
    )
    last = 0
    for number, state in tournament.rounds.order_by("number").values_list("number", "state"):
        if number != last + 1 or state != rows.RoundState.PUBLISHED or number in incomplete:
            break
        last = number
    return last


def early_end_preview(tournament: rows.Tournament) -> EarlyEnd | None:
    """C2: what *Terminer après la ronde* N would do, or ``None`` when it does not apply (not a
    Swiss, closed, or nothing planned after the last complete round)."""
    if tournament.system not in SWISS_SYSTEMS or tournament.is_closed:
        return None
    n = last_complete_round(tournament)
    later = list(tournament.rounds.filter(number__gt=n).order_by("number"))
    if tournament.planned_rounds <= n and not later:
        return None
    preview = EarlyEnd(after_round=n, planned_rounds=tournament.planned_rounds)
    with_results = set(
        rows.Game.objects.filter(round__in=later)
        .exclude(result=rows.ResultCode.NONE)
        .values_list("round__number", flat=True)
    )
    # A team match forfeited as a whole (teams app, ``Match.forfeit``) is a result too, even
    # when no board has a game.
    with_results.update(
        rows.Round.objects.filter(pk__in=[r.pk for r in later])
        .filter(matches__forfeit__in=("+-", "-+", "--"))
        .values_list("number", flat=True)
    )
    preview.refused_round = min(with_results, default=None)
    preview.deleted_rounds = [r.number for r in later]
    preview.dropped_byes = list(
        RequestedBye.objects.filter(player__tournament=tournament, round_number__gt=n)
        .order_by("round_number", "player__pairing_number")
        .values_list("player__name", "round_number")
    )
    preview.leaving = list(
        tournament.players.filter(entry_round__gt=n)
        .order_by("pairing_number")
        .values_list("name", "entry_round")
    )
    withdrawals = (
        tournament.players.filter(withdrawn_from_round__gt=n)
        .order_by("pairing_number")
        .values_list("name", "withdrawn_from_round")
    )
    preview.cancelled_withdrawals = [
        (name, withdrawn) for name, withdrawn in withdrawals if withdrawn is not None
    ]
    return preview


def end_early(tournament: rows.Tournament, after_round: int, user: Any = None) -> EarlyEnd:
    """C2: end the Swiss after round ``after_round`` (the last complete round).

    Planned rounds become N; later rounds (without any result) are deleted with their boards
    and byes; requested byes for later rounds are dropped; entries joining after N leave;
    withdrawals from a round after N are cancelled. Raises :class:`ClosingError` when the
    early end does not apply, N is not the last complete round, or a later round has a result.

    The entries that leave are C2's own rule (they have played nothing, and the spec says
    they leave), not ``pairings.services.remove_player``'s; they leave under the tournament's
    lock, and each is a line of the tournament's history (by ``user``), as a removal is.
    """
    from django.utils.translation import gettext as _

    with transaction.atomic():
        locked = rows.Tournament.objects.select_for_update().get(pk=tournament.pk)
        preview = early_end_preview(locked)
        if preview is None:
            refusals.require_open(
                locked, _("This tournament is already closed."), refusal=AlreadyClosedError
            )
            if locked.system not in SWISS_SYSTEMS:
                raise ClosingError(
                    _(
                        "Only a Swiss tournament can end early: every round of a round robin "
                        "has to be played before closing."
                    )
                )
            raise ClosingError(
                _("Every planned round is complete: the tournament can be closed as it is.")
            )
        if preview.refused_round is not None:
            raise ClosingError(
                _("Round %(round)s already has results: complete it first.")
                % {"round": preview.refused_round}
            )
        if after_round != preview.after_round or after_round < 1:
            raise ClosingError(
                _("The tournament can only end after round %(round)s, its last complete round.")
                % {"round": preview.after_round}
            )
        n = after_round
        for later in locked.rounds.filter(number__gt=n):
            later.delete()
        RequestedBye.objects.filter(player__tournament=locked, round_number__gt=n).delete()
        for player in locked.players.filter(entry_round__gt=n):
            name = player.name
            player.delete()
            record(
                AuditAction.ENTRY_REMOVED,
                locked,
                user,
                gettext_noop("%(name)s removed from the entries."),
                {"name": name},
            )
        locked.players.filter(withdrawn_from_round__gt=n).update(withdrawn_from_round=None)
        planned = locked.planned_rounds
        locked.planned_rounds = n
        locked.save(update_fields=["planned_rounds"])
        record(
            AuditAction.TOURNAMENT_ENDED_EARLY,
            locked,
            user,
            gettext_noop("The tournament ends after round %(round)s (%(planned)s were planned)."),
            {"round": n, "planned": planned},
            old={"planned_rounds": planned},
            new={"planned_rounds": n},
        )
        rows.touch_tournament(locked.pk)
    tournament.refresh_from_db()
    return preview


# --------------------------------------------------------------------------- closing (C1)


def _team_final_standings(
    tournament: rows.Tournament,
) -> tuple[list[str], str, list[FinalStanding]] | None:
    """C1/S4 for a team event: the team standings as the teams app ranks them (match points,
    then its team tiebreaks, ``GP EDE EMGSB`` by default), ``None`` when it cannot rank them."""
    from chessclub_web.teams import presentation
    from chessclub_web.teams import services as team_services

    try:
        core = team_services.load_team_tournament(tournament)
        settings = team_services.team_standings_settings(tournament)
        ranked = presentation.standings_rows(core, settings)
    except Exception:  # the individual standings are stored instead
        return None
    codes = list(settings.codes) if "GP" in settings.codes else ["GP", *settings.codes]
    made = [
        FinalStanding(
            tournament=tournament,
            position=position,
            rank=row.rank,
            pairing_number=row.number,
            name=row.name,
            rating="",
            points=row.mp,
            games_played=0,
            tiebreaks={
                "GP": row.gp,
                **dict(zip(settings.codes, row.tiebreaks, strict=True)),
            },
        )
        for position, row in enumerate(ranked, start=1)
    ]
    return codes, settings.era.value, made


def _closure_settings(
    tournament: rows.Tournament, core: Any, closure: Closure | None
) -> StandingsSettings:
    """The standings settings of a tournament whose final standings are stored again (C3):
    the tiebreaks and rule era of the :class:`Closure` (those they were stored with at
    closing), the drawing of lots of the tournament (frozen since, ``closing.guards``); the
    tournament's own settings when nothing was stored yet."""
    settings = standings_settings(tournament, core)
    if (
        closure is None
        or not closure.era
        or not FinalStanding.objects.filter(tournament=tournament).exists()
    ):
        return settings
    return settings._replace(
        codes=tuple(closure.codes), era=RuleEra(closure.era), stored_codes_invalid=False
    )


def _replace_final_rows(
    tournament: rows.Tournament, made: list[FinalStanding]
) -> list[FinalStanding]:
    FinalStanding.objects.filter(tournament=tournament).delete()
    return made


def _keizer_final_standings(tournament: rows.Tournament) -> list[FinalStanding]:
    """K25: a Keizer competition's final standings are its Keizer ranking after the last
    evening (``keizer.services.standings``, recalculated from the stored evenings): the
    Keizer points as *points*, no tiebreak; each player's value and game points kept
    beside them (``tiebreaks`` ``value`` and ``game_points``, under no code)."""
    from chessclub_web.keizer import services as keizer

    table = keizer.standings(tournament)
    return [
        FinalStanding(
            tournament=tournament,
            position=line.rank,
            rank=str(line.rank),
            pairing_number=line.player.pairing_number,
            name=line.player.name,
            rating=str(line.player.rating) if line.player.rating else "",
            points=keizer.points_text(line.score),
            games_played=line.games,
            tiebreaks={
                "value": str(line.value),
                "game_points": keizer.points_text(line.game_points),
            },
        )
        for line in table.rows
    ]


#: K25, K45: the club systems whose final standings are their own ranking, not FIDE
#: standings (``tournaments.models.CLUB_SYSTEMS``; a club system not listed is stored as its
#: games' standings); the cups' and Scheveningen matches' apps add theirs
#: (``AppConfig.ready``: they sit above this app).
CLUB_FINAL_STANDINGS: dict[str, Callable[[rows.Tournament], list[FinalStanding]]] = {
    rows.System.KEIZER: _keizer_final_standings
}


def store_final_standings(tournament: rows.Tournament) -> list[FinalStanding]:
    """C1/C3: compute the standings with the tournament's tiebreaks (core
    :func:`chessclub.standings.compute_standings` through the adapters; for a team event the
    team standings, match points first, S4) and store them in place of any stored before.
    When final standings were stored already (corrections, C3), they are computed again with
    the tiebreaks and rule era they were stored with (:class:`Closure`): a closed
    tournament's standings follow its corrected results, never another setting. The
    tournament gets a new revision (its pages show the stored standings: none cached before
    is used). Returns the new rows."""
    if tournament.system in CLUB_FINAL_STANDINGS:
        made = FinalStanding.objects.bulk_create(
            _replace_final_rows(tournament, CLUB_FINAL_STANDINGS[tournament.system](tournament))
        )
        Closure.objects.filter(tournament=tournament).update(
            codes=[], era="", standings_stored_at=timezone.now()
        )
        rows.touch_tournament(tournament.pk)
        return made
    if tournament.is_team_event:
        team = _team_final_standings(tournament)
        if team is not None:
            codes, era, made = team
            FinalStanding.objects.filter(tournament=tournament).delete()
            made = FinalStanding.objects.bulk_create(made)
            Closure.objects.filter(tournament=tournament).update(
                codes=codes, era=era, standings_stored_at=timezone.now()
            )
            rows.touch_tournament(tournament.pk)
            return made
    core = load_tournament(tournament)
    closure = Closure.objects.filter(tournament=tournament).first()
    settings = _closure_settings(tournament, core, closure)
    summary, _cells = summarize(core, settings)
    FinalStanding.objects.filter(tournament=tournament).delete()
    made = FinalStanding.objects.bulk_create(
        FinalStanding(
            tournament=tournament,
            position=position,
            rank=row.rank,
            pairing_number=row.pairing_number,
            name=row.name,
            rating=row.rating,
            fictitious_rating=row.fictitious_rating,
            points=row.points,
            games_played=row.games_played,
            tiebreaks=dict(zip(summary.codes, row.tiebreaks, strict=True)),
        )
        for position, row in enumerate(summary.rows, start=1)
    )
    Closure.objects.filter(tournament=tournament).update(
        codes=list(summary.codes), era=summary.era, standings_stored_at=timezone.now()
    )
    rows.touch_tournament(tournament.pk)
    return made


def stored_standings(
    tournament: rows.Tournament,
) -> tuple[Closure, list[FinalStanding]] | None:
    """The final standings of a closed individual tournament as stored at closing or after
    its last correction (C1, C3), best first, with their :class:`Closure` (the tiebreaks and
    rule era they were computed with); ``None`` for an open tournament, a team event (its
    stored rows are its teams') or one closed without stored rows. What the pages and the
    exports of a closed tournament show: never recomputed under other settings."""
    if not tournament.is_closed or tournament.is_team_event:
        return None
    closure = Closure.objects.filter(tournament=tournament).first()
    if closure is None:
        return None
    stored = list(FinalStanding.objects.filter(tournament=tournament).order_by("position"))
    return (closure, stored) if stored else None


def stored_rank(row: FinalStanding) -> int:
    """A stored line's rank as a number: the first of a shared range (``3–5`` → 3); an
    annulled withdrawer (``–``, ranked after every other player, one rank each) their
    position."""
    head = row.rank.replace("–", "-").split("-", 1)[0].strip()
    return int(head) if head.isdigit() else row.position


def stored_final_ranks(tournament: rows.Tournament) -> dict[int, int] | None:
    """Pairing number → final rank of a closed individual tournament, from its stored final
    standings (:func:`stored_standings`; the TRF's rank column, fide.md §2.1); ``None`` when
    it has none (open: the exports rank it as its *Classement* does)."""
    found = stored_standings(tournament)
    if found is None:
        return None
    return {row.pairing_number: stored_rank(row) for row in found[1]}


def close_tournament(
    tournament: rows.Tournament,
    user: Any,
    end_date: datetime.date,
) -> Closure:
    """C1: close ``tournament`` on ``end_date`` for ``user``.

    Refuses (:class:`ClosingError`) a closed tournament or one with blockers
    (:func:`closing_blockers`). Stores the final standings, links the entries to the roster
    (club tournaments), applies the club Elo of the tournament's time control (club
    tournaments, E2), sets ``closed_at``/``closed_by``/``end_date``; then sends
    ``tournament_closed``. One transaction.
    """
    from django.utils.translation import gettext as _

    with transaction.atomic():
        locked = rows.Tournament.objects.select_for_update().get(pk=tournament.pk)
        refusals.require_open(
            locked, _("This tournament is already closed."), refusal=AlreadyClosedError
        )
        if closing_blockers(locked).any:
            raise ClosingError(_("This tournament cannot be closed yet: see the list below."))
        now = timezone.now()
        user_id = user.pk if user is not None and user.is_authenticated else None
        closure = Closure.objects.create(
            tournament=locked, closed_at=now, closed_by_id=user_id, standings_stored_at=now
        )
        store_final_standings(locked)
        locked.closed_at = now
        locked.closed_by_id = user_id
        locked.end_date = end_date
        fields = ["closed_at", "closed_by", "end_date"]
        held = locked.rounds.count()
        if locked.system == rows.System.KEIZER and locked.planned_rounds != held:
            locked.planned_rounds = held  # K25: the season had the evenings it held
            fields.append("planned_rounds")
        locked.save(update_fields=fields)
        closure.refresh_from_db()
        record(
            AuditAction.TOURNAMENT_CLOSED,
            locked,
            user,
            gettext_noop("Tournament closed."),
            new={
                "tiebreaks": list(closure.codes or []),
                "rules": closure.era,
                "end_date": end_date.isoformat(),
            },
        )
        if locked.kind == rows.Kind.CLUB and locked.club is not None:
            # The club's row before its roster is read or added to: two closings of the same
            # club link and rate one after the other.
            _lock_club(locked.club.pk)
            link_roster_players(locked)
            try:
                recompute_club_elo(locked.club, locked.time_control_category, locked.pk)
            except ClubEloError as exc:
                raise ClosingError(
                    _("The club Elo cannot be computed (%(error)s); nothing was closed.")
                    % {"error": exc}
                ) from exc
        transaction.on_commit(
            lambda: tournament_closed.send(sender=rows.Tournament, tournament=locked)
        )
    tournament.refresh_from_db()
    return closure


def apply_correction(tournament: rows.Tournament) -> EloRecompute | None:
    """C3: after corrections in a closed tournament, store the final standings again and, for a
    club tournament, recompute the club Elo of its time control from it on (E7). One
    transaction; running it twice changes nothing the second time. Returns the Elo rows
    changed (``None`` for an open or independent tournament)."""
    with transaction.atomic():
        locked = rows.Tournament.objects.select_for_update().get(pk=tournament.pk)
        if locked.closed_at is None:  # not closed
            return None
        if not Closure.objects.filter(tournament=locked).exists():
            Closure.objects.create(
                tournament=locked,
                closed_at=locked.closed_at,
                closed_by_id=locked.closed_by_id,
                standings_stored_at=timezone.now(),
            )
        store_final_standings(locked)
        if locked.kind != rows.Kind.CLUB or locked.club is None:
            return None
        link_roster_players(locked)
        return recompute_club_elo(locked.club, locked.time_control_category, locked.pk)


# --------------------------------------------------------------------------- roster links


def _norm(text: str) -> str:
    return " ".join(text.replace(",", " ").split()).casefold()


def _roster_names(player: Player) -> set[str]:
    names = {_norm(player.surname)} if not player.first_name else set()
    if player.first_name:
        names.add(_norm(f"{player.surname} {player.first_name}"))
    return names


def _birth_date(text: str) -> datetime.date | None:
    match = re.fullmatch(r"\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*", text or "")
    if match:
        try:
            return datetime.date(*(int(g) for g in match.groups()))
        except ValueError:
            return None
    return None


def _usable_rating(rating: int | None) -> int | None:
    """An entry's rating as an initial Elo (E1): within the roster's bounds
    (``clubs.models.MIN_INITIAL_ELO``…``MAX_INITIAL_ELO``), else none (0 is "unrated" in rating
    files; a value beyond any rating list is a typing error, and would not fit the column)."""
    if rating is None or not MIN_INITIAL_ELO <= rating <= MAX_INITIAL_ELO:
        return None
    return rating


def link_roster_players(tournament: rows.Tournament) -> int:
    """Link every entry of a club tournament to a player of the tournament's club's roster
    (module docstring): entries not linked, and entries linked to another club's player, are
    matched or create a roster player of that club. Returns the number of roster players
    created."""
    club = tournament.club
    if club is None:
        return 0
    tc = tournament.time_control_category
    roster = list(Player.objects.filter(club=club))
    by_matricule = {p.matricule: p for p in roster if p.matricule}
    by_fide = {p.fide_id: p for p in roster if p.fide_id}
    by_name: dict[str, Player] = {}
    for p in roster:
        for name in _roster_names(p):
            by_name.setdefault(name, p)
    own_roster = Q(roster_player__club=club)
    used = set(tournament.players.filter(own_roster).values_list("roster_player_id", flat=True))
    created = 0
    for entry in tournament.players.exclude(own_roster).order_by("pairing_number"):
        found: Player | None = None
        for candidate in (
            by_matricule.get(entry.matricule) if entry.matricule else None,
            by_fide.get(entry.fide_id) if entry.fide_id else None,
            by_name.get(_norm(entry.name)),
        ):
            if candidate is not None and candidate.pk not in used:
                found = candidate
                break
        if found is None:
            surname, _sep, first = entry.name.partition(",")
            found = Player(
                club=club,
                surname=surname.strip()[:100] or entry.name[:100],
                first_name=first.strip()[:100],
                birth_date=_birth_date(entry.birth_date),
                sex=entry.sex if entry.sex in (Sex.MALE, Sex.FEMALE) else "",
                federation=entry.federation[:3],
                matricule=entry.matricule if entry.matricule not in by_matricule else "",
                fide_id=entry.fide_id,
            )
            setattr(found, f"initial_elo_{tc}", _usable_rating(entry.rating))
            found.save()
            created += 1
            if found.matricule:
                by_matricule[found.matricule] = found
        elif found.initial_elo(tc) is None and _usable_rating(entry.rating) is not None:
            setattr(found, f"initial_elo_{tc}", entry.rating)
            found.save(update_fields=[f"initial_elo_{tc}"])
        used.add(found.pk)
        rows.TournamentPlayer.objects.filter(pk=entry.pk).update(roster_player=found)
    return created


# --------------------------------------------------------------------------- club Elo (E1–E7)


def club_history(
    club: Club, time_control: str
) -> tuple[dict[tuple[int, TimeControl], InitialRating], list[ClubTournament]]:
    """E1, E2, E4, E7: the club's initial ratings in ``time_control`` and its closed club
    tournaments of that time control in closing order, as the core takes them (a few queries
    whatever the size). Every roster entrant is listed, with or without an initial Elo: one
    without is pooled for a first club rating (E10)."""
    tc = TimeControl(time_control)
    initial = {
        (pk, tc): InitialRating(elo)
        for pk, elo in Player.objects.filter(club=club)
        .exclude(**{f"initial_elo_{time_control}": None})
        .values_list("pk", f"initial_elo_{time_control}")
    }
    order = list(
        rows.Tournament.objects.filter(
            club=club,
            kind=rows.Kind.CLUB,
            time_control_category=time_control,
            closure__isnull=False,
        )
        .order_by("closure__id")
        .values_list("pk", flat=True)
    )
    entrants: defaultdict[int, list[int]] = defaultdict(list)
    roster_of: dict[int, int] = {}
    for pk, tid, player in rows.TournamentPlayer.objects.filter(
        tournament__in=order, roster_player__club=club
    ).values_list("pk", "tournament_id", "roster_player_id"):
        entrants[tid].append(player)
        roster_of[pk] = player
    games: defaultdict[int, list[EloGame]] = defaultdict(list)
    for tid, white_entry, black_entry, result, is_rated in (
        rows.Game.objects.filter(round__tournament__in=order)
        .order_by("id")
        .values_list("round__tournament_id", "white_id", "black_id", "result", "rated")
    ):
        white, black = roster_of.get(white_entry), roster_of.get(black_entry)
        if white is not None and black is not None and white != black:
            games[tid].append(EloGame(white, black, CODE_TO_RESULT[result], is_rated))
    tournaments = [
        ClubTournament(tid, tc, tuple(games[tid]), tuple(sorted(set(entrants[tid]))))
        for tid in order
    ]
    return initial, tournaments


_ELO_FIELDS = (
    "tournament_id",
    "player_id",
    "time_control",
    "ro",
    "k",
    "games",
    "score",
    "expected",
    "delta",
    "rn",
    "games_before",
    "reached_2400",
)


@functools.lru_cache(maxsize=4096)
def _fraction(text: str) -> Fraction:
    return Fraction(text)


def _stored(club: Club, time_control: str) -> tuple[list[EloChange], dict[tuple[int, int], int]]:
    """The stored Elo rows of the club's tournaments of ``time_control`` (closing order) as
    the core's values, and each row's id by (tournament, player)."""
    changes: list[EloChange] = []
    ids: dict[tuple[int, int], int] = {}
    tc = TimeControl(time_control)
    for pk, tid, player, _tc, ro, k, n, score, expected, delta, rn, before, reached in (
        EloRow.objects.filter(tournament__club=club, time_control=time_control)
        .order_by("tournament__closure__id", "player_id")
        .values_list("pk", *_ELO_FIELDS)
    ):
        changes.append(
            EloChange(
                tid,
                tc,
                player,
                ro,
                k,
                n,
                _fraction(score),
                _fraction(expected),
                delta,
                rn,
                before,
                reached,
            )
        )
        ids[(tid, player)] = pk
    return changes, ids


def stored_changes(club: Club, time_control: str) -> list[EloChange]:
    """The stored Elo rows of the club's tournaments of ``time_control``, closing order."""
    return _stored(club, time_control)[0]


def apply_recompute(result: EloRecompute, ids: dict[tuple[int, int], int]) -> None:
    """Write what :func:`chessclub.ratings.club_elo.recompute_from` found: changed rows
    replace the stored ones (``ids``: stored row ids by key), removed rows are deleted.
    Plain SQL in batches: a correction early in a long history rewrites thousands of rows."""
    keys = [row.key for row in result.changed] + list(result.removed)
    doomed = [ids[key] for key in keys if key in ids]
    for i in range(0, len(doomed), 500):
        EloRow.objects.filter(pk__in=doomed[i : i + 500]).delete()
    if not result.changed:
        return
    table = connection.ops.quote_name(EloRow._meta.db_table)
    quoted = []
    for name in _ELO_FIELDS:
        elo_field = EloRow._meta.get_field(name)
        assert isinstance(elo_field, Field) and elo_field.column  # a column of the table
        quoted.append(connection.ops.quote_name(elo_field.column))
    columns = ", ".join(quoted)
    marks = ", ".join(["%s"] * len(_ELO_FIELDS))
    with connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO {table} ({columns}) VALUES ({marks})",  # fixed names only
            [
                (
                    c.tournament,
                    c.player,
                    c.time_control.value,
                    c.ro,
                    c.k,
                    c.games,
                    str(c.score),
                    str(c.expected),
                    c.delta,
                    c.rn,
                    c.games_before,
                    c.reached_2400,
                )
                for c in result.changed
            ],
        )


def _first_incomplete(
    tournaments: list[ClubTournament],
    stored: list[EloChange],
    start: int,
    initial: Mapping[tuple[int, TimeControl], InitialRating],
) -> int:
    """E7: ``start``, or an earlier tournament whose stored rows no longer match its entrants
    (a player given an initial Elo at a later closing takes part from their first tournament
    on; a row of a player no longer there): the recompute then starts there, the earliest
    tournament concerned. An entrant without an initial Elo has rows only once first rated
    (E10): they are not looked for."""
    players_of: defaultdict[int, set[int]] = defaultdict(set)
    for change in stored:
        players_of[change.tournament].add(change.player)
    for tournament in tournaments:
        if tournament.id == start:
            break
        entrants = set(tournament.entrants())
        rated = {p for p in entrants if (p, tournament.time_control) in initial}
        kept = players_of[tournament.id]
        if rated - kept or kept - entrants:
            return tournament.id
    return start


def first_ratings(
    club: Club, time_control: str
) -> tuple[dict[int, FirstRating], dict[int, tuple[PoolGame, ...]]]:
    """E10: for the roster players of ``club`` without an initial Elo in ``time_control``,
    their first club rating (published or not: the last one computed) with its calculation
    (B.02 8.2), and the games of those still unrated towards one; both by roster player id,
    from the closed club tournaments."""
    initial, tournaments = club_history(club, time_control)
    pending: dict[tuple[int, TimeControl], list[PoolGame]] = {}
    _rows, firsts = rate_history_with_first_ratings(initial, tournaments, pending=pending)
    found = {f.player: f for f in firsts}
    pools = {player: tuple(games) for (player, _tc), games in pending.items()}
    return found, pools


def _lock_club(club_id: int) -> None:
    """Lock the club's row until the end of the current transaction: one linking of its
    roster and one recomputation of its club Elo at a time (taken after the tournament's row,
    the lock rule of ``tournaments.models``)."""
    Club.objects.select_for_update().filter(pk=club_id).values_list("pk", flat=True).first()


def recompute_club_elo(club: Club, time_control: str, start: int) -> EloRecompute:
    """E7: recompute ``club``'s Elo in ``time_control`` from tournament ``start`` on (closing
    order) and store the rows that changed; earlier tournaments' rows are read, never written.
    One transaction; a second call changes nothing (idempotent). Raises
    :class:`chessclub.ratings.club_elo.ClubEloError` for an inconsistent history."""
    with transaction.atomic():
        # One recomputation of a club's Elo at a time (two closings at once, a closing and a
        # correction): the club's row is locked until the caller's transaction ends, and the
        # history is read after the lock, with what the other one committed. (After the
        # tournament's row: the lock rule of tournaments.models.)
        _lock_club(club.pk)
        initial, tournaments = club_history(club, time_control)
        if not any(t.id == start for t in tournaments):
            return EloRecompute(changed=())
        stored, ids = _stored(club, time_control)
        start = _first_incomplete(tournaments, stored, start, initial)
        result = recompute_from(initial, tournaments, stored, start, first_ratings=True)
        apply_recompute(result, ids)
        return result


def first_tournament_of(player: Player, time_control: str) -> int | None:
    """E7: the first closed club tournament (closing order) of ``time_control`` that ``player``
    entered or has an Elo row in."""
    return (
        rows.Tournament.objects.filter(
            club=player.club_id,
            kind=rows.Kind.CLUB,
            time_control_category=time_control,
            closure__isnull=False,
        )
        .filter(Q(players__roster_player=player) | Q(elo_rows__player=player))
        .order_by("closure__id")
        .values_list("pk", flat=True)
        .first()
    )


_INITIAL_FIELDS = {tc: f"initial_elo_{tc}" for tc in rows.TimeControlCategory.values}


def save_roster_player(player: Player, before: dict[str, int | None]) -> int:
    """Store the roster player (``player``: the player form's unsaved row; ``before``: its
    initial Elo per time control before the change, empty for a new player); a changed
    initial Elo recomputes that time control (E7). One transaction. Returns the number of Elo
    rows rewritten; raises ``IntegrityError`` when the database refuses the row (a matricule
    taken by a concurrent save): nothing is stored then."""
    with transaction.atomic():
        player.save()
        changed = [
            tc for tc, name in _INITIAL_FIELDS.items() if getattr(player, name) != before.get(tc)
        ]
        return recompute_after_initial_change(player, changed) if before else 0


def recompute_after_initial_change(player: Player, time_controls: Iterable[str]) -> int:
    """E7: after ``player``'s initial Elo changed in ``time_controls``, recompute each from the
    player's first tournament there. Returns the number of Elo rows written or deleted."""
    changed = 0
    for tc in time_controls:
        start = first_tournament_of(player, tc)
        if start is not None:
            result = recompute_club_elo(player.club, tc, start)
            changed += len(result.changed) + len(result.removed)
    return changed


def elo_history(player: Player) -> dict[str, list[EloRow]]:
    """E9: the player's Elo rows per time control, closing order."""
    history: dict[str, list[EloRow]] = {tc: [] for tc in rows.TimeControlCategory.values}
    for row in (
        EloRow.objects.filter(player=player)
        .select_related("tournament")
        .order_by("tournament__closure__id")
    ):
        history[row.time_control].append(row)
    return history


def current_elo(player: Player, time_control: str) -> int | None:
    """E1: the player's club Elo now: the last row's Rn, else the initial Elo."""
    last = (
        EloRow.objects.filter(player=player, time_control=time_control)
        .order_by("-tournament__closure__id")
        .values_list("rn", flat=True)
        .first()
    )
    return last if last is not None else player.initial_elo(time_control)


def club_elos_now(club: Club) -> dict[tuple[int, str], int]:
    """E1 for a whole roster in one query: ``(player id, time control) → Rn`` of each
    player's last Elo row (closing order); a pair without row is absent (the player's club Elo
    there is their initial Elo, :func:`current_elo`)."""
    latest: dict[tuple[int, str], int] = {}
    for player_id, tc, rn in (
        EloRow.objects.filter(player__club=club)
        .order_by("tournament__closure__id")
        .values_list("player_id", "time_control", "rn")
    ):
        latest[(player_id, tc)] = rn
    return latest


@dataclass(frozen=True, slots=True)
class EloChangeLine:
    """One line of the *Variations Elo* (E9): the entry (``pairing_number`` ``None`` when the
    roster player has no entry any more) and its stored :class:`EloRow` (``score`` and
    ``expected`` exact fractions as text, ``"7/2"``)."""

    pairing_number: int | None
    name: str
    player: Player
    row: EloRow


def has_elo_changes(tournament: rows.Tournament) -> bool:
    """E9: a tournament has *Variations Elo* once it is a closed club tournament."""
    return tournament.is_closed and tournament.kind == rows.Kind.CLUB


def elo_decimal(text: str) -> Decimal:
    """``7/2`` → ``3.5``, ``161/50`` → ``3.22`` (scores in halves, expected in hundredths),
    as the Elo pages write a stored score: a :class:`~decimal.Decimal`, so that templates
    localize it (``3,22`` in French)."""
    value = Fraction(text)
    if value.denominator == 1:
        return Decimal(value.numerator)
    return Decimal(f"{float(value):.2f}".rstrip("0").rstrip("."))


def elo_changes(
    tournament: rows.Tournament,
) -> tuple[list[EloChangeLine], list[rows.TournamentPlayer]]:
    """E9: the club Elo changes of a closed club tournament, by pairing number (rows without
    entry last), and the entries without a change (not linked to the roster, or no club Elo
    in the tournament's time control)."""
    entries = {
        e.roster_player_id: e
        for e in tournament.players.exclude(roster_player=None).order_by("pairing_number")
    }
    changes: list[EloChangeLine] = []
    for row in EloRow.objects.filter(tournament=tournament).select_related("player"):
        entry = entries.get(row.player_id)
        changes.append(
            EloChangeLine(
                pairing_number=entry.pairing_number if entry else None,
                name=entry.name if entry else str(row.player),
                player=row.player,
                row=row,
            )
        )
    changes.sort(key=lambda c: (c.pairing_number is None, c.pairing_number or 0))
    rated = {change.player.pk for change in changes}
    without = [
        entry
        for entry in tournament.players.order_by("pairing_number")
        if entry.roster_player_id is None or entry.roster_player_id not in rated
    ]
    return changes, without
