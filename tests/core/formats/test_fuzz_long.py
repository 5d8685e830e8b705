"""A longer random fuzzing of every file reader (slow: ``make test-full``).

Issue "Close the holes an adversarial test found", items 5–6: hypothesis mutates the project's
real test files (byte flips, control characters ``\\x00 \\x01 \\x0b \\x0c \\x1c \\x85 \\u2028``,
truncations, huge numbers, duplicated lines, CR / CR LF mixing, re-encoding, record tags
swapped, CSV fields and JSON values replaced, dBase header fields changed) and feeds each
input to its reader, which must read it or refuse it with its own error type — listing at most
``MAX_PROBLEMS`` problems — within a few seconds. Every input is tried (a crash does not stop
the run); the counts of inputs tried and of crashes per reader are printed, written as JSON to
``$CHESSCLUB_FUZZ_COUNTS`` when set, and the test fails listing the crashes.

``CHESSCLUB_FUZZ_EXAMPLES`` (default 10000: about 4 minutes in all) is the number of inputs per
reader; ``CHESSCLUB_FUZZ_SEED`` fixes hypothesis's random seed; ``CHESSCLUB_FUZZ_SAVE`` names a
folder where crashing inputs are written (candidates for ``tests/fixtures/fuzz/``).
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from test_fuzz_readers import TooSlow, time_limit

from chessclub.formats import FormatError, read_tournament
from chessclub.formats import frbe as frbe_format
from chessclub.formats import trf as trf_format
from chessclub.formats.errors import MAX_PROBLEMS, FrbeError, TrfError
from chessclub.formats.frbe_players import PlayerListError, read_player_csv, read_player_dbf
from chessclub.formats.trf.teams import read_team_trf
from chessclub.ratings.fse.listfile import ListFileError, read_list_csv
from chessclub.ratings.fse.rules import RuleSetError, read_rule_set
from chessclub.ratings.fse.tables import TableError, read_table

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "tests" / "fixtures"
EXAMPLES = int(os.environ.get("CHESSCLUB_FUZZ_EXAMPLES", "10000"))
SEED = os.environ.get("CHESSCLUB_FUZZ_SEED")
SAVE = os.environ.get("CHESSCLUB_FUZZ_SAVE")
COUNTS_FILE = os.environ.get("CHESSCLUB_FUZZ_COUNTS")
TIME_LIMIT = 5.0  # seconds per input

TOKENS = [
    b"\x00",
    b"\x01",
    b"\x07",
    b"\x0b",
    b"\x0c",
    b"\x1a",
    b"\x1b",
    b"\x1c",
    b"\x1d",
    b"\x1e",
    b"\x1f",
    b"\x7f",
    b"\x85",
    b"\xc2\x85",
    b"\x9b",
    "\u2028".encode(),
    "\u2029".encode(),
    "\u00a0".encode(),
    "\u3000".encode(),
    b"\t",
    b"\r",
    b"\n",
    b"\r\n",
    b"\xff",
    b"\xfe\xff",
    b"\xef\xbb\xbf",
    b"\xc3",
    b"\xe2\x82",
    "\u0663".encode(),  # ARABIC-INDIC DIGIT THREE: int() reads it
    "\u00b2".encode(),  # SUPERSCRIPT TWO: isdigit() but not int()
    "\u00bd".encode(),
    b"9" * 40,
    b"9" * 4400,
    b"-1",
    b"0",
    b"1e9999999",
    b"1e-999",
    b"1/0",
    b"nan",
    b"1_000",
    b" ",
    b"*",
    b'"',
    b";",
    b",",
    b"{",
    b"[" * 200,
]
TAGS = [
    tag.encode()
    for tag in [
        *("001", "012", "022", "042", "052", "092", "102", "122", "132", "142", "152", "162"),
        *("192", "202", "222", "240", "250", "260", "299", "300", "310", "320", "330", "352"),
        *("362", "013", "XXR", "XXC", "XXS", "BBW", "BBU", "00A", "###", "801"),
    ]
]

# --------------------------------------------------------------------------------------------
# Mutations, drawn by hypothesis


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


@st.composite
def byte_mutations(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` after one to six edits anywhere (bytes, tokens, lines, line ends, encoding)."""
    buf = bytearray(data)
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.integers(0, 12))
        pos = draw(st.integers(0, len(buf))) if buf else 0
        if kind == 0 and buf:  # one bit flipped
            index = min(pos, len(buf) - 1)
            buf[index] ^= 1 << draw(st.integers(0, 7))
        elif kind == 1 and buf:  # one byte replaced
            buf[min(pos, len(buf) - 1)] = draw(st.integers(0, 255))
        elif kind == 2:  # a token inserted
            buf[pos:pos] = draw(st.sampled_from(TOKENS))
        elif kind == 3:  # a token written over
            token = draw(st.sampled_from(TOKENS))
            buf[pos : pos + len(token)] = token
        elif kind == 4:  # truncated
            del buf[pos:]
        elif kind == 5 and buf:  # a span deleted
            del buf[pos : pos + draw(st.integers(1, 40))]
        elif kind in (6, 7, 8, 9, 10):  # line edits
            lines = _lines(bytes(buf))
            index = draw(st.integers(0, len(lines) - 1))
            line = bytearray(lines[index])
            if kind == 6:  # a line duplicated
                lines.insert(index, lines[index])
            elif kind == 7 and len(lines) > 1:  # two lines swapped
                other = draw(st.integers(0, len(lines) - 1))
                lines[index], lines[other] = lines[other], lines[index]
            elif kind == 8:  # the record tag changed
                line[0:3] = draw(st.sampled_from(TAGS))
                lines[index] = bytes(line)
            elif kind == 9 and line:  # a character of the line replaced or inserted
                at = draw(st.integers(0, len(line) - 1))
                token = draw(st.sampled_from(TOKENS) | st.binary(min_size=1, max_size=3))
                line[at : at + draw(st.sampled_from([0, 1, len(token)]))] = token
                lines[index] = bytes(line)
            elif kind == 10:  # digits blown up
                digits = [i for i, b in enumerate(line) if 48 <= b <= 57]
                if digits:
                    at = draw(st.sampled_from(digits))
                    line[at : at + 1] = draw(st.sampled_from([b"9" * 4400, b"99999", b"0", b"-"]))
                    lines[index] = bytes(line)
            buf = bytearray(b"\n".join(lines))
        elif kind == 11:  # line ends mixed
            lines = _lines(bytes(buf))
            ends = draw(st.lists(st.sampled_from([b"\n", b"\r", b"\r\n"]), min_size=1))
            buf = bytearray(b"".join(ln + ends[i % len(ends)] for i, ln in enumerate(lines)))
        else:  # re-encoded
            codec = draw(st.sampled_from(["latin-1", "cp1252", "utf-16", "utf-8"]))
            try:
                text = bytes(buf).decode("utf-8")
            except UnicodeDecodeError:
                text = bytes(buf).decode("latin-1")
            buf = bytearray(text.encode(codec, errors="replace"))
    return bytes(buf)


