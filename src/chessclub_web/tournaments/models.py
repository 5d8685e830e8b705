"""Tournament rows: the record of a tournament as the database keeps it. Rows only.

The conversion to and from the core's :class:`chessclub.model.Tournament` is in
``chessclub_web/adapters.py``; standings and crosstables are computed by the core from that value.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import F
from django.db.models.functions import Coalesce, Lower
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from chessclub_web.clubs.models import Club
from chessclub_web.tournaments.tiebreak_codes import TIEBREAKS_MAX_LENGTH, clean_tiebreaks

#: Longest free-text value of a tournament (name, city, federation, arbiters, tempo).
TEXT_MAX_LENGTH = 255
#: Longest player name (Belgian files hold 25 characters, TRF 33).
PLAYER_NAME_MAX_LENGTH = 200
#: Most rounds a tournament may plan or hold (as the core's file readers: 99).
MAX_ROUNDS = 99


class Kind(models.TextChoices):
    """Club tournaments count for the club Elo; independent ones never do (spec E2)."""

    CLUB = "club", _("Club tournament")
    INDEPENDENT = "independent", _("Independent tournament")


class System(models.TextChoices):
    """Values of :class:`chessclub.model.TournamentSystem`."""

    SWISS = "swiss", _("Swiss system")
    ROUND_ROBIN = "round_robin", _("Round robin")
    DOUBLE_ROUND_ROBIN = "double_round_robin", _("Double round robin")
    TEAM_SWISS = "team_swiss", _("Team Swiss system")
    TEAM_ROUND_ROBIN = "team_round_robin", _("Team round robin")
    TEAM_DOUBLE_ROUND_ROBIN = "team_double_round_robin", _("Team double round robin")
    OTHER = "other", _("Other system")
    #: A club competition outside FIDE's systems (``chessclub.club_systems.keizer``; the
    #: keizer app's pages): its Keizer score is its ranking, no FIDE tiebreak applies.
    KEIZER = "keizer", _("Keizer system")
    #: A knockout cup (``chessclub.club_systems.knockout``; the cups app's pages): a bracket of
    #: matches, each with its tie-break chain.
    KNOCKOUT = "knockout", _("Knockout cup")
    #: A Scheveningen match, team against team (``chessclub.club_systems.scheveningen``; the
    #: scheveningen app's pages): every player meets every opponent once.
    SCHEVENINGEN = "scheveningen", _("Scheveningen match")


#: Systems of team events: their pages are the teams app's.
TEAM_SYSTEMS = frozenset(
    {System.TEAM_SWISS, System.TEAM_ROUND_ROBIN, System.TEAM_DOUBLE_ROUND_ROBIN}
)

#: Systems a tournament starts in FIDE mode with (FIDE's 2026 acceptance checklist Q40–41,
#: Q56; rule F1 of docs/rules/fide-mode.md): the Dutch Swiss and the round robins.
FIDE_MODE_SYSTEMS = frozenset({System.SWISS, System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN})

#: Club systems outside FIDE's: no FIDE tiebreaks, no FIDE or federation files (K20).
CLUB_SYSTEMS = frozenset({System.KEIZER, System.KNOCKOUT, System.SCHEVENINGEN})


class TimeControlCategory(models.TextChoices):
    STANDARD = "standard", _("Standard")
    RAPID = "rapid", _("Rapid")
    BLITZ = "blitz", _("Blitz")


class TiebreakRules(models.TextChoices):
    """Values of :class:`chessclub.tiebreaks.RuleEra`; ``""`` follows the start date."""

    FOLLOW_START_DATE = "", _("Follow the start date")
    C02_2009 = "2009", _("2009: virtual opponent (C.02 Art. 13)")
    C07_2023 = "2023", _("2023: C.07 of 1 July 2023 (Art. 16, VUR cut rule)")
    C07_2026 = "2026", _("2026: C.07 of 1 March 2026 (Art. 16.4 caps)")


class ResultCode(models.TextChoices):
    """The seven board results (spec R1), stored as small ASCII codes."""

    WHITE_WINS = "1-0", "1-0"
    DRAW = "=", "½-½"
    BLACK_WINS = "0-1", "0-1"
    WHITE_WINS_BY_FORFEIT = "+-", "+/-"
    BLACK_WINS_BY_FORFEIT = "-+", "-/+"
    DOUBLE_FORFEIT = "--", "-/-"
    NONE = "", "–"


def result_label(code: str) -> str:
    """A result code as the pages show it: ``½-½`` for ``=``, ``–`` for no result; an unknown
    code as it is."""
    try:
        return str(ResultCode(code).label)
    except ValueError:
        return code


class ByeCode(models.TextChoices):
    """Values of :class:`chessclub.model.ByeKind` (TRF letters; ``-`` is an absence)."""

    PAIRING_ALLOCATED = "U", _("Pairing-allocated bye")
    HALF_POINT = "H", _("Half-point bye")
    FULL_POINT = "F", _("Full-point bye")
    ZERO_POINT = "Z", _("Zero-point bye")
    ABSENT = "-", _("Absent")


class RatingChoice(models.TextChoices):
    """Which of an entry's list ratings pairs and ranks it (``TournamentPlayer.rating``):
    FIDE's (of the tournament's time control; the national one when FIDE gives none), the
    national list's (FIDE's when the national list gives none), or the higher of the two
    (requirement R-REG-4)."""

    FIDE = "fide", _("FIDE rating (national when none)")
    NATIONAL = "national", _("National rating (FIDE when none)")
    HIGHER = "higher", _("The higher of the two")


def chosen_rating(choice: str, fide: int | None, national: int | None) -> int | None:
    """The rating that pairs and ranks an entry rated ``fide`` (FIDE, the tournament's time
    control) and ``national`` (``None``: unrated in that list) under ``choice`` (a
    :class:`RatingChoice` value; an unknown one reads as FIDE): ``chosen_rating("higher",
    1850, 1920) == 1920``; ``None`` when both are ``None``."""
    if choice == RatingChoice.HIGHER:
        rated = [r for r in (fide, national) if r is not None]
        return max(rated) if rated else None
    if choice == RatingChoice.NATIONAL:
        return national if national is not None else fide
    return fide if fide is not None else national


class UnratedRating(models.TextChoices):
    """The rating unrated players count with in the rating-based tiebreaks (ARO, TPR, APRO,
    …; FIDE C.07 Art. 10: only when the regulations fix it beforehand; requirement R-REG-6)."""

    OFF = "", _("None: rating-based tiebreaks are not computed when a player is unrated")
    FIXED = "fixed", _("A fixed rating")
    FRBE = "frbe", _("The Belgian fictitious Elo (FRBE rules)")


#: Bounds of the fixed rating of unrated players.
UNRATED_RATING_MAX = 3000


class InitialColour(models.TextChoices):
    """Colour of the top player's first game (FIDE C.04.2): drawn by lot unless chosen."""

    LOT = "", _("By lot")
    WHITE = "W", _("White")
    BLACK = "B", _("Black")


