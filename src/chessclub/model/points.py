"""Exact scores.

Points are :class:`fractions.Fraction` values, never floats: ``Fraction(1, 2)`` is a half point.
FIDE and federation scoring systems use halves (and, for teams, whole match points), which a
``Fraction`` represents exactly.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeAlias

Points: TypeAlias = Fraction

ZERO: Points = Fraction(0)
HALF: Points = Fraction(1, 2)
ONE: Points = Fraction(1)


def parse_points(text: str) -> Points:
    """Parse a points value as written in files: ``"4.5"``, ``"4,5"``, ``"4½"``, ``"11"``.

    Raises ``ValueError`` for anything else (the caller adds line and column).
    """
    cleaned = text.strip().replace(",", ".")
    if not cleaned:
        raise ValueError("empty points value")
    if cleaned.endswith("½"):
        whole = cleaned[:-1]
        return (Fraction(int(whole)) if whole else ZERO) + HALF
    try:
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError) as exc:
        raise ValueError(f"not a points value: {text!r}") from exc
    if value.denominator not in (1, 2, 4, 10):
        raise ValueError(f"not a points value: {text!r}")
    return value


def format_points(value: Points, *, half_sign: str = ".5") -> str:
    """Write points as arbiters read them: ``5``, ``4.5`` (or ``4½`` with ``half_sign="½"``).

    Values that are not whole or half points are written as decimals with one digit.
    """
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        whole = (value.numerator - 1) // 2
        if half_sign == "½":
            return f"{whole}½" if whole else "½"
        return f"{whole}{half_sign}"
    return f"{float(value):.1f}"


def format_points_decimal(value: Points) -> str:
    """Write points with one decimal (``4.5``, ``5.0``), as TRF and JSON outputs do."""
    return f"{float(value):.1f}"
