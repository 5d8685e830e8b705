"""Who may do what in a club: one table, checked on the server for every request.

A club's visitors are either members (with one :class:`~chessclub_web.clubs.models.Role`) or
outsiders. A **public** club shows its tournaments to everyone, logged in or not; a **private**
club shows nothing to outsiders (its pages answer 404, as if it did not exist). Every other action
needs a role whose row in :data:`PERMISSIONS` lists it. Superusers (site staff) may do everything.
Creating a new club and managing the site's federation lists are not actions inside a club: they
are :class:`SiteAction` values, checked by :func:`site_allowed`.

The creator of an **independent** tournament has the rights of :data:`CREATOR_ACTIONS` on it,
whatever their role in its club (spec: "its creator has owner rights on it"): the tournament's
side of the table is :mod:`chessclub_web.tournaments.permissions` (``allowed_on``,
``tournament_view``), which builds on this module.

Club pages use the decorator :func:`club_view`. They answer 404 / login redirect / 403 as
appropriate: every request is checked on the server, links hidden in the pages are only a
convenience.

The table is shown in the documentation: ``docs/permissions.md`` is the output of
:func:`permissions_markdown` (regenerate it with
``.venv/bin/chessclub manage shell --no-imports -c "from chessclub_web.clubs.permissions import
permissions_markdown as m; print(m(), end='')" > docs/permissions.md``);
a test checks that the two agree.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Mapping

from django.contrib.auth import models as auth_models
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import CharField, OuterRef, Q, QuerySet, Subquery, Value
from django.http import Http404, HttpRequest, HttpResponseBase, HttpResponsePermanentRedirect
from django.urls import reverse

from chessclub_web.clubs.models import Club, Membership, Role


class Action(enum.StrEnum):
    """What a user may want to do in a club."""

    VIEW_PRIVATE_CLUB = "view_private_club"  # see a private club's pages (public: everyone)
    IMPORT_TOURNAMENT = "import_tournament"  # upload a Belgian results file or a TRF
    ENTER_RESULTS = "enter_results"  # spec R5 (open tournaments)
    CORRECT_RESULTS = "correct_results"  # spec C3 (corrections in a closed tournament)
    CLOSE_TOURNAMENT = "close_tournament"  # spec C1, C2 (closing, early end)
    EDIT_TOURNAMENT_SETTINGS = "edit_tournament_settings"  # Paramètres: tiebreaks, rules, lots
    MANAGE_ENTRIES = "manage_entries"  # registrations, late entries, byes, withdrawals
    EDIT_PAIRINGS = "edit_pairings"  # pair a round (draft), edit it by hand, unpair
    PUBLISH_ROUND = "publish_round"  # make a draft round's pairings visible
    EXPORT_TOURNAMENT = "export_tournament"  # federation files (FRBE, TRF)
    MANAGE_ROSTER = "manage_roster"  # the club's players, initial Elo, federation lists
    MANAGE_MEMBERS = "manage_members"  # give and take roles
    EDIT_CLUB = "edit_club"  # name, number, public flag


#: The permission table: role × action. Nothing outside this table grants a right.
PERMISSIONS: Mapping[Role, frozenset[Action]] = {
    Role.OWNER: frozenset(Action),
    Role.ADMINISTRATOR: frozenset(Action) - {Action.MANAGE_MEMBERS, Action.EDIT_CLUB},
    Role.ARBITER: frozenset(
        {
            Action.VIEW_PRIVATE_CLUB,
            Action.ENTER_RESULTS,
            Action.MANAGE_ENTRIES,
            Action.EDIT_PAIRINGS,
            Action.PUBLISH_ROUND,
            Action.EXPORT_TOURNAMENT,
        }
    ),
}

#: What the creator of an independent tournament may do on it (spec: "its creator has owner
#: rights on it"), whatever their role in the club.
CREATOR_ACTIONS: frozenset[Action] = frozenset(Action) - {
    Action.IMPORT_TOURNAMENT,
    Action.MANAGE_ROSTER,
    Action.MANAGE_MEMBERS,
    Action.EDIT_CLUB,
}

#: What each action covers, for the documentation (English: docs/permissions.md).
DESCRIPTIONS: Mapping[Action, str] = {
    Action.VIEW_PRIVATE_CLUB: "see a private club's pages (a public club's: everyone)",
    Action.IMPORT_TOURNAMENT: "import a Belgian results file or a TRF",
    Action.ENTER_RESULTS: "enter results on a published round, see the history (R1-R5)",
    Action.CORRECT_RESULTS: "correct results of a closed tournament (C3)",
    Action.CLOSE_TOURNAMENT: "close a tournament, end a Swiss early (C1, C2)",
    Action.EDIT_TOURNAMENT_SETTINGS: "change a tournament's settings (tiebreaks, rules, lots)",
    Action.MANAGE_ENTRIES: "registrations, late entries, requested byes, withdrawals",
    Action.EDIT_PAIRINGS: "pair a round, edit draft pairings by hand, see draft rounds",
    Action.PUBLISH_ROUND: "publish a paired round",
    Action.EXPORT_TOURNAMENT: "export federation files (FRBE, TRF)",
    Action.MANAGE_ROSTER: "the club's players and their initial Elo",
    Action.MANAGE_MEMBERS: "give and take roles in the club",
    Action.EDIT_CLUB: "change the club's name, number, public flag",
}

#: A request's user: an account (the site's user model, Django's own) or an anonymous visitor.
User = auth_models.User | auth_models.AnonymousUser


class _Unknown(enum.Enum):
    UNKNOWN = "unknown"


#: ``role=UNKNOWN`` (the default) makes :func:`allowed` look the role up in the database.
UNKNOWN = _Unknown.UNKNOWN

KnownRole = Role | None | _Unknown


def role_of(user: User, club: Club) -> Role | None:
    """The user's role in the club, ``None`` for outsiders and anonymous visitors."""
    if not user.is_authenticated:
        return None
    membership = Membership.objects.filter(user=user, club=club).only("role").order_by().first()
    return Role(membership.role) if membership else None


