"""Tiebreak codes and descriptors (FIDE C.07 Art. 5–14; TRF-2026 record 202 spelling).

A descriptor is ``NAME[:MP|:GP][/modifier…]``: ``BH/C1``, ``SB/C2/P``, ``ARO/M1``, ``KS/L+1``,
``AOB/F``, ``RTNG/R``. Modifiers (Art. 14):

* ``C1``, ``C2`` … — Cut-n: drop the n least significant contributions;
* ``M1``, ``M2`` … — Median-n: drop the n least and the n most significant contributions;
* ``P`` — forfeits count as games played against the scheduled opponent;
* ``F`` — use Fore Buchholz inside AOB;
* ``R`` — reverse the order (lower value ranks first), for RTNG and TPN;
* ``L±x`` — Koya limit moved by x half-points of ½ point (``L+1``, ``L-2``; ``L+1.5`` moves it
  by 1.5 points); ``Lnn`` sets the limit to nn % of the maximum instead of 50 % (FIDE's
  reference implementation reads the modifier so).

``:MP``/``:GP`` select the team score and are accepted for descriptors written for team events;
for individuals both mean the player's points. The short spelling ``BH-C1`` (product spec S4) is
accepted for ``BH/C1``. Unknown codes or modifiers raise :class:`TiebreakCodeError`
(a ``ValueError``).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction


class TiebreakCodeError(ValueError):
    """A descriptor that names no known tiebreak, or a modifier the tiebreak does not take."""


class TiebreakType(enum.Enum):
    """C.07 Art. 5 types: which data a tiebreak uses."""

    A = "A"  # a subset of the participant's games (tied group)
    B = "B"  # the participant's own results
    C = "C"  # opponents' results
    D = "D"  # ratings and performances
    BC = "BC"
    CC = "CC"
    DB = "DB"
    DC = "DC"


@dataclass(frozen=True, slots=True)
class TiebreakInfo:
    """A catalogue entry: code, full name, C.07 article, type and accepted modifiers.

    ``modifiers`` holds the letters accepted (``C`` cut, ``M`` median, ``P``, ``F``, ``R``,
    ``L``). ``lower_is_better`` marks tiebreaks whose smaller value ranks first (TPN, and DE
    whose value is a position inside the tied group).
    """

    code: str
    name: str
    article: str
    type: TiebreakType
    modifiers: frozenset[str] = frozenset()
    lower_is_better: bool = False
    uses_ratings: bool = False
    team: bool = False
    """True for team-only tiebreaks (C.07 Art. 12–13), computed by
    :mod:`chessclub.tiebreaks.teams`."""


def _info(
    code: str,
    name: str,
    article: str,
    kind: TiebreakType,
    modifiers: str = "",
    *,
    lower_is_better: bool = False,
    uses_ratings: bool = False,
) -> TiebreakInfo:
    return TiebreakInfo(
        code, name, article, kind, frozenset(modifiers), lower_is_better, uses_ratings
    )


T = TiebreakType
CATALOGUE: dict[str, TiebreakInfo] = {
    info.code: info
    for info in (
        _info("DE", "Direct Encounter", "C.07 Art. 6", T.A, "P", lower_is_better=True),
        _info("WIN", "Number of Wins", "C.07 Art. 7.1", T.B),
        _info("WON", "Number of Games Won", "C.07 Art. 7.2", T.B),
        _info("BPG", "Number of Games Played with Black", "C.07 Art. 7.3", T.B),
        _info("BWG", "Number of Games Won with Black", "C.07 Art. 7.4", T.B),
        _info("PS", "Sum of Progressive Scores", "C.07 Art. 7.5", T.B, "C"),
        _info("REP", "Rounds one Elected to Play", "C.07 Art. 7.6", T.B),
        _info("STD", "Standard Points", "C.07 (2026) Art. 7.7", T.B),
        _info("TPN", "Tournament Pairing Number", "C.07 (2026) Art. 7.8", T.B, "R",
              lower_is_better=True),
        _info("BH", "Buchholz", "C.07 Art. 8.1", T.C, "CMP"),
        _info("AOB", "Average of Opponents' Buchholz", "C.07 Art. 8.2", T.CC, "FP"),
        _info("FB", "Fore Buchholz", "C.07 Art. 8.3", T.C, "CMP"),
        _info("SB", "Sonneborn-Berger", "C.07 Art. 9.1", T.BC, "CMP"),
        _info("KS", "Koya System", "C.07 Art. 9.2", T.BC, "L"),
        _info("ARO", "Average Rating of Opponents", "C.07 Art. 10.1", T.D, "CM",
              uses_ratings=True),
        _info("TPR", "Tournament Performance Rating", "C.07 Art. 10.2", T.DB,
              uses_ratings=True),
        _info("PTP", "Perfect Tournament Performance", "C.07 Art. 10.3", T.DB,
              uses_ratings=True),
        _info("APRO", "Average Performance Rating of Opponents", "C.07 Art. 10.4", T.DC,
              uses_ratings=True),
        _info("APPO", "Average Perfect Performance of Opponents", "C.07 Art. 10.5", T.DC,
              uses_ratings=True),
        _info("RTNG", "Rating", "C.07 (2026) Art. 10.6", T.B, "R", uses_ratings=True),
    )
}  # fmt: skip


def _team(
    code: str,
    name: str,
    article: str,
    kind: TiebreakType,
    modifiers: str = "",
    *,
    lower: bool = False,
) -> TiebreakInfo:
    return TiebreakInfo(code, name, article, kind, frozenset(modifiers), lower, team=True)


_EDE = "Extended Direct Encounter"
_ESB = "Extended Sonneborn-Berger"
CATALOGUE.update(
    {
        info.code: info
        for info in (
            _team("MP", "Match Points", "C.07 Art. 12.1", T.B),
            _team("GP", "Game Points", "C.07 Art. 12.1", T.B),
            _team("MPVGP", "Match Points or Game Points (secondary)", "C.07 Art. 12.2", T.B),
            _team("BC", "Board Count", "C.07 Art. 12.3", T.B, lower=True),
            _team("TBR", "Top Board Result", "C.07 Art. 12.4", T.B, lower=True),
            _team("BBE", "Bottom Board Elimination", "C.07 Art. 12.5", T.B, lower=True),
            _team("EDE", _EDE, "C.07 Art. 13.3", T.A, "P", lower=True),
            _team("EDEC", _EDE + ", then BC", "C.07 Art. 13.3.2", T.A, "P", lower=True),
            _team("EDET", _EDE + ", then TBR", "C.07 Art. 13.3.2", T.A, "P", lower=True),
            _team("EDEB", _EDE + ", then BBE", "C.07 Art. 13.3.2", T.A, "P", lower=True),
            _team("EDEBT", _EDE + ", then BC, TBR", "C.07 Art. 13.3.2", T.A, "P", lower=True),
            _team("EDEBB", _EDE + ", then BC, BBE", "C.07 Art. 13.3.2", T.A, "P", lower=True),
            _team("EMMSB", _ESB + " (opponent MP × own MP)", "C.07 Art. 13.2", T.BC, "CMP"),
            _team("EMGSB", _ESB + " (opponent MP × own GP)", "C.07 Art. 13.2", T.BC, "CMP"),
            _team("EGMSB", _ESB + " (opponent GP × own MP)", "C.07 Art. 13.2", T.BC, "CMP"),
            _team("EGGSB", _ESB + " (opponent GP × own GP)", "C.07 Art. 13.2", T.BC, "CMP"),
            _team("ESB", _ESB + " (primary × secondary)", "C.07 Art. 13.2", T.BC, "CMP"),
            _team("SSSC", "Score Strength Combination", "C.07 (2026) Art. 13.4", T.BC, "PK"),
        )
    }
)  # fmt: skip
"""Team tiebreaks (C.07 Art. 12–13); ``MPvGP`` is spelled ``MPVGP`` once parsed."""

ALIASES: dict[str, str] = {"GE": "REP", "SNO": "TPN", "RTG": "RTNG"}
"""Older spellings: ``GE`` (2023/2024 "Games one Elected to play") is the 2026 ``REP``."""

_MODIFIER = re.compile(
    r"^(?:(?P<cm>[CMK])(?P<n>\d+)|(?P<flag>[PFR])|L(?P<sign>[+-]?)(?P<lim>\d+(?:\.\d+)?))$"
)


@dataclass(frozen=True, slots=True)
class TiebreakSpec:
    """A parsed descriptor. ``code`` gives it back in canonical TRF-2026 spelling.

    ``cut_low``/``cut_high`` count contributions dropped at each end (Cut-n: low only;
    Median-n: both). ``koya_percent`` and ``koya_shift`` (points) set the Koya limit.
    ``written_as`` keeps the name as the user wrote it (``GE`` stays ``GE`` in ``code``).
    """

    name: str
    cut_low: int = 0
    cut_high: int = 0
    forfeits_as_played: bool = False
    fore: bool = False
    reverse: bool = False
    koya_percent: int = 50
    koya_shift: Fraction = Fraction(0)
    score: str = ""
    written_as: str = ""
    normaliser: int = 0
    """SSSC ``/Kx``: divide the Buchholz part by x instead of the computed normaliser."""

    @property
    def info(self) -> TiebreakInfo:
        return CATALOGUE[self.name]

    code: str = field(init=False, default="", compare=False)
    """The descriptor in canonical TRF-2026 spelling (``BH/C1``, ``KS/L+1``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self._render())

    def _render(self) -> str:
        parts = [(self.written_as or self.name) + (f":{self.score}" if self.score else "")]
        if self.cut_high:
            parts.append(f"M{self.cut_high}")
        elif self.cut_low:
            parts.append(f"C{self.cut_low}")
        if self.koya_percent != 50:
            parts.append(f"L{self.koya_percent}")
        if self.koya_shift:
            halves = self.koya_shift * 2
            if halves.denominator == 1:
                parts.append(f"L{int(halves):+d}")
            else:
                sign = "+" if self.koya_shift > 0 else "-"
                amount = abs(self.koya_shift)
                parts.append(f"L{sign}{Decimal(amount.numerator) / Decimal(amount.denominator)}")
        if self.normaliser:
            parts.append(f"K{self.normaliser}")
        if self.fore:
            parts.append("F")
        if self.forfeits_as_played:
            parts.append("P")
        if self.reverse:
            parts.append("R")
        return "/".join(parts)

    @property
    def lower_is_better(self) -> bool:
        """True when a smaller value ranks first (after the /R modifier)."""
        return self.info.lower_is_better ^ self.reverse

    def __str__(self) -> str:
        return self.code


