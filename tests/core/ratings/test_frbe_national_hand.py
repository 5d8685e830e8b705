"""B5 — three more values of the national run worked by hand from ``frbe.md`` B5 (art. 10,
2008 text) and FIDE's table 8.1.2 (``fide.md`` §3.3), independent of the constructed period of
``test_frbe_national.py``: the K change at game 301 inside the period, K 10 above 2200 and K 12
up to 2200, and the boundary formula downwards at 2200.

The list (matricule: rating, games):
  P 2001: 1700, 299    Q1 2002: 1700, 1000    Q2 2003: 1700, 1000
  H 2004: 2250, 500    L 2005: 2180, 500
  D 2006: 2205, 500    X 2007: 2205, 500

Games (import order): 1 P–Q1 1-0; 2 Q2–P 0-1; 3 H–L 0-1; 4 D–X 0-1; 5 X–D 1-0.

* P: D 0 → We .50 both games. Game 300 is in the 101–300 band (K 24), game 301 is past it and
  P is at or below 2000 (K 16): 1700 + 24 × .5 + 16 × .5 = 1720; 301 games.
  Q1, Q2 (K 16, ≤ 2000): 1700 + 16 × (0 − .5) = 1692.
* H 2250 (K 10, above 2200) loses to L 2180 (K 12, above 2000 up to 2200): D 70 → .60/.40.
  H: 2250 + 10 × (0 − .60) = 2244. L: 2180 + 12 × (1 − .40) = 2187.2 → 2187 (stays ≤ 2200).
* D 2205 (K 10) loses twice to X 2205: W − We = 2 × (0 − .50) = −1; 2205 − 10 = 2195 crosses
  2200 downwards → boundary formula Rf = B + ((W − We) + (Ri − B) / Ki) × Kf
  = 2200 + (−1 + 5/10) × 12 = 2200 − 6 = 2194 (not 2195). X: 2205 + 10 × 1 = 2215.
"""

from __future__ import annotations

from fractions import Fraction

from chessclub.ratings.frbe import ListedPlayer, PeriodGame, rating_run

LIST = {
    p.matricule: p
    for p in (
        ListedPlayer(2001, "P", 1700, 299),
        ListedPlayer(2002, "Q1", 1700, 1000),
        ListedPlayer(2003, "Q2", 1700, 1000),
        ListedPlayer(2004, "H", 2250, 500),
        ListedPlayer(2005, "L", 2180, 500),
        ListedPlayer(2006, "D", 2205, 500),
        ListedPlayer(2007, "X", 2205, 500),
    )
}
ONE, ZERO = Fraction(1), Fraction(0)
GAMES = [
    PeriodGame(1, 2001, 2002, ONE, "F", 1),
    PeriodGame(2, 2003, 2001, ZERO, "F", 2),
    PeriodGame(3, 2004, 2005, ZERO, "F", 3),
    PeriodGame(4, 2006, 2007, ZERO, "F", 4),
    PeriodGame(5, 2007, 2006, ONE, "F", 5),
]
RUN = rating_run(LIST, GAMES)


def new(matricule: int) -> tuple[int | None, int]:
    o = RUN.players[matricule]
    return o.new_rating, o.new_games


def test_b5_k_changes_at_game_301_within_the_period() -> None:
    assert [line.k for line in RUN.players[2001].sheet] == [24, 16]
    assert new(2001) == (1720, 301)
    assert new(2002) == (1692, 1001) and new(2003) == (1692, 1001)


def test_b5_k10_above_2200_and_k12_up_to_2200() -> None:
    assert RUN.players[2004].sheet[0].expected == Fraction(60, 100)
    assert new(2004) == (2244, 501)
    assert new(2005) == (2187, 501)


def test_b5_boundary_formula_downwards_at_2200() -> None:
    assert RUN.players[2006].formula == "boundary"
    assert new(2006) == (2194, 502)
    assert new(2007) == (2215, 502)
