"""Cross-test of our checker and generator against gacrux's (FIDE VCL4THP.13 Q31, Q33).

Two directions, each tournament with its own seed (``--seed`` is the first one):

* **ours → gacrux** — ``chessclub generate`` (:func:`chessclub.generator.generate`, random
  settings, Q25) makes a tournament; it is checked by our checker
  (:func:`chessclub.pairing.checker.check_file`: pairings, absolute rules, standings against
  record 202) and by gacrux's own programs, ``python -m gacrux.pairingchecker -c`` (every
  round re-paired) and ``python -m gacrux.tiebreakchecker -c`` (the rank column against the
  file's tie-break list). Any finding of either is a discrepancy (Q31: a generated
  tournament obeys the pairing rules and its tie-break list).
* **gacrux → ours** — ``python -m gacrux.tournamentgenerator -g SEED 1`` (random players, rounds
  and rates) makes a tournament; gacrux's tiebreakchecker ranks it under a random tie-break
  list (``-t``) and writes the ranks; our checker then checks the pairings and those ranks,
  the list written as record 202. Any finding of ours is a discrepancy.

``python -m benchmarks.cross_test [-n N] [--seed S] [--direction both|ours|gacrux] [--keep DIR]``
prints one line per discrepancy (direction, seed, what was found; the file kept under
``--keep``) and a summary: tournaments, rounds, discrepancies. Exit 0 when there is none, 1
otherwise. ``make bench`` runs :func:`main` (10 tournaments each way).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from chessclub.formats.trf import PlayerRecord, TextRecord, TrfDocument, read_trf, write_trf
from chessclub.generator import TIEBREAK_POOL, GeneratorSettings, generate, generated_trf
from chessclub.pairing.checker import CheckReport, check_file


@dataclass
class Outcome:
    """What one cross-test run found."""

    tournaments: int = 0
    rounds: int = 0
    discrepancies: list[str] = field(default_factory=list)


def _gacrux(module: str, path: Path, *extra: str) -> dict[str, object]:
    completed = subprocess.run(
        [sys.executable, "-m", f"gacrux.{module}", "-c", "-i", str(path), *extra],
        capture_output=True,
        check=False,
        timeout=600,
    )
    try:
        answer = json.loads(completed.stdout)
    except ValueError:
        return {"error": completed.stderr.decode("utf-8", "replace")[-300:] or "no answer"}
    return answer if isinstance(answer, dict) else {"error": "unreadable answer"}


def gacrux_pairing_check(path: Path) -> bool | str:
    """gacrux's pairing checker on a TRF: True when every round agrees, else False or an error."""
    answer = _gacrux("pairingchecker", path)
    result = answer.get("pairingResult")
    if not isinstance(result, dict):
        return str(answer.get("error") or answer.get("status"))
    return bool(result.get("check"))


def gacrux_tiebreaks(path: Path, codes: tuple[str, ...] = ()) -> dict[str, object]:
    """gacrux's tie-break checker's ``tiebreakResult`` (``check``: the ranks follow the list;
    ``competitors``: ``cid`` and ``rank``); ``codes`` replace the file's list (``PTS`` first)."""
    extra = ("-t", "PTS", *codes) if codes else ()
    answer = _gacrux("tiebreakchecker", path, *extra)
    result = answer.get("tiebreakResult")
    if not isinstance(result, dict):
        return {"error": str(answer.get("error") or answer.get("status"))}
    return result


def _findings(report: CheckReport) -> str:
    rows = [str(r) for r in report.rows_by_round()] + [str(r) for r in report.standings]
    return "; ".join(rows[:3]) + (f" (+{len(rows) - 3} more)" if len(rows) > 3 else "")


def ours_to_gacrux(seed: int, work: Path, outcome: Outcome, *, small: bool = False) -> None:
    """One tournament of our generator, checked by ours and by gacrux's checkers (``small``:
    7–10 players, 3–4 rounds)."""
    rng = random.Random(seed)
    settings = (
        GeneratorSettings(players=rng.randint(7, 10), rounds=rng.randint(3, 4))
        if small
        else GeneratorSettings(players=rng.randint(7, 30))
    )
    generated = generate(settings, seed=seed)
    path = work / f"ours-{seed}.trf"
    path.write_bytes(generated_trf(generated))
    outcome.tournaments += 1
    outcome.rounds += generated.settings.rounds or 0
    report = check_file(path.read_bytes(), source=str(path))
    if not report.conforms:
        outcome.discrepancies.append(f"ours→ours seed {seed}: {_findings(report)}")
    pairing = gacrux_pairing_check(path)
    if pairing is not True:
        outcome.discrepancies.append(f"ours→gacrux pairing seed {seed}: {pairing}")
    tiebreaks = gacrux_tiebreaks(path)
    if tiebreaks.get("check") is not True:
        detail = tiebreaks.get("error") or "ranks differ from gacrux's"
        outcome.discrepancies.append(
            f"ours→gacrux tie-breaks seed {seed} ({','.join(generated.settings.tiebreaks or ())})"
            f": {detail}"
        )


