"""Languages: French first, then Dutch, German, English (spec: the interface is French first)."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

import chessclub_web

pytestmark = pytest.mark.django_db

LOCALE = Path(chessclub_web.__file__).resolve().parent / "locale"


def test_i18n_french_is_the_default(client, demo):
    html = client.get(demo).content.decode()
    assert '<html lang="fr">' in html
    assert "Classement" in html and "Grille américaine" in html and "Imprimer" in html


def test_i18n_english_standings_crosstable(client, demo):
    html = client.get(demo, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Standings" in html and "Crosstable" in html
    assert "Classement" not in html


@pytest.mark.parametrize(
    ("language", "standings", "crosstable"),
    [
        ("fr", "Classement", "Grille américaine"),
        ("nl", "Rangschikking", "Kruistabel"),
        ("de", "Rangliste", "Kreuztabelle"),
    ],
)
def test_i18n_tabs_in_each_language(client, demo, language, standings, crosstable):
    html = client.get(demo + "crosstable/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert standings in html and crosstable in html


def test_i18n_language_selector_works_without_javascript(client, demo):
    response = client.post("/i18n/setlang/", {"language": "de", "next": demo})
    assert response.status_code == 302
    html = client.get(demo).content.decode()
    assert '<html lang="de">' in html and "Rangliste" in html
    assert 'action="/i18n/setlang/"' in html


@pytest.mark.parametrize("language", ["fr", "nl", "de", "en"])
def test_i18n_catalogue_fully_translated_and_compiled(language):
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    mo = po.with_suffix(".mo")
    text = po.read_text(encoding="utf-8")
    entries = text.split("\n\n")[1:]  # after the header
    assert len(entries) > 50
    for entry in entries:
        assert "#, fuzzy" not in entry, entry
        assert not re.search(r'^msgstr(\[\d\])? ""$(?!\n")', entry, re.M), entry
    with mo.open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    singular = sum(1 for e in entries if "msgid_plural" not in e)
    plural = len(entries) - singular
    assert len(catalogue._catalog) - 1 == singular + 2 * plural  # compiled, up to date
    expected = {"fr": "Classement", "nl": "Rangschikking", "de": "Rangliste", "en": "Standings"}
    assert catalogue.gettext("Standings") == expected[language]
