"""Several managers importing the federation's PLAYER list at once (spec ``frbe.md`` B3:
"re-import updates without duplicating anyone"), on PostgreSQL — CI's second pass
(``DATABASE_URL=postgres://…``); on SQLite (one writer at a time) it is skipped.

Six clients post six versions of the same 200-player list at the same moment; version ``v``
gives every player the rating 1000 + v and v + 20 games; odd versions list the players in
the opposite order (two upserts locking the same rows in opposite orders deadlock unless the
rows are written in one order). What B3 requires, by hand: every
import answers 302 (none 500), there are exactly 200 players afterwards (no duplicate, none
lost), six import rows, and each player's rating and game count come from one and the same
version (1000 + v with v + 20 games — never a rating of one import with the games of another).
"""

from __future__ import annotations

import threading

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.frbe.models import FederationPlayer, PlayerListImport

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


def test_b3_concurrent_imports_no_duplicate_no_mixed_record(public_club, make_user):
    if connection.vendor != "postgresql":
        pytest.skip(
            "needs PostgreSQL (concurrent writers): run with DATABASE_URL=postgresql://…, "
            "as CI's second pass does"
        )
    clients = []
    for n in range(CLIENTS):
        client = Client()
        client.force_login(make_user(f"gest{n}", public_club, Role.OWNER))
        clients.append(client)
    barrier = threading.Barrier(CLIENTS)
    statuses: list[int] = []
    errors: list[BaseException] = []

    def work(client: Client, v: int) -> None:
        try:
            barrier.wait(timeout=30)
            response = client.post(
                reverse("frbe_players", args=(public_club.number,)),
                {"action": "import", "file": SimpleUploadedFile("PLAYER.csv", version(v))},
            )
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
    assert not errors, errors
    assert statuses == [302] * CLIENTS
    assert FederationPlayer.objects.count() == PLAYERS
    assert PlayerListImport.objects.count() == CLIENTS
    for rating, games in FederationPlayer.objects.values_list("rating", "games"):
        assert games == rating - 1000 + 20
