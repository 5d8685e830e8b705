"""What each printed document holds, built from the core's values: no database, no request.

The web pages (``documents.services``) and the ``chessclub document`` command build the same
values here and render the same templates with them. Every builder takes a core
:class:`chessclub.model.Tournament` (and, for the standings documents, the
:class:`~chessclub_web.tournaments.presentation.Summary` and crosstable entries the
*Classement* and *Grille américaine* show) and returns frozen values holding text ready to
print in the current language: points as ``4½``, ranks as ``3–5``, colours as the language's
letters. No chess arithmetic here: points, ranks and tiebreak values come from the core
(:func:`chessclub.standings.compute_standings`, through the presentation's summary).

Shapes: a round number is an ``int`` ≥ 1; a player is named by pairing number (``int``);
ratings are Elo points or ``None``; a list is in the order the document prints it.
"""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from chessclub.model import (
    ZERO,
    ByeKind,
    Colour,
    Outcome,
    PairingNumber,
    Player,
    Points,
    Round,
    RoundEntry,
    ScoringSystem,
    Tournament,
)
from chessclub.standings import compute_standings
from chessclub.tiebreaks import RuleEra
from chessclub_web.tournaments.presentation import (
    ANNULLED,
    Cells,
    Entry,
    Summary,
    points_label,
    shown_tiebreaks,
    value_label,
)

#: Result slips printed on one A4 page (two columns of three), cut along the dashed lines.
SLIPS_PER_PAGE = 6

#: A crosstable with more cells than this (rows × columns) prints each row as one aligned
#: monospaced line instead of a table cell per value: the PDF of a 1,000-player Swiss stays a
#: matter of seconds. The paper shows the same values.
DENSE_CELLS = 6000

#: A crosstable with more columns than this (rounds, points and tiebreaks besides rank,
#: number, name and rating), or a round-robin table with more players, is printed on A4
#: landscape.
PORTRAIT_COLUMNS = 12
PORTRAIT_PLAYERS = 12

