"""Team events through the web (issue 8): teams and rosters, line-ups, team round robin,
match pages with the seven board codes, forfeits, standings tab, TRF export."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chessclub_web.teams import services
from chessclub_web.teams.models import LineUp, Match, MatchBoard, TeamBye
from chessclub_web.tournaments.models import Game, System, Tournament

from ..audit.lines import other_lines
from ..builders import tournament_url


def _event(club, system=System.TEAM_ROUND_ROBIN, teams=4, boards=4, reserves=1) -> Tournament:
    t = Tournament.objects.create(club=club, name="Interclubs", system=system)
    settings = services.settings_of(t)
    settings.boards = boards
    settings.save()
    for n in range(1, teams + 1):
        team = services.add_team(t, f"Team {n}", f"Club {n}")
        for k in range(1, boards + reserves + 1):
            services.add_member(team, f"Player {n}.{k}", 2000 - 10 * k - n)
    return t


def test_teams_tab_appears_for_team_events_only(client, public_club, owner):
    """The tab registry shows "team_standings" for a team system (lead's scaffold)."""
    t = _event(public_club, teams=2, boards=2)
    page = client.get(tournament_url(t, "team_standings"))
    assert page.status_code == 200
    assert "Team 1" in page.content.decode()
    single = Tournament.objects.create(club=public_club, name="Open", system=System.SWISS)
    assert client.get(tournament_url(single, "team_standings")).status_code == 404


def test_issue8_round_robin_pairs_every_round_from_berger_tables(client, public_club, owner):
    """4 teams: FIDE Berger table for 4 (fide.md §4.4): R1 1-4 2-3 | R2 4-3 1-2 | R3 2-4 3-1,
    3 rounds of 2 matches, each team meets each other once."""
    t = _event(public_club)
    client.force_login(owner)
    response = client.post(tournament_url(t, "team_action"), {"action": "pair_round_robin"})
    assert response.status_code == 302
    pairs = [
        (m.round.number, m.home.number, m.away.number)
        for m in Match.objects.filter(round__tournament=t).order_by("round__number", "order")
    ]
    assert pairs == [(1, 1, 4), (1, 2, 3), (2, 4, 3), (2, 1, 2), (3, 2, 4), (3, 3, 1)]
    # 4 boards a match, a Game row per board: 6 matches x 4 boards
    assert Game.objects.filter(round__tournament=t).count() == 24


def test_issue8_double_round_robin_reverses_home_and_away(public_club, owner):
    """Double: 6 rounds; rounds 4-6 are rounds 1-3 with home/away reversed, the first cycle's
    last two rounds swapped (FIDE C.05 Annex 1, fide.md §4.4)."""
    t = _event(public_club, system=System.TEAM_DOUBLE_ROUND_ROBIN)
    assert services.pair_round_robin(t) == 6
    by_round = {}
    for m in Match.objects.filter(round__tournament=t):
        by_round.setdefault(m.round.number, set()).add((m.home.number, m.away.number))
    assert by_round[1] == {(1, 4), (2, 3)}
    assert by_round[2] == {(2, 4), (3, 1)}  # swapped with round 3 of the single table
    assert by_round[4] == {(4, 1), (3, 2)}


def test_issue8_board_colours_alternate_by_the_competitions_rule(public_club):
    """Rule "WB": the home team has White on boards 1 and 3, Black on 2 and 4; rule "BW" the
    opposite."""
    t = _event(public_club, teams=2)
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    home_ids = set(match.home.members.values_list("player_id", flat=True))
    colours = [
        "W" if b.game.white_id in home_ids else "B" for b in match.boards.select_related("game")
    ]
    assert colours == ["W", "B", "W", "B"]
    t2 = _event(public_club, teams=2)
    t2.name = "Other"
    s = services.settings_of(t2)
    s.colour_rule = "BW"
    s.save()
    services.pair_round_robin(t2)
    match = Match.objects.get(round__tournament=t2)
    home_ids = set(match.home.members.values_list("player_id", flat=True))
    colours = [
        "W" if b.game.white_id in home_ids else "B" for b in match.boards.select_related("game")
    ]
    assert colours == ["B", "W", "B", "W"]


def _enter(client, t, match, codes):
    data = {"action": "results"}
    for board in match.boards.select_related("game"):
        data[f"result-{board.game_id}"] = codes[board.board - 1]
        data[f"version-{board.game_id}"] = board.game.version
    return client.post(tournament_url(t, "team_match", match.pk), data)


def test_issue8_match_page_computes_match_score_and_match_points(client, public_club, owner):
    """Boards (White first) 1-0, ½-½, 0-1, +/-: home White on 1 and 3 → home 1 + ½ + 1
    (board 3: home White, 0-1 means Black = away wins → 0) ... computed: board 1 home W wins 1;
    board 2 home Black, draw ½; board 3 home White, 0-1 → 0; board 4 home Black, +/- (White =
    away wins by forfeit) → 0. Home 1½, away 2½: away wins, match points 0 – 2."""
    t = _event(public_club, teams=2)
    services.pair_round_robin(t)
    client.force_login(owner)
    match = Match.objects.get(round__tournament=t)
    response = _enter(client, t, match, ["1-0", "=", "0-1", "+-"])
    assert response.status_code == 302
    page = client.get(tournament_url(t, "team_match", match.pk)).content.decode()
    assert "1½ – 2½" in page
    assert "0 – 2" in page
    core = services.load_team_tournament(t)
    assert core.scores() == {1: 0, 2: 2}


def test_r3_stale_version_changes_nothing_on_a_match_page(client, public_club, owner):
    """Optimistic concurrency (spec R3): a board changed by someone else since the page was
    loaded → 409, nothing saved."""
    t = _event(public_club, teams=2)
    services.pair_round_robin(t)
    client.force_login(owner)
    match = Match.objects.get(round__tournament=t)
    board = match.boards.get(board=1)
    Game.objects.filter(pk=board.game_id).update(result="1-0", version=2)
    second = match.boards.get(board=2)
    data = {
        "action": "results",
        f"result-{board.game_id}": "0-1",
        f"version-{board.game_id}": 1,
        f"result-{second.game_id}": "=",
        f"version-{second.game_id}": 1,
    }
    response = client.post(tournament_url(t, "team_match", match.pk), data)
    assert response.status_code == 409
    assert Game.objects.get(pk=board.game_id).result == "1-0"
    assert match.boards.get(board=2).game.result == ""


def test_issue8_lineup_with_reserve_follows_fixed_board_order(client, public_club, owner):
    """A reserve (roster position 5) may replace a player; the order must follow the roster;
    a player lines up in one team per round; not after a result."""
    t = _event(public_club, teams=2)
    services.pair_round_robin(t)
    client.force_login(owner)
    match = Match.objects.get(round__tournament=t)
    members = list(match.home.members.order_by("position"))
    ids = [m.player_id for m in members]
    url = tournament_url(t, "team_match", match.pk)
    ok = {"action": "lineup", "team": match.home.pk}
    ok.update({f"board_{b}": pid for b, pid in enumerate([ids[0], ids[2], ids[3], ids[4]], 1)})
    assert client.post(url, ok).status_code == 302
    assert list(
        LineUp.objects.filter(team=match.home).order_by("board").values_list("player_id", flat=True)
    ) == [ids[0], ids[2], ids[3], ids[4]]
    wrong = dict(ok, board_1=ids[2], board_2=ids[0])
    response = client.post(url, wrong)
    assert response.status_code == 400
    assert "ordre des échiquiers" in response.content.decode()  # French first
    other = list(match.away.members.values_list("player_id", flat=True))
    stolen = dict(ok, board_4=other[0])
    assert client.post(url, stolen).status_code == 400
    _enter(client, t, Match.objects.get(pk=match.pk), ["1-0", "", "", ""])
    assert client.post(url, ok).status_code == 400


def test_issue8_missing_player_is_a_board_forfeit(public_club):
    """A team fields nobody on board 4: the board is won by forfeit by the other team (no Game
    row), counted in game points."""
    t = _event(public_club, teams=2)
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    ids = list(match.home.members.order_by("position").values_list("player_id", flat=True))
    services.set_lineup(match.round, match.home, [ids[0], ids[1], ids[2], None])
    board = MatchBoard.objects.get(match=match, board=4)
    assert board.game is None and board.forfeit == "-+"
    core = services.load_team_tournament(t)
    (m,) = core.matches
    assert m.boards[3].points(core.game_scoring) == (0, 1)


def test_issue8_match_points_are_configurable(client, public_club, owner):
    """3/1/0 match points: a won match gives 3."""
    t = _event(public_club, teams=2)
    client.force_login(owner)
    response = client.post(
        tournament_url(t, "team_action"),
        {
            "action": "settings",
            "boards": "4",
            "colour_rule": "WB",
            "colour_model": "typea",
            "primary": "MP",
            "match_win": "3",
            "match_draw": "1",
            "match_loss": "0",
        },
    )
    assert response.status_code == 302
    line = other_lines(tournament=t, action="settings.teams_changed").get()
    assert (line.old, line.new, line.username) == (
        {"match_win": "2.0"},
        {"match_win": "3"},
        "owner",
    )
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    _enter(client, t, match, ["1-0", "0-1", "1-0", "0-1"])  # home wins all four
    assert services.load_team_tournament(t).scores()[match.home.number] == 3


def test_issue8_bad_input_is_refused_with_400(client, public_club, owner):
    t = _event(public_club, teams=2)
    client.force_login(owner)
    bad = client.post(tournament_url(t, "team_action"), {"action": "settings", "boards": "x"})
    assert bad.status_code == 400
    assert (
        client.post(
            tournament_url(t, "team_action"), {"action": "add_team", "name": ""}
        ).status_code
        == 400
    )
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    bad = client.post(
        tournament_url(t, "team_match", match.pk),
        {
            "action": "results",
            f"result-{match.boards.get(board=1).game_id}": "9-9",
            f"version-{match.boards.get(board=1).game_id}": "1",
        },
    )
    assert bad.status_code == 400


def test_issue8_permissions_checked_on_the_server(client, public_club, make_user):
    t = _event(public_club, teams=2)
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    response = client.post(
        tournament_url(t, "team_match", match.pk),
        {
            "action": "results",
            f"result-{match.boards.get(board=1).game_id}": "1-0",
            f"version-{match.boards.get(board=1).game_id}": "1",
        },
    )
    assert response.status_code == 302 and "login" in response["Location"]
    outsider = make_user("outsider")
    client.force_login(outsider)
    assert (
        client.post(tournament_url(t, "team_action"), {"action": "pair_round_robin"}).status_code
        == 403
    )
    assert client.get(tournament_url(t, "team_export")).status_code == 403


def test_issue8_standings_tab_shows_crosstable_and_players(client, public_club, owner):
    t = _event(public_club, teams=2)
    services.pair_round_robin(t)
    client.force_login(owner)
    match = Match.objects.get(round__tournament=t)
    _enter(client, t, match, ["1-0", "1-0", "=", "="])
    page = client.get(tournament_url(t, "team_standings")).content.decode()
    assert "Team crosstable" in page or "Grille" in page
    assert "Player 1.1" in page
    export = client.get(tournament_url(t, "team_export"))
    assert export.status_code == 200
    text = export.content.decode()
    assert "\n310   1 Team 1" in text and "\n352 WBWB" in text


@pytest.mark.parametrize(
    ("language", "title"),
    [("fr", "Classement par équipes"), ("nl", "Ploegenklassement"), ("de", "Mannschaftswertung")],
)
def test_issue8_team_pages_are_translated(client, public_club, language, title):
    """French first; Dutch and German too (catalogue of the teams app)."""
    t = _event(public_club, teams=2, boards=2)
    page = client.get(
        tournament_url(t, "team_standings"), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert title in page


def test_r2_r5_team_boards_autosave_and_history_through_the_results_app(client, public_club, owner):
    """A board of a match is an ordinary Game: the match page's autosave posts to the results
    app's save endpoint (spec R2) and every change lands in the history (R5)."""
    from ..audit.lines import result_lines

    t = _event(public_club, teams=2)
    services.pair_round_robin(t)
    client.force_login(owner)
    match = Match.objects.get(round__tournament=t)
    page = client.get(tournament_url(t, "team_match", match.pk)).content.decode()
    save_url = reverse("save_board", args=(t.club.number, t.pk, 1))
    assert f'data-autosave="{save_url}"' in page
    board = match.boards.get(board=1)
    answer = client.post(save_url, {"game": board.game_id, "result": "1-0", "version": 1})
    assert answer.status_code == 200 and answer.json()["state"] == "saved"
    assert services.load_team_tournament(t).matches[0].boards[0].result.value == "1-0"
    _enter(client, t, Match.objects.get(pk=match.pk), ["0-1", "=", "=", "="])
    assert result_lines(tournament=t).count() == 5


def test_issue8_roster_from_the_club_players(client, public_club, owner):
    """A team's roster takes players of the club's roster (clubs.Player): the tournament
    player is linked to it, with the initial Elo of the tournament's time control; the same
    club player cannot join a second time."""
    from chessclub_web.clubs.models import Player as ClubPlayer

    club_player = ClubPlayer.objects.create(
        club=public_club,
        surname="Placeholder",
        first_name="Ann",
        initial_elo_standard=1850,
        matricule="12345",
    )
    t = _event(public_club, teams=1, boards=1, reserves=0)
    team = t.teams.get()
    client.force_login(owner)
    url = tournament_url(t, "team_detail", team.number)
    assert (
        client.post(url, {"action": "club_player", "club_player": club_player.pk}).status_code
        == 302
    )
    member = team.members.order_by("position").last()
    assert member.player.roster_player == club_player
    assert (member.player.rating, member.player.matricule) == (1850, "12345")
    again = client.post(url, {"action": "club_player", "club_player": club_player.pk})
    assert again.status_code == 400


@pytest.mark.parametrize("teams", [4, 5])
def test_issue8_round_robin_export_passes_the_engines_berger_check(
    client, public_club, owner, teams
):
    """Our TRF-2026 export of a team round robin (record 192 FIDE_TEAM_ROUNDROBIN) is
    re-paired by gacrux's Berger checker round by round with the same matches; in an odd
    field the team meeting the table's dummy sits out with no points (320: 0 MP, 0 GP)."""
    from chessclub.pairing.teams import check_team_trf

    t = _event(public_club, teams=teams, reserves=0)
    services.pair_round_robin(t)
    Game.objects.filter(round__tournament=t).update(result="=")  # every board drawn
    client.force_login(owner)
    text = client.get(tournament_url(t, "team_export")).content.decode()
    checks = check_team_trf(text)
    assert len(checks) == (teams if teams % 2 else teams - 1)
    assert all(c["check"] for c in checks), checks
    if teams % 2:
        assert "\n320  0.0  0.0 " in text
        bye = TeamBye.objects.filter(round__tournament=t, round__number=1).get()
        cells = services.load_team_tournament(t).team_rounds()[bye.team.number]
        assert (cells[0].mp, cells[0].gp) == (0, 0)


def test_issue8_board_order_by_rating_unless_the_captain_sets_it(client, public_club, owner):
    """Players join in rating order (2100 before 1900 before 1800) until the captain sets an
    order; after that a new player goes to the end."""
    t = Tournament.objects.create(club=public_club, name="I", system=System.TEAM_ROUND_ROBIN)
    team = services.add_team(t, "Team")
    for name, rating in (("C", 1800), ("A", 2100), ("B", 1900)):
        services.add_member(team, name, rating)
    names = lambda: [m.player.name for m in team.members.order_by("position")]  # noqa: E731
    assert names() == ["A", "B", "C"]
    client.force_login(owner)
    ids = [m.player_id for m in team.members.order_by("position")]
    url = tournament_url(t, "team_detail", team.number)
    assert (
        client.post(url, {"action": "order", "player": [ids[2], ids[0], ids[1]]}).status_code == 302
    )
    assert names() == ["C", "A", "B"]
    team.refresh_from_db()
    services.add_member(team, "D", 2400)
    assert names() == ["C", "A", "B", "D"]
    assert client.post(url, {"action": "by_rating"}).status_code == 302
    assert names() == ["D", "A", "B", "C"]


def test_c1_closed_team_event_takes_no_new_pairing_nor_line_up(client, public_club, owner):
    """A closed tournament never reopens (spec C1): pairing, line-ups, teams and whole-match
    forfeits are refused (409 with the reason, as every refusal of a closed tournament; was
    400), nothing changes."""
    from django.utils import timezone

    t = _event(public_club, teams=2)
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    Tournament.objects.filter(pk=t.pk).update(closed_at=timezone.now())
    client.force_login(owner)
    url = tournament_url(t, "team_match", match.pk)
    assert client.post(url, {"action": "forfeit", "forfeit": "+-"}).status_code == 409
    ids = list(match.home.members.order_by("position").values_list("player_id", flat=True))
    lineup = {"action": "lineup", "team": match.home.pk}
    lineup.update({f"board_{b}": pid for b, pid in enumerate(ids[1:5], 1)})
    assert client.post(url, lineup).status_code == 409
    assert (
        client.post(
            tournament_url(t, "team_action"), {"action": "add_team", "name": "X"}
        ).status_code
        == 409
    )
    assert Match.objects.get(pk=match.pk).forfeit == ""


def test_s4_team_tiebreaks_are_set_on_the_teams_tab(client, public_club, owner):
    """The team tiebreaks (C.07 team codes) and the rule era are set with the team settings;
    the standings then show them; an individual-only code is refused (400)."""
    t = _event(public_club, teams=2, boards=2)
    client.force_login(owner)
    form = {
        "action": "settings",
        "boards": "2",
        "colour_rule": "WB",
        "colour_model": "typea",
        "primary": "MP",
        "match_win": "2",
        "match_draw": "1",
        "match_loss": "0",
        "tiebreak_rules": "2023",
    }
    response = client.post(
        tournament_url(t, "team_action"), dict(form, tiebreaks="bh:mp/c1, EMMSB")
    )
    assert response.status_code == 302
    t.refresh_from_db()
    assert (t.tiebreaks, t.tiebreak_rules) == ("BH:MP/C1,EMMSB", "2023")
    assert "BH:MP/C1, EMMSB" in client.get(tournament_url(t, "team_standings")).content.decode()
    assert (
        client.post(tournament_url(t, "team_action"), dict(form, tiebreaks="WIN")).status_code
        == 400
    )
    t.refresh_from_db()
    assert t.tiebreaks == "BH:MP/C1,EMMSB"
