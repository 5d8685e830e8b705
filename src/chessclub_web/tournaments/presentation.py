"""What the *Classement* and *Grille américaine* show, built from the core's standings.

No chess arithmetic here: ranks, points, tiebreak values and per-round entries come from
:func:`chessclub.standings.compute_standings` (under the tournament's settings, read by
``adapters.standings_settings``), explanations from :func:`chessclub.tiebreaks.explain`; this
module only chooses how to write them (``4½``, ``3–5``, ``12N1``, ``16¾``) in the user's language.

Annulled games (product spec, Entries: "Annulled games"; S2): the core marks the rounds of a
round robin withdrawer whose results are annulled (``RoundEntry.annulled``,
``StandingRow.annulled``); the crosstable writes such a cell in parentheses, ``(12N1)``, with its
own class and tooltip and a legend entry, and both pages say the player's results are annulled.

The language-independent part (ranks, points, one :class:`Entry` per round) is computed once
per tournament revision and round and kept in Django's cache (:func:`tournament_summary`); a
page then only translates a handful of labels (:class:`CellLabels`) and, for the crosstable
only, writes the cells.

Standings after round N (spec S1, S3: only results entered count, up to a published round):
``after_round=N`` computes them from the tournament as it stood after round N
(:meth:`chessclub.model.Tournament.through_round`: the published rounds numbered N or less, the
withdrawals begun by then); ``None`` (or N at or past the last published round) gives the
standings after the last published round, as every page showed them before a round was chosen.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple
from urllib.parse import quote

from django.conf import settings as django_settings
from django.core.cache import cache, caches
from django.utils.formats import get_format
from django.utils.functional import Promise
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy, pgettext
from django.utils.translation import gettext as _

from chessclub.model import (
    ByeKind,
    Colour,
    Outcome,
    PairingNumber,
    Points,
    Round,
    RoundEntry,
    ScoringSystem,
    Tournament,
    format_points,
)
from chessclub.standings import StandingRow, compute_standings
from chessclub.tiebreaks import (
    CATALOGUE,
    Contribution,
    Explanation,
    Note,
    NoteParam,
    RuleEra,
    TiebreakSpec,
    TiebreakValue,
    explain,
    format_value,
)
from chessclub_web.tournaments.adapters import (
    StandingsSettings,
    load_tournament,
    standings_settings,
)
from chessclub_web.tournaments.problems import translate


def points_label(points: Points) -> str:
    """``5``, ``4½``, ``½``."""
    return format_points(points, half_sign="½")


_QUARTERS = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}


def value_label(value: TiebreakValue) -> str:
    """A tiebreak value as arbiters read it, like the points column: ``25``, ``27½``, ``16¾``,
    ``2081``; other fractions as decimals with a point (``13.40``: :func:`localized` writes
    the language's separator); ``–`` when the value cannot be computed."""
    if value is None:
        return "–"
    if isinstance(value, int) or value.denominator == 1:
        return str(int(value))
    if value > 0 and value.denominator in (2, 4):
        whole = value.numerator // value.denominator
        return f"{whole or ''}{_QUARTERS[value - whole]}"
    return format_value(value)


def localized(label: str, separator: str) -> str:
    """``label`` with the decimal point written as ``separator`` (the language's)."""
    return label.replace(".", separator) if separator != "." else label


def rank_labels(rows: list[StandingRow]) -> list[str]:
    """Rank of every row; players who share a rank show its range (``3–5``); a withdrawer
    whose results are annulled is not ranked (``–``)."""
    sizes = Counter(row.rank for row in rows)
    labels = []
    for row in rows:
        if row.annulled:
            labels.append("–")
            continue
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


#: Prefix of the kind of an annulled cell (``annulled-win``, ``annulled-bye-u``…).
ANNULLED = "annulled-"

#: One player's round, in language-independent terms: ``(round, opponent, colour, kind,
#: points)``; ``opponent`` 0 and ``colour`` "" for a bye or an absence, ``colour`` "W" or "B"
#: otherwise; ``kind`` names the cell (``win``, ``bye-h``…), prefixed with :data:`ANNULLED`
#: for an annulled round, whose ``points`` are then those of the board's result (the standings
#: count none). Plain tuples: a big tournament's crosstable holds 180,000 of them, in the cache
#: too.
Entry = tuple[int, int, str, str, str]


class SummaryRow(NamedTuple):
    """One line of the standings, as every language shows it (``tiebreaks``: one label per
    code of :attr:`Summary.codes`; ``lot``: the drawn lot number when lots decided a tie)."""

    rank: str
    pairing_number: int
    name: str
    rating: str
    fictitious_rating: bool
    points: str
    games_played: int
    tiebreaks: tuple[str, ...] = ()
    lot: int | None = None
    annulled: bool = False


#: One row's exact values, as the core computes them (:func:`exact_text`): its points and one
#: value per code of :attr:`Summary.codes` (``None``: not computed, or not known exactly: a
#: stored final value the computation of today does not write the same, :func:`final_summary`).
ExactRow = tuple[str | None, tuple[str | None, ...]]


def exact_text(value: TiebreakValue) -> str | None:
    """A core value written exactly: ``"12"``, ``"25/2"`` (a :class:`~fractions.Fraction`'s
    ``str``), ``None`` for a value the core leaves uncomputed."""
    return None if value is None else str(value)


class Summary(NamedTuple):
    """What the *Classement* shows, before translation (cached per tournament revision).

    ``rounds`` are the rounds counted, ``(number, date)`` in order: the crosstable's columns.
    ``codes`` are the tiebreaks in order, ``era`` the rule era's value (``2009``…), and the
    flags say whether they are the defaults (system, start date); ``lots_seed`` is set when a
    drawing of lots decides the ties left after every tiebreak. ``final_stored_at`` is set for
    a closed tournament's full standings: the rows are then its stored final standings (spec
    C1, C3), stored at that time, with the codes and era they were stored with
    (:func:`final_summary`). ``published_rounds`` are the numbers of every published round,
    in order (those a page may show the standings after); ``after_round`` the round the
    standings are after when an earlier one was asked for, ``None`` for the full standings.
    ``exact`` holds each row's exact points and tiebreak values (:data:`ExactRow`, rows in the
    order of ``rows``): what the labels were written from.
    """

    rows: tuple[SummaryRow, ...]
    rounds: tuple[tuple[int, datetime.date | None], ...]
    codes: tuple[str, ...] = ()
    era: str = ""
    codes_are_default: bool = True
    era_from_start_date: bool = True
    lots_seed: int | None = None
    final_stored_at: datetime.datetime | None = None
    published_rounds: tuple[int, ...] = ()
    after_round: int | None = None
    exact: tuple[ExactRow, ...] = ()

    @property
    def last_round(self) -> int:
        """The round these standings are after: ``after_round``, else the last published
        round (0 before any round)."""
        if self.after_round is not None:
            return self.after_round
        return self.published_rounds[-1] if self.published_rounds else 0

    @property
    def has_annulled(self) -> bool:
        """True when a withdrawal annulled a player's results (the crosstable's legend)."""
        return any(row.annulled for row in self.rows)


#: What the *Grille américaine* adds: each row's entries, in the order of ``Summary.rows``
#: (cached apart: the *Classement* does not need them).
Cells = tuple[tuple[Entry, ...], ...]


def _entries(
    entries: tuple[RoundEntry, ...], labels: dict[Points, str], scoring: ScoringSystem
) -> tuple[Entry, ...]:
    result = []
    for entry in entries:
        shown = entry.points
        if entry.annulled:
            # The board's own result, shown in parentheses; the standings count none of it.
            if entry.outcome is not None:
                shown = scoring.for_outcome(entry.outcome)
            elif entry.bye is not None:
                shown = scoring.for_bye(entry.bye)
        points = labels.get(shown)
        if points is None:
            points = labels[shown] = points_label(shown)
        prefix = ANNULLED if entry.annulled else ""
        if entry.opponent is None or entry.colour is None:
            kind = BYE_KINDS.get(entry.bye, "absent") if entry.bye is not None else "absent"
            result.append((int(entry.round), 0, "", prefix + kind, points))
        else:
            colour = "W" if entry.colour is Colour.WHITE else "B"
            kind = GAME_KINDS[entry.outcome] if entry.outcome is not None else "pending"
            result.append((int(entry.round), int(entry.opponent), colour, prefix + kind, points))
    return tuple(result)


def summarize(
    tournament: Tournament,
    settings: StandingsSettings | None = None,
    *,
    after_round: int | None = None,
) -> tuple[Summary, Cells]:
    """The standings of ``tournament`` (computed by the core under ``settings``: points only
    when not given), its rounds, and the crosstable's entries; with ``after_round`` (a round
    number ≥ 0), those of the tournament as it stood after that round
    (:meth:`~chessclub.model.Tournament.through_round`), ``Summary.published_rounds`` still
    naming every round of ``tournament``. ``ValueError`` for a negative ``after_round``."""
    published = tuple(sorted(int(r.number) for r in tournament.rounds))
    if after_round is not None:
        tournament = tournament.through_round(after_round)
    codes: tuple[str, ...] = settings.codes if settings else ()
    rows = compute_standings(
        tournament,
        codes,
        era=settings.era if settings else None,
        lots_seed=settings.lots_seed if settings else None,
        unrated_rating=settings.unrated_rating if settings else None,
    )
    labels: dict[Points, str] = {}
    values: dict[TiebreakValue, str] = {}

    def value(v: TiebreakValue) -> str:
        text = values.get(v)
        if text is None:
            text = values[v] = value_label(v)
        return text

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
                tiebreaks=tuple(value(row.tiebreaks[code]) for code in codes),
                lot=row.lot,
                annulled=row.annulled,
            )
            for rank, row in zip(rank_labels(rows), rows, strict=True)
        ),
        rounds=tuple((int(r.number), r.date) for r in sorted(tournament.rounds, key=_number)),
        codes=codes,
        era=settings.era.value if settings else "",
        codes_are_default=settings.codes_are_default if settings else True,
        era_from_start_date=settings.era_from_start_date if settings else True,
        lots_seed=settings.lots_seed if settings else None,
        published_rounds=published,
        after_round=after_round,
        exact=tuple(
            (str(row.points), tuple(exact_text(row.tiebreaks[code]) for code in codes))
            for row in rows
        ),
    )
    scoring = tournament.scoring
    return summary, tuple(_entries(row.entries, labels, scoring) for row in rows)


