"""Forms of the FSE list forecast page."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from chessclub.ratings.fse import RULE_SETS, parse_time_control
from chessclub.ratings.fse.listfile import MAX_POINTS
from chessclub_web.fse.models import TournamentFseOptions

TOO_LARGE = _("The file is too large: %(size)s MB at most.")


def rule_choices() -> list[tuple[str, str]]:
    """The rule sets (W9), by key: ``1998`` and ``current``."""
    labels = {"1998": _("1998 regulation"), "current": _("current parameters (2025)")}
    return [(key, str(labels.get(key, key))) for key in RULE_SETS]


class PeriodForm(forms.Form):
    """What the forecast is computed under (GET): the rule set and the period's closing date."""

    rules = forms.ChoiceField(label=_("Rule set"), required=False)
    date = forms.DateField(
        label=_("Closing date of the period"),
        required=False,
        help_text=_("Empty: the date of the latest closed tournament."),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    time_control = forms.CharField(
        label=_("Time control of tournaments that state none"),
        required=False,
        max_length=100,
        help_text=_("For example 90 min + 30 s (W4: 2.5 minutes a move up to move 36, 4 hours)."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["rules"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = rule_choices()

    def clean_time_control(self) -> str:
        text = str(self.cleaned_data.get("time_control") or "").strip()
        if text and parse_time_control(text) is None:
            raise forms.ValidationError(
                _("Time control %(text)s not understood."), params={"text": text}
            )
        return text


class TournamentOptionsForm(forms.ModelForm):  # type: ignore[type-arg]  # generic in the stubs only
    """A closed tournament's FSE options (W4, W5): time control, national championship."""

    class Meta:
        model = TournamentFseOptions
        fields = ("time_control", "national_championship", "unrated_value")

    def clean_time_control(self) -> str:
        text = str(self.cleaned_data.get("time_control") or "").strip()
        if text and parse_time_control(text) is None:
            raise forms.ValidationError(
                _("Time control %(text)s not understood."), params={"text": text}
            )
        return text

    def clean_unrated_value(self) -> int | None:
        value = self.cleaned_data.get("unrated_value")
        if value is not None and not 0 <= value <= MAX_POINTS:
            raise forms.ValidationError(
                _("A list value is a whole number from 0 to %(max)s."), params={"max": MAX_POINTS}
            )
        return value

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("unrated_value") is not None and not data.get("national_championship"):
            self.add_error(
                "unrated_value",
                _("Only national championships value unrated players (W4)."),
            )
        return data
