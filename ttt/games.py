"""Bigger boards: the m,n,k-games and Connect Four, positions of the game protocol.

``mnk(columns, rows, k)`` is the empty board of the m,n,k-game: two players take turns to mark a
free cell, and the first to get ``k`` in a row (across, down or diagonally) wins; ``mnk(3, 3, 3)``
is tic-tac-toe and plays exactly like ``Board()``. ``connect_four(columns=7, rows=6)`` is the
empty board of Connect Four: four in a row, but a move names a column and the disc falls to the
lowest free cell of it.

Both are grids of ``ttt.games.grid`` (as tic-tac-toe's ``Board`` is): cells numbered in reading order,
a position two bitmasks, the lines of ``k`` of each board size worked out once (``shape``). Both
follow the game protocol of ``ttt.core.protocol`` with all its extras (``free_cells``, ``estimate()``,
``ordered_moves``, ``canonical()``, ``positions_ahead()``), so every search, player, tree and
picture of the package takes them. A board is at most ``MAX_SIDE`` (19) cells wide and 19 high,
which holds Gomoku (``mnk(15, 15, 5)``); ``mnk`` and ``connect_four`` refuse bigger sizes with an
InvalidBoardError.
"""

from __future__ import annotations

from ttt.core.arguments import BOARD_SIZE, checked
from ttt.games.grid import MAX_SIDE, Grid, Shape, check_number, read_rows, shape
from ttt.core.protocol import IllegalMoveError, InvalidBoardError, check_not_over

__all__ = ["MAX_SIDE", "MNK", "ConnectFour", "Shape", "connect_four", "mnk", "shape"]


@checked(**BOARD_SIZE)
class MNK(Grid):
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

    def __repr__(self) -> str:
        return f"MNK.from_string({str(self)!r}, k={self.k})"


@checked(**BOARD_SIZE)
class ConnectFour(Grid):
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

    def play(self, column: int) -> ConnectFour:
        """The position after the player to move drops a disc in ``column``. This one is
        unchanged."""
        board_shape = self._shape
        if type(column) is not int or not 0 <= column < board_shape.columns:
            column = check_number(column, "column", board_shape.columns)
        if self._over:
            check_not_over(self)
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

    @checked
    def grid(self, numbered: bool = False) -> str:
        """The board as text, a row a line, '.' for a free cell; with ``numbered`` a last line
        numbers the columns from 0, as everywhere in the course."""
        columns = self._shape.columns
        width = len(str(columns - 1)) if numbered else 1
        cells = [mark.rjust(width) for mark in self.cells]
        rows = [" ".join(cells[start:start + columns]) for start in range(0, len(cells), columns)]
        if numbered:
            rows.append(" ".join(str(c).rjust(width) for c in range(columns)))
        return "\n".join(rows)


@checked(**BOARD_SIZE)
def mnk(columns: int, rows: int, k: int) -> MNK:
    """The empty board of the m,n,k-game: ``k`` in a row wins on a board ``columns`` wide and
    ``rows`` high. ``mnk(3, 3, 3)`` is tic-tac-toe."""
    return MNK(columns, rows, k)


@checked(**BOARD_SIZE)
def connect_four(columns: int = 7, rows: int = 6) -> ConnectFour:
    """The empty Connect Four board, ``columns`` wide and ``rows`` high (7 x 6 unless told)."""
    return ConnectFour(columns, rows)


# --- reading positions, and bad input -----------------------------------------------------------

def _read(cls: type[Grid], text: object, k: int, gravity: bool) -> Grid:
    """The position ``text`` describes (see ``MNK.from_string``), or an InvalidBoardError."""
    rows = read_rows(text, ", and '|' between rows")
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
    return cls._from_cells(board_shape, text, "".join(rows), f"{board_shape.k} in a row")
