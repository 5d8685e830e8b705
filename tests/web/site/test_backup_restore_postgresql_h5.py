"""H5: the backup and restore procedure of docs/deploy.md, on PostgreSQL: a database with a
tournament and its games is dumped with ``pg_dump -Fc``, restored with ``pg_restore`` into a new
database, and the restored rows (tournament, players, rounds, games) equal the original's; the
site then serves the restored tournament. Skipped on SQLite (CI's second pass runs it)."""

from __future__ import annotations

import shutil
import subprocess

import psycopg
import pytest

from .servers import Browser, admin_url, gunicorn, load_demo, requires_postgresql, server_env
from .servers import throwaway_database as database

pytestmark = [
    requires_postgresql,
    pytest.mark.skipif(not shutil.which("pg_dump"), reason="needs pg_dump and pg_restore"),
]

TABLES = [
    "tournaments_tournament",
    "tournaments_tournamentplayer",
    "tournaments_round",
    "tournaments_game",
]


def _rows(name: str) -> dict[str, list[tuple]]:
    with psycopg.connect(admin_url(name), connect_timeout=5) as conn:
        return {
            table: conn.execute(f"SELECT * FROM {table} ORDER BY id").fetchall() for table in TABLES
        }


def test_h5_pg_dump_custom_format_restores_the_same_tournament_and_games(tmp_path):
    dump = tmp_path / "chessclub.dump"
    with database("chessclub_backup") as original, database("chessclub_restored") as restored:
        load_demo(server_env(original, tmp_path / "a"))
        subprocess.run(
            ["pg_dump", "--format=custom", "--no-owner", f"--file={dump}", admin_url(original)],
            check=True,
            capture_output=True,
            timeout=300,
        )
        subprocess.run(
            [
                "pg_restore",
                "--no-owner",
                "--exit-on-error",
                f"--dbname={admin_url(restored)}",
                str(dump),
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
        before, after = _rows(original), _rows(restored)
        assert len(before["tournaments_tournament"]) == 1
        assert len(before["tournaments_game"]) >= 49  # the demo's 7 rounds of 8 boards, byes aside
        assert after == before
        env = server_env(restored, tmp_path / "b")
        with gunicorn(env, tmp_path / "gunicorn.log", workers=1) as base:
            status, _, html = Browser(base).request("/clubs/618/tournaments/1/")
        assert status == 200 and "Claire" in html
