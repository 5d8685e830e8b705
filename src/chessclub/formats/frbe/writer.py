"""Writing a results file back (spec B3): a document → bytes in its layout, encoding and line
ending, byte for byte what was read when nothing changed."""

from __future__ import annotations

from chessclub.formats.errors import ExportError
from chessclub.formats.frbe.checks import check_results_file
from chessclub.formats.frbe.layout import (
    CLUB_WIDTH,
    DATE_WIDTH,
    ELO_WIDTH,
    MATRICULE_WIDTH,
    NAT_WIDTH,
    _LayoutSpec,
)
from chessclub.formats.frbe.records import FrbeResultsFile, PlayerRecord


def write_results_file(doc: FrbeResultsFile) -> bytes:
    """Write a document in its layout, encoding and line ending (spec B3).

    Raises :class:`~chessclub.formats.errors.ExportError` for the problems of
    :func:`check_results_file` (a field that does not fit its columns, an unknown colour,
    non-reciprocal pairings…), one line each naming the player (or the code line, the round
    dates, a header line) and round; ``problems`` keeps their output lines and columns. The
    writer never produces a file that :func:`read_results_file` would refuse.
    """
    problems = check_results_file(doc)
    if problems:
        raise ExportError(
            "\n".join(f"{_written_at(doc, p.line)}: {p.message}" for p in problems),
            problems=problems,
        )
    spec = doc.layout.spec
    code = doc.code
    lines = list(doc.header_lines)
    lines.append(
        code.lead
        + code.event_code
        + str(code.players).rjust(spec.players_width)
        + str(code.rounds).rjust(2)
        + code.start_date
        + code.end_date
        + code.trailer
    )
    header = doc.column_labels
    for index, date in enumerate(doc.round_dates):
        header = header.ljust(spec.date_col(index) - 1) + date.rjust(DATE_WIDTH)
    lines.append(header.rstrip())
    lines.extend(_format_player(player, spec) for player in doc.players)
    lines.extend(doc.footer_lines)
    text = doc.line_ending.join(lines) + (doc.line_ending if doc.final_newline else "")
    return text.encode(doc.encoding)


def _written_at(doc: FrbeResultsFile, lineno: int) -> str:
    """What the output line ``lineno`` of ``doc`` holds, for :class:`ExportError` messages."""
    code = len(doc.header_lines) + 1
    player = lineno - doc.first_player_line
    if lineno < code:
        return f"header line {lineno}"
    if lineno == code:
        return "code line"
    if lineno == code + 1:
        return "round dates"
    if player < len(doc.players):
        record = doc.players[player]
        return f"player {record.number} ({record.name})"
    return f"footer line {player - len(doc.players) + 1}"


def _format_player(player: PlayerRecord, spec: _LayoutSpec) -> str:
    number = str(player.number)
    number = (
        number.ljust(spec.number_width) if spec.number_left else number.rjust(spec.number_width)
    )
    if player.elo is None:
        elo = " " * ELO_WIDTH
    elif spec.elo_zero_pad:
        elo = f"{player.elo:04d}"
    else:
        elo = f"{player.elo:4d}"
    parts = [
        number,
        " ",
        player.name.ljust(spec.matricule_col - spec.name_col),
        player.matricule.rjust(MATRICULE_WIDTH),
        " ",
        player.club.rjust(CLUB_WIDTH),
        " ",
        player.nat.ljust(NAT_WIDTH),
        " ",
        elo,
    ]
    for cell in player.rounds:
        parts.append(f" {cell.opponent:{spec.opponent_width}d} {cell.colour} {cell.result}")
    return "".join(parts)
