"""Trying to break the team pages (issue 8): tampered line-ups, out-of-order reserves, forfeits
against entered results, pairing over missing results, an odd round robin, closed events,
permissions, CSRF and methods. Every refusal is a 4xx (never 500) and leaves every stored row
as it was (spec: bad input → clear message, HTTP 4xx, nothing stored lost)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from chessclub_web.clubs.models import Role
from chessclub_web.teams import services
from chessclub_web.teams.models import (
    LineUp,
    Match,
    MatchBoard,
    Team,
    TeamBye,
    TeamMember,
    TeamSettings,
)
from chessclub_web.tournaments.models import Bye, Game, Round, System, Tournament

from ..builders import tournament_url


def _event(club, teams=2, boards=4, system=System.TEAM_ROUND_ROBIN, name="Interclubs"):
    t = Tournament.objects.create(club=club, name=name, system=system, planned_rounds=3)
    settings = services.settings_of(t)
    settings.boards = boards
    settings.save()
    for n in range(1, teams + 1):
        team = services.add_team(t, f"Team {n}")
        for k in range(1, boards + 2):
            services.add_member(team, f"P{n}.{k}", 2000 - 10 * k - n)
    return t


def _state(t):
    """Every stored row a team page can change, as plain values."""
    return (
        list(Match.objects.filter(round__tournament=t).values_list("id", "forfeit", "version")),
        list(
            MatchBoard.objects.filter(match__round__tournament=t).values_list(
                "id", "board", "game_id", "forfeit"
            )
        ),
        list(
            Game.objects.filter(round__tournament=t)
            .order_by("id")
            .values_list("id", "white_id", "black_id", "result", "version")
        ),
        list(LineUp.objects.filter(round__tournament=t).values_list("team_id", "board", "player")),
        list(Bye.objects.filter(round__tournament=t).values_list("player_id", "kind")),
        list(TeamBye.objects.filter(round__tournament=t).values_list("team_id", "kind")),
        list(TeamMember.objects.filter(team__tournament=t).values_list("player_id", "position")),
        list(Team.objects.filter(tournament=t).values_list("id", "name", "order_set_by_captain")),
        list(
            TeamSettings.objects.filter(tournament=t).values_list(
                "boards", "match_win", "match_draw", "match_loss", "colour_rule", "primary"
            )
        ),
        list(Round.objects.filter(tournament=t).values_list("number", "state")),
        list(Tournament.objects.filter(pk=t.pk).values_list("tiebreaks", "planned_rounds")),
    )


def _roster(team):
    return list(team.members.order_by("position").values_list("player_id", flat=True))


def _lineup_form(team, ids):
    form = {"action": "lineup", "team": team.pk}
    form.update({f"board_{b}": "" if pid is None else pid for b, pid in enumerate(ids, 1)})
    return form


def test_issue8_1_tampered_lineups_are_refused_and_change_nothing(client, public_club, owner):
    """Line-ups are chosen from the team's own roster, each player once, in roster order
    (fixed board order): a player of the other team, of another tournament, an unknown id,
    a text, the same player twice, reserves out of roster order, a team not in this match
    — all 400 (404 for a team of another tournament) and nothing stored changes. More
    fields than boards: the extra ones are ignored (board 5 of 4 boards)."""
    t = _event(public_club, teams=3)
    other = _event(public_club, teams=2, name="Other event")
    services.pair_round_robin(t)
    match = Match.objects.filter(round__tournament=t, round__number=1).first()
    home, away = match.home, match.away
    idle = Team.objects.get(tournament=t, number=({1, 2, 3} - {home.number, away.number}).pop())
    mine, theirs = _roster(home), _roster(away)
    foreign = _roster(Team.objects.get(tournament=other, number=1))
    client.force_login(owner)
    url = tournament_url(t, "team_match", match.pk)
    before = _state(t)
    bad = [
        _lineup_form(home, [theirs[0], mine[1], mine[2], mine[3]]),  # the other team's player
        _lineup_form(home, [foreign[0], mine[1], mine[2], mine[3]]),  # another tournament's
        _lineup_form(home, [999_999, mine[1], mine[2], mine[3]]),  # no such player
        _lineup_form(home, ["abc", mine[1], mine[2], mine[3]]),  # not a number
        _lineup_form(home, [mine[0], mine[0], mine[2], mine[3]]),  # twice
        _lineup_form(home, [mine[4], mine[0], mine[1], mine[2]]),  # reserve above board 1
        _lineup_form(home, [mine[0], mine[2], mine[1], mine[3]]),  # boards 2/3 swapped
        _lineup_form(idle, _roster(idle)[:4]),  # a team that does not play this match
    ]
    for form in bad:
        response = client.post(url, form)
        assert response.status_code == 400, form
        assert 'role="alert"' in response.content.decode()
    other_team = Team.objects.get(tournament=other, number=1)
    assert client.post(url, _lineup_form(other_team, foreign[:4])).status_code == 404
    assert _state(t) == before
    # more players than boards: board 5 is not a board; the reserve (roster 5) may play 4
    ok = _lineup_form(home, [mine[0], mine[1], mine[2], mine[4]])
    ok["board_5"] = mine[3]
    assert client.post(url, ok).status_code == 302
    assert services.lineup_of(match.round, home) == [
        TeamMember.objects.get(player_id=p).player for p in (mine[0], mine[1], mine[2], mine[4])
    ]


def test_issue8_1_one_player_in_one_team(client, public_club, owner):
    """A player is in one team (one roster row, so one team per round): a club player already
    in one team cannot join another (400), the roster stays as it was."""
    from chessclub_web.clubs.models import Player as ClubPlayer

    t = _event(public_club)
    player = ClubPlayer.objects.create(club=public_club, surname="Roster", first_name="One")
    client.force_login(owner)
    first = tournament_url(t, "team_detail", 1)
    second = tournament_url(t, "team_detail", 2)
    form = {"action": "club_player", "club_player": player.pk}
    assert client.post(first, form).status_code == 302
    before = _state(t)
    response = client.post(second, form)
    assert response.status_code == 400
    assert _state(t) == before
    for bad in ("abc", "", "99999999"):
        assert client.post(second, {"action": "club_player", "club_player": bad}).status_code == 400
    assert client.post(second, {"action": "order", "player": ["abc"]}).status_code == 400
    assert client.post(second, {"name": "X", "rating": "1e3"}).status_code == 400
    assert client.post(second, {"name": "X", "rating": "99999"}).status_code == 400
    assert client.post(second, {"name": "", "rating": ""}).status_code == 400
    assert _state(t) == before


def test_issue8_3_forfeit_over_entered_results_is_refused(client, public_club, owner):
    """Forfeiting a whole match whose boards have results would overwrite them: refused
    (400), results kept. Forfeit first, then board results: refused (400). Undoing a forfeit
    empties only the boards the forfeit filled (home wins +-: home White on 1 and 3 → +/-,
    Black on 2 and 4 → -/+)."""
    t = _event(public_club)
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    client.force_login(owner)
    url = tournament_url(t, "team_match", match.pk)
    boards = list(match.boards.select_related("game").order_by("board"))
    first = boards[0].game
    data = {"action": "results", f"result-{first.pk}": "1-0", f"version-{first.pk}": first.version}
    assert client.post(url, data).status_code == 302
    before = _state(t)
    response = client.post(url, {"action": "forfeit", "forfeit": "+-"})
    assert response.status_code == 400
    assert _state(t) == before
    # clear it, forfeit, then try to enter a result
    first.refresh_from_db()
    data = {"action": "results", f"result-{first.pk}": "", f"version-{first.pk}": first.version}
    assert client.post(url, data).status_code == 302
    assert client.post(url, {"action": "forfeit", "forfeit": "+-"}).status_code == 302
    codes = [b.game.result for b in match.boards.select_related("game").order_by("board")]
    assert codes == ["+-", "-+", "+-", "-+"]
    before = _state(t)
    game = Game.objects.get(pk=first.pk)
    data = {"action": "results", f"result-{game.pk}": "1-0", f"version-{game.pk}": game.version}
    assert client.post(url, data).status_code == 400
    assert _state(t) == before
    # a stale forfeit form (version of before the forfeit) is refused too
    stale = {"action": "forfeit", "forfeit": "", "version": 1}
    assert client.post(url, stale).status_code == 400
    assert _state(t) == before
    match.refresh_from_db()
    fresh = {"action": "forfeit", "forfeit": "", "version": match.version}
    assert client.post(url, fresh).status_code == 302
    codes = [b.game.result for b in match.boards.select_related("game").order_by("board")]
    assert codes == ["", "", "", ""]
    for bad in ("++", "x", "+-" * 50):
        assert client.post(url, {"action": "forfeit", "forfeit": bad}).status_code == 400
    assert (
        client.post(url, {"action": "forfeit", "forfeit": "+-", "version": "v"}).status_code == 400
    )


def test_issue8_2_team_swiss_next_round_waits_for_every_result(client, public_club, owner):
    """C.04.6 pairs on scores: round 2 of a team Swiss is refused (400) while a board of
    round 1 has no result; nothing is stored."""
    t = _event(public_club, teams=4, system=System.TEAM_SWISS)
    client.force_login(owner)
    url = tournament_url(t, "team_action")
    assert client.post(url, {"action": "pair_swiss"}).status_code == 302
    matches = list(Match.objects.filter(round__tournament=t))
    assert len(matches) == 2
    for m in matches:
        Game.objects.filter(match_board__match=m).update(result="=")
    Game.objects.filter(match_board__match=matches[1], match_board__board=4).update(result="")
    before = _state(t)
    response = client.post(url, {"action": "pair_swiss"})
    assert response.status_code == 400
    assert _state(t) == before
    # pairing a round robin on a Swiss, or a Swiss on a round robin: 400
    assert client.post(url, {"action": "pair_round_robin"}).status_code == 400
    assert _state(t) == before


def test_issue8_2_odd_team_round_robin_gives_a_bye_that_scores_nothing(public_club):
    """3 teams: Berger table for 4 with a dummy (fide.md §4.4): 3 rounds, one match and one
    team bye each; every team meets the two others once and sits out once. The round robin's
    bye is the dummy: 0 match points, 0 game points (as the odd individual round robin)."""
    t = _event(public_club, teams=3)
    assert services.pair_round_robin(t) == 3
    byes = list(TeamBye.objects.filter(round__tournament=t).values_list("team__number", "kind"))
    assert sorted(n for n, _ in byes) == [1, 2, 3]
    assert {k for _, k in byes} == {"U"}
    met = {
        frozenset((m.home.number, m.away.number)) for m in Match.objects.filter(round__tournament=t)
    }
    assert met == {frozenset({1, 2}), frozenset({1, 3}), frozenset({2, 3})}
    core = services.load_team_tournament(t)
    for cells in core.team_rounds().values():
        bye = [c for c in cells if c.opponent is None]
        assert len(bye) == 1 and (bye[0].mp, bye[0].gp) == (0, 0)


def test_c1_closed_team_event_rosters_and_settings_are_frozen(client, public_club, owner):
    """A closed tournament never reopens (spec C1): adding a player, a club player, ordering
    the roster, saving the settings are refused with 409 and the reason, as every refusal of
    a closed tournament (they were a 500 for the roster and silently changed the closed
    standings' settings; then a 400), nothing changes; pages still answer."""
    from chessclub_web.clubs.models import Player as ClubPlayer

    t = _event(public_club)
    services.pair_round_robin(t)
    player = ClubPlayer.objects.create(club=public_club, surname="Late", first_name="Comer")
    Tournament.objects.filter(pk=t.pk).update(closed_at=timezone.now())
    client.force_login(owner)
    team_url = tournament_url(t, "team_detail", 1)
    roster = _roster(Team.objects.get(tournament=t, number=1))
    before = _state(t)
    posts = [
        (team_url, {"name": "Late", "rating": "1500"}),
        (team_url, {"action": "club_player", "club_player": player.pk}),
        (team_url, {"action": "by_rating"}),
        (team_url, {"action": "order", "player": list(reversed(roster))}),
        (
            tournament_url(t, "team_action"),
            {"action": "settings", "match_win": "3", "match_draw": "1", "match_loss": "0"},
        ),
        (tournament_url(t, "team_action"), {"action": "pair_round_robin"}),
    ]
    for url, form in posts:
        response = client.post(url, form)
        assert response.status_code == 409, (url, form)
        assert "clôturé" in response.content.decode(), (url, form)
    assert _state(t) == before
    for url in (tournament_url(t, "team_standings"), team_url, tournament_url(t, "team_round", 1)):
        assert client.get(url).status_code == 200


def test_issue8_permissions_on_every_team_post(client, public_club, private_club, make_user):
    """Server-side permissions: anonymous → login; a user without a role → 403; an arbiter
    (results, entries, pairings, export) cannot change the settings (403); a private club's
    pages are 404 for an outsider, GET or POST. Nothing changes."""
    t = _event(public_club)
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    game = match.boards.first().game
    posts = [
        (tournament_url(t, "team_action"), {"action": "add_team", "name": "Intruders"}),
        (tournament_url(t, "team_action"), {"action": "settings", "match_win": "3"}),
        (tournament_url(t, "team_detail", 1), {"name": "Intruder"}),
        (tournament_url(t, "team_match", match.pk), {"action": "forfeit", "forfeit": "+-"}),
        (tournament_url(t, "team_match", match.pk), _lineup_form(match.home, [None] * 4)),
        (
            tournament_url(t, "team_match", match.pk),
            {"action": "results", f"result-{game.pk}": "1-0", f"version-{game.pk}": 1},
        ),
    ]
    before = _state(t)
    for url, form in posts:
        response = client.post(url, form)
        assert response.status_code == 302 and "login" in response["Location"], url
    client.force_login(make_user("stranger"))
    for url, form in posts:
        assert client.post(url, form).status_code == 403, url
    assert client.get(tournament_url(t, "team_export")).status_code == 403
    client.force_login(make_user("arbiter", public_club, Role.ARBITER))
    assert client.post(posts[1][0], posts[1][1]).status_code == 403
    assert _state(t) == before
    hidden = _event(private_club, name="Hidden")
    services.pair_round_robin(hidden)
    hidden_match = Match.objects.get(round__tournament=hidden)
    client.force_login(make_user("outsider"))
    for url in (
        tournament_url(hidden, "team_standings"),
        tournament_url(hidden, "team_detail", 1),
        tournament_url(hidden, "team_match", hidden_match.pk),
        tournament_url(hidden, "team_round", 1),
        tournament_url(hidden, "team_export"),
    ):
        assert client.get(url).status_code == 404, url
    assert (
        client.post(
            tournament_url(hidden, "team_action"), {"action": "add_team", "name": "X"}
        ).status_code
        == 404
    )
    assert _state(t) == before


def test_issue8_csrf_and_methods_are_4xx(public_club, owner):
    """A POST without the CSRF token is 403; PUT/DELETE/PATCH are 405, a GET on the action
    URL 405; a match of another tournament 404; nothing changes."""
    t = _event(public_club)
    other = _event(public_club, name="Other")
    services.pair_round_robin(t)
    services.pair_round_robin(other)
    match = Match.objects.get(round__tournament=t)
    foreign = Match.objects.get(round__tournament=other)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(owner)
    before = _state(t)
    for url, form in (
        (tournament_url(t, "team_action"), {"action": "add_team", "name": "X"}),
        (tournament_url(t, "team_match", match.pk), {"action": "forfeit", "forfeit": "+-"}),
        (tournament_url(t, "team_detail", 1), {"name": "X"}),
    ):
        assert strict.post(url, form).status_code == 403
    client = Client()
    client.force_login(owner)
    for url in (
        tournament_url(t, "team_standings"),
        tournament_url(t, "team_detail", 1),
        tournament_url(t, "team_match", match.pk),
        tournament_url(t, "team_round", 1),
        tournament_url(t, "team_export"),
        tournament_url(t, "team_round_frbe", 1),
    ):
        for method in ("put", "delete", "patch"):
            assert getattr(client, method)(url).status_code == 405, (method, url)
    assert client.get(tournament_url(t, "team_action")).status_code == 405
    for url in (
        tournament_url(t, "team_standings"),
        tournament_url(t, "team_round", 1),
        tournament_url(t, "team_export"),
    ):
        assert client.post(url, {}).status_code == 405
    assert client.get(tournament_url(t, "team_match", foreign.pk)).status_code == 404
    assert (
        client.post(tournament_url(t, "team_match", foreign.pk), {"action": "forfeit"}).status_code
        == 404
    )
    assert client.get(tournament_url(t, "team_detail", 99)).status_code == 404
    assert client.get(tournament_url(t, "team_round", 99)).status_code == 404
    assert client.post(tournament_url(t, "team_action"), {"action": "nonsense"}).status_code == 400
    assert _state(t) == before


def test_issue8_settings_bad_numbers_are_400(client, public_club, owner):
    """Match points are halves 0–99, boards 1–20, once paired the board count is fixed:
    NaN, sNaN, Infinity, 1e400, 0.3, -1, text, 10^23 boards are refused (400), nothing
    stored changes; a partial form keeps the other stored values (match loss 0 was read as
    empty and refused)."""
    t = _event(public_club)
    client.force_login(owner)
    url = tournament_url(t, "team_action")
    before = _state(t)
    for field, value in [
        ("match_win", "NaN"),
        ("match_win", "sNaN"),
        ("match_win", "Infinity"),
        ("match_win", "1e400"),
        ("match_draw", "0.3"),
        ("match_loss", "-1"),
        ("match_loss", "zero"),
        ("boards", "100000000000000000000000"),
        ("boards", "0"),
        ("boards", "x"),
        ("colour_rule", "XX"),
        ("primary", "ZZ"),
        ("tiebreaks", "BH:XX"),
        ("tiebreak_rules", "1999"),
    ]:
        response = client.post(url, {"action": "settings", field: value})
        assert response.status_code == 400, (field, value)
    assert _state(t) == before
    assert client.post(url, {"action": "settings", "match_win": "3"}).status_code == 302
    settings = services.settings_of(t)
    assert (settings.match_win, settings.match_draw, settings.match_loss) == (3, 1, 0)
    services.pair_round_robin(t)
    assert client.post(url, {"action": "settings", "boards": "6"}).status_code == 400


def test_r3_results_form_after_a_lineup_change_is_a_conflict(client, public_club, owner):
    """Spec R3: a results form shown before the away line-up changed names games that no
    longer exist (the boards were rebuilt); posting it answers 409 and saves nothing (it
    answered "Results saved." and saved nothing)."""
    t = _event(public_club)
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    client.force_login(owner)
    url = tournament_url(t, "team_match", match.pk)
    old = list(match.boards.select_related("game").order_by("board"))
    form = {"action": "results"}
    for board in old:
        form[f"result-{board.game_id}"] = "1-0"
        form[f"version-{board.game_id}"] = board.game.version
    away = _roster(match.away)
    services.set_lineup(match.round, match.away, [away[0], away[1], away[2], away[4]])
    before = _state(t)
    response = client.post(url, form)
    assert response.status_code == 409
    assert _state(t) == before
    assert set(Game.objects.filter(match_board__match=match).values_list("result", flat=True)) == {
        ""
    }


def test_issue8_concurrent_adds_are_a_clear_400_not_a_500(client, public_club, owner):
    """Two requests adding a team (or a player) at once compute the same next number: the
    second insert breaks a unique constraint. Simulated by inserting the other request's row
    just before ours (pre_save; inside our savepoint, so it is rolled back with ours): 400
    with a message, nothing of ours stored, no 500."""
    from django.db.models.signals import pre_save

    from chessclub_web.tournaments.models import TournamentPlayer

    t = _event(public_club)
    client.force_login(owner)
    inserted = []

    def other_team_first(sender, instance, **kwargs):
        if not inserted and instance.pk is None:
            inserted.append(instance)
            Team.objects.create(tournament=t, number=instance.number, name="B")

    pre_save.connect(other_team_first, sender=Team)
    try:
        response = client.post(
            tournament_url(t, "team_action"), {"action": "add_team", "name": "A"}
        )
    finally:
        pre_save.disconnect(other_team_first, sender=Team)
    assert response.status_code == 400
    assert not Team.objects.filter(tournament=t, name="A").exists()
    inserted.clear()

    def other_player_first(sender, instance, **kwargs):
        if not inserted and instance.pk is None:
            inserted.append(instance)
            TournamentPlayer.objects.create(
                tournament=t, pairing_number=instance.pairing_number, name="Other"
            )

    count = TeamMember.objects.filter(team__tournament=t).count()
    pre_save.connect(other_player_first, sender=TournamentPlayer)
    try:
        response = client.post(
            tournament_url(t, "team_detail", 1), {"name": "Mine", "rating": "1500"}
        )
    finally:
        pre_save.disconnect(other_player_first, sender=TournamentPlayer)
    assert response.status_code == 400
    assert TeamMember.objects.filter(team__tournament=t).count() == count
    assert not TournamentPlayer.objects.filter(tournament=t, name="Mine").exists()


@pytest.mark.parametrize("path", ["save_board", "boards"])
def test_r1_results_pages_refuse_boards_of_a_forfeited_match(client, public_club, owner, path):
    """A match forfeited as a whole sets its boards' results (TRF-2026 record 330); the
    results app's autosave and button must not change them behind the forfeit (the player's
    individual record would then disagree with the team score): 409, nothing changed."""
    t = _event(public_club)
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    client.force_login(owner)
    assert client.post(
        tournament_url(t, "team_match", match.pk), {"action": "forfeit", "forfeit": "+-"}
    )
    match.refresh_from_db()
    assert match.forfeit == "+-"
    game = match.boards.select_related("game").order_by("board")[0].game
    before = _state(t)
    url = tournament_url(t, path, match.round.number)
    if path == "save_board":
        data = {"game": game.pk, "version": game.version, "result": "0-1"}
    else:
        data = {f"result-{game.pk}": "0-1", f"version-{game.pk}": game.version}
    response = client.post(url, data)
    assert response.status_code == 409, response.status_code
    assert _state(t) == before


def test_r5_whole_match_forfeit_is_in_the_history(client, public_club, owner):
    """Forfeiting a whole match changes its 4 boards' results (home wins: +/-, -/+, +/-, -/+
    with home White on boards 1 and 3); undoing it empties them again: 8 history rows, each
    with the user, the old and the new result (spec R5)."""
    from ..audit.lines import result_lines

    t = _event(public_club)
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    client.force_login(owner)
    url = tournament_url(t, "team_match", match.pk)
    assert client.post(url, {"action": "forfeit", "forfeit": "+-"}).status_code == 302
    rows = list(result_lines(tournament=t).order_by("board"))
    assert [(r.board, r.old_result, r.new_result, r.username) for r in rows] == [
        (1, "", "+-", "owner"),
        (2, "", "-+", "owner"),
        (3, "", "+-", "owner"),
        (4, "", "-+", "owner"),
    ]
    match.refresh_from_db()
    data = {"action": "forfeit", "forfeit": "", "version": match.version}
    assert client.post(url, data).status_code == 302
    assert result_lines(tournament=t, new__result="").count() == 4
