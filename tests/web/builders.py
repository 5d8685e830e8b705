"""Builders and helpers shared by the web tests: tournaments stored as rows, the pages' URLs,
the forms posted as a browser would, and the helpers of the tests that race two requests on
PostgreSQL. The fixtures built on them (clubs, users with a role, logged-in clients) are in
``conftest.py``.

Expected values in the tests come from the spec's rules applied by hand to these tournaments,
never from the code's own output.
"""

from __future__ import annotations

import datetime
import html
import re
import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from chessclub_web.clubs.models import Club, Player
from chessclub_web.results import services as results
from chessclub_web.teams import services as teams
from chessclub_web.tournaments.models import (
    Bye,
    Game,
    Round,
    RoundState,
    System,
    Tournament,
    TournamentPlayer,
)

#: The password of every account made by the ``make_user`` fixture.
PASSWORD = "secret-pw-123"

# --- tournaments as rows ---------------------------------------------------------------------

#: Result codes as stored: "1-0", "=", "0-1", "+-", "-+", "--", "" (none).
Board = tuple[int, int, str]


def make_tournament(
    club: Club,
    players: Sequence[tuple[str, int | None]],
    rounds: Sequence[Sequence[Board]],
    *,
    name: str = "Championnat",
    kind: str = "club",
    system: str = "round_robin",
    time_control: str = "standard",
    planned_rounds: int | None = None,
    byes: Sequence[tuple[int, int, str]] = (),
    states: Sequence[str] = (),
    creator: object = None,
) -> Tournament:
    """``players``: (name, rating) with pairing numbers 1, 2…; ``rounds``: per round, boards
    (white no., black no., result code); ``byes``: (round, player no., kind letter)."""
    tournament = Tournament.objects.create(
        club=club,
        name=name,
        kind=kind,
        system=system,
        time_control_category=time_control,
        planned_rounds=planned_rounds if planned_rounds is not None else len(rounds),
        creator=creator,
    )
    entries = {
        number: TournamentPlayer.objects.create(
            tournament=tournament, pairing_number=number, name=player_name, rating=rating
        )
        for number, (player_name, rating) in enumerate(players, start=1)
    }
    for index, boards in enumerate(rounds, start=1):
        state = states[index - 1] if index <= len(states) else RoundState.PUBLISHED
        rnd = Round.objects.create(tournament=tournament, number=index, state=state)
        for board_number, (white, black, result) in enumerate(boards, start=1):
            Game.objects.create(
                round=rnd,
                board=board_number,
                white=entries[white],
                black=entries[black],
                result=result,
            )
    for round_number, player, kind in byes:
        rnd = Round.objects.get(tournament=tournament, number=round_number)
        Bye.objects.create(round=rnd, player=entries[player], kind=kind)
    tournament.refresh_from_db()
    return tournament


def roster_player(club: Club, surname: str, elo: int | None, **fields: object) -> Player:
    """A player of the club's roster with ``elo`` as initial standard Elo."""
    return Player.objects.create(club=club, surname=surname, initial_elo_standard=elo, **fields)


#: Five players (placeholders) of :func:`make_swiss`, ratings for the boards page.
PLAYERS = (
    ("Alpha, Anne", 1900),
    ("Bravo, Bert", 1800),
    ("Charlie, Claire", 1700),
    ("Delta, Dirk", 1600),
    ("Echo, Emma", None),
)


def make_swiss(
    club: Club,
    *,
    system: str = "swiss",
    kind: str = "club",
    creator=None,
    round2_state: str = RoundState.PUBLISHED,
    planned_rounds: int = 5,
) -> Tournament:
    """Round 1 (published, complete): 1–2 ``1-0`` on board 1, 3–4 ``=`` on board 2, 5 a
    pairing-allocated bye. Round 2 (``round2_state``): board 1 is 1–3 and board 2 is 4–2,
    both without result; 5 a half-point bye. Planned: ``planned_rounds`` rounds.

    Points before round 2 (FIDE scoring, by hand): 1 → 1, 2 → 0, 3 → ½, 4 → ½, 5 → 1 (bye).
    """
    tournament = Tournament.objects.create(
        club=club,
        name="Open de test",
        kind=kind,
        system=system,
        planned_rounds=planned_rounds,
        creator=creator,
        start_date=datetime.date(2026, 3, 1),
    )
    players = {
        n: TournamentPlayer.objects.create(
            tournament=tournament, pairing_number=n, name=name, rating=rating
        )
        for n, (name, rating) in enumerate(PLAYERS, start=1)
    }
    r1 = Round.objects.create(
        tournament=tournament, number=1, date=datetime.date(2026, 3, 1), state="published"
    )
    Game.objects.create(round=r1, board=1, white=players[1], black=players[2], result="1-0")
    Game.objects.create(round=r1, board=2, white=players[3], black=players[4], result="=")
    Bye.objects.create(round=r1, player=players[5], kind="U")
    r2 = Round.objects.create(
        tournament=tournament, number=2, date=datetime.date(2026, 3, 8), state=round2_state
    )
    Game.objects.create(round=r2, board=1, white=players[1], black=players[3])
    Game.objects.create(round=r2, board=2, white=players[4], black=players[2])
    Bye.objects.create(round=r2, player=players[5], kind="H")
    tournament.refresh_from_db()
    return tournament


