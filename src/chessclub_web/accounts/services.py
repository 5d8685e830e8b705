"""Personal API tokens: made, revoked and recognised here only.

- :func:`create_token` makes a token for a club the account can see, with scopes among
  :class:`~.models.Scope`; it returns the row and the secret (``cc_`` and 43 URL-safe
  characters, 256 random bits), which is shown once and never stored: the row keeps its
  SHA-256. With ``members_only`` (the *Mon compte* page), only for a club where the account
  has a role and only with the scopes that role can use (:func:`grantable_scopes`).
- :func:`revoke_token` ends one of the account's own tokens (for good: a revoked token is
  never valid again).
- Both write a line to the audit log (``audit``, a ``note`` of no tournament: a token belongs
  to an account and a club), in their transaction.
- :func:`token_for_secret` finds the active token of a secret (``None`` for an unknown,
  revoked or expired one, or a disabled account) and notes its use (at most one write a minute).
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub_web import refusals
from chessclub_web.accounts.models import SCOPE_ACTIONS, TOKEN_PREFIX, ApiToken, Scope
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import allowed, can_view, role_of

#: How many active tokens one account may hold.
MAX_TOKENS_PER_ACCOUNT = 50
#: ``last_used_at`` is written again only when older than this.
USE_NOTED_EVERY = datetime.timedelta(minutes=1)


def digest_of(secret: str) -> str:
    """The SHA-256 (hex) of a token's secret."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


#: The audit log's lines of tokens (msgids, worded in the reader's language when read).
TOKEN_MADE = gettext_noop("API token “%(name)s” made for club %(club)s (actions: %(scopes)s).")
TOKEN_REVOKED = gettext_noop("API token “%(name)s” of club %(club)s revoked.")


def grantable_scopes(user: Any, club: Club) -> list[str]:
    """The scopes (:class:`~.models.Scope` values, in their order) that ``user``'s role in
    ``club`` can use: a club action's scope (:data:`~.models.SCOPE_ACTIONS`) when the
    permission table gives the role that action (``clubs.permissions.allowed``);
    ``report_results`` to every member (it is checked against the player's own board).
    ``[]`` for an anonymous user or an account with no role in ``club``."""
    if not getattr(user, "is_authenticated", False):
        return []
    role = role_of(user, club)
    if role is None:
        return []
    return [
        scope
        for scope in Scope.values
        if scope not in SCOPE_ACTIONS or allowed(user, club, SCOPE_ACTIONS[scope], role=role)
    ]


