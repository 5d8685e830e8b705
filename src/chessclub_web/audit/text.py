"""A journal line's words: an untranslated message (a msgid) and its parameters, put together
in the reader's language when read (:func:`render_change`)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_noop

#: Parameters of a history line stored as codes and shown as a translated label, by
#: parameter name: a bye kind (``H``/``Z``, as ``RequestedBye.kind``), a colour (``W``/``B``,
#: as ``Tournament.initial_colour``) and an entry's detail (a ``TournamentPlayer`` field
#: name); the rule eras of the *Paramètres* (``rules_from``/``rules_to``, as
#: ``Tournament.tiebreak_rules``). A code missing from the table is shown as stored.
CODED_PARAMS: dict[str, dict[str, str]] = {
    "bye": {"H": gettext_noop("half-point bye"), "Z": gettext_noop("zero-point bye")},
    "colour": {"W": gettext_noop("White"), "B": gettext_noop("Black")},
    # A detail of an entry changed on *Modifier* (``services.ENTRY_FIELDS``).
    "field": {
        "name": gettext_noop("name"),
        "rating": gettext_noop("rating"),
        "fictitious_rating": gettext_noop("fictitious rating mark (***)"),
        "title": gettext_noop("title"),
        "matricule": gettext_noop("matricule"),
        "fide_id": gettext_noop("FIDE ID"),
        "federation": gettext_noop("federation"),
        "sex": gettext_noop("sex"),
        "birth_date": gettext_noop("birth date"),
        "club": gettext_noop("club"),
    },
}
#: A rule era of the *Paramètres* (``Tournament.tiebreak_rules``), as its choice is labelled.
_RULES = {
    "": gettext_noop("Follow the start date"),
    "2009": gettext_noop("2009: virtual opponent (C.02 Art. 13)"),
    "2023": gettext_noop("2023: C.07 of 1 July 2023 (Art. 16, VUR cut rule)"),
    "2026": gettext_noop("2026: C.07 of 1 March 2026 (Art. 16.4 caps)"),
}
CODED_PARAMS["rules_from"] = CODED_PARAMS["rules_to"] = _RULES
#: A board's result (``Game.result`` codes), as the boards page shows it.
CODED_PARAMS["from"] = CODED_PARAMS["to"] = {
    "1-0": "1-0",
    "=": "½-½",
    "0-1": "0-1",
    "+-": "+/-",
    "-+": "-/+",
    "--": "-/-",
    "": "–",
}
#: How a result reached the server (``results.models.Via``).
CODED_PARAMS["via"] = {
    "autosave": gettext_noop("automatic save"),
    "button": gettext_noop("button"),
    "api": gettext_noop("JSON API"),
    "player": gettext_noop("reported by the players"),
}
#: How any other change reached the server, when not through the pages
#: (:func:`chessclub_web.audit.services.channel`): only ``"api"`` so far.
CODED_PARAMS["channel"] = {"api": gettext_noop("JSON API")}

#: A yes-or-no setting, stored as ``"yes"``/``"no"``.
CODED_PARAMS["fide_rated"] = CODED_PARAMS["national"] = {
    "yes": gettext_noop("yes"),
    "no": gettext_noop("no"),
}
#: A detail of the tournament changed on *Modifier le tournoi* (``tournaments.services``).
CODED_PARAMS["detail"] = {
    "name": gettext_noop("name"),
    "city": gettext_noop("city"),
    "federation": gettext_noop("federation"),
    "start_date": gettext_noop("start date"),
    "end_date": gettext_noop("end date"),
    "chief_arbiter": gettext_noop("chief arbiter"),
    "deputy_arbiters": gettext_noop("deputy arbiters"),
    "time_control_category": gettext_noop("time-control category"),
    "time_control": gettext_noop("time control"),
}

#: Parameters stored as an ISO date (``"2026-03-05"``) or ``None`` and shown in the reader's
#: short date format (``"—"`` for ``None``).
DATE_PARAMS = frozenset({"date"})


def param_text(name: str, value: object, translate: bool) -> object:
    """One parameter as the reader sees it (``translate=False``: the source language)."""
    labels = CODED_PARAMS.get(name)
    if labels is not None and isinstance(value, str) and value in labels:
        return gettext(labels[value]) if translate else labels[value]
    if name in DATE_PARAMS:
        if not value:
            return "—"
        day = datetime.date.fromisoformat(str(value))
        return date_format(day, "SHORT_DATE_FORMAT") if translate else day.isoformat()
    return value


def render_change(message: str, params: Mapping[str, object] | None, translate: bool) -> str:
    """The text of a history line: ``message`` (an untranslated msgid such as
    ``"Round %(round)s published."``) translated into the active language when ``translate``,
    with ``params`` (names, numbers, codes of :data:`CODED_PARAMS`, ISO dates of
    :data:`DATE_PARAMS`) put in. Raises ``KeyError``/``ValueError``/``TypeError`` when the
    parameters do not fit the message (also when ``params`` is not a mapping: a row written by
    other means)."""
    if params is not None and not isinstance(params, Mapping):
        raise TypeError(f"history parameters must be a mapping, not {type(params).__name__}")
    text = gettext(message) if translate else message
    values = {name: param_text(name, value, translate) for name, value in (params or {}).items()}
    return text % values
