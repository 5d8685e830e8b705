"""H3: the production settings come from the environment (django-environ): the secret key's
rule, the Redis caches, mail, HTTPS, the proxy, static files, the logs' format, the database's
connection options; and `chessclub manage check --deploy` reports no issues under the
environment that README's "Production" section documents."""

from __future__ import annotations

import importlib.util
import os
import re
import stat
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

ROOT = Path(__file__).resolve().parents[2]
SETTINGS_FILE = ROOT / "src" / "chessclub_web" / "settings.py"
CHESSCLUB = Path(sys.executable).parent / "chessclub"
SERVER_URL = "postgres://chessclub@127.0.0.1:5432/chessclub"


def _load(monkeypatch, tmp_path, **env: str):
    """settings.py executed afresh with only ``env`` of the chessclub variables set."""
    for name in list(os.environ):
        if name.startswith("CHESSCLUB_") or name in {"DATABASE_URL", "SECRET_KEY"}:
            monkeypatch.delenv(name)
    monkeypatch.setenv("CHESSCLUB_DATA_DIR", str(tmp_path / "data"))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    spec = importlib.util.spec_from_file_location(f"_settings_{uuid.uuid4().hex}", SETTINGS_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_h3_local_sqlite_makes_a_private_key_once_and_reuses_it(monkeypatch, tmp_path):
    first = _load(monkeypatch, tmp_path)
    key_file = tmp_path / "data" / "secret_key"
    assert key_file.read_text().strip() == first.SECRET_KEY
    assert len(first.SECRET_KEY) >= 50 and not first.SECRET_KEY.startswith("django-insecure")
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert _load(monkeypatch, tmp_path).SECRET_KEY == first.SECRET_KEY
    assert list((tmp_path / "data").glob(".secret_key-*")) == []  # no temporary file left
    other = _load(monkeypatch, tmp_path / "elsewhere")
    assert other.SECRET_KEY != first.SECRET_KEY


def test_h3_server_without_key_and_debug_off_refuses_to_start(monkeypatch, tmp_path):
    with pytest.raises(ImproperlyConfigured, match="CHESSCLUB_SECRET_KEY") as refused:
        _load(monkeypatch, tmp_path, DATABASE_URL=SERVER_URL)
    assert "CHESSCLUB_SECRET_KEY_FILE" in str(refused.value)
    assert not (tmp_path / "data" / "secret_key").exists()
    # DEBUG on (development against PostgreSQL): the data folder's key.
    debug = _load(monkeypatch, tmp_path, DATABASE_URL=SERVER_URL, CHESSCLUB_DEBUG="1")
    assert (tmp_path / "data" / "secret_key").read_text().strip() == debug.SECRET_KEY


def test_h3_key_from_variable_or_file(monkeypatch, tmp_path):
    given = _load(monkeypatch, tmp_path, DATABASE_URL=SERVER_URL, CHESSCLUB_SECRET_KEY="k" * 60)
    assert given.SECRET_KEY == "k" * 60
    legacy = _load(monkeypatch, tmp_path, DATABASE_URL=SERVER_URL, SECRET_KEY="old-name-key")
    assert legacy.SECRET_KEY == "old-name-key"
    key_file = tmp_path / "key"
    key_file.write_text("from-the-file\n")
    filed = _load(
        monkeypatch, tmp_path, DATABASE_URL=SERVER_URL, CHESSCLUB_SECRET_KEY_FILE=str(key_file)
    )
    assert filed.SECRET_KEY == "from-the-file"
    with pytest.raises(ImproperlyConfigured, match="cannot read"):
        _load(monkeypatch, tmp_path, CHESSCLUB_SECRET_KEY_FILE=str(tmp_path / "missing"))
    key_file.write_text("  \n")
    with pytest.raises(ImproperlyConfigured, match="is empty"):
        _load(monkeypatch, tmp_path, CHESSCLUB_SECRET_KEY_FILE=str(key_file))


def test_h3_database_url_keeps_checked_connections(monkeypatch, tmp_path):
    loaded = _load(monkeypatch, tmp_path, DATABASE_URL=SERVER_URL, CHESSCLUB_SECRET_KEY="k" * 60)
    database = loaded.DATABASES["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["NAME"], database["HOST"], database["PORT"]) == (
        "chessclub",
        "127.0.0.1",
        5432,
    )
    assert database["CONN_MAX_AGE"] == 60 and database["CONN_HEALTH_CHECKS"] is True
    assert database["OPTIONS"]["connect_timeout"] == 5
    assert "DISABLE_SERVER_SIDE_CURSORS" not in database
    pooled = _load(
        monkeypatch,
        tmp_path,
        DATABASE_URL=SERVER_URL + "?connect_timeout=2",
        CHESSCLUB_SECRET_KEY="k" * 60,
        CHESSCLUB_PGBOUNCER="1",
        CHESSCLUB_CONN_MAX_AGE="0",
    ).DATABASES["default"]
    assert pooled["OPTIONS"] == {"connect_timeout": 2, "prepare_threshold": None}
    assert pooled["DISABLE_SERVER_SIDE_CURSORS"] is True and pooled["CONN_MAX_AGE"] == 0
    local = _load(monkeypatch, tmp_path).DATABASES["default"]
    assert local["ENGINE"] == "django.db.backends.sqlite3"


def test_h3_cache_url_puts_three_caches_in_redis_with_their_own_prefixes(monkeypatch, tmp_path):
    local = _load(monkeypatch, tmp_path).CACHES
    assert {c["BACKEND"] for c in local.values()} == {
        "django.core.cache.backends.locmem.LocMemCache"
    }
    assert local["throttle"]["OPTIONS"]["MAX_ENTRIES"] == 10000
    url = "redis://127.0.0.1:6379/11"
    caches = _load(monkeypatch, tmp_path, CHESSCLUB_CACHE_URL=url).CACHES
    assert set(caches) == {"default", "explanations", "throttle"}
    assert {alias: c["BACKEND"] for alias, c in caches.items()} == {
        "default": "chessclub_web.cache.TolerantRedisCache",
        "explanations": "chessclub_web.cache.TolerantRedisCache",
        "throttle": "django.core.cache.backends.redis.RedisCache",
    }
    assert {c["LOCATION"] for c in caches.values()} == {url}
    assert len({c["KEY_PREFIX"] for c in caches.values()}) == 3
    with pytest.raises(ImproperlyConfigured, match="redis://"):
        _load(monkeypatch, tmp_path, CHESSCLUB_CACHE_URL="memcache://127.0.0.1:11211")


def test_h3_redis_cache_is_shared_between_two_processes(monkeypatch, tmp_path):
    """The throttle cache under CHESSCLUB_CACHE_URL: a count made by one process is seen by
    another (each builds its cache from the same settings). Redis database 11, own keys."""
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url("redis://127.0.0.1:6379/11", socket_timeout=2).ping()
    except redis.RedisError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    key = f"h3-test-{uuid.uuid4().hex}"
    script = (
        "import django; django.setup(); from django.core.cache import caches;"
        f"c = caches['throttle']; c.add('{key}', 0, 60); print(c.incr('{key}'))"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHESSCLUB_")}
    env.pop("DATABASE_URL", None)
    env.update(
        DJANGO_SETTINGS_MODULE="chessclub_web.settings",
        CHESSCLUB_DATA_DIR=str(tmp_path),
        CHESSCLUB_CACHE_URL="redis://127.0.0.1:6379/11",
    )
    counts = [
        subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        ).stdout.strip()
        for _ in range(2)
    ]
    redis.Redis.from_url("redis://127.0.0.1:6379/11").delete(f"chessclub-throttle:1:{key}")
    assert counts == ["1", "2"]


def test_h3_mail_from_url_backend_and_sender(monkeypatch, tmp_path):
    console = _load(monkeypatch, tmp_path)
    assert console.EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"
    smtp = _load(
        monkeypatch,
        tmp_path,
        CHESSCLUB_EMAIL_URL="smtp+tls://club%40example.org:s3cret@mail.example.org:587",
        CHESSCLUB_FROM_EMAIL="echecs@example.org",
    )
    assert smtp.EMAIL_BACKEND == "django.core.mail.backends.smtp.EmailBackend"
    assert (smtp.EMAIL_HOST, smtp.EMAIL_PORT) == ("mail.example.org", 587)
    assert (smtp.EMAIL_HOST_USER, smtp.EMAIL_HOST_PASSWORD) == ("club@example.org", "s3cret")
    assert smtp.EMAIL_USE_TLS is True and smtp.EMAIL_USE_SSL is False
    assert smtp.DEFAULT_FROM_EMAIL == smtp.SERVER_EMAIL == "echecs@example.org"
    chosen = _load(
        monkeypatch,
        tmp_path,
        CHESSCLUB_EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    )
    assert chosen.EMAIL_BACKEND == "django.core.mail.backends.locmem.EmailBackend"


def test_h3_https_and_proxy(monkeypatch, tmp_path):
    plain = _load(monkeypatch, tmp_path)
    assert not hasattr(plain, "SECURE_SSL_REDIRECT") and not hasattr(
        plain, "SECURE_PROXY_SSL_HEADER"
    )
    secure = _load(
        monkeypatch,
        tmp_path,
        CHESSCLUB_HTTPS="1",
        CHESSCLUB_PROXY_COUNT="1",
        CHESSCLUB_CSRF_TRUSTED_ORIGINS="https://echecs.example.org, https://www.example.org",
    )
    assert secure.SECURE_SSL_REDIRECT and secure.SESSION_COOKIE_SECURE
    assert secure.CSRF_COOKIE_SECURE and secure.LANGUAGE_COOKIE_SECURE
    assert secure.SECURE_HSTS_SECONDS == 31536000
    assert not secure.SECURE_HSTS_INCLUDE_SUBDOMAINS and not secure.SECURE_HSTS_PRELOAD
    assert secure.SECURE_PROXY_SSL_HEADER == ("HTTP_X_FORWARDED_PROTO", "https")
    assert secure.CSRF_TRUSTED_ORIGINS == ["https://echecs.example.org", "https://www.example.org"]
    assert any(re.match(p, "health/") for p in secure.SECURE_REDIRECT_EXEMPT)
    options = _load(
        monkeypatch,
        tmp_path,
        CHESSCLUB_HTTPS="1",
        CHESSCLUB_HSTS_SECONDS="3600",
        CHESSCLUB_HSTS_INCLUDE_SUBDOMAINS="1",
        CHESSCLUB_HSTS_PRELOAD="yes",
    )
    assert options.SECURE_HSTS_SECONDS == 3600
    assert options.SECURE_HSTS_INCLUDE_SUBDOMAINS and options.SECURE_HSTS_PRELOAD
    with pytest.raises(ImproperlyConfigured, match="CHESSCLUB_HSTS_SECONDS"):
        _load(monkeypatch, tmp_path, CHESSCLUB_HTTPS="1", CHESSCLUB_HSTS_SECONDS="a year")


def test_h3_static_manifest_and_log_format(monkeypatch, tmp_path):
    default = _load(monkeypatch, tmp_path)
    assert default.STORAGES["staticfiles"]["BACKEND"].endswith(".StaticFilesStorage")
    assert default.WHITENOISE_USE_FINDERS is True
    manifest = _load(monkeypatch, tmp_path, CHESSCLUB_STATIC_MANIFEST="1")
    assert manifest.STORAGES["staticfiles"]["BACKEND"] == (
        "whitenoise.storage.CompressedManifestStaticFilesStorage"
    )
    assert manifest.WHITENOISE_USE_FINDERS is False
    assert default.LOGGING["handlers"]["console"]["formatter"] == "text"
    json_logs = _load(monkeypatch, tmp_path, CHESSCLUB_LOG_FORMAT="JSON")
    assert json_logs.LOGGING["handlers"]["console"]["formatter"] == "json"
    with pytest.raises(ImproperlyConfigured, match="CHESSCLUB_LOG_FORMAT"):
        _load(monkeypatch, tmp_path, CHESSCLUB_LOG_FORMAT="xml")


def test_h3_strict_content_security_policy(monkeypatch, tmp_path):
    directives = _load(monkeypatch, tmp_path).CONTENT_SECURITY_POLICY["DIRECTIVES"]
    assert directives["default-src"] == ["'self'"]
    assert "'unsafe-inline'" not in directives["script-src"]
    assert "'unsafe-eval'" not in directives["script-src"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["form-action"] == ["'self'"]
    assert directives["img-src"] == ["'self'", "data:"]
    # The two allowed handlers, by the base64 SHA-256 of their exact text.
    assert "'sha256-MguIPR6qNR8D3B+eAlK+bIRTZe8t3wkOY4B/56Me9FU='" in directives["script-src"]


def _production_environment() -> dict[str, str]:
    """The ``export NAME=value`` lines of README's "Production" section."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Production\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    pairs = re.findall(r"^export (\w+)=(\S+)$", block, flags=re.MULTILINE)
    assert len(pairs) >= 10, pairs
    return dict(pairs)


@pytest.mark.skipif(not CHESSCLUB.exists(), reason="the chessclub console script is not installed")
def test_h3_check_deploy_reports_nothing_under_the_readme_production_environment(tmp_path):
    documented = _production_environment()
    assert documented["CHESSCLUB_HTTPS"] == "1" and documented["DATABASE_URL"].startswith(
        "postgres"
    )
    key_file = tmp_path / "secret_key"
    key_file.write_text(uuid.uuid4().hex + uuid.uuid4().hex + "\n")
    key_file.chmod(0o600)
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHESSCLUB_")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.update(documented, CHESSCLUB_SECRET_KEY_FILE=str(key_file))
    env["CHESSCLUB_DATA_DIR"] = str(tmp_path / "data")
    checked = subprocess.run(
        [str(CHESSCLUB), "manage", "check", "--deploy"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stderr
    assert "System check identified no issues" in checked.stdout, checked.stdout + checked.stderr
    assert "WARNINGS" not in checked.stdout + checked.stderr
    # The same without the key: the start-up stops and names the variable.
    del env["CHESSCLUB_SECRET_KEY_FILE"]
    refused = subprocess.run(
        [str(CHESSCLUB), "manage", "check", "--deploy"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode != 0
    assert "ImproperlyConfigured" in refused.stderr and "CHESSCLUB_SECRET_KEY" in refused.stderr


def test_h3_api_throttle_rates_from_the_environment(monkeypatch, tmp_path):
    defaults = _load(monkeypatch, tmp_path)
    assert (defaults.CHESSCLUB_API_RATE_ADDRESS, defaults.CHESSCLUB_API_RATE_TOKEN) == (
        "300/min",
        "1200/min",
    )
    chosen = _load(
        monkeypatch,
        tmp_path,
        CHESSCLUB_API_RATE_ADDRESS="20/s",
        CHESSCLUB_API_RATE_TOKEN="5000/hour",
    )
    assert (chosen.CHESSCLUB_API_RATE_ADDRESS, chosen.CHESSCLUB_API_RATE_TOKEN) == (
        "20/s",
        "5000/hour",
    )
    for wrong in ("300", "0/min", "3/week", "x/min", "-1/s"):
        with pytest.raises(ImproperlyConfigured, match="CHESSCLUB_API_RATE_TOKEN"):
            _load(monkeypatch, tmp_path, CHESSCLUB_API_RATE_TOKEN=wrong)
