"""The club page "Prévision liste FSE" (spec W1–W9).

* ``fse_forecast`` (GET, whoever sees the club): the predicted values of the club's players
  from the stored previous list and the club's closed tournaments, under the chosen rule set;
  the tournaments' verdicts and the games that do not count, with their reasons.
* ``fse_forecast_player`` (GET, whoever sees the club): one player's per-game sheet.
The previous list is the site's current version of the FSE ranking list (site data, imported
on the *Listes fédérales* page by staff or a federation data manager, never by a club).
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from chessclub.ratings.fse import (
    CoefficientCase,
    PlayerResult,
    RuleSet,
    Status,
    TableError,
    hundredths,
    rule_set,
)
from chessclub.ratings.fse.report import decimal
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action, SiteAction, allowed, club_view, site_allowed
from chessclub_web.federation.models import ListVersion
from chessclub_web.fse.forms import (
    PeriodForm,
    TournamentOptionsForm,
    rule_choices,
)
from chessclub_web.fse.models import TournamentFseOptions
from chessclub_web.fse.services import (
    Forecast,
    NothingToPredict,
    compute_forecast,
    current_list,
    save_tournament_options,
)
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.problems import translate

DEFAULT_RULES = "current"
logger = logging.getLogger(__name__)


def status_label(status: Status) -> str:
    labels = {
        Status.RATED: _("new value from the period's games (W6)"),
        Status.UNCHANGED: _("no countable game"),
        Status.ENTERED: _("enters the list (W2)"),
        Status.ENTERED_FOREIGN: _("enters with a recognised rating (W3)"),
        Status.PENDING: _("not yet on the list (W2)"),
        Status.REMOVED: _("removed: five years without activity (W3)"),
    }
    return labels[status]


def case_label(case: CoefficientCase | None) -> str:
    if case is None:
        return ""
    labels = {
        CoefficientCase.MASTER: _("2200 and above"),
        CoefficientCase.JUNIOR: _("junior up to 25"),
        CoefficientCase.NEW: _("on the list less than two years"),
        CoefficientCase.FEW_GAMES: _("fewer than 20 games since entry"),
        CoefficientCase.STANDARD: _("other player below 2200"),
    }
    return labels[case]


def rules_text(rules: RuleSet) -> str:
    """The rule set's parameters in the reader's language (every page names them, W9)."""
    parts = [
        _("entry after %(games)s countable games") % {"games": rules.entry_games},
        _("new players at least %(minimum)s") % {"minimum": rules.entry_minimum},
    ]
    if rules.floor is not None:
        parts.append(_("no value below %(floor)s") % {"floor": rules.floor})
    if rules.uplift is not None:
        up = rules.uplift
        parts.append(
            _(
                "on %(date)s every value below %(threshold)s raised by "
                "%(factor)s × (%(threshold)s − value)"
            )
            % {
                "date": up.date.isoformat(),
                "threshold": up.threshold,
                "factor": number_format(float(up.factor)),
            }
        )
    parts.append(
        _("coefficients %(young)s / %(standard)s / %(master)s (W7)")
        % {
            "young": rules.coefficient_development,
            "standard": rules.coefficient_standard,
            "master": rules.coefficient_master,
        }
    )
    return "; ".join(parts)


@dataclass(frozen=True)
class Choice:
    """What the visitor chose on the page (GET): rule set, closing date, time control."""

    rules: str = DEFAULT_RULES
    end: datetime.date | None = None
    time_control: str = ""


def _period(request: HttpRequest) -> tuple[PeriodForm, Choice | None]:
    """The visitor's choice; ``None`` when the form has errors (nothing is computed then)."""
    data = request.GET.copy()
    data.pop("id", None)
    form = PeriodForm(data or None)
    if form.is_bound and form.is_valid():
        choice = Choice(
            form.cleaned_data["rules"] or DEFAULT_RULES,
            form.cleaned_data["date"],
            form.cleaned_data["time_control"],
        )
        return form, choice
    if not form.is_bound:
        return PeriodForm(initial={"rules": DEFAULT_RULES}), Choice()
    return form, None


def _player_row(p: PlayerResult) -> dict[str, Any]:
    games = p.row.pending_games if p.status is Status.PENDING else p.games_played
    return {
        "id": p.id,
        "name": p.name,
        "status": p.status.value,
        "status_label": status_label(p.status),
        "old_value": p.old_value,
        "start_value": p.start_value,
        "games": games,
        "coefficient": p.coefficient,
        "case": case_label(p.coefficient_case),
        "sum_w": hundredths(p.gain) if p.games else "",
        "sum_w_number": f"{p.gain / 100:.2f}",
        "new_value": p.new_value,
        "minimum_applied": p.floor_applied,
        "has_sheet": bool(p.games or p.collected or p.entry),
    }


