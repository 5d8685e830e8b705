"""B5 — the federation's national rating run (*CalcElo*) over one period (spec ``frbe.md`` B5).

Inputs: the player list (:class:`ListedPlayer` by matricule: rating and game count, as
``PLAYER``'s ``ELO_CALCUL``/``PART_CALCU``) and the period's games (:class:`PeriodGame`),
numbered in **import order** (file by file as imported, then round, then board): games are
processed in that order, not by date (:func:`period_games` builds them from results files).

Three runs (:class:`Run`):

1. games of unrated players against rated players. An unrated player's rating is their
   performance (FIDE B.02: mean opponents' rating rounded half up, plus ``dp`` of the score
   fraction rounded to two decimals). As soon as they reach ``rated_after_games`` (20) games
   they are rated with that performance, and their later games wait for runs 2–3;
2. games of the newly rated against still-unrated players, in passes over the import order
   until a pass rates no one more. Games between rated and still-unrated players then count
   for nobody else; a still-unrated player with ``indicative_after_games`` (10) games or more
   gets an indicative rating (status :attr:`Status.INDICATIVE`);
3. games between rated players: ``Rn = Ro + Σ K × (W − We)`` over the period, ``We`` from
   FIDE's table 8.1.2 with the difference capped at ``difference_cap`` (350), ``K`` by the
   player's game number (32 for games 21–100, 24 for 101–300) and beyond by rating (16 at or
   below 2000, 12 up to 2200, 10 above). When the rating crosses a K boundary ``B`` the
   boundary formula ``Rf = B + ((W − We) + (Ri − B) / Ki) × Kf`` applies (applied again if a
   second boundary is crossed); the sheet shows ``Ki`` only, as the federation's does.
   10.g: with ``big_move_games`` (25) games or more in run 3 and a move of more than
   ``big_move_points`` (150), the provisional formula over those games replaces it.

Every rated player ends at ``floor`` (1150) or above; ratings are rounded half up at the end.
The constants are a named, versioned :class:`~chessclub.ratings.frbe.rulesets.NationalRules`;
its ``assumptions`` list the points B5 leaves open, marked ``(M)`` (medium confidence).

Decisions: an unrated player's games from earlier periods count towards the 20 and, when the
list gives them a rating, as games scoring 50 % against opponents of that rating (M); a game
naming a matricule missing from the list, or a player twice, is skipped with a reason
(:class:`SkippedGame`); games between two unrated players never count.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from chessclub.model import Colour, Outcome, Tournament
from chessclub.ratings.fide_tables import dp, expected_score, round_half_up, score_hundredths
from chessclub.ratings.frbe.eligibility import game_eligibility, parse_time_control
from chessclub.ratings.frbe.rulesets import (
    DEFAULT_ELIGIBILITY_RULES,
    DEFAULT_NATIONAL_RULES,
    EligibilityRules,
    NationalRules,
)

__all__ = [
    "ListedPlayer",
    "PeriodGame",
    "PlayerOutcome",
    "RatingRun",
    "Run",
    "SheetLine",
    "SkippedGame",
    "Status",
    "period_games",
    "rating_run",
]

_ABROAD = frozenset({"999", "998"})
"""B5: sender codes of games abroad (998: in national interclubs)."""
_POINTS = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """A player of the list before the run: ``rating`` (``None``: none) and ``games`` (the
    game count so far). Rated: ``games ≥ rated_after_games`` and a rating."""

    matricule: int
    name: str = ""
    rating: int | None = None
    games: int = 0
    club: int | None = None


@dataclass(frozen=True, slots=True)
class PeriodGame:
    """One game of the period between two matricules; ``number`` is its import number (the
    order of processing); ``white_score`` 1, ½ or 0. ``source``/``round`` say where it is.
    A game abroad (B5: sender code 999/998) has a foreign opponent: ``white_foreign`` or
    ``black_foreign`` holds that side's Elo (its matricule is then ignored); it counts for the
    Belgian player only, as a game against a rated player."""

    number: int
    white: int
    black: int
    white_score: Fraction
    source: str = ""
    round: int = 0
    date: datetime.date | None = None
    white_foreign: int | None = None
    black_foreign: int | None = None


class Run(enum.IntEnum):
    """B5's three runs."""

    UNRATED_VS_RATED = 1
    NEWLY_RATED = 2
    RATED = 3


