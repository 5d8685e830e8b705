"""The *Mon compte* page's form: a new personal API token (:class:`TokenForm`).

The form checks the shape of the input (a name, one of the account's clubs, known scopes, a
future date); the rules on the scopes a role may give a token are
:func:`~chessclub_web.accounts.services.create_token`'s (``members_only``).
"""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from chessclub_web.accounts.models import Scope
from chessclub_web.clubs.models import Club


class TokenForm(forms.Form):
    """``name`` (1–100 characters), ``club`` (a club where ``user`` has a role), ``scopes``
    (:class:`~.models.Scope` values, none required), ``expires`` (optional, after today).

    :meth:`expires_at` gives the expiry as the service takes it: midnight at the start of the
    chosen day, in the site's time zone (the token works until the day before, included)."""

    name = forms.CharField(
        label=_("Name"),
        max_length=100,
        help_text=_("What the token is for, e.g. “results from the tournament hall”."),
    )
    club = forms.ModelChoiceField(
        label=_("Club"),
        queryset=Club.objects.none(),
        empty_label=None,
        error_messages={"invalid_choice": _("Choose one of the clubs where you have a role.")},
    )
    scopes = forms.MultipleChoiceField(
        label=_("Actions"),
        choices=Scope.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_(
            "Without any action, the token only reads what your account reads in the club."
        ),
    )
    expires = forms.DateField(
        label=_("Expires on"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("Optional. The token stops working at the start of that day."),
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["club"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Club.objects.filter(memberships__user=user).order_by("name")

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Give the token a name."))
        return name

    def clean_expires(self) -> datetime.date | None:
        day: datetime.date | None = self.cleaned_data.get("expires")
        if day is not None and day <= timezone.localdate():
            raise forms.ValidationError(
                _("The expiry date must be after today (%(today)s)."),
                params={"today": timezone.localdate().isoformat()},
            )
        return day

    def expires_at(self) -> datetime.datetime | None:
        """The chosen day's midnight (aware, site's time zone), ``None`` for no expiry."""
        day = self.cleaned_data.get("expires")
        if day is None:
            return None
        return timezone.make_aware(datetime.datetime.combine(day, datetime.time.min))
