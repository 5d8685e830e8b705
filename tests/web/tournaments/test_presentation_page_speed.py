"""Big tournaments: the standings are computed once per tournament revision and cached, never
stale; the *Classement* builds no crosstable cell; labels are translated once per page."""

from __future__ import annotations

import re

import pytest

from chessclub_web.tournaments import presentation
from chessclub_web.tournaments.models import Bye, Game, Round, Tournament, TournamentPlayer

pytestmark = pytest.mark.django_db


@pytest.fixture
def count_summaries(monkeypatch):
    calls = []
    original = presentation.summarize

    def counting(tournament, *args, **kwargs):
        calls.append(tournament.name)
        return original(tournament, *args, **kwargs)

    monkeypatch.setattr(presentation, "summarize", counting)
    return calls


def _points(html: str, pairing_number: int) -> str:
    row = re.search(rf'<tr id="player-{pairing_number}">(.*?)</tr>', html, re.S)
    assert row
    return re.findall(r'<td class="num points">([^<]*)</td>', row.group(1))[0]


def test_standings_tab_builds_no_crosstable_cells(client, demo):
    response = client.get(demo)
    assert all(row.cells_html == "" for row in response.context["rows"])
    crosstable = client.get(demo + "crosstable/")
    assert all(row.cells_html.count("<td") == 7 for row in crosstable.context["rows"])


def test_standings_computed_once_for_every_visitor_and_both_tabs(client, demo, count_summaries):
    for language in ("fr", "en", "nl"):
        assert client.get(demo, HTTP_ACCEPT_LANGUAGE=language).status_code == 200
        assert client.get(demo + "crosstable/", HTTP_ACCEPT_LANGUAGE=language).status_code == 200
    assert len(count_summaries) == 1


def test_cached_standings_never_stale_after_a_result_changes(client, demo, count_summaries):
    assert _points(client.get(demo).content.decode(), 3) == "5"
    charlie = TournamentPlayer.objects.get(pairing_number=3)
    game = (
        Game.objects.filter(white=charlie, result="1-0").first()
        or Game.objects.filter(black=charlie, result="0-1").first()
    )
    assert game is not None
    game.result = "="
    game.save()
    assert _points(client.get(demo).content.decode(), 3) == "4½"
    game.delete()
    assert _points(client.get(demo).content.decode(), 3) == "4"
    assert len(count_summaries) == 3


def test_cached_standings_follow_players_rounds_and_byes(client, demo):
    charlie = TournamentPlayer.objects.get(pairing_number=3)
    charlie.name = "Renamed, Player"
    charlie.save()
    assert "Renamed, Player" in client.get(demo).content.decode()
    last = Round.objects.order_by("-number").first()
    absence = Bye.objects.get(round=last, player__pairing_number=15)
    assert absence.kind == "-"
    absence.kind = "F"
    absence.save()
    html = client.get(demo + "crosstable/").content.decode()
    assert "cell-bye-f" in html
    tournament = Tournament.objects.get()
    before = tournament.revision
    tournament.name = "Renamed"
    tournament.save(update_fields=["name"])
    tournament.refresh_from_db()
    assert tournament.revision != before
    assert "<h1>Renamed</h1>" in client.get(demo).content.decode()


def test_cache_key_names_tournament_and_revision(demo):
    tournament = Tournament.objects.get()
    key = presentation.cache_key(tournament)
    assert str(tournament.pk) in key and tournament.revision.hex in key


def test_crosstable_labels_translated_once_per_page_not_per_cell(client, demo, monkeypatch):
    calls = []
    for name in ("_", "pgettext"):
        original = getattr(presentation, name)

        def counting(*args, _original=original):
            calls.append(args)
            return _original(*args)

        monkeypatch.setattr(presentation, name, counting)
    html = client.get(demo + "crosstable/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert html.count('class="cell cell-') == 16 * 7
    assert len(calls) < 25, len(calls)
