"""Who may print what, and the rounds a document can be of: public documents for whoever sees
the tournament, the check-in list and result slips for who may enter results (spec R5), draft
rounds never for the public (S3), bad ``?round=`` values refused with the reason."""

from __future__ import annotations

import pytest

from chessclub_web.clubs.models import Role

from ..builders import make_swiss
from .helpers import pdf_text

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _base(tournament) -> str:
    return f"/clubs/{tournament.club.number}/tournaments/{tournament.pk}/documents/"


@pytest.mark.parametrize("document", ["check-in", "result-slips"])
def test_r5_staff_documents_need_the_right_to_enter_results(
    client, public_club, make_user, document
):
    tournament = make_swiss(public_club)
    url = _base(tournament) + f"{document}.pdf"
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    client.force_login(make_user("outsider"))
    assert client.get(url).status_code == 403
    client.force_login(make_user("arbiter", public_club, Role.ARBITER))
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_r5_public_documents_for_every_visitor_of_a_public_club(client, public_club):
    tournament = make_swiss(public_club)
    for document in ("start-list", "pairings", "standings", "crosstable"):
        assert client.get(_base(tournament) + f"{document}/").status_code == 200, document
        assert client.get(_base(tournament) + f"{document}.pdf").status_code == 200, document


def test_r5_a_private_clubs_documents_are_hidden_from_outsiders(client, private_club, make_user):
    tournament = make_swiss(private_club)
    assert client.get(_base(tournament)).status_code == 404
    assert client.get(_base(tournament) + "pairings.pdf").status_code == 404


def test_r5_the_tab_lists_the_staff_documents_to_the_staff_only(client, public_club, make_user):
    tournament = make_swiss(public_club)
    page = client.get(_base(tournament), **EN).content.decode()
    assert "Pairings by board" in page and "Result slips" not in page
    assert "Check-in list" not in page
    client.force_login(make_user("arbiter", public_club, Role.ARBITER))
    page = client.get(_base(tournament), **EN).content.decode()
    assert "Result slips" in page and "Check-in list" in page
    assert 'name="doc" value="result-slips"' in page  # Print several offers them too
    standings = client.get(f"/clubs/700/tournaments/{tournament.pk}/", **EN).content.decode()
    assert _base(tournament) in standings  # the Documents tab


def test_s3_a_draft_round_is_never_printed_for_the_public(client, public_club, make_user):
    tournament = make_swiss(public_club, round2_state="draft")
    url = _base(tournament) + "pairings.pdf"
    assert client.get(url + "?round=2").status_code == 404
    text = pdf_text(client.get(url, **EN).content)  # the last published round: 1
    assert "Round 1" in text and "Round 2" not in text
    client.force_login(make_user("arbiter", public_club, Role.ARBITER))
    staff = client.get(url + "?round=2", **EN)
    assert staff.status_code == 200
    assert "Round 2 — draft, not published" in pdf_text(staff.content)
    assert "draft" not in pdf_text(client.get(url + "?round=1", **EN).content)
    # Standings are after published rounds only, for the staff too.
    assert client.get(_base(tournament) + "standings.pdf?round=2").status_code == 404


@pytest.mark.parametrize(
    ("value", "status", "message"),
    [
        ("abc", 400, "“abc” is not a round number (1 to 99)."),
        ("-1", 400, "“-1” is not a round number (1 to 99)."),
        ("١", 400, "“١” is not a round number (1 to 99)."),
        ("1e3", 400, "“1e3” is not a round number (1 to 99)."),
        ("100", 400, "“100” is not a round number (1 to 99)."),
        ("9", 404, "Round 9 is not a paired round of this tournament."),
        ("0", 404, "Round 0 is not a paired round of this tournament."),
    ],
)
def test_s3_a_bad_round_is_refused_with_the_reason(client, public_club, value, status, message):
    tournament = make_swiss(public_club)
    for suffix in ("pairings/", "pairings.pdf"):
        response = client.get(_base(tournament) + suffix, {"round": value}, **EN)
        assert response.status_code == status, (suffix, value)
        assert message in response.content.decode()


def test_s3_standings_after_a_round_not_published_are_refused(client, public_club):
    tournament = make_swiss(public_club)
    response = client.get(_base(tournament) + "standings/?round=5", **EN)
    assert response.status_code == 404
    assert "There are no standings after round 5" in response.content.decode()


def test_s5_a_player_card_of_no_player_is_refused(client, public_club):
    tournament = make_swiss(public_club)
    response = client.get(_base(tournament) + "player-cards/?player=42", **EN)
    assert response.status_code == 404
    assert "No player has the pairing number 42." in response.content.decode()
    response = client.get(_base(tournament) + "player-cards/?player=x", **EN)
    assert response.status_code == 400


def test_r5_print_several_is_the_staffs(client, public_club, make_user):
    tournament = make_swiss(public_club)
    url = _base(tournament) + "several.pdf"
    # The batch is the staff's (drawing many documents of a large field takes seconds): a
    # visitor is sent to the login page, even for public documents, and an outsider gets 403.
    assert client.get(url + "?doc=pairings").status_code == 302
    client.force_login(make_user("outsider"))
    assert client.get(url + "?doc=pairings").status_code == 403
    client.force_login(make_user("arbiter", public_club, Role.ARBITER))
    assert client.get(url, **EN).status_code == 400
    assert "Choose at least one document" in client.get(url, **EN).content.decode()
    assert client.get(url + "?doc=nonsense", **EN).status_code == 400
    response = client.get(url + "?doc=pairings&doc=result-slips&round=1", **EN)
    assert response.status_code == 200
    text = pdf_text(response.content)
    assert "Pairings by board" in text and "Result slips" in text


def test_r5_documents_answer_405_to_a_post(client, public_club):
    tournament = make_swiss(public_club)
    assert client.post(_base(tournament) + "pairings.pdf").status_code == 405
    assert client.post(_base(tournament)).status_code == 405
