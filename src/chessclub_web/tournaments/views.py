"""Tournament pages: *Classement*, *Grille américaine*, a tiebreak value's explanation, the
*Paramètres* (tiebreaks, rule era, drawing of lots), *Modifier le tournoi* (the details), the
import page and the standings screen of the playing hall (:mod:`.screens`).

Every tournament page goes through
:func:`~chessclub_web.tournaments.permissions.tournament_view` (the import page, a club page,
through :func:`~chessclub_web.clubs.permissions.club_view`), which checks the tournament's
visibility and the action's permission on the server with
:func:`~chessclub_web.tournaments.permissions.allowed_on`: the club role, or the creator of an
independent tournament, member of its club or not. The pages answer 405 to the HTTP methods they
do not take (read-only pages: GET and HEAD; the forms: GET, HEAD and POST).

A closed tournament's *Classement* and *Grille américaine* show its stored final standings
(``presentation.tournament_summary``), and its *Paramètres* are read-only: a post answers 409
with the reason (``services.update_settings``).

The *Classement*, the *Grille américaine* and the explanations take ``?round=N``: the standings
after round N, counting the results of rounds 1 to N only (spec S1, S3; a closed tournament's
stored final standings are its standings after the last round). A value that is not a number,
or below 1, answers 400; a round that is not published (beyond the last published one, a
draft), 404; both with a page saying why (:class:`~.errors.RoundNotShownError`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from chessclub.formats import MAX_PROBLEMS, FormatError, Problem
from chessclub.model import TournamentError
from chessclub.tiebreaks import RuleEra, TiebreakCodeError, default_era, parse_tiebreak
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action, allowed, club_view
from chessclub_web.refusals import BadInput, Refused
from chessclub_web.tournaments import hooks, rating_rules, screens, services
from chessclub_web.tournaments.adapters import (
    canonical_code,
    standings_settings,
    system_default_codes,
)
from chessclub_web.tournaments.conditional import conditional_page, tournament_state
from chessclub_web.tournaments.errors import (
    ClosedTournamentChangeError,
    DetailsConflictError,
    DuplicateImportError,
    RoundDatesError,
    RoundNotShownError,
    TeamImportError,
    ValueDoesNotFitError,
)
from chessclub_web.tournaments.forms import ImportForm, SettingsForm, TournamentDetailsForm
from chessclub_web.tournaments.models import (
    CLUB_SYSTEMS,
    FIDE_MODE_SYSTEMS,
    Round,
    RoundState,
    System,
    Tournament,
)
from chessclub_web.tournaments.permissions import allowed_on, tournament_view
from chessclub_web.tournaments.presentation import (
    catalogue_rows,
    code_path,
    contribution_lines,
    era_label,
    explanation_notes,
    explanation_value,
    page_rows,
    round_query,
    shown_tiebreaks,
    tiebreak_name,
    tournament_explanation,
    tournament_summary,
)
from chessclub_web.tournaments.problems import display_problem
from chessclub_web.tournaments.services import ROUND_ROBINS
from chessclub_web.tournaments.tiebreak_choices import (
    choice_rows,
    offered_codes,
    preset,
    presets_for,
)
from chessclub_web.uploads import oversized_uploads


def tournament_url(row: Tournament) -> str:
    assert row.club is not None
    return reverse("tournament", kwargs={"number": row.club.number, "pk": row.pk})


def explain_prefix(club: Club, pk: int) -> str:
    """The URL of the explanation pages up to the start number (``…/explain/``)."""
    url = reverse(
        "explain_tiebreak", kwargs={"number": club.number, "pk": pk, "start_no": 1, "code": "X"}
    )
    return url.removesuffix("1/X/")


def _tiebreak_columns(codes: tuple[str, ...]) -> list[dict[str, str]]:
    return [{"code": code, "name": tiebreak_name(parse_tiebreak(code))} for code in codes]


def _warn_bad_tiebreaks(request: HttpRequest, club: Club, row: Tournament) -> None:
    """Tell the staff (who may change the settings) when the stored tiebreaks are no valid
    list (written around the validation): the pages show the system's defaults meanwhile. A
    closed tournament's pages show its stored final standings: nothing to correct there."""
    if (
        not row.is_closed
        and standings_settings(row).stored_codes_invalid
        and allowed_on(request.user, row, Action.EDIT_TOURNAMENT_SETTINGS)
    ):
        messages.warning(
            request,
            _(
                "The stored tiebreaks “%(codes)s” are not valid: the standings use the "
                "defaults of the tournament's system. Correct them in the settings."
            )
            % {"codes": row.tiebreaks},
        )