def team_round_robin(club: Club) -> Tournament:
    """A team round robin of two teams of five ("Team 1", "Team 2"; player k of team n is
    "Player n.k", rated 2000 − 10k − n), paired."""

    t = Tournament.objects.create(club=club, name="Interclubs", system=System.TEAM_ROUND_ROBIN)
    for n in (1, 2):
        team = teams.add_team(t, f"Team {n}")
        for k in range(1, 6):
            teams.add_member(team, f"Player {n}.{k}", 2000 - 10 * k - n)
    teams.pair_round_robin(t)
    return t


def board(tournament: Tournament, round_number: int, number: int) -> Game:
    return Game.objects.get(round__tournament=tournament, round__number=round_number, board=number)


def mark_closed(tournament: Tournament, user: object = None) -> None:
    """The tournament's row marked closed now (by ``user``), without the closing's work (no
    final standings, no club Elo): for the pages and checks that only read the mark."""
    Tournament.objects.filter(pk=tournament.pk).update(closed_at=timezone.now(), closed_by=user)
    tournament.refresh_from_db()


def numbers(tournament: Tournament) -> list[tuple[int, str]]:
    """The entries as (pairing number, name), by pairing number."""
    return list(tournament.players.order_by("pairing_number").values_list("pairing_number", "name"))


# --- the pages' URLs -------------------------------------------------------------------------


def tournament_url(tournament: Tournament, name: str, *extra: object) -> str:
    """The tournament's page ``name`` (a URL name taking the club's number and the
    tournament's id, then ``extra``)."""
    return reverse(name, args=(tournament.club.number, tournament.pk, *extra))


def boards_url(tournament: Tournament, round_number: int = 2) -> str:
    return reverse("boards", args=(tournament.club.number, tournament.pk, round_number))


def save_url(tournament: Tournament, round_number: int = 2) -> str:
    return reverse("save_board", args=(tournament.club.number, tournament.pk, round_number))


def entries_url(tournament: Tournament) -> str:
    return reverse("entries", args=(tournament.club.number, tournament.pk))


def round_url(tournament: Tournament, round_number: int) -> str:
    """A round's pairing page (a draft's hand edits, a published round's history)."""
    return reverse("pairing_round", args=(tournament.club.number, tournament.pk, round_number))


def export_url(tournament: Tournament) -> str:
    return reverse("export", args=(tournament.club.number, tournament.pk))


def frbe_players_url(club: Club) -> str:
    """The club's page of the Belgian federation's player list."""
    return reverse("frbe_players", args=(club.number,))


# --- forms posted and pages read as a browser would ------------------------------------------


def client_for(user: Any, language: str | None = None) -> Client:
    """A test client of its own, logged in as ``user``; ``language``: the language its
    browser asks for (None: none, the site's default)."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language) if language else Client()
    client.force_login(user)
    return client


def button_data(tournament: Tournament, round_number: int, chosen: dict[int, str]) -> dict:
    """The button's form as the page sends it: every board of the round with its version and
    initial value; ``chosen`` maps board numbers to the user's new codes."""
    data = {}
    for game in Game.objects.filter(round__tournament=tournament, round__number=round_number):
        data[f"result-{game.pk}"] = chosen.get(game.board, game.result)
        data[f"version-{game.pk}"] = str(game.version)
        data[f"initial-{game.pk}"] = game.result
    return data


