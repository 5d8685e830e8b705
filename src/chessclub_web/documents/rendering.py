"""A document's HTML and PDF: one template renders both (spec S5).

:func:`html` renders a :class:`~chessclub_web.documents.kinds.Built` document with Django's
template engine (no request: the command line renders the same way), in the current language.
The page is self-contained: its print stylesheet (A4 via ``@page``, portrait or landscape, the
running header with the tournament, the document, its round and date, ``Page n / N`` at the
foot, table headers repeated on every page, rows never split) is inlined, so that WeasyPrint
needs nothing but the HTML. :func:`pdf` makes the PDF of one or several documents: each is laid
out on its own (its own page size and page count), then their pages go into one file in the
order given.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from django.core.cache import cache
from django.template.loader import render_to_string

from chessclub_web.documents.kinds import Built

#: The ``Content-Type`` of a PDF answer.
PDF_TYPE = "application/pdf"


def html(built: Built, *, toolbar: dict[str, Any] | None = None) -> str:
    """The document as an HTML page. ``toolbar`` (the web page's links back to the tab, to the
    PDF and a print button; ``None`` in a PDF and on the command line) is shown on screen
    only, never on paper."""
    return render_to_string(built.template, {**built.context, "toolbar": toolbar})


def pdf(pages: Sequence[str]) -> bytes:
    """One PDF of the HTML documents ``pages``, in order (``ValueError`` when empty). Each
    document keeps its own page size and page numbers."""
    return pdf_and_count(pages)[0]


#: How long a drawn PDF is kept in the cache, in seconds. Its key is the SHA-256 of the HTML it
#: was drawn from, which changes with any change of the tournament's rows shown: a reader whose
#: document did not change gets the same bytes without drawing it again.
PDF_CACHE_SECONDS = 24 * 3600


def pdf_and_count(pages: Sequence[str]) -> tuple[bytes, int]:
    """:func:`pdf` and its number of A4 pages, from the cache when the same HTML was drawn
    before (:data:`PDF_CACHE_SECONDS`)."""
    if not pages:
        raise ValueError("no document to print")
    digest = hashlib.sha256("\x00".join(pages).encode()).hexdigest()
    key = f"chessclub:pdf:v1:{digest}"
    found = cache.get(key)
    if isinstance(found, tuple) and len(found) == 2:
        return found[0], found[1]
    drawn = _draw(pages)
    cache.set(key, drawn, PDF_CACHE_SECONDS)
    return drawn


def _draw(pages: Sequence[str]) -> tuple[bytes, int]:
    from weasyprint import HTML

    documents = [HTML(string=page).render() for page in pages]
    first = documents[0]
    if len(documents) > 1:
        first = first.copy([page for document in documents for page in document.pages])
    data = first.write_pdf()
    assert data is not None  # written to memory
    return bytes(data), len(first.pages)