T = TypeVar("T")


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order as arbiters expect it: accents and case ignored first
    (``Émile`` beside ``Emile``), then the exact spelling to keep the order stable."""
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return (plain.casefold(), name)


def chunks(items: Sequence[T], size: int) -> list[list[T]]:
    """``items`` cut in lists of ``size`` (the last one shorter)."""
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def colour_letter(colour: str) -> str:
    """``W``/``B`` (the core's and the presentation's letters) in the current language
    (``B``/``N`` in French)."""
    return pgettext("colour letter", "W") if colour == "W" else pgettext("colour letter", "B")


def short_date(value: datetime.date | None) -> str:
    """The date as the language writes it short (``18/02/2000``), ``""`` when unknown."""
    return date_format(value, "SHORT_DATE_FORMAT") if value else ""


def bye_label(kind: ByeKind) -> str:
    """What a round without opponent is, in words: *Pairing-allocated bye*, *Absent*…"""
    return {
        ByeKind.PAIRING_ALLOCATED: _("Pairing-allocated bye"),
        ByeKind.HALF_POINT: _("Half-point bye"),
        ByeKind.FULL_POINT: _("Full-point bye"),
        ByeKind.ZERO_POINT: _("Zero-point bye"),
        ByeKind.ABSENT: _("Absent"),
    }[kind]


# --- The header every document prints ---------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    """The header of a document: the tournament's name, the document's title (``Pairings``),
    the round it is of (``None``: not a round's document), a date line (the round's date, else
    the tournament's dates) and the place. ``running`` is the line repeated at the top of every
    page (title and round)."""

    tournament: str
    title: str
    round: int | None = None
    date: str = ""
    place: str = ""
    subtitle: str = ""

    @property
    def running(self) -> str:
        return f"{self.title} — {self.subtitle}" if self.subtitle else self.title


def tournament_dates(t: Tournament) -> str:
    """``12/02/2000 – 25/03/2000``, one date when it is one day, ``""`` when unknown."""
    start, end = short_date(t.start_date), short_date(t.end_date)
    if start and end and start != end:
        return f"{start} – {end}"
    return start or end


def heading(
    t: Tournament, title: str, round_number: int | None = None, subtitle: str = ""
) -> Heading:
    """The header of a document of ``t`` titled ``title``, of round ``round_number`` if given
    (its date when the round has one). ``subtitle`` defaults to *Round N*."""
    date = tournament_dates(t)
    if round_number is not None:
        rnd = t.round(round_number)
        if rnd is not None and rnd.date is not None:
            date = short_date(rnd.date)
        if not subtitle:
            subtitle = _("Round %(number)s") % {"number": round_number}
    return Heading(t.name, title, round_number, date, t.city, subtitle)


# --- 1. Start list and check-in list ----------------------------------------------------------


@dataclass(frozen=True)
class PlayerLine:
    """A player as the lists print them."""

    number: int
    title: str
    name: str
    rating: str
    federation: str
    club: str
    fide_id: str
    note: str = ""


@dataclass(frozen=True)
class Count:
    label: str
    value: int


@dataclass(frozen=True)
class StartList:
    """The players in the document's ``order`` (``number``, ``name`` or ``rating``) and the
    counts printed under them."""

    order: str
    players: tuple[PlayerLine, ...]
    counts: tuple[Count, ...]


#: The start list's orders: by pairing number, alphabetical, by rating (highest first).
ORDERS = ("number", "name", "rating")


def rating_text(player: Player) -> str:
    """``2150``, ``1600*`` for a fictitious rating (Belgian ``***``), ``""`` when unrated."""
    if player.rating is None:
        return ""
    return f"{player.rating}*" if player.fictitious_rating else str(player.rating)


def _player_line(t: Tournament, player: Player) -> PlayerLine:
    withdrawn = t.withdrawals.get(player.pairing_number)
    note = _("withdrawn from round %(round)s") % {"round": withdrawn} if withdrawn else ""
    return PlayerLine(
        number=int(player.pairing_number),
        title=player.title,
        name=player.name,
        rating=rating_text(player),
        federation=player.federation,
        club=player.club,
        fide_id=player.fide_id,
        note=note,
    )


def ordered_players(t: Tournament, order: str) -> list[Player]:
    """``t``'s players by pairing number, by name (:func:`sort_key`) or by rating, highest
    first (unrated last, then by name). ``ValueError`` for another order."""
    players = list(t.players)
    if order == "number":
        return sorted(players, key=lambda p: int(p.pairing_number))
    if order == "name":
        return sorted(players, key=lambda p: sort_key(p.name))
    if order == "rating":
        return sorted(players, key=lambda p: (-(p.rating or -1), sort_key(p.name)))
    raise ValueError(f"no such order: {order!r}")


def start_list(t: Tournament, order: str = "number") -> StartList:
    """The start list (No., title, name, rating, federation, club, FIDE ID) in ``order``,
    with the counts: players, rated, titled, federations, clubs, withdrawn."""
    players = ordered_players(t, order)
    counts = [
        Count(_("Players"), len(players)),
        Count(_("Rated"), sum(1 for p in players if p.rating is not None)),
        Count(_("Titled"), sum(1 for p in players if p.title)),
        Count(_("Federations"), len({p.federation for p in players if p.federation})),
        Count(_("Clubs"), len({p.club for p in players if p.club})),
    ]
    if t.withdrawals:
        counts.append(Count(_("Withdrawn"), len(t.withdrawals)))
    return StartList(order, tuple(_player_line(t, p) for p in players), tuple(counts))


def check_in_list(t: Tournament) -> tuple[PlayerLine, ...]:
    """The check-in list's lines: every player, alphabetical (the order players are found in
    at the door); the Paid and Owed columns are printed empty, with their total row."""
    return tuple(_player_line(t, p) for p in ordered_players(t, "name"))


# --- 2. Pairings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    """One player of a board: pairing number, title, name, rating and points before the
    round (``2½``)."""

    number: int
    title: str
    name: str
    rating: str
    points: str


@dataclass(frozen=True)
class BoardLine:
    """A board of the round: White on the left; ``result`` the entered result (``1-0``,
    ``½-½``, ``+/-``…), ``""`` when none is entered or the document leaves it to fill."""

    board: int
    white: Side
    black: Side
    result: str = ""


@dataclass(frozen=True)
class Unpaired:
    """A player without a board this round: a bye (with the points it gives) or an absence."""

    number: int
    name: str
    what: str
    points: str


@dataclass(frozen=True)
class AlphaLine:
    """A player's line of the alphabetical pairing list: where to sit (board, colour letter)
    and against whom; ``board`` 0 and ``what`` set for a bye or an absence."""

    name: str
    number: int
    points: str
    board: int
    colour: str
    opponent: str
    opponent_number: int
    what: str = ""


@dataclass(frozen=True)
class Pairings:
    """A round's pairings: boards in board order, then the players without a board."""

    round: int
    boards: tuple[BoardLine, ...]
    unpaired: tuple[Unpaired, ...]
    alphabetical: tuple[AlphaLine, ...] = ()


