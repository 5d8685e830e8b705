"""R-REG-1, R-REG-2: the registration search over every list the site holds (spec
``rating-lists.md`` §4.3: tokens on the name, accents and case ignored, exact FIDE ID, exact
national ID; ranked exact ID > name prefix > the tournament's federation). A Belgian with a
FIDE ID found in the Belgian list and in FIDE's is one result with the national rating and the
FIDE ratings. FIDE's list is another developer's app: a fake ``fide`` search stands for it."""

from __future__ import annotations

import datetime

import pytest

from chessclub.model.list_player import ListPlayer
from chessclub_web.federation import registry
from chessclub_web.federation.search import list_player, name_key, search_lists
from chessclub_web.frbe.models import FederationPlayer
from chessclub_web.fse.models import ListRow

from ..lists import make_version

pytestmark = pytest.mark.django_db

FIDE_RECORDS = {
    "9990001": ListPlayer(
        list_kind="fide",
        key="9990001",
        name="Testeur, Alpha",
        fide_id="9990001",
        federation="BEL",
        title="FM",
        sex="M",
        birth_year=1990,
        fide_standard=2210,
        fide_rapid=2150,
        fide_blitz=2105,
    ),
    "9990009": ListPlayer(
        list_kind="fide",
        key="9990009",
        name="Testeur, Omega",
        fide_id="9990009",
        federation="FRA",
        fide_standard=1900,
    ),
}


def _fide_search(query: str, limit: int) -> list[ListPlayer]:
    words = name_key(query).split()
    return [
        p
        for p in FIDE_RECORDS.values()
        if query == p.fide_id or (words and all(w in name_key(p.name) for w in words))
    ][:limit]


@pytest.fixture
def fide_list(monkeypatch):
    fake = registry.ListSearch(kind="fide", search=_fide_search, get=FIDE_RECORDS.get)
    monkeypatch.setitem(registry._SEARCHES, "fide", fake)
    return fake


@pytest.fixture
def belgian_list():
    version = make_version("frbe")
    FederationPlayer.all_versions.bulk_create(
        [
            FederationPlayer(
                version=version,
                matricule=90001,
                name="Testeur, Alpha",
                sex="M",
                club=901,
                birth_date=datetime.date(1990, 4, 2),
                rating=2180,
                fide_id="9990001",
                title="FM",
            ),
            FederationPlayer(
                version=version,
                matricule=90002,
                name="Tëstéur, Bêta",
                sex="F",
                club=902,
                rating=1650,
                fide_id="0",
            ),
            FederationPlayer(version=version, matricule=90003, name="Autre, Testeur", rating=1400),
            FederationPlayer(version=version, matricule=90004, name="Testeur, Mort", deceased=True),
        ]
    )
    return version


@pytest.fixture
def swiss_list():
    version = make_version("fse")
    ListRow.all_versions.bulk_create(
        [
            ListRow(
                version=version,
                line=1,
                code="12345",
                name="Testeur, Gamma",
                points=1720,
                birth_date=datetime.date(2001, 1, 5),
                fide_id="9990003",
            )
        ]
    )
    return version


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
