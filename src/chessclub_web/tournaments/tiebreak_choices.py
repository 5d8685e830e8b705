"""The tiebreaks the *Paramètres* page offers: ready-made lists (presets) and the codes shown as
check boxes, for individual tournaments and team events.

Presets are data: each names where its list comes from. FIDE's C.07 (2023 and later) gives no
default list (spec ``fide.md`` §1.6); the recommendations FIDE published are those of its
predecessor, C.02 Art. 13.16 (2009–2023): round robin DE, WIN, SB, KS (13.16.2); Swiss whose
ratings are not consistent BH/C1, BH, SB, PS, DE, WIN, BWG (13.16.4); Swiss whose ratings are
consistent BH/C1, BH, DE, ARO/C1, WIN, BWG, BPG, SB (13.16.5). The product's defaults (spec S4)
come next. Our sources give no FIDE list for team events (C.02 13.16.1/.3/.6 were not
retrieved) and no usual list of the Belgian or Swiss federation: the team presets are the
product's default after match points (S4: GP, EDE, EMGSB) and its form for game points first.

The check boxes are every catalogue code with the modifiers TRF-2026 makes mandatory
(``fide.md`` §1.3, MTB26), without the combinations of a cut with /P, which the text field
still takes. Imports the core only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from chessclub.tiebreaks import CATALOGUE
from chessclub.tiebreaks.codes import DEFAULT_ROUND_ROBIN, DEFAULT_SWISS, DEFAULT_TEAM
from chessclub.tiebreaks.teams import TEAM_CODES


@dataclass(frozen=True)
class Preset:
    """A ready-made list: ``key`` (the page's ``?preset=`` value), ``label``, ``source`` (the
    rule or text it comes from), ``codes`` in order, ``team`` (for team events) and
    ``round_robin`` (``True`` for round robins, ``False`` for Swiss events, ``None`` both)."""

    key: str
    label: str | Promise
    source: str | Promise
    codes: tuple[str, ...]
    team: bool = False
    round_robin: bool | None = None


PRESETS: tuple[Preset, ...] = (
    Preset(
        "fide-round-robin",
        _("FIDE, individual round robin"),
        _("C.02 Art. 13.16.2 (recommended until 2023; C.07 gives no default list)"),
        ("DE", "WIN", "SB", "KS"),
        round_robin=True,
    ),
    Preset(
        "fide-swiss",
        _("FIDE, individual Swiss"),
        _("C.02 Art. 13.16.4, ratings not consistent (recommended until 2023)"),
        ("BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG"),
        round_robin=False,
    ),
    Preset(
        "fide-swiss-rated",
        _("FIDE, individual Swiss with consistent ratings"),
        _("C.02 Art. 13.16.5, ratings consistent (recommended until 2023)"),
        ("BH/C1", "BH", "DE", "ARO/C1", "WIN", "BWG", "BPG", "SB"),
        round_robin=False,
    ),
    Preset(
        "default-round-robin",
        _("The application's default for a round robin"),
        _("product rule S4"),
        DEFAULT_ROUND_ROBIN,
        round_robin=True,
    ),
    Preset(
        "default-swiss",
        _("The application's default for a Swiss"),
        _("product rule S4"),
        DEFAULT_SWISS,
        round_robin=False,
    ),
    Preset(
        "default-team",
        _("Team event, match points first"),
        _("product rule S4 (no FIDE list for team events in our sources)"),
        DEFAULT_TEAM,
        team=True,
    ),
    Preset(
        "default-team-gp",
        _("Team event, game points first"),
        _("product rule S4 with game points as the primary score"),
        ("MP", *DEFAULT_TEAM[1:]),
        team=True,
    ),
)

#: The modifiers shown as their own check box, per code (the code alone always is).
VARIANTS: dict[str, tuple[str, ...]] = {
    "DE": ("P",),
    "PS": ("C1", "C2"),
    "TPN": ("R",),
    "BH": ("C1", "C2", "M1", "M2", "P"),
    "AOB": ("F",),
    "FB": ("C1", "C2", "M1", "M2"),
    "SB": ("C1", "C2", "P"),
    "ARO": ("C1", "C2", "M1", "M2"),
    "RTNG": ("R",),
    "EMGSB": ("C1",),
    "EMMSB": ("C1",),
}


def presets_for(*, team: bool, round_robin: bool) -> list[Preset]:
    """The presets of an event: team or individual; those made for its system first."""
    mine = [p for p in PRESETS if p.team == team]
    return sorted(mine, key=lambda p: p.round_robin is not None and p.round_robin != round_robin)


def preset(key: str, *, team: bool) -> Preset | None:
    """The preset ``key`` of that kind of event, ``None`` when there is none."""
    return next((p for p in PRESETS if p.key == key and p.team == team), None)


def offered_codes(*, team: bool) -> list[str]:
    """The codes shown as check boxes, in the catalogue's order (C.07 article order)."""
    codes: list[str] = []
    for code, info in CATALOGUE.items():
        if (code not in TEAM_CODES) if team else info.team:
            continue
        codes.append(code)
        codes.extend(f"{code}/{modifier}" for modifier in VARIANTS.get(code, ()))
    return codes


@dataclass(frozen=True)
class ChoiceRow:
    """One check box of the page: ``code``, ``checked``, ``position`` (its place in the list,
    ``""`` when not chosen) and ``index`` (for unique element ids)."""

    code: str
    checked: bool
    position: str
    index: int


def choice_rows(
    offered: Sequence[str], chosen: Sequence[str], positions: dict[str, str] | None = None
) -> list[ChoiceRow]:
    """The check boxes: the ``chosen`` codes first, in their order (numbered 1, 2…, or as
    ``positions`` gives them back to a page that was refused), then the other ``offered``
    codes. A chosen code that is not offered (typed in the text field, ``KS/L+1``) gets a
    check box of its own."""
    rows: list[ChoiceRow] = []
    for number, code in enumerate(chosen, start=1):
        shown = positions.get(code, str(number)) if positions is not None else str(number)
        rows.append(ChoiceRow(code, True, shown, len(rows)))
    taken = set(chosen)
    for code in offered:
        if code not in taken:
            shown = positions.get(code, "") if positions is not None else ""
            rows.append(ChoiceRow(code, False, shown, len(rows)))
    return rows
