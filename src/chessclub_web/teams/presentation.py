"""What the team pages show: standings, team crosstable, players' individual scores."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from chessclub.model.points import format_points
from chessclub.model.teams import TeamRoundKind, TeamTournament
from chessclub.ratings.fide_tables import dp, round_half_up, score_hundredths
from chessclub.tiebreaks.explanation import TiebreakValue
from chessclub.tiebreaks.teams import rank_teams
from chessclub_web.teams.services import TeamStandingsSettings


def points(value: Fraction) -> str:
    return format_points(value, half_sign="½")


def tiebreak_text(value: TiebreakValue) -> str:
    if isinstance(value, Fraction):
        return points(value) if value.denominator <= 2 else f"{float(value):.2f}"
    return str(value)


@dataclass(frozen=True)
class StandingRow:
    rank: str
    number: int
    name: str
    mp: str
    gp: str
    tiebreaks: list[str]
    cells: list[str]


_BYE_TEXT = {
    TeamRoundKind.PAB: "PAB",
    TeamRoundKind.FPB: "FPB",
    TeamRoundKind.HPB: "HPB",
    TeamRoundKind.ZPB: "ZPB",
    TeamRoundKind.ABSENT: "—",
}


def standings_rows(core: TeamTournament, settings: TeamStandingsSettings) -> list[StandingRow]:
    """Team standings (match points, then the tiebreaks) with each team's crosstable cells:
    ``5w 2½`` = against team 5, home (first-named), 2½ game points; ``+``/``−`` a match won /
    lost by forfeit (not played); byes by their TRF names."""
    ranked = rank_teams(core, settings.codes, era=settings.era, primary=core.primary.value)
    rounds = core.team_rounds()
    shared_ranks: dict[int, int] = {}
    for row in ranked:
        shared_ranks.setdefault(row.rank, 0)
        shared_ranks[row.rank] += 1
    out = []
    for row in ranked:
        cells = []
        for cell in rounds.get(row.team.number, ()):
            if cell.kind is TeamRoundKind.PENDING:
                cells.append(f"{cell.opponent}{_colour(cell)} ?")
            elif cell.kind in _BYE_TEXT:
                cells.append(_BYE_TEXT[cell.kind])
            elif cell.kind is TeamRoundKind.MATCH:
                cells.append(f"{cell.opponent}{_colour(cell)} {points(cell.gp)}")
            else:
                sign = "+" if cell.kind is TeamRoundKind.FORFEIT_WIN else "−"
                opp = f"{cell.opponent}{_colour(cell)} " if cell.opponent else ""
                cells.append(f"{opp}{sign}{points(cell.gp)}")
        rank = str(row.rank)
        if row.shared and shared_ranks[row.rank] > 1:
            rank = f"{row.rank}–{row.rank + shared_ranks[row.rank] - 1}"
        out.append(
            StandingRow(
                rank,
                row.team.number,
                row.team.name,
                points(row.match_points),
                points(row.game_points),
                [tiebreak_text(row.values[c]) for c in settings.codes],
                cells,
            )
        )
    return out


def _colour(cell: object) -> str:
    colour = getattr(cell, "colour", None)
    return "" if colour is None else ("h" if colour.value == "w" else "a")


@dataclass(frozen=True)
class PlayerRow:
    number: int
    name: str
    team: str
    rating: int | None
    boards: str
    games: int
    score: str
    played: int
    performance: int | None


def player_rows(core: TeamTournament) -> list[PlayerRow]:
    """Each roster player's individual score over the competition (every board result,
    forfeits included) and performance (FIDE C.07 Art. 10.2 TPR: average rating of the
    opponents met over the board + dp of the fractional score over those games; ``None``
    without a game against a rated opponent)."""
    rating = {int(p.pairing_number): p.rating for p in core.players}
    names = {int(p.pairing_number): p.name for p in core.players}
    team_of = {int(p): t for t in core.teams for p in t.pairing_numbers}
    stats: dict[int, dict[str, object]] = {}
    scoring = core.game_scoring
    for match in core.matches:
        for game in match.boards:
            pts = game.points(scoring)
            if pts is None:
                continue
            for me, other, mine in (
                (game.home_player, game.away_player, pts[0]),
                (game.away_player, game.home_player, pts[1]),
            ):
                if me is None:
                    continue
                s = stats.setdefault(
                    int(me), {"score": Fraction(0), "games": 0, "otb": [], "boards": set()}
                )
                s["score"] = s["score"] + mine  # type: ignore[operator]
                s["games"] = s["games"] + 1  # type: ignore[operator]
                s["boards"].add(game.board)  # type: ignore[attr-defined]
                if game.result.is_played and other is not None and rating.get(int(other)):
                    s["otb"].append((rating[int(other)], mine))  # type: ignore[attr-defined]
    rows = []
    for number, team in sorted(team_of.items(), key=lambda kv: (kv[1].number, kv[0])):
        if number not in stats:
            rows.append(
                PlayerRow(
                    number,
                    names.get(number, ""),
                    team.name,
                    rating.get(number),
                    "",
                    0,
                    "0",
                    0,
                    None,
                )
            )
            continue
        s = stats[number]
        otb: list[tuple[int, Fraction]] = s["otb"]  # type: ignore[assignment]
        perf = None
        if otb:
            aro = round_half_up(Fraction(sum(r for r, _ in otb), len(otb)))
            perf = aro + dp(score_hundredths(sum((p for _, p in otb), Fraction(0)), len(otb)))
        rows.append(
            PlayerRow(
                number,
                names.get(number, ""),
                team.name,
                rating.get(number),
                ", ".join(str(b) for b in sorted(s["boards"])),  # type: ignore[call-overload]
                s["games"],  # type: ignore[arg-type]
                points(s["score"]),  # type: ignore[arg-type]
                len(otb),
                perf,
            )
        )
    return rows
