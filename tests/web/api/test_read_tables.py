"""The crosstable and the tiebreak explanations through the read API, against the pages'
values on the demo tournament (the 2000 Belgian championship, src/chessclub_web/demo: Charlie
Claire wins with 5/7), the exact values beside the labels, ?round=N (spec S1, S3), 304."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest

from chessclub_web.tournaments.models import Tournament

API = "/api/v1"


def _demo() -> Tournament:
    return Tournament.objects.get(club__number="618")


def _base(row: Tournament) -> str:
    return f"{API}/clubs/618/tournaments/{row.pk}"


def _row_text(page: str, pairing_number: int) -> str:
    """The page's row ``id="player-N"`` as text."""
    found = re.search(rf'<tr id="player-{pairing_number}">(.*?)</tr>', page, re.S)
    assert found, pairing_number
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def _label(value: Fraction) -> str:
    """A value as the pages write it (halves and quarters with their signs)."""
    whole, rest = divmod(value, 1)
    signs = {Fraction(0): "", Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}
    return f"{whole or ''}{signs[rest]}" if rest else str(whole)


def test_api_crosstable_winner_row_is_the_pages(client, demo):
    row = _demo()
    data = client.get(f"{_base(row)}/crosstable").json()
    assert data["after_round"] == 7
    assert [r["number"] for r in data["rounds"]] == [1, 2, 3, 4, 5, 6, 7]
    winner = data["rows"][0]
    assert (winner["rank"], winner["name"], winner["points"]) == ("1", "Charlie Claire", "5")
    assert len(winner["cells"]) == 7
    # The cells add up to the points: 5 out of 7 (the demo's README).
    assert sum(Fraction(c["points"].replace("½", ".5") or 0) for c in winner["cells"]) == 5
    page = client.get(f"{demo}crosstable/").content.decode()
    shown = _row_text(page, winner["pairing_number"])
    expected = " ".join(
        [winner["rank"], str(winner["pairing_number"]), winner["name"], winner["rating"]]
        + [c["text"] for c in winner["cells"]]
        + [winner["points"]]
        + [t["shown"] for t in winner["tiebreaks"] if t["shown"]]
    )
    assert shown == expected
    # Each cell names a real opponent whose own cell of that round names the winner back.
    rows = {r["pairing_number"]: r for r in data["rows"]}
    for cell in winner["cells"]:
        back = rows[cell["opponent"]]["cells"][cell["round"] - 1]
        assert back["opponent"] == winner["pairing_number"]
        assert {cell["colour"], back["colour"]} == {"W", "B"}


def test_api_crosstable_after_round_3_is_the_pages(client, demo):
    row = _demo()
    data = client.get(f"{_base(row)}/crosstable?round=3").json()
    assert data["after_round"] == 3
    page = client.get(f"{demo}crosstable/?round=3").content.decode()
    for line in data["rows"]:
        assert len(line["cells"]) == 3
        shown = _row_text(page, line["pairing_number"])
        assert shown.startswith(f"{line['rank']} {line['pairing_number']} {line['name']}")
        assert " ".join(c["text"] for c in line["cells"]) in shown


@pytest.mark.parametrize(("query", "status"), [("?round=x", 400), ("?round=9", 404)])
def test_api_crosstable_refuses_a_round_the_page_refuses(client, demo, query, status):
    response = client.get(f"{_base(_demo())}/crosstable{query}")
    assert response.status_code == status
    assert response.json()["error"]


def test_api_exact_values_are_what_the_labels_were_written_from(client, demo):
    data = client.get(f"{_base(_demo())}/standings").json()
    for line in data["rows"]:
        assert _label(Fraction(line["points_exact"])) == line["points"]
        for value in line["tiebreaks"]:
            assert value["exact"] is not None
            assert _label(Fraction(value["exact"])) == value["display"], (line["name"], value)
    # The winner's Sonneborn-Berger is a quarter: the page's 18¼ is exactly 73/4.
    sb = next(t for t in data["rows"][0]["tiebreaks"] if t["code"] == "SB")
    assert (sb["display"], sb["exact"]) == ("18¼", "73/4")


def test_api_explanation_buchholz_equals_the_standings_and_its_terms_add_up(client, demo):
    row = _demo()
    standings = client.get(f"{_base(row)}/standings").json()
    line = next(r for r in standings["rows"] if r["name"] == "Alpha Anne")
    bh = next(t for t in line["tiebreaks"] if t["code"] == "BH")
    data = client.get(f"{_base(row)}/players/{line['pairing_number']}/explain?code=BH").json()
    assert data["player"]["points_exact"] == line["points_exact"]
    (explained,) = data["tiebreaks"]
    assert explained["code"] == "BH"
    assert explained["exact"] == bh["exact"]
    assert explained["shown"] == bh["display"]
    counted = [Fraction(c["value_exact"]) for c in explained["contributions"] if c["counted"]]
    assert sum(counted) == Fraction(bh["exact"])
    # Each term is the opponent's (adjusted) score as the page's table writes it.
    for term in explained["contributions"]:
        assert _label(Fraction(term["value_exact"])) == term["value"]
    page = html.unescape(client.get(f"{demo}explain/{line['pairing_number']}/BH/").content.decode())
    assert f"— {explained['value']}</h2>" in page


def test_api_explanation_of_every_tiebreak_and_its_refusals(client, demo):
    row = _demo()
    data = client.get(f"{_base(row)}/players/3/explain").json()
    assert [t["code"] for t in data["tiebreaks"]] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    bhc1 = data["tiebreaks"][0]
    assert any(not c["counted"] and c["cut"] for c in bhc1["contributions"])  # Cut-1
    assert (
        client.get(f"{_base(row)}/players/3/explain?code=bh-c1").json()["tiebreaks"][0]["code"]
        == "BH/C1"
    )
    assert client.get(f"{_base(row)}/players/99/explain").status_code == 404
    assert client.get(f"{_base(row)}/players/3/explain?code=KS").status_code == 404
    assert client.get(f"{_base(row)}/players/3/explain?code=ZZZ").status_code == 404


def test_api_crosstable_and_explanation_answer_304(client, demo):
    row = _demo()
    for url in (f"{_base(row)}/crosstable", f"{_base(row)}/players/3/explain"):
        first = client.get(url)
        assert first.status_code == 200
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert (again.status_code, again.content) == (304, b"")
