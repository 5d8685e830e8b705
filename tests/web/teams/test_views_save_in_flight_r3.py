"""A team match's whole-match forfeit or line-up change while a board
save of the same match is in flight, on PostgreSQL.

Spec R3/R5 and the lock rule (docs/results.md, tournaments.models): every transaction that
changes a tournament's games locks the tournament's row first; a save takes it shared. The
match forfeit (teams.services.set_match_forfeit) and the line-up (set_lineup → build_boards)
changed games without taking it and checked "no board has a result" before any lock (found
by an adversarial test; they now take it first).

Expected, by hand: either the forfeit / line-up waits for the save and then sees the board's
result (refused: "Boards of this match already have results" / "The line-up cannot change
once a board of the match has a result"), or the save is refused. Never a 500, never a board
result silently lost or overwritten.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.teams.models import Match
from chessclub_web.tournaments.models import Game, Tournament

from ..audit.lines import result_lines
from ..builders import needs_postgresql, save_in_flight, team_round_robin

pytestmark = pytest.mark.django_db(transaction=True)


def _event(club) -> tuple[Tournament, Match]:
    t = team_round_robin(club)
    return t, Match.objects.get(round__tournament=t)


def _url(t: Tournament, match: Match) -> str:
    return reverse("team_match", args=(t.club.number, t.pk, match.pk))


def _first_game(match: Match) -> Game:
    return match.boards.filter(game__isnull=False).order_by("board").first().game


def test_match_forfeit_while_board_save_in_flight(monkeypatch, public_club, make_user):
    needs_postgresql()
    t, match = _event(public_club)
    game = _first_game(match)
    staff = Client()
    staff.raise_request_exception = False
    staff.force_login(make_user("owner", public_club, Role.OWNER))
    client = Client()
    client.raise_request_exception = False
    client.force_login(make_user("arbiter", public_club, Role.ARBITER))
    response, other = save_in_flight(
        monkeypatch,
        client,
        _url(t, match),
        {"action": "results", f"result-{game.pk}": "1-0", f"version-{game.pk}": game.version},
        lambda: staff.post(_url(t, match), {"action": "forfeit", "forfeit": "-+"}),
    )
    game.refresh_from_db()
    match.refresh_from_db()
    assert response is not None
    assert response.status_code != 500, f"board save answered 500; forfeit: {other!r}"
    assert getattr(other, "status_code", None) != 500, (
        f"the match forfeit answered 500 ({other!r}); board {game.result!r}, "
        f"match forfeit {match.forfeit!r}"
    )
    history = list(result_lines(game=game).values_list("old__result", "new__result", "version"))
    if response.status_code == 302:  # the board save succeeded: 1-0 is the stored result
        assert not match.forfeit and game.result == "1-0", (
            f"the saved 1-0 was overwritten by the match forfeit: match forfeit "
            f"{match.forfeit!r}, board {game.result!r}, history {history}"
        )


def test_lineup_change_while_board_save_in_flight(monkeypatch, public_club, make_user):
    needs_postgresql()
    t, match = _event(public_club)
    game = _first_game(match)
    client = Client()
    client.raise_request_exception = False
    client.force_login(make_user("arbiter", public_club, Role.ARBITER))
    staff = Client()
    staff.raise_request_exception = False
    staff.force_login(make_user("owner", public_club, Role.OWNER))
    away = [m.player_id for m in match.away.members.order_by("position")]
    response, other = save_in_flight(
        monkeypatch,
        client,
        _url(t, match),
        {"action": "results", f"result-{game.pk}": "1-0", f"version-{game.pk}": game.version},
        lambda: staff.post(
            _url(t, match),
            {
                "action": "lineup",
                "team": match.away_id,
                **{f"board_{b}": p for b, p in enumerate([away[0], away[1], away[2], away[4]], 1)},
            },
        ),
    )
    assert response is not None
    assert response.status_code != 500, f"board save answered 500; line-up: {other!r}"
    assert getattr(other, "status_code", None) != 500, (
        f"the line-up change answered 500 while the board save committed: {other!r}"
    )
    saved = result_lines(new__result="1-0").exists()
    results = list(
        Game.objects.filter(round__tournament=t).exclude(result="").values_list("result", flat=True)
    )
    if response.status_code == 302 and saved:
        assert results == ["1-0"], (
            f"the board save answered {response.status_code} and its 1-0 is in the history, "
            f"but the line-up change ({other!r}) rebuilt the boards: stored results {results}"
        )
