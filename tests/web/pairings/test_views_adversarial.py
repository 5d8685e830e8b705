"""Adversarial tests of issue 4 (entries and pairing workflow): tampered posts, stale forms,
concurrent clicks, impossible pairings, permissions. Each test names the rule or issue item it
guards."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.pairings import services
from chessclub_web.pairings.models import Absence, ForbiddenPair, RequestedBye
from chessclub_web.tournaments.models import Bye, Game, Round, RoundState

from ..audit.lines import other_lines
from ..builders import entries_url, round_url
from .test_views_workflow import field, make_tournament, pair, pairs_of, set_results

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def snapshot(t):
    """Everything the pairing pages may change, to assert that a refusal changed nothing."""
    return (
        list(
            t.players.order_by("pk").values_list(
                "pk", "pairing_number", "name", "rating", "entry_round", "withdrawn_from_round"
            )
        ),
        list(Round.objects.filter(tournament=t).order_by("number").values_list("number", "state")),
        list(
            Game.objects.filter(round__tournament=t)
            .order_by("pk")
            .values_list("round__number", "board", "white_id", "black_id", "result")
        ),
        list(
            Bye.objects.filter(round__tournament=t)
            .order_by("pk")
            .values_list("round__number", "player_id", "kind")
        ),
        list(
            RequestedBye.objects.filter(player__tournament=t).values_list(
                "player_id", "round_number", "kind"
            )
        ),
        list(Absence.objects.filter(player__tournament=t).values_list("player_id", "round_number")),
        list(ForbiddenPair.objects.filter(tournament=t).values_list("first_id", "second_id")),
    )


def publish(client, t, n):
    return client.post(round_url(t, n), {"action": "publish"})


# -- bad input ------------------------------------------------------------------------------------


def test_bad_input_tampered_value_is_not_echoed_as_html(owner_client, public_club, owner):
    """common rules (bad input: clear message, 4xx) — a tampered player id is named in the 400
    answer ("Select a valid choice. <value>…") but escaped: the posted text never becomes
    markup of the page (it was echoed raw: reflected HTML)."""
    t = make_tournament(public_club, owner, field(2))
    before = snapshot(t)
    response = owner_client.post(
        entries_url(t),
        {"action": "bye", "player": "<b>x</b>", "round_number": 1, "kind": "H"},
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert "<b>x</b>" not in body and "&lt;b&gt;x&lt;/b&gt;" in body
    rnd_response = owner_client.post(
        reverse("pairing_round", args=(public_club.number, t.pk, 1)),
        {"action": "swap", "first": "<i>1</i>", "second": "2"},
    )
    assert rnd_response.status_code == 404  # no round 1 yet
    assert snapshot(t) == before


@pytest.mark.parametrize("rating", ["abc", "-5", "9999", "12.5"])
def test_entries_rating_text_negative_or_9999_is_400(owner_client, public_club, owner, rating):
    """Issue 4 entries: a rating is a whole number 0…4000; anything else answers 400 naming
    the field, and no player is stored."""
    t = make_tournament(public_club, owner, field(2))
    before = snapshot(t)
    response = owner_client.post(
        entries_url(t), {"action": "add_player", "name": "X", "rating": rating, "entry_round": 1}
    )
    assert response.status_code == 400 and "rating" in response.content.decode()
    assert snapshot(t) == before


# -- entries --------------------------------------------------------------------------------------


def test_withdrawal_then_reentry_after_the_withdrawal_took_effect(owner_client, public_club, owner):
    """Issue 4 entries (withdrawal from round N, real-life return): player 5 withdraws from
    round 2; rounds 1 and 2 are paired and played (round 2 stores him absent, ``-``). He comes
    back: cancelling the withdrawal is now a re-entry from round 3 (it was refused because
    round 2 is paired) — round 2 keeps its stored absence, and round 3 pairs him again (on a
    board, or with the pairing-allocated bye of the odd field)."""
    t = make_tournament(public_club, owner, field(5))
    p5 = t.players.get(pairing_number=5)
    response = owner_client.post(
        entries_url(t), {"action": "withdraw", "player": p5.pk, "round_number": 2}
    )
    assert response.status_code == 302
    for n in (1, 2):
        assert pair(owner_client, t).status_code == 302
        assert publish(owner_client, t, n).status_code == 302
        set_results(t, n)
    assert pairs_of(t, 2)[1] == {5: "-"}
    response = owner_client.post(entries_url(t), {"action": "cancel_withdrawal", "player": p5.pk})
    assert response.status_code == 302
    p5.refresh_from_db()
    assert p5.withdrawn_from_round is None
    assert pairs_of(t, 2)[1] == {5: "-"}  # the past is kept
    assert other_lines(tournament=t, description__contains="re-enters").exists()
    assert pair(owner_client, t).status_code == 302
    games, byes = pairs_of(t, 3)
    assert 5 in {n for g in games for n in g} or byes == {5: "U"}
    assert "-" not in byes.values()


def test_cancel_withdrawal_of_a_player_who_never_withdrew_is_refused(
    owner_client, public_club, owner
):
    """Issue 4 entries: cancelling a withdrawal that does not exist is a 409 (it wrote a false
    "withdrawal cancelled" line in the history)."""
    t = make_tournament(public_club, owner, field(2))
    p = t.players.get(pairing_number=1)
    count = other_lines(tournament=t).count()
    response = owner_client.post(entries_url(t), {"action": "cancel_withdrawal", "player": p.pk})
    assert response.status_code == 409
    assert other_lines(tournament=t).count() == count


def test_round_robin_has_no_reentry_once_the_withdrawal_is_paired(owner_client, public_club, owner):
    """Issue 4 entries (round robin): the Berger table keeps a withdrawn player's boards as
    forfeits; a re-entry after that is refused (409), nothing changes."""
    t = make_tournament(public_club, owner, field(4), system="round_robin", planned_rounds=0)
    p4 = t.players.get(pairing_number=4)
    owner_client.post(entries_url(t), {"action": "withdraw", "player": p4.pk, "round_number": 1})
    assert pair(owner_client, t).status_code == 302
    response = owner_client.post(entries_url(t), {"action": "cancel_withdrawal", "player": p4.pk})
    assert response.status_code == 409
    p4.refresh_from_db()
    assert p4.withdrawn_from_round == 1


def test_entries_foreign_ids_in_every_post_are_400(owner_client, public_club, owner):
    """Issue 4 (tampered ids): a player, bye or forbidden pair of another tournament named in a
    post of this one answers 400 and changes nothing in either tournament; a forbidden pair of
    a player with themself is refused."""
    t = make_tournament(public_club, owner, field(4), max_requested_byes=1)
    other = make_tournament(public_club, owner, field(2), name="O")
    p, foreign = t.players.get(pairing_number=1), other.players.get(pairing_number=1)
    services.request_bye(foreign, 2, "H", owner)
    services.add_forbidden_pair(*other.players.all(), "", owner)
    before, before_other = snapshot(t), snapshot(other)
    posts = [
        {"action": "bye", "player": foreign.pk, "round_number": 3, "kind": "H"},
        {"action": "cancel_bye", "bye": RequestedBye.objects.get(player=foreign).pk},
        {"action": "absence", "player": foreign.pk, "round_number": 2},
        {"action": "withdraw", "player": foreign.pk, "round_number": 2},
        {"action": "cancel_withdrawal", "player": foreign.pk},
        {"action": "remove_player", "player": foreign.pk},
        {"action": "forbid", "first": p.pk, "second": foreign.pk},
        {"action": "allow", "pair": ForbiddenPair.objects.get(tournament=other).pk},
    ]
    for post in posts:
        assert owner_client.post(entries_url(t), post).status_code == 400, post
    self_pair = owner_client.post(
        entries_url(t), {"action": "forbid", "first": p.pk, "second": p.pk}
    )
    assert self_pair.status_code == 409
    assert snapshot(t) == before and snapshot(other) == before_other


# -- pairing workflow -----------------------------------------------------------------------------


def test_c04_1_pab_never_goes_to_a_withdrawn_player(owner_client, public_club, owner):
    """FIDE C.04.1 c (the pairing-allocated bye is a win for a player present): player 5
    withdraws from round 1, so he is stored absent. Moving the bye to him (give_bye) is
    refused with 409 and the draft is unchanged — it was accepted, giving a withdrawn player
    a point."""
    t = make_tournament(public_club, owner, field(5))
    p5 = t.players.get(pairing_number=5)
    owner_client.post(entries_url(t), {"action": "withdraw", "player": p5.pk, "round_number": 1})
    assert pair(owner_client, t).status_code == 302
    assert pairs_of(t, 1)[1] == {5: "-"}
    before = snapshot(t)
    response = owner_client.post(round_url(t, 1), {"action": "give_bye", "player": p5.pk})
    assert response.status_code == 409 and "withdrew" in response.content.decode()
    assert snapshot(t) == before


def test_c04_1_pab_never_goes_to_an_announced_absent_player(owner_client, public_club, owner):
    """FIDE C.04.1 c: player 4 is announced absent in round 1, so the three others are paired
    (one board and the pairing-allocated bye). Giving the bye by hand to the absent player 4
    is refused (409), nothing changes — it was accepted, a point for someone not there."""
    t = make_tournament(public_club, owner, field(4))
    p4 = t.players.get(pairing_number=4)
    owner_client.post(entries_url(t), {"action": "absence", "player": p4.pk, "round_number": 1})
    assert pair(owner_client, t).status_code == 302
    before = snapshot(t)
    response = owner_client.post(round_url(t, 1), {"action": "give_bye", "player": p4.pk})
    assert response.status_code == 409 and "absent" in response.content.decode()
    assert snapshot(t) == before


def test_add_board_refuses_a_withdrawn_player_or_a_late_entrant(owner_client, public_club, owner):
    """Issue 4 (add a board): only a player in the tournament this round may be put on a
    board. Player 5 withdrew from round 1 and Late plays from round 2: both refused (409) —
    they were paired."""
    t = make_tournament(public_club, owner, [*field(5), ("Late", 1000, 2)])
    p5 = t.players.get(pairing_number=5)
    late = t.players.get(name="Late")
    owner_client.post(entries_url(t), {"action": "withdraw", "player": p5.pk, "round_number": 1})
    assert pair(owner_client, t).status_code == 302
    game = Game.objects.filter(round__tournament=t).order_by("board").first()
    assert (
        owner_client.post(round_url(t, 1), {"action": "remove_board", "game": game.pk}).status_code
        == 302
    )
    before = snapshot(t)
    for other in (p5, late):
        response = owner_client.post(
            round_url(t, 1), {"action": "add_board", "white": game.white_id, "black": other.pk}
        )
        assert response.status_code == 409
    assert snapshot(t) == before
    # the two players of the removed board can be paired again
    response = owner_client.post(
        round_url(t, 1), {"action": "add_board", "white": game.white_id, "black": game.black_id}
    )
    assert response.status_code == 302


def test_stale_forms_after_repair_answer_409_not_500(owner_client, public_club, owner):
    """Issue 4 (stale forms after re-pair): a page opened before *pair again* posts a board
    that no longer exists: 400/409, nothing changed. The service called with the stale round
    (a second click) answers Refused (it raised ValueError: a 500)."""
    t = make_tournament(public_club, owner, field(6))
    pair(owner_client, t)
    stale_round = Round.objects.get(tournament=t, number=1)
    stale_game = Game.objects.filter(round=stale_round).first()
    assert owner_client.post(round_url(t, 1), {"action": "repair"}).status_code == 302
    before = snapshot(t)
    for action in ("colours", "remove_board"):
        response = owner_client.post(round_url(t, 1), {"action": action, "game": stale_game.pk})
        assert response.status_code in (400, 409)
    with pytest.raises(services.Refused):
        services.repair_round(stale_round, owner)
    with pytest.raises(services.Refused):
        services.exchange_colours(stale_game, owner)
    assert snapshot(t) == before


def test_concurrent_publish_then_stale_repair_keeps_the_published_round(
    owner_client, public_club, owner
):
    """Issue 4 (pair twice / double click): one arbiter publishes round 1 while another's
    *pair again* was already under way (it read the round as a draft). The repair is refused
    inside its transaction: the published round stays (it was turned back into a new draft)."""
    t = make_tournament(public_club, owner, field(6))
    pair(owner_client, t)
    seen_as_draft = Round.objects.get(tournament=t, number=1)
    services.publish_round(Round.objects.get(pk=seen_as_draft.pk), owner)
    before = snapshot(t)
    with pytest.raises(services.Refused):
        services.repair_round(seen_as_draft, owner)
    with pytest.raises(services.Refused):
        services.publish_round(seen_as_draft, owner)  # publish twice
    assert snapshot(t) == before
    assert Round.objects.get(tournament=t, number=1).state == RoundState.PUBLISHED


def test_unpair_checks_results_entered_meanwhile(owner_client, public_club, owner):
    """Spec (unpairing only while the round has no result): a result entered after the
    arbiter opened the round is seen by the unpair, which is refused — the result was
    deleted with the round."""
    t = make_tournament(public_club, owner, field(4))
    pair(owner_client, t)
    publish(owner_client, t, 1)
    seen_without_results = Round.objects.get(tournament=t, number=1)
    set_results(t, 1, "1-0")
    before = snapshot(t)
    with pytest.raises(services.Refused):
        services.unpair_round(seen_without_results, owner)
    assert snapshot(t) == before


def test_pair_twice_second_click_is_409(owner_client, public_club, owner):
    """Issue 4 (double click on *pair*): the second post finds round 1 a draft: 409, one
    round stored."""
    t = make_tournament(public_club, owner, field(4))
    assert pair(owner_client, t).status_code == 302
    assert pair(owner_client, t).status_code == 409
    assert Round.objects.filter(tournament=t).count() == 1


def test_swiss_with_more_rounds_than_possible_says_no_legal_pairing(
    owner_client, public_club, owner
):
    """FIDE C.04.3 C1 (no rematch): two players meet in round 1; round 2 has no legal pairing
    (their only possible game is a rematch and one bye is not enough for both): 409 "Cannot
    pair", nothing stored."""
    t = make_tournament(public_club, owner, field(2), planned_rounds=3)
    assert pair(owner_client, t).status_code == 302
    publish(owner_client, t, 1)
    set_results(t, 1)
    before = snapshot(t)
    response = pair(owner_client, t)
    assert response.status_code == 409 and "Cannot pair" in response.content.decode()
    assert snapshot(t) == before


