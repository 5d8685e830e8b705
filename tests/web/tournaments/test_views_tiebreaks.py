"""Tiebreaks on the web (issue 3, items 2–4; spec S1–S5): the tournament's *Paramètres*
(tiebreaks in order, rule era, drawing of lots), the tiebreak columns of the *Classement* and
the *Grille américaine*, and the explanation page of every value."""

from __future__ import annotations

import re

import pytest

from chessclub.formats import read_tournament
from chessclub.standings import compute_standings
from chessclub.tiebreaks import RuleEra
from chessclub_web.clubs.models import Club, Role
from chessclub_web.clubs.permissions import PERMISSIONS, Action
from chessclub_web.tournaments import presentation, services
from chessclub_web.tournaments.adapters import standings_settings, system_default_codes
from chessclub_web.tournaments.models import Tournament

from ..conftest import ELITE_FILE

pytestmark = pytest.mark.django_db


def _row(html: str, pairing_number: int) -> str:
    match = re.search(rf'<tr id="player-{pairing_number}">(.*?)</tr>', html, re.S)
    assert match, f"no row for player {pairing_number}"
    return match.group(1)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def _tiebreak_cells(row_html: str) -> list[str]:
    return [_text(c) for c in re.findall(r'<td class="num tiebreak">(.*?)</td>', row_html, re.S)]


def _headers(html: str) -> list[str]:
    return re.findall(r'<th class="num tiebreak"><abbr title="[^"]*">([^<]*)</abbr></th>', html)


def _order(html: str) -> list[int]:
    body = html[html.index("<tbody>") :]
    return [int(n) for n in re.findall(r'<tr id="player-(\d+)">', body)]


@pytest.fixture
def row(demo) -> Tournament:
    return Tournament.objects.get(club__number="618")


@pytest.fixture
def settings_url(demo) -> str:
    return demo + "settings/"


def _post(client, url: str, tiebreaks: str = "", rules: str = "", lots: bool = False):
    data = {"tiebreaks": tiebreaks, "tiebreak_rules": rules}
    if lots:
        data["draw_lots"] = "on"
    return client.post(url, data, HTTP_ACCEPT_LANGUAGE="en")


# --- S4 defaults and the columns -----------------------------------------------------------


