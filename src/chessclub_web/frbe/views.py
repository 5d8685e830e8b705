"""Belgian federation pages: a tournament's *Export* tab, the club's *FRBE player list* and
*Prévision Elo FRBE* (spec ``frbe.md`` B1–B6). Permissions are checked on the server:
export needs ``EXPORT_TOURNAMENT`` on the tournament (``allowed_on``), the player list
``MANAGE_ROSTER`` (to search the site's list and copy from it; importing it is a site right,
``chessclub_web.federation``); the forecast is seen by whoever sees the club."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from chessclub.formats.frbe_export import (
    BELGIAN_FILES,
    EXPORT_FILES,
    FIDE_TRF,
    RESULTS_FILE,
    TRF_LIKE_FILE,
    ExportCheck,
    ExportIssue,
)
from chessclub.formats.frbe_name import DIVISIONS, SERIES, UNUSED, FrbeFileNameError
from chessclub.model import PairingNumber
from chessclub.ratings.frbe import (
    DEFAULT_NATIONAL_RULES,
    FRBE_ART10_2008,
    GameEligibility,
    IneligibleReason,
    NationalRules,
)
from chessclub_web.clubs.models import Club, Player
from chessclub_web.clubs.permissions import Action, SiteAction, club_view, site_allowed
from chessclub_web.federation.models import ListKind
from chessclub_web.federation.services import current_version
from chessclub_web.frbe import services
from chessclub_web.frbe.models import FederationPlayer
from chessclub_web.pairings.services import (
    Refused,
    add_player,
    last_paired_round,
    next_round,
)
from chessclub_web.pairings.views import entry_fix_link
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.models import CLUB_SYSTEMS, System, Tournament
from chessclub_web.tournaments.permissions import allowed_on, tournament_view

MAX_RESULTS = 50


def _issue_text(issue: ExportIssue) -> str:
    p = dict(issue.params)
    texts = {
        "missing_name": _("The tournament has no name."),
        "missing_start_date": _("The tournament has no start date."),
        "missing_end_date": _("The tournament has no end date."),
        "missing_arbiter": _("The tournament has no arbiter."),
        "missing_time_control": _("The tournament has no time control."),
        "missing_round_date": _("Round %(round)s has no date."),
        "no_result": _("Round %(round)s: the game %(white)s–%(black)s has no result."),
        "missing_matricule": _("Player %(number)s (%(name)s) has no matricule."),
        "unknown_matricule": _(
            "Player %(number)s (%(name)s): matricule %(matricule)s is not in the federation's "
            "player list."
        ),
        "missing_fide_id": _("Player %(number)s (%(name)s) has no FIDE ID (FIDE-rated event)."),
        "not_affiliated": _(
            "Player %(number)s (%(name)s) was not affiliated at the tournament date: all their "
            "results become 0F-0F."
        ),
        "nothing_to_send": _("The tournament has no player or no round: nothing to send."),
        "matricule_too_long": _(
            "Player %(number)s (%(name)s): matricule %(matricule)s has more than the 5 digits "
            "of the results file."
        ),
        "rating_too_wide": _(
            "Player %(number)s (%(name)s): Elo %(rating)s has more than 4 digits."
        ),
        "bad_club": _(
            "Player %(number)s (%(name)s): club “%(club)s” is not a club number of 1–3 digits."
        ),
        "does_not_fit": _("The results file cannot hold this tournament: %(detail)s"),
        "does_not_fit_trf": _("The TRF cannot hold this tournament: %(detail)s"),
        "unreadable_time_control": _(
            "The time control “%(tempo)s” cannot be read: the games' eligibility was not checked."
        ),
    }
    template = texts.get(issue.kind)
    return template % p if template else issue.text


def _file_labels() -> dict[str, str]:
    """The export's files as the page names them, in :data:`EXPORT_FILES` order."""
    return {
        RESULTS_FILE: _("Federation results file"),
        TRF_LIKE_FILE: _("TRF-like federation file"),
        FIDE_TRF: _("FIDE TRF"),
    }


#: Blocking problems fixed on *Edit tournament*: the field each one links to.
_DETAIL_FIELDS = {
    "missing_name": "name",
    "missing_start_date": "start_date",
    "missing_end_date": "end_date",
    "missing_arbiter": "chief_arbiter",
    "missing_time_control": "time_control",
}


