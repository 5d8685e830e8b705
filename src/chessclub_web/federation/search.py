"""The registration search over every rating list the site holds (FIDE's and the federations').

Each list app registers a :class:`~chessclub_web.federation.registry.ListSearch`; this module
asks each, merges the records of one person found in several lists (same FIDE ID) and ranks
the result. The tournament app reaches it through ``tournaments.hooks.search_lists`` and
``tournaments.hooks.list_player`` (filled in ``federation.apps``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import Any

from django.db.models import Q

from chessclub.model.list_player import ListPlayer
from chessclub_web.federation.registry import searches

#: At most this many characters and words of a query are read (a name is ≤ 61 characters in
#: FIDE's list): a longer query finds no more.
MAX_QUERY_LENGTH = 64
MAX_QUERY_WORDS = 4


def clean_query(query: str) -> str:
    """``query`` cut to :data:`MAX_QUERY_LENGTH` printable characters, trimmed."""
    return "".join(c for c in query[:MAX_QUERY_LENGTH] if c.isprintable()).strip()


def name_key(text: str) -> str:
    """A name as searched: accents dropped, lower case, punctuation as spaces, single spaces
    (``"Lékó, Péter"`` → ``"leko peter"``)."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    return " ".join("".join(c if c.isalnum() else " " for c in plain).split())


def query_words(query: str) -> list[str]:
    """The words of a name query as searched (:func:`name_key`), at most
    :data:`MAX_QUERY_WORDS`: ``"Lékó, P"`` → ``["leko", "p"]``."""
    return name_key(clean_query(query)).split()[:MAX_QUERY_WORDS]


def key_filter(field: str, query: str) -> Q:
    """A filter on a column holding :func:`name_key` of the name: every word of ``query``
    (read through :func:`name_key`) appears in it (``"leko"``, ``"LÉKÓ"`` find ``"Lékó,
    Péter"``). A plain ``LIKE``: no expression per row. ``Q(pk__in=[])`` without a word."""
    words = query_words(query)
    if not words:
        return Q(pk__in=[])
    condition = Q()
    for word in words:
        condition &= Q(**{f"{field}__contains": word})
    return condition


def best_first(
    query: str, rows: Iterable[Any], name: Callable[[Any], str], limit: int
) -> list[Any]:
    """``rows`` ranked as :class:`~chessclub_web.federation.registry.ListSearch` wants: names
    starting with the query's first word first, then by name (accents and case ignored);
    the first ``limit``."""
    words = query_words(query)
    first = words[0] if words else ""
    return sorted(
        rows, key=lambda r: (0 if name_key(name(r)).startswith(first) else 1, name_key(name(r)))
    )[:limit]


#: Rows a list reads for one name search before ranking them (a common surname may have
#: hundreds: those starting with the words are ranked among these).
CANDIDATES = 200


def _rank(query: str, federation: str, player: ListPlayer) -> tuple[int, int, str]:
    q = name_key(query)
    exact = query.isdigit() and query in (player.fide_id, player.national_id, player.key)
    prefix = name_key(player.name).startswith(q)
    return (
        0 if exact else 1 if prefix else 2,
        0 if federation and player.federation == federation else 1,
        name_key(player.name),
    )


def search_lists(query: str, *, federation: str = "", limit: int = 20) -> list[ListPlayer]:
    """At most ``limit`` players of the site's current lists matching ``query`` (an identifier
    of any list, or words of the name), one record per person: a national record and the FIDE
    record with its FIDE ID are merged (:meth:`ListPlayer.merged`). Ranked exact identifier,
    then name prefix, then players of ``federation`` (the tournament's, three letters), then
    by name."""
    query = clean_query(query)
    if not query:
        return []
    found: list[ListPlayer] = []
    by_fide: dict[str, int] = {}
    for source in searches():
        for player in source.search(query, limit):
            at = by_fide.get(player.fide_id) if player.fide_id else None
            if at is not None:
                found[at] = found[at].merged(player)
                continue
            if player.fide_id:
                by_fide[player.fide_id] = len(found)
            found.append(player)
    # A national record whose FIDE record the name search did not bring: complete it by ID.
    fide = next((s for s in searches() if s.kind == "fide"), None)
    if fide is not None:
        for i, player in enumerate(found):
            if player.fide_id and "fide" not in player.sources:
                extra = fide.get(player.fide_id)
                if extra is not None:
                    found[i] = player.merged(extra)
    found.sort(key=lambda p: _rank(query, federation, p))
    return found[:limit]


def list_player(kind: str, key: str) -> ListPlayer | None:
    """The record ``key`` of the current version of list ``kind``, completed by its FIDE
    record (same FIDE ID) when the site holds FIDE's list; ``None`` when not listed."""
    source = next((s for s in searches() if s.kind == kind), None)
    if source is None:
        return None
    player = source.get(key)
    if player is None:
        return None
    if kind != "fide" and player.fide_id:
        fide = next((s for s in searches() if s.kind == "fide"), None)
        extra = fide.get(player.fide_id) if fide is not None else None
        if extra is not None:
            player = player.merged(extra)
    return player
