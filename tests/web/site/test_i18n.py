"""Languages: French first, then Dutch, German, English (spec: the interface is French first)."""

from __future__ import annotations

import ast
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


def _dates_in(html: str) -> list[str]:
    return re.findall(r"\d{1,2}[./-]\d{1,2}[./-]\d{4}", html)


@pytest.mark.parametrize(
    ("language", "start", "end"),
    [
        ("fr", "01/06/2000", "12/06/2000"),
        ("nl", "1-6-2000", "12-6-2000"),
        ("de", "01.06.2000", "12.06.2000"),
        ("en", "01/06/2000", "12/06/2000"),
    ],
)
def test_i18n_dates_day_first_in_every_language_english_too(client, demo, language, start, end):
    """The demo championship ran from 1 to 12 June 2000."""
    from chessclub_web.tournaments.models import Tournament

    row = Tournament.objects.get()
    assert (row.start_date.isoformat(), row.end_date.isoformat()) == ("2000-06-01", "2000-06-12")
    for url in (demo, "/clubs/618/"):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert _dates_in(html)[:2] == [start, end], (url, _dates_in(html))


def test_i18n_language_choice_persists_for_a_year(client, demo):
    response = client.post("/i18n/setlang/", {"language": "nl", "next": demo})
    cookie = response.cookies["django_language"]
    assert cookie.value == "nl"
    assert int(cookie["max-age"]) >= 365 * 24 * 60 * 60
    assert cookie["samesite"] == "Lax"
    html = client.get(demo, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="nl">' in html  # the choice wins over the browser's language


APPS_WITH_CATALOGUES = sorted(
    path.parent.name
    for path in Path(chessclub_web.__file__).resolve().parent.glob("*/locale")
    if path.is_dir()
)


@pytest.mark.parametrize("app", APPS_WITH_CATALOGUES)
@pytest.mark.parametrize("language", ["fr", "nl", "de", "en"])
def test_i18n_app_catalogues_fully_translated_and_compiled(app, language):
    """Each app keeps its own catalogue (``<app>/locale``): every entry translated, no fuzzy
    entry, and the compiled ``.mo`` up to date with the ``.po``."""
    po = LOCALE.parent / app / "locale" / language / "LC_MESSAGES" / "django.po"
    if not po.exists():
        pytest.skip(f"{app} has no translatable string yet")
    text = po.read_text(encoding="utf-8")
    entries = [e for e in text.split("\n\n")[1:] if e.strip() and not e.startswith("#~")]
    for entry in entries:
        assert "#, fuzzy" not in entry, entry
        assert not re.search(r'^msgstr(\[\d\])? ""$(?!\n")', entry, re.M), entry
    with po.with_suffix(".mo").open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    singular = sum(1 for e in entries if "msgid_plural" not in e)
    plural = len(entries) - singular
    assert len(catalogue._catalog) - 1 == singular + 2 * plural


#: A ``str.format`` placeholder: ``{name}``, ``{name!r}``, ``{0}``, ``{}``, ``{name:>4}``.
BRACE_PLACEHOLDER = re.compile(r"\{(?:[A-Za-z_]\w*|\d*)(?:![rsa])?(?::[^{}]*)?\}")
SOURCES = LOCALE.parents[1]


def _po_strings(po: Path) -> list[tuple[str, str]]:
    """(keyword, text) of every msgid, msgid_plural, msgstr and msgstr[n] of a catalogue,
    continuation lines joined, and its flag lines as ("#,", flags)."""
    found: list[tuple[str, str]] = []
    keyword = ""
    for line in po.read_text(encoding="utf-8").splitlines():
        if line.startswith("#,"):
            found.append(("#,", line[2:]))
            keyword = ""
        elif match := re.match(r'(msgid|msgid_plural|msgstr(?:\[\d+\])?) "(.*)"$', line):
            keyword = match.group(1)
            found.append((keyword, match.group(2)))
        elif keyword and line.startswith('"'):
            found[-1] = (keyword, found[-1][1] + line[1:-1])
        else:
            keyword = ""
    return found


def test_i18n_messages_use_named_percent_placeholders_only():
    """Every translatable message writes its values as ``%(name)s`` (gettext's
    ``python-format``, filled with ``%`` and a mapping), never as ``{name}``: no msgid or
    translation of any catalogue, no ``gettext_noop`` literal of the sources."""
    catalogues = sorted(SOURCES.glob("chessclub_web/**/locale/*/LC_MESSAGES/django.po"))
    assert len(catalogues) >= 4 * (1 + len(APPS_WITH_CATALOGUES))
    offenders = []
    for po in catalogues:
        for keyword, text in _po_strings(po):
            if keyword == "#," and "python-brace-format" in text:
                offenders.append(f"{po.relative_to(SOURCES)}: #,{text}")
            elif keyword != "#," and BRACE_PLACEHOLDER.search(text):
                offenders.append(f"{po.relative_to(SOURCES)}: {keyword} {text!r}")
    marked = 0
    for path in sorted(SOURCES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = getattr(node, "func", None)
            if (
                not isinstance(node, ast.Call)
                or getattr(func, "id", getattr(func, "attr", "")) != "gettext_noop"
            ):
                continue
            marked += 1
            for arg in node.args:
                if isinstance(arg, ast.Constant) and BRACE_PLACEHOLDER.search(str(arg.value)):
                    offenders.append(f"{path.relative_to(SOURCES)}:{node.lineno}: {arg.value!r}")
    assert marked > 200
    assert offenders == []