def role_annotation(user: User, club_ref: str) -> Subquery | Value:
    """An expression for a query's ``annotate()``: the user's role (a ``Role`` value, or
    ``None``) in the club at ``club_ref`` (e.g. ``"tournament__club"``), so that a busy view
    reads the role with its other rows in one query and passes it to :func:`allowed` /
    :func:`allowed_on` / :func:`can_view` as ``role=Role(value) if value else None``."""
    if not user.is_authenticated:
        return Value(None, output_field=CharField())
    return Subquery(
        Membership.objects.filter(user_id=user.pk, club_id=OuterRef(club_ref))
        .order_by()
        .values("role")[:1]
    )


def allowed(user: User, club: Club, action: Action, *, role: KnownRole = UNKNOWN) -> bool:
    """True if ``user`` may do ``action`` in ``club`` (see :data:`PERMISSIONS`).

    ``role``: the user's role in ``club`` when the caller has already read it (with
    :func:`role_annotation`); by default it is looked up."""
    if getattr(user, "is_superuser", False) and user.is_active:
        return True
    if role is UNKNOWN:
        role = role_of(user, club)
    return role is not None and action in PERMISSIONS[role]


def can_view(user: User, club: Club, *, role: KnownRole = UNKNOWN) -> bool:
    """A public club is seen by everyone; a private one by its members only. ``role``: as for
    :func:`allowed`."""
    return club.public or allowed(user, club, Action.VIEW_PRIVATE_CLUB, role=role)


def visible_clubs(user: User) -> QuerySet[Club]:
    """The clubs whose pages ``user`` may see: the public ones and the user's own."""
    clubs = Club.objects.all()
    if getattr(user, "is_superuser", False) and user.is_active:
        return clubs
    if not user.is_authenticated:
        return clubs.filter(public=True)
    own_roles = [
        role for role, actions in PERMISSIONS.items() if Action.VIEW_PRIVATE_CLUB in actions
    ]
    return clubs.filter(
        Q(public=True) | Q(memberships__user=user, memberships__role__in=own_roles)
    ).distinct()


class SiteAction(enum.StrEnum):
    """What a user may want to do on the site as a whole, outside any club."""

    MANAGE_FEDERATION_LISTS = "manage_federation_lists"  # import, replace, roll back a list
    CREATE_CLUB = "create_club"  # become the owner of a new club


