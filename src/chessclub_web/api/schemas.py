"""Schemas shared by the API's endpoints: the error body every 4xx answer has."""

from __future__ import annotations

from ninja import Schema


class ErrorOut(Schema):
    """``{"error": "<message in the request's language>", "field": "…", "board": …}``: what
    went wrong, the field or the board it concerns when there is one."""

    error: str
    field: str = ""
    board: int | str | None = None
