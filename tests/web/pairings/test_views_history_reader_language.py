"""The pairing history is shown in the reader's language, not its writer's (spec: interface
French first, then Dutch, German and English; the product spec gives the pairing history no
requirement ID of its own).

A French-speaking owner makes the changes; a Dutch-, German- or English-speaking arbiter reads
them. The expected texts are the msgstr of ``src/chessclub_web/pairings/locale/*/django.po``
(bye kinds and colours included) and the day-first short date formats of Django's ``fr``,
``nl`` and ``de`` locales and ``chessclub_web/formats/en`` (``d/m/Y``).
"""

from __future__ import annotations

import html

import pytest
from django.urls import reverse
from django.utils import translation

from chessclub_web.audit.models import AuditAction, Entry
from chessclub_web.audit.services import record
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Tournament

from ..audit.lines import other_lines
from ..builders import client_for, entries_url, history_lines, new_tournament, round_url

pytestmark = pytest.mark.django_db

LANGUAGES = ("fr", "nl", "de", "en")


@pytest.fixture
def arbiter(public_club, make_user):
    return make_user("arbiter", public_club, Role.ARBITER)


@pytest.fixture
def french_owner(owner):
    """The writer: the owner's browser asks for French."""
    return client_for(owner, "fr")


def post(client, url, **data):
    response = client.post(url, {k: str(v) for k, v in data.items()})
    assert response.status_code == 302, response.content.decode()[:2000]


def player(t, name):
    return t.players.get(name=name).pk


@pytest.fixture
def tournament_in_french(french_owner, public_club):
    """A Swiss run in French: entries, both requested bye kinds, an absence, a withdrawal, a
    forbidden pair, the initial colour drawn by lot, round 1 paired on 17 January 2026."""
    t = new_tournament(french_owner, public_club, initial_colour="")
    for name, rating in [
        ("Dupont, Anne", 2100),
        ("Peeters, Jan", 2000),
        ("Schmidt, Eva", 1900),
        ("Smith, Tom", 1800),
        ("Leroy, Paul", 1700),
    ]:
        post(
            french_owner,
            entries_url(t),
            action="add_player",
            name=name,
            rating=rating,
            entry_round=1,
        )
    url = entries_url(t)
    post(
        french_owner, url, action="bye", player=player(t, "Dupont, Anne"), round_number=2, kind="H"
    )
    post(
        french_owner, url, action="bye", player=player(t, "Peeters, Jan"), round_number=3, kind="Z"
    )
    post(french_owner, url, action="absence", player=player(t, "Schmidt, Eva"), round_number=2)
    post(french_owner, url, action="withdraw", player=player(t, "Leroy, Paul"), round_number=4)
    post(
        french_owner,
        url,
        action="forbid",
        first=player(t, "Smith, Tom"),
        second=player(t, "Schmidt, Eva"),
        reason="",
    )
    post(french_owner, url, action="draw_colour")
    response = french_owner.post(
        reverse("pair_next", args=(t.club.number, t.pk)), {"date": "2026-01-17"}
    )
    assert response.status_code == 302
    t.refresh_from_db()
    return t


def colour_seed(t):
    line = other_lines().get(tournament=t, message__startswith="Initial colour")
    return line.params["colour"], line.params["seed"]


