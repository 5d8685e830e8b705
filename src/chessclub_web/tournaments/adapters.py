"""The one place that converts tournament rows ↔ the core's :class:`chessclub.model.Tournament`.

- :func:`load_tournament` reads the rows of one tournament into a core value (a fixed, small
  number of queries whatever the size);
- :func:`store_tournament` writes a core value as new rows (call it inside a transaction:
  ``services.import_tournament`` does);
- :func:`standings_settings` reads a tournament row's standings settings (tiebreaks, rule era,
  seed of the drawing of lots) as the core takes them, and :func:`tiebreaks_text` writes
  tiebreak codes back as the row stores them.

Round trip: ``load_tournament(store_tournament(t, …)) == t`` for every valid ``t``; orders
(players, games, byes) are kept through the rows' ids. Withdrawals (``withdrawn_from_round``)
and the round robin's ``annulment_threshold`` travel too: the core decides from them which games
are annulled (product spec, Entries: "Annulled games").
"""

from __future__ import annotations

import functools
import logging
from collections import defaultdict
from dataclasses import fields
from fractions import Fraction
from typing import Any, NamedTuple

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _

from chessclub.model import (
    FIDE_SCORING,
    Bye,
    ByeKind,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    ScoringSystem,
    Tournament,
    TournamentSystem,
)
from chessclub.tiebreaks import RuleEra, default_era, default_tiebreaks
from chessclub.tiebreaks.context import UnratedRating
from chessclub_web.tournaments import hooks
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.errors import ValueDoesNotFitError
from chessclub_web.tournaments.tiebreak_codes import canonical_code, stored_codes, tiebreaks_text

__all__ = [
    "StandingsSettings",
    "canonical_code",
    "load_tournament",
    "row_problems",
    "standings_settings",
    "store_tournament",
    "system_default_codes",
    "tiebreaks_text",
]

logger = logging.getLogger(__name__)

RESULT_TO_CODE: dict[GameResult, str] = {
    GameResult.WHITE_WINS: rows.ResultCode.WHITE_WINS,
    GameResult.DRAW: rows.ResultCode.DRAW,
    GameResult.BLACK_WINS: rows.ResultCode.BLACK_WINS,
    GameResult.WHITE_WINS_BY_FORFEIT: rows.ResultCode.WHITE_WINS_BY_FORFEIT,
    GameResult.BLACK_WINS_BY_FORFEIT: rows.ResultCode.BLACK_WINS_BY_FORFEIT,
    GameResult.DOUBLE_FORFEIT: rows.ResultCode.DOUBLE_FORFEIT,
    GameResult.NONE: rows.ResultCode.NONE,
}
CODE_TO_RESULT: dict[str, GameResult] = {code: result for result, code in RESULT_TO_CODE.items()}


#: A team event's games seen as an individual tournament (the players' own scores).
_INDIVIDUAL_SYSTEM = {
    "team_swiss": "swiss",
    "team_round_robin": "round_robin",
    "team_double_round_robin": "double_round_robin",
    # A Keizer competition's games, for the core, are a tournament of another system (K20).
    "keizer": "other",
    # So are a knockout cup's and a Scheveningen match's games (K14, K10).
    "knockout": "other",
    "scheveningen": "other",
}


def individual_system(system: str) -> TournamentSystem:
    """The core system of a ``System`` value: a team event's games are seen as the individual
    tournament of the same pairing kind (team Swiss → Swiss, team round robins → round robins)."""
    return TournamentSystem(_INDIVIDUAL_SYSTEM.get(system, system))


def scoring_to_json(scoring: ScoringSystem) -> dict[str, str]:
    """Only the values that differ from FIDE's, as fraction strings (``{"win": "3"}``)."""
    return {
        f.name: str(getattr(scoring, f.name))
        for f in fields(ScoringSystem)
        if getattr(scoring, f.name) != getattr(FIDE_SCORING, f.name)
    }


def scoring_from_json(data: dict[str, Any] | None) -> ScoringSystem:
    if not data:
        return FIDE_SCORING
    return ScoringSystem(**{name: Fraction(value) for name, value in data.items()})


def _shorten(value: str, width: int = 40) -> str:
    return value if len(value) <= width else value[: width - 1] + "…"


_INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges


