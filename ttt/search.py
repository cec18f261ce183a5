"""Minimax and alpha-beta, written the way the lessons teach them, over any two-player game.

Both search a position of any game that follows the game protocol (``ttt.protocol``): tic-tac-toe's
``Board``, the bigger boards of ``ttt.games``, a toy game of your own. Scores are from X's point of
view: X maximises, O minimises. A finished game scores +1, 0 or -1; with ``prefer_quick`` a win
scores 1 + the cells still free, so the search prefers the quickest win and the slowest loss (the
reported ``value`` is still +1, 0 or -1). Among equally good moves the first one tried is kept.

To watch a search, pass a ``Watch``: it is told each time the search enters a position, scores
one where it stops, backs a score up to a position, or cuts off the moves that are left. The
step-through widget, the trees with values and the counts of the lessons all watch these same
two functions, and so does the search itself: its count of positions is a watch, ``Counting``,
so the bodies below hold the algorithm and nothing else. Nothing in the package searches another
way, except ``ttt.fast``, the same searches on tic-tac-toe's bits, tested equal to these.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import count
from typing import Any, NamedTuple

from ttt.arguments import a_real, checked
from ttt.protocol import (
    PRUNED_TREE,
    WHOLE_TREE,
    Evaluation,
    Position,
    best_move,
    check_depth,
    check_not_over,
    check_position,
    depth_left,
    leaf_score,
    moves_in_order,
    seeded_random,
    value_of,
)

__all__ = ["Counting", "Deadline", "OutOfTime", "SearchResult", "Watch", "alphabeta",
           "check_seconds", "iterative_deepening", "minimax"]

Path = tuple[Any, ...]  # the moves played from the start of the search


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the value (+1 X wins, 0 draw, -1 O wins, or a guess between), a best
    move (None once the game is over), the positions it visited, and the exact score."""

    value: float
    move: Any
    nodes: int
    score: float


@checked
class Watch:
    """Sees a search happen, position by position; each method here does nothing, so a watcher
    overrides only what it needs. ``path`` is the moves played from the start of the search."""

    def enter(self, path: Path, position: Position, alpha: float = -math.inf,
              beta: float = math.inf) -> None:
        """The search arrives at a position (alpha-beta: with this window)."""

    def leaf(self, path: Path, position: Position, score: float) -> None:
        """It stops here: the game is over, or the depth limit is reached."""

    def backup(self, path: Path, position: Position, scores: Mapping[Any, float],
               score: float, alpha: float = -math.inf, beta: float = math.inf) -> None:
        """It leaves a position with the best of its moves' ``scores``."""

    def cut(self, path: Path, position: Position, skipped: Sequence[Any], alpha: float,
            beta: float) -> None:
        """Alpha-beta: alpha >= beta, so the moves ``skipped`` are not searched."""


@checked
class Counting(Watch):
    """A watch that counts the positions a search enters (``nodes``), and tells ``watch``, if
    given, everything the search does."""

    def __init__(self, watch: Watch | None = None) -> None:
        self.nodes, self.watch = 0, watch
        if watch is not None:  # the other steps go straight to it: nothing to add on the way
            self.leaf, self.backup, self.cut = watch.leaf, watch.backup, watch.cut

    def enter(self, path: Path, position: Position, alpha: float = -math.inf,
              beta: float = math.inf) -> None:
        self.nodes += 1
        if self.watch is not None:
            self.watch.enter(path, position, alpha, beta)


def check_search(position: object, depth: object) -> None:
    """A clear error (TypeError or ValueError) unless ``position`` follows the game protocol and
    ``depth`` is None (no limit) or a whole number of at least 1: the checks of every search."""
    check_position(position)
    check_depth(depth)


@checked(exhaustive=WHOLE_TREE)
def minimax(position: Position, *, depth: int | None = None, evaluate: Evaluation | None = None,
            prefer_quick: bool = True, watch: Watch | None = None) -> SearchResult:
    """Search every line of play from ``position`` (to the end, or ``depth`` moves ahead and then
    guess with ``evaluate``) and return its value and a best move; ``nodes`` counts the
    positions visited, the first one included."""
    check_search(position, depth)
    watch = Counting(watch)

    def search(position, path, depth_left):
        watch.enter(path, position)
        if position.is_over or depth_left == 0:
            score = leaf_score(position, evaluate, prefer_quick)
            watch.leaf(path, position, score)
            return score, None
        scores = {}
        for move in position.legal_moves:
            scores[move], _ = search(position.play(move), (*path, move), depth_left - 1)
        move = best_move(position, scores)
        watch.backup(path, position, scores, scores[move])
        return scores[move], move

    score, move = search(position, (), depth_left(depth))
    return SearchResult(value_of(score), move, watch.nodes, score)


