"""Bigger boards: the m,n,k-games and Connect Four, positions of the game protocol.

``mnk(columns, rows, k)`` is the empty board of the m,n,k-game: two players take turns to mark a
free cell, and the first to get ``k`` in a row (across, down or diagonally) wins; ``mnk(3, 3, 3)``
is tic-tac-toe and plays exactly like ``Board()``. ``connect_four(columns=7, rows=6)`` is the
empty board of Connect Four: four in a row, but a move names a column and the disc falls to the
lowest free cell of it.

Cells are numbered in reading order, top-left first: on a board ``columns`` wide, the cell in row
``r`` (0 at the top) and column ``c`` is ``r * columns + c``. As in ``Board``, a position is two
bitmasks, one for X and one for O (bit ``c`` set when that mark is on cell ``c``), and the lines
of ``k`` of each board size are worked out once (``shape``). Both games follow the game protocol
of ``ttt.protocol`` with all its extras (``free_cells``, ``estimate()``, ``ordered_moves``,
``canonical()``, ``positions_ahead()``), so every search, player, tree and picture of the
package takes them.

Sizes are limited: a board is at most ``MAX_SIDE`` (19) cells wide and 19 high, the size of a Go
board, which holds Gomoku (``mnk(15, 15, 5)``). Beyond, working out the lines would take minutes
and the memory of the machine, and nobody could read the board; ``mnk`` and ``connect_four``
refuse such sizes with an InvalidBoardError.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cached_property

from ttt.board import EMPTY, IllegalMoveError, InvalidBoardError
from ttt.protocol import check_count
from ttt.svg import board_svg

__all__ = ["MAX_SIDE", "MNK", "ConnectFour", "Shape", "connect_four", "mnk", "shape"]

#: The most cells a board may have across and down: a Go board's 19, which holds Gomoku.
MAX_SIDE = 19

#: A pixel size that keeps every board legible: this many pixels a cell, at most MAX_WIDTH wide.
CELL_PIXELS = 32
MAX_WIDTH = 320


@dataclass(frozen=True, eq=False)
class Shape:
    """What never changes for one size of board: its cells, its lines of ``k``, the order to try
    moves in, and its symmetries. ``gravity`` is True for Connect Four."""

    columns: int
    rows: int
    k: int
    gravity: bool

    @property
    def size(self) -> int:
        return self.columns * self.rows

    @cached_property
    def full(self) -> int:
        return (1 << self.size) - 1

    @cached_property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """Every line of ``k`` cells: across, down, then both diagonals (for 3 x 3, in the order
        of ``ttt.board.LINES``). Each line's cells are in order along it."""
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
        nearest the centre (on 3 x 3: centre, corners, edges, as ``ttt.board.GOOD_ORDER``).
        Columns (Connect Four): the centre column first, then outwards, left before right."""
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
        four turns, each with or without a mirror."""
        last_r, last_c = self.rows - 1, self.columns - 1
        maps = [lambda r, c: (r, c), lambda r, c: (r, last_c - c)]
        if not self.gravity:
            maps += [lambda r, c: (last_r - r, c), lambda r, c: (last_r - r, last_c - c)]
            if self.rows == self.columns:
                maps += [lambda r, c: (c, r), lambda r, c: (c, last_r - r),
                         lambda r, c: (last_c - c, r), lambda r, c: (last_c - c, last_r - r)]
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


def shape(columns: int, rows: int, k: int, gravity: bool = False) -> Shape:
    """The ``Shape`` of a board (made once for each size, then shared); a clear error for a
    size no game can be played on, or one beyond ``MAX_SIDE``."""
    for number, name in ((columns, "columns"), (rows, "rows"), (k, "k")):
        check_count(number, name, f"the number of {name}, a whole number" if name != "k"
                    else "how many in a row win, a whole number")
    if max(columns, rows) > MAX_SIDE:
        raise InvalidBoardError(f"a board is at most {MAX_SIDE} cells wide and {MAX_SIDE} high "
                                f"(ttt.games.MAX_SIDE), got {columns:,} wide and {rows:,} high")
    if k > max(columns, rows):
        fix = ("Connect Four needs at least 4 columns or 4 rows" if gravity
               else f"k must be at most {max(columns, rows)}")
        raise InvalidBoardError(f"nobody can get {k} in a row on a board {columns} wide and "
                                f"{rows} high: {fix}")
    return _shape(columns, rows, k, gravity)


@cache
def _shape(columns: int, rows: int, k: int, gravity: bool) -> Shape:
    return Shape(columns, rows, k, gravity)