@functools.cache
def _checks(model: type[models.Model]) -> tuple[tuple[str, str, int | None, int | None], ...]:
    """What each stored field of ``model`` can hold, whatever the database: ``(attname, "text",
    None, max_length)`` or ``(attname, "integer", min, max)`` (relations are not checked)."""
    checks: list[tuple[str, str, int | None, int | None]] = []
    for field in model._meta.concrete_fields:
        if field.is_relation or field.primary_key:
            continue
        if isinstance(field, models.CharField | models.TextField):
            checks.append((field.attname, "text", None, field.max_length))
        elif isinstance(field, models.IntegerField):
            low, high = _INTEGER_RANGES[field.get_internal_type()]
            for validator in field.validators:
                if isinstance(validator, MinValueValidator):
                    low = max(low, validator.limit_value)
                elif isinstance(validator, MaxValueValidator):
                    high = min(high, validator.limit_value)
            checks.append((field.attname, "integer", low, high))
    return tuple(checks)


def row_problems(row: models.Model, who: str) -> list[str]:
    """Why ``row`` (not saved yet) cannot be stored as it is, on any database: a text longer
    than its column, a NUL character (PostgreSQL refuses them), a number out of its column's
    range. Each problem names ``who`` (``player 12``), the field and the value."""
    problems = []
    for attname, kind, low, high in _checks(type(row)):
        value = getattr(row, attname)
        if value is None:
            continue
        stored = type(row)._meta.get_field(attname)
        assert isinstance(stored, models.Field)  # one of _checks's concrete fields
        field = str(stored.verbose_name)
        if kind == "text":
            if high is not None and len(value) > high:
                problems.append(
                    _("%(who)s: %(field)s longer than %(max)s characters (“%(value)s”)")
                    % {"who": who, "field": field, "max": high, "value": _shorten(value)}
                )
            elif "\x00" in value:
                problems.append(
                    _("%(who)s: %(field)s holds a NUL character") % {"who": who, "field": field}
                )
        elif high is not None and value > high:
            problems.append(
                _("%(who)s: %(field)s %(value)s is more than %(max)s")
                % {"who": who, "field": field, "value": value, "max": high}
            )
        elif low is not None and value < low:
            problems.append(
                _("%(who)s: %(field)s %(value)s is less than %(min)s")
                % {"who": who, "field": field, "value": value, "min": low}
            )
    return problems


def store_tournament(
    tournament: Tournament,
    *,
    club: Any = None,
    kind: str = rows.Kind.CLUB,
    time_control_category: str = rows.TimeControlCategory.STANDARD,
    creator: Any = None,
    source_filename: str = "",
    source_sha256: str = "",
) -> rows.Tournament:
    """Write ``tournament`` as new rows and return the tournament row (inside a transaction).

    Every value is checked against its column first (:func:`row_problems`): if any does not
    fit, :class:`~chessclub_web.tournaments.errors.ValueDoesNotFitError` names them all and
    nothing is written.
    """
    row = rows.Tournament(
        club=club,
        name=tournament.name,
        kind=kind,
        system=tournament.system.value,
        time_control_category=time_control_category,
        time_control=tournament.time_control,
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        planned_rounds=tournament.planned_rounds,
        city=tournament.city,
        federation=tournament.federation,
        chief_arbiter=tournament.chief_arbiter,
        deputy_arbiters="\n".join(tournament.deputy_arbiters),
        scoring=scoring_to_json(tournament.scoring),
        annulment_threshold=tournament.annulment_threshold,
        source_filename=source_filename,
        source_sha256=source_sha256,
        creator=creator,
    )
    problems = row_problems(row, _("tournament"))
    players = [
        rows.TournamentPlayer(
            tournament=row,
            pairing_number=p.pairing_number,
            name=p.name,
            rating=p.rating,
            fictitious_rating=p.fictitious_rating,
            title=p.title,
            sex=p.sex,
            federation=p.federation,
            fide_id=p.fide_id,
            matricule=p.matricule,
            club=p.club,
            birth_date=p.birth_date,
            withdrawn_from_round=tournament.withdrawals.get(p.pairing_number),
        )
        for p in tournament.players
    ]
    for player in players:
        problems += row_problems(player, _("player %(number)s") % {"number": player.pairing_number})
    round_rows = [
        rows.Round(tournament=row, number=r.number, date=r.date) for r in tournament.rounds
    ]
    for round_row in round_rows:
        problems += row_problems(round_row, _("round %(number)s") % {"number": round_row.number})
    games = []
    for r in tournament.rounds:
        for g in r.games:
            game = rows.Game(board=g.board, result=RESULT_TO_CODE[g.result], rated=g.rated)
            games.append((r.number, g, game))
            problems += row_problems(
                game,
                _("round %(round)s, game %(white)s–%(black)s")
                % {"round": r.number, "white": g.white, "black": g.black},
            )
    if problems:
        raise ValueDoesNotFitError(problems)

    row.save()
    rows.TournamentPlayer.objects.bulk_create(players)
    player_ids = dict(row.players.values_list("pairing_number", "id"))
    rows.Round.objects.bulk_create(round_rows)
    round_ids = dict(row.rounds.values_list("number", "id"))
    for number, g, game in games:
        game.round_id = round_ids[number]
        game.white_id = player_ids[g.white]
        game.black_id = player_ids[g.black]
    rows.Game.objects.bulk_create(game for _number, _g, game in games)
    rows.Bye.objects.bulk_create(
        rows.Bye(round_id=round_ids[r.number], player_id=player_ids[b.player], kind=b.kind.value)
        for r in tournament.rounds
        for b in r.byes
    )
    # The rows were written in bulk (no signals): a new revision all the same.
    rows.touch_tournament(row.pk)
    return row


