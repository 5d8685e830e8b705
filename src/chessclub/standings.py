"""Standings (spec S1–S4): rank by points, then by the tournament's ordered tiebreaks.

The one place where a *Classement* is made, for the web pages, the CLI and exports. Points come
from the entered results only (S1); tiebreaks are FIDE C.07's
(:mod:`chessclub.tiebreaks`), under the tournament's rule era; players tied after every
tiebreak share the rank, unless a seeded drawing of lots is asked for (C.07 Art. 4.2).

Annulled games (product spec, Entries: "Annulled games"; S2): in a round robin, a player who
withdrew before completing the tournament's ``annulment_threshold`` share of their games (50 % by
default; exactly half is enough to keep them) has all their results annulled. The model decides
who (:attr:`chessclub.model.Tournament.annulled_players`); here every other player's points and
tiebreaks leave those games out, the annulled player comes last with zero points, no tiebreak
and :attr:`StandingRow.annulled` set, and each annulled round is marked in
:attr:`StandingRow.entries` (``RoundEntry.annulled``) for the crosstable. Those games still
count as played (``games_played``, the club Elo: spec E4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from chessclub.model import PairingNumber, Player, Points, RoundEntry, Tournament
from chessclub.tiebreaks import RuleEra, TiebreakValue, default_tiebreaks, rank
from chessclub.tiebreaks.context import UnratedRating


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the *Classement*.

    ``rank`` is shared by players who cannot be separated (``shared`` is then True);
    ``points`` are exact; ``games_played`` counts games played on the board (spec E4);
    ``tiebreaks`` maps each tiebreak code (canonical TRF-2026 spelling, in the tournament's
    order) to the player's value (``Fraction`` points, ``int`` counts and ratings, ``None`` when
    it cannot be computed); ``lot`` is the drawn lot number when lots decided a tie;
    ``annulled`` marks a round robin withdrawer whose results are annulled (ranked after every
    other player, zero points, every tiebreak ``None``).
    """

    rank: int
    shared: bool
    player: Player
    points: Points
    games_played: int
    entries: tuple[RoundEntry, ...]
    tiebreaks: dict[str, TiebreakValue] = field(default_factory=dict)
    lot: int | None = None
    annulled: bool = False

    @property
    def pairing_number(self) -> PairingNumber:
        return self.player.pairing_number


def compute_standings(
    tournament: Tournament,
    tiebreaks: Sequence[str] | None = (),
    *,
    era: RuleEra | None = None,
    lots_seed: int | None = None,
    unrated_rating: UnratedRating = None,
) -> list[StandingRow]:
    """The standings of ``tournament``, best first.

    ``tiebreaks`` are C.07 codes in order (``["BH/C1", "BH", "SB", "DE", "WIN"]``); ``None``
    means the defaults of spec S4 for the tournament's system, an empty sequence points only.
    ``era`` defaults to the rules in force at the tournament's start date. ``lots_seed`` orders
    players still tied after every tiebreak by a reproducible drawing of lots; without it they
    share the rank and are listed by pairing number. Annulled withdrawers (round robins) come
    last, one rank each (see the module docstring). ``unrated_rating``: the rating unrated
    players count with in the rating-based tiebreaks (ARO, TPR, APRO…), when the regulations
    fix one (FIDE C.07 Art. 10); ``None``: those tiebreaks are not computed while a player is
    unrated.
    Raises :class:`~chessclub.tiebreaks.TiebreakCodeError` (a ``ValueError``) for an unknown code.
    """
    codes = default_tiebreaks(tournament) if tiebreaks is None else tuple(tiebreaks)
    entries = tournament.entries()
    rows: list[StandingRow] = []
    for ranked in rank(
        tournament, codes, era=era, lots_seed=lots_seed, unrated_rating=unrated_rating
    ):
        own = tuple(entries[ranked.pairing_number])
        rows.append(
            StandingRow(
                rank=ranked.rank,
                shared=ranked.shared,
                player=ranked.player,
                points=ranked.points,
                games_played=sum(1 for c in own if c.played),
                entries=own,
                tiebreaks=dict(ranked.values),
                lot=ranked.lot,
                annulled=ranked.annulled,
            )
        )
    return rows