def points_before(t: Tournament, round_number: int) -> dict[int, Points]:
    """Each player's points before round ``round_number`` (pairing number → points), over the
    results entered in the earlier rounds (spec S1: only entered results count)."""
    return {
        int(number): sum((e.points for e in entries if e.round < round_number), ZERO)
        for number, entries in t.entries().items()
    }


def _side(t: Tournament, number: PairingNumber, points: dict[int, str]) -> Side:
    player = t.player(number)
    return Side(
        int(number),
        player.title,
        player.name,
        rating_text(player),
        points.get(int(number), points_label(ZERO)),
    )


def _boards(rnd: Round) -> list[tuple[int, int, int, str]]:
    """``(board, white, black, result code)`` of the round's games in board order (a game
    without board number takes its place in the round's order)."""
    rows = [
        (game.board if game.board is not None else index, game.white, game.black, game.result)
        for index, game in enumerate(rnd.games, start=1)
    ]
    return [(b, int(w), int(k), r.value) for b, w, k, r in sorted(rows, key=lambda x: x[0])]


def _result_text(code: str) -> str:
    return "" if code == "–" else code


def pairings(
    t: Tournament,
    round_number: int,
    *,
    with_results: bool = False,
    points: dict[int, str] | None = None,
    absent: dict[int, str] | None = None,
) -> Pairings:
    """The pairings of round ``round_number`` of ``t``: every board (White's and Black's
    number, title, name, rating and points before the round), the players with a bye (and its
    points) or absent (in the round's byes, or not in the round at all though not withdrawn
    before it), and the alphabetical list (each player's board, colour and opponent).
    ``with_results`` fills the result column with the entered results (the results list).

    A club system's evening (K27) gives ``points``: each player's points before the round as
    it counts them (a Keizer evening's Keizer points; pairing number → text; a bye's points
    are then its share of a value, not printed), and ``absent``: what each player without a
    board is, in words (a Keizer evening's attendance: *Excused*…), else *Not paired*.
    ``KeyError`` when ``t`` has no such round."""
    rnd = t.round(round_number)
    if rnd is None:
        raise KeyError(round_number)
    if points is None:
        before = {n: points_label(p) for n, p in points_before(t, round_number).items()}
    else:
        before = dict(points)
    zero = points_label(ZERO)
    boards: list[BoardLine] = []
    alpha: list[AlphaLine] = []
    white_letter, black_letter = colour_letter("W"), colour_letter("B")
    for board, white, black, code in _boards(rnd):
        w = _side(t, PairingNumber(white), before)
        b = _side(t, PairingNumber(black), before)
        boards.append(BoardLine(board, w, b, _result_text(code) if with_results else ""))
        alpha.append(AlphaLine(w.name, w.number, w.points, board, white_letter, b.name, b.number))
        alpha.append(AlphaLine(b.name, b.number, b.points, board, black_letter, w.name, w.number))
    unpaired: list[Unpaired] = []
    seen = set(int(p) for p in rnd.participants())
    for bye in sorted(rnd.byes, key=lambda b: int(b.player)):
        player = t.player(bye.player)
        what = bye_label(bye.kind)
        gives = points_label(t.scoring.for_bye(bye.kind)) if points is None else ""
        unpaired.append(Unpaired(int(bye.player), player.name, what, gives))
        alpha.append(
            AlphaLine(
                player.name,
                int(bye.player),
                before.get(int(bye.player), zero),
                0,
                "",
                "",
                0,
                f"{what} ({gives})" if gives else what,
            )
        )
    for player in sorted(t.players, key=lambda p: int(p.pairing_number)):
        number = int(player.pairing_number)
        withdrawn = t.withdrawals.get(player.pairing_number)
        if number in seen or (withdrawn is not None and withdrawn <= round_number):
            continue
        what = (absent or {}).get(number) or _("Not paired")
        unpaired.append(Unpaired(number, player.name, what, "" if points is not None else zero))
        alpha.append(AlphaLine(player.name, number, before.get(number, zero), 0, "", "", 0, what))
    alpha.sort(key=lambda line: sort_key(line.name))
    return Pairings(round_number, tuple(boards), tuple(unpaired), tuple(alpha))


