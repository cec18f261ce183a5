"""Minimax and alpha-beta, told step by step.

``search_steps(board)`` runs the same search as ``ttt.search.minimax`` (or ``alphabeta``) on
``Board`` objects and yields a ``Step`` each time it enters a position, scores a finished one,
backs a value up to a parent, or prunes the moves it no longer needs to look at. The step-through
widget replays these steps; the tests check that they agree with the fast search, node for node.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from ttt.board import Board
from ttt.search import GOOD_ORDER, PLAIN_ORDER, final_score

ENTER, FINAL, BACKUP, PRUNE = "enter", "final", "backup", "prune"


@dataclass(frozen=True)
class Step:
    """One step of a search, about the position reached by playing ``path`` from the root.

    ``value`` is the score found (FINAL, BACKUP); ``children`` the (cell, score) pairs a BACKUP
    chose from; ``pruned`` the cells a PRUNE skips; ``alpha`` and ``beta`` the window (alpha-beta).
    """

    kind: str
    path: tuple[int, ...]
    board: Board
    value: float | None = None
    children: tuple[tuple[int, float], ...] = ()
    pruned: tuple[int, ...] = ()
    alpha: float = -math.inf
    beta: float = math.inf


def search_steps(board: Board, *, pruning: bool = False, ordered: bool = False,
                 prefer_quick: bool = True) -> Iterator[Step]:
    """Yield the steps of minimax (or, with ``pruning``, alpha-beta) searching below ``board``."""
    order = GOOD_ORDER if ordered else PLAIN_ORDER
    yield from _steps(board, (), -math.inf, math.inf, pruning, order, prefer_quick)


def _steps(board: Board, path: tuple[int, ...], alpha: float, beta: float, pruning: bool,
           order: tuple[int, ...], prefer_quick: bool) -> Iterator[Step]:
    yield Step(ENTER, path, board, alpha=alpha, beta=beta)
    done = final_score(*board.bits, prefer_quick)
    if done is not None:
        yield Step(FINAL, path, board, done, alpha=alpha, beta=beta)
        return
    maximising = board.to_move == "X"
    moves = [cell for cell in order if cell in board.legal_moves]
    children: list[tuple[int, float]] = []
    for i, cell in enumerate(moves):
        steps = _steps(board.play(cell), (*path, cell), alpha, beta, pruning, order, prefer_quick)
        for step in steps:
            yield step
        children.append((cell, step.value))
        if maximising:
            alpha = max(alpha, step.value) if pruning else alpha
        else:
            beta = min(beta, step.value) if pruning else beta
        if pruning and alpha >= beta and i + 1 < len(moves):
            yield Step(PRUNE, path, board, pruned=tuple(moves[i + 1:]), alpha=alpha, beta=beta)
            break
    best = max(v for _, v in children) if maximising else min(v for _, v in children)
    yield Step(BACKUP, path, board, best, tuple(children), alpha=alpha, beta=beta)
