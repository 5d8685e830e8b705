"""R-REG-2, R-REG-3, R-REG-4, R-REG-5, R-REG-7, R-REG-8: registration from the site's rating
lists on *Inscriptions*, through the web.

Expected values are the list records' own (``tests/web/list_players.py``: Testeur, Alpha is
Belgian matricule 90001, Elo 2180, club 901, born 1990-04-02, FIDE 9990001 with FIDE ratings
2210 standard, 2150 rapid, 2105 blitz, title FM); the rating that pairs follows the
tournament's choice by the rule of R-REG-4 (FIDE, national when none; national, FIDE when
none; the higher).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from chessclub_web.audit.models import Entry
from chessclub_web.tournaments.models import Tournament

from ..builders import entries_url, make_swiss, new_tournament, register
from ..list_players import belgian_list, fide_list, swiss_list

__all__ = ["belgian_list", "fide_list", "swiss_list"]  # the fixtures used below

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _add(client, t: Tournament, kind: str, key: str, **extra):
    data = {"action": "add_from_list", "list": kind, "key": key, **extra}
    return client.post(entries_url(t), data)


def test_r_reg_2_search_box_lists_each_person_once_with_both_ratings(
    owner_client, public_club, fide_list, belgian_list
):
    t = new_tournament(owner_client, public_club)
    page = owner_client.get(entries_url(t), {"q": "alpha"}).content.decode()
    assert 'name="q"' in page and 'value="alpha"' in page
    assert page.count('class="list-result"') == 1
    row = page.split('class="list-result"', 1)[1].split("</tr>", 1)[0]
    for text in ("Testeur, Alpha", "FIDE 9990001", "FRBE 90001", "BEL", "FM", "1990", "901"):
        assert text in row, text
    for rating in ("2210", "2150", "2105", "2180"):
        assert f">{rating}<" in row, rating
    assert 'name="list" value="frbe"' in row and 'name="key" value="90001"' in row
    # Nothing found: said so; no search: no results block.
    assert "No player of the site's rating lists matches" in (
        owner_client.get(entries_url(t), {"q": "zzzz"}).content.decode()
    )
    assert 'class="list-result"' not in owner_client.get(entries_url(t)).content.decode()


def test_r_reg_2_fragment_for_the_script_is_the_results_only(
    owner_client, public_club, fide_list, belgian_list
):
    t = new_tournament(owner_client, public_club)
    response = owner_client.get(entries_url(t), {"q": "9990001", "fragment": "1"})
    assert response.status_code == 200
    text = response.content.decode()
    assert "<html" not in text and "Register a player" not in text
    assert text.count('class="list-result"') == 1
    # The page itself loads the script and still works without it (a GET form).
    page = owner_client.get(entries_url(t)).content.decode()
    assert "pairings/list-search.js" in page
    assert 'method="get"' in page and 'role="search"' in page


def test_r_reg_3_add_copies_the_record_and_pairs_with_the_fide_rating(
    owner_client, public_club, fide_list, belgian_list
):
    t = new_tournament(owner_client, public_club)
    assert t.rating_choice == "fide"  # a new tournament: FIDE (national when none)
    response = _add(owner_client, t, "frbe", "90001", q="alpha")
    assert response.status_code == 302
    assert response["Location"].endswith("?q=alpha#list-search")
    p = t.players.get()
    assert (p.name, p.matricule, p.fide_id, p.federation, p.title, p.sex) == (
        "Testeur, Alpha",
        "90001",
        "9990001",
        "BEL",
        "FM",
        "M",
    )
    assert (p.birth_date, p.club) == ("1990-04-02", "901")
    assert (p.fide_rating, p.national_rating, p.rating) == (2210, 2180, 2210)
    line = Entry.objects.filter(tournament=t).order_by("-pk").first()
    assert line is not None and line.params["list"] == "FRBE"
    # Both ratings are shown on the entries list.
    page = owner_client.get(entries_url(t)).content.decode()
    assert '<td class="num fide-rating">2210</td>' in page
    assert '<td class="num national-rating">2180</td>' in page


def test_r_reg_3_rapid_event_takes_the_rapid_fide_rating(
    owner_client, public_club, fide_list, belgian_list
):
    t = new_tournament(owner_client, public_club, time_control_category="rapid")
    assert _add(owner_client, t, "frbe", "90001").status_code == 302
    p = t.players.get()
    assert (p.fide_rating, p.national_rating, p.rating) == (2150, 2180, 2150)


def test_r_reg_4_without_fide_rating_the_national_one_pairs(
    owner_client, public_club, fide_list, belgian_list, swiss_list
):
    t = new_tournament(owner_client, public_club)
    assert _add(owner_client, t, "frbe", "90002").status_code == 302  # no FIDE ID
    beta = t.players.get(matricule="90002")
    assert (beta.fide_rating, beta.national_rating, beta.rating) == (None, 1650, 1650)
    # The Swiss list: code as national ID, federation SUI, its points as national rating.
    assert _add(owner_client, t, "fse", "12345").status_code == 302
    gamma = t.players.get(matricule="12345")
    assert (gamma.federation, gamma.fide_id, gamma.national_rating, gamma.rating) == (
        "SUI",
        "9990003",
        1720,
        1720,
    )
    assert gamma.birth_date == "2001-01-05"


def test_r_reg_3_duplicate_refused_with_the_reason_409(
    owner_client, public_club, fide_list, belgian_list
):
    t = new_tournament(owner_client, public_club)
    assert _add(owner_client, t, "frbe", "90001").status_code == 302
    again = _add(owner_client, t, "frbe", "90001")
    assert again.status_code == 409
    assert "FIDE ID 9990001 is already registered: Testeur, Alpha." in again.content.decode()
    # The same person from FIDE's list: the same FIDE ID.
    assert _add(owner_client, t, "fide", "9990001").status_code == 409
    assert t.players.count() == 1


def test_r_reg_3_unknown_record_400_and_nothing_stored(owner_client, public_club, belgian_list):
    t = new_tournament(owner_client, public_club)
    for kind, key in (("frbe", "99999"), ("frbe", "abc"), ("nope", "1"), ("", "")):
        response = _add(owner_client, t, kind, key)
        assert response.status_code == 400, (kind, key)
    # Deceased: not offered by the search, and not registered either when posted.
    assert t.players.count() == 0


def test_r_reg_3_permission_checked_on_the_server(
    client, public_club, fide_list, belgian_list, owner_client, django_user_model
):
    t = new_tournament(owner_client, public_club)
    stranger = django_user_model.objects.create_user("stranger", password="x-secret-123")
    client.force_login(stranger)
    assert _add(client, t, "frbe", "90001").status_code == 403
    assert client.get(entries_url(t), {"q": "alpha", "fragment": "1"}).status_code == 403
    client.logout()
    assert _add(client, t, "frbe", "90001").status_code == 302  # to the login page
    assert "login" in _add(client, t, "frbe", "90001")["Location"]
    assert t.players.count() == 0


def test_r_reg_3_swiss_in_progress_takes_the_late_entrant_from_the_next_round(
    owner_client, public_club, fide_list, belgian_list
):
    t = make_swiss(public_club)  # rounds 1 and 2 paired
    page = owner_client.get(entries_url(t), {"q": "alpha"}).content.decode()
    assert 'name="entry_round" value="3"' in page
    assert _add(owner_client, t, "frbe", "90001", entry_round=3).status_code == 302
    alpha = t.players.get(matricule="90001")
    assert alpha.entry_round == 3
    assert _add(owner_client, t, "frbe", "90002", entry_round=2).status_code == 409


def test_r_reg_5_rating_choice_recomputes_until_numbers_freeze(
    owner_client, public_club, fide_list, belgian_list
):
    t = new_tournament(owner_client, public_club)
    _add(owner_client, t, "frbe", "90001")  # FIDE 2210, national 2180
    _add(owner_client, t, "frbe", "90002")  # national 1650 only
    register(owner_client, t, "Testeur, Hand", 1500)  # by hand: no list rating, kept

    def rules(choice: str):
        data = {
            "action": "rules",
            "planned_rounds": 5,
            "rating_choice": choice,
            "initial_colour": "W",
            "missed_round_points": "Z",
        }
        return owner_client.post(entries_url(t), data)

    def ratings() -> dict[str, int | None]:
        return dict(t.players.values_list("name", "rating"))

    assert rules("national").status_code == 302
    assert ratings() == {"Testeur, Alpha": 2180, "Tëstéur, Bêta": 1650, "Testeur, Hand": 1500}
    assert rules("higher").status_code == 302
    assert ratings()["Testeur, Alpha"] == 2210
    t.refresh_from_db()
    assert t.rating_choice == "higher"
    # A rules form posted without the choice (an older page) keeps it.
    data = {"action": "rules", "planned_rounds": 5, "initial_colour": "W"}
    data["missed_round_points"] = "Z"
    assert owner_client.post(entries_url(t), data).status_code == 302
    t.refresh_from_db()
    assert t.rating_choice == "higher"


def test_r_reg_5_rating_choice_refused_once_numbers_are_frozen(owner_client, public_club):
    t = make_swiss(public_club)
    for number in (3, 4):
        t.rounds.create(number=number)  # round 4 paired: numbers frozen (FIDE C.04.2)
    data = {
        "action": "rules",
        "planned_rounds": 5,
        "rating_choice": "national",
        "initial_colour": "",
        "missed_round_points": "Z",
    }
    response = owner_client.post(entries_url(t), data)
    assert response.status_code == 409
    assert "the rating choice no longer changes" in response.content.decode()
    t.refresh_from_db()
    assert t.rating_choice == "fide"


def test_r_reg_7_hand_form_takes_club_sex_federation_birth_date(owner_client, public_club):
    t = new_tournament(owner_client, public_club)
    response = register(
        owner_client,
        t,
        "Testeur, Main",
        None,
        sex="F",
        club="618",
        federation="bel",
        birth_date="1999-12-31",
        matricule="012345",
        fide_rating="1900",
        national_rating="1850",
    )
    assert response.status_code == 302
    p = t.players.get()
    assert (p.sex, p.club, p.federation, p.birth_date, p.matricule) == (
        "F",
        "618",
        "BEL",
        "1999-12-31",
        "012345",
    )
    # No rating given: the choice (FIDE) picks it from the two.
    assert (p.fide_rating, p.national_rating, p.rating) == (1900, 1850, 1900)


@pytest.mark.parametrize(
    "field,value",
    [
        ("matricule", "12A45"),
        ("matricule", "12-45"),
        ("club", "Echiquier"),
        ("federation", "BELG"),
        ("sex", "X"),
        ("birth_date", "2999-01-01"),
    ],
)
def test_r_reg_7_hand_form_bad_values_400_naming_the_field(owner_client, public_club, field, value):
    t = new_tournament(owner_client, public_club)
    response = register(owner_client, t, "Testeur, Main", 1500, **{field: value})
    assert response.status_code == 400
    assert field in response.content.decode()
    assert t.players.count() == 0


def test_r_reg_8_duplicate_matricule_and_fide_id_refused_409(owner_client, public_club):
    t = new_tournament(owner_client, public_club)
    assert register(owner_client, t, "Testeur, Un", 1500, matricule="4711").status_code == 302
    twice = register(owner_client, t, "Testeur, Deux", 1500, matricule="04711")
    assert twice.status_code == 409
    assert "Matricule 04711 is already registered: Testeur, Un." in twice.content.decode()
    assert register(owner_client, t, "Testeur, Trois", 1500, fide_id="777").status_code == 302
    again = register(owner_client, t, "Testeur, Quatre", 1500, fide_id="777")
    assert again.status_code == 409
    assert t.players.count() == 2


def test_r_reg_4_edit_form_shows_both_list_ratings(
    owner_client, public_club, fide_list, belgian_list
):
    t = new_tournament(owner_client, public_club)
    _add(owner_client, t, "frbe", "90001")
    alpha = t.players.get()
    url = reverse("entry_edit", args=(public_club.number, t.pk, alpha.pk))
    page = owner_client.get(url).content.decode()
    assert 'name="fide_rating"' in page and 'value="2210"' in page
    assert 'name="national_rating"' in page and 'value="2180"' in page


def test_r_reg_4_corrected_list_rating_moves_the_rating_by_the_choice(
    owner_client, public_club, owner, fide_list, belgian_list
):
    from chessclub_web.pairings import services

    t = new_tournament(owner_client, public_club)
    t.rating_choice = "national"
    t.save(update_fields=["rating_choice"])
    _add(owner_client, t, "frbe", "90001")
    alpha = t.players.get()
    assert alpha.rating == 2180
    stored = services.update_entry(
        alpha, {"national_rating": 2195}, {"national_rating": 2180}, owner
    )
    assert (stored.national_rating, stored.rating) == (2195, 2195)
    # The FIDE rating corrected: under "national" the rating stays the national one.
    stored = services.update_entry(stored, {"fide_rating": 2230}, {"fide_rating": 2210}, owner)
    assert (stored.fide_rating, stored.rating) == (2230, 2195)


def test_r_reg_4_new_tournament_form_sets_the_rating_choice(owner_client, public_club):
    t = new_tournament(owner_client, public_club, name="Rapide", rating_choice="higher")
    assert t.rating_choice == "higher"
    # Not posted (an older page): FIDE, the default.
    assert new_tournament(owner_client, public_club, name="Sans").rating_choice == "fide"