class Status(enum.Enum):
    """A player's state after the run."""

    RATED = "rated"
    """Rated before the period (ordinary formula)."""
    PROMOTED = "promoted"
    """Reached 20 games in this period: first ordinary rating."""
    INDICATIVE = "indicative"
    """Still unrated, 10–19 games: indicative performance."""
    UNRATED = "unrated"
    """Still unrated, fewer than 10 games."""


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One game on a player's individual sheet. ``expected`` (We, table 8.1.2) and ``k`` are
    set for run-3 games only; ``game_number`` is the player's career game number."""

    game: int
    source: str
    round: int
    opponent: int
    opponent_name: str
    opponent_rating: int
    score: Fraction
    run: Run
    game_number: int
    expected: Fraction | None = None
    k: int | None = None

    @property
    def expected_text(self) -> str:
        """We with two decimals (``0.64``), ``""`` outside run 3."""
        return "" if self.expected is None else f"{float(self.expected):.2f}"

    @property
    def change(self) -> Fraction | None:
        """``K × (W − We)`` (run 3)."""
        if self.k is None or self.expected is None:
            return None
        return self.k * (self.score - self.expected)


@dataclass(frozen=True, slots=True)
class PlayerOutcome:
    """A player after the run: new rating (``None``: none yet) and game count, the status,
    the formula used (``performance``, ``ordinary``, ``boundary``, ``10.g``, each with
    ``+floor`` when the floor applied) and the sheet."""

    matricule: int
    name: str
    old_rating: int | None
    old_games: int
    new_rating: int | None
    new_games: int
    status: Status
    formula: str
    sheet: tuple[SheetLine, ...]
    performance: int | None = None

    @property
    def change(self) -> int | None:
        if self.new_rating is None or self.old_rating is None:
            return None
        return self.new_rating - self.old_rating


@dataclass(frozen=True, slots=True)
class SkippedGame:
    """A game of the period that counts for nobody, and why (English)."""

    game: int
    source: str
    round: int
    white: int
    black: int
    reason: str


@dataclass(frozen=True, slots=True)
class RatingRun:
    """The run's outcome: ``players`` (each listed player who has a game in the period, by
    matricule), ``promoted`` in order of promotion, the skipped games, the rule set label."""

    rules: str
    players: Mapping[int, PlayerOutcome]
    promoted: tuple[int, ...]
    skipped: tuple[SkippedGame, ...]
    passes: int = 0

    def outcome(self, player: ListedPlayer) -> PlayerOutcome:
        """The outcome of ``player``; unchanged (no game) if they had no game."""
        found = self.players.get(player.matricule)
        if found is not None:
            return found
        return PlayerOutcome(
            player.matricule,
            player.name,
            player.rating,
            player.games,
            player.rating,
            player.games,
            Status.RATED if player.rating else Status.UNRATED,
            "no game",
            (),
        )


@dataclass
class _Provisional:
    games: int
    rating_sum: Fraction
    rated_games: int
    score: Fraction
    lines: list[SheetLine] = field(default_factory=list)

    def performance(self) -> int | None:
        if self.rated_games == 0:
            return None
        mean = round_half_up(self.rating_sum / self.rated_games)
        return mean + dp(score_hundredths(self.score, self.rated_games))


def _is_rated(player: ListedPlayer, rules: NationalRules) -> bool:
    return player.games >= rules.rated_after_games and bool(player.rating)


