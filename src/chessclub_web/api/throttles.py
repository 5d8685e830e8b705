"""Throttling of the JSON API (django-ninja's throttles, counted in the site's cache):

- per address, for calls without a token: ``CHESSCLUB_API_RATE_ADDRESS`` (default
  ``300/min``), the client's address as :func:`~chessclub_web.throttle.client_ip` reads it
  (behind ``CHESSCLUB_PROXY_COUNT`` proxies);
- per token: ``CHESSCLUB_API_RATE_TOKEN`` (default ``1200/min``).

A rate is ``N/s``, ``N/min``, ``N/hour`` or ``N/day`` and is read at each call (a test or a
reconfigured site changes it without a restart). Beyond it the call answers 429 with
``Retry-After``.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from ninja.throttling import SimpleRateThrottle

from chessclub_web.throttle import client_ip


class _SettingRate(SimpleRateThrottle):
    setting = ""
    default = ""

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
    """Calls with a token, per token."""

    scope = "api-token"
    setting = "CHESSCLUB_API_RATE_TOKEN"
    default = "1200/min"

    def get_cache_key(self, request: HttpRequest) -> str | None:
        token = getattr(getattr(request, "auth", None), "token", None)
        if token is None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": token.pk}