def parse_tiebreak(text: str) -> TiebreakSpec:
    """Parse a descriptor ``NAME[:MP|:GP][/modifier…]`` (case-insensitive).

    Raises :class:`TiebreakCodeError` naming the descriptor for an unknown code, a modifier the
    tiebreak does not take (``WIN/C1``) or a malformed one.
    """
    raw = text.strip().upper()
    if not raw:
        raise TiebreakCodeError("empty tiebreak code")
    head, *mods = raw.split("/")
    if "-" in head and not mods:  # "BH-C1" (spec S4 spelling)
        head, *mods = head.split("-")
    name, _, score = head.partition(":")
    written = name
    name = ALIASES.get(name, name)
    if name not in CATALOGUE:
        known = ", ".join(sorted([*CATALOGUE, *ALIASES]))
        raise TiebreakCodeError(f"unknown tiebreak code {text.strip()!r} (known: {known})")
    if score not in ("", "MP", "GP"):
        raise TiebreakCodeError(f"{text.strip()!r}: score must be :MP or :GP, not :{score}")
    info = CATALOGUE[name]
    values: dict[str, int | bool] = {}
    koya_shift = Fraction(0)
    for mod in mods:
        match = _MODIFIER.match(mod)
        letter = mod[:1]
        if match is None or letter not in info.modifiers:
            raise TiebreakCodeError(
                f"{text.strip()!r}: modifier /{mod} does not apply to {name} "
                f"(accepted: {', '.join(sorted(info.modifiers)) or 'none'})"
            )
        if match["cm"] == "C":
            values["cut_low"] = int(match["n"])
        elif match["cm"] == "M":
            values["cut_low"] = values["cut_high"] = int(match["n"])
        elif match["cm"] == "K":
            values["normaliser"] = int(match["n"])
        elif match["flag"] == "P":
            values["forfeits_as_played"] = True
        elif match["flag"] == "F":
            values["fore"] = True
        elif match["flag"] == "R":
            values["reverse"] = True
        elif not match["sign"]:
            if "." in match["lim"]:
                raise TiebreakCodeError(f"{text.strip()!r}: /L<percent> takes a whole number")
            values["koya_percent"] = int(match["lim"])
        else:
            amount = Fraction(match["lim"]) if "." in match["lim"] else Fraction(match["lim"]) / 2
            koya_shift = -amount if match["sign"] == "-" else amount
    return TiebreakSpec(
        name=name,
        cut_low=int(values.get("cut_low", 0)),
        cut_high=int(values.get("cut_high", 0)),
        forfeits_as_played=bool(values.get("forfeits_as_played", False)),
        fore=bool(values.get("fore", False)),
        reverse=bool(values.get("reverse", False)),
        koya_percent=int(values.get("koya_percent", 50)),
        koya_shift=koya_shift,
        score=score,
        written_as=written if written != name else "",
        normaliser=int(values.get("normaliser", 0)),
    )


