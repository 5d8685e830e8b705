"""*Modifier* an entry (spec ``frbe.md`` B1: the federation's results file needs every player's
matricule, club and, for a FIDE-rated event, FIDE ID; the tournament's *Inscriptions* tab is
where an arbiter corrects them).

Every edit goes through the page as a browser would: the form is read from the page (with
the hidden values it carries) and posted back with the changes. Expected values: the FRBE
export's problems as the *Exporter* tab words them in French (``frbe`` catalogue: « n'a pas de
matricule », « n'a pas d'ID FIDE »), FIDE C.04.2 for the pairing numbers (rating order,
frozen once round 4 is paired), the registration's rules (``PlayerForm``), the permission
table (``MANAGE_ENTRIES``: owner, administrators, arbiters) and the pairings catalogue's
msgstr for the history line in each reader's language.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from chessclub.formats.frbe_export import ExportIssue
from chessclub_web.clubs.models import Player as RosterPlayer
from chessclub_web.clubs.models import Role
from chessclub_web.frbe.models import ExportSettings
from chessclub_web.pairings import services
from chessclub_web.pairings.views import entry_fix_link
from chessclub_web.tournaments.models import Round, RoundState, Tournament, TournamentPlayer

from ..audit.lines import other_lines
from ..builders import (
    client_for,
    entries_url,
    export_page,
    history_lines,
    new_tournament,
    numbers,
    registered,
)

pytestmark = pytest.mark.django_db


# -- helpers ---------------------------------------------------------------------------------------


class _FormReader(HTMLParser):
    """The fields of the page's ``entry-edit`` form as a browser would post them: inputs
    (hidden ones included, a checkbox only when checked), the selected option of each select;
    a disabled input or select is not posted (HTML: not a successful control)."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.values: dict[str, str] = {}
        self.select: str | None = None
        self.first_option: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and "entry-edit" in (a.get("class") or ""):
            self.inside = True
        if not self.inside:
            return
        if tag in ("input", "select") and "disabled" in a:
            self.select = None
            return
        if tag == "input" and a.get("name"):
            if a.get("type") == "checkbox":
                if "checked" in a:
                    self.values[a["name"]] = a.get("value") or "on"
            else:
                self.values[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self.select = a.get("name")
            self.first_option = None
        elif tag == "option" and self.select:
            if self.first_option is None:
                self.first_option = a.get("value") or ""
                self.values.setdefault(self.select, self.first_option)
            if "selected" in a:
                self.values[self.select] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


def read_form(response) -> dict[str, str]:
    assert response.status_code == 200, response.content.decode()[:2000]
    reader = _FormReader()
    reader.feed(response.content.decode())
    assert "initial-name" in reader.values, "no entry-edit form on the page"
    return reader.values


def edit_url(t, player):
    return reverse("entry_edit", args=(t.club.number, t.pk, player.pk))


def edit(client, t, player, **changes):
    """Open the player's *Modifier* page, change the given fields, post it back."""
    data = read_form(client.get(edit_url(t, player)))
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = str(value)
    return client.post(edit_url(t, player), data)


def stored(player) -> dict[str, object]:
    row = TournamentPlayer.objects.get(pk=player.pk)
    return {
        name: getattr(row, name)
        for name in (
            "name",
            "rating",
            "fictitious_rating",
            "title",
            "matricule",
            "fide_id",
            "federation",
            "sex",
            "birth_date",
            "club",
            "pairing_number",
        )
    }


def error_items(response) -> list[str]:
    """The lines of the page's error list (« label: message »), as text."""
    page = response.content.decode()
    items = re.findall(r'<ul class="problems">(.*?)</ul>', page, re.S)
    assert items, page[:3000]
    return [
        html.unescape(re.sub(r"<[^>]+>", "", li)).strip()
        for li in re.findall(r"<li>(.*?)</li>", items[0], re.S)
    ]


@pytest.fixture
def arbiter(public_club, make_user):
    return make_user("arbiter", public_club, Role.ARBITER)


@pytest.fixture
def as_owner(owner):
    return client_for(owner, "en")


@pytest.fixture
def swiss(as_owner, public_club):
    """A Swiss with two players registered by hand, without matricule, club or FIDE ID."""
    t = new_tournament(as_owner, public_club)
    registered(as_owner, t, "Alpha, Anne", 2100)
    registered(as_owner, t, "Bravo, Ben", 1900)
    return t


# -- each field is stored ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "posted", "expected"),
    [
        ("name", "  Alfa, Anne-Marie ", "Alfa, Anne-Marie"),
        ("rating", "2150", 2150),
        ("title", "WFM", "WFM"),
        ("matricule", "12345", "12345"),
        ("fide_id", "201234", "201234"),
        ("federation", "bel", "BEL"),
        ("sex", "F", "F"),
        ("birth_date", "1984-03-07", "1984-03-07"),
        ("club", "618", "618"),
    ],
)
def test_each_field_is_stored(as_owner, swiss, field, posted, expected):
    player = swiss.players.get(name="Alpha, Anne")
    before = stored(player)
    response = edit(as_owner, swiss, player, **{field: posted})
    assert response.status_code == 302, error_items(response)
    assert response["Location"] == f"{entries_url(swiss)}#entry-{player.pk}"
    after = stored(player)
    assert after[field] == expected
    # Nothing else moved.
    assert {k: v for k, v in after.items() if k != field} == {
        k: v for k, v in before.items() if k != field
    }


