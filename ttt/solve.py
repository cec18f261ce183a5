"""Solving a game: who wins with perfect play, by alpha-beta with a transposition table.

Lesson 5 warned that a table and alpha-beta do not simply mix: a score found inside a window
(alpha, beta) may be only a bound. A win is found as soon as one move wins, so the other moves
are never tried: the position is worth *at least* that much (a lower bound). A position where
every move fails to reach alpha is worth *at most* what was seen (an upper bound). The table below
stores each value with which of the three it is (exact, lower, upper), and uses a bound only
where it settles the question at hand.

``solve`` plays negamax: a value is from the point of view of the player to move (+1 a win,
0 a draw, -1 a loss), so one line, ``-search(child, ...)``, serves both players. Three ideas can
be switched off, one at a time, to see what each buys:

- ``ordered``: try a move that wins at once first (and stop: nothing is better), then the table's
  best move from an earlier visit, then the position's ``ordered_moves`` (centre first);
- ``table``: remember every position's value (or bound), so a position reached by another order
  of the same moves is solved once;
- ``symmetry``: store a position under its ``canonical()`` image (``ttt.protocol.table_key``), so
  mirror images share one entry.

A search to the end of the game cannot finish on a big board: ``solve`` refuses a position with
more than ``SOLVE_LIMIT`` positions ahead (``ttt.protocol.check_exhaustive``), unless told
``force=True``. The limit lets it solve every board the course solves (4 x 4, Connect Four 6 x 4
and 5 x 5, m,n,k-games of 20 cells), and refuses 7 x 6 Connect Four.
"""

from __future__ import annotations

from typing import Any

from ttt.protocol import (
    Position,
    check_exhaustive,
    check_flag,
    check_position,
    moves_in_order,
    table_key,
)
from ttt.search import SearchResult

__all__ = ["EXACT", "LOWER", "UPPER", "SOLVE_LIMIT", "solve"]

#: The most positions ahead ``solve`` takes on unforced: Connect Four 6 x 4 has at most 8.9e8
#: (solved in seconds), an m,n,k-game of 24 cells 5.5e10 (6 x 4: not in two minutes).
SOLVE_LIMIT = 10 ** 9

EXACT, LOWER, UPPER = "exact", "lower", "upper"


def solve(position: Position, *, ordered: bool = True, table: bool = True,
          symmetry: bool = True, force: bool = False) -> SearchResult:
    """Who wins ``position`` with perfect play: ``value`` +1 (X wins), 0 (a draw) or -1 (O wins),
    a best ``move`` (None once the game is over), and ``nodes``, the positions searched.
    A SearchTooBigError for a position beyond ``SOLVE_LIMIT``, unless ``force``."""
    check_position(position)
    for flag, name in ((ordered, "ordered"), (table, "table"), (symmetry, "symmetry")):
        check_flag(flag, name)
    check_exhaustive(position, "solve", SOLVE_LIMIT, force)
    stored: dict[Any, tuple[int, str, Any]] = {}  # key -> value, bound, best move
    nodes = 0

    def search(position: Position, alpha: int, beta: int) -> tuple[int, Any]:
        """The value for the player to move and a best move: exact if the value lies strictly
        between alpha and beta; if it is <= alpha, only an upper bound; if >= beta, a lower."""
        nonlocal nodes
        nodes += 1
        if position.is_over:  # the player who just moved won, or nobody did
            return (0 if position.winner is None else -1), None
        key = table_key(position, symmetry) if table else None
        value, bound, first = stored.get(key, (0, None, None))
        if bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and
                                                                    value <= alpha):
            return value, first
        children = [(move, position.play(move)) for move in moves_in_order(position, ordered)]
        if ordered:
            win = next((move for move, child in children if child.winner), None)
            if win is not None:
                return 1, win
            if first is not None:  # the table's best move first
                children.sort(key=lambda pair: pair[0] != first)
        start, best, best_move = alpha, -2, None
        for move, child in children:
            value = -search(child, -beta, -alpha)[0]
            if value > best:
                best, best_move = value, move
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        if table:
            bound = UPPER if best <= start else LOWER if best >= beta else EXACT
            # A best move is kept only for a position stored as itself, not as a mirror image.
            stored[key] = best, bound, best_move if key == position else None
        return best, best_move

    value, move = search(position, -1, 1)
    sign = 1 if position.to_move == "X" else -1
    return SearchResult(sign * value, move, nodes, sign * value)
