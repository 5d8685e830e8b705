"""Problems of an uploaded file, in the reader's language.

The core's readers speak English: each :class:`~chessclub.formats.Problem` carries an English
``template`` (marked with :func:`chessclub.i18n.gettext_noop`, so ``make messages`` extracts
it into this project's catalogues) and the ``params`` of its placeholders. Here the template is
looked up in the active language and filled with the same params; the place (line, column)
gets its own translated prefix.
"""

from __future__ import annotations

import logging

from django.utils.translation import gettext

from chessclub.formats import Problem
from chessclub.i18n import Params, render

logger = logging.getLogger(__name__)


def translate(template: str, params: Params) -> str:
    """``template`` in the active language with its placeholders filled from ``params``; the
    English text if the translation does not fit the params (a broken catalogue entry)."""
    try:
        return render(gettext(template), params)
    except (KeyError, TypeError, ValueError):
        logger.warning("translation of %r does not fit its params %r", template, params)
        return render(template, params)


def location(line: int, column: int) -> str:
    """``Line 9, column 38:`` (``Ligne 9, colonne 38 :``), ``Line 9:`` without a column, ``""``
    for a problem of the whole file."""
    if not line:
        return ""
    if not column:
        return gettext("Line %(line)s:") % {"line": line}
    return gettext("Line %(line)s, column %(column)s:") % {"line": line, "column": column}


def problem_message(problem: Problem) -> str:
    """The problem's text in the active language, without its place."""
    return translate(problem.template, problem.params)


def display_problem(problem: Problem) -> dict[str, object]:
    """What the import page shows of a problem: its place and its text, translated."""
    return {
        "line": problem.line,
        "column": problem.column,
        "where": location(problem.line, problem.column),
        "message": problem_message(problem),
    }
