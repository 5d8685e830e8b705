"""Results pages: *Calendrier*, a round's *Échiquiers*, the automatic save of one board, the
*Historique* (spec R1–R5, C3) and the pairings screen of the playing hall
(:mod:`chessclub_web.tournaments.screens`: published rounds only, for whoever sees the
tournament).

Every view checks the request on the server with
:func:`chessclub_web.tournaments.permissions.tournament_for_request` (the club's visibility, the
tournament's club, the action); entering results needs ``ENTER_RESULTS`` in an open
tournament and ``CORRECT_RESULTS`` in a closed one. Draft rounds are seen only by who may edit
pairings (``EDIT_PAIRINGS``): for anyone else they do not exist (404).

Answers: 200 (page, or a saved board), 302 after the button saved everything, 400 bad input,
403 no right, 404 unknown round / club / tournament, 405 another HTTP method, 409 a stale
version (R3), a draft round or an automatic save where only the button saves (R4).
"""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chessclub.model.points import ZERO
from chessclub_web.audit.services import journal, result_changes
from chessclub_web.clubs.models import Role
from chessclub_web.clubs.permissions import (
    UNKNOWN,
    Action,
    KnownRole,
    LoginRequired,
    can_view,
    plausible_club_number,
    role_annotation,
)
from chessclub_web.results.models import Via
from chessclub_web.results.services import (
    MAX_VERSION,
    Change,
    ResultsError,
    Stored,
    board_label,
    button_only_reason,
    save_results,
)
from chessclub_web.tournaments import hooks, screens
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.conditional import (
    conditional_page,
    published_round_state,
    tournament_page_state,
    tournament_state,
)
from chessclub_web.tournaments.models import (
    ResultCode,
    Round,
    RoundState,
    Tournament,
    result_label,
)
from chessclub_web.tournaments.permissions import (
    allowed_on,
    declare_page_actions,
    is_creator,
    tournament_for_request,
    tournament_view,
)
from chessclub_web.tournaments.presentation import points_label, tournament_summary

#: How many history rows a page shows (most recent first).
HISTORY_LIMIT = 500


def can_see_drafts(user: Any, tournament: Tournament, *, role: KnownRole = UNKNOWN) -> bool:
    """Draft rounds are shown to who may pair rounds (staff), never to anyone else. ``role``:
    the user's role in the tournament's club when already read (``permissions.allowed``)."""
    return allowed_on(user, tournament, Action.EDIT_PAIRINGS, role=role)


def entry_action(tournament: Tournament) -> Action:
    """``CORRECT_RESULTS`` in a closed tournament (spec C3), else ``ENTER_RESULTS`` (R5)."""
    return Action.CORRECT_RESULTS if tournament.is_closed else Action.ENTER_RESULTS


def _tournament(
    request: HttpRequest, number: str, pk: int, action: Action | None = None
) -> tuple[Any, Tournament]:
    return tournament_for_request(request, number, pk, action)


def _round(request: HttpRequest, tournament: Tournament, round_number: int) -> Round:
    round_row = Round.objects.filter(tournament=tournament, number=round_number).first()
    if round_row is None:
        raise Http404("No such round")
    if round_row.state != RoundState.PUBLISHED and not can_see_drafts(request.user, tournament):
        raise Http404("No such round")
    return round_row


def _url_or_empty(name: str, *args: Any) -> str:
    """The URL, or ``""`` while the app that names it is not built."""
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return ""


# --- Calendrier ---------------------------------------------------------------------------