def test_round_robin_odd_field_bye_scores_nothing(owner_client, public_club, owner):
    """fide.md §4.4 (Berger tables: "if n odd add a dummy n+1: whoever meets it has no game"):
    5 players, round 1 of the table for 6 is 1-6, 2-5, 3-4; player 1 meets the dummy and has
    the round off. His standing after round 1 is 0 points (it was 1: scored as a Swiss
    pairing-allocated bye); 2 and 3 win with White: 1 point each."""
    from chessclub_web.tournaments.adapters import load_tournament

    t = make_tournament(public_club, owner, field(5), system="round_robin", planned_rounds=0)
    assert pair(owner_client, t).status_code == 302
    games, byes = pairs_of(t, 1)
    assert sorted(games) == [(2, 5), (3, 4)] and byes == {1: "U"}
    publish(owner_client, t, 1)
    set_results(t, 1, "1-0")
    t.refresh_from_db()
    scores = load_tournament(t).scores()
    assert scores[1] == 0 and scores[2] == 1 and scores[3] == 1


# -- permissions ----------------------------------------------------------------------------------


def _pages(t):
    n = t.club.number
    return [
        entries_url(t),
        reverse("pair_next", args=(n, t.pk)),
        round_url(t, 1),
        reverse("check_pairings", args=(n, t.pk)),
    ]


