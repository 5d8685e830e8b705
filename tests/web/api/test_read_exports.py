"""Federation files through the read API: the Export tab's downloads, byte for byte, with
their Content-Type and file name; the tab's right (export_tournament, spec frbe.md B1–B3,
fide.md §2), 401 and 403, a private club's hidden; the files a problem blocks (409); 304."""

from __future__ import annotations

import pytest
from tests.web.api.conftest import bearer
from tests.web.builders import export_url, make_tournament

from chessclub.formats.trf import read_tournament as read_trf
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Tournament, TournamentPlayer

API = "/api/v1"


def _url(row: Tournament, file_format: str) -> str:
    return f"{API}/clubs/{row.club.number}/tournaments/{row.pk}/exports/{file_format}"


@pytest.mark.parametrize("file_format", ["trf", "frbe", "trflike"])
def test_api_export_is_the_tabs_download(client, owner, elite, make_token, file_format):
    """The real Belgian results file imported (the elite fixture): each file the tab offers,
    the same bytes, Content-Type and Content-Disposition through a token of the owner."""
    client.force_login(owner)
    page = client.get(export_url(elite) + f"?download={file_format}")
    assert page.status_code == 200
    client.logout()
    answer = client.get(_url(elite, file_format), **bearer(make_token(owner, elite.club)))
    assert answer.status_code == 200
    assert answer.content == page.content
    assert answer["Content-Type"] == page["Content-Type"]
    assert answer["Content-Disposition"] == page["Content-Disposition"]
    assert answer["Content-Disposition"].startswith("attachment; filename=")
    if file_format == "trf":
        assert read_trf(answer.content).player(1).name == "Alpha Anne"


def test_api_export_needs_the_tabs_right(client, elite, owner, make_user, make_token):
    url = _url(elite, "trf")
    anonymous = client.get(url)
    assert anonymous.status_code == 401
    assert anonymous["WWW-Authenticate"] == "Bearer"
    player = make_user("player")  # no role in the club: may not export
    assert client.get(url, **bearer(make_token(player, elite.club))).status_code == 403
    arbiter = make_user("arbiter", elite.club, Role.ARBITER)
    assert client.get(url, **bearer(make_token(arbiter, elite.club))).status_code == 200
    client.force_login(arbiter)  # the session's account too
    assert client.get(url).status_code == 200


def test_api_export_of_a_private_club_hidden_from_others(
    client, private_club, public_club, make_user, make_token
):
    row = make_tournament(private_club, [("A", 1500), ("B", 1400)], [[(1, 2, "1-0")]])
    url = _url(row, "trf")
    assert client.get(url).status_code == 404
    owner = make_user("privowner", private_club, Role.OWNER)
    # The owner's token of another club reads only public data: the tournament is not there.
    assert client.get(url, **bearer(make_token(owner, public_club))).status_code == 404
    outsider = make_user("outsider", public_club, Role.OWNER)
    assert client.get(url, **bearer(make_token(outsider, public_club))).status_code == 404


def test_api_export_refusals_are_the_tabs(client, owner, elite, make_token):
    token = bearer(make_token(owner, elite.club))
    unknown = client.get(_url(elite, "pdf"), **token)
    assert unknown.status_code == 400
    assert unknown.json()["field"] == "file_format"
    # A player without matricule blocks the Belgian files, not FIDE's TRF (B1).
    TournamentPlayer.objects.filter(tournament=elite, pairing_number=1).update(matricule="")
    blocked = client.get(_url(elite, "frbe"), **token)
    assert blocked.status_code == 409
    assert blocked.json()["error"]
    assert client.get(_url(elite, "trf"), **token).status_code == 200


def test_api_export_answers_304_while_the_file_is_the_same(client, owner, elite, make_token):
    token = bearer(make_token(owner, elite.club))
    first = client.get(_url(elite, "trf"), **token)
    again = client.get(_url(elite, "trf"), HTTP_IF_NONE_MATCH=first["ETag"], **token)
    assert (again.status_code, again.content) == (304, b"")
    Tournament.objects.filter(pk=elite.pk).update(name="Autre nom")
    assert (
        client.get(_url(elite, "trf"), HTTP_IF_NONE_MATCH=first["ETag"], **token).status_code == 200
    )


def test_api_export_is_documented_as_a_file(client, db):
    schema = client.get(f"{API}/schema").json()
    path = schema["paths"]["/api/v1/clubs/{number}/tournaments/{pk}/exports/{file_format}"]
    answers = path["get"]["responses"]
    assert {"200", "304", "400", "401", "403", "404", "409"} <= set(answers)
    content = answers["200"]["content"]
    assert all(c["schema"] == {"type": "string", "format": "binary"} for c in content.values())
    assert "text/plain; charset=iso-8859-1" in content
