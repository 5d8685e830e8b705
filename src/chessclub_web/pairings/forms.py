"""Forms of the entries and pairing pages (issue 4)."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import MAX_ROUNDS, System, Tournament, TournamentPlayer

#: Systems a tournament created in chessclub may have (team events are the teams app's).
NEW_SYSTEMS = [
    (System.SWISS, System.SWISS.label),
    (System.ROUND_ROBIN, System.ROUND_ROBIN.label),
    (System.DOUBLE_ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN.label),
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
            "city",
            "chief_arbiter",
            "acceleration",
            "initial_colour",
            "max_requested_byes",
            "missed_round_points",
        )
        widgets: ClassVar[dict[str, Any]] = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"] = forms.ChoiceField(
            label=_("System"), choices=NEW_SYSTEMS, initial=System.SWISS
        )
        self.fields["planned_rounds"].required = False
        self.fields["planned_rounds"].help_text = _(
            "Swiss: the number of rounds. Round robin: leave empty, the Berger table decides."
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The end date is before the start date."))
        rounds = data.get("planned_rounds") or 0
        if data.get("system") == System.SWISS and not 1 <= rounds <= MAX_ROUNDS:
            self.add_error(
                "planned_rounds",
                _("A Swiss tournament plans 1 to %(max)s rounds.") % {"max": MAX_ROUNDS},
            )
        data["planned_rounds"] = rounds
        return data


class PairingRulesForm(forms.ModelForm):  # type: ignore[type-arg]
    """The tournament's pairing rules, on the entries tab."""

    class Meta:
        model = Tournament
        fields = (
            "planned_rounds",
            "acceleration",
            "initial_colour",
            "max_requested_byes",
            "missed_round_points",
        )


class PlayerForm(forms.Form):
    """A player registered by hand."""

    name = forms.CharField(label=_("Name (surname, first name)"), max_length=200)
    rating = forms.IntegerField(label=_("Rating"), required=False, min_value=0, max_value=4000)
    title = forms.CharField(label=_("Title"), required=False, max_length=4)
    federation = forms.CharField(label=_("Federation"), required=False, max_length=3)
    fide_id = forms.CharField(label=_("FIDE ID"), required=False, max_length=16)
    entry_round = forms.IntegerField(
        label=_("Plays from round"), min_value=1, max_value=MAX_ROUNDS, initial=1
    )


class RosterForm(forms.Form):
    """A player of the club's roster."""

    roster_player = forms.TypedChoiceField(label=_("Club player"), coerce=int)
    entry_round = forms.IntegerField(
        label=_("Plays from round"), min_value=1, max_value=MAX_ROUNDS, initial=1
    )

    def __init__(self, *args: Any, choices: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["roster_player"].choices = choices


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
