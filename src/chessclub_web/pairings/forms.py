"""Forms of the entries and pairing pages."""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Iterable
from typing import Any, ClassVar

from django import forms
from django.forms.utils import ErrorDict
from django.utils.translation import gettext_lazy as _

from chessclub_web.pairings.services import (
    CLOSED_CORRECTABLE_FIELDS,
    ENTRY_FIELDS,
    ROUNDS_GIVEN,
    normal_entry_value,
    normal_fide_id,
    parse_birth_date,
    planned_rounds_error,
)
from chessclub_web.tournaments.models import (
    MAX_ROUNDS,
    RatingChoice,
    System,
    Tournament,
    TournamentPlayer,
)

#: Systems a tournament created in chessclub may have. Team events are created here too; their
#: teams, line-ups and pairings are then managed on the teams app's *Équipes* tab.
NEW_SYSTEMS = [
    (System.SWISS, System.SWISS.label),
    (System.ROUND_ROBIN, System.ROUND_ROBIN.label),
    (System.DOUBLE_ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN.label),
    (System.TEAM_SWISS, System.TEAM_SWISS.label),
    (System.TEAM_ROUND_ROBIN, System.TEAM_ROUND_ROBIN.label),
    (System.TEAM_DOUBLE_ROUND_ROBIN, System.TEAM_DOUBLE_ROUND_ROBIN.label),
    (System.KEIZER, _("Keizer system (club competition, outside FIDE's systems)")),
    (System.KNOCKOUT, _("Knockout cup (club competition, outside FIDE's systems)")),
    (System.SCHEVENINGEN, _("Scheveningen match (team against team, outside FIDE's systems)")),
]


class NewTournamentForm(forms.ModelForm):  # type: ignore[type-arg]
    """A tournament created from scratch: its description and its pairing rules."""

    class Meta:
        model = Tournament
        fields = (
            "name",
            "kind",
            "system",
            "time_control_category",
            "time_control",
            "start_date",
            "end_date",
            "planned_rounds",
            "rating_choice",
            "city",
            "chief_arbiter",
            "acceleration",
            "initial_colour",
            "max_requested_byes",
            "missed_round_points",
            "annulment_threshold",
        )
        widgets: ClassVar[dict[str, Any]] = {
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"] = forms.ChoiceField(
            label=_("System"), choices=NEW_SYSTEMS, initial=System.SWISS
        )
        self.fields["planned_rounds"].required = False
        if not self.is_bound and self.instance.pk is None:
            self.initial["planned_rounds"] = None  # empty, as the help text says, not 0
        self.fields["planned_rounds"].help_text = _(
            "Swiss: the number of rounds. Round robin: leave empty, the Berger table decides."
        )
        _optional_threshold(self)
        # A post without it (an older page, a script) takes the default: FIDE (R-REG-4).
        self.fields["rating_choice"].required = False

    def clean_rating_choice(self) -> str:
        return str(self.cleaned_data.get("rating_choice") or RatingChoice.FIDE)

    def clean_annulment_threshold(self) -> int:
        return _threshold(self)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The end date is before the start date."))
        rounds = data.get("planned_rounds") or 0
        error = planned_rounds_error(str(data.get("system") or ""), rounds)
        if error is not None and "planned_rounds" not in self.errors:
            self.add_error("planned_rounds", error)
        data["planned_rounds"] = rounds
        return data


class PairingRulesForm(forms.ModelForm):  # type: ignore[type-arg]
    """The tournament's pairing rules, on the entries tab."""

    class Meta:
        model = Tournament
        fields = (
            "planned_rounds",
            "rating_choice",
            "acceleration",
            "initial_colour",
            "max_requested_byes",
            "missed_round_points",
            "annulment_threshold",
        )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _optional_threshold(self)
        # A post without it (an older page) keeps the stored choice.
        self.fields["rating_choice"].required = False
        if self.instance.system in ROUNDS_GIVEN:
            self.fields["planned_rounds"].widget.attrs.update({"min": 1, "max": MAX_ROUNDS})

    def clean_annulment_threshold(self) -> int:
        return _threshold(self)

    def clean_rating_choice(self) -> str:
        value = self.cleaned_data.get("rating_choice") or ""
        return str(value or self.instance.rating_choice)

    def clean_planned_rounds(self) -> int:
        """The new-tournament form's bounds (:func:`services.planned_rounds_error`): a Swiss
        plans 1 to 99 rounds, never 0 (requirement R-REG-9)."""
        rounds = int(self.cleaned_data.get("planned_rounds") or 0)
        error = planned_rounds_error(self.instance.system, rounds)
        if error is not None:
            raise forms.ValidationError(error)
        return rounds


