"""Registering an entry through the JSON API: ``POST clubs/{number}/tournaments/{id}/entries``
(on :data:`.read_entries.router`, beside the ``GET`` of the same path).

A personal token with the scope ``manage_entries`` of the tournament's club, whose account may
manage the entries (``docs/permissions.md``). The body is one of:

- **by hand**, the *Inscriptions* page's form (``pairings.forms.PlayerForm``, its rules:
  R-REG-7): ``{"name": "Dupont, Anne", "rating": 1850, "fide_rating": …, "national_rating": …,
  "title": "FM", "federation": "BEL", "fide_id": "…", "national_id": "…", "sex": "F",
  "birth_date": "1990-04-02", "club": "618", "entry_round": 1}``; only ``name`` is required.
  Without ``rating``, the rating that pairs is chosen from ``fide_rating`` and
  ``national_rating`` by the tournament's choice (R-REG-4);
- **from a rating list** of the site, the page's *Ajouter* (R-REG-3): ``{"list": "frbe",
  "key": "90001"}`` (``list``: ``fide``, ``frbe`` or ``fse``; ``key``: the player's number in
  it), or ``{"fide_id": "9990001"}`` alone (FIDE's list), or ``{"list": "fse",
  "national_id": "…"}``; with ``entry_round`` at most. The name, IDs, federation, title, sex,
  birth date, club and ratings are the list's.

``entry_round`` defaults to the next round to pair. The player is registered by
``pairings.services.add_player``, the one home of the entries' rules (the same refusals as the
page, the same history line). Answers: 201 with the entry (its pairing number: by rating while
the numbers are not frozen) and ``warnings`` (another player of the same name: registered, but
said); 400 naming the field (``national_id`` for the form's matricule); 409 for what the rules
refuse (a FIDE ID or national ID already registered — ``field`` names it —, a closed
tournament, a round robin already paired, a round already paired).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Schema, Status
from pydantic import Field

from chessclub_web import refusals
from chessclub_web.api.auth import caller_of, token_caller, tournament_for
from chessclub_web.api.read_entries import EntryOut, entry_out
from chessclub_web.api.read_entries import router as entries_router
from chessclub_web.api.write import MAX_ROUND, IdPath, responses
from chessclub_web.clubs.permissions import Action
from chessclub_web.pairings import services
from chessclub_web.pairings.forms import PlayerForm
from chessclub_web.pairings.views import list_entry
from chessclub_web.tournaments import hooks
from chessclub_web.tournaments.models import Tournament

#: The router of :mod:`.read_entries`, with this module's ``POST`` on it (api.py adds it).
router = entries_router

#: The API's names of the hand form's fields, where they differ (``PlayerForm``).
API_FIELDS = {"matricule": "national_id"}
#: The fields only a registration by hand takes (from a list they are the list's).
HAND_FIELDS = (
    "name",
    "rating",
    "fide_rating",
    "national_rating",
    "title",
    "federation",
    "sex",
    "birth_date",
    "club",
)


class EntryIn(Schema):
    name: str | None = Field(
        None, max_length=200, description="Surname, first name (by hand: required)."
    )
    rating: int | None = Field(None, description="The rating that pairs and ranks, 0 to 4000.")
    fide_rating: int | None = Field(None, description="The FIDE rating, 0 to 4000.")
    national_rating: int | None = Field(None, description="The national rating, 0 to 4000.")
    title: str = Field("", max_length=4, description="GM, IM, WGM, FM, WIM, CM, WFM, WCM or ''.")
    federation: str = Field("", max_length=3, description="Three letters, e.g. BEL.")
    fide_id: str = Field("", max_length=16, description="Digits.")
    national_id: str = Field("", max_length=16, description="The matricule (FRBE/FSE): digits.")
    sex: str = Field("", max_length=1, description="M, F or ''.")
    birth_date: str = Field("", max_length=10, description="YYYY-MM-DD.")
    club: str = Field("", max_length=6, description="The club's federation number: digits.")
    entry_round: int | None = Field(
        None, ge=1, le=MAX_ROUND, description="Plays from this round (default: the next one)."
    )
    list: str = Field("", max_length=16, description="From a rating list: fide, frbe or fse.")
    key: str = Field("", max_length=32, description="From a rating list: the player's number.")


class RegisteredOut(EntryOut):
    warnings: list[str] = Field(
        default_factory=list, description="What the arbiter should know (a homonym)."
    )


def _form_entry(row: Tournament, payload: EntryIn, entry_round: int) -> services.NewEntry:
    """The hand form's entry, validated by the page's own form; 400 naming the first field
    the form refuses (every refusal in the message)."""

    def text(value: int | None) -> str:
        return "" if value is None else str(value)

    form = PlayerForm(
        {
            "name": payload.name or "",
            "rating": text(payload.rating),
            "fide_rating": text(payload.fide_rating),
            "national_rating": text(payload.national_rating),
            "title": payload.title,
            "federation": payload.federation,
            "fide_id": payload.fide_id,
            "matricule": payload.national_id,
            "sex": payload.sex,
            "birth_date": payload.birth_date,
            "club": payload.club,
            "entry_round": str(entry_round),
        }
    )
    if not form.is_valid():
        places = [
            (API_FIELDS.get(name, name), " ".join(str(m) for m in errors))
            for name, errors in form.errors.items()
        ]
        raise refusals.BadInput(
            "; ".join(f"{name}: {message}" for name, message in places), field=places[0][0]
        )
    data = form.cleaned_data
    return services.NewEntry(
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
    )


def _from_list(row: Tournament, payload: EntryIn, entry_round: int) -> services.NewEntry | None:
    """The entry of a rating list's record when the body names one (``list``/``key``, or a
    ``fide_id`` without a name), ``None`` for a registration by hand; 400 when the body mixes
    both or the list has no such player."""
    kind = payload.list.strip().lower()
    if not kind and (payload.name or not payload.fide_id):
        return None
    key, key_field = payload.key.strip(), "key"
    if not kind:
        kind, key, key_field = "fide", payload.fide_id.strip(), "fide_id"
    elif not key:
        key_field = "fide_id" if kind == "fide" else "national_id"
        key = getattr(payload, key_field).strip()
    if not key:
        raise refusals.BadInput(
            _("From a rating list: send the player's number in it (key)."), field="key"
        )
    sent = payload.model_fields_set
    for name in HAND_FIELDS:
        if name in sent and getattr(payload, name) not in (None, ""):
            raise refusals.BadInput(
                _(
                    "%(field)s: a player registered from a rating list takes the list's "
                    "details; send only list, key and entry_round."
                )
                % {"field": name},
                field=name,
            )
    found = hooks.list_player(kind, key)
    if found is None:
        message = _("No player %(key)s in this list.") % {"key": key}
        raise refusals.BadInput(message, field=key_field)
    return list_entry(row, found, entry_round)


@router.post(
    "clubs/{number}/tournaments/{pk}/entries",
    auth=token_caller,
    response=responses({201: RegisteredOut}),
    summary="Register a player, by hand or from a rating list",
)
def register_entry(request: HttpRequest, number: str, pk: IdPath, payload: EntryIn) -> object:
    caller = caller_of(request)
    row = tournament_for(caller, number, pk, Action.MANAGE_ENTRIES)
    entry_round = payload.entry_round or services.next_round(row)
    entry = _from_list(row, payload, entry_round) or _form_entry(row, payload, entry_round)
    warnings: list[str] = []
    if row.players.filter(name__iexact=entry.name).exists():
        # A homonym is registered (a double click?), as the page says.
        warnings.append(
            _("Another player is already registered as %(name)s.") % {"name": entry.name}
        )
    try:
        player = services.add_player(row, entry, caller.user)
    except services.Refused as refused:
        refused.field = API_FIELDS.get(refused.field, refused.field)
        raise
    data: dict[str, Any] = entry_out(player).model_dump()
    return Status(201, RegisteredOut(**data, warnings=warnings))
