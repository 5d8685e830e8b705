"""The Keizer competition's actions and its derived table (rules K20–K24).

Each action checks the permission, takes the tournament's lock, changes rows and writes its
audit line in one transaction. The standings are never stored: :func:`standings` rebuilds the
evenings from the rows and asks the core (``chessclub.club_systems.keizer``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub.club_systems import keizer as core
from chessclub_web import refusals
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.clubs.permissions import Action
from chessclub_web.keizer.models import Attendance, DutyResult, KeizerSettings, Preset, Status
from chessclub_web.tournaments.models import (
    Bye,
    ByeCode,
    Game,
    ResultCode,
    Round,
    RoundState,
    System,
    Tournament,
    TournamentPlayer,
    lock_tournament,
    touch_tournament,
)
from chessclub_web.tournaments.permissions import allowed_on
from chessclub_web.tournaments.presentation import value_label

#: The share fields of :class:`KeizerSettings`, as :class:`core.KeizerRules` names them.
SHARES = (
    "win",
    "draw",
    "loss",
    "bye",
    "excused",
    "unexcused",
    "club_duty_win",
    "club_duty_draw",
    "club_duty_loss",
    "forfeit_win",
    "forfeit_loss",
)
MAX_SHARE = Fraction(10)


class KeizerRefused(refusals.Conflict):
    """A Keizer action the state refuses (409)."""


class KeizerBadInput(refusals.BadInput):
    """A Keizer form's value that is wrong (400)."""


def _require(user: Any, row: Tournament, action: Action) -> None:
    if not allowed_on(user, row, action):
        raise refusals.NotAllowed(_("You may not change this Keizer competition."))


def require_keizer(row: Tournament) -> None:
    """K20: these pages are a Keizer competition's only."""
    if row.system != System.KEIZER:
        raise KeizerRefused(_("This tournament is not a Keizer competition."), status=404)


# -- parameters --------------------------------------------------------------------------------


def settings_of(row: Tournament) -> KeizerSettings:
    """The stored parameters, or the standard preset's (unsaved) when none were stored."""
    found = KeizerSettings.objects.filter(tournament=row).first()
    return found if found is not None else KeizerSettings(tournament=row)


def rules_of(settings: KeizerSettings) -> core.KeizerRules:
    """K21: the preset's rules, or every parameter as stored for ``custom``."""
    pair_by = core.PairBy(settings.pair_by or core.PairBy.RANKING)
    if settings.preset != Preset.CUSTOM:
        # K29: the pairing order is a choice of its own, whatever the preset.
        return dataclasses.replace(core.PRESETS[settings.preset], pair_by=pair_by)
    shares: dict[str, Any] = {name: Fraction(getattr(settings, name)) for name in SHARES}
    return core.KeizerRules(
        top_value=settings.top_value,
        step=settings.step,
        count_own_value=settings.count_own_value,
        excused_limit=settings.excused_limit,
        start=core.Start(settings.start),
        rematch_gap=settings.rematch_gap,
        pair_by=pair_by,
        **shares,
    )