def _optional_threshold(form: forms.ModelForm) -> None:  # type: ignore[type-arg]
    """The annulment threshold (product spec, annulled games: a round robin withdrawer who
    completed fewer than this share of their games has their results annulled) may be left
    out of a post (an older page): the stored value, else the model's default, stays."""
    field = form.fields["annulment_threshold"]
    field.required = False
    field.widget.attrs.update({"min": 0, "max": 100})


def _threshold(form: forms.ModelForm) -> int:  # type: ignore[type-arg]
    value = form.cleaned_data.get("annulment_threshold")
    if value is None:
        stored = getattr(form.instance, "annulment_threshold", None)
        if stored is not None:
            return int(stored)
        return int(Tournament._meta.get_field("annulment_threshold").get_default())
    return int(value)


#: The HTML hints of a digits-only field: a phone shows its digit keypad, a browser warns
#: before posting (the server checks again).
DIGITS_HINT = {"pattern": "[0-9]*", "inputmode": "numeric"}


#: FIDE titles (FIDE B.01), the values a title field accepts (empty: no title).
TITLES = ["", "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"]

#: Unicode's bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _hidden_character(char: str) -> bool:
    """A control character (Unicode category Cc: C0, DEL, C1) or a bidi control."""
    return unicodedata.category(char) == "Cc" or char in _BIDI_CONTROLS


def _title_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        label=_("Title"), required=False, choices=[(t, t or "—") for t in TITLES]
    )


