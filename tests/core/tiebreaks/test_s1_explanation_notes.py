"""S1: the notes of tiebreak explanations are translatable.

Every note the core writes (``Explanation.notes``, ``Contribution.note``) is a
:class:`~chessclub.tiebreaks.Note`: its English text, plus a template marked with
``gettext_noop`` in the core's source (so that ``make messages`` extracts it into the web
catalogue) and the params that fill it. The English text is what it was.
"""

from __future__ import annotations

import ast
import pickle
from fractions import Fraction
from pathlib import Path

import pytest
from test_tiebreaks_engine import small

import chessclub.tiebreaks
from chessclub.formats import read_tournament
from chessclub.model import PairingNumber, Tournament
from chessclub.tiebreaks import CATALOGUE, Note, RuleEra, explain

ELITE = Path(__file__).resolve().parents[2] / "fixtures" / "frbe" / "elite-2000-16p-7r.txt"
SOURCES = Path(chessclub.tiebreaks.__file__).resolve().parent


def _marked_templates() -> set[str]:
    """Every literal passed to ``gettext_noop`` in ``chessclub/tiebreaks/`` (what xgettext
    extracts: adjacent literals are one string)."""
    found: set[str] = set()
    for path in SOURCES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", "")) == "gettext_noop"
            ):
                assert len(node.args) == 1 and isinstance(node.args[0], ast.Constant), path
                found.add(node.args[0].value)
    return found


def _notes(tournament: Tournament, era: RuleEra) -> list[str]:
    codes = [c for c, info in CATALOGUE.items() if not info.team] + ["ARO/C1", "BH/C1", "KS/L+1"]
    notes: list[str] = []
    for player in tournament.players:
        for index, code in enumerate(codes):
            preceding = codes[:index] if code == "DE" else ()
            e = explain(tournament, player.pairing_number, code, preceding=preceding, era=era)
            notes.extend(e.notes)
            notes.extend(c.note for c in e.contributions if c.note)
    return notes


def _check(note: str, marked: set[str]) -> None:
    assert isinstance(note, Note), f"plain text note {note!r}"
    assert note.template in marked, f"template not marked with gettext_noop: {note.template!r}"
    for value in note.params.values():
        if isinstance(value, Note):
            _check(value, marked)
        else:
            assert isinstance(value, str | int | Fraction)


@pytest.mark.parametrize("era", list(RuleEra))
def test_s1_every_explanation_note_is_a_marked_template(era: RuleEra) -> None:
    marked = _marked_templates()
    elite = read_tournament(ELITE.read_bytes(), source=ELITE.name)
    notes = _notes(elite, era) + _notes(small(), era)
    assert notes
    for note in notes:
        _check(note, marked)


def test_s1_direct_encounter_notes_read_as_before() -> None:
    """small(): 1 and 3 both have 2 points and drew each other (round 3)."""
    e = explain(small(), PairingNumber(1), "DE", era=RuleEra.C07_2023)
    assert e.notes == ("among 1, 3: 0.5", "not separated from 3 by Direct Encounter")
    assert e.notes[0].template == "among %(players)s: %(score)s"
    assert e.notes[0].params == {"players": "1, 3", "score": Fraction(1, 2)}


@pytest.mark.parametrize(
    ("era", "text"),
    [
        # 2023: a requested bye followed by a played round is Art. 16.2.3; the dummy opponent
        # has the participant's own score (2 points), Art. 16.4.
        (RuleEra.C07_2023, "half-point bye, Art. 16.2.3; own score 2 (Art. 16.4)"),
        # 2026: no scheduled opponent: min(own score 2, ½ × 3 rounds), Art. 16.4.2.
        (
            RuleEra.C07_2026,
            "half-point bye, Art. 16.2.3; min(own score 2, draw points × rounds 1.5) (Art. 16.4.2)",
        ),
        # Before 2023: 1 point before round 2 + (1 − ½) for it + one draw in round 3.
        (
            RuleEra.PRE_2023,
            "half-point bye; virtual opponent: 1 before the round + 0.5 for the round + "
            "1 draw(s) after",
        ),
    ],
)
def test_s1_dummy_opponent_note_of_a_half_point_bye(era: RuleEra, text: str) -> None:
    """small(): player 1 took a half-point bye in round 2 and has 2 points."""
    e = explain(small(), PairingNumber(1), "BH", era=era)
    bye_round = next(c for c in e.contributions if c.round == 2)
    assert bye_round.note == text
    assert isinstance(bye_round.note, Note)
    assert bye_round.note.params["kind"] == "half-point bye"


def test_s1_notes_survive_the_explanation_cache() -> None:
    """The web layer caches explanations (pickled): notes stay notes."""
    e = explain(small(), PairingNumber(1), "BH", era=RuleEra.C07_2026)
    again = pickle.loads(pickle.dumps(e))
    assert again == e
    note = next(c.note for c in again.contributions if c.note)
    assert isinstance(note, Note) and isinstance(note.params["reason"], Note)
    assert note.params["reason"].params == {"own": Fraction(2), "cap": Fraction(3, 2)}


def test_s1_notes_in_the_json_and_text_outputs() -> None:
    e = explain(small(), PairingNumber(1), "DE", era=RuleEra.C07_2023)
    assert e.as_dict()["notes"] == ["among 1, 3: 0.5", "not separated from 3 by Direct Encounter"]
    assert "  among 1, 3: 0.5" in e.as_text()
