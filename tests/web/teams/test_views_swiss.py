"""A team Swiss through the web (issue 8, "Checked by"): 10 teams of 4 boards, 9 rounds, each
round paired by the *Pair the next round* button (FIDE C.04.6, gacrux's team mode) and every
board's result entered on the match pages; then

- no two teams meet twice;
- each team's match points and game points on the standings tab equal those recomputed here
  from the stored boards (White-first codes, 1 / ½ / 0 a board, 2 / 1 / 0 a match);
- gacrux's checker, run on the TRF-2026 file the export page gives, re-pairs every round the
  same way.

And a whole-match forfeit and a cross-forfeit entered on the pages are scored as results but
not counted as played: the same teams are paired again in the next round.
"""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

from chessclub.pairing.teams import check_team_trf
from chessclub_web.teams import services
from chessclub_web.teams.models import Match
from chessclub_web.teams.presentation import points, standings_rows
from chessclub_web.tournaments.models import System, Tournament

from ..builders import tournament_url

SEED = 2  # random board results; C.04.6 may find no legal pairing for some seeds in round 8+
_POINTS = {"1-0": (1, 0), "0-1": (0, 1), "=": (Fraction(1, 2), Fraction(1, 2))}


def _swiss(club, teams: int, boards: int, rounds: int) -> Tournament:
    t = Tournament.objects.create(
        club=club,
        name="Team Swiss",
        system=System.TEAM_SWISS,
        planned_rounds=rounds,
        initial_colour="W",
    )
    s = services.settings_of(t)
    s.boards = boards
    s.save()
    for n in range(1, teams + 1):
        team = services.add_team(t, f"Team {n}")
        for k in range(1, boards + 1):
            services.add_member(team, f"Player {n}.{k}", 2300 - 40 * n - k)
    return t


def _post_results(client, t, match, codes):
    data = {"action": "results"}
    for board in match.boards.select_related("game"):
        data[f"result-{board.game_id}"] = codes[board.board - 1]
        data[f"version-{board.game_id}"] = board.game.version
    response = client.post(tournament_url(t, "team_match", match.pk), data)
    assert response.status_code == 302, response.content.decode()[:500]


def test_issue8_simulated_10_team_4_board_9_round_team_swiss(client, public_club, owner):
    rng = random.Random(SEED)
    t = _swiss(public_club, 10, 4, 9)
    client.force_login(owner)
    for rnd in range(1, 10):
        response = client.post(tournament_url(t, "team_action"), {"action": "pair_swiss"})
        assert response.status_code == 302, response.content.decode()[:800]
        for match in Match.objects.filter(round__tournament=t, round__number=rnd):
            _post_results(client, t, match, [rng.choice(list(_POINTS)) for _ in range(4)])
    matches = list(Match.objects.filter(round__tournament=t).select_related("home", "away"))
    assert len(matches) == 45  # 9 rounds x 5 matches
    met = [frozenset((m.home.number, m.away.number)) for m in matches]
    assert len(set(met)) == len(met)  # no team meets another twice
    # match and game points recomputed from the stored boards
    mp: dict[int, Fraction] = defaultdict(Fraction)
    gp: dict[int, Fraction] = defaultdict(Fraction)
    for m in matches:
        home_ids = set(m.home.members.values_list("player_id", flat=True))
        h = a = Fraction(0)
        for board in m.boards.select_related("game"):
            white, black = _POINTS[board.game.result]
            if board.game.white_id in home_ids:
                h, a = h + white, a + black
            else:
                h, a = h + black, a + white
        gp[m.home.number] += h
        gp[m.away.number] += a
        mp[m.home.number] += 2 if h > a else 1 if h == a else 0
        mp[m.away.number] += 2 if a > h else 1 if h == a else 0
    core = services.load_team_tournament(t)
    assert core.scores() == dict(mp)
    assert core.scores(core.primary.other) == dict(gp)
    assert sum(mp.values()) == 45 * 2  # every match gives 2 match points in all
    rows = standings_rows(core, services.team_standings_settings(t))
    assert {r.number: (r.mp, r.gp) for r in rows} == {
        n: (points(mp[n]), points(gp[n])) for n in range(1, 11)
    }
    page = client.get(tournament_url(t, "team_standings")).content.decode()
    assert all(f'id="team-{n}"' in page for n in range(1, 11))
    # the checker re-pairs every round of our exported TRF the same way
    export = client.get(tournament_url(t, "team_export"))
    assert export.status_code == 200
    checks = check_team_trf(export.content.decode())
    assert [c["round"] for c in checks] == list(range(1, 10))
    assert all(c["check"] for c in checks), [c for c in checks if not c["check"]]


def test_issue8_forfeits_on_the_pages_are_results_not_meetings(client, public_club, owner):
    """Two teams, 4 boards. Round 1 forfeited as a whole (home wins): 2 - 0 MP, 4 - 0 GP;
    round 2 pairs the same teams again (not met). Round 2 played as a cross-forfeit (board 1
    +/-: home White wins by forfeit; board 2 +/-: away, White there, wins by forfeit; boards
    3-4 -/-): 1 - 1 MP, 1 - 1 GP; round 3 pairs them again."""
    t = _swiss(public_club, 2, 4, 3)
    client.force_login(owner)
    assert (
        client.post(tournament_url(t, "team_action"), {"action": "pair_swiss"}).status_code == 302
    )
    first = Match.objects.get(round__tournament=t, round__number=1)
    client.post(tournament_url(t, "team_match", first.pk), {"action": "forfeit", "forfeit": "+-"})
    response = client.post(tournament_url(t, "team_action"), {"action": "pair_swiss"})
    assert response.status_code == 302, response.content.decode()[:800]
    second = Match.objects.get(round__tournament=t, round__number=2)
    _post_results(client, t, second, ["+-", "+-", "--", "--"])
    response = client.post(tournament_url(t, "team_action"), {"action": "pair_swiss"})
    assert response.status_code == 302, response.content.decode()[:800]
    third = Match.objects.get(round__tournament=t, round__number=3)
    assert {third.home.number, third.away.number} == {1, 2}
    core = services.load_team_tournament(t)
    cells = core.team_rounds()
    winner = first.home.number
    loser = first.away.number
    assert (cells[winner][0].mp, cells[winner][0].gp) == (2, 4)
    assert (cells[loser][0].mp, cells[loser][0].gp) == (0, 0)
    assert (cells[1][1].mp, cells[1][1].gp, cells[2][1].mp, cells[2][1].gp) == (1, 1, 1, 1)
    assert core.met_over_the_board() == set()
    # the whole-match forfeit's boards read as forfeits too (individual results, closing)
    codes = {b.game.result for b in first.boards.select_related("game")}
    assert codes == {"+-", "-+"} and "" not in codes


def test_c041_no_legal_pairing_is_refused_with_the_reason(client, public_club, owner):
    """Two teams that played round 1 over the board cannot meet again (C.04.1): pairing
    round 2 answers 400 with the reason, and no round 2 is stored."""
    t = _swiss(public_club, 2, 4, 2)
    client.force_login(owner)
    assert (
        client.post(tournament_url(t, "team_action"), {"action": "pair_swiss"}).status_code == 302
    )
    first = Match.objects.get(round__tournament=t)
    _post_results(client, t, first, ["1-0", "=", "=", "0-1"])
    response = client.post(tournament_url(t, "team_action"), {"action": "pair_swiss"})
    assert response.status_code == 400
    assert "ne peut pas être appariée" in response.content.decode()
    assert not Match.objects.filter(round__tournament=t, round__number=2).exists()