class _Grid:
    """What the m,n,k-game and Connect Four share: a position on a grid of cells, immutable and
    hashable, as two bitmasks."""

    __slots__ = ("_shape", "_x", "_o", "_winner", "_over")

    @classmethod
    def _make(cls, board_shape: Shape, x: int, o: int, winner: str | None) -> _Grid:
        """The position with X on ``x``'s cells and O on ``o``'s (no checks), ``winner`` known."""
        position = object.__new__(cls)
        _set_shape(position, board_shape)
        _set_x(position, x)
        _set_o(position, o)
        _set_winner(position, winner)
        _set_over(position, winner is not None or x | o == board_shape.full)
        return position

    @classmethod
    def _from_masks(cls, board_shape: Shape, x: int, o: int) -> _Grid:
        winner = "X" if board_shape.completed(x) else "O" if board_shape.completed(o) else None
        return cls._make(board_shape, x, o, winner)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a position never changes: position.play(move) returns a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a position never changes: position.play(move) returns a new one")

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
        cell = _check_number(cell, "cell", self._shape.size)
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
    def free_cells(self) -> int:
        """How many cells are still free: at most that many moves are left."""
        return self._shape.size - (self._x | self._o).bit_count()

    def result_text(self) -> str:
        """'X wins', 'O wins', 'draw' or 'X to move' / 'O to move'."""
        if self._winner:
            return f"{self._winner} wins"
        return "draw" if self.is_full else f"{self.to_move} to move"

    def _place(self, cell: int) -> _Grid:
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

    def _refuse_if_over(self) -> None:
        if self._over:
            raise IllegalMoveError(f"the game is over ({self.result_text()}): no more moves")

    # --- symmetry -------------------------------------------------------------------------

    def canonical(self) -> _Grid:
        """The representative of this position's symmetric images (the same for all of them):
        the image with the smallest (X mask, O mask)."""
        board_shape, x, o = self._shape, self._x, self._o
        image, best = board_shape.image, (x, o)
        for tables in board_shape.image_tables[1:]:  # the first symmetry is the identity
            x_image = image(tables, x)
            if x_image <= best[0]:  # else this image cannot be the smallest: skip O's image
                best = min(best, (x_image, image(tables, o)))
        return self if best == (x, o) else self._make(board_shape, *best, self._winner)

    def symmetries(self) -> Iterator[_Grid]:
        """The images of this position under the board's symmetries (some may be equal)."""
        board_shape = self._shape
        for tables in board_shape.image_tables:
            yield self._make(board_shape, board_shape.image(tables, self._x),
                             board_shape.image(tables, self._o), self._winner)

    # --- values and text ------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._x == other._x and self._o == other._o and self._shape is other._shape

    def __hash__(self) -> int:
        return hash((self._x, self._o))

    def __str__(self) -> str:
        cells, width = "".join(self.cells), self._shape.columns
        return "|".join(cells[start:start + width] for start in range(0, len(cells), width))

    def _repr_svg_(self) -> str:
        width = min(MAX_WIDTH, CELL_PIXELS * self._shape.columns)
        return board_svg(self.cells, self.winning_line, width, self._shape.columns,
                         discs=self._shape.gravity)


# Setting a slot through its descriptor: quicker than object.__setattr__, and positions are made
# by the million in a search.
_set_shape, _set_x, _set_o, _set_winner, _set_over = (
    getattr(_Grid, name).__set__ for name in _Grid.__slots__)


class MNK(_Grid):
    """A position of the m,n,k-game: ``k`` in a row wins on a board ``columns`` wide and ``rows``
    high. ``MNK(columns, rows, k)`` is the empty board (as ``mnk``); a move is a free cell."""

    __slots__ = ()

    def __new__(cls, columns: int, rows: int, k: int) -> MNK:
        return cls._make(shape(columns, rows, k), 0, 0, None)

    @classmethod
    def from_string(cls, text: str, k: int) -> MNK:
        """Read a position such as ``'....|.X..|.O..|....'``: rows top first, separated by '|'
        (or new lines), each of X, O or '.'; the shape comes from the string. Lower case is
        accepted, spaces are ignored. InvalidBoardError for a malformed string or a position no
        legal game reaches."""
        return _read(cls, text, k, gravity=False)

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """The free cells, in increasing order; empty once the game is over."""
        if self._over:
            return ()
        taken = self._x | self._o
        return tuple(cell for cell in range(self._shape.size) if not taken >> cell & 1)

    @property
    def ordered_moves(self) -> tuple[int, ...]:
        """The legal moves, those on the most lines first, then nearest the centre (on 3 x 3:
        centre, corners, edges, as ``Board``)."""
        if self._over:
            return ()
        taken = self._x | self._o
        return tuple(cell for cell in self._shape.move_order if not taken >> cell & 1)

    def play(self, cell: int) -> MNK:
        """The position after the player to move marks ``cell``. This one is unchanged."""
        if type(cell) is not int or not 0 <= cell < self._shape.size:
            cell = _check_number(cell, "cell", self._shape.size)
        if self._over:
            self._refuse_if_over()
        if (self._x | self._o) >> cell & 1:
            raise IllegalMoveError(f"cell {cell} is already taken by {self[cell]}")
        return self._place(cell)

    def estimate(self) -> float:
        """Open lines, as ``ttt.board.open_lines``: (the lines of ``k`` X could still complete,
        minus O's) / (the number of lines + 1), strictly between -1 and +1."""
        x, o = self._x, self._o
        open_ = sum((line & x != 0) - (line & o != 0) for line in self._shape.line_masks
                    if not (line & x and line & o))
        return open_ / (len(self._shape.line_masks) + 1)

    def grid(self, numbered: bool = False) -> str:
        """The board as a text grid, as ``Board.grid``; with ``numbered`` the free cells show
        their number counted from 1."""
        width = len(str(self._shape.size)) if numbered else 1

        def show(cell: int) -> str:
            mark = self[cell]
            text = str(cell + 1) if mark == EMPTY and numbered else " " if mark == EMPTY else mark
            return text.rjust(width)

        columns = self._shape.columns
        rows = [" " + " | ".join(show(cell) for cell in range(start, start + columns))
                for start in range(0, self._shape.size, columns)]
        return ("\n" + "+".join(["-" * (width + 2)] * columns) + "\n").join(rows)

    def __repr__(self) -> str:
        return f"MNK.from_string({str(self)!r}, k={self.k})"


