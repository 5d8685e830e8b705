"""The club page "Prévision liste FSE" (issue 9 item 4; spec W1–W9), computed from the site's
current FSE ranking list (site data, imported on ``/lists/fse/`` by a federation data manager).

The fixtures are the synthetic ``tests/fixtures/fse/previous.csv`` and ``open-5r.trf`` whose
values are worked out by hand in ``tests/core/ratings/test_fse_cli.py``: Alpha 1800 → 1802
(ΣW +1.68, K 24), Foxtrot enters with FIDE 2000 → 1993 (K 36), Echo pending (5 games),
Golf removed (five years inactive).
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone

from chessclub.cli import main as cli_main
from chessclub_web.clubs.models import Role
from chessclub_web.federation import services as lists
from chessclub_web.fse.models import ListRow
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Tournament

from ..builders import client_for
from ..lists import import_as_operator, list_url, make_manager, post_import, versions

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "fse"
LIST = (FIXTURES / "previous.csv").read_bytes()
OPEN = (FIXTURES / "open-5r.trf").read_bytes()


def url(club, name: str = "forecast/") -> str:
    return f"/clubs/{club.number}/fse/{name}"


def upload(client, data: bytes = LIST, **fields):
    """The site's FSE list page: import ``data`` as a new version (a manager's client)."""
    return post_import(client, data, "previous.csv", kind="fse", **fields)


def store(data: bytes = LIST) -> None:
    """The site's current FSE list: ``data`` (``previous.csv`` by default)."""
    import_as_operator("fse", data, "previous.csv")


def manager_client(make_user) -> Client:
    return client_for(make_manager(make_user))


def closed_import(club, data: bytes = OPEN, name: str = "open-5r.trf") -> Tournament:
    row = services.import_tournament(club, data, name)
    Tournament.objects.filter(pk=row.pk).update(closed_at=timezone.now())
    return row


ROW = re.compile(r"<tr (data-id=[^>]*)>")
ATTR = re.compile(r'data-([a-z-]+)="([^"]*)"')


def page_rows(html: str) -> dict[str, dict[str, str]]:
    rows = {}
    for match in ROW.finditer(html):
        attrs = {k: unescape(v) for k, v in ATTR.findall(match.group(1))}
        rows[attrs["id"]] = attrs
    return rows


def test_w6_same_values_through_the_cli_and_a_closed_club_tournament(
    client, public_club, make_user, capsys
):
    """The CLI on the files and the page on the imported, closed tournament compute the same
    period with the same core: every player's old value, games, coefficient, ΣW and new value
    agree (hand values: Alpha 1800 + 1.68 → 1802 with K 24; Foxtrot FIDE 2000 − 6.84 → 1993
    with K 36; Echo pending with 5 games; Golf removed)."""
    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    closed_import(public_club)
    response = client.get(url(public_club))
    assert response.status_code == 200
    html = response.content.decode()
    page = page_rows(html)
    capsys.readouterr()
    code = cli_main(
        [
            "fse",
            "rating-run",
            "--list",
            str(FIXTURES / "previous.csv"),
            str(FIXTURES / "open-5r.trf"),
            "--rules",
            "current",
            "--format",
            "json",
        ]
    )
    assert code == 0
    cli = json.loads(capsys.readouterr().out)
    for p in cli["players"]:
        if p["status"] == "removed":
            continue  # Golf did not play in the club's tournament
        shown = page[p["id"]]
        games = p["pending"]["games"] if p["status"] == "pending" else p["games"]
        assert shown["status"] == p["status"]
        assert shown["old"] == ("" if p["old_value"] is None else str(p["old_value"]))
        assert shown["games"] == str(games)
        assert shown["k"] == ("" if p["coefficient"] is None else str(p["coefficient"]))
        assert float(shown["sum-w"]) == p["sum_w"]
        assert shown["new"] == ("" if p["new_value"] is None else str(p["new_value"]))
    assert page["1001"]["new"] == "1802" and page["1001"]["sum-w"] == "1.68"
    assert page["FIDE:99000006"]["new"] == "1993"
    # the page names the rule set and the table (W8, W9)
    assert "fide-b02-derived" in html and "2025-01-01" in html


def test_w1_only_closed_tournaments_count(client, public_club, make_user):
    """An open (not closed) tournament is not in the forecast: without a closed tournament
    there is nothing to predict; once closed, Alpha's 3 countable games appear."""
    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    row = services.import_tournament(public_club, OPEN, "open-5r.trf")
    html = client.get(url(public_club)).content.decode()
    assert "1001" not in page_rows(html)
    Tournament.objects.filter(pk=row.pk).update(closed_at=timezone.now())
    assert page_rows(client.get(url(public_club)).content.decode())["1001"]["games"] == "3"


