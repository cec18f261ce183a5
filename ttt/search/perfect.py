"""Perfect play: who wins a position, after how many moves, and a best move, for the whole package.

This module is the one place the package asks for perfect play: the players, the playable boards'
hints and explanations, the pictures, the learners' judge and the exercise checks call
``perfect_move``, ``perfect_score``, ``outcome``, ``move_outcomes`` and ``move_scores``, and
nothing else chooses how to solve a position. It sits above both solvers and picks one:

- a tic-tac-toe ``Board`` is answered from ``shared_solver()``, the one table of the session:
  ``ttt.search.fast``'s ``Solver``, the solving of ``ttt.search.solve.solve`` on the two 9-bit
  numbers of lesson 4, which holds all 5,478 positions after its first question, so that every later
  answer (the board asks for every move's outcome at every click) is one look-up;
- any other game is solved by ``ttt.search.solve.solve``, the solver lesson 5 teaches, each position
  once, then remembered.

The tests check on every reachable tic-tac-toe position that the fast table gives ``solve``'s
value and score and a move ``solve`` agrees is best, so the two answer alike.

Scores are from X's point of view. With ``prefer_quick`` (the default here) a win scores 1 + the
cells still free when it ends (``ttt.core.protocol.final_score``): the quickest win and the slowest
loss are preferred, and an ``Outcome`` can say after how many moves the game ends.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from ttt.core.arguments import checked
from ttt.core.protocol import EACH_MOVE_SOLVED, Position, best_moves
from ttt.games.board import Board
from ttt.search.fast import Outcome, Solver
from ttt.search.minimax import SearchResult
from ttt.search.solve import solve

__all__ = ["Outcome", "move_outcomes", "move_scores", "outcome", "perfect_move",
           "perfect_moves", "perfect_score", "shared_solver"]


@checked
def perfect_score(position: Position, prefer_quick: bool = True) -> float:
    """The score of ``position`` with perfect play from X's point of view: +1, 0 or -1, or with
    ``prefer_quick`` the quickest win's (slowest loss's) score, 1 + the cells then free."""
    return _perfect(position, prefer_quick).score


@checked
def perfect_move(position: Position) -> Any:
    """A best move of ``position`` (None once the game is over), one of ``perfect_moves``: the
    quickest win, else a draw, else the slowest loss; on tic-tac-toe the lowest cell among equals
    (as ``minimax`` picks)."""
    return _perfect(position, True).move


@checked
def outcome(position: Position) -> Outcome:
    """Who wins ``position`` with perfect play (+1 X, 0 a draw, -1 O), and after how many moves
    (for a position that knows its ``free_cells``)."""
    return Outcome.from_score(position, perfect_score(position))


@checked(exhaustive=EACH_MOVE_SOLVED)
def move_scores(position: Position, prefer_quick: bool = True) -> dict[Any, float]:
    """The ``perfect_score`` after each legal move of ``position``."""
    return {move: perfect_score(position.play(move), prefer_quick)
            for move in position.legal_moves}


@checked  # a big position is refused by move_scores, which it asks
def move_outcomes(position: Position) -> dict[Any, Outcome]:
    """For each legal move of ``position``: the ``outcome`` of perfect play after it, its moves
    counted from ``position``."""
    return {move: Outcome.from_score(position, score)
            for move, score in move_scores(position).items()}


@checked  # a big position is refused by move_scores, which it asks
def perfect_moves(position: Position) -> set[Any]:
    """Every move of ``position`` that keeps its value with perfect play (a win, a draw or a loss,
    however quick): the moves minimax rates best, ``perfect_move`` among them."""
    return set(_kept(position))


@lru_cache(maxsize=1 << 16)
def _kept(position: Position) -> frozenset[Any]:
    """``perfect_moves``, worked out once a position: the learners' judges ask it of the same
    4,520 boards at every checkpoint of a learning curve."""
    scores = move_scores(position, prefer_quick=False)
    return frozenset(best_moves(position, scores) if scores else ())


@cache
def shared_solver(prefer_quick: bool = True) -> Solver:
    """The package's one transposition table for tic-tac-toe (without symmetry), filled as it is
    used: every question of perfect play on a ``Board`` is answered from it. Scores without quick
    wins, ``prefer_quick=False``, have a table of their own."""
    return Solver(prefer_quick=prefer_quick)


def _perfect(position: Position, prefer_quick: bool) -> SearchResult:
    """The one place that chooses: a tic-tac-toe Board from the fast shared table, any other
    position by ``solve``, remembered. (Its callers' boundary checked its arguments.)"""
    if isinstance(position, Board):
        return shared_solver(prefer_quick).look_up(position)
    return _solved(position, prefer_quick)


@lru_cache(maxsize=1 << 16)
def _solved(position: Position, prefer_quick: bool) -> SearchResult:
    """``solve``'s answer for a position of another game, kept for the session."""
    return solve(position, prefer_quick=prefer_quick)
