"""Throttling of the JSON API (django-ninja's throttles, counted in the ``throttle`` cache,
the one the password-reset counters use: nothing else's entries push them out):

- per address, for calls without a token **and for calls with a wrong, revoked or expired
  token** (:func:`refuse_guess`, counted before their 401, so that guessing secrets is throttled
  too): ``CHESSCLUB_API_RATE_ADDRESS`` (default ``300/min``), the client's address as
  :func:`~chessclub_web.throttle.client_ip` reads it (behind ``CHESSCLUB_PROXY_COUNT`` proxies);
- per **account**, for calls with a token: ``CHESSCLUB_API_RATE_TOKEN`` (default
  ``1200/min``), all the account's tokens together (making more tokens gives no more calls).

A rate is ``N/s``, ``N/min``, ``N/hour`` or ``N/day`` and is read at each call (a test or a
reconfigured site changes it without a restart). Beyond it the call answers 429 with
``Retry-After``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest
from ninja.errors import Throttled
from ninja.throttling import SimpleRateThrottle

from chessclub_web.throttle import client_ip


class _SettingRate(SimpleRateThrottle):
    setting = ""
    default = ""

    @property
    def cache(self) -> Any:  # type: ignore[override]  # the throttle cache, per thread
        return caches["throttle"]

    def __init__(self) -> None:
        super().__init__(self._rate())

    def _rate(self) -> str:
        return str(getattr(settings, self.setting, "") or self.default)

    def allow_request(self, request: HttpRequest) -> bool:
        self.rate = self._rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request)


class AddressThrottle(_SettingRate):
    """Calls without a token, per client address."""

    scope = "api-address"
    setting = "CHESSCLUB_API_RATE_ADDRESS"
    default = "300/min"

    def get_cache_key(self, request: HttpRequest) -> str | None:
        caller = getattr(request, "auth", None)
        if getattr(caller, "token", None) is not None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request) or "?"}


class TokenThrottle(_SettingRate):
    """Calls with a token, per account (every token of the account counts together)."""

    scope = "api-token"
    setting = "CHESSCLUB_API_RATE_TOKEN"
    default = "1200/min"

    def get_cache_key(self, request: HttpRequest) -> str | None:
        token = getattr(getattr(request, "auth", None), "token", None)
        if token is None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": token.user_id}


class _GuessThrottle(AddressThrottle):
    """The address's count, for a call whose token was refused (no caller yet)."""

    def get_cache_key(self, request: HttpRequest) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request) or "?"}


def refuse_guess(request: HttpRequest) -> None:
    """Count a call with a wrong token against its address; raise ``Throttled`` (429 with
    ``Retry-After``) beyond the address's rate, before its 401 is answered."""
    throttle = _GuessThrottle()
    if not throttle.allow_request(request):
        wait = throttle.wait()
        raise Throttled(wait=None if wait is None else int(wait) + 1)