def _number(r: Round) -> int:
    return int(r.number)


CACHE_TIMEOUT = 24 * 60 * 60


def cache_key(row: Any, part: str = "summary", after_round: int | None = None) -> str:
    """The cache key of a part (``summary``, ``cells``) of a tournament row's pages: its id,
    its revision, which changes with any change of the tournament's rows
    (``models.touch_tournament``; storing final standings does it too), and the round the
    standings are after (``all`` for the full standings, ``r4`` after round 4)."""
    after = "all" if after_round is None else f"r{after_round}"
    return f"chessclub:{part}:v6:{row.pk}:{row.revision.hex}:{after}"


def final_summary(row: Any, live: Summary, cells: Cells) -> tuple[Summary, Cells]:
    """A closed tournament's *Classement* as its final standings were stored at closing or
    after its last correction (spec C1, C3: ``closing.services.stored_standings``): their
    order, ranks, points and tiebreak values under the tiebreaks and rule era they were
    stored with, never recomputed under the tournament's settings of today. ``live`` and
    ``cells`` (the standings computed now) give what the stored rows do not hold: each
    player's crosstable entries (rows by pairing number), the annulled mark and, when the
    settings are the stored ones, the lot numbers. ``(live, cells)`` unchanged for an open
    tournament or one without stored rows."""
    from chessclub_web.tournaments import hooks

    found = hooks.final_standings(row)
    if found is None:
        return live, cells
    closure, stored = found
    codes = tuple(closure.codes)
    era = closure.era or live.era
    same = codes == live.codes and era == live.era
    computed = {r.pairing_number: (r, c) for r, c in zip(live.rows, cells, strict=True)}
    live_exact = dict(zip((r.pairing_number for r in live.rows), live.exact, strict=False))
    rows: list[SummaryRow] = []
    entries: list[tuple[Entry, ...]] = []
    exact: list[ExactRow] = []
    for line in stored:
        own, own_cells = computed.get(line.pairing_number, (None, ()))
        exact.append(_stored_exact(line, codes, own, live_exact, live.codes if same else ()))
        rows.append(
            SummaryRow(
                rank=line.rank,
                pairing_number=line.pairing_number,
                name=line.name,
                rating=line.rating,
                fictitious_rating=line.fictitious_rating,
                points=line.points,
                games_played=line.games_played,
                tiebreaks=tuple(str(line.tiebreaks.get(code, "")) for code in codes),
                lot=own.lot if own is not None and same else None,
                annulled=own.annulled if own is not None else line.rank == "–",
            )
        )
        entries.append(own_cells)
    summary = live._replace(
        rows=tuple(rows),
        codes=codes,
        era=era,
        codes_are_default=live.codes_are_default and codes == live.codes,
        era_from_start_date=live.era_from_start_date and era == live.era,
        lots_seed=live.lots_seed if same else None,
        final_stored_at=closure.standings_stored_at,
        exact=tuple(exact),
    )
    return summary, tuple(entries)


