"""Team event pages: the *Équipes* tab (standings, team crosstable, players' scores, settings),
a team's roster, a round's matches and a match's boards, and the TRF-2026 export.

Every view checks the club's visibility and the action's permission on the server
(:func:`chessclub_web.tournaments.permissions.tournament_for_request`). Bad input answers 400
with the reason; nothing stored is lost.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from chessclub.formats.frbe_interclub import (
    InterclubError,
    interclub_file,
    interclub_file_name,
)
from chessclub.formats.frbe_name import DIVISIONS, SERIES, UNUSED, FrbeFileNameError
from chessclub.formats.trf.teams import write_team_trf
from chessclub.pairing.teams import pairing_system_code
from chessclub_web.background.views import follow
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action, LoginRequired, PageView
from chessclub_web.results.models import Via
from chessclub_web.results.services import (
    Change,
    ResultsError,
    button_only_reason,
    save_results,
)
from chessclub_web.teams import jobs as team_jobs
from chessclub_web.teams import services
from chessclub_web.teams.models import (
    ColourModel,
    ColourRule,
    Match,
    MatchForfeit,
    PrimaryScore,
    Team,
)
from chessclub_web.teams.presentation import player_rows, points, standings_rows
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.conditional import conditional_page, team_event_state
from chessclub_web.tournaments.models import (
    ResultCode,
    Round,
    System,
    TiebreakRules,
    Tournament,
    TournamentPlayer,
)
from chessclub_web.tournaments.permissions import (
    allowed_on,
    declare_page_actions,
    tournament_for_request,
)


def _get(
    request: HttpRequest, number: str, pk: int, action: Action | None = None
) -> tuple[Club, Tournament]:
    club, tournament = tournament_for_request(request, number, pk, action)
    if not tournament.is_team_event:
        raise Http404("Not a team event")
    return club, tournament


def _results_action(tournament: Tournament) -> Action:
    """Entering a match's results: ``CORRECT_RESULTS`` once closed (spec C3), else
    ``ENTER_RESULTS`` (R5)."""
    return Action.CORRECT_RESULTS if tournament.is_closed else Action.ENTER_RESULTS


def _guard(view: PageView) -> PageView:
    """Anonymous visitors asking for a protected action go to the login page."""

    def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        try:
            return view(request, *args, **kwargs)
        except LoginRequired:
            return redirect_to_login(request.get_full_path())

    wrapper.__name__ = view.__name__
    wrapper.__doc__ = view.__doc__
    return wrapper


def _bad(
    request: HttpRequest, template: str, context: dict[str, Any], message: str
) -> HttpResponse:
    context = {**context, "error": message}
    return render(request, template, context, status=400)


def _refused(
    request: HttpRequest, template: str, context: dict[str, Any], exc: Exception
) -> HttpResponse:
    """The page with the refusal: 409 for a closed tournament's (spec C1: nothing but its
    results changes), 400 for bad input."""
    status = 409 if isinstance(exc, services.TeamClosedError) else 400
    return render(request, template, {**context, "error": str(exc)}, status=status)


def _standings_url(tournament: Tournament) -> str:
    assert tournament.club is not None
    return reverse("team_standings", args=(tournament.club.number, tournament.pk))


def _context(request: HttpRequest, club: Club, tournament: Tournament) -> dict[str, Any]:
    settings = services.settings_of(tournament)
    core = services.team_tournament_of(tournament)
    tb = services.team_standings_settings(tournament)
    rows = standings_rows(core, tb)
    rounds = list(
        tournament.rounds.order_by("number").prefetch_related(
            "matches__home", "matches__away", "team_byes__team"
        )
    )
    user = request.user
    return {
        "club": club,
        "tournament": tournament,
        "tab": "teams",
        "settings": settings,
        "match_points": [
            points(Fraction(v))
            for v in (settings.match_win, settings.match_draw, settings.match_loss)
        ],
        "rows": rows,
        "codes": tb.codes,
        "round_numbers": core.round_numbers,
        "rounds": rounds,
        "players": player_rows(core),
        "teams": list(tournament.teams.order_by("number")),
        "can_manage": allowed_on(user, tournament, Action.MANAGE_ENTRIES),
        "can_pair": allowed_on(user, tournament, Action.EDIT_PAIRINGS),
        "can_export": allowed_on(user, tournament, Action.EXPORT_TOURNAMENT),
        "can_settings": allowed_on(user, tournament, Action.EDIT_TOURNAMENT_SETTINGS),
        "colour_rules": ColourRule.choices,
        "colour_models": ColourModel.choices,
        "primaries": PrimaryScore.choices,
        "tiebreak_rules": TiebreakRules.choices,
        "stored_tiebreaks": tournament.tiebreaks.replace(",", " "),
        "is_swiss": tournament.system == System.TEAM_SWISS,
        "paired": services.matches_exist(tournament),
    }


@declare_page_actions(read=None)
@_guard
@require_safe
@conditional_page(team_event_state)
def team_standings(request: HttpRequest, number: str, pk: int) -> HttpResponse:
    """The *Équipes* tab: standings, crosstable, rounds, players (spec S4)."""
    club, tournament = _get(request, number, pk)
    return render(request, "teams/standings.html", _context(request, club, tournament))


@declare_page_actions(write=None)  # each form's own action: see `needed` below
@_guard
@require_http_methods(["POST"])
def team_action(request: HttpRequest, number: str, pk: int) -> HttpResponse:
    """The staff forms of the tab: settings, add a team, pair."""
    club, tournament = _get(request, number, pk)
    what = request.POST.get("action", "")
    needed = {
        "settings": Action.EDIT_TOURNAMENT_SETTINGS,
        "add_team": Action.MANAGE_ENTRIES,
        "pair_round_robin": Action.EDIT_PAIRINGS,
        "pair_swiss": Action.EDIT_PAIRINGS,
    }.get(what)
    if needed is None:
        return _bad(
            request,
            "teams/standings.html",
            _context(request, club, tournament),
            _("Unknown action."),
        )
    _get(request, number, pk, needed)
    try:
        if what == "settings":
            _save_settings(request, tournament)
            messages.success(request, _("Settings saved."))
        elif what == "add_team":
            services.add_team(
                tournament, request.POST.get("name", ""), request.POST.get("club_name", "")
            )
            messages.success(request, _("Team added."))
        elif what == "pair_round_robin":
            count = services.pair_round_robin(tournament)
            messages.success(request, _("%(count)s rounds paired.") % {"count": count})
        else:
            # FIDE's engine runs as a background job (see pairings.jobs).
            job = team_jobs.submit(tournament, request.user, back_url=_standings_url(tournament))
            followed = follow(request, job)
            if followed is not None:
                return followed
            refused = services.TeamError(job.message)
            refused.status = job.status_code
            raise refused
    except services.TeamError as exc:
        return _refused(request, "teams/standings.html", _context(request, club, tournament), exc)
    return redirect(_standings_url(tournament))


def _save_settings(request: HttpRequest, tournament: Tournament) -> None:
    services.refuse_if_closed(tournament)  # 409 (spec C1), before any other check
    settings = services.settings_of(tournament)
    if services.matches_exist(tournament) and request.POST.get("boards") not in (
        None,
        str(settings.boards),
    ):
        raise services.TeamError(_("The number of boards cannot change once a round is paired."))
    try:
        boards = int(request.POST.get("boards", settings.boards))
        values = [
            Decimal(request.POST.get(f, str(getattr(settings, f))) or "x")
            for f in ("match_win", "match_draw", "match_loss")
        ]
    except (ValueError, InvalidOperation):
        raise services.TeamError(_("Boards and match points must be numbers.")) from None
    if not 1 <= boards <= 20:
        raise services.TeamError(_("A match has 1 to 20 boards."))
    if any(not v.is_finite() or v < 0 or v > 99 or v * 2 != int(v * 2) for v in values):
        raise services.TeamError(_("Match points are halves between 0 and 99."))
    rule = request.POST.get("colour_rule", settings.colour_rule)
    model = request.POST.get("colour_model", settings.colour_model)
    primary = request.POST.get("primary", settings.primary)
    if (
        rule not in ColourRule.values
        or model not in ColourModel.values
        or primary not in PrimaryScore.values
    ):
        raise services.TeamError(_("Unknown colour rule, colour model or primary score."))
    settings.boards = boards
    settings.match_win, settings.match_draw, settings.match_loss = values
    settings.colour_rule, settings.colour_model, settings.primary = rule, model, primary
    services.save_team_settings(
        tournament,
        settings,
        request.POST.get("tiebreaks", tournament.tiebreaks),
        request.POST.get("tiebreak_rules", tournament.tiebreak_rules),
        request.user,
    )


def _team_context(
    request: HttpRequest, club: Club, tournament: Tournament, team: Team
) -> dict[str, Any]:
    return {
        "club": club,
        "tournament": tournament,
        "tab": "teams",
        "team": team,
        "members": list(team.members.select_related("player")),
        "can_manage": allowed_on(request.user, tournament, Action.MANAGE_ENTRIES),
        "club_players": list(tournament.club.players.all()[:2000]) if tournament.club else [],
    }


@declare_page_actions(read=None, write=Action.MANAGE_ENTRIES)
@_guard
@require_http_methods(["GET", "HEAD", "POST"])
@conditional_page(team_event_state)
def team_detail(request: HttpRequest, number: str, pk: int, team: int) -> HttpResponse:
    """A team's roster in board order; staff add players and set the board order."""
    club, tournament = _get(request, number, pk)
    row = get_object_or_404(Team, tournament=tournament, number=team)
    if request.method == "POST":
        _get(request, number, pk, Action.MANAGE_ENTRIES)
        try:
            if request.POST.get("action") == "by_rating":
                services.order_roster_by_rating(row)
            elif request.POST.get("action") == "club_player":
                services.add_club_player(row, _int(request.POST.get("club_player")), request.user)
            elif request.POST.get("action") == "order":
                ids = [_int(x) for x in request.POST.getlist("player")]
                services.set_roster_order(row, ids)
            else:
                text = request.POST.get("rating", "").strip()
                rating = int(text) if text else None
                services.add_member(row, request.POST.get("name", ""), rating, user=request.user)
        except ValueError as exc:
            context = _team_context(request, club, tournament, row)
            if isinstance(exc, services.TeamError):
                return _refused(request, "teams/team.html", context, exc)
            return _bad(request, "teams/team.html", context, _("A rating is a whole number."))
        return redirect(request.path)
    return render(request, "teams/team.html", _team_context(request, club, tournament, row))


