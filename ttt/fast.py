"""The same searches, fast: minimax, alpha-beta and a solver on tic-tac-toe's bits.

``ttt.search.minimax`` is minimax and alpha-beta written to be read, over any game, and ``ttt.search.solve`` the
solver. This module is their labelled fast copies, specialised to tic-tac-toe, where speed
matters: the benchmark, lesson 4's story of one algorithm in two representations, and the one
table behind every answer of perfect play on tic-tac-toe. A position is two 9-bit numbers
(``Board.bits``); a move is one ``|``, a win one look-up in a table of 512 entries, and the free
cells of every position and the score of a win with those cells taken are listed in advance, so
the search never makes a board or a list. Only the player who has just moved can have three in a
row (a ``Board`` never holds a game played on after a win), so the search looks up that one
player's line. ``minimax`` and ``alphabeta`` have the shape of ``ttt.search.minimax``'s, step for step,
without the watch; the tests check that they return exactly what ``ttt.search.minimax`` returns (value,
score, move and nodes) on every position, and ``make bench`` times ``minimax`` against the
readable one side by side (about 7 times faster).

``Solver`` is not a copy of ``ttt.solve.solve`` (alpha-beta with a table of bounds, lesson 5's
search): it is minimax with a memory, with quick wins (``prefer_quick=True``), kept for a whole
session. It searches every move with no window, so every value it stores is exact, and it
remembers every position it solves in a transposition table, so that
solving the empty board fills it with all 5,478 positions of the game (765 when symmetric
positions share an entry), after which any position's value, and every move's outcome, is one
look-up. It picks minimax's move.
``ttt.search.perfect`` keeps the one table the package shares (``shared_solver()``) and answers every
tic-tac-toe question of perfect play from it. The tests check, on every reachable position, that
it gives ``solve``'s value and score and a move ``solve`` agrees is best.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ttt import protocol
from ttt.core.arguments import HINT_RULES, at_least, checked, one_of
from ttt.games.board import (
    FULL,
    GOOD_ORDER,
    Board,
    canonical_bits,
    completed_line,
    tic_tac_toe_only,
)
from ttt.core.protocol import Evaluation, depth_left, value_of
from ttt.search.minimax import SearchResult

__all__ = ["Outcome", "Solver", "alphabeta", "minimax", "minimax_bits"]

_PLAIN_ORDER: tuple[int, ...] = tuple(range(9))


def _moves_table(order: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``table[taken]`` is the tuple of single-bit masks of the cells not in ``taken`` (``x | o``),
    in ``order``: the moves of every position, listed once."""
    return tuple(tuple(1 << c for c in order if not taken >> c & 1) for taken in range(1 << 9))


def _wins_table(prefer_quick: bool) -> tuple[int, ...]:
    """``table[taken]`` is the score of a win with the cells ``taken`` (``x | o``) full: 1, or
    with ``prefer_quick`` 1 + the cells still free."""
    return tuple(1 + (FULL & ~taken).bit_count() if prefer_quick else 1 for taken in range(1 << 9))


#: ``FREE[taken]``: the free cells of a position whose cells ``taken`` (``x | o``) are full, as
#: one-bit masks in cell order; ``_FREE_GOOD_ORDER`` has them centre, corners, edges first.
FREE = _moves_table(_PLAIN_ORDER)
_FREE_GOOD_ORDER = _moves_table(GOOD_ORDER)
#: ``_QUICK_WIN[taken]``: the score of a win with the cells ``taken`` full, 1 + the cells still
#: free (``prefer_quick``); ``_WIN[taken]`` is 1 for every win.
_QUICK_WIN = _wins_table(True)
_WIN = _wins_table(False)


def final_score(x: int, o: int, prefer_quick: bool = True) -> float | None:
    """The score of the finished position (x, o) from X's point of view, or None if the game goes
    on: ``ttt.protocol.final_score`` on bits."""
    over = completed_line[x] or completed_line[o] or x | o == FULL
    return leaf_score(x, o, None, prefer_quick) if over else None


