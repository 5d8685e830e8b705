"""H4 on PostgreSQL: while gunicorn serves the site, its database's connections are terminated
and the database is closed to new ones (a stopped or unreachable database, as the app sees it).
Every page then answers 503 with ``Retry-After`` and the page saying nothing was saved — pages
whose failure comes from the session or the account (a logged-in visitor: the session is read
by the authentication middleware's user), the login form's post (django-axes and the login
backend read the database), a JSON request — never 500; ``/health/`` says the database fails;
once the database takes connections again the same pages answer 200 (connections are checked
before reuse, ``CONN_HEALTH_CHECKS``). The request log of those requests shows no 500.

Skipped on SQLite; CI's second pass (``DATABASE_URL=postgres://…``) runs it."""

from __future__ import annotations

import json
import re

from .servers import Browser, admin, gunicorn, load_demo, requires_postgresql, server_env
from .servers import throwaway_database as database

pytestmark = requires_postgresql

PAGES = ["/", "/clubs/618/", "/clubs/618/tournaments/1/", "/clubs/618/tournaments/1/crosstable/"]


def _outage(name: str) -> None:
    admin(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
    admin(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        f"WHERE datname = '{name}' AND pid <> pg_backend_pid()"
    )


def test_h4_database_lost_while_serving_pages_answer_503_then_recover(tmp_path):
    with database("chessclub_outage") as name:
        env = server_env(name, tmp_path, CHESSCLUB_LOG_FORMAT="json")
        load_demo(env)
        log = tmp_path / "gunicorn.log"
        with gunicorn(env, log) as base:
            visitor = Browser(base)
            visitor.log_in()
            for path in PAGES:  # both workers hold a connection before the outage
                for _ in range(3):
                    status, _, _ = visitor.request(path, **{"Accept-Language": "en"})
                    assert status == 200, path
            _, _, login_page = Browser(base).request("/accounts/login/")
            _outage(name)

            for path in PAGES:
                status, headers, html = visitor.request(path, **{"Accept-Language": "en"})
                assert status == 503, (path, status, html[:300])
                assert headers["Retry-After"] == "30"
                assert "The database cannot be reached" in html
                assert "Nothing was saved" in html
                assert 'class="site-footer' in html and "Traceback" not in html
                assert "demo" not in re.sub(r"<[^>]+>", "", html).split()  # no account shown
            status, headers, html = visitor.request("/clubs/618/")  # default language
            assert status == 503 and '<html lang="fr">' in html
            assert headers["Content-Language"] == "fr"

            stranger = Browser(base)
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login_page)
            assert token is not None
            status, _, html = stranger.request(
                "/accounts/login/",
                {"csrfmiddlewaretoken": token.group(1), "username": "demo", "password": "x"},
                Cookie=f"csrftoken={visitor.cookie('csrftoken')}",
            )
            assert status in {503, 403}, status  # 403 only if the CSRF pair did not match
            status, headers, body = visitor.request("/clubs/618/", Accept="application/json")
            assert status == 503
            assert headers["Content-Type"] == "application/json"
            assert json.loads(body)["state"] == "unsaved"

            status, headers, body = visitor.request("/health/")
            assert status == 503 and "no-store" in headers["Cache-Control"]
            checks = json.loads(body)["checks"]
            assert checks["database"]["ok"] is False
            assert checks["cache"]["ok"] is True
            assert name not in body and "127.0.0.1" not in body  # no connection details

            admin(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
            for path in PAGES:
                for _ in range(3):  # whichever worker answers
                    status, _, html = visitor.request(path)
                    assert status == 200, (path, status)
            status, _, body = visitor.request("/health/")
            assert status == 200 and json.loads(body)["status"] == "ok"
    statuses = [
        json.loads(line)["status"]
        for line in log.read_text(encoding="utf-8").splitlines()
        if line.startswith("{") and '"logger": "chessclub_web.requests"' in line
    ]
    assert statuses.count(503) >= len(PAGES) + 3, statuses
    assert 500 not in statuses, statuses
