"""One period of the Swiss federation's ranking list (spec W1–W9).

:func:`compute_period` takes the previous list (:class:`~.listfile.ListEntry` rows), the
period's tournaments and a :class:`~.rules.RuleSet`, and gives the new list with every
player's sheet. Arithmetic is exact: gains are kept in hundredths of a point (the table's
expected results are hundredths), values are rounded once, half up
(:func:`~chessclub.ratings.fide_tables.round_half_up`).

Steps, with the rule each follows:

1. **Start values** (W9): a listed player's value ``FA``; with the current rules and a previous
   list dated before 1 January 2025, raised by ``0.3 × (2000 − FA)`` if below 2000 (rounded
   half up). A player not listed but holding a FIDE or recognised foreign rating (list column
   ``foreign_rating``, or a FIDE rating with a FIDE ID in a tournament file) is on a recognised
   list with that rating, at least the rule set's entry minimum (W3, W2).
2. **Countable games** (W1, W4, W5): see :mod:`.countability`.
3. **New value** (W6, W7): ``FN = FA + ΣW``, ``W = K × (result − expected(D))`` with
   ``D = FA − FG`` read from the evaluation table, ``K`` the development coefficient;
   ``FN`` rounded half up; the rule set's floor (current rules: 1400) applies to every value.
4. **Entry** (W2): a player not on the list collects countable games (carried over from the
   list file's ``pending_*`` columns); once they reach the rule set's number, the player enters
   with ``FZ = M + D(L)`` (``M`` the opponents' mean, ``L`` the percentage score rounded half
   up to a whole percentage, ``D(L)`` from the table), rounded half up, at least the entry
   minimum. All games of the period are used (a tournament is never split, W1).
5. **Inactivity** (W3): a listed player without a countable game for five years (last
   activity, else entry date, on or before the period's end minus five years) is removed.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from chessclub.i18n import Message
from chessclub.model import Tournament
from chessclub.ratings.fide_tables import round_half_up
from chessclub.ratings.fse.countability import (
    CountedGame,
    IneligibleGame,
    TournamentOptions,
    TournamentReport,
    assess_tournament,
)
from chessclub.ratings.fse.identity import Identities, Participant
from chessclub.ratings.fse.listfile import ListEntry
from chessclub.ratings.fse.rules import RuleSet
from chessclub.ratings.fse.tables import EvaluationTable, default_table


class Status(enum.Enum):
    """What the period did to a player."""

    RATED = "rated"  # on the list, played countable games (W6)
    UNCHANGED = "unchanged"  # on the list, no countable game
    ENTERED = "entered"  # entered by performance (W2)
    ENTERED_FOREIGN = "entered_foreign"  # entered with a FIDE/foreign rating (W3, W9)
    PENDING = "pending"  # not yet enough countable games (W2)
    REMOVED = "removed"  # five years without activity (W3)


class CoefficientCase(enum.Enum):
    """The W7 case that gave a player's development coefficient."""

    MASTER = "2200 and above"
    JUNIOR = "junior up to 25"
    NEW = "on the list less than two years"
    FEW_GAMES = "fewer than 20 games since entry"
    STANDARD = "other player below 2200"


@dataclass(frozen=True, slots=True)
class TournamentInput:
    """One file of the period: its name (``source``), the tournament, per-event options."""

    source: str
    tournament: Tournament
    options: TournamentOptions = field(default_factory=TournamentOptions)


@dataclass(frozen=True, slots=True)
class GameLine:
    """One line of a player's sheet (W6). ``expected`` and ``gain`` are in hundredths."""

    source: str
    round: int
    opponent: str
    opponent_id: str
    opponent_value: int
    difference: int  # FA − FG
    difference_used: int  # after the table's cap
    result: Fraction
    expected: int
    gain: int


