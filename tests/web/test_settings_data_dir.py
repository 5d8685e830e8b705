"""Where the database lives, whatever the current directory, and commands on a fresh database."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import chessclub_web
from chessclub_web.settings import default_data_dir

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DIR = Path(chessclub_web.__file__).resolve().parent
CHESSCLUB = Path(sys.executable).with_name("chessclub")
FIXTURES = ROOT / "tests" / "fixtures"


def _env(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"CHESSCLUB_DATA_DIR", "DATABASE_URL", "DJANGO_SETTINGS_MODULE"}
    }
    env.update(extra)
    return env


def test_data_dir_defaults_to_the_checkouts_data_folder():
    assert (ROOT / "pyproject.toml").is_file()
    assert default_data_dir({}, PACKAGE_DIR) == ROOT / "data"


def test_data_dir_environment_variable_overrides(tmp_path):
    chosen = tmp_path / "elsewhere"
    assert default_data_dir({"CHESSCLUB_DATA_DIR": str(chosen)}, PACKAGE_DIR) == chosen


def test_data_dir_installed_package_uses_the_per_user_folder(tmp_path):
    installed = tmp_path / "site-packages" / "chessclub_web"
    installed.mkdir(parents=True)
    xdg = tmp_path / "xdg"
    assert default_data_dir({"XDG_DATA_HOME": str(xdg)}, installed) == xdg / "chessclub"
    assert default_data_dir({}, installed) == Path.home() / ".local" / "share" / "chessclub"


def test_data_dir_ignores_another_projects_pyproject(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\n', encoding="utf-8")
    installed = tmp_path / ".venv" / "lib" / "site-packages" / "chessclub_web"
    installed.mkdir(parents=True)
    xdg = tmp_path / "xdg"
    assert default_data_dir({"XDG_DATA_HOME": str(xdg)}, installed) == xdg / "chessclub"


def test_data_dir_does_not_depend_on_the_current_directory(tmp_path):
    code = "from django.conf import settings; print(settings.DATA_DIR)"
    out = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=tmp_path,
        env=_env(DJANGO_SETTINGS_MODULE="chessclub_web.settings"),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(out) == ROOT / "data"
    assert not (tmp_path / "data").exists()


@pytest.mark.skipif(not CHESSCLUB.exists(), reason="the chessclub script is not installed")
def test_import_from_another_folder_on_a_fresh_database_migrates_first(tmp_path):
    data_dir = tmp_path / "data-dir"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = _env(CHESSCLUB_DATA_DIR=str(data_dir))

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(CHESSCLUB), *args], cwd=elsewhere, env=env, capture_output=True, text=True
        )

    demo = run("demo")
    assert demo.returncode == 0, demo.stderr
    assert (data_dir / "chessclub.sqlite3").is_file()
    imported = run("import", str(FIXTURES / "frbe" / "open-unrated.txt"), "--club", "618")
    assert imported.returncode == 0, imported.stderr
    assert "/clubs/618/tournaments/" in imported.stdout
    assert "Traceback" not in imported.stderr
    assert list(elsewhere.iterdir()) == []  # no stray database in the current folder


def test_commands_apply_pending_migrations_first(tmp_path):
    """``import_file`` on a database that was never migrated: migrated, then imported."""
    code = (
        "from chessclub_web import commands; commands.setup(); "
        "print(commands.create_club('42', 'Cercle neuf')); "
        f"print(commands.import_file({str(FIXTURES / 'frbe' / 'open-unrated.txt')!r}, '42')[1])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=_env(CHESSCLUB_DATA_DIR=str(tmp_path / "fresh")),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "/clubs/42/"
    assert result.stdout.splitlines()[1].startswith("/clubs/42/tournaments/")


@pytest.mark.skipif(not CHESSCLUB.exists(), reason="the chessclub script is not installed")
def test_lists_import_on_a_fresh_database_migrates_first(tmp_path):
    """``chessclub lists import`` (the site's federation lists) on a database never migrated,
    from another folder: migrated, imported into the data folder, nothing in the current one."""
    data_dir = tmp_path / "data-dir"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = subprocess.run(
        [str(CHESSCLUB), "lists", "import", "frbe", str(FIXTURES / "frbe_players" / "PLAYER.csv")],
        cwd=elsewhere,
        env=_env(CHESSCLUB_DATA_DIR=str(data_dir)),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "version 1 of the frbe list: 4 records" in result.stdout
    assert (data_dir / "chessclub.sqlite3").is_file()
    assert list(elsewhere.iterdir()) == []