def load_tournament(row: rows.Tournament, *, include_drafts: bool = False) -> Tournament:
    """The core value of the tournament ``row`` (five queries).

    Draft rounds (``Round.state == "draft"``: paired, not yet published) are left out unless
    ``include_drafts``: standings and crosstable go up to the last published round (spec S3);
    the pairing pages ask for the drafts too.

    Rows written around the model's validation (the admin before it checked them, the shell,
    SQL) may not fit the tournament: a game or a bye naming a player of another tournament, a
    player playing themself or twice in a round. Such a row is left out of the value and
    logged (a warning naming it): a public page never fails on it, and the staff find it in
    the log. ``Game.clean()`` and ``Bye.clean()`` refuse such rows.

    The players' withdrawals (``withdrawn_from_round``) and the tournament's
    ``annulment_threshold`` are passed on: in a round robin the core annuls the results of a
    player who withdrew before completing that share of their games (product spec, Entries:
    "Annulled games"). A team event's individual view has no withdrawals (a team's line-up
    changes instead).
    """
    players = list(row.players.order_by("id"))
    number_of = {p.id: PairingNumber(p.pairing_number) for p in players}
    seen: defaultdict[int, set[int]] = defaultdict(set)  # round id -> player ids seen

    def inconsistent(kind: str, pk: int, round_id: int, *player_ids: int) -> bool:
        why = ""
        if any(p not in number_of for p in player_ids):
            why = "a player of another tournament"
        elif len(set(player_ids)) < len(player_ids):
            why = "a player against themself"
        elif any(p in seen[round_id] for p in player_ids):
            why = "a player already in this round"
        if why:
            logger.warning(
                "tournament %s: %s %s left out of the standings (%s)", row.pk, kind, pk, why
            )
            return True
        seen[round_id].update(player_ids)
        return False

    # Plain values, not model instances: a big tournament has 100,000 games.
    round_rows = row.rounds.order_by("number")
    if not include_drafts:
        round_rows = round_rows.exclude(state=rows.RoundState.DRAFT)
    games: defaultdict[int, list[Game]] = defaultdict(list)
    for pk, round_id, white, black, result, board, rated in (
        rows.Game.objects.filter(round__in=round_rows)
        .order_by("id")
        .values_list("id", "round_id", "white_id", "black_id", "result", "board", "rated")
    ):
        if inconsistent("game", pk, round_id, white, black):
            continue
        games[round_id].append(
            Game(
                white=number_of[white],
                black=number_of[black],
                result=CODE_TO_RESULT[result],
                board=board,
                rated=rated,
            )
        )
    bye_kinds = {kind.value: kind for kind in ByeKind}
    byes: defaultdict[int, list[Bye]] = defaultdict(list)
    for pk, round_id, player, kind in (
        rows.Bye.objects.filter(round__in=round_rows)
        .order_by("id")
        .values_list("id", "round_id", "player_id", "kind")
    ):
        if inconsistent("bye", pk, round_id, player):
            continue
        byes[round_id].append(Bye(player=number_of[player], kind=bye_kinds[kind]))
    rounds = tuple(
        Round(
            number=RoundNumber(r.number),
            games=tuple(games[r.id]),
            byes=tuple(byes[r.id]),
            date=r.date,
        )
        for r in round_rows
    )
    return Tournament(
        name=row.name,
        players=tuple(
            Player(
                pairing_number=PairingNumber(p.pairing_number),
                name=p.name,
                rating=p.rating,
                title=p.title,
                sex=p.sex,
                federation=p.federation,
                fide_id=p.fide_id,
                matricule=p.matricule,
                club=p.club,
                birth_date=p.birth_date,
                fictitious_rating=p.fictitious_rating,
            )
            for p in players
        ),
        rounds=rounds,
        planned_rounds=row.planned_rounds,
        system=individual_system(row.system),
        scoring=scoring_from_json(row.scoring),
        start_date=row.start_date,
        end_date=row.end_date,
        city=row.city,
        federation=row.federation,
        chief_arbiter=row.chief_arbiter,
        deputy_arbiters=tuple(line for line in row.deputy_arbiters.splitlines() if line),
        time_control=row.time_control,
        withdrawals={}
        if row.is_team_event
        else {
            PairingNumber(p.pairing_number): RoundNumber(p.withdrawn_from_round)
            for p in players
            if p.withdrawn_from_round  # 0 is no round: left out like None
        },
        annulment_threshold=min(row.annulment_threshold, 100),
    )