@dataclass(frozen=True, slots=True)
class EntryCalculation:
    """A new player's first value (W2): ``FZ = M + D(L)``, at least the minimum."""

    games: int
    opponents_total: int
    score: Fraction
    mean: Fraction  # M
    percentage_exact: Fraction
    percentage: int  # L, rounded half up
    difference: int  # D(L)
    performance: int  # M + D rounded half up
    minimum: int
    value: int  # FZ


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's line of the new list and their sheet."""

    id: str
    name: str
    status: Status
    old_value: int | None
    start_value: int | None  # FA (after the uplift / the foreign rating)
    coefficient: int | None
    coefficient_case: CoefficientCase | None
    games: tuple[GameLine, ...]
    gain: int  # ΣW in hundredths
    new_value: int | None
    floor_applied: bool
    entry: EntryCalculation | None
    row: ListEntry  # the new list's row (the previous row for a removed player)
    collected: tuple[CountedGame, ...] = ()  # this period's games towards the entry (W2)

    @property
    def games_played(self) -> int:
        """Countable games of the period (rated, or collected towards the entry)."""
        return len(self.games) or len(self.collected)


@dataclass(frozen=True)
class PeriodResult:
    rules: RuleSet
    table: EvaluationTable
    period_end: datetime.date
    list_date: datetime.date | None
    uplift_applied: bool
    tournaments: tuple[TournamentReport, ...]
    players: tuple[PlayerResult, ...]
    ineligible: tuple[IneligibleGame, ...]
    notes: tuple[Message, ...] = ()
    participants: frozenset[str] = frozenset()  # ids of the tournaments' players

    @property
    def new_list(self) -> list[ListEntry]:
        """The rows of the next list (removed players left out), ready for the next period."""
        return [p.row for p in self.players if p.status is not Status.REMOVED]


def add_years(day: datetime.date, years: int) -> datetime.date:
    """``day`` ``years`` later (29 February → 28 February); past year 9999,
    ``datetime.date.max`` (a period closing in year 9999 must not fail in the arithmetic)."""
    if day.year + years > datetime.MAXYEAR:
        return datetime.date.max
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def age_on(birth: datetime.date, day: datetime.date) -> int:
    """Completed years of age on ``day``."""
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def coefficient(
    value: int,
    *,
    birth_date: datetime.date | None,
    entry_date: datetime.date | None,
    games_since_entry: int,
    on: datetime.date,
    rules: RuleSet,
) -> tuple[int, CoefficientCase]:
    """W7: the development coefficient for a value ``FA`` on the period's closing date ``on``.

    16 from ``master_threshold`` (2200) up, whatever the age; below it 36 for a junior (age up to
    and including 25 on ``on``), for a player on the list for less than two years (entry date
    + 2 years after ``on``) or with fewer than 20 games since entry (games on the previous
    list); 24 otherwise. An unknown birth date is not a junior's.
    """
    if value >= rules.master_threshold:
        return rules.coefficient_master, CoefficientCase.MASTER
    if birth_date is not None and age_on(birth_date, on) <= rules.junior_max_age:
        return rules.coefficient_development, CoefficientCase.JUNIOR
    if entry_date is not None and add_years(entry_date, rules.new_player_years) > on:
        return rules.coefficient_development, CoefficientCase.NEW
    if games_since_entry < rules.new_player_games:
        return rules.coefficient_development, CoefficientCase.FEW_GAMES
    return rules.coefficient_standard, CoefficientCase.STANDARD


def uplifted(value: int, rules: RuleSet) -> int:
    """W9: ``value`` raised by the rule set's uplift (``0.3 × (2000 − value)`` below 2000,
    rounded half up); unchanged without an uplift or from the threshold up."""
    up = rules.uplift
    if up is None or value >= up.threshold:
        return value
    return value + round_half_up(up.factor * (up.threshold - value))


def uplift_applies(
    rules: RuleSet, list_date: datetime.date | None, period_end: datetime.date
) -> bool:
    """The uplift is applied in the period whose previous list predates it and which ends on
    or after its date. Without the previous list's date, the values are taken as already
    raised."""
    up = rules.uplift
    return up is not None and list_date is not None and list_date < up.date <= period_end


