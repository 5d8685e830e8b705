"""FIDE list files of the web tests: the synthetic fixtures of ``tests/fixtures/fide`` (README
there) and variants made by editing their lines as text (a rating changed, a player dropped)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "fide"
COMBINED = (FIXTURES / "players_list_foa.txt").read_bytes()
RAPID = (FIXTURES / "rapid_sep26frl.txt").read_bytes()
XML = (FIXTURES / "players_list_xml_foa.xml").read_bytes()
BLITZ_XML = (FIXTURES / "blitz_sep26frl_xml.xml").read_bytes()

#: The combined fixture's players (the line of 10000070 is left out: its rating is 19x0).
COMBINED_IDS = {10000011, 10000020, 10000038, 10000046, 10000054, 10000062, 537001345}


def lines(data: bytes) -> list[bytes]:
    return data.splitlines()


def edited(data: bytes, *changes: tuple[bytes, bytes], drop: tuple[bytes, ...] = ()) -> bytes:
    """``data`` with each ``(old, new)`` replaced once and the lines starting with an ID of
    ``drop`` removed (the line ends kept)."""
    end = b"\r\n" if b"\r\n" in data else b"\n"
    kept = [line for line in data.splitlines() if not line.startswith(drop)]
    text = end.join(kept) + end
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def zipped(name: str, data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, data)
    return out.getvalue()
