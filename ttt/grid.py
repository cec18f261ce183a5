"""A position on a grid of cells: what tic-tac-toe's ``Board``, the m,n,k-games and Connect Four
share, written once.

Cells are numbered in reading order, top-left first: on a board ``columns`` wide, the cell in row
``r`` (0 at the top) and column ``c`` is ``r * columns + c``. A position is two bitmasks, one for X
and one for O (bit ``c`` set when that mark is on cell ``c``), on a ``Shape``: what never changes
for one size of board (its lines of ``k``, the order to try moves in, its symmetries), worked out
once for each size. ``Grid`` holds the rules every such game shares (whose turn, who won, the
legal moves, playing a cell, the symmetries, the text and the picture) and the checks of bad input
with their messages; ``ttt.games.board`` and ``ttt.games.mnk`` add what is their own.

Sizes are limited: a board is at most ``MAX_SIDE`` (19) cells wide and 19 high, the size of a Go
board, which holds Gomoku (15 x 15, five in a row). Beyond, working out the lines would take
minutes and the memory of the machine, and nobody could read the board; ``shape`` refuses such
sizes with an InvalidBoardError.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cached_property

from ttt.core.arguments import BOARD_SIZE, checked
from ttt.core.protocol import IllegalMoveError, InvalidBoardError, check_not_over
from ttt.games.svg import board_svg, position_in_words, svg_image

__all__ = ["EMPTY", "MAX_SIDE", "Grid", "Shape", "open_lines", "shape"]

EMPTY = "."

#: The most cells a board may have across and down: a Go board's 19, which holds Gomoku.
MAX_SIDE = 19

#: A pixel size that keeps every board legible: this many pixels a cell, at most _MAX_PIXELS
#: wide.
_CELL_PIXELS = 32
_MAX_PIXELS = 320


@dataclass(frozen=True, eq=False)
class Shape:
    """What never changes for one size of board: its cells, its lines of ``k``, the order to try
    moves in, and its symmetries. ``gravity`` is True for Connect Four."""

    columns: int
    rows: int
    k: int
    gravity: bool

    @cached_property
    def size(self) -> int:
        return self.columns * self.rows

    @cached_property
    def full(self) -> int:
        return (1 << self.size) - 1

    @cached_property
    def moves(self) -> range:
        """The moves on the empty board: the cells, or with gravity the columns. Either way a move
        is open while cell ``move`` is free (a column's top cell has the column's number)."""
        return range(self.columns if self.gravity else self.size)

    @cached_property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """Every line of ``k`` cells: across, down, then both diagonals (for 3 x 3, three rows,
        three columns, then the diagonals 0-4-8 and 2-4-6). Each line's cells are in order along
        it."""
        found = []
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for r in range(self.rows):
                for c in range(self.columns):
                    end_r, end_c = r + dr * (self.k - 1), c + dc * (self.k - 1)
                    if 0 <= end_r < self.rows and 0 <= end_c < self.columns:
                        found.append(tuple((r + dr * i) * self.columns + c + dc * i
                                           for i in range(self.k)))
        return tuple(found)

    @cached_property
    def line_masks(self) -> tuple[int, ...]:
        return tuple(sum(1 << cell for cell in line) for line in self.lines)

    @cached_property
    def lines_through(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the masks of the lines through it: all a move can complete."""
        return tuple(tuple(mask for mask in self.line_masks if mask >> cell & 1)
                     for cell in range(self.size))

    @cached_property
    def column_masks(self) -> tuple[int, ...]:
        return tuple(sum(1 << (r * self.columns + c) for r in range(self.rows))
                     for c in range(self.columns))

    @cached_property
    def centre_mask(self) -> int:
        """The cells of the centre column (both middle columns when the width is even)."""
        middle = (self.columns - 1) / 2
        return sum(mask for c, mask in enumerate(self.column_masks) if abs(c - middle) < 1)

    @cached_property
    def move_order(self) -> tuple[int, ...]:
        """The moves, most promising first. Cells: those on the most lines first, then those
        nearest the centre (on 3 x 3: centre, corners, edges). Columns (Connect Four): the centre
        column first, then outwards, left before right."""
        middle = (self.columns - 1) / 2
        if self.gravity:
            return tuple(sorted(range(self.columns), key=lambda c: abs(c - middle)))
        centre = ((self.rows - 1) / 2, middle)
        return tuple(sorted(range(self.size), key=lambda cell: (
            -len(self.lines_through[cell]),
            abs(cell // self.columns - centre[0]) + abs(cell % self.columns - centre[1]))))

    @cached_property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The board's symmetries, each as where it sends every cell: Connect Four's mirror
        (gravity keeps up and down apart); a rectangle's two mirrors and half turn; a square's
        four turns (none, a quarter right, a half, a quarter left), then each of them followed
        by the left-right mirror, in the order of ``ttt.games.board.SYMMETRY_NAMES``."""
        last_r, last_c = self.rows - 1, self.columns - 1

        def mirror(r: int, c: int) -> tuple[int, int]:
            return r, last_c - c

        turns = [lambda r, c: (r, c), lambda r, c: (c, last_r - r),
                 lambda r, c: (last_r - r, last_c - c), lambda r, c: (last_c - c, r)]
        if self.gravity:
            maps = [turns[0], mirror]
        elif self.rows != self.columns:  # a quarter turn would not fit the board
            maps = [turns[0], mirror, lambda r, c: (last_r - r, c), turns[2]]
        else:
            maps = turns + [lambda r, c, turn=turn: mirror(*turn(r, c)) for turn in turns]
        return tuple(tuple(new_r * self.columns + new_c
                           for cell in range(self.size)
                           for new_r, new_c in [where(*divmod(cell, self.columns))])
                     for where in maps)

    @cached_property
    def image_tables(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``image_tables[s][i][byte]``: the mask that byte ``i`` of a mask becomes under
        symmetry ``s``; a whole mask's image is a few look-ups."""
        chunks = range(0, self.size, 8)
        return tuple(tuple(tuple(sum(1 << where[start + b] for b in range(8)
                                     if byte >> b & 1 and start + b < self.size)
                                 for byte in range(256))
                           for start in chunks)
                     for where in self.symmetries)

    def image(self, tables: Sequence[Sequence[int]], mask: int) -> int:
        """``mask`` under the symmetry whose ``image_tables`` are ``tables``."""
        result = 0
        for table in tables:
            result |= table[mask & 255]
            mask >>= 8
        return result

    def __reduce__(self) -> tuple:
        return shape, (self.columns, self.rows, self.k, self.gravity)  # one Shape for each size

    def completed(self, mask: int) -> list[int]:
        """The masks of the lines of ``k`` inside ``mask``."""
        return [line for line in self.line_masks if mask & line == line]

    def winner(self, x: int, o: int) -> str | None:
        """'X' or 'O' if that player's cells hold a line of ``k``, else None."""
        return "X" if self.completed(x) else "O" if self.completed(o) else None


@checked(**BOARD_SIZE)
def shape(columns: int, rows: int, k: int, gravity: bool = False) -> Shape:
    """The ``Shape`` of a board (made once for each size, then shared); a clear error for a
    size no game can be played on, or one beyond ``MAX_SIDE``."""
    if max(columns, rows) > MAX_SIDE:
        raise InvalidBoardError(f"a board is at most {MAX_SIDE} cells wide and {MAX_SIDE} high "
                                f"(ttt.games.mnk.MAX_SIDE), got {columns:,} wide and {rows:,} high")
    if k > max(columns, rows):
        fix = ("Connect Four needs at least 4 columns or 4 rows" if gravity
               else f"k must be at most {max(columns, rows)}")
        raise InvalidBoardError(f"nobody can get {k} in a row on a board {columns} wide and "
                                f"{rows} high: {fix}")
    return _made_shape(columns, rows, k, gravity)


@cache
def _made_shape(columns: int, rows: int, k: int, gravity: bool) -> Shape:
    return Shape(columns, rows, k, gravity)


class Grid:
    """A position on a grid of cells, immutable and hashable, as two bitmasks on a ``Shape``. A
    move is a cell; Connect Four, whose move is a column, says so itself."""

    __slots__ = ("_shape", "_x", "_o", "_winner", "_over")

    #: What changing a position says: it never changes.
    _UNCHANGING = "a position never changes: position.play(move) returns a new one"

    def __new__(cls, *args: object, **kwargs: object) -> Grid:
        """Not a game itself: each game (``Board``, ``MNK``, ``ConnectFour``) makes its own."""
        raise TypeError("Grid is what the games' positions are made of, not a game: make a "
                        "position by Board(), mnk(columns, rows, k) or connect_four()")

    @classmethod
    def _make(cls, board_shape: Shape, x: int, o: int, winner: str | None) -> Grid:
        """The position with X on ``x``'s cells and O on ``o``'s (no checks), ``winner`` known.
        Every position a ``Grid`` method makes comes from here."""
        position = object.__new__(cls)
        _set_shape(position, board_shape)
        _set_x(position, x)
        _set_o(position, o)
        _set_winner(position, winner)
        _set_over(position, winner is not None or x | o == board_shape.full)
        return position

    @classmethod
    def _from_masks(cls, board_shape: Shape, x: int, o: int) -> Grid:
        return cls._make(board_shape, x, o, board_shape.winner(x, o))

    @classmethod
    def _from_cells(cls, board_shape: Shape, text: str, cells: str, in_a_row: str) -> Grid:
        """The position whose cells, in reading order, are ``cells`` (X, O or '.'), read from
        ``text``; an InvalidBoardError if no legal game reaches it (``in_a_row`` names a win in
        the message, e.g. 'three in a row')."""
        x = sum(1 << cell for cell, mark in enumerate(cells) if mark == "X")
        o = sum(1 << cell for cell, mark in enumerate(cells) if mark == "O")
        problem = _impossibility(board_shape, x, o, in_a_row)
        if problem:
            raise InvalidBoardError(f"{text!r} cannot happen in a real game: {problem}")
        return cls._from_masks(board_shape, x, o)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(self._UNCHANGING)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(self._UNCHANGING)

    def __reduce__(self) -> tuple:
        return type(self)._from_masks, (self._shape, self._x, self._o)

    # --- what the position is -------------------------------------------------------------

    @property
    def columns(self) -> int:
        return self._shape.columns

    @property
    def rows(self) -> int:
        return self._shape.rows

    @property
    def k(self) -> int:
        """How many in a row win."""
        return self._shape.k

    @property
    def shape(self) -> Shape:
        return self._shape

    @property
    def bits(self) -> tuple[int, int]:
        """The (X mask, O mask) pair: bit c is set when that mark is on cell c."""
        return self._x, self._o

    @property
    def cells(self) -> tuple[str, ...]:
        """The cells in reading order, each 'X', 'O' or '.'."""
        return tuple(self[cell] for cell in range(self._shape.size))

    def __iter__(self) -> Iterator[str]:
        return iter(self.cells)

    def __getitem__(self, cell: int) -> str:
        cell = check_number(cell, "cell", self._shape.size)
        return "X" if self._x >> cell & 1 else "O" if self._o >> cell & 1 else EMPTY

    @property
    def to_move(self) -> str:
        """'X' or 'O': whose turn it is (X moves first, so X moves when the counts are equal)."""
        return "O" if (self._x | self._o).bit_count() & 1 else "X"

    @property
    def winner(self) -> str | None:
        """'X' or 'O' if that player has ``k`` in a row, else None."""
        return self._winner

    @property
    def winning_line(self) -> tuple[int, ...] | None:
        """The cells of a completed line of ``k`` (the first in ``shape.lines``), or None."""
        if self._winner is None:
            return None
        line = self._shape.completed(self._x if self._winner == "X" else self._o)[0]
        return self._shape.lines[self._shape.line_masks.index(line)]

    @property
    def is_full(self) -> bool:
        return self._x | self._o == self._shape.full

    @property
    def is_over(self) -> bool:
        """True when someone has won or no cell is free."""
        return self._over

    @property
    def moves_made(self) -> int:
        """How many marks are on the board."""
        return (self._x | self._o).bit_count()

    @property
    def free_cells(self) -> int:
        """How many cells are still free: at most that many moves are left."""
        return self._shape.size - (self._x | self._o).bit_count()

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """The moves open to the player to move, in increasing order (the free cells, or
        Connect Four's columns that are not full); empty once the game is over."""
        if self._over:
            return ()
        taken = self._x | self._o
        return tuple(move for move in self._shape.moves if not taken >> move & 1)

    @property
    def ordered_moves(self) -> tuple[int, ...]:
        """The legal moves, most promising first (``Shape.move_order``; on 3 x 3: centre,
        corners, edges, the order in which alpha-beta finds its cut-offs soonest)."""
        if self._over:
            return ()
        taken = self._x | self._o
        return tuple(move for move in self._shape.move_order if not taken >> move & 1)

    def estimate(self) -> float:
        """A guess at who is better, for a search that stops before the end: ``open_lines``."""
        return open_lines(self)

    def result_text(self) -> str:
        """'X wins', 'O wins', 'draw' or 'X to move' / 'O to move'."""
        if self._winner:
            return f"{self._winner} wins"
        return "draw" if self.is_full else f"{self.to_move} to move"

    # --- making moves ---------------------------------------------------------------------

    def play(self, cell: int) -> Grid:
        """The position after the player to move marks ``cell``. This one is unchanged."""
        if type(cell) is not int or not 0 <= cell < self._shape.size:  # the quick test first
            cell = check_number(cell, "cell", self._shape.size)
        if self._over:
            check_not_over(self)
        if (self._x | self._o) >> cell & 1:
            raise IllegalMoveError(f"cell {cell} is already taken by {self[cell]}")
        return self._place(cell)

    def _place(self, cell: int) -> Grid:
        """The position after the player to move marks ``cell`` (free, and the game not over)."""
        x, o = self._x, self._o
        if (x | o).bit_count() & 1:
            o |= 1 << cell
            mine, mark = o, "O"
        else:
            x |= 1 << cell
            mine, mark = x, "X"
        for line in self._shape.lines_through[cell]:
            if mine & line == line:
                return self._make(self._shape, x, o, mark)
        return self._make(self._shape, x, o, None)

    # --- symmetry -------------------------------------------------------------------------

    def canonical(self) -> Grid:
        """The representative of this position's symmetric images (the same for all of them):
        the image with the smallest (X mask, O mask)."""
        board_shape, x, o = self._shape, self._x, self._o
        image, best = board_shape.image, (x, o)
        for tables in board_shape.image_tables[1:]:  # the first symmetry is the identity
            x_image = image(tables, x)
            if x_image <= best[0]:  # else this image cannot be the smallest: skip O's image
                best = min(best, (x_image, image(tables, o)))
        return self if best == (x, o) else self._make(board_shape, *best, self._winner)

    def symmetries(self) -> Iterator[Grid]:
        """The images of this position under the board's symmetries (some may be equal), in the
        order of ``Shape.symmetries``."""
        board_shape = self._shape
        for tables in board_shape.image_tables:
            yield self._make(board_shape, board_shape.image(tables, self._x),
                             board_shape.image(tables, self._o), self._winner)

    # --- values and text ------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        # A subclass's position equals its base class's (a Board a lesson traces equals the
        # Board); two games never equal each other, even on the same cells.
        if not isinstance(other, Grid) or not (
                isinstance(other, type(self)) or isinstance(self, type(other))):
            return NotImplemented
        return self._x == other._x and self._o == other._o and self._shape is other._shape

    def __hash__(self) -> int:
        return hash((self._x, self._o))

    def __str__(self) -> str:
        cells, width = "".join(self.cells), self._shape.columns
        return "|".join(cells[start:start + width] for start in range(0, len(cells), width))

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_string({str(self)!r})"

    @checked
    def grid(self, numbered: bool = False) -> str:
        """The board as a text grid, cells apart by '|' and rows by '---+---'; with ``numbered``
        the free cells show their number, counted from 0 as everywhere in the course."""
        width = len(str(self._shape.size - 1)) if numbered else 1

        def show(cell: int) -> str:
            mark = self[cell]
            text = str(cell) if mark == EMPTY and numbered else " " if mark == EMPTY else mark
            return text.rjust(width)

        columns = self._shape.columns
        rows = [" " + " | ".join(show(cell) for cell in range(start, start + columns))
                for start in range(0, self._shape.size, columns)]
        return ("\n" + "+".join(["-" * (width + 2)] * columns) + "\n").join(rows)

    def _repr_svg_(self) -> str:
        width = min(_MAX_PIXELS, _CELL_PIXELS * self._shape.columns)
        return board_svg(self.cells, self.winning_line, width, self._shape.columns,
                         discs=self._shape.gravity)

    def _repr_html_(self) -> str:
        # JupyterLab shows an SVG output as an image without its title: this one carries it as alt
        words = position_in_words(self.cells, self.winning_line, self._shape.columns)
        return svg_image(self._repr_svg_(), words)


# Setting a slot through its descriptor: quicker than object.__setattr__, and positions are made
# by the million in a search.
_set_shape, _set_x, _set_o, _set_winner, _set_over = (
    getattr(Grid, name).__set__ for name in Grid.__slots__)


@checked
def open_lines(position: Grid) -> float:
    """A heuristic for unfinished positions: (the lines X could still complete minus O's) / (the
    number of lines + 1), on tic-tac-toe's eight lines / 9.

    It stays strictly between -1 and +1, so a real win always counts for more than any guess.
    """
    x, o = position.bits
    lines = position.shape.line_masks
    x_open = sum(1 for line in lines if line & x and not line & o)
    o_open = sum(1 for line in lines if line & o and not line & x)
    return (x_open - o_open) / (len(lines) + 1)


# --- reading positions, and bad input -----------------------------------------------------------

def check_number(number: object, name: str, count: int) -> int:
    """``number`` as an int from 0 to count - 1 (any whole-number type will do, numpy's too), or
    an IllegalMoveError saying why it is not a ``name`` ('cell' or 'column')."""
    try:
        value = None if isinstance(number, bool) else operator.index(number)
    except TypeError:
        value = None
    if value is None:
        raise IllegalMoveError(f"a {name} is a whole number from 0 to {count - 1}, got {number!r}")
    if not 0 <= value < count:
        raise IllegalMoveError(f"{name} {value} is off the board: {name}s are numbered 0 to "
                               f"{count - 1}")
    return value


_BLANKS = str.maketrans("", "", " \t\r")  # what a board string may hold between its cells


def read_rows(text: object, hint: str = "") -> list[str]:
    """The rows of a board string, upper case: split at '|' and new lines, spaces dropped, empty
    rows left out. An InvalidBoardError if ``text`` is no string or holds a character other than
    X, O and '.' (``hint`` ends that message)."""
    if not isinstance(text, str):
        raise InvalidBoardError(f"a board string is needed, got {type(text).__name__}")
    rows = text.translate(_BLANKS).replace("\n", "|").split("|")
    bad = [ch for row in rows for ch in row if ch.upper() not in "XO."]
    if bad:
        raise InvalidBoardError(f"unexpected character {bad[0]!r} in {text!r}: use only X, O "
                                f"and '.' for a free cell{hint}")
    return [row.upper() for row in rows if row]


def _impossibility(board_shape: Shape, x: int, o: int, in_a_row: str) -> str:
    """Why no legal game reaches the position (x, o), or '' if one can."""
    xs, os_ = x.bit_count(), o.bit_count()
    if not 0 <= xs - os_ <= 1:
        return f"X moves first, so X has as many marks as O or one more (found {xs} X, {os_} O)"
    tops = 0  # the top disc of each column: in Connect Four, only these can have come last
    for column, mask in enumerate(board_shape.column_masks):
        discs = mask & (x | o)
        if board_shape.gravity and discs != _lowest(mask, discs.bit_count()):
            return f"a disc floats in column {column}: discs fall to the lowest free cell"
        tops |= discs & -discs
    x_lines, o_lines = board_shape.completed(x), board_shape.completed(o)
    if x_lines and o_lines:
        return f"both X and O have {in_a_row}, but the game stops at the first line"
    if x_lines and xs == os_:
        return f"X already had {in_a_row}, yet O moved after that"
    if o_lines and xs > os_:
        return f"O already had {in_a_row}, yet X moved after that"
    for mark, lines in (("X", x_lines), ("O", o_lines)):
        last = (tops if board_shape.gravity else board_shape.full)
        for line in lines:
            last &= line
        if lines and not last:
            return (f"{mark} has lines of {board_shape.k} that no single move completes "
                    f"together: {mark} played on after winning")
    return ""


def _lowest(column_mask: int, count: int) -> int:
    """The lowest ``count`` cells of a column (the highest-numbered): where that many discs lie."""
    cells = [cell for cell in range(column_mask.bit_length()) if column_mask >> cell & 1]
    return sum(1 << cell for cell in cells[len(cells) - count:]) if count else 0