def test_fictitious_rating_mark_is_stored_and_cleared(as_owner, swiss):
    player = swiss.players.get(name="Bravo, Ben")
    assert edit(as_owner, swiss, player, fictitious_rating="on").status_code == 302
    assert stored(player)["fictitious_rating"] is True
    assert edit(as_owner, swiss, player, fictitious_rating=None).status_code == 302
    assert stored(player)["fictitious_rating"] is False


def test_entries_tab_links_each_player_to_the_edit_form(as_owner, swiss):
    page = as_owner.get(entries_url(swiss)).content.decode()
    for player in swiss.players.all():
        assert f'href="{edit_url(swiss, player)}"' in page


# -- the FRBE export check ------------------------------------------------------------------------


def test_export_problems_are_fixed_through_the_edit_form(owner, swiss):
    """B1: every player needs a matricule, a FIDE-rated event a FIDE ID, and the club column
    a club number (B3: 3 digits); the *Exporter* tab lists what is missing, in French."""
    french = client_for(owner, "fr")
    ExportSettings.objects.create(tournament=swiss, division="1", series="A", fide_rated=True)
    player = swiss.players.get(name="Alpha, Anne")
    # An imported file's club name and a rating beyond the file's 4 digits.
    TournamentPlayer.objects.filter(pk=player.pk).update(club="Cercle Alpha", rating=21000)
    page = export_page(french, swiss)
    assert "Le joueur 1 (Alpha, Anne) n'a pas de matricule." in page
    assert "Le joueur 1 (Alpha, Anne) n'a pas d'ID FIDE (tournoi coté FIDE)." in page
    assert "Joueur 1 (Alpha, Anne) : le cercle « Cercle Alpha » n'est pas un numéro de" in page

    assert "Joueur 1 (Alpha, Anne) : l'Elo 21000 a plus de 4 chiffres." in page

    response = edit(
        french, swiss, player, matricule="40037", fide_id="201234", club="618", rating="2100"
    )
    assert response.status_code == 302, error_items(response)
    page = export_page(french, swiss)
    assert "(Alpha, Anne) n'a pas de matricule" not in page
    assert "(Alpha, Anne) n'a pas d'ID FIDE" not in page
    assert "Cercle Alpha" not in page and "21000" not in page
    # The other player is still reported, under the name given on the form.
    assert "Le joueur 2 (Bravo, Ben) n'a pas de matricule." in page
    edit(french, swiss, swiss.players.get(name="Bravo, Ben"), name="Bravo, Benoît")
    page = export_page(french, swiss)
    assert "Le joueur 2 (Bravo, Benoît) n'a pas de matricule." in page


def test_fix_link_of_an_export_problem_leads_to_the_field_and_back(owner, arbiter, swiss):
    """The link the *Exporter* tab can put beside a player's problem: the player's form at the
    field, returning to the export; none for who may not manage the entries."""
    player = swiss.players.get(name="Bravo, Ben")
    issue = ExportIssue(
        "missing_matricule",
        "player 2 (Bravo, Ben): no matricule",
        {"number": player.pairing_number, "name": player.name},
    )
    link = entry_fix_link(owner, swiss, issue.kind, issue.params)
    assert link == f"{edit_url(swiss, player)}?back=export#id_matricule"
    club_id = entry_fix_link(arbiter, swiss, "bad_club", {"number": 2, "name": "Bravo, Ben"})
    assert club_id.endswith("#id_club")
    assert entry_fix_link(arbiter, swiss, "missing_fide_id", {"number": 2}).endswith("#id_fide_id")
    assert entry_fix_link(arbiter, swiss, "missing_round_date", {"round": 1}) == ""
    assert entry_fix_link(arbiter, swiss, "missing_matricule", {"number": 99}) == ""

    client = client_for(owner, "en")
    url = link.split("#", 1)[0]
    data = read_form(client.get(url))
    assert data["back"] == "export"
    data["matricule"] = "23456"
    response = client.post(url, data)
    assert response.status_code == 302
    assert response["Location"] == reverse("export", args=(swiss.club.number, swiss.pk))
    assert stored(player)["matricule"] == "23456"


