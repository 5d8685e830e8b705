"""What the *Classement* and *Grille américaine* show, built from the core's standings.

No chess arithmetic here: ranks, points and per-round entries come from
:func:`chessclub.standings.compute_standings`; this module only chooses how to write them
(``4½``, ``3–5``, ``12N1``) in the user's language.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from chessclub.model import ByeKind, Colour, Outcome, Points, RoundEntry, format_points
from chessclub.standings import StandingRow


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


@dataclass(frozen=True, slots=True)
class Cell:
    """One crosstable cell: its text, a CSS class naming its kind, and a tooltip."""

    round: int
    text: str
    kind: str
    title: str


@dataclass(frozen=True, slots=True)
class DisplayRow:
    rank: str
    pairing_number: int
    name: str
    rating: str
    fictitious_rating: bool
    points: str
    games_played: int
    cells: tuple[Cell, ...]


def colour_letter(colour: Colour) -> str:
    if colour is Colour.WHITE:
        return pgettext("colour letter", "W")
    return pgettext("colour letter", "B")


def _bye_cell(entry: RoundEntry) -> Cell:
    kind = entry.bye
    points = points_label(entry.points)
    if kind is ByeKind.PAIRING_ALLOCATED:
        return Cell(
            entry.round,
            f"{pgettext('crosstable', 'PAB')} {points}",
            "bye-u",
            _("Pairing-allocated bye"),
        )
    if kind is ByeKind.HALF_POINT:
        return Cell(
            entry.round, f"{pgettext('crosstable', 'Bye')} {points}", "bye-h", _("Half-point bye")
        )
    if kind is ByeKind.FULL_POINT:
        return Cell(
            entry.round, f"{pgettext('crosstable', 'Bye')} {points}", "bye-f", _("Full-point bye")
        )
    if kind is ByeKind.ZERO_POINT:
        return Cell(
            entry.round, f"{pgettext('crosstable', 'Bye')} {points}", "bye-z", _("Zero-point bye")
        )
    return Cell(entry.round, pgettext("crosstable", "Abs."), "absent", _("Absent"))


def cell(entry: RoundEntry) -> Cell:
    """The crosstable cell of one player's round, from the player's side.

    The tooltip names the round: "Round 3: Win".
    """
    plain = _cell(entry)
    title = _("Round %(number)s: %(what)s") % {"number": entry.round, "what": plain.title}
    return Cell(plain.round, plain.text, plain.kind, title)


def _cell(entry: RoundEntry) -> Cell:
    if entry.opponent is None or entry.colour is None:
        return _bye_cell(entry)
    head = f"{entry.opponent}{colour_letter(entry.colour)}"
    outcome = entry.outcome
    if outcome is None:
        # "12B ?", not "12B–": a dash would look like the forfeit loss "12B−".
        return Cell(entry.round, f"{head} ?", "pending", _("No result yet"))
    if outcome is Outcome.FORFEIT_WIN:
        return Cell(entry.round, f"{head}+", "forfeit-win", _("Won by forfeit"))
    if outcome is Outcome.FORFEIT_LOSS:
        return Cell(entry.round, f"{head}−", "forfeit-loss", _("Lost by forfeit"))
    kind = {Outcome.WIN: "win", Outcome.DRAW: "draw", Outcome.LOSS: "loss"}[outcome]
    title = {Outcome.WIN: _("Win"), Outcome.DRAW: _("Draw"), Outcome.LOSS: _("Loss")}[outcome]
    return Cell(entry.round, f"{head}{points_label(entry.points)}", kind, title)


def display_rows(rows: list[StandingRow]) -> list[DisplayRow]:
    """The standings as the templates show them (same order as ``rows``)."""
    return [
        DisplayRow(
            rank=rank,
            pairing_number=int(row.player.pairing_number),
            name=row.player.name,
            rating=str(row.player.rating) if row.player.rating is not None else "",
            fictitious_rating=row.player.fictitious_rating,
            points=points_label(row.points),
            games_played=row.games_played,
            cells=tuple(cell(e) for e in row.entries),
        )
        for rank, row in zip(rank_labels(rows), rows, strict=True)
    ]