def rating_run(
    players: Mapping[int, ListedPlayer],
    games: Iterable[PeriodGame],
    rules: NationalRules = DEFAULT_NATIONAL_RULES,
) -> RatingRun:
    """B5: the period's new ratings and game counts.

    ``players``: the list by matricule; ``games``: the period's games (sorted here by their
    import ``number``; equal numbers keep their order). Returns a :class:`RatingRun`; raises
    nothing for bad games (they are :class:`SkippedGame`).
    """
    ordered = sorted(games, key=lambda g: g.number)
    skipped: list[SkippedGame] = []
    valid: list[PeriodGame] = []
    players = dict(players)
    foreign: set[int] = set()
    for position, game in enumerate(ordered):
        if game.white_foreign is None and game.black_foreign is None:
            continue
        # A foreign opponent becomes a rated stand-in with a key no matricule has (< 0).
        white, black = game.white, game.black
        for side, elo in (("white", game.white_foreign), ("black", game.black_foreign)):
            if elo is None:
                continue
            key = -(2 * position + (1 if side == "white" else 2))
            players[key] = ListedPlayer(key, "", elo, rules.rated_after_games)
            foreign.add(key)
            if side == "white":
                white = key
            else:
                black = key
        ordered[position] = dataclasses.replace(game, white=white, black=black)
    for game in ordered:
        reason = ""
        if game.white == game.black:
            reason = f"matricule {game.white} plays themself"
        else:
            missing = [str(m) for m in (game.white, game.black) if m not in players]
            if missing:
                reason = f"matricule {', '.join(missing)} not in the player list"
        if reason:
            skipped.append(
                SkippedGame(game.number, game.source, game.round, game.white, game.black, reason)
            )
        else:
            valid.append(game)

    rated0 = {m for m, p in players.items() if _is_rated(p, rules)}
    rating: dict[int, int] = {m: players[m].rating or 0 for m in rated0}
    provisional: dict[int, _Provisional] = {}
    promoted: list[int] = []
    processed: set[int] = set()

    def prov(matricule: int) -> _Provisional:
        state = provisional.get(matricule)
        if state is None:
            listed = players[matricule]
            n0 = listed.games
            known = n0 if listed.rating else 0
            state = _Provisional(
                n0, Fraction(known * (listed.rating or 0)), known, Fraction(known, 2)
            )
            provisional[matricule] = state
        return state

    def count(index: int, game: PeriodGame, unrated: int, run: Run) -> bool:
        """Count ``game`` for ``unrated``; True if this promotes them."""
        opponent = game.black if unrated == game.white else game.white
        score = game.white_score if unrated == game.white else 1 - game.white_score
        state = prov(unrated)
        state.games += 1
        state.rated_games += 1
        state.rating_sum += rating[opponent]
        state.score += score
        state.lines.append(
            SheetLine(
                game.number,
                game.source,
                game.round,
                opponent,
                players[opponent].name,
                rating[opponent],
                score,
                run,
                state.games,
            )
        )
        processed.add(index)
        if state.games >= rules.rated_after_games:
            value = state.performance()
            assert value is not None
            rating[unrated] = value
            promoted.append(unrated)
            return True
        return False

    # Run 1: unrated against rated (the list's rated players).
    for index, game in enumerate(valid):
        for unrated, other in ((game.white, game.black), (game.black, game.white)):
            if unrated not in rated0 and unrated not in rating and other in rated0:
                count(index, game, unrated, Run.UNRATED_VS_RATED)
                break

    # Run 2: the newly rated against the still unrated, until no one more is rated.
    passes = 0
    while True:
        passes += 1
        before = len(promoted)
        worked = False
        for index, game in enumerate(valid):
            if index in processed:
                continue
            for unrated, other in ((game.white, game.black), (game.black, game.white)):
                if unrated not in rating and other in rating and other not in rated0:
                    count(index, game, unrated, Run.NEWLY_RATED)
                    worked = True
                    break
        if len(promoted) == before or not worked:
            break

    # Run 3: rated against rated.
    start_games = {m: players[m].games for m in rated0}
    start_games.update({m: provisional[m].games for m in promoted})
    run3: dict[int, list[SheetLine]] = {}
    for index, game in enumerate(valid):
        if index in processed or game.white not in rating or game.black not in rating:
            continue
        for me, opponent, score in (
            (game.white, game.black, game.white_score),
            (game.black, game.white, 1 - game.white_score),
        ):
            if me in foreign:
                continue
            lines = run3.setdefault(me, [])
            number = start_games[me] + len(lines) + 1
            mine, theirs = rating[me], rating[opponent]
            expected = Fraction(
                expected_score(mine, theirs, max_difference=rules.difference_cap), 100
            )
            lines.append(
                SheetLine(
                    game.number,
                    game.source,
                    game.round,
                    opponent,
                    players[opponent].name,
                    theirs,
                    score,
                    Run.RATED,
                    number,
                    expected,
                    rules.k_for(number, mine),
                )
            )

    involved: set[int] = set()
    for game in valid:
        involved.update((game.white, game.black))
    involved.update(s for g in skipped for s in (g.white, g.black) if s in players)
    involved -= foreign
    outcomes: dict[int, PlayerOutcome] = {}
    for matricule in involved:
        listed = players[matricule]
        state = provisional.get(matricule)
        lines3 = run3.get(matricule, [])
        early = list(state.lines) if state is not None else []
        sheet = tuple(sorted(early + lines3, key=lambda line: (line.game, line.run)))
        if matricule in rating:
            start = rating[matricule]
            games_before = start_games[matricule]
            perf = state.performance() if state is not None else None
            status = Status.RATED if matricule in rated0 else Status.PROMOTED
            formula = "ordinary" if status is Status.RATED else "performance"
            value = Fraction(start)
            if lines3:
                value, formula = _ordinary(start, lines3, rules)
            new = round_half_up(value)
            if new < rules.floor:
                new, formula = rules.floor, formula + "+floor"
            outcomes[matricule] = PlayerOutcome(
                matricule,
                listed.name,
                listed.rating,
                listed.games,
                new,
                games_before + len(lines3),
                status,
                formula,
                sheet,
                perf,
            )
        else:
            games_now = state.games if state is not None else listed.games
            perf = state.performance() if state is not None else None
            indicative = games_now >= rules.indicative_after_games and perf is not None
            outcomes[matricule] = PlayerOutcome(
                matricule,
                listed.name,
                listed.rating,
                listed.games,
                perf if indicative else listed.rating,
                games_now,
                Status.INDICATIVE if indicative else Status.UNRATED,
                "performance" if perf is not None else "no game counted",
                sheet,
                perf,
            )
    return RatingRun(rules.label, outcomes, tuple(promoted), tuple(skipped), passes)