POSTS = [
    {"action": "add_player", "name": "Intruder", "entry_round": 2},
    {"action": "publish"},
    {"action": "unpair"},
]


def test_permissions_every_page_and_post_for_outsiders(
    client, public_club, private_club, make_user, owner
):
    """Issue 4 / permissions: anonymous visitors are sent to log in, a user of no role gets
    403, an outsider of a private club 404 — for every page and post; nothing changes."""
    t = make_tournament(public_club, owner, field(4))
    services.pair_next_round(t, owner)
    p_owner = make_user("p_owner", private_club, Role.OWNER)
    hidden = make_tournament(private_club, p_owner, field(4))
    services.pair_next_round(hidden, p_owner)
    before, before_hidden = snapshot(t), snapshot(hidden)
    for url in _pages(t):
        assert client.get(url).status_code == 302
        for post in POSTS:
            response = client.post(url, post)
            assert response.status_code == 302 and "login" in response["Location"]
    client.force_login(make_user("nobody"))
    for url in _pages(t):
        assert client.get(url).status_code == 403
        for post in POSTS:
            assert client.post(url, post).status_code == 403
    for url in _pages(hidden):
        assert client.get(url).status_code == 404
        for post in POSTS:
            assert client.post(url, post).status_code == 404
    assert snapshot(t) == before and snapshot(hidden) == before_hidden


