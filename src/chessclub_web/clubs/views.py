"""Club pages: the list of clubs, a club's page, creating a club and its members page.

Every club page goes through :func:`chessclub_web.clubs.permissions.club_view`, which checks the
club's visibility and the action's permission on the server. Changes are POST only (CSRF
protected by the middleware). Every page answers 405 to the HTTP methods it does not take:
read-only pages take GET and HEAD, forms GET, HEAD and POST, changes POST only.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chessclub_web.clubs import services
from chessclub_web.clubs.forms import AddMemberForm, ClubForm, RoleForm
from chessclub_web.clubs.models import Club, Membership, Role
from chessclub_web.clubs.permissions import (
    Action,
    SiteAction,
    allowed,
    club_view,
    require_site,
    role_of,
    site_allowed,
    visible_clubs,
)
from chessclub_web.conditional import club_state, conditional_page


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    clubs = visible_clubs(request.user)
    return render(
        request,
        "clubs/home.html",
        {
            "clubs": clubs,
            "can_create_club": site_allowed(request.user, SiteAction.CREATE_CLUB),
            "can_manage_lists": site_allowed(request.user, SiteAction.MANAGE_FEDERATION_LISTS),
        },
    )


@require_safe
@club_view()
@conditional_page(club_state)
def club_detail(request: HttpRequest, club: Club) -> HttpResponse:
    role = role_of(request.user, club)
    return render(
        request,
        "clubs/club_detail.html",
        {
            "club": club,
            "tournaments": club.tournaments.all(),
            "role": role.label if role else "",
            "can_import": allowed(request.user, club, Action.IMPORT_TOURNAMENT),
            "can_manage_members": allowed(request.user, club, Action.MANAGE_MEMBERS),
        },
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def create_club(request: HttpRequest) -> HttpResponse:
    """Any logged-in user may create a club and becomes its owner, unless the site setting
    ``CHESSCLUB_CLUB_CREATION`` is ``"staff"`` (then staff only: 403 for the others)."""
    require_site(request, SiteAction.CREATE_CLUB)  # 403 naming who creates clubs here
    status = 200
    if request.method == "POST":
        form = ClubForm(request.POST)
        if form.is_valid():
            try:
                club = services.create_club(
                    form.cleaned_data["number"],
                    form.cleaned_data["name"],
                    public=form.cleaned_data["public"],
                    owner=request.user,
                )
            except services.ClubError as exc:
                form.add_error("number", str(exc))
            else:
                messages.success(request, _("The club was created; you are its owner."))
                return redirect("club", number=club.number)
        status = 400
    else:
        form = ClubForm()
    return render(request, "clubs/club_form.html", {"form": form}, status=status)


def _members_page(
    request: HttpRequest,
    club: Club,
    add_form: AddMemberForm | None = None,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    memberships = club.memberships.select_related("user").order_by("user__username")
    return render(
        request,
        "clubs/members.html",
        {
            "club": club,
            "memberships": memberships,
            "roles": Role.choices,
            "add_form": add_form or AddMemberForm(),
            "error": error,
        },
        status=status,
    )


def _after_change(request: HttpRequest, club: Club) -> HttpResponse:
    """Back to the members page, or to the club's page if the user just gave up the right."""
    if allowed(request.user, club, Action.MANAGE_MEMBERS):
        return redirect("members", number=club.number)
    return redirect("club", number=club.number)


@require_safe
@club_view(Action.MANAGE_MEMBERS)
def members(request: HttpRequest, club: Club) -> HttpResponse:
    return _members_page(request, club)


@require_POST
@club_view(Action.MANAGE_MEMBERS)
def add_member(request: HttpRequest, club: Club) -> HttpResponse:
    form = AddMemberForm(request.POST)
    if not form.is_valid():
        return _members_page(request, club, add_form=form, status=400)
    try:
        services.add_member(club, form.user, form.cleaned_data["role"])
    except services.ClubError as exc:
        return _members_page(request, club, add_form=form, error=str(exc), status=400)
    messages.success(
        request, _("%(username)s was added to the club.") % {"username": form.user.get_username()}
    )
    return redirect("members", number=club.number)


@require_POST
@club_view(Action.MANAGE_MEMBERS)
def change_role(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    membership = get_object_or_404(Membership, pk=pk, club=club)
    form = RoleForm(request.POST)
    if not form.is_valid():
        return _members_page(request, club, error=_("Choose a role."), status=400)
    try:
        services.change_role(membership, form.cleaned_data["role"])
    except services.ClubError as exc:
        return _members_page(request, club, error=str(exc), status=409)
    messages.success(
        request,
        _("New role of %(username)s: %(role)s.")
        % {"username": membership.user.get_username(), "role": membership.get_role_display()},
    )
    return _after_change(request, club)


@require_POST
@club_view(Action.MANAGE_MEMBERS)
def remove_member(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    membership = get_object_or_404(Membership, pk=pk, club=club)
    username = membership.user.get_username()
    try:
        services.remove_member(membership)
    except services.ClubError as exc:
        return _members_page(request, club, error=str(exc), status=409)
    messages.success(request, _("%(username)s was removed from the club.") % {"username": username})
    return _after_change(request, club)
