"""TRF-2026 team files (issue 8, export): the writer next to the reader in
``chessclub.formats.trf.teams``, checked on FIDE TEC's team sample (fixture
``tiebreaks/trf26-team-sample-fide-tec.trf``, see its PROVENANCE.md)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from chessclub.formats.trf.teams import read_team_trf, write_team_trf
from chessclub.model.teams import TeamScore

SAMPLE = Path(__file__).parents[2] / "fixtures" / "tiebreaks" / "trf26-team-sample-fide-tec.trf"


def _totals_310(data: bytes) -> dict[int, tuple[Fraction, Fraction]]:
    """The sample's own team totals: record 310, match points cols 55-60, game points 62-67."""
    lines = [line for line in data.decode("latin-1").splitlines() if line.startswith("310")]
    return {
        int(line[4:7]): (Fraction(line[54:60].strip()), Fraction(line[61:67].strip()))
        for line in lines
    }


def test_issue8_team_sample_scores_equal_its_310_totals() -> None:
    """Match and game points read from the sample's 001/240/320/330/300 records equal the
    totals FIDE TEC wrote in its 310 records for 49 of the 50 teams. Team 47 (Denmark) is the
    sample's own inconsistency: its 310 says 13 MP / 24.5 GP, its rounds add up to 12 / 22.5
    (ten matches and the round-4 half-point bye; exactly one more half-point bye's 1 MP + 2 GP
    is missing from the file)."""
    data = SAMPLE.read_bytes()
    tournament = read_team_trf(data)
    mp, gp = tournament.scores(TeamScore.MP), tournament.scores(TeamScore.GP)
    expected = _totals_310(data)
    assert len(expected) == 50
    wrong = {n for n, totals in expected.items() if totals != (mp[n], gp[n])}
    assert wrong == {47}
    assert (mp[47], gp[47]) == (12, Fraction(45, 2))


def test_issue8_team_trf_round_trip_keeps_every_team_round() -> None:
    """write_team_trf then read_team_trf gives back, for every team and round, the same kind
    (match, forfeit, bye), opponent, colour, match points and game points — out-of-order
    line-ups and empty boards travel as record 300, forfeited matches as 330, PABs as 320,
    requested byes as 240."""
    original = read_team_trf(SAMPLE.read_bytes())
    text = write_team_trf(original)
    for record in ("300 ", "320 ", "330 ", "240 H", "352 WBWB", "362 TW 2.0"):
        assert f"\n{record}" in text
    again = read_team_trf(text.encode("utf-8"))
    before, after = original.team_rounds(), again.team_rounds()
    assert before.keys() == after.keys()
    for team, cells in before.items():
        assert [(c.kind, c.opponent, c.colour, c.mp, c.gp) for c in cells] == [
            (c.kind, c.opponent, c.colour, c.mp, c.gp) for c in after[team]
        ], team
