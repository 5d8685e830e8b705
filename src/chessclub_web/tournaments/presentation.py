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


#: One player's round, in language-independent terms: ``(round, opponent, colour, kind,
#: points)``; ``opponent`` 0 and ``colour`` "" for a bye or an absence, ``colour`` "W" or "B"
#: otherwise; ``kind`` names the cell (``win``, ``bye-h``…). Plain tuples: a big tournament's
#: crosstable holds 180,000 of them, in the cache too.
Entry = tuple[int, int, str, str, str]


class SummaryRow(NamedTuple):
    """One line of the standings, as every language shows it."""

    rank: str
    pairing_number: int
    name: str
    rating: str
    fictitious_rating: bool
    points: str
    games_played: int


class Summary(NamedTuple):
    """What the *Classement* shows, before translation (cached per tournament revision)."""

    rows: tuple[SummaryRow, ...]
    rounds: tuple[tuple[int, datetime.date | None], ...]


#: What the *Grille américaine* adds: each row's entries, in the order of ``Summary.rows``
#: (cached apart: the *Classement* does not need them).
Cells = tuple[tuple[Entry, ...], ...]


def _entries(entries: tuple[RoundEntry, ...], labels: dict[Points, str]) -> tuple[Entry, ...]:
    result = []
    for entry in entries:
        points = labels.get(entry.points)
        if points is None:
            points = labels[entry.points] = points_label(entry.points)
        if entry.opponent is None or entry.colour is None:
            kind = BYE_KINDS.get(entry.bye, "absent") if entry.bye is not None else "absent"
            result.append((int(entry.round), 0, "", kind, points))
        else:
            colour = "W" if entry.colour is Colour.WHITE else "B"
            kind = GAME_KINDS[entry.outcome] if entry.outcome is not None else "pending"
            result.append((int(entry.round), int(entry.opponent), colour, kind, points))
    return tuple(result)


def summarize(tournament: Tournament) -> tuple[Summary, Cells]:
    """The standings of ``tournament`` (computed by the core), its rounds, and the crosstable's
    entries."""
    rows = compute_standings(tournament)
    labels: dict[Points, str] = {}
    summary = Summary(
        rows=tuple(
            SummaryRow(
                rank=rank,
                pairing_number=int(row.player.pairing_number),
                name=row.player.name,
                rating=str(row.player.rating) if row.player.rating is not None else "",
                fictitious_rating=row.player.fictitious_rating,
                points=points_label(row.points),
                games_played=row.games_played,
            )
            for rank, row in zip(rank_labels(rows), rows, strict=True)
        ),
        rounds=tuple((int(r.number), r.date) for r in sorted(tournament.rounds, key=_number)),
    )
    return summary, tuple(_entries(row.entries, labels) for row in rows)


def _number(r: Round) -> int:
    return int(r.number)


CACHE_TIMEOUT = 24 * 60 * 60


def cache_key(row: Any, part: str = "summary") -> str:
    """The cache key of a part (``summary``, ``cells``) of a tournament row's pages: its id and
    its revision, which changes with any change of the tournament's rows
    (``models.touch_tournament``)."""
    return f"chessclub:{part}:v1:{row.pk}:{row.revision.hex}"


def _computed(row: Any) -> tuple[Summary, Cells]:
    summary, cells = summarize(load_tournament(row))
    cache.set_many(
        {cache_key(row, "summary"): summary, cache_key(row, "cells"): cells}, CACHE_TIMEOUT
    )
    return summary, cells


def tournament_summary(row: Any) -> Summary:
    """The summary of the tournament ``row``, from the cache when its revision was computed
    already (never a summary of another revision)."""
    summary = cache.get(cache_key(row, "summary"))
    return summary if summary is not None else _computed(row)[0]


def tournament_cells(row: Any) -> Cells:
    """The crosstable entries of the tournament ``row`` (cached like its summary)."""
    cells = cache.get(cache_key(row, "cells"))
    return cells if cells is not None else _computed(row)[1]


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
        _round, opponent, colour, kind, points = entry
        if opponent:
            head = f"{opponent}{self.colour[colour]}"
            if kind == "pending":
                # "12B ?", not "12B–": a dash would look like the forfeit loss "12B−".
                return f"{head} ?"
            if kind == "forfeit-win":
                return f"{head}+"
            if kind == "forfeit-loss":
                return f"{head}−"
            return f"{head}{points}"
        if kind == "absent":
            return self.absent
        return f"{self.bye[kind]} {points}"

    def cells_html(self, entries: tuple[Entry, ...]) -> str:
        """The row's ``<td>`` cells (the templates would take 10 times longer)."""
        # Safe: the labels and titles are escaped above; the rest are numbers and kinds.
        return mark_safe(
            "".join(
                f'<td class="cell cell-{e[3]}" data-round="{e[0]}" '
                f'title="{self.title(e[0], e[3])}">{self.text(e)}</td>'
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


def display_rows(summary: Summary, cells: Cells | None = None) -> list[DisplayRow]:
    """The standings as the templates show them; with the crosstable cells if ``cells``."""
    if cells is None:
        return [DisplayRow(*row, cells_html="") for row in summary.rows]
    labels = CellLabels()
    return [
        DisplayRow(*row, cells_html=labels.cells_html(entries))
        for row, entries in zip(summary.rows, cells, strict=True)
    ]
