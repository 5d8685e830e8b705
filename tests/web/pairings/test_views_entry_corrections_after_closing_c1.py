"""Corrections of an entry after closing (spec ``frbe.md`` B1, ``product.md`` C1).

The Belgian federation wants the results file within 30 days after the tournament's end,
every player with a matricule and, for a FIDE-rated event, a FIDE ID (B1); clubs close first
and export afterwards. A closed tournament is never reopened (C1): its final standings and
club Elo stay as computed. So *Modifier* still corrects the details the federation files need
and that change neither the standings, the pairings nor the club Elo (matricule, FIDE ID,
federation, club, sex, birth date) and refuses the others (name, rating, fictitious mark,
title) with the reason, 409, nothing saved.

The tournament is the closing tests' round robin of three (``closing/test_views_c1``): its club Elo
rows are worked by hand there from FIDE's formula (K 40, Alpha +47 → 1547, Bravo −67 → 1833,
Charlie +20 → 1720) and its standings are Alpha and Charlie 1½, Bravo 0. The export's problems
are the *Exporter* tab's French texts (``frbe`` catalogue: « n'a pas de matricule », « n'a pas
d'ID FIDE (tournoi coté FIDE) »); the page texts are the pairings catalogue's French.
"""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.urls import reverse

from chessclub_web.closing import services as closing
from chessclub_web.closing.models import EloRow, FinalStanding
from chessclub_web.frbe.models import ExportSettings
from chessclub_web.pairings import services
from chessclub_web.pairings.views import entry_fix_link
from chessclub_web.tournaments.models import TournamentPlayer

from ..audit.lines import other_lines
from ..builders import client_for, export_page, make_tournament
from .test_views_entry_edit_b1 import edit_url, error_items, read_form, stored

pytestmark = pytest.mark.django_db

PLAYERS = [("Alpha, Anne", 1500), ("Bravo, Bob", 1900), ("Charlie, Claire", 1700)]
# Round robin of three: r1 1-2 1-0 (3 bye), r2 3-1 ½, r3 2-3 0-1.
ROUNDS = [[(1, 2, "1-0")], [(3, 1, "=")], [(2, 3, "0-1")]]

#: The details a closed tournament still corrects, and those it refuses.
CORRECTABLE = ("matricule", "fide_id", "federation", "sex", "birth_date", "club")
LOCKED = ("name", "rating", "fide_rating", "national_rating", "fictitious_rating", "title")


@pytest.fixture
def closed(public_club):
    """The round robin of three, closed on 2 May 2026 (final standings, roster links, club
    Elo); FIDE-rated for the export (every player needs a FIDE ID)."""
    t = make_tournament(public_club, PLAYERS, ROUNDS)
    ExportSettings.objects.create(tournament=t, division="1", series="A", fide_rated=True)
    closing.close_tournament(t, None, datetime.date(2026, 5, 2))
    t.refresh_from_db()
    assert t.is_closed
    return t


def alpha(t) -> TournamentPlayer:
    return t.players.get(pairing_number=1)


def frozen_results(t):
    """What closing computed: the final standings and the club Elo rows."""
    standings = [
        (s.rank, s.pairing_number, s.name, s.rating, s.points, s.tiebreaks)
        for s in FinalStanding.objects.filter(tournament=t).order_by("position")
    ]
    elo = sorted(
        (r.player.surname, r.ro, r.k, r.games, r.score, r.expected, r.delta, r.rn)
        for r in EloRow.objects.filter(tournament=t).select_related("player")
    )
    return standings, elo


def check_closing_values(t) -> None:
    """The values worked by hand in ``closing/test_views_c1`` (FIDE's formula, K 40)."""
    standings, elo = frozen_results(t)
    assert sorted((name, points) for _r, _n, name, _e, points, _t in standings) == [
        ("Alpha, Anne", "1½"),
        ("Bravo, Bob", "0"),
        ("Charlie, Claire", "1½"),
    ]
    assert standings[-1][2] == "Bravo, Bob"
    assert {(surname, delta, rn) for surname, *_rest, delta, rn in elo} == {
        ("Alpha", 47, 1547),
        ("Bravo", -67, 1833),
        ("Charlie", 20, 1720),
    }


class _Inputs:
    """The entry form's controls by name: ``True`` when disabled."""

    def __init__(self, page: str) -> None:
        form = page.split('class="stacked pairing-form entry-edit"', 1)[1].split("</form>", 1)[0]
        self.disabled: dict[str, bool] = {}
        for tag in re.findall(r"<(?:input|select)\b[^>]*>", form):
            name = re.search(r'\bname="([^"]+)"', tag)
            if name is None or 'type="hidden"' in tag:
                continue
            self.disabled[name.group(1)] = bool(re.search(r"\bdisabled\b", tag))


# -- corrected after closing ----------------------------------------------------------------------