# --- 3. Result slips --------------------------------------------------------------------------


@dataclass(frozen=True)
class SlipPage:
    """One A4 page of result slips: up to :data:`SLIPS_PER_PAGE` boards, in board order."""

    slips: tuple[BoardLine, ...]

    @property
    def rows(self) -> list[tuple[BoardLine | None, BoardLine | None]]:
        """The page's slips two by two (left, right; ``None`` for an empty place)."""
        pairs = chunks(self.slips, 2)
        return [(pair[0], pair[1] if len(pair) > 1 else None) for pair in pairs]


def result_slips(t: Tournament, round_number: int) -> tuple[SlipPage, ...]:
    """The result slips of round ``round_number``: one per board (tournament, round, board,
    White and Black with number and rating), :data:`SLIPS_PER_PAGE` a page in board order so
    that the pile is dealt out as cut. ``KeyError`` when ``t`` has no such round."""
    boards = pairings(t, round_number).boards
    return tuple(SlipPage(tuple(page)) for page in chunks(boards, SLIPS_PER_PAGE))


# --- 4. Standings -----------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingLine:
    rank: str
    number: int
    title: str
    name: str
    rating: str
    federation: str
    club: str
    points: str
    tiebreaks: tuple[str, ...]
    annulled: bool = False


@dataclass(frozen=True)
class Standings:
    """The standings after round ``after_round`` (0: no round yet) under ``codes``."""

    after_round: int
    codes: tuple[str, ...]
    lines: tuple[StandingLine, ...]


def _players(t: Tournament) -> dict[int, Player]:
    return {int(p.pairing_number): p for p in t.players}


def standings(t: Tournament, summary: Summary, after_round: int) -> Standings:
    """The *Classement* of ``summary`` (ranks, points and tiebreak values as the page shows
    them) with each player's title, federation and club from ``t``."""
    players = _players(t)
    shown = shown_tiebreaks(summary)
    lines = []
    for row, tiebreaks in zip(summary.rows, shown, strict=True):
        player = players.get(row.pairing_number)
        lines.append(
            StandingLine(
                rank=row.rank,
                number=row.pairing_number,
                title=player.title if player else "",
                name=row.name,
                rating=f"{row.rating}*" if row.fictitious_rating and row.rating else row.rating,
                federation=player.federation if player else "",
                club=player.club if player else "",
                points=row.points,
                tiebreaks=tiebreaks,
                annulled=row.annulled,
            )
        )
    return Standings(after_round, summary.codes, tuple(lines))