class ConnectFour(_Grid):
    """A position of Connect Four: four in a row wins; a move is a column (0 at the left), and
    the disc falls to the lowest free cell of it. ``ConnectFour()`` is the empty 7 x 6 board."""

    __slots__ = ()

    def __new__(cls, columns: int = 7, rows: int = 6) -> ConnectFour:
        return cls._make(shape(columns, rows, 4, gravity=True), 0, 0, None)

    @classmethod
    def from_string(cls, text: str) -> ConnectFour:
        """Read a position such as ``'.......|.......|...X...|..XO...'``: rows top first,
        separated by '|' (or new lines); the shape comes from the string. InvalidBoardError for a
        malformed string, a floating disc, or a position no legal game reaches."""
        return _read(cls, text, 4, gravity=True)

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """The columns that are not full, left to right; empty once the game is over."""
        if self._over:
            return ()
        taken = self._x | self._o  # the top row is cells 0 .. columns - 1
        return tuple(column for column in range(self._shape.columns) if not taken >> column & 1)

    @property
    def ordered_moves(self) -> tuple[int, ...]:
        """The legal moves, the centre column first, then outwards."""
        if self._over:
            return ()
        taken = self._x | self._o
        return tuple(column for column in self._shape.move_order if not taken >> column & 1)

    def play(self, column: int) -> ConnectFour:
        """The position after the player to move drops a disc in ``column``. This one is
        unchanged."""
        board_shape = self._shape
        if type(column) is not int or not 0 <= column < board_shape.columns:
            column = _check_number(column, "column", board_shape.columns)
        if self._over:
            self._refuse_if_over()
        free = board_shape.column_masks[column] & ~(self._x | self._o)
        if not free:
            raise IllegalMoveError(f"column {column} is full: choose another column")
        return self._place(free.bit_length() - 1)  # the lowest free cell has the highest number

    def positions_ahead(self) -> int:
        """At most how many positions can follow this one, itself included: each column can
        still take 0, 1, ... discs up to its free cells, each X or O (gravity leaves far fewer
        than an m,n,k-game with as many free cells)."""
        if self._over:
            return 1
        taken = self._x | self._o
        count = 1
        for mask in self._shape.column_masks:
            free = (mask & ~taken).bit_count()
            count *= 2 ** (free + 1) - 1
        return count

    #: Points for a window of four holding 1, 2, 3 or 4 of one player's discs and none of the
    #: other's (four: the game is won, and a search scores the win itself, not this guess).
    WINDOW_POINTS = (0, 1, 4, 16, 64)
    #: Points for each disc in the centre column (both middle columns on an even board).
    CENTRE_POINTS = 2
    #: The score that ``estimate`` turns into 0.5 (-0.5 for O).
    HALF = 100

    def estimate(self) -> float:
        """A guess at who is ahead, from X's point of view: open windows of four plus the centre.

        Every window of four cells in a row that holds discs of only one player can still become
        that player's four: it earns them ``WINDOW_POINTS[n]`` for its ``n`` discs (1, 4 or 16:
        a window with three is a threat). Each disc in the centre column earns ``CENTRE_POINTS``
        more: it lies in the most windows. The score s = X's points - O's points becomes
        ``s / (|s| + HALF)``, strictly between -1 and +1 (0.5 when X is HALF points ahead).
        """
        x, o = self._x, self._o
        points = self.WINDOW_POINTS
        score = 0
        for window in self._shape.line_masks:
            mine, theirs = window & x, window & o
            if mine and not theirs:
                score += points[mine.bit_count()]
            elif theirs and not mine:
                score -= points[theirs.bit_count()]
        centre = self._shape.centre_mask
        score += self.CENTRE_POINTS * ((x & centre).bit_count() - (o & centre).bit_count())
        return score / (abs(score) + self.HALF)

    def grid(self, numbered: bool = False) -> str:
        """The board as text, a row a line, '.' for a free cell; with ``numbered`` a last line
        numbers the columns from 1."""
        columns = self._shape.columns
        width = len(str(columns)) if numbered else 1
        cells = [mark.rjust(width) for mark in self.cells]
        rows = [" ".join(cells[start:start + columns]) for start in range(0, len(cells), columns)]
        if numbered:
            rows.append(" ".join(str(c + 1).rjust(width) for c in range(columns)))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"ConnectFour.from_string({str(self)!r})"


