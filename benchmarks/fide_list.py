"""FIDE's combined rating list (spec ``rating-lists.md`` §1.7: some 1.9 million lines): the import
into the site's database (targets: under 60 s, under 300 MB of peak memory) and the
registration search as one types over it (target: p95 under 50 ms).

A synthetic ``players_list_foa.txt`` is written in FIDE's exact layout (placeholder names, IDs
in random order, FIDE's share of unrated players) into a temporary folder, then imported in a
child process with a throwaway SQLite database (never the checkout's ``data/``) through
``federation.services.import_list``, as ``chessclub lists import-fide`` does: the time is the
import's, the memory the child's peak resident size (``getrusage``: Python, Django and
SQLite's page cache together). The search then runs over it: prefixes of 1 to 6 letters of
surnames (as typed), two-word queries, FIDE IDs, each through ``search_lists``.

``CHESSCLUB_BENCH_FIDE_PLAYERS`` sets another size (``200000`` for a quick run);
``CHESSCLUB_BENCH_FIDE_REIMPORT=1`` also times a second import of the same file (every player
compared, none changed).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYERS = int(os.environ.get("CHESSCLUB_BENCH_FIDE_PLAYERS", "1900000"))
TARGET_IMPORT_S = 60
TARGET_MEMORY_MB = 300
TARGET_P95_MS = 50

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
SYLLABLES = sorted(
    ["ba", "ce", "di", "fo", "gu", "ha", "ja", "ke", "li", "ma", "ne", "no", "pa", "qi", "ra",
     "sa", "te", "ul", "va", "wo", "xa", "ya", "zo", "an", "er", "ov"]
)  # fmt: skip
FEDERATIONS = ("IND", "RUS", "GER", "FRA", "ESP", "USA", "ITA", "POL", "BEL", "SUI", "NON")
LINE = "%-15d%-61s%-3s %-1s   %-5s%-5s%-15s%-4s%-6s%-4s%-3s%-6s%-4s%-3s%-6s%-4s%-3s%-6s%-4s\r\n"


def names(count: int) -> list[str]:
    """``count`` placeholder names in the list's order (FIDE sorts by name): three-syllable
    surnames, each with first names ``A.`` … in order."""
    surnames = [a + b + c for a in SYLLABLES for b in SYLLABLES for c in SYLLABLES]
    per = -(-count // len(surnames))
    firsts = [f"{chr(65 + i // 26)}{chr(97 + i % 26)}" for i in range(per)]
    out = [f"{s.capitalize()}, {f}" for s in surnames for f in firsts]
    return out[:count]


def write_list(path: Path, count: int, seed: int = 26) -> list[int]:
    """The synthetic combined list at ``path``; returns its FIDE IDs (in file order)."""
    rng = random.Random(seed)
    ids = rng.sample(range(1_000_000, 1_000_000 + 4 * count), count)
    with path.open("w", encoding="ascii", newline="") as out:
        out.write(HEADER + "\r\n")
        lines = []
        for fide_id, name in zip(ids, names(count), strict=True):
            r = rng.random()
            standard = rng.randint(1400, 2800) if r < 0.3 else None
            rapid = rng.randint(1000, 2700) if r < 0.45 else None
            blitz = rng.randint(1000, 2750) if r < 0.5 else None
            woman = r > 0.85
            lines.append(
                LINE
                % (
                    fide_id,
                    name,
                    FEDERATIONS[fide_id % len(FEDERATIONS)],
                    "F" if woman else "M",
                    "GM" if fide_id % 997 == 0 else "",
                    "WGM" if woman and fide_id % 991 == 0 else "",
                    "IA" if fide_id % 1499 == 0 else "",
                    "",
                    standard or "",
                    rng.randint(0, 12) if standard else "",
                    rng.choice((10, 20, 40)) if standard else "",
                    rapid or "",
                    rng.randint(0, 20) if rapid else "",
                    rng.choice((20, 40)) if rapid else "",
                    blitz or "",
                    rng.randint(0, 30) if blitz else "",
                    rng.choice((20, 40)) if blitz else "",
                    1940 + fide_id % 75,
                    ("w" if woman else "") + ("i" if r > 0.6 else ""),
                )
            )
            if len(lines) >= 20_000:
                out.writelines(lines)
                lines = []
        out.writelines(lines)
    return ids


def main() -> None:
    folder = tempfile.mkdtemp(prefix="chessclub-bench-fide-")
    try:
        path = Path(folder) / "players_list_foa.txt"
        start = time.perf_counter()
        write_list(path, PLAYERS)
        size = path.stat().st_size
        print(
            f"  (synthetic list: {PLAYERS:,} players, {size / 1e6:.0f} MB, written in "
            f"{time.perf_counter() - start:.1f} s)"
        )
        env = {
            **os.environ,
            "CHESSCLUB_DATA_DIR": folder,
            "DJANGO_SETTINGS_MODULE": "chessclub_web.settings",
        }
        env.pop("DATABASE_URL", None)
        subprocess.run(
            [sys.executable, "-m", "benchmarks.fide_list", "--child", str(path)],
            env=env,
            check=True,
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _peak_mb() -> float:
    """This process's peak resident memory (``VmHWM``; ``getrusage`` would count the parent's,
    which wrote the list, since Linux keeps it across ``exec``)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _child(path: Path) -> None:
    import django

    django.setup()
    from django.core.management import call_command

    from chessclub_web.federation import services
    from chessclub_web.federation.search import search_lists

    call_command("migrate", interactive=False, verbosity=0)
    before = _peak_mb()
    start, cpu = time.perf_counter(), time.process_time()
    with path.open("rb") as stream:
        version = services.import_list("fide", stream, path.name, None, operator=True)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak = _peak_mb()
    assert version.records == PLAYERS, version.records
    size = f"{PLAYERS:,} players"
    verdict = "ok" if seconds < TARGET_IMPORT_S else f"over the {TARGET_IMPORT_S} s target"
    print(
        f"{'fide: import of the combined list':<44} {size:<28} {seconds:9.1f} s   "
        f"(CPU {cpu:.1f} s; {verdict})"
    )
    verdict = "ok" if peak < TARGET_MEMORY_MB else f"over the {TARGET_MEMORY_MB} MB target"
    print(
        f"{'fide: peak memory of the import process':<44} {size:<28} {peak:9.0f} MB  "
        f"(before the import {before:.0f} MB; {verdict})"
    )
    if os.environ.get("CHESSCLUB_BENCH_FIDE_REIMPORT") == "1":
        start = time.perf_counter()
        with path.open("rb") as stream:
            services.import_list("fide", stream, path.name, None, operator=True, again=True)
        print(
            f"{'fide: re-import, nothing changed':<44} {size:<28} "
            f"{time.perf_counter() - start:9.1f} s"
        )
    _search(search_lists, size)