def gacrux_to_ours(seed: int, work: Path, outcome: Outcome, *, small: bool = False) -> None:
    """One tournament of gacrux's generator, ranked by gacrux, checked by ours (``small``:
    8–10 players, 3–4 rounds)."""
    rng = random.Random(seed)
    players, rounds = (
        (rng.randint(8, 10), rng.randint(3, 4))
        if small
        else (
            rng.randint(8, 30),
            rng.randint(4, 9),
        )
    )
    rounds = min(rounds, players // 2)
    rates = [f"{rng.uniform(0, 0.03):.3f}", f"{rng.uniform(0, 0.08):.3f}"]
    rates.append(f"{rng.uniform(0, 0.04):.3f}")
    pattern = work / f"gacrux-{seed}-%d.trf"
    # gacrux's generator seeds each file from its number: "-g SEED 1" makes file number SEED
    command = [sys.executable, "-m", "gacrux.tournamentgenerator", "-g", str(seed), "1"]
    command += ["-p", str(players), "-n", str(rounds), "-S", *rates, "-o", str(pattern)]
    command += ["-R", str(rng.randint(1800, 2700)), str(rng.randint(5, 40))]
    if rng.random() < 0.2:
        command.append("-a")
    subprocess.run(command, capture_output=True, check=False, timeout=600, cwd=work)
    made = sorted(work.glob(f"gacrux-{seed}-*.trf"))
    if not made:
        outcome.discrepancies.append(f"gacrux generator seed {seed}: no file made")
        return
    path = made[0]
    outcome.tournaments += 1
    outcome.rounds += rounds
    codes = tuple(rng.sample(TIEBREAK_POOL, rng.randint(2, 4)))
    ranked = gacrux_tiebreaks(path, codes)
    competitors = ranked.get("competitors")
    if not isinstance(competitors, list):
        outcome.discrepancies.append(f"gacrux tie-breaks seed {seed}: {ranked.get('error')}")
        return
    rank_of = {int(c["cid"]): int(c["rank"]) for c in competitors}
    doc = read_trf(path.read_bytes(), source=str(path))
    records = [r for r in doc.records if not (isinstance(r, TextRecord) and r.tag == "212")]
    records = [
        PlayerRecord(**{**_fields(r), "rank": rank_of.get(r.starting_rank)})
        if isinstance(r, PlayerRecord)
        else r
        for r in records
    ]
    first = next(i for i, r in enumerate(records) if isinstance(r, PlayerRecord))
    records.insert(first, TextRecord("202", ",".join(codes)))
    ours = work / f"gacrux-{seed}-ranked.trf"
    ours.write_bytes(write_trf(TrfDocument(records=records, newline=doc.newline)))
    report = check_file(ours.read_bytes(), source=str(ours))
    if not report.conforms:
        outcome.discrepancies.append(
            f"gacrux→ours seed {seed} ({','.join(codes)}): {_findings(report)}"
        )


def _fields(record: PlayerRecord) -> dict[str, object]:
    return {name: getattr(record, name) for name in record.__dataclass_fields__}


def cross_test(
    count: int,
    seed: int,
    *,
    direction: str = "both",
    keep: Path | None = None,
    small: bool = False,
) -> Outcome:
    """``count`` tournaments each way (see the module docstring), seeds ``seed``, ``seed + 1``…;
    ``small`` tournaments for a quick sample."""
    outcome = Outcome()
    with tempfile.TemporaryDirectory() as temporary:
        work = keep or Path(temporary)
        work.mkdir(parents=True, exist_ok=True)
        for index in range(count):
            if direction in ("both", "ours"):
                ours_to_gacrux(seed + index, work, outcome, small=small)
            if direction in ("both", "gacrux"):
                gacrux_to_ours(seed + index, work, outcome, small=small)
    return outcome


def run(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cross_test")
    parser.add_argument("-n", "--count", type=int, default=10, help="tournaments each way")
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    parser.add_argument("--direction", choices=("both", "ours", "gacrux"), default="both")
    parser.add_argument("--keep", type=Path, help="keep the files in this folder")
    args = parser.parse_args(argv)
    outcome = cross_test(args.count, args.seed, direction=args.direction, keep=args.keep)
    for line in outcome.discrepancies:
        print(line)
    print(
        f"{outcome.tournaments} tournaments, {outcome.rounds} rounds cross-checked "
        f"(direction {args.direction}, seeds {args.seed}-{args.seed + args.count - 1}): "
        f"{len(outcome.discrepancies)} discrepancies"
    )
    return 1 if outcome.discrepancies else 0


def main() -> None:
    """``make bench``: 10 tournaments each way."""
    run(["-n", "10"])


if __name__ == "__main__":
    sys.exit(run())
