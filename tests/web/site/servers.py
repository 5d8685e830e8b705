"""Helpers of the deployment tests: throwaway PostgreSQL databases on the server of
``DATABASE_URL`` (CI's second pass), a gunicorn of the production set-up in a subprocess, and an
HTTP client that keeps cookies. Loopback only; every wait is bounded."""

from __future__ import annotations

import http.cookiejar
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
CHESSCLUB = BIN / "chessclub"
GUNICORN = BIN / "gunicorn"
DATABASE_URL = os.environ.get("DATABASE_URL", "").strip()
ON_POSTGRESQL = DATABASE_URL.startswith(("postgres://", "postgresql://"))
requires_postgresql = pytest.mark.skipif(
    not ON_POSTGRESQL,
    reason="needs PostgreSQL (a throwaway database on the server of DATABASE_URL): "
    "run with DATABASE_URL=postgresql://…, as CI's second pass does",
)
DEMO_USER, DEMO_PASSWORD = "demo", "demo-chessclub"  # chessclub demo's local account


def admin_url(database: str = "postgres") -> str:
    """``DATABASE_URL`` with its database name replaced by ``database``."""
    parts = urllib.parse.urlsplit(DATABASE_URL)
    return urllib.parse.urlunsplit(parts._replace(path=f"/{database}"))


def admin(sql: str) -> None:
    """Runs ``sql`` on the maintenance database, outside any transaction."""
    import psycopg

    with psycopg.connect(admin_url(), autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql)


@contextmanager
def throwaway_database(prefix: str) -> Iterator[str]:
    """A new empty database (``prefix`` + random suffix); yields its name, dropped at the end
    (its connections ended first)."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin(f"CREATE DATABASE {name}")
    try:
        yield name
    finally:
        admin(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
        admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def server_env(database: str, data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a production-like process on ``database``: its own secret key and
    data folder, DEBUG off."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHESSCLUB_")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.update(
        DATABASE_URL=admin_url(database),
        CHESSCLUB_SECRET_KEY=secrets.token_urlsafe(50),
        CHESSCLUB_DATA_DIR=str(data_dir),
        CHESSCLUB_DEBUG="0",
        CHESSCLUB_ALLOWED_HOSTS="127.0.0.1,localhost",
    )
    env.update(extra)
    return env


def load_demo(env: dict[str, str]) -> None:
    """``chessclub demo`` (migrations, then the demo club and its account) under ``env``."""
    subprocess.run([str(CHESSCLUB), "demo"], env=env, check=True, capture_output=True, timeout=300)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def gunicorn(env: dict[str, str], log: Path, workers: int = 2) -> Iterator[str]:
    """gunicorn (``workers`` sync workers) serving the site under ``env`` on a free loopback
    port, its standard error (the logs) written to ``log``; yields the base URL. Stopped at the
    end."""
    port = free_port()
    with log.open("w", encoding="utf-8") as stderr:
        process = subprocess.Popen(
            [
                str(GUNICORN),
                "chessclub_web.wsgi",
                "--workers",
                str(workers),
                "--bind",
                f"127.0.0.1:{port}",
                "--timeout",
                "60",
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
            except OSError:
                if process.poll() is None and time.monotonic() < deadline:
                    time.sleep(0.2)
                    continue
            else:
                break
            process.kill()
            process.wait()
            raise RuntimeError(f"gunicorn did not start: {log.read_text()[-2000:]}")
        yield f"http://127.0.0.1:{port}"
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


class Browser:
    """An HTTP client keeping cookies; :meth:`request` answers (status, headers, body) for
    every status, errors included."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect()
        )

    def request(
        self, path: str, data: dict[str, str] | None = None, **headers: str
    ) -> tuple[int, dict[str, str], str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.cookies if c.name == name), None)

    def log_in(self, username: str = DEMO_USER, password: str = DEMO_PASSWORD) -> None:
        """Logs in through the login form (CSRF token and all); asserts the redirect."""
        status, _, html = self.request("/accounts/login/")
        assert status == 200, status
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        assert token is not None
        status, headers, _ = self.request(
            "/accounts/login/",
            {"csrfmiddlewaretoken": token.group(1), "username": username, "password": password},
        )
        assert status == 302 and self.cookie("sessionid"), (status, headers)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def unreachable(*args: object, **kwargs: object) -> None:
    """Stands for a connection's ``create_cursor`` when the database cannot be reached: raises
    the driver's own error (SQLite: the file cannot be opened; psycopg: the server closed the
    connection), which Django wraps as it would a real one."""
    from django.db import connections

    if connections["default"].vendor == "postgresql":
        import psycopg

        raise psycopg.OperationalError("server closed the connection unexpectedly")
    import sqlite3

    raise sqlite3.OperationalError("unable to open database file")