def _ordinary(start: int, lines: Sequence[SheetLine], rules: NationalRules) -> tuple[Fraction, str]:
    """Run 3 for one player: the unrounded new rating and the formula's name."""
    last_band = rules.last_game_band
    by_games = Fraction(0)
    units = Fraction(0)
    for line in lines:
        assert line.expected is not None and line.k is not None
        if line.game_number <= last_band:
            by_games += line.k * (line.score - line.expected)
        else:
            units += line.score - line.expected
    value = start + by_games
    formula = "ordinary"
    if units:
        value, crossed = _across_boundaries(value, units, rules)
        if crossed:
            formula = "boundary"
    if len(lines) >= rules.big_move_games and abs(value - start) > rules.big_move_points:
        total = sum(line.opponent_rating for line in lines)
        score = sum((line.score for line in lines), Fraction(0))
        mean = round_half_up(Fraction(total, len(lines)))
        value = Fraction(mean + dp(score_hundredths(score, len(lines))))
        formula = "10.g"
    return value, formula


def _k_moving(rating: Fraction, up: bool, rules: NationalRules) -> tuple[int, int | None]:
    """K of the band ``rating`` moves through (upwards or downwards) and that band's edge in
    that direction (``None``: no further boundary)."""
    bounds = rules.boundaries
    if up:
        for band in rules.k_by_rating:
            if band.max_rating is None or rating < band.max_rating:
                return band.k, band.max_rating
        raise AssertionError("unreachable")
    lower: int | None = None
    for band in rules.k_by_rating:
        if band.max_rating is None or rating <= band.max_rating:
            below = [b for b in bounds if b < rating]
            lower = max(below) if below else None
            return band.k, lower
    raise AssertionError("unreachable")


