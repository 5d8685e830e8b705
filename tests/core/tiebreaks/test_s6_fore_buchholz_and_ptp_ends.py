"""Spec S6: Fore Buchholz drafts only the planned final round (C.07 Art. 8.3), and a full or
zero score has the PTP Art. 10.3 sets (highest opponent + 800 / lowest − 800).

Values are worked by hand below from the regulation, not read back from our output.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from chessclub.model import (
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
)
from chessclub.tiebreaks import RuleEra, compute_tiebreaks, explain
from chessclub.tiebreaks.performance import perfect_performance

P = PairingNumber
F = Fraction


def game(white: int, black: int, code: str) -> Game:
    return Game(P(white), P(black), GameResult.parse(code))


def three_rounds(planned: int) -> Tournament:
    """Four players, every game played.

    R1: 1-2 1-0, 3-4 1-0; R2: 1-3 1-0, 2-4 ½-½; R3: 1-4 1-0, 2-3 0-1.
    Scores: 1: 3, 2: ½, 3: 2, 4: ½.
    """
    return Tournament(
        name="fore",
        players=tuple(Player(P(n), f"Testeur, {n}", 2000 - 100 * n) for n in range(1, 5)),
        rounds=(
            Round(RoundNumber(1), (game(1, 2, "1-0"), game(3, 4, "1-0"))),
            Round(RoundNumber(2), (game(1, 3, "1-0"), game(2, 4, "½-½"))),
            Round(RoundNumber(3), (game(1, 4, "1-0"), game(2, 3, "0-1"))),
        ),
        planned_rounds=planned,
    )


# BH = sum of the opponents' scores: 1: ½ + 2 + ½; 2: 3 + ½ + 2; 3: ½ + 3 + ½; 4: 2 + ½ + 3.
BH = {1: F(3), 2: F(11, 2), 3: F(4), 4: F(11, 2)}
# FB (Art. 8.3): round 3 drafted → scores 1: 2½, 2: 1, 3: 1½, 4: 1.
# 1: 1 + 1½ + 1; 2: 2½ + 1 + 1½; 3: 1 + 2½ + 1; 4: 1½ + 1 + 2½.
FB_FINAL = {1: F(7, 2), 2: F(5), 3: F(9, 2), 4: F(5)}


def values(t: Tournament, code: str, **kwargs: object) -> dict[int, object]:
    table = compute_tiebreaks(t, ["BH", "FB"], era=RuleEra.C07_2023, **kwargs)  # type: ignore[arg-type]
    return {int(pn): row[code] for pn, row in table.items()}


def test_s6_fore_buchholz_of_an_in_progress_tournament_equals_buchholz() -> None:
    # 3 of 5 rounds played: round 3 is not the final round, nothing is drafted.
    t = three_rounds(planned=5)
    assert values(t, "BH") == BH
    assert values(t, "FB") == BH


def test_s6_fore_buchholz_at_the_final_round_drafts_it() -> None:
    t = three_rounds(planned=3)
    assert values(t, "BH") == BH
    assert values(t, "FB") == FB_FINAL


def test_s6_fore_buchholz_through_an_earlier_round_equals_buchholz() -> None:
    # Through round 2 of 3: scores 1: 2, 2: ½, 3: 1, 4: ½; BH 1: ½ + 1, 2: 2 + ½, 3: ½ + 2,
    # 4: 1 + ½.
    t = three_rounds(planned=3)
    expected = {1: F(3, 2), 2: F(5, 2), 3: F(5, 2), 4: F(3, 2)}
    assert values(t, "BH", through_round=2) == expected
    assert values(t, "FB", through_round=2) == expected


def test_s6_fore_buchholz_before_the_final_round_says_why() -> None:
    explanation = explain(three_rounds(planned=5), P(1), "FB", era=RuleEra.C07_2023)
    assert any("not the final round" in str(note) for note in explanation.notes)


def test_s6_ptp_of_a_full_score_is_highest_opponent_plus_800() -> None:
    assert perfect_performance(F(3), [1800, 1900, 2000]) == 2000 + 800
    t = three_rounds(planned=3)  # player 1 (1900) beat 2 (1800), 3 (1700), 4 (1600)
    table = compute_tiebreaks(t, ["PTP"], era=RuleEra.C07_2023)
    assert table[P(1)]["PTP"] == 1800 + 800  # not 1800 + 736, as gacrux's search gives


def test_s6_ptp_of_a_zero_score_is_lowest_opponent_minus_800() -> None:
    assert perfect_performance(F(0), [1800, 1900, 2000]) == 1800 - 800


def test_s6_ptp_between_the_ends_is_the_lowest_rating_reaching_the_score() -> None:
    # 1½ against 1800, 1900, 2000 (table 8.1.2): at 1899 the differences 99, −1, −101 give
    # .64 + .50 + .36 = 1.50; at 1898 they give .63 + .50 + .36 = 1.49.
    assert perfect_performance(F(3, 2), [1800, 1900, 2000]) == 1899


def test_s6_planned_rounds_never_below_the_rounds_present() -> None:
    # A tournament without a planned count (0) is taken as complete: FB drafts its last round.
    t = replace(three_rounds(planned=3), planned_rounds=0)
    assert t.planned_rounds == 3
    assert values(t, "FB") == FB_FINAL