def _fix_link(request: HttpRequest, row: Tournament, issue: ExportIssue, rounds: set[int]) -> str:
    """Where the user fixes ``issue`` (``""``: no page of theirs does): a tournament detail
    or a round date on *Edit tournament* (returning to this tab), a game without result on
    its round's boards, a player's detail on the entry's *Modifier* form."""
    assert row.club is not None
    args = (row.club.number, row.pk)
    field = _DETAIL_FIELDS.get(issue.kind)
    if issue.kind == "missing_round_date" and issue.params.get("round") in rounds:
        field = f"round_{issue.params['round']}"
    if field is not None:
        if not allowed_on(request.user, row, Action.EDIT_TOURNAMENT_SETTINGS):
            return ""
        return f"{reverse('tournament_edit', args=args)}?back=export#id_{field}"
    if issue.kind == "no_result" and allowed_on(request.user, row, Action.ENTER_RESULTS):
        return reverse("boards", args=(*args, issue.params["round"]))
    if "number" in issue.params:  # a player's detail: the entry's *Modifier* form
        return entry_fix_link(request.user, row, issue.kind, dict(issue.params))
    return ""


def _blocking_rows(request: HttpRequest, row: Tournament, check: ExportCheck) -> list[dict]:  # type: ignore[type-arg]
    """Each blocking problem: its text, the files it blocks (labels, in the page's order)
    and the link to fix it."""
    labels = _file_labels()
    rounds = set(row.rounds.values_list("number", flat=True))
    return [
        {
            "text": _issue_text(issue),
            "files": [labels[f] for f in EXPORT_FILES if f in issue.blocks],
            "link": _fix_link(request, row, issue, rounds),
            "kind": issue.kind,
        }
        for issue in check.blocking
    ]


def _ineligible_text(verdict: GameEligibility) -> str:
    """B6's reason in the reader's language."""
    if verdict.reason is IneligibleReason.FIRST_CONTROL_TOO_EARLY:
        return _("the first time control comes before move 30")
    available = verdict.available_minutes
    minutes = str(available.numerator) if available.denominator == 1 else f"{float(available):.1f}"
    if verdict.threshold_rating:
        return _(
            "%(available)s min per player for 60 moves, %(required)s needed (a player is rated "
            "%(rating)s or more)"
        ) % {
            "available": minutes,
            "required": verdict.required_minutes,
            "rating": verdict.threshold_rating,
        }
    return _("%(available)s min per player for 60 moves, %(required)s needed") % {
        "available": minutes,
        "required": verdict.required_minutes,
    }


def _name_error_text(error: ValueError, club: Club) -> str:
    """B2's refusal in the reader's language: the club number is the only part the page does
    not choose (chars 7–8 are checked before)."""
    if isinstance(error, FrbeFileNameError) and error.part == "club":
        return _(
            "The club number %(number)s cannot be the extension of a results file (B2: 1–3 "
            "digits): the federation's club number is needed."
        ) % {"number": club.number}
    return str(error)