class PlayerForm(forms.Form):
    """A player registered by hand. Every field but the name is optional; the federation
    exports (FRBE, FSE, FIDE TRF) need the matricule, FIDE ID, federation and birth date."""

    name = forms.CharField(label=_("Name (surname, first name)"), max_length=200)
    rating = forms.IntegerField(
        label=_("Rating"),
        required=False,
        min_value=0,
        max_value=4000,
        help_text=_("The one that pairs and ranks; empty: chosen from the two below."),
    )
    fide_rating = forms.IntegerField(
        label=_("FIDE rating"), required=False, min_value=0, max_value=4000
    )
    national_rating = forms.IntegerField(
        label=_("National rating"), required=False, min_value=0, max_value=4000
    )
    title = _title_field()
    matricule = forms.RegexField(
        label=_("Matricule (FRBE/FSE)"),
        required=False,
        max_length=16,
        regex=r"^[0-9]*$",
        error_messages={"invalid": _("Digits only.")},
        # The browser warns first (R-REG-7); the server's rule is the regex.
        widget=forms.TextInput(attrs=DIGITS_HINT),
    )
    fide_id = forms.RegexField(
        label=_("FIDE ID"),
        required=False,
        max_length=16,
        regex=r"^[0-9]*$",
        error_messages={"invalid": _("Digits only.")},
        widget=forms.TextInput(attrs=DIGITS_HINT),
    )
    federation = forms.RegexField(
        label=_("Federation"),
        required=False,
        max_length=3,
        # Three ASCII letters or nothing (R-REG-7): ``XX`` is no federation code.
        regex=r"^(?:[A-Za-z]{3})?$",
        help_text=_("Three letters, e.g. BEL."),
        error_messages={"invalid": _("Three letters, e.g. BEL.")},
        widget=forms.TextInput(
            attrs={"pattern": "[A-Za-z]{3}", "autocapitalize": "characters", "size": 4}
        ),
    )
    sex = forms.ChoiceField(label=_("Sex"), required=False, choices=[])
    birth_date = forms.DateField(
        label=_("Birth date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    club = forms.RegexField(
        label=_("Club"),
        required=False,
        max_length=6,
        regex=r"^[0-9]*$",
        error_messages={"invalid": _("The club's federation number: digits only, e.g. 618.")},
        widget=forms.TextInput(attrs=DIGITS_HINT),
    )
    entry_round = forms.IntegerField(
        label=_("Plays from round"), min_value=1, max_value=MAX_ROUNDS, initial=1
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        sex = self.fields["sex"]
        assert isinstance(sex, forms.ChoiceField)
        sex.choices = SEXES

    def clean_name(self) -> str:
        """The name without control characters nor bidirectional overrides (they would
        reorder or hide text on the public pages and break the federation files' columns)."""
        name = str(self.cleaned_data.get("name") or "")
        if any(_hidden_character(char) for char in name):
            raise forms.ValidationError(
                _("The name holds an invisible control character: type it again.")
            )
        return name

    def clean_fide_id(self) -> str:
        """Digits without leading zeros (R-REG-8: ``099100001`` is FIDE ID ``99100001``)."""
        return normal_fide_id(str(self.cleaned_data.get("fide_id") or ""))

    def clean_federation(self) -> str:
        """Three letters in capitals, or empty (R-REG-7)."""
        return str(self.cleaned_data.get("federation") or "").strip().upper()

    def clean_birth_date(self) -> datetime.date | None:
        value: datetime.date | None = self.cleaned_data.get("birth_date")
        if value is not None and not datetime.date(1900, 1, 1) <= value <= datetime.date.today():
            raise forms.ValidationError(_("The birth date is not a plausible date."))
        return value


#: The sex of an entry: the codes stored (``TournamentPlayer.sex``; imported files' ``m``/``w``
#: are shown as ``M``/``F``).
SEXES = [("", _("Not given")), ("M", _("Male")), ("F", _("Female"))]


#: The hidden input of an entry form shown with the closed tournament's details disabled.
LOCKED_MARK = "locked_page"


class EntryForm(PlayerForm):
    """*Modifier* a registered player: the details of :data:`services.ENTRY_FIELDS` with the
    registration's rules (:class:`PlayerForm`), the sex, the club's federation number (the
    FRBE file's club column, B3: digits) and the fictitious-rating mark (B4 ``***``; it needs
    a rating). The round of entry is not here: a late entry changes the rounds, not a detail.

    Every field carries the value shown when the page was loaded (``show_hidden_initial``):
    :meth:`seen` reads it back, :meth:`changes` lists what the user changed, so that
    ``services.update_entry`` refuses a detail someone else changed meanwhile. A stored value
    these rules refuse (an imported file's ``1984`` birth date, a title outside FIDE's list, a
    club name) is kept as it is when posted back unchanged: it never blocks correcting another
    detail; a new value must pass.

    A closed tournament (``closed=True``) shows the details outside
    ``services.CLOSED_CORRECTABLE_FIELDS`` disabled (:attr:`locked`): a browser does not post
    them, and a detail not posted is read as its stored value (as the time-control category of
    a closed tournament's ``TournamentDetailsForm``); a new value posted anyway is listed by
    :meth:`locked_changes` (the view answers 409) and refused by ``services.update_entry``.
    """

    fictitious_rating = forms.BooleanField(
        label=_("Fictitious rating (***)"),
        required=False,
        help_text=_("An unrated player's rating computed by the federation's rule (FRBE B4)."),
    )
    sex = forms.ChoiceField(label=_("Sex"), required=False, choices=SEXES)
    birth_date = forms.CharField(  # type: ignore[assignment]
        label=_("Birth date"),
        required=False,
        max_length=10,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    club = forms.RegexField(
        label=_("Club"),
        required=False,
        max_length=6,
        regex=r"^[0-9]*$",
        error_messages={"invalid": _("The club's federation number: digits only, e.g. 618.")},
        widget=forms.TextInput(attrs=DIGITS_HINT),
    )

    def __init__(
        self,
        *args: Any,
        player: TournamentPlayer,
        club_number: str = "",
        closed: bool = False,
        **kwargs: Any,
    ) -> None:
        """``player``: the entry edited (its stored details are the initial values);
        ``club_number``: the tournament's club, given as the example of the club field;
        ``closed``: the tournament is closed (only the federation files' details change)."""
        kwargs.setdefault(
            "initial",
            {
                name: normal_entry_value(name, getattr(player, name))
                if name in ("sex", "birth_date", "title", "federation")
                else getattr(player, name)
                for name in ENTRY_FIELDS
            },
        )
        super().__init__(*args, **kwargs)
        self.player = player
        del self.fields["entry_round"]
        self.fields = {name: self.fields[name] for name in ENTRY_FIELDS}
        for name, field in self.fields.items():
            field.show_hidden_initial = True
            if isinstance(field, forms.ChoiceField):
                stored = self.initial.get(name) or ""
                # The getter gives the normalised (value, label) pairs.
                choices: Iterable[tuple[Any, Any]] = field.choices  # type: ignore[assignment]
                if stored not in dict(choices):
                    field.choices = [*choices, (stored, stored)]
        if club_number:
            self.fields["club"].help_text = _(
                "The club's federation number, e.g. %(number)s (the FRBE file's club column)."
            ) % {"number": club_number}
        stored_birth = str(self.initial.get("birth_date") or "")
        if stored_birth and parse_birth_date(stored_birth) is None:
            # Not a full date: a date input would show it empty and post it cleared.
            self.fields["birth_date"].widget = forms.TextInput()
        #: The details a closed tournament no longer changes (shown disabled).
        self.locked: tuple[str, ...] = (
            tuple(name for name in ENTRY_FIELDS if name not in CLOSED_CORRECTABLE_FIELDS)
            if closed
            else ()
        )
        for name in self.locked:
            # Not the field's own ``disabled``: that would drop a value posted anyway
            # silently, where a change of these details is refused with the reason.
            field = self.fields[name]
            described_by = "closed-note"  # the page's note on what a closed tournament takes
            if field.help_text and self[name].auto_id:
                described_by = f"{self[name].auto_id}_helptext {described_by}"
            field.widget.attrs.update({"disabled": "disabled", "aria-describedby": described_by})
        if self.is_bound and self.locked:
            # A disabled input is not posted: read it as the stored value (unchanged). A
            # checkbox is not posted when unticked either: only a page shown with it disabled
            # (LOCKED_MARK) leaves it out for that reason; a page loaded while the tournament
            # was open posts its unticking, refused as a change.
            assert isinstance(self.data, dict)  # a request's QueryDict, or a dict
            self.data = self.data.copy()
            shown_locked = self.add_prefix(LOCKED_MARK) in self.data
            for name in self.locked:
                key = self.add_prefix(name)
                if key in self.data:
                    continue
                value = self.initial.get(name)
                if name != "fictitious_rating":
                    self.data[key] = "" if value is None else str(value)
                elif value and shown_locked:
                    self.data[key] = "on"

    def clean_birth_date(self) -> str:  # type: ignore[override]
        """Empty, or a full date (``YYYY-MM-DD``) between 1900 and today, as ISO text."""
        text = str(self.cleaned_data.get("birth_date") or "").strip()
        if not text:
            return ""
        day = parse_birth_date(text)
        if day is None:
            raise forms.ValidationError(forms.DateField.default_error_messages["invalid"])
        if not datetime.date(1900, 1, 1) <= day <= datetime.date.today():
            raise forms.ValidationError(_("The birth date is not a plausible date."))
        return day.isoformat()

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if (
            data.get("fictitious_rating")
            and data.get("rating") is None
            and "rating" not in self.errors
        ):
            self.add_error("fictitious_rating", _("A fictitious rating needs a rating."))
        return data

    def full_clean(self) -> None:
        """The form's rules, then the stored values posted back unchanged are accepted as
        they are (see the class)."""
        super().full_clean()
        errors: ErrorDict | None = self._errors  # type: ignore[attr-defined]  # not in the stubs
        if not self.is_bound or errors is None:
            return
        for name in list(errors):
            if name in self.fields and not self._changed(name):
                del errors[name]
                self.cleaned_data[name] = self.initial.get(name)

    def _posted(self, name: str) -> bool:
        return self.add_prefix(name) in self.data or self.add_initial_prefix(name) in self.data

    def _changed(self, name: str) -> bool:
        """Whether the posted value differs from the stored one (the form's initial)."""
        if not self._posted(name):
            return False
        posted = self[name].data
        return normal_entry_value(name, posted) != normal_entry_value(name, self.initial.get(name))

    def seen(self, name: str) -> object:
        """The value of detail ``name`` when the page was loaded (its hidden initial value;
        the stored value when it was not posted)."""
        key = self.add_initial_prefix(name)
        if self.is_bound and key in self.data:
            return normal_entry_value(name, self.data[key])
        return normal_entry_value(name, self.initial.get(name))

    def changes(self) -> dict[str, object]:
        """The details the user changed (name → new value), after ``is_valid()``: those
        posted whose value is not the one seen. A detail not posted at all (an older page, a
        script) is not changed."""
        return {
            name: self.cleaned_data[name]
            for name in self.fields
            if self._posted(name)
            and normal_entry_value(name, self.cleaned_data[name]) != self.seen(name)
        }

    def seen_values(self) -> dict[str, object]:
        """What the page showed of each detail (name → value), for the stale-form check."""
        return {name: self.seen(name) for name in self.fields}

    def locked_changes(self) -> list[str]:
        """The details of :attr:`locked` (a closed tournament's) posted with a value other
        than the stored one, in the form's order; valid or not."""
        return [name for name in self.locked if self._changed(name)]


class RosterForm(forms.Form):
    """A player of the club's roster: the roster gives the name, IDs, federation, birth date
    and Elo; the title (the roster has none) and another rating may be given here."""

    roster_player = forms.TypedChoiceField(label=_("Club player"), coerce=int)
    title = _title_field()
    rating = forms.IntegerField(
        label=_("Rating"),
        required=False,
        min_value=0,
        max_value=4000,
        help_text=_("Empty: the player's club Elo of the tournament's time control."),
    )
    entry_round = forms.IntegerField(
        label=_("Plays from round"), min_value=1, max_value=MAX_ROUNDS, initial=1
    )

    def __init__(self, *args: Any, choices: list[tuple[int, str]], **kwargs: Any) -> None:
        # Its own ids: the hand-registration form on the same page has rating/title fields too.
        kwargs.setdefault("auto_id", "roster_%s")
        super().__init__(*args, **kwargs)
        field = self.fields["roster_player"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = choices


class RoundDateForm(forms.Form):
    """The date a round is played (FRBE export: every round needs one) and the time of day it
    starts (local time, optional: for rapid and blitz events, several rounds a day). The
    tournament's dates bound the date: ``services.set_round_date`` and
    ``services.pair_next_round`` refuse one outside them (400)."""

    date = forms.DateField(
        label=_("Round date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("Needed by the FRBE export."),
    )
    time = forms.TimeField(
        label=_("Time"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        help_text=_("When the round starts (optional)."),
    )

    def clean_date(self) -> datetime.date | None:
        value: datetime.date | None = self.cleaned_data.get("date")
        if value is not None and not datetime.date(1900, 1, 1) <= value <= datetime.date(
            2200, 12, 31
        ):
            raise forms.ValidationError(_("The date is not a plausible date."))
        return value


class _PlayerChoice(forms.Form):
    def __init__(self, *args: Any, players: list[TournamentPlayer], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(p.pk, f"{p.pairing_number}. {p.name}") for p in players]
        for name in self.player_fields:
            self.fields[name] = forms.TypedChoiceField(
                label=self.player_labels.get(name, _("Player")), choices=choices, coerce=int
            )

    player_fields: ClassVar[tuple[str, ...]] = ("player",)
    player_labels: ClassVar[dict[str, Any]] = {}


class ByeForm(_PlayerChoice):
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=MAX_ROUNDS)
    kind = forms.ChoiceField(
        label=_("Bye"), choices=[("H", _("Half-point bye")), ("Z", _("Zero-point bye"))]
    )


class RoundForm(_PlayerChoice):
    """A player and a round: absence, withdrawal."""

    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=MAX_ROUNDS)


class ForbiddenForm(_PlayerChoice):
    player_fields: ClassVar[tuple[str, ...]] = ("first", "second")
    player_labels: ClassVar[dict[str, Any]] = {"first": _("Player"), "second": _("Player")}
    reason = forms.CharField(label=_("Reason"), required=False, max_length=100)


class SwapForm(_PlayerChoice):
    player_fields: ClassVar[tuple[str, ...]] = ("first", "second")
    player_labels: ClassVar[dict[str, Any]] = {"first": _("Player"), "second": _("with")}


class AddBoardForm(_PlayerChoice):
    player_fields: ClassVar[tuple[str, ...]] = ("white", "black")
    player_labels: ClassVar[dict[str, Any]] = {"white": _("White"), "black": _("Black")}
