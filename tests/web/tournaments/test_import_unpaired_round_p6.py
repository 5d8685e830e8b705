"""Spec P6, web import: a trailing round of a TRF that holds no game (only byes written
before the pairing) is the round still to pair, not a played round. Its requested ``H``/``Z``
byes become requested byes that the pairing of that round honours; a ``U`` (or ``F``) there
refuses the file at its cell (the web pairing gives the pairing-allocated bye itself), as does
a second ``U`` in one round (FIDE C.04.1: at most one pairing-allocated bye a round); nothing
is stored then.

The file is the hand-made 7-player file of tests/core/pairing/test_p6_pair_points_and_
repeated_bye.py (E1's players, ``XXR 5``, rounds 1–2 played; points by hand: 1 = 1.5,
2 = 1.5, 3 = 2, 4 = 0, 5 = 1, 6 = 0, 7 = 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chessclub.formats.errors import Problem, TrfError
from chessclub_web.clubs.models import Role
from chessclub_web.pairings.models import Absence, RequestedBye
from chessclub_web.pairings.services import pair_next_round
from chessclub_web.pairings.services.common import next_round
from chessclub_web.tournaments.models import Bye, Round, Tournament
from chessclub_web.tournaments.services import import_tournament

from ..builders import upload_tournament

EDGE = Path(__file__).resolve().parents[2] / "fixtures" / "pairing" / "edge"

# player: (points, round cells); rounds 1 1–5 1-0, 6–2 0-1, 3–4 1-0, 7 U; 2 2–1 ½, 3–6 1-0,
# 4–7 0-1, 5 U
ROUNDS = {
    1: ("1.5", ["0005 w 1", "0002 b ="]),
    2: ("1.5", ["0006 b 1", "0001 w ="]),
    3: ("2.0", ["0004 w 1", "0006 w 1"]),
    4: ("0.0", ["0003 b 0", "0007 w 0"]),
    5: ("1.0", ["0001 b 0", "0000 - U"]),
    6: ("0.0", ["0002 w 0", "0003 b 0"]),
    7: ("2.0", ["0000 - U", "0004 b 1"]),
}


def seven(changes: dict[int, tuple[str, list[str]]] | None = None) -> str:
    """E1 with the rounds of ``ROUNDS`` (updated by ``changes``): points in cols 81–84,
    round cells from col 92, ten columns apart."""
    table = {**ROUNDS, **(changes or {})}
    lines = (EDGE / "E1-odd-round1.trf").read_text().split("\n")
    for index, line in enumerate(lines):
        if line.startswith("001"):
            points, cells = table[int(line[4:8])]
            body = line.rstrip().ljust(90)
            lines[index] = (
                body[:80] + f"{points:>4}" + body[84:90] + "  ".join([" " + cells[0], *cells[1:]])
            )
    return "\n".join(lines)


def with_round_3(cells: dict[int, str]) -> bytes:
    """The hand file with round 3 cells ``cells`` (player → cell), points unchanged (written
    before round 3, as programs write them)."""
    return seven({p: (ROUNDS[p][0], [*ROUNDS[p][1], cell]) for p, cell in cells.items()}).encode()


def test_p6_import_keeps_a_round_of_requested_byes_as_the_round_to_pair(public_club, make_user):
    user = make_user("adm", public_club, Role.OWNER)
    warnings: list[object] = []
    row = import_tournament(
        public_club,
        with_round_3({4: "0000 - H", 6: "0000 - Z", 2: "0000 - -"}),
        "r3.trf",
        user,
        warnings=warnings,  # type: ignore[arg-type]
    )
    assert list(Round.objects.filter(tournament=row).values_list("number", flat=True)) == [1, 2]
    assert next_round(row) == 3
    requested = RequestedBye.objects.filter(player__tournament=row)
    assert sorted((b.player.pairing_number, b.round_number, b.kind) for b in requested) == [
        (4, 3, "H"),
        (6, 3, "Z"),
    ]
    assert [(a.player.pairing_number, a.round_number) for a in Absence.objects.all()] == [(2, 3)]
    assert warnings == []  # the points, written before round 3, agree
    # pairing round 3 honours them: 4 players left (1, 3, 5, 7), no pairing-allocated bye
    round_row = pair_next_round(row, user)
    assert round_row.number == 3
    paired = {
        p for g in round_row.games.all() for p in (g.white.pairing_number, g.black.pairing_number)
    }
    assert paired == {1, 3, 5, 7}
    byes = {(b.player.pairing_number, b.kind) for b in Bye.objects.filter(round=round_row)}
    assert (4, "H") in byes and (6, "Z") in byes
    assert not any(kind == "U" for _p, kind in byes)


def test_p6_import_refuses_a_pre_assigned_pairing_allocated_bye_at_its_cell(
    client, public_club, make_user
):
    client.force_login(make_user("adm", public_club, Role.OWNER))
    response = upload_tournament(client, public_club, "r3u.trf", with_round_3({7: "0000 - U"}))
    assert response.status_code == 400
    page = response.content.decode()
    assert "line 10, column 119" in page.lower()
    assert "round 3 holds no game yet" in page
    assert not Tournament.objects.filter(club=public_club).exists()


def test_p6_import_refuses_a_second_pairing_allocated_bye_in_a_played_round(public_club, make_user):
    # round 1: players 3–4's game replaced by a full-point bye for 3 and a U for 4 (line 7):
    # player 7 (line 10) has the round's U too, the second in file order
    text = seven(
        {
            1: ("1.5", ["0005 w 1", "0002 b ="]),
            4: ("1.0", ["0000 - U", "0007 w 0"]),
            3: ("2.0", ["0000 - +", "0006 w 1"]),
        }
    )
    with pytest.raises(TrfError) as caught:
        import_tournament(public_club, text.encode(), "two-u.trf", make_user("a", public_club))
    places = [(p.line, p.column) for p in caught.value.problems]
    assert places == [(10, 99)]
    assert "player 4 (line 7)" in str(caught.value)
    assert not Tournament.objects.filter(club=public_club).exists()


def test_p6_import_warns_a_played_pairing_allocated_bye_given_twice(public_club, make_user):
    # round 2: player 7 (line 10) has U again, and 5 plays 4 instead: read as played, warned
    # at the cell (FIDE C.04.1: at most once)
    text = seven(
        {
            4: ("0.0", ["0003 b 0", "0005 w 0"]),
            5: ("1.0", ["0001 b 0", "0004 b 1"]),
            7: ("2.0", ["0000 - U", "0000 - U"]),
        }
    )
    warnings: list[Problem] = []
    row = import_tournament(
        public_club, text.encode(), "twice.trf", make_user("a", public_club), warnings=warnings
    )
    assert [(w.line, w.column) for w in warnings] == [(10, 109)]
    assert "at most once" in warnings[0].message
    assert (
        Bye.objects.filter(round__tournament=row, player__pairing_number=7, kind="U").count() == 2
    )
