"""The write API beyond results (docs/api.md, "Writing"): registering an entry, pairing the
next round as the pairing page does (FIDE's Dutch system through the same background job),
publishing it, one board's result with its version (spec R3), and the token permission matrix
of every write endpoint (the pages' table, narrowed by the token's club and actions)."""

from __future__ import annotations

import datetime

import pytest

from chessclub_web.accounts.models import Scope
from chessclub_web.accounts.services import create_token, revoke_token
from chessclub_web.audit.models import AuditAction, Entry
from chessclub_web.clubs.models import Club, Role
from chessclub_web.tournaments.models import Game, Round, RoundState, Tournament

from ..builders import make_swiss
from .conftest import bearer

pytestmark = pytest.mark.django_db

API = "/api/v1"
#: Eight players (placeholders), by rating.
EIGHT = [(f"Joueur {letter}, {letter}", 2100 - 50 * i) for i, letter in enumerate("ABCDEFGH")]


def _url(tournament: Tournament, tail: str) -> str:
    return f"{API}/clubs/{tournament.club.number}/tournaments/{tournament.pk}/{tail}"


def _new_swiss(club: Club) -> Tournament:
    return Tournament.objects.create(
        club=club,
        name="Open API",
        system="swiss",
        planned_rounds=5,
        start_date=datetime.date(2026, 12, 1),
        end_date=datetime.date(2026, 12, 31),
    )


@pytest.fixture
def arbiter_token(public_club, make_user):
    user = make_user("arbitre", public_club, Role.ARBITER)
    return create_token(user, public_club, "app", list(Scope.values))[1]


def test_api_entries_registered_then_paired_by_the_dutch_system_and_published(
    client, public_club, arbiter_token
):
    row = _new_swiss(public_club)
    for name, rating in reversed(EIGHT):  # registered weakest first: numbers go by rating
        response = client.post(
            _url(row, "entries"),
            {"name": name, "rating": rating, "federation": "bel"},
            content_type="application/json",
            **bearer(arbiter_token),
        )
        assert response.status_code == 201, response.content
        assert response.json()["federation"] == "BEL"
    entries = client.get(_url(row, "crosstable")).json()
    ranked = sorted((r["pairing_number"], r["name"]) for r in entries["rows"])
    assert ranked == [(n, name) for n, (name, _r) in enumerate(EIGHT, start=1)]

    paired = client.post(
        _url(row, "pair"), {}, content_type="application/json", **bearer(arbiter_token)
    )
    assert paired.status_code == 201, paired.content
    assert paired.json()["status"] == "done" and paired.json()["round"] == 1
    draft = client.get(_url(row, "rounds/1"), **bearer(arbiter_token)).json()
    assert draft["state"] == RoundState.DRAFT
    # FIDE C.04.3, round 1 of eight: the top half meets the bottom half, 1–5, 2–6, 3–7, 4–8.
    pairs = {
        frozenset((g["white"]["pairing_number"], g["black"]["pairing_number"]))
        for g in draft["games"]
    }
    assert pairs == {frozenset(p) for p in ((1, 5), (2, 6), (3, 7), (4, 8))}
    assert client.get(_url(row, "rounds/1")).status_code == 404  # a draft: not public

    published = client.post(_url(row, "rounds/1/publish"), **bearer(arbiter_token))
    assert published.status_code == 200
    assert published.json() == {"round": 1, "state": RoundState.PUBLISHED}
    assert client.get(_url(row, "rounds/1")).status_code == 200
    again = client.post(_url(row, "rounds/1/publish"), **bearer(arbiter_token))
    assert again.status_code == 409
    assert Entry.objects.filter(tournament=row, action=AuditAction.ROUND_PUBLISHED).count() == 1

    # Round 2 cannot be paired before round 1's results are in: the pairing's refusal, 409.
    early = client.post(
        _url(row, "pair"), {}, content_type="application/json", **bearer(arbiter_token)
    )
    assert early.status_code == 409 and early.json()["error"]


def test_api_entry_refusals_name_the_field_or_the_reason(client, public_club, arbiter_token):
    row = _new_swiss(public_club)
    url = _url(row, "entries")
    bad = client.post(
        url,
        {"name": "X, Y", "federation": "XX"},
        content_type="application/json",
        **bearer(arbiter_token),
    )
    assert bad.status_code == 400 and bad.json()["field"] == "federation"
    missing = client.post(
        url, {"rating": 1500}, content_type="application/json", **bearer(arbiter_token)
    )
    assert missing.status_code == 400 and "name" in missing.json()["error"]
    first = client.post(
        url,
        {"name": "Un, Joueur", "fide_id": "0099100001"},
        content_type="application/json",
        **bearer(arbiter_token),
    )
    assert first.status_code == 201 and first.json()["fide_id"] == "99100001"  # R-REG-8
    twice = client.post(
        url,
        {"name": "Deux, Joueur", "fide_id": "99100001"},
        content_type="application/json",
        **bearer(arbiter_token),
    )
    assert twice.status_code == 409 and twice.json()["error"]
    for hidden in ("Ev\u202eil, X", "Bell\u0007, X"):  # a bidi override, a control character
        refused = client.post(
            url, {"name": hidden}, content_type="application/json", **bearer(arbiter_token)
        )
        assert refused.status_code == 400 and refused.json()["field"] == "name"
    assert row.players.count() == 1  # nothing more stored


