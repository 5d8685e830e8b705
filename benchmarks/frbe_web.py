"""Belgian federation, web side (issue 7): storing a 30,000-record ``PLAYER`` list in the
database (bulk insert), and importing it again (a new version of the site's list, counted
against the previous one).

Runs in a child process with a throwaway SQLite database in a temporary folder (never the
checkout's ``data/``), so that Django's settings of other benchmark modules are not touched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time


def main() -> None:
    folder = tempfile.mkdtemp(prefix="chessclub-bench-frbe-")
    try:
        env = {
            **os.environ,
            "CHESSCLUB_DATA_DIR": folder,
            "DJANGO_SETTINGS_MODULE": "chessclub_web.settings",
        }
        env.pop("DATABASE_URL", None)
        subprocess.run(
            [sys.executable, "-m", "benchmarks.frbe_web", "--child"], env=env, check=True
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _child() -> None:
    import django

    django.setup()
    from django.core.management import call_command

    from benchmarks._timing import report
    from benchmarks.frbe import player_dbf, player_list
    from chessclub_web.federation import services as lists
    from chessclub_web.frbe import services
    from chessclub_web.frbe.models import FederationPlayer

    call_command("migrate", interactive=False, verbosity=0)
    data = player_dbf(player_list())
    listing = services.read_list(data, "PLAYER.DBF")
    size = f"{len(listing)} records"
    start = time.perf_counter()
    lists.import_list("frbe", data, "PLAYER.DBF", None, operator=True)
    report("frbe web: first import of PLAYER (insert)", size, (time.perf_counter() - start) * 1000)
    samples = []
    for _ in range(3):
        start = time.perf_counter()
        lists.import_list("frbe", data, "PLAYER.DBF", None, operator=True, again=True)
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    report("frbe web: import again (a new version)", size, samples[1])
    assert FederationPlayer.objects.count() == len(listing)


if __name__ == "__main__":
    if "--child" in sys.argv:
        _child()
    else:
        main()