def _match_context(
    request: HttpRequest, club: Club, tournament: Tournament, match: Match
) -> dict[str, Any]:
    assert tournament.club is not None
    settings = services.settings_of(tournament)
    reason = button_only_reason(tournament, match.round)
    core = services.team_tournament_of(tournament)
    cells = core.team_rounds()
    rnd_index = (
        core.round_numbers.index(match.round.number)
        if match.round.number in core.round_numbers
        else None
    )
    home_cell = cells[match.home.number][rnd_index] if rnd_index is not None else None
    away_cell = cells[match.away.number][rnd_index] if rnd_index is not None else None
    boards = []
    home_player: TournamentPlayer | None
    away_player: TournamentPlayer | None
    for board in match.boards.select_related("game__white", "game__black"):
        home_colour = settings.colour_of_home(board.board)
        game = board.game
        if game is not None:
            home_player, away_player = (
                (game.white, game.black) if home_colour == "W" else (game.black, game.white)
            )
        else:
            home_player = away_player = None
        boards.append(
            {
                "row": board,
                "game": game,
                "home_colour": home_colour,
                "home_player": home_player,
                "away_player": away_player,
            }
        )
    return {
        "club": club,
        "tournament": tournament,
        "tab": "teams",
        "match": match,
        "boards": boards,
        "results": ResultCode.choices,
        "forfeits": MatchForfeit.choices,
        "home_cell": home_cell,
        "away_cell": away_cell,
        "home_gp": points(home_cell.gp) if home_cell else "",
        "away_gp": points(away_cell.gp) if away_cell else "",
        "home_mp": points(home_cell.mp) if home_cell else "",
        "away_mp": points(away_cell.mp) if away_cell else "",
        "played": bool(home_cell and home_cell.played),
        "lineups": [
            {
                "team": t,
                "chosen": [p.pk if p else None for p in services.lineup_of(match.round, t)],
                "members": list(t.members.select_related("player")),
            }
            for t in (match.home, match.away)
        ],
        "board_numbers": list(range(1, settings.boards + 1)),
        "autosave_url": ""
        if reason
        else reverse(
            "save_board", args=(tournament.club.number, tournament.pk, match.round.number)
        ),
        "button_only_reason": reason,
        "can_enter": allowed_on(
            request.user,
            tournament,
            Action.CORRECT_RESULTS if tournament.is_closed else Action.ENTER_RESULTS,
        ),
        "can_lineup": allowed_on(request.user, tournament, Action.EDIT_PAIRINGS),
    }


