"""Bounds and character checks shared by the file readers and writers.

Every number read from a file is bounded before it is converted (no 5000-digit integer reaches
``int()``, ``Fraction()`` or ``float()``), and every count that drives a loop is bounded by the
formats themselves:

- :data:`MAX_ROUNDS` (99): the Belgian code line has a 2-digit round count (spec B3) and a TRF
  with more rounds than that has no use in a club (its round cells, 10 columns each, and its
  4-digit opponent columns make anything larger meaningless), so both readers refuse more
  rounds, planned or played, and both writers refuse to write them.
- :data:`MAX_TRF_PLAYERS` (9999): TRF starting ranks are 4 columns (FIDE TRF-16, cols 5–8).
  Belgian player numbers are bounded by the layout's N° width (3 digits, 2 in the oldest).

Control characters (C0 except TAB, DEL, C1) are refused wherever they appear in a file: they
would reach terminals and web pages raw. TAB is tolerated in free text but not in fixed-column
records; a DOS end-of-file Ctrl-Z as the very last character is accepted.
"""

from __future__ import annotations

import re
import unicodedata

from chessclub.i18n import Message, gettext_noop

MAX_ROUNDS = 99
"""Most rounds a tournament may plan or hold (Belgian code line: 2 digits; TRF: see above)."""

MAX_TRF_PLAYERS = 9999
"""Highest TRF starting rank (4 columns, FIDE TRF-16 cols 5–8)."""

_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")
_CONTROL_OR_TAB = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_C1 = re.compile(r"[\x80-\x9f]")


def has_control(text: str) -> bool:
    """Whether ``text`` holds any control character, TAB included (a fast first check)."""
    return _CONTROL_OR_TAB.search(text) is not None


def find_control(
    text: str, *, allow_tab: bool = True, start: int = 0, end: int | None = None
) -> int | None:
    """0-based index of the first control character of ``text[start:end]`` (C0, DEL, C1; TAB
    only when ``allow_tab`` is false), ``None`` if there is none."""
    pattern = _CONTROL if allow_tab else _CONTROL_OR_TAB
    match = pattern.search(text, start, len(text) if end is None else end)
    return None if match is None else match.start()


DOS_EOF = "\x1a"
"""Ctrl-Z, which DOS programs wrote as a file's last byte: accepted there and kept."""


def control_message(char: str) -> Message:
    """``control character U+0007 (BEL) is not allowed``."""
    name = _CONTROL_NAMES.get(char) or unicodedata.name(char, "")
    label = f"U+{ord(char):04X}" + (f" ({name})" if name else "")
    if char == "\t":
        return Message(
            gettext_noop("%(char)s is not allowed in a fixed-column record: use spaces"),
            {"char": label},
        )
    return Message(gettext_noop("control character %(char)s is not allowed"), {"char": label})


_CONTROL_NAMES = {
    "\x00": "NUL",
    "\x07": "BEL",
    "\x08": "BS",
    "\t": "TAB",
    "\x0b": "VT",
    "\x0c": "FF",
    "\x1b": "ESC",
    "\x7f": "DEL",
    "\x9b": "CSI",
}


def show(text: str, limit: int = 20) -> str:
    """``repr`` of ``text`` cut to ``limit`` characters (``'123456…'``), for messages that quote
    what a file holds without copying megabytes of it."""
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + "…"


def bounded_digits(text: str, maximum: int) -> int | None:
    """The value of the ASCII digit string ``text`` if it is at most ``maximum``, else ``None``
    — without converting a huge string."""
    significant = text.lstrip("0")
    if len(significant) > len(str(maximum)):
        return None
    value = int(significant or "0")
    return value if value <= maximum else None


def decode_single_byte(data: bytes) -> tuple[str, str]:
    """Decode bytes that are not UTF-8: Latin-1, or Windows-1252 when the bytes 0x80–0x9F
    occur (Latin-1 would make them C1 control characters; Windows writes ``’``, ``€``, ``œ``
    there). Returns the text and the codec name; encoding the text with it gives ``data``."""
    text = data.decode("latin-1")
    if _C1.search(text):
        try:
            return data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            pass  # bytes cp1252 leaves undefined: kept as Latin-1, refused as control characters
    return text, "latin-1"


def clean_controls(text: str) -> str:
    """``text`` with every control character (TAB included) replaced by a space, for writers
    whose output must read back."""
    if _CONTROL_OR_TAB.search(text) is None:
        return text
    return _CONTROL_OR_TAB.sub(" ", text)