class RoundState(models.TextChoices):
    """A round is prepared (paired, a draft only staff see), then published (spec: calendar).

    *Complete* (every board has a result) is derived from the games, not stored."""

    DRAFT = "draft", _("Draft")
    PUBLISHED = "published", _("Published")


class Tournament(models.Model):
    club = models.ForeignKey(
        Club,
        on_delete=models.PROTECT,
        related_name="tournaments",
        verbose_name=_("club"),
        null=True,
        blank=True,
    )
    # Free text in the files (TRF 012, 022, 032, 102, 122 records): wide enough for any sensible
    # value; the adapter refuses longer ones with a clear message before storing anything.
    name = models.CharField(_("name"), max_length=TEXT_MAX_LENGTH)
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices, default=Kind.CLUB)
    system = models.CharField(
        _("system"), max_length=24, choices=System.choices, default=System.SWISS
    )
    time_control_category = models.CharField(
        _("time-control category"),
        max_length=16,
        choices=TimeControlCategory.choices,
        default=TimeControlCategory.STANDARD,
    )
    time_control = models.CharField(_("tempo"), max_length=TEXT_MAX_LENGTH, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    planned_rounds = models.PositiveSmallIntegerField(
        _("planned rounds"), default=0, validators=[MaxValueValidator(MAX_ROUNDS)]
    )
    city = models.CharField(_("city"), max_length=TEXT_MAX_LENGTH, blank=True)
    federation = models.CharField(_("federation"), max_length=TEXT_MAX_LENGTH, blank=True)
    chief_arbiter = models.CharField(_("chief arbiter"), max_length=TEXT_MAX_LENGTH, blank=True)
    deputy_arbiters = models.TextField(_("deputy arbiters"), blank=True, help_text=_("One a line."))
    scoring = models.JSONField(
        _("scoring system"),
        default=dict,
        blank=True,
        help_text=_('Points that differ from FIDE\'s 1 / ½ / 0, as fractions (e.g. "3").'),
    )
    source_filename = models.CharField(_("imported from"), max_length=255, blank=True)
    source_sha256 = models.CharField(
        _("SHA-256 of the imported file"),
        max_length=64,
        blank=True,
        db_index=True,
        editable=False,
        help_text=_("Importing the same file again into the same club is refused."),
    )
    # Standings settings (spec S1, S4): read by ``adapters.standings_settings``.
    tiebreaks = models.CharField(
        _("tiebreaks"),
        max_length=TIEBREAKS_MAX_LENGTH,
        blank=True,
        help_text=_(
            "FIDE C.07 codes in order, comma separated, in the canonical TRF-2026 spelling "
            "(e.g. BH/C1,BH,SB,DE,WIN); empty: the defaults of the tournament's system."
        ),
    )
    tiebreak_rules = models.CharField(
        _("tiebreak rules"),
        max_length=4,
        choices=TiebreakRules.choices,
        default=TiebreakRules.FOLLOW_START_DATE,
        blank=True,
    )
    draw_lots = models.BooleanField(
        _("drawing of lots"),
        default=False,
        help_text=_("Decide the ties left after every tiebreak by a drawing of lots."),
    )
    lots_seed = models.PositiveIntegerField(
        _("seed of the drawing of lots"),
        null=True,
        blank=True,
        help_text=_("Drawn once, then kept: the drawing of lots gives the same order every time."),
    )
    # Entries and pairing.
    rating_choice = models.CharField(
        _("rating that pairs and ranks"),
        max_length=8,
        choices=RatingChoice.choices,
        default=RatingChoice.FIDE,
        help_text=_(
            "For players registered from a rating list: which of their ratings counts "
            "(FIDE's is the one of the tournament's time control)."
        ),
    )
    unrated_rating_rule = models.CharField(
        _("rating of unrated players"),
        max_length=8,
        choices=UnratedRating.choices,
        default=UnratedRating.OFF,
        blank=True,
        help_text=_(
            "FIDE C.07 Art. 10: rating-based tiebreaks (ARO, TPR, APRO…) count unrated "
            "players with a rating only when the regulations fix it beforehand."
        ),
    )
    unrated_rating = models.PositiveSmallIntegerField(
        _("fixed rating of unrated players"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(UNRATED_RATING_MAX)],
        help_text=_("0 to 3000, e.g. 1000."),
    )
    acceleration = models.BooleanField(
        _("Baku acceleration"), default=False, help_text=_("FIDE C.04.5.1 (Swiss only).")
    )
    initial_colour = models.CharField(
        _("initial colour"), max_length=1, choices=InitialColour.choices, blank=True, default=""
    )
    max_requested_byes = models.PositiveSmallIntegerField(
        _("most requested byes per player"),
        null=True,
        blank=True,
        help_text=_("Half-point and zero-point byes a player may request; empty: no limit."),
    )
    missed_round_points = models.CharField(
        _("late entries: missed rounds count as"),
        max_length=1,
        choices=[("Z", _("Zero-point bye")), ("H", _("Half-point bye"))],
        default="Z",
    )
    annulment_threshold = models.PositiveSmallIntegerField(
        _("annulment threshold (%)"),
        default=50,
        validators=[MaxValueValidator(100)],
        help_text=_(
            "Round robin: a player who withdraws before completing this share of their games "
            "has all their results annulled for the standings."
        ),
    )
    # FIDE mode (rules F1–F4, docs/rules/fide-mode.md): on from the creation for the systems
    # of FIDE_MODE_SYSTEMS; left once, by a two-step confirmation, never entered again.
    fide_mode = models.BooleanField(
        _("FIDE mode"),
        default=True,
        editable=False,
        help_text=_("The tournament follows FIDE's rules: what they forbid is refused."),
    )
    fide_mode_left_round = models.PositiveSmallIntegerField(
        _("FIDE mode left in round"), null=True, blank=True, editable=False
    )
    fide_mode_left_at = models.DateTimeField(
        _("FIDE mode left at"), null=True, blank=True, editable=False
    )
    # Closing (spec C1): set once, never cleared; a closed tournament only takes corrections.
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True, editable=False)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="closed_tournaments",
        verbose_name=_("closed by"),
    )
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="created_tournaments",
        verbose_name=_("creator"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    revision = models.UUIDField(
        _("revision"),
        default=uuid.uuid4,
        editable=False,
        help_text=_("Changes whenever the tournament or one of its rows changes."),
    )
    revised_at = models.DateTimeField(
        _("revised at"),
        default=timezone.now,
        editable=False,
        help_text=_("When the revision last changed."),
    )

    class Meta:
        # Most recent first: by end date (the start date for a tournament without one), then
        # by start date; tournaments without dates last (on every database: NULLS LAST); then
        # by name.
        ordering = (
            Coalesce("end_date", "start_date").desc(nulls_last=True),
            F("start_date").desc(nulls_last=True),
            Lower("name"),
            "name",
            "id",
        )
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    @property
    def is_team_event(self) -> bool:
        """Team Swiss or team round robin."""
        return self.system in TEAM_SYSTEMS

    @property
    def is_closed(self) -> bool:
        """Closed tournaments never reopen (spec C1); only corrections change them (C3)."""
        return self.closed_at is not None

    def clean(self) -> None:
        """The tiebreaks are checked and stored canonical, as the *Paramètres* form does."""
        super().clean()
        try:
            self.tiebreaks = clean_tiebreaks(self.tiebreaks)
        except ValidationError as exc:
            raise ValidationError({"tiebreaks": exc.error_list}) from None

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Every save is a new revision (the cached standings of the old one are not used),
        dated ``revised_at`` (the pages' ``Last-Modified``)."""
        if self._state.adding and self.system not in FIDE_MODE_SYSTEMS:
            self.fide_mode = False  # F1: team events and club systems start outside FIDE mode
        self.revision = uuid.uuid4()
        self.revised_at = timezone.now()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "revision", "revised_at", "updated_at"}
        super().save(*args, **kwargs)


class TournamentPlayer(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="players", verbose_name=_("tournament")
    )
    pairing_number = models.PositiveIntegerField(_("pairing number"))
    name = models.CharField(_("name"), max_length=PLAYER_NAME_MAX_LENGTH)
    rating = models.PositiveIntegerField(_("rating"), null=True, blank=True)
    # The list ratings beside the one that pairs and ranks (``rating``, computed from them by
    # ``Tournament.rating_choice`` when the entry came from a list): ``None`` unrated there.
    fide_rating = models.PositiveIntegerField(_("FIDE rating"), null=True, blank=True)
    national_rating = models.PositiveIntegerField(_("national rating"), null=True, blank=True)
    fictitious_rating = models.BooleanField(_("fictitious rating"), default=False)
    title = models.CharField(_("title"), max_length=4, blank=True)
    sex = models.CharField(_("sex"), max_length=1, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    fide_id = models.CharField(_("FIDE ID"), max_length=16, blank=True)
    matricule = models.CharField(_("matricule"), max_length=16, blank=True)
    club = models.CharField(_("club"), max_length=100, blank=True)
    birth_date = models.CharField(_("birth date"), max_length=10, blank=True)
    roster_player = models.ForeignKey(
        "clubs.Player",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("club player"),
    )
    entry_round = models.PositiveSmallIntegerField(
        _("plays from round"), default=1, help_text=_("A late entry joins from this round.")
    )
    withdrawn_from_round = models.PositiveSmallIntegerField(
        _("withdrawn from round"),
        null=True,
        blank=True,
        help_text=_("Not paired from this round on; empty: still playing."),
    )

    class Meta:
        ordering = ("tournament", "id")
        verbose_name = _("tournament player")
        verbose_name_plural = _("tournament players")
        constraints = (
            models.UniqueConstraint(
                fields=["tournament", "pairing_number"], name="player_unique_pairing_number"
            ),
        )

    def __str__(self) -> str:
        return f"{self.pairing_number}. {self.name}"

    def clean(self) -> None:
        """A player with games or byes stays in their tournament (moving them would leave
        those rows pointing across two tournaments)."""
        super().clean()
        _refuse_move(self, lambda: self.games_as_white.exists() or self.games_as_black.exists())


class Round(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(
        _("number"), validators=[MaxValueValidator(MAX_ROUNDS)]
    )
    date = models.DateField(_("date"), null=True, blank=True)
    # The time of day the round starts (local time), for events that play several rounds a
    # day (rapid, blitz); ``None``: not given.
    time = models.TimeField(_("time"), null=True, blank=True)
    state = models.CharField(
        _("state"), max_length=16, choices=RoundState.choices, default=RoundState.PUBLISHED
    )

    class Meta:
        ordering = ("tournament", "number")
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = (
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
        )

    def __str__(self) -> str:
        return f"{self.tournament} — {self.number}"

    def clean(self) -> None:
        """A round with games or byes stays in its tournament (their players would not be the
        new tournament's)."""
        super().clean()
        _refuse_move(self, lambda: self.games.exists() or self.byes.exists())


class Game(models.Model):
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="games", verbose_name=_("round")
    )
    board = models.PositiveSmallIntegerField(_("board"), null=True, blank=True)
    white = models.ForeignKey(
        TournamentPlayer,
        on_delete=models.CASCADE,
        related_name="games_as_white",
        verbose_name=_("white"),
    )
    black = models.ForeignKey(
        TournamentPlayer,
        on_delete=models.CASCADE,
        related_name="games_as_black",
        verbose_name=_("black"),
    )
    result = models.CharField(
        _("result"), max_length=3, choices=ResultCode.choices, default=ResultCode.NONE, blank=True
    )
    rated = models.BooleanField(_("rated"), default=True)
    version = models.PositiveIntegerField(
        _("version"),
        default=1,
        editable=False,
        help_text=_("Grows by one at every change of the result (optimistic concurrency, R3)."),
    )

    class Meta:
        ordering = ("round", "id")
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return f"{self.white.name} – {self.black.name} {self.get_result_display()}"

    def clean(self) -> None:
        """Both players belong to the round's tournament, and they are two."""
        super().clean()
        errors: dict[str, ValidationError] = {}
        if self.white_id is not None and self.white_id == self.black_id:
            errors["black"] = ValidationError(
                _("A player cannot play against themself."), code="same_player"
            )
        tournament_id = _round_tournament_id(self.round_id)
        for field in ("white", "black"):
            player_id = getattr(self, f"{field}_id")
            if field not in errors and not _player_in(player_id, tournament_id):
                errors[field] = _other_tournament()
        if errors:
            raise ValidationError(errors)


class Bye(models.Model):
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="byes", verbose_name=_("round")
    )
    player = models.ForeignKey(
        TournamentPlayer, on_delete=models.CASCADE, related_name="byes", verbose_name=_("player")
    )
    kind = models.CharField(_("kind"), max_length=1, choices=ByeCode.choices)

    class Meta:
        ordering = ("round", "id")
        verbose_name = _("bye")
        verbose_name_plural = _("byes")

    def __str__(self) -> str:
        return f"{self.player.name}: {self.get_kind_display()}"

    def clean(self) -> None:
        """The player belongs to the round's tournament."""
        super().clean()
        if not _player_in(self.player_id, _round_tournament_id(self.round_id)):
            raise ValidationError({"player": _other_tournament()})


def _round_tournament_id(round_id: int | None) -> int | None:
    if round_id is None:
        return None
    return Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True).first()