def create_token(
    user: Any,
    club: Club,
    name: str,
    scopes: Iterable[str],
    *,
    expires_at: datetime.datetime | None = None,
    members_only: bool = False,
) -> tuple[ApiToken, str]:
    """Make a token of ``user`` for ``club`` with ``scopes``; returns ``(row, secret)`` and
    writes a line to the audit log (:data:`TOKEN_MADE`).

    ``members_only``: the account must have a role in ``club`` and every scope must be one
    that role can use (:func:`grantable_scopes`); otherwise a token may carry any scope (the
    API checks the account's rights on every call anyway).

    Raises :class:`~chessclub_web.refusals.BadInput` (400) for an empty or too long name, an
    unknown scope, an expiry in the past, with ``members_only`` a scope the role can never
    use (``field="scopes"``); :class:`~chessclub_web.refusals.NotAllowed` (403) for an
    anonymous user, a club the account cannot see, with ``members_only`` a club where it has
    no role (``field="club"``); :class:`~chessclub_web.refusals.Conflict` (409) beyond
    :data:`MAX_TOKENS_PER_ACCOUNT` active tokens."""
    if not getattr(user, "is_authenticated", False):
        raise refusals.NotAllowed(_("Log in to make a token."))
    name = (name or "").strip()
    if not name:
        raise refusals.BadInput(_("Give the token a name."), field="name")
    if len(name) > 100:
        raise refusals.BadInput(_("A token's name has at most 100 characters."), field="name")
    chosen = list(dict.fromkeys(scopes))
    known = set(Scope.values)
    unknown = [scope for scope in chosen if scope not in known]
    if unknown:
        raise refusals.BadInput(
            _("“%(scope)s” is not an action a token can be given (use %(known)s).")
            % {"scope": str(unknown[0])[:40], "known": ", ".join(Scope.values)},
            field="scopes",
        )
    if expires_at is not None and expires_at <= timezone.now():
        raise refusals.BadInput(_("The expiry date is already past."), field="expires_at")
    if not can_view(user, club):
        raise refusals.NotAllowed(_("You cannot see this club: no token for it."))
    if members_only:
        grantable = grantable_scopes(user, club)
        if role_of(user, club) is None:
            raise refusals.NotAllowed(
                _("You have no role in club %(club)s: no token for it.") % {"club": club.number},
                field="club",
            )
        refused = [scope for scope in chosen if scope not in grantable]
        if refused:
            raise refusals.BadInput(
                _("Your role in club %(club)s never allows “%(scope)s”: a token cannot get it.")
                % {"club": club.number, "scope": Scope(refused[0]).label},
                field="scopes",
            )
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        active = ApiToken.objects.filter(user=user, revoked_at=None).count()
        if active >= MAX_TOKENS_PER_ACCOUNT:
            raise refusals.Conflict(
                _("You already have %(count)s tokens: revoke one before making another.")
                % {"count": active}
            )
        row = ApiToken.objects.create(
            user=user,
            club=club,
            name=name,
            scopes=[scope for scope in Scope.values if scope in chosen],
            digest=digest_of(secret),
            lead=secret[:10],
            expires_at=expires_at,
        )
        record(
            AuditAction.NOTE,
            None,
            user,
            TOKEN_MADE,
            {"name": row.name, "club": club.number, "scopes": ", ".join(row.scopes) or "—"},
            new={"token": row.pk, "club": club.number, "scopes": row.scopes, "lead": row.lead},
        )
    return row, secret


def revoke_token(user: Any, token_id: int) -> ApiToken:
    """Revoke ``user``'s token ``token_id`` (already revoked: unchanged, no new line) and write
    a line to the audit log (:data:`TOKEN_REVOKED`). Raises
    :class:`~chessclub_web.refusals.Refused` (404) for a token that is not the account's."""
    owner = getattr(user, "pk", None)
    if owner is None:
        raise refusals.Refused(_("You have no such token."), status=404)
    with transaction.atomic():
        row = (
            ApiToken.objects.select_for_update()
            .select_related("club")
            .filter(pk=token_id, user_id=owner)
            .first()
        )
        if row is None:
            raise refusals.Refused(_("You have no such token."), status=404)
        if row.revoked_at is None:
            row.revoked_at = timezone.now()
            row.save(update_fields=["revoked_at"])
            record(
                AuditAction.NOTE,
                None,
                user,
                TOKEN_REVOKED,
                {"name": row.name, "club": row.club.number},
                old={"token": row.pk, "lead": row.lead},
            )
    return row


def token_for_secret(secret: str) -> ApiToken | None:
    """The active token whose secret is ``secret`` (with its user and club), or ``None``: not
    one of ours, revoked, expired, or its account disabled. Notes the use."""
    if not secret.startswith(TOKEN_PREFIX) or len(secret) > 200:
        return None
    row = (
        ApiToken.objects.select_related("user", "club")
        .filter(digest=digest_of(secret), revoked_at=None)
        .first()
    )
    now = timezone.now()
    if row is None or not row.is_active(now) or not row.user.is_active:
        return None
    if row.last_used_at is None or now - row.last_used_at > USE_NOTED_EVERY:
        ApiToken.objects.filter(pk=row.pk).update(last_used_at=now)
        row.last_used_at = now
    return row
