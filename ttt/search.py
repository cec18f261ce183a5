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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ttt.protocol import (
    Evaluation,
    Position,
    best_move,
    check_depth,
    check_position,
    depth_left,
    leaf_score,
    moves_in_order,
    value_of,
)

__all__ = ["Counting", "SearchResult", "Watch", "alphabeta", "minimax"]

Path = tuple[Any, ...]  # the moves played from the start of the search


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the value (+1 X wins, 0 draw, -1 O wins, or a guess between), a best
    move (None once the game is over), the positions it visited, and the exact score."""

    value: float
    move: Any
    nodes: int
    score: float


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


def watch_counting(position: Position, depth: int | None, watch: Watch | None) -> Counting:
    """Check a search's arguments (a clear error for a bad one), and return the watch it reports
    to: one that counts its positions, and tells ``watch`` all it sees."""
    check_position(position)
    check_depth(depth)
    return Counting(watch)


def minimax(position: Position, *, depth: int | None = None, evaluate: Evaluation | None = None,
            prefer_quick: bool = True, watch: Watch | None = None) -> SearchResult:
    """Search every line of play from ``position`` (to the end, or ``depth`` moves ahead and then
    guess with ``evaluate``) and return its value and a best move; ``nodes`` counts the
    positions visited, the first one included."""
    watch = watch_counting(position, depth, watch)

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


def alphabeta(position: Position, *, ordered: bool = True, depth: int | None = None,
              evaluate: Evaluation | None = None, prefer_quick: bool = True,
              watch: Watch | None = None) -> SearchResult:
    """Minimax with alpha-beta pruning: the same value, from far fewer positions. alpha is the
    score X is already sure of, beta the score O is already sure of; once alpha >= beta the moves
    left cannot change the result. ``ordered`` tries the most promising moves first."""
    watch = watch_counting(position, depth, watch)

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
