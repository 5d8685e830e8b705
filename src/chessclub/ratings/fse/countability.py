"""Which games of a tournament count for the ranking list (spec W1, W4, W5).

Per tournament (every reason is listed, and then none of its games counts):

* **W1** — a tournament ending after the period's closing date belongs to the next list;
* **W4** — the time control (``TournamentOptions.time_control``, else the file's tempo) must give
  2.5 minutes a move up to move 36 and 4 hours of playing time (see :mod:`.timecontrol`); an
  unreadable or missing tempo is a reason too;
* **W5** — a Swiss-system event (and any event that is not a round robin) needs at least 5
  rounds and at least half of its players on a recognised list (the federation's list, a FIDE
  or recognised foreign rating). National championships (``national_championship``) are
  exempt from W5. Announcement before round 1 and the two-week delivery are not checked (not in
  the files).

Per game and player (W4): forfeits never count; a game without a result, or that lasted less
than one move (TRF ``W``/``D``/``L``), is not a game; a game counts for a player only when the
opponent is on a recognised list — in a national championship an unrated opponent is valued at
``unrated_value`` (the figure the commission fixes), and without it the game does not count.
A player who withdrew has the games actually played counted: byes and absences are not games.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from chessclub.i18n import Message, gettext_noop
from chessclub.model import GameResult, Outcome, Tournament
from chessclub.ratings.fse.identity import Identities
from chessclub.ratings.fse.rules import RuleSet
from chessclub.ratings.fse.timecontrol import check_time_control, parse_time_control

_RESULT = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}


@dataclass(frozen=True, slots=True)
class TournamentOptions:
    """What the file does not say. ``time_control`` overrides the file's tempo;
    ``national_championship`` marks the national team/cup/individual championships (W4: all
    games count, W5 not applied); ``unrated_value`` values their unrated players (W4, W9)."""

    time_control: str | None = None
    national_championship: bool = False
    unrated_value: int | None = None


@dataclass(frozen=True, slots=True)
class CountedGame:
    """A countable game seen from one player (W4)."""

    source: str
    round: int
    player_id: str
    opponent_id: str
    opponent_name: str
    opponent_value: int
    result: Fraction
    date: datetime.date | None


@dataclass(frozen=True, slots=True)
class IneligibleGame:
    """A game that does not count, with why. ``player`` names the one player it does not count
    for (it may count for the other); ``None``: it counts for neither."""

    source: str
    round: int
    white: str
    black: str
    result: str
    reasons: tuple[Message, ...]
    player: str | None = None


@dataclass(frozen=True, slots=True)
class TournamentReport:
    """The W1/W4/W5 verdict on one tournament."""

    source: str
    name: str
    system: str
    rounds: int
    time_control: str
    time_control_read: str
    players: int
    recognised_players: int
    date: datetime.date | None
    reasons: tuple[Message, ...]
    countable_games: int

    @property
    def countable(self) -> bool:
        return not self.reasons


def tournament_date(tournament: Tournament) -> datetime.date | None:
    """The tournament's last day: end date, else the last round's date, else the start date."""
    if tournament.end_date is not None:
        return tournament.end_date
    dates = [r.date for r in tournament.rounds if r.date is not None]
    return max(dates) if dates else tournament.start_date


def assess_tournament(
    source: str,
    tournament: Tournament,
    identities: Identities,
    values: Mapping[str, int],
    *,
    rules: RuleSet,
    period_end: datetime.date,
    options: TournamentOptions | None = None,
) -> tuple[TournamentReport, list[CountedGame], list[IneligibleGame]]:
    """The tournament's verdict, its countable games (one per player side) and the games that
    do not count. ``values`` holds the period's start value of everyone on a recognised list."""
    options = options or TournamentOptions()
    ids = {p.pairing_number: identities.resolve(p) for p in tournament.players}
    names = {p.pairing_number: p.name for p in tournament.players}
    reasons: list[Message] = []
    day = tournament_date(tournament)
    if day is not None and day > period_end:
        reasons.append(
            Message(
                gettext_noop(
                    "ends on %(date)s, after the period's closing date %(end)s: it belongs to the "
                    "next list (W1)"
                ),
                {"date": day.isoformat(), "end": period_end.isoformat()},
            )
        )
    tempo = options.time_control or tournament.time_control
    control = parse_time_control(tempo) if tempo else None
    if not tempo.strip():
        reasons.append(Message(gettext_noop("no time control given (W4)")))
    elif control is None:
        reasons.append(
            Message(
                gettext_noop("time control %(text)r not understood: give it explicitly (W4)"),
                {"text": tempo if len(tempo) <= 60 else tempo[:60] + "…"},
            )
        )
    else:
        reasons.extend(
            check_time_control(
                control,
                minutes_per_move=rules.minutes_per_move,
                per_move_until=rules.per_move_until,
                total_game_minutes=rules.total_game_minutes,
                total_basis_moves=rules.total_basis_moves,
            )
        )
    rounds = max(tournament.planned_rounds, len(tournament.rounds))
    recognised = sum(1 for key in ids.values() if key in values)
    if not options.national_championship and not tournament.system.is_round_robin:
        if rounds < rules.swiss_min_rounds:
            reasons.append(
                Message(
                    gettext_noop(
                        "%(rounds)s rounds: a Swiss-system event needs at least %(minimum)s (W5)"
                    ),
                    {"rounds": rounds, "minimum": rules.swiss_min_rounds},
                )
            )
        if recognised < rules.listed_share * len(ids):
            reasons.append(
                Message(
                    gettext_noop(
                        "%(listed)s of %(players)s players on a recognised list: at least "
                        "%(share)s are needed (W5)"
                    ),
                    {
                        "listed": recognised,
                        "players": len(ids),
                        "share": str(rules.listed_share),
                    },
                )
            )
    counted: list[CountedGame] = []
    bad: list[IneligibleGame] = []
    tournament_reasons = tuple(reasons)
    for rnd in sorted(tournament.rounds, key=lambda r: r.number):
        game_day = rnd.date or day
        for game in rnd.games:
            white, black = names[game.white], names[game.black]
            code = game.result.code
            refusal: Message | None = None
            if game.result is GameResult.NONE:
                refusal = Message(gettext_noop("no result entered"))
            elif game.result.is_forfeit:
                refusal = Message(gettext_noop("forfeit: never counted (W4)"))
            elif not game.rated:
                refusal = Message(gettext_noop("not played: less than one move (W4)"))
            if refusal is not None:
                bad.append(IneligibleGame(source, rnd.number, white, black, code, (refusal,)))
                continue
            if tournament_reasons:
                bad.append(
                    IneligibleGame(
                        source, rnd.number, white, black, game.result.code, tournament_reasons
                    )
                )
                continue
            sides = []
            for me, other in ((game.white, game.black), (game.black, game.white)):
                other_id = ids[other]
                value = values.get(other_id)
                if value is None and options.national_championship:
                    value = options.unrated_value
                if value is None:
                    reason = Message(
                        gettext_noop("opponent %(opponent)s is not on a recognised list (W4)"),
                        {"opponent": names[other]},
                    )
                    bad.append(
                        IneligibleGame(source, rnd.number, white, black, code, (reason,), names[me])
                    )
                    continue
                outcome = game.result.outcome(game.colour_of(me))
                assert outcome is not None
                sides.append(
                    CountedGame(
                        source=source,
                        round=rnd.number,
                        player_id=ids[me],
                        opponent_id=other_id,
                        opponent_name=names[other],
                        opponent_value=value,
                        result=_RESULT[outcome],
                        date=game_day,
                    )
                )
            counted.extend(sides)
    report = TournamentReport(
        source=source,
        name=tournament.name,
        system=tournament.system.value,
        rounds=rounds,
        time_control=tempo,
        time_control_read=control.describe() if control else "",
        players=len(ids),
        recognised_players=recognised,
        date=day,
        reasons=tournament_reasons,
        countable_games=len(counted),
    )
    return report, counted, bad


__all__ = [
    "CountedGame",
    "IneligibleGame",
    "TournamentOptions",
    "TournamentReport",
    "assess_tournament",
    "tournament_date",
]
