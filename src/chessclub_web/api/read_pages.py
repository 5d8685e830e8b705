"""Pages of the read API's lists (clubs, a club's tournaments, a club's players): one shape
for every list.

A list answers ``{"count": <all items>, "page": N, "page_size": M, "items": [...]}``; the
query takes ``?page=N`` (from 1, default 1) and ``?page_size=M`` (1 to :data:`MAX_PAGE_SIZE`,
default :data:`DEFAULT_PAGE_SIZE`). A value that is not a whole number in those bounds answers
400 naming it (``query.page_size: …``); a page past the last one holds no items (``count``
says how many there are).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db.models import QuerySet
from ninja import Schema
from pydantic import Field

#: The largest page a list gives.
MAX_PAGE_SIZE = 200
#: A page's size when the query names none.
DEFAULT_PAGE_SIZE = 50
#: The last page number taken (beyond any list the site holds; keeps offsets small).
MAX_PAGE = 1_000_000

T = TypeVar("T")


class PageQuery(Schema):
    """A list's query (the endpoints' ``paging: Query[PageQuery]``)."""

    page: int = Field(1, ge=1, le=MAX_PAGE, description="The page, from 1.")
    page_size: int = Field(
        DEFAULT_PAGE_SIZE,
        ge=1,
        le=MAX_PAGE_SIZE,
        description=f"Items per page, 1 to {MAX_PAGE_SIZE}.",
    )


class PageOut(Schema):
    """The envelope's fields (each list's schema adds its ``items``)."""

    count: int = Field(description="How many items the whole list holds.")
    page: int
    page_size: int


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a list: its items, the list's length and the page asked for."""

    items: list[Any]
    count: int
    page: int
    page_size: int

    def envelope(self, items: Sequence[Any]) -> dict[str, Any]:
        return {
            "count": self.count,
            "page": self.page,
            "page_size": self.page_size,
            "items": list(items),
        }


def page_of(rows: QuerySet[Any] | Sequence[Any], paging: PageQuery) -> Page:
    """The page ``paging`` of ``rows`` (an ordered query set, counted and sliced in the
    database, or a list)."""
    count = rows.count() if isinstance(rows, QuerySet) else len(rows)
    start = (paging.page - 1) * paging.page_size
    items = list(rows[start : start + paging.page_size]) if start < count else []
    return Page(items, count, paging.page, paging.page_size)


def digest(data: object) -> str:
    """A revision for data without one of its own (a roster, an Elo history): the SHA-256 of
    its JSON form (schemas through ``model_dump``)."""

    def plain(value: object) -> object:
        if isinstance(value, Schema):
            return value.model_dump(mode="json")
        return str(value)

    text = json.dumps(data, default=plain, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()
