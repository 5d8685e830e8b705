"""Every requirement ID the code cites has its home in ``docs/rules/`` (issue "One home per rule").

The scanner reads ``src/`` and ``tests/`` (text files: ``.py``, ``.html``, ``.css``, ``.js``,
``.json``, ``.txt``, ``.md``) and recognises a citation of one of our ID families — R, S, C,
E, P (product), B (Belgian federation), W (Swiss federation), I (entries), X (exports), L
(FIDE's list), K (club systems), J (players' reports), F (FIDE mode) — by
the rules of ``docs/rules/README.md``, section "How the test recognises a citation":

* an ID in text: ``spec E6``, ``(R5)``, ``B3:``, ``**E5**``, ``E1/E7``; a range ``S1–S4``,
  ``W2-W8``, ``R1…R5`` stands for every ID in it; ``R4a`` is case (a) of R4;
* an ID at the start of a test's name: ``test_r2_r5_team_boards…`` cites R2 and R5;

and leaves out what only looks like one (see :func:`_not_ours`): FIDE's pairing criteria C1–C21
and subgroups S1/S2 (FIDE C.04.3), tiebreak modifiers (``BH/C1``, ``BH-C1``), control
characters (C0/C1), dBase field types (``SEXE C1``), string values (``"C1"``), worked examples'
round rows (``R1 1-4 2-3``), formula terms (``R1 + … + Rp``), set names (``S1 = {1, 2}``),
labels followed by labels (``B1 R3 1995``), fixture names (``E1-odd-round1.trf``), and the
families a test file uses for its own labels (:data:`LOCAL_LABELS`). Fixtures (``tests/fixtures``:
third-party and hand-made data, e.g. the pairing edge cases E1–E7) and translation catalogues
(``.po``/``.mo``: they repeat the source's strings) are not scanned.

An entry is a heading ``## <ID> — <title>`` in a file of ``docs/rules/``; each has a
``Follows:`` line naming the public regulation it follows.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
SCANNED = ("src", "tests")
SUFFIXES = frozenset({".py", ".html", ".css", ".js", ".json", ".txt", ".md"})
THIS_FILE = Path(__file__).resolve()
FIXTURES = ROOT / "tests" / "fixtures"

FAMILIES = "RSCEPBWIXLKJF"

#: An ID cited in text, possibly a range of IDs of one family.
CITATION = re.compile(
    rf"""
    (?<![\w.])          # not the tail of a word or a dotted number: TRF26, E501, B.02, C.04
    (?<!\D/)(?<!^/)     # not a tiebreak modifier: BH/C1, SB/C1/P, /C1 (E1/E7 is two IDs)
    (?<!\D-)(?<!^-)     # nor BH-C1 (the S4 spelling); W2-W8 is a range, read just below
    (?P<family>[{FAMILIES}])
    (?P<number>[1-9][0-9]?)
    (?P<case>[ab])?     # R4a: case (a) of R4
    (?:                 # a range: E1–E9, S1-S4, R1…R5, B1..B3, R1 - R5
        \s?(?:[–-]|…|\.\.)\s?
        (?P=family)(?P<last>[1-9][0-9]?)
    )?
    (?!\w|-[^\W\d])     # not a longer word (E3b, E501) nor a file name (E1-odd-round1.trf)
    """,
    re.VERBOSE,
)

#: IDs at the start of a test's name, as the product spec asks tests to cite them:
#: ``test_r2_conflict_keeps_stored_result``, ``test_w9_b5_rule_set_names_translated``.
TEST_NAME = re.compile(rf"\btest_((?:[{FAMILIES.lower()}][1-9][0-9]?_)+)")
TEST_NAME_ID = re.compile(r"([a-z])([1-9][0-9]?)_")

#: A line that speaks of FIDE's pairing rules: its C- and S-tokens are FIDE's absolute and
#: quality criteria C1–C21 (C.04.3, e.g. "FIDE C.04.3 C1–C3", "C1 (no rematch") and the Dutch
#: subgroups S1/S2, never our closing rules C1–C3 or standings rules S1–S5.
FIDE_PAIRING = re.compile(
    r"C\.04|criteri|Dutch|rematch|topscorer|colour|pairing-allocated bye", re.IGNORECASE
)
#: C0/C1 of ISO 6429: "a control character (C0 but TAB, DEL, C1)".
CONTROL_CHARACTERS = re.compile(r"control character|\bC0\b")
#: FIDE C.07 Art. 14 modifiers spelt alone: "``C1``, ``C2`` … — Cut-n".
TIEBREAK_MODIFIERS = re.compile(r"\bCut-|\bMedian-")
#: A dBase field's type after its name: "SEXE            C1", "``NOM_PRENOM`` C32".
DBASE_TYPE_BEFORE = re.compile(r"(?:\b[A-Z][A-Z_]{3,}\s{2,}|``[A-Z][A-Z_]{3,}``\s+)$")
#: An R-token that names a round of a worked example or Berger table: "R1 1-4 2-3",
#: "R1: 1-6 0-1", "R1 1–4 0-1" ("B2: 1–3 digits" stays a citation).
ROUND_ROW_AFTER = re.compile(r":?\s+\d+\s*[-–]\s*\d")
#: A term of a sum of one letter's terms: "R1 + … + Rp", "W1 + W2 + … + Wp" (FSE formulas);
#: "C1 + E4" is two citations.
SUM_TERM_AFTER = r"\s*\+\s*(?:…|{family})"
#: A set's name: "S1 = {1, 2}" (a Dutch subgroup).
SET_NAME_AFTER = re.compile(r"\s*=\s*\{")
#: A label followed by another label: "B1 R3 1995 beats R4", "B3 (R1–U1) waits".
LABEL_AFTER = re.compile(r"\s\(?[A-Z][1-9]")

#: Files where a family's letter and number name something else: rounds, players, games,
#: tournaments or fixtures of worked examples, or FIDE's criteria. Not requirement IDs there.
LOCAL_LABELS: dict[str, str] = {
    # FIDE C.04.3 absolute criteria C1–C3 (rule codes, test names test_c1_rematch…)
    "src/chessclub/pairing/criteria.py": "C",
    "tests/core/pairing/test_pairing_criteria.py": "C",
    # rounds R1–R6 of the round robin worked by hand
    "tests/core/test_annulled_games.py": "R",
    "tests/web/tournaments/test_views_annulled_games_s2.py": "R",
    # rounds R1–R3 of the example; player "P4, X"
    "tests/core/tiebreaks/test_tiebreaks_engine.py": "RP",
    # rated players R1–R5 of the constructed federation list
    "tests/core/ratings/test_frbe_national.py": "R",
    # tournament "B1 (blitz)" of the recompute chain
    "tests/core/ratings/test_club_elo_recompute.py": "B",
    # pairing edge cases E1–E7 of tests/fixtures/pairing/edge, Dutch subgroups S1/S2
    "tests/web/pairings/test_views_workflow.py": "E",
    "tests/core/pairing/test_pairing_bad_trf.py": "E",
    "tests/core/pairing/test_c04a_checker_pairs.py": "ES",
    # boards A1–A8 and B1–B8 of the Scheveningen tables
    "src/chessclub/club_systems/scheveningen.py": "B",
    "tests/core/club_systems/test_scheveningen.py": "B",
}

#: An entry of docs/rules: ``## E6 — K factor``.
ENTRY = re.compile(r"^## (?P<id>[A-Z][1-9][0-9]?) — \S", re.MULTILINE)
FOLLOWS = re.compile(r"^Follows: \S", re.MULTILINE)


@dataclass(frozen=True)
class Citation:
    id: str
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.id} in {self.text.strip()[:120]!r}"


def _not_ours(family: str, line: str, start: int, end: int, path: str) -> bool:
    """Whether the token ``line[start:end]`` of family ``family`` only looks like our ID."""
    before, after = line[:start], line[end:]
    if family in LOCAL_LABELS.get(path, ""):
        return True
    if family in "CS" and FIDE_PAIRING.search(line):
        return True
    if family == "C" and (
        CONTROL_CHARACTERS.search(line)
        or TIEBREAK_MODIFIERS.search(line)
        or DBASE_TYPE_BEFORE.search(before)
    ):
        return True
    if before[-1:] in ("'", '"') and after[:1] == before[-1:]:
        return True  # a string value: "C1" (a FIDE criterion's code), "B11" (a file name part)
    if family == "R" and ROUND_ROW_AFTER.match(after):
        return True
    if re.match(SUM_TERM_AFTER.format(family=family), after):
        return True
    return bool(SET_NAME_AFTER.match(after) or LABEL_AFTER.match(after))


def citations_in(text: str, path: str = "<text>") -> Iterator[Citation]:
    """Every citation of one of our IDs in ``text`` (``path``: where it comes from, relative
    to the repository, for :data:`LOCAL_LABELS` and the messages)."""
    for number, line in enumerate(text.splitlines(), 1):
        for match in CITATION.finditer(line):
            family = match["family"]
            if _not_ours(family, line, match.start(), match.end(), path):
                continue
            first = int(match["number"])
            last = int(match["last"]) if match["last"] else first
            for n in range(first, max(first, last) + 1):
                yield Citation(f"{family}{n}", path, number, line)
        for match in TEST_NAME.finditer(line):
            for family, n in TEST_NAME_ID.findall(match[1]):
                family = family.upper()
                if family in LOCAL_LABELS.get(path, "") or (
                    family in "CS" and FIDE_PAIRING.search(line)
                ):
                    continue
                yield Citation(f"{family}{n}", path, number, line)


def scanned_files(root: Path = ROOT) -> Iterator[Path]:
    for top in SCANNED:
        for path in sorted((root / top).rglob("*")):
            if (
                path.suffix in SUFFIXES
                and path.is_file()
                and FIXTURES not in path.parents
                and path.resolve() != THIS_FILE
            ):
                yield path


@functools.cache
def scan(root: Path = ROOT) -> tuple[Citation, ...]:
    """Every citation in ``src/`` and ``tests/`` (read once per test session)."""
    found: list[Citation] = []
    for path in scanned_files(root):
        text = path.read_text(encoding="utf-8", errors="replace")
        found.extend(citations_in(text, path.relative_to(root).as_posix()))
    return tuple(found)


def entries(rules: Path = RULES) -> dict[str, list[str]]:
    """ID → the files of ``rules`` that hold an entry for it."""
    homes: dict[str, list[str]] = {}
    for path in sorted(rules.glob("*.md")):
        for match in ENTRY.finditer(path.read_text(encoding="utf-8")):
            homes.setdefault(match["id"], []).append(path.name)
    return homes


def sections(rules: Path = RULES) -> Iterator[tuple[str, str, str]]:
    """(file name, ID, text of the entry up to the next heading) for every entry."""
    for path in sorted(rules.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        heads = list(ENTRY.finditer(text))
        for i, head in enumerate(heads):
            stop = heads[i + 1].start() if i + 1 < len(heads) else len(text)
            body = text[head.start() : stop]
            other = re.compile(r"^#{1,2} ", re.MULTILINE).search(body, body.index("\n") + 1)
            yield path.name, head["id"], body[: other.start()] if other else body


def missing(citations: Iterable[Citation], known: Iterable[str]) -> list[Citation]:
    ids = set(known)
    return [c for c in citations if c.id not in ids]


# --- the rules themselves ----------------------------------------------------------------------


def test_every_cited_id_has_an_entry() -> None:
    absent = missing(scan(), entries())
    assert not absent, "IDs cited without an entry in docs/rules/ (## ID — …):\n" + "\n".join(
        map(str, absent)
    )


def test_every_entry_names_what_it_follows() -> None:
    found = list(sections())
    assert len(found) >= 50
    bare = [f"{name}: {id_}" for name, id_, body in found if not FOLLOWS.search(body)]
    assert not bare, "entries without a 'Follows:' line: " + ", ".join(bare)


def test_each_id_has_one_home() -> None:
    twice = {id_: homes for id_, homes in entries().items() if len(homes) > 1}
    assert not twice


# --- the scanner is not trivially passing ------------------------------------------------------


def test_scanner_finds_known_citations_in_src() -> None:
    found = {(c.id, c.path.split("/")[0]) for c in scan()}
    assert ("E6", "src") in found  # e.g. src/chessclub/ratings/club_elo.py: "E6 / B.02 8.3.3"
    assert ("W9", "src") in found  # e.g. src/chessclub/ratings/fse/rules.py: "W9: entry after 7"
    assert len(entries()) >= 50


def test_an_unknown_id_is_reported_with_file_and_line() -> None:
    text = "first line\nK is 40 for newcomers (spec E99).\n"
    absent = missing(citations_in(text, "src/example.py"), entries())
    assert [(c.id, c.path, c.line) for c in absent] == [("E99", "src/example.py", 2)]
    assert str(absent[0]).startswith("src/example.py:2: E99")


def ids(text: str, path: str = "src/example.py") -> list[str]:
    return [c.id for c in citations_in(text, path)]


def test_citation_forms() -> None:
    assert ids("spec E6, (R5), B3: the layout, **E5**, E1/E7, (R4a)") == [
        "E6",
        "R5",
        "B3",
        "E5",
        "E1",
        "E7",
        "R4",
    ]
    assert ids("spec S1–S4; W2-W8; R1…R5") == ["S1", "S2", "S3", "S4"] + [
        f"W{n}" for n in range(2, 9)
    ] + [f"R{n}" for n in range(1, 6)]
    assert ids("def test_r2_r5_team_boards_autosave() -> None:") == ["R2", "R5"]
    assert ids("def test_held_exercise_07_bh_c1_2023() -> None:") == []
    assert ids("def test_c1_rematch_but_not_after_a_forfeit() -> None:") == []


def test_what_only_looks_like_an_id() -> None:
    assert ids("absolute criteria (FIDE C.04.3 C1–C3, TRF record 260)") == []
    assert ids('"C1 (no rematch, FIDE C.04.3): %(a)s"') == []
    assert ids("tiebreaks BH/C1, BH-C1, SB/C1/P; /C1 cuts the least significant") == []
    assert ids("a control character (C0 but TAB, DEL, C1)") == []
    assert ids("SEXE            C1      :attr:`FrbePlayer.sex`") == []
    assert ids('REMATCH = "C1"; (D(2024, 11, 11), "B11")') == []
    assert ids("R1 1-4 2-3 | R2 4-3 1-2; R1: 1-6 0-1") == []
    assert ids("(B2: 1–3 digits)") == ["B2"]
    assert ids("``pending_score`` the points (``R1 + … + Rp``)") == []
    assert ids("C1 + E4: the final standings") == ["C1", "E4"]
    assert ids("S1 = {1, 2} against S2 = {3, 4}") == []
    assert ids("run 3: B1 R3 1995 beats R4", "tests/core/ratings/test_frbe_national.py") == []
    assert ids('data("E1-odd-round1.trf"); # noqa: E501; B.02 8.3.3; TRF26') == []
    assert ids("R1: 1-6 0-1, player 6 (R6)", "tests/core/test_annulled_games.py") == []
    # the FIDE pairing rule reads the whole line: keep our C-IDs off lines that cite C.04
    assert ids("closing (spec C1, C2) and FIDE C.04.2") == []
    assert ids("closing (spec C1, C2)") == ["C1", "C2"]
