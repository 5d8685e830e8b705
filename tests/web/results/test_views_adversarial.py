"""Results entry under attack (issue 5 review): odd ids and versions, codes that are labels,
double submits, a tournament closed under the user's feet, every role on every endpoint, draft
rounds behind direct URLs, the accounts pages (spec R1–R5, C3 and the bad-input rule: a 4xx
naming what and where, never a 500, nothing stored changed, the history untouched).

Expected values come from the spec's rules applied by hand to :func:`make_swiss`'s tournament
(round 2: board 1 is Alpha–Charlie, board 2 Delta–Bravo, both without result, version 1).
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from chessclub_web.clubs.models import Club, Role
from chessclub_web.clubs.permissions import find_club, plausible_club_number
from chessclub_web.results.models import Via
from chessclub_web.results.services import Change, ResultsError, save_results
from chessclub_web.tournaments.models import Game, Round, RoundState, Tournament

from ..audit.lines import result_lines
from ..builders import board, boards_url, button_data, make_swiss, mark_closed, save_url

pytestmark = pytest.mark.django_db

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def _state():
    """Every board's (id, result, version) and the history's size: what must not move."""
    games = list(Game.objects.order_by("pk").values_list("pk", "result", "version"))
    return games, result_lines().count()


# --- bad input: ids, versions, codes --------------------------------------------------------


def test_bad_input_huge_tournament_id_in_autosave_url_is_404(client, arbiter, swiss):
    """A tournament id beyond any 64-bit id was an OverflowError on SQLite (500)."""
    before = _state()
    url = f"/clubs/700/tournaments/{'9' * 23}/rounds/2/boards/save/"
    response = client.post(url, {"game": board(swiss, 2, 1).pk, "result": "1-0", "version": 1})
    assert response.status_code == 404
    assert _state() == before


@pytest.mark.parametrize("game", ["9" * 23, "9" * 5000, "-5", "abc", "½", "١"])
def test_r2_bad_input_odd_game_id_in_autosave_is_400(client, arbiter, swiss, game):
    """23 nines were an OverflowError on SQLite (500); other shapes name no board."""
    before = _state()
    response = client.post(save_url(swiss), {"game": game, "result": "1-0", "version": 1}, **FR)
    assert response.status_code == 400 and response.json()["state"] == "refused"
    assert _state() == before


@pytest.mark.parametrize("version", ["١", "1_0", "+1", "1 1", "9" * 30, "9" * 5000, "2147483648"])
def test_r3_bad_input_version_not_a_plain_number_in_range_is_400(client, arbiter, swiss, version):
    """A version is ASCII digits from 1 to 2³¹ − 1 (the column's range): ``١`` (an Arabic
    digit one) was taken as 1 and saved, ``1_0`` as 10; 30 nines answered a conflict as if
    the board had such a version."""
    before = _state()
    game = board(swiss, 2, 1)
    response = client.post(save_url(swiss), {"game": game.pk, "result": "1-0", "version": version})
    assert response.status_code == 400
    data = button_data(swiss, 2, {1: "1-0"})
    data[f"version-{game.pk}"] = version
    assert client.post(boards_url(swiss), data).status_code == 400
    assert _state() == before


def test_r3_bad_input_missing_version_says_it_is_missing(client, arbiter, swiss):
    """The message said « la version « None » n’est pas valable »."""
    game = board(swiss, 2, 1)
    response = client.post(save_url(swiss), {"game": game.pk, "result": "1-0"}, **FR)
    assert response.status_code == 400
    message = response.json()["message"]
    assert "None" not in message and "Échiquier 1" in message and "manque" in message
    data = button_data(swiss, 2, {1: "1-0"})
    del data[f"version-{game.pk}"]
    response = client.post(boards_url(swiss), data, **FR)
    assert response.status_code == 400 and "manque" in unescape(response.content.decode())
    assert board(swiss, 2, 1).result == ""


@pytest.mark.parametrize("code", ["½-½", " 1-0", "1-0 ", "1-0\x00", "1–0", "+/-", "–"])
def test_r1_bad_input_label_or_padded_code_refused_naming_the_real_codes(
    client, arbiter, swiss, code
):
    """The codes sent are ``1-0 = 0-1 +- -+ --`` and empty; the labels (``½-½``, ``+/-``,
    ``–``) are not codes. The message used to tell the user to "use one of … ½-½ …", which it
    then refused: it now lists each code with its label."""
    before = _state()
    response = client.post(
        save_url(swiss), {"game": board(swiss, 2, 1).pk, "result": code, "version": 1}, **FR
    )
    assert response.status_code == 400
    message = response.json()["message"]
    assert "Échiquier 1" in message
    assert "“=” (½-½)" in message and "+- (+/-)" in message and "“” (–)" in message
    assert _state() == before


def test_bad_input_control_character_in_club_number_is_404_without_query(
    client, swiss, django_assert_num_queries
):
    """A NUL byte in the club number reached PostgreSQL, which refuses it in any text
    parameter (DataError: 500, on every club and tournament page)."""
    assert not plausible_club_number("70\x000") and not plausible_club_number("x" * 17)
    assert plausible_club_number("700") and plausible_club_number("½")
    with django_assert_num_queries(0):
        assert find_club("70\x000") is None
    for url in (
        f"/clubs/70%000/tournaments/{swiss.pk}/calendar/",
        f"/clubs/70%000/tournaments/{swiss.pk}/rounds/2/boards/",
        f"/clubs/70%000/tournaments/{swiss.pk}/history/",
        "/clubs/70%000/",
    ):
        assert client.get(url).status_code == 404, url
    response = client.post(
        f"/clubs/70%000/tournaments/{swiss.pk}/rounds/2/boards/save/",
        {"game": board(swiss, 2, 1).pk, "result": "1-0", "version": 1},
    )
    assert response.status_code == 404


def test_r2_bad_input_error_page_keeps_the_users_choices(client, arbiter, swiss):
    """One bad code on board 1 refuses the whole button (400, nothing saved); board 2's
    choice (0-1) stays selected on the page, so that the user corrects board 1 only."""
    data = button_data(swiss, 2, {1: "2-0", 2: "0-1"})
    response = client.post(boards_url(swiss), data, **FR)
    assert response.status_code == 400
    html = response.content.decode()
    row2 = html[html.index('id="board-2"') : html.index("</tbody>")]
    assert '<option value="0-1" selected>' in row2
    assert (board(swiss, 2, 1).result, board(swiss, 2, 2).result) == ("", "")
    assert not result_lines().exists()


# --- R3: double submit, Back, mixed stale and fresh boards ----------------------------------


def test_r3_double_submit_of_the_button_is_not_a_conflict(client, arbiter, swiss):
    """The same form posted twice (double click, or *Back* then the button again): the
    second post carries version 1 while board 1 holds version 2, but only this user changed
    it and to the same result: nothing is written again, no "changed by someone else", one
    history row."""
    data = button_data(swiss, 2, {1: "1-0"})
    assert client.post(boards_url(swiss), data).status_code == 302
    response = client.post(boards_url(swiss), data, **FR)
    assert response.status_code == 302
    game = board(swiss, 2, 1)
    assert (game.result, game.version) == ("1-0", 2)
    assert result_lines().count() == 1


def test_r3_double_autosave_by_the_same_user_answers_saved(client, arbiter, swiss):
    game = board(swiss, 2, 1)
    post = {"game": game.pk, "result": "=", "version": 1}
    assert client.post(save_url(swiss), post).status_code == 200
    response = client.post(save_url(swiss), post, **FR)
    assert response.status_code == 200
    assert response.json()["state"] == "saved" and response.json()["version"] == 2
    assert result_lines().count() == 1


def test_r3_same_result_entered_by_someone_else_is_still_a_conflict(
    client, arbiter, swiss, public_club, make_user
):
    """R3 as written: someone else changed the board since the page was loaded → the stored
    result and *Modifié par quelqu'un d'autre*, even when they chose the same result."""
    other = Client()
    other.force_login(make_user("autre", public_club, Role.ARBITER))
    game = board(swiss, 2, 1)
    first = other.post(save_url(swiss), {"game": game.pk, "result": "1-0", "version": 1})
    assert first.status_code == 200
    response = client.post(save_url(swiss), {"game": game.pk, "result": "1-0", "version": 1}, **FR)
    assert response.status_code == 409 and response.json()["state"] == "conflict"
    assert result_lines().count() == 1


def test_r3_resubmission_after_someone_else_changed_the_board_is_a_conflict(
    client, arbiter, swiss, public_club, make_user
):
    """This user saved 1-0 (v1→2), someone else then ½-½ (v2→3) and back to 1-0 (v3→4): the
    user's page (version 1) posted again is stale: not all steps since are the user's."""
    data = button_data(swiss, 2, {1: "1-0"})
    assert client.post(boards_url(swiss), data).status_code == 302
    other = Client()
    other.force_login(make_user("autre", public_club, Role.ARBITER))
    game = board(swiss, 2, 1)
    other.post(save_url(swiss), {"game": game.pk, "result": "=", "version": 2})
    other.post(save_url(swiss), {"game": game.pk, "result": "1-0", "version": 3})
    before = _state()
    response = client.post(boards_url(swiss), data, **FR)
    assert response.status_code == 409
    assert _state() == before


def test_r3_button_mixed_stale_and_fresh_saves_nothing_and_shows_both(
    client, arbiter, swiss, public_club, make_user
):
    """Board 1 fresh (the user chose 1-0), board 2 stale (someone else entered -/+ while the
    user chose 0-1): nothing saved; board 2 shows « enregistré -/+ » beside « votre choix
    0-1 »; board 1 keeps the user's 1-0 selected."""
    data = button_data(swiss, 2, {1: "1-0", 2: "0-1"})
    other = Client()
    other.force_login(make_user("autre", public_club, Role.ARBITER))
    other.post(save_url(swiss), {"game": board(swiss, 2, 2).pk, "result": "-+", "version": 1})
    before = _state()
    response = client.post(boards_url(swiss), data, **FR)
    assert response.status_code == 409
    assert _state() == before
    html = unescape(response.content.decode())
    row1 = html[html.index('id="board-1"') : html.index('id="board-2"')]
    row2 = html[html.index('id="board-2"') : html.index("</tbody>")]
    assert '<option value="1-0" selected>' in row1 and "quelqu'un d'autre" not in row1
    assert "enregistré -/+" in row2 and "votre choix 0-1" in row2