@declare_page_actions(read=None, write=_results_action)  # a line-up, a forfeit: more
@_guard
@require_http_methods(["GET", "HEAD", "POST"])
@conditional_page(team_event_state)
def match_detail(request: HttpRequest, number: str, pk: int, match: int) -> HttpResponse:
    """A match: its boards (the seven result codes, colours by the competition's rule), the
    match score and match points; staff enter results (optimistic concurrency, spec R3), the
    line-ups and a whole-match forfeit."""
    club, tournament = _get(request, number, pk)
    row = get_object_or_404(
        Match.objects.select_related("round", "home", "away"),
        pk=match,
        round__tournament=tournament,
    )
    if request.method != "POST":
        return render(request, "teams/match.html", _match_context(request, club, tournament, row))
    action = request.POST.get("action", "results")
    try:
        if action == "lineup":
            _get(request, number, pk, Action.EDIT_PAIRINGS)
            team = get_object_or_404(Team, pk=_int(request.POST.get("team")), tournament=tournament)
            if team.pk not in (row.home_id, row.away_id):
                raise services.TeamError(_("This team does not play this match."))
            boards = services.settings_of(tournament).boards
            ids = [_int(request.POST.get(f"board_{b}")) or None for b in range(1, boards + 1)]
            services.set_lineup(row.round, team, ids)
            messages.success(request, _("Line-up saved."))
        elif action == "forfeit":
            _get(request, number, pk, Action.ENTER_RESULTS)
            version = request.POST.get("version")
            services.set_match_forfeit(
                row,
                request.POST.get("forfeit", ""),
                _int(version) if version else None,
                user=request.user,
            )
            messages.success(request, _("Saved."))
        else:
            _get(request, number, pk, _results_action(tournament))
            conflicts = _save_results(request, row)
            if conflicts:
                context = _match_context(request, club, tournament, row)
                context["conflicts"] = conflicts
                return render(request, "teams/match.html", context, status=409)
            messages.success(request, _("Results saved."))
    except services.TeamError as exc:
        return _refused(
            request, "teams/match.html", _match_context(request, club, tournament, row), exc
        )
    return redirect(request.path)


