from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import Kind, TimeControlCategory

MAX_FILE_SIZE = 2 * 1024 * 1024


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

    def clean_file(self):  # type: ignore[no-untyped-def]
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_SIZE:
            raise forms.ValidationError(_("The file is too large (2 MB at most)."))
        return upload
