"""A board as a small SVG picture (what a notebook shows for a Board, or a bigger board)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["LINE_COLOUR", "O_COLOUR", "X_COLOUR", "board_svg"]

# Okabe-Ito colours, safe for colour-blind readers.
X_COLOUR = "#0072B2"
O_COLOUR = "#D55E00"
LINE_COLOUR = "#009E73"


def board_svg(cells: Sequence[str], winning_line: Sequence[int] | None = None,
              size: int = 96, columns: int = 3, discs: bool = False) -> str:
    """SVG markup of a board ``size`` pixels wide, ``columns`` cells a row (3 x 3 unless told):
    grid, X and O marks (or, with ``discs``, Connect Four's discs, each with its letter), and the
    winning line if there is one."""
    step = size / columns
    rows = len(cells) // columns
    height = size * rows // columns if size * rows % columns == 0 else round(step * rows, 1)
    pad = step * 0.22
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" '
             f'viewBox="0 0 {size} {height}" role="img">',
             f'<rect width="{size}" height="{height}" fill="{"#DCE6F2" if discs else "white"}"/>']
    if not discs:
        grid = 'stroke="#444" stroke-width="2"'
        for k in range(1, max(columns, rows)):
            at = round(k * step, 1)
            if k < columns:
                parts.append(f'<line x1="{at}" y1="2" x2="{at}" y2="{height - 2}" {grid}/>')
            if k < rows:
                parts.append(f'<line x1="2" y1="{at}" x2="{size - 2}" y2="{at}" {grid}/>')
    for cell, mark in enumerate(cells):
        if discs:
            parts.append(_disc(cell, mark, step, columns))
        elif mark == "X":
            left, top = (cell % columns) * step, (cell // columns) * step
            a, b = round(left + pad, 1), round(left + step - pad, 1)
            c, d = round(top + pad, 1), round(top + step - pad, 1)
            parts.append(f'<path d="M{a},{c} L{b},{d} M{b},{c} L{a},{d}" stroke="{X_COLOUR}" '
                         f'stroke-width="{round(step / 9, 1)}" stroke-linecap="round"/>')
        elif mark == "O":
            cx, cy = _centre(cell, step, columns)
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{round(step / 2 - pad, 1)}" fill="none" '
                         f'stroke="{O_COLOUR}" stroke-width="{round(step / 9, 1)}"/>')
    if winning_line:
        (x1, y1), (x2, y2) = (_centre(winning_line[0], step, columns),
                              _centre(winning_line[-1], step, columns))
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{LINE_COLOUR}" '
                     f'stroke-width="{round(step / 7, 1)}" stroke-linecap="round" opacity="0.85"/>')
    parts.append("</svg>")
    return "".join(parts)


def _disc(cell: int, mark: str, step: float, columns: int) -> str:
    """A Connect Four hole: white when empty, else a disc in the player's colour with its letter
    (so that the picture reads without colour too)."""
    cx, cy = _centre(cell, step, columns)
    radius = round(step * 0.4, 1)
    if mark not in ("X", "O"):
        return f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="white" stroke="#8899AA"/>'
    colour = X_COLOUR if mark == "X" else O_COLOUR
    return (f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{colour}"/>'
            f'<text x="{cx}" y="{round(cy + step * 0.16, 1)}" font-family="sans-serif" '
            f'font-weight="bold" font-size="{round(step * 0.45, 1)}" fill="white" '
            f'text-anchor="middle">{mark}</text>')


def _centre(cell: int, step: float, columns: int = 3) -> tuple[float, float]:
    return round((cell % columns + 0.5) * step, 1), round((cell // columns + 0.5) * step, 1)