def _stored_exact(
    line: Any,
    codes: tuple[str, ...],
    own: SummaryRow | None,
    live_exact: dict[int, ExactRow],
    live_codes: tuple[str, ...],
) -> ExactRow:
    """The exact values of a stored final line (which holds labels only): the computation of
    today's, where it writes the stored label (same codes and era, ``live_codes``; same
    points), else ``None``: a stored value is never replaced by another."""
    found = live_exact.get(line.pairing_number)
    if own is None or found is None:
        return (None, tuple(None for _code in codes))
    points = found[0] if own.points == line.points else None
    values = dict(zip(live_codes, zip(own.tiebreaks, found[1], strict=False), strict=False))
    return (
        points,
        tuple(
            values[code][1]
            if code in values and values[code][0] == str(line.tiebreaks.get(code, ""))
            else None
            for code in codes
        ),
    )


def _check_round(after_round: int | None) -> None:
    if after_round is not None and after_round < 1:
        raise ValueError(f"round {after_round}: standings are after round 1 or later")


def _computed(row: Any, after_round: int | None = None) -> tuple[Summary, Cells]:
    """Compute and cache the summary and cells of ``row`` after ``after_round`` (see
    :func:`tournament_summary`); a round at or past the last published one is cached under
    both its own key and the full standings' key."""
    tournament = load_tournament(row)
    last = max((int(r.number) for r in tournament.rounds), default=0)
    shown = after_round if after_round is not None and after_round < last else None
    summary, cells = summarize(tournament, standings_settings(row, tournament), after_round=shown)
    if row.is_closed and shown is None:
        summary, cells = final_summary(row, summary, cells)
    values: dict[str, Any] = {
        cache_key(row, "summary", shown): summary,
        cache_key(row, "cells", shown): cells,
    }
    if after_round != shown:
        values[cache_key(row, "summary", after_round)] = summary
        values[cache_key(row, "cells", after_round)] = cells
    cache.set_many(values, CACHE_TIMEOUT)
    return summary, cells