# --- R4 and C3: closed tournaments, Swiss rounds followed by a paired round ----------------


@pytest.mark.parametrize(
    "system,button_only",
    [
        ("swiss", True),
        ("team_swiss", True),
        ("round_robin", False),
        ("double_round_robin", False),
        ("team_round_robin", False),
        ("other", False),
    ],
)
def test_r4_only_swiss_rounds_followed_by_a_paired_round_refuse_autosave(
    public_club, make_user, system, button_only
):
    """R4 (a) names a Swiss round (individual or team) followed by a round already paired;
    round robins keep the automatic save."""
    tournament = make_swiss(public_club, system=system)
    Round.objects.create(tournament=tournament, number=3, state=RoundState.DRAFT)
    user = make_user("arb", public_club, Role.ARBITER)
    game = board(tournament, 2, 1)
    change = [Change(game.pk, "1-0", 1)]
    if button_only:
        with pytest.raises(ResultsError) as refused:
            save_results(tournament, game.round, change, user, via=Via.AUTOSAVE)
        assert refused.value.status == 409
        assert board(tournament, 2, 1).result == ""
    else:
        assert save_results(tournament, game.round, change, user, via=Via.AUTOSAVE).ok
        assert board(tournament, 2, 1).result == "1-0"


def test_r4_swiss_first_round_refused_when_round_three_is_paired(client, arbiter, swiss):
    """Every earlier round is a late correction once a later round is paired (round 1 too)."""
    Round.objects.create(tournament=swiss, number=3, state=RoundState.DRAFT)
    game = board(swiss, 1, 1)
    response = client.post(save_url(swiss, 1), {"game": game.pk, "result": "0-1", "version": 1})
    assert response.status_code == 409 and response.json()["state"] == "refused"
    assert board(swiss, 1, 1).result == "1-0"


