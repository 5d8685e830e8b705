"""The random tournament generator (RTG) of FIDE's acceptance checklist (VCL4THP.13 Q22–Q32).

:func:`generate` makes a complete Swiss tournament: players and their ratings, the rounds
paired one after the other by our Dutch engine (FIDE C.04.3 through gacrux,
:class:`~chessclub.pairing.engine.GacruxDutchEngine`), requested byes, forfeits and results
drawn at random, and the final standings ranked by the tournament's tie-break list.
:func:`generated_trf` writes it as a TRF-2026 file (records 142, 152, 192, 202, 250 and the
rank column of the ``001`` lines). Rules: docs/rules/fide-endorsement.md (Q22–Q32).

Shapes and units:

* ratings are FIDE rating points (``int``); every generated player is rated;
* a :class:`Quantity` is a count (events in the whole tournament, or in one round) or a
  percentage (``Fraction``, 0–100) of the *opportunities*: player-rounds for byes, games for
  forfeits; a :class:`Plan` maps ``None`` (the whole tournament) or a round number to a
  quantity;
* every setting left ``None`` gets a sensible random value from the run's seed (Q25); the
  settings actually used come back in :attr:`GeneratedTournament.settings`;
* the seed is an ``int``; the same seed and settings give the same tournament, byte for byte
  (Q30: :func:`fresh_seed` draws a new one for each run that does not give one).

**Results (Q32).** A game's expected score for White, ``E``, is FIDE's table 8.1.2 (B.02,
"expected score PD by rating difference", :func:`chessclub.ratings.fide_tables.expected_score`,
the difference capped at 800 as the table ends at 735). ``E`` is split into win/draw/loss
probabilities with a draw share that falls as the gap widens:
``P(draw) = DRAW_RATE_EVEN × min(E, 1 − E) / ½``, ``P(white wins) = E − P(draw)/2``,
``P(black wins) = 1 − E − P(draw)/2``. So the expected score of every game is exactly the
table's, two equal players draw :data:`DRAW_RATE_EVEN` of their games, and a player the table
gives 1.00 always wins. The draw rate and the absence of a White advantage are our choice
(FIDE's table gives only the expected score).

**Unusual results (Q24: ½-0, 0-½, 0-0).** The core's model knows the seven result codes of
spec R1, and the TRF reader refuses a board whose two cells do not mirror each other, so a
tournament holding one could be neither paired on nor checked. ``unusual`` is accepted and
must be zero (left unset it is zero); anything else raises :class:`GeneratorError` saying so.
"""

from __future__ import annotations

import datetime
import math
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from chessclub.formats.trf import (
    AccelerationRecord,
    InitialColourRecord,
    PlayerRecord,
    RawLine,
    Record,
    TextRecord,
    TrfDocument,
    final_ranks,
    from_tournament,
    write_trf,
)
from chessclub.model import (
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentSystem,
)
from chessclub.pairing.engine import (
    GacruxDutchEngine,
    PairingEngine,
    PairingOptions,
    baku_acceleration,
)
from chessclub.ratings.fide_tables import expected_score
from chessclub.tiebreaks import parse_tiebreaks

DRAW_RATE_EVEN = Fraction(3, 10)
"""Share of drawn games between two players of equal rating (our choice; see the module)."""

TIEBREAK_POOL: tuple[str, ...] = (
    "BH/C1",
    "BH",
    "BH/M1",
    "SB",
    "SB/C1",
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "PS",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "AOB",
    "FB",
    "REP",
    "APRO",
)
"""FIDE C.07 Swiss tie-breaks a random list is drawn from (Q25): 3 to 5 of them, in random order."""

RATING_FLOOR = 1400
"""FIDE's lowest published rating (B.02 7.2.1): random ratings are drawn from here…"""
RATING_TOP = 2800
"""…to here."""

MAX_PLAYERS = 999
MAX_ROUNDS = 30


class GeneratorError(ValueError):
    """Settings the generator cannot honour (``str()`` says which and why)."""