def _int(text: str | None) -> int:
    try:
        return int(text or 0)
    except ValueError:
        raise services.TeamError(_("“%(value)s” is not a number.") % {"value": text}) from None


def _save_results(request: HttpRequest, match: Match) -> list[int]:
    """Save the boards the user changed through the results app (history R5, button-only
    cases R4, corrections C3); nothing at all when one was changed by someone else (spec R3).
    Returns the boards in conflict (all of them when the form names games the match no longer
    has: its line-up changed). Fields: ``result-<game id>``, ``version-<game id>``."""
    changes = []
    board_of = {}
    boards = list(match.boards.select_related("game"))
    known = {str(b.game_id) for b in boards if b.game_id is not None}
    posted = {key.removeprefix("result-") for key in request.POST if key.startswith("result-")}
    if posted - known:
        # the boards were rebuilt since the form was shown (a line-up changed): every board
        # is in conflict and nothing is saved (spec R3)
        return sorted(b.board for b in boards)
    for board in boards:
        if board.game is None:
            continue
        game = board.game
        code = request.POST.get(f"result-{game.pk}")
        if code is None:
            continue
        version = _int(request.POST.get(f"version-{game.pk}"))
        if code == game.result and version == game.version:
            continue
        changes.append(Change(game.pk, code, version))
        board_of[game.pk] = board.board
    if match.forfeit and changes:
        raise services.TeamError(_("The match was forfeited as a whole."))
    try:
        outcome = save_results(
            match.round.tournament, match.round, changes, request.user, via=Via.BUTTON
        )
    except ResultsError as error:
        raise services.TeamError(error.message) from None
    return sorted(board_of[g] for g in outcome.stale)