def test_r3_api_one_board_saved_with_its_version_and_409_when_stale(
    client, public_club, arbiter_token
):
    row = make_swiss(public_club)
    game = Game.objects.get(round__tournament=row, round__number=2, board=1)
    url = _url(row, f"rounds/2/boards/{game.pk}")
    saved = client.put(
        url,
        {"result": "=", "version": game.version},
        content_type="application/json",
        **bearer(arbiter_token),
    )
    assert saved.status_code == 200
    assert saved.json() == {"game": game.pk, "result": "=", "version": game.version + 1}
    stale = client.put(
        url,
        {"result": "1-0", "version": game.version},
        content_type="application/json",
        **bearer(arbiter_token),
    )
    assert stale.status_code == 409
    assert stale.json()["stale"] == [{"game": game.pk, "result": "=", "version": game.version + 1}]
    game.refresh_from_db()
    assert game.result == "="


def test_api_pairing_job_followed_only_by_who_asked(
    client, public_club, make_user, arbiter_token, monkeypatch
):
    row = _new_swiss(public_club)
    for name, rating in EIGHT[:4]:
        client.post(
            _url(row, "entries"),
            {"name": name, "rating": rating},
            content_type="application/json",
            **bearer(arbiter_token),
        )
    job = client.post(
        _url(row, "pair"), {}, content_type="application/json", **bearer(arbiter_token)
    ).json()
    assert client.get(f"{API}/jobs/{job['id']}", **bearer(arbiter_token)).json()["status"] == "done"
    other = make_user("autre", public_club, Role.ARBITER)
    other_token = create_token(other, public_club, "x", [Scope.EDIT_PAIRINGS])[1]
    assert client.get(f"{API}/jobs/{job['id']}", **bearer(other_token)).status_code == 404
    assert (
        client.get(
            f"{API}/jobs/00000000-0000-0000-0000-000000000000", **bearer(arbiter_token)
        ).status_code
        == 404
    )


# --- the token permission matrix ---------------------------------------------------------------


def _calls(row: Tournament) -> dict[str, tuple[str, str, dict]]:
    """Each write endpoint: (method, url, body) that succeeds with the right token."""
    game = Game.objects.get(round__tournament=row, round__number=2, board=1)
    return {
        "results": (
            "post",
            _url(row, "rounds/2/results"),
            {"boards": [{"game": game.pk, "result": "1-0", "version": game.version}]},
        ),
        "board": (
            "put",
            _url(row, f"rounds/2/boards/{game.pk}"),
            {"result": "1-0", "version": game.version},
        ),
        "entries": (
            "post",
            _url(row, "entries"),
            {"name": "Nouveau, Joueur", "rating": 1500, "entry_round": 3},
        ),
        "publish": ("post", _url(row, "rounds/2/publish"), {}),
    }


SCOPE_OF = {
    "results": Scope.ENTER_RESULTS,
    "board": Scope.ENTER_RESULTS,
    "entries": Scope.MANAGE_ENTRIES,
    "publish": Scope.PUBLISH_ROUND,
}


@pytest.mark.parametrize("endpoint", sorted(SCOPE_OF))
@pytest.mark.parametrize(
    "case",
    ["no token", "revoked", "other club", "no scope", "not a member", "right"],
)
def test_api_token_permission_matrix(client, public_club, make_user, endpoint, case):
    row = make_swiss(
        public_club,
        round2_state=RoundState.DRAFT if endpoint == "publish" else RoundState.PUBLISHED,
    )
    method, url, body = _calls(row)[endpoint]
    scope = SCOPE_OF[endpoint]
    other_club = Club.objects.create(name="Autre cercle", number="799", public=True)
    headers: dict[str, str] = {}
    if case != "no token":
        if case == "not a member":
            user = make_user("passant")
        elif case == "other club":
            user = make_user("arbitre", public_club, Role.ARBITER)
            Membership = public_club.memberships.model
            Membership.objects.create(user=user, club=other_club, role=Role.ARBITER)
        else:
            user = make_user("arbitre", public_club, Role.ARBITER)
        token_club = other_club if case == "other club" else public_club
        scopes = [s for s in Scope.values if s != scope] if case == "no scope" else [scope]
        token, secret = create_token(user, token_club, "matrix", scopes)
        if case == "revoked":
            revoke_token(user, token.pk)
        headers = bearer(secret)
    before = (
        Game.objects.filter(round__tournament=row).values_list("result", flat=True),
        row.players.count(),
    )
    response = getattr(client, method)(url, body, content_type="application/json", **headers)
    expected = {
        "no token": 401,
        "revoked": 401,
        "other club": 403,
        "no scope": 403,
        "not a member": 403,
        "right": {"entries": 201}.get(endpoint, 200),
    }[case]
    assert response.status_code == expected, response.content
    assert response["Content-Type"].startswith("application/json")
    if expected >= 400:
        assert response.json()["error"]
        assert list(before[0]) == list(
            Game.objects.filter(round__tournament=row).values_list("result", flat=True)
        )
        assert row.players.count() == before[1]
        assert Round.objects.get(tournament=row, number=2).state == (
            RoundState.DRAFT if endpoint == "publish" else RoundState.PUBLISHED
        )