@dataclass(frozen=True, slots=True)
class Quantity:
    """How many events: ``count`` events, or ``percent`` (0–100) of the opportunities."""

    count: int | None = None
    percent: Fraction | None = None

    def of(self, opportunities: int) -> int:
        """The number of events among ``opportunities`` (a percentage rounded half up)."""
        if self.count is not None:
            return self.count
        assert self.percent is not None
        return math.floor(self.percent * opportunities / 100 + Fraction(1, 2))

    def __str__(self) -> str:
        return str(self.count) if self.count is not None else f"{float(self.percent or 0):g}%"


Plan = Mapping[int | None, Quantity]
"""Events of one kind: ``None`` → spread over the whole tournament, ``r`` → in round ``r``."""


def parse_quantity(text: str) -> Quantity:
    """``"4"`` (a count) or ``"2.5%"`` (a percentage). ``GeneratorError`` otherwise."""
    value = text.strip()
    try:
        if value.endswith("%"):
            percent = Fraction(value[:-1].strip())
            if not 0 <= percent <= 100:
                raise GeneratorError(f"{text!r}: a percentage is between 0% and 100%")
            return Quantity(percent=percent)
        count = int(value)
    except (ValueError, ZeroDivisionError):
        raise GeneratorError(f"{text!r} is neither a count (4) nor a percentage (2.5%)") from None
    if count < 0:
        raise GeneratorError(f"{text!r}: a count cannot be negative")
    return Quantity(count=count)


def parse_plan(text: str) -> dict[int | None, Quantity]:
    """A plan as the command line writes it: comma-separated items, each ``Q`` (the whole
    tournament) or ``R:Q`` (round ``R``), ``Q`` a count or a percentage: ``"3"``, ``"5%"``,
    ``"2:1,5:10%"``. ``GeneratorError`` for anything else."""
    plan: dict[int | None, Quantity] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        where: int | None = None
        if ":" in item:
            head, item = item.split(":", 1)
            if not head.strip().isdigit() or int(head) < 1:
                raise GeneratorError(f"{head!r} is not a round number (in {text!r})")
            where = int(head)
        if where in plan:
            raise GeneratorError(
                f"{text!r} gives {'round ' + str(where) if where else 'the total'} twice"
            )
        plan[where] = parse_quantity(item)
    return plan


@dataclass(frozen=True, slots=True)
class RatingRange:
    """Ratings drawn at random from ``minimum``, ``minimum + step``, … up to ``maximum``."""

    minimum: int
    maximum: int
    step: int = 1


def parse_ratings(text: str) -> tuple[int, ...] | RatingRange:
    """``"2400,2210,1985"`` (a list, one per player) or ``"1500:2400:50"`` (min:max:step,
    step optional). ``GeneratorError`` otherwise."""
    value = text.strip()
    try:
        if ":" in value:
            parts = [int(p) for p in value.split(":")]
            if len(parts) not in (2, 3):
                raise ValueError
            low, high, step = parts[0], parts[1], parts[2] if len(parts) == 3 else 1
            if not 0 < low <= high <= 9999 or step < 1:
                raise GeneratorError(f"{text!r}: need 0 < min ≤ max ≤ 9999 and step ≥ 1")
            return RatingRange(low, high, step)
        ratings = tuple(int(p) for p in value.split(",") if p.strip())
    except ValueError:
        raise GeneratorError(
            f"{text!r} is neither a list of ratings (2400,2210) nor min:max:step (1500:2400:50)"
        ) from None
    if not ratings or any(not 0 < r <= 9999 for r in ratings):
        raise GeneratorError(f"{text!r}: ratings are between 1 and 9999")
    return ratings