def upload_tournament(
    client: Any, club: Club, name: str, data: bytes, language: str | None = "en", **fields: Any
) -> Any:
    """The club's *Importer* page posted by ``client`` with ``data`` as the file ``name``: a
    club tournament in standard time unless ``fields`` say otherwise, the browser asking for
    ``language`` (None: none, the site's default). Returns the response."""
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    form = {
        "file": SimpleUploadedFile(name, data),
        "kind": "club",
        "time_control_category": "standard",
        **fields,
    }
    return client.post(f"/clubs/{club.number}/import/", form, **headers)


def new_tournament(
    client: Any, club: Club, name: str = "Championnat 2026", system: str = "swiss", **fields: Any
) -> Tournament:
    """*Nouveau tournoi* posted by ``client``: a club tournament in standard time, 5 planned
    rounds for a Swiss (none for a round robin), White first; ``fields``: other values of the
    form. Returns the new tournament."""
    data = {
        "name": name,
        "kind": "club",
        "system": system,
        "time_control_category": "standard",
        "time_control": "90 min + 30 s",
        "start_date": "2026-01-10",
        "end_date": "2026-03-10",
        "planned_rounds": "5" if "swiss" in system else "",
        "city": "",
        "chief_arbiter": "",
        "initial_colour": "W",
        "max_requested_byes": "",
        "missed_round_points": "Z",
    }
    data.update({key: str(value) for key, value in fields.items()})
    response = client.post(reverse("new_tournament", args=(club.number,)), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Tournament.objects.get(club=club, name=name)


def register(
    client: Any, tournament: Tournament, name: str, rating=None, title: str = "", **fields: Any
) -> Any:
    """The entries tab's *Ajouter* posted by ``client``: ``name`` with ``title`` (and ``rating``
    unless None) entering in round 1 unless ``fields`` say otherwise. Returns the response."""
    data = {"action": "add_player", "name": name, "entry_round": 1, "title": title, **fields}
    if rating is not None:
        data["rating"] = rating
    return client.post(entries_url(tournament), data)


def registered(
    client: Any, tournament: Tournament, name: str, rating=None, **fields: Any
) -> TournamentPlayer:
    """:func:`register`, which must be taken; returns the new entry."""
    response = register(client, tournament, name, rating, **fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    return tournament.players.get(name=name)


def history_lines(response: Any) -> list[str]:
    """The pairing history's lines as the page shows them (text after the "—"), newest first."""
    assert response.status_code == 200
    page = response.content.decode()
    section = page.split('<section class="pairing-history">', 1)[1].split("</section>", 1)[0]
    items = re.findall(r"<li>(.*?)</li>", section, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", item)).split(" — ", 1)[1] for item in items]


def export_page(client: Any, tournament: Tournament) -> str:
    """The *Export* tab's page as text (entities decoded)."""
    response = client.get(export_url(tournament))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


# --- two requests at once, on PostgreSQL -----------------------------------------------------


def needs_postgresql() -> None:
    """Skips the test on SQLite: one writer at a time, the race cannot happen."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks under real concurrency)")


def save_in_flight(
    monkeypatch: pytest.MonkeyPatch, client: Any, url: str, data: dict, other: Callable[[], Any]
) -> tuple[object, object]:
    """Post ``data`` to ``url`` (an automatic save); once it holds the boards' locks (a hook in
    ``results.BOARD_LOCKS``, called after the lock and before the write), run ``other()`` in a
    third thread, give it 3 s, then let the save finish. Returns the save's response and what
    ``other`` returned (or raised)."""
    locked = threading.Event()
    go = threading.Event()
    saver = {}

    def pause(tournament, games):
        if threading.current_thread().name == "saver":
            locked.set()
            go.wait(timeout=20)
        return {}

    monkeypatch.setattr(results, "BOARD_LOCKS", [*results.BOARD_LOCKS, pause])
    box: dict[str, object] = {}

    def save() -> None:
        try:
            saver["response"] = client.post(url, data)
        finally:
            connection.close()

    def run_other() -> None:
        try:
            box["value"] = other()
        except BaseException as exc:  # reported to the test
            box["value"] = exc
        finally:
            connection.close()

    t_save = threading.Thread(target=save, name="saver")
    t_save.start()
    assert locked.wait(timeout=20), "the save never reached its lock"
    t_other = threading.Thread(target=run_other, name="other")
    t_other.start()
    t_other.join(timeout=3)  # a correct implementation may make it wait for the save
    go.set()
    t_save.join(timeout=30)
    t_other.join(timeout=30)
    return saver.get("response"), box.get("value")