@st.composite
def csv_mutations(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` (CSV) with fields replaced, lengthened or rows duplicated, else byte edits."""
    if draw(st.booleans()):
        return draw(byte_mutations(data))
    text = data.decode("utf-8", "replace")
    lines = text.split("\n")
    separator = ";" if lines[0].count(";") > lines[0].count(",") else ","
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        cells = lines[index].split(separator)
        at = draw(st.integers(0, len(cells) - 1))
        value = draw(
            st.sampled_from(TOKENS).map(lambda b: b.decode("utf-8", "replace"))
            | st.sampled_from(
                ["2020-02-30", "31.12.9999", "0000", "3½", "1,5", "99999999", "T", "?", "1e400", ""]
            )
            | st.text(max_size=8)
        )
        cells[at] = value if draw(st.booleans()) else cells[at] + value
        lines[index] = separator.join(cells)
        if draw(st.integers(0, 9)) == 0:
            lines.insert(index, lines[index])
    codec = draw(st.sampled_from(["utf-8", "utf-8", "cp1252"]))
    return "\n".join(lines).encode(codec, "replace")


JSON_TEXTS = st.sampled_from(
    ["", "5/2", "1e9999999", "1e-999999999", "1/0", "-1", "0", "2025-02-30", "٣", "9" * 4400]
)
JSON_VALUES = JSON_TEXTS | st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([2**63, 10**4000, -1, 0, 1, 3500, 3501])
    | st.floats(allow_nan=True, allow_infinity=True)
    | JSON_TEXTS
    | st.text(max_size=6),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def json_mutations(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` (JSON) with values replaced, removed or inserted somewhere, else byte edits."""
    if draw(st.integers(0, 3)) == 0:
        return draw(byte_mutations(data))
    doc = json.loads(data)
    for _ in range(draw(st.integers(1, 3))):
        parent: Any = None
        key: Any = None
        node: Any = doc
        while isinstance(node, dict | list) and node and draw(st.integers(0, 9)) < 7:
            parent = node
            key = draw(
                st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node)))
            )
            node = node[key]
        if parent is None:
            continue
        action = draw(st.integers(0, 9))
        if action == 0 and isinstance(parent, dict):
            del parent[key]
        elif action == 1 and isinstance(parent, list):
            parent.insert(key, draw(JSON_VALUES))
        else:
            parent[key] = draw(JSON_VALUES)
    try:
        return json.dumps(doc).encode()
    except (ValueError, OverflowError):
        return data


@st.composite
def dbf_mutations(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` (dBase III) with header fields, a field descriptor or record bytes changed,
    else byte edits."""
    buf = bytearray(data)
    kind = draw(st.integers(0, 4))
    header_length = struct.unpack_from("<H", buf, 8)[0]
    if kind == 0:  # record count
        struct.pack_into("<I", buf, 4, draw(st.sampled_from([0, 1, 4, 5, 6, 1000, 2**32 - 1])))
    elif kind == 1:  # header or record length
        offset = draw(st.sampled_from([8, 10]))
        struct.pack_into("<H", buf, offset, draw(st.integers(0, 65535)))
    elif kind == 2:  # a byte of a field descriptor (name, type, length, decimals)
        fields = max((header_length - 33) // 32, 1)
        at = 32 + 32 * draw(st.integers(0, fields - 1)) + draw(st.sampled_from([0, 10, 11, 16, 17]))
        if at < len(buf):
            buf[at] = draw(st.sampled_from([0, 1, 0x0D, 0x2A, 0xFF, *b"NCDLMF"]))
    elif kind == 3 and header_length < len(buf):  # record bytes
        at = draw(st.integers(header_length, len(buf) - 1))
        token = draw(st.sampled_from(TOKENS[:30]))
        buf[at : at + len(token)] = token[: len(buf) - at]
    else:
        return draw(byte_mutations(data))
    return bytes(buf)


# --------------------------------------------------------------------------------------------
# Readers


def _team(data: bytes) -> object:
    return read_team_trf(data)


def _trf(data: bytes) -> object:
    return trf_format.read_tournament(data)


def _frbe(data: bytes) -> object:
    return frbe_format.read_tournament(data)


def _files(folder: str, *patterns: str, largest: int = 20_000) -> list[Path]:
    found = sorted(p for pattern in patterns for p in (FIXTURES / folder).glob(pattern))
    return [p for p in found if p.stat().st_size <= largest]


Mutation = Callable[[bytes], st.SearchStrategy[bytes]]
READERS: dict[str, tuple[Callable[[bytes], object], type[Exception], list[Path], Mutation]] = {
    "formats.read_tournament": (
        read_tournament,
        FormatError,
        _files("frbe", "*.txt") + _files("trf", "E*.trf", "checker*.trf"),
        byte_mutations,
    ),
    "frbe.read_tournament": (_frbe, FrbeError, _files("frbe", "*.txt"), byte_mutations),
    "trf.read_tournament": (
        _trf,
        TrfError,
        _files("trf", "*.trf", "*.input") + _files("fse", "*.trf"),
        byte_mutations,
    ),
    "teams.read_team_trf": (
        _team,
        TrfError,
        _files("fuzz", "team-small.trf", "team-legacy-013.trf"),
        byte_mutations,
    ),
    "frbe_players.read_player_csv": (
        read_player_csv,
        PlayerListError,
        _files("frbe_players", "*.csv"),
        csv_mutations,
    ),
    "frbe_players.read_player_dbf": (
        read_player_dbf,
        PlayerListError,
        _files("frbe_players", "*.DBF"),
        dbf_mutations,
    ),
    "listfile.read_list_csv": (
        read_list_csv,
        ListFileError,
        _files("fse", "*.csv") + _files("fuzz", "fse-list-all-columns.csv"),
        csv_mutations,
    ),
    "rules.read_rule_set": (
        read_rule_set,
        RuleSetError,
        sorted((ROOT / "src/chessclub/ratings/fse/rulesets").glob("*.json")),
        json_mutations,
    ),
    "tables.read_table": (
        read_table,
        TableError,
        sorted((ROOT / "src/chessclub/ratings/fse/tables").glob("*.json")),
        json_mutations,
    ),
}


def _crash(reader: Callable[[bytes], object], error: type[Exception], data: bytes) -> str | None:
    """What went wrong reading ``data`` (``None``: read, or refused with ``error`` listing at
    most MAX_PROBLEMS problems): the exception and the place it was raised."""
    try:
        with time_limit(TIME_LIMIT):
            reader(data)
    except error as exc:
        problems = getattr(exc, "problems", ())
        if len(problems) > MAX_PROBLEMS:
            return f"{len(problems)} problems listed"
        str(exc)
        return None
    except TooSlow:
        return f"more than {TIME_LIMIT} s"
    except Exception as exc:  # the finding: any other exception
        frames = traceback.extract_tb(exc.__traceback__)
        ours = [f for f in frames if "chessclub" in f.filename] or frames
        where = f"{Path(ours[-1].filename).name}:{ours[-1].lineno}"
        return f"{type(exc).__name__} at {where}: {str(exc)[:120]}"
    return None


COUNTS: dict[str, dict[str, int]] = {}


@pytest.mark.parametrize("name", sorted(READERS))
def test_holes5_long_fuzz_reader_never_crashes(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    reader, error, paths, mutation = READERS[name]
    assert paths, name
    seeds = [p.read_bytes() for p in paths]
    counts = COUNTS.setdefault(name, {"inputs": 0, "crashes": 0})
    crashes: dict[str, bytes] = {}
    for data in seeds:  # the unmutated files themselves
        counts["inputs"] += 1
        found = _crash(reader, error, data)
        if found:
            counts["crashes"] += 1
            crashes.setdefault(found, data)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
            HealthCheck.large_base_example,
        ],
    )
    @given(st.data())
    def fuzz(data: st.DataObject) -> None:
        seed = data.draw(st.sampled_from(seeds), label="seed")
        mutated = data.draw(mutation(seed), label="input")
        counts["inputs"] += 1
        found = _crash(reader, error, mutated)
        if found:
            counts["crashes"] += 1
            if found not in crashes or len(mutated) < len(crashes[found]):
                crashes[found] = mutated

    if SEED is not None:
        fuzz = hypothesis_seed(int(SEED))(fuzz)
    fuzz()
    if SAVE:
        folder = Path(SAVE)
        folder.mkdir(parents=True, exist_ok=True)
        for data in crashes.values():
            digest = hashlib.sha1(data).hexdigest()[:10]
            (folder / f"{name}-{digest}.bin").write_bytes(data)
    with capsys.disabled():
        print(
            f"\nfuzz {name}: {counts['inputs']} inputs tried, {counts['crashes']} crashes "
            f"({len(crashes)} distinct)"
        )
    if COUNTS_FILE:
        path = Path(COUNTS_FILE)
        known = json.loads(path.read_text()) if path.exists() else {}
        known[name] = {**counts, "distinct": len(crashes), "kinds": sorted(crashes)}
        path.write_text(json.dumps(known, indent=2, sort_keys=True) + "\n")
    assert not crashes, "\n".join(f"{kind}: {data[:200]!r}" for kind, data in crashes.items())
