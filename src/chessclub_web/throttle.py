"""Throttled logins and password resets.

Logins (the site's ``/accounts/login/`` and the admin's ``/admin/login/`` alike) go through
django-axes: its backend, first in ``AUTHENTICATION_BACKENDS``, refuses every attempt while the
account or the client's address is locked out, and its middleware answers such an attempt with
:func:`lockout_response` (429, ``registration/locked_out.html``). Failed attempts are kept in
the database (``axes.AccessAttempt``), so every worker process sees them:

- ``CHESSCLUB_LOGIN_FAILURE_LIMIT`` failures (default 5) for one account, or
  ``CHESSCLUB_LOGIN_IP_FAILURE_LIMIT`` (default 20, whichever accounts were tried) from one
  client address, lock logging in for that account or from that address;
- the lock ends ``CHESSCLUB_LOGIN_COOLOFF_MINUTES`` (default 15) after the last failure (a
  failure while locked starts the delay again), or when staff reset it: the admin's *Access
  attempts* page, or ``chessclub manage axes_reset_username NAME``, ``axes_reset_ip ADDRESS``,
  ``axes_reset`` (everything);
- a successful login forgets the failures of that account only (not of the address: an
  attacker with an account of their own cannot clear their address's count by logging in).

Password-reset mails (:class:`ThrottledPasswordResetForm`) are counted per e-mail address and
per client address in the ``throttle`` cache over an hour: past
``CHESSCLUB_RESET_MAILS_PER_EMAIL`` or ``CHESSCLUB_RESET_MAILS_PER_IP`` no mail goes out, and
the page answers exactly as for any address (whether an address has an account, or has reached
the cap, is never revealed).
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
from datetime import timedelta
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import (
    get_client_username,
    get_cool_off,
    get_failure_limit,
    get_lockout_parameters,
)
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.core.cache import caches
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

log = logging.getLogger(__name__)

RESET_WINDOW_SECONDS = 60 * 60
"""The password-reset caps count the mails of one hour (from the first one counted)."""


def client_ip(request: HttpRequest) -> str | None:
    """The client's address: ``REMOTE_ADDR``, or behind ``CHESSCLUB_PROXY_COUNT`` reverse
    proxies the address the outermost of them saw (``X-Forwarded-For``, counted from the
    right: the entries further left are whatever the client chose to send). A value that is no
    IP address is never used."""
    remote = _valid_ip(request.META.get("REMOTE_ADDR"))
    proxies = settings.CHESSCLUB_PROXY_COUNT
    if proxies:
        forwarded = [
            part.strip()
            for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if part.strip()
        ]
        if len(forwarded) >= proxies:
            return _valid_ip(forwarded[-proxies]) or remote
    return remote


def _valid_ip(value: str | None) -> str | None:
    if not value:
        return None
    try:
        return str(ipaddress.ip_address(value.strip()))
    except ValueError:
        return None


class LoginThrottleBackend(AxesStandaloneBackend):  # type: ignore[misc]  # axes: untyped
    """django-axes's backend (refuses a locked-out account or address before any password is
    checked), also usable without a request: an ``authenticate()`` call with no request (the
    test client's ``login()``, a script) has no client address to throttle and goes on to the
    next backend. Django's login views, the admin's included, always pass the request."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        super().authenticate(request, username, password, **kwargs)  # raises, or returns None
        return None


class LoginThrottleHandler(AxesDatabaseHandler):  # type: ignore[misc]  # axes: untyped
    """django-axes's database handler with a limit of its own for the client's address
    (``CHESSCLUB_LOGIN_IP_FAILURE_LIMIT``, higher than the account's: a club's members share
    one address at the club) and a reset on success limited to the account."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        """The failures counted against the account's limit (``AXES_FAILURE_LIMIT``): the
        account's own, and the address's scaled so that its limit falls on the same number."""
        account_limit = get_failure_limit(request, credentials)
        address_limit = settings.CHESSCLUB_LOGIN_IP_FAILURE_LIMIT
        username = get_client_username(request, credentials)
        parameters = get_lockout_parameters(request, credentials)
        worst = 0
        for parameter, attempts in zip(
            parameters, self.get_user_attempts(request, credentials), strict=True
        ):
            if parameter == "username" and not username:
                continue
            failures = attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            if parameter == "ip_address":
                failures = failures * account_limit // address_limit
            worst = max(worst, failures)
        return worst

    def reset_user_attempts(
        self, request: HttpRequest, credentials: dict[str, Any] | None = None
    ) -> int:
        """After a successful login: forget that account's failures, not the address's."""
        username = get_client_username(request, credentials)
        if not username:
            return 0
        count, _ = AccessAttempt.objects.filter(username=username).delete()
        return int(count)


def lockout_response(request: HttpRequest, *_args: Any) -> HttpResponse:
    """The page of a login refused for too many failures (``AXES_LOCKOUT_CALLABLE``; axes
    passes the credentials (and, in newer releases, the view's own response), unused): 429,
    when to try again (the last failure, this one, plus the cool-off), ``Retry-After``."""
    cool_off = get_cool_off(request) or timedelta(minutes=settings.CHESSCLUB_LOGIN_COOLOFF_MINUTES)
    seconds = int(cool_off.total_seconds())
    context = {
        "retry_at": timezone.now() + cool_off,
        "minutes": max(1, (seconds + 59) // 60),
    }
    response = render(request, "registration/locked_out.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response


def _count_reset(kind: str, value: str) -> int:
    """Count one more password-reset request for ``kind`` (``email``, ``ip``) and ``value``
    over the current hour; the number counted, this one included."""
    cache = caches["throttle"]
    digest = hashlib.sha256(value.encode()).hexdigest()
    key = f"password-reset:{kind}:{digest}"
    cache.add(key, 0, timeout=RESET_WINDOW_SECONDS)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=RESET_WINDOW_SECONDS)
        return 1


def reset_mail_allowed(request: HttpRequest | None, email: str) -> bool:
    """Whether a password-reset mail may go out for ``email`` now (and count it): at most
    ``CHESSCLUB_RESET_MAILS_PER_EMAIL`` per address and ``CHESSCLUB_RESET_MAILS_PER_IP`` per
    client address an hour. Every request counts, whether the address has an account or not."""
    by_email = _count_reset("email", email.strip().lower())
    allowed = by_email <= settings.CHESSCLUB_RESET_MAILS_PER_EMAIL
    address = client_ip(request) if request is not None else None
    if address is not None:
        by_ip = _count_reset("ip", address)
        allowed = allowed and by_ip <= settings.CHESSCLUB_RESET_MAILS_PER_IP
    if not allowed:
        log.warning("Password reset mail not sent: the hourly cap is reached")
    return allowed


class ThrottledPasswordResetForm(PasswordResetForm):
    """Django's password reset form, sending nothing past the hourly caps; the view answers
    the same either way (the "sent" page)."""

    def save(self, *args: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
        if not reset_mail_allowed(request, self.cleaned_data["email"]):
            return
        kwargs["request"] = request
        super().save(*args, **kwargs)
