"""Hand edits of a draft round (swaps, colours, boards, byes) and the violations they leave."""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub.model import PairingNumber
from chessclub.pairing.criteria import Violation, check_pairing
from chessclub.pairing.engine import Board
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.pairings.services.common import (
    Refused,
    _playing_in,
    _refuse_closed,
    forbidden_groups,
)
from chessclub_web.pairings.services.rounds import _fresh_round
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.models import (
    Bye as ByeRow,
)
from chessclub_web.tournaments.models import (
    ByeCode,
    RoundState,
    System,
    TournamentPlayer,
)
from chessclub_web.tournaments.models import (
    Game as GameRow,
)
from chessclub_web.tournaments.models import (
    Round as RoundRow,
)

# -- hand edits -----------------------------------------------------------------------------------

#: A tournament system's own reason to refuse a hand edit of its draft (translated, ``None``:
#: allowed), by system: ``(round, action, board) -> str | None``, ``action`` one of ``swap``
#: (players of two places), ``colours`` (of one board, also a swap of its two players),
#: ``remove_board``, ``add_board``, ``give_bye``; ``board`` the game for ``colours`` and
#: ``remove_board`` (the cups app: a cup round's boards are its matches' games, K34).
#: Registered in the apps' ``ready()``.
HAND_EDIT_REFUSALS: dict[str, Callable[[RoundRow, str, GameRow | None], str | None]] = {}


def _refuse_by_system(round_row: RoundRow, action: str, game: GameRow | None = None) -> None:
    own = HAND_EDIT_REFUSALS.get(round_row.tournament.system)
    refusal = own(round_row, action, game) if own is not None else None
    if refusal:
        raise Refused(refusal)


def draft_boards(round_row: RoundRow) -> tuple[list[Board], list[PairingNumber]]:
    """The draft's boards (by board number) and pairing-allocated byes, as pairing numbers."""
    games = round_row.games.select_related("white", "black").order_by("board", "id")
    boards = [
        Board(PairingNumber(g.white.pairing_number), PairingNumber(g.black.pairing_number))
        for g in games
    ]
    byes = [
        PairingNumber(b.player.pairing_number)
        for b in round_row.byes.select_related("player").filter(kind=ByeCode.PAIRING_ALLOCATED)
    ]
    return boards, byes


def violations(round_row: RoundRow) -> list[Violation]:
    """The absolute criteria (C.04.3 C1–C3) and forbidden pairs the draft breaks (Swiss)."""
    row = round_row.tournament
    if row.system != System.SWISS:
        return []
    boards, byes = draft_boards(round_row)
    return check_pairing(
        load_tournament(row), round_row.number, boards, byes, forbidden=forbidden_groups(row)
    )


def _round_of(game: GameRow) -> RoundRow:
    """The game's round, :class:`Refused` when a re-pairing or an unpairing deleted it."""
    round_row = RoundRow.objects.select_related("tournament").filter(pk=game.round_id).first()
    if round_row is None:
        raise Refused(
            _(
                "This board's round was changed meanwhile (unpaired or paired again): reload "
                "the page and try again."
            )
        )
    return round_row


def _editable(round_row: RoundRow, game: GameRow | None = None) -> None:
    """Refuse a hand edit of a closed tournament, of a published round, or made from a stale
    page (the round or the board is gone). Called inside the edit's transaction."""
    _refuse_closed(round_row.tournament)
    fresh = _fresh_round(round_row)
    if fresh.state != RoundState.DRAFT:
        raise Refused(_("A published round is not edited by hand: unpair it first."))
    if game is not None:
        if not GameRow.objects.filter(pk=game.pk, round=fresh).exists():
            raise Refused(
                _(
                    "Round %(round)s was changed meanwhile (unpaired or paired again): reload "
                    "the page and try again."
                )
                % {"round": round_row.number}
            )
        # The board as stored now, under the lock: the page's (or the view's) copy may predate
        # another arbiter's edit of the same draft (a swap), which this edit must build on.
        game.refresh_from_db()


def _position(round_row: RoundRow, player: TournamentPlayer) -> tuple[str, object]:
    game = round_row.games.filter(Q(white=player) | Q(black=player)).first()
    if game is not None:
        return ("white" if game.white_id == player.pk else "black", game)
    bye = round_row.byes.filter(player=player).first()
    if bye is not None:
        return ("bye", bye)
    return ("none", None)


@transaction.atomic
def swap_players(
    round_row: RoundRow, first: TournamentPlayer, second: TournamentPlayer, user: object
) -> list[Violation]:
    """Exchange two players' places (board and colour, or the pairing-allocated bye: moving the
    bye is swapping its holder with a player on a board)."""
    from chessclub_web.pairings import services  # patched there by tests

    _editable(round_row)
    if first.pk == second.pk:
        raise Refused(_("Choose two different players."))
    pos_a, obj_a = _position(round_row, first)
    pos_b, obj_b = _position(round_row, second)
    for pos, obj, player in ((pos_a, obj_a, first), (pos_b, obj_b, second)):
        if pos == "none" or (pos == "bye" and obj.kind != ByeCode.PAIRING_ALLOCATED):  # type: ignore[attr-defined]
            raise Refused(
                _("%(name)s has no board and no pairing-allocated bye in this round.")
                % {"name": player.name}
            )
    same_board = obj_a is obj_b or (pos_a != "bye" and pos_b != "bye" and obj_a.pk == obj_b.pk)  # type: ignore[attr-defined]
    if same_board:
        _refuse_by_system(round_row, "colours", obj_a)  # type: ignore[arg-type]
    else:
        _refuse_by_system(round_row, "swap")
    with transaction.atomic():
        if same_board:
            game = obj_a
            game.white, game.black = game.black, game.white  # type: ignore[attr-defined]
            game.save()  # type: ignore[attr-defined]
        else:
            _put(obj_a, pos_a, second)
            _put(obj_b, pos_b, first)
        record(
            AuditAction.PAIRING_BOARD_SWAPPED,
            round_row.tournament,
            user,
            gettext_noop("Round %(round)s: %(first)s and %(second)s swapped."),
            {"round": round_row.number, "first": first.name, "second": second.name},
            round_number=round_row.number,
        )
    services._refresh_forfeits(round_row)
    return violations(round_row)


