"""The rule sets named on *Prévision liste FSE* (spec W9: the interface names the rule set used)
and *Prévision Elo FRBE* (B5: a versioned rule set, named), in the reader's language: the core
names its rule sets in English (``NationalRules.name``, the FSE rule-set files' ``name``); the
pages name them in French, Dutch, German or English, the rule set's key staying what the
command line takes (``--rules current``, ``frbe-art10@2008``)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from chessclub.ratings.frbe import DEFAULT_NATIONAL_RULES
from chessclub.ratings.fse import RULE_SETS

pytestmark = pytest.mark.django_db

FRBE_NAMES = {
    "fr": "Cote nationale FRBE-KBSB (règlement des tournois, art. 10, texte de 2008)",
    "nl": "Nationale rating KBSB-FRBE (toernooireglement, art. 10, tekst van 2008)",
    "de": "Nationale Wertung FRBE-KBSB (Turnierreglement, Art. 10, Fassung von 2008)",
    "en": "FRBE-KBSB national rating (tournament rules art. 10, 2008 text)",
}
FSE_CURRENT = {
    "fr": "paramètres actuels (2025), version 2025-01-01 (clé en ligne de commande : current)",
    "nl": "huidige parameters (2025), versie 2025-01-01 (sleutel op de opdrachtregel: current)",
    "de": "aktuelle Parameter (2025), Version 2025-01-01 (Schlüssel auf der Kommandozeile: "
    "current)",
    "en": "current parameters (2025), version 2025-01-01 (key on the command line: current)",
}


def text_of(client, path: str, language: str) -> str:
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", response.content.decode())))


@pytest.mark.parametrize("language", ["fr", "nl", "de", "en"])
def test_b5_frbe_forecast_names_the_rule_set_in_the_readers_language(
    client, public_club, language
) -> None:
    """The B5 rule set of the page is ``frbe-art10@2008`` (the federation's 2008 text); its
    English core name is shown only on the English page."""
    assert DEFAULT_NATIONAL_RULES.label == "frbe-art10@2008"
    text = text_of(client, f"/clubs/{public_club.number}/frbe/forecast/", language)
    assert FRBE_NAMES[language] in text and "(frbe-art10@2008)" in text
    if language != "en":
        assert DEFAULT_NATIONAL_RULES.name not in text


@pytest.mark.parametrize("language", ["fr", "nl", "de", "en"])
def test_w9_fse_forecast_names_the_rule_set_in_the_readers_language(
    client, public_club, language
) -> None:
    """W9's current rule set (the file ``current.json``: key ``current``, version
    2025-01-01): named by the page in the reader's language with its version; the key appears
    only as the command line's key, no longer as words of the sentence
    (« paramètres actuels (2025) — current, version … »)."""
    rules = RULE_SETS["current"]
    assert (rules.key, rules.version) == ("current", "2025-01-01")
    text = text_of(client, f"/clubs/{public_club.number}/fse/forecast/", language)
    assert FSE_CURRENT[language] in text
    assert "— current" not in text and rules.name not in text
