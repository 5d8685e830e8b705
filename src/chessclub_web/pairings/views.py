"""Pages of entries and pairing: a new tournament, the *Entries* tab, pairing the
next round, a round's pairing (review, hand edits, publish, unpair) and the pairings checker.

Every tournament page goes through
:func:`~chessclub_web.tournaments.permissions.tournament_view`: the
tournament's visibility and the action on it (:func:`allowed_on`: the club role, or the creator
of an independent tournament, member of its club or not), on the server; *Nouveau tournoi* is a
club page (:func:`club_view`). A post naming no known action, player, board or round answers
400; a refusal of the rules (limit reached, frozen numbers, a round already paired…) answers
409 with the message, a round date outside the tournament's dates 400 with the message.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import formats
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from chessclub.model import Colour
from chessclub.pairing.criteria import Violation
from chessclub_web import refusals
from chessclub_web.audit.services import journal
from chessclub_web.background.views import follow
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.models import Player as RosterPlayer
from chessclub_web.clubs.permissions import Action, club_view
from chessclub_web.pairings import jobs as pairing_jobs
from chessclub_web.pairings import services
from chessclub_web.pairings.forms import (
    LOCKED_MARK,
    TITLES,
    AddBoardForm,
    ByeForm,
    EntryForm,
    ForbiddenForm,
    NewTournamentForm,
    PairingRulesForm,
    PlayerForm,
    RosterForm,
    RoundDateForm,
    RoundForm,
    SwapForm,
)
from chessclub_web.pairings.models import Absence, ForbiddenPair, RequestedBye
from chessclub_web.tournaments import hooks
from chessclub_web.tournaments.models import (
    ByeCode,
    Game,
    Round,
    RoundState,
    System,
    TimeControlCategory,
    Tournament,
    TournamentPlayer,
    chosen_rating,
)
from chessclub_web.tournaments.permissions import allowed_on, require_on, tournament_view


class BadPost(refusals.BadInput):
    """A tampered or incomplete post: 400."""


class InvalidPlayerForm(BadPost):
    """The hand registration form did not validate: the page is shown again (400) with the
    bound form, each message beside its field, the values typed kept (R-REG-7)."""

    def __init__(self, form: PlayerForm) -> None:
        super().__init__(_("The player was not registered: correct the fields marked below."))
        self.form = form


def _bad_request(exc: BadPost) -> HttpResponse:
    """400 naming what is wrong. The detail may quote the posted value (a form's "Select a
    valid choice. <value>…"): it is escaped, never echoed as HTML."""
    return HttpResponseBadRequest(
        escape(_("The request is not valid: %(detail)s") % {"detail": str(exc) or "?"})
    )


def entries_url(row: Tournament) -> str:
    assert row.club is not None
    return reverse("entries", args=(row.club.number, row.pk))


def team_url(row: Tournament) -> str:
    """The teams app's *Équipes* tab of a team event."""
    assert row.club is not None
    return reverse("team_standings", args=(row.club.number, row.pk))


def _team_event_page(
    request: HttpRequest, club: Club, row: Tournament, status: int = 200
) -> HttpResponse:
    """A team event's entries and pairings are the teams app's: say so and link there. A post
    is refused (409): nothing is paired or registered individually."""
    if request.method == "POST":
        messages.error(
            request,
            _("This is a team event: its teams, line-ups and pairings are on the Teams tab."),
        )
        status = 409
    return render(
        request,
        "pairings/team_event.html",
        {"club": club, "tournament": row, "tab": "entries", "team_url": team_url(row)},
        status=status,
    )


def round_url(row: Tournament, number: int) -> str:
    assert row.club is not None
    return reverse("pairing_round", args=(row.club.number, row.pk, number))


def violation_text(v: Violation, names: dict[int, str]) -> str:
    """A warning naming the rule (FIDE C.04.3 C1–C3, TRF record 260)."""

    def who(i: int = 0) -> str:
        number = int(v.players[i])
        return f"{number}. {names.get(number, '?')}"

    colour = ""
    if v.colour is not None:
        colour = _("White") if v.colour is Colour.WHITE else _("Black")
    if v.kind == "rematch":
        return _(
            "C1 (no rematch, FIDE C.04.3): %(a)s and %(b)s have already played each other."
        ) % {
            "a": who(0),
            "b": who(1),
        }
    if v.kind == "second_pab":
        return _(
            "C2 (pairing-allocated bye, FIDE C.04.1): %(a)s already had a pairing-allocated bye "
            "or a win without playing."
        ) % {"a": who()}
    if v.kind == "several_pabs":
        return _("C2 (FIDE C.04.1): only one player receives the pairing-allocated bye.")
    if v.kind == "colour_difference":
        return _(
            "C3 (colours, FIDE C.04.3 / C.04.1 f): with %(colour)s, %(a)s would have a colour "
            "difference beyond ±2."
        ) % {"a": who(), "colour": colour}
    if v.kind == "same_colour_three_times":
        return _(
            "C3 (colours, FIDE C.04.3 / C.04.1 g): with %(colour)s, %(a)s would have the same "
            "colour three times running."
        ) % {"a": who(), "colour": colour}
    return _("Forbidden pair (TRF record 260): %(a)s and %(b)s must not be paired together.") % {
        "a": who(0),
        "b": who(1),
    }


def _warn(request: HttpRequest, found: list[Violation], row: Tournament) -> None:
    names = dict(row.players.values_list("pairing_number", "name"))
    for v in found:
        messages.warning(request, violation_text(v, names))


# -- new tournament -------------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@club_view(Action.IMPORT_TOURNAMENT)
def new_tournament(request: HttpRequest, club: Club) -> HttpResponse:
    """Create a tournament from scratch (owner and administrators, as the import)."""
    status = 200
    if request.method == "POST":
        form = NewTournamentForm(request.POST)
        if form.is_valid():
            row = services.create_tournament(club, form.save(commit=False), request.user)
            if row.is_team_event:
                messages.success(
                    request, _("The team event was created: register its teams on the Teams tab.")
                )
                return redirect(team_url(row))
            if row.system == System.KEIZER:
                messages.warning(
                    request,
                    _(
                        "This Keizer competition is outside FIDE's systems: its Keizer score is "
                        "its ranking, no FIDE tiebreak applies and no FIDE or federation file "
                        "is made for it."
                    ),
                )
            if row.system == System.KNOCKOUT:
                messages.warning(
                    request,
                    _(
                        "This knockout cup is outside FIDE's systems: its bracket is its result, "
                        "no FIDE tiebreak applies and no FIDE or federation file is made for it. "
                        "Register its players, then draw the bracket on the Cup tab."
                    ),
                )
            if row.system == System.SCHEVENINGEN:
                messages.warning(
                    request,
                    _(
                        "This Scheveningen match is outside FIDE's systems: no FIDE tiebreak "
                        "applies and no FIDE or federation file is made for it. Register the "
                        "players of both teams, then choose the teams and their board order."
                    ),
                )
                return redirect(reverse("scheveningen_setup", args=(club.number, row.pk)))
            messages.success(request, _("The tournament was created: register its players."))
            return redirect(entries_url(row))
        status = 400
    else:
        form = NewTournamentForm()
    return render(
        request, "pairings/new_tournament.html", {"club": club, "form": form}, status=status
    )


# -- entries --------------------------------------------------------------------------------------


def _player(row: Tournament, value: Any) -> TournamentPlayer:
    try:
        return TournamentPlayer.objects.get(tournament=row, pk=int(value))
    except (TypeError, ValueError, TournamentPlayer.DoesNotExist):
        raise BadPost from None


def _form_or_bad(form: Any) -> dict[str, Any]:
    if not form.is_valid():
        raise BadPost(
            "; ".join(f"{field}: {' '.join(errors)}" for field, errors in form.errors.items())
        )
    return form.cleaned_data  # type: ignore[no-any-return]


def _roster_choices(club: Club, row: Tournament) -> list[tuple[int, str]]:
    taken = set(row.players.exclude(roster_player=None).values_list("roster_player", flat=True))
    choices = []
    for p in RosterPlayer.objects.filter(club=club).order_by("surname", "first_name"):
        if p.pk in taken:
            continue
        elo = p.initial_elo(row.time_control_category)
        choices.append((p.pk, f"{p}" + (f" ({elo})" if elo else "")))
    return choices


def _entries_action(request: HttpRequest, club: Club, row: Tournament) -> str:
    """Do the posted action; return the success message. Raises BadPost / Refused."""
    action = request.POST.get("action", "")
    players = list(row.players.all())
    user = request.user
    if action == "add_player":
        player_form = PlayerForm(request.POST)
        if not player_form.is_valid():
            raise InvalidPlayerForm(player_form)
        data = player_form.cleaned_data
        if row.players.filter(name__iexact=data["name"].strip()).exists():
            # Homonyms exist: registered, but the arbiter sees it (a double click?).
            messages.warning(
                request,
                _("Another player is already registered as %(name)s.")
                % {"name": data["name"].strip()},
            )
        player = services.add_player(
            row,
            services.NewEntry(
                name=data["name"].strip(),
                rating=data["rating"],
                title=data["title"].strip().upper(),
                federation=data["federation"].strip().upper(),
                fide_id=data["fide_id"].strip(),
                matricule=data["matricule"].strip(),
                sex=data["sex"],
                birth_date=data["birth_date"].isoformat() if data["birth_date"] else "",
                club=data["club"].strip(),
                fide_rating=data["fide_rating"],
                national_rating=data["national_rating"],
                entry_round=data["entry_round"],
            ),
            user,
        )
        return _("%(name)s registered.") % {"name": player.name}
    if action == "add_from_list":
        return _add_from_list(request, row)
    if action == "add_roster":
        data = _form_or_bad(RosterForm(request.POST, choices=_roster_choices(club, row)))
        roster = RosterPlayer.objects.get(club=club, pk=data["roster_player"])
        name = f"{roster.surname}, {roster.first_name}" if roster.first_name else roster.surname
        rating, source = data["rating"], ""
        if rating is None:
            rating, source = services.roster_rating(roster, row.time_control_category)
        player = services.add_player(
            row,
            services.NewEntry(
                name=name,
                rating=rating,
                title=data["title"],
                federation=roster.federation,
                fide_id=roster.fide_id,
                matricule=roster.matricule,
                sex=roster.sex,
                birth_date=roster.birth_date.isoformat() if roster.birth_date else "",
                club=club.number[:100],  # the federation files want the club number (B3)
                entry_round=data["entry_round"],
                roster_player_id=roster.pk,
            ),
            user,
        )
        if source and source != row.time_control_category:
            labels = dict(TimeControlCategory.choices)
            messages.warning(
                request,
                _(
                    "%(name)s has no club Elo in %(tc)s: the %(other)s club Elo (%(rating)s) "
                    "was taken; change it on the entries if needed."
                )
                % {
                    "name": player.name,
                    "tc": labels.get(row.time_control_category, row.time_control_category),
                    "other": labels.get(source, source),
                    "rating": rating,
                },
            )
        return _("%(name)s registered.") % {"name": player.name}
    if action == "remove_player":
        player = _player(row, request.POST.get("player"))
        services.remove_player(player, user)
        return _("%(name)s removed from the entries.") % {"name": player.name}
    if action == "renumber":
        services.renumber_by_rating(row, user)
        return _("Pairing numbers given by rating, then title, then name.")
    if action == "draw_numbers":
        seed = services.draw_numbers_by_lot(row, user)
        return _("Pairing numbers drawn by lot (seed %(seed)s).") % {"seed": seed}
    if action == "draw_colour":
        colour = services.draw_initial_colour(row, user)
        return _("Initial colour drawn by lot: %(colour)s.") % {
            "colour": _("White") if colour is Colour.WHITE else _("Black")
        }
    if action == "rules":
        services._refuse_closed(row)
        # The form writes the posted values into its own copy of the row; the service checks
        # them under the tournament's lock and stores only these fields.
        form = PairingRulesForm(request.POST, instance=Tournament.objects.get(pk=row.pk))
        data = _form_or_bad(form)
        kept = services.set_pairing_rules(
            row, {name: data[name] for name in services.PAIRING_RULE_FIELDS}, user
        )
        if kept:
            # R-REG-5: a rating typed by hand is not the choice's to overwrite.
            return _(
                "The pairing rules were saved. Ratings typed by hand, kept as they are: %(count)s."
            ) % {"count": kept}
        return _("The pairing rules were saved.")
    if action == "bye":
        data = _form_or_bad(ByeForm(request.POST, players=players))
        player = _player(row, data["player"])
        services.request_bye(player, data["round_number"], data["kind"], user)
        return _("The bye was recorded.")
    if action == "cancel_bye":
        try:
            bye = RequestedBye.objects.get(player__tournament=row, pk=int(request.POST["bye"]))
        except (KeyError, ValueError, RequestedBye.DoesNotExist):
            raise BadPost from None
        services.cancel_bye(bye, user)
        return _("The bye was cancelled.")
    if action == "absence":
        data = _form_or_bad(RoundForm(request.POST, players=players))
        services.add_absence(_player(row, data["player"]), data["round_number"], user)
        return _("The absence was recorded.")
    if action == "cancel_absence":
        try:
            absence = Absence.objects.get(player__tournament=row, pk=int(request.POST["absence"]))
        except (KeyError, ValueError, Absence.DoesNotExist):
            raise BadPost from None
        services.cancel_absence(absence, user)
        return _("The absence was cancelled.")
    if action == "withdraw":
        data = _form_or_bad(RoundForm(request.POST, players=players))
        services.withdraw(_player(row, data["player"]), data["round_number"], user)
        return _("The withdrawal was recorded.")
    if action == "cancel_withdrawal":
        services.withdraw(_player(row, request.POST.get("player")), None, user)
        return _("The withdrawal was cancelled.")
    if action == "forbid":
        data = _form_or_bad(ForbiddenForm(request.POST, players=players))
        services.add_forbidden_pair(
            _player(row, data["first"]), _player(row, data["second"]), data["reason"], user
        )
        return _("The forbidden pair was recorded.")
    if action == "allow":
        try:
            pair = ForbiddenPair.objects.get(tournament=row, pk=int(request.POST["pair"]))
        except (KeyError, ValueError, ForbiddenPair.DoesNotExist):
            raise BadPost from None
        services.remove_forbidden_pair(pair, user)
        return _("The forbidden pair was removed.")
    raise BadPost(_("Unknown action."))


#: At most this many players a list search shows (the search box narrows it further).
LIST_RESULTS = 20


def _list_query(request: HttpRequest) -> str:
    """The *Inscriptions* search box (``q``, a name or an identifier), cut to 64 printable
    characters."""
    text = str(request.GET.get("q", "") or request.POST.get("q", ""))[:64]
    return "".join(c for c in text if c.isprintable()).strip()


def _list_results(row: Tournament, query: str) -> list[dict[str, Any]]:
    """The players of the site's rating lists matching ``query`` (``hooks.search_lists``: one
    result per person, FIDE and national records merged), each with the rating this
    tournament would pair them with (R-REG-2, R-REG-4)."""
    if not query:
        return []
    federation = row.federation.strip().upper()
    found = hooks.search_lists(
        query, federation=federation if len(federation) == 3 else "", limit=LIST_RESULTS
    )
    return [
        {
            "player": p,
            "fide_rating": p.fide_rating(row.time_control_category),
            "rating": chosen_rating(
                row.rating_choice, p.fide_rating(row.time_control_category), p.national_rating
            ),
        }
        for p in found
    ]


def _add_from_list(request: HttpRequest, row: Tournament) -> str:
    """*Ajouter* of a search result (R-REG-3): the record is read again from its list on the
    server (``hooks.list_player``: the post names only the list and the key), then registered
    by ``services.add_player`` with the list's name, IDs, federation, title, sex, birth date,
    club and ratings (FIDE's of the tournament's time control, the national one); the rating
    that pairs follows the tournament's ``rating_choice``. A record not (or no longer) in the
    list answers 400; a duplicate (same FIDE ID or matricule) 409 with the reason."""
    kind = str(request.POST.get("list", ""))[:16]
    key = str(request.POST.get("key", "")).strip()[:32]
    try:
        entry_round = int(request.POST.get("entry_round") or services.next_round(row))
    except ValueError:
        raise BadPost(_("Plays from round: enter a whole number.")) from None
    found = hooks.list_player(kind, key) if kind and key else None
    if found is None:
        raise BadPost(_("No player %(key)s in this list.") % {"key": key or "?"})
    player = services.add_player(row, list_entry(row, found, entry_round), request.user)
    return _("%(name)s registered.") % {"name": player.name}


def list_entry(row: Tournament, found: Any, entry_round: int) -> services.NewEntry:
    """The entry of a rating list's record ``found`` (a ``ListPlayer``, from
    ``hooks.list_player``) in ``row``, playing from ``entry_round``: the list's name, IDs,
    federation, title (one of the form's), sex, birth date (the year when the list gives only
    that), club and ratings (FIDE's of the tournament's time control, the national one). The
    *Inscriptions* page's *Ajouter* and the JSON API register it with ``services.add_player``."""
    if found.birth_date is not None:
        birth = found.birth_date.isoformat()
    else:
        birth = str(found.birth_year) if found.birth_year else ""
    return services.NewEntry(
        name=found.name.strip()[:200],
        fide_rating=found.fide_rating(row.time_control_category),
        national_rating=found.national_rating,
        title=found.title if found.title in TITLES else "",
        federation=found.federation[:3],
        fide_id=found.fide_id[:16],
        matricule=found.national_id[:16],
        sex=found.sex,
        birth_date=birth,
        club=found.club[:100],
        entry_round=entry_round,
        source=found.list_kind,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.MANAGE_ENTRIES)
def entries(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """The *Entries* tab: players, pairing numbers, byes, absences, withdrawals, forbidden
    pairs and the pairing rules."""
    if row.is_team_event:
        return _team_event_page(request, club, row)
    if request.method != "POST" and request.GET.get("fragment"):
        # The search box's results as the page's script fetches them while one types.
        query = _list_query(request)
        return render(
            request,
            "pairings/_list_results.html",
            {
                "club": club,
                "tournament": row,
                "query": query,
                "list_results": _list_results(row, query),
                "next_round": services.next_round(row),
                "is_swiss": row.system == System.SWISS,
                "register_refusal": services.registration_refusal(row),
            },
        )
    status = 200
    player_form: PlayerForm | None = None
    if request.method == "POST":
        try:
            message = _entries_action(request, club, row)
        except InvalidPlayerForm as exc:
            messages.error(request, str(exc))
            player_form, status = exc.form, 400
        except BadPost as exc:
            return _bad_request(exc)
        except services.Refused as exc:
            messages.error(request, str(exc))
            status = 409
        else:
            messages.success(request, message)
            url, query = entries_url(row), _list_query(request)
            if request.POST.get("action") == "add_from_list" and query:
                # Back to the same search: the next player of a team or family is near.
                url = f"{url}?{urlencode({'q': query})}#list-search"
            return redirect(url)
        row.refresh_from_db()
    context = _entries_context(request, club, row)
    if player_form is not None:
        context["player_form"] = player_form
    return render(request, "pairings/entries.html", context, status=status)


def _entries_context(request: HttpRequest, club: Club, row: Tournament) -> dict[str, Any]:
    players = list(row.players.order_by("pairing_number"))
    byes: dict[int, list[RequestedBye]] = {}
    for bye in RequestedBye.objects.filter(player__tournament=row).order_by("round_number"):
        byes.setdefault(bye.player_id, []).append(bye)
    absences: dict[int, list[Absence]] = {}
    for absence in Absence.objects.filter(player__tournament=row).order_by("round_number"):
        absences.setdefault(absence.player_id, []).append(absence)
    rows = [
        {"player": p, "byes": byes.get(p.pk, []), "absences": absences.get(p.pk, [])}
        for p in players
    ]
    return {
        "club": club,
        "tournament": row,
        "tab": "entries",
        "rows": rows,
        "frozen": services.numbers_frozen(row),
        "is_swiss": row.system == System.SWISS,
        "last_paired": services.last_paired_round(row),
        "player_form": PlayerForm(initial={"entry_round": services.next_round(row)}),
        "roster_form": RosterForm(
            choices=_roster_choices(club, row), initial={"entry_round": services.next_round(row)}
        ),
        "bye_form": ByeForm(players=players, initial={"round_number": services.next_round(row)}),
        "round_form": RoundForm(
            players=players, initial={"round_number": services.next_round(row)}
        ),
        "forbidden_form": ForbiddenForm(players=players),
        "forbidden": ForbiddenPair.objects.filter(tournament=row).select_related("first", "second"),
        "rules_form": PairingRulesForm(instance=row),
        "history": journal(row, results=False)[:50],
        "can_pair": allowed_on(request.user, row, Action.EDIT_PAIRINGS),
        "correctable": services.field_labels(services.CLOSED_CORRECTABLE_FIELDS),
        "query": _list_query(request),
        "list_results": _list_results(row, _list_query(request)),
        "next_round": services.next_round(row),
        "register_refusal": services.registration_refusal(row),
    }


# -- editing an entry -----------------------------------------------------------------------------

#: Pages *Modifier* may send the user back to (``?back=``), by URL name (the *Entries* tab
#: otherwise).
ENTRY_BACK_PAGES = ("export",)

#: Problems of the FRBE export about one player (``ExportIssue.params["number"]``, the pairing
#: number): the field of the entry's *Modifier* form that fixes each.
EXPORT_PROBLEM_FIELDS = {
    "missing_matricule": "matricule",
    "unknown_matricule": "matricule",
    "matricule_too_long": "matricule",
    "not_affiliated": "matricule",
    "missing_fide_id": "fide_id",
    "bad_club": "club",
    "rating_too_wide": "rating",
}


def entry_edit_url(row: Tournament, player_pk: int) -> str:
    """The *Modifier* page of entry ``player_pk`` (a ``TournamentPlayer`` pk) of ``row``."""
    assert row.club is not None
    return reverse("entry_edit", args=(row.club.number, row.pk, player_pk))


def entry_fix_link(user: Any, row: Tournament, kind: str, params: Any) -> str:
    """Where ``user`` fixes an export problem about one player (``kind`` an ``ExportIssue``
    kind, ``params`` its parameters, ``params["number"]`` the player's pairing number): the
    player's *Modifier* form at the field to fix, returning to the *Export* tab; ``""`` when
    the problem is not about a player's details, the player is unknown, the user may not
    manage the entries (``MANAGE_ENTRIES``) or the tournament is closed and the field is not
    one a closed tournament still corrects (``services.CLOSED_CORRECTABLE_FIELDS``: the
    matricule, FIDE ID, club… are; the rating is not)."""
    field = EXPORT_PROBLEM_FIELDS.get(kind)
    number = params.get("number") if hasattr(params, "get") else None
    if field is None or not isinstance(number, int) or row.club is None:
        return ""
    if row.is_closed and field not in services.CLOSED_CORRECTABLE_FIELDS:
        return ""
    if not allowed_on(user, row, Action.MANAGE_ENTRIES):
        return ""
    pk = row.players.filter(pairing_number=number).values_list("pk", flat=True).first()
    if pk is None:
        return ""
    return f"{entry_edit_url(row, pk)}?back=export#id_{field}"


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.MANAGE_ENTRIES)
def edit_entry(request: HttpRequest, club: Club, row: Tournament, player: int) -> HttpResponse:
    """*Modifier* a registered player: name, rating, fictitious-rating mark, title, matricule,
    FIDE ID, federation, sex, birth date, club (``forms.EntryForm``, the registration's
    rules). Who manages the entries (``MANAGE_ENTRIES``) may. A closed tournament shows only
    the details of ``services.CLOSED_CORRECTABLE_FIELDS`` editable (the federation files'),
    the others disabled with a note. A bad value answers 400 with the form naming the field; a
    detail someone else changed meanwhile 409 (nothing saved, the stored values shown); a new
    name, rating, fictitious mark or title in a closed tournament, an entry removed meanwhile
    or a FIDE ID of another entry 409 with the reason, nothing saved
    (``services.update_entry``). A roster player linked to the entry is not changed.
    ``?back=export`` returns to the *Export* tab."""
    if row.is_team_event:
        return _team_event_page(request, club, row)
    entry = get_object_or_404(TournamentPlayer, tournament=row, pk=player)
    source = request.POST if request.method == "POST" else request.GET
    back = source.get("back", "")
    back = back if back in ENTRY_BACK_PAGES else ""
    status = 200
    refusals: list[str] = []
    closed = row.is_closed
    if request.method == "POST":
        form = EntryForm(request.POST, player=entry, club_number=club.number, closed=closed)
        # Checked again under the tournament's lock by update_entry (closed meanwhile).
        locked = form.locked_changes()
        if locked:
            refusals = [services.closed_refusal(locked)]
            form = EntryForm(player=entry, club_number=club.number, closed=closed)
            status = 409
        elif not form.is_valid():
            status = 400
        else:
            changes = form.changes()
            old_number, old_name = entry.pairing_number, entry.name
            try:
                stored = services.update_entry(entry, changes, form.seen_values(), request.user)
            except services.EntryConflict as exc:
                refusals = [str(exc)]
                entry = get_object_or_404(TournamentPlayer, tournament=row, pk=player)
                form = EntryForm(player=entry, club_number=club.number, closed=closed)
                status = 409
            except services.Refused as exc:
                refusals = [str(exc)]
                status = 409
            else:
                if not changes:
                    messages.info(request, _("Nothing was changed."))
                else:
                    messages.success(
                        request, _("The entry of %(name)s was saved.") % {"name": stored.name}
                    )
                if stored.pairing_number != old_number:
                    messages.info(
                        request,
                        _("%(name)s now has pairing number %(number)s (by rating).")
                        % {"name": stored.name, "number": stored.pairing_number},
                    )
                if (
                    stored.name != old_name
                    and row.players.filter(name__iexact=stored.name).exclude(pk=stored.pk).exists()
                ):
                    messages.warning(
                        request,
                        _("Another player is already registered as %(name)s.")
                        % {"name": stored.name},
                    )
                if back:
                    return redirect(reverse(back, args=(club.number, row.pk)))
                return redirect(f"{entries_url(row)}#entry-{stored.pk}")
    else:
        form = EntryForm(player=entry, club_number=club.number, closed=closed)
    return render(
        request,
        "pairings/entry_edit.html",
        {
            "club": club,
            "tournament": row,
            "tab": "entries",
            "entry": entry,
            "form": form,
            "refusals": refusals,
            "back": back,
            "frozen": services.numbers_frozen(row),
            "is_swiss": row.system == System.SWISS,
            "locked_mark": LOCKED_MARK,
            "correctable": services.field_labels(services.CLOSED_CORRECTABLE_FIELDS),
            "locked_labels": services.field_labels(form.locked),
        },
        status=status,
    )


# -- pairing --------------------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.EDIT_PAIRINGS)
def pair_next(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """GET: what the next round will pair (players, byes, absences). POST: pair it (a draft)."""
    if row.is_team_event:
        return _team_event_page(request, club, row)
    status = 200
    number = services.next_round(row)
    proposed = services.proposed_round_slot(row, number)
    date_form = RoundDateForm(initial={"date": proposed.date, "time": proposed.time})
    if request.method == "POST":
        # A post without a field (an old page, a script) takes the proposed date or time; an
        # empty field is the arbiter's choice: no date (time) yet.
        posted = request.POST.copy()
        if "date" not in posted:
            posted["date"] = proposed.date.isoformat()
        if "time" not in posted:
            posted["time"] = proposed.time.strftime("%H:%M") if proposed.time else ""
        date_form = RoundDateForm(posted)
        if not date_form.is_valid():
            status = 400
        else:
            job = None
            refusal = services.pairing_refusal(row)
            if refusal:
                messages.error(request, refusal)
                status = services.Refused.status
            else:
                # The engine runs as a background job (no web server's time limit cuts it):
                # in process by default, else in a `chessclub worker`.
                job = pairing_jobs.submit(
                    row,
                    request.user,
                    date_form.cleaned_data["date"],
                    date_form.cleaned_data["time"],
                    back_url=request.get_full_path(),
                )
            followed = follow(request, job) if job is not None else None
            if followed is not None:
                return followed
            if job is not None:
                if job.field in date_form.fields:
                    date_form.add_error(job.field, job.message)
                else:
                    messages.error(request, job.message)
                status = job.status_code
        number = services.next_round(row)
    entries_of = services.round_entries(row, number)
    players = list(row.players.order_by("pairing_number"))
    kinds = dict(ByeCode.choices)
    not_paired = [
        {"player": p, "kind": kinds.get(entries_of[p.pairing_number], "")}
        for p in players
        if p.pairing_number in entries_of
    ]
    return render(
        request,
        "pairings/pair_next.html",
        {
            "club": club,
            "tournament": row,
            "tab": "entries",
            "number": number,
            "refusal": services.pairing_refusal(row),
            "paired": [p for p in players if p.pairing_number not in entries_of],
            "not_paired": not_paired,
            "is_swiss": row.system == System.SWISS,
            "rounds": row.rounds.order_by("number"),
            "date_form": date_form,
            "proposal_note": _proposal_note(row),
        },
        status=status,
    )


def _proposal_note(row: Tournament) -> str:
    """How the pair page proposes the round's date and time (``services.proposed_round_slot``),
    in the current language."""
    interval = services.round_interval(row)
    if interval is None:
        return _(
            "Proposed: one week after the round before it (the next day when that is after "
            "the end date), else the start date; always between the tournament's start and "
            "end dates."
        )
    return _(
        "Proposed: the same day as the round before it, %(minutes)s minutes after its start "
        "(from the tempo), else the start date at %(time)s; always between the tournament's "
        "start and end dates."
    ) % {
        "minutes": int(interval.total_seconds() // 60),
        "time": formats.time_format(services.FIRST_ROUND_TIME, "TIME_FORMAT"),
    }


def _game(round_row: Round, value: Any) -> Game:
    try:
        return Game.objects.select_related("white", "black", "round").get(
            round=round_row, pk=int(value)
        )
    except (TypeError, ValueError, Game.DoesNotExist):
        raise BadPost from None


def _round_action(request: HttpRequest, row: Tournament, round_row: Round) -> str | None:
    """Do the posted action on the round. Returns a success message, or None when the round
    was deleted (unpaired). Raises BadPost / Refused / PermissionDenied."""
    action = request.POST.get("action", "")
    user = request.user
    players = list(row.players.all())
    found: list[Violation]
    before = set(services.violations(round_row)) if round_row.state == RoundState.DRAFT else set()
    if action == "publish":
        require_on(request, row, Action.PUBLISH_ROUND)
        services.publish_round(round_row, user)
        return _("Round %(round)s is published.") % {"round": round_row.number}
    if action == "unpair":
        services.unpair_round(round_row, user)
        return None
    if action == "set_date":
        data = _form_or_bad(RoundDateForm(request.POST))
        # A post without the time field (an old page, a script) keeps the round's time.
        time = data["time"] if "time" in request.POST else round_row.time
        services.set_round_date(round_row, data["date"], user, time=time)
        return _("The date of round %(round)s was saved.") % {"round": round_row.number}
    if action == "repair":
        services.repair_round(round_row, user)
        return _("Round %(round)s was paired again.") % {"round": round_row.number}
    if action == "swap":
        data = _form_or_bad(SwapForm(request.POST, players=players))
        found = services.swap_players(
            round_row, _player(row, data["first"]), _player(row, data["second"]), user
        )
    elif action == "colours":
        found = services.exchange_colours(_game(round_row, request.POST.get("game")), user)
    elif action == "remove_board":
        found = services.remove_board(_game(round_row, request.POST.get("game")), user)
    elif action == "add_board":
        data = _form_or_bad(AddBoardForm(request.POST, players=players))
        found = services.add_board(
            round_row, _player(row, data["white"]), _player(row, data["black"]), user
        )
    elif action == "give_bye":
        found = services.give_bye(round_row, _player(row, request.POST.get("player")), user)
    else:
        raise BadPost(_("Unknown action."))
    # The criteria this edit breaks (those broken before stay listed on the page).
    _warn(request, [v for v in found if v not in before], row)
    return _("The pairing was changed.")


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.EDIT_PAIRINGS)
def pairing_round(
    request: HttpRequest, club: Club, row: Tournament, round_number: int
) -> HttpResponse:
    """A round's pairing: review, hand edits with the absolute criteria checked, pair again,
    publish (``PUBLISH_ROUND`` too), unpair; the pairing history below."""
    round_row = get_object_or_404(Round, tournament=row, number=round_number)
    if row.is_team_event:
        return _team_event_page(request, club, row)
    status = 200
    if request.method == "POST":
        try:
            message = _round_action(request, row, round_row)
        except BadPost as exc:
            return _bad_request(exc)
        except services.Refused as exc:
            messages.error(request, str(exc))
            status = exc.status
        else:
            if message is None:
                messages.success(
                    request, _("Round %(round)s was unpaired.") % {"round": round_number}
                )
                return redirect(reverse("pair_next", args=(club.number, row.pk)))
            messages.success(request, message)
            return redirect(round_url(row, round_number))
        round_row = get_object_or_404(Round, tournament=row, number=round_number)
    games = list(round_row.games.select_related("white", "black").order_by("board", "id"))
    byes = list(round_row.byes.select_related("player").order_by("player__pairing_number"))
    players = list(row.players.order_by("pairing_number"))
    on_board = [p for p in players if any(p.pk in (g.white_id, g.black_id) for g in games)]
    pab = [b.player for b in byes if b.kind == ByeCode.PAIRING_ALLOCATED]
    draft = round_row.state == RoundState.DRAFT
    names = {p.pairing_number: p.name for p in players}
    return render(
        request,
        "pairings/round.html",
        {
            "club": club,
            "tournament": row,
            "tab": "entries",
            "round": round_row,
            "draft": draft,
            "games": games,
            "byes": byes,
            "warnings": [violation_text(v, names) for v in services.violations(round_row)]
            if draft
            else [],
            "swap_form": SwapForm(players=on_board + pab),
            "add_form": AddBoardForm(
                players=[
                    b.player for b in byes if b.kind in (ByeCode.ABSENT, ByeCode.PAIRING_ALLOCATED)
                ]
            ),
            "unpaired": [b.player for b in byes if b.kind == ByeCode.ABSENT],
            "can_publish": allowed_on(request.user, row, Action.PUBLISH_ROUND),
            "history": journal(row, results=False)[:50],
            "is_swiss": row.system == System.SWISS,
            "date_form": RoundDateForm(initial={"date": round_row.date, "time": round_row.time}),
        },
        status=status,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@tournament_view(Action.EDIT_PAIRINGS)
def check_pairings(request: HttpRequest, club: Club, row: Tournament) -> HttpResponse:
    """Re-pair every round of a Swiss tournament (FIDE Dutch) and list, round by round, the
    pairs that differ from the round as played (GET shows the button; POST runs the check: one
    engine run per round). Each row is one :class:`chessclub.pairing.checker.RoundDifference`,
    in the checker's order: a pair played and not made by the engine, a pair made and not
    played, colours exchanged, another pairing-allocated bye; the board is the played one, left
    empty where there is none (a pair only the engine made, the bye)."""
    differences = None
    error = ""
    rounds: list[dict[str, Any]] = []
    if request.method == "POST":
        try:
            differences = services.check_tournament(row)
        except services.Refused as exc:
            error = str(exc)
        else:
            names = dict(row.players.values_list("pairing_number", "name"))
            by_round: dict[int, list[dict[str, Any]]] = {}
            for d in differences:
                by_round.setdefault(d.round, []).append(
                    {
                        "board": d.board,
                        "played": _pair_text(d.played, names),
                        "engine": _pair_text(d.engine, names),
                        "kind": d.kind,
                        "message": d.message,
                    }
                )
            rounds = [{"number": n, "rows": by_round[n]} for n in sorted(by_round)]
    return render(
        request,
        "pairings/check.html",
        {
            "club": club,
            "tournament": row,
            "tab": "entries",
            "checked": differences is not None,
            "rounds": rounds,
            "error": error,
            "is_swiss": row.system == System.SWISS,
        },
        status=409 if error else 200,
    )


def _pair_text(pair: tuple[int, int] | None, names: dict[int, str]) -> str:
    if pair is None:
        return "—"
    white, black = pair
    if black == 0:
        return _("%(player)s: bye") % {"player": f"{white}. {names.get(white, '?')}"}
    return f"{white}. {names.get(white, '?')} – {black}. {names.get(black, '?')}"