def test_w6_player_sheet_shows_each_game(client, public_club, make_user):
    """Alpha's sheet: +8.64, +3.36, −10.32 (B.02 8.1.2 expected .64/.36/.43, K 24)."""
    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    closed_import(public_club)
    response = client.get(url(public_club, "forecast/player/") + "?id=1001&rules=1998")
    assert response.status_code == 200
    html = response.content.decode()
    for w in ("+8.64", "+3.36", "-10.32", "1801.68"):
        assert w in html
    assert "1998" in html
    missing = client.get(url(public_club, "forecast/player/") + "?id=nobody")
    assert missing.status_code == 404


def test_w9_rule_set_chosen_on_the_page(client, public_club, make_user):
    """The chosen rule set is named on the page; Alpha's value does not depend on it (1802),
    but the page shows the 1998 regulation's parameters (10 games, 1450)."""
    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    closed_import(public_club)
    html = client.get(url(public_club) + "?rules=1998").content.decode()
    assert "<code>1998</code>" in html and "1450" in html
    assert page_rows(html)["1001"]["new"] == "1802"


def test_w9_uplift_applied_to_a_list_dated_before_2025(client, public_club, make_user):
    """A list dated 2024-12-31 under the current rules: Alpha 1800 → FA 1800 + 0.3 × 200 = 1860
    before the games. K 24: vs Bravo (1700 → 1790): D +70 → .60 → +9.60; vs Charlie
    (1900 → 1930): D −70 → .40 → +2.40; vs Delta (1850 → 1895): D −35 → .45 → −10.80.
    ΣW = +1.20 → 1861.20 → 1861."""
    manager = manager_client(make_user)
    assert upload(manager, list_date="2024-12-31").status_code == 302
    assert lists.current_version("fse").list_date.isoformat() == "2024-12-31"
    client.force_login(make_user("owner", public_club, Role.OWNER))
    closed_import(public_club)
    html = client.get(url(public_club)).content.decode()
    alpha = page_rows(html)["1001"]
    assert (alpha["sum-w"], alpha["new"]) == ("1.20", "1861")


def test_bad_csv_names_line_and_column_and_keeps_the_stored_list(client, public_club, make_user):
    """A bad points cell on line 3 (column 3) is refused with 400; the list stored before is
    kept row for row (still the current version, no new one); the club's page still computes
    from it."""
    manager = manager_client(make_user)
    assert upload(manager).status_code == 302
    before = list(ListRow.objects.values_list("code", "points"))
    bad = LIST.replace(b"1700,60", b"17x0,60")
    response = upload(manager, bad)
    assert response.status_code == 400
    text = response.content.decode()
    assert "Ligne 3, colonne 3" in text and "17x0" in text
    assert list(ListRow.objects.values_list("code", "points")) == before
    (only,) = versions("fse")
    assert lists.current_version("fse") == only and only.source == "previous.csv"
    client.force_login(make_user("owner", public_club, Role.OWNER))
    closed_import(public_club)
    assert page_rows(client.get(url(public_club)).content.decode())["1001"]["new"] == "1802"


def test_upload_is_the_site_role_not_a_club_role(client, public_club, make_user):
    """Was ``test_upload_needs_manage_roster``: the list is site data now. The club's arbiter
    and owner see the page but may not import (403 on the site's list page, no link to it); an
    anonymous visitor is sent to the login page; nothing is stored. A federation data manager
    imports it, and the club's page then reads it."""
    for name, role in (("arb", Role.ARBITER), ("owner", Role.OWNER)):
        client.force_login(make_user(name, public_club, role))
        page = client.get(url(public_club))
        assert page.status_code == 200
        assert f'href="{list_url("fse")}"'.encode() not in page.content
        assert upload(client).status_code == 403
    client.logout()
    response = upload(client)
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert not ListRow.all_versions.exists() and not versions("fse")
    assert upload(manager_client(make_user)).status_code == 302
    assert "previous.csv" in client.get(url(public_club)).content.decode()


def test_private_club_page_hidden(client, private_club):
    """Whoever does not see the club gets 404."""
    assert client.get(url(private_club)).status_code == 404


