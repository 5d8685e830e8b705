"""What the *Classement* and *Grille américaine* show, built from the core's standings.

No chess arithmetic here: ranks, points and per-round entries come from
:func:`chessclub.standings.compute_standings`; this module only chooses how to write them
(``4½``, ``3–5``, ``12N1``) in the user's language.

The language-independent part (ranks, points, one :class:`Entry` per round) is computed once
per tournament revision and kept in Django's cache (:func:`tournament_summary`); a page then
only translates a handful of labels (:class:`CellLabels`) and, for the crosstable only, writes
the cells.
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.core.cache import cache
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from chessclub.model import (
    ByeKind,
    Colour,
    Outcome,
    Points,
    Round,
    RoundEntry,
    Tournament,
    format_points,
)
from chessclub.standings import StandingRow, compute_standings
from chessclub_web.tournaments.adapters import load_tournament


def points_label(points: Points) -> str:
    """``5``, ``4½``, ``½``."""
    return format_points(points, half_sign="½")


def rank_labels(rows: list[StandingRow]) -> list[str]:
    """Rank of every row; players who share a rank show its range (``3–5``)."""
    sizes = Counter(row.rank for row in rows)
    labels = []
    for row in rows:
        size = sizes[row.rank]
        labels.append(f"{row.rank}–{row.rank + size - 1}" if size > 1 else str(row.rank))
    return labels


#: The cell kinds (CSS class ``cell-<kind>``) of a round entry.
GAME_KINDS = {
    Outcome.WIN: "win",
    Outcome.DRAW: "draw",
    Outcome.LOSS: "loss",
    Outcome.FORFEIT_WIN: "forfeit-win",
    Outcome.FORFEIT_LOSS: "forfeit-loss",
}
BYE_KINDS = {
    ByeKind.PAIRING_ALLOCATED: "bye-u",
    ByeKind.HALF_POINT: "bye-h",
    ByeKind.FULL_POINT: "bye-f",
    ByeKind.ZERO_POINT: "bye-z",
}


class Entry(NamedTuple):
    """One player's round, in the user's language-independent terms: ``opponent`` 0 and
    ``colour`` "" for a bye or an absence; ``kind`` names the cell (``win``, ``bye-h``…)."""

    round: int
    opponent: int
    colour: str  # "W", "B" or ""
    kind: str
    points: str


class SummaryRow(NamedTuple):
    """One line of the standings, as every language shows it."""

    rank: str
    pairing_number: int
    name: str
    rating: str
    fictitious_rating: bool
    points: str
    games_played: int
    entries: tuple[Entry, ...]


class Summary(NamedTuple):
    """What the tournament pages show, before translation (cached per tournament revision)."""

    rows: tuple[SummaryRow, ...]
    rounds: tuple[tuple[int, datetime.date | None], ...]


def _entry(entry: RoundEntry) -> Entry:
    points = points_label(entry.points)
    if entry.opponent is None or entry.colour is None:
        kind = BYE_KINDS.get(entry.bye, "absent") if entry.bye is not None else "absent"
        return Entry(entry.round, 0, "", kind, points)
    colour = "W" if entry.colour is Colour.WHITE else "B"
    kind = GAME_KINDS[entry.outcome] if entry.outcome is not None else "pending"
    return Entry(entry.round, int(entry.opponent), colour, kind, points)


def summarize(tournament: Tournament) -> Summary:
    """The standings of ``tournament`` (computed by the core) and its rounds."""
    rows = compute_standings(tournament)
    return Summary(
        rows=tuple(
            SummaryRow(
                rank=rank,
                pairing_number=int(row.player.pairing_number),
                name=row.player.name,
                rating=str(row.player.rating) if row.player.rating is not None else "",
                fictitious_rating=row.player.fictitious_rating,
                points=points_label(row.points),
                games_played=row.games_played,
                entries=tuple(_entry(e) for e in row.entries),
            )
            for rank, row in zip(rank_labels(rows), rows, strict=True)
        ),
        rounds=tuple((int(r.number), r.date) for r in sorted(tournament.rounds, key=_number)),
    )


def _number(r: Round) -> int:
    return int(r.number)


CACHE_TIMEOUT = 24 * 60 * 60


def cache_key(row: Any) -> str:
    """The cache key of a tournament row's summary: its id and its revision, which changes with
    any change of the tournament's rows (``models.touch_tournament``)."""
    return f"chessclub:summary:v1:{row.pk}:{row.revision.hex}"


