"""Minimax and alpha-beta, written the way the lessons teach them, over any two-player game.

Both search a position of any game that follows the game protocol (``ttt.core.protocol``):
tic-tac-toe's ``Board``, the bigger boards of ``ttt.games.mnk``, a toy game of your own. Scores are
from X's point of view: X maximises, O minimises. A finished game scores +1, 0 or -1; with
``prefer_quick`` a win scores 1 + the cells still free, so the search prefers the quickest win and
the slowest loss (the reported ``value`` is still +1, 0 or -1). Among equally good moves the first
one tried is kept.

Each search is two functions. ``minimax_value`` and ``alphabeta_value`` are the algorithm as a
textbook writes it, and nothing else: the value of a position, by calling themselves on the
positions after its moves. The line below each, ``minimax_value = watched(minimax_value)``
(``ttt.core.watching``), lets their calls be watched from outside. ``minimax`` and ``alphabeta`` are
the public entries: they check their arguments, run the search while ``watching`` watches its calls
(which counts the positions, keeps the scores of the first position's moves, and tells a ``Watch``
every step if one is given), and pick the move. The step-through widget, the trees with values, the
counts of the lessons and iterative deepening's deadline all watch these same two functions: the
values, counts, cuts and windows they show are these functions' own, and so are the move picked and
each step's path (the moves that led to a position): each call's move is read from its position,
whatever order the search tries the moves in. Nothing in the package searches another way, except
``ttt.search.fast``, the same searches on tic-tac-toe's bits, tested equal to these. """

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import count
from typing import Any, NamedTuple

from ttt.core.arguments import a_real, checked
from ttt.core.protocol import (
    PRUNED_TREE,
    WHOLE_TREE,
    Evaluation,
    Position,
    a_game_going_on,
    best_move,
    depth_left,
    leaf_score,
    moves_in_order,
    seeded_random,
    value_of,
)
from ttt.core.watching import Counting, Path, Seen, Watch, watched, watching

__all__ = ["Deadline", "OutOfTime", "SearchResult", "alphabeta", "alphabeta_value",
           "iterative_deepening", "minimax", "minimax_value"]

