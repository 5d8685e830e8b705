"""Errors of club and membership changes (importable before Django is set up)."""

from __future__ import annotations

from django.utils.translation import gettext as _


class ClubError(ValueError):
    """A club or membership change that cannot be made (the message says why)."""


class ClubNumberTakenError(ClubError):
    """Another club already has this federation number."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__(
            _("A club with federation number %(number)s already exists.") % {"number": number}
        )


class LastOwnerError(ClubError):
    """The change would leave the club without an owner."""

    def __init__(self) -> None:
        super().__init__(_("A club keeps at least one owner: name another owner first."))