def test_fix_link_is_not_offered_to_a_visitor_nor_for_a_closed_tournaments_rating(
    public_club, make_user, owner, swiss
):
    """A closed tournament still corrects the matricule (the link stays), not the rating
    (the standings and the club Elo were computed with it: no link)."""
    stranger = make_user("stranger")
    params = {"number": 1, "name": "Alpha, Anne"}
    assert entry_fix_link(stranger, swiss, "missing_matricule", params) == ""
    assert entry_fix_link(owner, swiss, "rating_too_wide", params).endswith("#id_rating")
    Tournament.objects.filter(pk=swiss.pk).update(closed_at=timezone.now())
    swiss.refresh_from_db()
    assert entry_fix_link(stranger, swiss, "missing_matricule", params) == ""
    assert entry_fix_link(owner, swiss, "rating_too_wide", params) == ""
    player = swiss.players.get(pairing_number=1)
    assert entry_fix_link(owner, swiss, "missing_matricule", params) == (
        f"{edit_url(swiss, player)}?back=export#id_matricule"
    )


# -- bad values -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "label", "message"),
    [
        ("matricule", "12 34!", "Matricule (FRBE/FSE)", "Digits only."),
        ("fide_id", "12a4", "FIDE ID", "Digits only."),
        ("federation", "BELG", "Federation", "Three letters, e.g. BEL."),
        ("rating", "5000", "Rating", "4000"),
        ("rating", "abc", "Rating", "whole number"),
        ("title", "XX", "Title", "Select a valid choice."),
        ("sex", "Q", "Sex", "Select a valid choice."),
        ("birth_date", "2999-01-01", "Birth date", "The birth date is not a plausible date."),
        ("birth_date", "31/02/1984", "Birth date", "Enter a valid date."),
        ("club", "Cercle", "Club", "digits only, e.g. 618"),
        ("club", "1234567", "Club", "at most 6 characters"),
        ("name", "", "Name (surname, first name)", "This field is required."),
    ],
)
def test_bad_value_answers_400_naming_the_field(as_owner, swiss, field, value, label, message):
    player = swiss.players.get(name="Alpha, Anne")
    before = stored(player)
    changes = {field: value, "matricule": "11111"} if field != "matricule" else {field: value}
    response = edit(as_owner, swiss, player, **changes)
    assert response.status_code == 400
    items = error_items(response)
    assert any(item.startswith(f"{label}:") and message in item for item in items), items
    assert stored(player) == before  # nothing saved, not even the valid matricule
    assert not other_lines(tournament=swiss, message__contains="%(field)s")


def test_fictitious_rating_needs_a_rating(as_owner, swiss):
    player = swiss.players.get(name="Bravo, Ben")
    response = edit(as_owner, swiss, player, rating="", fictitious_rating="on")
    assert response.status_code == 400
    assert any(
        i.startswith("Fictitious rating (***):") and "needs a rating" in i
        for i in error_items(response)
    )
    assert stored(player)["rating"] == 1900


def test_fide_id_of_another_entry_is_refused(as_owner, swiss):
    """One FIDE ID is one person (as on registration)."""
    alpha = swiss.players.get(name="Alpha, Anne")
    bravo = swiss.players.get(name="Bravo, Ben")
    assert edit(as_owner, swiss, alpha, fide_id="201234").status_code == 302
    response = edit(as_owner, swiss, bravo, fide_id="201234", matricule="22222")
    assert response.status_code == 409
    assert "FIDE ID 201234 is already registered: Alpha, Anne." in html.unescape(
        response.content.decode()
    )
    assert stored(bravo)["fide_id"] == "" and stored(bravo)["matricule"] == ""


