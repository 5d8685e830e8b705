"""The *Export* tab on awkward tournaments (spec ``frbe.md`` B1–B3; bad-input rule: 4xx with a
message, never 500): a club number B2 cannot use, forfeits, byes and absences re-read from the
produced file, downloads by role on a private club."""

from __future__ import annotations

import html

import pytest

from chessclub.formats.frbe import read_results_file, to_tournament
from chessclub.formats.trf import read_tournament as read_trf
from chessclub.model import ByeKind, GameResult
from chessclub_web.clubs.models import Club, Role
from chessclub_web.frbe.models import ExportSettings
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Bye, Round

from ..builders import export_url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("number", ["7000", "A12"])
def test_b2_club_number_not_an_extension_is_400_not_500(client, make_user, elite_bytes, number):
    """B2: the extension is the sending club's number, 1–3 digits. A club numbered 7000 or A12
    cannot send: the page says so (French), saving chars 7–8 answers 400 (it was a 500) and
    stores nothing, a download is refused."""
    club = Club.objects.create(name="Cercle", number=number, public=True)
    t = services.import_tournament(club, elite_bytes, "elite.txt")
    client.force_login(make_user("own", club, Role.OWNER))
    page = client.get(export_url(t))
    assert page.status_code == 200
    assert "ne peut pas être l'extension" in html.unescape(page.content.decode())
    response = client.post(export_url(t), {"division": "1", "series": "A"})
    assert response.status_code == 400
    assert "ne peut pas être l'extension" in html.unescape(response.content.decode())
    assert not ExportSettings.objects.filter(tournament=t).exists()
    assert client.get(export_url(t) + "?download=frbe").status_code == 400


def test_b3_forfeits_byes_and_absences_re_read_from_the_export(
    client, public_club, make_user, elite_bytes
):
    """Round 1 of the real tournament: 8–1 ½-½, 2–9 0-1, 10–3 0-1, 4–12 1-0 … made into
    8–1 +/-, 2–9 -/+, 10–3 -/-, and 4–12 replaced by a half-point bye (4) and a full-point bye
    (12); round 2's first game replaced by a zero-point bye and an absence. B3 writes one line
    per player, per round opponent / colour / result, ``-`` for a forfeit, ``0 - -`` for a
    round without a game: re-read, the played games keep their colours and results, the
    forfeits stay forfeits (the winner's side ``1``, the other ``-``; both ``-`` for a double
    forfeit), and every bye or absence is a round without a game (B3 has no bye kinds). FIDE's
    TRF download keeps the bye kinds (H, F, Z; the absent player has no game)."""
    t = services.import_tournament(public_club, elite_bytes, "elite.txt")
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    r1 = Round.objects.get(tournament=t, number=1)
    games = {(g.white.pairing_number, g.black.pairing_number): g for g in r1.games.all()}
    results = {k: g.result for k, g in games.items()}
    assert [results[k] for k in ((8, 1), (2, 9), (10, 3), (4, 12))] == ["=", "0-1", "0-1", "1-0"]
    for key, code in (((8, 1), "+-"), ((2, 9), "-+"), ((10, 3), "--")):
        games[key].result = code
        games[key].save()
    games[(4, 12)].delete()
    Bye.objects.create(round=r1, player=t.players.get(pairing_number=4), kind="H")
    Bye.objects.create(round=r1, player=t.players.get(pairing_number=12), kind="F")
    r2 = Round.objects.get(tournament=t, number=2)
    first = r2.games.order_by("id").first()
    gone = (first.white.pairing_number, first.black.pairing_number)
    first.delete()
    Bye.objects.create(round=r2, player=t.players.get(pairing_number=gone[0]), kind="Z")
    Bye.objects.create(round=r2, player=t.players.get(pairing_number=gone[1]), kind="-")
    response = client.get(export_url(t) + "?download=frbe")
    assert response.status_code == 200
    sent = to_tournament(read_results_file(response.content))
    round1 = {(g.white, g.black): g.result for g in sent.rounds[0].games}
    assert round1[(8, 1)] is GameResult.WHITE_WINS_BY_FORFEIT
    assert round1[(2, 9)] is GameResult.BLACK_WINS_BY_FORFEIT
    assert round1[(10, 3)] is GameResult.DOUBLE_FORFEIT
    assert (4, 12) not in round1 and (12, 4) not in round1
    before = {(g.white.pairing_number, g.black.pairing_number): g.result for g in r1.games.all()}
    for key, code in before.items():
        if code in ("1-0", "=", "0-1"):
            assert round1[key].name == {"1-0": "WHITE_WINS", "=": "DRAW", "0-1": "BLACK_WINS"}[code]
    absent1 = {b.player for b in sent.rounds[0].byes}
    absent2 = {b.player for b in sent.rounds[1].byes}
    assert {4, 12} <= absent1 and set(gone) <= absent2
    assert all(b.kind is ByeKind.ABSENT for b in sent.rounds[0].byes)
    assert not any(set(gone) & {g.white, g.black} for g in sent.rounds[1].games)
    trf = read_trf(client.get(export_url(t) + "?download=trf").content)
    kinds1 = {b.player: b.kind for b in trf.rounds[0].byes}
    kinds2 = {b.player: b.kind for b in trf.rounds[1].byes}
    assert (kinds1[4], kinds1[12]) == (ByeKind.HALF_POINT, ByeKind.FULL_POINT)
    assert kinds2[gone[0]] is ByeKind.ZERO_POINT
    assert kinds2.get(gone[1], ByeKind.ABSENT) is ByeKind.ABSENT  # absent: no game, no bye
    assert not any(gone[1] in (g.white, g.black) for g in trf.rounds[1].games)