def test_permissions_arbiter_pairs_but_only_publish_right_publishes(
    client, public_club, make_user, owner
):
    """permissions.py: the arbiter manages entries and edits pairings; publishing follows
    PUBLISH_ROUND (asserted against the table, not pasted)."""
    from chessclub_web.clubs.permissions import Action, allowed

    arbiter = make_user("arb", public_club, Role.ARBITER)
    t = make_tournament(public_club, owner, field(4))
    client.force_login(arbiter)
    assert client.get(entries_url(t)).status_code == 200
    assert pair(client, t).status_code == 302
    response = client.post(round_url(t, 1), {"action": "publish"})
    published = Round.objects.get(tournament=t, number=1).state == RoundState.PUBLISHED
    if allowed(arbiter, public_club, Action.PUBLISH_ROUND):
        assert response.status_code == 302 and published
    else:
        assert response.status_code == 403 and not published


def test_csrf_and_wrong_methods_are_4xx_and_change_nothing(public_club, owner):
    """Common rules: a post without the CSRF token is 403; PUT/DELETE/PATCH are 4xx (405, or
    403 when CSRF answers first); never 500, nothing stored changes."""
    from django.test import Client

    t = make_tournament(public_club, owner, field(4))
    services.pair_next_round(t, owner)
    before = snapshot(t)
    c = Client(enforce_csrf_checks=True)
    c.force_login(owner)
    for url in _pages(t):
        for post in POSTS:
            assert c.post(url, post).status_code == 403
        for method in ("put", "delete", "patch"):
            assert getattr(c, method)(url).status_code in (403, 405)
    plain = Client()
    plain.force_login(owner)
    for url in _pages(t):
        for method in ("put", "delete", "patch", "options"):
            assert getattr(plain, method)(url).status_code == 405
    assert snapshot(t) == before


