"""Personal API tokens: made, revoked and recognised here only.

- :func:`create_token` makes a token for a club the account can see, with scopes among
  :class:`~.models.Scope`; it returns the row and the secret (``cc_`` and 43 URL-safe
  characters, 256 random bits), which is shown once and never stored: the row keeps its
  SHA-256.
- :func:`revoke_token` ends one of the account's own tokens (for good: a revoked token is
  never valid again).
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

from chessclub_web import refusals
from chessclub_web.accounts.models import TOKEN_PREFIX, ApiToken, Scope
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import can_view

#: How many active tokens one account may hold.
MAX_TOKENS_PER_ACCOUNT = 50
#: ``last_used_at`` is written again only when older than this.
USE_NOTED_EVERY = datetime.timedelta(minutes=1)


def digest_of(secret: str) -> str:
    """The SHA-256 (hex) of a token's secret."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def create_token(
    user: Any,
    club: Club,
    name: str,
    scopes: Iterable[str],
    *,
    expires_at: datetime.datetime | None = None,
) -> tuple[ApiToken, str]:
    """Make a token of ``user`` for ``club`` with ``scopes``; returns ``(row, secret)``.

    Raises :class:`~chessclub_web.refusals.BadInput` (400) for an empty or too long name, an
    unknown scope, an expiry in the past; :class:`~chessclub_web.refusals.NotAllowed` (403)
    for an anonymous user or a club the account cannot see; :class:`~chessclub_web.refusals.
    Conflict` (409) beyond :data:`MAX_TOKENS_PER_ACCOUNT` active tokens."""
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
    return row, secret


def revoke_token(user: Any, token_id: int) -> ApiToken:
    """Revoke ``user``'s token ``token_id`` (already revoked: unchanged). Raises
    :class:`~chessclub_web.refusals.Refused` (404) for a token that is not the account's."""
    owner = getattr(user, "pk", None)
    if owner is None:
        raise refusals.Refused(_("You have no such token."), status=404)
    with transaction.atomic():
        row = ApiToken.objects.select_for_update().filter(pk=token_id, user_id=owner).first()
        if row is None:
            raise refusals.Refused(_("You have no such token."), status=404)
        if row.revoked_at is None:
            row.revoked_at = timezone.now()
            row.save(update_fields=["revoked_at"])
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
