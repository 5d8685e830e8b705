"""Rating change of one tournament file (spec E3–E6; CLI ``chessclub rating-change``).

For a tournament read from a TRF or a Belgian results file (:mod:`chessclub.formats`), each
player's Ro (the file's rating), K, number ``n`` of counting games, score, expected score, Δ
and Rn, with FIDE's formula (B.02 8.3) as the club Elo applies it
(:mod:`chessclub.ratings.club_elo`): counting games are those played on the board (E4), the
expected score uses table 8.1.2 with the 400-point rule below 2650 (E5), Δ is rounded once
(E3), halves away from zero.

K rules (:class:`KRule`):

* ``club`` — spec E6: 40 under 30 counting games (``games_before``), else 10 when Ro ≥ 2400,
  else 20; at most ⌊700 / n⌋. A Belgian fictitious Elo (``***``) is used as the Ro.
* ``fide`` — B.02 8.3.3: as ``club``, plus K 40 for a junior (until the end of the year of the
  18th birthday, from the file's birth date and the tournament's last date) rated below 2300;
  a Belgian fictitious Elo is no FIDE rating, so that player is unrated.

A player without a rating (``ro`` ``None``) gets no change, and games against them do not
count for their opponents (B.02: games against unrated players are not rated for the rated
player). ``games_before`` maps pairing numbers to the counting games played before the
tournament (missing: 0, i.e. K 40).

**Unrated players.** Neither rule gives an unrated player a change from one file: the club Elo
starts from each player's initial Elo, kept on the club's roster (spec E1), and FIDE gives a
first rating only after at least 5 games against rated opponents, possibly over several
rating periods (B.02 7.1.4, 8.2), which a single file cannot tell. Each row says why nothing
was computed for it (:attr:`PlayerRatingChange.reason`), and :func:`rating_notes` explains it,
above all when no player at all has a rating (nothing can be computed: no game is between two
rated players).
"""

from __future__ import annotations

import csv
import datetime
import enum
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from chessclub.model import Tournament
from chessclub.ratings.club_elo import (
    K_NEW_PLAYER,
    K_REACHED_2400,
    K_STANDARD,
    MAX_K_TIMES_GAMES,
    NEW_PLAYER_GAMES,
    REACHED_RATING,
    ClubTournament,
    EloGame,
    RatingState,
    TimeControl,
    rate_tournament,
    rating_change,
)

#: B.02 8.3.3: a junior keeps K 40 while rated below this.
JUNIOR_RATING_LIMIT = 2300
#: B.02 8.3.3: junior until the end of the year of this birthday.
JUNIOR_LAST_AGE = 18


#: :attr:`PlayerRatingChange.reason` of a player without a rating in the file.
REASON_UNRATED = "unrated"
#: … of a player whose only rating is a Belgian fictitious Elo (``***``) under ``KRule.FIDE``.
REASON_FICTITIOUS = "fictitious_not_fide"
#: … of a rated player without any counting game (E4: none played on the board against a
#: rated opponent).
REASON_NO_COUNTING_GAME = "no_counting_game"


class KRule(enum.Enum):
    """Which K rule applies (module docstring)."""

    CLUB = "club"
    FIDE = "fide"


@dataclass(frozen=True, slots=True)
class PlayerRatingChange:
    """One player's line: ``ro``/``k``/``rn`` are ``None`` for an unrated player; ``score``
    and ``expected`` are exact (halves, hundredths). ``reason`` says why no change was
    computed (``REASON_UNRATED``, ``REASON_FICTITIOUS``, ``REASON_NO_COUNTING_GAME``), empty
    when one was."""

    pairing_number: int
    name: str
    ro: int | None
    k: int | None
    games: int
    score: Fraction
    expected: Fraction
    delta: int
    rn: int | None
    reason: str = ""


def _birth_year(text: str) -> int | None:
    match = re.match(r"\s*(\d{4})", text or "")
    return int(match.group(1)) if match else None


def _tournament_year(tournament: Tournament) -> int | None:
    dates = [r.date for r in tournament.rounds if r.date is not None]
    for value in (tournament.end_date, max(dates, default=None), tournament.start_date):
        if isinstance(value, datetime.date):
            return value.year
    return None


