"""R-REG-4, R-REG-5, R-REG-7, R-REG-8, R-REG-1/3 and R-REG-2: defects a tester found in
registration on *Inscriptions*, each fixed with the rule it belongs to.

Expected values come from the requirement texts in ``docs/rules/entries.md`` and from the
list records of ``tests/web/list_players.py`` (Belgian matricule 90001 is Testeur, Alpha).
"""

from __future__ import annotations

import pytest

from chessclub_web.tournaments.models import Tournament

from ..builders import (
    entries_url,
    make_swiss,
    make_tournament,
    mark_closed,
    new_tournament,
    register,
    registered,
)
from ..list_players import belgian_list, fide_list, swiss_list

__all__ = ["belgian_list", "fide_list", "swiss_list"]  # the fixtures used below

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _rules(client, t: Tournament, choice: str):
    data = {
        "action": "rules",
        "planned_rounds": 5,
        "rating_choice": choice,
        "initial_colour": "W",
        "missed_round_points": "Z",
    }
    return client.post(entries_url(t), data, follow=True)


# -- 1. the rating choice and ratings typed by hand ------------------------------------------------


def test_r_reg_5_choice_keeps_a_rating_typed_by_hand(owner_client, public_club):
    t = new_tournament(owner_client, public_club)
    typed = registered(
        owner_client, t, "Testeur, Main", 1500, fide_rating="1900", national_rating="2000"
    )
    listed = registered(
        owner_client, t, "Testeur, Liste", None, fide_rating="1800", national_rating="1700"
    )
    assert (typed.rating, listed.rating) == (1500, 1800)  # FIDE's pick for the empty one
    page = _rules(owner_client, t, "national")
    assert page.status_code == 200
    assert "Ratings typed by hand, kept as they are: 1." in page.content.decode()
    typed.refresh_from_db()
    listed.refresh_from_db()
    assert (typed.rating, listed.rating) == (1500, 1700)
    _rules(owner_client, t, "fide")
    typed.refresh_from_db()
    listed.refresh_from_db()
    assert (typed.rating, listed.rating) == (1500, 1800)


def test_r_reg_5_choice_refused_once_round_1_of_a_swiss_is_paired(owner_client, public_club):
    t = make_swiss(public_club)  # rounds 1 and 2 paired: numbers not frozen yet (C.04.2)
    before = dict(t.players.values_list("name", "pairing_number"))
    data = {
        "action": "rules",
        "planned_rounds": 5,
        "rating_choice": "national",
        "initial_colour": "",
        "missed_round_points": "Z",
    }
    response = owner_client.post(entries_url(t), data)
    assert response.status_code == 409
    assert "Round 1 is paired" in response.content.decode()
    t.refresh_from_db()
    assert t.rating_choice == "fide"
    assert dict(t.players.values_list("name", "pairing_number")) == before


# -- 2. a FIDE ID is a number ----------------------------------------------------------------------


def test_r_reg_8_fide_id_with_a_leading_zero_is_the_same_fide_id(owner_client, public_club):
    t = new_tournament(owner_client, public_club)
    first = registered(owner_client, t, "Testeur, Un", 1500, fide_id="99100001")
    again = register(owner_client, t, "Testeur, Deux", 1500, fide_id="099100001")
    assert again.status_code == 409
    assert "FIDE ID 99100001 is already registered: Testeur, Un." in again.content.decode()
    assert t.players.count() == 1
    # Typed with the zero first, stored as the number; the other way round refused too.
    zero = registered(owner_client, t, "Testeur, Zéro", 1500, fide_id="00991")
    assert zero.fide_id == "991"
    assert register(owner_client, t, "Testeur, Bis", 1500, fide_id="991").status_code == 409
    # On *Modifier* too: another entry's FIDE ID with a zero in front is refused.
    other = registered(owner_client, t, "Testeur, Trois", 1500)
    data = _edit_data(other, fide_id="099100001")
    response = owner_client.post(_edit_url(t, other), data)
    assert response.status_code == 409
    other.refresh_from_db()
    assert other.fide_id == "" and first.fide_id == "99100001"


def _edit_url(t: Tournament, player) -> str:
    from chessclub_web.pairings.views import entry_edit_url

    return entry_edit_url(t, player.pk)


def _edit_data(player, **changes) -> dict[str, str]:
    """*Modifier*'s post: every detail as shown (hidden initial values too), then ``changes``."""
    from chessclub_web.pairings.services import ENTRY_FIELDS

    data: dict[str, str] = {}
    for name in ENTRY_FIELDS:
        value = getattr(player, name)
        text = "" if value is None or value is False else ("on" if value is True else str(value))
        data[name] = text
        data[f"initial-{name}"] = text
    for name, value in changes.items():
        data[name] = value
    if not data.get("fictitious_rating"):
        data.pop("fictitious_rating", None)
    return data


# -- 3. the hand form's errors on the page ---------------------------------------------------------


