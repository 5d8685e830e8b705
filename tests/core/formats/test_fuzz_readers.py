"""Every file reader refuses any byte sequence with its own error, and briefly.

Issue "Close the holes an adversarial test found":

- item 5, *no reader error is a 500*: each file of the fuzz regression corpus
  (``tests/fixtures/fuzz/``, see its README.md) is refused by its reader with that reader's own
  error type — or read — never with a bare ``ValueError``, ``ZeroDivisionError``,
  ``OverflowError``… nor a hang; the files that crashed before name the place of the problem.
- item 6, *bounded refusals*: a reader lists at most ``MAX_PROBLEMS`` problems and counts the
  others in ``omitted``; ``str()`` stays short and ends with ``… and N more problems``.

The longer, random fuzzing is ``test_fuzz_long.py`` (slow).
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from chessclub.formats import FormatError, Problem, read_tournament
from chessclub.formats import frbe as frbe_format
from chessclub.formats import trf as trf_format
from chessclub.formats.errors import MAX_PROBLEMS, FrbeError, ProblemLog, TrfError
from chessclub.formats.frbe_players import PlayerListError, read_player_csv, read_player_dbf
from chessclub.formats.trf.teams import TeamTrfError, read_team_trf
from chessclub.ratings.fse.listfile import ListFileError, read_list_csv
from chessclub.ratings.fse.rules import RuleSetError, read_rule_set
from chessclub.ratings.fse.tables import TableError, read_table

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
CORPUS = FIXTURES / "fuzz"

Reader = Callable[[bytes], object]

#: File-name prefix → the readers the file is fed to, each with the error it may raise.
READERS: dict[str, list[tuple[Reader, type[Exception]]]] = {
    "detect-": [(read_tournament, FormatError)],
    "frbe-": [(frbe_format.read_tournament, FrbeError), (read_tournament, FormatError)],
    "trf-": [(trf_format.read_tournament, TrfError), (read_tournament, FormatError)],
    "team-": [(read_team_trf, TrfError), (read_tournament, FormatError)],
    "players-csv-": [(read_player_csv, PlayerListError)],
    "players-dbf-": [(read_player_dbf, PlayerListError)],
    "fse-list-": [(read_list_csv, ListFileError)],
    "fse-rules-": [(read_rule_set, RuleSetError)],
    "fse-table-": [(read_table, TableError)],
}

CORPUS_FILES = sorted(p for p in CORPUS.iterdir() if p.name != "README.md")


def readers_of(path: Path) -> list[tuple[Reader, type[Exception]]]:
    prefix = max((p for p in READERS if path.name.startswith(p)), key=len)
    return READERS[prefix]


class TooSlow(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail (instead of hanging the suite) when the block takes longer than ``seconds``."""

    def alarm(signum: int, frame: object) -> None:
        raise TooSlow(f"more than {seconds} s")

    if not hasattr(signal, "setitimer"):  # not on Windows: no limit
        yield
        return
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def outcome(reader: Reader, error: type[Exception], data: bytes) -> Exception | None:
    """The reader's own error for ``data``, ``None`` when it reads the file; anything else
    (another exception, more than 3 s) fails the test."""
    try:
        with time_limit(3):
            reader(data)
    except error as exc:
        str(exc)  # the message renders
        return exc
    return None


# --------------------------------------------------------------------------------------------
# 5. The corpus: its own error or a reading, nothing else


def test_holes5_corpus_is_a_few_dozen_small_files_each_named_in_the_readme() -> None:
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    assert 30 <= len(CORPUS_FILES) <= 80
    for path in CORPUS_FILES:
        assert path.stat().st_size <= 8192, path.name
        assert f"`{path.name}`" in readme, path.name
        assert readers_of(path), path.name


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_holes5_corpus_file_gets_its_readers_own_error_or_is_read(path: Path) -> None:
    data = path.read_bytes()
    for reader, error in readers_of(path):
        found = outcome(reader, error, data)
        if isinstance(found, FormatError | PlayerListError):
            assert found.problems
            assert len(found.problems) <= MAX_PROBLEMS
            assert found.omitted >= 0