def test_s4_default_tiebreaks_swiss(client, demo, row):
    assert (row.tiebreaks, row.tiebreak_rules, row.draw_lots) == ("", "", False)
    html = client.get(demo, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert _headers(html) == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert "Tiebreaks: BH/C1, BH, SB, DE, WIN — FIDE C.07 rules of 2009" in html
    settings = standings_settings(row)
    assert settings.era is RuleEra.PRE_2023  # started 1 June 2000
    assert settings.codes_are_default and settings.era_from_start_date


def test_s4_default_tiebreaks_round_robin():
    assert system_default_codes("round_robin") == ("DE", "SB", "WIN", "KS")
    assert system_default_codes("double_round_robin") == ("DE", "SB", "WIN", "KS")
    assert system_default_codes("swiss") == ("BH/C1", "BH", "SB", "DE", "WIN")


def test_s1_classement_shows_tiebreak_columns(client, demo):
    """Alpha Anne (1), worked by hand under the 2009 rules (see tests/core/cli/test_cli.py)."""
    html = client.get(demo, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    # DE separates no one here (no two players share points, BH/C1, BH and SB): no value.
    assert _tiebreak_cells(_row(html, 1)) == ["25", "27½", "16¾", "", "2"]
    assert '<abbr title="Buchholz (Cut-1)">BH/C1</abbr>' in html
    # Tied after every tiebreak? No one here: every rank is a single number.
    ranks = re.findall(r'<td class="num rank">([^<]*)</td>', html)
    assert ranks == [str(n) for n in range(1, 17)]
    # The 4½ group is separated by BH/C1 then BH: 9 (26, 29), 2 (26, 27½), 1, 4 (25, 27½, SB).
    assert _order(html)[:5] == [3, 9, 2, 1, 4]


def test_s1_classement_tiebreak_values_match_the_core(client, demo):
    tournament = read_tournament(ELITE_FILE.read_bytes(), source=ELITE_FILE.name)
    codes = ("BH/C1", "BH", "SB", "DE", "WIN")
    expected = compute_standings(tournament, codes, era=RuleEra.PRE_2023)
    html = client.get(demo).content.decode()
    assert _order(html) == [int(r.player.pairing_number) for r in expected]
    for standing in expected:
        cells = _tiebreak_cells(_row(html, int(standing.player.pairing_number)))
        assert standing.tiebreaks["DE"] == 1  # tied with no one when DE applies
        # DE is shown only where it separates tied players (C.07 Art. 6): nowhere here.
        assert cells == [
            "" if c == "DE" else presentation.value_label(standing.tiebreaks[c]) for c in codes
        ]


def test_s2_grille_shows_tiebreak_columns_after_points(client, demo):
    html = client.get(demo + "crosstable/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert _headers(html) == ["BH/C1", "BH", "SB", "DE", "WIN"]
    header = html[html.index("<thead>") : html.index("</thead>")]
    assert header.index("Points") < header.index("BH/C1")
    row = _row(html, 1)
    assert row.index('class="num points"') < row.index('class="num tiebreak"')
    assert _tiebreak_cells(row) == ["25", "27½", "16¾", "", "2"]  # DE separates no one


def test_s1_tiebreak_values_link_to_their_explanation(client, demo):
    html = client.get(demo).content.decode()
    links = re.findall(r'<td class="num tiebreak"><a href="([^"]+)">', _row(html, 1))
    # DE has no value (it separates no one here), so no link; its page still answers.
    assert links == [f"{demo}explain/1/{code}/" for code in ("BH/C1", "BH", "SB", "WIN")]
    assert all(client.get(link).status_code == 200 for link in [*links, f"{demo}explain/1/DE/"])


def test_s5_print_view_keeps_tiebreak_columns_without_buttons(client, demo):
    html = client.get(demo + "?print=1").content.decode()
    assert _headers(html) == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert 'media="all"' in html
    from django.contrib.staticfiles import finders

    with open(finders.find("chessclub_web/print.css"), encoding="utf-8") as css:
        print_css = css.read()
    assert ".standings th" in print_css and "position: static" in print_css


# --- Paramètres --------------------------------------------------------------------------


def test_s1_settings_change_columns_and_order(demo_owner, demo, settings_url, row):
    before = _order(demo_owner.get(demo).content.decode())
    response = _post(demo_owner, settings_url, "sb, win", "2023")
    assert response.status_code == 302 and response["Location"] == demo
    row.refresh_from_db()
    assert (row.tiebreaks, row.tiebreak_rules) == ("SB,WIN", "2023")
    html = demo_owner.get(demo, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert _headers(html) == ["SB", "WIN"]
    assert "Tiebreaks: SB, WIN — FIDE C.07 rules of 2023" in html
    tournament = read_tournament(ELITE_FILE.read_bytes(), source=ELITE_FILE.name)
    expected = compute_standings(tournament, ("SB", "WIN"), era=RuleEra.C07_2023)
    after = _order(html)
    assert after == [int(r.player.pairing_number) for r in expected]
    assert after != before
    assert after[:5] == [3, 9, 1, 4, 2]  # SB now decides the 4½ group
    crosstable = demo_owner.get(demo + "crosstable/").content.decode()
    assert _headers(crosstable) == ["SB", "WIN"]


def test_s1_settings_page_lists_the_catalogue_and_current_settings(demo_owner, settings_url):
    response = demo_owner.get(settings_url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    for code, article in (("BH", "C.07 Art. 8.1"), ("KS", "C.07 Art. 9.2"), ("DE", "C.07 Art. 6")):
        assert f"<code>{code}</code>" in html and article in html
    assert "Sonneborn-Berger" in html and "Direct Encounter" in html
    assert "Follow the start date (now: 2009)" in html
    assert "BH/C1, BH, SB, DE, WIN" in html  # the defaults, named in the help
    assert 'name="csrfmiddlewaretoken"' in html


def test_s1_settings_bad_code_refused_naming_it(demo_owner, settings_url, row):
    response = _post(demo_owner, settings_url, "BH/C1, XYZ, SB", "2023")
    assert response.status_code == 400
    assert "XYZ" in response.content.decode()
    assert "not a tiebreak code" in response.content.decode()
    response = _post(demo_owner, settings_url, "WIN/C1", "")
    assert response.status_code == 400
    assert "WIN/C1" in response.content.decode()
    response = _post(demo_owner, settings_url, "BH, bh", "")
    assert response.status_code == 400 and "listed twice" in response.content.decode()
    response = _post(demo_owner, settings_url, "BH", "1999")
    assert response.status_code == 400
    row.refresh_from_db()
    assert (row.tiebreaks, row.tiebreak_rules) == ("", "")  # nothing stored


def test_s1_settings_store_canonical_spelling(demo_owner, settings_url, row):
    assert _post(demo_owner, settings_url, "bh-c1 ge ks/l+1 sb/m1", "").status_code == 302
    row.refresh_from_db()
    assert row.tiebreaks == "BH/C1,REP,KS/L+1,SB/M1"


def test_s1_settings_empty_means_the_defaults(demo_owner, settings_url, demo, row):
    _post(demo_owner, settings_url, "SB", "2026")
    assert _post(demo_owner, settings_url, "", "").status_code == 302
    row.refresh_from_db()
    assert (row.tiebreaks, row.tiebreak_rules) == ("", "")
    assert _headers(demo_owner.get(demo).content.decode()) == ["BH/C1", "BH", "SB", "DE", "WIN"]


def test_s1_drawing_of_lots_seed_drawn_once_kept_and_shown(demo_owner, settings_url, demo, row):
    assert _post(demo_owner, settings_url, "WIN", "", lots=True).status_code == 302
    row.refresh_from_db()
    seed = row.lots_seed
    assert row.draw_lots and seed is not None
    html = demo_owner.get(demo, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"seed {seed}" in html
    ranks = re.findall(r'<td class="num rank">([^<]*)</td>', html)
    assert ranks == [str(n) for n in range(1, 17)]  # lots decided every remaining tie
    lots = re.findall(r'<td class="num lot">([^<]*)</td>', html)
    assert any(lots)
    tournament = read_tournament(ELITE_FILE.read_bytes(), source=ELITE_FILE.name)
    expected = compute_standings(tournament, ("WIN",), era=RuleEra.PRE_2023, lots_seed=seed)
    assert _order(html) == [int(r.player.pairing_number) for r in expected]
    assert f"<strong>{seed}</strong>" in demo_owner.get(settings_url).content.decode()
    # switched off: ties share the rank again; switched on: the same seed.
    _post(demo_owner, settings_url, "WIN", "")
    html = demo_owner.get(demo).content.decode()
    assert any("–" in r for r in re.findall(r'<td class="num rank">([^<]*)</td>', html))
    _post(demo_owner, settings_url, "WIN", "", lots=True)
    row.refresh_from_db()
    assert row.lots_seed == seed


def test_s1_cache_invalidated_after_settings_change(
    demo_owner, demo, settings_url, row, monkeypatch
):
    calls = []
    original = presentation.summarize

    def counting(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(presentation, "summarize", counting)
    demo_owner.get(demo)
    demo_owner.get(demo)
    assert len(calls) == 1
    revision = row.revision
    _post(demo_owner, settings_url, "SB", "")
    row.refresh_from_db()
    assert row.revision != revision
    assert _headers(demo_owner.get(demo).content.decode()) == ["SB"]
    assert len(calls) == 2


def test_s1_settings_allowed_to_owner_and_administrators():
    assert Action.EDIT_TOURNAMENT_SETTINGS in PERMISSIONS[Role.OWNER]
    assert Action.EDIT_TOURNAMENT_SETTINGS in PERMISSIONS[Role.ADMINISTRATOR]
    assert Action.EDIT_TOURNAMENT_SETTINGS not in PERMISSIONS[Role.ARBITER]


def test_s1_settings_administrator_may_edit(client, make_user, settings_url, row):
    client.force_login(make_user("admin", Club.objects.get(number="618"), Role.ADMINISTRATOR))
    assert client.get(settings_url).status_code == 200
    assert _post(client, settings_url, "SB", "").status_code == 302


@pytest.mark.parametrize("role", [Role.ARBITER, None])
def test_s1_settings_forbidden_for_arbiters_and_strangers(client, make_user, settings_url, role):
    club = Club.objects.get(number="618")
    client.force_login(make_user("someone", club if role else None, role))
    assert client.get(settings_url).status_code == 403
    assert _post(client, settings_url, "SB", "").status_code == 403
    assert Tournament.objects.get(club=club).tiebreaks == ""
    standings = client.get(settings_url.removesuffix("settings/")).content.decode()
    assert "settings/" not in standings  # no Paramètres tab for them


def test_s1_settings_anonymous_sent_to_login(client, settings_url):
    response = client.get(settings_url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert _post(client, settings_url, "SB", "").status_code == 302
    assert Tournament.objects.get().tiebreaks == ""


def test_s1_settings_need_csrf_token(demo, settings_url, django_user_model):
    from django.test import Client

    owner = Club.objects.get(number="618").memberships.get(role=Role.OWNER).user
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    assert _post(client, settings_url, "SB", "").status_code == 403
    assert Tournament.objects.get().tiebreaks == ""


@pytest.fixture
def private_tournament(private_club, elite_bytes, make_user) -> str:
    row = services.import_tournament(private_club, elite_bytes, "elite.txt")
    return f"/clubs/{private_club.number}/tournaments/{row.pk}/"


def test_s1_settings_and_explanations_404_in_private_club_for_outsiders(
    client, make_user, private_tournament
):
    for url in (private_tournament + "settings/", private_tournament + "explain/1/BH/C1/"):
        assert client.get(url).status_code == 404
    client.force_login(make_user("outsider"))
    for url in (private_tournament + "settings/", private_tournament + "explain/1/BH/C1/"):
        assert client.get(url).status_code == 404
    assert _post(client, private_tournament + "settings/", "SB").status_code == 404


def test_s1_settings_of_a_tournament_of_another_club_is_404(demo_owner, private_tournament):
    other = private_tournament.replace("/clubs/701/", "/clubs/618/")
    assert demo_owner.get(other + "settings/").status_code == 404


# --- Explanations -----------------------------------------------------------------------


@pytest.mark.parametrize("path", ["explain/1/BH/C1/", "explain/1/BH%2FC1/", "explain/1/bh-c1/"])
def test_s1_explanation_bh_c1_lists_the_cut_contribution(client, demo, path):
    response = client.get(demo + path, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    assert "BH/C1 of 1. Alpha Anne" in html
    assert "C.07 Art. 8.1" in html and "FIDE C.07 rules of 2009" in html
    rows = re.findall(r'<tr class="(counted|removed)">(.*?)</tr>', html, re.S)
    assert len(rows) == 7
    removed = [_text(r) for kind, r in rows if kind == "removed"]
    assert len(removed) == 1
    assert removed[0].startswith("3 12. Lima Louise 2½ 1 game 2½")
    assert "Cut-1: least significant contribution" in removed[0]
    assert f'href="{demo}#player-12"' in html  # the opponent's row
    assert re.search(r"<strong>25</strong>", html)


def test_s1_explanation_vur_cut_under_2023_rules(demo_owner, demo, settings_url):
    """Oscar (15) was absent from round 2 on: under the 2023 rules a voluntary unplayed round
    is cut first (C.07 Art. 16.5), its dummy opponent has his own score (Art. 16.4)."""
    _post(demo_owner, settings_url, "BH/C1", "2023")
    html = demo_owner.get(demo + "explain/15/BH/C1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    removed = [
        _text(r) for kind, r in re.findall(r'<tr class="(counted|removed)">(.*?)</tr>', html, re.S)
    ]
    assert any("dummy opponent (C.07 Art. 16.4)" in r for r in removed)
    assert "voluntary unplayed round (VUR) cut first (C.07 Art. 16.5)" in html
    assert "FIDE C.07 rules of 2023" in html
    assert ">VUR</abbr>" in html


def test_s1_explanation_virtual_opponent_under_2009_rules(client, demo):
    html = client.get(demo + "explain/15/BH/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "virtual opponent (C.02 Art. 13.15.3)" in html


def test_s1_explanation_direct_encounter_shows_the_tied_group(demo_owner, demo, settings_url):
    _post(demo_owner, settings_url, "DE, WIN", "")
    html = demo_owner.get(demo + "explain/1/DE/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Tied group" in html
    group = html[html.index("Tied group") :]
    for number in (1, 2, 4, 9):  # the 4½ group
        assert f"#player-{number}" in group
    assert "C.07 Art. 6" in html


@pytest.mark.parametrize(
    "path",
    [
        "explain/99/BH/C1/",  # no such player
        "explain/0/BH/",
        "explain/1/XYZ/",  # no such code
        "explain/1/BH/C9X/",  # malformed
        "explain/1/KS/",  # a code, but not one of the tournament's
        "explain/1/",
    ],
)
def test_s1_explanation_of_unknown_code_or_player_is_404(client, demo, path):
    assert client.get(demo + path).status_code == 404


def test_s1_explanation_links_to_the_players_other_tiebreaks(client, demo):
    html = client.get(demo + "explain/1/SB/").content.decode()
    assert f'href="{demo}explain/1/BH/C1/"' in html
    assert f'href="{demo}explain/1/WIN/"' in html
    assert '<strong aria-current="page">SB 16¾</strong>' in html


def test_s1_explanation_page_takes_get_and_head_only(client, demo):
    assert client.head(demo + "explain/1/BH/").status_code == 200
    assert client.post(demo + "explain/1/BH/").status_code == 405


def test_s1_classement_names_tiebreaks_and_rules_in_french(client, demo):
    html = client.get(demo, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Départages : BH/C1, BH, SB, DE, WIN — règles FIDE C.07 de 2009" in html
    assert '<abbr title="Résultat particulier">DE</abbr>' in html


def test_s1_explanation_labels_translated_in_french(client, demo):
    html = client.get(demo + "explain/1/BH/C1/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Adversaire" in html and "Score de l'adversaire" in html
    assert "Cut-1 : contribution la moins significative" not in html  # no stray space
    assert "Cut-1: contribution la moins significative" in html
    assert ">partie<" in _text_cells(html)
    oscar = client.get(demo + "explain/15/BH/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "adversaire virtuel (C.02 art. 13.15.3)" in oscar


def _text_cells(html: str) -> str:
    return "".join(f">{_text(c)}<" for c in re.findall(r"<td[^>]*>(.*?)</td>", html, re.S))


def test_s1_settings_bad_code_named_in_french(demo_owner, settings_url):
    response = demo_owner.post(
        settings_url, {"tiebreaks": "BH, XYZ", "tiebreak_rules": ""}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 400
    assert "« XYZ » n&#x27;est pas un code de départage du catalogue." in response.content.decode()


def test_s4_team_tiebreak_refused_in_individual_settings(client):
    """EMGSB is a team tiebreak (C.07 Art. 13): an individual tournament's settings refuse it."""
    from chessclub_web import commands

    url = commands.load_demo().splitlines()[-1]
    client.login(username=commands.DEMO_USERNAME, password=commands.DEMO_PASSWORD)
    before = Tournament.objects.get().tiebreaks
    response = client.post(
        url + "settings/",
        {"tiebreaks": "BH, EMGSB", "tiebreak_rules": ""},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 400
    assert "EMGSB" in response.content.decode()
    assert "départage par équipes" in response.content.decode()
    assert Tournament.objects.get().tiebreaks == before