def tournament_summary(row: Any, after_round: int | None = None) -> Summary:
    """The summary of the tournament ``row`` after round ``after_round`` (a round number ≥ 1;
    ``None``: after the last published round, draft rounds never counted: spec S1, S3), from
    the cache when this revision's was computed already (never a summary of another
    revision or round).

    The full standings of a closed tournament are its stored final standings
    (:func:`final_summary`); those after an earlier round are computed from its results of
    rounds 1 to N under its settings (frozen at closing), as for an open one. A round at or
    past the last published one gives the full standings. ``ValueError`` for a round below 1.
    """
    _check_round(after_round)
    summary = cache.get(cache_key(row, "summary", after_round))
    return summary if summary is not None else _computed(row, after_round)[0]


def tournament_cells(row: Any, after_round: int | None = None) -> Cells:
    """The crosstable entries of the tournament ``row`` after round ``after_round`` (one
    :data:`Entry` per round counted, rows in the order of :func:`tournament_summary`'s; cached
    like it, same rounds and errors)."""
    _check_round(after_round)
    cells = cache.get(cache_key(row, "cells", after_round))
    return cells if cells is not None else _computed(row, after_round)[1]


def explanation_key(
    row: Any,
    codes: Sequence[str],
    era: str,
    start_no: int,
    index: int,
    after_round: int | None = None,
) -> str:
    """The cache key of one explanation: the tournament's id and revision (never stale), its
    code list and rule era, the player, the code's place in the list and the round the
    standings are after (``all``: the last published)."""
    digest = hashlib.sha256(f"{era}|{','.join(codes)}".encode()).hexdigest()[:16]
    after = "all" if after_round is None else f"r{after_round}"
    return f"chessclub:explain:v4:{row.pk}:{row.revision.hex}:{digest}:{start_no}:{index}:{after}"


def tournament_explanation(
    row: Any,
    codes: Sequence[str],
    era: str,
    start_no: int,
    index: int,
    after_round: int | None = None,
) -> Explanation:
    """How ``start_no``'s value of ``codes[index]`` was made (after ``codes[:index]``, under the
    rule era ``era``) in the standings after round ``after_round`` (``None``: the last
    published; see :func:`tournament_summary`), from the cache when this revision's was
    evaluated already: a big tournament's explanation takes a second to evaluate, a cached one
    nothing. Kept in the ``explanations`` cache when the settings name one (apart from the
    standings), else in the default cache. ``ValueError`` for a round below 1."""
    _check_round(after_round)
    key = explanation_key(row, codes, era, start_no, index, after_round)
    store = caches["explanations"] if "explanations" in django_settings.CACHES else cache
    explanation: Explanation | None = store.get(key)
    if explanation is None:
        tournament = load_tournament(row)
        if after_round is not None:
            tournament = tournament.through_round(after_round)
        explanation = explain(
            tournament,
            PairingNumber(start_no),
            codes[index],
            preceding=tuple(codes[:index]),
            era=RuleEra(era),
        )
        store.set(key, explanation, CACHE_TIMEOUT)
    return explanation


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
        self.annulled = _("annulled by a withdrawal, not counted in the standings")
        self.round_title = _("Round %(number)s: %(what)s")
        self._titles: dict[tuple[int, str], str] = {}

    def title(self, round_number: int, kind: str) -> str:
        """The tooltip, escaped: "Round 3: Win"."""
        key = (round_number, kind)
        title = self._titles.get(key)
        if title is None:
            if kind.startswith(ANNULLED):
                what = f"{self.what[kind.removeprefix(ANNULLED)]} ({self.annulled})"
            else:
                what = self.what[kind]
            title = escape(self.round_title % {"number": round_number, "what": what})
            self._titles[key] = title
        return title

    def text(self, entry: Entry) -> str:
        """The cell's text, escaped: ``12W1``, ``12B+``, ``12B−``, ``12W ?``, ``Bye ½``; an
        annulled round in parentheses: ``(12W1)``."""
        round_number, opponent, colour, kind, points = entry
        if kind.startswith(ANNULLED):
            plain = (round_number, opponent, colour, kind.removeprefix(ANNULLED), points)
            return f"({self.text(plain)})"
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

    def game_text(self, entry: Entry) -> str:
        """A game in the round robin's square table, escaped, from the row player's side:
        the colour then the result (``W1``, ``B½``, ``W+``, ``B−``, ``W ?``); an annulled
        game in parentheses, as the crosstable marks it: ``(W1)``."""
        _round, _opponent, colour, kind, points = entry
        if kind.startswith(ANNULLED):
            plain = (_round, _opponent, colour, kind.removeprefix(ANNULLED), points)
            return f"({self.game_text(plain)})"
        head = self.colour[colour]
        if kind == "pending":
            return f"{head} ?"
        if kind == "forfeit-win":
            return f"{head}+"
        if kind == "forfeit-loss":
            return f"{head}−"
        return f"{head}{points}"

    def square_html(self, own: int, order: Sequence[int], entries: tuple[Entry, ...]) -> str:
        """The row's ``<td>`` cells of the round robin's square table: one per player of
        ``order`` (pairing numbers, the columns), holding the row player's games against
        them in round order (two in a double round robin); the row player's own column is
        the shaded diagonal, a pair without game yet an empty cell."""
        games: dict[int, list[Entry]] = {}
        for entry in entries:
            if entry[1]:
                games.setdefault(entry[1], []).append(entry)
        parts = []
        for column in order:
            if column == own:
                parts.append('<td class="square-self" aria-hidden="true"></td>')
                continue
            played = games.get(column, [])
            if not played:
                parts.append('<td class="cell square-none"></td>')
                continue
            kinds = {e[3] for e in played}
            kind = played[0][3] if len(kinds) == 1 else "several"
            extra = " cell-annulled" if all(k.startswith(ANNULLED) for k in kinds) else ""
            title = " · ".join(self.title(e[0], e[3]) for e in played)
            text = " ".join(self.game_text(e) for e in played)
            parts.append(
                f'<td class="cell cell-{kind}{extra}" data-opponent="{column}" '
                f'title="{title}">{text}</td>'
            )
        # Safe: the labels and titles are escaped above; the rest are numbers and kinds.
        return mark_safe("".join(parts))

    def cells_html(self, entries: tuple[Entry, ...]) -> str:
        """The row's ``<td>`` cells (the templates would take 10 times longer)."""
        # Safe: the labels and titles are escaped above; the rest are numbers and kinds.
        return mark_safe(
            "".join(
                f'<td class="cell cell-{e[3]}{_extra_class(e[3])}" data-round="{e[0]}" '
                f'title="{self.title(e[0], e[3])}">{self.text(e)}</td>'
                for e in entries
            )
        )


