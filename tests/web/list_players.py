"""Rating-list records for the registration tests (R-REG-1…3): a fake FIDE list (another
developer's app brings the real one; this stands for its ``ListSearch``), a Belgian ``PLAYER``
version and a Swiss ranking list version, all with placeholder people. Import the fixtures
(``fide_list``, ``belgian_list``, ``swiss_list``) into a test module to use them."""

from __future__ import annotations

import datetime

import pytest

from chessclub.model.list_player import ListPlayer
from chessclub_web.federation import registry
from chessclub_web.federation.search import name_key
from chessclub_web.frbe.models import FederationPlayer
from chessclub_web.fse.models import ListRow

from .lists import make_version

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
    rows = FederationPlayer.all_versions.bulk_create(
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
    _searchable(FederationPlayer, rows)
    return version


def _searchable(model, rows):
    """The searched name the list's import stores (``name_key``)."""
    for row in rows:
        row.name_key = name_key(row.name)
    model.all_versions.bulk_update(rows, ["name_key"])


@pytest.fixture
def swiss_list():
    version = make_version("fse")
    rows = ListRow.all_versions.bulk_create(
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
    _searchable(ListRow, rows)
    return version