@dataclass(frozen=True)
class GeneratorSettings:
    """What to generate; ``None`` everywhere means "draw a sensible value" (Q25).

    - ``players`` (≥ 2) and ``rounds`` (≥ 1);
    - ``ratings``: a list (one per player, in any order), a :class:`RatingRange`, or ``None``
      for ratings drawn uniformly from :data:`RATING_FLOOR`…:data:`RATING_TOP` (Q26–Q29);
    - ``full_byes``, ``half_byes``, ``zero_byes``: requested byes (TRF ``F``, ``H``, ``Z``) as
      :data:`Plan`; percentages are of player-rounds (of the round's players for a round);
    - ``forfeits``: forfeited games (``+/-`` or ``-/+``, the winner drawn 50/50), a
      percentage of games;
    - ``unusual``: ½-0, 0-½, 0-0 results; must be zero (see the module docstring);
    - ``baku``: Baku acceleration (FIDE C.04.7, TRF record 250);
    - ``tiebreaks``: the tie-break list (FIDE C.07 codes, TRF record 202);
    - ``initial_colour``: the colour drawn before round 1 (TRF record 152);
    - ``start_date``: the first round's date (sets the tie-break rule era; one round a day).
    """

    players: int | None = None
    rounds: int | None = None
    ratings: tuple[int, ...] | RatingRange | None = None
    full_byes: Plan | None = None
    half_byes: Plan | None = None
    zero_byes: Plan | None = None
    forfeits: Plan | None = None
    unusual: Plan | None = None
    baku: bool | None = None
    tiebreaks: tuple[str, ...] | None = None
    initial_colour: Colour | None = None
    start_date: datetime.date | None = None


@dataclass(frozen=True)
class GeneratedTournament:
    """A generated tournament: the record, its final ``ranks`` (pairing number → rank, by
    ``settings.tiebreaks``), the ``seed`` and the complete ``settings`` used."""

    tournament: Tournament
    ranks: dict[PairingNumber, int]
    seed: int
    settings: GeneratorSettings
    acceleration: tuple[AccelerationRecord, ...] = field(default=())


def fresh_seed() -> int:
    """A new seed from the operating system (Q30: two runs without a seed differ)."""
    return secrets.randbits(48)


# -- settings -----------------------------------------------------------------------------------