def _extra_class(kind: str) -> str:
    """Every annulled cell has the class ``cell-annulled`` besides its own
    (``cell-annulled-win``)."""
    return " cell-annulled" if kind.startswith(ANNULLED) else ""


@dataclass(frozen=True, slots=True)
class DisplayRow:
    rank: str
    pairing_number: int
    name: str
    rating: str
    fictitious_rating: bool
    points: str
    games_played: int
    tiebreaks: tuple[str, ...]
    lot: int | None
    annulled: bool
    cells_html: str
    tiebreaks_html: str = ""
    square_html: str = ""


def code_path(code: str) -> str:
    """A tiebreak code as the explanation page's URL takes it (``BH/C1`` stays ``BH/C1``: the
    page's path converter takes slashes; ``BH%2FC1`` works too)."""
    return "/".join(quote(part, safe=":") for part in code.split("/"))


def _is_direct_encounter(code: str) -> bool:
    return code.split("/", 1)[0].split(":", 1)[0] == "DE"


def shown_tiebreaks(summary: Summary) -> tuple[tuple[str, ...], ...]:
    """The tiebreak labels as the pages show them, one tuple per row of ``summary.rows``: the
    summary's labels, except Direct Encounter (``DE``, ``DE/P``) left empty where it separates
    no one. DE decides only among players still tied when it applies (C.07 Art. 6: the same
    points and the same values of the tiebreaks before it); its value is the place inside
    that group, 1 for a player tied with no one and for every player of a group it does not
    split, which says nothing. A group is read from the labels shown (points, then the
    earlier tiebreaks); DE separates it when its members' DE labels differ. The stored and
    computed values, and the order, are unchanged."""
    labels = [list(row.tiebreaks) for row in summary.rows]
    for index, code in enumerate(summary.codes):
        if not _is_direct_encounter(code):
            continue
        groups: dict[tuple[str, tuple[str, ...]], list[int]] = {}
        for position, row in enumerate(summary.rows):
            if not row.annulled and index < len(row.tiebreaks):
                groups.setdefault((row.points, row.tiebreaks[:index]), []).append(position)
        for members in groups.values():
            if len({summary.rows[m].tiebreaks[index] for m in members}) < 2:
                for m in members:
                    labels[m][index] = ""
    return tuple(tuple(row) for row in labels)