def test_w4_tournament_without_time_control_listed_with_the_reason(client, public_club, make_user):
    """The same tournament without its tempo line is not countable (W4: no time control
    given), every game is listed as not counted, values stay (Alpha 1800, 0 games); with the
    page's time control 90 + 30 (first 36 moves 90 + 18 = 108 ≥ 90 minutes, 2 × (90 + 30) =
    240 minutes) it counts again: Alpha 1802."""
    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    closed_import(public_club, OPEN.replace(b"122 90 min + 30 s\n", b""), "no-tempo.trf")
    html = client.get(url(public_club)).content.decode()
    assert "aucune cadence indiquée (W4)" in html
    assert page_rows(html)["1001"]["new"] == "1800"
    assert page_rows(html)["1001"]["games"] == "0"
    html = client.get(url(public_club) + "?rules=current&time_control=90%2B30").content.decode()
    assert page_rows(html)["1001"]["new"] == "1802"


def test_bad_period_choice_is_a_400_with_the_field_named(client, public_club, make_user):
    """An unreadable time control or date is refused (400) and nothing is computed."""
    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    closed_import(public_club)
    response = client.get(url(public_club) + "?time_control=quick")
    assert response.status_code == 400 and "1001" not in page_rows(response.content.decode())
    assert client.get(url(public_club) + "?date=2025-02-31").status_code == 400