def test_matricule_and_fide_id_corrected_after_closing_clear_the_export_problems(owner, closed):
    """B1 after C1: the *Exporter* tab lists the missing matricule and FIDE ID with a
    *Corriger* link; the form corrects them; the problems are gone, the standings and the
    club Elo rows are those of the closing."""
    check_closing_values(closed)
    before = frozen_results(closed)
    french = client_for(owner, "fr")
    page = export_page(french, closed)
    assert "Le joueur 1 (Alpha, Anne) n'a pas de matricule." in page
    assert "Le joueur 1 (Alpha, Anne) n'a pas d'ID FIDE (tournoi coté FIDE)." in page
    link = f"{edit_url(closed, alpha(closed))}?back=export#id_matricule"
    assert f'href="{link}"' in page.replace("&amp;", "&")

    url = link.split("#", 1)[0]
    form_page = french.get(url)
    data = read_form(form_page)
    # What a browser posts: the correctable details, not the disabled ones.
    assert not set(LOCKED) & set(data), data
    data.update(matricule="40037", fide_id="201234")
    response = french.post(url, data)
    assert response.status_code == 302, error_items(response)
    assert response["Location"] == reverse("export", args=(closed.club.number, closed.pk))
    after = stored(alpha(closed))
    assert (after["matricule"], after["fide_id"]) == ("40037", "201234")
    assert (after["name"], after["rating"], after["pairing_number"]) == ("Alpha, Anne", 1500, 1)

    page = export_page(french, closed)
    assert "(Alpha, Anne) n'a pas de matricule" not in page
    assert "(Alpha, Anne) n'a pas d'ID FIDE" not in page
    assert "Le joueur 2 (Bravo, Bob) n'a pas de matricule." in page  # still to correct
    assert frozen_results(closed) == before
    check_closing_values(closed)
    # One history line per corrected detail, as usual, in French (the pairings catalogue).
    assert other_lines(tournament=closed, action="entry.changed").count() == 2
    entries = html.unescape(
        french.get(reverse("entries", args=(closed.club.number, closed.pk))).content.decode()
    )
    assert "Alpha, Anne : matricule « — » → « 40037 »." in entries
    assert "Alpha, Anne : ID FIDE « — » → « 201234 »." in entries


@pytest.mark.parametrize(
    ("field", "posted", "expected"),
    [
        ("matricule", "40037", "40037"),
        ("fide_id", "201234", "201234"),
        ("federation", "bel", "BEL"),
        ("sex", "F", "F"),
        ("birth_date", "1984-03-07", "1984-03-07"),
        ("club", "618", "618"),
    ],
)
def test_each_federation_detail_is_corrected_after_closing(owner, closed, field, posted, expected):
    client = client_for(owner, "en")
    player = alpha(closed)
    before, results = stored(player), frozen_results(closed)
    data = read_form(client.get(edit_url(closed, player)))
    data[field] = posted
    response = client.post(edit_url(closed, player), data)
    assert response.status_code == 302, error_items(response)
    after = stored(player)
    assert after[field] == expected
    assert {k: v for k, v in after.items() if k != field} == {
        k: v for k, v in before.items() if k != field
    }
    assert frozen_results(closed) == results


# -- refused after closing ------------------------------------------------------------------------


#: The refusal in French (pairings catalogue), naming the detail and what may be corrected.
REFUSAL_FR = (
    "Le tournoi est clôturé : le classement, les appariements et l'Elo du club ont été "
    "calculés avec ces données, elles ne changent plus : {fields}. Seules celles-ci peuvent "
    "encore être corrigées : matricule, ID FIDE, fédération, sexe, date de naissance, club."
)


@pytest.mark.parametrize(
    ("changes", "fields"),
    [
        ({"name": "Alfa, Anne"}, "nom"),
        ({"rating": "1600"}, "Elo"),
        ({"title": "WFM"}, "titre"),
        ({"fictitious_rating": "on"}, "marque d'Elo fictif (***)"),
        ({"name": "Alfa, Anne", "rating": "1600", "title": "WFM"}, "nom, Elo, titre"),
    ],
)
def test_name_rating_title_and_fictitious_mark_are_refused_after_closing(
    owner, closed, changes, fields
):
    """Posted anyway (a script; the page shows them disabled): 409 naming the detail, nothing
    saved, not even the matricule posted with it; no history line; standings and Elo as
    closed."""
    french = client_for(owner, "fr")
    player = alpha(closed)
    before, results = stored(player), frozen_results(closed)
    data = read_form(french.get(edit_url(closed, player)))
    data.update(changes, matricule="40037")
    response = french.post(edit_url(closed, player), data)
    assert response.status_code == 409
    assert REFUSAL_FR.format(fields=fields) in error_items(response)
    assert stored(player) == before
    assert not other_lines(tournament=closed).exclude(action="tournament.closed").exists()
    assert frozen_results(closed) == results
    check_closing_values(closed)


