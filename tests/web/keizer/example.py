"""The worked example of the club-systems specification §1.5 stored as rows: six players A–F
in rating order (A 2000 … F 1500), T = 8, own value counted, bye ½, excused ⅓; evening 1
A–B 1-0, C–D ½-½, E–F 0-1; evening 2 E excused, C–A ½-½, F–D 1-0, B the pairing bye.

Rankings by hand (the specification's, starting from the previous evening's ranking, K4):
after evening 1 A 12, C 10, D 9½, F 8, B 4, E 3 (values 8 … 3); after evening 2 A 15, F 15,
C 12½, D 8, B 6, E 4 (A ahead of F on rating)."""

from __future__ import annotations

from chessclub_web.keizer.models import Attendance, KeizerSettings, Preset, Status
from chessclub_web.tournaments.models import Tournament

from ..builders import make_tournament

PLAYERS = [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700), ("E", 1600), ("F", 1500)]
EVENING_1 = [(1, 2, "1-0"), (3, 4, "="), (5, 6, "0-1")]
EVENING_2 = [(3, 1, "="), (6, 4, "1-0")]

#: (name, rating, value, Keizer points, game points, games) after each evening, by hand.
AFTER_1 = [
    ("A", 2000, 8, "12", "1", 1),
    ("C", 1800, 7, "10", "½", 1),
    ("D", 1700, 6, "9½", "½", 1),
    ("F", 1500, 5, "8", "1", 1),
    ("B", 1900, 4, "4", "0", 1),
    ("E", 1600, 3, "3", "0", 1),
]
AFTER_2 = [
    ("A", 2000, 8, "15", "1½", 2),
    ("F", 1500, 7, "15", "2", 2),
    ("C", 1800, 6, "12½", "1", 2),
    ("D", 1700, 5, "8", "½", 2),
    ("B", 1900, 4, "6", "0", 1),
    ("E", 1600, 3, "4", "0", 1),
]


def worked_example(club, *, evenings: int = 2, kind: str = "club", **options) -> Tournament:
    """The competition after ``evenings`` (1 or 2) evenings, every round published."""
    rounds = [EVENING_1, EVENING_2][:evenings]
    byes = [(2, 2, "U")] if evenings >= 2 else []
    row = make_tournament(
        club, PLAYERS, rounds, name="Keizer 2026", system="keizer", kind=kind, byes=byes, **options
    )
    KeizerSettings.objects.create(tournament=row, preset=Preset.CUSTOM, top_value=8)
    if evenings >= 2:
        Attendance.objects.create(
            tournament=row, evening=2, player=row.players.get(name="E"), status=Status.EXCUSED
        )
    return row
