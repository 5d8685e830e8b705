"""Forms of the closing app: closing (C1), early end (C2), roster players (E1)."""

from __future__ import annotations

import datetime
from typing import Any, ClassVar

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.models import Max
from django.utils import formats, timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from chessclub_web.clubs.models import MAX_INITIAL_ELO, MIN_INITIAL_ELO, Player


def _shown(date: datetime.date) -> str:
    """A date in a message as the page shows dates (``SHORT_DATE_FORMAT``: 14/09/2025 in
    French), not ISO."""
    return str(formats.date_format(date, "SHORT_DATE_FORMAT"))


def last_round_date(tournament: Any) -> datetime.date | None:
    """The latest date of the tournament's rounds, ``None`` when no round has a date."""
    last: datetime.date | None = tournament.rounds.aggregate(last=Max("date"))["last"]
    return last


def end_date_range(
    tournament: Any, today: datetime.date | None = None
) -> tuple[datetime.date | None, datetime.date]:
    """C1: the end dates :class:`CloseForm` accepts, ``(earliest, latest)`` inclusive:
    not before the start date nor the date of a round (``earliest``, ``None`` when neither is
    known), not after tomorrow (``latest``: a tournament is closed once it is over; ``today``
    default: the local date). ``earliest > latest`` when no date is accepted yet (a round or
    the start dated after tomorrow)."""
    today = today or timezone.localdate()
    known = [d for d in (tournament.start_date, last_round_date(tournament)) if d is not None]
    return (max(known) if known else None), today + datetime.timedelta(days=1)


def default_end_date(tournament: Any, today: datetime.date | None = None) -> datetime.date | None:
    """C1: the *Date de fin* proposed on the closing page, always one that :class:`CloseForm`
    accepts (:func:`end_date_range`); ``None`` when it accepts none yet.

    The date of the last round when a round has a date (an imported tournament of 2024
    proposes its last round's date, not today); otherwise the end date already recorded for
    the tournament (read from the imported file, or entered when it was created) when it is
    not later than ``today``; otherwise ``today`` (default: the local date). Never before the
    last round's date nor the start date.
    """
    today = today or timezone.localdate()
    earliest, latest = end_date_range(tournament, today)
    if earliest is not None and earliest > latest:
        return None
    last = last_round_date(tournament)
    recorded: datetime.date | None = tournament.end_date
    if last is not None:
        proposed = last
    elif recorded is not None and recorded <= today:
        proposed = recorded
    else:
        proposed = today
    return max(proposed, earliest) if earliest is not None else proposed


def _too_late_note(tournament: Any) -> str:
    """Why no end date is accepted yet (:func:`default_end_date` is ``None``): the round, or
    the start, dated after tomorrow; in the current language."""
    late = (
        tournament.rounds.filter(date__isnull=False)
        .order_by("-date", "-number")
        .values_list("number", "date")
        .first()
    )
    start = tournament.start_date
    if late is not None and (start is None or late[1] >= start):
        return _(
            "No end date can be accepted yet: round %(round)s is dated %(date)s, after "
            "tomorrow. Close the tournament once it is over, or correct the round's date."
        ) % {"round": late[0], "date": _shown(late[1])}
    assert start is not None
    return _(
        "No end date can be accepted yet: the tournament starts on %(date)s, after tomorrow."
    ) % {"date": _shown(start)}