class StandingsSettings(NamedTuple):
    """What :func:`chessclub.standings.compute_standings` takes from a tournament row.

    ``codes`` are canonical tiebreak codes in order (the spec S4 defaults of the system when
    the row names none); ``era`` the rule era (the start date's when the row names none, then
    ``era_from_start_date`` is True); ``lots_seed`` the seed of the drawing of lots, ``None``
    when ties after every tiebreak share the rank.
    """

    codes: tuple[str, ...]
    era: RuleEra
    lots_seed: int | None
    codes_are_default: bool
    era_from_start_date: bool
    stored_codes_invalid: bool = False
    #: The rating unrated players count with in ARO, TPR, APRO… (FIDE C.07 Art. 10), or
    #: ``None`` (those tiebreaks are not computed while a player is unrated):
    #: :func:`unrated_rating`; one per pairing number under the FRBE rule.
    unrated_rating: UnratedRating = None


def system_default_codes(system: str) -> tuple[str, ...]:
    """The spec S4 default tiebreaks of a tournament system (a ``System`` value)."""
    return default_tiebreaks(Tournament(name="", players=(), system=individual_system(system)))


def standings_settings(
    row: rows.Tournament, tournament: Tournament | None = None
) -> StandingsSettings:
    """The row's standings settings; ``tournament`` (its core value) gives the system's default
    tiebreaks, read from the row's ``system`` when not given.

    A stored ``tiebreaks`` that is no valid list (written around the validation) gives the
    system's defaults, with ``stored_codes_invalid`` set: the pages warn the staff.
    """
    parsed = stored_codes(row.tiebreaks)
    codes = parsed or ()
    codes_are_default = not codes
    if codes_are_default:
        codes = default_tiebreaks(tournament) if tournament else system_default_codes(row.system)
    era_from_start_date = not row.tiebreak_rules
    era = default_era(row.start_date) if era_from_start_date else RuleEra(row.tiebreak_rules)
    return StandingsSettings(
        codes=codes,
        era=era,
        lots_seed=row.lots_seed if row.draw_lots else None,
        codes_are_default=codes_are_default,
        era_from_start_date=era_from_start_date,
        stored_codes_invalid=parsed is None,
        unrated_rating=unrated_rating(row, tournament),
    )


def unrated_rating(row: rows.Tournament, tournament: Tournament | None = None) -> UnratedRating:
    """The rating the tournament's regulations give unrated players for the rating-based
    tiebreaks (FIDE C.07 Art. 10; requirement R-REG-6): the fixed rating (0–3000) when
    ``unrated_rating_rule`` is ``"fixed"``; under ``"frbe"`` (Belgian events) each unrated
    player's fictitious Elo of FRBE B4, computed on ``tournament`` (its core value) with the
    game counts of the site's Belgian list (``hooks.fictitious_ratings``; a player with a
    stored ``***`` rating counts with it already); else ``None``. A player left without a
    rating still leaves those tiebreaks uncomputed."""
    if row.unrated_rating_rule == rows.UnratedRating.FIXED and row.unrated_rating is not None:
        return min(int(row.unrated_rating), rows.UNRATED_RATING_MAX)
    if row.unrated_rating_rule == rows.UnratedRating.FRBE and tournament is not None:
        return hooks.fictitious_ratings(tournament) or None
    return None