def test_b1_private_club_export_by_role(client, private_club, make_user, elite_bytes):
    """A private club's export does not exist for the anonymous and for outsiders (404, GET,
    download and POST); its arbiter may look and download every format."""
    t = services.import_tournament(private_club, elite_bytes, "elite.txt")
    assert client.get(export_url(t)).status_code == 404
    assert client.get(export_url(t) + "?download=frbe").status_code == 404
    other = Club.objects.create(name="Autre", number="702", public=True)
    client.force_login(make_user("outsider", other, Role.OWNER))
    assert client.get(export_url(t) + "?download=frbe").status_code == 404
    assert client.post(export_url(t), {"division": "2", "series": "B"}).status_code == 404
    assert not ExportSettings.objects.exists()
    client.force_login(make_user("arb", private_club, Role.ARBITER))
    for kind in ("frbe", "trf", "trflike"):
        assert client.get(export_url(t) + f"?download={kind}").status_code == 200
    assert client.get(export_url(t) + "?download=other").status_code == 400


def test_b1_tournament_without_players_or_rounds_blocks_the_export(client, public_club, make_user):
    """Every B1 field filled but no player and no round: the export produced an empty results
    file (header only) with no problem listed. Now a blocking problem, 409 on download."""
    import datetime

    from chessclub_web.tournaments.models import Tournament

    t = Tournament.objects.create(
        club=public_club,
        name="Vide",
        start_date=datetime.date(2026, 12, 1),
        end_date=datetime.date(2026, 12, 5),
        chief_arbiter="Arbitre",
        time_control="90 min + 30 s",
        planned_rounds=0,
    )
    client.force_login(make_user("own", public_club, Role.OWNER))
    page = html.unescape(client.get(export_url(t)).content.decode())
    assert "n'a pas de joueur ou pas de ronde" in page
    for kind in ("frbe", "trf", "trflike"):
        assert client.get(export_url(t) + f"?download={kind}").status_code == 409


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("club", "Cercle de Namur", "n'est pas un numéro de cercle de 1 à 3 chiffres"),
        ("matricule", "123456", "a plus que les 5 chiffres du fichier de résultats"),
        ("rating", 12345, "a plus de 4 chiffres"),
    ],
)
def test_b3_field_too_wide_for_the_layout_listed_not_500(
    client, public_club, make_user, elite_bytes, field, value, message
):
    """A club name where B3 wants the club number (cols 37–39), a 6-digit matricule (31–35),
    an Elo of 5 digits (45–48): the download raised the writer's ExportError (HTTP 500); now a
    blocking problem on the page, and 409 for every file it concerns: the club and the
    matricule the Belgian files only (FIDE's TRF is produced), the Elo every file (the TRF's
    001 record has four columns for it too)."""
    from chessclub_web.tournaments.models import TournamentPlayer

    t = services.import_tournament(public_club, elite_bytes, "elite.txt")
    TournamentPlayer.objects.filter(tournament=t, pairing_number=1).update(**{field: value})
    client.force_login(make_user("own", public_club, Role.OWNER))
    page = html.unescape(client.get(export_url(t)).content.decode())
    assert message in page
    for kind in ("frbe", "trf", "trflike"):
        expected = 200 if kind == "trf" and field != "rating" else 409
        assert client.get(export_url(t) + f"?download={kind}").status_code == expected


def test_b2_two_saves_at_once_update_one_row(
    client, public_club, make_user, elite_bytes, monkeypatch
):
    """Two managers save chars 7–8 of a tournament that had none at the same moment: both
    read "no settings yet"; the second insert hit the one-row-per-tournament constraint
    (IntegrityError, 500). Simulated by making the view read "none" while a row exists."""
    from chessclub_web.frbe import services as frbe_services

    t = services.import_tournament(public_club, elite_bytes, "elite.txt")
    ExportSettings.objects.create(tournament=t, division="2", series="B")
    monkeypatch.setattr(
        frbe_services, "export_settings", lambda row: ExportSettings(tournament=row)
    )
    client.force_login(make_user("own", public_club, Role.OWNER))
    assert client.post(export_url(t), {"division": "3", "series": "C"}).status_code == 302
    assert list(ExportSettings.objects.values_list("division", "series")) == [("3", "C")]