Score = Callable[[Position], float]  # the score of a position where a search stops


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the value (+1 X wins, 0 draw, -1 O wins, or a guess between), a best
    move (None once the game is over), the positions it visited, and the exact score."""

    value: float
    move: Any
    nodes: int
    score: float


# --- the algorithms ---------------------------------------------------------------------------


def minimax_value(position: Position, depth: float, score: Score) -> float:
    """The value of ``position`` for perfect play: its ``score`` if the game is over (or no
    ``depth`` is left), else the largest of the values after its moves if X is to move, the
    smallest if O is."""
    if position.is_over or depth == 0:
        return score(position)
    values = [minimax_value(position.play(move), depth - 1, score) for move in position.legal_moves]
    return max(values) if position.to_move == "X" else min(values)


# wrapped below its def, not above it: a lesson shows the def alone (inspect.getsource)
minimax_value = watched(minimax_value)


def alphabeta_value(position: Position, depth: float, alpha: float, beta: float, score: Score,
                    ordered: bool) -> float:
    """``minimax_value``, skipping the moves that cannot matter: alpha is the score X is already
    sure of elsewhere, beta the score O is; once alpha >= beta the player above will not let the
    game come here, so the moves left are not searched. The value is exact when it lies between
    alpha and beta, and otherwise a bound on the exact value that is just as good for the
    decision above."""
    if position.is_over or depth == 0:
        return score(position)
    values = []
    for move in moves_in_order(position, ordered):
        values.append(alphabeta_value(position.play(move), depth - 1, alpha, beta, score, ordered))
        if position.to_move == "X":
            alpha = max(alpha, values[-1])
        else:
            beta = min(beta, values[-1])
        if alpha >= beta:
            break
    return max(values) if position.to_move == "X" else min(values)


alphabeta_value = watched(alphabeta_value)


# --- the public entries: checks, the watch, the move ------------------------------------------


@checked(exhaustive=WHOLE_TREE)
def minimax(position: Position, *, depth: int | None = None, evaluate: Evaluation | None = None,
            prefer_quick: bool = True, watch: Watch | None = None) -> SearchResult:
    """Search every line of play from ``position`` (to the end, or ``depth`` moves ahead and then
    guess with ``evaluate``) and return its value and a best move; ``nodes`` counts the
    positions visited, the first one included. ``watch`` is told every step."""
    score = partial(leaf_score, evaluate=evaluate, prefer_quick=prefer_quick)
    with watching(minimax_value, watch) as seen:
        value = minimax_value(position, depth_left(depth), score)
    return _result(position, value, seen)


@checked(exhaustive=PRUNED_TREE)
def alphabeta(position: Position, *, ordered: bool = True, depth: int | None = None,
              evaluate: Evaluation | None = None, prefer_quick: bool = True,
              watch: Watch | None = None) -> SearchResult:
    """Minimax with alpha-beta pruning: the same value, from far fewer positions. ``ordered``
    tries the most promising moves first (the position's ``ordered_moves``)."""
    score = partial(leaf_score, evaluate=evaluate, prefer_quick=prefer_quick)
    with watching(alphabeta_value, watch) as seen:
        value = alphabeta_value(position, depth_left(depth), -math.inf, math.inf, score, ordered)
    return _result(position, value, seen)


def _result(position: Position, score: float, seen: Seen) -> SearchResult:
    """What a search of ``position`` that found ``score`` returns: the move is the best of the
    first position's moves (the first one tried among equals), None if it had none."""
    move = best_move(position, seen.root_scores) if seen.root_scores else None
    return SearchResult(value_of(score), move, seen.nodes, score)


# --- iterative deepening: alpha-beta, deeper and deeper until the time is up -----------------


def iterative_deepening(position: Position, seconds: float, *,
                        evaluate: Evaluation | None = None, seed: int | None = None,
                        clock: Callable[[], float] = time.perf_counter) -> tuple[Any, int, int]:
    """The move to play after searching ``position`` deeper and deeper for ``seconds``: alpha-beta
    to depth 1, then 2, 3, ... (guessing with ``evaluate`` or the position's ``estimate()`` where
    it stops), each depth trying the first moves in the order of the previous depth's scores,
    the best first.

    The loop does not look at the clock: a watch, ``Deadline``, does, at every position, and
    abandons the search under way the moment the budget is spent, so the search never runs much
    over; the move comes from the deepest finished search (if none finished, the most promising
    move of the position's own order, whatever the seed). It stops early once the game is
    solved: a win or loss is found, or the search reached every end of the game. ``seed``
    shuffles the first moves, so that the choice among equally good moves varies. Returns (move,
    depth reached, positions searched, each search's first position included).
    """
    deadline = Deadline(clock() + seconds, clock)
    move, reached = moves_in_order(position, ordered=True)[0], 0  # if no depth finishes
    root = _first_order(position, seed)
    for depth in count(1):
        try:
            result = alphabeta(root, depth=depth, evaluate=evaluate, watch=deadline)
        except OutOfTime:
            break
        move, reached = result.move, depth
        if deadline.solved(result):
            break
        root = _best_first(root, deadline.root_scores)
    return move, reached, deadline.nodes


iterative_deepening = checked(position=a_game_going_on)(iterative_deepening)


class OutOfTime(Exception):
    """The time budget is spent: the search in progress is abandoned."""


class Deadline(Counting):
    """A watch for iterative deepening: it counts the positions of every iteration, raises
    ``OutOfTime`` once ``clock()`` is past ``deadline``, and keeps what an iteration found out:
    the scores of the root's moves, and whether every position where it stopped was the end of
    the game."""

    def __init__(self, deadline: float, clock: Callable[[], float]) -> None:
        super().__init__()
        self.deadline, self.clock = deadline, clock
        self.root_scores: Mapping[Any, float] = {}
        self.reached_the_end = True

    def enter(self, path: Path, position: Position, alpha: float = -math.inf,
              beta: float = math.inf) -> None:
        super().enter(path, position, alpha, beta)
        if not path:  # a new search starts: it has reached no position yet
            self.reached_the_end = True
        if self.clock() > self.deadline:
            raise OutOfTime

    def leaf(self, path: Path, position: Position, score: float) -> None:
        self.reached_the_end &= position.is_over

    def leave(self, path: Path, position: Position, scores: Mapping[Any, float],
              score: float, alpha: float = -math.inf, beta: float = math.inf) -> None:
        if not path:  # the root: the next iteration tries its moves in the order of these
            self.root_scores = scores

    def solved(self, result: SearchResult) -> bool:
        """Whether the search just finished solved the game, so that deeper finds no more: it
        found a win or a loss, or every position where it stopped was the end of the game."""
        return self.reached_the_end or abs(result.score) >= 1


Deadline = checked(deadline=a_real)(Deadline)


class _InOrder(NamedTuple):
    """Where a search of iterative deepening starts: a position of the game protocol that answers
    as ``position`` does (its game goes on), its moves tried in the order ``ordered_moves``."""

    to_move: str
    legal_moves: Sequence[Any]
    ordered_moves: Sequence[Any]
    play: Callable[[Any], Position]
    is_over: bool = False
    winner: str | None = None


def _in_order(position: Position, moves: Sequence[Any]) -> _InOrder:
    """``position``, its moves tried in the order ``moves``."""
    return _InOrder(position.to_move, position.legal_moves, tuple(moves), position.play)


def _first_order(position: Position, seed: int | None) -> _InOrder:
    """``position`` for the first search: its most promising moves first, or shuffled by
    ``seed``."""
    moves = list(moves_in_order(position, ordered=True))
    if seed is not None:
        seeded_random(seed).shuffle(moves)
    return _in_order(position, moves)


def _best_first(root: _InOrder, scores: Mapping[Any, float]) -> _InOrder:
    """``root`` for the next search: its moves sorted by ``scores``, the best for the player to
    move first (equal scores keep their order)."""
    return root._replace(ordered_moves=tuple(sorted(root.ordered_moves, key=scores.get,
                                                    reverse=root.to_move == "X")))
