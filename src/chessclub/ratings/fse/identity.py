"""Who is who: tournament players matched with the previous list (decision, W2/W3).

A tournament player is the list entry whose ``id`` equals the file's national number
(``Player.matricule``), else whose ``fide_id`` equals the file's FIDE ID, else whose name is the
same (case, commas and spacing aside) when exactly one entry has that name. Anyone else is a
new player with a provisional id: the national number, else ``FIDE:<FIDE ID>``, else
``NEW:<name>`` — the same person across the period's files, and on the next list's pending rows.
A new player's FIDE rating (a rating with a FIDE ID, not a computed one) is a recognised rating
(W3/W9), as is the list file's ``foreign_rating``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from chessclub.i18n import Message, gettext_noop
from chessclub.model import Player, Tournament
from chessclub.ratings.fse.listfile import ListEntry


@dataclass(slots=True)
class Participant:
    """A person of the period: a list entry (listed or collecting games) or a new player."""

    id: str
    name: str
    entry: ListEntry | None
    fide_id: str = ""
    foreign_rating: int | None = None

    @property
    def listed(self) -> bool:
        return self.entry is not None and self.entry.points is not None


def normalise_name(name: str) -> str:
    return " ".join(re.sub(r"[,;.]", " ", name).casefold().split())


class Identities:
    """The period's people, keyed by list id (or provisional id)."""

    def __init__(self, previous: Sequence[ListEntry]) -> None:
        self.people: dict[str, Participant] = {}
        self._by_fide: dict[str, str] = {}
        self._by_name: dict[str, list[str]] = {}
        self.notes: list[Message] = []
        for entry in previous:
            self.people[entry.id] = Participant(
                entry.id, entry.name, entry, entry.fide_id, entry.foreign_rating
            )
            if entry.fide_id:
                self._by_fide[entry.fide_id] = entry.id
            self._by_name.setdefault(normalise_name(entry.name), []).append(entry.id)

    def resolve(self, player: Player) -> str:
        """The id of a tournament player (creating a new player on first sight)."""
        if player.matricule and player.matricule in self.people:
            return player.matricule
        fide = player.fide_id.strip()
        if fide and fide in self._by_fide:
            return self._by_fide[fide]
        named = self._by_name.get(normalise_name(player.name), [])
        if len(named) == 1:
            return named[0]
        if player.matricule:
            key = player.matricule
        elif fide:
            key = f"FIDE:{fide}"
        else:
            key = f"NEW:{player.name}"
        if key not in self.people:
            if len(named) > 1:
                self.notes.append(
                    Message(
                        gettext_noop(
                            "%(name)s: several list entries have this name (%(ids)s); give the "
                            "player's national number in the tournament file"
                        ),
                        {"name": player.name, "ids": ", ".join(named)},
                    )
                )
            rating = None
            if fide and player.rating and not player.fictitious_rating:
                rating = player.rating
            self.people[key] = Participant(key, player.name, None, fide, rating)
            if fide:
                self._by_fide[fide] = key
            self._by_name.setdefault(normalise_name(player.name), []).append(key)
        return key

    def add_tournament(self, tournament: Tournament, source: str = "") -> None:
        """Resolve every player of ``tournament``; ``ValueError`` if two are the same person."""
        seen: dict[str, Player] = {}
        for player in tournament.players:
            key = self.resolve(player)
            if key in seen:
                where = f"{source}: " if source else ""
                raise ValueError(
                    f"{where}players {seen[key].pairing_number} ({seen[key].name}) and "
                    f"{player.pairing_number} ({player.name}) are both list entry {key}"
                )
            seen[key] = player