@declare_page_actions(read=None)
@require_safe
@conditional_page(tournament_page_state)
def calendar(request: HttpRequest, number: str, pk: int) -> HttpResponse:
    """The rounds with their dates and states (draft and paired for staff only, published,
    complete when every board has a result) and the planned rounds not paired yet; *Échiquiers*
    opens a published round's boards (spec R1)."""
    try:
        club, tournament = _tournament(request, number, pk)
    except LoginRequired:  # pragma: no cover - no action asked
        return redirect_to_login(request.get_full_path())
    staff = can_see_drafts(request.user, tournament)
    rounds = (
        Round.objects.filter(tournament=tournament)
        .annotate(
            boards=Count("games", distinct=True),
            with_result=Count("games", filter=~Q(games__result=ResultCode.NONE), distinct=True),
            byes_count=Count("byes", distinct=True),
        )
        .order_by("number")
    )
    rows: list[dict[str, Any]] = []
    numbers = set()
    last_paired = 0
    for r in rounds:
        last_paired = max(last_paired, r.number)
        draft = r.state != RoundState.PUBLISHED
        if draft and not staff:
            continue  # a draft round is shown as planned to everyone else
        numbers.add(r.number)
        if draft:
            state, label = (
                ("paired", _("Paired (not published)"))
                if r.boards or r.byes_count
                else ("draft", _("Draft"))
            )
        elif r.boards == r.with_result:
            state, label = "complete", _("Complete")
        else:
            state, label = "published", _("Published")
        rows.append(
            {
                "number": r.number,
                "date": r.date,
                "time": r.time,
                "state": state,
                "state_label": label,
                "boards": r.boards,
                "with_result": r.with_result,
                "boards_url": ""
                if draft
                else reverse("boards", args=(club.number, tournament.pk, r.number)),
                "pairing_url": _url_or_empty("pairing_round", club.number, tournament.pk, r.number)
                if staff
                else "",
            }
        )
    planned = [n for n in range(1, tournament.planned_rounds + 1) if n not in numbers]
    return render(
        request,
        "results/calendar.html",
        {
            "club": club,
            "tournament": tournament,
            "tab": "calendar",
            "rounds": rows,
            "planned": planned,
            "staff": staff,
            # Every planned round paired (a round robin's Berger table included): nothing to
            # pair; without a planned number of rounds, the pairing page says what it can do.
            "can_pair_next": not tournament.is_closed
            and (not tournament.planned_rounds or last_paired < tournament.planned_rounds),
            "can_close": allowed_on(request.user, tournament, Action.CLOSE_TOURNAMENT)
            and not tournament.is_closed,
        },
    )


# --- Échiquiers -----------------------------------------------------------------------------


def _points_before(tournament: Tournament, round_number: int) -> dict[int, str]:
    """Each player's points before the round (pairing number → label like ``2½``), over the
    results entered in the earlier rounds (spec S1: only entered results count)."""
    core = load_tournament(tournament)
    return {
        int(number): points_label(sum((e.points for e in entries if e.round < round_number), ZERO))
        for number, entries in core.entries().items()
    }


def _board_rows(
    tournament: Tournament,
    round_row: Round,
    *,
    posted: dict[int, dict[str, Any]] | None = None,
    stale: dict[int, Stored] | None = None,
) -> list[dict[str, Any]]:
    points = _points_before(tournament, round_row.number)
    rows = []
    games = round_row.games.select_related("white", "black").order_by("board", "id")
    for index, game in enumerate(games, start=1):
        mine = (posted or {}).get(game.pk)
        stored = (stale or {}).get(game.pk)
        row: dict[str, Any] = {
            "id": game.pk,
            "board": game.board if game.board is not None else index,
            "white": game.white,
            "black": game.black,
            "white_points": points.get(game.white.pairing_number, "0"),
            "black_points": points.get(game.black.pairing_number, "0"),
            "result": game.result,
            "result_label": result_label(game.result),
            "selected": game.result,
            "version": game.version,
            "initial": game.result,
            "stale": None,
        }
        if mine is not None:
            # The user's choice stays selected; a stale board shows the stored value beside it
            # and takes the stored version: saving again is the user's deliberate choice.
            row["selected"] = mine["result"]
            row["version"] = mine["version"]
            row["initial"] = mine["initial"]
        if stored is not None:
            row["stale"] = {
                "result": result_label(stored.result),
                "mine": result_label(mine["result"]) if mine else "",
            }
            row["version"] = stored.version
            row["initial"] = stored.result
        rows.append(row)
    return rows


