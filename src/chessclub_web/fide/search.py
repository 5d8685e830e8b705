"""The registration search over FIDE's list (``federation.registry.ListSearch`` of kind
``"fide"``): by FIDE ID, or by the words of a name, every answer read through an index
(spec L4).

- Digits: the player with that FIDE ID (the primary key), if listed.
- Words (accents, case and punctuation ignored: ``federation.search.name_key``): the players
  whose name holds every word at the start of one of its words (``"nepo ian"`` finds
  *Nepomniachtchi, Ian*), one of them at the name's start. Each word is tried as the name's
  start, a range of the ``name_key`` index (``"leko" <= name_key < "lekp"``: byte order on
  both databases, see ``BytewiseCharField``), the other words checked on the rows of that
  range; so the surname may be typed first or later (``"peter leko"``), but a word that
  begins no name (a first name alone) finds nothing; a word of one letter after the first is
  not tried as the name's start (``"leko p"``). With several words, each range is read no
  further than its first :data:`MAX_SCANNED` names: the time of a query is bounded, whatever
  it holds (typing on narrows the range).
- Ranked: the names that begin with the query as typed (``"leko p"``), then those that begin
  with its first word, then the others; by name within each. At most ``limit``.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from chessclub.model.list_player import ListPlayer
from chessclub_web.federation.registry import ListSearch
from chessclub_web.federation.search import MAX_QUERY_WORDS, name_key
from chessclub_web.fide.models import FidePlayer

MAX_SCANNED = 2000
"""The most names of one range a query with several words reads to check its other words."""

MIN_START = 2
"""A word after the query's first is tried as the name's start from this many letters on."""

MAX_FIDE_ID_DIGITS = 15
"""FIDE IDs have up to 9 digits today, in a 15-wide column (``rating-lists.md`` §1.2)."""

#: The highest title first (FIDE's order: the women's titles between the open ones).
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


def best_title(title: str, w_title: str) -> str:
    """The higher of ``Tit`` and ``WTit`` (``Tit`` may already hold a women's title: a WCM
    in both gives ``"WCM"``); an unknown code counts below the known ones."""
    known = [t for t in (title, w_title) if t]
    if not known:
        return ""
    return min(known, key=lambda t: TITLE_ORDER.index(t) if t in TITLE_ORDER else len(TITLE_ORDER))


def list_player(row: FidePlayer) -> ListPlayer:
    """A row as the registration search's record (``federation`` ``NON``: none)."""
    return ListPlayer(
        list_kind="fide",
        key=str(row.fide_id),
        name=row.name,
        fide_id=str(row.fide_id),
        federation="" if row.federation == "NON" else row.federation,
        title=best_title(row.title, row.w_title),
        sex=row.sex if row.sex in ("M", "F") else "",
        birth_year=row.birth_year,
        fide_standard=row.standard_rating,
        fide_rapid=row.rapid_rating,
        fide_blitz=row.blitz_rating,
        inactive=row.standard_inactive,
    )


def _fide_id(query: str) -> int | None:
    text = query.strip()
    if text.isascii() and text.isdigit() and len(text) <= MAX_FIDE_ID_DIGITS and int(text):
        return int(text)
    return None


def _starting(prefix: str) -> Q:
    """``name_key`` starting with ``prefix``, as a range the index serves."""
    return Q(name_key__gte=prefix, name_key__lt=prefix[:-1] + chr(ord(prefix[-1]) + 1))


def _holding(words: list[str]) -> Q:
    """Every word at the start of one of the name's words (or the whole name's)."""
    condition = Q()
    for word in words:
        condition &= Q(name_key__startswith=word) | Q(name_key__contains=" " + word)
    return condition


def _range(
    rows: QuerySet[FidePlayer], prefix: str, others: list[str], limit: int
) -> list[FidePlayer]:
    return list(rows.filter(_starting(prefix), _holding(others)).order_by("name_key")[:limit])


def search(query: str, limit: int) -> list[ListPlayer]:
    """At most ``limit`` players: the FIDE ID ``query``, or the names holding its words (see
    the module's docstring), best first."""
    if limit <= 0:
        return []
    fide_id = _fide_id(query)
    if fide_id is not None:
        row = FidePlayer.objects.filter(fide_id=fide_id).first()
        return [list_player(row)] if row is not None else []
    words = name_key(query).split()[:MAX_QUERY_WORDS]
    if not words:
        return []
    typed = " ".join(words)
    rows = FidePlayer.objects.all()
    found = {p.fide_id: p for p in _range(rows, typed, [], limit)}
    if len(words) > 1 and len(found) < limit:
        for i, word in enumerate(words):
            if (i and len(word) < MIN_START) or word in words[:i]:
                continue  # "leko p": "p" begins too many names to be the surname's start
            others = words[:i] + words[i + 1 :]
            for row in _range(rows, word, others, limit):
                found.setdefault(row.fide_id, row)

    def rank(row: FidePlayer) -> tuple[int, str]:
        if row.name_key.startswith(typed):
            return (0, row.name_key)
        return (1 if row.name_key.startswith(words[0]) else 2, row.name_key)

    return [list_player(row) for row in sorted(found.values(), key=rank)[:limit]]


def get(key: str) -> ListPlayer | None:
    """The player with FIDE ID ``key``, or ``None``."""
    fide_id = _fide_id(key)
    if fide_id is None:
        return None
    row = FidePlayer.objects.filter(fide_id=fide_id).first()
    return list_player(row) if row is not None else None


SEARCH = ListSearch(kind="fide", search=search, get=get)