#: The lines above, newest first, in each reader's language (``{colour}``/``{seed}``: the lot).
EXPECTED = {
    "fr": [
        "Ronde 1 appariée (brouillon).",
        "Couleur initiale tirée au sort : {colour} (graine {seed}).",
        "Schmidt, Eva et Smith, Tom ne doivent pas être appariés ensemble.",
        "Leroy, Paul s'est retiré à partir de la ronde 4.",
        "Schmidt, Eva absent à la ronde 2.",
        "Peeters, Jan : bye à 0 point demandé pour la ronde 3.",
        "Dupont, Anne : bye à ½ point demandé pour la ronde 2.",
        "Leroy, Paul inscrit.",
    ],
    "nl": [
        "Ronde 1 gepaard (ontwerp).",
        "Beginkleur geloot: {colour} (zaad {seed}).",
        "Schmidt, Eva en Smith, Tom mogen niet tegen elkaar gepaard worden.",
        "Leroy, Paul trok zich terug vanaf ronde 4.",
        "Schmidt, Eva afwezig in ronde 2.",
        "Peeters, Jan: bye van 0 punten aangevraagd voor ronde 3.",
        "Dupont, Anne: bye van ½ punt aangevraagd voor ronde 2.",
        "Leroy, Paul ingeschreven.",
    ],
    "de": [
        "Runde 1 gepaart (Entwurf).",
        "Anfangsfarbe ausgelost: {colour} (Startwert {seed}).",
        "Schmidt, Eva und Smith, Tom dürfen nicht gegeneinander gepaart werden.",
        "Leroy, Paul hat sich ab Runde 4 zurückgezogen.",
        "Schmidt, Eva abwesend in Runde 2.",
        "Peeters, Jan: Freilos 0 Punkte für Runde 3 beantragt.",
        "Dupont, Anne: Freilos ½ Punkt für Runde 2 beantragt.",
        "Leroy, Paul angemeldet.",
    ],
    "en": [
        "Round 1 paired (draft).",
        "Initial colour drawn by lot: {colour} (seed {seed}).",
        "Schmidt, Eva and Smith, Tom must not be paired together.",
        "Leroy, Paul withdrew from round 4.",
        "Schmidt, Eva absent in round 2.",
        "Peeters, Jan: zero-point bye requested for round 3.",
        "Dupont, Anne: half-point bye requested for round 2.",
        "Leroy, Paul registered.",
    ],
}