def _byes(round_row: Round) -> list[dict[str, Any]]:
    return [
        {"player": bye.player, "kind": bye.get_kind_display()}
        for bye in round_row.byes.select_related("player").order_by("player__pairing_number")
    ]


def _choices(closed: bool) -> list[tuple[str, str]]:
    return [
        (code.value, str(code.label))
        for code in ResultCode
        if not (closed and code == ResultCode.NONE)
    ]


def _render_boards(
    request: HttpRequest,
    club: Any,
    tournament: Tournament,
    round_row: Round,
    *,
    status: int = 200,
    posted: dict[int, dict[str, Any]] | None = None,
    stale: dict[int, Stored] | None = None,
) -> HttpResponse:
    can_enter = round_row.state == RoundState.PUBLISHED and allowed_on(
        request.user, tournament, entry_action(tournament)
    )
    reason = button_only_reason(tournament, round_row)
    rows = _board_rows(tournament, round_row, posted=posted, stale=stale)
    saved = {_int(part) for part in request.GET.get("saved", "").split(",")[:500]}
    for row in rows:
        row["saved"] = row["id"] in saved and not row["stale"]
    staff_history = allowed_on(request.user, tournament, Action.ENTER_RESULTS)
    # The players' reports still standing (J6), shown to who enters results.
    proposals = hooks.player_proposals(round_row) if staff_history else {}
    for row in rows:
        row["proposals"] = proposals.get(row["id"], [])
    history = (
        list(result_changes(tournament, round_number=round_row.number)[:HISTORY_LIMIT])
        if staff_history
        else []
    )
    closed = tournament.is_closed
    if any(not row["initial"] for row in rows) and closed:
        choices = _choices(False)  # a board still without result may keep "–" shown
    else:
        choices = _choices(closed)
    return render(
        request,
        "results/boards.html",
        {
            "club": club,
            "tournament": tournament,
            "tab": "calendar",
            "round": round_row,
            "rows": rows,
            "byes": _byes(round_row),
            "choices": choices,
            "can_enter": can_enter,
            "autosave_url": ""
            if reason or not can_enter
            else reverse("save_board", args=(club.number, tournament.pk, round_row.number)),
            "button_only_reason": reason if can_enter else "",
            "button_label": _("Save the corrections") if closed else _("Save the results"),
            "draft": round_row.state != RoundState.PUBLISHED,
            "pairing_url": _url_or_empty(
                "pairing_round", club.number, tournament.pk, round_row.number
            ),
            "history": history,
            "stale_count": len(stale or {}),
        },
        status=status,
    )


#: Ids and versions are sent as ASCII digits (an optional minus sign, so that ``-1`` is named
#: as an invalid version); at most 18 digits, so that any value fits a 64-bit column. Python's
#: ``int`` would also take ``١``, ``1_0`` or 4,000 digits (bad-input rule).
_NUMBER = re.compile(r"-?[0-9]{1,18}")

#: The largest id a row can have (BigAutoField); a larger one in a URL names nothing (SQLite
#: raises OverflowError on it).
MAX_ID = 2**63 - 1


def _int(value: str | None) -> int | None:
    """The whole number written in ``value`` (ASCII digits, surrounding spaces allowed), else
    ``None``."""
    if value is None:
        return None
    value = value.strip()
    return int(value) if _NUMBER.fullmatch(value) else None


