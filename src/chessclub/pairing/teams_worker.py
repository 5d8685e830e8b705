"""Worker process that pairs one round of a team Swiss with gacrux (FIDE C.04.6).

Run by :class:`chessclub.pairing.teams.GacruxTeamEngine` as a script:
``python teams_worker.py --round R`` pairs round R, ``python teams_worker.py --check`` re-pairs
every round of the file and compares (gacrux's Free Pairings Checker). It reads the engine
input (TRF-2026 team file, UTF-8) on standard input, writes one JSON object on standard output
and exits with

====  ===================================================================================
0     pair: ``{"round": R, "pairs": [[white team, black team], …, [bye team, 0]]}``;
      check: ``{"rounds": [{"round": R, "pairs": [...], "current": [...], "check": bool}]}``
1     no legal pairing, ``{"error": reason}``
2     unexpected engine failure, ``{"error": reason}``
3     the engine refused its input, ``{"error": reason}``
====  ===================================================================================

gacrux (MIT, © Otto Milvang / FIDE Technical Commission) is called through its own
``pairingchecker`` reader and ``pairing_fideteam`` engine; nothing of it is copied here. The
pairing system and colour model come from the input's record 192 (``FIDE_TEAM_TYPEA_MP_GP`` …).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
from typing import Any

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID_INPUT = 3


def _checker(argv: list[str]) -> Any:
    module: Any = importlib.import_module("gacrux.pairingchecker")
    saved = sys.argv
    sys.argv = ["gacrux", "-i", "-", "-b", "utf-8", *argv]
    try:
        checker = module.pairingchecker()
        checker.read_command_line()
    finally:
        sys.argv = saved
    return checker


def _pair(round_number: int) -> tuple[int, dict[str, Any]]:
    errors: Any = importlib.import_module("gacrux.gacruxexeptions")
    team_module: Any = importlib.import_module("gacrux.pairingfideteam")
    checker = _checker(["-p", "-n", str(round_number)])
    try:
        checker.read_input_file()
        status = checker.chessfile.chessjson["status"]
        if status["code"] > 400 or checker.exit:
            return EXIT_INVALID_INPUT, {"error": "; ".join(map(str, status["error"]))}
        checker.prepare_tournament()
        tournament = checker.chessfile.get_tournament(1)
        engine = team_module.pairing_fideteam(tournament, round_number, checker.params)
        brackets = engine.compute_pairing(False, 0)
        pairs = checker.compute_pairs(brackets)
    except errors.GacruxNoLegalPairing as exc:
        return EXIT_NO_PAIRING, {"error": str(exc)}
    except errors.GacruxInputError as exc:
        return EXIT_INVALID_INPUT, {"error": str(exc)}
    except Exception as exc:  # an engine bug: reported, never hidden
        return EXIT_UNEXPECTED, {"error": f"{type(exc).__name__}: {exc}"}
    return EXIT_OK, {"round": round_number, "pairs": [[int(w), int(b)] for w, b in pairs]}


def _check() -> tuple[int, dict[str, Any]]:
    errors: Any = importlib.import_module("gacrux.gacruxexeptions")
    checker = _checker(["-c"])
    try:
        checker.read_input_file()
        status = checker.chessfile.chessjson["status"]
        if status["code"] > 400 or checker.exit:
            return EXIT_INVALID_INPUT, {"error": "; ".join(map(str, status["error"]))}
        checker.prepare_tournament()
        checker.do_checker()
        rounds = [
            {
                "round": int(r["round"]),
                "pairs": [[int(w), int(b)] for w, b in r["pairs"]],
                "current": [[int(w), int(b)] for w, b in r["current"]],
                "check": bool(r.get("check")),
            }
            for r in checker.chessfile.result["roundpairing"]
        ]
    except errors.GacruxInputError as exc:
        return EXIT_INVALID_INPUT, {"error": str(exc)}
    except Exception as exc:  # an engine bug: reported, never hidden
        return EXIT_UNEXPECTED, {"error": f"{type(exc).__name__}: {exc}"}
    return EXIT_OK, {"rounds": rounds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="chessclub-gacrux-team-worker")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--round", type=int)
    group.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    out = sys.stdout
    with contextlib.redirect_stdout(sys.stderr):
        code, answer = _check() if args.check else _pair(args.round)
    out.write(json.dumps(answer))
    out.flush()
    return code


if __name__ == "__main__":
    sys.exit(main())
