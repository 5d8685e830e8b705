from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import Kind, TimeControlCategory
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
