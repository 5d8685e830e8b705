"""The frbe pages on a 360 px phone (spec: pages work on a phone): the *Export* tab, the
player list with search results and the forecast do not make the page scroll sideways (wide
tables scroll inside their frame). Laid out by headless Chromium through playwright."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.frbe.models import FederationPlayer
from chessclub_web.tournaments import services

from ..browser import launched_chromium, phone_page
from ..lists import make_version

pytestmark = [pytest.mark.django_db, pytest.mark.browser]


def _page_widths(pages: list[str]) -> list[tuple[int, int]]:
    """Each page's document width and the viewport's, laid out at 360 px (one browser)."""
    css = "".join(
        Path(finders.find(name)).read_text(encoding="utf-8")
        for name in ("chessclub_web/style.css", "frbe/frbe.css")
    )
    out = []
    with launched_chromium() as browser:
        page = phone_page(browser, locale=None, timeout=None)
        for html in pages:
            page.set_content(re.sub(r"<link[^>]*stylesheet[^>]*>", "", html))
            page.add_style_tag(content=css)
            out.append(
                (
                    page.evaluate("document.documentElement.scrollWidth"),
                    page.evaluate("document.documentElement.clientWidth"),
                )
            )
    return out


def test_phone_frbe_pages_fit(client, public_club, make_user, elite_bytes):
    client.force_login(make_user("own", public_club, Role.OWNER))
    t = services.import_tournament(public_club, elite_bytes, "elite.txt")
    listed = make_version("frbe")  # the site's current PLAYER list
    FederationPlayer.all_versions.bulk_create(
        [FederationPlayer(version=listed, matricule=90000 + n,
                          name=f"Nom-Très-Long-{n}, Prénom Composé", club=None, rating=1500,
                          games=30) for n in range(5)]
    )  # fmt: skip
    pages = (
        reverse("export", args=(public_club.number, t.pk)),
        reverse("frbe_players", args=(public_club.number,)) + "?q=Nom",
        reverse("frbe_forecast", args=(public_club.number,)),
    )
    html = []
    for url in pages:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
        assert response.status_code == 200
        html.append(response.content.decode())
    assert "Nom-Très-Long-4, Prénom Composé" in html[1]  # the search found the list's rows
    for url, (width, viewport) in zip(pages, _page_widths(html), strict=True):
        assert width <= viewport, (url, width, viewport)