def _put(obj: object, position: str, player: TournamentPlayer) -> None:
    if position == "bye":
        obj.player = player  # type: ignore[attr-defined]
    else:
        setattr(obj, position, player)
    obj.save()  # type: ignore[attr-defined]


@transaction.atomic
def exchange_colours(game: GameRow, user: object) -> list[Violation]:
    from chessclub_web.pairings import services  # patched there by tests

    round_row = _round_of(game)
    _editable(round_row, game)
    _refuse_by_system(round_row, "colours", game)
    with transaction.atomic():
        game.white, game.black = game.black, game.white
        game.save()
        record(
            AuditAction.PAIRING_COLOURS_SWAPPED,
            round_row.tournament,
            user,
            gettext_noop(
                "Round %(round)s, board %(board)s: colours exchanged (%(white)s now has White)."
            ),
            {"round": round_row.number, "board": game.board, "white": game.white.name},
            round_number=round_row.number,
        )
    services._refresh_forfeits(round_row)
    return violations(round_row)


@transaction.atomic
def remove_board(game: GameRow, user: object) -> list[Violation]:
    """Remove a board: both players are left unpaired (absent) in this round."""
    from chessclub_web.pairings import services  # patched there by tests

    round_row = _round_of(game)
    _editable(round_row, game)
    _refuse_by_system(round_row, "remove_board", game)
    with transaction.atomic():
        white, black, board = game.white, game.black, game.board
        game.delete()
        for player in (white, black):
            ByeRow.objects.create(round=round_row, player=player, kind=ByeCode.ABSENT)
        for index, g in enumerate(round_row.games.order_by("board", "id"), start=1):
            if g.board != index:
                g.board = index
                g.save(update_fields=["board"])
        record(
            AuditAction.PAIRING_BOARD_REMOVED,
            round_row.tournament,
            user,
            gettext_noop("Round %(round)s: board %(board)s (%(white)s – %(black)s) removed."),
            {"round": round_row.number, "board": board, "white": white.name, "black": black.name},
            round_number=round_row.number,
        )
    services._refresh_forfeits(round_row)
    return violations(round_row)


@transaction.atomic
def add_board(
    round_row: RoundRow, white: TournamentPlayer, black: TournamentPlayer, user: object
) -> list[Violation]:
    """Pair two players without a board in this round (absent, bye) on a new last board."""
    from chessclub_web.pairings import services  # patched there by tests

    _editable(round_row)
    _refuse_by_system(round_row, "add_board")
    if white.pk == black.pk:
        raise Refused(_("Choose two different players."))
    for player in (white, black):
        # A withdrawn player or a late entrant not yet playing is re-entered first (entries).
        _playing_in(player, round_row.number)
        if round_row.games.filter(Q(white=player) | Q(black=player)).exists():
            raise Refused(_("%(name)s already has a board in this round.") % {"name": player.name})
    with transaction.atomic():
        ByeRow.objects.filter(round=round_row, player__in=[white, black]).delete()
        board = (round_row.games.aggregate(n=Max("board"))["n"] or 0) + 1
        GameRow.objects.create(round=round_row, board=board, white=white, black=black)
        record(
            AuditAction.PAIRING_BOARD_ADDED,
            round_row.tournament,
            user,
            gettext_noop("Round %(round)s: board %(board)s added (%(white)s – %(black)s)."),
            {"round": round_row.number, "board": board, "white": white.name, "black": black.name},
            round_number=round_row.number,
        )
    services._refresh_forfeits(round_row)
    return violations(round_row)


@transaction.atomic
def give_bye(round_row: RoundRow, player: TournamentPlayer, user: object) -> list[Violation]:
    """Give the pairing-allocated bye to a player without a board (absent): used after
    removing a board."""
    from chessclub_web.pairings import services  # patched there by tests

    _editable(round_row)
    _refuse_by_system(round_row, "give_bye")
    bye = round_row.byes.filter(player=player).first()
    if bye is None or bye.kind != ByeCode.ABSENT:
        raise Refused(_("%(name)s is not unpaired in this round.") % {"name": player.name})
    # The pairing-allocated bye scores a win (C.04.1 c): never for a player who is not there.
    _playing_in(player, round_row.number)
    if player.absences.filter(round_number=round_row.number).exists():
        raise Refused(
            _("%(name)s is announced absent in round %(round)s.")
            % {"name": player.name, "round": round_row.number}
        )
    with transaction.atomic():
        bye.kind = ByeCode.PAIRING_ALLOCATED
        bye.save(update_fields=["kind"])
        record(
            AuditAction.PAIRING_BYE_GIVEN,
            round_row.tournament,
            user,
            gettext_noop("Round %(round)s: pairing-allocated bye given to %(name)s."),
            {"round": round_row.number, "name": player.name},
            round_number=round_row.number,
        )
    services._refresh_forfeits(round_row)
    return violations(round_row)
