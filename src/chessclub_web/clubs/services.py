"""Actions on clubs and their members: each runs in one transaction; the caller checks the
permissions (``permissions.py``) before calling them."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from chessclub_web.clubs.errors import ClubError, ClubNumberTakenError, LastOwnerError
from chessclub_web.clubs.models import Club, Membership, Role

__all__ = [
    "ClubError",
    "ClubNumberTakenError",
    "LastOwnerError",
    "add_member",
    "change_role",
    "create_club",
    "name_problem",
    "number_problem",
    "remove_member",
]

#: A federation number: letters, digits and hyphens (``618``, ``B-1234``). ``new`` is the
#: address of the "create a club" page, so no club may take it.
NUMBER_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,15}")
RESERVED_NUMBERS = frozenset({"new"})


def number_problem(number: str) -> str | None:
    """Why ``number`` cannot be a federation number, or ``None`` if it can."""
    if not NUMBER_PATTERN.fullmatch(number) or number.lower() in RESERVED_NUMBERS:
        return _(
            "A federation number is made of letters, digits and hyphens "
            "(16 characters at most), e.g. 618."
        )
    return None


#: Longest club name (the column's width; the web form's limit).
NAME_MAX_LENGTH = 200


def name_problem(name: str) -> str | None:
    """Why ``name`` (already stripped) cannot be a club's name, or ``None`` if it can: empty,
    longer than :data:`NAME_MAX_LENGTH` characters, or holding a control character (a line
    break, a tab, NUL…). The web form and the command line share this rule."""
    if not name:
        return _("A club needs a name.")
    if len(name) > NAME_MAX_LENGTH:
        return _("A club's name has %(max)s characters at most (this one has %(length)s).") % {
            "max": NAME_MAX_LENGTH,
            "length": len(name),
        }
    if any(unicodedata.category(char) == "Cc" for char in name):
        return _("A club's name cannot hold control characters (line breaks, tabs…).")
    return None


@transaction.atomic
def create_club(number: str, name: str, *, public: bool = True, owner: Any = None) -> Club:
    """Create the club and, if ``owner`` is a user, make them its owner.

    Raises :class:`ClubNumberTakenError` if the number is taken (in any case: ``abc`` and
    ``ABC`` are one number) and :class:`ClubError` for a malformed number or name
    (:func:`number_problem`, :func:`name_problem`: the web form's rules).
    """
    number = number.strip()
    name = name.strip()
    problem = number_problem(number)
    if problem:
        raise ClubError(problem)
    problem = name_problem(name)
    if problem:
        raise ClubError(problem)
    if Club.objects.filter(number__iexact=number).exists():
        raise ClubNumberTakenError(number)
    try:
        with transaction.atomic():
            club = Club.objects.create(number=number, name=name, public=public)
    except IntegrityError as exc:  # taken meanwhile by a concurrent request
        raise ClubNumberTakenError(number) from exc
    if owner is not None:
        Membership.objects.create(user=owner, club=club, role=Role.OWNER)
    return club


def _lock_owners(club: Club) -> list[Membership]:
    """The club's owner memberships, locked until the end of the transaction (two owners
    demoting each other at the same time cannot leave the club without one)."""
    return list(
        Membership.objects.select_for_update().filter(club=club, role=Role.OWNER).order_by("pk")
    )


@transaction.atomic
def add_member(club: Club, user: Any, role: str) -> Membership:
    """Give ``user`` the ``role`` in ``club``; raises :class:`ClubError` if already a member."""
    role = Role(role)
    if Membership.objects.filter(club=club, user=user).exists():
        raise ClubError(
            _("%(username)s is already a member of this club.") % {"username": user.get_username()}
        )
    try:
        with transaction.atomic():
            return Membership.objects.create(club=club, user=user, role=role)
    except IntegrityError as exc:
        raise ClubError(
            _("%(username)s is already a member of this club.") % {"username": user.get_username()}
        ) from exc


@transaction.atomic
def change_role(membership: Membership, role: str) -> Membership:
    """Change a member's role; never demotes the club's last owner (:class:`LastOwnerError`)."""
    role = Role(role)
    owners = _lock_owners(membership.club)
    membership.refresh_from_db()
    if membership.role == Role.OWNER and role != Role.OWNER and len(owners) <= 1:
        raise LastOwnerError
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def remove_member(membership: Membership) -> None:
    """Remove a member; never the club's last owner (:class:`LastOwnerError`)."""
    owners = _lock_owners(membership.club)
    membership.refresh_from_db()
    if membership.role == Role.OWNER and len(owners) <= 1:
        raise LastOwnerError
    membership.delete()
