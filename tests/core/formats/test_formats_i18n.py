"""The file readers' and writers' problems are translatable (chessclub.i18n).

Every template is an English literal marked with ``gettext_noop`` (so that ``make messages``
extracts it), never an f-string; every one is translated in the web catalogues; the English
text a problem renders is the template filled with its params.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from chessclub.formats import FormatError, Problem, read_tournament
from chessclub.i18n import Message, gettext_noop

ROOT = Path(__file__).resolve().parents[3]
FORMATS = ROOT / "src" / "chessclub" / "formats"
LOCALE = ROOT / "src" / "chessclub_web" / "locale"
FIXTURES = ROOT / "tests" / "fixtures"
# Modules of the formats package whose problems are Problem/Message templates.
MODULES = [
    FORMATS / "__init__.py",
    FORMATS / "errors.py",
    *sorted((FORMATS / "frbe").glob("*.py")),
    FORMATS / "limits.py",
    *sorted((FORMATS / "trf").glob("*.py")),
]


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _trees() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in MODULES]


def _templates() -> set[str]:
    """Every literal marked with gettext_noop in the formats modules."""
    found = set()
    for path, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _call_name(node) == "gettext_noop":
                assert len(node.args) == 1 and not node.keywords, (path, node.lineno)
                arg = node.args[0]
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), (
                    f"{path.name}:{node.lineno}: gettext_noop needs a literal string"
                )
                found.add(arg.value)
    return found


def _unquote(text: str) -> str:
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', text)
    return "".join(p.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\") for p in parts)


def _catalogue(language: str) -> dict[str, str]:
    """msgid → msgstr of a web catalogue (singular entries, fuzzy ones left out)."""
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    entries = {}
    for block in text.split("\n\n"):
        match = re.search(r'^msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)', block + "\n", re.M)
        if match and "#, fuzzy" not in block:
            entries[_unquote(match.group(1))] = _unquote(match.group(2))
    return entries


def _placeholders(template: str) -> set[str]:
    return set(re.findall(r"%\((\w+)\)", template))


def test_templates_are_literals_never_fstrings() -> None:
    """No Problem or Message is built from an f-string, a concatenation or an unmarked literal:
    its template comes from gettext_noop (directly or through a name)."""
    offenders = []
    for path, tree in _trees():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            if name == "Problem" and len(node.args) >= 3:
                template = node.args[2]
            elif name == "Message" and node.args:
                template = node.args[0]
            else:
                continue
            if isinstance(template, ast.Constant | ast.JoinedStr | ast.BinOp):
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []
    assert len(_templates()) > 100


@pytest.mark.parametrize("language", ["fr", "nl", "de", "en"])
def test_every_template_is_translated_with_the_same_placeholders(language: str) -> None:
    catalogue = _catalogue(language)
    missing = sorted(t for t in _templates() if not catalogue.get(t))
    assert missing == []
    for template in _templates():
        assert _placeholders(catalogue[template]) == _placeholders(template), template
    if language == "en":
        assert all(catalogue[t] == t for t in _templates())


def test_french_uses_a_non_breaking_space_before_colons() -> None:
    catalogue = _catalogue("fr")
    for template in _templates():
        assert not re.search(r"[^\u00a0]:", catalogue[template].replace("::", "")), template


def _problems(data: bytes) -> list[Problem]:
    try:
        read_tournament(data, source="upload")
    except FormatError as error:
        return error.problems
    return []


def _mutations() -> list[bytes]:
    """Malformed variants of the Belgian and TRF fixtures: one character changed, inserted,
    removed or a line cut, at random places (fixed seed)."""
    rng = random.Random(11)
    chars = ["X", "0", "9", " ", "-", "\t", "\x07", "é", "99999", "=", "w", "Z", "B", "N"]
    files = [
        FIXTURES / "frbe" / "elite-2000-16p-7r.txt",
        FIXTURES / "frbe" / "open-unrated.txt",
        FIXTURES / "trf" / "E1-odd-round1.trf",
        FIXTURES / "trf" / "E3-requested-H-bye.trf",
    ]
    out = []
    for path in files:
        lines = path.read_bytes().split(b"\n")
        for _ in range(150):
            index = rng.randrange(len(lines))
            line = lines[index].decode("latin-1")
            position = rng.randrange(len(line) + 3)
            new = line[:position] + rng.choice(chars) + line[position + rng.choice([0, 1, 2]) :]
            if rng.random() < 0.05:
                new = line[:position]
            mutated = [*lines[:index], new.encode("latin-1", "replace"), *lines[index + 1 :]]
            out.append(b"\n".join(mutated))
    return out


def test_every_problem_of_malformed_files_uses_a_marked_template() -> None:
    templates = _templates()
    seen = set()
    for data in [b"", b"hello", "x".encode("utf-16"), *_mutations()]:
        for problem in _problems(data):
            assert problem.template in templates, problem
            assert _placeholders(problem.template) <= set(problem.params), problem
            assert problem.message == problem.template % problem.params
            seen.add(problem.template)
    assert len(seen) > 25


def test_problem_renders_template_and_keeps_plain_strings() -> None:
    problem = Problem(
        9, 38, gettext_noop("Elo must be a number, not %(value)s"), {"value": "'23x5'"}
    )
    assert problem.message == "Elo must be a number, not '23x5'"
    assert str(problem) == "line 9, column 38: Elo must be a number, not '23x5'"
    assert problem == Problem(9, 38, "Elo must be a number, not '23x5'")
    assert hash(problem) == hash(Problem(9, 38, "Elo must be a number, not '23x5'"))
    assert problem != Problem(9, 39, "Elo must be a number, not '23x5'")
    message = Message(gettext_noop("round %(round)s: plays against itself"), {"round": 3})
    assert Problem(4, 0, message) == Problem(4, 0, "round 3: plays against itself")
    assert str(Problem(4, 0, message)) == "line 4: round 3: plays against itself"
    with pytest.raises(TypeError):
        Problem(4, 0, message, {"round": 4})
    with pytest.raises(AttributeError):
        problem.line = 3  # type: ignore[misc]


def test_colour_letter_problem_keeps_its_english_text() -> None:
    data = (FIXTURES / "frbe" / "elite-2000-16p-7r.txt").read_bytes()
    lines = data.split(b"\n")
    index = next(i for i, line in enumerate(lines) if b"Alpha Anne" in line)
    position = lines[index].index(b"   8 N 5") + 5
    lines[index] = lines[index][:position] + b"X" + lines[index][position + 1 :]
    (problem,) = _problems(b"\n".join(lines))
    assert (problem.line, problem.column) == (index + 1, position + 1)
    assert problem.template == "round %(round)s: colour must be B, N or -, not %(value)s"
    assert problem.params == {"round": 1, "value": "'X'"}
    assert problem.message == "round 1: colour must be B, N or -, not 'X'"
