"""The board and the rules of tic-tac-toe.

A position is stored as two 9-bit masks, one for X and one for O: bit ``c`` is set when cell ``c``
holds that mark. Cells are numbered 0-8 in reading order::

    0 | 1 | 2
    3 | 4 | 5
    6 | 7 | 8

A ``Board`` is a ``ttt.games.grid.Grid`` on the 3 x 3 ``Shape`` ``TIC_TAC_TOE``, so it shares every
rule with the bigger boards of ``ttt.games.mnk``; the module-level tables (``LINES``, ``_LINE_MASKS``,
``completed_line``, ``_symmetric_masks``) are that shape's, listed for all 512 masks, so that
``Board`` and the fast searches of ``ttt.search.fast`` look a win up instead of working it out. A
``Board`` follows the game protocol of ``ttt.core.protocol``, with all its extras: ``free_cells``,
``estimate()`` (the open-lines heuristic), ``ordered_moves`` (centre, corners, edges) and
``canonical()``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ttt.core.arguments import HINT_RULES
from ttt.games.grid import EMPTY, Grid, Shape, open_lines, read_rows, shape
from ttt.core.protocol import (  # the errors are importable here too
    BoardError,
    IllegalMoveError,
    InvalidBoardError,
    check_position,
)

__all__ = ["EMPTY", "GOOD_ORDER", "LINES", "SYMMETRIES", "SYMMETRY_NAMES", "Board",
           "BoardError", "IllegalMoveError", "InvalidBoardError", "a_board", "completed_line",
           "open_lines", "tic_tac_toe_only"]

#: Tic-tac-toe's ``Shape``: 3 x 3, three in a row. Its lines, move order and symmetries are the
#: tables below.
TIC_TAC_TOE = shape(3, 3, 3)

#: The eight lines of three: three rows, three columns, two diagonals:
#: (0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6).
LINES: tuple[tuple[int, ...], ...] = TIC_TAC_TOE.lines

_LINE_MASKS: tuple[int, ...] = TIC_TAC_TOE.line_masks
FULL = TIC_TAC_TOE.full
#: Centre first, then corners, then edges: the moves most likely to be best come first.
GOOD_ORDER: tuple[int, ...] = TIC_TAC_TOE.move_order


# The tables of the fast searches (``ttt.search.fast``), one entry for each of the 512 masks: a look-up
# is quicker than the loops of ``ttt.games.grid``, and tic-tac-toe is small enough to list them all.

#: ``completed_line[mask]`` is the mask of a line of three inside ``mask``, or 0 if there is none.
completed_line: tuple[int, ...] = tuple(
    (TIC_TAC_TOE.completed(mask) or [0])[0] for mask in range(1 << 9))
#: ``_free_cells_of[mask]`` is the cells whose bits are set in ``mask``, in increasing order.
_free_cells_of: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(9) if mask >> c & 1) for mask in range(1 << 9))

#: The 8 symmetries (4 turns, each with or without a mirror), as permutations of the cells: new
#: cell i takes old cell perm[i].
SYMMETRIES: tuple[tuple[int, ...], ...] = tuple(
    tuple(where.index(cell) for cell in range(9)) for where in TIC_TAC_TOE.symmetries)

#: The name of each symmetry, in the order of ``SYMMETRIES`` and ``Board.symmetries()``: the one
#: name the lessons use for each image.
SYMMETRY_NAMES: tuple[str, ...] = (
    "as it is", "turned 90° right", "turned 180°", "turned 90° left",
    "mirrored left–right", "mirrored in 0–4–8", "mirrored top–bottom", "mirrored in 2–4–6")

#: ``_symmetric_masks[k][mask]``: the mask after applying symmetry ``k``.
_symmetric_masks: tuple[tuple[int, ...], ...] = tuple(
    tuple(TIC_TAC_TOE.image(tables, mask) for mask in range(1 << 9))
    for tables in TIC_TAC_TOE.image_tables)


def canonical_bits(x: int, o: int) -> tuple[int, int]:
    """The smallest (x, o) pair among the 8 symmetric images of a position."""
    return min((table[x], table[o]) for table in _symmetric_masks)


class Board(Grid):
    """An immutable tic-tac-toe position. ``Board()`` is the empty board; X moves first.

    Everything a board of any size does comes from ``ttt.games.grid.Grid``; a Board adds its own
    reading of a string, and quicker ways (its tables above) to make a move, list the moves and
    find the symmetric images, which the searches and the learners ask of every position.
    """

    __slots__ = ()

    _UNCHANGING = "a Board never changes: board.play(cell) returns a new board"

    def __new__(cls) -> Board:
        return super()._make(TIC_TAC_TOE, 0, 0, None)

    @classmethod
    def from_bits(cls, x: int, o: int) -> Board:
        """The board whose X and O cells are the set bits of ``x`` and ``o`` (no checks). Boards
        never change, so each one is made once and then shared: a search makes no new objects
        (a subclass, as a test may make, gets new ones)."""
        board = _made.get((x, o))
        if board is None or cls is not Board:
            board = super()._make(TIC_TAC_TOE, x, o, TIC_TAC_TOE.winner(x, o))
            if cls is Board:
                _made[x, o] = board
        return board

    @classmethod
    def _make(cls, board_shape: Shape, x: int, o: int, winner: str | None) -> Board:
        """The board of those bits, as ``from_bits`` shares it (the shape is tic-tac-toe's)."""
        return cls.from_bits(x, o)

    @classmethod
    def from_string(cls, text: str) -> Board:
        """Read a position such as ``'XO.|.X.|..O'``: nine cells of X, O or '.' in reading order.

        Lower case is accepted; '|', spaces and newlines are ignored. Raises InvalidBoardError
        for a malformed string or a position that no legal game can reach.
        """
        cells = "".join(read_rows(text))
        if len(cells) != 9:
            raise InvalidBoardError(f"a board has 9 cells, {text!r} gives {len(cells)}")
        return cls._from_cells(TIC_TAC_TOE, text, cells, "three in a row")

    # --- Grid's own, made quicker: a search asks these of every position, and the readable
    # minimax must stay as fast as it was (the tables and the shared boards do it) ---------------

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """The free cells, in increasing order; empty once the game is over."""
        return () if self._over else _free_cells_of[FULL & ~(self._x | self._o)]

    def play(self, cell: int) -> Board:
        """The board after the player to move puts a mark on ``cell``. This board is unchanged."""
        x, o = self._x, self._o
        if type(cell) is not int or not 0 <= cell <= 8 or self._over or (x | o) >> cell & 1:
            return super().play(cell)  # Grid.play says what is wrong (or plays a numpy int)
        if x.bit_count() == o.bit_count():  # X to move
            return self.from_bits(x | 1 << cell, o)
        return self.from_bits(x, o | 1 << cell)

    def canonical(self) -> Board:
        """The representative of this position's 8 symmetric images (the same for all of them)."""
        return self.from_bits(*canonical_bits(self._x, self._o))

    def symmetries(self) -> Iterator[Board]:
        """The 8 images of this board under rotation and reflection (some may be equal), in the
        order of ``SYMMETRIES`` and ``SYMMETRY_NAMES`` (MENACE asks for them at every move)."""
        for table in _symmetric_masks:
            yield self.from_bits(table[self._x], table[self._o])


_made: dict[tuple[int, int], Board] = {}  # every Board made so far (at most 3 ** 9), by its bits


def tic_tac_toe_only(instead: str) -> Callable[[object, str], None]:
    """The argument rule of a tic-tac-toe Board, whose error says what to use ``instead``."""
    def a_board(value: object, name: str) -> None:
        if not isinstance(value, Board):
            check_position(value, name)
            raise TypeError(f"{name} is a tic-tac-toe Board (Board(), or e.g. "
                            f"Board.from_string('X..|.O.|...')), got {type(value).__name__}: "
                            f"{instead}")
    return a_board


#: The rule of every parameter whose type hint is ``Board``.
a_board = tic_tac_toe_only("for another game, use a function that plays any game")
HINT_RULES.update(Board=a_board)
