"""Solving a game: who wins with perfect play, by alpha-beta with a transposition table.

``solve`` is the solver lesson 5 teaches and shows, over any game. What the rest of the package
asks of perfect play (``perfect_move``, ``outcome``, ``move_outcomes``, ...) is answered by
``ttt.search.perfect``, which sits above this module and ``ttt.search.fast``'s copy of it for
tic-tac-toe.

Lesson 5 shows why a table and alpha-beta do not simply mix: a score found inside a window
(alpha, beta) may be only a bound. A win is found as soon as one move wins, so the other moves
are never tried: the position is worth *at least* that much (a lower bound). A position where
every move fails to reach alpha is worth *at most* what was seen (an upper bound). The table below
stores each value with which of the three it is (exact, lower, upper), and uses a bound only
where it settles the question at hand.

``negamax_value`` is the algorithm, as lesson 5 shows it, and nothing else. It plays negamax: a
value is from the point of view of the player to move (+1 a win, 0 a draw, -1 a loss), so one
line, ``-negamax_value(child, ...)``, serves both players. ``solve`` is its public entry: it
checks its arguments, counts the positions searched by watching the search from outside (the
line ``watched`` below it, ``ttt.core.watching``) and turns the value to X's point of view. Three
ideas can be switched off, one at a time, to see what each buys:

- ``ordered``: try a move that wins at once first (and stop: nothing is better), then the table's
  best move from an earlier visit, then the position's ``ordered_moves`` (centre first);
- ``table``: remember every position's value (or bound), so a position reached by another order
  of the same moves is solved once;
- ``symmetry``: store a position under its ``canonical()`` image (``ttt.core.protocol.table_key``),
so
  mirror images share one entry.

With ``prefer_quick`` a win scores 1 + the cells still free when it ends
(``ttt.core.protocol.final_score``), so the solver also finds how fast: the quickest win, the
slowest loss. That is what the boards' hints show ("win in 3").

A search to the end of the game cannot finish on a big board: ``solve`` refuses a position with
more than ``SOLVE_LIMIT`` positions ahead (``ttt.core.protocol.check_exhaustive``), unless told
``force=True``. The limit lets it solve every board the course solves (4 x 4, Connect Four 6 x 4
and 5 x 5, m,n,k-games of 20 cells), and refuses 7 x 6 Connect Four.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from typing import Any

from ttt.core.arguments import checked
from ttt.core.protocol import (
    Position,
    check_exhaustive,
    final_score,
    moves_in_order,
    table_key,
    value_of,
)
from ttt.core.watching import watched, watching
from ttt.search.minimax import SearchResult

__all__ = ["EXACT", "LOWER", "UPPER", "SOLVE_LIMIT", "Table", "moves_to_try", "negamax_value",
           "solve"]

#: The most positions ahead ``solve`` takes on unforced: Connect Four 6 x 4 has at most 8.9e8
#: (solved in seconds), an m,n,k-game of 24 cells 5.5e10 (6 x 4: not in two minutes).
SOLVE_LIMIT = 10 ** 9

EXACT, LOWER, UPPER = "exact", "lower", "upper"


# --- the algorithm ----------------------------------------------------------------------------


def negamax_value(position: Position, alpha: float, beta: float, table: Table,
                  ordered: bool, prefer_quick: bool) -> tuple[float, Any]:
    """The value of ``position`` for the player to move, and a best move: exact if it lies
    strictly between alpha and beta; if it is <= alpha, only an upper bound; if >= beta, a lower
    one. ``table`` remembers each value with which of the three it is."""
    if position.is_over:  # the player to move has lost, or it is a draw
        return -abs(final_score(position, prefer_quick)), None
    value, bound, first = table.get(position)
    if bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and value <= alpha):
        return value, first
    children = {move: position.play(move) for move in moves_to_try(position, first, ordered)}
    win = next((move for move, child in children.items() if child.winner), None)
    if ordered and win is not None:  # no win is quicker than at once
        return abs(final_score(children[win], prefer_quick)), win
    start, best, best_move = alpha, -math.inf, None
    for move, child in children.items():
        value = -negamax_value(child, -beta, -alpha, table, ordered, prefer_quick)[0]
        if value > best:
            best, best_move = value, move
            alpha = max(alpha, value)
            if alpha >= beta:
                break
    table.put(position, best, UPPER if best <= start else LOWER if best >= beta else EXACT,
              best_move)
    return best, best_move


# wrapped below its def, not above it: a lesson shows the def alone (inspect.getsource)
negamax_value = watched(negamax_value)


def moves_to_try(position: Position, first: Any, ordered: bool) -> Sequence[Any]:
    """The moves in the order to try them: with ``ordered``, ``first`` (the table's best move from
    an earlier visit) and then the position's ``ordered_moves``; else its ``legal_moves``. (A move
    that wins at once is tried before all: ``negamax_value`` looks for one among the children.)"""
    moves = moves_in_order(position, ordered)
    return sorted(moves, key=lambda move: move != first) if ordered and first is not None else moves


class Table:
    """A transposition table of bounds: each position's value, whether it is exact or only a lower
    or upper bound, and its best move. ``symmetry`` stores a position under its canonical image,
    so mirror images share an entry; ``keep=False`` is a table that remembers nothing."""

    def __init__(self, keep: bool = True, symmetry: bool = True) -> None:
        self.keep, self.symmetry = keep, symmetry
        self.stored: dict[Any, tuple[float, str, Any]] = {}

    def get(self, position: Position) -> tuple[float, str | None, Any]:
        """(value, bound, best move) stored for ``position``, or (0, None, None)."""
        if not self.keep:
            return 0, None, None
        return self.stored.get(table_key(position, self.symmetry), (0, None, None))

    def size_in_bytes(self) -> int:
        """The memory the table holds: its dict and its entries (the positions it keys are the
        search's own boards, counted with them)."""
        return sys.getsizeof(self.stored) + sum(map(sys.getsizeof, self.stored.values()))

    def put(self, position: Position, value: float, bound: str, move: Any) -> None:
        """Store ``position``'s value and bound; its best move only if it is stored as itself,
        not as a mirror image (the move would be the image's)."""
        if self.keep:
            key = table_key(position, self.symmetry)
            self.stored[key] = value, bound, move if key == position else None


# --- the public entry: checks, the count of positions, X's point of view ---------------------


@checked
def solve(position: Position, *, ordered: bool = True, table: bool = True,
          symmetry: bool = True, force: bool = False, prefer_quick: bool = False) -> SearchResult:
    """Who wins ``position`` with perfect play: ``value`` +1 (X wins), 0 (a draw) or -1 (O wins),
    a best ``move`` (None once the game is over), and ``nodes``, the positions searched; ``score``
    is the value, or with ``prefer_quick`` the score of the quickest win (slowest loss) from X's
    point of view. A SearchTooBigError for a position beyond ``SOLVE_LIMIT``, unless ``force``."""
    check_exhaustive(position, "solve", SOLVE_LIMIT, force)
    top = 1 + position.free_cells if prefer_quick and hasattr(position, "free_cells") else 1
    with watching(negamax_value) as seen:  # no score lies beyond -top or top
        value, move = negamax_value(position, -top, top, Table(table, symmetry), ordered,
                                    prefer_quick)
    score = value if position.to_move == "X" else -value
    return SearchResult(value_of(score), move, seen.nodes, score)
