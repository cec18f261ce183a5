"""Step through minimax (or alpha-beta) on a real position, one search step at a time.

``step_through(board)`` returns a widget: a slider with play / previous / next buttons, the game
tree redrawn at each step with the values known so far and the current position outlined, and one
sentence saying what happens at that step. With ``pruning=True`` it replays alpha-beta: alpha and
beta on the current path, pruned branches greyed out. A tree too wide to draw whole at a size the
back of a classroom can read is drawn focused: only the positions on the search's current path
show the moves below them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import graphviz
import ipywidgets as widgets

from ttt.board import Board
from ttt.display import MAX_WIDTH, draw_tree, signed
from ttt.fast import shared_solver
from ttt.steps import BACKUP, ENTER, FINAL, PRUNE, Step, search_steps
from ttt.tree import build_tree, count_by_depth

__all__ = ["MAX_FREE", "Replay", "StepThrough", "describe", "replay", "step_through",
           "too_big_message"]

MAX_FREE = 5
Path = tuple[int, ...]


def describe(step: Step) -> str:
    """One sentence saying what the search does at ``step``."""
    where = "the root" if not step.path else "the position after " + ", ".join(map(str, step.path))
    mover = step.board.to_move
    if step.kind == ENTER:
        if step.board.is_over:
            return f"Look at {where}: the game is over."
        return f"Look at {where}: {mover} to move."
    if step.kind == FINAL:
        if not step.board.is_over:  # a depth limit: the search guesses
            return f"Depth limit at {where}: a guess, {signed(step.value)}."
        outcome = f"{step.board.winner} has won" if step.board.winner else "a draw"
        return f"Game over at {where}: {outcome}, so it scores {signed(step.value)}."
    if step.kind == BACKUP:
        pick = "largest" if mover == "X" else "smallest"
        options = ", ".join(signed(v) for _, v in step.children)
        return f"{mover} to move at {where}: takes the {pick} of {options} → {signed(step.value)}."
    if step.kind == PRUNE:
        cells = ", ".join(map(str, step.pruned))
        skipped = f"move {cells} is" if len(step.pruned) == 1 else f"moves {cells} are"
        return (f"At {where}: α = {signed(step.alpha)} ≥ β = {signed(step.beta)}. The player above "
                f"already has something at least as good elsewhere, so {skipped} skipped.")
    raise ValueError(f"unknown step kind {step.kind!r}")


@dataclass
class Replay:
    """What is known after the first ``k + 1`` steps: values, pruned branches and α/β windows."""

    known: dict[Path, float] = field(default_factory=dict)
    pruned: set[Path] = field(default_factory=set)
    windows: dict[Path, tuple[float, float]] = field(default_factory=dict)
    current: Path = ()
    sentence: str = ""


def replay(steps: list[Step], k: int) -> Replay:
    """The state of the search after step ``k`` (0-based).

    α and β are shown on the current path: a position's window is the one it handed down to the
    child being searched, and for the current position the latest one.
    """
    state = Replay()
    handed_down: dict[Path, tuple[float, float]] = {}
    for step in steps[: k + 1]:
        if step.kind in (FINAL, BACKUP):
            state.known[step.path] = step.value
        if step.kind == PRUNE:
            state.pruned.update((*step.path, cell) for cell in step.pruned)
        if step.kind == ENTER:
            handed_down[step.path] = (step.alpha, step.beta)
    step = steps[k]
    state.current = step.path
    state.sentence = describe(step)
    state.windows = {step.path[:i]: handed_down[step.path[: i + 1]]
                     for i in range(len(step.path))}
    state.windows[step.path] = (step.alpha, step.beta)
    return state


class StepThrough(widgets.VBox):
    """A widget replaying the steps of a search below ``board``."""

    def __init__(self, board: Board, *, pruning: bool = False, ordered: bool = True,
                 prefer_quick: bool = True) -> None:
        if board.free_cells > MAX_FREE and not board.is_over:
            raise ValueError(too_big_message(board))
        self.board = board
        self.pruning = pruning
        self.tree = build_tree(board)
        #: Draw the whole tree when it fits the page; else only the moves along the search's path.
        self.focused = max(count_by_depth(self.tree)) > MAX_WIDTH
        self.steps = search_steps(board, pruning=pruning, ordered=ordered,
                                  prefer_quick=prefer_quick)
        self.call = (f"alphabeta(board, ordered={ordered}, prefer_quick={prefer_quick})"
                     if pruning else f"minimax(board, prefer_quick={prefer_quick})")
        self._svg: dict[int, str] = {}
        last = len(self.steps) - 1
        self.slider = widgets.IntSlider(0, 0, last, description="step", continuous_update=False,
                                        layout=widgets.Layout(width="420px"))
        self.play = widgets.Play(value=0, min=0, max=last, interval=900, description="play")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.prev_button = widgets.Button(description="◀ previous", layout={"width": "110px"})
        self.next_button = widgets.Button(description="next ▶", layout={"width": "110px"})
        self.prev_button.on_click(lambda _: self.go(self.slider.value - 1))
        self.next_button.on_click(lambda _: self.go(self.slider.value + 1))
        self.sentence = widgets.HTML()
        self.picture = widgets.HTML()
        visits = sum(step.kind == ENTER for step in self.steps)
        self.options = widgets.HTML(f"Replaying <code>{self.call}</code>: {visits:,} nodes "
                                    f"visited, {len(self.steps):,} steps.")
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        controls = widgets.HBox([self.play, self.prev_button, self.next_button, self.slider])
        super().__init__([self.options, controls, self.sentence, self.picture])
        self.add_class("step-through")
        self.sentence.add_class("step-sentence")
        self.picture.add_class("step-picture")
        self.options.add_class("step-options")
        self.show(0)

    def go(self, k: int) -> None:
        """Move to step ``k`` (clipped to the first and last step)."""
        self.slider.value = max(0, min(k, len(self.steps) - 1))

    @property
    def state(self) -> Replay:
        return replay(self.steps, self.slider.value)

    def draw(self, k: int) -> graphviz.Digraph:
        """The picture of step ``k`` (from 0), as the widget shows it."""
        state = replay(self.steps, k)
        return draw_tree(self.tree, known=state.known, current=state.current,
                         pruned=state.pruned, highlight_best=False,
                         windows=state.windows if self.pruning else None,
                         max_nodes=None, max_width=None,
                         focus=state.current if self.focused else None)

    def show(self, k: int) -> None:
        state = replay(self.steps, k)
        self.sentence.value = (f"<b>Step {k + 1} of {len(self.steps)}.</b> {state.sentence}")
        if k not in self._svg:
            self._svg[k] = self.draw(k).pipe(format="svg", encoding="utf-8")
        self.picture.value = f"<div data-step='{k + 1}'>{self._svg[k]}</div>"


def step_through(board: Board, *, pruning: bool = False, ordered: bool = True,
                 prefer_quick: bool = True) -> StepThrough:
    """A widget stepping through minimax (alpha-beta with ``pruning``) below ``board``, with the
    options and defaults of ``ttt.search``; it shows the search it replays and how many positions
    that search visits (``.nodes`` of the same call)."""
    return StepThrough(board, pruning=pruning, ordered=ordered, prefer_quick=prefer_quick)


def too_big_message(board: Board) -> str:
    """Why a position is too big to step through, with a later position to try instead."""
    later, how = board, "by perfect play"
    while later.free_cells > MAX_FREE and not later.is_over:
        if isinstance(later, Board):
            later = later.play(shared_solver().solve(later).move)
        else:  # a bigger game, too big to solve here: a quiet move, the centremost that does not
            # end the game
            later = next((after for after in map(later.play, later.ordered_moves)
                          if not after.is_over), later.play(later.ordered_moves[0]))
            how = "by quiet moves"
    return (f"{board} has {board.free_cells} free cells: its game tree is too big to follow "
            f"by eye. Try a position with at most {MAX_FREE} free cells, for example "
            f"{later!r}, reached from it {how}.")
