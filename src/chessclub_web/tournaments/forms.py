from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from chessclub.tiebreaks import (
    ALIASES,
    CATALOGUE,
    TiebreakCodeError,
    TiebreakSpec,
    parse_tiebreak,
)
from chessclub_web.tournaments.adapters import canonical_code, tiebreaks_text
from chessclub_web.tournaments.models import (
    TIEBREAKS_MAX_LENGTH,
    Kind,
    TiebreakRules,
    TimeControlCategory,
)
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


def _bad_code(item: str) -> forms.ValidationError:
    """Why ``item`` is no tiebreak descriptor, translated, naming it."""
    head = item.strip().upper().split("/")[0]
    if "-" in head and "/" not in item:
        head = head.split("-")[0]
    name = head.partition(":")[0]
    if ALIASES.get(name, name) not in CATALOGUE:
        return forms.ValidationError(
            _("“%(code)s” is not a tiebreak code of the catalogue."),
            code="unknown_tiebreak",
            params={"code": item},
        )
    return forms.ValidationError(
        _("“%(code)s”: %(name)s does not take this modifier (it takes: %(modifiers)s)."),
        code="bad_modifier",
        params={
            "code": item,
            "name": CATALOGUE[ALIASES.get(name, name)].code,
            "modifiers": ", ".join(
                f"/{m}" for m in sorted(CATALOGUE[ALIASES.get(name, name)].modifiers)
            )
            or _("none"),
        },
    )


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
        canonical text to store (``""`` for the defaults)."""
        text = self.cleaned_data["tiebreaks"]
        items = [item for item in re.split(r"[,;\s]+", text) if item]
        errors: list[forms.ValidationError] = []
        specs: list[TiebreakSpec] = []
        seen: set[str] = set()
        for item in items:
            try:
                spec = parse_tiebreak(item)
            except TiebreakCodeError:
                errors.append(_bad_code(item))
                continue
            code = canonical_code(spec)
            if spec.info.team:
                errors.append(
                    forms.ValidationError(
                        _("“%(code)s” is a team tiebreak: not for an individual tournament."),
                        code="team_tiebreak",
                        params={"code": code},
                    )
                )
                continue
            if code in seen:
                errors.append(
                    forms.ValidationError(
                        _("“%(code)s” is listed twice."),
                        code="duplicate_tiebreak",
                        params={"code": code},
                    )
                )
            seen.add(code)
            specs.append(spec)
        if errors:
            raise forms.ValidationError(errors)
        return tiebreaks_text(specs)