COLOURS = {
    "fr": {"W": "Blancs", "B": "Noirs"},
    "nl": {"W": "Wit", "B": "Zwart"},
    "de": {"W": "Weiß", "B": "Schwarz"},
    "en": {"W": "White", "B": "Black"},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_pairing_history_written_in_french_read_in_each_language(
    tournament_in_french, arbiter, language
):
    """Each reader sees the lines in their own language, names and round numbers put in, the
    bye kinds and the drawn colour translated, on the entries and on the round page."""
    t = tournament_in_french
    colour, seed = colour_seed(t)
    expected = [
        line.format(colour=COLOURS[language][colour], seed=seed) for line in EXPECTED[language]
    ]
    client = client_for(arbiter, language)
    for url in (entries_url(t), round_url(t, 1)):
        assert history_lines(client.get(url))[: len(expected)] == expected


def test_pairing_history_stores_no_translated_text(tournament_in_french):
    """What a French writer stored is the msgid and codes: no French in the row."""
    line = other_lines().get(tournament=tournament_in_french, params__bye="Z")
    assert line.message == "%(name)s: %(bye)s requested for round %(round)s."
    assert line.params == {"name": "Peeters, Jan", "bye": "Z", "round": 3}
    assert line.description == "Peeters, Jan: zero-point bye requested for round 3."
    colour, _seed = colour_seed(tournament_in_french)
    assert colour in ("W", "B")
    for row in other_lines(tournament=tournament_in_french):
        assert row.message, row.description
        for french in ("Ronde", "inscrit", "bye à", "Blancs", "Noirs", "Tournoi"):
            assert french not in row.description and french not in str(row.params)


@pytest.mark.parametrize(
    ("language", "expected", "no_date"),
    [
        ("fr", "Ronde 1 : date fixée au 24/01/2026.", "Ronde 1 : date fixée au —."),
        ("nl", "Ronde 1: datum op 24-1-2026 gezet.", "Ronde 1: datum op — gezet."),
        ("de", "Runde 1: Datum auf 24.01.2026 gesetzt.", "Runde 1: Datum auf — gesetzt."),
        ("en", "Round 1: date set to 24/01/2026.", "Round 1: date set to —."),
    ],
)
def test_pairing_history_round_date_in_the_readers_format(
    tournament_in_french, french_owner, arbiter, language, expected, no_date
):
    """A date is stored as a date and written the reader's way; "no date" is a dash."""
    t = tournament_in_french
    post(french_owner, round_url(t, 1), action="set_date", date="2026-01-24")
    line = other_lines(tournament=t).first()
    assert line.params == {"round": 1, "date": "2026-01-24"}
    client = client_for(arbiter, language)
    assert history_lines(client.get(round_url(t, 1)))[0] == expected
    post(french_owner, round_url(t, 1), action="set_date", date="")
    assert history_lines(client.get(round_url(t, 1)))[:2] == [no_date, expected]


def test_pairing_history_creation_and_rules_lines(french_owner, public_club, arbiter):
    """The lines written by the views (tournament created, pairing rules changed) too."""
    t = new_tournament(french_owner, public_club, initial_colour="")
    post(
        french_owner,
        entries_url(t),
        action="rules",
        planned_rounds=7,
        initial_colour="W",
        max_requested_byes=1,
        missed_round_points="H",
        acceleration="",
    )
    expected = {
        "fr": ["Règles d'appariement modifiées.", "Tournoi créé."],
        "nl": ["Paringsregels gewijzigd.", "Toernooi aangemaakt."],
        "de": ["Paarungsregeln geändert.", "Turnier angelegt."],
        "en": ["Pairing rules changed.", "Tournament created."],
    }
    for language, lines in expected.items():
        assert history_lines(client_for(arbiter, language).get(entries_url(t))) == lines


def test_pairing_history_old_line_shows_its_stored_text(owner, public_club, arbiter):
    """A line written before the history was stored untranslated has only its text: every
    reader sees it as it was written."""
    t = Tournament.objects.create(club=public_club, name="Ancien", system="swiss", creator=owner)
    Entry.objects.create(action="note", tournament=t, user=owner, description="Ronde 3 publiée.")
    for language in LANGUAGES:
        assert history_lines(client_for(arbiter, language).get(entries_url(t))) == [
            "Ronde 3 publiée."
        ]
    with translation.override("nl"):
        assert str(other_lines().get(tournament=t)) == "Ronde 3 publiée."


def test_pairing_history_line_whose_parameters_no_longer_fit_shows_its_text(owner, public_club):
    """A message whose stored parameters miss one falls back to the stored text, no 500."""
    t = Tournament.objects.create(club=public_club, name="T", system="swiss", creator=owner)
    row = Entry.objects.create(
        action="note",
        tournament=t,
        description="Round 2 published.",
        message="Round %(round)s published.",
        params={"number": 2},
    )
    with translation.override("de"):
        assert row.text == "Round 2 published."
    row.params = {"round": 2}
    with translation.override("de"):
        assert row.text == "Runde 2 veröffentlicht."


def test_pairing_history_note_refuses_parameters_that_do_not_fit(owner, public_club):
    t = Tournament.objects.create(club=public_club, name="T", system="swiss", creator=owner)
    with pytest.raises(KeyError):
        record(AuditAction.ROUND_PUBLISHED, t, owner, "Round %(round)s published.", {"number": 2})
    assert not other_lines(tournament=t).exists()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "Dupont, Anne : bye à ½ point demandé pour la ronde 2."),
        ("nl", "Dupont, Anne: bye van ½ punt aangevraagd voor ronde 2."),
        ("de", "Dupont, Anne: Freilos ½ Punkt für Runde 2 beantragt."),
        ("en", "Dupont, Anne: half-point bye requested for round 2."),
    ],
)
def test_pairing_history_admin_shows_the_readers_text(
    tournament_in_french, django_user_model, language, expected
):
    """The admin lists the lines in the reader's language and offers no edit."""
    staff = django_user_model.objects.create_superuser("root", "root@example.invalid", "pw-123")
    client = client_for(staff, language)
    changelist = client.get(reverse("admin:audit_entry_changelist"))
    assert changelist.status_code == 200
    assert expected in html.unescape(changelist.content.decode())
    line = other_lines().get(tournament=tournament_in_french, params__bye="H")
    page = client.get(reverse("admin:audit_entry_change", args=(line.pk,)))
    assert page.status_code == 200
    assert expected in html.unescape(page.content.decode())
    assert client.get(reverse("admin:audit_entry_add")).status_code == 403
    client.post(
        reverse("admin:audit_entry_change", args=(line.pk,)),
        {"description": "changed"},
    )
    line.refresh_from_db()
    assert line.description == "Dupont, Anne: half-point bye requested for round 2."


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "Tournoi créé."),
        ("nl", "Toernooi aangemaakt."),
        ("de", "Turnier angelegt."),
        ("en", "Tournament created."),
    ],
)
def test_pairing_history_team_event_line_in_the_readers_language(
    french_owner, public_club, language, expected
):
    """A team event's creation, made in French, is stored untranslated like any other line
    and read in the reader's language (the team pages show no pairing history)."""
    t = new_tournament(
        french_owner, public_club, name="Interclubs", system="team_swiss", initial_colour=""
    )
    assert t.is_team_event
    line = other_lines().get(tournament=t)
    assert (line.message, line.params, line.description) == (
        "Tournament created.",
        None,
        "Tournament created.",
    )
    with translation.override(language):
        assert line.text == expected
