"""The registration search over FIDE's list (``fide.search``, registered as the ``fide``
``ListSearch``): by FIDE ID, by the words of a name (accents and case ignored), name prefix
first, every answer through the ``name_key`` index; the records a search returns."""

from __future__ import annotations

import pytest
from django.db import connection

from chessclub.model.list_player import ListPlayer
from chessclub_web.federation.registry import searches
from chessclub_web.federation.search import search_lists
from chessclub_web.fide import search
from chessclub_web.fide.models import FidePlayer
from chessclub_web.fide.services import _name_key

from ..lists import make_version

pytestmark = pytest.mark.django_db


def add(fide_id: int, name: str, **fields) -> FidePlayer:
    version = fields.pop("version")
    return FidePlayer.objects.create(
        fide_id=fide_id,
        name=name,
        name_key=_name_key(name),
        changed_in=version,
        **fields,
    )


@pytest.fixture
def players():
    version = make_version("fide")
    add(1001, "Lékó, Péter", federation="HUN", sex="M", title="GM", standard_rating=2676,
        rapid_rating=2700, blitz_rating=2738, birth_year=1979, version=version)  # fmt: skip
    add(1002, "Lekovic, Petra", federation="SRB", sex="F", title="WIM", w_title="WIM",
        standard_rating=2150, flag="wi", version=version)  # fmt: skip
    add(1003, "Peterson, Leko", federation="NON", sex="M", w_title="", version=version)
    add(1004, "Smith, Leko Peter", federation="USA", sex="M", version=version)
    add(1005, "Nepomniachtchi, Ian", federation="FID", sex="M", title="GM", version=version)
    add(1006, "Aadya, Gowda", federation="IND", sex="F", title="WCM", w_title="WCM",
        blitz_rating=1807, birth_year=2013, flag="w", version=version)  # fmt: skip
    return version


def keys(found: list[ListPlayer]) -> list[str]:
    return [p.key for p in found]


def test_fide_search_is_registered_for_the_registration_search():
    assert "fide" in [s.kind for s in searches()]


def test_fide_search_by_id_exact(players):
    assert keys(search.search("1001", 20)) == ["1001"]
    assert search.search("100", 20) == []  # an ID is exact, not a prefix
    assert search.search("999999999999999999", 20) == []  # too long for an ID
    assert search.get("1002").name == "Lekovic, Petra"
    assert search.get("42") is None and search.get("x") is None


def test_fide_search_by_words_accents_and_case_ignored(players):
    assert keys(search.search("LÉKÓ", 20)) == ["1001", "1002"]  # Lekovic begins with leko
    assert keys(search.search("leko peter", 20)) == ["1001", "1003"]  # not Petra
    assert keys(search.search("nepo ian", 20)) == ["1005"]
    assert keys(search.search("Ian Nepo", 20)) == ["1005"]  # the surname typed second
    assert search.search("petr xyz", 20) == []  # every word must match


def test_fide_search_ranks_the_name_as_typed_then_its_first_word(players):
    """``leko pet``: *Lékó, Péter* begins with it; *Lekovic, Petra* begins with ``leko`` and
    holds ``pet…``; *Peterson, Leko* begins with ``pet…`` and holds ``leko``. *Smith, Leko
    Peter* holds both words, but neither begins the name: not found."""
    assert keys(search.search("leko pet", 20)) == ["1001", "1002", "1003"]
    assert keys(search.search("leko pet", 2)) == ["1001", "1002"]
    assert keys(search.search("le", 20)) == ["1001", "1002"]


def test_fide_search_one_letter_after_the_first_word_is_no_surname_start(players):
    """``l petra``: *Lekovic, Petra* (its surname begins with ``l``); ``petra l``: no name
    begins with ``petra``, and ``l`` alone is not tried as the surname's start."""
    assert keys(search.search("l petra", 20)) == ["1002"]
    assert search.search("petra l", 20) == []


def test_fide_search_record_fields(players):
    [leko] = search.search("1001", 1)
    assert leko == ListPlayer(
        list_kind="fide",
        key="1001",
        name="Lékó, Péter",
        fide_id="1001",
        federation="HUN",
        title="GM",
        sex="M",
        birth_year=1979,
        fide_standard=2676,
        fide_rapid=2700,
        fide_blitz=2738,
        inactive=False,
    )
    petra = search.get("1002")
    assert (petra.title, petra.inactive, petra.fide_rapid) == ("WIM", True, None)
    assert search.get("1003").federation == ""  # NON: no federation
    assert search.get("1006").title == "WCM"  # WCM in both columns


def test_fide_best_title_highest_of_the_two_columns():
    assert search.best_title("GM", "WGM") == "GM"
    assert search.best_title("FM", "WGM") == "WGM"
    assert search.best_title("", "WFM") == "WFM"
    assert search.best_title("WCM", "WCM") == "WCM"
    assert search.best_title("", "") == ""


def test_fide_search_through_the_combined_search(players):
    found = search_lists("leko", federation="HUN")
    assert found[0].key == "1001" and found[0].sources == ("fide",)


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's query plan")
def test_fide_search_reads_the_name_index(players):
    rows = FidePlayer.objects.filter(search._starting("leko"), search._holding(["pet"]))
    sql, params = rows.order_by("name_key").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql} LIMIT 20", params)
        plan = " ".join(str(row) for row in cursor.fetchall())
    assert "USING INDEX fide_player_name_key (name_key>? AND name_key<?)" in plan
    assert "TEMP B-TREE" not in plan  # the order is the index's


def test_fide_name_key_equals_the_searchs_name_key():
    from chessclub_web.federation.search import name_key

    for name in ("Vachier-Lagrave, Maxime", "O'Brien, Sean J.", "Lékó, Péter", "  A  B ", "Ü"):
        assert _name_key(name) == name_key(name)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's query plan")
def test_fide_search_can_read_the_name_index_on_postgresql(players):
    """The column compares bytes (``COLLATE "C"``): the range and the order are the index's.
    (Sequential scans are switched off: the planner would rightly scan six rows.)"""
    rows = FidePlayer.objects.filter(search._starting("leko"), search._holding(["pet"]))
    sql, params = rows.order_by("name_key").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(f"EXPLAIN {sql} LIMIT 20", params)
        plan = " ".join(row[0] for row in cursor.fetchall())
    assert "Index Scan using fide_player_name_key" in plan
    assert "Sort" not in plan
