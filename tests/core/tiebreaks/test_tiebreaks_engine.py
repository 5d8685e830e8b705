"""Tiebreak engine on tiny tournaments built by hand: codes, eras, Art. 16, cuts, ranking."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from chessclub.model import (
    Bye,
    ByeKind,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentSystem,
)
from chessclub.tiebreaks import (
    RuleEra,
    TiebreakCodeError,
    compute_tiebreaks,
    default_era,
    default_tiebreaks,
    explain,
    parse_tiebreak,
    rank,
)

P = PairingNumber
F = Fraction


def game(white: int, black: int, code: str) -> Game:
    return Game(P(white), P(black), GameResult.parse(code))


def bye(player: int, kind: ByeKind) -> Bye:
    return Bye(P(player), kind)


def small() -> Tournament:
    """Four players, three rounds: a requested HPB, a PAB, a forfeit.

    R1: 1-2 1-0, 3-4 ½-½; R2: 1 HPB, 2-3 0-1, 4 PAB; R3: 1-3 ½-½, 2-4 +/-.
    Scores: 1: 2, 2: 1, 3: 2, 4: 1½.
    """
    return Tournament(
        name="small",
        players=tuple(Player(P(n), f"P{n}, X", 2000 - 100 * n) for n in range(1, 5)),
        rounds=(
            Round(RoundNumber(1), (game(1, 2, "1-0"), game(3, 4, "½-½"))),
            Round(
                RoundNumber(2),
                (game(2, 3, "0-1"),),
                (bye(1, ByeKind.HALF_POINT), bye(4, ByeKind.PAIRING_ALLOCATED)),
            ),
            Round(RoundNumber(3), (game(1, 3, "½-½"), game(2, 4, "+/-"))),
        ),
    )


# -- descriptors and eras ----------------------------------------------------------------------


def test_descriptor_canonical_spelling() -> None:
    assert parse_tiebreak("bh/c1").code == "BH/C1"
    assert parse_tiebreak("BH-C1").code == "BH/C1"  # product spec S4 spelling
    assert parse_tiebreak("SB/C1/P").code == "SB/C1/P"
    assert parse_tiebreak("ARO/M2").cut_low == parse_tiebreak("ARO/M2").cut_high == 2
    assert parse_tiebreak("KS/L+2").koya_shift == 1  # two half-points
    assert parse_tiebreak("KS/L-1").code == "KS/L-1"
    assert parse_tiebreak("KS/L+1.5").koya_shift == F(3, 2)
    assert parse_tiebreak("KS/L60").koya_percent == 60
    assert parse_tiebreak("KS/L60").code == "KS/L60"
    assert parse_tiebreak("BH:GP/C1").score == "GP"
    assert parse_tiebreak("RTNG/R").lower_is_better
    assert parse_tiebreak("TPN").lower_is_better and not parse_tiebreak("TPN/R").lower_is_better
    ge = parse_tiebreak("GE")
    assert ge.name == "REP" and ge.code == "GE"


@pytest.mark.parametrize("code", ["XYZ", "BH/Q1", "WIN/C1", "DE/C1", "BH:XP", ""])
def test_unknown_descriptor_raises_value_error(code: str) -> None:
    with pytest.raises(TiebreakCodeError) as info:
        parse_tiebreak(code)
    assert isinstance(info.value, ValueError)
    if code:
        assert code in str(info.value)


def test_default_era_follows_start_date() -> None:
    assert default_era(datetime.date(2023, 6, 30)) is RuleEra.PRE_2023
    assert default_era(datetime.date(2023, 7, 1)) is RuleEra.C07_2023
    assert default_era(datetime.date(2026, 2, 28)) is RuleEra.C07_2023
    assert default_era(datetime.date(2026, 3, 1)) is RuleEra.C07_2026
    assert default_era(None) is RuleEra.C07_2026
    assert RuleEra.parse("2024") is RuleEra.C07_2023
    assert RuleEra.parse("2009") is RuleEra.PRE_2023
    with pytest.raises(ValueError):
        RuleEra.parse("1999")


def test_s4_default_tiebreaks() -> None:
    assert default_tiebreaks(small()) == ("BH/C1", "BH", "SB", "DE", "WIN")


# -- unplayed rounds per era (Art. 16; C.02 Art. 13 before 2023) -------------------------------


def test_c07_2023_dummy_opponent_has_own_score() -> None:
    values = compute_tiebreaks(small(), ["BH", "SB"], era=RuleEra.C07_2023)
    # player 1: vs 2 (forfeit win of 2 counts as awarded: 1) + HPB dummy 2 + vs 3 (2)
    assert values[P(1)] == {"BH": F(5), "SB": F(3)}
    # player 4: vs 3 (2) + PAB dummy 1½ + forfeit-loss dummy 1½
    assert values[P(4)]["BH"] == F(5)


def test_c07_2026_caps_the_dummy_opponent() -> None:
    values = compute_tiebreaks(small(), ["BH"], era=RuleEra.C07_2026)
    # Art. 16.4.2: HPB dummy min(2, ½ × 3 rounds) = 1½
    assert values[P(1)]["BH"] == F(9, 2)
    # Art. 16.4.1: forfeit dummy min(1½, opponent 2's adjusted score 1) = 1
    assert values[P(4)]["BH"] == F(9, 2)


def test_pre_2023_virtual_opponent() -> None:
    values = compute_tiebreaks(small(), ["BH"], era=RuleEra.PRE_2023)
    # player 1: vs 2 (unplayed games of opponents count as draws: 0+0+½) + virtual opponent
    # for the HPB of round 2 (1 before + (1 − ½) + ½ × 1 later round = 2) + vs 3 (2)
    assert values[P(1)]["BH"] == F(9, 2)
    # player 4: vs 3 (2) + PAB virtual (½ + 0 + ½ = 1) + forfeit-loss virtual (1½ + 1 = 2½)
    assert values[P(4)]["BH"] == F(11, 2)


def test_vur_cut_first_and_explained() -> None:
    explanation = explain(small(), P(4), "BH/C1", era=RuleEra.C07_2023)
    assert explanation.value == F(7, 2)
    (removed,) = explanation.removed
    assert removed.round == 3 and removed.vur
    assert "16.5" in removed.cut
    sources = [c.source for c in explanation.contributions]
    assert sources[0] == "game" and "dummy" in sources[1]
    assert "Art. 16.2.1" in explanation.contributions[1].note
    assert "BH/C1 = 3.5" in explanation.as_text()


def test_pre_2023_cut_takes_the_lowest() -> None:
    explanation = explain(small(), P(4), "BH/C1", era=RuleEra.PRE_2023)
    (removed,) = explanation.removed
    assert removed.round == 2 and explanation.value == F(9, 2)


def test_own_results() -> None:
    codes = ["WIN", "WON", "BPG", "BWG", "REP", "PS", "PS/C1", "STD", "TPN"]
    values = compute_tiebreaks(small(), codes, era=RuleEra.C07_2023)
    assert values[P(2)] == {
        "WIN": 1,  # forfeit win
        "WON": 0,
        "BPG": 1,
        "BWG": 0,
        "REP": 3,
        "PS": F(1),  # 0 + 0 + 1
        "PS/C1": F(1),
        "STD": F(1),
        "TPN": 2,
    }
    assert values[P(1)]["REP"] == 2  # the requested HPB is not elected play
    assert values[P(4)]["WIN"] == 1 and values[P(4)]["REP"] == 2  # PAB counts, forfeit loss not


def test_rating_tiebreaks_need_ratings_or_a_rating_for_unrated() -> None:
    t = small()
    unrated = Tournament(name="u", players=(*t.players[:3], Player(P(4), "P4, X")), rounds=t.rounds)
    assert compute_tiebreaks(unrated, ["ARO"])[P(1)]["ARO"] is None
    values = compute_tiebreaks(unrated, ["ARO", "RTNG"], unrated_rating=1000)
    assert values[P(3)]["ARO"] == 1567  # vs 4 (1000), 2 (1800), 1 (1900): 1566.67
    assert values[P(4)]["RTNG"] == 1000


# -- ranking ---------------------------------------------------------------------------------


def test_rank_shares_unbroken_ties_and_draws_lots_reproducibly() -> None:
    t = Tournament(
        name="ties",
        players=tuple(Player(P(n), f"P{n}, X", 1500) for n in range(1, 5)),
        rounds=(Round(RoundNumber(1), (game(1, 2, "½-½"), game(3, 4, "½-½"))),),
    )
    rows = rank(t, ["WIN"])
    assert [r.rank for r in rows] == [1, 1, 1, 1] and all(r.shared for r in rows)
    drawn = rank(t, ["WIN"], lots_seed=42)
    assert sorted(r.rank for r in drawn) == [1, 2, 3, 4]
    assert [r.pairing_number for r in drawn] == [
        r.pairing_number for r in rank(t, ["WIN"], lots_seed=42)
    ]
    assert all(r.lot is not None for r in drawn)


def test_rank_by_points_then_tiebreaks_in_order() -> None:
    rows = rank(small(), ["BH", "SB"], era=RuleEra.C07_2023)
    assert [(int(r.pairing_number), r.rank) for r in rows] == [(1, 1), (3, 2), (4, 3), (2, 4)]
    assert rows[0].values == {"BH": F(5), "SB": F(3)}


def test_direct_encounter_explains_the_tied_group() -> None:
    explanation = explain(small(), P(1), "DE", era=RuleEra.C07_2023)
    assert explanation.tied_group == (P(1), P(3))
    assert explanation.value == 1  # drew each other: not separated
    assert "not separated from 3 by Direct Encounter" in explanation.as_text()
    assert "among 1, 3: 0.5" in explanation.notes[0]


@pytest.mark.parametrize("code", ["BH", "BH/C1", "BH/M1", "FB", "SB/C1", "PS/C1", "KS"])
def test_explanation_adds_up_to_the_value(code: str) -> None:
    """Counted contributions of an explanation sum to the value (held exercise Swiss)."""
    from test_tiebreaks_held_exercises import tournament

    t = tournament("held_swiss_5.trf")
    values = compute_tiebreaks(t, [code], era=RuleEra.C07_2023)
    for pn in values:
        explanation = explain(t, pn, code, era=RuleEra.C07_2023)
        assert explanation.value == values[pn][code]
        assert sum((F(c.value) for c in explanation.counted), F(0)) == explanation.value


def test_fore_buchholz_counts_the_last_round_as_drawn() -> None:
    explanation = explain(small(), P(2), "FB", era=RuleEra.C07_2023)
    last = explanation.contributions[-1]
    assert last.opponent == P(4) and last.source.startswith("last-round pairing")
    assert "Art. 8.3" in last.note
    # player 4's score with the last round drawn: ½ + 1 + ½
    assert last.opponent_score == F(2)


def test_round_robin_forfeit_is_a_game() -> None:
    t = Tournament(
        name="rr",
        players=tuple(Player(P(n), f"P{n}, X", 1500) for n in range(1, 4)),
        rounds=(
            Round(RoundNumber(1), (game(1, 2, "+/-"),)),
            Round(RoundNumber(2), (game(3, 1, "0-1"),)),
            Round(RoundNumber(3), (game(2, 3, "½-½"),)),
        ),
        planned_rounds=3,
        system=TournamentSystem.ROUND_ROBIN,
    )
    explanation = explain(t, P(1), "SB")
    assert [c.source.split(" (")[0] for c in explanation.contributions] == [
        "forfeit counted as a game",
        "game",
    ]
    assert explanation.value == F(1, 2) + F(1, 2)  # vs 2 (½) + vs 3 (½)
    # the forfeit is not a game for BPG nor for ratings: one win with Black, p = 1
    assert compute_tiebreaks(t, ["BPG", "TPR"])[P(1)] == {"BPG": 1, "TPR": 1500 + 800}


def test_explanation_as_json() -> None:
    import json

    data = explain(small(), P(4), "BH/C1", era=RuleEra.C07_2026).as_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["value"] == "3.5" and data["rules"] == "2026"
    contributions = data["contributions"]
    assert isinstance(contributions, list)
    assert [c["round"] for c in contributions if c["removed"]] == [3]