def k_for(rule: KRule, ro: int, games_before: int, games: int, *, junior: bool = False) -> int:
    """E6 / B.02 8.3.3: K for a player rated ``ro`` with ``games_before`` earlier counting
    games and ``games`` (``n``) counting games here; ``junior`` only matters for ``fide``."""
    if games_before < NEW_PLAYER_GAMES or (
        rule is KRule.FIDE and junior and ro < JUNIOR_RATING_LIMIT
    ):
        k = K_NEW_PLAYER
    elif ro >= REACHED_RATING:
        k = K_REACHED_2400
    else:
        k = K_STANDARD
    return min(k, MAX_K_TIMES_GAMES // games) if games else k


def tournament_rating_changes(
    tournament: Tournament,
    *,
    k_rule: KRule = KRule.CLUB,
    games_before: Mapping[int, int] | None = None,
) -> tuple[PlayerRatingChange, ...]:
    """Every player's rating change in ``tournament``, in pairing-number order.

    Raises ``ValueError`` for a negative number in ``games_before``.
    """
    before = dict(games_before or {})
    if any(n < 0 for n in before.values()):
        raise ValueError("the number of earlier games cannot be negative")
    ratings: dict[int, int] = {}
    for player in tournament.players:
        if player.rating is None or (k_rule is KRule.FIDE and player.fictitious_rating):
            continue
        ratings[int(player.pairing_number)] = player.rating
    games = tuple(
        EloGame(int(g.white), int(g.black), g.result, g.rated)
        for rnd in tournament.rounds
        for g in rnd.games
        if int(g.white) in ratings and int(g.black) in ratings
    )
    rated = ClubTournament(0, TimeControl.STANDARD, games, tuple(sorted(ratings)))
    states = {
        p: RatingState(elo=elo, games=before.get(p, 0), reached_2400=elo >= REACHED_RATING)
        for p, elo in ratings.items()
    }
    rows = {row.player: row for row in rate_tournament(rated, states)}
    year = _tournament_year(tournament)
    result = []
    for player in sorted(tournament.players, key=lambda p: int(p.pairing_number)):
        number = int(player.pairing_number)
        row = rows.get(number)
        if row is None:
            reason = REASON_FICTITIOUS if player.rating is not None else REASON_UNRATED
            result.append(
                PlayerRatingChange(
                    number, player.name, None, None, 0, Fraction(0), Fraction(0), 0, None, reason
                )
            )
            continue
        birth = _birth_year(player.birth_date)
        junior = birth is not None and year is not None and year - birth <= JUNIOR_LAST_AGE
        k = k_for(k_rule, row.ro, before.get(number, 0), row.games, junior=junior)
        delta = rating_change(k, row.score, row.expected)
        result.append(
            PlayerRatingChange(
                number,
                player.name,
                row.ro,
                k,
                row.games,
                row.score,
                row.expected,
                delta,
                row.ro + delta,
                "" if row.games else REASON_NO_COUNTING_GAME,
            )
        )
    return tuple(result)


def _numbers(rows: list[PlayerRatingChange]) -> str:
    return ", ".join(str(r.pairing_number) for r in rows)


def rating_notes(rows: tuple[PlayerRatingChange, ...], k_rule: KRule) -> tuple[str, ...]:
    """Sentences that say why some (or all) players got no change (module docstring), empty
    when every player has a rating and a counting game. Each names the start numbers and the
    rule: B.02 (FIDE), spec E1/E4 (club Elo)."""
    unrated = [r for r in rows if r.reason == REASON_UNRATED]
    fictitious = [r for r in rows if r.reason == REASON_FICTITIOUS]
    idle = [r for r in rows if r.reason == REASON_NO_COUNTING_GAME]
    notes: list[str] = []
    if rows and len(unrated) + len(fictitious) == len(rows):
        what = "has a rating in the file"
        if fictitious:
            what += " (a Belgian fictitious Elo *** is no FIDE rating)"
        notes.append(
            f"No rating change computed: none of the {len(rows)} players {what}. A game "
            "counts only between two rated players (FIDE B.02: games against unrated "
            "opponents are not rated), so no game counts here. The club Elo starts from each "
            "player's initial Elo (spec E1): give the players one on the club's roster. A "
            "first FIDE rating needs at least 5 games against rated opponents (B.02 8.2)."
        )
        return tuple(notes)
    if unrated:
        notes.append(
            f"No rating in the file (Ro '-'): start number(s) {_numbers(unrated)}. They get no "
            "change, and their games do not count for their opponents (FIDE B.02: games "
            "against unrated opponents are not rated; club Elo: spec E1, E4). A first FIDE "
            "rating needs at least 5 games against rated opponents (B.02 8.2)."
        )
    if fictitious:
        notes.append(
            f"Belgian fictitious Elo (***) left out under --k-rule {k_rule.value}: start "
            f"number(s) {_numbers(fictitious)} count as unrated (a fictitious Elo is no FIDE "
            "rating; --k-rule club uses it)."
        )
    if idle:
        notes.append(
            f"No counting game (n = 0, delta 0): start number(s) {_numbers(idle)}. Only games "
            "played on the board against a rated opponent count (spec E4): forfeits, byes "
            "and games against unrated players do not."
        )
    return tuple(notes)


_WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")
_HEADER_CELL = re.compile(r"[A-Za-z_][A-Za-z_ .-]*")


def read_games_before(text: str, *, source: str = "games-before") -> dict[int, int]:
    """Read ``start_no,games`` lines (CSV; blank lines and ``#`` comments ignored).

    An optional header may come first: two cells that are words (``start_no,games``). Every
    other line has exactly two cells, each a whole number of ASCII digits (at most 9). Raises
    ``ValueError`` naming the source and the line of a bad line (three cells, a ``;`` or
    decimal, a header elsewhere than first, a start number given twice).
    """
    found: dict[int, int] = {}
    header_allowed = True
    try:
        lines = list(csv.reader(io.StringIO(text)))
    except csv.Error as exc:
        raise ValueError(f"{source}: not a readable CSV file ({exc})") from None
    for line_no, fields in enumerate(lines, start=1):
        cells = [c.strip() for c in fields]
        if not cells or not any(cells) or cells[0].startswith("#"):
            continue
        numbers = len(cells) == 2 and all(_WHOLE_NUMBER.fullmatch(c) for c in cells)
        if not numbers:
            if header_allowed and len(cells) == 2 and all(_HEADER_CELL.fullmatch(c) for c in cells):
                header_allowed = False
                continue
            raise ValueError(
                f"{source} line {line_no}: expected 'start_no,games' (two whole numbers "
                f"separated by a comma), got {','.join(cells)!r}"
            )
        header_allowed = False
        number = int(cells[0])
        if number in found:
            raise ValueError(f"{source} line {line_no}: start number {number} given twice")
        found[number] = int(cells[1])
    return found


def _decimal(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def format_text(rows: tuple[PlayerRatingChange, ...], k_rule: KRule) -> str:
    """A fixed-width table, one player a line, ``-`` for an unrated player's fields, then the
    :func:`rating_notes` (why some players got no change)."""
    header = (
        f"{'No':>4} {'Name':<30} {'Ro':>5} {'K':>3} {'n':>3} {'Score':>6} {'Exp.':>6} "
        f"{'Δ':>5} {'Rn':>5}"
    )
    lines = [f"K rule: {k_rule.value}", header]
    for r in rows:
        dash = "-"
        lines.append(
            f"{r.pairing_number:>4} {r.name[:30]:<30} "
            f"{r.ro if r.ro is not None else dash:>5} {r.k if r.k is not None else dash:>3} "
            f"{r.games:>3} {_decimal(r.score):>6} {_decimal(r.expected):>6} "
            f"{(f'{r.delta:+d}' if r.ro is not None else dash):>5} "
            f"{r.rn if r.rn is not None else dash:>5}"
        )
    notes = rating_notes(rows, k_rule)
    if notes:
        lines.append("")
        lines.extend(f"Note: {note}" for note in notes)
    return "\n".join(lines) + "\n"


def as_json_rows(rows: tuple[PlayerRatingChange, ...]) -> list[dict[str, object]]:
    """JSON-ready objects: numbers as numbers, exact fractions as text (``"7/2"``), and the
    ``reason`` no change was computed (``null`` when one was)."""
    return [
        {
            "start_no": r.pairing_number,
            "name": r.name,
            "ro": r.ro,
            "k": r.k,
            "games": r.games,
            "score": float(r.score),
            "score_exact": str(r.score),
            "expected": float(r.expected),
            "expected_exact": str(r.expected),
            "delta": r.delta,
            "rn": r.rn,
            "reason": r.reason or None,
        }
        for r in rows
    ]


__all__ = [
    "JUNIOR_LAST_AGE",
    "JUNIOR_RATING_LIMIT",
    "REASON_FICTITIOUS",
    "REASON_NO_COUNTING_GAME",
    "REASON_UNRATED",
    "KRule",
    "PlayerRatingChange",
    "as_json_rows",
    "format_text",
    "k_for",
    "rating_notes",
    "read_games_before",
    "tournament_rating_changes",
]
