"""DEBUG is off by default: visitors see the site's own error pages (400, 403, 404, 500 — in the
site's layout, translated), never a traceback; `chessclub serve` still serves the pages and the
static files, on 127.0.0.1 and on localhost."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from chessclub_web.clubs.models import Role

SETTINGS_FILE = Path(__file__).resolve().parents[2] / "src" / "chessclub_web" / "settings.py"
CHESSCLUB = Path(sys.executable).parent / "chessclub"


def _load_settings(monkeypatch, tmp_path, debug: str | None):
    monkeypatch.setenv("CHESSCLUB_DATA_DIR", str(tmp_path))
    if debug is None:
        monkeypatch.delenv("CHESSCLUB_DEBUG", raising=False)
    else:
        monkeypatch.setenv("CHESSCLUB_DEBUG", debug)
    spec = importlib.util.spec_from_file_location("_settings_under_test", SETTINGS_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_debug_off_by_default(monkeypatch, tmp_path):
    assert _load_settings(monkeypatch, tmp_path, None).DEBUG is False
    assert _load_settings(monkeypatch, tmp_path, "").DEBUG is False
    assert _load_settings(monkeypatch, tmp_path, "0").DEBUG is False
    assert _load_settings(monkeypatch, tmp_path, "1").DEBUG is True


def _is_friendly(html: str) -> bool:
    return 'class="site-footer' in html and "Traceback" not in html and "error-page" in html


@pytest.mark.django_db
def test_too_many_query_parameters_answer_friendly_400_without_traceback(client, demo):
    client.raise_request_exception = False
    query = "&".join(f"p{i}=1" for i in range(1100))
    response = client.get(f"{demo}?{query}", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    html = response.content.decode()
    assert _is_friendly(html)
    assert "This request could not be understood" in html
    french = client.get(f"{demo}?{query}", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "pas pu être comprise" in french


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "text"), [("en", "Page not found"), ("fr", "Page introuvable")]
)
def test_unknown_page_answers_friendly_404_translated(client, language, text):
    response = client.get("/clubs/no-such-club/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    html = response.content.decode()
    assert _is_friendly(html)
    assert text in html
    assert f'<html lang="{language}">' in html


@pytest.mark.django_db
def test_forbidden_action_answers_friendly_403(client, public_club, make_user):
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    response = client.get(f"/clubs/{public_club.number}/import/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 403
    html = response.content.decode()
    assert _is_friendly(html)
    assert "You may not do this" in html


@pytest.mark.django_db
def test_server_error_answers_friendly_500_without_traceback(client, demo, monkeypatch):
    from chessclub_web.tournaments import views

    def broken(row):
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(views, "tournament_summary", broken)
    client.raise_request_exception = False
    response = client.get(demo, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 500
    html = response.content.decode()
    assert _is_friendly(html)
    assert "secret internal detail" not in html
    assert "Something went wrong on our side" in html


@pytest.mark.django_db
def test_expired_form_answers_friendly_403(client, make_user):
    from django.test import Client

    csrf_client = Client(enforce_csrf_checks=True)
    response = csrf_client.post("/accounts/login/", {"username": "x"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 403
    assert _is_friendly(response.content.decode())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.skipif(not CHESSCLUB.exists(), reason="the chessclub console script is not installed")
def test_serve_with_debug_off_serves_pages_and_static_files_on_127_and_localhost(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "DJANGO_SETTINGS_MODULE", "CHESSCLUB_DEBUG"}
    }
    env["CHESSCLUB_DATA_DIR"] = str(tmp_path)
    subprocess.run([str(CHESSCLUB), "demo"], env=env, check=True, capture_output=True, timeout=120)
    port = _free_port()
    server = subprocess.Popen(
        [str(CHESSCLUB), "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        for host in ("127.0.0.1", "localhost"):
            base = f"http://{host}:{port}"
            status, html = _get(base + "/")
            assert status == 200, (host, status)
            assert "Cercle d" in html
            status, css = _get(base + "/static/chessclub_web/style.css")
            assert status == 200 and ".crosstable" in css, host
            query = "&".join(f"p{i}=1" for i in range(1100))
            status, html = _get(f"{base}/clubs/618/tournaments/1/?{query}")
            assert status == 400 and "Traceback" not in html and "error-page" in html
            status, html = _get(base + "/nowhere/")
            assert status == 404 and "Traceback" not in html and "error-page" in html
    finally:
        server.terminate()
        server.wait(timeout=10)