def entry_value(
    games: int, opponents_total: int, score: Fraction, table: EvaluationTable, rules: RuleSet
) -> EntryCalculation:
    """W2: ``M = ΣF / P``, ``L = 100 × ΣR / P`` (rounded half up), ``FZ = M + D(L)`` rounded half
    up, at least the entry minimum (and the floor)."""
    mean = Fraction(opponents_total, games)
    exact = 100 * score / games
    percentage = round_half_up(exact)
    difference = table.difference_for(percentage)
    performance = round_half_up(mean + difference)
    minimum = max(rules.entry_minimum, rules.floor or 0)
    return EntryCalculation(
        games=games,
        opponents_total=opponents_total,
        score=score,
        mean=mean,
        percentage_exact=exact,
        percentage=percentage,
        difference=difference,
        performance=performance,
        minimum=minimum,
        value=max(performance, minimum),
    )


def game_line(game: CountedGame, start_value: int, k: int, table: EvaluationTable) -> GameLine:
    """W6: one game's ``W = K × (result − expected(FA − FG))`` in hundredths."""
    difference = start_value - game.opponent_value
    expected = table.expected(difference)
    result_hundredths = 100 * game.result.numerator // game.result.denominator  # 0, 50, 100
    gain = k * (result_hundredths - expected)
    return GameLine(
        source=game.source,
        round=game.round,
        opponent=game.opponent_name,
        opponent_id=game.opponent_id,
        opponent_value=game.opponent_value,
        difference=difference,
        difference_used=table.capped(difference),
        result=game.result,
        expected=expected,
        gain=gain,
    )


def compute_period(
    previous: Sequence[ListEntry],
    tournaments: Sequence[TournamentInput],
    *,
    rules: RuleSet,
    period_end: datetime.date,
    table: EvaluationTable | None = None,
    list_date: datetime.date | None = None,
) -> PeriodResult:
    """The new list for the period ending ``period_end`` (see the module docstring).

    ``list_date`` is the previous list's closing date (only used to decide the 2025 uplift).
    """
    table = table or default_table()
    raise_values = uplift_applies(rules, list_date, period_end)
    identities = Identities(previous)
    for item in tournaments:
        identities.add_tournament(item.tournament, item.source)
    participants = frozenset(
        identities.resolve(p) for item in tournaments for p in item.tournament.players
    )
    start: dict[str, int] = {}
    for key, person in identities.people.items():
        if person.entry is not None and person.entry.points is not None:
            points = person.entry.points
            start[key] = uplifted(points, rules) if raise_values else points
        elif person.foreign_rating is not None:
            start[key] = max(person.foreign_rating, rules.entry_minimum, rules.floor or 0)
    reports: list[TournamentReport] = []
    ineligible: list[IneligibleGame] = []
    counted: dict[str, list[CountedGame]] = {}
    last_played: dict[str, datetime.date] = {}
    for item in tournaments:
        report, games, bad = assess_tournament(
            item.source,
            item.tournament,
            identities,
            start,
            rules=rules,
            period_end=period_end,
            options=item.options,
        )
        reports.append(report)
        ineligible.extend(bad)
        for game in games:
            counted.setdefault(game.player_id, []).append(game)
            if game.date is not None:
                last = last_played.get(game.player_id)
                if last is None or game.date > last:
                    last_played[game.player_id] = game.date
    players = [
        _player(
            person,
            start.get(key),
            counted.get(key, []),
            last_played.get(key, period_end),
            rules=rules,
            table=table,
            period_end=period_end,
        )
        for key, person in identities.people.items()
        if person.entry is not None or key in counted
    ]
    return PeriodResult(
        rules=rules,
        table=table,
        period_end=period_end,
        list_date=list_date,
        uplift_applied=raise_values,
        tournaments=tuple(reports),
        players=tuple(players),
        ineligible=tuple(ineligible),
        notes=tuple(identities.notes),
        participants=participants,
    )


