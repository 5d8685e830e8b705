"""B6 — which games may be rated, from the time control and both ratings (spec ``frbe.md`` B6).

Assuming a 60-move game, each player must have at least a number of minutes that depends on
the higher rating in the game. The thresholds are data: a named, versioned
:class:`~chessclub.ratings.frbe.rulesets.EligibilityRules` (the federation's quoted thresholds,
``frbe-b6``, by default; FIDE's B.02 of 2024, ``fide-b02``, per ``fide.md`` §3.1). Every
result names the rule set and, for an ineligible game, the reason.

Minutes for a 60-move game (:meth:`TimeControl.minutes_for`): the minutes of every stage that
starts by move 60, plus ``moves × increment`` (an increment of 30 s over 60 moves is 30 min):
``90 min + 30 s`` → 120; ``40 moves in 2 h, then 1 h`` → 180.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from chessclub.model import Game, PairingNumber, Tournament
from chessclub.ratings.frbe.rulesets import DEFAULT_ELIGIBILITY_RULES, EligibilityRules

__all__ = [
    "GameEligibility",
    "IneligibleReason",
    "TimeControl",
    "TimeControlStage",
    "game_eligibility",
    "ineligible",
    "parse_time_control",
    "tournament_eligibility",
]


@dataclass(frozen=True, slots=True)
class TimeControlStage:
    """One period of a time control: ``minutes`` for ``moves`` moves (``None``: the rest of the
    game)."""

    minutes: Fraction
    moves: int | None = None


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A time control: its stages in order and an increment per move in seconds (from move 1)."""

    stages: tuple[TimeControlStage, ...]
    increment_seconds: int = 0

    def __post_init__(self) -> None:
        if not self.stages:
            raise ValueError("a time control needs at least one stage")
        for stage in self.stages[:-1]:
            if stage.moves is None:
                raise ValueError("only the last stage may be for the rest of the game")
        if self.increment_seconds < 0 or any(s.minutes < 0 for s in self.stages):
            raise ValueError("times cannot be negative")

    @classmethod
    def simple(cls, base_minutes: int | Fraction, increment_seconds: int = 0) -> TimeControl:
        """``base_minutes`` for the game plus ``increment_seconds`` per move."""
        return cls((TimeControlStage(Fraction(base_minutes)),), increment_seconds)

    @property
    def first_control_move(self) -> int | None:
        """The move of the first control that counts moves (``None``: sudden death)."""
        return self.stages[0].moves

    def minutes_for(self, moves: int = 60) -> Fraction:
        """B6: each player's thinking time for a game of ``moves`` moves."""
        total = Fraction(0)
        start = 1
        for stage in self.stages:
            if start > moves:
                break
            total += stage.minutes
            if stage.moves is None:
                break
            start += stage.moves
        return total + Fraction(self.increment_seconds * moves, 60)


class IneligibleReason(enum.Enum):
    """Why a game may not be rated under a rule set."""

    TOO_LITTLE_TIME = "too little thinking time"
    FIRST_CONTROL_TOO_EARLY = "first time control too early"
    NOT_PLAYED = "not played on the board"


@dataclass(frozen=True, slots=True)
class GameEligibility:
    """B6's verdict on one game under ``rules`` (``key@version``).

    ``required_minutes`` applies because a player of the game is rated ``threshold_rating`` or
    more (0: every game); ``available_minutes`` is what each player had for a 60-move game.
    ``reason`` is ``None`` for an eligible game; ``message`` says it in English."""

    rules: str
    eligible: bool
    required_minutes: int
    available_minutes: Fraction
    threshold_rating: int
    reason: IneligibleReason | None
    message: str
    round: int | None = None
    white: PairingNumber | None = None
    black: PairingNumber | None = None


def _minutes_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


def game_eligibility(
    time_control: TimeControl,
    rating_a: int | None,
    rating_b: int | None,
    rules: EligibilityRules = DEFAULT_ELIGIBILITY_RULES,
) -> GameEligibility:
    """B6: may a game between players rated ``rating_a`` and ``rating_b`` (``None``: unrated)
    under ``time_control`` be rated under ``rules``?"""
    threshold = rules.required_minutes(rating_a, rating_b)
    available = time_control.minutes_for(rules.moves)
    first = time_control.first_control_move
    earliest = rules.min_first_control_move
    if earliest is not None and first is not None and first < earliest:
        return GameEligibility(
            rules.label,
            False,
            threshold.minutes,
            available,
            threshold.min_rating,
            IneligibleReason.FIRST_CONTROL_TOO_EARLY,
            f"{rules.label}: the first time control is at move {first}, before move {earliest}",
        )
    if available < threshold.minutes:
        why = (
            f"a player is rated {threshold.min_rating} or more"
            if threshold.min_rating
            else "every game"
        )
        return GameEligibility(
            rules.label,
            False,
            threshold.minutes,
            available,
            threshold.min_rating,
            IneligibleReason.TOO_LITTLE_TIME,
            f"{rules.label}: {_minutes_text(available)} min per player for {rules.moves} moves, "
            f"{threshold.minutes} needed ({why})",
        )
    return GameEligibility(
        rules.label,
        True,
        threshold.minutes,
        available,
        threshold.min_rating,
        None,
        f"{rules.label}: {_minutes_text(available)} min ≥ {threshold.minutes}",
    )