def test_imported_values_the_form_refuses_are_kept_when_unchanged(as_owner, swiss):
    """An imported file's birth year alone, lowercase TRF sex, an odd title and a club name
    never block correcting another detail; they stay as stored."""
    player = swiss.players.get(name="Alpha, Anne")
    TournamentPlayer.objects.filter(pk=player.pk).update(
        birth_date="1984", sex="w", title="g", club="Cercle Alpha", rating=9000
    )
    page = as_owner.get(edit_url(swiss, player)).content.decode()
    # The year alone is shown in a text input: a date input would post it cleared.
    assert re.search(r'<input type="text" name="birth_date" value="1984"', page)
    response = edit(as_owner, swiss, player, matricule="40037")
    assert response.status_code == 302, error_items(response)
    after = stored(player)
    assert (after["birth_date"], after["sex"], after["title"], after["club"], after["rating"]) == (
        "1984",
        "w",
        "g",
        "Cercle Alpha",
        9000,
    )
    assert after["matricule"] == "40037"
    # Changed, the value must pass the rules.
    response = edit(as_owner, swiss, player, rating="9001")
    assert response.status_code == 400


# -- stale form -----------------------------------------------------------------------------------


def test_stale_form_answers_409_and_saves_nothing(owner, arbiter, swiss):
    player = swiss.players.get(name="Alpha, Anne")
    first = client_for(owner, "en")
    second = client_for(arbiter, "en")
    seen = read_form(first.get(edit_url(swiss, player)))
    # Meanwhile another arbiter corrects the matricule.
    assert edit(second, swiss, player, matricule="40037").status_code == 302
    seen.update(matricule="40038", rating="2200")
    response = first.post(edit_url(swiss, player), seen)
    assert response.status_code == 409
    page = html.unescape(response.content.decode())
    assert "Someone else changed this entry meanwhile: nothing was saved." in page
    after = stored(player)
    assert (after["matricule"], after["rating"]) == ("40037", 2100)
    # The page now shows the stored values: posting it again saves.
    again = read_form(_page(response))
    assert again["matricule"] == "40037"
    again["rating"] = "2200"
    assert first.post(edit_url(swiss, player), again).status_code == 302
    assert stored(player)["rating"] == 2200


def _page(response):
    """A 409 page read as a form page (read_form wants a 200)."""
    response.status_code = 200
    return response


def test_another_detail_changed_meanwhile_is_kept(owner, arbiter, swiss):
    """Only the details this page changes are written: a matricule corrected meanwhile by
    someone else is not overwritten with the value this page showed."""
    player = swiss.players.get(name="Alpha, Anne")
    first = client_for(owner, "en")
    seen = read_form(first.get(edit_url(swiss, player)))
    assert edit(client_for(arbiter, "en"), swiss, player, matricule="40037").status_code == 302
    seen["fide_id"] = "201234"
    assert first.post(edit_url(swiss, player), seen).status_code == 302
    after = stored(player)
    assert (after["matricule"], after["fide_id"]) == ("40037", "201234")


def test_entry_removed_meanwhile(as_owner, swiss):
    player = swiss.players.get(name="Bravo, Ben")
    data = read_form(as_owner.get(edit_url(swiss, player)))
    assert as_owner.post(entries_url(swiss), {"action": "remove_player", "player": player.pk})
    data["matricule"] = "12345"
    assert as_owner.post(edit_url(swiss, player), data).status_code == 404


# -- who may -------------------------------------------------------------------------------------


def test_arbiter_may_edit(arbiter, swiss):
    client = client_for(arbiter, "en")
    player = swiss.players.get(name="Bravo, Ben")
    assert edit(client, swiss, player, matricule="12345").status_code == 302
    assert stored(player)["matricule"] == "12345"


def test_visitor_and_outsider_are_refused(as_owner, swiss, public_club, make_user):
    player = swiss.players.get(name="Bravo, Ben")
    data = read_form(as_owner.get(edit_url(swiss, player)))
    data["matricule"] = "12345"
    visitor = Client()
    response = visitor.get(edit_url(swiss, player))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    response = visitor.post(edit_url(swiss, player), data)
    assert response.status_code == 302 and reverse("login") in response["Location"]
    outsider = client_for(make_user("outsider"), "en")
    assert outsider.get(edit_url(swiss, player)).status_code == 403
    assert outsider.post(edit_url(swiss, player), data).status_code == 403
    assert stored(player)["matricule"] == ""
    # A player of another tournament is not reached through this one.
    other = new_tournament(as_owner, public_club, name="Autre")
    stranger = registered(as_owner, other, "Zulu, Zoe", 1500)
    url = reverse("entry_edit", args=(swiss.club.number, swiss.pk, stranger.pk))
    assert as_owner.get(url).status_code == 404