@pytest.fixture
def closed(public_club, make_user):
    owner = make_user("proprio", public_club, Role.OWNER)
    tournament = make_swiss(public_club)
    Game.objects.filter(round__tournament=tournament, round__number=2).update(result="1-0")
    mark_closed(tournament, owner)
    return tournament, owner


def test_c3_no_path_returns_a_closed_board_to_no_result(client, closed):
    """Every way the results app writes: the automatic save (refused: R4 b), the button with
    ``–`` (400), the button with a tampered "initial" value, the service called directly with
    either channel (the teams pages use it): the board keeps 1-0, no history row."""
    tournament, owner = closed
    client.force_login(owner)
    game = board(tournament, 2, 1)
    before = _state()
    response = client.post(save_url(tournament), {"game": game.pk, "result": "", "version": 1})
    assert response.status_code == 409
    data = button_data(tournament, 2, {1: ""})
    assert client.post(boards_url(tournament), data).status_code == 400
    data[f"initial-{game.pk}"] = "0-1"  # tampered: the board "was" 0-1 → it looks changed
    assert client.post(boards_url(tournament), data).status_code == 400
    for via in (Via.BUTTON, Via.AUTOSAVE):
        with pytest.raises(ResultsError):
            save_results(tournament, game.round, [Change(game.pk, "", 1)], owner, via=via)
    assert _state() == before


