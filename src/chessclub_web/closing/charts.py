"""Server-side SVG chart of a player's club Elo history (spec E9): no JavaScript needed."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape

WIDTH = 600
HEIGHT = 220
MARGIN_LEFT = 48
MARGIN_RIGHT = 12
MARGIN_TOP = 12
MARGIN_BOTTOM = 24


def elo_chart(points: Sequence[tuple[str, int]], title: str) -> str:
    """An SVG line chart of ``points`` (label, Elo) in order: the first point is the initial
    Elo. Returns markup safe to insert (labels escaped); ``""`` for fewer than two points."""
    if len(points) < 2:
        return ""
    values = [elo for _label, elo in points]
    low, high = min(values), max(values)
    if high - low < 20:
        low, high = low - 10, high + 10
    inner_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    inner_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    step = inner_w / (len(points) - 1)

    def y(elo: int) -> float:
        return MARGIN_TOP + inner_h * (high - elo) / (high - low)

    coords = [(MARGIN_LEFT + i * step, y(elo)) for i, elo in enumerate(values)]
    line = " ".join(f"{x:.1f},{yy:.1f}" for x, yy in coords)
    dots = "".join(
        f'<circle cx="{x:.1f}" cy="{yy:.1f}" r="3"><title>{escape(label)}: {elo}</title></circle>'
        for (x, yy), (label, elo) in zip(coords, points, strict=True)
    )
    axis = (
        f'<text x="{MARGIN_LEFT - 6}" y="{MARGIN_TOP + 4}" text-anchor="end">{high}</text>'
        f'<text x="{MARGIN_LEFT - 6}" y="{MARGIN_TOP + inner_h + 4}" text-anchor="end">{low}</text>'
        f'<line x1="{MARGIN_LEFT}" y1="{MARGIN_TOP}" x2="{MARGIN_LEFT}" '
        f'y2="{MARGIN_TOP + inner_h}" class="axis"/>'
        f'<line x1="{MARGIN_LEFT}" y1="{MARGIN_TOP + inner_h}" x2="{WIDTH - MARGIN_RIGHT}" '
        f'y2="{MARGIN_TOP + inner_h}" class="axis"/>'
    )
    return (
        f'<svg class="elo-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title>{axis}"
        f'<polyline points="{line}" fill="none" class="line"/>{dots}</svg>'
    )