def _player_in(player_id: int | None, tournament_id: int | None) -> bool:
    """False only when both are known and the player is not one of the tournament's (a
    missing value is reported by the field's own validation)."""
    if player_id is None or tournament_id is None:
        return True
    return TournamentPlayer.objects.filter(pk=player_id, tournament_id=tournament_id).exists()


def _other_tournament() -> ValidationError:
    return ValidationError(
        _("This player is not in the tournament of this round."), code="other_tournament"
    )


def _refuse_move(row: TournamentPlayer | Round, has_results: Callable[[], bool]) -> None:
    """Refuse to move a saved player or round that has games or byes to another tournament
    (``has_results`` is asked only for a saved row: an unsaved one has no related rows)."""
    if row.pk is None or row.tournament_id is None:
        return
    before = type(row).objects.filter(pk=row.pk).values_list("tournament_id", flat=True).first()
    if before is not None and before != row.tournament_id and has_results():
        raise ValidationError(
            {
                "tournament": ValidationError(
                    _(
                        "Games or byes refer to this row in its tournament: it cannot move "
                        "to another tournament."
                    ),
                    code="moved_with_results",
                )
            }
        )


# --- The tournament row's lock ---------------------------------------------------------------
#
# One rule keeps concurrent changes of a tournament from crossing (lost results, standings
# closed on a result that changes afterwards, a round paired from a result that no longer
# exists, deadlocks): every transaction that changes a tournament's state, rounds or games
# locks the tournament's row **first**, before any round or game row.
#
# - Saves of results (``results.services.save_results``) take it shared (``FOR KEY SHARE``):
#   saves of the same tournament go on side by side, and the new revision each writes after
#   its commit (:func:`touch_tournament`, a plain UPDATE) does not wait for the others (with
#   ``FOR SHARE`` it did: p95 of a save under 20 arbiters went from ~45 to ~75 ms); they then
#   read the tournament's state (closed? a later round paired?) afresh, after anything that
#   held the row exclusively.
# - Closing, ending early, corrections' recomputation, pairing, unpairing and hand edits of
#   pairings take it exclusively (:func:`lock_tournament`, ``FOR UPDATE``, the one mode that
#   conflicts with ``FOR KEY SHARE``): they wait for the saves in flight, and saves arriving
#   meanwhile wait for them. So do every change of the entries (``pairings.services``:
#   ``add_player``, ``update_entry``, ``remove_player``, byes, absences, withdrawals, through
#   ``lock_entries``; a team's roster through ``add_player`` too) and of the standings
#   settings (``tournaments.services.update_settings``, the team tiebreaks): each reads the
#   tournament's state (closed? a round paired?) after the lock is granted, in its own
#   transaction. A pairing computed outside the lock (the engine) compares the entries it
#   was computed from (``pairings.services.entries_fingerprint``) before it is stored.
#
# SQLite has no row locks: its IMMEDIATE transactions already let one writer in at a time.


