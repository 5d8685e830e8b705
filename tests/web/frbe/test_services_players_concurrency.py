"""Several federation data managers importing the federation's PLAYER list at once (spec
``frbe.md`` B3: "re-import updates without duplicating anyone"; the list is site data, each
import a version), on PostgreSQL — CI's second pass (``DATABASE_URL=postgres://…``); on
SQLite (one writer at a time) it is skipped.

Six managers post six versions of the same 200-player list at the same moment, on a site
where the list was never imported (its ``FederationList`` row does not exist yet: six first
uses at once); file ``v`` gives every player the rating 1000 + v and v + 20 games; odd files
list the players in the opposite order (two writers locking the same rows in opposite orders
deadlock unless the rows are written in one order). What B3 requires, by hand: every import
answers 302 (none 500, no deadlock), the imports are serialised into six consecutive versions
1–6 (one per file, one event each); the clubs see exactly 200 players (no duplicate, none
lost), those of the last version; every kept version holds 200 players whose ratings and
game counts all come from one and the same file (1000 + v with v + 20 games — never a rating
of one import with the games of another), and only the last ``KEEP_VERSIONS`` versions keep
their records.

An import (or a roll-back) that waited for another's lock must then work from the version
the other made current: its counts and event are against it, the same file is refused, a
roll-back undoes it. ``test_b3_change_waiting_for_an_import_sees_its_version`` makes one wait
for certain (the first import holds the list's lock until the second is seen waiting).
"""

from __future__ import annotations

import dataclasses
import threading
import time

import pytest
from django.db import connection
from django.test import Client

from chessclub_web.federation import services
from chessclub_web.federation.models import EventKind, ListEvent
from chessclub_web.frbe.models import FederationPlayer

from ..lists import make_manager, post_import, versions

pytestmark = pytest.mark.django_db(transaction=True)

CLIENTS = 6
PLAYERS = 200
HEADER = (
    "MATRICULE;NOM_PRENOM;SEXE;CLUB;DATE_NAISS;ELO_PRECE;PART_PRECE;ELO_CALCUL;PART_CALCU;"
    "TITRE;FIDE;NATFIDE;FEDERATION;DECEDE\n"
)


def version(v: int) -> bytes:
    rows = [
        f"{80000 + n};Joueur{n}, Test;M;601;;;0;{1000 + v};{v + 20};;;;F;F"
        for n in (range(PLAYERS) if v % 2 else reversed(range(PLAYERS)))
    ]
    return (HEADER + "\n".join(rows) + "\n").encode()


