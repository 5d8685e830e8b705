"""Every FIDE checklist question (VCL4THP.13 ``Qn``) the checker's and generator's code and
tests cite has its entry in docs/rules/fide-endorsement.md (``## Q21 — …`` with a
``Follows:`` line), as tests/core/test_rules_docs.py asks of our own rule IDs.

The Q family is not in that test's families (other files use the letter and a number as labels
of worked examples), so the files citing the checklist are listed here (this one only in its
test names).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "fide-endorsement.md"
CITING = [
    "src/chessclub/generator.py",
    "src/chessclub/pairing/checker.py",
    "src/chessclub/cli/generate.py",
    "src/chessclub/cli/pairing.py",
    "benchmarks/cross_test.py",
    "tests/core/generator/test_q22_q32_random_tournament_generator.py",
    "tests/core/generator/test_q33_cross_test.py",
    "tests/core/pairing/test_q21_pairing_and_tiebreak_checker.py",
]
CITATION = re.compile(r"(?<![\w.])Q([1-9]\d{0,2})(?:\s?[–-]\s?Q([1-9]\d{0,2}))?(?!\w)")
TEST_NAME = re.compile(r"\btest_((?:q[1-9]\d{0,2}_)+)")
ENTRY = re.compile(r"^## Q([1-9]\d{0,2}) — \S", re.MULTILINE)


def cited() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for name in CITING:
        text = (ROOT / name).read_text(encoding="utf-8")
        for match in CITATION.finditer(text):
            first = int(match[1])
            last = int(match[2]) if match[2] else first
            for n in range(first, max(first, last) + 1):
                found.setdefault(f"Q{n}", set()).add(name)
        for match in TEST_NAME.finditer(text):
            for n in re.findall(r"q(\d+)_", match[1]):
                found.setdefault(f"Q{n}", set()).add(name)
    return found


def test_q19_every_cited_question_has_an_entry() -> None:
    entries = {f"Q{n}" for n in ENTRY.findall(DOC.read_text(encoding="utf-8"))}
    absent = {q: sorted(files) for q, files in cited().items() if q not in entries}
    assert not absent, absent
    assert {"Q19", "Q20", "Q21", "Q30", "Q32", "Q33"} <= entries
    assert {"Q21", "Q30", "Q32"} <= set(cited())  # the scanner is not trivially passing


def test_q19_each_entry_follows_something() -> None:
    text = DOC.read_text(encoding="utf-8")
    heads = list(ENTRY.finditer(text))
    for i, head in enumerate(heads):
        body = text[head.start() : heads[i + 1].start() if i + 1 < len(heads) else len(text)]
        assert re.search(r"^Follows: \S", body, re.MULTILINE), head[0]