@pytest.mark.parametrize(
    "field,value,label",
    [
        ("matricule", "12a", "Matricule (FRBE/FSE)"),
        ("birth_date", "2030-01-01", "Birth date"),
        ("federation", "123", "Federation"),
        ("entry_round", "", "Plays from round"),
    ],
)
def test_r_reg_7_bad_hand_value_reshows_the_page_with_the_form(
    owner_client, public_club, field, value, label
):
    t = new_tournament(owner_client, public_club)
    data = {
        "action": "add_player",
        "name": "Testeur, Gardé",
        "rating": "1500",
        "club": "618",
        "entry_round": "1",
        field: value,
    }
    response = owner_client.post(entries_url(t), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "The request is not valid" not in page
    assert "<html" in page and "Register a player" in page  # the whole page, with its layout
    form = page.split('id="register-player"', 1)[1].split("</form>", 1)[0]
    # The message beside its field (its label in the same paragraph), the values kept.
    paragraph = form.split(f'for="id_{field}">{label}</label>', 1)[1].split("</p>", 1)[0]
    assert 'class="error"' in paragraph
    assert 'value="Testeur, Gardé"' in form and 'value="618"' in form
    assert t.players.count() == 0


def test_r_reg_7_hand_form_hints_digits_and_three_letters(owner_client, public_club):
    t = new_tournament(owner_client, public_club)
    page = owner_client.get(entries_url(t)).content.decode()
    form = page.split('id="register-player"', 1)[1].split("</form>", 1)[0]
    for name in ("matricule", "fide_id"):
        tag = form.split(f'name="{name}"', 1)[1].split(">", 1)[0]
        assert 'pattern="[0-9]*"' in tag and 'inputmode="numeric"' in tag, name
    tag = form.split('name="federation"', 1)[1].split(">", 1)[0]
    assert 'pattern="[A-Za-z]{3}"' in tag


# -- 4. a deceased Belgian player ------------------------------------------------------------------


def test_r_reg_1_deceased_belgian_player_not_added_by_a_forged_post(
    owner_client, public_club, belgian_list
):
    t = new_tournament(owner_client, public_club)
    data = {"action": "add_from_list", "list": "frbe", "key": "90004"}
    response = owner_client.post(entries_url(t), data)
    assert response.status_code == 400
    assert "No player 90004 in this list." in response.content.decode()
    assert t.players.count() == 0


# -- 5. a national ID is unique within its federation ----------------------------------------------


def test_r_reg_8_same_digits_in_two_federations_do_not_conflict(owner_client, public_club):
    t = new_tournament(owner_client, public_club)
    registered(owner_client, t, "Testeur, Suisse", 1500, matricule="5002", federation="SUI")
    assert (
        register(
            owner_client, t, "Testeur, Belge", 1500, matricule="5002", federation="BEL"
        ).status_code
        == 302
    )
    # Same federation (case aside): refused; a blank federation may be any: refused too.
    same = register(owner_client, t, "Testeur, Bis", 1500, matricule="05002", federation="bel")
    assert same.status_code == 409
    assert "Matricule 05002 is already registered: Testeur, Belge." in same.content.decode()
    blank = register(owner_client, t, "Testeur, Sans", 1500, matricule="5002")
    assert blank.status_code == 409
    assert t.players.count() == 2


def test_r_reg_8_swiss_code_does_not_block_a_belgian_from_the_list(
    owner_client, public_club, belgian_list
):
    t = new_tournament(owner_client, public_club)
    registered(owner_client, t, "Testeur, Suisse", 1500, matricule="90001", federation="SUI")
    data = {"action": "add_from_list", "list": "frbe", "key": "90001"}
    assert owner_client.post(entries_url(t), data).status_code == 302
    assert t.players.filter(matricule="90001", federation="BEL").count() == 1


# -- 6. a federation is three letters --------------------------------------------------------------


def test_r_reg_7_two_letter_federation_refused_by_hand_and_on_edit(owner_client, public_club):
    t = new_tournament(owner_client, public_club)
    response = register(owner_client, t, "Testeur, Deux", 1500, federation="XX")
    assert response.status_code == 400
    assert "Three letters, e.g. BEL." in response.content.decode()
    assert t.players.count() == 0
    player = registered(owner_client, t, "Testeur, Trois", 1500, federation="sui")
    assert player.federation == "SUI"
    response = owner_client.post(_edit_url(t, player), _edit_data(player, federation="XX"))
    assert response.status_code == 400
    player.refresh_from_db()
    assert player.federation == "SUI"


# -- 7. the search of a tournament that takes no one -----------------------------------------------


def test_r_reg_3_round_robin_paired_search_offers_no_add_button(
    owner_client, public_club, fide_list, belgian_list
):
    t = make_tournament(
        public_club, [("Testeur, Un", 1500), ("Testeur, Deux", 1400)], [[(1, 2, "1-0")]]
    )
    for fragment in ({}, {"fragment": "1"}):
        page = owner_client.get(entries_url(t), {"q": "alpha", **fragment}).content.decode()
        assert page.count('class="list-result"') == 1, fragment  # still searchable
        assert 'value="add_from_list"' not in page, fragment
        assert "A round robin takes no player once its first round is paired." in page


def test_r_reg_3_closed_tournament_search_offers_no_add_button(
    owner_client, public_club, fide_list, belgian_list
):
    t = make_swiss(public_club)
    mark_closed(t)
    page = owner_client.get(entries_url(t), {"q": "alpha", "fragment": "1"}).content.decode()
    assert 'value="add_from_list"' not in page
    assert "The tournament is closed" in page
    # An open Swiss still offers the button.
    t2 = make_swiss(public_club)
    page = owner_client.get(entries_url(t2), {"q": "alpha", "fragment": "1"}).content.decode()
    assert 'value="add_from_list"' in page