@dataclass(frozen=True)
class KeizerLine:
    """A line of the Keizer standings (spec §1.6, K27): rank, pairing number, name, rating,
    current value, Keizer points, and for information the game points and games played;
    ``withdrawn`` marks a player who left."""

    rank: int
    number: int
    name: str
    rating: str
    value: int
    points: str
    game_points: str
    games: int
    withdrawn: bool = False


@dataclass(frozen=True)
class KeizerStandings:
    """The Keizer ranking after evening ``after`` (0: before the first, the rating order);
    ``converged`` False when the recalculation did not settle (K5)."""

    after: int
    lines: tuple[KeizerLine, ...]
    converged: bool = True


# --- 5. Crosstables ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CrossLine:
    """A crosstable row: place (1, 2, 3…: what the cells refer to), rank as the standings
    write it, the player, one cell per round, points and tiebreak values."""

    place: int
    rank: str
    number: int
    title: str
    name: str
    rating: str
    cells: tuple[str, ...]
    points: str
    tiebreaks: tuple[str, ...]
    kinds: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class Crosstable:
    """The Swiss crosstable (*grille américaine*): rows in rank order; each cell names the
    opponent by **place** in this table, then the colour letter and the result from the row's
    side (``12B1``: against the 12th, with Black, won; ``+``/``−`` forfeits; ``Bye ½``,
    ``PAB 1``, ``Abs.``), an annulled game in brackets. ``dense`` prints each row as one
    aligned monospaced line (``CrossLine.text``, under ``head``) when the table has more than
    :data:`DENSE_CELLS` cells."""

    rounds: tuple[int, ...]
    codes: tuple[str, ...]
    lines: tuple[CrossLine, ...]
    dense: bool = False
    head: str = ""

    @property
    def landscape(self) -> bool:
        return len(self.rounds) + 1 + len(self.codes) > PORTRAIT_COLUMNS


def _cell_text(entry: Entry, place_of: dict[int, int], labels: dict[str, str]) -> str:
    """A crosstable cell, the opponent by place: ``12B1``, ``12B+``, ``12B−``, ``12B ?``,
    ``Bye ½``, ``PAB 1``, ``Abs.``, ``(12B1)`` when annulled."""
    round_number, opponent, colour, kind, points = entry
    if kind.startswith(ANNULLED):
        plain = (round_number, opponent, colour, kind.removeprefix(ANNULLED), points)
        return f"({_cell_text(plain, place_of, labels)})"
    if opponent:
        head = f"{place_of.get(opponent, opponent)}{labels[colour]}"
        if kind == "pending":
            return f"{head} ?"
        if kind == "forfeit-win":
            return f"{head}+"
        if kind == "forfeit-loss":
            return f"{head}−"
        return f"{head}{points}"
    if kind == "absent":
        return labels["absent"]
    return f"{labels[kind]} {points}"


def cell_labels() -> dict[str, str]:
    """The crosstable's words in the current language (the *Grille américaine*'s)."""
    bye = pgettext("crosstable", "Bye")
    return {
        "W": colour_letter("W"),
        "B": colour_letter("B"),
        "absent": pgettext("crosstable", "Abs."),
        "bye-u": pgettext("crosstable", "PAB"),
        "bye-h": bye,
        "bye-f": bye,
        "bye-z": bye,
    }


