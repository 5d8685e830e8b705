"""Reading the documents' PDFs back in the tests: their text page by page (pypdf)."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of the PDF ``data``, spaces squeezed (one space between words)."""
    assert data.startswith(b"%PDF-"), data[:40]
    reader = PdfReader(io.BytesIO(data))
    return [re.sub(r"\s+", " ", page.extract_text() or "") for page in reader.pages]


def pdf_text(data: bytes) -> str:
    """The text of the whole PDF ``data`` (:func:`pdf_pages` joined)."""
    return " ".join(pdf_pages(data))


def in_order(text: str, *parts: str) -> bool:
    """Whether ``parts`` appear in ``text`` one after the other, in this order."""
    at = 0
    for part in parts:
        found = text.find(part, at)
        if found < 0:
            return False
        at = found + len(part)
    return True