def test_c04_3_initial_colour_cannot_change_once_round_1_is_paired(
    owner_client, public_club, owner
):
    """FIDE C.04.3 art. 5.2.5 (the initial colour is determined before round 1 and used for
    the whole tournament): after round 1 is paired with White, the rules form posting Black is
    refused with 409 and the tournament keeps White (it was saved: later rounds would be paired
    with another initial colour than round 1). Other rules still save."""
    t = make_tournament(public_club, owner, field(4))
    pair(owner_client, t)
    rules = {
        "action": "rules",
        "planned_rounds": 5,
        "initial_colour": "B",
        "missed_round_points": "Z",
    }
    response = owner_client.post(entries_url(t), rules)
    assert response.status_code == 409
    t.refresh_from_db()
    assert t.initial_colour == "W"
    response = owner_client.post(
        entries_url(t), {**rules, "initial_colour": "W", "planned_rounds": 6}
    )
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.planned_rounds == 6


def test_requested_bye_twice_for_one_round_is_refused(owner_client, public_club, owner):
    """Issue 4 (requested byes): a second bye for the same round (H then Z) is 409, the first
    stays; a bye for a round already paired is 409."""
    t = make_tournament(public_club, owner, field(4))
    p = t.players.get(pairing_number=1)
    post = {"action": "bye", "player": p.pk, "round_number": 2, "kind": "H"}
    assert owner_client.post(entries_url(t), post).status_code == 302
    assert owner_client.post(entries_url(t), {**post, "kind": "Z"}).status_code == 409
    assert list(RequestedBye.objects.filter(player=p).values_list("round_number", "kind")) == [
        (2, "H")
    ]
    pair(owner_client, t)
    assert owner_client.post(entries_url(t), {**post, "round_number": 1}).status_code == 409


