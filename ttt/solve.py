"""Solving a game: who wins with perfect play, by alpha-beta with a transposition table.

This module is the package's one home for perfect play: ``solve`` is the solver the lessons teach
and read, over any game; ``outcome``, ``move_outcomes``, ``move_scores``, ``perfect_score`` and
``perfect_move`` are what the players, the playable boards, the pictures and the exercise checks
ask it, and nothing else in the package solves a position.

Lesson 5 shows why a table and alpha-beta do not simply mix: a score found inside a window
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

With ``prefer_quick`` a win scores 1 + the cells still free when it ends
(``ttt.protocol.final_score``), so the solver also finds how fast: the quickest win, the slowest
loss. That is what the boards' hints show ("win in 3").

A search to the end of the game cannot finish on a big board: ``solve`` refuses a position with
more than ``SOLVE_LIMIT`` positions ahead (``ttt.protocol.check_exhaustive``), unless told
``force=True``. The limit lets it solve every board the course solves (4 x 4, Connect Four 6 x 4
and 5 x 5, m,n,k-games of 20 cells), and refuses 7 x 6 Connect Four.

**Why a second, fast copy.** The playable board asks at every click for the outcome of every
move, and its perfect player, hints and explanations ask again at every move. On tic-tac-toe
these questions are answered from one table that lives as long as the session: ``ttt.fast``'s
``Solver`` (``shared_solver()``), the same solving on the two 9-bit numbers of lesson 4, which
holds all 5,478 positions after its first question, so every later answer is one look-up. The
functions below answer a tic-tac-toe ``Board`` from that table and any other game by ``solve``
(each position solved once, then remembered); the tests check on every reachable tic-tac-toe
position that the fast copy gives ``solve``'s value and score and a move ``solve`` agrees is best.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from ttt.arguments import checked
from ttt.board import Board
from ttt.fast import Outcome, outcome_of, shared_solver
from ttt.protocol import (
    Position,
    check_exhaustive,
    check_flag,
    check_position,
    final_score,
    moves_in_order,
    table_key,
    value_of,
)
from ttt.search import SearchResult

__all__ = ["EXACT", "LOWER", "UPPER", "SOLVE_LIMIT", "Outcome", "move_outcomes", "move_scores",
           "outcome", "perfect_move", "perfect_score", "solve"]

#: The most positions ahead ``solve`` takes on unforced: Connect Four 6 x 4 has at most 8.9e8
#: (solved in seconds), an m,n,k-game of 24 cells 5.5e10 (6 x 4: not in two minutes).
SOLVE_LIMIT = 10 ** 9

EXACT, LOWER, UPPER = "exact", "lower", "upper"


@checked
def solve(position: Position, *, ordered: bool = True, table: bool = True,
          symmetry: bool = True, force: bool = False, prefer_quick: bool = False) -> SearchResult:
    """Who wins ``position`` with perfect play: ``value`` +1 (X wins), 0 (a draw) or -1 (O wins),
    a best ``move`` (None once the game is over), and ``nodes``, the positions searched; ``score``
    is the value, or with ``prefer_quick`` the score of the quickest win (slowest loss) from X's
    point of view. A SearchTooBigError for a position beyond ``SOLVE_LIMIT``, unless ``force``."""
    check_position(position)
    for flag, name in ((ordered, "ordered"), (table, "table"), (symmetry, "symmetry"),
                       (prefer_quick, "prefer_quick")):
        check_flag(flag, name)
    check_exhaustive(position, "solve", SOLVE_LIMIT, force)
    stored: dict[Any, tuple[float, str, Any]] = {}  # key -> value, bound, best move
    nodes = 0

    def lost(position: Position) -> float:
        """The value of a finished game for the player to move: a loss (they did not make the
        last move) or a draw."""
        return -abs(final_score(position, prefer_quick))

    def search(position: Position, alpha: float, beta: float) -> tuple[float, Any]:
        """The value for the player to move and a best move: exact if the value lies strictly
        between alpha and beta; if it is <= alpha, only an upper bound; if >= beta, a lower."""
        nonlocal nodes
        nodes += 1
        if position.is_over:
            return lost(position), None
        key = table_key(position, symmetry) if table else None
        value, bound, first = stored.get(key, (0, None, None))
        if bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and
                                                                    value <= alpha):
            return value, first
        children = [(move, position.play(move)) for move in moves_in_order(position, ordered)]
        if ordered:
            win = next(((move, child) for move, child in children if child.winner), None)
            if win is not None:  # no win is quicker than at once
                return -lost(win[1]), win[0]
            if first is not None:  # the table's best move first
                children.sort(key=lambda pair: pair[0] != first)
        start, best, best_move = alpha, -math.inf, None
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

    top = 1 + position.free_cells if prefer_quick and hasattr(position, "free_cells") else 1
    value, move = search(position, -top, top)  # no score lies beyond -top or top
    score = value if position.to_move == "X" else -value
    return SearchResult(value_of(score), move, nodes, score)


# --- what the package asks: answered from the fast table on tic-tac-toe, by solve elsewhere ------


@checked
def perfect_score(position: Position, prefer_quick: bool = True) -> float:
    """The score of ``position`` with perfect play from X's point of view: +1, 0 or -1, or with
    ``prefer_quick`` the quickest win's (slowest loss's) score, 1 + the cells then free."""
    return _perfect(position, prefer_quick).score


@checked
def perfect_move(position: Position) -> Any:
    """A best move of ``position`` (None once the game is over): the quickest win, else a draw,
    else the slowest loss; on tic-tac-toe the lowest cell among equals (as ``minimax`` picks)."""
    return _perfect(position, True).move


@checked
def outcome(position: Position) -> Outcome:
    """Who wins ``position`` with perfect play (+1 X, 0 a draw, -1 O), and after how many moves
    (for a position that knows its ``free_cells``)."""
    return outcome_of(position, perfect_score(position))


@checked
def move_scores(position: Position, prefer_quick: bool = True) -> dict[Any, float]:
    """The ``perfect_score`` after each legal move of ``position``."""
    check_position(position)
    return {move: perfect_score(position.play(move), prefer_quick)
            for move in position.legal_moves}


@checked
def move_outcomes(position: Position) -> dict[Any, Outcome]:
    """For each legal move of ``position``: the ``outcome`` of perfect play after it, its moves
    counted from ``position``."""
    return {move: outcome_of(position, score) for move, score in move_scores(position).items()}


def _perfect(position: Position, prefer_quick: bool) -> SearchResult:
    """The one place that chooses: a tic-tac-toe Board from the fast shared table, any other
    position by ``solve``, remembered."""
    check_position(position)
    check_flag(prefer_quick, "prefer_quick")
    if isinstance(position, Board):
        return shared_solver(prefer_quick).solve(position)
    return _solved(position, prefer_quick)


@lru_cache(maxsize=1 << 16)
def _solved(position: Position, prefer_quick: bool) -> SearchResult:
    return solve(position, prefer_quick=prefer_quick)