def _search(search_lists: object, size: str) -> None:
    sample = _sample(random.Random(6))
    queries: list[str] = []
    for _fide_id, name in sample[:100]:
        surname = name.split(",")[0]
        queries.extend(surname[:n] for n in range(1, 7))  # typed one letter at a time
        queries.append(f"{surname[:5]} {name.split(', ')[1][:1]}")  # a second word begun
    queries.extend(str(fide_id) for fide_id, _name in sample[100:200])  # FIDE IDs
    queries.extend(str(n) for n in range(10, 20))  # IDs no one has
    times = []
    for query in queries:
        start = time.perf_counter()
        search_lists(query)  # type: ignore[operator]
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p50 = statistics.median(times)
    p95 = times[int(len(times) * 0.95) - 1]
    verdict = "ok" if p95 < TARGET_P95_MS else f"over the {TARGET_P95_MS} ms target"
    print(
        f"{'fide: search as you type (search_lists)':<44} {size:<28} p50 {p50:6.2f} ms, "
        f"p95 {p95:6.2f} ms, max {times[-1]:6.2f} ms over {len(times)} queries ({verdict})"
    )
    print(
        "  " + json.dumps({"queries": len(times), "p50_ms": round(p50, 2), "p95_ms": round(p95, 2)})
    )


def _sample(rng: random.Random) -> list[tuple[int, str]]:
    """200 players picked at random (SQLite's rowid: no ``ORDER BY RANDOM()`` over 1.9 million
    rows)."""
    from django.db import connection

    rowids = rng.sample(range(1, PLAYERS + 1), min(200, PLAYERS))
    marks = ", ".join(["%s"] * len(rowids))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT fide_id, name FROM fide_fideplayer WHERE rowid IN ({marks})", rowids
        )
        rows = cursor.fetchall()
    rng.shuffle(rows)
    return rows


if __name__ == "__main__":
    if "--child" in sys.argv:
        _child(Path(sys.argv[-1]))
    else:
        main()
