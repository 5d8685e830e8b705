"""Worker process that pairs one round with gacrux (FIDE Dutch system, C.04.3).

Run by :class:`chessclub.pairing.engine.GacruxDutchEngine` as
``python -m chessclub.pairing._gacrux_worker --round R``: reads the engine input (TRF-2026,
UTF-8) on standard input, writes one JSON object on standard output and exits with

====  ===================================================================================
0     ``{"round": R, "pairs": [[white, black], …, [bye, 0]]}`` in board order
1     no legal pairing (C.04.3 art. 1.9.3), ``{"error": reason}``
2     unexpected engine failure, ``{"error": reason}``
3     the engine refused its input, ``{"error": reason}``
====  ===================================================================================

With ``--serve`` it stays alive and pairs round after round (:mod:`chessclub.pairing.warm`):
each request is a line ``ROUND LENGTH`` then ``LENGTH`` bytes of engine input on standard
input, each answer a line ``EXIT LENGTH`` then ``LENGTH`` bytes of the JSON above, ``EXIT``
the status the table gives; it exits 0 at the end of its input.

gacrux (MIT, © Otto Milvang / FIDE Technical Commission) is called through its own
``pairingchecker`` reader and ``pairing_dutch`` engine; nothing of it is copied here. Anything
gacrux prints goes to standard error, so standard output carries only the answer.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import sys
from typing import Any

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID_INPUT = 3


def _pair(round_number: int) -> tuple[int, dict[str, Any]]:
    checker_module: Any = importlib.import_module("gacrux.pairingchecker")
    dutch_module: Any = importlib.import_module("gacrux.pairingdutch")
    errors: Any = importlib.import_module("gacrux.gacruxexeptions")
    saved_argv = sys.argv
    sys.argv = ["gacrux", "-p", "-i", "-", "-b", "utf-8", "-n", str(round_number)]
    try:
        checker = checker_module.pairingchecker()
        checker.read_command_line()
    finally:
        sys.argv = saved_argv
    try:
        checker.read_input_file()
        status = checker.chessfile.chessjson["status"]
        if status["code"] > 400 or checker.exit:
            return EXIT_INVALID_INPUT, {"error": "; ".join(map(str, status["error"]))}
        checker.prepare_tournament()
        tournament = checker.chessfile.get_tournament(1)
        engine = dutch_module.pairing_dutch(tournament, round_number, checker.params)
        brackets = engine.compute_pairing(False, 0)
        pairs = checker.compute_pairs(brackets)
    except errors.GacruxNoLegalPairing as exc:
        return EXIT_NO_PAIRING, {"error": str(exc)}
    except errors.GacruxInputError as exc:
        return EXIT_INVALID_INPUT, {"error": str(exc)}
    except Exception as exc:  # an engine bug: reported, never hidden
        return EXIT_UNEXPECTED, {"error": f"{type(exc).__name__}: {exc}"}
    return EXIT_OK, {"round": round_number, "pairs": [[int(w), int(b)] for w, b in pairs]}


def _serve() -> int:
    """Pair every request of standard input until it ends (``--serve``)."""
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    saved_stdin = sys.stdin
    for name in ("gacrux.pairingchecker", "gacrux.pairingdutch", "gacrux.gacruxexeptions"):
        importlib.import_module(name)  # imported once, before the first request
    while True:
        header = requests.readline()
        if not header:
            return EXIT_OK
        try:
            round_text, length_text = header.split()
            round_number, length = int(round_text), int(length_text)
        except ValueError:
            return EXIT_UNEXPECTED  # the caller broke the protocol: it drops this worker
        data = requests.read(length)
        # gacrux reads its input from ``sys.stdin`` ("-i -"): give it this request's bytes.
        sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
        try:
            with contextlib.redirect_stdout(sys.stderr):
                code, answer = _pair(round_number)
        finally:
            sys.stdin = saved_stdin
        body = json.dumps(answer).encode()
        answers.write(b"%d %d\n" % (code, len(body)) + body)
        answers.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="chessclub-gacrux-worker")
    parser.add_argument("--round", type=int)
    parser.add_argument("--serve", action="store_true")
    args = parser.parse_args(argv)
    if args.serve:
        return _serve()
    if args.round is None:
        parser.error("--round or --serve is required")
    out = sys.stdout
    with contextlib.redirect_stdout(sys.stderr):
        code, answer = _pair(args.round)
    out.write(json.dumps(answer))
    out.flush()
    return code


if __name__ == "__main__":
    sys.exit(main())