def crosstable(t: Tournament, summary: Summary, cells: Cells) -> Crosstable:
    """The Swiss crosstable of ``summary`` and its ``cells`` (the *Grille américaine*'s
    entries), opponents referred to by place; dense when it has more than
    :data:`DENSE_CELLS` cells."""
    players = _players(t)
    labels = cell_labels()
    place_of = {row.pairing_number: place for place, row in enumerate(summary.rows, start=1)}
    rounds = tuple(number for number, _date in summary.rounds)
    shown = shown_tiebreaks(summary)
    lines = []
    for place, (row, entries) in enumerate(zip(summary.rows, cells, strict=True), start=1):
        by_round = {e[0]: e for e in entries}
        texts = tuple(
            _cell_text(by_round[r], place_of, labels) if r in by_round else "" for r in rounds
        )
        kinds = tuple(by_round[r][3] if r in by_round else "" for r in rounds)
        player = players.get(row.pairing_number)
        lines.append(
            CrossLine(
                place=place,
                rank=row.rank,
                number=row.pairing_number,
                title=player.title if player else "",
                name=row.name,
                rating=row.rating,
                cells=texts,
                points=row.points,
                tiebreaks=shown[place - 1],
                kinds=kinds,
            )
        )
    dense = len(lines) * (len(rounds) + len(summary.codes) + 5) > DENSE_CELLS
    if not dense:
        return Crosstable(rounds, summary.codes, tuple(lines))
    return _dense(rounds, summary.codes, lines)


#: The widest name a dense crosstable prints (longer ones end with ``…``).
DENSE_NAME = 30


