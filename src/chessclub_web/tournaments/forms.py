from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import (
    TIEBREAKS_MAX_LENGTH,
    Kind,
    TiebreakRules,
    TimeControlCategory,
)
from chessclub_web.tournaments.tiebreak_codes import clean_tiebreaks
from chessclub_web.uploads import MAX_UPLOAD_SIZE

TOO_LARGE = _("The file is too large: %(size)s MB at most.")


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

    def __init__(self, *args, oversized: bool = False, **kwargs):  # type: ignore[no-untyped-def]
        """``oversized``: the upload handler dropped the file for being too large."""
        super().__init__(*args, **kwargs)
        if oversized:
            self.fields["file"].error_messages["required"] = TOO_LARGE % {
                "size": MAX_UPLOAD_SIZE // (1024 * 1024)
            }

    def clean_file(self):  # type: ignore[no-untyped-def]
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_SIZE:
            raise forms.ValidationError(
                TOO_LARGE, params={"size": MAX_UPLOAD_SIZE // (1024 * 1024)}
            )
        return upload


class SettingsForm(forms.Form):
    """A tournament's *Paramètres*: tiebreaks in order, rule era, drawing of lots."""

    tiebreaks = forms.CharField(
        label=_("Tiebreaks, in order"),
        required=False,
        max_length=TIEBREAKS_MAX_LENGTH,
        help_text=_(
            "FIDE C.07 codes separated by commas or spaces, e.g. BH/C1, BH, SB, DE, WIN. "
            "Leave empty for the defaults of the tournament's system (%(defaults)s)."
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

    def __init__(self, *args, defaults: str = "", era_from_date: str = "", **kwargs):  # type: ignore[no-untyped-def]
        """``defaults``: the system's default codes; ``era_from_date``: the start date's era."""
        super().__init__(*args, **kwargs)
        field = self.fields["tiebreaks"]
        field.help_text = field.help_text % {"defaults": defaults}
        field.widget.attrs.update({"autocomplete": "off", "spellcheck": "false"})
        rules = self.fields["tiebreak_rules"]
        rules.choices = [
            (
                value,
                _("Follow the start date (now: %(year)s)") % {"year": era_from_date}
                if value == ""
                else label,
            )
            for value, label in TiebreakRules.choices
        ]

    def clean_tiebreaks(self) -> str:
        """Every code checked with the core's parser; errors name each bad code. Returns the
        canonical text to store (``""`` for the defaults). The model's ``clean()`` (the admin)
        shares the rule: :func:`~chessclub_web.tournaments.tiebreak_codes.clean_tiebreaks`."""
        return clean_tiebreaks(self.cleaned_data["tiebreaks"])