def lock_tournament(tournament_id: int) -> bool:
    """Lock the tournament's row exclusively until the end of the current transaction
    (``SELECT … FOR UPDATE``; see the rule above). Returns False when the tournament does not
    exist (any more). Must be called inside ``transaction.atomic()``."""
    return (
        Tournament.objects.select_for_update()
        .filter(pk=tournament_id)
        .order_by()
        .values_list("pk", flat=True)
        .first()
        is not None
    )


def lock_tournament_shared(tournament_id: int) -> tuple[bool, str] | None:
    """Lock the tournament's row shared until the end of the current transaction
    (``SELECT … FOR KEY SHARE``: other shared lockers and plain updates go on, an exclusive
    ``FOR UPDATE`` waits; see the rule above) and read, after the lock is granted, whether
    it is closed and its system. ``None`` when the tournament does not exist (any more).
    Must be called inside ``transaction.atomic()``. (Django's ``select_for_update`` has no
    shared mode: one statement of SQL.)"""
    from django.db import connection

    meta = Tournament._meta
    quote = connection.ops.quote_name
    closed_at, system = meta.get_field("closed_at").column, meta.get_field("system").column
    pk = meta.pk.column
    assert closed_at and system and pk  # columns of the table
    lock = " FOR KEY SHARE" if connection.features.has_select_for_update else ""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {quote(closed_at)} IS NOT NULL, "
            f"{quote(system)} FROM {quote(meta.db_table)} "
            f"WHERE {quote(pk)} = %s{lock}",
            [tournament_id],
        )
        row = cursor.fetchone()
    return None if row is None else (bool(row[0]), str(row[1]))


