"""Format detection from content (issue 2: "format detected from content")."""

from pathlib import Path

import pytest

from chessclub.formats import FileFormat, FormatError, detect_format, read_tournament

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("frbe/elite-2000-16p-7r.txt", FileFormat.FRBE),
        ("frbe/closed-group-unrated.txt", FileFormat.FRBE),
        ("trf/online-swiss-13p-10r.trf", FileFormat.TRF),
        ("trf/fide-trf16-example-284p.trf", FileFormat.TRF),
    ],
)
def test_p3_format_detected_from_content(path: str, expected: FileFormat) -> None:
    assert detect_format((FIXTURES / path).read_bytes()) is expected


@pytest.mark.parametrize(
    "data",
    [b"", b'[Event "Club"]\n1. e4 e5 *\n', b"\x00\xff\xfe garbage"],
    ids=["empty", "pgn", "binary"],
)
def test_unknown_file_is_refused_on_line_1(data: bytes) -> None:
    with pytest.raises(FormatError) as caught:
        read_tournament(data, source="upload.bin")
    assert caught.value.first.line == 1
    assert "neither a FIDE TRF" in str(caught.value)
    assert str(caught.value).startswith("upload.bin: line 1")