def _version_error(round_row: Round, game_id: int, raw: str | None) -> ResultsError:
    """400 naming the board (as the page shows it; the game's id when it is not a board of
    the round) and the version sent, or saying that none was."""
    game = round_row.games.filter(pk=game_id).only("board").first()
    where = board_label(game).capitalize() if game is not None and game.board else None
    if where is None:
        where = _("Game %(game)s") % {"game": game_id}
    if raw is None or not raw.strip():
        return ResultsError(400, _("%(board)s: the version is missing.") % {"board": where})
    return ResultsError(
        400,
        _("%(board)s: the version “%(version)s” is not valid.")
        % {"board": where, "version": raw[:20]},
    )


def _posted_boards(request: HttpRequest, round_row: Round) -> dict[int, dict[str, Any]]:
    """The boards of the button's form: ``{game id: {result, version, initial}}``.

    Raises :class:`ResultsError` for a field naming a game that is not a board of this round
    or a version that is not a number."""
    games = set(round_row.games.values_list("pk", flat=True))
    posted: dict[int, dict[str, Any]] = {}
    for key in request.POST:
        if not key.startswith("result-"):
            continue
        game_id = _int(key.removeprefix("result-"))
        if game_id is None or game_id not in games:
            raise ResultsError(
                400,
                _("“%(field)s” is not a board of round %(round)s of this tournament.")
                % {"field": key[:40], "round": round_row.number},
            )
        raw = request.POST.get(f"version-{game_id}")
        version = _int(raw)
        if version is None or not 1 <= version <= MAX_VERSION:
            raise _version_error(round_row, game_id, raw)
        posted[game_id] = {
            "result": request.POST[key],
            "version": version,
            "initial": request.POST.get(f"initial-{game_id}", ""),
        }
    return posted


def _error_page(
    request: HttpRequest,
    club: Any,
    tournament: Tournament,
    round_row: Round,
    error: ResultsError,
    posted: dict[int, dict[str, Any]] | None = None,
) -> HttpResponse:
    """The boards page with the error; the user's choices stay selected (nothing was saved:
    the button saves them once corrected)."""
    messages.error(request, error.message)
    return _render_boards(request, club, tournament, round_row, status=error.status, posted=posted)


@declare_page_actions(read=None, write=entry_action)
@require_http_methods(["GET", "HEAD", "POST"])
@conditional_page(published_round_state)
def boards(request: HttpRequest, number: str, pk: int, round_number: int) -> HttpResponse:
    """A round's *Échiquiers* (spec R1–R4): the boards with their results; who may enter
    results chooses them (saved at once by the page's script, R2) or with the button, which
    saves every changed board in one transaction, or nothing when one is stale (R3)."""
    club, tournament = _tournament(request, number, pk)
    round_row = _round(request, tournament, round_number)
    if request.method != "POST":
        status = 409 if round_row.state != RoundState.PUBLISHED else 200
        if status == 409:
            messages.warning(
                request,
                _("Round %(round)s is not published: its results cannot be entered yet.")
                % {"round": round_row.number},
            )
        return _render_boards(request, club, tournament, round_row, status=status)
    if not allowed_on(request.user, tournament, entry_action(tournament)):
        # 403 for visitors too (a redirect to the login page would lose the posted results).
        messages.error(
            request,
            _("You may not enter results in this tournament.")
            if request.user.is_authenticated
            else _("Log in first."),
        )
        return _render_boards(request, club, tournament, round_row, status=403)
    posted: dict[int, dict[str, Any]] | None = None
    try:
        posted = _posted_boards(request, round_row)
        changed = [
            Change(game_id, board["result"], board["version"])
            for game_id, board in posted.items()
            if board["result"] != board["initial"]
        ]
        outcome = save_results(tournament, round_row, changed, request.user, via=Via.BUTTON)
    except ResultsError as error:
        tournament.refresh_from_db()
        return _error_page(request, club, tournament, round_row, error, posted)
    if not outcome.ok:
        messages.error(
            request,
            _(
                "Changed by someone else: %(count)s board(s) changed since you loaded the "
                "page. Nothing was saved. Check the stored results shown beside yours, then "
                "save again."
            )
            % {"count": len(outcome.stale)},
        )
        tournament.refresh_from_db()
        return _render_boards(
            request, club, tournament, round_row, status=409, posted=posted, stale=outcome.stale
        )
    written = sum(1 for game_id in outcome.saved if game_id in {c.game_id for c in changed})
    if changed:
        messages.success(
            request,
            _("Saved: %(count)s result(s).") % {"count": written},
        )
    else:
        messages.info(request, _("No result was changed."))
    url = reverse("boards", args=(club.number, tournament.pk, round_row.number))
    changed_ids = sorted({c.game_id for c in changed})
    if changed_ids:
        # The saved rows show "Saved" on the page the browser is sent back to (display only).
        url += "?saved=" + ",".join(str(game_id) for game_id in changed_ids)
    return redirect(url)