class CloseForm(forms.Form):
    """C1: the *Date de fin* and the confirmation.

    With ``tournament=`` the date proposed is :func:`default_end_date` (the last round's date
    when known, else today), the help text says so, and the date is checked against the
    tournament (:func:`end_date_range`): not before the start date nor the date of a round,
    and not later than tomorrow (a tournament is closed once it is over). When no date is
    accepted yet, nothing is proposed and the help text says why.
    """

    end_date = forms.DateField(
        label=_("End date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    confirm = forms.BooleanField(
        label=_("I confirm: a closed tournament can never be reopened."), required=True
    )

    def __init__(self, *args: Any, tournament: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        if tournament is None:
            return
        field = self.fields["end_date"]
        last = last_round_date(tournament)
        proposed = default_end_date(tournament)
        field.widget.attrs["aria-describedby"] = "end-date-help"
        if proposed is None:
            field.help_text = _too_late_note(tournament)
            return
        self.initial.setdefault("end_date", proposed)
        if last is not None and proposed == last:
            field.help_text = _(
                "Proposed: the date of the last round (%(date)s). The end date cannot be before it."
            ) % {"date": date_format(last, "SHORT_DATE_FORMAT")}
        elif last is not None:
            field.help_text = _(
                "Proposed: the start date (%(date)s). The end date cannot be before it."
            ) % {"date": date_format(proposed, "SHORT_DATE_FORMAT")}
        elif proposed != timezone.localdate():
            field.help_text = _(
                "Proposed: the end date recorded for the tournament (%(date)s), as no round "
                "has a date."
            ) % {"date": date_format(proposed, "SHORT_DATE_FORMAT")}
        else:
            field.help_text = _("Proposed: today, as no round has a date.")

    def clean_end_date(self) -> datetime.date:
        end: datetime.date = self.cleaned_data["end_date"]
        latest = timezone.localdate() + datetime.timedelta(days=1)
        if end > latest:
            raise ValidationError(
                _("The end date cannot be after %(date)s: close the tournament once it is over."),
                params={"date": _shown(latest)},
            )
        tournament = self.tournament
        if tournament is None:
            return end
        start = tournament.start_date
        if start is not None and end < start:
            raise ValidationError(
                _("The end date cannot be before the start date (%(date)s)."),
                params={"date": _shown(start)},
            )
        last_round = last_round_date(tournament)
        if last_round is not None and end < last_round:
            raise ValidationError(
                _("The end date cannot be before the date of the last round (%(date)s)."),
                params={"date": _shown(last_round)},
            )
        return end


class EarlyEndForm(forms.Form):
    """C2: *Terminer après la ronde* N, confirmed."""

    after_round = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    confirm_end = forms.BooleanField(label=_("I confirm the effects listed above."), required=True)


class PlayerForm(forms.ModelForm):  # type: ignore[type-arg]  # generic in the stubs only
    """A roster player (spec: Clubs, people and roles; E1)."""

    class Meta:
        model = Player
        fields = (
            "surname",
            "first_name",
            "birth_date",
            "sex",
            "federation",
            "matricule",
            "fide_id",
            "swiss_code",
            "initial_elo_standard",
            "initial_elo_rapid",
            "initial_elo_blitz",
        )
        widgets: ClassVar[dict[str, forms.Widget]] = {
            "birth_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
        }

    def __init__(self, *args: object, club: object = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if club is not None:
            self.instance.club = club
        for name in ("initial_elo_standard", "initial_elo_rapid", "initial_elo_blitz"):
            field = self.fields[name]
            field.widget.attrs["max"] = MAX_INITIAL_ELO
            field.widget.attrs["min"] = MIN_INITIAL_ELO
            field.validators.append(MaxValueValidator(MAX_INITIAL_ELO))
            field.validators.append(
                MinValueValidator(
                    MIN_INITIAL_ELO,
                    message=_(
                        "Ensure this value is at least %(limit_value)s; leave the field empty "
                        "for a player without an Elo."
                    ),
                )
            )

    def clean_matricule(self) -> str:
        """The roster's unique matricule per club, checked here: ``club`` is not a field of
        the form, so Django's own check of the constraint would skip it (and the database
        would refuse the row with an error page)."""
        matricule: str = self.cleaned_data.get("matricule", "").strip()
        club_id = self.instance.club_id
        if matricule and club_id is not None:
            taken = Player.objects.filter(club_id=club_id, matricule=matricule)
            if self.instance.pk is not None:
                taken = taken.exclude(pk=self.instance.pk)
            if taken.exists():
                raise ValidationError(_("This club already has a player with this matricule."))
        return matricule