def tiebreak_cells_html(
    summary: Summary,
    row: SummaryRow,
    explain_prefix: str,
    separator: str,
    labels: tuple[str, ...] | None = None,
) -> str:
    """The row's tiebreak ``<td>`` cells, each value a link to its explanation page
    (``explain_prefix``: the page's URL up to the start number), in the standings after the
    same round (:func:`round_query`). ``labels``: the row's labels as shown
    (:func:`shown_tiebreaks`; default: the summary's); an empty one is an empty cell."""
    query = round_query(summary.after_round)
    shown = row.tiebreaks if labels is None else labels
    # Safe: codes are parsed descriptors ([A-Z0-9/:+-.]), values numbers and signs.
    return mark_safe(
        "".join(
            f'<td class="num tiebreak"><a href="{explain_prefix}{row.pairing_number}/'
            f'{code_path(code)}/{query}">{localized(label, separator)}</a></td>'
            if label
            else '<td class="num tiebreak"></td>'
            for code, label in zip(summary.codes, shown, strict=True)
        )
    )


def round_query(after_round: int | None) -> str:
    """The query string of a page after round ``after_round``: ``?round=4``; ``""`` for the
    full standings."""
    return "" if after_round is None else f"?round={after_round}"


def display_rows(
    summary: Summary,
    cells: Cells | None = None,
    explain_prefix: str = "",
    *,
    square: bool = False,
) -> list[DisplayRow]:
    """The standings as the templates show them (tiebreaks as :func:`shown_tiebreaks` shows
    them); with the crosstable cells if ``cells``, the tiebreak cells (links to
    ``explain_prefix``…) if ``explain_prefix``, and with ``square`` (and ``cells``) the round
    robin's square table: columns the players in the rows' order."""
    separator = get_format("DECIMAL_SEPARATOR")
    labels = CellLabels() if cells is not None else None
    order = [row.pairing_number for row in summary.rows]
    shown = shown_tiebreaks(summary)
    rows = []
    for index, row in enumerate(summary.rows):
        rows.append(
            DisplayRow(
                *row._replace(tiebreaks=shown[index]),
                cells_html=labels.cells_html(cells[index]) if labels and cells else "",
                tiebreaks_html=tiebreak_cells_html(
                    summary, row, explain_prefix, separator, shown[index]
                )
                if explain_prefix
                else "",
                square_html=labels.square_html(row.pairing_number, order, cells[index])
                if labels and cells and square
                else "",
            )
        )
    return rows


def rows_key(row: Any, after_round: int | None, variant: str) -> str:
    """The cache key of a page's rows as :func:`display_rows` writes them: the tournament's
    id and revision, the round the standings are after, the language, and a digest of
    ``variant`` (what else the rows hold: crosstable or not, square table, the explanation
    links' prefix). Under 120 characters."""
    after = "all" if after_round is None else f"r{after_round}"
    digest = hashlib.sha256(variant.encode()).hexdigest()[:16]
    language = (get_language() or "")[:10]
    return f"chessclub:rows:v1:{row.pk}:{row.revision.hex}:{after}:{language}:{digest}"


def page_rows(
    row: Any,
    summary: Summary,
    after_round: int | None = None,
    *,
    crosstable: bool = False,
    explain_prefix: str = "",
    square: bool = False,
) -> list[DisplayRow]:
    """The *Classement*'s (or with ``crosstable``, the *Grille américaine*'s) rows of the
    tournament ``row`` after ``after_round`` as :func:`display_rows` writes them from
    ``summary`` (:func:`tournament_summary` of the same round) and, for the crosstable,
    :func:`tournament_cells`; from the cache when this revision's were written already in
    this language (the cells' HTML of a 300-player crosstable takes tens of milliseconds)."""
    key = rows_key(row, after_round, f"{crosstable}|{square}|{explain_prefix}")
    found = cache.get(key)
    if isinstance(found, list):
        return found
    cells = tournament_cells(row, after_round) if crosstable else None
    rows = display_rows(summary, cells, explain_prefix=explain_prefix, square=square)
    cache.set(key, rows, CACHE_TIMEOUT)
    return rows


# --- Tiebreak names, settings and explanations in the user's language ---------------------