def complete_settings(settings: GeneratorSettings, rng: random.Random) -> GeneratorSettings:
    """``settings`` with every ``None`` replaced by a random value (Q25), checked.

    Defaults: 5–9 rounds; 2·rounds+2 to 60 players; ratings uniform in 1400–2800; half-point
    byes 0–3 %, zero-point byes 0–2 %, full-point byes 0–1 % of player-rounds; forfeits 0–3 % of
    games; no unusual result; Baku in one tournament out of five (when there are 8 players or
    more); 3–5 tie-breaks from :data:`TIEBREAK_POOL`; initial colour white or black; a start
    date in March–December 2026. Raises :class:`GeneratorError` for settings out of range
    (more rounds than the players can play without a rematch among them).
    """
    rounds = settings.rounds
    players = settings.players
    if isinstance(settings.ratings, tuple) and players is None:
        players = len(settings.ratings)
    if rounds is None:
        top = 9 if players is None else max(1, min(9, players // 2))
        rounds = rng.randint(min(5, top), top)
    if players is None:
        players = rng.randint(min(2 * rounds + 2, 60), 60)
    if not 2 <= players <= MAX_PLAYERS:
        raise GeneratorError(f"{players} players: the generator makes 2 to {MAX_PLAYERS}")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise GeneratorError(f"{rounds} rounds: the generator makes 1 to {MAX_ROUNDS}")
    most = players if players % 2 else players - 1
    if rounds > most:
        raise GeneratorError(
            f"{players} players can play at most {most} rounds without a rematch "
            f"(FIDE C.04.1), not {rounds}"
        )
    if isinstance(settings.ratings, tuple) and len(settings.ratings) != players:
        raise GeneratorError(f"{len(settings.ratings)} ratings listed for {players} players")

    def percent(high: int) -> dict[int | None, Quantity]:
        return {None: Quantity(percent=Fraction(rng.randint(0, high * 10), 10))}

    tiebreaks = settings.tiebreaks
    if tiebreaks is None:
        tiebreaks = tuple(rng.sample(TIEBREAK_POOL, rng.randint(3, 5)))
    tiebreaks = tuple(spec.code for spec in parse_tiebreaks(",".join(tiebreaks), individual=True))
    done = replace(
        settings,
        players=players,
        rounds=rounds,
        ratings=settings.ratings or RatingRange(RATING_FLOOR, RATING_TOP),
        half_byes=settings.half_byes if settings.half_byes is not None else percent(3),
        zero_byes=settings.zero_byes if settings.zero_byes is not None else percent(2),
        full_byes=settings.full_byes if settings.full_byes is not None else percent(1),
        forfeits=settings.forfeits if settings.forfeits is not None else percent(3),
        unusual=settings.unusual if settings.unusual is not None else {},
        baku=settings.baku if settings.baku is not None else players >= 8 and rng.random() < 0.2,
        tiebreaks=tiebreaks,
        initial_colour=settings.initial_colour or rng.choice((Colour.WHITE, Colour.BLACK)),
        start_date=settings.start_date
        or datetime.date(2026, 3, 1) + datetime.timedelta(days=rng.randint(0, 290)),
    )
    for name in ("full_byes", "half_byes", "zero_byes", "forfeits", "unusual"):
        plan: Plan = getattr(done, name)
        for where in plan:
            if where is not None and not 1 <= where <= rounds:
                raise GeneratorError(f"{name.replace('_', '-')}: there is no round {where}")
    if any(q.of(10**6) for q in (done.unusual or {}).values()):
        raise GeneratorError(
            "unusual results (½-0, 0-½, 0-0) cannot be generated: the core's results know only "
            "1-0, ½-½, 0-1 and the forfeits (spec R1), so such a file could not be paired on "
            "nor checked"
        )
    return done


# -- drawing ------------------------------------------------------------------------------------


def result_probabilities(white: int, black: int) -> tuple[Fraction, Fraction, Fraction]:
    """(P(white wins), P(draw), P(black wins)) for a game between these ratings (Q32; the
    model of the module docstring: table 8.1.2's expected score, split with
    :data:`DRAW_RATE_EVEN`). Exact fractions adding up to 1."""
    e = Fraction(expected_score(white, black), 100)
    draw = DRAW_RATE_EVEN * min(e, 1 - e) * 2
    return e - draw / 2, draw, 1 - e - draw / 2


def draw_result(white: int, black: int, rng: random.Random) -> GameResult:
    """A played game's result drawn from :func:`result_probabilities`."""
    win, draw, _ = result_probabilities(white, black)
    x = rng.random()
    if x < win:
        return GameResult.WHITE_WINS
    if x < win + draw:
        return GameResult.DRAW
    return GameResult.BLACK_WINS


def _ratings(settings: GeneratorSettings, rng: random.Random) -> list[int]:
    players = settings.players or 0
    ratings = settings.ratings
    if isinstance(ratings, tuple):
        return list(ratings)
    assert isinstance(ratings, RatingRange)
    grid = range(ratings.minimum, ratings.maximum + 1, ratings.step)
    return [rng.choice(grid) for _ in range(players)]


def _spread(plan: Plan, rounds: int, opportunities: Sequence[int], rng: random.Random) -> list[int]:
    """Events per round (index 0 = round 1) from a plan: the round entries as given, the
    whole-tournament entry spread at random over the rounds without their own entry."""
    per_round = [0] * rounds
    for where, quantity in plan.items():
        if where is not None:
            per_round[where - 1] = quantity.of(opportunities[where - 1])
    total = plan.get(None)
    if total is not None:
        free = [r for r in range(rounds) if r + 1 not in plan]
        count = total.of(sum(opportunities[r] for r in free))
        for _ in range(count):
            if not free:
                break
            per_round[rng.choice(free)] += 1
    return per_round


def generate(
    settings: GeneratorSettings | None = None,
    *,
    seed: int | None = None,
    engine: PairingEngine | None = None,
) -> GeneratedTournament:
    """A random Swiss tournament (Q22–Q32; see the module docstring).

    ``seed`` defaults to :func:`fresh_seed`. Each round: the requested byes of the round are
    drawn among the players (a player gets at most one full-point bye; byes are never drawn so
    that fewer than two players remain to pair), the round is paired by ``engine`` (default
    :class:`GacruxDutchEngine`, with the Baku acceleration when asked), forfeits are drawn among
    its boards, and every other board's result from :func:`result_probabilities`. Raises
    :class:`GeneratorError` for settings it cannot honour, and
    :class:`~chessclub.pairing.engine.PairingError` when a round has no legal pairing (too
    many rounds for the players).
    """
    used_seed = fresh_seed() if seed is None else seed
    rng = random.Random(used_seed)
    done = complete_settings(settings or GeneratorSettings(), rng)
    players_count = done.players or 0
    rounds = done.rounds or 0
    ratings = sorted(_ratings(done, rng), reverse=True)
    # C.04.2: the initial ranking by rating; equal ratings keep the order of their names
    players = tuple(
        Player(
            PairingNumber(i),
            f"Player{i:04d}, Test",
            rating=rating,
            sex=rng.choice(("m", "w")),
            federation="FID",
        )
        for i, rating in enumerate(ratings, start=1)
    )
    rating_of = {p.pairing_number: p.rating or 0 for p in players}
    tournament = Tournament(
        name=f"Random tournament {used_seed}",
        players=players,
        planned_rounds=rounds,
        system=TournamentSystem.SWISS,
        start_date=done.start_date,
        end_date=(done.start_date or datetime.date(2026, 3, 1))
        + datetime.timedelta(days=rounds - 1),
        city="Generated",
        chief_arbiter="Arbiter, Test",
    )
    player_rounds = [players_count] * rounds
    plans = {
        ByeKind.FULL_POINT: _spread(done.full_byes or {}, rounds, player_rounds, rng),
        ByeKind.HALF_POINT: _spread(done.half_byes or {}, rounds, player_rounds, rng),
        ByeKind.ZERO_POINT: _spread(done.zero_byes or {}, rounds, player_rounds, rng),
    }
    games_per_round = [players_count // 2] * rounds
    forfeits = _spread(done.forfeits or {}, rounds, games_per_round, rng)
    used_engine = engine or GacruxDutchEngine()
    acceleration = baku_acceleration(players_count, rounds) if done.baku else ()
    had_full_bye: set[PairingNumber] = set()
    numbers = [p.pairing_number for p in players]
    for number in range(1, rounds + 1):
        free = list(numbers)
        rng.shuffle(free)
        byes: list[Bye] = []
        for kind in (ByeKind.FULL_POINT, ByeKind.HALF_POINT, ByeKind.ZERO_POINT):
            for _ in range(plans[kind][number - 1]):
                pool = [p for p in free if kind is not ByeKind.FULL_POINT or p not in had_full_bye]
                if len(free) <= 2 or not pool:
                    break
                chosen = pool[0]
                free.remove(chosen)
                byes.append(Bye(chosen, kind))
                if kind is ByeKind.FULL_POINT:
                    had_full_bye.add(chosen)
        pending = Round(RoundNumber(number), (), tuple(byes))
        tournament = replace(tournament, rounds=(*tournament.rounds, pending))
        options = PairingOptions(initial_colour=done.initial_colour, acceleration=acceleration)
        pairing = used_engine.pair(tournament, number, options=options)
        boards = list(pairing.boards)
        forfeited = set(rng.sample(range(len(boards)), min(forfeits[number - 1], len(boards))))
        games = []
        for index, board in enumerate(boards):
            if index in forfeited:
                result = rng.choice(
                    (GameResult.WHITE_WINS_BY_FORFEIT, GameResult.BLACK_WINS_BY_FORFEIT)
                )
            else:
                result = draw_result(rating_of[board.white], rating_of[board.black], rng)
            games.append(Game(board.white, board.black, result, board=index + 1))
        all_byes = list(byes)
        if pairing.bye is not None:
            all_byes.append(Bye(pairing.bye, ByeKind.PAIRING_ALLOCATED))
        played = Round(RoundNumber(number), tuple(games), tuple(all_byes))
        tournament = replace(tournament, rounds=(*tournament.rounds[:-1], played))
    ranks = final_ranks(tournament, done.tiebreaks or ())
    records = tuple(
        AccelerationRecord(
            None, a.points, a.first_round, a.last_round, a.first_player, a.last_player
        )
        for a in acceleration
    )
    return GeneratedTournament(tournament, ranks, used_seed, done, records)


# -- the TRF ------------------------------------------------------------------------------------


def settings_line(generated: GeneratedTournament) -> str:
    """The settings used, as ``chessclub generate`` options (a ``###`` comment of the TRF)."""
    s = generated.settings

    def plan(p: Plan | None) -> str:
        items = [
            (f"{where}:" if where is not None else "") + str(q)
            for where, q in sorted((p or {}).items(), key=lambda kv: kv[0] or 0)
        ]
        return ",".join(items) or "0"

    ratings = s.ratings
    if isinstance(ratings, RatingRange):
        rating_text = f"{ratings.minimum}:{ratings.maximum}:{ratings.step}"
    else:
        rating_text = ",".join(map(str, ratings or ()))
    parts = [
        f"--seed {generated.seed}",
        f"--players {s.players}",
        f"--rounds {s.rounds}",
        f"--ratings {rating_text}",
        f"--full-byes {plan(s.full_byes)}",
        f"--half-byes {plan(s.half_byes)}",
        f"--zero-byes {plan(s.zero_byes)}",
        f"--forfeits {plan(s.forfeits)}",
        f"--tiebreaks {','.join(s.tiebreaks or ())}",
        f"--initial-colour {(s.initial_colour or Colour.WHITE).name.lower()}",
        f"--start-date {s.start_date}",
    ]
    if s.baku:
        parts.append("--baku")
    return " ".join(parts)


def generated_document(generated: GeneratedTournament) -> TrfDocument:
    """The TRF-2026 document of a generated tournament: :func:`from_tournament` with the final
    ranks, then ``152`` (initial colour), ``192`` (``FIDE_DUTCH_2025``, ``_BAKU`` when
    accelerated), ``202`` (the tie-break list), ``250`` (Baku lines) and a ``###`` line with
    the settings that repeat it."""
    doc = from_tournament(generated.tournament, ranks=generated.ranks)
    s = generated.settings
    extra: list[Record] = [
        RawLine(f"### chessclub generate {settings_line(generated)}"),
        InitialColourRecord(s.initial_colour or Colour.WHITE),
        TextRecord("192", "FIDE_DUTCH_2025_BAKU" if s.baku else "FIDE_DUTCH_2025"),
        TextRecord("202", ",".join(s.tiebreaks or ())),
        *generated.acceleration,
    ]
    records = list(doc.records)
    first_player = next(
        (i for i, r in enumerate(records) if isinstance(r, PlayerRecord)), len(records)
    )
    return TrfDocument(
        records=[*records[:first_player], *extra, *records[first_player:]], newline="\n"
    )


def generated_trf(generated: GeneratedTournament) -> bytes:
    """The TRF-2026 bytes of :func:`generated_document` (UTF-8, LF)."""
    return write_trf(generated_document(generated))


__all__ = [
    "DRAW_RATE_EVEN",
    "TIEBREAK_POOL",
    "GeneratedTournament",
    "GeneratorError",
    "GeneratorSettings",
    "Plan",
    "Quantity",
    "RatingRange",
    "complete_settings",
    "draw_result",
    "fresh_seed",
    "generate",
    "generated_document",
    "generated_trf",
    "parse_plan",
    "parse_quantity",
    "parse_ratings",
    "result_probabilities",
    "settings_line",
]
