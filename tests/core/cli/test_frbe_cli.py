"""``chessclub frbe …`` (spec ``frbe.md`` B1–B5): fictitious, export, rating-run.

Expected values come from the spec's worked examples (B4: 1222/1222, 1200/1257; B2:
``612OPE1A.618`` for the elite file ending 12 June 2000) and the real files themselves.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chessclub.cli import main
from chessclub.formats.frbe import read_results_file, to_tournament

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "frbe"
ELITE = FIXTURES / "elite-2000-16p-7r.txt"
CLOSED = FIXTURES / "closed-group-unrated.txt"
OPEN = FIXTURES / "open-unrated.txt"


def values(out: str) -> dict[int, int]:
    found: dict[int, int] = {}
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0].isdigit() and parts[-1].isdigit():
            found[int(parts[0])] = int(parts[-1])
    return found


def test_b4_cli_fictitious_closed_group(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frbe", "fictitious", str(CLOSED)]) == 0
    out = capsys.readouterr().out
    assert "closed" in out and values(out) == {2: 1222, 7: 1222}


def test_b4_cli_fictitious_open(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frbe", "fictitious", str(OPEN)]) == 0
    out = capsys.readouterr().out
    assert "open" in out and values(out) == {2: 1200, 7: 1257}


def test_b1_b2_b3_cli_export_elite_round_trips(tmp_path: Path) -> None:
    """The elite file ends 12 June 2000 (code line 20000612), Swiss → ``612OPE1A.618``; the
    written file is Latin-1 with CR LF and re-reads to the same games, colours and results."""
    assert main(["frbe", "export", str(ELITE), "--club", "618", "-o", str(tmp_path)]) == 0
    written = tmp_path / "612OPE1A.618"
    data = written.read_bytes()
    assert data.count(b"\r\n") == data.count(b"\n") > 16
    again = to_tournament(read_results_file(data))
    before = to_tournament(read_results_file(ELITE.read_bytes()))
    assert [p.name for p in again.players] == [p.name for p in before.players]
    assert [p.matricule for p in again.players] == [p.matricule for p in before.players]
    games = lambda t: [  # noqa: E731
        sorted((g.white, g.black, g.result) for g in r.games) for r in t.rounds
    ]
    assert games(again) == games(before)


def test_b1_cli_export_lists_blocking_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The closed-group example has null round dates (``991230``); its ``DT :`` line and its
    ``Timing:`` part give the arbiter and the tempo."""
    out = tmp_path / "x.618"
    assert main(["frbe", "export", str(CLOSED), "--club", "618", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "round 1 has no date" in err and "round 7 has no date" in err
    assert "no arbiter" not in err and "no time control" not in err
    assert not out.exists()


@pytest.mark.parametrize("identifier", ["INT", "24L", "ELO"])
def test_b2_cli_export_reserved_identifier_refused(
    identifier: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["frbe", "export", str(ELITE), "--club", "618", "--id", identifier, "-o", str(tmp_path)]
    )
    assert code == 1
    assert "reserved" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_b2_cli_export_division_and_series(tmp_path: Path) -> None:
    args = ["frbe", "export", str(ELITE), "--club", "618", "--division", "2", "--series", "C"]
    assert main([*args, "-o", str(tmp_path)]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["612OPE2C.618"]


def test_b5_cli_rating_run_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The closed-group file with a CSV list where every player has 45 games at the file's
    rating except 2 and 7 (0 games): players 2 and 7 play 11 games against rated players
    (B4's count) and stay unrated (indicative: 10–19 games needs ≥ 10: 2 has 6, 7 has 5)."""
    t = to_tournament(read_results_file(CLOSED.read_bytes()))
    rows = ["MATRICULE;NOM_PRENOM;SEXE;CLUB;DATE_NAISS;ELO_PRECE;PART_PRECE;ELO_CALCUL;"
            "PART_CALCU;TITRE;FIDE;NATFIDE;FEDERATION;DECEDE"]  # fmt: skip
    for p in t.players:
        games = 0 if p.pairing_number in (2, 7) else 45
        rating = "" if games == 0 else str(p.rating)
        rows.append(f"{p.matricule};{p.name};M;618;;;0;{rating};{games};;;;F;F")
    listing = tmp_path / "PLAYER.csv"
    listing.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert (
        main(["frbe", "rating-run", "--players", str(listing), str(CLOSED), "--format", "json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "frbe-art10@2008"
    by = {p["matricule"]: p for p in data["players"]}
    two = by[int(t.player(2).matricule)]
    assert two["status"] == "unrated" and two["new_games"] == 6
    assert {line["run"] for line in two["sheet"]} == {1}
    seven = by[int(t.player(7).matricule)]
    assert seven["new_games"] == 5


def test_cli_frbe_help_texts(capsys: pytest.CaptureFixture[str]) -> None:
    for command, words in (
        ("rating-run", "import order"),
        ("export", "625OPE1A.618"),
        ("fictitious", "closed groups"),
    ):
        with pytest.raises(SystemExit):
            main(["frbe", command, "--help"])
        assert words in capsys.readouterr().out


def test_b3_cli_wrong_player_list_names_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = tmp_path / "PLAYER.csv"
    listing.write_text("MATRICULE;NOM_PRENOM\n1;A, B\n", encoding="utf-8")
    assert main(["frbe", "rating-run", "--players", str(listing), str(CLOSED)]) == 3
    assert "SEXE" in capsys.readouterr().err


def test_b5_cli_rule_set_from_a_json_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """B5: "the rule set is data that an administrator can update without a code change".
    The elite file with every player rated (100 games, ratings 1900–2334): with a rule set
    whose floor is 3000 everybody ends at 3000, and the output names that rule set; a
    misspelt field is refused by name."""
    t = to_tournament(read_results_file(ELITE.read_bytes()))
    rows = ["MATRICULE;NOM_PRENOM;SEXE;CLUB;DATE_NAISS;ELO_PRECE;PART_PRECE;ELO_CALCUL;"
            "PART_CALCU;TITRE;FIDE;NATFIDE;FEDERATION;DECEDE"]  # fmt: skip
    rows += [f"{p.matricule};{p.name};M;618;;;0;{p.rating};100;;;;F;F" for p in t.players]
    listing = tmp_path / "PLAYER.csv"
    listing.write_text("\n".join(rows) + "\n", encoding="utf-8")
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"key": "test-floor", "version": "1", "floor": 3000}))
    args = ["frbe", "rating-run", "--players", str(listing), str(ELITE), "--format", "json"]
    assert main([*args, "--rules", str(rules)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "test-floor@1"
    assert {p["new_rating"] for p in data["players"]} == {3000}
    rules.write_text(json.dumps({"key": "x", "version": "1", "flor": 1}))
    assert main([*args, "--rules", str(rules)]) == 3  # an invalid input file (cli.main's table)
    assert "flor" in capsys.readouterr().err


def test_b5_cli_rating_run_summary_counts_games_left_out_by_the_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The bundled PLAYER.DBF holds none of the closed group's matricules: every one of its
    games is left out by the run ("not in the player list"), so the summary says 0 counted and
    as many left out as the "left out:" lines below it (it said "25 counted, 0 left out")."""
    players = Path(__file__).resolve().parents[2] / "fixtures" / "frbe_players" / "PLAYER.DBF"
    assert main(["frbe", "rating-run", "--players", str(players), str(CLOSED)]) == 0
    out = capsys.readouterr().out
    listed = out.count("\nleft out: ")
    assert listed > 0
    assert f"Games: 0 counted, {listed} left out" in out