def test_c3_tournament_closed_after_the_arbiters_check_refuses_the_save(
    closed, public_club, make_user
):
    """An arbiter may enter results (R5) but not correct a closed tournament (C3). If the
    tournament is closed between the page's permission check and the save, the save
    re-checks against the fresh state: 403, nothing written."""
    tournament, _owner = closed
    arbiter = make_user("arb", public_club, Role.ARBITER)
    stale_copy = Tournament.objects.get(pk=tournament.pk)
    stale_copy.closed_at = None  # what the view read a moment before the closing
    game = board(tournament, 2, 1)
    before = _state()
    with pytest.raises(ResultsError) as refused:
        save_results(stale_copy, game.round, [Change(game.pk, "0-1", 1)], arbiter)
    assert refused.value.status == 403
    assert _state() == before


# --- roles: every endpoint, nothing changed ------------------------------------------------


ENDPOINTS = ("calendar", "boards", "history", "autosave", "button")


def _hit_every_endpoint(client, tournament):
    game = board(tournament, 2, 1)
    args = (tournament.club.number, tournament.pk)
    return [
        client.get(reverse("calendar", args=args)).status_code,
        client.get(boards_url(tournament)).status_code,
        client.get(reverse("history", args=args)).status_code,
        client.post(
            save_url(tournament), {"game": game.pk, "result": "1-0", "version": 1}
        ).status_code,
        client.post(boards_url(tournament), button_data(tournament, 2, {1: "1-0"})).status_code,
    ]


@pytest.mark.parametrize(
    "where,who,expected",
    [
        # public club: pages visible; history and saving need a role (visitor: login page)
        ("public", "anonymous", [200, 200, 302, 403, 403]),
        ("public", "outsider", [200, 200, 403, 403, 403]),
        ("public", "arbiter_elsewhere", [200, 200, 403, 403, 403]),
        ("public", "owner_elsewhere", [200, 200, 403, 403, 403]),
        ("public", "creator_of_another", [200, 200, 403, 403, 403]),
        # private club: does not exist for outsiders, whatever they are elsewhere
        ("private", "anonymous", [404] * 5),
        ("private", "outsider", [404] * 5),
        ("private", "arbiter_elsewhere", [404] * 5),
        ("private", "owner_elsewhere", [404] * 5),
        ("private", "creator_of_another", [404] * 5),
    ],
)
def test_r5_outsiders_on_every_endpoint_change_nothing(
    client, public_club, private_club, make_user, where, who, expected
):
    """Expected codes from the permission table by hand: outsiders have no row in it."""
    elsewhere = Club.objects.create(name="Ailleurs", number="702", public=True)
    club = public_club if where == "public" else private_club
    tournament = make_swiss(club)
    if who == "outsider":
        client.force_login(make_user("dehors"))
    elif who == "arbiter_elsewhere":
        client.force_login(make_user("arb702", elsewhere, Role.ARBITER))
    elif who == "owner_elsewhere":
        client.force_login(make_user("own702", elsewhere, Role.OWNER))
    elif who == "creator_of_another":
        creator = make_user("createur")
        make_swiss(club, kind="independent", creator=creator)  # their own, not this one
        client.force_login(creator)
    before = _state()
    assert _hit_every_endpoint(client, tournament) == expected
    assert _state() == before


@pytest.mark.parametrize("public", [True, False])
def test_r5_creator_of_an_independent_tournament_on_every_endpoint(client, make_user, public):
    """The creator has owner rights on their independent tournament, in a private club too
    (they are no member): every endpoint answers, the button saves (302)."""
    club = Club.objects.create(name="Cercle", number="703", public=public)
    creator = make_user("createur")
    tournament = make_swiss(club, kind="independent", creator=creator)
    client.force_login(creator)
    codes = _hit_every_endpoint(client, tournament)
    # the autosave saved board 1 (v1→2), so the button's form (read after it) saves nothing
    assert codes == [200, 200, 200, 200, 302]
    assert [(c.username, c.new_result) for c in result_lines().all()] == [("createur", "1-0")]