def results_fingerprint(tournament_id: int, before_round: int) -> list[tuple[int, str, int]]:
    """Every game of the tournament's rounds before ``before_round`` as ``(id, result,
    version)``, by id: what the pairing of round ``before_round`` is computed from. Compared
    again under :func:`lock_tournament` before the pairing is stored (a result changed in
    between: the pairing is refused, nothing stored)."""
    return list(
        Game.objects.filter(round__tournament_id=tournament_id, round__number__lt=before_round)
        .order_by("pk")
        .values_list("pk", "result", "version")
    )


def touch_tournament(tournament_id: int | None) -> None:
    """Give the tournament a new revision, dated now (``revised_at``): its cached standings
    are not used any more, and its pages' ``ETag`` and ``Last-Modified`` change
    (``tournaments.conditional``).

    Saving a tournament row does it by itself; saving or deleting one of its players, rounds,
    games or byes does it through the signals below. Code that changes rows in bulk
    (``bulk_create``, ``QuerySet.update``) calls it itself (``adapters.store_tournament`` does).
    """
    if tournament_id is not None:
        now = timezone.now()
        Tournament.objects.filter(pk=tournament_id).update(
            revision=uuid.uuid4(), revised_at=now, updated_at=now
        )


def _current_tournament_id(instance: Any) -> int | None:
    """The tournament of a player, round, game or bye, as the instance holds it now."""
    if isinstance(instance, TournamentPlayer | Round):
        return instance.tournament_id
    return _round_tournament_id(instance.round_id)


@receiver(pre_save, sender=TournamentPlayer)
@receiver(pre_save, sender=Round)
@receiver(pre_save, sender=Game)
@receiver(pre_save, sender=Bye)
def _remember_old_tournament(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    """Note the tournament a saved row belonged to before this save: when the row moves to
    another tournament, both get a new revision (the old one's cached standings included)."""
    instance._old_tournament_id = None
    if instance.pk is None or raw:
        return
    if isinstance(instance, TournamentPlayer | Round):
        old = sender.objects.filter(pk=instance.pk).values_list("tournament_id", flat=True)
    else:
        old = sender.objects.filter(pk=instance.pk).values_list("round__tournament_id", flat=True)
    instance._old_tournament_id = old.first()


@receiver([post_save, post_delete], sender=TournamentPlayer)
@receiver([post_save, post_delete], sender=Round)
@receiver([post_save, post_delete], sender=Game)
@receiver([post_save, post_delete], sender=Bye)
def _row_changed(sender: Any, instance: Any, **kwargs: Any) -> None:
    current = _current_tournament_id(instance)
    touch_tournament(current)
    old = getattr(instance, "_old_tournament_id", None)
    if old is not None and old != current:
        touch_tournament(old)