@checked(exhaustive=PRUNED_TREE)
def alphabeta(position: Position, *, ordered: bool = True, depth: int | None = None,
              evaluate: Evaluation | None = None, prefer_quick: bool = True,
              watch: Watch | None = None) -> SearchResult:
    """Minimax with alpha-beta pruning: the same value, from far fewer positions. alpha is the
    score X is already sure of, beta the score O is already sure of; once alpha >= beta the moves
    left cannot change the result. ``ordered`` tries the most promising moves first."""
    check_search(position, depth)
    watch = Counting(watch)

    def search(position, path, depth_left, alpha, beta):
        watch.enter(path, position, alpha, beta)
        if position.is_over or depth_left == 0:
            score = leaf_score(position, evaluate, prefer_quick)
            watch.leaf(path, position, score)
            return score, None
        moves, scores = moves_in_order(position, ordered), {}
        for i, move in enumerate(moves):
            scores[move], _ = search(position.play(move), (*path, move), depth_left - 1,
                                     alpha, beta)
            if position.to_move == "X":
                alpha = max(alpha, scores[move])
            else:
                beta = min(beta, scores[move])
            if alpha >= beta:
                watch.cut(path, position, moves[i + 1:], alpha, beta)
                break
        move = best_move(position, scores)
        watch.backup(path, position, scores, scores[move], alpha, beta)
        return scores[move], move

    score, move = search(position, (), depth_left(depth), -math.inf, math.inf)
    return SearchResult(value_of(score), move, watch.nodes, score)


# --- iterative deepening: alpha-beta, deeper and deeper until the time is up -----------------


@checked
def iterative_deepening(position: Position, seconds: float, *,
                        evaluate: Evaluation | None = None, seed: int | None = None,
                        clock: Callable[[], float] = time.perf_counter) -> tuple[Any, int, int]:
    """The move to play after searching ``position`` deeper and deeper for ``seconds``: alpha-beta
    to depth 1, then 2, 3, ... (guessing with ``evaluate`` or the position's ``estimate()`` where
    it stops), each iteration trying the moves at the root in the order of the previous one's
    scores, the best first.

    A watch, ``Deadline``, looks at ``clock`` at every position and abandons an iteration the
    moment the budget is spent, so the search never runs much over; the move comes from the
    deepest finished iteration. It stops early once the game is solved: a win or loss is found,
    or the search reached every end of the game. ``seed`` shuffles the root moves first, so that
    the choice among equally good moves varies. Returns (move, depth reached, positions searched,
    each iteration's root included).
    """
    check_position(position)
    check_not_over(position)
    check_seconds(seconds)
    watch = Deadline(clock() + seconds, clock)
    moves = list(moves_in_order(position, ordered=True))
    if seed is not None:
        seeded_random(seed).shuffle(moves)
    move, reached = moves[0], 0
    for depth in count(1):
        watch.reached_the_end = True
        try:
            root = _InOrder(position.to_move, position.legal_moves, tuple(moves), position.play)
            result = alphabeta(root, depth=depth, evaluate=evaluate, watch=watch)
        except OutOfTime:
            break
        moves.sort(key=watch.root_scores.get, reverse=position.to_move == "X")  # ties keep order
        move, reached = result.move, depth
        if watch.reached_the_end or abs(result.score) >= 1:
            break
    return move, reached, watch.nodes


class OutOfTime(Exception):
    """The time budget is spent: the search in progress is abandoned."""


@checked(deadline=a_real)
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
        if self.clock() > self.deadline:
            raise OutOfTime

    def leaf(self, path: Path, position: Position, score: float) -> None:
        self.reached_the_end &= position.is_over

    def backup(self, path: Path, position: Position, scores: Mapping[Any, float],
               score: float, alpha: float = -math.inf, beta: float = math.inf) -> None:
        if not path:  # the root: the next iteration tries its moves in the order of these
            self.root_scores = scores


class _InOrder(NamedTuple):
    """Where an iteration starts: a position of the game protocol that answers as ``position``
    does (its game goes on), its moves tried in the order ``ordered_moves``."""

    to_move: str
    legal_moves: Sequence[Any]
    ordered_moves: Sequence[Any]
    play: Callable[[Any], Position]
    is_over: bool = False
    winner: str | None = None


def check_seconds(seconds: object) -> None:
    """A TypeError unless ``seconds`` is a number, a ValueError unless it is more than 0."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(f"seconds is a time budget in seconds, a number, got {seconds!r}")
    if not 0 < seconds < math.inf:
        raise ValueError(f"seconds must be more than 0 (and finite), got {seconds}")
