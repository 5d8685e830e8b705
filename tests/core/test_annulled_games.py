"""Annulled games (product spec, Entries: "Annulled games"; S2; E4), in the core.

The rule (spec): in a round robin, a player who withdraws before completing half of their games
(the threshold is a tournament setting) has all their results annulled for the standings; the
other players' points and tiebreaks leave those games out; the games still count for the Elo
(E4). A player who withdraws later keeps their results and forfeits the remaining games.
"Completed" = games with a result entered in the rounds before the withdrawal; annulled when
completed < threshold × scheduled (strictly: exactly half keeps the results at 50 %).

Every expected value below is worked by hand in the docstrings (FIDE C.07: SB Art. 9.1 — sum of
opponent's score × own points, forfeits counted as games in a round robin, Art. 15.2; KS
Art. 9.2 — points against opponents with at least 50 % of the maximum possible).

The 6-player round robin (FIDE Berger table, C.05 Annex 1), White first:

    R1: 1-6 0-1   2-5 ½-½   3-4 1-0
    R2: 6-4 ½-½   5-3 0-1   1-2 1-0
    R3: 2-6 ?     3-1 ½-½   4-5 1-0
    R4: 6-5 -/+   1-4 ½-½   2-3 0-1
    R5: 3-6 +/-   4-2 1-0   5-1 0-1

Player 6 withdraws from round 3 (R3 2-6 is a forfeit, ``+/-``: 2 games completed of 5) or from
round 4 (R3 2-6 played, ``0-1``: 3 of 5); his later games are forfeits, as the pairing stores
them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from chessclub.model import (
    ANNULMENT_THRESHOLD,
    Bye,
    ByeKind,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentError,
    TournamentSystem,
)
from chessclub.ratings.club_elo import (
    ClubTournament,
    EloGame,
    RatingState,
    TimeControl,
    rate_tournament,
)
from chessclub.standings import compute_standings
from chessclub.tiebreaks import explain

P = PairingNumber
F = Fraction
RR = TournamentSystem.ROUND_ROBIN
DRR = TournamentSystem.DOUBLE_ROUND_ROBIN

Board = tuple[int, int, str]


def _rounds(table: list[list[Board]]) -> tuple[Round, ...]:
    return tuple(
        Round(
            RoundNumber(n),
            tuple(Game(P(w), P(b), GameResult.parse(code)) for w, b, code in boards),
        )
        for n, boards in enumerate(table, start=1)
    )


def _tournament(
    table: list[list[Board]],
    players: int,
    withdrawals: dict[int, int],
    *,
    system: TournamentSystem = RR,
    threshold: int = ANNULMENT_THRESHOLD,
) -> Tournament:
    return Tournament(
        name="Championnat",
        players=tuple(Player(P(n), f"Player{n:04d}, Anon", 1500) for n in range(1, players + 1)),
        rounds=_rounds(table),
        system=system,
        withdrawals={P(p): RoundNumber(r) for p, r in withdrawals.items()},
        annulment_threshold=threshold,
    )


def _six(third_round_game: str) -> list[list[Board]]:
    return [
        [(1, 6, "0-1"), (2, 5, "½-½"), (3, 4, "1-0")],
        [(6, 4, "½-½"), (5, 3, "0-1"), (1, 2, "1-0")],
        [(2, 6, third_round_game), (3, 1, "½-½"), (4, 5, "1-0")],
        [(6, 5, "-/+"), (1, 4, "½-½"), (2, 3, "0-1")],
        [(3, 6, "+/-"), (4, 2, "1-0"), (5, 1, "0-1")],
    ]


def early_withdrawal(threshold: int = ANNULMENT_THRESHOLD) -> Tournament:
    """Player 6 withdrawn from round 3: 2 games completed (R1, R2) of 5 scheduled."""
    return _tournament(_six("+/-"), 6, {6: 3}, threshold=threshold)


def late_withdrawal(threshold: int = ANNULMENT_THRESHOLD) -> Tournament:
    """Player 6 withdrawn from round 4: 3 games completed (R1–R3) of 5 scheduled."""
    return _tournament(_six("0-1"), 6, {6: 4}, threshold=threshold)


def table(tournament: Tournament) -> list[tuple[int, int, Fraction, dict[str, object], bool]]:
    """(rank, player, points, tiebreaks, annulled) in standings order, default RR tiebreaks
    (spec S4: DE SB WIN KS)."""
    return [
        (r.rank, int(r.pairing_number), r.points, r.tiebreaks, r.annulled)
        for r in compute_standings(tournament, None)
    ]


# --------------------------------------------------------------------------------------------
# Which players are annulled


def test_annulled_games_rule_counts_completed_games_before_the_withdrawal() -> None:
    """2 of 5 completed (40 % < 50 %): annulled; 3 of 5 (60 %): kept. The forfeits stored for
    the rounds after the withdrawal are not "completed" games."""
    early, late = early_withdrawal(), late_withdrawal()
    assert early.scheduled_games == late.scheduled_games == 5
    assert early.completed_games(P(6)) == 2
    assert late.completed_games(P(6)) == 3
    assert early.annulled_players == frozenset({P(6)})
    assert late.annulled_players == frozenset()


def test_annulled_games_threshold_boundary_is_strict() -> None:
    """Annulled when completed × 100 < threshold × scheduled: with 2 of 5 (40 %), a threshold
    of 40 keeps the results, 41 annuls them; 0 never annuls; 3 of 5 (60 %) is annulled at 61."""
    assert early_withdrawal(40).annulled_players == frozenset()
    assert early_withdrawal(41).annulled_players == frozenset({P(6)})
    assert early_withdrawal(0).annulled_players == frozenset()
    assert late_withdrawal(60).annulled_players == frozenset()
    assert late_withdrawal(61).annulled_players == frozenset({P(6)})


def test_annulled_games_only_in_round_robins() -> None:
    """A Swiss withdrawer keeps every result, whatever the threshold."""
    swiss = _tournament(_six("+/-"), 6, {6: 3}, system=TournamentSystem.SWISS, threshold=100)
    assert swiss.scheduled_games == 0
    assert swiss.annulled_players == frozenset()
    assert [e.annulled for e in swiss.entries()[P(1)]] == [False] * 5


def test_annulled_games_announced_withdrawal_annuls_nothing_before_it_takes_effect() -> None:
    """Withdrawn from round 4 while only rounds 1–2 are in the record: not yet a withdrawal
    (1–2 games completed); once round 4 is there it is judged (here 3 of 5: kept)."""
    first_two = _tournament(_six("0-1")[:2], 6, {6: 4})
    assert first_two.annulled_players == frozenset()
    threshold_100 = _tournament(_six("0-1")[:2], 6, {6: 4}, threshold=100)
    assert threshold_100.annulled_players == frozenset()
    first_four = _tournament(_six("0-1")[:4], 6, {6: 4}, threshold=100)
    assert first_four.annulled_players == frozenset({P(6)})


def test_annulled_games_bad_record_is_refused() -> None:
    with pytest.raises(TournamentError, match="withdrawal of unknown player 9"):
        _tournament(_six("+/-"), 6, {9: 3})
    with pytest.raises(TournamentError, match="withdrawal from round 0"):
        _tournament(_six("+/-"), 6, {6: 0})
    with pytest.raises(TournamentError, match="annulment threshold 101 %"):
        _tournament(_six("+/-"), 6, {6: 3}, threshold=101)


# --------------------------------------------------------------------------------------------
# Standings and tiebreaks: 6 players, withdrawal after 2 of 5 games


def test_annulled_games_standings_leave_them_out_6_players_2_of_5() -> None:
    """Without player 6's games (R1 1-6, R2 6-4, R3 2-6, R4 6-5, R5 3-6):

    points: 1: ½+½+1 (R3, R4, R5) + 1 (R2) = 3; 2: ½ (R1) = ½; 3: 1+1+½+1 = 3½;
    4: 1 (R3) + ½ (R4) + 1 (R5) = 2½; 5: ½ (R1) = ½.  (10 points = the 10 games of 5 players.)

    SB (opponents' scores above × own points):
      3: R1 beat 4 (2½) + R2 beat 5 (½) + R3 drew 1 (3 × ½) + R4 beat 2 (½) = 5
      1: R2 beat 2 (½) + R3 drew 3 (3½ × ½) + R4 drew 4 (2½ × ½) + R5 beat 5 (½) = 4
      4: R3 beat 5 (½) + R4 drew 1 (1½) + R5 beat 2 (½) = 2½
      2: R1 drew 5 (½ × ½) = ¼;  5: R1 drew 2 = ¼
    WIN: 3 → 3, 1 → 2, 4 → 2, 2 and 5 → 0.
    KS: limit = 50 % × 4 games (the round robin of 5) = 2: opponents 1 (3), 3 (3½), 4 (2½).
      3: beat 4 (1) + drew 1 (½) = 1½;  1: drew 3 + drew 4 = 1;  4: drew 1 = ½;  2, 5: 0.
    2 and 5 drew each other (DE equal) and stay tied: rank 4 shared. Player 6 comes last,
    zero points, no tiebreak.
    """
    assert table(early_withdrawal()) == [
        (1, 3, F(7, 2), {"DE": 1, "SB": F(5), "WIN": 3, "KS": F(3, 2)}, False),
        (2, 1, F(3), {"DE": 1, "SB": F(4), "WIN": 2, "KS": F(1)}, False),
        (3, 4, F(5, 2), {"DE": 1, "SB": F(5, 2), "WIN": 2, "KS": F(1, 2)}, False),
        (4, 2, F(1, 2), {"DE": 1, "SB": F(1, 4), "WIN": 0, "KS": F(0)}, False),
        (4, 5, F(1, 2), {"DE": 1, "SB": F(1, 4), "WIN": 0, "KS": F(0)}, False),
        (6, 6, F(0), {"DE": None, "SB": None, "WIN": None, "KS": None}, True),
    ]


def test_annulled_games_entries_mark_every_game_of_the_withdrawer() -> None:
    """S2: the crosstable's entries mark the annulled rounds (zero points, the board's result
    kept); played games stay played (E4), forfeits stay forfeits."""
    t = early_withdrawal()
    entries = t.entries()
    one = entries[P(1)][0]
    assert (one.opponent, one.result, one.annulled, one.points, one.played) == (
        P(6),
        GameResult.BLACK_WINS,
        True,
        F(0),
        True,
    )
    forfeit = entries[P(2)][2]
    assert (forfeit.opponent, forfeit.result, forfeit.annulled, forfeit.played) == (
        P(6),
        GameResult.WHITE_WINS_BY_FORFEIT,
        True,
        False,
    )
    assert [e.annulled for e in entries[P(6)]] == [True] * 5
    assert [e.annulled for e in entries[P(3)]] == [False, False, False, False, True]
    assert t.scores() == {
        P(1): 3,
        P(2): F(1, 2),
        P(3): F(7, 2),
        P(4): F(5, 2),
        P(5): F(1, 2),
        P(6): 0,
    }
    assert [(int(n), int(g.white), int(g.black)) for n, g in t.annulled_games()] == [
        (1, 1, 6),
        (2, 6, 4),
        (3, 2, 6),
        (4, 6, 5),
        (5, 3, 6),
    ]
    # games played on the board (E4): player 1 played all five, player 6 two
    rows = {int(r.pairing_number): r for r in compute_standings(t, ())}
    assert rows[1].games_played == 5 and rows[6].games_played == 2


def test_annulled_games_explanations_say_why() -> None:
    """The annulled player's SB explains itself; player 3's SB has no contribution from R5
    (the forfeit win over 6)."""
    t = early_withdrawal()
    own = explain(t, P(6), "SB", preceding=("DE",))
    assert own.value is None
    assert "results annulled" in own.notes[0]
    three = explain(t, P(3), "SB", preceding=("DE",))
    assert [c.round for c in three.contributions] == [1, 2, 3, 4]
    assert three.value == 5


# --------------------------------------------------------------------------------------------
# Withdrawal after 3 of 5: results kept, remaining games forfeits


def test_annulled_games_late_withdrawer_keeps_results_and_forfeits() -> None:
    """Player 6 withdrawn from round 4 after 3 games (60 %): nothing annulled.

    points: 1: 0+1+½+½+1 = 3; 2: ½+0+0+0+0 = ½; 3: 1+1+½+1+1 (R5 forfeit win over 6) = 4½;
    4: 0+½+1+½+1 = 3; 5: ½+0+0+1 (R4 forfeit win over 6) +0 = 1½; 6: 1+½+1 = 2½.
    SB (forfeits are games in a round robin, C.07 Art. 15.2):
      3: beat 4 (3) + beat 5 (1½) + drew 1 (1½) + beat 2 (½) + forfeit win 6 (2½) = 9
      1: beat 2 (½) + drew 3 (2¼) + drew 4 (1½) + beat 5 (1½) = 5¾
      4: drew 6 (1¼) + beat 5 (1½) + drew 1 (1½) + beat 2 (½) = 4¾
      6: beat 1 (3) + drew 4 (1½) + beat 2 (½) = 5
      5: drew 2 (¼) + forfeit win 6 (2½) = 2¾;  2: drew 5 (¾)
    1 and 4 (3 points) drew: DE equal, SB 5¾ > 4¾ puts 1 ahead.
    KS: limit = 50 % × 5 = 2½: opponents 1 (3), 3 (4½), 4 (3), 6 (2½).
      3: 4 (1) + 1 (½) + 6 (1) = 2½; 1: 6 (0) + 3 (½) + 4 (½) = 1; 4: 3 (0) + 6 (½) + 1 (½) = 1;
      6: 1 (1) + 4 (½) + 3 (0) = 1½; 5: 3 (0) + 4 (0) + 6 (1) + 1 (0) = 1; 2: 0.
    """
    assert table(late_withdrawal()) == [
        (1, 3, F(9, 2), {"DE": 1, "SB": F(9), "WIN": 4, "KS": F(5, 2)}, False),
        (2, 1, F(3), {"DE": 1, "SB": F(23, 4), "WIN": 2, "KS": F(1)}, False),
        (3, 4, F(3), {"DE": 1, "SB": F(19, 4), "WIN": 2, "KS": F(1)}, False),
        (4, 6, F(5, 2), {"DE": 1, "SB": F(5), "WIN": 2, "KS": F(3, 2)}, False),
        (5, 5, F(3, 2), {"DE": 1, "SB": F(11, 4), "WIN": 1, "KS": F(1)}, False),
        (6, 2, F(1, 2), {"DE": 1, "SB": F(3, 4), "WIN": 0, "KS": F(0)}, False),
    ]


def test_annulled_games_threshold_setting_changes_the_outcome() -> None:
    """The same record, threshold 70 %: 3 of 5 (60 %) is below it, player 6's results are
    annulled. Without his games R3 2-6 (now played, 1-0 for 6) is left out too, so the others'
    points and tiebreaks are those of the early withdrawal (worked out above)."""
    assert table(late_withdrawal(70)) == table(early_withdrawal())
    assert table(late_withdrawal(70))[-1] == (
        6,
        6,
        F(0),
        {"DE": None, "SB": None, "WIN": None, "KS": None},
        True,
    )


# --------------------------------------------------------------------------------------------
# Double round robin


DOUBLE = [  # Berger table of 4 players, the second cycle with colours reversed
    [(1, 4, "0-1"), (2, 3, "½-½")],
    [(4, 3, "½-½"), (1, 2, "1-0")],
    [(2, 4, "0-1"), (3, 1, "0-1")],
    [(4, 1, "-/+"), (3, 2, "1-0")],
    [(3, 4, "+/-"), (2, 1, "½-½")],
    [(4, 2, "-/+"), (1, 3, "½-½")],
]


def test_annulled_games_double_round_robin_exactly_half_keeps_results() -> None:
    """4 players, double round robin: 6 games scheduled each. Player 4 withdraws from round 4
    after 3 games: exactly half, kept at 50 % (1: 0+1+1+1F+½+½ = 4; 3: ½+½+0+1+1F+½ = 3½;
    4: 1+½+1 = 2½; 2: ½+0+0+0+½+1F = 2)."""
    t = _tournament(DOUBLE, 4, {4: 4}, system=DRR)
    assert (t.scheduled_games, t.completed_games(P(4))) == (6, 3)
    assert t.annulled_players == frozenset()
    assert [(r[1], r[2]) for r in table(t)] == [(1, F(4)), (3, F(7, 2)), (4, F(5, 2)), (2, F(2))]


def test_annulled_games_double_round_robin_annulled_above_half() -> None:
    """Threshold 51 %: 3 of 6 is below, player 4's six games are annulled.

    points without them: 1: 1 (R2) + 1 (R3) + ½ (R5) + ½ (R6) = 3; 3: ½ (R1) + 0 + 1 (R4)
    + ½ (R6) = 2; 2: ½ + 0 + 0 + ½ = 1.
    SB: 1: beat 2 (1) + beat 3 (2) + drew 2 (½) + drew 3 (1) = 4½;
        3: drew 2 (½) + beat 2 (1) + drew 1 (1½) = 3;  2: drew 3 (1) + drew 1 (1½) = 2½.
    KS: limit = 50 % × 4 games (the double round robin of 3; 6 rounds less the 2 games each
    had against 4) = 2: opponents 1 (3) and 3 (2).
        1: against 3: 1 + ½ = 1½;  3: against 1: 0 + ½ = ½;  2: against 1 ½ and 3 ½ = 1.
    WIN: 1 → 2 (R2, R3), 3 → 1 (R4), 2 → 0.
    """
    t = _tournament(DOUBLE, 4, {4: 4}, system=DRR, threshold=51)
    assert t.annulled_players == frozenset({P(4)})
    assert table(t) == [
        (1, 1, F(3), {"DE": 1, "SB": F(9, 2), "WIN": 2, "KS": F(3, 2)}, False),
        (2, 3, F(2), {"DE": 1, "SB": F(3), "WIN": 1, "KS": F(1, 2)}, False),
        (3, 2, F(1), {"DE": 1, "SB": F(5, 2), "WIN": 0, "KS": F(1)}, False),
        (4, 4, F(0), {"DE": None, "SB": None, "WIN": None, "KS": None}, True),
    ]


def test_annulled_games_odd_round_robin_bye_of_the_withdrawer_is_annulled() -> None:
    """5 players (a bye each round): player 5 withdraws from round 2 after 1 of 4 games; his
    bye round is annulled with the rest, and the Koya limit is that of 4 players: 50 % × 3."""
    rounds = (
        Round(
            RoundNumber(1),
            (Game(P(1), P(5), GameResult.DRAW), Game(P(2), P(4), GameResult.WHITE_WINS)),
            (Bye(P(3), ByeKind.PAIRING_ALLOCATED),),
        ),
        Round(
            RoundNumber(2),
            (Game(P(5), P(3), GameResult.BLACK_WINS_BY_FORFEIT),),
            (Bye(P(1), ByeKind.PAIRING_ALLOCATED),),
        ),
        Round(RoundNumber(3), (), (Bye(P(5), ByeKind.PAIRING_ALLOCATED),)),
    )
    t = Tournament(
        name="Impair",
        players=tuple(Player(P(n), f"Player{n:04d}, Anon") for n in range(1, 6)),
        rounds=rounds,
        system=RR,
        withdrawals={P(5): RoundNumber(2)},
    )
    assert (t.scheduled_games, t.completed_games(P(5))) == (4, 1)
    assert t.annulled_players == frozenset({P(5)})
    assert [(e.bye, e.annulled, e.points) for e in t.entries()[P(5)]][2] == (
        ByeKind.PAIRING_ALLOCATED,
        True,
        0,
    )
    # player 1: R1 draw with 5 annulled, R2 PAB 1 point, R3 absent: 1 point
    assert t.scores()[P(1)] == 1
    # Koya: 3 rounds, none a whole bye cycle (3 % 5 ≠ 0); the others had at most 1 annulled
    # game each: 3 − 1 = 2 games possible, limit 50 % × 2 = 1 point.
    assert explain(t, P(2), "KS").notes[0] == "limit: opponents with at least 1 points"


# --------------------------------------------------------------------------------------------
# E4: the club Elo still counts the annulled games


def test_e4_annulled_games_still_count_for_the_club_elo() -> None:
    """E4: the club Elo takes the boards as played, annulled or not. Everybody 1500, newcomers
    (K 40, n ≤ 17 so 700/n does not bite); expected 0.50 per game (D = 0).

    Player 6 (results annulled): R1 beat 1, R2 drew 4 (R3–R5 forfeits do not count): n = 2,
      score 1½, expected 1.00, Δ = 40 × ½ = +20.
    Player 1: R1 lost to 6 (annulled, counts), R2 1, R3 ½, R4 ½, R5 1: n = 5, score 3,
      expected 2.50, Δ = 40 × ½ = +20 (without the annulled game it would be 40 × 1 = +40).
    Player 3: R1 1, R2 1, R3 ½, R4 1 (R5 a forfeit): n = 4, score 3½, expected 2, Δ = +60.
    """
    t = early_withdrawal()
    assert P(6) in t.annulled_players
    boards = tuple(
        EloGame(int(g.white), int(g.black), g.result, g.rated) for r in t.rounds for g in r.games
    )
    start = RatingState(elo=1500, games=0, reached_2400=False)
    rows = {
        r.player: r
        for r in rate_tournament(
            ClubTournament(1, TimeControl.STANDARD, boards), dict.fromkeys(range(1, 7), start)
        )
    }
    assert (rows[6].games, rows[6].score, rows[6].expected, rows[6].delta) == (2, F(3, 2), 1, 20)
    assert (rows[1].games, rows[1].score, rows[1].expected, rows[1].delta) == (5, 3, F(5, 2), 20)
    assert (rows[3].games, rows[3].score, rows[3].delta) == (4, F(7, 2), 60)