@declare_page_actions(write=entry_action)
@require_POST
def save_board(request: HttpRequest, number: str, pk: int, round_number: int) -> HttpResponse:
    """The automatic save of one board (spec R2), posted by the boards page's script: fields
    ``game``, ``result`` (a ``ResultCode`` value), ``version``. Answers JSON
    ``{"state": "saved" | "conflict" | "refused", "result", "label", "version", "message"}``:
    200 saved; 409 conflict (stale version, R3: the stored value is returned, nothing changed)
    or refused (only the button saves here, R4; draft round); 400 bad input; 403 no right."""
    # One query for the round, its tournament and club and the user's role in the club (this
    # is the busiest request of a round); the same checks as tournament_for_request and _round.
    # (At most one row: no ORDER BY, which ``first()`` would add to the SQL and its compiling.)
    round_row = (
        next(
            iter(
                Round.objects.select_related("tournament__club")
                .filter(
                    tournament__club__number__iexact=number, tournament_id=pk, number=round_number
                )
                .annotate(user_role=role_annotation(request.user, "tournament__club"))
                .order_by()[:1]
            ),
            None,
        )
        if plausible_club_number(number) and pk <= MAX_ID
        else None
    )
    if round_row is None:
        raise Http404("No such round")
    tournament = round_row.tournament
    club = tournament.club
    assert club is not None  # the query went through the club's number
    role = Role(round_row.user_role) if round_row.user_role else None
    if not (can_view(request.user, club, role=role) or is_creator(request.user, tournament)):
        raise Http404("No such club")
    if round_row.state != RoundState.PUBLISHED and not can_see_drafts(
        request.user, tournament, role=role
    ):
        raise Http404("No such round")
    if not allowed_on(request.user, tournament, entry_action(tournament), role=role):
        return JsonResponse(
            {"state": "refused", "message": _("You may not enter results in this tournament.")},
            status=403,
        )
    game_id = _int(request.POST.get("game"))
    raw_version = request.POST.get("version")
    version = _int(raw_version)
    result = request.POST.get("result")
    if game_id is None or result is None:
        return JsonResponse(
            {"state": "refused", "message": _("The request names no board or no result.")},
            status=400,
        )
    if version is None:
        error = _version_error(round_row, game_id, raw_version)
        return JsonResponse({"state": "refused", "message": error.message}, status=400)
    try:
        outcome = save_results(
            tournament,
            round_row,
            [Change(game_id, result, version)],
            request.user,
            via=Via.AUTOSAVE,
        )
    except ResultsError as error:
        return JsonResponse({"state": "refused", "message": error.message}, status=error.status)
    if not outcome.ok:
        stored = outcome.stale[game_id]
        return JsonResponse(
            {
                "state": "conflict",
                "result": stored.result,
                "label": result_label(stored.result),
                "version": stored.version,
                "message": _("Changed by someone else"),
            },
            status=409,
        )
    saved = outcome.saved[game_id]
    return JsonResponse(
        {
            "state": "saved",
            "result": saved.result,
            "label": result_label(saved.result),
            "version": saved.version,
            "message": _("Saved"),
        }
    )