def _download(data: bytes, name: str, content_type: str) -> HttpResponse:
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.EXPORT_TOURNAMENT)
def export(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """*Export*: every blocking problem first, each naming the files it blocks and linking to
    where it is fixed (*Edit tournament* for the tournament's details and round dates), then
    the B2 name (chars 7–8 editable) and the downloads (``?download=frbe|trflike|trf``): the
    federation's results file (Latin-1, CR LF), the TRF-like variant and FIDE's TRF. Each file
    is blocked only by the problems that concern it (``ExportIssue.blocks``): the Belgian
    checks block the two Belgian files, what the TRF needs the FIDE TRF (and the TRF-like
    variant). A download with problems blocking it answers 409 with the page; a Belgian file
    without its B2 name (no end date, a name clash) 400; an unknown file 400."""
    settings = services.export_settings(row)
    errors: list[str] = []
    status = 200
    keep = settings.pk is not None
    if request.method == "POST":
        division = request.POST.get("division", "").strip()
        series = request.POST.get("series", "").strip()
        if division not in DIVISIONS + UNUSED or len(division) != 1:
            errors.append(_("Character 7 (division) must be 1–9 or $."))
        if series not in SERIES + UNUSED or len(series) != 1:
            errors.append(_("Character 8 (series) must be a capital letter A–Z or $."))
        fide_rated = request.POST.get("fide_rated") == "on"
        name = None
        if not errors and row.end_date is not None:
            try:
                name = services.file_name(row, division, series, keep=True)
            except ValueError as error:
                errors.append(_name_error_text(error, club))
        if name is not None and name.clash:
            errors.append(
                _(
                    "The club already sends %(name)s (a tournament ending the same day): "
                    "change character 7 or 8."
                )
                % {"name": name.clash}
            )
        if not errors:
            services.save_export_settings(row, division, series, fide_rated, request.user)
            messages.success(request, _("The export settings were saved."))
            return redirect(reverse("export", args=(club.number, row.pk)))
        status = 400
    download = request.GET.get("download", "")
    if download and request.method != "POST":
        try:
            found = services.export_download(row, download, club.number)
        except services.DownloadRefused as refusal:
            status = refusal.status
        else:
            return _download(found.data, found.name, found.content_type)
    if row.system in CLUB_SYSTEMS:
        # A club competition gets no file at all (K20, K30): the tab says why, and only that
        # (the files' checks would list problems of files that are never made).
        errors.append(str(services.DownloadRefused(409, "club_system")))
        return render(
            request,
            "frbe/export.html",
            {"club": club, "tournament": row, "tab": "export", "errors": errors},
            status=status,
        )
    core = load_tournament(row)
    check = services.check(core, settings.fide_rated)
    name = None
    name_error = ""
    if row.end_date is not None:
        try:
            name = services.file_name(row, settings.division, settings.series, keep=keep)
        except ValueError as error:
            name_error = _name_error_text(error, club)
    named = name is not None and not name.clash
    labels = _file_labels()
    files = [
        {
            "key": key,
            "label": labels[key],
            "blocked": len(check.blocking_for(key)),
            "needs_name": key in BELGIAN_FILES and not named,
        }
        for key in EXPORT_FILES
    ]
    # Looked up by the numbers of an ineligible game's players, which it may not have.
    names: dict[PairingNumber | None, str] = {p.pairing_number: p.name for p in core.players}
    return render(
        request,
        "frbe/export.html",
        {
            "club": club,
            "tournament": row,
            "tab": "export",
            "check": check,
            "blocking": _blocking_rows(request, row, check),
            "files": files,
            "warnings": [_issue_text(i) for i in check.warnings],
            "ineligible": [
                (g, names.get(g.white, ""), names.get(g.black, ""), _ineligible_text(g))
                for g in check.ineligible
            ],
            "name": name,
            "name_error": name_error,
            "settings": settings,
            "errors": errors,
            "has_list": FederationPlayer.objects.exists(),
            "fictitious": check.fictitious
            if check.fictitious and check.fictitious.applies
            else None,
            "fictitious_values": [
                (number, names.get(number, ""), value)
                for number, value in sorted(
                    (check.fictitious.values if check.fictitious else {}).items()
                )
            ],
        },
        status=status,
    )


MAX_QUERY_WORDS = 4
MAX_QUERY_LENGTH = 64
"""A name is at most 32 characters (B3 ``NOM_PRENOM`` C32): a longer query, or more words,
finds no more; unbounded, 2,000 words made SQLite's expression tree too deep (500)."""


def _search(query: str) -> list[FederationPlayer]:
    query = "".join(c for c in query[:MAX_QUERY_LENGTH] if c.isprintable()).strip()
    if not query:
        return []
    rows = FederationPlayer.objects.all()
    if query.isdigit():
        number = services.matricule_number(query)
        rows = rows.filter(matricule=number) if number is not None else rows.none()
    else:
        for word in query.replace(",", " ").split()[:MAX_QUERY_WORDS]:
            rows = rows.filter(name__icontains=word)
    return list(rows[:MAX_RESULTS])


@require_http_methods(["GET", "HEAD", "POST"])
@club_view(Action.MANAGE_ROSTER)
def players(request: HttpRequest, club: Club) -> HttpResponse:
    """*FRBE player list*: search the site's current version of the federation's ``PLAYER``
    list by matricule or name, add a player to the club's roster or to one of the club's open
    tournaments (through the entry rules, ``pairings.services.add_player``) with their national
    Elo. The list itself is site data: it is imported on the site's *Listes fédérales* page
    (``federation_list``) by staff or a federation data manager only; an import posted here is
    refused (403) whoever posts it."""
    status = 200
    problems: list[str] = []
    action = request.POST.get("action", "") if request.method == "POST" else ""
    if action == "import":
        raise PermissionDenied(
            _(
                "The federation's player list is shared by every club of the site: only the "
                "site's staff or a federation data manager imports it, on the Federation "
                "lists page."
            )
        )
    if action in ("add_roster", "add_tournament"):
        number = services.matricule_number(request.POST.get("matricule", ""))
        found = (
            FederationPlayer.objects.filter(matricule=number).first()
            if number is not None
            else None
        )
        if found is None:
            problems.append(_("No player with this matricule in the list."))
            status = 400
        elif action == "add_roster":
            if Player.objects.filter(club=club, matricule=str(found.matricule)).exists():
                problems.append(_("This club already has a player with this matricule."))
                status = 400
            else:
                services.add_to_roster(club, found)
                messages.success(
                    request, _("%(name)s was added to the club's players.") % {"name": found.name}
                )
                return redirect(_back(club, request))
        else:
            pk = request.POST.get("tournament", "")
            target = (
                Tournament.objects.filter(club=club, pk=int(pk), closed_at__isnull=True).first()
                if pk.isascii() and pk.isdigit() and len(pk) <= 18
                else None
            )
            if target is None or not allowed_on(request.user, target, Action.MANAGE_ENTRIES):
                problems.append(_("Choose one of the club's open tournaments."))
                status = 400
            elif target.players.filter(matricule=str(found.matricule)).exists():
                problems.append(_("This player is already in the tournament."))
                status = 400
            else:
                try:
                    # A Swiss in progress takes a late entrant from its next round.
                    first = next_round(target) if target.system == System.SWISS else 1
                    entry = add_player(
                        target, services.new_entry(found, entry_round=first), request.user
                    )
                except Refused as refusal:
                    problems.append(str(refusal))
                    status = 409
                else:
                    messages.success(
                        request,
                        _("%(name)s was added to %(tournament)s with pairing number %(number)s.")
                        % {
                            "name": found.name,
                            "tournament": target.name,
                            "number": entry.pairing_number,
                        },
                    )
                    return redirect(_back(club, request))
    elif request.method == "POST":
        problems.append(_("Unknown action."))
        status = 400
    query = request.GET.get("q", "")
    return render(
        request,
        "frbe/players.html",
        {
            "club": club,
            "problems": problems,
            "query": query,
            "results": _search(query),
            "max_results": MAX_RESULTS,
            "count": FederationPlayer.objects.count(),
            "last_import": current_version(ListKind.FRBE),
            "can_import": site_allowed(request.user, SiteAction.MANAGE_FEDERATION_LISTS),
            "open_tournaments": _taking_entries(club),
        },
        status=status,
    )


def _back(club: Club, request: HttpRequest) -> str:
    """The list page again, with the search the user made (posted back as ``q``)."""
    url = reverse("frbe_players", args=(club.number,))
    query = request.POST.get("q", "").strip()[:MAX_QUERY_LENGTH]
    return f"{url}?{urlencode({'q': query})}" if query else url


def _taking_entries(club: Club) -> list[Tournament]:
    """The club's open individual tournaments that can still take a player: a Swiss with a
    round left to pair, a round robin whose first round is not paired (the entry rules of
    ``pairings.services.add_player``, which decide in the end)."""
    rows = Tournament.objects.filter(club=club, closed_at__isnull=True).order_by(
        "-start_date", "name"
    )
    out = []
    for row in rows:
        if row.is_team_event:
            continue
        last = last_paired_round(row)
        if row.system == System.SWISS:
            if not row.planned_rounds or last < row.planned_rounds:
                out.append(row)
        elif last == 0:
            out.append(row)
    return out


def rule_set_name(rules: NationalRules) -> str:
    """The name of a B5 rule set in the reader's language. The core names its rule sets in
    English (``NationalRules.name``, also written by ``chessclub frbe rating-run``); the
    shipped ones are named here, by ``key@version`` (:attr:`NationalRules.label`); another
    (an administrator's JSON file) keeps the name it was given."""
    names = {
        FRBE_ART10_2008.label: _("FRBE-KBSB national rating (tournament rules art. 10, 2008 text)"),
    }
    return names.get(rules.label, rules.name)


@require_safe
@club_view()
def forecast(request: HttpRequest, club: Club) -> HttpResponse:
    """*Prévision Elo FRBE*: the club's players' predicted national rating from the imported
    list and the club's closed tournaments (B5)."""
    run, tournaments, listed = services.forecast(club)
    roster = [
        (p, m)
        for p in club.players.exclude(matricule="").order_by("surname", "first_name")
        if (m := services.matricule_number(p.matricule)) is not None
    ]
    rows: list[dict[str, object]] = []
    for p, m in roster:
        entry = listed.get(m)
        if entry is None:
            rows.append({"player": p, "listed": None})
            continue
        outcome = run.players.get(m) if run is not None else None
        rows.append({"player": p, "listed": entry, "outcome": outcome})
    return render(
        request,
        "frbe/forecast.html",
        {
            "club": club,
            "rows": rows,
            "tournaments": tournaments,
            "rules": DEFAULT_NATIONAL_RULES,
            "rules_name": rule_set_name(DEFAULT_NATIONAL_RULES),
            "has_list": FederationPlayer.objects.exists(),
            "can_manage": site_allowed(request.user, SiteAction.MANAGE_FEDERATION_LISTS),
        },
    )