def _dense(rounds: tuple[int, ...], codes: tuple[str, ...], lines: list[CrossLine]) -> Crosstable:
    """The crosstable with each row as one monospaced line, its columns aligned by padding
    (rank, number, title and name, rating, the rounds, points, tiebreaks): a big open's
    crosstable lays out in a fraction of the time of a table cell per value."""
    heads = [
        _("Rank"),
        _("No."),
        _("Name"),
        _("Elo"),
        *(pgettext("round abbreviation", "R") + str(r) for r in rounds),
        _("Points"),
        *codes,
    ]
    names = [f"{line.title} {line.name}" if line.title else line.name for line in lines]
    names = [n if len(n) <= DENSE_NAME else n[: DENSE_NAME - 1] + "…" for n in names]
    table = [
        [line.rank, str(line.number), name, line.rating, *line.cells, line.points, *line.tiebreaks]
        for line, name in zip(lines, names, strict=True)
    ]
    widths = [max([len(head), *(len(row[i]) for row in table)]) for i, head in enumerate(heads)]

    def text(values: Sequence[str]) -> str:
        parts = [
            value.ljust(width) if column == 2 else value.rjust(width)
            for column, (value, width) in enumerate(zip(values, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    dense_lines = tuple(
        CrossLine(**{**line.__dict__, "text": text(row)})
        for line, row in zip(lines, table, strict=True)
    )
    return Crosstable(rounds, codes, dense_lines, dense=True, head=text(heads))


@dataclass(frozen=True)
class SquareCell:
    """One cell of the round-robin table: the row player's results against the column's, in
    round order, each as ``(result, colour letter)`` (``("1", "W")``, ``("½", "B")``,
    ``("+", "W")`` forfeit won, ``("−", "B")`` lost, ``("?", "W")`` no result yet); an
    annulled game's result in brackets. ``own`` marks the diagonal."""

    games: tuple[tuple[str, str], ...] = ()
    own: bool = False


@dataclass(frozen=True)
class SquareLine:
    place: int
    rank: str
    number: int
    title: str
    name: str
    federation: str
    rating: str
    cells: tuple[SquareCell, ...]
    points: str
    tiebreaks: tuple[str, ...]


@dataclass(frozen=True)
class SquareTable:
    """The round robin's square table (*tableau croisé*): rows and columns in rank order
    (column ``k`` is the player of place ``k``), diagonal crossed, then points, tiebreaks."""

    codes: tuple[str, ...]
    lines: tuple[SquareLine, ...]

    @property
    def size(self) -> int:
        return len(self.lines)

    @property
    def landscape(self) -> bool:
        return self.size > PORTRAIT_PLAYERS


_SQUARE_RESULT = {"forfeit-win": "+", "forfeit-loss": "−", "pending": "?"}


def square_table(t: Tournament, summary: Summary, cells: Cells) -> SquareTable:
    """The round robin's square table of ``summary`` and its ``cells``: each cell holds the
    row player's games against the column player (two in a double round robin), the result
    with the row player's colour. A pairing-allocated bye is no opponent (never a column)."""
    players = _players(t)
    places = [row.pairing_number for row in summary.rows]
    shown = shown_tiebreaks(summary)
    lines = []
    for place, (row, entries) in enumerate(zip(summary.rows, cells, strict=True), start=1):
        against: dict[int, list[tuple[str, str]]] = {}
        for _round, opponent, colour, kind, points in sorted(entries, key=lambda e: e[0]):
            if not opponent:
                continue
            plain = kind.removeprefix(ANNULLED)
            result = _SQUARE_RESULT.get(plain, points)
            if kind.startswith(ANNULLED):
                result = f"({result})"
            against.setdefault(opponent, []).append((result, colour_letter(colour)))
        player = players.get(row.pairing_number)
        lines.append(
            SquareLine(
                place=place,
                rank=row.rank,
                number=row.pairing_number,
                title=player.title if player else "",
                name=row.name,
                federation=player.federation if player else "",
                rating=row.rating,
                cells=tuple(
                    SquareCell(own=True)
                    if other == row.pairing_number
                    else SquareCell(tuple(against.get(other, ())))
                    for other in places
                ),
                points=row.points,
                tiebreaks=shown[place - 1],
            )
        )
    return SquareTable(summary.codes, tuple(lines))


# --- 6. Player cards --------------------------------------------------------------------------


@dataclass(frozen=True)
class CardLine:
    """One round of a player's card: board (0 without game), colour letter, opponent
    (number, name, rating), the result from the player's side (``1``, ``½``, ``0``, ``+``,
    ``−``, ``""`` not entered yet; a bye or an absence in words) and the score after it."""

    round: int
    board: int
    colour: str
    opponent_number: int
    opponent: str
    opponent_rating: str
    result: str
    score: str


@dataclass(frozen=True)
class PlayerCard:
    """A player's card: their games by round, points, rank, and (when the core can compute
    them) the average rating of the opponents met over the board (``aro``) and the
    tournament performance rating (``tpr``, FIDE C.07 Art. 10.2)."""

    number: int
    title: str
    name: str
    rating: str
    rank: str
    points: str
    games: tuple[CardLine, ...]
    aro: str = ""
    tpr: str = ""


#: The tiebreak codes the cards' performance comes from (the core's catalogue, C.07 Art. 10).
PERFORMANCE_CODES = ("ARO", "TPR")


def performance(t: Tournament, era: RuleEra | None = None) -> dict[int, tuple[str, str]]:
    """Each player's ``(ARO, TPR)`` as the core's tiebreaks compute them, ``""`` where they
    cannot be computed (no rated opponent met over the board)."""
    found: dict[int, tuple[str, str]] = {}
    for row in compute_standings(t, PERFORMANCE_CODES, era=era):
        aro, tpr = (row.tiebreaks.get(code) for code in PERFORMANCE_CODES)
        found[int(row.pairing_number)] = (
            value_label(aro) if aro is not None else "",
            value_label(tpr) if tpr is not None else "",
        )
    return found


def _card_result(entry: RoundEntry, scoring: ScoringSystem) -> str:
    """A game's result from the player's side: the points (``1``, ``½``, ``0`` under FIDE
    scoring), ``+``/``−`` for a forfeit, ``""`` before a result is entered; an annulled game's
    board result in brackets."""
    if entry.outcome is None:
        return ""
    if entry.outcome is Outcome.FORFEIT_WIN:
        text = "+"
    elif entry.outcome is Outcome.FORFEIT_LOSS:
        text = "−"
    else:
        # The board's own result: an annulled game counts none of it (in brackets).
        text = points_label(scoring.for_outcome(entry.outcome))
    return f"({text})" if entry.annulled else text


def player_cards(
    t: Tournament,
    summary: Summary,
    *,
    only: int | None = None,
    era: RuleEra | None = None,
) -> tuple[PlayerCard, ...]:
    """The cards of every player by pairing number (``only``: that player's alone): each
    round of ``t`` with its board, the colour, the opponent, the result and the score after
    the round (the points the standings count, spec S1); rank and points from ``summary``.
    ``KeyError`` when ``only`` is no player of ``t``."""
    players = _players(t)
    if only is not None and only not in players:
        raise KeyError(only)
    boards: dict[tuple[int, int], int] = {}
    for rnd in t.rounds:
        for board, white, black, _code in _boards(rnd):
            boards[(int(rnd.number), white)] = boards[(int(rnd.number), black)] = board
    perf = performance(t, era)
    entries = t.entries()
    ranked = {row.pairing_number: row for row in summary.rows}
    cards = []
    for number in sorted(players):
        if only is not None and number != only:
            continue
        player = players[number]
        running = ZERO
        lines = []
        for entry in entries.get(PairingNumber(number), []):
            running += entry.points
            round_number = int(entry.round)
            if entry.opponent is not None and entry.colour is not None:
                other = players.get(int(entry.opponent))
                lines.append(
                    CardLine(
                        round_number,
                        boards.get((round_number, number), 0),
                        colour_letter("W" if entry.colour is Colour.WHITE else "B"),
                        int(entry.opponent),
                        other.name if other else "",
                        rating_text(other) if other else "",
                        _card_result(entry, t.scoring),
                        points_label(running),
                    )
                )
            else:
                kind = entry.bye if entry.bye is not None else ByeKind.ABSENT
                what = bye_label(kind)
                shown = "" if kind is ByeKind.ABSENT else points_label(t.scoring.for_bye(kind))
                lines.append(
                    CardLine(round_number, 0, "", 0, what, "", shown, points_label(running))
                )
        row = ranked.get(number)
        aro, tpr = perf.get(number, ("", ""))
        cards.append(
            PlayerCard(
                number=number,
                title=player.title,
                name=player.name,
                rating=rating_text(player),
                rank=row.rank if row else "",
                points=row.points if row else points_label(running),
                games=tuple(lines),
                aro=aro,
                tpr=tpr,
            )
        )
    return tuple(cards)


# --- 7. Team events ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamBoard:
    """A board of a team match: the home (first-named) team's player and the away team's,
    each with rating (``""``: nobody fielded), the home player's colour letter, and the
    result entered (``""`` when none or when the document leaves it to fill)."""

    board: int
    home_colour: str
    home: str
    home_rating: str
    away: str
    away_rating: str
    result: str = ""


@dataclass(frozen=True)
class MatchSheet:
    """A team match of a round: table number, the two teams, their boards, the score when
    results are entered (``2½ – 1½``, ``""`` otherwise)."""

    table: int
    home: str
    away: str
    boards: tuple[TeamBoard, ...]
    score: str = ""


@dataclass(frozen=True)
class TeamRoundDocument:
    """A team event's round: its matches in table order and the teams without a match (a bye
    in words)."""

    round: int
    matches: tuple[MatchSheet, ...]
    byes: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class TeamStandingLine:
    rank: str
    number: int
    name: str
    match_points: str
    game_points: str
    tiebreaks: tuple[str, ...]
    cells: tuple[str, ...] = ()


@dataclass(frozen=True)
class TeamStandings:
    after_round: int
    codes: tuple[str, ...]
    rounds: tuple[int, ...]
    lines: tuple[TeamStandingLine, ...] = field(default_factory=tuple)
