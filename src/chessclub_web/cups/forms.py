"""The cup's settings form (K31): the match format (a preset or the stages, one row each, no
JavaScript), the seeding, the seed of the lots, the colours."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from chessclub.club_systems.knockout import Stage
from chessclub_web.cups.models import CupSettings
from chessclub_web.cups.services import MAX_GAMES, MAX_STAGES, chain_of

KIND_CHOICES = (
    ("", "–"),
    ("games", _("Games")),
    ("armageddon", _("Armageddon")),
    ("lot", _("Lot")),
)


class SettingsForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = CupSettings
        fields = ("preset", "seeding", "seed", "first_colour", "armageddon_white")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["preset"].help_text = _(
            "A preset sets the stages below (and, where its rules say so, White in Armageddon); "
            "choose Custom to use your own stages."
        )
        self.fields["seed"].widget.attrs.update({"min": 1, "inputmode": "numeric"})
        chain = chain_of(self.instance)
        for index in range(MAX_STAGES):
            stage = chain[index] if index < len(chain) else None
            self.fields[f"stage{index}_kind"] = forms.ChoiceField(
                label=_("Stage %(n)s") % {"n": index + 1},
                choices=KIND_CHOICES,
                required=False,
                initial=stage.kind if stage else "",
            )
            self.fields[f"stage{index}_games"] = forms.IntegerField(
                label=_("games"),
                min_value=1,
                max_value=MAX_GAMES,
                required=False,
                initial=stage.games if stage else 1,
            )
            self.fields[f"stage{index}_repeat"] = forms.BooleanField(
                label=_("sudden death (repeated until decided)"),
                required=False,
                initial=stage.repeat if stage else False,
            )
            self.fields[f"stage{index}_first_to"] = forms.CharField(
                label=_("first to (points)"),
                max_length=8,
                required=False,
                initial=str(stage.first_to) if stage and stage.first_to else "",
                widget=forms.TextInput(attrs={"inputmode": "decimal", "size": 4}),
            )
            self.fields[f"stage{index}_time_control"] = forms.CharField(
                label=_("time control"),
                max_length=40,
                required=False,
                initial=stage.time_control if stage else "",
            )

    def stage_rows(self) -> list[list[forms.BoundField]]:
        names = ("kind", "games", "repeat", "first_to", "time_control")
        return [[self[f"stage{i}_{n}"] for n in names] for i in range(MAX_STAGES)]

    def main_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.Meta.fields]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        stages: list[Stage] = []
        for index in range(MAX_STAGES):
            kind = data.get(f"stage{index}_kind") or ""
            if not kind:
                continue
            text = (data.get(f"stage{index}_first_to") or "").strip().replace(",", ".")
            first_to = None
            if text:
                try:
                    first_to = Fraction(text)
                except (ValueError, ZeroDivisionError):
                    self.add_error(
                        f"stage{index}_first_to",
                        _("“%(value)s” is not a number of points (write 2.5 or 5/2).")
                        % {"value": text[:8]},
                    )
                    continue
            stages.append(
                Stage(
                    kind=kind,
                    games=data.get(f"stage{index}_games") or 1,
                    repeat=bool(data.get(f"stage{index}_repeat")),
                    first_to=first_to,
                    time_control=data.get(f"stage{index}_time_control") or "",
                )
            )
        data["stages"] = stages
        return data