def tournament_eligibility(
    tournament: Tournament,
    time_control: TimeControl,
    rules: EligibilityRules = DEFAULT_ELIGIBILITY_RULES,
    *,
    ratings: dict[PairingNumber, int | None] | None = None,
) -> list[GameEligibility]:
    """B6 for every game of the tournament with a result played on the board, in round and
    board order. ``ratings`` overrides the players' ratings (for example with B4's fictitious
    Elo or the ``PLAYER`` list's). Games not played on the board (forfeits, no result) are not
    listed: they are not rated anyway (B.02, fide.md §3.1)."""
    rating_of = {p.pairing_number: p.rating for p in tournament.players}
    if ratings:
        rating_of.update(ratings)
    out: list[GameEligibility] = []
    for rnd in tournament.rounds:
        for game in rnd.games:
            if not game.result.is_played:
                continue
            verdict = game_eligibility(
                time_control, rating_of.get(game.white), rating_of.get(game.black), rules
            )
            out.append(_located(verdict, int(rnd.number), game))
    return out


def _located(verdict: GameEligibility, round_number: int, game: Game) -> GameEligibility:
    return GameEligibility(
        verdict.rules,
        verdict.eligible,
        verdict.required_minutes,
        verdict.available_minutes,
        verdict.threshold_rating,
        verdict.reason,
        verdict.message,
        round_number,
        game.white,
        game.black,
    )


# --------------------------------------------------------------------------------------------
# Parsing the tournament's time-control text
# --------------------------------------------------------------------------------------------

_DURATION = re.compile(
    r"""^\s*(?:
        (?P<h>\d+)\s*h(?:eures?|ours?|r?s?)?\s*(?P<hm>\d+)?\s*(?:m(?:in)?\.?|')?   # 2h, 1h30
      | (?P<m>\d+(?:[.,]\d+)?)\s*(?:m(?:in(?:utes?)?)?\.?|'|)                       # 90 min, 90'
    )\s*$""",
    re.IGNORECASE | re.VERBOSE,
)
_MOVES = re.compile(r"^\s*(\d+)\s*(?:c(?:oups)?|moves?|zetten|z)?\s*(?:/|in|en)\s*(.+)$", re.I)
_MOVES_SPACE = re.compile(r"^\s*(\d+)\s*(?:c(?:oups)?|moves?|zetten|z)\s+(\d.+)$", re.I)
# "40C 2H + 1H KO": a "+" followed by a duration in hours or minutes starts a new stage.
_PLUS_STAGE = re.compile(r"\+\s*(?=\d+\s*(?:h|min\b|m\b|'(?!')))", re.I)
_INCREMENT = re.compile(
    r"\+\s*(\d+)\s*(?:s(?:ec(?:ondes?|onds?)?)?\.?|''|\")?\s*(?:/\s*(?:coup|move|zet)s?|"
    r"(?:par|per)\s+(?:coup|move|zet)s?)?\s*$",
    re.IGNORECASE,
)
_KO = re.compile(r"\s*(?:ko|k\.o\.?|qpf|sd|sudden death|fin|rest|reste)\s*$", re.IGNORECASE)


def _duration(text: str, whole: str) -> Fraction:
    match = _DURATION.match(text)
    if not match:
        raise ValueError(f"time control {whole!r}: cannot read the duration {text.strip()!r}")
    if match["h"] is not None:
        return Fraction(int(match["h"]) * 60 + int(match["hm"] or 0))
    return Fraction(match["m"].replace(",", "."))


def parse_time_control(text: str) -> TimeControl:
    """Read a tournament's tempo text into a :class:`TimeControl`.

    Accepts the usual club spellings: ``90+30``, ``90 min + 30 s/coup``, ``40c/2h, 1h KO``,
    ``40C 2H + 1H KO`` (the federation's example: ``+`` before hours or minutes is a new stage),
    ``40 moves in 120 min, 30 min + 30 s``, ``1h30 + 30s``. Stages are separated by ``,`` ``;``
    or ``then``/``puis``; the increment (``+ N s``) applies to the whole game. Raises
    ``ValueError`` naming the part that cannot be read.
    """
    whole = text
    body = re.sub(r"^\s*(?:timing|tempo|cadence|time control)\s*:", "", text, flags=re.I).strip()
    if not body:
        raise ValueError("empty time control")
    increment = 0
    body = _PLUS_STAGE.sub(",", body)
    parts = re.split(r"[,;]|\bthen\b|\bpuis\b|\bdaarna\b", body, flags=re.I)
    stages: list[TimeControlStage] = []
    for raw in parts:
        part = raw.strip()
        if not part:
            continue
        inc = _INCREMENT.search(part)
        if inc:
            increment = int(inc[1])
            part = part[: inc.start()].strip()
            if not part:
                continue
        part = _KO.sub("", part)
        moves_match = _MOVES.match(part) or _MOVES_SPACE.match(part)
        if moves_match:
            stages.append(TimeControlStage(_duration(moves_match[2], whole), int(moves_match[1])))
        else:
            stages.append(TimeControlStage(_duration(part, whole)))
    if not stages:
        raise ValueError(f"time control {whole!r}: no time given")
    if stages[-1].moves is not None:
        # "40 moves in 2 h" alone: the rest of the game has no extra time.
        stages.append(TimeControlStage(Fraction(0)))
    for index, stage in enumerate(stages[:-1]):
        if stage.moves is None:
            raise ValueError(
                f"time control {whole!r}: stage {index + 1} has no move count but is not the last"
            )
    return TimeControl(tuple(stages), increment)


def ineligible(results: Sequence[GameEligibility]) -> list[GameEligibility]:
    """The ineligible games of :func:`tournament_eligibility`'s list (to show and to leave out
    of rating exports)."""
    return [r for r in results if not r.eligible]