def test_page_in_french_and_linked_from_the_club_page(client, public_club, make_user):
    """The page speaks French first (its title "Prévision liste FSE", the rule set "paramètres
    actuels (2025)") and in German on request; the club page links to it."""
    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    closed_import(public_club)
    html = client.get(url(public_club)).content.decode()
    assert "Prévision liste FSE" in html and "paramètres actuels (2025)" in html
    assert "entrée après 7 parties comptabilisables" in html
    german = client.get(url(public_club), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Prognose SSB-Liste" in german and "Neuer Wert" in german
    assert url(public_club) in client.get(f"/clubs/{public_club.number}/").content.decode()


def test_w8_table_replaced_by_the_administrator(
    client, public_club, make_user, monkeypatch, tmp_path
):
    """CHESSCLUB_FSE_TABLE names another table: the page uses and names it. In this table every
    difference expects 50 %: Alpha (K 24) beats Bravo: 24 × (1 − .50) = +12; draws Charlie:
    24 × 0 = 0; loses to Delta: 24 × (0 − .50) = −12; ΣW = 0 → 1800. A broken file is named
    on the page (503) and nothing is computed."""
    from chessclub.ratings.fse.tables import fide_derived_document

    doc = fide_derived_document() | {
        "name": "flat-test",
        "version": "7",
        "expected_by_difference": [[0, None, 50]],
    }
    path = tmp_path / "flat.json"
    path.write_text(json.dumps(doc))
    monkeypatch.setenv("CHESSCLUB_FSE_TABLE", str(path))
    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    closed_import(public_club)
    html = client.get(url(public_club)).content.decode()
    assert "<code>flat-test</code>" in html
    assert (page_rows(html)["1001"]["sum-w"], page_rows(html)["1001"]["new"]) == ("0.00", "1800")
    path.write_text("{")
    response = client.get(url(public_club))
    assert response.status_code == 503 and "flat.json" in response.content.decode()


def options_url(club, row) -> str:
    return f"/clubs/{club.number}/fse/tournaments/{row.pk}/options/"


def test_w4_tournament_options_time_control_and_national_championship(
    client, public_club, make_user
):
    """A tournament without tempo gets its time control on the page (90 min + 30 s): Alpha
    1802 as with the file's tempo. Marked national championship with unrated players at 1400
    (as ``--national --unrated-value 1400`` on the CLI): Alpha's win against Echo counts too:
    D = +400 → .92, W = 24 × .08 = +1.92; ΣW = +3.60 → 1804."""
    from chessclub_web.fse.models import TournamentFseOptions

    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    row = closed_import(public_club, OPEN.replace(b"122 90 min + 30 s\n", b""), "no-tempo.trf")
    assert page_rows(client.get(url(public_club)).content.decode())["1001"]["new"] == "1800"
    prefix = f"t{row.pk}"
    response = client.post(options_url(public_club, row), {f"{prefix}-time_control": "90+30"})
    assert response.status_code == 302
    assert page_rows(client.get(url(public_club)).content.decode())["1001"]["new"] == "1802"
    response = client.post(
        options_url(public_club, row),
        {
            f"{prefix}-time_control": "90+30",
            f"{prefix}-national_championship": "on",
            f"{prefix}-unrated_value": "1400",
        },
    )
    assert response.status_code == 302
    alpha = page_rows(client.get(url(public_club)).content.decode())["1001"]
    assert (alpha["sum-w"], alpha["new"]) == ("3.60", "1804")
    assert TournamentFseOptions.objects.get().unrated_value == 1400


def test_tournament_options_refused_with_the_field_named(client, public_club, make_user):
    """An unreadable time control, or an unrated value outside a national championship, is
    refused (400) and nothing is stored; an arbiter gets 403; a tournament that is not closed,
    or of another club, 404."""
    from chessclub_web.clubs.models import Club
    from chessclub_web.fse.models import TournamentFseOptions

    owner = make_user("owner", public_club, Role.OWNER)
    client.force_login(owner)
    store()
    row = closed_import(public_club)
    prefix = f"t{row.pk}"
    bad = client.post(options_url(public_club, row), {f"{prefix}-time_control": "quick"})
    assert bad.status_code == 400 and "quick" in bad.content.decode()
    bad = client.post(options_url(public_club, row), {f"{prefix}-unrated_value": "1400"})
    assert bad.status_code == 400
    assert not TournamentFseOptions.objects.exists()
    other = Club.objects.create(name="Autre", number="702", public=True)
    foreign = closed_import(other)
    assert client.post(options_url(public_club, foreign), {}).status_code == 404
    open_row = services.import_tournament(public_club, OPEN, "again.trf", allow_duplicate=True)
    assert client.post(options_url(public_club, open_row), {}).status_code == 404
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    assert client.post(options_url(public_club, row), {}).status_code == 403


def test_w1_same_tournament_closed_twice_counts_once(client, public_club, make_user):
    """The same file imported twice (allowed with "import anyway") and both closed: the second
    is left out with the W1 reason; Alpha still has 3 games and 1802."""
    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    closed_import(public_club)
    row = services.import_tournament(public_club, OPEN, "copy.trf", allow_duplicate=True)
    Tournament.objects.filter(pk=row.pk).update(closed_at=timezone.now())
    html = client.get(url(public_club)).content.decode()
    assert page_rows(html)["1001"]["games"] == "3" and page_rows(html)["1001"]["new"] == "1802"
    assert "un tournoi ne compte qu'une fois (W1)" in html


def test_w2_roster_swiss_code_links_a_player_to_the_list(client, public_club, make_user):
    """The file spells Alpha differently ("Alpha, A."), so the name does not match the list;
    linked to the roster player whose Swiss code is 1001, she is list entry 1001 again (1802,
    3 games). A roster player with a Swiss code on the list who did not play (Golf, 1005,
    last game 2019-06-30) is shown too: removed after five years without activity (W3)."""
    from chessclub_web.clubs.models import Player
    from chessclub_web.tournaments.models import TournamentPlayer

    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    data = OPEN.replace(b"Alpha, Anna ", b"Alpha, A.   ")
    row = closed_import(public_club, data, "renamed.trf")
    html = client.get(url(public_club)).content.decode()
    assert "1001" not in page_rows(html) and "NEW:Alpha, A." in page_rows(html)
    alpha = Player.objects.create(club=public_club, surname="Alpha", swiss_code="1001")
    Player.objects.create(club=public_club, surname="Golf", swiss_code="1005")
    TournamentPlayer.objects.filter(tournament=row, name="Alpha, A.").update(roster_player=alpha)
    rows = page_rows(client.get(url(public_club)).content.decode())
    assert (rows["1001"]["new"], rows["1001"]["games"]) == ("1802", "3")
    assert rows["1005"]["status"] == "removed"


def test_player_sheet_of_a_private_club_hidden(client, private_club, make_user):
    """The sheet follows the club's visibility: 404 for a stranger, 200 for a member."""
    client.force_login(make_user("owner", private_club, Role.OWNER))
    store()
    closed_import(private_club)
    sheet = url(private_club, "forecast/player/") + "?id=1001"
    assert client.get(sheet).status_code == 200
    client.logout()
    assert client.get(sheet).status_code == 404


def test_two_players_one_list_entry_is_named_not_a_500(client, public_club, make_user):
    """A file where two players carry the same name as one list entry (Alpha, Anna = 1001)
    cannot be computed: the page says so, naming both players and the entry (409)."""
    client.force_login(make_user("owner", public_club, Role.OWNER))
    store()
    closed_import(public_club, OPEN.replace(b"Bravo, Beat ", b"Alpha, Anna "), "twice.trf")
    response = client.get(url(public_club))
    assert response.status_code == 409
    text = response.content.decode()
    assert "list entry 1001" in text and "Alpha, Anna" in text
