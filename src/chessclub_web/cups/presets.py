"""The match formats of the spec's table (§3.2) as chains of the core's stages (K17, K31)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from chessclub.club_systems.knockout import Stage


@dataclass(frozen=True)
class CupPreset:
    stages: tuple[Stage, ...]
    #: The preset's rule for Armageddon's White (``""``: as set).
    armageddon_white: str = ""


PRESETS: Mapping[str, CupPreset] = {
    # One game at 90 min; if drawn, blitz 5+3 with reversed colours, repeated until decided.
    "grenchen": CupPreset(
        (Stage("games", 1, time_control="90 min"), Stage("games", 1, True, time_control="5+3"))
    ),
    # One game; then 2 blitz games of 5 min; then sudden death.
    "bellheim": CupPreset(
        (
            Stage("games", 1),
            Stage("games", 2, time_control="5 min"),
            Stage("games", 1, True, time_control="5 min"),
        )
    ),
    # Two games, colours swapped; then Armageddon, White must win (blitz W 4+2, B 3+2).
    "ssb-final": CupPreset(
        (Stage("games", 2), Stage("armageddon", time_control="W 4+2 / B 3+2")), "lot"
    ),
    # Best of five at 15+10 (first to 2½); at 2:2 Armageddon, the lower-rated player chooses
    # (White 10 min must win, Black 8 min).
    "thun": CupPreset(
        (
            Stage("games", 4, first_to=Fraction(5, 2), time_control="15+10"),
            Stage("armageddon", time_control="W 10 min / B 8 min"),
        ),
        "lower_rated",
    ),
}
