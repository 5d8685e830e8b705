"""Concurrent writers on SQLite: they wait for each other instead of failing after a while, and
a write still locked out answers 503 "try again", never 500."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Tournament

ROOT = Path(__file__).resolve().parents[2]
ELITE = ROOT / "tests" / "fixtures" / "frbe" / "elite-2000-16p-7r.txt"
FORM = {"kind": "club", "time_control_category": "standard"}

# Run in a separate process: the test database of pytest-django is in memory, and concurrent
# writers need a database file (the real settings, a throwaway data folder).
CONCURRENT_IMPORTS = textwrap.dedent(
    """
    import json, sys, threading
    from chessclub_web import commands
    commands.setup()
    from django.db import connection, connections
    from chessclub_web.clubs.models import Club
    from chessclub_web.tournaments import services

    commands.ensure_migrated()
    club = Club.objects.create(name="Concurrent", number="800", public=True)
    data = open(sys.argv[1], "rb").read()
    options = connection.settings_dict["OPTIONS"]
    journal = connection.cursor().execute("PRAGMA journal_mode").fetchone()[0]
    connections.close_all()
    count = int(sys.argv[2])
    barrier = threading.Barrier(count)
    outcomes = []

    def work(index):
        try:
            barrier.wait()
            services.import_tournament(club, data, f"file-{index}.txt", allow_duplicate=True)
            outcomes.append("ok")
        except Exception as exc:
            outcomes.append(f"{type(exc).__name__}: {exc}")
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({
        "outcomes": outcomes,
        "stored": club.tournaments.count(),
        "options": {k: options.get(k) for k in ("transaction_mode", "timeout")},
        "journal": journal,
    }))
    """
)


@pytest.mark.skipif(
    bool(os.environ.get("DATABASE_URL", "").strip()), reason="SQLite only (DATABASE_URL is set)"
)
def test_concurrent_imports_on_sqlite_wait_for_each_other_and_all_succeed(tmp_path):
    env = {
        k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DJANGO_SETTINGS_MODULE"}
    }
    env["CHESSCLUB_DATA_DIR"] = str(tmp_path)
    threads = 8
    result = subprocess.run(
        [sys.executable, "-c", CONCURRENT_IMPORTS, str(ELITE), str(threads)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["options"] == {"transaction_mode": "IMMEDIATE", "timeout": 20}
    assert report["journal"] == "wal"
    assert report["outcomes"] == ["ok"] * threads, report["outcomes"]
    assert report["stored"] == threads


@pytest.mark.django_db
def test_database_locked_answers_503_try_again_not_500(
    client, public_club, make_user, elite_bytes, monkeypatch
):
    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(services, "import_tournament", locked)
    client.raise_request_exception = False
    client.force_login(make_user("adm", public_club, Role.OWNER))
    response = client.post(
        f"/clubs/{public_club.number}/import/",
        {"file": SimpleUploadedFile("e.txt", elite_bytes), **FORM},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    html = response.content.decode()
    assert "try again" in html
    assert 'class="site-footer' in html  # in the site's layout
    assert not Tournament.objects.exists()
    french = client.post(
        f"/clubs/{public_club.number}/import/",
        {"file": SimpleUploadedFile("e.txt", elite_bytes), **FORM},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert french.status_code == 503
    assert "réessayer" in french.content.decode()


@pytest.mark.django_db
def test_other_database_errors_still_answer_500(client, public_club, make_user, monkeypatch):
    def broken(*args, **kwargs):
        raise OperationalError("no such table: x")

    monkeypatch.setattr(services, "import_tournament", broken)
    client.raise_request_exception = False
    client.force_login(make_user("adm", public_club, Role.OWNER))
    response = client.post(
        f"/clubs/{public_club.number}/import/",
        {"file": SimpleUploadedFile("e.txt", b"x"), **FORM},
    )
    assert response.status_code == 500
