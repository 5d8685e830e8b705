"""H3: ``CHESSCLUB_STATIC_MANIFEST=1`` serves the static files with hashed names, compressed,
after ``chessclub manage collectstatic``; the pages name the hashed files and WhiteNoise serves
them (gzip too) with a far-future cache."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

CHESSCLUB = Path(sys.executable).parent / "chessclub"

PAGE_AND_FILE = """
import re, django
django.setup()
from django.test import Client
client = Client()
html = client.get("/about/").content.decode()
url = re.search(r'href="(/static/chessclub_web/style\\.[0-9a-f]{12}\\.css)"', html).group(1)
css = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
fields = (url, css.status_code, css.get("Content-Encoding"), css.get("Cache-Control"))
print("|".join(map(str, fields)))
"""


@pytest.mark.skipif(not CHESSCLUB.exists(), reason="the chessclub console script is not installed")
def test_h3_manifest_static_files_hashed_compressed_after_collectstatic(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHESSCLUB_")}
    env.pop("DATABASE_URL", None)
    env.update(
        CHESSCLUB_DATA_DIR=str(tmp_path),
        CHESSCLUB_STATIC_MANIFEST="1",
        CHESSCLUB_ALLOWED_HOSTS="testserver",
        DJANGO_SETTINGS_MODULE="chessclub_web.settings",
    )
    subprocess.run(
        [str(CHESSCLUB), "manage", "collectstatic", "--noinput"],
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    static = tmp_path / "static"
    assert (static / "staticfiles.json").is_file()
    hashed = [p.name for p in (static / "chessclub_web").glob("style.*.css")]
    assert any(re.fullmatch(r"style\.[0-9a-f]{12}\.css", name) for name in hashed), hashed
    assert any(name.endswith(".css.gz") for name in os.listdir(static / "chessclub_web"))
    served = subprocess.run(
        [sys.executable, "-c", PAGE_AND_FILE], env=env, capture_output=True, text=True, timeout=120
    )
    assert served.returncode == 0, served.stderr[-2000:]
    url, status, encoding, cache = served.stdout.strip().splitlines()[-1].split("|")
    assert url.startswith("/static/chessclub_web/style.")
    assert (status, encoding) == ("200", "gzip")
    assert "immutable" in cache
