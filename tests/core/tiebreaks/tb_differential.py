"""Compare our tiebreaks with gacrux's on one tournament; return the differences."""

from __future__ import annotations

from fractions import Fraction

from tb_gacrux import run_gacrux

from chessclub.model import Tournament
from chessclub.ratings.fide_tables import round_half_up
from chessclub.tiebreaks import RuleEra, compute_tiebreaks, parse_tiebreak, rank
from chessclub.tiebreaks.context import TiebreakContext
from chessclub.tiebreaks.explanation import decimal_text

VALUE_CODES: list[str] = [
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "BH/P", "BH/C1/P", "BH/M1/P",
    "SB", "SB/C1", "SB/C2", "SB/M1", "SB/P", "SB/C1/P",
    "AOB",
    "KS", "KS/L+1", "KS/L-1", "KS/L60", "KS/L+1.5",
    "WIN", "WON", "BPG", "BWG", "REP", "GE", "PS", "PS/C1", "PS/C2", "STD", "TPN",
    "ARO", "ARO/C1", "ARO/C2", "ARO/M1", "ARO/M2", "TPR", "PTP", "APRO", "APPO", "RTNG",
    "FB", "FB/C1", "FB/M1", "FB/P", "AOB/F",
]  # fmt: skip
"""Every individual tiebreak whose value gacrux reports as a value.

The Fore Buchholz codes come last: gacrux keeps state between the tiebreaks of one run (its FB
moves the player's "last round not a VUR" forward, which later BH/SB of the same run then use),
so a BH after an FB in one gacrux run is not gacrux's BH."""

RANK_LISTS: list[list[str]] = [
    ["DE"],
    ["DE/P"],
    ["BH/C1", "BH", "SB", "DE", "WIN"],
    ["DE", "SB", "WIN", "KS"],
    ["ARO/C1", "BH/C1", "BH", "DE"],
]
"""Ordered lists compared by the final ranks (DE is a position inside a tied group)."""


def _aob_decimals(rounds: int) -> int:
    return 2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5


GACRUX_FULL_SCORE_GAP = 800 - 736
"""C.07 Art. 10.3 gives a full score the highest opponent rating + 800; gacrux's search stops
at + 736 (where table 8.1.2 already gives 1.00). The comparison follows the regulation: a
full scorer's gacrux PTP is raised by 64, and the APPO of their opponents recomputed from those
raised values (README, known differences)."""


def _regulation_ptp(
    tournament: Tournament,
    era: RuleEra,
    pre_determined: bool,
    values: dict[int, dict[str, Fraction | int | None]],
) -> None:
    """Raise gacrux's PTP of full scorers to the regulation's, and recompute the APPO of every
    player who met one (in place)."""
    ctx = TiebreakContext(tournament, era=era, pre_determined=pre_determined)
    games = {
        int(pn): [c for c in cells if c.played and c.opponent is not None]
        for pn, cells in ctx.cells.items()
    }
    full = {
        pn for pn, played in games.items() if played and all(c.rating_points == 1 for c in played)
    }
    for pn in full:
        ptp = values[pn]["PTP"]
        if isinstance(ptp, int):
            values[pn]["PTP"] = ptp + GACRUX_FULL_SCORE_GAP
    for pn, played in games.items():
        opponents = [int(c.opponent) for c in played if c.opponent is not None]
        if not full.intersection(opponents):
            continue
        ptps = [v for o in opponents if isinstance(v := values[o]["PTP"], int)]
        if ptps and values[pn]["APPO"] is not None:
            values[pn]["APPO"] = round_half_up(Fraction(sum(ptps), len(ptps)))


def differences(
    tournament: Tournament,
    era: RuleEra,
    *,
    pre_determined: bool,
    unrated: int | None = None,
) -> list[str]:
    """Human-readable differences between our values/ranks and gacrux's (empty when equal)."""
    problems: list[str] = []
    ours = compute_tiebreaks(
        tournament, VALUE_CODES, era=era, pre_determined=pre_determined, unrated_rating=unrated
    )
    theirs = run_gacrux(
        tournament, VALUE_CODES, era=era, pre_determined=pre_determined, unrated=unrated
    )
    _regulation_ptp(tournament, era, pre_determined, theirs.values)
    rounds = len(tournament.rounds)
    for pn, values in ours.items():
        for code in VALUE_CODES:
            mine, gac = values[parse_tiebreak(code).code], theirs.values[pn][code]
            if code.startswith("AOB") and mine is not None and gac is not None:
                d = _aob_decimals(rounds)
                same = decimal_text(Fraction(mine), d) == decimal_text(Fraction(gac), d)
            else:
                same = mine == gac
            if not same:
                problems.append(f"{code} player {pn}: ours {mine} gacrux {gac}")
    for codes in RANK_LISTS:
        ranked = rank(
            tournament, codes, era=era, pre_determined=pre_determined, unrated_rating=unrated
        )
        mine_ranks = {int(r.pairing_number): r.rank for r in ranked}
        gac_ranks = run_gacrux(
            tournament, codes, era=era, pre_determined=pre_determined, unrated=unrated
        ).ranks
        if mine_ranks != gac_ranks:
            diff = {
                pn: (mine_ranks[pn], gac_ranks[pn])
                for pn in mine_ranks
                if mine_ranks[pn] != gac_ranks[pn]
            }
            problems.append(f"ranks by PTS {' '.join(codes)}: (ours, gacrux) {diff}")
    return problems
