"""Minimax and its faster cousins: alpha-beta, and a solver with a transposition table.

Values are from X's point of view: X maximises, O minimises. A finished game is worth +1 (X won),
0 (draw) or -1 (O won).

To prefer the quickest win and the slowest loss, a win is scored internally as ``1 + free cells
left``: a win found earlier leaves more cells free, so it scores more. The reported ``value`` is
still +1, 0 or -1. With ``prefer_quick=False`` every win scores exactly 1, and the search no longer
cares when it wins -- which is the "bug" lesson 3 shows.

Ties between equally good moves go to the first move searched: the lowest cell number for minimax,
the first in the move order for alpha-beta.

The functions here search bit masks (see ``ttt.board``) because they visit hundreds of thousands
of positions; ``ttt.steps`` replays the same algorithms on ``Board`` objects, step by step.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ttt.board import FULL, LINE_MASKS, Board, canonical_bits, completed_line

Evaluation = Callable[[Board], float]

#: Centre first, then corners, then edges: the moves most likely to be best come first.
GOOD_ORDER: tuple[int, ...] = (4, 0, 2, 6, 8, 1, 3, 5, 7)
PLAIN_ORDER: tuple[int, ...] = tuple(range(9))


def _moves_table(order: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``table[free_mask]`` is the tuple of single-bit masks of the free cells, in ``order``."""
    return tuple(tuple(1 << c for c in order if free >> c & 1) for free in range(1 << 9))


_MOVES = {PLAIN_ORDER: _moves_table(PLAIN_ORDER), GOOD_ORDER: _moves_table(GOOD_ORDER)}


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the value (+1 X wins, 0 draw, -1 O wins), the best move, the cost."""

    value: float
    move: int | None
    nodes: int
    score: float


def final_score(x: int, o: int, prefer_quick: bool = True) -> float | None:
    """The score of a finished position from X's point of view, or None if the game goes on."""
    if completed_line[x] or completed_line[o]:
        win = 1 + (FULL & ~(x | o)).bit_count() if prefer_quick else 1
        return win if completed_line[x] else -win
    return 0 if x | o == FULL else None


def value_of(score: float) -> float:
    """The reported value of an internal score: +1, 0, -1, or a heuristic estimate in between."""
    return (score > 0) - (score < 0) if abs(score) >= 1 or score == 0 else score


def open_lines(board: Board) -> float:
    """A heuristic for unfinished positions: (lines X could still complete minus O's) / 9.

    It stays strictly between -1 and +1, so a real win always counts for more than any guess.
    """
    x, o = board.bits
    x_open = sum(1 for line in LINE_MASKS if line & x and not line & o)
    o_open = sum(1 for line in LINE_MASKS if line & o and not line & x)
    return (x_open - o_open) / 9


def minimax(board: Board, *, prefer_quick: bool = True, depth: int | None = None,
            evaluate: Evaluation = open_lines) -> SearchResult:
    """Search the whole game tree below ``board`` (no memory, no pruning) and return the best move.

    ``nodes`` counts every position visited, the starting one included. With ``depth``, positions
    that many moves ahead are not searched further but scored by ``evaluate``.
    """
    nodes = 0
    moves = _MOVES[PLAIN_ORDER]

    def score(x: int, o: int, x_to_move: bool, depth_left: int) -> float:
        nonlocal nodes
        nodes += 1
        done = final_score(x, o, prefer_quick)
        if done is not None:
            return done
        if depth_left == 0:
            return evaluate(Board.from_bits(x, o))
        free = FULL & ~(x | o)
        if x_to_move:
            best = -math.inf
            for bit in moves[free]:
                value = score(x | bit, o, False, depth_left - 1)
                if value > best:
                    best = value
        else:
            best = math.inf
            for bit in moves[free]:
                value = score(x, o | bit, True, depth_left - 1)
                if value < best:
                    best = value
        return best

    result = _best_at_root(board, PLAIN_ORDER, depth, prefer_quick,
                           lambda x, o, x_next, d, _: score(x, o, x_next, d))
    return SearchResult(result.value, result.move, nodes + 1, result.score)


