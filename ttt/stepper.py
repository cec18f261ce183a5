"""Step through minimax (or alpha-beta) on a real position, one search step at a time.

``step_through(board)`` returns a widget: a slider numbered from step 1 with play / pause,
previous and next buttons, the game tree redrawn at each step with the values known so far and the
current position outlined, and one sentence saying what happens at that step. With
``pruning=True`` it replays alpha-beta: alpha and beta on the current path, pruned branches greyed
out. A tree too wide to draw whole at a size the back of a classroom can read is drawn focused:
only the positions on the search's current path show the moves below them. A picture too tall to
fit a 1280 x 800 screen with the controls above it shows the band of the tree around the current
position, and says which way more of the tree lies.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from dataclasses import dataclass, field

import graphviz
import ipywidgets as widgets

from ttt.core.arguments import a_whole_number, at_least, checked
from ttt.course.aria import KEYBOARD, LiveRegion, NamedSlider
from ttt.games.board import Board
from ttt.pictures.display import CURRENT_COLOUR, MAX_WIDTH, Path, draw_tree
from ttt.search.perfect import perfect_move
from ttt.core.protocol import Position, check_position
from ttt.search.trace import BACK_UP, CUT, ENTER, LEAF, Step, describe, search_steps
from ttt.search.tree import build_tree, count_by_depth

__all__ = ["MAX_FREE", "MAX_HEIGHT", "Replay", "StepThrough", "crop_to_current", "replay",
           "step_through", "too_big_message"]

MAX_FREE = 5
#: pt (4/3 px): the tallest picture that fits a 1280 x 800 screen in JupyterLab with the
#: widget's controls and sentence above it; a taller tree shows the band around the current position
MAX_HEIGHT = 380
_SECONDS_PER_STEP = 0.9  # while playing


@dataclass
class Replay:
    """What is known after the first ``k + 1`` steps: values, pruned branches and α/β windows."""

    known: dict[Path, float] = field(default_factory=dict)
    pruned: set[Path] = field(default_factory=set)
    windows: dict[Path, tuple[float, float]] = field(default_factory=dict)
    current: Path = ()
    sentence: str = ""


def _a_step(k: object, name: str, arguments: dict) -> None:
    """The argument rule of a step number, of the ``steps`` given or a step-through's (its
    ``self``): from 0 to the last."""
    steps = arguments["steps"] if "steps" in arguments else arguments["self"].steps
    last = len(steps) - 1
    at_least(0, last, " (the last step)")(k, name)


_a_step.with_arguments = True  # type: ignore[attr-defined]


@checked(k=_a_step)
def replay(steps: list[Step], k: int) -> Replay:
    """The state of the search after step ``k`` (0-based).

    α and β are shown on the current path: a position's window is the one it handed down to the
    child being searched, and for the current position the latest one.
    """
    state = Replay()
    handed_down: dict[Path, tuple[float, float]] = {}
    for step in steps[: k + 1]:
        if step.kind in (LEAF, BACK_UP):
            state.known[step.path] = step.value
        if step.kind == CUT:
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


def _few_free_cells(board: object, name: str) -> None:
    """The argument rule of the position a step-through replays: at most MAX_FREE free cells."""
    check_position(board, name)
    if board.free_cells > MAX_FREE and not board.is_over:
        raise ValueError(f"{name}: {too_big_message(board)}")


@checked(board=_few_free_cells)
class StepThrough(widgets.VBox):
    """A widget replaying the steps of a search below ``board``."""

    def __init__(self, board: Position, *, pruning: bool = False, ordered: bool = True,
                 prefer_quick: bool = True) -> None:
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
        self._timer: asyncio.TimerHandle | None = None  # the next step while playing
        # the slider shows the step numbers of the sentence, 1 to n; the steps are 0 to n - 1
        self.slider = NamedSlider(1, 1, len(self.steps), description="step",
                                  layout=widgets.Layout(width="420px"))
        self.play = widgets.ToggleButton(description="▶ play", layout={"width": "100px"},
                                         tooltip="play the steps one after another")
        self.prev_button = widgets.Button(description="◀ previous", layout={"width": "110px"})
        self.next_button = widgets.Button(description="next ▶", layout={"width": "110px"})
        self.prev_button.on_click(lambda _: self.go(self.step - 1))
        self.next_button.on_click(lambda _: self.go(self.step + 1))
        self.play.observe(lambda _: self._playing(), names="value")
        self.sentence = widgets.HTML()
        self.picture = widgets.HTML()
        self.live = LiveRegion()  # the sentence again, read out at each step
        visits = sum(step.kind == ENTER for step in self.steps)
        self.options = widgets.HTML(f"Replaying <code>{self.call}</code>: {visits:,} nodes "
                                    f"visited, {len(self.steps):,} steps.")
        self.slider.observe(lambda change: self.show(change["new"] - 1), names="value")
        controls = widgets.HBox([self.play, self.prev_button, self.next_button, self.slider])
        super().__init__([self.options, controls, self.sentence, self.live, self.picture])
        self.add_class("step-through").add_class(KEYBOARD)
        self.sentence.add_class("step-sentence")
        self.picture.add_class("step-picture")
        self.options.add_class("step-options")
        self.play.add_class("step-play")
        self.show(0)

    @property
    def step(self) -> int:
        """The step shown, from 0 (the slider and the sentence number it from 1)."""
        return self.slider.value - 1

    @checked(k=a_whole_number)  # any whole number: go clips it to the steps there are
    def go(self, k: int) -> None:
        """Move to step ``k``, a whole number from 0 (clipped to the first and last step; anything
        but a whole number is refused with a TypeError)."""
        self.slider.value = max(0, min(k, len(self.steps) - 1)) + 1

    @property
    def state(self) -> Replay:
        return replay(self.steps, self.step)

    def _playing(self) -> None:
        """Play from the step shown (from the first if it is the last), or pause where it is."""
        self.play.description = "❚❚ pause" if self.play.value else "▶ play"
        if self._timer:  # a pause, or a play pressed again before the next step: one clock only
            self._timer.cancel()
            self._timer = None
        if self.play.value:
            if self.step == len(self.steps) - 1:
                self.go(0)
            self._later()

    def tick(self) -> None:
        """While playing, one step on; at the last step, stop there."""
        if not self.play.value:
            return
        self.go(self.step + 1)
        if self.step == len(self.steps) - 1:
            self.play.value = False
        else:
            self._later()

    def _later(self) -> None:
        # the kernel's event loop runs the next step while the page stays responsive; outside a
        # kernel (a script, a test) there is no loop, and the steps move only when called
        with contextlib.suppress(RuntimeError):
            self._timer = asyncio.get_running_loop().call_later(_SECONDS_PER_STEP, self.tick)

    @checked(k=_a_step)
    def draw(self, k: int) -> graphviz.Digraph:
        """The picture of step ``k`` (from 0), the whole tree, as drawn before any cropping."""
        state = replay(self.steps, k)
        return draw_tree(self.tree, known=state.known, current=state.current,
                         pruned=state.pruned, highlight_best=False,
                         windows=state.windows if self.pruning else None,
                         max_nodes=None, max_width=None,
                         focus=state.current if self.focused else None)

    @checked(k=_a_step)
    def show(self, k: int) -> None:
        """Show step ``k`` (from 0): its sentence, and its picture, cropped if too tall."""
        state = replay(self.steps, k)
        heading = f"Step {k + 1} of {len(self.steps)}."
        self.sentence.value = f"<b>{heading}</b> {state.sentence}"
        self.live.say(f"{heading} {state.sentence}")
        if k not in self._svg:
            self._svg[k] = crop_to_current(self.draw(k).pipe(format="svg", encoding="utf-8"))
        self.picture.value = f"<div data-step='{k + 1}'>{self._svg[k]}</div>"


_SVG_SIZE = re.compile(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"\s+viewBox="([-\d. ]+)"')


def _a_drawn_tree(svg: object, name: str) -> None:
    """The argument rule of a tree drawn as SVG by Graphviz (``draw_tree(...).pipe('svg')``)."""
    if not isinstance(svg, str) or not _SVG_SIZE.search(svg):
        raise TypeError(f"{name} is a tree drawn by Graphviz as SVG text, e.g. "
                        f"draw_tree(board).pipe('svg', encoding='utf-8'), got {svg!r:.40}")


@checked(svg=_a_drawn_tree)
def crop_to_current(svg: str, height: float = MAX_HEIGHT) -> str:
    """``svg`` (a tree drawn by Graphviz) cut to a band ``height`` pt high around the current
    position, with a line saying which way the rest lies; unchanged if it is no taller."""
    size = _SVG_SIZE.search(svg)
    if float(size[2]) <= height:
        return svg
    left, top, width, full = map(float, size[3].split())
    # Graphviz draws at negative y and shifts the drawing down by the translate's y
    shift = float(re.search(r"translate\([-\d.]+ ([-\d.]+)\)", svg)[1])
    halo = re.search(rf'<polygon fill="{CURRENT_COLOUR}"[^>]* points="([^"]*)"', svg,
                     re.IGNORECASE)
    ys = [shift + float(point.split(",")[1]) for point in halo[1].split()]
    # the current position a third of the way down: its parent above it, its moves below
    start = min(max(min(ys) - height / 3, top), top + full - height)
    cropped = svg.replace(size[0], f'<svg width="{size[1]}pt" height="{height:g}pt"\n '
                                   f'viewBox="{left:g} {start:g} {width:g} {height:g}"')
    above, below = start > top + 1, start + height < top + full - 1
    where = " and ".join(word for word, more in (("above", above), ("below", below)) if more)
    return (f"<div class='step-cropped'>{'▲' if above else '▼'} Part of the tree, around the "
            f"current position: more of it lies {where}.</div>{cropped}")


@checked(board=_few_free_cells)
def step_through(board: Position, *, pruning: bool = False, ordered: bool = True,
                 prefer_quick: bool = True) -> StepThrough:
    """A widget stepping through minimax (alpha-beta with ``pruning``) below ``board``, with the
    options and defaults of ``ttt.search.minimax``; it shows the search it replays and how many positions
    that search visits (``.nodes`` of the same call)."""
    return StepThrough(board, pruning=pruning, ordered=ordered, prefer_quick=prefer_quick)


@checked
def too_big_message(board: Position) -> str:
    """Why a position is too big to step through, with a later position to try instead."""
    later, how = board, "by perfect play"
    while later.free_cells > MAX_FREE and not later.is_over:
        if isinstance(later, Board):
            later = later.play(perfect_move(later))
        else:  # a bigger game, too big to solve here: a quiet move, the centremost that does not
            # end the game
            later = next((after for after in map(later.play, later.ordered_moves)
                          if not after.is_over), later.play(later.ordered_moves[0]))
            how = "by quiet moves"
    return (f"{board} has {board.free_cells} free cells: its game tree is too big to follow "
            f"by eye. Try a position with at most {MAX_FREE} free cells, for example "
            f"{later!r}, reached from it {how}.")