def test_b3_concurrent_imports_no_duplicate_no_mixed_record(make_user):
    if connection.vendor != "postgresql":
        pytest.skip(
            "needs PostgreSQL (concurrent writers): run with DATABASE_URL=postgresql://…, "
            "as CI's second pass does"
        )
    clients = []
    for n in range(CLIENTS):
        client = Client()
        client.force_login(make_manager(make_user, f"gest{n}"))
        clients.append(client)
    barrier = threading.Barrier(CLIENTS)
    statuses: list[int] = []
    errors: list[BaseException] = []

    def work(client: Client, v: int) -> None:
        try:
            barrier.wait(timeout=30)
            response = post_import(client, version(v), f"PLAYER-{v}.csv")
            statuses.append(response.status_code)
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(c, v)) for v, c in enumerate(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "an import never finished"
    assert not errors, errors
    assert statuses == [302] * CLIENTS
    done = versions()
    assert [v.number for v in done] == list(range(1, CLIENTS + 1))
    assert services.current_version("frbe") == done[-1]
    events = ListEvent.objects.filter(federation_list="frbe")
    assert sorted(events.values_list("version__number", flat=True)) == [v.number for v in done]
    assert all(e.action == EventKind.IMPORTED for e in events)
    assert [v.records for v in done] == [PLAYERS] * CLIENTS
    assert done[0].created == PLAYERS
    # six different files, one per manager
    assert len({v.sha256 for v in done}) == CLIENTS
    assert sorted(v.imported_by.username for v in done) == [f"gest{n}" for n in range(CLIENTS)]
    # the clubs see the last version's 200 players, each once
    assert FederationPlayer.objects.count() == PLAYERS
    assert FederationPlayer.objects.values("matricule").distinct().count() == PLAYERS
    kept = [v for v in done if v.rows_kept]
    assert kept == done[-services.KEEP_VERSIONS :]
    sources = set()
    for v in done:
        pairs = set(FederationPlayer.all_versions.filter(version=v).values_list("rating", "games"))
        if not v.rows_kept:
            assert pairs == set()
            continue
        assert FederationPlayer.all_versions.filter(version=v).count() == PLAYERS
        assert len(pairs) == 1, (v.number, pairs)  # one file's values, never mixed
        ((rating, games),) = pairs
        assert games == rating - 1000 + 20
        assert v.source == f"PLAYER-{rating - 1000}.csv"
        sources.add(rating)
    assert len(sources) == services.KEEP_VERSIONS


def _waiting_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


@pytest.mark.parametrize("second", ["import_other", "import_same", "rollback"])
def test_b3_change_waiting_for_an_import_sees_its_version(make_user, monkeypatch, second):
    """Version 1 is current. Manager A imports file 1 and holds the list's lock (inside its
    import) until manager B's change is seen waiting for that lock; then A finishes. B's change
    must see A's version 2 as current: another file becomes version 3 counted against
    version 2 (0 new, 50 changed) with version 2 as its event's ``previous``; the same file
    as A's is refused (409, nothing stored); a roll-back undoes A's import (version 1 current
    again)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (a transaction waiting for another's row lock)")
    from chessclub_web.federation import registry

    def small(v: int) -> bytes:
        rows = [
            f"{80000 + n};Joueur{n}, Test;M;601;;;0;{1000 + v};{v + 20};;;;F;F" for n in range(50)
        ]
        return (HEADER + "\n".join(rows) + "\n").encode()

    a, b = make_manager(make_user, "gestA"), make_manager(make_user, "gestB")
    services.import_list("frbe", small(0), "PLAYER-0.csv", a)
    original = registry.importer_for("frbe")
    holding, release = threading.Event(), threading.Event()

    def store(version, parsed, previous):
        if threading.current_thread().name == "A":
            holding.set()
            release.wait(timeout=30)
        return original.store(version, parsed, previous)

    monkeypatch.setitem(registry._IMPORTERS, "frbe", dataclasses.replace(original, store=store))
    outcome: dict[str, object] = {}

    def run(name: str, action) -> None:
        try:
            outcome[name] = action()
        except BaseException as exc:  # looked at below
            outcome[name] = exc
        finally:
            connection.close()

    changes = {
        "import_other": lambda: services.import_list("frbe", small(2), "PLAYER-2.csv", b),
        "import_same": lambda: services.import_list("frbe", small(1), "PLAYER-1b.csv", b),
        "rollback": lambda: services.roll_back("frbe", b),
    }
    first = threading.Thread(
        name="A",
        target=run,
        args=("A", lambda: services.import_list("frbe", small(1), "PLAYER-1.csv", a)),
    )
    first.start()
    assert holding.wait(timeout=30)
    waiting = threading.Thread(name="B", target=run, args=("B", changes[second]))
    waiting.start()
    deadline = time.monotonic() + 30
    while not _waiting_on_a_lock() and time.monotonic() < deadline:
        time.sleep(0.02)
    release.set()
    first.join(timeout=60)
    waiting.join(timeout=60)
    assert not first.is_alive() and not waiting.is_alive()
    assert getattr(outcome["A"], "number", None) == 2, outcome["A"]
    done = versions()
    current = services.current_version("frbe")
    if second == "import_other":
        assert [v.number for v in done] == [1, 2, 3]
        third = done[2]
        assert (third.records, third.created, third.updated, third.removed) == (50, 0, 50, 0)
        assert ListEvent.objects.get(version=third).previous == done[1]
        assert current == third
    elif second == "import_same":
        assert isinstance(outcome["B"], services.ListRefused), outcome["B"]
        assert [v.number for v in done] == [1, 2] and current == done[1]
    else:
        assert getattr(outcome["B"], "number", None) == 1, outcome["B"]
        assert current == done[0]
        event = ListEvent.objects.filter(action=EventKind.ROLLED_BACK).get()
        assert (event.version, event.previous) == (done[0], done[1])
