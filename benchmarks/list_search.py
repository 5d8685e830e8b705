"""Registration search (R-REG-1): the Belgian ``PLAYER`` list's search over a version of
36,000 records (the real list's size, ``rating-lists.md`` §3.1), by matricule (the version's
unique index) and by the words of a name (accents and case ignored: one regular expression a
word), as the *Inscriptions* search box asks while one types.

Runs in a child process with a throwaway SQLite database in a temporary folder (never the
checkout's ``data/``).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile

RECORDS = 36_000
SYLLABLES = ["van", "de", "mé", "lo", "ker", "ré", "an", "ström", "ni", "bel", "ço", "tu"]


def main() -> None:
    folder = tempfile.mkdtemp(prefix="chessclub-bench-search-")
    try:
        env = {
            **os.environ,
            "CHESSCLUB_DATA_DIR": folder,
            "DJANGO_SETTINGS_MODULE": "chessclub_web.settings",
        }
        env.pop("DATABASE_URL", None)
        subprocess.run(
            [sys.executable, "-m", "benchmarks.list_search", "--child"], env=env, check=True
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _name(rng: random.Random) -> str:
    surname = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
    first = "".join(rng.choice(SYLLABLES) for _ in range(2)).capitalize()
    return f"{surname}, {first}"


def _child() -> None:
    import django

    django.setup()
    from django.core.management import call_command

    from benchmarks._timing import median_ms, report
    from chessclub_web.federation import services
    from chessclub_web.federation.models import ListVersion
    from chessclub_web.frbe.models import FederationPlayer
    from chessclub_web.frbe.services import search_players

    call_command("migrate", interactive=False, verbosity=0)
    row = services.federation_list("frbe")
    version = ListVersion.objects.create(federation_list=row, number=1, source="bench")
    row.current = version
    row.save(update_fields=["current"])
    from chessclub_web.federation.search import name_key

    rng = random.Random(11)
    names = [_name(rng) for _ in range(RECORDS)]
    FederationPlayer.all_versions.bulk_create(
        (
            FederationPlayer(
                version=version,
                matricule=10_001 + i,
                name=name,
                name_key=name_key(name),
                rating=1500,
            )
            for i, name in enumerate(names)
        ),
        batch_size=2000,
    )
    size = f"{RECORDS} records"
    report("list search: by matricule", size, median_ms(lambda: search_players("27001", 20)))
    report(
        "list search: one word (accents ignored)",
        size,
        median_ms(lambda: search_players("melo", 20), repeat=7),
    )
    report(
        "list search: two words",
        size,
        median_ms(lambda: search_players("vande kerre", 20), repeat=7),
    )


if __name__ == "__main__":
    if "--child" in sys.argv:
        _child()
    else:
        main()