# --- Historique -----------------------------------------------------------------------------


@declare_page_actions(read=Action.ENTER_RESULTS)
@require_safe
def history(request: HttpRequest, number: str, pk: int) -> HttpResponse:
    """The *Historique* (spec R5): every change of a board's result, most recent first, then
    the tournament's other changes (entries, pairings, settings, closing) from the same audit
    log, to who may enter results."""
    try:
        club, tournament = _tournament(request, number, pk, Action.ENTER_RESULTS)
    except LoginRequired:
        return redirect_to_login(request.get_full_path())
    changes = list(result_changes(tournament)[:HISTORY_LIMIT])
    others = list(journal(tournament, results=False)[:HISTORY_LIMIT])
    return render(
        request,
        "results/history.html",
        {
            "club": club,
            "tournament": tournament,
            "tab": "history",
            "changes": changes,
            "others": others,
            "limit": HISTORY_LIMIT,
            "truncated": len(changes) == HISTORY_LIMIT,
            "others_truncated": len(others) == HISTORY_LIMIT,
        },
    )


__all__ = ["boards", "calendar", "history", "save_board"]


# --- The pairings screen of the playing hall ------------------------------------------------


def _screen_items(tournament: Tournament, round_row: Round) -> list[dict[str, Any]]:
    """The round's boards (board number, both players with their points before the round,
    the result: spec S1, only the results entered count), then the players without opponent
    (their bye or absence)."""
    points: dict[int, str] = {}
    if round_row.number > 1:
        before = tournament_summary(tournament, round_row.number - 1)
        points = {r.pairing_number: r.points for r in before.rows}
    items: list[dict[str, Any]] = []
    games = round_row.games.select_related("white", "black").order_by("board", "id")
    for index, game in enumerate(games, start=1):
        items.append(
            {
                "board": game.board if game.board is not None else index,
                "white": game.white.name,
                "white_points": points.get(game.white.pairing_number, "0"),
                "black": game.black.name,
                "black_points": points.get(game.black.pairing_number, "0"),
                "result": result_label(game.result),
                "pending": game.result == ResultCode.NONE,
            }
        )
    for bye in round_row.byes.select_related("player").order_by("player__pairing_number"):
        items.append(
            {
                "bye": bye.get_kind_display(),
                "white": bye.player.name,
                "white_points": points.get(bye.player.pairing_number, "0"),
            }
        )
    return items


@require_safe
@tournament_view()
@conditional_page(tournament_state)
def screen_pairings(
    request: HttpRequest, club: Any, tournament: Tournament, round_number: int | None = None
) -> HttpResponse:
    """The pairings screen of the playing hall (:mod:`chessclub_web.tournaments.screens`): a
    published round's boards with their results as they are entered, in large type, without
    navigation, turning page by page. Without ``round_number``, the last published round (the
    screen moves on to the next round once it is published; before any, it says so).
    ``?part=live`` answers its list only; both carry an ``ETag`` from the tournament's
    revision and answer 304 to a request whose ``If-None-Match`` names it, before anything
    is read but the tournament. 404 for a round that is not published (a draft is shown on no
    screen)."""
    published = Round.objects.filter(tournament=tournament, state=RoundState.PUBLISHED)
    if round_number is None:
        round_row = published.order_by("-number").first()
    else:
        round_row = published.filter(number=round_number).first()
        if round_row is None:
            raise Http404("No such round")
    items = _screen_items(tournament, round_row) if round_row is not None else []
    shown, paging = screens.page_of(request, items, screens.BOARDS_PER_PAGE)
    return screens.render_screen(
        request,
        "results/screen_pairings_body.html",
        {
            "club": club,
            "tournament": tournament,
            "round": round_row,
            "items": shown,
            "screen_title": _("Pairings"),
        },
        paging,
    )