def parse_tiebreaks(
    codes: str | list[str] | tuple[str, ...], *, individual: bool = False
) -> tuple[TiebreakSpec, ...]:
    """Parse a list of descriptors, or one string separated by commas, semicolons or spaces.

    A code listed twice is refused (:class:`TiebreakCodeError`): it could never separate anyone.

    With ``individual=True`` a team-only code (C.07 Art. 12–13: MP, GP, EDE, EMGSB…) is refused
    with :class:`TiebreakCodeError`, as an individual tournament cannot use it.
    """
    items = [c for c in re.split(r"[,;\s]+", codes) if c] if isinstance(codes, str) else codes
    specs = tuple(parse_tiebreak(c) for c in items)
    seen: set[str] = set()
    for spec in specs:
        if spec.code in seen:
            raise TiebreakCodeError(f"{spec.code} is listed twice")
        seen.add(spec.code)
    return require_individual(specs) if individual else specs


def require_individual(specs: tuple[TiebreakSpec, ...]) -> tuple[TiebreakSpec, ...]:
    """``specs`` unchanged if none is team-only; else :class:`TiebreakCodeError` naming it."""
    for spec in specs:
        if spec.info.team:
            raise TiebreakCodeError(
                f"{spec.code} is a team tiebreak (C.07 Art. 12–13): "
                "not for an individual tournament"
            )
    return specs


DEFAULT_ROUND_ROBIN: tuple[str, ...] = ("DE", "SB", "WIN", "KS")
"""Default tiebreaks of a round robin (product spec S4)."""
DEFAULT_SWISS: tuple[str, ...] = ("BH/C1", "BH", "SB", "DE", "WIN")
"""Default tiebreaks of a Swiss tournament (product spec S4)."""
DEFAULT_TEAM: tuple[str, ...] = ("GP", "EDE", "EMGSB")
"""Default tiebreaks of a team tournament, after match points (product spec S4)."""
