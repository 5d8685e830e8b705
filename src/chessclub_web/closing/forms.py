"""Forms of the closing app: closing (C1), early end (C2), roster players (E1)."""

from __future__ import annotations

from typing import ClassVar

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext_lazy as _

from chessclub_web.clubs.models import Player

#: Highest initial Elo accepted on the roster (no rating list goes beyond it).
MAX_INITIAL_ELO = 3500


class CloseForm(forms.Form):
    """C1: the *Date de fin* (default today) and the confirmation."""

    end_date = forms.DateField(label=_("End date"), widget=forms.DateInput(attrs={"type": "date"}))
    confirm = forms.BooleanField(
        label=_("I confirm: a closed tournament can never be reopened."), required=True
    )


class EarlyEndForm(forms.Form):
    """C2: *Terminer après la ronde* N, confirmed."""

    after_round = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    confirm_end = forms.BooleanField(label=_("I confirm the effects listed above."), required=True)


class PlayerForm(forms.ModelForm):
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
            "birth_date": forms.DateInput(attrs={"type": "date"})
        }

    def __init__(self, *args: object, club: object = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if club is not None:
            self.instance.club = club
        for name in ("initial_elo_standard", "initial_elo_rapid", "initial_elo_blitz"):
            field = self.fields[name]
            field.widget.attrs["max"] = MAX_INITIAL_ELO
            field.validators.append(MaxValueValidator(MAX_INITIAL_ELO))
