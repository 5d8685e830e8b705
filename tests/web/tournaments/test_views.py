"""Pages of a tournament: *Classement* (S1), *Grille américaine* (S2), print (S5)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _row(html: str, pairing_number: int) -> str:
    match = re.search(rf'<tr id="player-{pairing_number}">(.*?)</tr>', html, re.S)
    assert match, f"no row for player {pairing_number}"
    return match.group(1)


def _cells(row_html: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", c).strip()
        for c in re.findall(r"<td[^>]*>(.*?)</td>", row_html, re.S)
    ]


def test_s1_classement_demo_charlie_first(client, demo):
    response = client.get(demo)
    assert response.status_code == 200
    html = response.content.decode()
    first = re.search(r"<tbody>\s*<tr id=\"player-(\d+)\">(.*?)</tr>", html, re.S)
    assert first and first.group(1) == "3"
    rank, number, name, elo, points, *tiebreaks = _cells(first.group(2))
    assert (rank, number, elo, points) == ("1", "3", "2300", "5")
    assert len(tiebreaks) == 5  # BH/C1 BH SB DE WIN (spec S4)
    assert re.fullmatch(r"Charlie,? Claire", name)


def test_s1_classement_half_points_written_with_half_sign(client, demo):
    html = client.get(demo).content.decode()
    points = [_cells(_row(html, n))[4] for n in range(1, 17)]
    assert any(p.endswith("½") for p in points)
    assert not any("." in p or "," in p for p in points)


def test_s1_shared_ranks_shown_as_range(client, demo):
    # Players tied after every tiebreak share the rank: with WIN alone some stay tied.
    row = Tournament.objects.get(pk=int(demo.rstrip("/").split("/")[-1]))
    services.update_settings(row, tiebreaks="WIN", tiebreak_rules="", draw_lots=False)
    html = client.get(demo).content.decode()
    ranks = [c[0] for c in (_cells(_row(html, n)) for n in range(1, 17))]
    shared = [r for r in ranks if "–" in r]
    assert shared, ranks
    for label in shared:
        low, high = (int(x) for x in label.split("–"))
        assert ranks.count(label) == high - low + 1


def test_s2_grille_oscar_absent_rounds_2_to_7(client, demo):
    html = client.get(demo + "crosstable/").content.decode()
    row = _row(html, 15)
    assert "Oscar" in row and "Olivier" in row
    kinds = {
        int(r): kind
        for kind, r in re.findall(r'class="cell cell-([\w-]+)" data-round="(\d+)"', row)
    }
    assert sorted(kinds) == list(range(1, 8))
    assert kinds[1] == "loss"
    assert all(kinds[r] == "absent" for r in range(2, 8)), kinds


def test_s2_grille_cells_from_the_players_side(client, demo):
    html = client.get(demo + "crosstable/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    cells = _cells(_row(html, 3))
    # Charlie Claire: round 1 against no. 10 with Black, won; round 2 v. no. 6 with White, drawn.
    assert cells[4:6] == ["10N1", "6B½"]
    assert cells[4 + 7] == "5"  # points after the 7 rounds, then the tiebreaks
    english = client.get(demo + "crosstable/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert _cells(_row(english, 3))[4:6] == ["10B1", "6W½"]


def test_s5_print_stylesheet_hides_buttons_and_forms(client, demo):
    path = finders.find("chessclub_web/print.css")
    assert path
    css = re.sub(r"/\*.*?\*/", "", Path(path).read_text(encoding="utf-8"), flags=re.S)
    hidden = re.search(r"([^{}]*)\{\s*display:\s*none", css)
    assert hidden
    selectors = {s.strip() for s in hidden.group(1).split(",")}
    assert {"button", "form", "nav", ".button"} <= selectors
    html = client.get(demo).content.decode()
    assert re.search(r'href="[^"]*print\.css" media="print"', html)
    assert "Imprimer" in html
    printable = client.get(demo + "?print=1").content.decode()
    assert re.search(r'href="[^"]*print\.css" media="all"', printable)


def test_static_files_served_by_whitenoise(client):
    response = client.get("/static/chessclub_web/style.css")
    assert response.status_code == 200
    body = b"".join(response.streaming_content)
    response.close()
    assert b".crosstable" in body


def test_home_lists_public_clubs(client, demo, private_club):
    html = client.get("/").content.decode()
    assert "Cercle d&#x27;échecs de démonstration" in html
    assert private_club.name not in html


def test_club_page_lists_its_tournaments(client, demo):
    html = client.get("/clubs/618/").content.decode()
    assert "Cht FEFB ELITE" in html
    assert demo in html


def test_admin_loads_for_staff(client, demo, django_user_model):
    admin = django_user_model.objects.create_superuser("boss", password="secret-pw-123")
    client.force_login(admin)
    for url in [
        "/admin/",
        "/admin/clubs/club/",
        "/admin/clubs/membership/",
        "/admin/tournaments/tournament/",
        "/admin/tournaments/tournamentplayer/",
        "/admin/tournaments/round/",
        "/admin/tournaments/game/",
        "/admin/tournaments/bye/",
    ]:
        assert client.get(url).status_code == 200, url
    tournament_id = demo.rstrip("/").rsplit("/", 1)[-1]
    assert client.get(f"/admin/tournaments/tournament/{tournament_id}/change/").status_code == 200


def test_admin_refuses_non_staff(client, make_user):
    client.force_login(make_user("someone"))
    response = client.get("/admin/")
    assert response.status_code == 302


def test_login_and_logout(client, make_user):
    make_user("alice")
    assert client.get("/accounts/login/").status_code == 200
    response = client.post("/accounts/login/", {"username": "alice", "password": "secret-pw-123"})
    assert response.status_code == 302
    response = client.post("/accounts/logout/")
    assert response.status_code == 302


def test_s2_grille_marks_byes_absences_and_forfeits_distinctly(client, public_club):
    from chessclub.model import (
        Bye,
        ByeKind,
        Game,
        GameResult,
        PairingNumber,
        Player,
        Round,
        RoundNumber,
        Tournament,
    )
    from chessclub_web.tournaments.adapters import store_tournament

    p = PairingNumber
    core = Tournament(
        name="Open",
        players=tuple(Player(p(n), f"Joueur{n}, X") for n in range(1, 8)),
        rounds=(
            Round(
                RoundNumber(1),
                games=(
                    Game(p(1), p(2), GameResult.WHITE_WINS_BY_FORFEIT),
                    Game(p(3), p(4), GameResult.NONE),
                ),
                byes=(
                    Bye(p(5), ByeKind.PAIRING_ALLOCATED),
                    Bye(p(6), ByeKind.HALF_POINT),
                    Bye(p(7), ByeKind.ZERO_POINT),
                ),
            ),
            Round(
                RoundNumber(2),
                games=(Game(p(5), p(6), GameResult.DOUBLE_FORFEIT),),
                byes=(Bye(p(1), ByeKind.FULL_POINT),),
            ),
        ),
    )
    row = store_tournament(core, club=public_club)
    url = f"/clubs/{public_club.number}/tournaments/{row.pk}/crosstable/"
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    def kinds(n: int) -> list[str]:
        return re.findall(r'class="cell cell-([\w-]+)"', _row(html, n))

    assert kinds(1) == ["forfeit-win", "bye-f"]
    assert kinds(2) == ["forfeit-loss", "absent"]
    assert kinds(3) == ["pending", "absent"]
    assert kinds(5) == ["bye-u", "forfeit-loss"]
    assert kinds(6) == ["bye-h", "forfeit-loss"]
    assert kinds(7) == ["bye-z", "absent"]
    assert _cells(_row(html, 1))[4:6] == ["2W+", "Bye 1"]
    assert _cells(_row(html, 2))[4:6] == ["1B−", "Abs."]
    assert _cells(_row(html, 5))[4] == "PAB 1"
    assert _cells(_row(html, 6))[4] == "Bye ½"
    assert 'title="Round 1: Half-point bye"' in _row(html, 6)


def test_s2_grille_no_result_yet_unlike_forfeit_loss_and_legend(client, public_club):
    from chessclub.model import Game, GameResult, PairingNumber, Player, Round, RoundNumber
    from chessclub.model import Tournament as CoreTournament
    from chessclub_web.tournaments.adapters import store_tournament

    p = PairingNumber
    core = CoreTournament(
        name="Open",
        players=tuple(Player(p(n), f"Joueur{n}, X") for n in range(1, 5)),
        rounds=(
            Round(
                RoundNumber(1),
                games=(
                    Game(p(1), p(2), GameResult.WHITE_WINS_BY_FORFEIT),
                    Game(p(3), p(4), GameResult.NONE),
                ),
            ),
        ),
    )
    row = store_tournament(core, club=public_club)
    url = f"/clubs/{public_club.number}/tournaments/{row.pk}/crosstable/"
    for language, white, black in [("fr", "B", "N"), ("en", "W", "B")]:
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert _cells(_row(html, 2))[4] == f"1{black}−"  # forfeit loss: minus sign
        assert _cells(_row(html, 3))[4] == f"4{white} ?"  # no result yet: question mark
        assert _cells(_row(html, 4))[4] == f"3{black} ?"
        legend = html[html.index('class="legend"') :]
        assert f"<dt>12{white} ?</dt>" in legend
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    legend = english[english.index('class="legend"') :]
    assert "bye: half-point / full-point / zero-point" in legend
    assert "requested" not in legend.lower()
    assert "no result yet" in legend


def test_club_page_tournaments_most_recent_first_undated_last_then_by_name(client, public_club):
    import datetime as dt

    from chessclub_web.tournaments.models import Tournament

    d = dt.date
    for name, start, end in [
        ("Undated b", None, None),
        ("Old", d(2019, 1, 1), d(2019, 6, 1)),
        ("Recent", d(2025, 9, 1), d(2026, 3, 1)),
        ("undated a", None, None),
        ("Same end, later start", d(2025, 10, 1), d(2026, 3, 1)),
        ("Ongoing", d(2026, 4, 1), None),
        ("Middle b", d(2022, 1, 1), d(2022, 2, 1)),
        ("middle a", d(2022, 1, 1), d(2022, 2, 1)),
    ]:
        Tournament.objects.create(club=public_club, name=name, start_date=start, end_date=end)
    html = client.get(f"/clubs/{public_club.number}/").content.decode()
    names = re.findall(r'<td><a href="/clubs/700/tournaments/\d+/">([^<]+)</a></td>', html)
    assert names == [
        "Ongoing",
        "Same end, later start",
        "Recent",
        "middle a",
        "Middle b",
        "Old",
        "undated a",
        "Undated b",
    ]


@pytest.mark.django_db
def test_s2_crosstable_uses_the_whole_screen(client):
    """The crosstable page widens its main column; the standings keep the reading width."""
    from chessclub_web import commands

    url = commands.load_demo().splitlines()[-1]
    crosstable = client.get(url + "crosstable/").content.decode()
    assert '<main class="wide">' in crosstable
    assert crosstable.count('class="wide"') == 1
    assert "<main>" in client.get(url).content.decode()
