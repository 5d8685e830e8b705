"""Fill an app's gettext catalogues (fr, nl, de, en) from a translation table kept beside them.

Pure standard library: importable without Django settings (the ``translations.py`` scripts run
it as plain Python).

Use after ``makemessages`` for an app ``<app>`` whose catalogues are in
``src/chessclub_web/<app>/locale/``:

1. Put the table in ``src/chessclub_web/<app>/locale/translations.py``::

       from chessclub_web.catalogue_fill import main

       T = {"Round": ("Ronde", "Ronde", "Runde", "Round"), ...}  # msgid -> (fr, nl, de, en)
       PLURALS = {"%(counter)s player": (("… joueur", "… joueurs"), ...)}  # optional

       if __name__ == "__main__":
           main(__file__, T, PLURALS)

2. ``cd src/chessclub_web/<app> && ../../../.venv/bin/chessclub manage makemessages -l fr
   -l nl -l de -l en --no-obsolete``
3. ``../../../.venv/bin/python locale/translations.py`` — writes every msgstr, drops the
   ``fuzzy`` flags and ``#|`` previous-msgid lines of the entries it fills; prints each msgid
   missing from the table on stderr and exits 1 if there is any (add it to the table, rerun).
4. ``../../../.venv/bin/chessclub manage compilemessages``.

Running it again on filled catalogues changes nothing.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from pathlib import Path

LANGUAGES = ("fr", "nl", "de", "en")
"""The catalogues filled, in the order of each table row's translations."""

Table = Mapping[str, tuple[str, str, str, str]]
"""msgid → (fr, nl, de, en)."""

PluralTable = Mapping[str, tuple[tuple[str, str], ...]]
"""Singular msgid → one (singular, plural) pair per language of :data:`LANGUAGES`."""


def quote(text: str) -> str:
    """``text`` as a one-line .po string literal (backslashes and quotes escaped)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def unquote(block: str) -> str:
    """The text of one or more consecutive .po string literals (``"a"\\n"b"`` → ``ab``)."""
    return (
        "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block)).replace('\\"', '"').replace("\\\\", "\\")
    )


def fill(folder: Path, table: Table, plurals: PluralTable | None = None) -> list[str]:
    """Write every msgstr of ``folder/<lang>/LC_MESSAGES/django.po`` for each language of
    :data:`LANGUAGES` from ``table`` (and ``plurals`` for ``msgid_plural`` entries).

    The header loses its ``fuzzy`` flag and gets ``charset=UTF-8``; each filled entry loses its
    ``fuzzy`` flag and ``#|`` lines; entries whose msgid is in neither table are left as they
    are. Returns those missing msgids (once per language). Raises OSError if a catalogue is
    missing or unwritable."""
    plurals = plurals or {}
    missing: list[str] = []
    for index, language in enumerate(LANGUAGES):
        po = folder / language / "LC_MESSAGES" / "django.po"
        head, *entries = po.read_text(encoding="utf-8").split("\n\n")
        head = head.replace("#, fuzzy\n", "").replace(
            '"Content-Type: text/plain; charset=CHARSET\\n"',
            '"Content-Type: text/plain; charset=UTF-8\\n"',
        )
        out = [head]
        for entry in entries:
            match = re.search(r"^msgid ((?:\".*\"\n?)+)", entry, re.M)
            if not match:
                out.append(entry)
                continue
            msgid = unquote(match.group(1))
            if msgid not in table and msgid not in plurals:
                missing.append(msgid)
                out.append(entry)
                continue
            entry = entry.replace("#, fuzzy\n", "").replace("#, fuzzy, ", "#, ")
            entry = re.sub(r"^#\| .*\n?", "", entry, flags=re.M)
            if msgid in plurals:
                one, many = plurals[msgid][index]
                entry = re.sub(r"^msgstr\[.*", "", entry, flags=re.M | re.S).rstrip("\n")
                entry += f"\nmsgstr[0] {quote(one)}\nmsgstr[1] {quote(many)}"
            else:
                entry = re.sub(
                    r"^msgstr (?:\".*\"\n?)+",
                    "msgstr " + quote(table[msgid][index]) + "\n",
                    entry,
                    flags=re.M,
                ).rstrip("\n")
            out.append(entry)
        po.write_text("\n\n".join(out) + "\n", encoding="utf-8")
    return missing


def main(script: str, table: Table, plurals: PluralTable | None = None) -> None:
    """Fill the catalogues beside ``script`` (a ``locale/translations.py``'s ``__file__``),
    report missing msgids on stderr and exit 1 if any, else 0."""
    missing = fill(Path(script).resolve().parent, table, plurals)
    for msgid in sorted(set(missing)):
        print("missing:", msgid, file=sys.stderr)
    sys.exit(1 if missing else 0)