#: The site role that staff grant (Django admin, *Groups*, or ``chessclub user
#: federation-data USERNAME``): a **federation data manager** imports, replaces and rolls
#: back the site's federation lists (FRBE ``PLAYER``, the FSE ranking list, the FIDE list).
#: It gives no right inside any club.
FEDERATION_DATA_MANAGERS = "federation data managers"

#: The Django permission (``app_label.codename``) that the group carries.
FEDERATION_LISTS_PERMISSION = "federation.manage_federation_lists"

SITE_DESCRIPTIONS: Mapping[SiteAction, str] = {
    SiteAction.MANAGE_FEDERATION_LISTS: (
        "import, replace or roll back a federation list (FRBE PLAYER, FSE ranking list,"
        " FIDE list); clubs only search them and copy from them"
    ),
    SiteAction.CREATE_CLUB: (
        "create a club and become its owner (any account; staff only when"
        " CHESSCLUB_CLUB_CREATION=staff)"
    ),
}


def _staff(user: User) -> bool:
    return bool(getattr(user, "is_superuser", False) and user.is_active)


def site_allowed(user: User, action: SiteAction) -> bool:
    """True if ``user`` may do the site-level ``action``: site staff (superusers) always; a
    federation data manager (:data:`FEDERATION_DATA_MANAGERS`, holding
    :data:`FEDERATION_LISTS_PERMISSION`) the federation lists; any active account a new club
    unless the setting ``CHESSCLUB_CLUB_CREATION`` is ``"staff"``. Anonymous visitors may do
    neither."""
    if not user.is_authenticated or not user.is_active:
        return False
    if _staff(user):
        return True
    if action is SiteAction.MANAGE_FEDERATION_LISTS:
        return bool(user.has_perm(FEDERATION_LISTS_PERMISSION))
    from django.conf import settings

    return getattr(settings, "CHESSCLUB_CLUB_CREATION", "open") != "staff"


def require_site(request: HttpRequest, action: SiteAction) -> None:
    """Raise :class:`LoginRequired` for an anonymous visitor and ``PermissionDenied`` (403)
    for an account that may not do ``action`` (:func:`site_allowed`)."""
    if site_allowed(request.user, action):
        return
    if not request.user.is_authenticated:
        raise LoginRequired
    from django.utils.translation import gettext as _

    if action is SiteAction.MANAGE_FEDERATION_LISTS:
        raise PermissionDenied(
            _(
                "The federation lists are shared by every club of the site: only the site's "
                "staff and federation data managers (a site role that the staff give) import "
                "them or roll them back. No role in a club gives this right."
            )
        )
    raise PermissionDenied(
        _("On this site, clubs are created by the site's staff: ask them for yours.")
    )


class LoginRequired(Exception):
    """Raised when an anonymous visitor asks for an action that needs an account."""


def plausible_club_number(number: str) -> bool:
    """False for a club number taken from a URL that no club can have: empty, longer than
    ``Club.number`` allows, or holding a control character (a NUL byte, which PostgreSQL
    refuses in any text parameter). Such a number is a 404 without asking the
    database (bad-input rule)."""
    return bool(number) and len(number) <= MAX_CLUB_NUMBER and number.isprintable()


def find_club(number: str) -> Club | None:
    """The club with this federation number in any case (``abc`` finds ``ABC``), or ``None``
    (also for a number :func:`plausible_club_number` rejects)."""
    if not plausible_club_number(number):
        return None
    return Club.objects.filter(number__iexact=number).first()


#: Longer than any club number the database holds (``Club.number``'s max_length).
MAX_CLUB_NUMBER = Club._meta.get_field("number").max_length or 255


def club_for_request(request: HttpRequest, number: str, action: Action | None = None) -> Club:
    """The club with this federation number in any case (``abc`` finds ``ABC``), if the
    request may see it (and do ``action``).

    Raises ``Http404`` when the club does not exist or is hidden from the user,
    :class:`LoginRequired` when an anonymous visitor asks for ``action``, and
    ``PermissionDenied`` (403) when a logged-in user's role does not allow it.
    """
    club = find_club(number)
    if club is None or not can_view(request.user, club):
        raise Http404("No such club")
    if action is not None and not allowed(request.user, club, action):
        if not request.user.is_authenticated:
            raise LoginRequired
        raise PermissionDenied
    return club