# --- R5: the history ---------------------------------------------------------------------


def test_r5_every_change_logged_once_and_only_changes(client, arbiter, swiss, public_club):
    """Four posts on board 1: –→1-0 (saved), 1-0 again at the new version (no change), a
    stale post (conflict), 1-0→½-½ (saved), plus a refused code: two history rows, each with
    who, when, old, new, board, round."""
    game = board(swiss, 2, 1)
    url = save_url(swiss)
    assert client.post(url, {"game": game.pk, "result": "1-0", "version": 1}).status_code == 200
    assert client.post(url, {"game": game.pk, "result": "1-0", "version": 2}).status_code == 200
    assert client.post(url, {"game": game.pk, "result": "0-1", "version": 1}).status_code == 409
    assert client.post(url, {"game": game.pk, "result": "2-0", "version": 2}).status_code == 400
    assert client.post(url, {"game": game.pk, "result": "=", "version": 2}).status_code == 200
    rows = list(result_lines().order_by("id"))
    assert [
        (r.username, r.round_number, r.board, r.old_result, r.new_result, r.version) for r in rows
    ] == [("arbitre", 2, 1, "", "1-0", 1), ("arbitre", 2, 1, "1-0", "=", 2)]
    assert all(r.at is not None and r.user == arbiter for r in rows)
    html = client.get(reverse("history", args=("700", swiss.pk)), **FR).content.decode()
    assert html.count("arbitre") >= 2


def test_r5_history_read_only_in_the_admin(client, arbiter, swiss, django_user_model):
    """Append-only: the admin shows the audit log's lines to the site staff but adds, edits
    and deletes none (403), and the old results history's pages are gone (404)."""
    game = board(swiss, 2, 1)
    client.post(save_url(swiss), {"game": game.pk, "result": "1-0", "version": 1})
    line = result_lines().get()
    staff = django_user_model.objects.create_superuser("chef", password="secret-pw-123")
    client.force_login(staff)
    listing = client.get("/admin/audit/entry/")
    assert listing.status_code == 200
    assert "Ronde 2, échiquier 1" in listing.content.decode()  # the reader's language
    change_url = f"/admin/audit/entry/{line.pk}/change/"
    assert client.get(change_url).status_code == 200  # shown read-only
    assert client.post(change_url, {"username": "x"}).status_code == 403
    assert client.get(f"/admin/audit/entry/{line.pk}/delete/").status_code == 403
    assert client.get("/admin/audit/entry/add/").status_code == 403
    assert result_lines().get().username == "arbitre"
    assert client.get("/admin/results/resultchange/").status_code == 404


def test_r5_history_page_takes_no_writes(client, arbiter, swiss):
    url = reverse("history", args=("700", swiss.pk))
    for method in ("post", "put", "patch", "delete"):
        assert getattr(client, method)(url).status_code == 405


# --- R1: draft rounds behind direct URLs ---------------------------------------------------


def _visitor_pages(client, tournament):
    """What a visitor sees of the tournament: standings, crosstable, calendar (links to the
    draft's boards would differ; the tournament's id is the same in both)."""
    args = ("700", tournament.pk)
    return [
        re.sub(
            r"csrfmiddlewaretoken\" value=\"[^\"]+",
            "",
            client.get(reverse(n, args=args), **FR).content.decode(),
        )
        for n in ("tournament", "crosstable", "calendar")
    ]


@pytest.mark.parametrize("state,hidden", [(RoundState.DRAFT, True), (RoundState.PUBLISHED, False)])
def test_r1_draft_round_leaves_no_trace_for_visitors(client, public_club, state, hidden):
    """A visitor's standings, crosstable and calendar are the same with round 2 as a draft
    and with no round 2 at all; a published round 2 does change them (the test can fail)."""
    tournament = make_swiss(public_club, round2_state=state)
    with_round = _visitor_pages(client, tournament)
    assert client.get(boards_url(tournament)).status_code == (404 if hidden else 200)
    Round.objects.filter(tournament=tournament, number=2).delete()
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()
    without = _visitor_pages(client, tournament)
    assert (with_round == without) is hidden


# --- accounts ------------------------------------------------------------------------------


def test_accounts_wrong_password_refused_and_not_logged_in(client, make_user):
    make_user("arbitre")
    response = client.post("/accounts/login/", {"username": "arbitre", "password": "faux"}, **FR)
    assert response.status_code == 200
    assert "incorrect" in unescape(response.content.decode())
    assert "_auth_user_id" not in client.session