#: The catalogue's names (C.07), translated: individual tiebreaks, then team tiebreaks.
TIEBREAK_NAMES: dict[str, Promise] = {
    "DE": gettext_lazy("Direct Encounter"),
    "WIN": gettext_lazy("Number of Wins"),
    "WON": gettext_lazy("Number of Games Won"),
    "BPG": gettext_lazy("Number of Games Played with Black"),
    "BWG": gettext_lazy("Number of Games Won with Black"),
    "PS": gettext_lazy("Sum of Progressive Scores"),
    "REP": gettext_lazy("Rounds one Elected to Play"),
    "STD": gettext_lazy("Standard Points"),
    "TPN": gettext_lazy("Tournament Pairing Number"),
    "BH": gettext_lazy("Buchholz"),
    "AOB": gettext_lazy("Average of Opponents' Buchholz"),
    "FB": gettext_lazy("Fore Buchholz"),
    "SB": gettext_lazy("Sonneborn-Berger"),
    "KS": gettext_lazy("Koya System"),
    "ARO": gettext_lazy("Average Rating of Opponents"),
    "TPR": gettext_lazy("Tournament Performance Rating"),
    "PTP": gettext_lazy("Perfect Tournament Performance"),
    "APRO": gettext_lazy("Average Performance Rating of Opponents"),
    "APPO": gettext_lazy("Average Perfect Performance of Opponents"),
    "RTNG": gettext_lazy("Rating"),
    # Team events (C.07 Art. 12–13).
    "MP": gettext_lazy("Match Points"),
    "GP": gettext_lazy("Game Points"),
    "MPVGP": gettext_lazy("Match Points or Game Points (secondary)"),
    "BC": gettext_lazy("Board Count"),
    "TBR": gettext_lazy("Top Board Result"),
    "BBE": gettext_lazy("Bottom Board Elimination"),
    "EDE": gettext_lazy("Extended Direct Encounter"),
    "EDEC": gettext_lazy("Extended Direct Encounter, then BC"),
    "EDET": gettext_lazy("Extended Direct Encounter, then TBR"),
    "EDEB": gettext_lazy("Extended Direct Encounter, then BBE"),
    "EDEBT": gettext_lazy("Extended Direct Encounter, then BC, TBR"),
    "EDEBB": gettext_lazy("Extended Direct Encounter, then BC, BBE"),
    "EMMSB": gettext_lazy("Extended Sonneborn-Berger (opponent MP × own MP)"),
    "EMGSB": gettext_lazy("Extended Sonneborn-Berger (opponent MP × own GP)"),
    "EGMSB": gettext_lazy("Extended Sonneborn-Berger (opponent GP × own MP)"),
    "EGGSB": gettext_lazy("Extended Sonneborn-Berger (opponent GP × own GP)"),
    "ESB": gettext_lazy("Extended Sonneborn-Berger (primary × secondary)"),
    "SSSC": gettext_lazy("Score Strength Combination"),
}


def tiebreak_name(spec: TiebreakSpec) -> str:
    """The full name of a descriptor: ``Buchholz (Cut-1)``, ``Sonneborn-Berger``."""
    name = str(TIEBREAK_NAMES.get(spec.name, CATALOGUE[spec.name].name))
    parts = []
    if spec.cut_high:
        parts.append(_("Median-%(n)s") % {"n": spec.cut_high})
    elif spec.cut_low:
        parts.append(_("Cut-%(n)s") % {"n": spec.cut_low})
    if spec.forfeits_as_played:
        parts.append(_("forfeits counted as played"))
    if spec.fore:
        parts.append(_("with Fore Buchholz"))
    if spec.reverse:
        parts.append(_("reversed"))
    if spec.koya_percent != 50 or spec.koya_shift:
        parts.append(_("Koya limit moved"))
    return f"{name} ({', '.join(parts)})" if parts else name


MODIFIER_HELP = {
    "C": "/C1",
    "M": "/M1",
    "P": "/P",
    "F": "/F",
    "R": "/R",
    "L": "/L+1",
}


def catalogue_rows() -> list[dict[str, str]]:
    """The catalogue for the settings page: code, name, article and modifiers taken."""
    return [
        {
            "code": code,
            "name": str(TIEBREAK_NAMES.get(code, info.name)),
            "article": info.article,
            "modifiers": " ".join(MODIFIER_HELP[m] for m in "CMPFRL" if m in info.modifiers),
        }
        for code, info in CATALOGUE.items()
        if not info.team  # team tiebreaks (C.07 Art. 12–13) are not for individual events
    ]


def era_label(era: str | RuleEra) -> str:
    """``FIDE C.07 rules of 2009``."""
    value = era.value if isinstance(era, RuleEra) else era
    return _("FIDE C.07 rules of %(year)s") % {"year": value}


def source_label(source: str) -> str:
    """The core's ``Contribution.source`` (a small closed set of English phrases) translated;
    a phrase this list does not know is shown as given."""
    fixed = {
        "game": _("game"),
        "forfeit win": _("forfeit win"),
        "forfeit loss": _("forfeit loss"),
        "pairing-allocated bye": _("pairing-allocated bye"),
        "full-point bye": _("full-point bye"),
        "half-point bye": _("half-point bye"),
        "zero-point bye": _("zero-point bye"),
        "absent": _("absent"),
        "no result yet": _("no result yet"),
        "annulled": _("annulled game"),
        "score after the round": _("score after the round"),
        "forfeit counted as played": _("forfeit counted as played"),
        "forfeit counted as played (/P)": _("forfeit counted as played (/P)"),
        "forfeit counted as a game (pre-determined pairings, Art. 15.2)": _(
            "forfeit counted as a game (pre-determined pairings, Art. 15.2)"
        ),
        "last-round pairing (Fore Buchholz)": _("last-round pairing (Fore Buchholz)"),
        "virtual opponent (C.02 Art. 13.15.3)": _("virtual opponent (C.02 Art. 13.15.3)"),
        "dummy opponent (C.07 Art. 16.4)": _("dummy opponent (C.07 Art. 16.4)"),
        "dummy opponent (C.07 Art. 16.4, 2026 caps)": _(
            "dummy opponent (C.07 Art. 16.4, 2026 caps)"
        ),
    }
    if source in fixed:
        return fixed[source]
    if source.startswith("opponent's "):
        return _("opponent's %(code)s") % {"code": source.removeprefix("opponent's ")}
    return source


