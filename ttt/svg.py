"""A board as a small SVG picture (what a notebook shows for a Board, or a bigger board), with the
position in words for readers who cannot see it (a screen reader reads the picture's ``<title>``).
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Sequence

from ttt.core.arguments import at_least, checked

__all__ = ["DISC_LETTER", "LINE_COLOUR", "O_COLOUR", "O_TEXT", "X_COLOUR", "X_TEXT", "board_svg",
           "cell_in_words", "place_in_words", "position_in_words", "svg_image", "with_title"]

#: The rules of a cell and a board's width: numbers counted from 0, and at least one column.
_PLACES = {"cell": at_least(0), "size": at_least(1),
           "columns": at_least(1, 19, " (a Go board's width, the widest the games make)")}

# Okabe-Ito colours, safe for colour-blind readers: marks, lines and discs.
X_COLOUR = "#0072B2"
O_COLOUR = "#D55E00"
LINE_COLOUR = "#009E73"
# The same colours a little darker for text (letters X and O, labels), so that text reaches the
# 4.5:1 contrast of WCAG AA on white and on the light tint of a winning line.
X_TEXT = "#006AA6"
O_TEXT = "#A64900"
#: The letter on a disc of each player: white on blue, black on vermillion, at least 4.5:1 both.
DISC_LETTER = {"X": "white", "O": "black"}
#: The cells of a 3 x 3 board in words, in reading order.
CELL_NAMES = ("top left", "top centre", "top right", "middle left", "centre", "middle right",
              "bottom left", "bottom centre", "bottom right")


@checked(**_PLACES)
def board_svg(cells: Sequence[str], winning_line: Sequence[int] | None = None,
              size: int = 96, columns: int = 3, discs: bool = False) -> str:
    """SVG markup of a board ``size`` pixels wide, ``columns`` cells a row (3 x 3 unless told):
    grid, X and O marks (or, with ``discs``, Connect Four's discs, each with its letter), and the
    winning line if there is one. Its title says the position in words (``position_in_words``)."""
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
    return with_title("".join(parts), position_in_words(cells, winning_line, columns))


@checked(**_PLACES)
def with_title(svg: str, text: str) -> str:
    """``svg`` (markup with an ``<svg>`` root, as ours or Graphviz's) made an image whose
    accessible name is ``text``: ``role="img"`` on the root and ``text`` as its first child, a
    ``<title>``, which screen readers read and browsers show on hover."""
    root = re.search(r"<svg\b[^>]*>", svg)
    if root is None:
        raise ValueError(f"not an SVG picture (no <svg> element): {svg[:60]!r}")
    tag = root.group()
    if "role=" not in tag:
        tag = tag[:-1] + ' role="img">'
    title = f"<title>{html.escape(text, quote=False)}</title>"
    return svg[:root.start()] + tag + title + svg[root.end():]


@checked(**_PLACES)
def svg_image(svg: str, alt: str) -> str:
    """``svg`` as an HTML ``<img>`` whose ``alt`` is ``alt``, at the SVG's own width and height.

    JupyterLab (and Voilà, JupyterLite) shows an SVG output as an image with no text alternative,
    losing the SVG's ``<title>``; an HTML output holding this image keeps it, trusted or not."""
    source = base64.b64encode(svg.encode()).decode("ascii")
    return (f'<img alt="{html.escape(alt)}"{_size_attributes(svg)} '
            f'src="data:image/svg+xml;base64,{source}">')


def _size_attributes(svg: str) -> str:
    """' width="384" height="463"': the root's width and height in CSS pixels ('' if it has
    none), so that the image shows at the SVG's own size (1 pt is 4/3 px)."""
    root = re.search(r"<svg\b[^>]*>", svg)
    size = root and re.search(r'width="([\d.]+)(pt|px)?" height="([\d.]+)(pt|px)?"', root.group())
    if not size:
        return ""
    scale = {"pt": 4 / 3}.get(size[2] or "px", 1)
    return f' width="{float(size[1]) * scale:g}" height="{float(size[3]) * scale:g}"'


@checked(**_PLACES)
def cell_in_words(cell: int, columns: int = 3) -> str:
    """'cell 5, row 1, column 2': a cell by its number and its place. The course counts cells,
    rows and columns from 0, as Python's ``divmod(cell, columns)`` does, so the three numbers
    always agree; every announcement, alt text, nudge and the terminal game say it this way."""
    return f"cell {cell}, {place_in_words(cell, columns)}"


@checked(**_PLACES)
def place_in_words(cell: int, columns: int = 3) -> str:
    """'row 1, column 2': where ``cell`` is on a board ``columns`` wide, rows from the top and
    columns from the left, both counted from 0 (see ``cell_in_words``)."""
    row, column = divmod(cell, columns)
    return f"row {row}, column {column}"


@checked(**_PLACES)
def position_in_words(cells: Sequence[str], winning_line: Sequence[int] | None = None,
                      columns: int = 3) -> str:
    """The position in words: where each player's marks are, then who is to move or how the game
    ended, e.g. 'Board: X at top left and centre; O at top right. O to move.' X moves first, so
    X is to move when both have as many marks."""
    rows = len(cells) // columns
    places = [f"{player} at {_places(cells, player, columns)}" for player in "XO"
              if player in cells]
    board = "Board" if _named_cells(cells, columns) else f"{columns} by {rows} board"
    return f"{board}: {'; '.join(places) or 'empty'}. {_status(cells, winning_line, columns)}."


def _status(cells: Sequence[str], winning_line: Sequence[int] | None, columns: int) -> str:
    """Who has won and where, 'A draw', or who is to move."""
    if winning_line:
        first, last = (_cell_name(winning_line[end], cells, columns) for end in (0, -1))
        return f"{cells[winning_line[0]]} has won, in a row from {first} to {last}"
    if all(mark in ("X", "O") for mark in cells):
        return "A draw"
    return "X to move" if cells.count("X") == cells.count("O") else "O to move"


def _places(cells: Sequence[str], player: str, columns: int) -> str:
    """Where ``player``'s marks are: 'top left and centre' on a 3 x 3 board, else by rows,
    'row 4 column 3, row 5 columns 3 and 4' (rows from the top, both counted from 0, as
    ``place_in_words`` counts them)."""
    mine = [cell for cell, mark in enumerate(cells) if mark == player]
    if _named_cells(cells, columns):
        return _and([CELL_NAMES[cell] for cell in mine])
    by_row: dict[int, list[str]] = {}
    for cell in mine:
        row, column = divmod(cell, columns)
        by_row.setdefault(row, []).append(str(column))
    return ", ".join(f"row {row} column{'s' if len(cols) > 1 else ''} {_and(cols)}"
                     for row, cols in by_row.items())


def _cell_name(cell: int, cells: Sequence[str], columns: int) -> str:
    """'top left' on a 3 x 3 board, else 'row 5, column 0'."""
    if _named_cells(cells, columns):
        return CELL_NAMES[cell]
    return place_in_words(cell, columns)


def _named_cells(cells: Sequence[str], columns: int) -> bool:
    """Whether the board is 3 x 3, whose cells have names (CELL_NAMES)."""
    return columns == 3 and len(cells) == len(CELL_NAMES)


def _and(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


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
            f'font-weight="bold" font-size="{round(step * 0.45, 1)}" fill="{DISC_LETTER[mark]}" '
            f'text-anchor="middle">{mark}</text>')


def _centre(cell: int, step: float, columns: int = 3) -> tuple[float, float]:
    return round((cell % columns + 0.5) * step, 1), round((cell // columns + 0.5) * step, 1)