def alphabeta(board: Board, *, ordered: bool = True, prefer_quick: bool = True,
              depth: int | None = None, evaluate: Evaluation = open_lines) -> SearchResult:
    """Minimax with alpha-beta pruning: the same value as ``minimax``, far fewer nodes.

    alpha is the score X is already sure of, beta the score O is already sure of; once
    alpha >= beta the remaining moves of a position cannot change the result and are skipped.
    ``ordered`` tries the centre, then corners, then edges, which makes cut-offs come sooner.
    """
    nodes = 0
    order = GOOD_ORDER if ordered else PLAIN_ORDER
    moves = _MOVES[order]

    def score(x: int, o: int, x_to_move: bool, depth_left: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        done = final_score(x, o, prefer_quick)
        if done is not None:
            return done
        if depth_left == 0:
            return evaluate(Board.from_bits(x, o))
        free = FULL & ~(x | o)
        if x_to_move:
            best = -math.inf
            for bit in moves[free]:
                value = score(x | bit, o, False, depth_left - 1, alpha, beta)
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
        else:
            best = math.inf
            for bit in moves[free]:
                value = score(x, o | bit, True, depth_left - 1, alpha, beta)
                if value < best:
                    best = value
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        return best

    def child(x: int, o: int, x_next: bool, depth_left: int, best: float) -> float:
        if x_next:  # O moves at the root and is already sure of `best`
            return score(x, o, True, depth_left, -math.inf, best)
        return score(x, o, False, depth_left, best, math.inf)

    result = _best_at_root(board, order, depth, prefer_quick, child)
    return SearchResult(result.value, result.move, nodes + 1, result.score)


def _best_at_root(board: Board, order: tuple[int, ...], depth: int | None, prefer_quick: bool,
                  child_score: Callable[[int, int, bool, int, float], float]) -> SearchResult:
    """Score each move from ``board`` with ``child_score(x, o, x_to_move, depth_left, best)``
    and keep the first best one. ``nodes`` is left for the caller to fill in."""
    if depth is not None and depth < 1:
        raise ValueError(f"depth must be at least 1 (or None for no limit), got {depth}")
    x, o = board.bits
    if board.is_over:
        done = final_score(x, o, prefer_quick)
        return SearchResult(value_of(done), None, 0, done)
    x_to_move = board.to_move == "X"
    depth_left = -1 if depth is None else depth - 1
    best_move, best = None, -math.inf if x_to_move else math.inf
    for bit in _MOVES[order][FULL & ~(x | o)]:
        if x_to_move:
            value = child_score(x | bit, o, False, depth_left, best)
            better = value > best
        else:
            value = child_score(x, o | bit, True, depth_left, best)
            better = value < best
        if better:
            best_move, best = bit.bit_length() - 1, value
    return SearchResult(value_of(best), best_move, 0, best)


class Outcome(NamedTuple):
    """The result of perfect play from a position: who wins (+1, 0, -1) and after how many moves."""

    value: int
    plies: int


class Solver:
    """Solves positions once and remembers them in a transposition table.

    ``Solver().solve(Board())`` fills the table with all 5,478 positions reachable in a game;
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
                        for bit in _MOVES[PLAIN_ORDER][FULL & ~(x | o)])
            done = max(children) if x_to_move else min(children)
        self.table[key] = done
        return done

    def solve(self, board: Board) -> SearchResult:
        """The value and best move of ``board``; ``nodes`` is how many new positions were solved."""
        before = len(self.table)
        score = self._score(*board.bits)
        scores = self.move_scores(board)
        pick = max if board.to_move == "X" else min
        move = pick(scores, key=lambda cell: (scores[cell], -cell) if pick is max
                    else (scores[cell], cell)) if scores else None
        return SearchResult(value_of(score), move, len(self.table) - before, score)

    def move_scores(self, board: Board) -> dict[int, float]:
        """The score of every legal move of ``board`` (from X's point of view)."""
        return {cell: self._score(*board.play(cell).bits) for cell in board.legal_moves}

    def outcome(self, board: Board) -> Outcome:
        """Who wins ``board`` with perfect play, and how many moves it takes to get there."""
        return self._outcome(board, self._score(*board.bits))

    def move_outcomes(self, board: Board) -> dict[int, Outcome]:
        """For every legal move: the outcome of perfect play after it (plies from ``board``)."""
        scores = self.move_scores(board)
        return {cell: self._outcome(board, score) for cell, score in scores.items()}

    def _outcome(self, board: Board, score: float) -> Outcome:
        if not self.prefer_quick:
            raise ValueError("move counts need a solver with prefer_quick=True")
        free = 9 - board.moves_made
        return Outcome(int(value_of(score)), free - (int(abs(score)) - 1) if score else free)