_CUT = re.compile(r"^(Cut|Median)-(\d+): (.+)$")


def cut_label(cut: str) -> str:
    """The core's ``Contribution.cut`` (why a cut removed the contribution) translated; a
    reason this list does not know is shown as given."""
    if cut == "opponent below the Koya limit":
        return _("opponent below the Koya limit")
    match = _CUT.match(cut)
    if match is None:
        return cut
    kind, n, why = match.groups()
    reasons = {
        "least significant": _("least significant contribution"),
        "most significant": _("most significant contribution"),
        "voluntary unplayed round cut first (C.07 Art. 16.5)": _(
            "voluntary unplayed round (VUR) cut first (C.07 Art. 16.5)"
        ),
        "early round": _("early round"),
    }
    if why not in reasons:
        return cut
    label = _("Median-%(n)s") if kind == "Median" else _("Cut-%(n)s")
    return f"{label % {'n': n}}: {reasons[why]}"


_DECIMAL = re.compile(r"-?\d+\.\d+")


def _note_param(value: NoteParam, separator: str) -> str | int:
    """One param of a core :class:`~chessclub.tiebreaks.explanation.Note`, for the page: a
    nested note translated, points written as the standings write them (``1½``, ``16¾``,
    ``13,40`` in French), a decimal such as ``p = 0.64`` with the language's separator."""
    if isinstance(value, Note):
        return note_label(value)
    if isinstance(value, Fraction):
        return localized(value_label(value), separator)
    if isinstance(value, str) and _DECIMAL.fullmatch(value):
        return localized(value, separator)
    return value


def note_label(note: str) -> str:
    """A note of the core's explanations (:attr:`Explanation.notes`, :attr:`Contribution.note`)
    in the reader's language.

    A :class:`~chessclub.tiebreaks.explanation.Note` (every note the core writes) is its
    template, marked with ``gettext_noop`` in the core and translated in the main catalogue,
    filled with its params written for this language (:func:`_note_param`); when the catalogue
    lacks the template or its translation does not fit the params, the English text. Plain text
    (older cached explanations) goes through the few fixed sentences, else is shown as given.
    """
    if isinstance(note, Note):
        separator = get_format("DECIMAL_SEPARATOR")
        params = {key: _note_param(value, separator) for key, value in note.params.items()}
        return translate(note.template, params)
    fixed = {
        "no game played over the board": _("no game played over the board"),
        "lower ranks first": _("lower ranks first"),
        "higher ranks first (/R)": _("higher ranks first (/R)"),
        "last round counted as a draw for everybody (Art. 8.3)": _(
            "last round counted as a draw for everybody (Art. 8.3)"
        ),
        "unrated participants and no rating set for them: not computed (C.07 Art. 10)": _(
            "unrated participants and no rating set for them: not computed (C.07 Art. 10)"
        ),
    }
    return fixed.get(note, note)


@dataclass(frozen=True, slots=True)
class ContributionLine:
    """One line of an explanation's table, written for the page."""

    round: int
    opponent: int | None
    opponent_name: str
    opponent_score: str
    result: str
    source: str
    value: str
    counted: bool
    cut: str
    vur: bool
    note: str


def contribution_lines(explanation: Explanation, names: dict[int, str]) -> list[ContributionLine]:
    separator = get_format("DECIMAL_SEPARATOR")

    def text(value: Fraction | int | None) -> str:
        return "" if value is None else localized(value_label(value), separator)

    def line(c: Contribution) -> ContributionLine:
        opponent = None if c.opponent is None else int(c.opponent)
        return ContributionLine(
            round=c.round,
            opponent=opponent,
            opponent_name=names.get(opponent, "") if opponent is not None else "",
            opponent_score=text(c.opponent_score),
            result=text(c.result),
            source=source_label(c.source),
            value=text(c.value),
            counted=c.counted,
            cut=cut_label(c.cut) if c.cut else "",
            vur=c.vur,
            note=note_label(c.note) if c.note else "",
        )

    return [line(c) for c in explanation.contributions]


def explanation_notes(explanation: Explanation, shown: str, label: str) -> list[str]:
    """The explanation page's notes, translated: the core's, then, when the standings show no
    value (``shown``, :func:`shown_tiebreaks`) for a computed one (``label``, the summary's:
    Direct Encounter separating no one), why."""
    notes = [note_label(n) for n in explanation.notes]
    if not shown and label:
        notes.append(
            _(
                "The standings show no Direct Encounter value for this player: it separates no "
                "one among the players tied with them (C.07 Art. 6). The value above is their "
                "place in that group."
            )
        )
    return notes


def explanation_value(explanation: Explanation) -> str:
    return localized(value_label(explanation.value), get_format("DECIMAL_SEPARATOR"))


def codes_line(codes: Sequence[str]) -> str:
    return ", ".join(codes)
