"""A big crosstable prints each row as one aligned line (``content.DENSE_CELLS``): the same
values as the table of cells, in the same columns on every line (spec S2)."""

from __future__ import annotations

import pytest

from chessclub.formats import read_tournament
from chessclub_web.documents import content, kinds, rendering

from ..conftest import ELITE_FILE
from .helpers import pdf_text


@pytest.fixture
def source():
    return kinds.file_source(read_tournament(ELITE_FILE.read_bytes()))


def test_s2_dense_crosstable_holds_the_same_cells_aligned(source, monkeypatch):
    kind = kinds.BY_SLUG["crosstable"]
    table = kinds.build(kind, source, 3).context["doc"]
    assert not table.dense
    monkeypatch.setattr(content, "DENSE_CELLS", 10)
    built = kinds.build(kind, source, 3)
    dense = built.context["doc"]
    assert dense.dense
    assert [line.cells for line in dense.lines] == [line.cells for line in table.lines]
    # Every line is as wide as the header's columns: the round 3 cell of each row starts in
    # the header's "R3" column.
    start = dense.head.index("R3") + 2
    for line in dense.lines:
        cell = line.cells[2]
        assert line.text[:start].rstrip().endswith(cell), (line.text, cell)
    alpha = next(line for line in dense.lines if line.name == "Alpha Anne")
    assert alpha.text.split()[:3] == [alpha.rank, "1", "Alpha"]
    text = pdf_text(rendering.pdf([rendering.html(built)]))
    assert " ".join(alpha.text.split()) in text
