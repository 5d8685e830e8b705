"""FIDE VCL4THP.13 Q22–Q32 (docs/rules/fide-endorsement.md): the random tournament generator.

Counts and percentages are worked from the settings (10 players × 4 rounds = 40 player-rounds;
10 % of them = 4), probabilities by hand from FIDE's table 8.1.2 (B.02): a 100-point gap is in
the 99–106 band, expected score .64 for the higher-rated player. Frequencies are tested with a
fixed seed and a tolerance of four binomial standard deviations.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from fractions import Fraction

import pytest

from chessclub.cli import main
from chessclub.formats.trf import AccelerationRecord, TextRecord, read_tournament, read_trf
from chessclub.generator import (
    DRAW_RATE_EVEN,
    GeneratorError,
    GeneratorSettings,
    Quantity,
    RatingRange,
    complete_settings,
    draw_result,
    generate,
    generated_trf,
    parse_plan,
    parse_ratings,
    result_probabilities,
)
from chessclub.model import ByeKind, GameResult
from chessclub.pairing.checker import check_file
from chessclub.pairing.engine import baku_acceleration

QUIET = {"full_byes": {}, "half_byes": {}, "zero_byes": {}, "forfeits": {}}


def _byes(tournament, kind: ByeKind) -> Counter[int]:
    return Counter(int(r.number) for r in tournament.rounds for b in r.byes if b.kind is kind)


def _player_lines(data: bytes) -> list[str]:
    return [line for line in data.decode().splitlines() if line.startswith("001")]


# -- Q30: a fresh seed each run, the same TRF for the same seed -----------------------------------


def test_q30_two_runs_without_seed_differ() -> None:
    settings = GeneratorSettings(players=6, rounds=2, **QUIET)
    first, second = generate(settings), generate(settings)
    assert first.seed != second.seed
    assert _player_lines(generated_trf(first)) != _player_lines(generated_trf(second))


def test_q30_the_same_seed_gives_the_same_file_and_the_seed_is_printed(capsys) -> None:
    args = ["generate", "--players", "6", "--rounds", "2"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    seed = re.search(r"seed (\d+) \(repeat with --seed \1\)", err)
    assert seed, err
    assert main([*args, "--seed", seed[1]]) == 0
    again, err_again = capsys.readouterr()
    assert again == out and f"seed {seed[1]}" in err_again


# -- Q24: byes, forfeits, unusual results as counts or percentages, per round ---------------------


def test_q24_bye_counts_percentages_and_rounds_are_honoured() -> None:
    settings = GeneratorSettings(
        players=10,
        rounds=4,
        half_byes={None: Quantity(percent=Fraction(10))},  # 10 % of 40 player-rounds = 4
        zero_byes={None: Quantity(count=2)},
        full_byes={3: Quantity(count=1)},
        forfeits={},
        baku=False,
    )
    tournament = generate(settings, seed=11).tournament
    assert sum(_byes(tournament, ByeKind.HALF_POINT).values()) == 4
    assert sum(_byes(tournament, ByeKind.ZERO_POINT).values()) == 2
    assert _byes(tournament, ByeKind.FULL_POINT) == Counter({3: 1})


def test_q24_forfeit_counts_per_round_and_percentages_are_honoured() -> None:
    settings = GeneratorSettings(
        players=10,
        rounds=3,
        full_byes={},
        half_byes={},
        zero_byes={},
        forfeits={2: Quantity(count=2), None: Quantity(percent=Fraction(20))},
    )
    tournament = generate(settings, seed=12).tournament
    forfeits = Counter(
        int(r.number) for r in tournament.rounds for g in r.games if g.result.is_forfeit
    )
    # round 2: 2; rounds 1 and 3: 20 % of their 2 × 5 games = 2, spread over them
    assert forfeits[2] == 2 and forfeits[1] + forfeits[3] == 2


def test_q24_plans_are_read_as_counts_or_percentages_per_round() -> None:
    assert parse_plan("3") == {None: Quantity(count=3)}
    assert parse_plan("2:1,5:10%") == {2: Quantity(count=1), 5: Quantity(percent=Fraction(10))}
    for bad in ("x", "-1", "0:2", "150%", "1:2,1:3"):
        with pytest.raises(GeneratorError):
            parse_plan(bad)


def test_q24_unusual_results_are_refused_while_the_core_cannot_read_them() -> None:
    with pytest.raises(GeneratorError, match="unusual results"):
        generate(GeneratorSettings(players=6, rounds=2, unusual={None: Quantity(count=1)}), seed=1)
    # zero is accepted, and unset means zero
    done = complete_settings(GeneratorSettings(unusual={None: Quantity(count=0)}), random.Random(1))
    assert done.unusual == {None: Quantity(count=0)}


def test_q24_q31_baku_acceleration_is_written_and_the_file_checks() -> None:
    generated = generate(
        GeneratorSettings(players=12, rounds=4, baku=True, tiebreaks=("BH", "SB"), **QUIET),
        seed=5,
    )
    data = generated_trf(generated)
    doc = read_trf(data)
    lines = [r for r in doc.records if isinstance(r, AccelerationRecord)]
    expected = baku_acceleration(12, 4)  # group A = 2·⌈12/4⌉ = 6; rounds 1 (1 point), 2 (½)
    assert [
        (a.game_points, a.first_round, a.last_round, a.first_player, a.last_player) for a in lines
    ] == [(a.points, a.first_round, a.last_round, a.first_player, a.last_player) for a in expected]
    texts = {r.tag: r.value for r in doc.records if isinstance(r, TextRecord)}
    assert texts["192"] == "FIDE_DUTCH_2025_BAKU" and texts["202"] == "BH,SB"
    assert check_file(data).conforms


# -- Q25–Q29: unset settings are drawn; the ratings ------------------------------------------------


def test_q25_unset_settings_get_sensible_random_values() -> None:
    drawn = [complete_settings(GeneratorSettings(), random.Random(seed)) for seed in range(20)]
    for s in drawn:
        assert s.players is not None and s.rounds is not None
        assert 5 <= s.rounds <= 9 and 2 * s.rounds + 2 <= s.players <= 60
        assert s.tiebreaks and 3 <= len(s.tiebreaks) <= 5
        assert None not in (s.full_byes, s.half_byes, s.zero_byes, s.forfeits, s.baku)
        assert s.initial_colour is not None and s.start_date is not None
    assert len({(s.players, s.rounds, s.tiebreaks) for s in drawn}) > 10


def test_q26_q29_ratings_listed_ranged_or_random() -> None:
    listed = generate(
        GeneratorSettings(rounds=1, ratings=(1800, 2400, 2100, 1950), **QUIET), seed=3
    ).tournament
    # pairing numbers by rating (C.04.2)
    assert [p.rating for p in listed.players] == [2400, 2100, 1950, 1800]
    ranged = GeneratorSettings(players=12, rounds=1, ratings=RatingRange(1500, 1600, 50), **QUIET)
    tournament = generate(ranged, seed=4).tournament
    assert {p.rating for p in tournament.players} <= {1500, 1550, 1600}
    assert parse_ratings("1500:2400:50") == RatingRange(1500, 2400, 50)
    assert parse_ratings("2400,2210") == (2400, 2210)
    for bad in ("abc", "2400:1500", "0,100", "1500:2400:0"):
        with pytest.raises(GeneratorError):
            parse_ratings(bad)
    with pytest.raises(GeneratorError, match="2 ratings listed for 5 players"):
        complete_settings(GeneratorSettings(players=5, ratings=(2000, 2100)), random.Random(1))


# -- Q32: results from FIDE's expected-score table -------------------------------------------------


def test_q32_probabilities_worked_from_table_8_1_2() -> None:
    # 100 points: PD .64; draw = 0.3 × min(.64, .36) / .5 = 0.216; win .64 − .108, loss .36 − .108
    assert result_probabilities(2000, 1900) == (
        Fraction(532, 1000),
        Fraction(216, 1000),
        Fraction(252, 1000),
    )
    assert result_probabilities(1900, 2000) == (
        Fraction(252, 1000),
        Fraction(216, 1000),
        Fraction(532, 1000),
    )
    assert result_probabilities(2000, 2000) == (
        Fraction(35, 100),
        DRAW_RATE_EVEN,
        Fraction(35, 100),
    )
    assert result_probabilities(2800, 1900) == (1, 0, 0)  # > 735 points: PD 1.00


@pytest.mark.parametrize(("white", "black"), [(2000, 1900), (2100, 2100), (1700, 2050)])
def test_q32_result_frequencies_follow_the_model(white: int, black: int) -> None:
    n = 20_000
    rng = random.Random(32)
    seen = Counter(draw_result(white, black, rng) for _ in range(n))
    for result, p in zip(
        (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS),
        result_probabilities(white, black),
        strict=True,
    ):
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen[result] / n - float(p)) <= 4 * sigma, (result, seen[result], p)


def test_q32_a_generated_tournament_s_results_follow_the_model() -> None:
    """Over the played games of one generated tournament, wins, draws and losses are within
    four standard deviations of their expected numbers (a sum of Bernoulli trials with each
    game's own probabilities)."""
    generated = generate(GeneratorSettings(players=40, rounds=4, **QUIET), seed=321)
    rating = {p.pairing_number: p.rating or 0 for p in generated.tournament.players}
    games = [g for r in generated.tournament.rounds for g in r.games]
    assert len(games) == 80
    for index, result in enumerate((GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)):
        ps = [float(result_probabilities(rating[g.white], rating[g.black])[index]) for g in games]
        observed = sum(1 for g in games if g.result is result)
        sigma = math.sqrt(sum(p * (1 - p) for p in ps))
        assert abs(observed - sum(ps)) <= 4 * sigma + 1, (result, observed, sum(ps))


# -- Q22, Q31: the TRF written ---------------------------------------------------------------------


def test_q22_q31_the_trf_has_the_tiebreak_list_and_the_standings() -> None:
    generated = generate(
        GeneratorSettings(players=8, rounds=3, tiebreaks=("BH/C1", "SB"), **QUIET), seed=8
    )
    data = generated_trf(generated)
    doc = read_trf(data)
    texts = {r.tag: r.value for r in doc.records if isinstance(r, TextRecord)}
    assert texts["202"] == "BH/C1,SB" and texts["192"] == "FIDE_DUTCH_2025"
    ranks = {p.starting_rank: p.rank for p in doc.players()}
    assert ranks == {int(k): v for k, v in generated.ranks.items()}
    assert sorted(ranks.values())[0] == 1
    assert read_tournament(data).planned_rounds == 3
    assert b"### chessclub generate --seed 8 " in data


def test_q22_settings_that_cannot_be_honoured_exit_2(capsys) -> None:
    """4 players meet 3 opponents at most (FIDE C.04.1: no rematch); 5 players 4 opponents and
    a pairing-allocated bye each, 5 rounds."""
    with pytest.raises(GeneratorError, match="at most 3 rounds"):
        complete_settings(GeneratorSettings(players=4, rounds=4), random.Random(1))
    assert complete_settings(GeneratorSettings(players=5, rounds=5), random.Random(1)).rounds == 5
    assert main(["generate", "--players", "4", "--rounds", "4", "--seed", "1"]) == 2
    assert main(["generate", "--half-byes", "2:x", "--seed", "1"]) == 2
    assert main(["generate", "--unusual", "1", "--seed", "1"]) == 2
    assert main(["generate", "--tiebreaks", "XYZ", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "'x' is neither a count" in err and "unknown tiebreak code 'XYZ'" in err
