"""K20: the tournament's other pages on a Keizer competition — its pairing page publishes and
hand-edits the draft evening, never pairs it again with another system; the boards page takes
its results; the other tabs answer; the federation files are refused with the reason."""

from __future__ import annotations

import pytest

from ..builders import client_for, make_tournament, tournament_url

PLAYERS = [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)]


@pytest.fixture
def evening(public_club, owner):
    row = make_tournament(public_club, PLAYERS, [], system="keizer", name="Keizer")
    client = client_for(owner)
    assert client.post(tournament_url(row, "keizer_pair")).status_code == 302
    return row, client


def test_K20_pairing_page_never_pairs_a_keizer_evening_again(evening):
    row, client = evening
    boards = sorted(row.rounds.get().games.values_list("white__name", "black__name"))
    url = tournament_url(row, "pairing_round", 1)
    assert client.get(url).status_code == 200
    refused = client.post(url, {"action": "repair"})
    assert refused.status_code == 409
    assert sorted(row.rounds.get().games.values_list("white__name", "black__name")) == boards


def test_K20_hand_edit_and_publish_on_the_pairing_page(evening):
    row, client = evening
    game = row.rounds.get().games.get(board=1)
    white, black = game.white_id, game.black_id
    url = tournament_url(row, "pairing_round", 1)
    assert client.post(url, {"action": "colours", "game": game.pk}).status_code == 302
    game.refresh_from_db()
    assert (game.white_id, game.black_id) == (black, white)
    assert client.post(url, {"action": "publish"}).status_code == 302
    assert row.rounds.get().state == "published"
    assert client.get(tournament_url(row, "boards", 1)).status_code == 200


@pytest.mark.parametrize("page", ["calendar", "documents", "entries", "history", "export"])
def test_K20_other_tabs_answer(evening, page):
    row, client = evening
    assert client.get(tournament_url(row, page)).status_code == 200


def test_K20_no_fide_crosstable_nor_its_tab(evening):
    """The FIDE crosstable (BH, SB… on the games' points) would mislead: its URL leads to the
    Keizer table, and the tab is not shown."""
    row, client = evening
    response = client.get(tournament_url(row, "crosstable"))
    assert response.status_code == 302
    assert response["Location"] == tournament_url(row, "keizer_standings")
    page = client.get(tournament_url(row, "keizer_standings")).content.decode()
    assert tournament_url(row, "crosstable") not in page


def test_K20_belgian_file_refused_with_the_reason(evening):
    row, client = evening
    response = client.get(tournament_url(row, "export") + "?download=frbe")
    assert response.status_code == 409
    assert "hors des systèmes FIDE" in response.content.decode()