# The files that crashed (or hung) before the fix: the problem their reader names now.
CRASHED: dict[str, tuple[int, int, str]] = {
    "frbe-elo-unit-separator.txt": (8, 38, "control character U+001F is not allowed"),
    "frbe-elo-group-separator-utf8.txt": (9, 39, "control character U+001D is not allowed"),
    "frbe-opponent-unit-separator.txt": (9, 67, "control character U+001F is not allowed"),
    "frbe-opponent-file-separator.txt": (10, 43, "control character U+001C is not allowed"),
    "frbe-opponent-record-separator-utf8.txt": (
        10,
        44,
        "control character U+001E is not allowed",
    ),
    "team-362-points-divide-by-zero.trf": (7, 17, "TD points '1/0' is not a number"),
    "team-362-points-not-a-number.trf": (7, 8, "TW points 'x.y' is not a number"),
    "team-320-points-bad.trf": (23, 6, "points '1/0' is not a number"),
    "team-310-superscript-digit.trf": (20, 7, "cannot read '³'"),
    "team-310-superscript-roster.trf": (20, 80, "starting rank '²²²' is not a number"),
    "fse-list-pending-score-exponent.csv": (2, 9, "pending_score: not a points value: '1e400'"),
}


@pytest.mark.parametrize("name", sorted(CRASHED))
def test_holes5_files_that_crashed_are_refused_naming_the_place(name: str) -> None:
    reader, error = readers_of(CORPUS / name)[0]
    found = outcome(reader, error, (CORPUS / name).read_bytes())
    assert isinstance(found, FormatError)
    assert found.problems[0] == Problem(*CRASHED[name])


def test_holes5_the_control_character_of_the_issue_is_a_belgian_format_error() -> None:
    """U+001F in an Elo: ``str.strip()`` removed it, ``int()`` did not (a bare ValueError, a
    500 on the import page). Now the dispatcher the web page and the command line call
    refuses it at its column like any control character."""
    data = (CORPUS / "frbe-elo-unit-separator.txt").read_bytes()
    with pytest.raises(FrbeError) as info:
        read_tournament(data, source="upload.txt")
    assert (
        str(info.value) == "upload.txt: line 8, column 38: control character U+001F is not allowed"
    )
    assert info.value.omitted == 0


def test_holes5_a_time_control_of_4400_digits_is_kept_as_written() -> None:
    tournament = trf_format.read_tournament(
        (CORPUS / "trf-222-4400-digit-time-control.trf").read_bytes()
    )
    assert tournament.time_control == "9" * 4400 + "+30"


def test_holes5_a_fraction_with_a_huge_exponent_is_refused_at_once() -> None:
    for name, key in (
        ("fse-rules-fraction-exponent.json", "minutes_per_move"),
        ("fse-rules-uplift-factor-exponent.json", "uplift.factor"),
    ):
        started = time.perf_counter()
        with time_limit(3), pytest.raises(RuleSetError, match=f"{key}: expected a fraction"):
            read_rule_set((CORPUS / name).read_bytes())
        assert time.perf_counter() - started < 1


def test_holes5_team_records_name_line_and_column() -> None:
    data = (CORPUS / "team-duplicate-team-number.trf").read_bytes()
    with pytest.raises(TeamTrfError) as info:
        read_team_trf(data, source="teams.trf")
    assert info.value.problems == [Problem(19, 5, "team number 1 already used on line 18")]
    assert str(info.value) == "teams.trf: line 19, column 5: team number 1 already used on line 18"
    assert isinstance(info.value, TrfError)  # the import page's FormatError
    with pytest.raises(TeamTrfError, match=r"line 25, column 5: unknown forfeit type '\?!'"):
        read_team_trf((CORPUS / "team-330-unknown-type.trf").read_bytes())


def test_holes5_list_file_controls_and_cr_line_ends() -> None:
    with pytest.raises(ListFileError) as info:
        read_list_csv((CORPUS / "fse-list-control-characters.csv").read_bytes())
    assert [(p.line, p.column, p.message) for p in info.value.problems] == [
        (2, 2, "control character U+001B (ESC) is not allowed"),
        (3, 2, "control character U+0085 is not allowed"),
    ]
    assert len(read_list_csv((CORPUS / "fse-list-cr-line-ends.csv").read_bytes())) == 5


# --------------------------------------------------------------------------------------------
# 6. Bounded refusals


def _bad_trf(count: int) -> bytes:
    """A TRF whose ``count`` player records each have exactly one problem: the starting rank
    ``ABCD`` (records 4 … count + 3, after three good header records)."""
    return b"012 Bounded\nXXR 5\n092 Individual: Swiss-System\n" + b"001 ABCD\n" * count


def test_holes6_a_trf_of_100000_bad_lines_lists_the_first_problems_and_counts_the_rest() -> None:
    count = 100_000
    with pytest.raises(TrfError) as info:
        trf_format.read_trf(_bad_trf(count), source="big.trf")
    error = info.value
    assert len(error.problems) == MAX_PROBLEMS
    assert error.omitted == count - MAX_PROBLEMS
    assert [p.line for p in error.problems] == list(range(4, 4 + MAX_PROBLEMS))
    assert error.problems[0] == Problem(4, 5, "starting rank 'ABCD' is not a number")
    text = str(error)
    assert len(text) < 100 * MAX_PROBLEMS
    assert text.endswith("\nbig.trf: … and 99,900 more problems")
    assert text.count("\n") == MAX_PROBLEMS
    with pytest.raises(TrfError) as again:  # the dispatcher the import page calls
        read_tournament(_bad_trf(count))
    assert (len(again.value.problems), again.value.omitted) == (MAX_PROBLEMS, count - MAX_PROBLEMS)


