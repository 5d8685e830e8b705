"""Clubs and their members (spec: Clubs, people and roles). Rows only."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

#: Highest initial Elo accepted on the roster (no rating list goes beyond it).
MAX_INITIAL_ELO = 3500
#: Lowest initial Elo accepted on the roster: rating files write 0 for "no rating", so 0 (or
#: any value no rating list uses) is refused with a hint to leave the field empty instead.
MIN_INITIAL_ELO = 100


class Role(models.TextChoices):
    """A member's role inside a club; what each role may do is in ``permissions.py``."""

    OWNER = "owner", _("Owner")
    ADMINISTRATOR = "administrator", _("Administrator")
    ARBITER = "arbiter", _("Arbiter")


class Club(models.Model):
    """A chess club. ``number`` is its federation club number (``618``), unique in any case
    (``abc`` and ``ABC`` are one number: a constraint on ``Lower("number")``)."""

    name = models.CharField(_("name"), max_length=200)
    number = models.CharField(
        _("federation number"),
        max_length=16,
        unique=True,
        help_text=_("The club's number at its federation, e.g. 618."),
    )
    public = models.BooleanField(
        _("public"),
        default=False,
        help_text=_("A public club's tournaments and standings can be seen without logging in."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ("name",)
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = (
            models.UniqueConstraint(
                Lower("number"),
                name="club_number_unique_any_case",
                violation_error_message=_("A club with this federation number already exists."),
            ),
        )

    def __str__(self) -> str:
        return f"{self.name} ({self.number})"


class Membership(models.Model):
    """A user's role in a club (one role per user and club)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("user"),
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club")
    )
    role = models.CharField(_("role"), max_length=16, choices=Role.choices)

    class Meta:
        ordering = ("club", "role", "user")
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = (
            models.UniqueConstraint(fields=["user", "club"], name="membership_one_role_per_club"),
        )

    def __str__(self) -> str:
        return f"{self.user} — {self.club} ({self.get_role_display()})"


class Sex(models.TextChoices):
    MALE = "M", _("Male")
    FEMALE = "F", _("Female")
    UNKNOWN = "", _("Not given")


class Player(models.Model):
    """A player of a club's roster (spec: Clubs, people and roles; E1).

    The roster is the club's own list; a tournament's entries (``TournamentPlayer``) point to it
    once linked. The initial Elo per time control is where the club Elo (E1) starts; changing it
    recomputes the club Elo of that time control (E7).
    """

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="players", verbose_name=_("club")
    )
    surname = models.CharField(_("surname"), max_length=100)
    first_name = models.CharField(_("first name"), max_length=100, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    matricule = models.CharField(
        _("matricule"), max_length=16, blank=True, help_text=_("Belgian federation number.")
    )
    fide_id = models.CharField(_("FIDE ID"), max_length=16, blank=True)
    swiss_code = models.CharField(_("Swiss code"), max_length=16, blank=True)
    initial_elo_standard = models.PositiveSmallIntegerField(
        _("initial Elo, standard"), null=True, blank=True
    )
    initial_elo_rapid = models.PositiveSmallIntegerField(
        _("initial Elo, rapid"), null=True, blank=True
    )
    initial_elo_blitz = models.PositiveSmallIntegerField(
        _("initial Elo, blitz"), null=True, blank=True
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ("club", Lower("surname"), Lower("first_name"), "id")
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = (
            models.UniqueConstraint(
                fields=["club", "matricule"],
                condition=~models.Q(matricule=""),
                name="player_unique_matricule_per_club",
                violation_error_message=_("This club already has a player with this matricule."),
            ),
        )

    def __str__(self) -> str:
        return f"{self.surname}, {self.first_name}" if self.first_name else self.surname

    def initial_elo(self, time_control: str) -> int | None:
        """The initial Elo of ``time_control`` (``"standard"``, ``"rapid"`` or ``"blitz"``)."""
        value: int | None = getattr(self, f"initial_elo_{time_control}")
        return value
