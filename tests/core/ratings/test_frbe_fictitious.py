"""B4 — fictitious Elo of unrated players (spec ``frbe.md`` B4).

The files are the federation's worked examples (tests/fixtures/frbe, see PROVENANCE.md), read
with the existing reader. The unrated players (NC) are given by game counts as the ``PLAYER``
list would: players 2 and 7 have 0 games, the others 20 or more. The expected numbers are B4's
own (sums, means, p, dp), recomputed by hand below from the files' lines:

closed group, NC-vs-rated games (forfeits 2–7 r1 and 6–7 r5 left out):
  player 2: 1 (0), 8 (½), 3 (1), 4 (½), 5 (0), 6 (0) → 2/6, ratings 1150+1519+1150+1150+1374+1150
            = 7493
  player 7: 3 (1), 4 (1), 5 (0), 8 (1), 1 (0) → 3/5, ratings 1150+1150+1374+1519+1150 = 6343
  together 5/11 against 13836: mean 1257.8 → 1258, p 0.4545 → 0.45 → dp −36 → 1222.
open: the same games, 2–7 of round 1 played (2 wins): 2 has 3/7, 7 has 3/6.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from chessclub.formats.frbe import read_results_file, to_tournament
from chessclub.model import (
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentSystem,
)
from chessclub.ratings.frbe import (
    FICTITIOUS_RULES,
    FictitiousEloError,
    FictitiousMethod,
    FictitiousRules,
    FictitiousStatus,
    classify_players,
    fictitious_elo,
    method_for,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "frbe"
P = PairingNumber


def tournament(name: str) -> Tournament:
    return to_tournament(read_results_file((FIXTURES / name).read_bytes()))


def counts(t: Tournament, unrated: tuple[int, ...] = (2, 7)) -> dict[PairingNumber, int]:
    return {p.pairing_number: (3 if p.pairing_number in unrated else 45) for p in t.players}


CLOSED = tournament("closed-group-unrated.txt")
OPEN = tournament("open-unrated.txt")


def test_B4_closed_group_gives_1222_to_both_unrated() -> None:
    result = fictitious_elo(CLOSED, counts(CLOSED), FictitiousMethod.CLOSED)
    assert result.status is FictitiousStatus.APPLIED
    assert dict(result.values) == {P(2): 1222, P(7): 1222}
    assert result.unrated == (P(2), P(7))
    assert result.rated == (P(1), P(3), P(4), P(5), P(6), P(8))


def test_B4_closed_group_explanation_matches_the_federation() -> None:
    result = fictitious_elo(CLOSED, counts(CLOSED), FictitiousMethod.CLOSED)
    (only,) = result.passes
    (perf,) = only.performances
    assert perf.players == (P(2), P(7))
    assert perf.games == 11
    assert perf.score == Fraction(5)
    assert perf.rating_sum == 13836
    assert perf.mean == 1258
    assert perf.p == Fraction(45, 100)
    assert perf.dp == -36
    assert perf.value == 1222


def test_B4_closed_group_matches_the_files_stars() -> None:
    """The NC found from the game counts are exactly the players marked ``***``."""
    marked = tuple(p.pairing_number for p in CLOSED.players if p.fictitious_rating)
    result = fictitious_elo(CLOSED, counts(CLOSED), FictitiousMethod.CLOSED)
    assert tuple(result.values) == marked
    assert all(CLOSED.player(n).rating == v for n, v in result.values.items())


def test_B4_open_fixed_point_is_1200_and_1257() -> None:
    result = fictitious_elo(OPEN, counts(OPEN), FictitiousMethod.OPEN)
    assert dict(result.values) == {P(2): 1200, P(7): 1257}
    assert all(OPEN.player(n).rating == v for n, v in result.values.items())


def test_B4_open_first_pass_against_rated_only() -> None:
    first = fictitious_elo(OPEN, counts(OPEN), FictitiousMethod.OPEN).passes[0]
    two, seven = first.performances
    # Player 2: 2/6 against 7493/6 = 1248.8 → 1249; p 0.33 → −125; 1124.
    assert (two.players, two.score, two.games, two.rating_sum) == ((P(2),), Fraction(2), 6, 7493)
    assert (two.mean, two.p_hundredths, two.dp, two.value) == (1249, 33, -125, 1124)
    # Player 7: 3/5 against 6343/5 = 1268.6 → 1269; p 0.60 → +72 (not −72): 1341.
    assert (seven.score, seven.games, seven.rating_sum) == (Fraction(3), 5, 6343)
    assert (seven.mean, seven.p_hundredths, seven.dp, seven.value) == (1269, 60, 72, 1341)


def test_B4_open_second_pass_uses_previous_values_and_rounds_means_half_up() -> None:
    second = fictitious_elo(OPEN, counts(OPEN), FictitiousMethod.OPEN).passes[1]
    by_player = {perf.players[0]: perf for perf in second.performances}
    # Player 7 against 6343 + 1124 (player 2's pass-1 value) = 7467/6 = 1244.5 → 1245.
    assert by_player[P(7)].rating_sum == 7467
    assert by_player[P(7)].exact_mean == Fraction(24890, 20)
    assert by_player[P(7)].mean == 1245
    assert by_player[P(7)].value == 1245
    # Player 2 against 7493 + 1341 = 8834/7 = 1262 (the federation, starting from its slip
    # 1197, has 8690/7 → 1241 − 50 = 1191: see the next test).
    assert (by_player[P(2)].rating_sum, by_player[P(2)].score) == (8834, Fraction(3))
    assert by_player[P(2)].games == 7


def test_B4_open_final_pass_is_the_federations_fixed_point() -> None:
    result = fictitious_elo(OPEN, counts(OPEN), FictitiousMethod.OPEN)
    assert len(result.passes) == 5  # "reached in about five passes"
    last = result.passes[-1]
    assert last.changed == ()
    two, seven = last.performances
    assert (two.rating_sum, two.games, two.mean, two.p_hundredths, two.dp) == (
        8750,
        7,
        1250,
        43,
        -50,
    )
    assert (seven.rating_sum, seven.games, seven.mean, seven.dp) == (7543, 6, 1257, 0)
    assert [sorted(p.values().items()) for p in result.passes] == [
        [(2, 1124), (7, 1341)],
        [(2, 1212), (7, 1245)],
        [(2, 1198), (7, 1259)],
        [(2, 1200), (7, 1257)],
        [(2, 1200), (7, 1257)],
    ]


def test_B4_open_same_fixed_point_from_the_federations_slip() -> None:
    """B4: the federation's text has 1197 for player 7's first pass (60 % taken as −72); its
    second pass then gives player 2 8690/7 → 1241 − 50 = 1191; the fixed point is the same."""
    result = fictitious_elo(OPEN, counts(OPEN), FictitiousMethod.OPEN, first_pass={P(7): 1197})
    second = {perf.players[0]: perf for perf in result.passes[1].performances}
    assert (second[P(2)].rating_sum, second[P(2)].mean, second[P(2)].value) == (8690, 1241, 1191)
    assert second[P(7)].rating_sum == 7467
    assert dict(result.values) == {P(2): 1200, P(7): 1257}


def test_B4_unrated_are_found_from_game_counts_not_from_the_marker() -> None:
    # Player 5 with 19 games is NC even without ***; players 2 and 7 with 20 games are rated.
    game_counts = {p.pairing_number: 45 for p in CLOSED.players}
    game_counts.update({P(2): 20, P(7): 20, P(5): 19})
    unrated, rated = classify_players(CLOSED, game_counts)
    assert unrated == (P(5),)
    assert rated[P(2)] == 1222  # the file's (fictitious) Elo, used as a rating here
    result = fictitious_elo(CLOSED, game_counts, FictitiousMethod.CLOSED)
    assert result.status is FictitiousStatus.TOO_FEW_UNRATED
    assert dict(result.values) == {}


def test_B4_needs_two_rated_players() -> None:
    unrated = (1, 2, 3, 4, 5, 6, 7)
    result = fictitious_elo(CLOSED, counts(CLOSED, unrated), FictitiousMethod.CLOSED)
    assert result.status is FictitiousStatus.TOO_FEW_RATED
    assert not result.applies and result.passes == ()


def test_B4_matricule_zero_is_not_unrated() -> None:
    players = [
        Player(P(1), "A", rating=1500, matricule="11"),
        Player(P(2), "B", rating=None, matricule="0"),
        Player(P(3), "C", rating=None, matricule="13"),
    ]
    t = Tournament("t", tuple(players))
    unrated, rated = classify_players(t, {P(1): 30, P(3): 0})
    assert unrated == (P(3),)
    assert rated == {P(1): 1500}


def test_B4_missing_game_count_is_refused() -> None:
    with pytest.raises(FictitiousEloError, match=r"player 4 .*matricule 40148"):
        fictitious_elo(CLOSED, {P(n): 30 for n in (1, 2, 3, 5, 6, 7, 8)})


def test_B4_forfeits_are_not_games() -> None:
    """In the closed file 2–7 (r1) and 6–7 (r5) are double forfeits: 11 games, not 12."""
    result = fictitious_elo(CLOSED, counts(CLOSED), FictitiousMethod.CLOSED)
    assert result.passes[0].performances[0].opponents == (
        P(1), P(8), P(3), P(4), P(5), P(6),  # player 2, rounds 2–7
        P(3), P(4), P(5), P(8), P(1),  # player 7, rounds 2, 3, 4, 6, 7
    )  # fmt: skip


def test_B4_method_defaults_from_the_system() -> None:
    assert method_for(CLOSED) is FictitiousMethod.CLOSED
    swiss = Tournament("s", CLOSED.players, CLOSED.rounds, system=TournamentSystem.SWISS)
    assert method_for(swiss) is FictitiousMethod.OPEN
    assert fictitious_elo(CLOSED, counts(CLOSED)).method is FictitiousMethod.CLOSED


def _two_nc_swapping() -> Tournament:
    """Two NC who only meet each other after one game each against rated players."""
    players = tuple(
        Player(P(n), f"P{n}", rating=r, matricule=str(100 + n))
        for n, r in ((1, 1500), (2, 1600), (3, None), (4, None))
    )
    rounds = (
        Round(RoundNumber(1), (Game(P(3), P(1), GameResult.WHITE_WINS),
                               Game(P(4), P(2), GameResult.DRAW))),
        Round(RoundNumber(2), (Game(P(3), P(4), GameResult.DRAW),
                               Game(P(1), P(2), GameResult.WHITE_WINS_BY_FORFEIT))),
    )  # fmt: skip
    return Tournament("swap", players, rounds)


def test_B4_open_iterates_over_nc_games() -> None:
    t = _two_nc_swapping()
    game_counts = {P(1): 40, P(2): 40, P(3): 0, P(4): 0}
    result = fictitious_elo(t, game_counts, FictitiousMethod.OPEN)
    first = result.passes[0].values()
    assert first == {P(3): 1500 + 800, P(4): 1600}  # 1/1 → dp 800; ½/1 → 0
    # Pass 2: 3 scores 1.5/2 against (1500 + 1600) / 2 = 1550 → p .75 → +193.
    assert result.passes[1].values()[P(3)] == 1550 + 193


def test_B4_open_without_fixed_point_raises_a_clear_error() -> None:
    t = _two_nc_swapping()
    rules = FictitiousRules(key="test", version="1", max_passes=2)
    with pytest.raises(FictitiousEloError, match="no fixed point after 2 passes"):
        fictitious_elo(t, {P(1): 40, P(2): 40, P(3): 0, P(4): 0}, FictitiousMethod.OPEN,
                       rules=rules)  # fmt: skip


def test_B4_result_names_the_rule_set() -> None:
    result = fictitious_elo(OPEN, counts(OPEN), FictitiousMethod.OPEN)
    assert result.rules == FICTITIOUS_RULES.label == "frbe-b4@2008"
