from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import (
    TEXT_MAX_LENGTH,
    UNRATED_RATING_MAX,
    Kind,
    Round,
    TiebreakRules,
    TimeControlCategory,
    Tournament,
    UnratedRating,
)
from chessclub_web.tournaments.rating_rules import unrated_rating_error
from chessclub_web.tournaments.services import DETAIL_FIELDS, normal_detail, round_date_refusal
from chessclub_web.tournaments.tiebreak_codes import (
    TIEBREAKS_MAX_LENGTH,
    clean_team_tiebreaks,
    clean_tiebreaks,
)
from chessclub_web.uploads import MAX_UPLOAD_SIZE

TOO_LARGE = _("The file is too large: %(size)s MB at most.")


def _shown(date: datetime.date) -> str:
    """A date in a message as the page shows dates (``SHORT_DATE_FORMAT``: 14/09/2025 in
    French), not ISO."""
    return str(formats.date_format(date, "SHORT_DATE_FORMAT"))


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Tournament file"),
        help_text=_("A Belgian federation results file or a FIDE TRF; the format is detected."),
    )
    time_control_category = forms.ChoiceField(
        label=_("Time-control category"),
        choices=TimeControlCategory.choices,
        initial=TimeControlCategory.STANDARD,
    )
    kind = forms.ChoiceField(label=_("Kind"), choices=Kind.choices, initial=Kind.CLUB)
    allow_duplicate = forms.BooleanField(
        label=_("Import anyway"),
        required=False,
        help_text=_("Import the file even if the same file was already imported into this club."),
    )

    def __init__(self, *args: Any, oversized: bool = False, **kwargs: Any) -> None:
        """``oversized``: the upload handler dropped the file for being too large."""
        super().__init__(*args, **kwargs)
        if oversized:
            self.fields["file"].error_messages["required"] = TOO_LARGE % {
                "size": MAX_UPLOAD_SIZE // (1024 * 1024)
            }

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_SIZE:
            raise forms.ValidationError(
                TOO_LARGE, params={"size": MAX_UPLOAD_SIZE // (1024 * 1024)}
            )
        return upload


class SettingsForm(forms.Form):
    """A tournament's *Paramètres*: tiebreaks in order, rule era, drawing of lots.

    The tiebreaks are chosen with check boxes named ``chosen`` (one per code, value the
    code), each with a position field ``order-<code>`` (a whole number: the list is the
    checked codes by position, then in the page's order for those without one), or typed in
    the ``tiebreaks`` field, which replaces the check boxes when filled (codes the boxes do not
    offer, such as ``KS/L+1``). Nothing checked and nothing typed: the system's defaults. Works
    without JavaScript. ``team``: a team event's page, whose codes are the team tiebreaks
    (C.07 Art. 12–13). After ``is_valid()``, ``cleaned_data["codes"]`` is the canonical list
    (comma separated, ``""`` for none chosen).
    """

    tiebreaks = forms.CharField(
        label=_("Or type the codes"),
        required=False,
        max_length=TIEBREAKS_MAX_LENGTH,
        help_text=_(
            "FIDE C.07 codes separated by commas or spaces, e.g. BH/C1, SB/C1/P, KS/L+1: when "
            "filled, they replace the boxes checked above. Nothing checked and nothing typed: "
            "the defaults of the tournament's system (%(defaults)s)."
        ),
    )
    tiebreak_rules = forms.ChoiceField(
        label=_("Tiebreak rules"),
        choices=TiebreakRules.choices,
        required=False,
        widget=forms.RadioSelect,
        help_text=_("How unplayed rounds count in the opponents' tiebreaks."),
    )
    draw_lots = forms.BooleanField(
        label=_("Decide the ties left after every tiebreak by a drawing of lots"),
        required=False,
        help_text=_(
            "Otherwise those players share the rank. The seed of the drawing is drawn once and "
            "kept, so the order never changes."
        ),
    )

    unrated_rating_rule = forms.ChoiceField(
        label=_("Rating of unrated players (ARO, TPR, APRO…)"),
        choices=UnratedRating.choices,
        required=False,
        widget=forms.RadioSelect,
        help_text=_(
            "FIDE C.07 Art. 10: the rating-based tiebreaks count an unrated player with a "
            "rating only when the regulations fix it beforehand."
        ),
    )
    unrated_rating = forms.IntegerField(
        label=_("Fixed rating of unrated players"),
        required=False,
        min_value=0,
        max_value=UNRATED_RATING_MAX,
        help_text=_("0 to 3000, e.g. 1000; with “A fixed rating” only."),
    )

    def __init__(
        self,
        *args: Any,
        defaults: str = "",
        era_from_date: str = "",
        team: bool = False,
        **kwargs: Any,
    ) -> None:
        """``defaults``: the system's default codes; ``era_from_date``: the start date's era;
        ``team``: a team event (team tiebreaks; no drawing of lots on this page)."""
        super().__init__(*args, **kwargs)
        self.team = team
        field = self.fields["tiebreaks"]
        field.help_text = field.help_text % {"defaults": defaults}
        field.widget.attrs.update({"autocomplete": "off", "spellcheck": "false"})
        rules = self.fields["tiebreak_rules"]
        assert isinstance(rules, forms.ChoiceField)
        rules.choices = [
            (
                value,
                _("Follow the start date (now: %(year)s)") % {"year": era_from_date}
                if value == ""
                else label,
            )
            for value, label in TiebreakRules.choices
        ]
        if team:
            del self.fields["draw_lots"]
            del self.fields["unrated_rating_rule"]
            del self.fields["unrated_rating"]

    def _clean_codes(self, text: str) -> str:
        return clean_team_tiebreaks(text) if self.team else clean_tiebreaks(text)

    def clean_tiebreaks(self) -> str:
        """Every code checked with the core's parser; errors name each bad code. Returns the
        canonical text to store (``""`` for the defaults). The model's ``clean()`` (the admin)
        shares the rule: :func:`~chessclub_web.tournaments.tiebreak_codes.clean_tiebreaks`
        (:func:`~chessclub_web.tournaments.tiebreak_codes.clean_team_tiebreaks` for a team
        event)."""
        return self._clean_codes(self.cleaned_data["tiebreaks"])

    def chosen(self) -> list[str]:
        """The checked codes as posted, in the page's order (``[]`` unbound)."""
        if not self.is_bound:
            return []
        getlist = getattr(self.data, "getlist", None)
        posted = getlist("chosen") if getlist else self.data.get("chosen", [])
        if isinstance(posted, str):
            posted = [posted]
        seen: list[str] = []
        for code in posted:
            text = str(code).strip()
            if text and text not in seen:
                seen.append(text)
        return seen

    def positions(self) -> dict[str, str]:
        """The position typed beside each checked code, as posted (``""`` when empty)."""
        return {code: str(self.data.get(f"order-{code}", "")).strip() for code in self.chosen()}

    def clean(self) -> dict[str, Any]:
        """``codes``: the typed codes when the field is filled, else the checked codes by
        position (a position that is not a whole number from 1 to 999 is refused naming its
        code), each checked like typed codes."""
        super().clean()
        data = self.cleaned_data
        if "unrated_rating_rule" in self.fields and "unrated_rating" not in self.errors:
            # R-REG-6: a fixed rating needs its value (0-3000).
            error = unrated_rating_error(
                data.get("unrated_rating_rule") or "", data.get("unrated_rating")
            )
            if error is not None:
                self.add_error("unrated_rating", error)
        if self.errors:
            return data
        typed = data.get("tiebreaks", "")
        if typed:
            data["codes"] = typed
            return data
        keyed: list[tuple[int, int, str]] = []
        for index, code in enumerate(self.chosen()):
            position = self.positions()[code]
            if not position:
                keyed.append((1000, index, code))
            elif position.isascii() and position.isdigit() and 1 <= int(position) <= 999:
                keyed.append((int(position), index, code))
            else:
                self.add_error(
                    None,
                    _("The position of %(code)s must be a whole number from 1 to 999.")
                    % {"code": code[:20]},
                )
        if self.errors:
            return data
        try:
            data["codes"] = self._clean_codes(",".join(code for _p, _i, code in sorted(keyed)))
        except forms.ValidationError as error:
            self.add_error(None, error)
        return data


#: The dates a tournament's details may take: a date outside them is a typing error (year
#: 9999 was accepted and made the pairing page's date arithmetic overflow).
FIRST_DATE = datetime.date(1850, 1, 1)
LAST_DATE = datetime.date(2199, 12, 31)


def _date_field(label: Any, **kwargs: Any) -> forms.DateField:
    return forms.DateField(
        label=label,
        required=False,
        show_hidden_initial=True,
        widget=forms.DateInput(
            attrs={"type": "date", "min": FIRST_DATE.isoformat(), "max": LAST_DATE.isoformat()},
            format="%Y-%m-%d",
        ),
        validators=[MinValueValidator(FIRST_DATE), MaxValueValidator(LAST_DATE)],
        **kwargs,
    )


def _time_field(label: Any) -> forms.TimeField:
    return forms.TimeField(
        label=label,
        required=False,
        show_hidden_initial=True,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )


def _text_field(label: Any, **kwargs: Any) -> forms.CharField:
    return forms.CharField(
        label=label, max_length=TEXT_MAX_LENGTH, show_hidden_initial=True, **kwargs
    )


#: Deputy arbiters, one a line: room for a few dozen names.
DEPUTY_ARBITERS_MAX_LENGTH = 2000


class TournamentDetailsForm(forms.Form):
    """*Edit tournament*: the details of a tournament after its creation or import (name,
    place, federation, dates, arbiters, time control, the date and time of every round), as
    the federation exports check them (spec ``frbe.md`` B1).

    Every field carries the value shown when the page was loaded (``show_hidden_initial``):
    :meth:`changes`, :meth:`round_changes` and :meth:`time_changes` give only what the user
    changed, :meth:`seen`, :meth:`seen_dates` and :meth:`seen_times` what they saw, so that
    ``services.update_details`` refuses a value someone else changed meanwhile. Checks: an
    end date not before the start date; each round date within the tournament's dates
    (``services.round_date_refusal``) and not before the previous round's. On a closed
    tournament the time-control category is shown disabled (its club Elo was computed in it):
    a value posted anyway reaches ``services.closed_refusals``.
    """

    name = _text_field(_("Name"))
    city = _text_field(_("Place"), required=False, help_text=_("City (TRF record 022)."))
    federation = _text_field(
        _("Federation"), required=False, help_text=_("Of the organiser, e.g. BEL (TRF 032).")
    )
    start_date = _date_field(_("Start date"))
    end_date = _date_field(_("End date"))
    chief_arbiter = _text_field(
        _("Chief arbiter"),
        required=False,
        help_text=_(
            "The person responsible for the results: the Belgian results file and the TRF need one."
        ),
    )
    deputy_arbiters = forms.CharField(
        label=_("Deputy arbiters"),
        required=False,
        max_length=DEPUTY_ARBITERS_MAX_LENGTH,
        show_hidden_initial=True,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One a line."),
    )
    time_control_category = forms.ChoiceField(
        label=_("Time-control category"),
        choices=TimeControlCategory.choices,
        show_hidden_initial=True,
    )
    time_control = _text_field(
        _("Tempo"),
        required=False,
        help_text=_(
            "E.g. 90 min + 30 s, or 40/120 min, 60 min: the Belgian export reads from it "
            "which games may be rated."
        ),
    )

    def __init__(
        self,
        *args: Any,
        tournament: Tournament,
        rounds: Sequence[Round] = (),
        **kwargs: Any,
    ) -> None:
        """``tournament``: the row edited (its values are the form's initial values);
        ``rounds``: its rounds, one date field ``round_N`` and one time field ``time_N``
        each."""
        kwargs.setdefault(
            "initial",
            {
                **{name: getattr(tournament, name) for name in DETAIL_FIELDS},
                **{f"round_{r.number}": r.date for r in rounds},
                **{f"time_{r.number}": r.time for r in rounds},
            },
        )
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.round_numbers = [r.number for r in rounds]
        for number in self.round_numbers:
            self.fields[f"round_{number}"] = _date_field(_("Round %(number)s") % {"number": number})
            self.fields[f"time_{number}"] = _time_field(
                _("Round %(number)s: time") % {"number": number}
            )
        if tournament.is_closed:
            category = self.fields["time_control_category"]
            category.required = False
            category.widget.attrs["disabled"] = "disabled"
            category.help_text = _(
                "The tournament is closed: its club Elo was computed in this category."
            )

    @property
    def round_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """Each round's date and time fields, in round order."""
        return [(self[f"round_{number}"], self[f"time_{number}"]) for number in self.round_numbers]

    @property
    def detail_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in DETAIL_FIELDS]

    def seen(self, name: str) -> Any:
        """The value of field ``name`` when the page was loaded (its hidden initial value;
        the form's initial value when it was not posted or cannot be read)."""
        field = self.fields[name]
        key = self.add_initial_prefix(name)
        if self.is_bound and key in self.data:
            try:
                return field.to_python(self.data[key])
            except forms.ValidationError:
                pass
        return self.initial.get(name)

    def clean_deputy_arbiters(self) -> str:
        """One a line, blank lines and spaces around dropped."""
        return str(normal_detail("deputy_arbiters", self.cleaned_data["deputy_arbiters"]))

    def clean_time_control_category(self) -> str:
        """A value not posted (the disabled field of a closed tournament) is the stored one."""
        value = self.cleaned_data.get("time_control_category") or ""
        return value or self.tournament.time_control_category

    def clean_federation(self) -> str:
        """Empty, or a federation's three-letter FIDE code (TRF record 032 has 3 columns),
        written in capitals."""
        value = str(self.cleaned_data.get("federation") or "").strip().upper()
        if value and not (len(value) == 3 and value.isascii() and value.isalpha()):
            raise forms.ValidationError(
                _("A federation is written with its three-letter FIDE code, e.g. BEL or SUI.")
            )
        return value

    def clean(self) -> dict[str, Any]:
        """The dates agree: end not before start; each round within the tournament's dates
        and not before the round before it. Checked only where the user changed something
        (a round's date, or the tournament's dates): stored values that disagree (an imported
        file's) never block saving an unrelated correction."""
        super().clean()
        data = self.cleaned_data
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The end date is before the start date."))
            end = None
        span_changed = start != self.seen("start_date") or end != self.seen("end_date")
        previous: tuple[int, datetime.date] | None = None
        previous_changed = False
        for number in self.posted_rounds():
            name = f"round_{number}"
            date = data.get(name)
            changed = date != self.seen(name)
            if date is None:
                continue
            if not (changed or span_changed or previous_changed):
                previous, previous_changed = (number, date), False
                continue
            previous_changed = changed
            outside = round_date_refusal(number, date, start, end)
            if outside:
                self.add_error(name, outside)
            elif previous is not None and date < previous[1]:
                self.add_error(
                    name,
                    _("Round %(number)s is dated before round %(previous)s (%(date)s).")
                    % {"number": number, "previous": previous[0], "date": _shown(previous[1])},
                )
            previous = (number, date)
        return data

    def posted_rounds(self) -> list[int]:
        """The rounds whose date the page posted (a round paired after the page was loaded
        has no field on it: its date is not the user's to change, nor to clear)."""
        if not self.is_bound:
            return list(self.round_numbers)
        return [
            number
            for number in self.round_numbers
            if self.add_prefix(f"round_{number}") in self.data
            or self.add_initial_prefix(f"round_{number}") in self.data
        ]

    def changes(self) -> dict[str, Any]:
        """The details the user changed (name → new value), after ``is_valid()``."""
        return {
            name: self.cleaned_data[name]
            for name in DETAIL_FIELDS
            if normal_detail(name, self.cleaned_data[name]) != normal_detail(name, self.seen(name))
        }

    def round_changes(self) -> dict[int, datetime.date | None]:
        """The round dates the user changed (round number → new date), after ``is_valid()``."""
        return {
            number: self.cleaned_data[f"round_{number}"]
            for number in self.posted_rounds()
            if self.cleaned_data[f"round_{number}"] != self.seen(f"round_{number}")
        }

    def posted_times(self) -> list[int]:
        """The rounds whose time the page posted (a page or a script without the time fields
        leaves the rounds' times as they are)."""
        if not self.is_bound:
            return list(self.round_numbers)
        return [
            number
            for number in self.round_numbers
            if self.add_prefix(f"time_{number}") in self.data
            or self.add_initial_prefix(f"time_{number}") in self.data
        ]

    def time_changes(self) -> dict[int, datetime.time | None]:
        """The round times the user changed (round number → new time), after ``is_valid()``."""
        return {
            number: self.cleaned_data[f"time_{number}"]
            for number in self.posted_times()
            if self.cleaned_data[f"time_{number}"] != self.seen(f"time_{number}")
        }

    def seen_times(self) -> dict[int, datetime.time | None]:
        return {number: self.seen(f"time_{number}") for number in self.posted_times()}

    def gone_rounds(self) -> list[int]:
        """Rounds whose date was posted but that the tournament no longer has (unpaired
        meanwhile): their dates cannot be saved."""
        gone = set()
        for key in self.data if self.is_bound else ():
            number = key.removeprefix("round_")
            readable = number != key and number.isascii() and number.isdigit()
            if readable and len(number) <= 3 and int(number) not in self.round_numbers:
                gone.add(int(number))
        return sorted(gone)

    def seen_details(self) -> dict[str, Any]:
        return {name: self.seen(name) for name in DETAIL_FIELDS}

    def seen_dates(self) -> dict[int, datetime.date | None]:
        return {number: self.seen(f"round_{number}") for number in self.posted_rounds()}
