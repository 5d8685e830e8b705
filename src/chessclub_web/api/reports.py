"""Players' own results through the JSON API (see :mod:`chessclub_web.reports`)."""

from __future__ import annotations

from ninja import Router

from chessclub_web.api.auth import token_caller

router = Router(auth=token_caller, tags=["player reports"])
