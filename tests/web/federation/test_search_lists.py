"""R-REG-1, R-REG-2: the registration search over every list the site holds (spec
``rating-lists.md`` §4.3: tokens on the name, accents and case ignored, exact FIDE ID, exact
national ID; ranked exact ID > name prefix > the tournament's federation). A Belgian with a
FIDE ID found in the Belgian list and in FIDE's is one result with the national rating and the
FIDE ratings. FIDE's list is another developer's app: a fake ``fide`` search stands for it."""

from __future__ import annotations

import datetime

import pytest

from chessclub_web.federation.search import list_player, search_lists

from ..list_players import belgian_list, fide_list, swiss_list

__all__ = ["belgian_list", "fide_list", "swiss_list"]  # the fixtures used below

pytestmark = pytest.mark.django_db


def test_r_reg_1_belgian_with_fide_id_is_one_result_with_both_ratings(fide_list, belgian_list):
    found = search_lists("alpha")
    assert len(found) == 1
    alpha = found[0]
    assert set(alpha.sources) == {"frbe", "fide"}
    assert (alpha.fide_id, alpha.national_id, alpha.national_kind) == ("9990001", "90001", "frbe")
    assert (alpha.national_rating, alpha.fide_standard, alpha.fide_rapid, alpha.fide_blitz) == (
        2180,
        2210,
        2150,
        2105,
    )
    assert (alpha.club, alpha.birth_date, alpha.federation, alpha.title) == (
        "901",
        datetime.date(1990, 4, 2),
        "BEL",
        "FM",
    )
    # Found by the FIDE ID too: still one result.
    by_id = search_lists("9990001")
    assert [p.national_id for p in by_id] == ["90001"]
    assert set(by_id[0].sources) == {"frbe", "fide"}


def test_r_reg_1_accents_and_case_ignored_both_ways(belgian_list):
    # "Tëstéur, Bêta" is stored with accents; the query has none, in capitals.
    assert [p.key for p in search_lists("TESTEUR BETA")] == ["90002"]
    # A query with accents finds a plain name.
    assert [p.key for p in search_lists("Téstëur, Àlpha")] == ["90001"]
    # The list's FIDE ID "0" is no FIDE ID; the federation defaults to BEL.
    beta = search_lists("beta")[0]
    assert (beta.fide_id, beta.federation, beta.national_rating) == ("", "BEL", 1650)


def test_r_reg_2_ranking_exact_id_then_prefix_then_federation(fide_list, belgian_list):
    # "testeur": Autre, Testeur holds the word but does not start with it: last. The deceased
    # Belgian is not offered. Of the prefix matches, the tournament's federation (FRA) first.
    names = [p.name for p in search_lists("testeur", federation="FRA")]
    assert names == ["Testeur, Omega", "Testeur, Alpha", "Tëstéur, Bêta", "Autre, Testeur"]
    names = [p.name for p in search_lists("testeur", federation="BEL")]
    assert names == ["Testeur, Alpha", "Tëstéur, Bêta", "Testeur, Omega", "Autre, Testeur"]
    # A matricule typed: that player only.
    assert [p.key for p in search_lists("90003")] == ["90003"]
    assert search_lists("   ") == []


def test_r_reg_1_swiss_list_by_code_and_name(swiss_list, fide_list):
    (gamma,) = search_lists("12345")
    assert (gamma.list_kind, gamma.national_id, gamma.national_kind) == ("fse", "12345", "fse")
    assert (gamma.federation, gamma.national_rating, gamma.fide_id) == ("SUI", 1720, "9990003")
    assert gamma.birth_year == 2001
    assert [p.key for p in search_lists("gamma")] == ["12345"]


def test_r_reg_1_list_player_completes_by_fide_record(fide_list, belgian_list):
    alpha = list_player("frbe", "90001")
    assert alpha is not None
    assert (alpha.national_rating, alpha.fide_rapid) == (2180, 2150)
    assert list_player("frbe", "99999") is None
    assert list_player("frbe", "abc") is None
    assert list_player("nope", "1") is None
    assert list_player("fide", "9990009").name == "Testeur, Omega"
