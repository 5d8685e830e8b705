"""The About page: what chessclub is, its licence, the attributions of what it builds on (gacrux
with its copyright notice, as its MIT licence asks), and that the club Elo is not FIDE's (E8)."""

from __future__ import annotations

import re
from importlib import metadata

import pytest

pytestmark = pytest.mark.django_db


def _installed_copyright(distribution: str) -> str:
    dist = metadata.distribution(distribution)
    for file in dist.files or ():
        if "licen" in file.name.lower():
            text = file.read_text()
            for line in text.splitlines():
                if line.strip().lower().startswith("copyright"):
                    return line.strip()
    raise AssertionError(f"no copyright line in {distribution}'s licence")


def test_about_page_linked_in_every_page_footer(client, demo):
    for url in ["/", demo]:
        footer = client.get(url).content.decode().split('class="site-footer')[1]
        assert 'href="/about/"' in footer
    assert client.get("/about/").status_code == 200


def test_about_page_names_licence_and_what_chessclub_is(client):
    html = client.get("/about/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "AGPL-3.0-or-later" in html
    assert "GNU Affero General Public License" in html
    assert "tournament and rating system" in html


def test_about_page_attributes_gacrux_with_its_installed_copyright_notice(client):
    html = client.get("/about/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    notice = _installed_copyright("gacrux")
    assert notice == "Copyright (c) 2024 FIDE"
    gacrux = re.search(r'<li id="component-gacrux">(.*?)</li>', html, re.S)
    assert gacrux, html
    assert "FIDE Technical Commission" in gacrux.group(1)
    assert notice in gacrux.group(1)
    assert "MIT licence" in gacrux.group(1)
    assert 'href="https://www.gacrux.no"' in gacrux.group(1)  # its licence asks for the link
    assert metadata.version("gacrux") in gacrux.group(1)
    assert "Permission is hereby granted" in html  # the MIT permission notice in full


@pytest.mark.parametrize(
    ("distribution", "licence"),
    [
        ("django", "BSD-3-Clause"),
        ("whitenoise", "MIT"),
        ("django-tasks", "BSD-3-Clause"),
        ("redis", "MIT"),
        ("django-csp", "BSD-3-Clause"),
        ("django-ninja", "MIT"),
        ("pydantic", "MIT"),
    ],
)
def test_about_page_attributes_django_and_whitenoise(client, distribution, licence):
    html = client.get("/about/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    item = re.search(rf'<li id="component-{distribution}">(.*?)</li>', html, re.S)
    assert item, distribution
    assert f"{licence} licence" in item.group(1)
    assert _installed_copyright(distribution).replace("&", "&amp;") in item.group(1)


def test_e8_about_page_says_the_club_elo_is_not_fides(client):
    english = client.get("/about/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "is not the FIDE Elo" in english
    french = client.get("/about/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "ce n&#x27;est pas l&#x27;Elo FIDE" in french or "pas l'Elo FIDE" in french


@pytest.mark.parametrize(
    ("language", "title"),
    [("fr", "À propos de chessclub"), ("nl", "Over chessclub"), ("de", "Über chessclub")],
)
def test_about_page_translated(client, language, title):
    html = client.get("/about/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f"<h1>{title}</h1>" in html


@pytest.mark.parametrize("method", ["put", "delete", "patch", "post"])
def test_about_page_answers_405_to_other_methods(client, method):
    assert getattr(client, method)("/about/").status_code == 405
