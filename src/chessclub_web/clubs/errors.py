"""Errors of club and membership changes (importable before Django is set up)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from chessclub_web import refusals


class ClubError(refusals.BadInput, ValueError):
    """A club or membership change that cannot be made (the message says why)."""


class ClubNumberTakenError(ClubError):
    status = 409

    """Another club already has this federation number."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__(
            _("A club with federation number %(number)s already exists.") % {"number": number}
        )


class LastOwnerError(ClubError):
    status = 409

    """The change would leave the club without an owner."""

    def __init__(self) -> None:
        super().__init__(_("A club keeps at least one owner: name another owner first."))