def permission_rows() -> list[tuple[Action, dict[str, bool]]]:
    """The table as rows: each action with, per column (the roles, then ``creator``), whether
    it is allowed. Columns: :class:`Role` values in order, then ``"creator"``."""
    return [
        (
            action,
            {
                **{role.value: action in PERMISSIONS[role] for role in Role},
                "creator": action in CREATOR_ACTIONS,
            },
        )
        for action in Action
    ]


def permissions_markdown() -> str:
    """The permission table as Markdown (the content of ``docs/permissions.md``)."""
    lines = [
        "# Who may do what",
        "",
        "Generated from `src/chessclub_web/clubs/permissions.py` by its function"
        " `permissions_markdown()`; a test (tests/web/site/test_permissions_matrix.py) checks that"
        " this page and the code agree.",
        "",
        "Roles are given per club (*Membres* page). The creator of an **independent**"
        " tournament has the `creator` column's rights on that tournament only, whatever"
        " their role in its club, and also with no role at all (never a member, or removed"
        " from the club since): they keep those rights, see the tournament even in a private"
        " club, and every page of the tournament agrees. Site staff (superusers) may do"
        " everything. Anonymous visitors and logged-in outsiders may only see a public club's"
        " pages; a private club answers 404 to them. Every request is checked on the server.",
        "",
        "| action | what | owner | administrator | arbiter | creator (independent) |",
        "|---|---|---|---|---|---|",
    ]
    for action, cells in permission_rows():
        marks = " | ".join(
            "yes" if cells[k] else "no" for k in [*(r.value for r in Role), "creator"]
        )
        lines.append(f"| `{action.value}` | {DESCRIPTIONS[action]} | {marks} |")
    lines += [
        "",
        "## Site-wide rights",
        "",
        "Outside any club. The federation lists (the Belgian federation's `PLAYER` list, the"
        " Swiss federation's ranking list, the FIDE rating list) are **site data**, shared by"
        " every club: clubs search them and copy players from them, only the site's staff or a"
        " **federation data manager** (a site role that staff grant: the Django admin's group"
        f" *{FEDERATION_DATA_MANAGERS}*, or `chessclub user federation-data USERNAME`) import,"
        " replace or roll them back. Every import is kept as a version (who, when, the file's"
        " SHA-256, counts); rolling back makes the previous version current again in one action.",
        "",
        "| action | what | staff | federation data manager | any account |",
        "|---|---|---|---|---|",
        f"| `{SiteAction.MANAGE_FEDERATION_LISTS.value}` |"
        f" {SITE_DESCRIPTIONS[SiteAction.MANAGE_FEDERATION_LISTS]} | yes | yes | no |",
        f"| `{SiteAction.CREATE_CLUB.value}` |"
        f" {SITE_DESCRIPTIONS[SiteAction.CREATE_CLUB]} | yes | as any account | yes |",
    ]
    return "\n".join(lines) + "\n"


#: A page: Django calls it with the request and the values captured from the URL, as keywords.
PageView = Callable[..., HttpResponseBase]


def club_view(action: Action | None = None) -> Callable[[PageView], PageView]:
    """Decorate a view ``view(request, club, **kwargs)`` taking the club's ``number`` from the URL.

    The club is looked up and checked with :func:`club_for_request`; an anonymous visitor asking
    for a protected action is sent to the login page. A GET or HEAD naming the club's number
    in another case (``/clubs/abc/``) is redirected to the canonical URL (``/clubs/ABC/``).
    """

    def decorator(view: PageView) -> PageView:
        @functools.wraps(view)
        def wrapper(
            request: HttpRequest, number: str, *args: object, **kwargs: object
        ) -> HttpResponseBase:
            try:
                club = club_for_request(request, number, action)
            except LoginRequired:
                return redirect_to_login(request.get_full_path())
            if number != club.number and request.method in ("GET", "HEAD"):
                match = request.resolver_match
                if match is not None and match.view_name:
                    url = reverse(match.view_name, kwargs={**match.kwargs, "number": club.number})
                    query = request.META.get("QUERY_STRING", "")
                    return HttpResponsePermanentRedirect(f"{url}?{query}" if query else url)
            return view(request, club, *args, **kwargs)

        return wrapper

    return decorator