def tournament_summary(row: Any) -> Summary:
    """The summary of the tournament ``row``, from the cache when its revision was computed
    already (never a summary of another revision)."""
    key = cache_key(row)
    summary = cache.get(key)
    if summary is None:
        summary = summarize(load_tournament(row))
        cache.set(key, summary, CACHE_TIMEOUT)
    return summary


class CellLabels:
    """The crosstable's words in the current language, translated once per page."""

    def __init__(self) -> None:
        self.colour = {
            "W": escape(pgettext("colour letter", "W")),
            "B": escape(pgettext("colour letter", "B")),
        }
        bye = escape(pgettext("crosstable", "Bye"))
        self.bye = {"bye-u": escape(pgettext("crosstable", "PAB")), "bye-h": bye}
        self.bye["bye-f"] = self.bye["bye-z"] = bye
        self.absent = escape(pgettext("crosstable", "Abs."))
        self.what = {
            "win": _("Win"),
            "draw": _("Draw"),
            "loss": _("Loss"),
            "forfeit-win": _("Won by forfeit"),
            "forfeit-loss": _("Lost by forfeit"),
            "pending": _("No result yet"),
            "bye-u": _("Pairing-allocated bye"),
            "bye-h": _("Half-point bye"),
            "bye-f": _("Full-point bye"),
            "bye-z": _("Zero-point bye"),
            "absent": _("Absent"),
        }
        self.round_title = _("Round %(number)s: %(what)s")
        self._titles: dict[tuple[int, str], str] = {}

    def title(self, round_number: int, kind: str) -> str:
        """The tooltip, escaped: "Round 3: Win"."""
        key = (round_number, kind)
        title = self._titles.get(key)
        if title is None:
            title = escape(self.round_title % {"number": round_number, "what": self.what[kind]})
            self._titles[key] = title
        return title

    def text(self, entry: Entry) -> str:
        """The cell's text, escaped: ``12W1``, ``12B+``, ``12B−``, ``12W ?``, ``Bye ½``."""
        kind = entry.kind
        if entry.opponent:
            head = f"{entry.opponent}{self.colour[entry.colour]}"
            if kind == "pending":
                # "12B ?", not "12B–": a dash would look like the forfeit loss "12B−".
                return f"{head} ?"
            if kind == "forfeit-win":
                return f"{head}+"
            if kind == "forfeit-loss":
                return f"{head}−"
            return f"{head}{entry.points}"
        if kind == "absent":
            return self.absent
        return f"{self.bye[kind]} {entry.points}"

    def cells_html(self, entries: tuple[Entry, ...]) -> str:
        """The row's ``<td>`` cells (the templates would take 10 times longer)."""
        return mark_safe(
            "".join(
                f'<td class="cell cell-{e.kind}" data-round="{e.round}" '
                f'title="{self.title(e.round, e.kind)}">{self.text(e)}</td>'
                for e in entries
            )
        )


@dataclass(frozen=True, slots=True)
class DisplayRow:
    rank: str
    pairing_number: int
    name: str
    rating: str
    fictitious_rating: bool
    points: str
    games_played: int
    cells_html: str


def display_rows(summary: Summary, *, cells: bool) -> list[DisplayRow]:
    """The standings as the templates show them; the crosstable cells only if ``cells``."""
    labels = CellLabels() if cells else None
    return [
        DisplayRow(
            rank=row.rank,
            pairing_number=row.pairing_number,
            name=row.name,
            rating=row.rating,
            fictitious_rating=row.fictitious_rating,
            points=row.points,
            games_played=row.games_played,
            cells_html=labels.cells_html(row.entries) if labels is not None else "",
        )
        for row in summary.rows
    ]