@declare_page_actions(read=None)
@_guard
@require_safe
@conditional_page(team_event_state)
def round_detail(request: HttpRequest, number: str, pk: int, round: int) -> HttpResponse:
    """A round's matches with their scores, and its team byes."""
    club, tournament = _get(request, number, pk)
    rnd = get_object_or_404(Round, tournament=tournament, number=round)
    core = services.team_tournament_of(tournament)
    cells = core.team_rounds()
    index = core.round_numbers.index(rnd.number) if rnd.number in core.round_numbers else None
    matches = []
    for m in rnd.matches.select_related("home", "away"):
        hc = cells[m.home.number][index] if index is not None else None
        ac = cells[m.away.number][index] if index is not None else None
        matches.append(
            {
                "match": m,
                "home": hc,
                "away": ac,
                "score": f"{points(hc.gp)} – {points(ac.gp)}"
                if hc and ac and hc.kind.value != "no result yet"
                else "–",
            }
        )
    return render(
        request,
        "teams/round.html",
        {
            "club": club,
            "tournament": tournament,
            "tab": "teams",
            "round": rnd,
            "matches": matches,
            "byes": list(rnd.team_byes.select_related("team")),
            "can_export": allowed_on(request.user, tournament, Action.EXPORT_TOURNAMENT),
            "divisions": list(DIVISIONS + UNUSED),
            "series": list(SERIES + UNUSED),
        },
    )


@declare_page_actions(read=Action.EXPORT_TOURNAMENT)
@_guard
@require_safe
def round_frbe(request: HttpRequest, number: str, pk: int, round: int) -> HttpResponse:
    """The Belgian results file of the round's individual games (spec frbe.md B3; sender code
    998 of national interclubs, B5; file name ``MDDINT<division><series>.998``, B2). Query
    ``division`` (1–9, $) and ``series`` (A–Z, $); a bad one, a round without date, game or
    with a game lacking its result answers 400 naming it."""
    _club, tournament = _get(request, number, pk, Action.EXPORT_TOURNAMENT)
    rnd = get_object_or_404(Round, tournament=tournament, number=round)
    division = request.GET.get("division", "1")[:2]
    series = request.GET.get("series", "A")[:2]

    def refuse(message: str) -> HttpResponse:
        return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")

    core = load_tournament(tournament)
    try:
        data = interclub_file(core, rnd.number)
        assert rnd.date is not None  # interclub_file refuses a round without date
        name = interclub_file_name(rnd.date, division, series)
    except InterclubError as exc:
        text = {
            "no_round": _("Round %(round)s is not published."),
            "no_date": _("Round %(round)s has no date: set it first (FRBE B1)."),
            "no_game": _("Round %(round)s has no game to send."),
            "no_result": _("Round %(round)s: %(count)s game(s) still without a result."),
        }.get(exc.kind, "%(round)s")
        return refuse(text % {"round": rnd.number, **exc.params})
    except FrbeFileNameError as exc:
        return refuse(
            _("Division is 1 to 9 or $, series A to Z or $ (FRBE B2): %(error)s") % {"error": exc}
        )
    except ValueError as exc:  # the writer: a field the layout cannot hold
        return refuse(_("The Belgian file cannot hold this round: %(error)s") % {"error": exc})
    response = HttpResponse(data, content_type="text/plain; charset=latin-1")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@declare_page_actions(read=Action.EXPORT_TOURNAMENT)
@_guard
@require_safe
def team_export(request: HttpRequest, number: str, pk: int) -> HttpResponse:
    """The TRF-2026 team file (records 310, 320, 330, 352, 362; FIDE C.04.6 code in 192)."""
    _club, tournament = _get(request, number, pk, Action.EXPORT_TOURNAMENT)
    core = services.load_team_tournament(tournament)
    settings = services.settings_of(tournament)
    system = (
        pairing_system_code(core, settings.colour_model)
        if tournament.system == System.TEAM_SWISS
        else "FIDE_TEAM_DOUBLEROUNDROBIN"
        if tournament.system == System.TEAM_DOUBLE_ROUND_ROBIN
        else "FIDE_TEAM_ROUNDROBIN"
    )
    text = write_team_trf(
        core,
        pairing_system=system,
        initial_colour=tournament.initial_colour or None,
    )
    response = HttpResponse(text.encode("utf-8"), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}-teams.trf"'
    return response