def _across_boundaries(
    start: Fraction, units: Fraction, rules: NationalRules
) -> tuple[Fraction, bool]:
    """``start + K × units`` with K by rating, using the boundary formula at each K boundary
    crossed: ``Rf = B + (units + (Ri − B) / Ki) × Kf``. Returns the value and whether a
    boundary was crossed."""
    up = units > 0
    value = start
    remaining = units
    crossed = False
    while True:
        k, edge = _k_moving(value, up, rules)
        target = value + k * remaining
        if edge is None or (up and target <= edge) or (not up and target >= edge):
            return target, crossed
        remaining += (value - edge) / k
        value = Fraction(edge)
        crossed = True


def _matricule(text: str) -> int:
    stripped = text.strip()
    return int(stripped) if stripped.isascii() and stripped.isdigit() else 0


def period_games(
    files: Sequence[tuple[str, Tournament]],
    *,
    first_number: int = 1,
    eligibility: EligibilityRules | None = DEFAULT_ELIGIBILITY_RULES,
) -> tuple[list[PeriodGame], list[SkippedGame]]:
    """The games of results files in import order (file order, round, board), numbered from
    ``first_number``. Forfeits and games without a result are not games (left out silently);
    a game with a player without matricule (0 or blank) or not marked rated is skipped with
    its reason. A player of club 999/998 is a foreign opponent (B5: games abroad): their
    "matricule" (else their rating) is their Elo, and the game counts for the Belgian side. With
    ``eligibility`` (B6), when the file's tempo can be read, a game whose time control is too
    short for the two ratings is skipped naming the rule set. ``files``: (name, tournament).
    """
    out: list[PeriodGame] = []
    skipped: list[SkippedGame] = []
    number = first_number
    for source, tournament in files:
        by_number = {p.pairing_number: p for p in tournament.players}
        control = None
        if eligibility is not None and tournament.time_control.strip():
            try:
                control = parse_time_control(tournament.time_control)
            except ValueError:
                control = None
        for rnd in tournament.rounds:
            for game in rnd.games:
                if not game.result.is_played:
                    continue
                white, black = by_number[game.white], by_number[game.black]
                mw, mb = _matricule(white.matricule), _matricule(black.matricule)
                outcome = game.result.outcome(Colour.WHITE)
                assert outcome is not None
                reason = ""
                abroad_w = white.club.strip() in _ABROAD
                abroad_b = black.club.strip() in _ABROAD
                foreign_w = (mw or white.rating or 0) if abroad_w else None
                foreign_b = (mb or black.rating or 0) if abroad_b else None
                if abroad_w and abroad_b:
                    reason = "both players are foreign (sender code 999/998)"
                elif foreign_w == 0 or foreign_b == 0:
                    reason = "a foreign player without Elo"
                elif (mw <= 0 and not abroad_w) or (mb <= 0 and not abroad_b):
                    reason = "a player has no matricule"
                elif not game.rated:
                    reason = "not rated"
                elif control is not None and eligibility is not None:
                    verdict = game_eligibility(
                        control, foreign_w or white.rating, foreign_b or black.rating, eligibility
                    )
                    if not verdict.eligible:
                        reason = verdict.message
                if reason:
                    skipped.append(SkippedGame(number, source, int(rnd.number), mw, mb, reason))
                else:
                    out.append(
                        PeriodGame(
                            number,
                            0 if abroad_w else mw,
                            0 if abroad_b else mb,
                            _POINTS[outcome],
                            source,
                            int(rnd.number),
                            rnd.date,
                            foreign_w,
                            foreign_b,
                        )
                    )
                number += 1
    return out, skipped
