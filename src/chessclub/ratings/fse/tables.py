"""The evaluation tables of the ranking list (the federation's art. 9; spec W6, W2, W8).

Two tables make one :class:`EvaluationTable`:

* **expected result by difference** — for a difference ``D = FA − FG`` (own points minus the
  opponent's), the expected result in hundredths; a game's gain is
  ``W = coefficient × (result − expected)`` (W6);
* **difference by percentage** — for a percentage score ``L`` (0…100), the points difference
  ``D(L)`` added to the opponents' mean for a new player, ``FZ = M + D(L)`` (W2).

The federation's own tables are not in our source text (W8). Until they are supplied, the
shipped table ``fide-b02-derived`` is FIDE's B.02 table 8.1.2 (expected score by difference,
with B.02's 400-point cap) and table 8.1.1 (``dp`` by percentage), generated from
:mod:`chessclub.ratings.fide_tables`. An administrator replaces it by a JSON file of the same
shape (:func:`read_table`), without a code change:

.. code-block:: json

    {"name": "…", "version": "…", "description": "…",
     "difference_cap": 400,
     "expected_by_difference": [[0, 3, 50], [4, 10, 51], …, [736, null, 100]],
     "difference_by_percentage": [[0, -800], [1, -677], …, [100, 800]]}

``expected_by_difference`` rows are ``[from, to, expected]`` for ``D ≥ 0`` (``to`` ``null`` on
the last, open row), contiguous from 0; a negative ``D`` reads ``100 − expected(−D)``.
``difference_cap`` (``null``: none) caps ``|D|`` before the look-up. ``difference_by_percentage``
gives every whole percentage 0…100 once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

DEFAULT_TABLE_FILE = "fide-b02-derived.json"
MAX_DIFFERENCE = 3500
"""The largest ``|D|`` two list values can have (values are 0…3500): the look-up of expected
results is built up to it, whatever a band's ``to`` says, and ``D(L)`` must stay within it."""


class TableError(ValueError):
    """An evaluation-table file that cannot be used (names the file and the problem)."""

    omitted: int = 0
    """Problems left out of the message: always 0, the reader stops at the first one (the
    attribute every reader's error has, see :class:`~chessclub.formats.errors.FormatError`)."""


@dataclass(frozen=True)
class EvaluationTable:
    """A validated evaluation table (see the module docstring)."""

    name: str
    version: str
    description: str
    difference_cap: int | None
    bands: tuple[tuple[int, int | None, int], ...]
    percentages: tuple[int, ...]  # index 0…100 → D(L)
    _lookup: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lookup: list[int] = []
        for low, high, expected in self.bands:
            if low > MAX_DIFFERENCE:
                break
            top = min(high if high is not None else low, MAX_DIFFERENCE)
            lookup.extend([expected] * (top - low + 1))
        object.__setattr__(self, "_lookup", tuple(lookup))

    def capped(self, difference: int) -> int:
        """``D`` after the table's cap (``|D|`` at most ``difference_cap``)."""
        cap = self.difference_cap
        if cap is None:
            return difference
        return max(-cap, min(cap, difference))

    def expected(self, difference: int) -> int:
        """Expected result in hundredths for ``D = FA − FG`` (the cap applied first)."""
        d = self.capped(difference)
        value = self._lookup[min(abs(d), len(self._lookup) - 1)]
        return value if d >= 0 else 100 - value

    def difference_for(self, percentage: int) -> int:
        """``D(L)`` for a whole percentage ``L`` (0…100), W2."""
        if not 0 <= percentage <= 100:
            raise ValueError(f"percentage out of range: {percentage}")
        return self.percentages[percentage]

    def label(self) -> str:
        """The table's name and version, as every output names it."""
        return f"{self.name} (version {self.version})"


def _fail(source: str, message: str) -> TableError:
    return TableError(f"{source}: {message}" if source else message)


