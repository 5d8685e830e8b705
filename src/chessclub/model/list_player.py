"""A player as a rating list gives them: what registering from a list copies into an entry.

Each rating list the site holds (FIDE's, the Belgian federation's ``PLAYER`` list, the Swiss
ranking list) answers a search with :class:`ListPlayer` records; registering one copies its
identity and ratings into a tournament entry. A player found in several lists (a Belgian with a
FIDE ID) is one record with the fields of each (:meth:`ListPlayer.merged`).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class ListPlayer:
    """One player of a rating list.

    - ``list_kind``: the list the record comes from (``"fide"``, ``"frbe"``, ``"fse"``); for a
      merged record the first one (:attr:`sources` names them all).
    - ``key``: the player's identifier in that list (FIDE ID, matricule, Swiss code), as text.
    - ``name``: ``"Surname, First names"`` as the list writes it.
    - ``fide_id``: FIDE ID (digits) or ``""``; ``national_id``: the national number
      (Belgian matricule, Swiss code) or ``""``, of the list ``national_kind``.
    - ``federation``: FIDE's three-letter code (``BEL``, ``SUI``), ``""`` unknown.
    - ``title``: FIDE title (``GM`` … ``WCM``), ``""`` none; ``sex``: ``"M"``, ``"F"`` or ``""``.
    - ``birth_year`` / ``birth_date``: what the list gives (FIDE gives the year only).
    - ``club``: the club as the list gives it (the Belgian club number), ``""`` none.
    - ``fide_standard`` / ``fide_rapid`` / ``fide_blitz``: FIDE ratings, ``None`` unrated.
    - ``national_rating``: the national list's rating (Belgian Elo), ``None`` unrated.
    - ``inactive``: the list marks the player inactive (FIDE flag ``i``; standard only).
    """

    list_kind: str
    key: str
    name: str
    fide_id: str = ""
    national_id: str = ""
    national_kind: str = ""
    federation: str = ""
    title: str = ""
    sex: str = ""
    birth_year: int | None = None
    birth_date: datetime.date | None = None
    club: str = ""
    fide_standard: int | None = None
    fide_rapid: int | None = None
    fide_blitz: int | None = None
    national_rating: int | None = None
    inactive: bool = False
    sources: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.sources:
            object.__setattr__(self, "sources", (self.list_kind,))
        if self.birth_year is None and self.birth_date is not None:
            object.__setattr__(self, "birth_year", self.birth_date.year)

    def fide_rating(self, time_control: str) -> int | None:
        """The FIDE rating of ``time_control`` (``"standard"``, ``"rapid"``, ``"blitz"``)."""
        return {
            "standard": self.fide_standard,
            "rapid": self.fide_rapid,
            "blitz": self.fide_blitz,
        }.get(time_control)

    def merged(self, other: ListPlayer) -> ListPlayer:
        """This record completed by ``other`` (the same person in another list): the FIDE
        list's fields for the FIDE identity and ratings, the national list's for the national
        number, rating, club and birth date; this record's value where both have one."""
        fide, national = (self, other) if self.list_kind == "fide" else (other, self)
        if other.list_kind != "fide" and self.list_kind != "fide":
            fide, national = self, other

        def first(*values: object) -> object:
            return next((v for v in values if v not in ("", None)), values[-1])

        return replace(
            self,
            name=str(first(national.name, fide.name)),
            fide_id=str(first(fide.fide_id, national.fide_id)),
            national_id=str(first(national.national_id, fide.national_id)),
            national_kind=str(first(national.national_kind, fide.national_kind)),
            federation=str(first(fide.federation, national.federation)),
            title=str(first(fide.title, national.title)),
            sex=str(first(fide.sex, national.sex)),
            birth_year=first(fide.birth_year, national.birth_year),  # type: ignore[arg-type]
            birth_date=first(national.birth_date, fide.birth_date),  # type: ignore[arg-type]
            club=str(first(national.club, fide.club)),
            fide_standard=first(fide.fide_standard, national.fide_standard),  # type: ignore[arg-type]
            fide_rapid=first(fide.fide_rapid, national.fide_rapid),  # type: ignore[arg-type]
            fide_blitz=first(fide.fide_blitz, national.fide_blitz),  # type: ignore[arg-type]
            national_rating=first(national.national_rating, fide.national_rating),  # type: ignore[arg-type]
            inactive=fide.inactive,
            sources=tuple(dict.fromkeys((*self.sources, *other.sources))),
        )
