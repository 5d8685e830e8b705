"""The Keizer parameters' form (every parameter of the spec's table §1.2, K21)."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _

from chessclub_web.keizer.models import KeizerSettings, PairBy
from chessclub_web.keizer.services import SHARES, KeizerBadInput, parse_share


class SettingsForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = KeizerSettings
        fields = (
            "preset",
            "top_value",
            "step",
            "count_own_value",
            *SHARES,
            "excused_limit",
            "start",
            "rematch_gap",
            "pair_by",
        )
        widgets: ClassVar[dict[str, Any]] = {
            name: forms.TextInput(attrs={"inputmode": "decimal", "size": 5}) for name in SHARES
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["top_value"].help_text = _("Empty: twice the number of players.")
        self.fields["rematch_gap"].help_text = _("Empty: never the same pairing again.")
        self.fields["preset"].help_text = _(
            "A preset sets every parameter below; choose Custom to use your own values."
        )
        for name in ("top_value", "step"):
            self.fields[name].widget.attrs["min"] = 1
        # K29: not sent by an older form: the Keizer ranking, as before.
        self.fields["pair_by"].required = False
        self.fields["pair_by"].help_text = _(
            "Westergoo: the ranking stays the Keizer one, but players are paired by rating."
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name in ("top_value", "step"):
            if data.get(name) is not None and data[name] < 1:
                self.add_error(name, _("At least 1."))
        if not data.get("pair_by"):
            data["pair_by"] = PairBy.RANKING
        for name in SHARES:
            if name in data:
                try:
                    data[name] = str(parse_share(name, str(data[name])))
                except KeizerBadInput as error:
                    self.add_error(name, str(error))
        return data