def _int(value: Any, source: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(source, f"{where}: expected a whole number, found {value!r}")
    return value


def read_table(data: bytes, *, source: str = "") -> EvaluationTable:
    """Read and check an evaluation-table JSON file; :class:`TableError` names the problem
    (with line and column for a JSON syntax error)."""
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise _fail(source, f"not UTF-8 text (byte {exc.start + 1})") from None
    except json.JSONDecodeError as exc:
        raise _fail(source, f"line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise _fail(source, "nested too deeply to be an evaluation table") from None
    except ValueError as exc:  # e.g. a number of more than 4300 digits
        raise _fail(source, f"not readable as JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise _fail(source, "expected a JSON object")
    for key in ("name", "version", "expected_by_difference", "difference_by_percentage"):
        if key not in doc:
            raise _fail(source, f"missing key {key!r}")
    name, version = doc["name"], doc["version"]
    if not isinstance(name, str) or not name or not isinstance(version, str) or not version:
        raise _fail(source, "'name' and 'version' must be non-empty strings")
    description = doc.get("description", "")
    if not isinstance(description, str):
        raise _fail(source, "'description' must be a string")
    cap_raw = doc.get("difference_cap")
    cap = None if cap_raw is None else _int(cap_raw, source, "difference_cap")
    if cap is not None and cap <= 0:
        raise _fail(source, "difference_cap must be positive")
    rows = doc["expected_by_difference"]
    if not isinstance(rows, list) or not rows:
        raise _fail(source, "'expected_by_difference' must be a non-empty list")
    bands: list[tuple[int, int | None, int]] = []
    following = 0
    for index, row in enumerate(rows):
        where = f"expected_by_difference[{index}]"
        if not isinstance(row, list) or len(row) != 3:
            raise _fail(source, f"{where}: expected [from, to, expected]")
        low = _int(row[0], source, where)
        high = None if row[1] is None else _int(row[1], source, where)
        expected = _int(row[2], source, where)
        if low != following:
            raise _fail(source, f"{where}: starts at {low}, expected {following}")
        if high is None and index != len(rows) - 1:
            raise _fail(source, f"{where}: only the last row may be open (to = null)")
        if high is not None and high < low:
            raise _fail(source, f"{where}: 'to' {high} is below 'from' {low}")
        if not 0 <= expected <= 100 or (bands and expected < bands[-1][2]):
            raise _fail(source, f"{where}: expected {expected} not within previous…100")
        bands.append((low, high, expected))
        following = (high + 1) if high is not None else following
    if bands[-1][1] is not None:
        raise _fail(source, "the last expected_by_difference row must be open (to = null)")
    pct_rows = doc["difference_by_percentage"]
    if not isinstance(pct_rows, list):
        raise _fail(source, "'difference_by_percentage' must be a list")
    by_pct: dict[int, int] = {}
    for index, row in enumerate(pct_rows):
        where = f"difference_by_percentage[{index}]"
        if not isinstance(row, list) or len(row) != 2:
            raise _fail(source, f"{where}: expected [percentage, difference]")
        pct = _int(row[0], source, where)
        if not 0 <= pct <= 100 or pct in by_pct:
            raise _fail(source, f"{where}: percentage {pct} out of 0…100 or given twice")
        difference = _int(row[1], source, where)
        if abs(difference) > MAX_DIFFERENCE:
            raise _fail(source, f"{where}: difference {difference} not within ±{MAX_DIFFERENCE}")
        by_pct[pct] = difference
    missing = [p for p in range(101) if p not in by_pct]
    if missing:
        raise _fail(source, f"difference_by_percentage lacks percentage {missing[0]}")
    return EvaluationTable(
        name=name,
        version=version,
        description=description,
        difference_cap=cap,
        bands=tuple(bands),
        percentages=tuple(by_pct[p] for p in range(101)),
    )


def read_table_file(path: str | Path) -> EvaluationTable:
    """Read an administrator's table file (see :func:`read_table`)."""
    return read_table(Path(path).read_bytes(), source=str(path))


def default_table() -> EvaluationTable:
    """The shipped table, derived from FIDE's B.02 tables until the federation's are supplied
    (W8)."""
    data = resources.files("chessclub.ratings.fse").joinpath("tables").joinpath(DEFAULT_TABLE_FILE)
    return read_table(data.read_bytes(), source=DEFAULT_TABLE_FILE)


def fide_derived_document() -> dict[str, Any]:
    """The shipped table's content, generated from :mod:`chessclub.ratings.fide_tables`
    (used to write ``tables/fide-b02-derived.json`` and to check it in the tests)."""
    from chessclub.ratings.fide_tables import dp, expected_score

    bands: list[list[int | None]] = []
    for d in range(0, 801):
        value = expected_score(d, 0)
        if bands and bands[-1][2] == value:
            bands[-1][1] = d
        else:
            bands.append([d, d, value])
    bands[-1][1] = None
    return {
        "name": "fide-b02-derived",
        "version": "1",
        "description": (
            "Derived from FIDE B.02 table 8.1.2 (expected score by rating difference, "
            "400-point cap of B.02 8.3.1) and table 8.1.1 (dp by percentage score). "
            "Assumption (spec W8): the federation's own art. 9 tables are not available."
        ),
        "difference_cap": 400,
        "expected_by_difference": bands,
        "difference_by_percentage": [[p, dp(p)] for p in range(101)],
    }