def leaf_score(x: int, o: int, evaluate: Evaluation | None, prefer_quick: bool) -> float:
    """``ttt.protocol.leaf_score`` on bits: the score of the position (x, o) where a search
    stops, the result of a finished game (a win scores 1 + the cells still free with
    ``prefer_quick``), or else a guess."""
    if completed_line[x] or completed_line[o]:
        win = (_QUICK_WIN if prefer_quick else _WIN)[x | o]
        return win if completed_line[x] else -win
    if x | o == FULL:
        return 0
    return protocol.leaf_score(Board.from_bits(x, o), evaluate, prefer_quick)


def _cell_of_bit(bit: int | None) -> int | None:
    """The cell of a one-bit mask (None for None: no move)."""
    return None if bit is None else bit.bit_length() - 1


#: The rule of the boards searched here (``ttt.board.tic_tac_toe_only``).
_BOARDS_ONLY = tic_tac_toe_only("ttt.search.fast searches tic-tac-toe Boards only: use ttt.search.minimax for "
                               "other games")


def minimax_bits(x: int, o: int, x_to_move: bool, depth: float, win: Sequence[int],
                 guess: Callable[[int, int], float]) -> tuple[float, int | None, int]:
    """``ttt.search.minimax_value`` on bits: the score of the position (x, o), its first best move
    (the bit of its cell) and the nodes searched. ``win[taken]`` scores a win with the cells
    ``taken`` full; ``guess(x, o)`` scores a position where no ``depth`` is left."""
    taken = x | o
    if completed_line[o] if x_to_move else completed_line[x]:  # the last move won
        return (-win[taken] if x_to_move else win[taken]), None, 1
    if taken == FULL:  # a draw
        return 0, None, 1
    if depth == 0:
        return guess(x, o), None, 1
    best, move, nodes = (-math.inf if x_to_move else math.inf), None, 1
    for bit in FREE[taken]:
        if x_to_move:
            score, _, below = minimax_bits(x | bit, o, False, depth - 1, win, guess)
            if score > best:
                best, move = score, bit
        else:
            score, _, below = minimax_bits(x, o | bit, True, depth - 1, win, guess)
            if score < best:
                best, move = score, bit
        nodes += below
    return best, move, nodes


@checked(board=_BOARDS_ONLY)
def minimax(board: Board, *, depth: int | None = None, evaluate: Evaluation | None = None,
            prefer_quick: bool = True) -> SearchResult:
    """``ttt.search.minimax`` on bits (``minimax_bits``): the same value, move, nodes and score,
    faster."""
    x, o = board.bits
    score, move, nodes = minimax_bits(x, o, board.to_move == "X", depth_left(depth),
                                      _QUICK_WIN if prefer_quick else _WIN,
                                      lambda x, o: leaf_score(x, o, evaluate, prefer_quick))
    return SearchResult(value_of(score), _cell_of_bit(move), nodes, score)


@checked(board=_BOARDS_ONLY)
def alphabeta(board: Board, *, ordered: bool = True, depth: int | None = None,
              evaluate: Evaluation | None = None, prefer_quick: bool = True) -> SearchResult:
    """``ttt.search.alphabeta`` on bits: the same value, move, nodes and score, faster."""
    nodes = 0
    moves = _FREE_GOOD_ORDER if ordered else FREE
    wins = _QUICK_WIN if prefer_quick else _WIN

    def search(x, o, x_to_move, depth_left, alpha, beta):
        nonlocal nodes
        nodes += 1
        taken = x | o
        if completed_line[o] if x_to_move else completed_line[x]:  # the last move won
            return (-wins[taken] if x_to_move else wins[taken]), None
        if taken == FULL:  # a draw
            return 0, None
        if depth_left == 0:
            return leaf_score(x, o, evaluate, prefer_quick), None
        best, move = (-math.inf if x_to_move else math.inf), None
        for bit in moves[taken]:
            if x_to_move:
                score, _ = search(x | bit, o, False, depth_left - 1, alpha, beta)
                if score > best:
                    best, move = score, bit
                if score > alpha:
                    alpha = score
            else:
                score, _ = search(x, o | bit, True, depth_left - 1, alpha, beta)
                if score < best:
                    best, move = score, bit
                if score < beta:
                    beta = score
            if alpha >= beta:
                break
        return best, move

    score, move = search(*board.bits, board.to_move == "X", depth_left(depth), -math.inf,
                         math.inf)
    return SearchResult(value_of(score), _cell_of_bit(move), nodes, score)