# -- closed tournament ----------------------------------------------------------------------------


def test_closed_meanwhile_is_refused_under_the_lock(owner, swiss):
    """The service reads the closing under the tournament's lock: a new rating posted after
    the closing began (the view saw it open) stores nothing, not even the matricule posted
    with it; the matricule alone is a correction the federation files need (B1)."""
    player = swiss.players.get(name="Alpha, Anne")
    Tournament.objects.filter(pk=swiss.pk).update(closed_at=timezone.now())
    with pytest.raises(services.Refused, match="rating"):
        services.update_entry(
            player, {"rating": 2200, "matricule": "40037"}, {"rating": 2100, "matricule": ""}, owner
        )
    assert (stored(player)["rating"], stored(player)["matricule"]) == (2100, "")
    services.update_entry(player, {"matricule": "40037"}, {"matricule": ""}, owner)
    assert stored(player)["matricule"] == "40037"


def test_closed_tournament_refuses_a_new_name_from_a_page_loaded_before(as_owner, swiss):
    player = swiss.players.get(name="Alpha, Anne")
    data = read_form(as_owner.get(edit_url(swiss, player)))
    Tournament.objects.filter(pk=swiss.pk).update(closed_at=timezone.now())
    data.update(matricule="40037", name="Alfa, Anne")
    response = as_owner.post(edit_url(swiss, player), data)
    assert response.status_code == 409
    page = html.unescape(response.content.decode())
    assert "The tournament is closed:" in page and "no longer change: name." in page
    assert (stored(player)["name"], stored(player)["matricule"]) == ("Alpha, Anne", "")
    page = as_owner.get(edit_url(swiss, player)).content.decode()
    assert 'id="closed-note"' in page and "Save the entry" in page


# -- pairing numbers -----------------------------------------------------------------------------


def test_rating_change_renumbers_before_round_4(as_owner, swiss):
    """FIDE C.04.2: numbers follow the rating while not frozen."""
    bravo = swiss.players.get(name="Bravo, Ben")
    assert numbers(swiss) == [(1, "Alpha, Anne"), (2, "Bravo, Ben")]
    response = edit(as_owner, swiss, bravo, rating="2200")
    assert response.status_code == 302
    assert numbers(swiss) == [(1, "Bravo, Ben"), (2, "Alpha, Anne")]


def test_rating_change_after_round_4_keeps_the_numbers(as_owner, swiss):
    """FIDE C.04.2: pairing numbers are frozen once round 4 is paired."""
    for n in range(1, 5):
        Round.objects.create(tournament=swiss, number=n, state=RoundState.PUBLISHED)
    bravo = swiss.players.get(name="Bravo, Ben")
    response = edit(as_owner, swiss, bravo, rating="2200")
    assert response.status_code == 302
    assert stored(bravo)["rating"] == 2200
    assert numbers(swiss) == [(1, "Alpha, Anne"), (2, "Bravo, Ben")]


def test_round_robin_numbers_do_not_move(as_owner, public_club):
    """A round robin's numbers are its Berger table numbers: given by the arbiter (by rating
    or by lot), never moved by an edit."""
    t = new_tournament(as_owner, public_club, name="Fermé", system="round_robin")
    registered(as_owner, t, "Alpha, Anne", 2100)
    registered(as_owner, t, "Bravo, Ben", 1900)
    assert edit(as_owner, t, t.players.get(name="Bravo, Ben"), rating="2300").status_code == 302
    assert numbers(t) == [(1, "Alpha, Anne"), (2, "Bravo, Ben")]


# -- roster ---------------------------------------------------------------------------------------


def test_roster_player_is_not_changed(as_owner, swiss, public_club):
    roster = RosterPlayer.objects.create(
        club=public_club, surname="Charlie", first_name="Claire", matricule="", fide_id=""
    )
    response = as_owner.post(
        entries_url(swiss),
        {"action": "add_roster", "roster_player": roster.pk, "entry_round": 1, "title": ""},
    )
    assert response.status_code == 302
    entry = swiss.players.get(roster_player=roster)
    assert entry.club == public_club.number  # registration carries the club's number
    page = as_owner.get(edit_url(swiss, entry)).content.decode()
    assert 'id="roster-note"' in page
    assert edit(as_owner, swiss, entry, matricule="40037", fide_id="201234").status_code == 302
    roster.refresh_from_db()
    assert (roster.matricule, roster.fide_id) == ("", "")
    assert stored(entry)["matricule"] == "40037"


