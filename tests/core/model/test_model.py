"""Core model: the seven result codes (spec R1), byes, played vs unplayed scoring."""

from fractions import Fraction

import pytest

from chessclub.model import (
    HALF,
    ONE,
    ZERO,
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    Outcome,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    ScoringSystem,
    Tournament,
    TournamentError,
    format_points,
    parse_points,
)
from chessclub.standings import compute_standings

P = PairingNumber


def player(n: int, name: str = "", rating: int | None = None) -> Player:
    return Player(P(n), name or f"Player{n:04d}, Anon", rating)


def game(white: int, black: int, code: str) -> Game:
    return Game(P(white), P(black), GameResult.parse(code))


def test_r1_seven_result_codes() -> None:
    codes = [r.code for r in GameResult]
    assert codes == ["1-0", "½-½", "0-1", "+/-", "-/+", "-/-", "–"]


@pytest.mark.parametrize(
    ("code", "played", "forfeit", "white", "black"),
    [
        ("1-0", True, False, Outcome.WIN, Outcome.LOSS),
        ("½-½", True, False, Outcome.DRAW, Outcome.DRAW),
        ("0-1", True, False, Outcome.LOSS, Outcome.WIN),
        ("+/-", False, True, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
        ("-/+", False, True, Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
        ("-/-", False, True, Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
    ],
)
def test_r1_outcomes_keep_played_apart_from_forfeits(
    code: str, played: bool, forfeit: bool, white: Outcome, black: Outcome
) -> None:
    result = GameResult.parse(code)
    assert result.is_entered
    assert result.is_played is played
    assert result.is_forfeit is forfeit
    assert result.outcome(Colour.WHITE) is white
    assert result.outcome(Colour.BLACK) is black


def test_r1_no_result_counts_nothing() -> None:
    assert GameResult.NONE.is_entered is False
    assert GameResult.NONE.outcome(Colour.WHITE) is None
    assert GameResult.parse("") is GameResult.NONE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1/2-1/2", GameResult.DRAW),
        ("0.5-0.5", GameResult.DRAW),
        ("1F-0F", GameResult.WHITE_WINS_BY_FORFEIT),
        ("0F-1F", GameResult.BLACK_WINS_BY_FORFEIT),
        ("0F-0F", GameResult.DOUBLE_FORFEIT),
    ],
)
def test_r1_result_aliases(text: str, expected: GameResult) -> None:
    assert GameResult.parse(text) is expected


def test_r1_unknown_code_is_refused() -> None:
    with pytest.raises(ValueError, match="2-0"):
        GameResult.parse("2-0")


def test_points_are_exact_fractions() -> None:
    assert parse_points("4.5") == Fraction(9, 2)
    assert parse_points("4½") == Fraction(9, 2)
    assert parse_points("½") == HALF
    assert format_points(Fraction(9, 2), half_sign="½") == "4½"
    assert format_points(Fraction(5)) == "5"
    assert format_points(HALF, half_sign="½") == "½"
    with pytest.raises(ValueError):
        parse_points("four")


def _small_tournament() -> Tournament:
    """Five players, two rounds: round 1 has a pairing-allocated bye, round 2 a requested
    half-point bye, a forfeit and an absence."""
    players = tuple(player(n) for n in range(1, 6))
    r1 = Round(
        RoundNumber(1),
        games=(game(1, 2, "1-0"), game(3, 4, "½-½")),
        byes=(Bye(P(5), ByeKind.PAIRING_ALLOCATED),),
    )
    r2 = Round(
        RoundNumber(2),
        games=(game(5, 1, "-/+"),),
        byes=(Bye(P(2), ByeKind.HALF_POINT),),
    )  # 3 and 4 are absent (unpaired)
    return Tournament("Test", players, (r1, r2), planned_rounds=5)


def test_r1_scores_byes_forfeits_and_absences() -> None:
    t = _small_tournament()
    # Worked by hand: 1 = 1 (win) + 1 (forfeit win); 2 = 0 + ½ (HPB); 3 = ½ + 0 (absent);
    # 4 = ½ + 0; 5 = 1 (PAB) + 0 (forfeit loss).
    assert t.scores() == {P(1): 2, P(2): HALF, P(3): HALF, P(4): HALF, P(5): ONE}


def test_e4_played_is_kept_apart_from_unplayed() -> None:
    entries = _small_tournament().entries()
    assert [e.played for e in entries[P(1)]] == [True, False]  # forfeit win is not played
    assert [e.bye for e in entries[P(5)]] == [ByeKind.PAIRING_ALLOCATED, None]
    assert entries[P(5)][1].outcome is Outcome.FORFEIT_LOSS
    assert entries[P(3)][1].bye is ByeKind.ABSENT
    assert entries[P(2)][1].points == HALF and entries[P(2)][1].played is False


def test_scoring_system_is_configurable() -> None:
    t = _small_tournament()
    three_one = ScoringSystem(
        win=Fraction(3),
        draw=ONE,
        forfeit_win=Fraction(3),
        pairing_allocated_bye=Fraction(3),
        half_point_bye=ONE,
    )
    t2 = Tournament(t.name, t.players, t.rounds, scoring=three_one)
    assert t2.scores()[P(1)] == 6
    assert t2.scores()[P(2)] == 1
    assert t2.scores()[P(4)] == 1


def test_s1_standings_share_equal_ranks() -> None:
    rows = compute_standings(_small_tournament())
    assert [(r.rank, int(r.pairing_number), r.points) for r in rows] == [
        (1, 1, 2),
        (2, 5, 1),
        (3, 2, HALF),
        (3, 3, HALF),
        (3, 4, HALF),
    ]
    assert [r.shared for r in rows] == [False, False, True, True, True]


def test_s1_only_entered_results_count() -> None:
    t = Tournament("T", (player(1), player(2)), (Round(RoundNumber(1), games=(game(1, 2, "–"),)),))
    assert t.scores() == {P(1): ZERO, P(2): ZERO}


@pytest.mark.parametrize(
    "rounds",
    [
        (Round(RoundNumber(1), games=(game(1, 2, "1-0"), game(2, 3, "1-0"))),),
        (Round(RoundNumber(1), games=(game(1, 9, "1-0"),)),),
        (Round(RoundNumber(1), games=(game(1, 1, "1-0"),)),),
        (Round(RoundNumber(1), games=(game(1, 2, "1-0"),), byes=(Bye(P(1), ByeKind.HALF_POINT),)),),
    ],
    ids=["twice-in-round", "unknown-player", "self-pairing", "game-and-bye"],
)
def test_tournament_refuses_contradictions(rounds: tuple[Round, ...]) -> None:
    with pytest.raises(TournamentError):
        Tournament("T", (player(1), player(2), player(3)), rounds)