def mnk(columns: int, rows: int, k: int) -> MNK:
    """The empty board of the m,n,k-game: ``k`` in a row wins on a board ``columns`` wide and
    ``rows`` high. ``mnk(3, 3, 3)`` is tic-tac-toe."""
    return MNK(columns, rows, k)


def connect_four(columns: int = 7, rows: int = 6) -> ConnectFour:
    """The empty Connect Four board, ``columns`` wide and ``rows`` high (7 x 6 unless told)."""
    return ConnectFour(columns, rows)


# --- reading positions, and bad input -----------------------------------------------------------

def _check_number(number: object, name: str, count: int) -> int:
    """``number`` as an int from 0 to count - 1 (any whole-number type), or an IllegalMoveError
    saying why it is not a ``name`` ('cell' or 'column')."""
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


def _read(cls: type[_Grid], text: object, k: int, gravity: bool) -> _Grid:
    """The position ``text`` describes (see ``MNK.from_string``), or an InvalidBoardError."""
    if not isinstance(text, str):
        raise InvalidBoardError(f"a board string is needed, got {type(text).__name__}")
    rows = [row.replace(" ", "").replace("\t", "") for row in re.split(r"[|\n]", text)
            if row.strip()]
    bad = [ch for row in rows for ch in row if ch.upper() not in "XO."]
    if bad:
        raise InvalidBoardError(f"unexpected character {bad[0]!r} in {text!r}: use only X, O "
                                f"and '.' for a free cell, and '|' between rows")
    if not rows:
        raise InvalidBoardError(f"{text!r} has no cells: write rows such as '...|.X.|...'")
    widths = sorted({len(row) for row in rows})
    if len(widths) > 1:
        lengths = ", ".join(map(str, widths))
        raise InvalidBoardError(f"the rows of {text!r} differ in length ({lengths} cells): "
                                f"every row needs as many cells")
    try:
        board_shape = (shape(widths[0], len(rows), 4, gravity=True) if gravity
                       else shape(widths[0], len(rows), k))
    except (TypeError, ValueError) as error:
        raise InvalidBoardError(f"{text!r} is no board to play on: {error}") from None
    cells = "".join(rows).upper()
    x = sum(1 << cell for cell, mark in enumerate(cells) if mark == "X")
    o = sum(1 << cell for cell, mark in enumerate(cells) if mark == "O")
    problem = _impossibility(board_shape, x, o)
    if problem:
        raise InvalidBoardError(f"{text!r} cannot happen in a real game: {problem}")
    return cls._from_masks(board_shape, x, o)


def _impossibility(board_shape: Shape, x: int, o: int) -> str:
    """Why no legal game reaches the position (x, o), or '' if one can."""
    xs, os_ = x.bit_count(), o.bit_count()
    k = board_shape.k
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
        return f"both X and O have {k} in a row, but the game stops at the first line"
    if x_lines and xs == os_:
        return f"X already had {k} in a row, yet O moved after that"
    if o_lines and xs > os_:
        return f"O already had {k} in a row, yet X moved after that"
    for mark, lines in (("X", x_lines), ("O", o_lines)):
        last = (tops if board_shape.gravity else board_shape.full)
        for line in lines:
            last &= line
        if lines and not last:
            return (f"{mark} has lines of {k} that no single move completes together: "
                    f"{mark} played on after winning")
    return ""


def _lowest(column_mask: int, count: int) -> int:
    """The lowest ``count`` cells of a column (the highest-numbered): where that many discs lie."""
    cells = [cell for cell in range(column_mask.bit_length()) if column_mask >> cell & 1]
    return sum(1 << cell for cell in cells[len(cells) - count:]) if count else 0
