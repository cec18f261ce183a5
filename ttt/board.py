"""The board and the rules of tic-tac-toe.

A position is stored as two 9-bit masks, one for X and one for O: bit ``c`` is set when cell ``c``
holds that mark. Cells are numbered 0-8 in reading order::

    0 | 1 | 2
    3 | 4 | 5
    6 | 7 | 8

The module-level tables (``LINES``, ``LINE_MASKS``, ``completed_line``) are the rules; ``Board`` and
the fast searches of ``ttt.fast`` both use them, so a win is decided in one place only. A ``Board``
follows the game protocol of ``ttt.protocol``, with all its extras: ``free_cells``, ``estimate()``
(the open-lines heuristic), ``ordered_moves`` (centre, corners, edges) and ``canonical()``.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator

from ttt.protocol import BoardError, IllegalMoveError, InvalidBoardError  # importable here too
from ttt.svg import board_svg

__all__ = ["CELLS", "EMPTY", "GOOD_ORDER", "LINES", "SYMMETRIES", "SYMMETRY_NAMES", "Board",
           "BoardError", "IllegalMoveError", "InvalidBoardError", "completed_line", "open_lines"]

CELLS = range(9)
EMPTY = "."

#: The eight lines of three: three rows, three columns, two diagonals.
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)

LINE_MASKS: tuple[int, ...] = tuple(sum(1 << c for c in line) for line in LINES)
FULL = (1 << 9) - 1
#: Centre first, then corners, then edges: the moves most likely to be best come first.
GOOD_ORDER: tuple[int, ...] = (4, 0, 2, 6, 8, 1, 3, 5, 7)


def _first_line(mask: int) -> int:
    return next((line for line in LINE_MASKS if mask & line == line), 0)


#: ``completed_line[mask]`` is the mask of a line of three inside ``mask``, or 0 if there is none.
completed_line: tuple[int, ...] = tuple(_first_line(mask) for mask in range(1 << 9))
#: ``free_cells_of[mask]`` is the cells whose bits are set in ``mask``, in increasing order.
free_cells_of: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in CELLS if mask >> c & 1) for mask in range(1 << 9))

# The 8 symmetries of the square, each as a permutation: new cell i takes old cell perm[i].
_ROTATE = (6, 3, 0, 7, 4, 1, 8, 5, 2)
_MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)


def _compose(p: tuple[int, ...], q: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(p[q[i]] for i in CELLS)


def _symmetries() -> tuple[tuple[int, ...], ...]:
    perms = [tuple(CELLS)]
    for _ in range(3):
        perms.append(_compose(perms[-1], _ROTATE))
    return tuple(perms + [_compose(p, _MIRROR) for p in perms])


#: The 8 symmetries (4 rotations, each with or without a mirror), as permutations of the cells.
SYMMETRIES: tuple[tuple[int, ...], ...] = _symmetries()

#: The name of each symmetry, in the order of ``SYMMETRIES`` and ``Board.symmetries()``: the one
#: name the lessons use for each image.
SYMMETRY_NAMES: tuple[str, ...] = (
    "as it is", "turned 90° right", "turned 180°", "turned 90° left",
    "mirrored left–right", "mirrored in 0–4–8", "mirrored top–bottom", "mirrored in 2–4–6")


def _permute_mask(perm: tuple[int, ...], mask: int) -> int:
    return sum(1 << i for i in CELLS if mask >> perm[i] & 1)


#: ``symmetric_masks[k][mask]``: the mask after applying symmetry ``k``.
symmetric_masks: tuple[tuple[int, ...], ...] = tuple(
    tuple(_permute_mask(perm, mask) for mask in range(1 << 9)) for perm in SYMMETRIES
)


def canonical_bits(x: int, o: int) -> tuple[int, int]:
    """The smallest (x, o) pair among the 8 symmetric images of a position."""
    return min((table[x], table[o]) for table in symmetric_masks)


class Board:
    """An immutable tic-tac-toe position. ``Board()`` is the empty board; X moves first."""

    __slots__ = ("_x", "_o", "_over")

    def __init__(self) -> None:
        _fill(self, 0, 0)

    @classmethod
    def from_bits(cls, x: int, o: int) -> Board:
        """The board whose X and O cells are the set bits of ``x`` and ``o`` (no checks). Boards
        never change, so each one is made once and then shared: a search makes no new objects
        (a subclass, as a test may make, gets new ones)."""
        if cls is not Board:
            return _fill(object.__new__(cls), x, o)
        board = _made.get((x, o))
        if board is None:
            board = _made[x, o] = _fill(object.__new__(cls), x, o)
        return board

    @classmethod
    def from_string(cls, text: str) -> Board:
        """Read a position such as ``'XO.|.X.|..O'``: nine cells of X, O or '.' in reading order.

        Lower case is accepted; '|', spaces and newlines are ignored. Raises InvalidBoardError
        for a malformed string or a position that no legal game can reach.
        """
        if not isinstance(text, str):
            raise InvalidBoardError(f"a board string is needed, got {type(text).__name__}")
        cells = [ch for ch in text if ch not in "| \t\r\n"]
        bad = [ch for ch in cells if ch.upper() not in "XO."]
        if bad:
            raise InvalidBoardError(
                f"unexpected character {bad[0]!r} in {text!r}: "
                "use only X, O and '.' for a free cell")
        cells = [ch.upper() for ch in cells]
        if len(cells) != 9:
            raise InvalidBoardError(f"a board has 9 cells, {text!r} gives {len(cells)}")
        x = sum(1 << c for c in CELLS if cells[c] == "X")
        o = sum(1 << c for c in CELLS if cells[c] == "O")
        problem = _impossibility(x, o)
        if problem:
            raise InvalidBoardError(f"{text!r} cannot happen in a real game: {problem}")
        return cls.from_bits(x, o)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Board never changes: board.play(cell) returns a new board")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Board never changes: board.play(cell) returns a new board")

    def __reduce__(self) -> tuple:
        return Board.from_bits, (self._x, self._o)

    # --- what the position is -------------------------------------------------------------

    @property
    def bits(self) -> tuple[int, int]:
        """The (X mask, O mask) pair: bit c is set when that mark is on cell c."""
        return self._x, self._o

    @property
    def cells(self) -> tuple[str, ...]:
        """The nine cells in reading order, each 'X', 'O' or '.'."""
        return tuple(self[c] for c in CELLS)

    def __iter__(self) -> Iterator[str]:
        return iter(self.cells)

    def __getitem__(self, cell: int) -> str:
        cell = _check_cell(cell)
        return "X" if self._x >> cell & 1 else "O" if self._o >> cell & 1 else EMPTY

    @property
    def to_move(self) -> str:
        """'X' or 'O': whose turn it is (X moves first, so X moves when the counts are equal)."""
        return "X" if self._x.bit_count() == self._o.bit_count() else "O"

    @property
    def winner(self) -> str | None:
        """'X' or 'O' if that player has three in a row, else None."""
        if completed_line[self._x]:
            return "X"
        if completed_line[self._o]:
            return "O"
        return None

    @property
    def winning_line(self) -> tuple[int, int, int] | None:
        """The three cells of the completed line, or None."""
        mask = completed_line[self._x] or completed_line[self._o]
        return LINES[LINE_MASKS.index(mask)] if mask else None

    @property
    def is_full(self) -> bool:
        return self._x | self._o == FULL

    @property
    def is_over(self) -> bool:
        """True when someone has won or no cell is free."""
        return self._over

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """The free cells, in increasing order; empty once the game is over."""
        return () if self._over else free_cells_of[FULL & ~(self._x | self._o)]

    @property
    def ordered_moves(self) -> tuple[int, ...]:
        """The legal moves, centre first, then corners, then edges: the order in which alpha-beta
        finds its cut-offs soonest."""
        free = self.legal_moves
        return tuple(cell for cell in GOOD_ORDER if cell in free)

    @property
    def moves_made(self) -> int:
        return (self._x | self._o).bit_count()

    @property
    def free_cells(self) -> int:
        """How many cells are still free: at most that many moves are left."""
        return 9 - self.moves_made

    def estimate(self) -> float:
        """A guess at who is better, for a search that stops before the end: ``open_lines``."""
        return open_lines(self)

    # --- making moves ---------------------------------------------------------------------

    def play(self, cell: int) -> Board:
        """The board after the player to move puts a mark on ``cell``. This board is unchanged."""
        if type(cell) is not int or not 0 <= cell <= 8:  # the quick test first: searches call this
            cell = _check_cell(cell)
        x, o = self._x, self._o
        if self._over:
            raise IllegalMoveError(f"the game is over ({self.result_text()}): no more moves")
        if (x | o) >> cell & 1:
            raise IllegalMoveError(f"cell {cell} is already taken by {self[cell]}")
        if x.bit_count() == o.bit_count():  # X to move
            return self.from_bits(x | 1 << cell, o)
        return self.from_bits(x, o | 1 << cell)

    def result_text(self) -> str:
        """'X wins', 'O wins', 'draw' or 'X to move' / 'O to move'."""
        if self.winner:
            return f"{self.winner} wins"
        return "draw" if self.is_full else f"{self.to_move} to move"

    # --- symmetry -------------------------------------------------------------------------

    def canonical(self) -> Board:
        """The representative of this position's 8 symmetric images (the same for all of them)."""
        return Board.from_bits(*canonical_bits(self._x, self._o))

    def symmetries(self) -> Iterator[Board]:
        """The 8 images of this board under rotation and reflection (some may be equal)."""
        for table in symmetric_masks:
            yield Board.from_bits(table[self._x], table[self._o])

    # --- values and text ------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._x == other._x and self._o == other._o

    def __hash__(self) -> int:
        return hash((self._x, self._o))

    def __str__(self) -> str:
        cells = "".join(self.cells)
        return f"{cells[0:3]}|{cells[3:6]}|{cells[6:9]}"

    def __repr__(self) -> str:
        return f"Board.from_string({str(self)!r})"

    def grid(self, numbered: bool = False) -> str:
        """The board as a text grid; with ``numbered`` the free cells show their number 1-9."""
        def show(c: int) -> str:
            mark = self[c]
            return str(c + 1) if mark == EMPTY and numbered else " " if mark == EMPTY else mark

        rows = [" " + " | ".join(show(c) for c in range(r, r + 3)) for r in (0, 3, 6)]
        return "\n---+---+---\n".join(rows)

    def _repr_svg_(self) -> str:
        return board_svg(self.cells, self.winning_line)