def parse_share(name: str, text: str) -> Fraction:
    """``1/3``, ``0.5``, ``1``: a share between 0 and 10; :class:`KeizerBadInput` else."""
    try:
        share = Fraction(text.strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise KeizerBadInput(
            _("“%(value)s” is not a fraction (write 1/3, 1/2 or 1).") % {"value": text[:20]},
            field=name,
        ) from None
    if not 0 <= share <= MAX_SHARE:
        raise KeizerBadInput(
            _("A share is between 0 and 10 times a value (“%(value)s”).") % {"value": text[:20]},
            field=name,
        )
    return share


def save_settings(row: Tournament, user: Any, values: Mapping[str, Any]) -> KeizerSettings:
    """Store the parameters (K21; permission ``EDIT_TOURNAMENT_SETTINGS``; editable at any
    time: the table is recalculated with them). ``values``: the form's cleaned fields."""
    _require(user, row, Action.EDIT_TOURNAMENT_SETTINGS)
    require_keizer(row)
    refusals.require_open(row, _("The competition is closed: its parameters no longer change."))
    with transaction.atomic():
        lock_tournament(row.pk)
        settings = settings_of(row)
        old = _settings_json(settings) if settings.pk else None
        for name, value in values.items():
            if name in SHARES:
                value = str(parse_share(name, str(value)))
            setattr(settings, name, value)
        rules_of(settings)  # refuses an impossible set before storing it
        settings.save()
        new = _settings_json(settings)
        record(
            AuditAction.SETTINGS_PAIRING_CHANGED,
            row,
            user,
            gettext_noop("Keizer parameters changed (preset %(preset)s)."),
            {"preset": settings.preset},
            old=old,
            new=new,
        )
        touch_tournament(row.pk)
    return settings


def _settings_json(settings: KeizerSettings) -> dict[str, object]:
    names = ("preset", "top_value", "step", "count_own_value", "excused_limit", "start", "pair_by")
    data: dict[str, object] = {name: getattr(settings, name) for name in names}
    data["rematch_gap"] = settings.rematch_gap
    data.update({name: getattr(settings, name) for name in SHARES})
    return data


# -- the evenings as the core sees them ------------------------------------------------------


def _players(row: Tournament) -> list[TournamentPlayer]:
    return list(row.players.order_by("pairing_number"))


def core_player(entry: TournamentPlayer) -> core.KeizerPlayer:
    """K23: a late entry joins on ``entry_round``; a withdrawn one's last evening is the one
    before ``withdrawn_from_round``."""
    left = None if entry.withdrawn_from_round is None else entry.withdrawn_from_round - 1
    return core.KeizerPlayer(
        id=entry.pk, name=entry.name, rating=entry.rating, joined=entry.entry_round, left=left
    )


def evenings(row: Tournament) -> list[core.Evening]:
    """Every paired evening (round), in order, from the stored games, pairing byes and
    attendance rows (K20)."""
    absent: dict[int, list[Attendance]] = {}
    for line in Attendance.objects.filter(tournament=row):
        absent.setdefault(line.evening, []).append(line)
    found = []
    for round_row in row.rounds.order_by("number").prefetch_related("games", "byes"):
        games = tuple(
            core.KeizerGame(g.white_id, g.black_id, g.result)
            for g in sorted(round_row.games.all(), key=lambda g: g.board or 0)
        )
        byes = tuple(
            b.player_id for b in round_row.byes.all() if b.kind == ByeCode.PAIRING_ALLOCATED
        )
        lines = absent.get(round_row.number, [])
        found.append(
            core.Evening(
                number=round_row.number,
                games=games,
                byes=byes,
                excused=tuple(a.player_id for a in lines if a.status == Status.EXCUSED),
                club_duty={
                    a.player_id: a.duty_result or core.LOSS
                    for a in lines
                    if a.status == Status.CLUB_DUTY
                },
            )
        )
    return found


@dataclass(frozen=True)
class StandingRow:
    """One line of the Keizer standings (spec §1.6)."""

    rank: int
    player: TournamentPlayer
    value: int
    score: Fraction
    game_points: Fraction
    games: int
    withdrawn: bool


@dataclass(frozen=True)
class Standings:
    evening: int
    rows: list[StandingRow]
    converged: bool


def _game_points(evenings_: Sequence[core.Evening]) -> tuple[dict[int, Fraction], dict[int, int]]:
    points: dict[int, Fraction] = {}
    played: dict[int, int] = {}
    gains = {
        "1-0": (Fraction(1), Fraction(0)),
        "=": (Fraction(1, 2), Fraction(1, 2)),
        "0-1": (Fraction(0), Fraction(1)),
        "+-": (Fraction(1), Fraction(0)),
        "-+": (Fraction(0), Fraction(1)),
    }
    for evening in evenings_:
        for game in evening.games:
            if game.result in ("1-0", "=", "0-1"):
                for player in (game.white, game.black):
                    played[player] = played.get(player, 0) + 1
            white, black = gains.get(game.result, (Fraction(0), Fraction(0)))
            points[game.white] = points.get(game.white, Fraction(0)) + white
            points[game.black] = points.get(game.black, Fraction(0)) + black
    return points, played


def points_text(points: Fraction) -> str:
    """Keizer points as the printed standings write them: ``12``, ``12½``, ``5.33`` (two
    decimals for thirds and sixths; the pages localize the point)."""
    return value_label(points)


def rankings(row: Tournament) -> tuple[list[core.Ranking], list[core.Evening], core.KeizerRules]:
    rules = rules_of(settings_of(row))
    played = evenings(row)
    players = [core_player(entry) for entry in _players(row)]
    try:
        found = core.season(players, played, rules)
    except ValueError as error:
        raise KeizerRefused(
            _("The evenings cannot be ranked: %(reason)s") % {"reason": str(error)}
        ) from error
    return found, played, rules


def standings(row: Tournament, after: int | None = None) -> Standings:
    """K22: the ranking after evening ``after`` (default: the last one), recalculated now;
    before the first evening, the rating order with its values."""
    found, played, rules = rankings(row)
    entries = {entry.pk: entry for entry in _players(row)}
    if after is not None and not 0 <= after <= len(found):
        raise KeizerBadInput(
            _("There is no evening %(evening)s yet.") % {"evening": after}, field="after"
        )
    chosen = len(found) if after is None else after
    if chosen == 0:
        active = [core_player(e) for e in entries.values() if e.entry_round <= 1]
        order = [p.id for p in sorted(active, key=lambda p: (-(p.rating or 0), p.name, p.id))]
        values = core.values_by_place(order, rules)
        own = Fraction(1) if rules.count_own_value else Fraction(0)
        scores = {pid: own * values[pid] for pid in order}
        converged = True
    else:
        ranking = found[chosen - 1]
        order, values, scores = list(ranking.order), dict(ranking.values), dict(ranking.scores)
        converged = ranking.converged
    points, games = _game_points(played[:chosen])
    rows = [
        StandingRow(
            rank=index,
            player=entries[pid],
            value=values[pid],
            score=scores[pid],
            game_points=points.get(pid, Fraction(0)),
            games=games.get(pid, 0),
            withdrawn=(entries[pid].withdrawn_from_round or chosen + 2) <= chosen + 1,
        )
        for index, pid in enumerate(order, start=1)
    ]
    return Standings(chosen, rows, converged)


def explanation(row: Tournament, entry: TournamentPlayer, after: int | None = None) -> list[Any]:
    """K22: the terms of ``entry``'s score after evening ``after`` (default the last)."""
    found, played, rules = rankings(row)
    if not found:
        return []
    chosen = len(found) if after is None else after
    if not 1 <= chosen <= len(found):
        raise KeizerBadInput(
            _("There is no evening %(evening)s yet.") % {"evening": after}, field="after"
        )
    ranking = found[chosen - 1]
    if entry.pk not in ranking.values:
        return []
    players = [core_player(e) for e in _players(row)]
    return core.explain(entry.pk, players, played, ranking, rules)


# -- attendance ----------------------------------------------------------------------------------


def next_evening(row: Tournament) -> int:
    last = row.rounds.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def attendance_of(row: Tournament, evening: int) -> dict[int, Attendance]:
    return {a.player_id: a for a in Attendance.objects.filter(tournament=row, evening=evening)}


def active_entries(row: Tournament, evening: int) -> list[TournamentPlayer]:
    """K23: the players taking part on ``evening`` (joined, not withdrawn)."""
    return [e for e in _players(row) if core_player(e).active(evening)]


def set_attendance(
    row: Tournament, user: Any, evening: int, marks: Mapping[int, tuple[str, str]]
) -> int:
    """Store ``{entry id: (status, club-team result)}`` for ``evening`` (K24; permission
    ``MANAGE_ENTRIES``). Before the evening is paired every status may change; once it is
    paired, only the club-team result of a player marked so. Returns how many changed."""
    _require(user, row, Action.MANAGE_ENTRIES)
    require_keizer(row)
    refusals.require_open(row, _("The competition is closed: its attendance no longer changes."))
    if not 1 <= evening <= next_evening(row):
        raise KeizerBadInput(
            _("Attendance is taken for evening 1 to %(next)s.") % {"next": next_evening(row)},
            field="evening",
        )
    for status, result in marks.values():
        if status not in Status.values:
            raise KeizerBadInput(_("Unknown attendance “%(v)s”.") % {"v": status[:20]})
        if result not in DutyResult.values:
            raise KeizerBadInput(_("Unknown club team result “%(v)s”.") % {"v": result[:20]})
    changed = 0
    with transaction.atomic():
        lock_tournament(row.pk)
        paired = row.rounds.filter(number=evening).exists()
        active = {e.pk: e for e in active_entries(row, evening)}
        stored = attendance_of(row, evening)
        for pid, (status, result) in sorted(marks.items()):
            if pid not in active:
                raise KeizerBadInput(
                    _("This player does not take part on evening %(evening)s.")
                    % {"evening": evening}
                )
            old = stored.get(pid)
            old_status = old.status if old else Status.PRESENT
            if status != Status.CLUB_DUTY:
                result = ""
            if old_status == status and (old.duty_result if old else "") == result:
                continue
            if paired and (old_status != status):
                raise KeizerRefused(
                    _(
                        "Evening %(evening)s is paired: who played is its boards. Unpair it to "
                        "change who came."
                    )
                    % {"evening": evening}
                )
            if status == Status.PRESENT:
                if old is not None:
                    old.delete()
            elif old is None:
                Attendance.objects.create(
                    tournament=row,
                    evening=evening,
                    player_id=pid,
                    status=status,
                    duty_result=result,
                )
            else:
                old.status, old.duty_result = status, result
                old.save(update_fields=["status", "duty_result"])
            record(
                AuditAction.ABSENCE_RECORDED,
                row,
                user,
                gettext_noop("Evening %(round)s: %(name)s %(status)s %(result)s."),
                {"round": evening, "name": active[pid].name, "status": status, "result": result},
                round_number=evening,
                old=old_status,
                new=status,
            )
            changed += 1
        if changed:
            touch_tournament(row.pk)
    return changed


# -- pairing -------------------------------------------------------------------------------------


def pairing_refusal(row: Tournament) -> str | None:
    """Why the next evening cannot be paired now (translated), ``None`` if it can."""
    closed = refusals.closed_refusal(row, _("The competition is closed."))
    if closed:
        return closed
    if row.rounds.filter(state=RoundState.DRAFT).exists():
        return _("An evening is a draft: publish it or unpair it first.")
    missing = Game.objects.filter(round__tournament=row, result=ResultCode.NONE).count()
    if missing:
        return _(
            "%(count)s board(s) have no result yet: the Keizer ranking that pairs the next "
            "evening needs them."
        ) % {"count": missing}
    return None


def present_entries(row: Tournament, evening: int) -> list[TournamentPlayer]:
    marks = attendance_of(row, evening)
    return [e for e in active_entries(row, evening) if e.pk not in marks]


def pair_next_evening(row: Tournament, user: Any) -> tuple[Round, tuple[str, ...]]:
    """K7, K8 via the core: pair the present players of the next evening from the current
    ranking (or by their current rating, K29 Westergoo), stored as a draft round of the
    tournament (its boards are then published and entered on the existing pages).
    Permission ``EDIT_PAIRINGS``."""
    _require(user, row, Action.EDIT_PAIRINGS)
    require_keizer(row)
    with transaction.atomic():
        lock_tournament(row.pk)
        refusal = pairing_refusal(row)
        if refusal:
            raise KeizerRefused(refusal)
        number = next_evening(row)
        found, played, rules = rankings(row)
        present = [e.pk for e in present_entries(row, number)]
        if found:
            order: Sequence[int] = found[-1].order
        else:
            order = [
                p.id
                for p in sorted(
                    (core_player(e) for e in _players(row)),
                    key=lambda p: (-(p.rating or 0), p.name, p.id),
                )
            ]
        try:
            ratings = {e.pk: e.rating for e in _players(row)}
            pairing = core.pair_evening(order, present, played, rules, ratings=ratings)
        except ValueError:
            raise KeizerRefused(
                _("At least two players must be present to pair evening %(evening)s.")
                % {"evening": number}
            ) from None
        round_row = Round.objects.create(tournament=row, number=number, state=RoundState.DRAFT)
        Game.objects.bulk_create(
            Game(round=round_row, board=index, white_id=white, black_id=black)
            for index, (white, black) in enumerate(pairing.boards, start=1)
        )
        if pairing.bye is not None:
            Bye.objects.create(
                round=round_row, player_id=pairing.bye, kind=ByeCode.PAIRING_ALLOCATED
            )
        if row.planned_rounds < number:
            row.planned_rounds = number
            row.save(update_fields=["planned_rounds"])
        record(
            AuditAction.ROUND_PAIRED,
            row,
            user,
            gettext_noop("Round %(round)s paired (draft)."),
            {"round": number},
            round_number=number,
        )
        touch_tournament(row.pk)
    return round_row, pairing.warnings