def test_accounts_logout_by_get_refused(client, make_user):
    """Django 5: logging out is a POST (a link or an image must not log anyone out)."""
    client.force_login(make_user("arbitre"))
    assert client.get("/accounts/logout/").status_code == 405
    assert "_auth_user_id" in client.session
    assert client.post("/accounts/logout/").status_code == 302
    assert "_auth_user_id" not in client.session


def test_accounts_password_reset_same_answer_for_known_and_unknown_address(client, make_user):
    """Whether an address has an account is not revealed: same redirect, same page."""
    user = make_user("arbitre")
    user.email = "arbitre@example.org"
    user.save()
    known = client.post("/accounts/password-reset/", {"email": "arbitre@example.org"})
    unknown = client.post("/accounts/password-reset/", {"email": "personne@example.org"})
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert len(mail.outbox) == 1  # only the real account gets a message


def test_accounts_password_reset_link_works_once(client, make_user):
    user = make_user("arbitre")
    user.email = "arbitre@example.org"
    user.save()
    client.post("/accounts/password-reset/", {"email": "arbitre@example.org"})
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    first = Client()
    form_url = first.get(link)["Location"]
    new = {"new_password1": "Tour-de-garde-42", "new_password2": "Tour-de-garde-42"}
    assert first.post(form_url, new).status_code == 302
    again = Client()
    html = again.get(link, follow=True, **FR).content.decode()
    assert "plus valable" in html
    other = {"new_password1": "Autre-pass-99", "new_password2": "Autre-pass-99"}
    assert first.post(form_url, other).status_code == 200  # the same session: refused too
    assert Client().login(username="arbitre", password="Tour-de-garde-42")
    assert not Client().login(username="arbitre", password="Autre-pass-99")


def test_r5_history_append_only_in_the_database(client, arbiter, swiss, django_user_model):
    """Bulk updates and raw SQL bypass the model's refusal: the database's trigger refuses
    any change of a history row, except the game or the user becoming NULL when they are
    deleted (the names stay as text)."""
    from django.db import DatabaseError, transaction

    game = board(swiss, 2, 1)
    client.post(save_url(swiss), {"game": game.pk, "result": "1-0", "version": 1})
    rows = result_lines().all()
    for change in ({"new": {"result": "0-1"}}, {"username": "x"}, {"version": 9}):
        with pytest.raises(DatabaseError), transaction.atomic():
            rows.update(**change)
    with pytest.raises(DatabaseError), transaction.atomic():
        rows.update(user=django_user_model.objects.create_user("autre"))
    game.delete()
    arbiter.delete()
    row = result_lines().get()
    assert (row.game_id, row.user_id, row.username, row.new_result) == (
        None,
        None,
        "arbitre",
        "1-0",
    )


def test_r2_bad_version_names_the_board_the_user_sees(client, public_club, make_user):
    """Bad input names what and where: the board number shown on the page, not the game's
    database id."""
    from ..builders import board, make_swiss, save_url

    tournament = make_swiss(public_club)
    client.force_login(make_user("arbitre2", public_club, Role.ARBITER))
    game = board(tournament, 2, 2)
    for version, message in (
        ("abc", "Échiquier 2 : la version « abc » n’est pas valable."),
        ("", "Échiquier 2 : la version manque."),
    ):
        response = client.post(
            save_url(tournament, 2),
            {"game": game.pk, "result": "1-0", "version": version},
            HTTP_ACCEPT_LANGUAGE="fr",
        )
        assert response.status_code == 400
        assert response.json()["message"] == message


def test_r4_autosave_naming_a_game_of_another_round_is_bad_input_first(
    client, public_club, make_user
):
    """Round 1 is followed by a paired round (R4 a: button only), but the game posted to its
    autosave is a board of round 2: that is bad input (400 naming the game), not R4's 409."""
    from ..builders import board, make_swiss, save_url

    tournament = make_swiss(public_club)
    client.force_login(make_user("arbitre3", public_club, Role.ARBITER))
    other = board(tournament, 2, 1)
    response = client.post(
        save_url(tournament, 1),
        {"game": other.pk, "result": "1-0", "version": other.version},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 400
    message = response.json()["message"]
    assert f"La partie {other.pk} n’est pas un échiquier de cette ronde" in message
