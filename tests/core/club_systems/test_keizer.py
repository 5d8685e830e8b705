"""The Keizer system (docs/rules/club-systems.md K1–K9) against the worked example of our
club-systems specification (§1.5: six players, computed by hand, iteration by iteration) and
the published numbers of a club's rules (Kijk Uit, top value 100)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from chessclub.club_systems.keizer import (
    Evening,
    KeizerGame,
    KeizerPlayer,
    KeizerRules,
    Ranking,
    Start,
    explain,
    pair_evening,
    season,
    values_by_place,
)

A, B, C, D, E, F = 1, 2, 3, 4, 5, 6
NAMES = dict(zip((A, B, C, D, E, F), "ABCDEF", strict=True))
#: A–F in rating order (A highest).
PLAYERS = [KeizerPlayer(pid, NAMES[pid], 2000 - 100 * pid) for pid in (A, B, C, D, E, F)]
#: The example's rules: T = 8 (values 8…3), own value counted, win = opponent's value, draw
#: half, bye ½ own value, excused absence ⅓ own value, ties by rating.
RULES = KeizerRules(top_value=8)
ROUND_1 = Evening(
    1, games=(KeizerGame(A, B, "1-0"), KeizerGame(C, D, "="), KeizerGame(E, F, "0-1"))
)
ROUND_2 = Evening(
    2, games=(KeizerGame(C, A, "="), KeizerGame(F, D, "1-0")), byes=(B,), excused=(E,)
)


def _table(ranking: Ranking) -> list[tuple[str, Fraction]]:
    return [(NAMES[pid], ranking.scores[pid]) for pid in ranking.order]


def test_k1_k2_k3_worked_example_round_1_settles_after_three_sorts():
    (after_1,) = season(PLAYERS, [ROUND_1], RULES)
    # §1.5 round 1: A 12, C 10, D 9½, F 8, B 4, E 3 (values 8, 7, 6, 5, 4, 3); iterations 0,
    # 1 and 2 of the hand calculation are three sorts, the third one changing nothing.
    assert _table(after_1) == [
        ("A", 12),
        ("C", 10),
        ("D", Fraction(19, 2)),
        ("F", 8),
        ("B", 4),
        ("E", 3),
    ]
    assert [after_1.values[pid] for pid in after_1.order] == [8, 7, 6, 5, 4, 3]
    assert after_1.iterations == 3 and after_1.converged


def test_k7_k8_worked_example_round_2_pairing():
    (after_1,) = season(PLAYERS, [ROUND_1], RULES)
    pairing = pair_evening(after_1.order, [A, C, D, F, B], [ROUND_1], RULES)
    # B, the lowest-ranked present player, has the bye; A–C and D–F top-down; equal Whites:
    # the lower-ranked C and F have White.
    assert pairing.bye == B
    assert pairing.boards == ((C, A), (F, D))
    assert pairing.warnings == ()


def test_k7_k8_worked_example_round_1_pairing_from_the_rating_order():
    pairing = pair_evening([A, B, C, D, E, F], [A, B, C, D, E, F], [], RULES)
    assert pairing.boards == ((A, B), (C, D), (E, F)) and pairing.bye is None


def test_k4_worked_example_round_2_from_the_previous_ranking():
    rankings = season(PLAYERS, [ROUND_1, ROUND_2], RULES)
    # §1.5: A 15, F 15, C 12½, D 8, B 6, E 4 (A ahead of F on rating).
    assert _table(rankings[1]) == [
        ("A", 15),
        ("F", 15),
        ("C", Fraction(25, 2)),
        ("D", 8),
        ("B", 6),
        ("E", 4),
    ]
    assert rankings[1].iterations == 3


def test_k4_worked_example_round_2_from_the_rating_order_is_the_other_fixed_point():
    rankings = season(PLAYERS, [ROUND_1, ROUND_2], KeizerRules(top_value=8, start=Start.RATING))
    # §1.5: A 16½, C 13, F 13, B 7½, D 7½, E 4 (C ahead of F, B ahead of D on rating).
    assert _table(rankings[1]) == [
        ("A", Fraction(33, 2)),
        ("C", 13),
        ("F", 13),
        ("B", Fraction(15, 2)),
        ("D", Fraction(15, 2)),
        ("E", 4),
    ]
    assert rankings[1].iterations == 2


def test_k4_ranking_does_not_depend_on_how_often_the_season_is_recalculated():
    whole = season(PLAYERS, [ROUND_1, ROUND_2], RULES)
    # Recalculating evening by evening (as after each club night) gives the same rankings as
    # recalculating the whole season at once, and again with the evenings given as a list copy.
    first = season(PLAYERS, [ROUND_1], RULES)
    assert first[0] == whole[0]
    assert season(list(reversed(PLAYERS)), [ROUND_1, ROUND_2], RULES) == whole


def test_k5_without_own_value_round_1_never_settles():
    (after_1,) = season(PLAYERS, [ROUND_1], KeizerRules(top_value=8, count_own_value=False))
    # §1.5 lesson 2: C and D swap for ever (A C F D B E ↔ A D F C B E); the cycle's order
    # closer to the starting order (A B C D E F) is taken, and the ranking says it did not settle.
    assert not after_1.converged
    assert [NAMES[pid] for pid in after_1.order] == list("ACFDBE")


def test_k1_k2_published_kijk_uit_numbers():
    # Kijk Uit (top value 100): no. 16 beats no. 21 → 100 − 21 + 1 = 80; had no. 21 won → 85;
    # a draw gives no. 16 40 and no. 21 42½; an excused absence of no. 12 (value 89) gives
    # 29.67; a club-team game on club night by no. 10 (value 91): 91 for a win, 45½ a draw.
    players = [KeizerPlayer(pid, f"P{pid:02d}", 2500 - pid) for pid in range(1, 31)]
    rules = KeizerRules(top_value=100)
    order = tuple(range(1, 31))
    values = values_by_place(order, rules)
    assert (values[16], values[21], values[12], values[10]) == (85, 80, 89, 91)
    ranking = Ranking(1, order, values, {}, 1, True)

    def points(evening: Evening, player: int) -> list[Fraction]:
        return [t.points for t in explain(player, players, [evening], ranking, rules) if t.evening]

    assert points(Evening(1, games=(KeizerGame(16, 21, "1-0"),)), 16) == [80]
    assert points(Evening(1, games=(KeizerGame(16, 21, "0-1"),)), 21) == [85]
    draw = Evening(1, games=(KeizerGame(21, 16, "="),))
    assert points(draw, 16) == [40] and points(draw, 21) == [Fraction(85, 2)]
    (excused,) = points(Evening(1, excused=(12,)), 12)
    assert round(float(excused), 2) == 29.67 and excused == Fraction(89, 3)
    assert points(Evening(1, club_duty={10: "1-0"}), 10) == [91]
    assert points(Evening(1, club_duty={10: "="}), 10) == [Fraction(91, 2)]


def test_k9_explanation_adds_up_to_the_score():
    rankings = season(PLAYERS, [ROUND_1, ROUND_2], RULES)
    final = rankings[1]
    for player in PLAYERS:
        terms = explain(player.id, PLAYERS, [ROUND_1, ROUND_2], final, RULES)
        assert sum(t.points for t in terms) == final.scores[player.id]
    # F: own value 7, the win over E (value 3), the win over D (value 5): 15.
    terms = explain(F, PLAYERS, [ROUND_1, ROUND_2], final, RULES)
    assert [(t.kind, t.value, t.points) for t in terms] == [
        ("own", 7, 7),
        ("game", 3, 3),
        ("game", 5, 5),
    ]
    # E was excused on evening 2: a third of his own value 3.
    e_terms = explain(E, PLAYERS, [ROUND_1, ROUND_2], final, RULES)
    assert [(t.evening, t.kind, t.points) for t in e_terms][-1] == (2, "excused", 1)


def test_k2_excused_absences_beyond_the_limit_count_as_unexcused():
    rules = KeizerRules(top_value=8, excused_limit=1)
    evenings = [ROUND_1, ROUND_2, Evening(3, games=(KeizerGame(A, B, "1-0"),), excused=(E,))]
    ranking = season(PLAYERS, evenings, rules)[2]
    kinds = [t.kind for t in explain(E, PLAYERS, evenings, ranking, rules) if t.evening]
    assert kinds == ["game", "excused", "unexcused"]


def test_k2_absent_without_notice_when_named_nowhere():
    evening = Evening(1, games=(KeizerGame(A, B, "1-0"),))
    ranking = season(PLAYERS, [evening], RULES)[0]
    # C, D, E, F were not there and said nothing: their own value only, nothing more.
    for pid in (C, D, E, F):
        terms = explain(pid, PLAYERS, [evening], ranking, RULES)
        assert [(t.kind, t.points) for t in terms if t.evening] == [("unexcused", 0)]
        assert ranking.scores[pid] == ranking.values[pid]


def test_k6_newcomer_placed_by_rating_and_leaver_keeps_games():
    newcomer = KeizerPlayer(7, "G", 1750, joined=2)
    players = [*PLAYERS, newcomer]
    evening_2 = Evening(2, games=(KeizerGame(A, C, "1-0"), KeizerGame(G := 7, F, "1-0")))
    rankings = season(players, [ROUND_1, evening_2], RULES)
    assert G not in rankings[0].order and G in rankings[1].order
    # G (1750) started evening 2 after every ranked player rated 1800 or more (A, B, C, D): 5th.
    leaver = [KeizerPlayer(p.id, p.name, p.rating, left=1 if p.id == B else None) for p in PLAYERS]
    after = season(leaver, [ROUND_1, Evening(2, games=(KeizerGame(A, C, "1-0"),))], RULES)[1]
    # B left after evening 1: ranked still, not counted absent, A keeps the win over B.
    assert B in after.order
    b_terms = explain(B, leaver, [ROUND_1], after, RULES)
    assert all(t.evening != 2 for t in b_terms)
    a_terms = explain(A, leaver, [ROUND_1], after, RULES)
    assert any(t.opponent == B and t.points == after.values[B] for t in a_terms)


def test_k7_no_rematch_within_the_gap_and_warning_when_impossible():
    # Four players, evening 1: A–B, C–D. Evening 2 with a gap of 6: A–C, B–D (not A–B again).
    evening_1 = Evening(1, games=(KeizerGame(A, B, "1-0"), KeizerGame(C, D, "1-0")))
    pairing = pair_evening([A, B, C, D], [A, B, C, D], [evening_1], KeizerRules(top_value=8))
    assert {frozenset(b) for b in pairing.boards} == {frozenset((A, C)), frozenset((B, D))}
    # Two players who met already: no pairing respects the gap, so it is shortened and said.
    two = pair_evening([A, B], [A, B], [evening_1], KeizerRules(top_value=8))
    assert {frozenset(b) for b in two.boards} == {frozenset((A, B))}
    assert two.warnings and "rematch" in two.warnings[0]


def test_k7_bye_goes_up_when_the_lowest_would_leave_an_unpairable_rest():
    # Three present: A, B, C where B–C met last evening and A–C too: C cannot be paired with
    # anyone, so C (the lowest) must have the bye.
    evening_1 = Evening(1, games=(KeizerGame(B, C, "1-0"),))
    evening_2 = Evening(2, games=(KeizerGame(A, C, "1-0"),))
    pairing = pair_evening([A, B, C], [A, B, C], [evening_1, evening_2], RULES)
    assert pairing.bye == C and {frozenset(b) for b in pairing.boards} == {frozenset((A, B))}
    # Evening 3: A–B. Now every pair has met: the gap of 6 is shortened until one pairing
    # exists: with 2, B–C (evening 1, three evenings before evening 4) may meet again, so the
    # bye is A's (C's or B's bye would leave A–B or A–C, met one and two evenings ago). C has
    # had no White, B one: C has White.
    evening_3 = Evening(3, games=(KeizerGame(A, B, "1-0"),))
    third = pair_evening([A, B, C], [A, B, C], [evening_1, evening_2, evening_3], RULES)
    assert third.bye == A and third.boards == ((C, B),)
    assert third.warnings == (
        "no pairing without a rematch within 6 evenings: rematches after 2 evenings allowed",
    )


def test_k2_unknown_result_and_double_entry_are_refused():
    with pytest.raises(ValueError, match="unknown result"):
        season(PLAYERS, [Evening(1, games=(KeizerGame(A, B, "2-0"),))], RULES)
    with pytest.raises(ValueError, match="two entries"):
        season(PLAYERS, [Evening(1, games=(KeizerGame(A, B, "1-0"),), byes=(A,))], RULES)
    with pytest.raises(ValueError, match="evening 2 given where 1"):
        season(PLAYERS, [Evening(2)], RULES)
