"""A board as a small SVG picture (what a notebook shows for a Board)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["LINE_COLOUR", "O_COLOUR", "X_COLOUR", "board_svg"]

# Okabe-Ito colours, safe for colour-blind readers.
X_COLOUR = "#0072B2"
O_COLOUR = "#D55E00"
LINE_COLOUR = "#009E73"


def board_svg(cells: Sequence[str], winning_line: Sequence[int] | None = None,
              size: int = 96) -> str:
    """SVG markup of a 3x3 board: grid, X and O marks, and the winning line if there is one."""
    step = size / 3
    pad = step * 0.22
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             f'viewBox="0 0 {size} {size}" role="img">',
             f'<rect width="{size}" height="{size}" fill="white"/>']
    for k in (1, 2):
        at = round(k * step, 1)
        grid = 'stroke="#444" stroke-width="2"'
        parts.append(f'<line x1="{at}" y1="2" x2="{at}" y2="{size - 2}" {grid}/>')
        parts.append(f'<line x1="2" y1="{at}" x2="{size - 2}" y2="{at}" {grid}/>')
    for cell, mark in enumerate(cells):
        left, top = (cell % 3) * step, (cell // 3) * step
        if mark == "X":
            a, b = round(left + pad, 1), round(left + step - pad, 1)
            c, d = round(top + pad, 1), round(top + step - pad, 1)
            parts.append(f'<path d="M{a},{c} L{b},{d} M{b},{c} L{a},{d}" stroke="{X_COLOUR}" '
                         f'stroke-width="{round(step / 9, 1)}" stroke-linecap="round"/>')
        elif mark == "O":
            cx, cy = _centre(cell, step)
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{round(step / 2 - pad, 1)}" fill="none" '
                         f'stroke="{O_COLOUR}" stroke-width="{round(step / 9, 1)}"/>')
    if winning_line:
        (x1, y1), (x2, y2) = (_centre(winning_line[0], step), _centre(winning_line[-1], step))
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{LINE_COLOUR}" '
                     f'stroke-width="{round(step / 7, 1)}" stroke-linecap="round" opacity="0.85"/>')
    parts.append("</svg>")
    return "".join(parts)


def _centre(cell: int, step: float) -> tuple[float, float]:
    return round((cell % 3 + 0.5) * step, 1), round((cell // 3 + 0.5) * step, 1)
