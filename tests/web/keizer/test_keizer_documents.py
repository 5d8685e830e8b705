"""K27: a Keizer competition's documents, read back from their PDF's text with the values of
the worked example of the specification §1.5 (``example.py``): the Keizer standings after any
evening (spec §1.6: rank, name, rating, current value, Keizer points, game points and games
played), an evening's pairings with the Keizer points before it and the absences in words, and
no FIDE standings, crosstable nor player cards. The other club systems outside FIDE's
(knockout cup, Scheveningen match) refuse their FIDE standings documents with the reason and
keep their rounds' documents."""

from __future__ import annotations

import pytest
from django.test import Client

from chessclub_web.documents.services import kinds_of
from chessclub_web.tournaments.models import CLUB_SYSTEMS, RoundState

from ..builders import client_for, make_tournament, tournament_url
from ..documents.helpers import in_order, pdf_text
from .example import AFTER_1, AFTER_2, worked_example

pytestmark = pytest.mark.django_db

FIDE_STANDINGS = ("standings", "crosstable", "player-cards")


def _lines(table):
    """The Keizer standings' rows as the PDF's text writes them: rank, No., name, Elo, value,
    Keizer points, game points, games."""
    numbers = {
        name: number
        for number, (name, _r) in enumerate(
            [("A", 0), ("B", 0), ("C", 0), ("D", 0), ("E", 0), ("F", 0)], start=1
        )
    }
    return [
        f"{rank} {numbers[name]} {name} {rating} {value} {points} {gp} {games}"
        for rank, (name, rating, value, points, gp, games) in enumerate(table, start=1)
    ]


def test_k27_keizer_standings_document_after_each_evening(public_club):
    row = worked_example(public_club)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    base = tournament_url(row, "documents") + "keizer-standings.pdf"
    last = pdf_text(client.get(base).content)  # the last evening by default
    assert in_order(last, "Keizer standings — after evening 2", *_lines(AFTER_2))
    first = pdf_text(client.get(base + "?round=1").content)
    assert in_order(first, "after evening 1", *_lines(AFTER_1))
    # Before the first evening: the rating order with its values, own value counted (8 … 3).
    before = pdf_text(client.get(base + "?round=0").content)
    assert in_order(before, "before evening 1", "1 1 A 2000 8 8 0 0", "6 6 F 1500 3 3 0 0")


def test_k27_keizer_standings_page_in_french(public_club):
    row = worked_example(public_club)
    page = Client(HTTP_ACCEPT_LANGUAGE="fr").get(
        tournament_url(row, "documents") + "keizer-standings/?round=2"
    )
    assert page.status_code == 200
    text = page.content.decode()
    assert "12½" in text and "après la soirée 2" in text


def test_k27_evening_pairings_with_keizer_points_and_absences(public_club):
    """Evening 2 (spec §1.5): C–A and F–D, the Keizer points after evening 1 beside each
    player (C 10, A 12, F 8, D 9½), B the pairing bye, E excused."""
    row = worked_example(public_club)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    docs = tournament_url(row, "documents")
    text = pdf_text(client.get(docs + "pairings.pdf?round=2").content)
    assert in_order(
        text,
        "1 10 C (3) 1800 A (1) 2000 12",
        "2 8 F (6) 1500 D (4) 1700 9½",
        "2 B Pairing-allocated bye",
        "5 E Excused",
    )
    results = pdf_text(client.get(docs + "results.pdf?round=2").content)
    assert in_order(results, "C (3) 1800 ½-½ A (1)", "F (6) 1500 1-0 D (4)")
    alpha = pdf_text(client.get(docs + "pairings-alphabetical.pdf?round=2").content)
    assert in_order(alpha, "A 1 12 1", "C (3)", "E 5 3 Excused")
    # Evening 1 from the rating order: before it every player has their own value.
    first = pdf_text(client.get(docs + "pairings.pdf?round=1").content)
    assert in_order(first, "1 8 A (1) 2000 B (2) 1900 7", "3 4 E (5) 1600 F (6) 1500 3")
    slips = client.get(docs + "result-slips.pdf?round=2")
    assert slips.status_code == 302  # staff only: to the login page


def test_k27_no_fide_standings_documents_for_a_keizer_competition(public_club, owner):
    row = worked_example(public_club)
    client = client_for(owner, "en")
    docs = tournament_url(row, "documents")
    tab = client.get(docs).content.decode()
    assert 'id="document-keizer-standings"' in tab
    for slug in FIDE_STANDINGS:
        assert f'id="document-{slug}"' not in tab
        assert f'value="{slug}"' not in tab  # nor in Print several
        for suffix in ("/", ".pdf"):
            refused = client.get(f"{docs}{slug}{suffix}")
            assert refused.status_code == 404
            assert "outside FIDE" in refused.content.decode()
    several = client.get(docs + "several.pdf?doc=keizer-standings&doc=crosstable")
    assert several.status_code == 404
    both = client.get(docs + "several.pdf?doc=keizer-standings&doc=pairings&round=2")
    assert both.status_code == 200
    assert in_order(pdf_text(both.content), "Keizer standings", "A 2000 8 15", "Pairings")


