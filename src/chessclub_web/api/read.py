"""Read endpoints of the JSON API (see :mod:`chessclub_web.api`)."""

from __future__ import annotations

from ninja import Router

from chessclub_web.api.auth import optional_caller

router = Router(auth=optional_caller, tags=["read"])
