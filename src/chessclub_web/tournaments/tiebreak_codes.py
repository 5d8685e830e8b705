"""Tiebreak codes as a tournament row stores them: one validation shared by the settings form,
the model's ``clean()`` (the admin) and the pages that read a stored value.

Rows only hold canonical codes (TRF-2026 spelling, comma separated); :func:`clean_tiebreaks`
checks a text with the core's parser and returns that canonical text, or raises a
``ValidationError`` naming each bad code. Importable from ``models.py`` (core imports only).
"""

from __future__ import annotations

import re
from dataclasses import replace

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from chessclub.tiebreaks import (
    ALIASES,
    CATALOGUE,
    TiebreakCodeError,
    TiebreakSpec,
    parse_tiebreak,
    parse_tiebreaks,
)
from chessclub.tiebreaks.teams import TEAM_CODES

#: Longest list of tiebreak codes (comma separated), as the row's column holds it.
TIEBREAKS_MAX_LENGTH = 255


def canonical_code(spec: TiebreakSpec) -> str:
    """The TRF-2026 spelling of a parsed descriptor (``GE`` is written ``REP``)."""
    return replace(spec, written_as="").code if spec.written_as else spec.code


def tiebreaks_text(specs: tuple[TiebreakSpec, ...] | list[TiebreakSpec]) -> str:
    """What a row's ``tiebreaks`` stores for these descriptors: ``BH/C1,BH,SB``."""
    return ",".join(canonical_code(spec) for spec in specs)


def _bad_code(item: str) -> ValidationError:
    """Why ``item`` is no tiebreak descriptor, translated, naming it."""
    head = item.strip().upper().split("/")[0]
    if "-" in head and "/" not in item:
        head = head.split("-")[0]
    name = head.partition(":")[0]
    if ALIASES.get(name, name) not in CATALOGUE:
        return ValidationError(
            _("“%(code)s” is not a tiebreak code of the catalogue."),
            code="unknown_tiebreak",
            params={"code": item},
        )
    return ValidationError(
        _("“%(code)s”: %(name)s does not take this modifier (it takes: %(modifiers)s)."),
        code="bad_modifier",
        params={
            "code": item,
            "name": CATALOGUE[ALIASES.get(name, name)].code,
            "modifiers": ", ".join(
                f"/{m}" for m in sorted(CATALOGUE[ALIASES.get(name, name)].modifiers)
            )
            or _("none"),
        },
    )


def clean_tiebreaks(text: str) -> str:
    """The canonical text to store for ``text`` (codes separated by commas, semicolons or
    spaces; ``""``: the system's defaults). Every code is checked with the core's parser
    (individual tournaments: no team tiebreak, no code twice); a ``ValidationError`` names
    each bad code otherwise."""
    items = [item for item in re.split(r"[,;\s]+", text or "") if item]
    errors: list[ValidationError] = []
    specs: list[TiebreakSpec] = []
    seen: set[str] = set()
    for item in items:
        try:
            spec = parse_tiebreak(item)
        except TiebreakCodeError:
            errors.append(_bad_code(item))
            continue
        code = canonical_code(spec)
        if spec.info.team:
            errors.append(
                ValidationError(
                    _("“%(code)s” is a team tiebreak: not for an individual tournament."),
                    code="team_tiebreak",
                    params={"code": code},
                )
            )
            continue
        if code in seen:
            errors.append(
                ValidationError(
                    _("“%(code)s” is listed twice."),
                    code="duplicate_tiebreak",
                    params={"code": code},
                )
            )
        seen.add(code)
        specs.append(spec)
    if errors:
        raise ValidationError(errors)
    # The core's own check of the whole list (team codes refused) as the last word.
    parse_tiebreaks([canonical_code(spec) for spec in specs], individual=True)
    canonical = tiebreaks_text(specs)
    if len(canonical) > TIEBREAKS_MAX_LENGTH:
        raise ValidationError(
            _("At most %(max)s characters of tiebreak codes."),
            code="tiebreaks_too_long",
            params={"max": TIEBREAKS_MAX_LENGTH},
        )
    return canonical


def clean_team_tiebreaks(text: str) -> str:
    """:func:`clean_tiebreaks` for a team event: every code one of the team tiebreaks
    (C.07 Art. 12–13, and BH; ``chessclub.tiebreaks.teams.TEAM_CODES``), none twice.
    Returns the canonical text (``""``: the defaults); a ``ValidationError`` names each bad
    code."""
    items = [item for item in re.split(r"[,;\s]+", text or "") if item]
    errors: list[ValidationError] = []
    codes: list[str] = []
    for item in items:
        try:
            spec = parse_tiebreak(item)
        except TiebreakCodeError:
            errors.append(_bad_code(item))
            continue
        code = canonical_code(spec)
        if spec.name not in TEAM_CODES:
            errors.append(
                ValidationError(
                    _("“%(code)s” is an individual tiebreak: not for a team event."),
                    code="individual_tiebreak",
                    params={"code": code},
                )
            )
        elif code in codes:
            errors.append(
                ValidationError(
                    _("“%(code)s” is listed twice."),
                    code="duplicate_tiebreak",
                    params={"code": code},
                )
            )
        else:
            codes.append(code)
    if errors:
        raise ValidationError(errors)
    canonical = ",".join(codes)
    if len(canonical) > TIEBREAKS_MAX_LENGTH:
        raise ValidationError(
            _("At most %(max)s characters of tiebreak codes."),
            code="tiebreaks_too_long",
            params={"max": TIEBREAKS_MAX_LENGTH},
        )
    return canonical


def stored_codes(text: str) -> tuple[str, ...] | None:
    """The canonical codes of a row's stored ``tiebreaks`` (``()`` when empty: the defaults),
    or ``None`` when the stored value is not a valid list (written around the validation)."""
    try:
        canonical = clean_tiebreaks(text)
    except (ValidationError, TiebreakCodeError, ValueError):
        return None
    return tuple(code for code in canonical.split(",") if code)
