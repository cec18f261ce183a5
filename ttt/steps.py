"""Minimax and alpha-beta, told step by step.

``search_steps(position)`` watches ``ttt.search.minimax`` (or, with ``pruning``, ``alphabeta``)
search and returns a ``Step`` for each thing it does: enter a position, score one where it stops,
back a score up to a parent, or cut off the moves it no longer needs. It is the search itself, seen
through a ``Watch``, not a copy of it: the step-through widget replays these steps.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ttt.protocol import Position
from ttt.search import Path, Watch, alphabeta, minimax

__all__ = ["BACKUP", "ENTER", "FINAL", "PRUNE", "Step", "search_steps"]

ENTER, FINAL, BACKUP, PRUNE = "enter", "final", "backup", "prune"


@dataclass(frozen=True)
class Step:
    """One step of a search, about the position reached by playing ``path`` from the start.

    ``value`` is the score found (FINAL, BACKUP); ``children`` the (move, score) pairs a BACKUP
    chose from; ``pruned`` the moves a PRUNE skips; ``alpha`` and ``beta`` the window (alpha-beta).
    """

    kind: str
    path: Path
    board: Position
    value: float | None = None
    children: tuple[tuple[Any, float], ...] = ()
    pruned: tuple[Any, ...] = ()
    alpha: float = -math.inf
    beta: float = math.inf


class Recorder(Watch):
    """A watcher that writes down every step of the search it watches."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.windows: dict[Path, tuple[float, float]] = {}

    def enter(self, path: Path, position: Position, alpha: float = -math.inf,
              beta: float = math.inf) -> None:
        self.windows[path] = (alpha, beta)
        self.steps.append(Step(ENTER, path, position, alpha=alpha, beta=beta))

    def leaf(self, path: Path, position: Position, score: float) -> None:
        alpha, beta = self.windows[path]
        self.steps.append(Step(FINAL, path, position, score, alpha=alpha, beta=beta))

    def backup(self, path: Path, position: Position, scores: Mapping[Any, float],
               score: float, alpha: float = -math.inf, beta: float = math.inf) -> None:
        self.steps.append(Step(BACKUP, path, position, score, tuple(scores.items()),
                               alpha=alpha, beta=beta))

    def cut(self, path: Path, position: Position, skipped: Sequence[Any], alpha: float,
            beta: float) -> None:
        if skipped:  # a cut after the last move skips nothing
            self.steps.append(Step(PRUNE, path, position, pruned=tuple(skipped), alpha=alpha,
                                   beta=beta))


def search_steps(position: Position, *, pruning: bool = False, ordered: bool = True,
                 prefer_quick: bool = True) -> list[Step]:
    """The steps of minimax (or, with ``pruning``, alpha-beta) searching below ``position``, with
    the options of ``ttt.search`` (``ordered`` matters only to alpha-beta)."""
    recorder = Recorder()
    if pruning:
        alphabeta(position, ordered=ordered, prefer_quick=prefer_quick, watch=recorder)
    else:
        minimax(position, prefer_quick=prefer_quick, watch=recorder)
    return recorder.steps