def _context(
    request: HttpRequest,
    club: Club,
    stored: ListVersion | None,
    form: PeriodForm,
    choice: Choice | None,
) -> tuple[dict[str, Any], Forecast | None]:
    rules = rule_set(choice.rules if choice is not None else DEFAULT_RULES)
    context: dict[str, Any] = {
        "club": club,
        "stored": stored,
        "period_form": form,
        "rules": rules,
        "rules_label": dict(rule_choices()).get(rules.key, rules.key),
        "rules_text": rules_text(rules),
        "can_upload": allowed(request.user, club, Action.MANAGE_ROSTER),
        "can_import": site_allowed(request.user, SiteAction.MANAGE_FEDERATION_LISTS),
        "query": request.GET.urlencode(),
    }
    if stored is None or choice is None:
        return context, None
    try:
        forecast = compute_forecast(
            club,
            stored,
            rules=choice.rules,
            period_end=choice.end,
            time_control=choice.time_control,
        )
    except (TableError, OSError) as exc:
        logger.error("FSE evaluation table unusable: %s", exc)
        context["table_error"] = str(exc)
        return context, None
    except NothingToPredict:
        context["no_tournament"] = True
        return context, None
    except ValueError as exc:  # e.g. two players of a tournament are one list entry
        context["compute_error"] = str(exc)
        return context, None
    result = forecast.result
    context.update(
        {
            "forecast": forecast,
            "result": result,
            "table": result.table,
            "tournaments": [
                {
                    "row": row,
                    "report": report,
                    "reasons": [translate(r.template, r.params) for r in report.reasons],
                    "options": getattr(row, "fse_options", None),
                }
                for row, report in zip(forecast.tournaments, result.tournaments, strict=True)
            ],
            "ineligible": [
                {
                    "game": g,
                    "reasons": [translate(r.template, r.params) for r in g.reasons],
                }
                for g in result.ineligible
            ],
            "notes": [translate(n.template, n.params) for n in result.notes],
        }
    )
    return context, forecast


def _forecast_page(
    request: HttpRequest,
    club: Club,
    *,
    options_form: tuple[int, TournamentOptionsForm] | None = None,
    status: int = 200,
) -> HttpResponse:
    stored = current_list()
    form, choice = _period(request)
    context, forecast = _context(request, club, stored, form, choice)
    if forecast is not None:
        context["players"] = [
            _player_row(p) for p in forecast.result.players if p.id in forecast.club_ids
        ]
    if context["can_upload"]:
        for item in context.get("tournaments", []):
            pk = item["row"].pk
            if options_form is not None and options_form[0] == pk:
                item["form"] = options_form[1]
            else:
                item["form"] = TournamentOptionsForm(instance=item["options"], prefix=f"t{pk}")
    if choice is None and status == 200:
        status = 400
    elif context.get("table_error") and status == 200:
        status = 503
    elif context.get("compute_error") and status == 200:
        status = 409
    return render(request, "fse/forecast.html", context, status=status)


@require_safe
@club_view()
def forecast(request: HttpRequest, club: Club) -> HttpResponse:
    return _forecast_page(request, club)


@require_safe
@club_view()
def forecast_player(request: HttpRequest, club: Club) -> HttpResponse:
    player_id = request.GET.get("id", "")
    stored = current_list()
    form, choice = _period(request)
    if choice is None:  # a tampered rule set or date: 400 with the field named, as the list
        return _forecast_page(request, club)
    context, result_forecast = _context(request, club, stored, form, choice)
    if result_forecast is None or player_id not in result_forecast.club_ids:
        raise Http404(_("No such player in the forecast."))
    player = next((p for p in result_forecast.result.players if p.id == player_id), None)
    if player is None:
        raise Http404(_("No such player in the forecast."))
    exact = Fraction(player.start_value or 0) + Fraction(player.gain, 100)
    query = request.GET.copy()
    query.pop("id", None)
    context.update(
        {
            "player": _player_row(player),
            "detail": player,
            "lines": [
                {
                    "line": g,
                    "result": _result(g.result),
                    "expected": hundredths(g.expected, sign=False),
                    "w": hundredths(g.gain),
                }
                for g in player.games
            ],
            "collected": [{"game": g, "result": _result(g.result)} for g in player.collected],
            "entry": player.entry,
            "entry_mean": decimal(player.entry.mean) if player.entry else "",
            "entry_pct": decimal(player.entry.percentage_exact) if player.entry else "",
            "entry_score": _result(player.entry.score) if player.entry else "",
            "exact": decimal(exact),
            "back_query": query.urlencode(),
        }
    )
    return render(request, "fse/player.html", context)


def _result(value: Fraction) -> str:
    return {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}.get(value, str(value))


@require_POST
@club_view(Action.MANAGE_ROSTER)
def tournament_options(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    """Store a closed tournament's FSE options (W4, W5); a bad value answers 400 with the
    field named, nothing stored."""
    row = get_object_or_404(rows.Tournament, pk=pk, club=club, closed_at__isnull=False)
    instance = TournamentFseOptions.objects.filter(tournament=row).first()
    form = TournamentOptionsForm(
        request.POST, instance=instance or TournamentFseOptions(tournament=row), prefix=f"t{pk}"
    )
    if not form.is_valid():
        return _forecast_page(request, club, options_form=(row.pk, form), status=400)
    save_tournament_options(form.save(commit=False), request.user)
    messages.success(request, _("The FSE options of %(name)s were saved.") % {"name": row.name})
    return redirect("fse_forecast", number=club.number)
