from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from chessclub_web.clubs import services
from chessclub_web.clubs.models import Club, Role


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=services.NAME_MAX_LENGTH)
    number = forms.CharField(
        label=_("Federation number"),
        max_length=16,
        help_text=_("The club's number at its federation, e.g. 618."),
    )
    public = forms.BooleanField(
        label=_("Public club"),
        required=False,
        initial=True,
        help_text=_("A public club's tournaments and standings can be seen without logging in."),
    )

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        problem = services.name_problem(name)
        if problem:
            raise forms.ValidationError(problem)
        return name

    def clean_number(self) -> str:
        number: str = self.cleaned_data["number"].strip()
        problem = services.number_problem(number)
        if problem:
            raise forms.ValidationError(problem)
        if Club.objects.filter(number__iexact=number).exists():
            raise forms.ValidationError(
                _("A club with federation number %(number)s already exists."),
                params={"number": number},
            )
        return number


class AddMemberForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.ARBITER)

    def clean_username(self) -> str:
        username: str = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise forms.ValidationError(
                _("No user is called %(username)s."), params={"username": username}
            )
        self.user = user
        return username


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)