# -- history --------------------------------------------------------------------------------------


#: The pairings catalogue's msgstr of the history lines (field labels included), newest
#: first: the lines are written in the form's order (rating, fictitious mark, matricule).
EXPECTED_HISTORY = {
    "fr": [
        "Alpha, Anne : matricule « — » → « 40037 ».",
        "Alpha, Anne : Elo marqué comme fictif (***).",
        "Alpha, Anne : Elo « 2100 » → « 2150 ».",
    ],
    "nl": [
        "Alpha, Anne: stamnummer gewijzigd van ‘—’ in ‘40037’.",
        "Alpha, Anne: Elo als fictief gemarkeerd (***).",
        "Alpha, Anne: Elo gewijzigd van ‘2100’ in ‘2150’.",
    ],
    "de": [
        "Alpha, Anne: Matrikelnummer von „—“ auf „40037“ geändert.",
        "Alpha, Anne: Elo als fiktiv markiert (***).",
        "Alpha, Anne: Elo von „2100“ auf „2150“ geändert.",
    ],
    "en": [
        "Alpha, Anne: matricule changed from “—” to “40037”.",
        "Alpha, Anne: rating marked fictitious (***).",
        "Alpha, Anne: rating changed from “2100” to “2150”.",
    ],
}


@pytest.mark.parametrize("language", ["fr", "nl", "de", "en"])
def test_history_line_in_the_readers_language(owner, arbiter, swiss, language):
    """A French-speaking owner edits; each reader sees the lines in their language (one
    line per changed detail, in the form's order, newest first)."""
    player = swiss.players.get(name="Alpha, Anne")
    writer = client_for(owner, "fr")
    response = edit(writer, swiss, player, rating="2150", matricule="40037", fictitious_rating="on")
    assert response.status_code == 302
    lines = history_lines(client_for(arbiter, language).get(entries_url(swiss)))
    assert lines[:3] == EXPECTED_HISTORY[language]


# -- French page ----------------------------------------------------------------------------------


def test_page_texts_in_french(owner, swiss):
    french = client_for(owner, "fr")
    player = swiss.players.get(name="Alpha, Anne")
    entries = html.unescape(french.get(entries_url(swiss)).content.decode())
    assert ">modifier</a>" in entries and ">retirer</button>" in entries
    page = html.unescape(french.get(edit_url(swiss, player)).content.decode())
    for text in (
        "Modifier l'inscription : 1. Alpha, Anne",
        "Matricule (FRBE/FSE)",
        "ID FIDE",
        "Fédération",
        "Sexe",
        "Date de naissance",
        "Elo fictif (***)",
        "p. ex. 700 (la colonne « club » du fichier FRBE)",
        "Enregistrer l'inscription",
        "Retour aux inscriptions",
    ):
        assert text in page, text
    response = edit(french, swiss, player, matricule="12 34!")
    assert response.status_code == 400
    # The French colon of the error list is the catalogue's « : » (a no-break space before).
    assert "Matricule (FRBE/FSE)\u00a0: Chiffres uniquement." in (error_items(response))
    response = edit(french, swiss, player, matricule="40037")
    assert response.status_code == 302
    page = html.unescape(french.get(entries_url(swiss)).content.decode())
    assert "L'inscription de Alpha, Anne a été enregistrée." in page


def test_team_event_entries_are_not_edited_here(as_owner, public_club):
    """A team event's players are the teams app's (its *Équipes* tab): the page says so and a
    post is refused, nothing stored."""
    t = new_tournament(as_owner, public_club, name="Interclubs", system="team_swiss")
    player = TournamentPlayer.objects.create(tournament=t, pairing_number=1, name="Team, Tim")
    assert as_owner.get(edit_url(t, player)).status_code == 200
    response = as_owner.post(edit_url(t, player), {"name": "Other, Otto", "matricule": "1"})
    assert response.status_code == 409
    assert stored(player)["name"] == "Team, Tim" and stored(player)["matricule"] == ""


def test_export_tab_links_each_player_problem_to_the_entry_form(owner, swiss):
    """The *Exporter* tab itself puts *Corriger* beside a player's problem: the entry's form
    at the field, returning to the export tab."""
    french = client_for(owner, "fr")
    player = swiss.players.get(name="Bravo, Ben")
    page = export_page(french, swiss)
    link = f"{edit_url(swiss, player)}?back=export#id_matricule"
    assert f'href="{link}"' in page.replace("&amp;", "&")
