"""The knockout cup's actions and its derived bracket (rules K30–K39).

Each action checks the permission, takes the tournament's lock, changes rows and writes its
audit line in one transaction. The state of a match is never stored: :func:`bracket` reads the
games of the tournament's rounds and asks the core (``chessclub.club_systems.knockout``).
"""

from __future__ import annotations

import copy
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from chessclub.club_systems import knockout as core
from chessclub_web import refusals
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.clubs.permissions import Action
from chessclub_web.cups.models import (
    ArmageddonWhite,
    CupMatch,
    CupSettings,
    FirstColour,
    Preset,
    Seeding,
)
from chessclub_web.cups.presets import PRESETS
from chessclub_web.tournaments.models import (
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

#: Most stages in a chain, and most games in a stage (a form's rows; a sane bound).
MAX_STAGES = 5
MAX_GAMES = 12
KINDS = ("games", "armageddon", "lot")


class CupRefused(refusals.Conflict):
    """A cup action the state refuses (409)."""


class CupBadInput(refusals.BadInput):
    """A cup form's value that is wrong (400)."""


def _require(user: Any, row: Tournament, action: Action) -> None:
    if not allowed_on(user, row, action):
        raise refusals.NotAllowed(_("You may not change this cup."))


def require_cup(row: Tournament) -> None:
    """K30: these pages are a knockout cup's only."""
    if row.system != System.KNOCKOUT:
        raise CupRefused(_("This tournament is not a knockout cup."), status=404)


# -- settings ----------------------------------------------------------------------------------


def settings_of(row: Tournament) -> CupSettings:
    """The stored settings, or the defaults (unsaved) when none were stored."""
    found = CupSettings.objects.filter(tournament=row).first()
    return found if found is not None else CupSettings(tournament=row)


def stage_from_json(data: Mapping[str, Any]) -> core.Stage:
    first_to = data.get("first_to")
    return core.Stage(
        kind=str(data.get("kind", "games")),
        games=int(data.get("games", 1)),
        repeat=bool(data.get("repeat", False)),
        first_to=Fraction(first_to) if first_to not in (None, "") else None,
        time_control=str(data.get("time_control", "")),
    )


def stage_to_json(stage: core.Stage) -> dict[str, Any]:
    return {
        "kind": stage.kind,
        "games": stage.games,
        "repeat": stage.repeat,
        "first_to": str(stage.first_to) if stage.first_to is not None else None,
        "time_control": stage.time_control,
    }


def chain_of(settings: CupSettings) -> tuple[core.Stage, ...]:
    """K31: the preset's chain, or the stored stages for ``custom``."""
    if settings.preset in PRESETS:
        return PRESETS[settings.preset].stages
    return tuple(stage_from_json(data) for data in settings.stages)


def armageddon_rule(settings: CupSettings) -> str:
    preset = PRESETS.get(settings.preset)
    if preset is not None and preset.armageddon_white:
        return preset.armageddon_white
    return settings.armageddon_white


def check_chain(chain: Sequence[core.Stage]) -> None:
    """K31: a chain starts with games, has nothing after an Armageddon or a lot (they always
    decide) and ends with a stage that always decides; :class:`CupBadInput` else."""
    if not chain:
        raise CupBadInput(_("A match needs at least one stage."), field="stage0_kind")
    if chain[0].kind != "games":
        raise CupBadInput(_("A match starts with its main games."), field="stage0_kind")
    for index, stage in enumerate(chain):
        name = f"stage{index}_kind"
        if stage.kind in ("armageddon", "lot") and index != len(chain) - 1:
            raise CupBadInput(
                _("Stage %(n)s always decides the match: no stage can follow it.")
                % {"n": index + 1},
                field=name,
            )
        if stage.kind == "games" and not 1 <= stage.games <= MAX_GAMES:
            raise CupBadInput(
                _("Stage %(n)s: between 1 and %(max)s games.") % {"n": index + 1, "max": MAX_GAMES},
                field=f"stage{index}_games",
            )
        if stage.first_to is not None and not 0 < stage.first_to <= stage.games:
            raise CupBadInput(
                _("Stage %(n)s: “first to” is more than 0 and at most the number of games.")
                % {"n": index + 1},
                field=f"stage{index}_first_to",
            )
    last = chain[-1]
    if last.kind == "games" and not last.repeat:
        raise CupBadInput(
            _(
                "The last stage must always decide the match: sudden death (repeated until "
                "decided), an Armageddon or a lot."
            ),
            field=f"stage{len(chain) - 1}_kind",
        )


def _shape(chain: Sequence[core.Stage]) -> list[tuple[object, ...]]:
    return [(s.kind, s.games, s.repeat, s.first_to) for s in chain]


def drawn(row: Tournament) -> bool:
    return CupMatch.objects.filter(tournament=row).exists()


def save_settings(row: Tournament, user: Any, values: Mapping[str, Any]) -> CupSettings:
    """Store the settings (K31; permission ``EDIT_TOURNAMENT_SETTINGS``). ``values``: the form's
    cleaned fields, ``stages`` a list of :class:`core.Stage`. Once the bracket is drawn only the
    stages' time controls may change (K32)."""
    _require(user, row, Action.EDIT_TOURNAMENT_SETTINGS)
    require_cup(row)
    refusals.require_open(row, _("The cup is closed: its settings no longer change."))
    with transaction.atomic():
        lock_tournament(row.pk)
        settings = settings_of(row)
        old = settings_json(settings) if settings.pk else None
        old_chain = chain_of(settings)
        old_rule = armageddon_rule(settings)
        preset = str(values.get("preset", settings.preset))
        if preset not in Preset.values:
            raise CupBadInput(_("Unknown match format “%(v)s”.") % {"v": preset[:20]})
        chain = PRESETS[preset].stages if preset in PRESETS else tuple(values.get("stages", ()))
        check_chain(chain)
        fresh = CupSettings(
            tournament=row,
            preset=preset,
            stages=[stage_to_json(s) for s in chain] if preset == Preset.CUSTOM else [],
            seeding=values.get("seeding", settings.seeding),
            # Once drawn, an empty seed keeps the one the draw recorded (K32).
            seed=values.get("seed") or (settings.seed if settings.drawn_at else None),
            first_colour=values.get("first_colour", settings.first_colour),
            armageddon_white=values.get("armageddon_white", settings.armageddon_white),
        )
        if drawn(row):
            changed = [
                label
                for label, before, after in (
                    (_("the seeding"), settings.seeding, fresh.seeding),
                    (_("the seed of the lots"), settings.seed, fresh.seed),
                    (_("the colours of the first game"), settings.first_colour, fresh.first_colour),
                    (_("White in Armageddon"), old_rule, armageddon_rule(fresh)),
                    (_("the match format"), _shape(old_chain), _shape(chain)),
                )
                if before != after
            ]
            if changed:
                raise CupRefused(
                    _(
                        "The bracket is drawn: %(what)s no longer change, that would change the "
                        "matches already paired (only the time controls may still change)."
                    )
                    % {"what": ", ".join(str(c) for c in changed)}
                )
        for name in ("preset", "stages", "seeding", "seed", "first_colour", "armageddon_white"):
            setattr(settings, name, getattr(fresh, name))
        settings.save()
        record(
            AuditAction.SETTINGS_PAIRING_CHANGED,
            row,
            user,
            gettext_noop("Cup settings changed (match format %(preset)s)."),
            {"preset": settings.preset},
            old=old,
            new=settings_json(settings),
        )
        touch_tournament(row.pk)
    return settings


def settings_json(settings: CupSettings) -> dict[str, object]:
    names = ("preset", "seeding", "seed", "first_colour", "armageddon_white")
    data: dict[str, object] = {name: getattr(settings, name) for name in names}
    data["stages"] = [stage_to_json(s) for s in chain_of(settings)]
    return data


# -- the draw ----------------------------------------------------------------------------------


def entrants(row: Tournament) -> list[TournamentPlayer]:
    """K33: the registered players not withdrawn, in seed order: rating (unrated last), then
    pairing number."""
    players = row.players.filter(withdrawn_from_round__isnull=True)
    return sorted(players, key=lambda p: (p.rating is None, -(p.rating or 0), p.pairing_number))


def draw_refusal(row: Tournament) -> str | None:
    closed = refusals.closed_refusal(row, _("The cup is closed."))
    if closed:
        return closed
    if drawn(row):
        return _("The bracket is already drawn.")
    if len(entrants(row)) < 2:
        return _("A cup needs at least two registered players to draw its bracket.")
    return None


def draw(row: Tournament, user: Any) -> int:
    """K33: draw the bracket once (seeded K15 or drawn K16 from the recorded seed), then pair its
    first games as a draft round (K34). Permission ``EDIT_PAIRINGS``. Returns the seed."""
    _require(user, row, Action.EDIT_PAIRINGS)
    require_cup(row)
    with transaction.atomic():
        lock_tournament(row.pk)
        refusal = draw_refusal(row)
        if refusal:
            raise CupRefused(refusal)
        settings = settings_of(row)
        players = entrants(row)
        if settings.seed is None:
            settings.seed = secrets.randbelow(999_999) + 1
        if settings.seeding == Seeding.DRAWN:
            pairs = core.drawn_bracket(len(players), settings.seed)
        else:
            pairs = core.seeded_bracket(len(players))
        CupMatch.objects.bulk_create(
            CupMatch(
                tournament=row,
                cup_round=1,
                position=index,
                first=players[one - 1],
                first_seed=one,
                second=players[two - 1] if two is not None else None,
                second_seed=two,
            )
            for index, (one, two) in enumerate(pairs, start=1)
        )
        settings.drawn_at = timezone.now()
        settings.save()
        record(
            AuditAction.PAIRING_NUMBERS_GIVEN,
            row,
            user,
            gettext_noop("Cup bracket drawn: %(count)s players, %(byes)s bye(s), seed %(seed)s."),
            {
                "count": len(players),
                "byes": core.bracket_size(len(players)) - len(players),
                "seed": settings.seed,
            },
            new=[[one, two] for one, two in pairs],
        )
        _pair(row, user)
        touch_tournament(row.pk)
    return settings.seed


# -- the state of every match (derived) --------------------------------------------------------


@dataclass
class GameLine:
    game: Game
    stage: int
    #: 1 or 2: the match's player who had White.
    white: int


@dataclass
class MatchState:
    """A match as the bracket shows it (K35): its games with their stage, the core's decision,
    what it waits for (``game``, ``lot``, ``armageddon``, ``result``, ``error`` or ``""`` when
    decided) and, for ``game``, who has White next."""

    match: CupMatch
    lines: list[GameLine] = field(default_factory=list)
    decision: core.Decision | None = None
    winner: int | None = None
    needs: str = ""
    next_white: int | None = None
    error: str = ""

    @property
    def winner_entry(self) -> TournamentPlayer | None:
        return self.match.player(self.winner) if self.winner else None

    @property
    def loser_entry(self) -> TournamentPlayer | None:
        return self.match.player(3 - self.winner) if self.winner else None

    def points(self, stage: int) -> tuple[Fraction, Fraction]:
        one = two = Fraction(0)
        for line in self.lines:
            if line.stage == stage and line.game.result:
                a, b = core.MatchGame(line.stage, line.white, line.game.result).points()
                one, two = one + a, two + b
        return one, two


def _first_white(settings: CupSettings, match: CupMatch) -> int:
    """K36: White in a match's first game: from the bracket (the upper player in odd-numbered
    matches, the lower in even ones) or by lot from the recorded seed (the same every time)."""
    if settings.first_colour == FirstColour.LOT:
        rng = random.Random(f"{settings.seed}-{match.cup_round}-{match.position}")
        return rng.choice((1, 2))
    return 1 if match.position % 2 else 2


def match_state(
    settings: CupSettings,
    chain: Sequence[core.Stage],
    match: CupMatch,
    games: Sequence[Game],
) -> MatchState:
    """K35: the state of ``match`` from its ``games`` (in playing order)."""
    state = MatchState(match)
    if match.second_id is None:
        state.winner = 1
        return state
    played: list[core.MatchGame] = []
    pending = False
    for game in games:
        white = 1 if game.white_id == match.first_id else 2
        if pending:
            state.error = _("A game without result is followed by another game.")
        try:
            decision = core.decide(chain, played, 1, match.lot_winner)
        except ValueError as error:
            state.error = str(error)
            decision = None
        if decision is not None and decision.winner is not None and match.withdrawn is None:
            state.error = _("A game was played after the match was decided (a corrected result?).")
        stage = decision.stage if decision is not None else 0
        state.lines.append(GameLine(game, stage, white))
        if game.result == ResultCode.NONE:
            pending = True
        else:
            played.append(core.MatchGame(stage, white, game.result))
    if match.withdrawn in (1, 2):
        state.winner = 3 - match.withdrawn
        return state
    if state.error:
        state.needs = "error"
        return state
    try:
        decision = core.decide(chain, played, 1, match.lot_winner)
    except ValueError as error:
        state.error, state.needs = str(error), "error"
        return state
    state.decision = decision
    if decision.winner is not None:
        state.winner = decision.winner
        if pending:
            state.error, state.needs = (
                _("A game was paired after the match was decided (a corrected result?)."),
                "error",
            )
        return state
    if pending:
        state.needs = "result"
        return state
    kind = chain[decision.stage].kind
    if kind == "lot":
        state.needs = "lot"
    elif kind == "armageddon":
        if match.armageddon_white is None:
            state.needs = "armageddon"
        else:
            state.needs, state.next_white = "game", match.armageddon_white
    elif chain[decision.stage].kind == "games":
        state.needs = "game"
        state.next_white = (
            3 - state.lines[-1].white if state.lines else _first_white(settings, match)
        )
    return state


@dataclass
class CupRound:
    number: int
    name: str
    states: list[MatchState]
    #: Places of a round not drawn yet (the chart's later rounds).
    placeholders: int = 0

    @property
    def decided(self) -> bool:
        return bool(self.states) and all(s.winner is not None for s in self.states)


@dataclass
class Bracket:
    settings: CupSettings
    chain: tuple[core.Stage, ...]
    rounds: list[CupRound]
    size: int
    #: Entrants registered after the draw (not in the bracket).
    late: list[TournamentPlayer]

    def placing(self) -> list[tuple[str, list[TournamentPlayer]]]:
        """K39: winner, finalist, semi-finalists as far as known."""
        found: list[tuple[str, list[TournamentPlayer]]] = []
        total = len(self.rounds)
        final = self.rounds[-1] if self.rounds else None
        if final is None or not final.states or final.number != total:
            return found
        match = final.states[0]
        if match.winner is not None:
            winner, loser = match.winner_entry, match.loser_entry
            assert winner is not None and loser is not None
            found.append((_("Winner"), [winner]))
            found.append((_("Finalist"), [loser]))
        if total >= 2:
            semis = [s.loser_entry for s in self.rounds[-2].states if s.loser_entry is not None]
            if semis:
                found.append((_("Semi-finalists"), semis))
        return found

    @property
    def current(self) -> CupRound | None:
        played = [r for r in self.rounds if r.states]
        return played[-1] if played else None


def round_name(number: int, total: int) -> str:
    """The usual names of the last rounds (final, semi-finals, quarter-finals), else the round
    of *n*."""
    left = total - number
    if left == 0:
        return _("Final")
    if left == 1:
        return _("Semi-finals")
    if left == 2:
        return _("Quarter-finals")
    return _("Round of %(n)s") % {"n": 2 ** (left + 1)}


def bracket(row: Tournament) -> Bracket:
    """K35, K39: every cup round with each match's state, recalculated now."""
    settings = settings_of(row)
    chain = chain_of(settings)
    matches = list(
        CupMatch.objects.filter(tournament=row)
        .select_related("first", "second")
        .order_by("cup_round", "position")
    )
    games_of: dict[frozenset[int], list[Game]] = {}
    games = (
        Game.objects.filter(round__tournament=row)
        .select_related("round", "white", "black")
        .order_by("round__number", "board", "id")
    )
    for game in games:
        games_of.setdefault(frozenset((game.white_id, game.black_id)), []).append(game)

    def games_of_match(match: CupMatch) -> list[Game]:
        if match.second_id is None:
            return []
        return games_of.get(frozenset((match.first_id, match.second_id)), [])

    first_round = [m for m in matches if m.cup_round == 1]
    size = 2 * len(first_round)
    total = size.bit_length() - 1 if size else 0
    rounds: list[CupRound] = []
    for number in range(1, total + 1):
        states = [
            match_state(settings, chain, m, games_of_match(m))
            for m in matches
            if m.cup_round == number
        ]
        rounds.append(
            CupRound(
                number,
                round_name(number, total),
                states,
                0 if states else size // 2**number,
            )
        )
    in_bracket = {m.first_id for m in first_round} | {m.second_id for m in first_round}
    late = [p for p in row.players.order_by("pairing_number") if p.pk not in in_bracket]
    return Bracket(settings, chain, rounds, size, late if matches else [])


# -- pairing the next games --------------------------------------------------------------------


def pairing_refusal(row: Tournament, found: Bracket | None = None) -> str | None:
    """Why the next games cannot be paired now (translated), ``None`` if they can (K34)."""
    closed = refusals.closed_refusal(row, _("The cup is closed."))
    if closed:
        return closed
    if not drawn(row):
        return _("The bracket is not drawn yet.")
    if row.rounds.filter(state=RoundState.DRAFT).exists():
        return _("A round is a draft: publish it or unpair it first.")
    missing = Game.objects.filter(round__tournament=row, result=ResultCode.NONE).count()
    if missing:
        return ngettext(
            "%(count)s board has no result yet: the matches' next games depend on it.",
            "%(count)s boards have no result yet: the matches' next games depend on them.",
            missing,
        ) % {"count": missing}
    found = found or bracket(row)
    current = found.current
    assert current is not None
    for state in current.states:
        if state.error:
            return _("Match %(match)s (%(names)s) cannot go on: %(reason)s") % {
                "match": state.match.position,
                "names": _names(state.match),
                "reason": state.error,
            }
    if current.decided:
        if len(current.states) == 1:
            return _("The cup is over: %(name)s won it.") % {"name": current.states[0].winner_entry}
        return None
    waiting = [s for s in current.states if s.needs == "armageddon"]
    if waiting:
        return _("Enter who has White in the Armageddon of %(names)s first.") % {
            "names": "; ".join(_names(s.match) for s in waiting)
        }
    if not any(s.needs == "game" for s in current.states):
        return _("The round waits for the lot of %(names)s.") % {
            "names": "; ".join(_names(s.match) for s in current.states if s.needs == "lot")
        }
    return None


def _names(match: CupMatch) -> str:
    second = match.second.name if match.second else _("bye")
    return f"{match.first.name} – {second}"


def pair_next(row: Tournament, user: Any) -> Round:
    """K34: pair the next game of every match that needs one (the next cup round's matches
    first when every match of the current one is decided), as a draft round. Permission
    ``EDIT_PAIRINGS``."""
    _require(user, row, Action.EDIT_PAIRINGS)
    require_cup(row)
    with transaction.atomic():
        lock_tournament(row.pk)
        round_row = _pair(row, user)
        touch_tournament(row.pk)
    return round_row


def _pair(row: Tournament, user: Any) -> Round:
    found = bracket(row)
    refusal = pairing_refusal(row, found)
    if refusal:
        raise CupRefused(refusal)
    current = found.current
    assert current is not None
    states = current.states
    if current.decided:
        winners = [s.match for s in states]
        created = []
        for index, (one, two) in enumerate(core.next_round(range(len(winners))), start=1):
            a, b = states[one], states[two]
            first, second = a.winner_entry, b.winner_entry
            first_seed = a.match.seed_of(a.winner or 1)
            assert first is not None and second is not None and first_seed is not None
            created.append(
                CupMatch.objects.create(
                    tournament=row,
                    cup_round=current.number + 1,
                    position=index,
                    first=first,
                    first_seed=first_seed,
                    second=second,
                    second_seed=b.match.seed_of(b.winner or 1),
                )
            )
        states = [match_state(found.settings, found.chain, m, []) for m in created]
        cup_round = current.number + 1
    else:
        cup_round = current.number
    number = (row.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    round_row = Round.objects.create(tournament=row, number=number, state=RoundState.DRAFT)
    boards: list[Game] = []
    for state in states:
        if state.needs != "game" or state.next_white is None:
            continue
        match = state.match
        white = match.player(state.next_white)
        black = match.player(3 - state.next_white)
        stage = state.decision.stage if state.decision is not None else 0
        boards.append(
            Game(
                round=round_row,
                board=len(boards) + 1,
                white=white,
                black=black,
                rated=stage == 0,
            )
        )
    Game.objects.bulk_create(boards)
    if row.planned_rounds < number:
        row.planned_rounds = number
        row.save(update_fields=["planned_rounds"])
    record(
        AuditAction.ROUND_PAIRED,
        row,
        user,
        gettext_noop("Cup round %(cup)s: round %(round)s paired (draft)."),
        {"cup": cup_round, "round": number},
        round_number=number,
    )
    return round_row


# -- what the arbiter enters for a match -------------------------------------------------------


def _match(row: Tournament, match_id: int) -> CupMatch:
    found = (
        CupMatch.objects.select_for_update(of=("self",))
        .select_related("first", "second")
        .filter(tournament=row, pk=match_id)
        .first()
    )
    if found is None:
        raise CupBadInput(_("There is no such match in this cup."), status=404, field="match")
    return found


def _state(row: Tournament, match: CupMatch) -> MatchState:
    settings = settings_of(row)
    games = list(
        Game.objects.filter(
            round__tournament=row,
            white_id__in=(match.first_id, match.second_id),
            black_id__in=(match.first_id, match.second_id),
        )
        .select_related("round")
        .order_by("round__number", "board", "id")
    )
    return match_state(settings, chain_of(settings), match, games)


def _side(match: CupMatch, entry: int) -> int:
    if entry == match.first_id:
        return 1
    if match.second_id is not None and entry == match.second_id:
        return 2
    raise CupBadInput(_("This player does not play this match."), field="player")


def set_lot(row: Tournament, user: Any, match_id: int, entry: int) -> CupMatch:
    """K37: the lot's winner of a match whose chain reached its lot. Permission
    ``EDIT_PAIRINGS``."""
    _require(user, row, Action.EDIT_PAIRINGS)
    require_cup(row)
    refusals.require_open(row, _("The cup is closed."))
    with transaction.atomic():
        lock_tournament(row.pk)
        match = _match(row, match_id)
        side = _side(match, entry)
        if _state(row, match).needs != "lot":
            raise CupRefused(_("This match is not waiting for a lot."))
        match.lot_winner = side
        match.save(update_fields=["lot_winner"])
        record(
            AuditAction.NOTE,
            row,
            user,
            gettext_noop("Cup round %(cup)s, match %(match)s: %(name)s won the lot."),
            {"cup": match.cup_round, "match": match.position, "name": match.player(side).name},  # type: ignore[union-attr]
        )
        touch_tournament(row.pk)
    return match


def lower_rated(match: CupMatch) -> int | None:
    """The side of the lower-rated player (``None``: equal or unrated ratings: a lot)."""
    one = match.first.rating
    two = match.second.rating if match.second else None
    if one is None or two is None or one == two:
        return None
    return 1 if one < two else 2


def set_armageddon_white(
    row: Tournament, user: Any, match_id: int, entry: int, colour: str = "W"
) -> CupMatch:
    """K37: who has White in a match's Armageddon. ``entry``: for the lot, the player who drew
    White; when the lower-rated player chooses, that player, ``colour`` what they chose
    (``W`` or ``B``). Permission ``EDIT_PAIRINGS``; only before the Armageddon is paired."""
    _require(user, row, Action.EDIT_PAIRINGS)
    require_cup(row)
    refusals.require_open(row, _("The cup is closed."))
    if colour not in ("W", "B"):
        raise CupBadInput(_("Unknown colour “%(v)s”.") % {"v": colour[:5]}, field="colour")
    with transaction.atomic():
        lock_tournament(row.pk)
        match = _match(row, match_id)
        side = _side(match, entry)
        state = _state(row, match)
        if state.needs not in ("armageddon", "game") or state.decision is None:
            raise CupRefused(_("This match is not waiting for its Armageddon."))
        if chain_of(settings_of(row))[state.decision.stage].kind != "armageddon":
            raise CupRefused(_("This match is not waiting for its Armageddon."))
        chooser = lower_rated(match)
        choosing = armageddon_rule(settings_of(row)) == ArmageddonWhite.LOWER_RATED
        if choosing and chooser is not None:
            if side != chooser:
                raise CupBadInput(
                    _("The lower-rated player, %(name)s, chooses the colour.")
                    % {"name": match.player(chooser).name},  # type: ignore[union-attr]
                    field="player",
                )
            white = side if colour == "W" else 3 - side
            message = gettext_noop(
                "Cup round %(cup)s, match %(match)s: %(name)s (lower rated) chose %(colour)s in "
                "the Armageddon."
            )
        else:
            choosing = False
            white = side
            colour = "W"
            message = gettext_noop(
                "Cup round %(cup)s, match %(match)s: %(name)s drew %(colour)s in the Armageddon."
            )
        match.armageddon_white, match.armageddon_chosen = white, choosing
        match.save(update_fields=["armageddon_white", "armageddon_chosen"])
        record(
            AuditAction.PAIRING_COLOUR_DRAWN,
            row,
            user,
            message,
            {
                "cup": match.cup_round,
                "match": match.position,
                "name": match.player(side).name,  # type: ignore[union-attr]
                "colour": colour,
            },
            new=white,
        )
        touch_tournament(row.pk)
    return match


def withdraw(row: Tournament, user: Any, match_id: int, entry: int) -> CupMatch:
    """K38: ``entry`` withdraws from their undecided match and loses it; their game without
    result is scored a forfeit for the opponent (removed if its round is still a draft).
    Permission ``MANAGE_ENTRIES``."""
    from chessclub_web.results.services import Change, save_results

    _require(user, row, Action.MANAGE_ENTRIES)
    require_cup(row)
    refusals.require_open(row, _("The cup is closed."))
    with transaction.atomic():
        lock_tournament(row.pk)
        match = _match(row, match_id)
        side = _side(match, entry)
        if match.second_id is None:
            raise CupRefused(_("A bye has no opponent to withdraw from."))
        state = _state(row, match)
        if state.winner is not None:
            raise CupRefused(_("This match is already decided."))
        match.withdrawn = side
        match.save(update_fields=["withdrawn"])
        record(
            AuditAction.ENTRY_WITHDRAWN,
            row,
            user,
            gettext_noop("Cup round %(cup)s, match %(match)s: %(name)s withdrew and lost it."),
            {"cup": match.cup_round, "match": match.position, "name": match.player(side).name},  # type: ignore[union-attr]
        )
        for line in state.lines:
            game = line.game
            if game.result != ResultCode.NONE:
                continue
            if game.round.state == RoundState.DRAFT:
                game.delete()
                continue
            won_by_white = game.black_id == entry
            code = (
                ResultCode.WHITE_WINS_BY_FORFEIT
                if won_by_white
                else ResultCode.BLACK_WINS_BY_FORFEIT
            )
            outcome = save_results(row, game.round, [Change(game.pk, code, game.version)], user)
            if getattr(outcome, "stale", None):
                raise CupRefused(_("The game's result changed meanwhile: try again."))
        touch_tournament(row.pk)
    return match


# -- what the other apps ask of a cup (registered in ``cups.apps``) ----------------------------


def registration_refusal(row: Tournament) -> str | None:
    """K33: once the bracket is drawn, no new player enters the cup (there is no place for
    them in it)."""
    if drawn(row):
        return _("The cup's bracket is drawn: a new player can no longer enter it.")
    return None


def removal_refusal(player: TournamentPlayer) -> str | None:
    """K38: a player in the bracket is not removed from the entries (that would remove their
    match): they withdraw from their match instead."""
    match = (
        CupMatch.objects.filter(tournament_id=player.tournament_id)
        .filter(Q(first=player) | Q(second=player))
        .order_by("-cup_round")
        .first()
    )
    if match is None:
        return None
    return _(
        "%(name)s is in the cup's bracket (cup round %(cup)s, match %(match)s): withdraw them "
        "from their match on the Cup tab instead."
    ) % {"name": player.name, "cup": match.cup_round, "match": match.position}


def hand_edit_refusal(round_row: Round, action: str, game: Game | None) -> str | None:
    """K34, K36, K37: a cup round's boards are its matches' games: the pairing page changes
    none of them by hand but a board's colours (K36), and not an Armageddon's, whose White was
    drawn or chosen (K37)."""
    if action != "colours":
        return _(
            "A cup round's boards are its matches' games: only a board's colours may be swapped "
            "by hand. Enter a withdrawal, a lot or an Armageddon's colour on the Cup tab."
        )
    if game is None:
        return None
    found = bracket(round_row.tournament)
    for cup_round in found.rounds:
        for state in cup_round.states:
            for line in state.lines:
                if line.game.pk == game.pk and found.chain[line.stage].kind == "armageddon":
                    return _(
                        "Board %(board)s is the Armageddon of %(names)s: its White was drawn "
                        "or chosen (K37) and is not swapped by hand."
                    ) % {"board": game.board, "names": _names(state.match)}
    return None


def result_refusals(row: Tournament, changes: Sequence[tuple[Game, str]]) -> dict[int, str]:
    """K35: a result that would change the winner of a match (or leave it undecided or in
    error) whose winner already plays a later cup round is refused: that later match was
    drawn with the winner. ``changes``: the boards about to change with their new code;
    returns ``{game id: reason}``."""
    from chessclub_web.results.services import board_label

    new = {game.pk: code for game, code in changes}
    found = bracket(row)
    refused: dict[int, str] = {}
    for cup_round in found.rounds:
        for state in cup_round.states:
            touched = [line.game for line in state.lines if line.game.pk in new]
            winner = state.winner_entry
            if not touched or winner is None or state.match.withdrawn is not None:
                continue
            later = next(
                (
                    (later_round, other.match)
                    for later_round in found.rounds[cup_round.number :]
                    for other in later_round.states
                    if winner.pk in (other.match.first_id, other.match.second_id)
                ),
                None,
            )
            if later is None:
                continue
            games = []
            for line in state.lines:
                game = copy.copy(line.game)
                game.result = new.get(game.pk, game.result)
                games.append(game)
            after = match_state(found.settings, found.chain, state.match, games)
            if after.winner == state.winner and not after.error:
                continue
            for game in touched:
                refused[game.pk] = _(
                    "%(board)s: this result would change who won %(round)s, match %(match)s "
                    "(%(names)s), but %(name)s already plays in %(later)s, match "
                    "%(later_match)s: once its winner has gone on, a match's result is no "
                    "longer corrected."
                ) % {
                    "board": board_label(game).capitalize(),
                    "round": cup_round.name,
                    "match": state.match.position,
                    "names": _names(state.match),
                    "name": winner.name,
                    "later": later[0].name,
                    "later_match": later[1].position,
                }
    return refused


# -- closing (K45) -----------------------------------------------------------------------------


def closing_blockers(row: Tournament) -> list[str]:
    """K45: a cup closes with its winner: ``[]`` once the final is decided, else the reason."""
    found = bracket(row)
    final = found.rounds[-1] if found.rounds else None
    if final is None or final.number != len(found.rounds) or not final.decided:
        return [_("The cup's final is not decided yet: a cup is closed with its winner.")]
    return []


def final_standings(row: Tournament) -> list[Any]:
    """K45: a cup's final standings are its placings: the winner first, the finalist second,
    then the players knocked out in each earlier cup round sharing the rank after those still
    in (semi-finalists 3, quarter-finalists 5, …), by seed within a rank; *points* the matches
    won, and the round each player reached kept beside them (``tiebreaks`` ``reached``)."""
    from chessclub_web.closing.models import FinalStanding
    from chessclub_web.tournaments.presentation import points_label

    found = bracket(row)
    total = len(found.rounds)
    won: dict[int, int] = {}
    placed: list[tuple[int, int, TournamentPlayer, str]] = []  # rank, seed, entry, reached
    for cup_round in found.rounds:
        for state in cup_round.states:
            winner, loser = state.winner_entry, state.loser_entry
            if winner is not None:
                won[winner.pk] = won.get(winner.pk, 0) + (loser is not None)
            if loser is not None:
                seed = state.match.seed_of(3 - (state.winner or 1)) or 0
                placed.append((2 ** (total - cup_round.number) + 1, seed, loser, cup_round.name))
    final = found.rounds[-1].states[0]
    champion = final.winner_entry
    assert champion is not None  # closing_blockers: the final is decided
    placed.append((1, final.match.seed_of(final.winner or 1) or 0, champion, _("Winner")))
    placed.sort(key=lambda item: (item[0], item[1], item[2].pairing_number))
    games = dict(
        Game.objects.filter(round__tournament=row)
        .values_list("white")
        .annotate(n=Count("id"))
        .values_list("white", "n")
    )
    for black, n in (
        Game.objects.filter(round__tournament=row)
        .values_list("black")
        .annotate(n=Count("id"))
        .values_list("black", "n")
    ):
        games[black] = games.get(black, 0) + n
    return [
        FinalStanding(
            tournament=row,
            position=position,
            rank=str(rank),
            pairing_number=entry.pairing_number,
            name=entry.name,
            rating=str(entry.rating) if entry.rating else "",
            points=points_label(Fraction(won.get(entry.pk, 0))),
            games_played=games.get(entry.pk, 0),
            tiebreaks={"reached": str(reached)},
        )
        for position, (rank, _seed, entry, reached) in enumerate(placed, start=1)
    ]
