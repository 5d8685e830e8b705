"""*Mon compte*: the logged-in account's page, its password and its personal API tokens.

- ``GET /accounts/`` (:func:`account`): name, e-mail, clubs and roles, the account's tokens
  (never their secret) and the form to make one. Just after a token is made, it also shows
  that token's secret, once: the secret waits in the session (:data:`NEW_SECRET`) for this
  one display and is dropped from it when shown (post-redirect-get).
- ``POST /accounts/tokens/`` (:func:`create`): a new token
  (:func:`~chessclub_web.accounts.services.create_token` with ``members_only``); on bad input
  the page again with the form's errors (400, 403 or 409, as the service refuses).
- ``POST /accounts/tokens/<id>/revoke/`` (:func:`revoke`): revoke one of the account's own
  tokens (another account's id answers 404).
- ``/accounts/password/`` and ``/accounts/password/done/``: Django's password change, in the
  site's pages (``urls.py``).

Every page needs a logged-in account (otherwise: the login page, then back); changes are POST
only, CSRF-protected by the middleware; the pages are never cached (a secret is on one).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from chessclub_web import refusals
from chessclub_web.accounts import services
from chessclub_web.accounts.forms import TokenForm
from chessclub_web.accounts.models import ApiToken, Scope
from chessclub_web.clubs.models import Membership

#: The session key of a new token's secret, kept for its one display: ``{"id", "secret"}``.
NEW_SECRET = "accounts.new_token"


def _token_rows(user: Any) -> list[dict[str, Any]]:
    """The account's tokens as the page lists them, newest first."""
    now = timezone.now()
    labels = dict(Scope.choices)
    states = {"active": _("active"), "revoked": _("revoked"), "expired": _("expired")}
    rows = []
    for token in ApiToken.objects.filter(user=user).select_related("club"):
        state = token.state(now)
        rows.append(
            {
                "token": token,
                "scopes": [labels[scope] for scope in token.scopes if scope in labels],
                "state": state,
                "state_label": states[state],
            }
        )
    return rows


def _page(request: HttpRequest, form: TokenForm | None = None, status: int = 200) -> HttpResponse:
    user: Any = request.user  # logged in (the views are login_required)
    memberships = Membership.objects.filter(user=user).select_related("club").order_by("club__name")
    labels = dict(Scope.choices)
    clubs = [
        {
            "membership": membership,
            "scopes": [
                labels[scope] for scope in services.grantable_scopes(request.user, membership.club)
            ],
        }
        for membership in memberships
    ]
    # The secret's one display is a GET's (a HEAD or a form's error page leaves it waiting).
    new_token = request.session.pop(NEW_SECRET, None) if request.method == "GET" else None
    return render(
        request,
        "accounts/account.html",
        {
            "clubs": clubs,
            "tokens": _token_rows(request.user),
            "form": form or TokenForm(user=request.user),
            "new_token": new_token if isinstance(new_token, dict) else None,
            "docs_url": "/api/v1/docs",
        },
        status=status,
    )


@require_safe
@never_cache
@login_required
def account(request: HttpRequest) -> HttpResponse:
    return _page(request)


@require_POST
@never_cache
@login_required
def create(request: HttpRequest) -> HttpResponse:
    form = TokenForm(request.POST, user=request.user)
    if not form.is_valid():
        return _page(request, form, status=400)
    try:
        row, secret = services.create_token(
            request.user,
            form.cleaned_data["club"],
            form.cleaned_data["name"],
            form.cleaned_data["scopes"],
            expires_at=form.expires_at(),
            members_only=True,
        )
    except refusals.Refused as exc:
        form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        return _page(request, form, status=exc.status)
    request.session[NEW_SECRET] = {"id": row.pk, "name": row.name, "secret": secret}
    return redirect("account")


@require_POST
@never_cache
@login_required
def revoke(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        row = services.revoke_token(request.user, pk)
    except refusals.Refused as exc:
        raise Http404(str(exc)) from exc
    messages.success(request, _("The token “%(name)s” is revoked.") % {"name": row.name})
    return redirect("account")