_made: dict[tuple[int, int], Board] = {}  # every Board made so far (at most 3 ** 9), by its bits


def _fill(board: Board, x: int, o: int) -> Board:
    """``board`` with the cells of ``x`` and ``o``; whether the game is over is worked out once,
    here, since a search asks it of every position several times."""
    setattr_ = object.__setattr__
    setattr_(board, "_x", x)
    setattr_(board, "_o", o)
    setattr_(board, "_over", x | o == FULL or completed_line[x] != 0 or completed_line[o] != 0)
    return board


def open_lines(board: Board) -> float:
    """A heuristic for unfinished positions: (lines X could still complete minus O's) / 9.

    It stays strictly between -1 and +1, so a real win always counts for more than any guess.
    """
    x, o = board.bits
    x_open = sum(1 for line in LINE_MASKS if line & x and not line & o)
    o_open = sum(1 for line in LINE_MASKS if line & o and not line & x)
    return (x_open - o_open) / 9


def _check_cell(cell: object) -> int:
    """``cell`` as an int (any whole-number type will do, numpy's too), or an IllegalMoveError
    saying why it is not a cell."""
    try:
        number = None if isinstance(cell, bool) else operator.index(cell)
    except TypeError:
        number = None
    if number is None:
        raise IllegalMoveError(f"a cell is a whole number from 0 to 8, got {cell!r}")
    if not 0 <= number <= 8:
        raise IllegalMoveError(f"cell {number} is off the board: cells are numbered 0 to 8")
    return number


def _impossibility(x: int, o: int) -> str:
    """Why no legal game reaches the position (x, o), or '' if one can."""
    xs, os_ = x.bit_count(), o.bit_count()
    if x & o:
        return "a cell holds both X and O"
    if not 0 <= xs - os_ <= 1:
        return (f"X moves first, so X has as many marks as O or one more (found {xs} X, {os_} O)")
    x_won, o_won = completed_line[x], completed_line[o]
    if x_won and o_won:
        return "both X and O have three in a row, but the game stops at the first line"
    if x_won and xs == os_:
        return "X already had three in a row, yet O moved after that"
    if o_won and xs > os_:
        return "O already had three in a row, yet X moved after that"
    return ""
