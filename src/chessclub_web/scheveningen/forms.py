"""The Scheveningen match's set-up form (K40): the teams' names, each team's players in board
order, single or double, the primary score. The form only reads the fields; the rules of the
line-ups are the services' (:func:`services.check_lineups`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from chessclub_web.scheveningen.models import MAX_BOARDS, Primary, Team

BOARDS = range(1, MAX_BOARDS + 1)


def seat_field(team: str, board: int) -> str:
    """The form's field of team ``team``'s board ``board``: ``a1`` … ``b8``."""
    return f"{team.lower()}{board}"


class SetupForm(forms.Form):
    team_a = forms.CharField(label=_("Team A"), max_length=100)
    team_b = forms.CharField(label=_("Team B"), max_length=100)
    double = forms.BooleanField(
        label=_("Double Scheveningen (a second cycle with the colours reversed)"), required=False
    )
    primary = forms.ChoiceField(label=_("Primary score"), choices=Primary.choices)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "–"), *[(str(pk), name) for pk, name in players]]
        for team in (Team.A, Team.B):
            for board in BOARDS:
                self.fields[seat_field(team, board)] = forms.TypedChoiceField(
                    label=f"{team}{board}",
                    choices=choices,
                    coerce=int,
                    empty_value=None,
                    required=False,
                )

    def seats(self, team: str) -> list[int | None]:
        """Team ``team``'s chosen players, board 1 first (``None``: no one chosen)."""
        values = [self.cleaned_data.get(seat_field(team, board)) for board in BOARDS]
        while values and values[-1] is None:
            values.pop()
        return values

    def team_fields(self, team: str) -> list[Any]:
        return [self[seat_field(team, board)] for board in BOARDS]