def test_pair_next_refused_while_a_draft_or_missing_results(owner_client, public_club, owner):
    """Issue 4 (pair round N+1): refused (409) while round N is a draft, then while it is
    published without results (a Swiss pairs from the results); one round stays stored."""
    t = make_tournament(public_club, owner, field(4))
    pair(owner_client, t)
    refused = pair(owner_client, t)
    assert refused.status_code == 409
    # The page is headed as the next round's pairing, not "round 2" above its refusal.
    heading = re.search(r"<h2>(.*?)</h2>", refused.content.decode()).group(1)
    assert "2" not in heading and heading.strip() == "Pair the next round"
    publish(owner_client, t, 1)
    response = pair(owner_client, t)
    assert response.status_code == 409 and "no result" in response.content.decode()
    assert Round.objects.filter(tournament=t).count() == 1


def test_swap_with_themself_or_an_unpaired_player_is_refused(owner_client, public_club, owner):
    """Issue 4 (hand edits): swapping a player with themself, or with a late entrant who has
    no board in this round, or adding a board for two players who already have one: 409,
    nothing changes."""
    t = make_tournament(public_club, owner, [*field(4), ("Late", 1000, 2)])
    pair(owner_client, t)
    late, p1 = t.players.get(name="Late"), t.players.get(pairing_number=1)
    game = Game.objects.filter(round__tournament=t).first()
    before = snapshot(t)
    for post in (
        {"action": "swap", "first": p1.pk, "second": late.pk},
        {"action": "swap", "first": p1.pk, "second": p1.pk},
        {"action": "add_board", "white": game.white_id, "black": game.black_id},
    ):
        assert owner_client.post(round_url(t, 1), post).status_code == 409, post
    assert snapshot(t) == before


def test_entries_same_fide_id_twice_refused_homonym_warned(owner_client, public_club, owner):
    """Issue 4 entries (duplicate names, double click): a second entry with the FIDE ID of a
    registered player is refused (409: one ID, one person); a second player of the same name
    without ID is registered (homonyms exist) with a warning naming the name."""
    t = make_tournament(public_club, owner, [])
    post = {"action": "add_player", "name": "Dupont, Jean", "fide_id": "1234567", "entry_round": 1}
    assert owner_client.post(entries_url(t), post).status_code == 302
    response = owner_client.post(entries_url(t), post)
    assert response.status_code == 409 and "1234567" in response.content.decode()
    assert t.players.count() == 1
    response = owner_client.post(
        entries_url(t), {**post, "fide_id": "", "name": "dupont, jean"}, follow=True
    )
    assert response.status_code == 200
    assert "Another player is already registered as dupont, jean" in response.content.decode()
    assert t.players.count() == 2


def test_late_entrant_registered_by_mistake_can_be_removed(owner_client, public_club, owner):
    """Issue 4 (late entries): a player registered from round 3 once rounds 1–2 are paired got
    a missed-round bye (Z) in each; he has played nothing, so *remove* deletes him and those
    byes (it was refused: "in a paired round"). A player with a game is still refused."""
    t = make_tournament(public_club, owner, field(4))
    for n in (1, 2):
        pair(owner_client, t)
        publish(owner_client, t, n)
        set_results(t, n)
    before = snapshot(t)
    services.add_player(t, services.NewEntry(name="Mistake", rating=1000, entry_round=3), owner)
    late = t.players.get(name="Mistake")
    assert Bye.objects.filter(player=late).count() == 2
    response = owner_client.post(entries_url(t), {"action": "remove_player", "player": late.pk})
    assert response.status_code == 302
    assert snapshot(t) == before
    p1 = t.players.get(pairing_number=1)
    response = owner_client.post(entries_url(t), {"action": "remove_player", "player": p1.pk})
    assert response.status_code == 409


def test_checker_uses_the_forbidden_pairs_the_rounds_were_paired_with(
    owner_client, public_club, owner
):
    """Issue 4 deliverable 3 (checker on the web) with record 260: 4 players, 1 and 3 must
    not meet. By C.04.3 round 1 would be S1 = {1, 2} against S2 = {3, 4}: 1-3, 2-4; with the
    forbidden pair the engine pairs otherwise. Checking the tournament then reports no
    difference — it re-paired without the forbidden pair and reported round 1."""
    t = make_tournament(public_club, owner, field(4))
    p1, p3 = t.players.get(pairing_number=1), t.players.get(pairing_number=3)
    services.add_forbidden_pair(p1, p3, "family", owner)
    pair(owner_client, t)
    games, _byes = pairs_of(t, 1)
    assert {1, 3} not in [set(g) for g in games]
    publish(owner_client, t, 1)
    set_results(t, 1, "=")
    response = owner_client.post(reverse("check_pairings", args=(public_club.number, t.pk)))
    assert response.status_code == 200
    assert "Every round is paired as the FIDE Dutch system pairs it." in response.content.decode()