_ROUND = re.compile(r"[0-9]{1,6}")


def chosen_round(request: HttpRequest, row: Tournament) -> int | None:
    """The round of ``?round=N`` the standings are asked after (spec S1, S3): ``None`` when
    not given (or empty) or the last published round (the full standings). Raises
    :class:`RoundNotShownError`: 400 for a value that is not a whole number or is below 1, 404
    for a number that is not a published round (beyond the last published one, or a draft:
    the draft is named only to those who may see it, ``EDIT_PAIRINGS``)."""
    raw = request.GET.get("round", "").strip()
    if not raw:
        return None
    if not _ROUND.fullmatch(raw):
        raise RoundNotShownError(
            _("“%(value)s” is not a round number: write a whole number, e.g. ?round=3.")
            % {"value": raw[:20]},
            status=400,
        )
    number = int(raw)
    if number < 1:
        raise RoundNotShownError(_("Rounds are numbered from 1."), status=400)
    published = tournament_summary(row).published_rounds
    if number in published:
        return None if number == published[-1] else number
    draft = Round.objects.filter(tournament=row, number=number, state=RoundState.DRAFT)
    if draft.exists() and allowed_on(request.user, row, Action.EDIT_PAIRINGS):
        message = _(
            "Round %(number)s is a draft: the standings count published rounds only. "
            "Publish it first."
        ) % {"number": number}
    elif published:
        message = _(
            "There is no published round %(number)s: the last published round is %(last)s."
        ) % {"number": number, "last": published[-1]}
    else:
        message = _("No round has been published yet.")
    raise RoundNotShownError(message, status=404)


def _round_refused(
    request: HttpRequest, club: Club, row: Tournament, tab: str, refusal: RoundNotShownError
) -> HttpResponse:
    return render(
        request,
        "tournaments/round_not_shown.html",
        {
            "club": club,
            "tournament": row,
            "tab": tab,
            "message": str(refusal),
            "back_url": reverse(
                "crosstable" if tab == "crosstable" else "tournament",
                kwargs={"number": club.number, "pk": row.pk},
            ),
        },
        status=refusal.status,
    )


def _is_round_robin(row: Tournament) -> bool:
    """Individual round robins (single, double): their *Grille américaine* adds the square
    table (players × players)."""
    return row.system in (System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN)


def _tournament_page(request: HttpRequest, club: Club, row: Tournament, tab: str) -> HttpResponse:
    pk = row.pk
    try:
        after_round = chosen_round(request, row)
    except RoundNotShownError as refusal:
        return _round_refused(request, club, row, tab, refusal)
    _warn_bad_tiebreaks(request, club, row)
    summary = tournament_summary(row, after_round)
    crosstable = tab == "crosstable"
    square = crosstable and _is_round_robin(row)
    rows = page_rows(
        row,
        summary,
        after_round,
        crosstable=crosstable,
        explain_prefix=explain_prefix(club, pk),
        square=square,
    )
    rounds = [{"number": number, "date": date} for number, date in summary.rounds]
    query = round_query(after_round)
    return render(
        request,
        f"tournaments/{tab}.html",
        {
            "club": club,
            "tournament": row,
            "rows": rows,
            "rounds": rounds,
            "tab": tab,
            "after_round": summary.last_round,
            "square": square,
            "print_url": f"{query}&print=1" if query else "?print=1",
            "tiebreaks": _tiebreak_columns(summary.codes),
            "codes_line": ", ".join(summary.codes),
            "era_label": era_label(summary.era) if summary.era else "",
            "summary": summary,
            "show_lots": summary.lots_seed is not None and any(r.lot for r in summary.rows),
            "print_view": request.GET.get("print") == "1",
            "can_import": allowed(request.user, club, Action.IMPORT_TOURNAMENT),
            "can_edit_settings": allowed_on(request.user, row, Action.EDIT_TOURNAMENT_SETTINGS),
        },
    )


