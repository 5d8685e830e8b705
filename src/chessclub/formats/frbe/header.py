"""What the free-text header lines of a results file tell (spec B1, B3): the tournament's
name, its dates, the person responsible for the file and the time control."""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence

_TOURNAMENT_LINE = re.compile(r"\s*Tournoi\s*:\s*(.*)$", re.IGNORECASE)
_SENDER_LINE = re.compile(r"\s*Envoy[eé] par\s*:\s*(.*)$", re.IGNORECASE)
_TEMPO_LINE = re.compile(r"\s*Tempo\s*:\s*(.*)$", re.IGNORECASE)
# Older writers (the federation's examples in spec B3): "DT : Name" names the tournament
# director, the person responsible for the file (B1: "the arbiter (responsible person)"); the
# time control is a "Timing: 40c/2h, 1h KO" part of a description line.
_ARBITER_LINE = re.compile(r"\s*Arbitre(?: principal)?\s*:\s*(.*)$", re.IGNORECASE)
_DIRECTOR_LINE = re.compile(r"\s*(?:DT|D\.T\.)\s*:\s*(.*)$", re.IGNORECASE)
_TIMING_PART = re.compile(r"(?:^|\s)(?:Timing|Cadence)\s*:\s*(.*?)\s*$", re.IGNORECASE)
# Older writers: "TEST (00TST1B) - du 01/10/2000 au 18/11/2000" after "Club: …" and "DT : …".
_DATED_TITLE_LINE = re.compile(
    r"\s*(.+?)\s+-\s+du\s+\d{1,2}/\d{1,2}/\d{4}\s+au\s+\d{1,2}/\d{1,2}/\d{4}\s*$",
    re.IGNORECASE,
)
_LABEL_LINE = re.compile(r"\s*(Club|DT|D\.T\.)\s*:", re.IGNORECASE)
_TITLE_DATES = re.compile(
    r"\s-\s+du\s+(\d{1,2})/(\d{1,2})/(\d{4})\s+au\s+(\d{1,2})/(\d{1,2})/(\d{4})\s*$",
    re.IGNORECASE,
)


def header_dates(lines: Sequence[str]) -> tuple[datetime.date | None, datetime.date | None]:
    """The start and end dates of an older writer's title line (``NAME - du 01/10/2000 au
    18/11/2000``), ``(None, None)`` when there is none or it holds no valid date."""
    for line in lines:
        found = _TITLE_DATES.search(line)
        if found is None:
            continue
        numbers = [int(n) for n in found.groups()]
        try:
            return (
                datetime.date(numbers[2], numbers[1], numbers[0]),
                datetime.date(numbers[5], numbers[4], numbers[3]),
            )
        except ValueError:
            return None, None
    return None, None


def _tournament_name(lines: Sequence[str]) -> str:
    """The tournament's name from the free-text header (spec B3): the ``Tournoi : …`` line; in
    older files the ``NAME - du JJ/MM/AAAA au JJ/MM/AAAA`` line; else the first header line that
    is not a ``Club :`` / ``DT :`` label."""
    name = _header_value(lines, _TOURNAMENT_LINE)
    if name is None:
        name = _header_value(lines, _DATED_TITLE_LINE)
    if name is None:
        name = next(
            (line.strip() for line in lines if line.strip() and not _LABEL_LINE.match(line)),
            "",
        )
    return name


def _header_value(lines: Sequence[str], pattern: re.Pattern[str]) -> str | None:
    for line in lines:
        match = pattern.match(line)
        if match:
            return match.group(1).strip()
    return None


def _first_value(lines: Sequence[str], *patterns: re.Pattern[str]) -> str:
    """The first non-empty value of the header lines matched by ``patterns``, tried in order
    (``match`` for the whole-line labels; ``search`` for ``_TIMING_PART``, a part of a line)."""
    for pattern in patterns:
        for line in lines:
            found = pattern.search(line) if pattern is _TIMING_PART else pattern.match(line)
            if found and found.group(1).strip():
                return found.group(1).strip()
    return ""


def header_arbiter(lines: Sequence[str]) -> str:
    """The person responsible for the file (spec B1: "the arbiter (responsible person)") from
    the free-text header lines: an ``Arbitre : …`` line, else the ``Envoye par : …`` line the
    federation's tools write, else the ``DT : …`` (tournament director) line of the older
    layout; ``""`` when none is there."""
    return _first_value(lines, _ARBITER_LINE, _SENDER_LINE, _DIRECTOR_LINE)


def header_time_control(lines: Sequence[str]) -> str:
    """The time control (spec B1) from the free-text header lines: the ``Tempo : …`` line,
    else a ``Timing: …`` / ``Cadence : …`` part of a line (the older layout writes
    ``Tournoi complet - Simple rondes - 8 joueurs - Timing: 40c/2h, 1h KO``); ``""`` when
    none is there."""
    return _first_value(lines, _TEMPO_LINE, _TIMING_PART)
