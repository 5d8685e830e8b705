"""A 360 px wide phone: the *Classement* shows rank, name, Elo and points without scrolling and
its tiebreak columns scroll sideways; the *Grille américaine* scrolls; both keep their rank,
number and name columns in view (laid out by headless Chromium)."""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from ..browser import CHROMIUM, requires_chromium

pytestmark = pytest.mark.django_db

PROBE = """<script>
window.addEventListener("load", () => {
  const wrap = document.querySelector(".table-wrap");
  const name = document.querySelector("tbody tr td.name");
  const points = document.querySelector("tbody tr td.points");
  const last = document.querySelector("tbody tr td:last-child");
  const nameBefore = name.getBoundingClientRect().left;
  const pointsRightBefore = points ? points.getBoundingClientRect().right : 0;
  const widthBefore = wrap.scrollWidth;
  wrap.scrollLeft = 10000;
  const out = {
    viewport: document.documentElement.clientWidth,
    pageWidth: document.documentElement.scrollWidth,
    wrapScrollWidth: widthBefore,
    wrapClientWidth: wrap.clientWidth,
    scrolled: wrap.scrollLeft,
    nameBefore: nameBefore,
    nameAfter: name.getBoundingClientRect().left,
    pointsRight: points ? points.getBoundingClientRect().right : 0,
    pointsRightBefore: pointsRightBefore,
    lastRight: last ? last.getBoundingClientRect().right : 0,
    wrapRight: wrap.getBoundingClientRect().right,
  };
  parent.postMessage(JSON.stringify(out), "*");
});
</script>"""

FRAME = """<!DOCTYPE html><html><body style="margin:0">
<iframe src="page.html" width="360" height="800" style="border:0"></iframe><pre id="result"></pre>
<script>addEventListener("message", e => {
  document.getElementById("result").textContent = e.data;
});</script></body></html>"""


def _measure(html: str) -> dict[str, float]:
    """Lay ``html`` out in a 360 px wide frame and return the probe's measures."""
    css = Path(finders.find("chessclub_web/style.css")).as_uri()
    html = re.sub(r'href="/static/chessclub_web/style\.css"', f'href="{css}"', html)
    html = html.replace("</body>", PROBE + "</body>")
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "page.html").write_text(html, encoding="utf-8")
        Path(folder, "frame.html").write_text(FRAME, encoding="utf-8")
        profile = Path(folder, "profile")
        result = subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                "--allow-file-access-from-files",
                "--window-size=360,800",
                "--virtual-time-budget=5000",
                "--dump-dom",
                Path(folder, "frame.html").as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    match = re.search(r'<pre id="result">(.*?)</pre>', result.stdout, re.S)
    assert match and match.group(1), result.stderr[-2000:]
    return json.loads(match.group(1))


def test_phone_css_crosstable_first_columns_are_sticky():
    css = Path(finders.find("chessclub_web/style.css")).read_text(encoding="utf-8")
    sticky = re.search(r"\.crosstable[^{]*nth-child\(-n\+3\)[^{]*\{[^}]*position:\s*sticky", css)
    assert sticky, "rank, number and name of the crosstable must be sticky"
    sticky = re.search(r"\.standings[^{]*nth-child\(-n\+3\)[^{]*\{[^}]*position:\s*sticky", css)
    assert sticky, "rank, number and name of the standings must be sticky"
    print_css = Path(finders.find("chessclub_web/print.css")).read_text(encoding="utf-8")
    assert "position: static" in print_css  # paper copies do not scroll


@pytest.mark.browser
@requires_chromium
def test_s1_phone_classement_points_in_view_tiebreaks_scroll_sideways(client, demo):
    m = _measure(client.get(demo, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert m["viewport"] <= 360
    assert m["pageWidth"] <= m["viewport"], m  # the page itself does not scroll sideways
    assert m["pointsRightBefore"] <= m["wrapRight"] + 0.5, m  # Points seen without scrolling
    assert m["wrapScrollWidth"] > m["wrapClientWidth"], m  # the tiebreaks scroll in their box
    assert abs(m["nameAfter"] - m["nameBefore"]) <= 2, m  # the name column stayed in view
    assert m["lastRight"] <= m["wrapRight"] + 0.5, m  # scrolled to the end: last tiebreak seen


@pytest.mark.browser
@requires_chromium
def test_phone_grille_scrolls_sideways_with_rank_and_name_sticky(client, demo):
    m = _measure(client.get(demo + "crosstable/", HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert m["viewport"] <= 360
    assert m["pageWidth"] <= m["viewport"], m  # the page itself does not scroll sideways
    assert m["wrapScrollWidth"] > m["wrapClientWidth"], m  # the table scrolls in its box
    assert m["scrolled"] > 100, m
    assert abs(m["nameAfter"] - m["nameBefore"]) <= 2, m  # the name column stayed in view
    assert m["pointsRight"] <= m["wrapRight"] + 0.5, m  # scrolled to the end: Points visible


@pytest.mark.browser
@requires_chromium
def test_phone_members_page_fits(client, public_club, make_user):
    from chessclub_web.clubs.models import Role

    client.force_login(make_user("proprietaire.du.club", public_club, Role.OWNER))
    make_user("administratrice", public_club, Role.ADMINISTRATOR)
    m = _measure(client.get("/clubs/700/members/", HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert m["pageWidth"] <= m["viewport"], m
    assert m["wrapScrollWidth"] <= m["wrapClientWidth"], m