#: The page that stands for the standings and the crosstable of a club system: the Keizer
#: score is the ranking (K20), a cup's result its bracket (K30), a Scheveningen match's score
#: its standings (K42). No FIDE standings or tiebreaks for them.
CLUB_SYSTEM_PAGES: dict[str, str] = {
    System.KEIZER: "keizer_standings",
    System.KNOCKOUT: "cup_bracket",
    System.SCHEVENINGEN: "scheveningen_match",
}


@require_safe
@tournament_view()
@conditional_page(tournament_state)
def standings(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    if row.system in CLUB_SYSTEM_PAGES:
        return redirect(reverse(CLUB_SYSTEM_PAGES[row.system], args=(club.number, row.pk)))
    return _tournament_page(request, club, row, "standings")


@require_safe
@tournament_view()
@conditional_page(tournament_state)
def crosstable(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    if row.system in CLUB_SYSTEM_PAGES:  # its games' FIDE crosstable would mislead
        return redirect(reverse(CLUB_SYSTEM_PAGES[row.system], args=(club.number, row.pk)))
    return _tournament_page(request, club, row, "crosstable")


@require_safe
@tournament_view()
@conditional_page(tournament_state)
def screen_standings(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """The standings screen of the playing hall (:mod:`~chessclub_web.tournaments.screens`):
    the *Classement* after the last published round (spec S1, S3; a closed tournament's
    stored final standings), in large type, without navigation, turning page by page.
    ``?part=live`` answers its list only; both carry an ``ETag`` from the tournament's
    revision and answer 304 to a request whose ``If-None-Match`` names it, before anything
    is computed. ``?page=N`` (pages without JavaScript), ``?seconds=S`` (each page's time).
    A club system outside FIDE's shows its own ranking (``screens.club_standings_screen``,
    K28)."""
    if row.system in CLUB_SYSTEMS:
        return screens.club_standings_screen(request, club, row)
    summary = tournament_summary(row)
    rows, paging = screens.page_of(
        request, screens.standings_rows(summary), screens.STANDINGS_PER_PAGE
    )
    return screens.render_screen(
        request,
        "tournaments/screen_standings_body.html",
        {
            "club": club,
            "tournament": row,
            "summary": summary,
            "rows": rows,
            "screen_title": _("Standings"),
        },
        paging,
    )


@require_safe
@tournament_view()
@conditional_page(tournament_state)
def explain_tiebreak(
    request: HttpRequest, club: Club, row: Tournament, start_no: int, code: str
) -> HttpResponse:
    """How one player's value of one of the tournament's tiebreaks was made.

    ``code`` may be written as the standings link it (``BH/C1``) or URL-encoded (``BH%2FC1``),
    in any case or with the S4 spelling (``bh-c1``). 404 for a player who is not in the
    tournament or a code that is not one of its tiebreaks. ``?round=N``: the value in the
    standings after round N (:func:`chosen_round`: 400 or 404 for a round it cannot show);
    every link of the page keeps it.
    """
    pk = row.pk
    try:
        spec = parse_tiebreak(code)
    except TiebreakCodeError:
        raise Http404("No such tiebreak") from None
    try:
        after_round = chosen_round(request, row)
    except RoundNotShownError as refusal:
        return _round_refused(request, club, row, "explain", refusal)
    # The codes, rule era and names as the (cached) standings show them; the explanation is
    # cached per revision too: a repeated view computes nothing.
    summary = tournament_summary(row, after_round)
    codes = summary.codes
    wanted = canonical_code(spec)
    index = next((i for i, c in enumerate(codes) if c == wanted or c == spec.code), None)
    if index is None:
        raise Http404("Not a tiebreak of this tournament")
    place = next((i for i, r in enumerate(summary.rows) if r.pairing_number == start_no), None)
    if place is None:
        raise Http404("No such player")
    own = summary.rows[place]
    shown = shown_tiebreaks(summary)[place]
    names = {r.pairing_number: r.name for r in summary.rows}
    explanation = tournament_explanation(row, codes, summary.era, start_no, index, after_round)
    notes = explanation_notes(explanation, shown[index], own.tiebreaks[index])
    _warn_bad_tiebreaks(request, club, row)
    query = round_query(after_round)
    standings_url = tournament_url(row) + query
    prefix = explain_prefix(club, pk)
    return render(
        request,
        "tournaments/explain.html",
        {
            "club": club,
            "tournament": row,
            "tab": "explain",
            "player": own,
            "code": codes[index],
            "name": tiebreak_name(parse_tiebreak(codes[index])),
            "value": explanation_value(explanation),
            "article": explanation.article,
            "era_label": era_label(explanation.era),
            "era_from_start_date": summary.era_from_start_date,
            "contributions": contribution_lines(explanation, names),
            "tied_group": [
                {"number": int(p), "name": names[int(p)]} for p in explanation.tied_group
            ],
            "notes": notes,
            "standings_url": standings_url,
            "after_round": after_round,
            "others": [
                {
                    "code": c,
                    "url": f"{prefix}{start_no}/{code_path(c)}/{query}",
                    "value": label,
                    "current": i == index,
                }
                for i, (c, label) in enumerate(zip(summary.codes, shown, strict=True))
            ],
            "can_edit_settings": allowed_on(request.user, row, Action.EDIT_TOURNAMENT_SETTINGS),
        },
    )


def _current_tiebreaks(row: Tournament) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(codes, defaults)``: the tiebreaks the standings use now and the system's defaults
    (spec S4; a team event's for its primary score)."""
    if row.is_team_event:
        codes, defaults = hooks.team_tiebreaks(row)
        return codes, defaults
    return standings_settings(row).codes, system_default_codes(row.system)


def _choice_rows(
    codes: Sequence[str], team: bool, positions: dict[str, str] | None = None
) -> list[dict[str, Any]]:
    """The check boxes of the page, with each code's name and article (C.07)."""
    rows = []
    for choice in choice_rows(offered_codes(team=team), codes, positions):
        spec = parse_tiebreak(choice.code)
        rows.append(
            {
                "code": choice.code,
                "checked": choice.checked,
                "position": choice.position,
                "index": choice.index,
                "name": tiebreak_name(spec),
                "article": spec.info.article,
            }
        )
    return rows


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.EDIT_TOURNAMENT_SETTINGS)
def tournament_settings(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """The *Paramètres*: tiebreaks in order, rule era, drawing of lots (owner, administrators,
    the creator of an independent tournament). The tiebreaks are check boxes with a position
    each (``forms.SettingsForm``, no JavaScript needed), or typed codes; ``?preset=KEY`` shows
    a ready-made list (``tiebreak_choices.PRESETS``) checked, for the user to review and save
    (nothing is stored by the link). Below the list, what the standings cannot compute as one
    may expect (``services.tiebreak_warnings``); after saving, the same warnings on the
    standings page.

    A save is one service call that writes the history lines: ``services.update_settings``,
    or for a team event (team tiebreaks, no drawing of lots here)
    ``hooks.set_team_tiebreaks``. The system's defaults chosen again are stored as "the
    defaults". A bad code answers 400 with the form naming it. A closed tournament's settings
    are those its final standings were stored with (spec C1): the page shows them read-only
    and a post answers 409 with the reason, nothing changed (the services refuse it under the
    tournament's lock)."""
    team = row.is_team_event
    current, defaults = _current_tiebreaks(row)
    form_options: dict[str, Any] = {
        "defaults": ", ".join(defaults),
        "era_from_date": default_era(row.start_date).value,
        "team": team,
    }
    status = 200
    refusals: list[str] = []
    form: SettingsForm | None = None
    shown_codes: Sequence[str] = current
    positions: dict[str, str] | None = None
    loaded = preset(request.GET.get("preset", ""), team=team) if request.method != "POST" else None
    if request.method == "POST":
        form = SettingsForm(request.POST, **form_options)
        if row.is_closed:
            # Refused before the form is even read: nothing a closed tournament is posted
            # changes its settings (checked again under the lock by the service).
            refusals, status, form = [services.closed_settings_refusal()], 409, None
        elif form.is_valid():
            text = form.cleaned_data["codes"]
            if tuple(c for c in text.split(",") if c) == tuple(defaults):
                text = ""  # the defaults chosen again: still "the defaults"
            try:
                if team:
                    hooks.set_team_tiebreaks(
                        row, text, form.cleaned_data["tiebreak_rules"], request.user
                    )
                else:
                    services.update_settings(
                        row,
                        tiebreaks=text,
                        tiebreak_rules=form.cleaned_data["tiebreak_rules"],
                        draw_lots=form.cleaned_data["draw_lots"],
                        user=request.user,
                    )
                    if "unrated_rating_rule" in request.POST:  # an older page: unchanged
                        rating_rules.set_unrated_rating(
                            row,
                            form.cleaned_data["unrated_rating_rule"] or "",
                            form.cleaned_data["unrated_rating"],
                            request.user,
                        )
            except ClosedTournamentChangeError as exc:  # closed since the page was loaded
                refusals, status, form = exc.reasons, 409, None
                row.refresh_from_db()
            except BadInput as exc:  # a team code the team rules refuse, closed meanwhile
                refusals, status = [str(exc)], exc.status
            except Tournament.DoesNotExist:  # deleted since the page was loaded
                raise Http404("No such tournament") from None
            else:
                row.refresh_from_db()
                messages.success(request, _("The settings were saved; the standings follow them."))
                for warning in services.tiebreak_warnings(row, _current_tiebreaks(row)[0]):
                    messages.warning(request, warning)
                if team:
                    return redirect(reverse("team_standings", args=(club.number, row.pk)))
                return redirect(tournament_url(row))
        else:
            status = 400
        if form is not None:
            shown_codes, positions = form.chosen(), form.positions()
            if form.is_bound and form.cleaned_data.get("tiebreaks"):
                shown_codes = [c for c in form.cleaned_data["tiebreaks"].split(",") if c]
                positions = None
    if form is None:
        initial: dict[str, Any] = {"tiebreak_rules": row.tiebreak_rules}
        if not team:
            initial["draw_lots"] = row.draw_lots
            initial["unrated_rating_rule"] = row.unrated_rating_rule
            initial["unrated_rating"] = row.unrated_rating
        form = SettingsForm(initial=initial, **form_options)
    if loaded is not None:
        shown_codes = loaded.codes
    closed = row.is_closed
    if closed:
        for field in form.fields.values():
            field.disabled = True
        # What the stored final standings were computed with (the Closure's codes and era).
        summary = tournament_summary(row)
        current_codes, current_era = ", ".join(summary.codes), era_label(summary.era)
        shown_codes = summary.codes
    else:
        current_codes = ", ".join(current)
        era = RuleEra(row.tiebreak_rules) if row.tiebreak_rules else default_era(row.start_date)
        current_era = era_label(era)
    return render(
        request,
        "tournaments/settings.html",
        {
            "club": club,
            "tournament": row,
            "tab": "settings",
            "form": form,
            "closed": closed,
            "team": team,
            "refusals": refusals,
            "choices": _choice_rows(shown_codes, team, positions),
            "presets": [
                {
                    "key": p.key,
                    "label": p.label,
                    "source": p.source,
                    "codes": ", ".join(p.codes),
                    "loaded": loaded is not None and p.key == loaded.key,
                }
                for p in presets_for(team=team, round_robin=row.system in ROUND_ROBINS)
            ],
            "loaded": loaded,
            "warnings": services.tiebreak_warnings(row, list(shown_codes) or list(defaults)),
            "catalogue": catalogue_rows(),
            "current_codes": current_codes,
            "current_era": current_era,
            "lots_seed": row.lots_seed,
            "can_edit_settings": True,
        },
        status=status,
    )


def _player_list_refusal() -> str:
    return _(
        "This is the federation's player list (PLAYER), not a tournament: it is shared by "
        "every club of the site and imported on the Federation lists page by the site's staff "
        "or a federation data manager."
    )


def looks_like_player_list(data: bytes) -> bool:
    """True for the Belgian federation's ``PLAYER`` list (B3): a CSV whose header starts with
    ``MATRICULE``, or a dBase III table (first byte 0x03 or 0x83) naming that field."""
    head = data[:4096]
    if head.lstrip(b"\xef\xbb\xbf").upper().startswith(b"MATRICULE"):
        return True
    return head[:1] in (b"\x03", b"\x83") and b"MATRICULE" in head.upper()


@require_http_methods(["GET", "HEAD", "POST"])
@club_view(Action.IMPORT_TOURNAMENT)
def import_tournament(request: HttpRequest, club: Club) -> HttpResponse:
    """*Importer un tournoi*: a Belgian results file or a TRF. A file that cannot be read
    answers 400 with every problem located, nothing stored; a file read with warnings (spec
    P6) is imported and the page shows them, located, with a link to the tournament; without
    warnings it goes to the tournament."""
    problems: list[dict[str, object]] = []
    warnings: list[Problem] = []
    duplicate: DuplicateImportError | None = None
    values_do_not_fit = False
    status = 200
    if request.method == "POST":
        files = request.FILES  # parses the upload first: oversized files are noted then
        oversized = "file" in oversized_uploads(request)
        form = ImportForm(request.POST, files, oversized=oversized)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            data = upload.read()
            try:
                row = services.import_tournament(
                    club,
                    data,
                    upload.name,
                    request.user,
                    kind=form.cleaned_data["kind"],
                    time_control_category=form.cleaned_data["time_control_category"],
                    allow_duplicate=form.cleaned_data["allow_duplicate"],
                    warnings=warnings,
                )
            except DuplicateImportError as exc:
                duplicate = exc
            except FormatError as exc:
                problems = [display_problem(p) for p in exc.problems]
                if looks_like_player_list(data):
                    message = _player_list_refusal()
                    problems = [{"line": 0, "column": 0, "where": "", "message": message}]
                elif exc.omitted:  # the reader listed MAX_PROBLEMS: the page stays small
                    count = number_format(exc.omitted, force_grouping=True)
                    more = _("… and %(count)s more problems.") % {"count": count}
                    problems.append({"line": 0, "column": 0, "where": "", "message": more})
            except TournamentError as exc:
                problems = [{"line": 0, "column": 0, "message": str(exc)}]
            except ValueDoesNotFitError as exc:
                problems = [{"line": 0, "column": 0, "message": p} for p in exc.problems]
                values_do_not_fit = True
            except TeamImportError as exc:
                problems = [{"line": 0, "column": 0, "message": str(exc)}]
            else:
                if warnings:
                    return _imported_with_warnings(request, club, row, warnings)
                if row.is_team_event:
                    messages.success(
                        request,
                        _("Team event imported: %(teams)s teams, %(rounds)s rounds.")
                        % {"teams": row.teams.count(), "rounds": row.rounds.count()},
                    )
                    return redirect(
                        reverse("team_standings", kwargs={"number": club.number, "pk": row.pk})
                    )
                return redirect(tournament_url(row))
        status = 409 if duplicate else 413 if oversized else 400
    else:
        form = ImportForm()
    return render(
        request,
        "tournaments/import.html",
        {
            "club": club,
            "form": form,
            "problems": problems,
            "values_do_not_fit": values_do_not_fit,
            "duplicate": duplicate.existing if duplicate else None,
            "duplicate_url": duplicate.url if duplicate else "",
            "show_allow_duplicate": duplicate is not None
            or bool(form.is_bound and form.data.get("allow_duplicate")),
        },
        status=status,
    )


def _imported_with_warnings(
    request: HttpRequest, club: Club, row: Tournament, warnings: Sequence[Problem]
) -> HttpResponse:
    """The import page after a successful import read with warnings (spec P6): the warnings,
    each with its line and column, and the way to the new tournament (a fresh form below)."""
    if row.is_team_event:
        url = reverse("team_standings", kwargs={"number": club.number, "pk": row.pk})
    else:
        url = tournament_url(row)
    shown = [display_problem(w) for w in warnings[:MAX_PROBLEMS]]
    if len(warnings) > MAX_PROBLEMS:
        count = number_format(len(warnings) - MAX_PROBLEMS, force_grouping=True)
        more = _("… and %(count)s more problems.") % {"count": count}
        shown.append({"line": 0, "column": 0, "where": "", "message": more})
    return render(
        request,
        "tournaments/import.html",
        {
            "club": club,
            "form": ImportForm(),
            "problems": [],
            "imported": row,
            "imported_url": url,
            "warnings": shown,
            "show_allow_duplicate": False,
        },
    )


#: Pages the edit page may send the user back to (``?back=``), by URL name.
BACK_PAGES = ("export",)


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.EDIT_TOURNAMENT_SETTINGS)
def edit_tournament(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """*Modifier le tournoi*: name, place, federation, dates, arbiters, time-control category
    and tempo, the date of every round (those the FRBE export checks, spec ``frbe.md`` B1).
    Whoever may change the tournament's settings (``EDIT_TOURNAMENT_SETTINGS``: owner,
    administrators, the creator of an independent tournament) may. A bad value answers 400
    with the form naming it; a value someone else changed meanwhile 409 (nothing saved, the
    stored values shown); on a closed tournament, a change the closing rules forbid (its
    time-control category; a start date moving the rule era of its stored standings) 409
    with the reason, nothing saved. ``?back=export`` returns to the *Export* tab."""
    # The tournament's own check (tournament_view): the creator of an independent tournament
    # edits it even in a private club they are not a member of.
    back = request.POST.get("back", "") if request.method == "POST" else request.GET.get("back")
    back = back if back in BACK_PAGES else ""
    rounds = list(row.rounds.order_by("number"))
    status = 200
    refusals: list[str] = []
    if request.method == "POST":
        form = TournamentDetailsForm(request.POST, tournament=row, rounds=rounds)
        if form.is_valid():
            try:
                if form.gone_rounds():
                    raise DetailsConflictError([f"round {n}" for n in form.gone_rounds()])
                services.update_details(
                    row,
                    form.changes(),
                    form.round_changes(),
                    seen=form.seen_details(),
                    seen_dates=form.seen_dates(),
                    round_times=form.time_changes(),
                    seen_times=form.seen_times(),
                    user=request.user,
                )
            except DetailsConflictError:
                refusals = [
                    _(
                        "Someone else changed these details meanwhile: nothing was saved. The "
                        "page now shows the stored values; make your changes again."
                    )
                ]
                row.refresh_from_db()
                rounds = list(row.rounds.order_by("number"))
                form = TournamentDetailsForm(tournament=row, rounds=rounds)
                status = 409
            except ClosedTournamentChangeError as exc:
                refusals = exc.reasons
                status = 409
            except RoundDatesError as exc:
                refusals = exc.reasons
                status = 400
            else:
                messages.success(request, _("The tournament's details were saved."))
                if back:
                    return redirect(reverse(back, kwargs={"number": club.number, "pk": row.pk}))
                return redirect(tournament_url(row))
        else:
            status = 400
    else:
        form = TournamentDetailsForm(tournament=row, rounds=rounds)
    return render(
        request,
        "tournaments/edit.html",
        {
            "club": club,
            "tournament": row,
            "tab": "edit",
            "form": form,
            "refusals": refusals,
            "back": back,
        },
        status=status,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.EDIT_TOURNAMENT_SETTINGS)
def fide_mode(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """*Mode FIDE* (rules F1–F4): where the tournament stands, and the level-4 warning that
    leaves FIDE mode in two steps: the consequences stated and acknowledged (``step=1``, the
    box ticked), then the tournament's name typed (``step=2``: ``services.leave_fide_mode``).
    A step without its box or a wrong name answers 400 with the reason, a tournament already
    out of FIDE mode or closed 409; nothing changes then."""
    status = 200
    step = 1
    error = ""
    if request.method == "POST":
        understood = request.POST.get("understood") == "yes"
        if row.is_closed:
            error = _("The tournament is closed: its FIDE mode no longer changes.")
            status = 409
        elif not understood:
            error = _("Tick the box to say that you understand what leaving FIDE mode means.")
            status = 400
        elif request.POST.get("step") == "2":
            try:
                services.leave_fide_mode(
                    row, request.user, confirmation=request.POST.get("name", "")
                )
            except Refused as exc:  # FideModeRefused, or closed meanwhile
                error, status, step = str(exc), exc.status, 2
            else:
                messages.warning(
                    request,
                    _("The tournament left FIDE mode for good; its history and its TRF say so."),
                )
                return redirect(reverse("fide_mode", args=(club.number, row.pk)))
        else:
            step = 2
        row.refresh_from_db()
    return render(
        request,
        "tournaments/fide_mode.html",
        {
            "club": club,
            "tournament": row,
            "tab": "edit",
            "step": step,
            "error": error,
            "round": services.fide_mode_round(row),
            "fide_system": row.system in FIDE_MODE_SYSTEMS,
        },
        status=status,
    )