def test_k27_draft_evening_printed_for_who_pairs_only(public_club, owner):
    row = worked_example(public_club, evenings=2, states=["published", "draft"])
    docs = tournament_url(row, "documents")
    anonymous = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert anonymous.get(docs + "pairings/?round=2").status_code == 404
    draft = client_for(owner, "en").get(docs + "pairings.pdf?round=2")
    assert "draft, not published" in pdf_text(draft.content)
    # The Keizer standings are after published evenings only.
    assert anonymous.get(docs + "keizer-standings/?round=2").status_code == 404
    text = pdf_text(anonymous.get(docs + "keizer-standings.pdf").content)
    assert in_order(text, "after evening 1", *_lines(AFTER_1))


def test_k27_bad_evening_is_a_400_or_404_with_the_reason(public_club):
    row = worked_example(public_club)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    docs = tournament_url(row, "documents")
    bad = client.get(docs + "keizer-standings/?round=x")
    assert bad.status_code == 400 and "x" in bad.content.decode()
    missing = client.get(docs + "keizer-standings/?round=7")
    assert missing.status_code == 404 and "evening 7" in missing.content.decode()


def test_k27_keizer_standings_not_a_document_of_other_systems(public_club):
    swiss = make_tournament(
        public_club, [("A", 2000), ("B", 1900)], [[(1, 2, "1-0")]], system="swiss"
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    docs = tournament_url(swiss, "documents")
    assert client.get(docs + "keizer-standings/").status_code == 404
    assert client.get(docs + "standings/").status_code == 200


@pytest.mark.parametrize("system", sorted(CLUB_SYSTEMS - {"keizer"}))
def test_k27_other_club_systems_refuse_fide_standings_cleanly(public_club, owner, system):
    """A knockout cup's or a Scheveningen match's rounds stored as games: the tab and the
    rounds' documents answer, the FIDE standings documents are refused with the reason."""
    row = make_tournament(
        public_club,
        [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)],
        [[(1, 4, "1-0"), (2, 3, "=")], [(1, 2, "")]],
        system=system,
        states=[RoundState.PUBLISHED, RoundState.PUBLISHED],
    )
    client = client_for(owner, "en")
    docs = tournament_url(row, "documents")
    tab = client.get(docs)
    assert tab.status_code == 200
    offered = {kind.slug for kind in kinds_of(row, owner)}
    assert not offered & {*FIDE_STANDINGS, "keizer-standings"}
    for slug in ("start-list", "check-in", "pairings", "pairings-alphabetical", "results"):
        assert (
            client.get(
                f"{docs}{slug}/?round=1"
                if slug not in ("start-list", "check-in")
                else f"{docs}{slug}/"
            ).status_code
            == 200
        )
    text = pdf_text(client.get(docs + "results.pdf?round=1").content)
    assert in_order(text, "A (1) 2000 1-0 D (4)", "B (2) 1900 ½-½ C (3)")
    for slug in FIDE_STANDINGS:
        refused = client.get(f"{docs}{slug}.pdf")
        assert refused.status_code == 404
        assert "outside FIDE" in refused.content.decode()
    assert client.get(docs + "keizer-standings/").status_code == 404


def test_k27_a_tournament_file_has_no_keizer_standings():
    """The command line prints documents of tournament files (no database): a file is never a
    Keizer competition, so its Keizer standings are refused with the reason."""
    from chessclub_web import cli, commands

    from ..conftest import ELITE_FILE

    assert "keizer-standings" not in cli.FILE_DOCUMENTS
    with pytest.raises(ValueError, match="not a Keizer competition"):
        commands.make_document("keizer-standings", str(ELITE_FILE), language="en", html=True)


def test_k27_new_competition_prints_its_starting_order(public_club, owner):
    """No evening yet: the Keizer standings are the rating order with the values (T = 2 × N
    = 12 for six players by default: 12 … 7), own value counted; no pairing to print."""
    from .example import PLAYERS

    row = make_tournament(public_club, PLAYERS, [], system="keizer", name="Keizer 2026")
    client = client_for(owner, "en")
    docs = tournament_url(row, "documents")
    assert client.get(docs).status_code == 200
    text = pdf_text(client.get(docs + "keizer-standings.pdf").content)
    assert in_order(text, "before evening 1", "1 1 A 2000 12 12 0 0", "6 6 F 1500 7 7 0 0")
    missing = client.get(docs + "pairings/")
    assert missing.status_code == 404 and "No round is paired yet" in missing.content.decode()