def test_round_robin_hand_edit_keeps_the_forfeit_on_the_withdrawn_player(
    owner_client, public_club, owner
):
    """Issue 4 (round robins: a withdrawn player keeps his board, the game is lost by forfeit)
    with a hand edit: player 4 withdrew from round 1; the table's round 1 for 4 is 1-4, 2-3,
    so board 1-4 is stored ``+-`` (White wins by forfeit). Exchanging its colours makes it 4-1:
    the forfeit must follow, ``-+`` — the old ``+-`` stayed and the withdrawn player won.
    Swapping 4 with 2 then gives 1-2 (no forfeit) and 4-3 (``-+``)."""
    t = make_tournament(public_club, owner, field(4), system="round_robin", planned_rounds=0)
    p4 = t.players.get(pairing_number=4)
    owner_client.post(entries_url(t), {"action": "withdraw", "player": p4.pk, "round_number": 1})
    pair(owner_client, t)

    def boards():
        return sorted(
            (g.white.pairing_number, g.black.pairing_number, g.result)
            for g in Game.objects.filter(round__tournament=t).select_related("white", "black")
        )

    assert boards() == [(1, 4, "+-"), (2, 3, "")]
    game = Game.objects.get(round__tournament=t, white__pairing_number=1)
    assert (
        owner_client.post(round_url(t, 1), {"action": "colours", "game": game.pk}).status_code
        == 302
    )
    assert boards() == [(2, 3, ""), (4, 1, "-+")]
    p2 = t.players.get(pairing_number=2)
    response = owner_client.post(
        round_url(t, 1), {"action": "swap", "first": p4.pk, "second": p2.pk}
    )
    assert response.status_code == 302
    assert boards() == [(2, 1, ""), (4, 3, "-+")]


def test_double_click_bye_absence_forbidden_pair_is_409_not_500(
    owner_client, public_club, owner, monkeypatch
):
    """Issue 4 (double click): two identical posts checked at the same moment both pass the
    "already recorded?" check, and the second insert meets the unique constraint. Simulated
    by recording each row once, then posting it again with the checks blinded (``exists()``
    answers False, as it did for the second click): 409 with the usual message (it was an
    IntegrityError: 500), one row stays."""
    from django.db.models import QuerySet

    t = make_tournament(public_club, owner, field(4), max_requested_byes=None)
    p1, p2 = t.players.get(pairing_number=1), t.players.get(pairing_number=2)
    posts = [
        ({"action": "bye", "player": p1.pk, "round_number": 2, "kind": "H"}, RequestedBye),
        ({"action": "absence", "player": p2.pk, "round_number": 3}, Absence),
        ({"action": "forbid", "first": p1.pk, "second": p2.pk}, ForbiddenPair),
    ]
    for post, model in posts:
        assert owner_client.post(entries_url(t), post).status_code == 302
        with monkeypatch.context() as m:
            m.setattr(QuerySet, "exists", lambda self: False)
            response = owner_client.post(entries_url(t), post)
        assert response.status_code == 409, post
        assert "already" in response.content.decode()
        assert model.objects.count() == 1


def test_rules_planned_rounds_below_the_paired_rounds_refused_for_round_robins(
    owner_client, public_club, owner
):
    """Issue 4 (pairing rules): a round robin of 4 has a Berger table of 3 rounds (n − 1);
    with round 1 paired, planned rounds of 0 (fewer than paired) are refused 409 as for a
    Swiss — they were saved, leaving a paired round outside the tournament."""
    t = make_tournament(public_club, owner, field(4), system="round_robin", planned_rounds=0)
    pair(owner_client, t)
    t.refresh_from_db()
    assert t.planned_rounds == 3
    rules = {
        "action": "rules",
        "planned_rounds": 0,
        "initial_colour": "W",
        "missed_round_points": "Z",
    }
    assert owner_client.post(entries_url(t), rules).status_code == 409
    t.refresh_from_db()
    assert t.planned_rounds == 3
