"""Pairing team events: team round robin (Berger tables on teams) and the FIDE team Swiss.

- :func:`team_round_robin` — the Berger table (FIDE C.05 Annex 1) on teams, single or double:
  each round's matches as ``(home, away)`` team numbers (the home team is the first-named,
  "white" team whose board 1 takes the first colour of the board colour sequence) and the team
  that sits out in an odd field.
- :class:`GacruxTeamEngine` — the FIDE Swiss Team Pairing System (C.04.6, applied from
  1 February 2026) by gacrux's team mode (``pairing_fideteam``, gacrux 1.11.65), run in a
  separate worker process (:mod:`chessclub.pairing.teams_worker`) under a time limit, like the
  individual :class:`~chessclub.pairing.GacruxDutchEngine`. The engine input is our TRF-2026
  team writer's (:func:`~chessclub.formats.trf.teams.write_team_trf` with
  ``for_pairing=True``): only matches with at least one board played over the board count as
  met and give colours.
- :func:`check_team_trf` — gacrux's checker (re-pair every round of a team TRF, compare).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from chessclub.formats.trf.teams import write_team_trf
from chessclub.model.teams import TeamScore, TeamTournament
from chessclub.pairing.berger import berger_table
from chessclub.pairing.engine import DEFAULT_TIMEOUT, PairingError

WORKER_SCRIPT = Path(__file__).with_name("teams_worker.py")
EXIT_OK, EXIT_NO_PAIRING, EXIT_UNEXPECTED, EXIT_INVALID_INPUT = 0, 1, 2, 3

COLOUR_MODELS = ("typea", "typeb", "nocolor")
"""C.04.6 art. 1.7: type A colour preferences (default), type B, or none."""


@dataclass(frozen=True, slots=True)
class TeamPairing:
    """One round's pairing of teams: ``matches`` as ``(home, away)`` team numbers in table
    order, ``bye`` the team without opponent (pairing-allocated bye), if any."""

    round: int
    matches: tuple[tuple[int, int], ...]
    bye: int | None = None


def team_round_robin(teams: Sequence[int], *, double: bool = False) -> tuple[TeamPairing, ...]:
    """Every round of a team round robin on ``teams`` (team numbers in pairing-number order:
    ``teams[0]`` takes Berger number 1). Double: the FIDE double table (first cycle with its
    last two rounds swapped, then the first cycle with home and away reversed).

    Raises ``ValueError`` for fewer than two teams (FIDE C.05 Annex 1; product spec, Systems).
    """
    table = berger_table(len(teams), double=double)
    return tuple(
        TeamPairing(
            rnd.number,
            tuple((teams[w - 1], teams[b - 1]) for w, b in rnd.boards),
            teams[rnd.bye - 1] if rnd.bye is not None else None,
        )
        for rnd in table
    )


def pairing_system_code(tournament: TeamTournament, colour_model: str) -> str:
    """TRF-2026 record 192 for the team Swiss: ``FIDE_TEAM_TYPEA_MP_GP`` etc. (gacrux reads
    ``FIDE_TEAM_MP_GP`` without a type as *no colour preferences*)."""
    if colour_model not in COLOUR_MODELS:
        raise ValueError(f"unknown colour model {colour_model!r} (one of {COLOUR_MODELS})")
    scores = "MP_GP" if tournament.primary is TeamScore.MP else "GP_MP"
    if colour_model == "nocolor":
        return f"FIDE_TEAM_{scores}"
    return f"FIDE_TEAM_{colour_model.upper()}_{scores}"


def engine_input(
    tournament: TeamTournament, round_number: int, colour_model: str, initial_colour: str = "W"
) -> str:
    """The gacrux input for pairing ``round_number``: rounds before it, record 142 = planned
    rounds (at least ``round_number``), 152 the initial colour (C.04.6 art. 4.3.1), 192
    naming the colour model."""
    from dataclasses import replace

    planned = max(tournament.planned_rounds, round_number)
    if planned != tournament.planned_rounds:
        tournament = replace(tournament, planned_rounds=planned)
    return write_team_trf(
        tournament,
        pairing_system=pairing_system_code(tournament, colour_model),
        rounds=round_number - 1,
        for_pairing=True,
        initial_colour=initial_colour,
    )


def _run(python: str, args: list[str], data: bytes, timeout: float, rnd: int | None) -> dict:  # type: ignore[type-arg]
    env = dict(os.environ)
    env["PYTHONIOENCODING"] = "utf-8"
    try:
        completed = subprocess.run(
            [python, str(WORKER_SCRIPT), *args],
            input=data,
            capture_output=True,
            timeout=timeout,
            check=False,
            env=env,
        )
    except subprocess.TimeoutExpired:
        raise PairingError(
            f"the team pairing engine found no pairing within {timeout:g} s", round_number=rnd
        ) from None
    except OSError as exc:
        raise PairingError(f"the team pairing engine could not be started ({exc})") from exc
    try:
        answer = json.loads(completed.stdout or b"null")
    except ValueError:
        answer = None
    if completed.returncode == EXIT_OK and isinstance(answer, dict):
        return answer
    message = answer.get("error", "") if isinstance(answer, dict) else ""
    if completed.returncode == EXIT_NO_PAIRING:
        reason = f"round {rnd} has no legal team pairing (FIDE C.04.6)"
    elif completed.returncode == EXIT_INVALID_INPUT:
        reason = "the team pairing engine refused the tournament"
    else:
        reason = f"the team pairing engine failed (exit status {completed.returncode})"
    raise PairingError(f"{reason}: {message}" if message else reason, round_number=rnd)


@dataclass(frozen=True)
class GacruxTeamEngine:
    """FIDE team Swiss (C.04.6) by gacrux's ``pairing_fideteam`` in a worker process.

    ``colour_model``: ``"typea"`` (default, art. 1.7.1), ``"typeb"`` (1.7.2) or ``"nocolor"``;
    ``initial_colour``: ``"W"`` or ``"B"``, drawn by lot once before round 1 (art. 4.3.1).
    """

    colour_model: str = "typea"
    initial_colour: str = "W"
    python: str = field(default_factory=lambda: sys.executable)
    timeout: float = DEFAULT_TIMEOUT

    def pair(
        self, tournament: TeamTournament, round_number: int, *, absent: Collection[int] = ()
    ) -> TeamPairing:
        """Pair round ``round_number`` from the rounds before it. ``absent`` teams are not
        paired (they must be left out of the round by the caller).

        Raises :class:`~chessclub.pairing.PairingError` when no legal pairing exists, the
        engine refuses its input or fails, or after ``timeout`` seconds; the answer is
        checked (every present team once, no rematch of teams that met over the board).
        """
        if absent:
            from dataclasses import replace

            tournament = replace(
                tournament, teams=tuple(t for t in tournament.teams if t.number not in absent)
            )
        data = engine_input(
            tournament, round_number, self.colour_model, self.initial_colour
        ).encode("utf-8")
        answer = _run(self.python, ["--round", str(round_number)], data, self.timeout, round_number)
        pairs = answer.get("pairs")
        if not isinstance(pairs, list):
            raise PairingError("the team pairing engine gave an unreadable answer")
        matches: list[tuple[int, int]] = []
        bye: int | None = None
        for white, black in pairs:
            if int(black) == 0:
                bye = int(white)
            else:
                matches.append((int(white), int(black)))
        pairing = TeamPairing(round_number, tuple(matches), bye)
        _check(tournament, pairing)
        return pairing


def _check(tournament: TeamTournament, pairing: TeamPairing) -> None:
    seen: list[int] = [t for m in pairing.matches for t in m]
    if pairing.bye is not None:
        seen.append(pairing.bye)
    if sorted(seen) != sorted(t.number for t in tournament.teams):
        raise PairingError(
            "the team pairing engine did not pair every team once", round_number=pairing.round
        )
    met = tournament.met_over_the_board(pairing.round - 1)
    for home, away in pairing.matches:
        if frozenset((home, away)) in met:
            raise PairingError(
                f"the team pairing engine paired teams {home} and {away} again",
                round_number=pairing.round,
            )


def check_team_trf(
    text: str, *, python: str | None = None, timeout: float = DEFAULT_TIMEOUT
) -> list[dict[str, object]]:
    """gacrux's checker on a team TRF: for every round, the engine's own ``pairs``, the file's
    ``current`` pairs and ``check`` (True when equal). Raises :class:`PairingError` when the
    engine refuses the file or fails."""
    answer = _run(python or sys.executable, ["--check"], text.encode("utf-8"), timeout, None)
    rounds = answer.get("rounds")
    if not isinstance(rounds, list):
        raise PairingError("the team pairing checker gave an unreadable answer")
    return rounds


__all__ = [
    "COLOUR_MODELS",
    "GacruxTeamEngine",
    "TeamPairing",
    "check_team_trf",
    "engine_input",
    "pairing_system_code",
    "team_round_robin",
]
