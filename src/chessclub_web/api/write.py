"""Write endpoints of the JSON API (see :mod:`chessclub_web.api`): a personal token only."""

from __future__ import annotations

from ninja import Router

from chessclub_web.api.auth import token_caller

router = Router(auth=token_caller, tags=["write"])
