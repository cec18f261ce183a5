"""A search traced step by step: what it does, one ``Step`` at a time, for every search.

A ``Recorder`` is a ``ttt.core.watching.Watch`` that writes down a ``Step`` each time the search
tells it something; the step's ``kind`` says what. Minimax, alpha-beta (``ttt.search.minimax``) and
expectimax (``ttt.search.expectimax``) ENTER a position, score a LEAF where they stop, BACK_UP a
score to a parent (the watch's ``leave``), or CUT off the moves they no longer need. Monte Carlo
tree search tells its four phases: SELECT, EXPAND, PLAY_OUT, BACK_UP (a step of Monte Carlo tree
search knows its ``playout``, from 1; the others have none). It is the search itself, watched from
outside through the ``watched`` line below its definition (``ttt.core.watching``), not a copy of
it: a step's path is read from the positions the search called itself on, whatever order it tries
the moves in. ``describe(step)`` says in one sentence what any step does: the one place where the
package writes sentences about a search's steps.

``search_steps(position)`` traces minimax or alpha-beta (the step-through widget replays it);
``mcts_steps(position, playouts, seed)`` traces Monte Carlo tree search, with the tree after each
phase (``ttt.pictures.display.draw_mcts`` draws it); ``expectimax(position, watch=Recorder())``
traces expectimax.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ttt.core.arguments import checked
from ttt.core.protocol import Position, check_exhaustive, nodes_ahead, signed
from ttt.core.watching import Path, Watch
from ttt.search.mcts import EXPLORATION, Tally, TreeNode, mcts, tallies, ucb1
from ttt.search.minimax import alphabeta, minimax

__all__ = ["BACK_UP", "CUT", "ENTER", "EXPAND", "LEAF", "PLAY_OUT", "SELECT", "STEPS_LIMIT",
           "Recorder", "Step", "describe", "mcts_steps", "search_steps"]

ENTER, LEAF, BACK_UP, CUT = "enter", "leaf", "back up", "cut"  # Watch's enter, leaf, leave, cut
SELECT, EXPAND, PLAY_OUT = "select", "expand", "play out"  # and BACK_UP: the phases of MCTS


@dataclass(frozen=True)
class Step:
    """One step of a search, about ``board``, the position reached by playing ``path`` from the
    start.

    ``value`` is the score found (LEAF, BACK_UP) or the playout's result, from X's point of view
    (PLAY_OUT, and BACK_UP in Monte Carlo tree search); ``children`` the (move, score) pairs a
    BACK_UP of minimax chose from; ``pruned`` the
    moves a CUT skips; ``alpha`` and ``beta`` the window (alpha-beta). Monte Carlo tree search's
    steps also hold the ``playout`` they belong to (from 1), every node's ``tree`` tally after the
    phase (keyed by path), the UCB1 ``scores`` of the children a SELECT chose among on its way
    down (keyed by path), and the random ``moves`` of a PLAY_OUT.
    """

    kind: str
    path: Path
    board: Position
    value: float | None = None
    children: tuple[tuple[Any, float], ...] = ()
    pruned: tuple[Any, ...] = ()
    alpha: float = -math.inf
    beta: float = math.inf
    playout: int = 0
    tree: Mapping[Path, Tally] = field(default_factory=dict)
    scores: Mapping[Path, float] = field(default_factory=dict)
    moves: tuple[Any, ...] = ()


@checked
class Recorder(Watch):
    """A watcher that writes down every step of the search it watches, in ``steps``; any search
    of the package takes it as its ``watch``. ``exploration`` is the constant of the Monte Carlo
    search watched, for the UCB1 scores of its selections."""

    def __init__(self, exploration: float = EXPLORATION) -> None:
        self.exploration = exploration
        self.steps: list[Step] = []
        self.windows: dict[Path, tuple[float, float]] = {}

    # --- minimax, alpha-beta, expectimax ---

    def enter(self, path: Path, position: Position, alpha: float = -math.inf,
              beta: float = math.inf) -> None:
        self.windows[path] = (alpha, beta)
        self.steps.append(Step(ENTER, path, position, alpha=alpha, beta=beta))

    def leaf(self, path: Path, position: Position, score: float) -> None:
        alpha, beta = self.windows[path]
        self.steps.append(Step(LEAF, path, position, score, alpha=alpha, beta=beta))

    def leave(self, path: Path, position: Position, scores: Mapping[Any, float],
              score: float, alpha: float = -math.inf, beta: float = math.inf) -> None:
        self.steps.append(Step(BACK_UP, path, position, score, tuple(scores.items()),
                               alpha=alpha, beta=beta))

    def cut(self, path: Path, position: Position, skipped: Sequence[Any], alpha: float,
            beta: float) -> None:
        if skipped:  # a cut after the last move skips nothing
            self.steps.append(Step(CUT, path, position, pruned=tuple(skipped), alpha=alpha,
                                   beta=beta))

    # --- Monte Carlo tree search ---

    def selected(self, node: TreeNode, root: TreeNode) -> None:
        scores = {}
        for above in _line_to(node)[:-1]:
            scores.update({child.path: ucb1(child, above.visits, self.exploration)
                           for child in above.children.values()})
        self._phase(SELECT, node, root, scores=scores)

    def expanded(self, node: TreeNode, root: TreeNode) -> None:
        self._phase(EXPAND, node, root)

    def played_out(self, node: TreeNode, moves: tuple[Any, ...], result: int,
                   root: TreeNode) -> None:
        self._phase(PLAY_OUT, node, root, moves=moves, value=result)

    def backed_up(self, node: TreeNode, result: int, root: TreeNode) -> None:
        self._phase(BACK_UP, node, root, value=result)

    def _phase(self, kind: str, node: TreeNode, root: TreeNode, **details: Any) -> None:
        playout = root.visits + (kind != BACK_UP)  # the root counts a playout once backed up
        self.steps.append(Step(kind, node.path, node.position, playout=playout,
                               tree=tallies(root), **details))


def _line_to(node: TreeNode) -> list[TreeNode]:
    """The nodes from the root down to ``node``."""
    line = [node]
    while line[-1].parent is not None:
        line.append(line[-1].parent)
    return line[::-1]


#: The most nodes of the game tree ``search_steps`` takes on unforced (``nodes_ahead``): it keeps
#: every step, two or three a node, so tic-tac-toe's empty board (549,946 nodes, at most 9.9e5)
#: would be over a million steps and gigabytes; 8 free cells (at most 1.1e5) are seconds.
STEPS_LIMIT = 2 * 10 ** 5


def _few_steps(search: str, arguments: dict) -> None:
    """The size guard of ``search_steps``: refused beyond ``STEPS_LIMIT`` nodes, unless
    ``force``."""
    check_exhaustive(arguments["position"], search, STEPS_LIMIT, arguments.get("force", False),
                     instead="record the steps below a later position, with fewer free cells "
                             "(the step-through widget takes at most 5); or pass force=True to "
                             "wait as long as it takes", ahead=nodes_ahead,
                     why="each of them a step or more to keep")


@checked(exhaustive=_few_steps)
def search_steps(position: Position, *, pruning: bool = False, ordered: bool = True,
                 prefer_quick: bool = True) -> list[Step]:
    """The steps of minimax (or, with ``pruning``, alpha-beta) searching below ``position``, with
    the options of ``ttt.search.minimax`` (``ordered`` matters only to alpha-beta)."""
    recorder = Recorder()
    if pruning:
        alphabeta(position, ordered=ordered, prefer_quick=prefer_quick, watch=recorder)
    else:
        minimax(position, prefer_quick=prefer_quick, watch=recorder)
    return recorder.steps


@checked
def mcts_steps(position: Position, playouts: int, seed: int | None = None, *,
               exploration: float = EXPLORATION) -> list[Step]:
    """The phases of ``mcts(position, playouts, seed)``, one ``Step`` each, in order: the same
    search, watched (so keep ``playouts`` small: each step holds the whole tree's tallies)."""
    recorder = Recorder(exploration)
    mcts(position, playouts, seed, exploration=exploration, watch=recorder)
    return recorder.steps


@checked
def describe(step: Step) -> str:
    """One sentence saying what the search does at ``step``, of any search the package traces:
    minimax and alpha-beta (the step-through's sentences) or Monte Carlo tree search (its
    playout, the phase and the path, and for a playout or a back-up the result, X's point of
    view)."""
    if step.playout:
        return _describe_phase(step)
    where = "the root" if not step.path else "the position after " + ", ".join(map(str, step.path))
    mover = step.board.to_move
    if step.kind == ENTER:
        if step.board.is_over:
            return f"Look at {where}: the game is over."
        return f"Look at {where}: {mover} to move."
    if step.kind == LEAF:
        if not step.board.is_over:  # a depth limit: the search guesses
            return f"Depth limit at {where}: a guess, {signed(step.value)}."
        outcome = f"{step.board.winner} has won" if step.board.winner else "a draw"
        return f"Game over at {where}: {outcome}, so it scores {signed(step.value)}."
    if step.kind == BACK_UP:
        pick = "largest" if mover == "X" else "smallest"
        options = ", ".join(signed(v) for _, v in step.children)
        return f"{mover} to move at {where}: takes the {pick} of {options} → {signed(step.value)}."
    if step.kind == CUT:
        cells = ", ".join(map(str, step.pruned))
        skipped = f"move {cells} is" if len(step.pruned) == 1 else f"moves {cells} are"
        return (f"At {where}: α = {signed(step.alpha)} ≥ β = {signed(step.beta)}. The player above "
                f"already has something at least as good elsewhere, so {skipped} skipped.")
    raise ValueError(f"unknown step kind {step.kind!r}")


def _describe_phase(step: Step) -> str:
    """``describe`` of a phase of Monte Carlo tree search: its playout, kind and path."""
    text = f"playout {step.playout}, {step.kind:>8}: at {step.path}"
    if step.kind == PLAY_OUT:
        text += f", random moves {step.moves}, result {step.value:+d}"
    if step.kind == BACK_UP:
        text += f", result {step.value:+d} counted up to the root"
    return text