def test_holes6_a_trf_just_at_the_limit_omits_nothing() -> None:
    with pytest.raises(TrfError) as info:
        trf_format.read_trf(_bad_trf(MAX_PROBLEMS))
    assert (len(info.value.problems), info.value.omitted) == (MAX_PROBLEMS, 0)
    assert "more problem" not in str(info.value)
    with pytest.raises(TrfError) as info:
        trf_format.read_trf(_bad_trf(MAX_PROBLEMS + 1))
    assert str(info.value).endswith("\n… and 1 more problem")


def test_holes6_a_belgian_file_with_50000_bad_lines_is_bounded() -> None:
    lines = (FIXTURES / "frbe" / "elite-2000-16p-7r.txt").read_bytes().split(b"\n")
    # 50,000 lines that are no player line between players 15 and 16 (lines 22 and 23)
    data = b"\n".join([*lines[:22], *([b"?"] * 50_000), *lines[22:]])
    with pytest.raises(FrbeError) as info:
        frbe_format.read_results_file(data)
    assert len(info.value.problems) == MAX_PROBLEMS
    assert info.value.omitted == 50_000 - MAX_PROBLEMS
    assert info.value.problems[0] == Problem(23, 1, "expected a player line (N°, name, …)")
    assert str(info.value).endswith("… and 49,900 more problems")


def test_holes6_list_files_are_bounded() -> None:
    header = b"id,name,points,games,entry_date,birth_date\n"
    rows = b"".join(b'%d,"Name, First",x,1,2020-01-01,1990\n' % n for n in range(30_000))
    with pytest.raises(ListFileError) as info:
        read_list_csv(header + rows)
    assert (len(info.value.problems), info.value.omitted) == (MAX_PROBLEMS, 30_000 - MAX_PROBLEMS)
    assert info.value.problems[0].line == 2
    assert str(info.value).endswith("… and 29,900 more problems")


def test_holes6_player_lists_are_bounded() -> None:
    header = (FIXTURES / "frbe_players" / "PLAYER.csv").read_bytes().split(b"\n")[0]
    row = b"x;Name, First;M;;;;0;;0;;;;V;F"
    with pytest.raises(PlayerListError) as info:
        read_player_csv(header + b"\n" + b"\n".join([row] * 30_000))
    assert (len(info.value.problems), info.value.omitted) == (MAX_PROBLEMS, 30_000 - MAX_PROBLEMS)
    assert str(info.value).endswith("… and 29,900 more problems")


def test_holes6_team_files_are_bounded() -> None:
    data = (CORPUS / "team-small.trf").read_bytes() + b"330 ??   1   2   3\n" * 5000
    with pytest.raises(TeamTrfError) as info:
        read_team_trf(data)
    assert (len(info.value.problems), info.value.omitted) == (MAX_PROBLEMS, 5000 - MAX_PROBLEMS)


def test_holes6_problem_log_keeps_the_first_by_place_and_counts_the_rest() -> None:
    log = ProblemLog(limit=3)
    for line in (9, 5, 7, 1, 8, 5):
        log.add(line, 2, "at %(line)s", {"line": line})
    log.append(Problem(5, 1, "first of line 5"))
    assert len(log) == 7 and log.omitted == 4
    assert [(p.line, p.column, p.message) for p in log.problems()] == [
        (1, 2, "at 1"),
        (5, 1, "first of line 5"),
        (5, 2, "at 5"),
    ]
    assert log.lines == {1, 5, 7, 8, 9}
    found = ProblemLog(limit=2, by_place=False)
    found.extend([Problem(9, 0, "a"), Problem(1, 0, "b"), Problem(5, 0, "c")])
    assert [p.message for p in found.problems()] == ["a", "b"] and found.omitted == 1


def test_holes6_format_error_cuts_a_long_list_and_adds_what_it_omits() -> None:
    problems = [Problem(n, 0, "bad line") for n in range(1, 251)]
    error = TrfError(problems, omitted=10)
    assert len(error.problems) == MAX_PROBLEMS
    assert error.omitted == 160
    assert str(error).splitlines()[-1] == "… and 160 more problems"
    assert FrbeError([Problem(1, 0, "one")]).omitted == 0
    assert TableError("x").omitted == RuleSetError("x").omitted == 0