def _player(
    person: Participant,
    start_value: int | None,
    games: list[CountedGame],
    last_played: datetime.date,
    *,
    rules: RuleSet,
    table: EvaluationTable,
    period_end: datetime.date,
) -> PlayerResult:
    row = person.entry or ListEntry(
        id=person.id, name=person.name, points=None, fide_id=person.fide_id
    )
    floor = rules.floor or 0
    listed = row.points is not None
    if not listed and start_value is not None and not games:
        return _result(row, Status.PENDING)
    if start_value is not None:  # on the list, or holding a recognised rating (W3, W9)
        if listed:
            entry_date, since = row.entry_date, row.games
        else:
            entry_date, since = period_end, 0
        if not games:
            last = row.last_active or row.entry_date
            if last is not None and add_years(last, rules.inactivity_years) <= period_end:
                return _result(row, Status.REMOVED, old=row.points, start=start_value)
        k, case = coefficient(
            start_value,
            birth_date=row.birth_date,
            entry_date=entry_date,
            games_since_entry=since,
            on=period_end,
            rules=rules,
        )
        lines = tuple(game_line(g, start_value, k, table) for g in games)
        gain = sum(line.gain for line in lines)
        computed = round_half_up(start_value + Fraction(gain, 100))
        new_value = max(computed, floor)
        if not listed:
            status = Status.ENTERED_FOREIGN
        else:
            status = Status.RATED if games else Status.UNCHANGED
        new_row = ListEntry(
            id=row.id,
            name=row.name,
            points=new_value,
            games=since + len(games),
            entry_date=entry_date,
            birth_date=row.birth_date,
            last_active=last_played if games else row.last_active,
            fide_id=row.fide_id or person.fide_id,
            foreign_rating=row.foreign_rating if listed else person.foreign_rating,
        )
        return _result(
            new_row,
            status,
            old=row.points,
            start=start_value,
            k=k,
            case=case,
            lines=lines,
            gain=gain,
            new=new_value,
            floor_applied=computed < floor,
        )
    # not on a recognised list: collect countable games until the entry (W2)
    total_games = row.pending_games + len(games)
    total_opponents = row.pending_opponents + sum(g.opponent_value for g in games)
    total_score = row.pending_score + sum((g.result for g in games), Fraction(0))
    last = last_played if games else row.last_active
    if total_games >= rules.entry_games:
        entry = entry_value(total_games, total_opponents, total_score, table, rules)
        new_row = ListEntry(
            id=row.id,
            name=row.name,
            points=entry.value,
            games=0,
            entry_date=period_end,
            birth_date=row.birth_date,
            last_active=last,
            fide_id=row.fide_id or person.fide_id,
        )
        return _result(
            new_row,
            Status.ENTERED,
            new=entry.value,
            floor_applied=entry.performance < entry.minimum,
            entry=entry,
            collected=tuple(games),
        )
    new_row = ListEntry(
        id=row.id,
        name=row.name,
        points=None,
        birth_date=row.birth_date,
        last_active=last,
        fide_id=row.fide_id or person.fide_id,
        foreign_rating=row.foreign_rating,
        pending_games=total_games,
        pending_opponents=total_opponents,
        pending_score=total_score,
    )
    return _result(new_row, Status.PENDING, collected=tuple(games))


def _result(
    row: ListEntry,
    status: Status,
    *,
    old: int | None = None,
    start: int | None = None,
    k: int | None = None,
    case: CoefficientCase | None = None,
    lines: tuple[GameLine, ...] = (),
    gain: int = 0,
    new: int | None = None,
    floor_applied: bool = False,
    entry: EntryCalculation | None = None,
    collected: tuple[CountedGame, ...] = (),
) -> PlayerResult:
    return PlayerResult(
        id=row.id,
        name=row.name,
        status=status,
        old_value=old,
        start_value=start,
        coefficient=k,
        coefficient_case=case,
        games=lines,
        gain=gain,
        new_value=new,
        floor_applied=floor_applied,
        entry=entry,
        row=row,
        collected=collected,
    )