def test_a_page_loaded_before_closing_cannot_change_the_rating_nor_untick_the_mark(
    owner, public_club
):
    """A form read while the tournament was open posts every detail: after the closing, a new
    rating or an unticked fictitious mark is refused (409), nothing saved; the same page with
    only a new matricule is saved."""
    t = make_tournament(public_club, PLAYERS, ROUNDS)
    TournamentPlayer.objects.filter(pk=alpha(t).pk).update(fictitious_rating=True)
    client = client_for(owner, "en")
    seen = read_form(client.get(edit_url(t, alpha(t))))
    assert seen["fictitious_rating"] == "on" and seen["rating"] == "1500"
    closing.close_tournament(t, None, datetime.date(2026, 5, 2))

    response = client.post(edit_url(t, alpha(t)), {**seen, "rating": "1600", "matricule": "1"})
    assert response.status_code == 409
    assert any("no longer change: rating." in item for item in error_items(response))
    unticked = {k: v for k, v in seen.items() if k != "fictitious_rating"}
    response = client.post(edit_url(t, alpha(t)), {**unticked, "matricule": "1"})
    assert response.status_code == 409
    assert any(
        "no longer change: fictitious rating mark (***)." in item for item in error_items(response)
    )
    after = stored(alpha(t))
    assert (after["rating"], after["fictitious_rating"], after["matricule"]) == (1500, True, "")

    response = client.post(edit_url(t, alpha(t)), {**seen, "matricule": "40037"})
    assert response.status_code == 302, error_items(response)
    after = stored(alpha(t))
    assert (after["rating"], after["fictitious_rating"], after["matricule"]) == (
        1500,
        True,
        "40037",
    )


def test_service_refuses_under_the_lock_and_never_renumbers(owner, closed):
    """``update_entry`` reads the closing under the tournament's lock: a rating is refused
    (the view may have seen the tournament open), a matricule stored; a value equal to the
    stored one is no change."""
    player = alpha(closed)
    with pytest.raises(services.Refused, match=r"no longer change: rating\."):
        services.update_entry(player, {"rating": 2200}, {"rating": 1500}, owner)
    # The stored name posted back unchanged is no change of it.
    services.update_entry(
        player,
        {"name": "Alpha, Anne", "matricule": "40037"},
        {"name": "Alpha, Anne", "matricule": ""},
        owner,
    )
    assert list(closed.players.order_by("pairing_number").values_list("name", flat=True)) == [
        "Alpha, Anne",
        "Bravo, Bob",
        "Charlie, Claire",
    ]
    assert stored(player)["matricule"] == "40037"


# -- pages ----------------------------------------------------------------------------------------


def test_closed_form_shows_the_correctable_details_editable_and_the_others_disabled(owner, closed):
    french = client_for(owner, "fr")
    page = html.unescape(french.get(edit_url(closed, alpha(closed))).content.decode())
    inputs = _Inputs(page)
    assert {name for name, off in inputs.disabled.items() if off} == set(LOCKED)
    assert {name for name, off in inputs.disabled.items() if not off} == set(CORRECTABLE)
    assert (
        "Le tournoi est clôturé : seules les données dont les fichiers de la fédération ont "
        "besoin peuvent encore être corrigées : matricule, ID FIDE, fédération, sexe, date de "
        "naissance, club. Le classement, les appariements et l'Elo du club ont été calculés "
        "avec les autres, qui ne changent plus : nom, Elo, "
    ) in page
    # The list ratings kept beside the rating (R-REG-4) are locked too; their French labels
    # come with the lead's catalogue merge.
    assert "marque d'Elo fictif (***), titre." in page
    assert "Enregistrer l'inscription" in page


def test_entries_tab_of_a_closed_tournament_offers_modifier(owner, closed):
    french = client_for(owner, "fr")
    page = html.unescape(
        french.get(reverse("entries", args=(closed.club.number, closed.pk))).content.decode()
    )
    for player in closed.players.all():
        assert f'href="{edit_url(closed, player)}"' in page
    assert ">modifier</a>" in page
    assert (
        "Le tournoi est clôturé : ses inscriptions et appariements ne changent plus. "
        "« modifier » corrige encore les données dont les fichiers de la fédération ont "
        "besoin : matricule, ID FIDE, fédération, sexe, date de naissance, club."
    ) in page


def test_fix_links_of_a_closed_tournament(owner, closed):
    """*Corriger* leads to the form for the federation details (matricule, FIDE ID, club),
    not for a rating the export cannot write (the rating no longer changes)."""
    params = {"number": 1, "name": "Alpha, Anne"}
    url = edit_url(closed, alpha(closed))
    assert entry_fix_link(owner, closed, "missing_matricule", params) == (
        f"{url}?back=export#id_matricule"
    )
    assert entry_fix_link(owner, closed, "not_affiliated", params).endswith("#id_matricule")
    assert entry_fix_link(owner, closed, "missing_fide_id", params).endswith("#id_fide_id")
    assert entry_fix_link(owner, closed, "bad_club", params).endswith("#id_club")
    assert entry_fix_link(owner, closed, "rating_too_wide", params) == ""