# --- the solver -------------------------------------------------------------------------------


class Outcome(NamedTuple):
    """The result of perfect play from a position: who wins (+1, 0, -1) and after how many moves."""

    value: int
    plies: int

    @classmethod
    @checked
    def from_score(cls, position: Any, score: float) -> Outcome:
        """The ``Outcome`` that a score of perfect play with quick wins (``prefer_quick``: a win
        scores 1 + the cells free when it ends) stands for, its moves counted from ``position``;
        a draw fills the board."""
        if not hasattr(position, "free_cells"):
            raise TypeError(f"counting the moves to the end needs a position with free_cells, "
                            f"got {type(position).__name__}: ask perfect_score who wins instead")
        free = position.free_cells
        return cls(int(value_of(score)), free - (int(abs(score)) - 1) if score else free)


def _an_outcome(value: object, name: str) -> None:
    """The argument rule of an ``Outcome``: who wins, +1, 0 or -1, and a whole number of plies,
    0 or more."""
    if not isinstance(value, Outcome):
        raise TypeError(f"{name} is an Outcome(value, plies), got {value!r:.60}")
    one_of(1, 0, -1, meaning="who wins")(value.value, f"{name}.value")
    at_least(0)(value.plies, f"{name}.plies")


HINT_RULES.update(Outcome=_an_outcome)


@checked
class Solver:
    """Solves positions once and remembers them in a transposition table: a memoised minimax on
    tic-tac-toe's bits (every move searched, no window, so every stored value is exact), not a
    copy of ``ttt.solve.solve``'s bounded search; it finds the same values.

    ``Solver().look_up(Board())`` fills the table with all 5,478 positions reachable in a game;
    with ``symmetry=True`` positions that are rotations or mirror images of each other share one
    entry, and only 765 are stored.
    """

    def __init__(self, symmetry: bool = False, prefer_quick: bool = True) -> None:
        self.symmetry = symmetry
        self.prefer_quick = prefer_quick
        self.table: dict[tuple[int, int], float] = {}

    def _key(self, x: int, o: int) -> tuple[int, int]:
        return canonical_bits(x, o) if self.symmetry else (x, o)

    def _score(self, x: int, o: int) -> float:
        key = self._key(x, o)
        known = self.table.get(key)
        if known is not None:
            return known
        done = final_score(x, o, self.prefer_quick)
        if done is None:
            x_to_move = x.bit_count() == o.bit_count()
            children = (self._score(x | bit, o) if x_to_move else self._score(x, o | bit)
                        for bit in FREE[x | o])
            done = max(children) if x_to_move else min(children)
        self.table[key] = done
        return done

    @checked
    def look_up(self, board: Board) -> SearchResult:
        """The value and best move of ``board`` (as ``minimax`` chooses it), from the table,
        solving first what it does not hold yet; ``nodes`` is how many new positions were solved
        (not ``ttt.solve.solve``'s count of positions entered)."""
        before = len(self.table)
        score = self._score(*board.bits)
        scores = self.move_scores(board)
        pick = max if board.to_move == "X" else min
        move = pick(scores, key=scores.__getitem__) if scores else None
        return SearchResult(value_of(score), move, len(self.table) - before, score)

    @checked
    def move_scores(self, board: Board) -> dict[int, float]:
        """The score of every legal move of ``board`` (from X's point of view)."""
        return {cell: self._score(*board.play(cell).bits) for cell in board.legal_moves}

    @checked
    def outcome(self, board: Board) -> Outcome:
        """Who wins ``board`` with perfect play, and how many moves it takes to get there."""
        return self._outcome(board, self._score(*board.bits))

    @checked
    def move_outcomes(self, board: Board) -> dict[int, Outcome]:
        """For every legal move: the outcome of perfect play after it (plies from ``board``)."""
        scores = self.move_scores(board)
        return {cell: self._outcome(board, score) for cell, score in scores.items()}

    def _outcome(self, board: Board, score: float) -> Outcome:
        if not self.prefer_quick:
            raise ValueError("move counts need a solver with prefer_quick=True")
        return Outcome.from_score(board, score)
