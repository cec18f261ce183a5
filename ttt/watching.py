"""Watching a search from outside its body: every call of a recursive function, reported.

The searches of the package are written as a textbook writes them: a module-level function that
calls itself through its own name, and nothing else in its body (``ttt.search.minimax_value`` is
lesson 3's four lines of pseudocode). Everything else a lesson shows about a search (the count of
positions, the step-through, the trees with values, iterative deepening's deadline) watches those
calls from outside, with ``watching``: Peter Norvig's ``trace`` decorator, applied for the time of
a ``with`` block.

``with watching(minimax_value, watch) as seen:`` replaces the name ``minimax_value`` in its
module by a wrapper, so that every call the search makes of itself passes through the wrapper;
the body is not changed. From calls and returns alone the wrapper tells a ``Watch`` what the
search does:

    ENTER   a call: the search arrives at a position (alpha-beta: with the window of its
            arguments);
    LEAF    a call that returned without calling the search again: the game was over or the
            depth limit was reached, and the returned value is the position's score;
    CUT     a call that returned before trying every move (alpha-beta): the moves never called;
    BACK UP any other return: the value backed up from the (move, score) pairs of its calls.

A position's ``path``, the moves played from the start of the search, is known because a search
tries a position's moves one after the other in a known order (``moves``): the third call made
from a position is its third move. The same order tells which moves a CUT skipped. ``seen``
holds what every caller needs: ``nodes``, the calls made (the positions visited, the first one
included), and ``root_scores``, the scores of the first position's moves, from which the caller
picks the move to play. Without a ``Watch`` the wrapper only counts, so a watched search runs
about as fast as it did with counting written into its body.

The ``with`` block puts back whatever the name held before, even after an error (the deadline of
iterative deepening is an exception), and a search run inside another's watch (an evaluation
that searches, say) is watched by its own ``with`` only. This module imports nothing of the
package but its argument rules (``ttt.arguments``): it is below every search.
"""

from __future__ import annotations

import functools
import inspect
import math
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from ttt.arguments import checked

__all__ = ["Counting", "Seen", "Watch", "watching"]

Path = tuple[Any, ...]  # the moves played from the start of the search
Moves = Callable[[Any], Sequence[Any]]  # a position's moves, in the order the search tries them
_Window = Callable[[tuple[Any, ...]], tuple[float, float]]  # a call's (alpha, beta)


class Watch:
    """Sees a search happen, position by position; each method here does nothing, so a watcher
    overrides only what it needs. ``path`` is the moves played from the start of the search."""

    def enter(self, path: Path, position: Any, alpha: float = -math.inf,
              beta: float = math.inf) -> None:
        """The search arrives at a position (alpha-beta: with this window)."""

    def leaf(self, path: Path, position: Any, score: float) -> None:
        """It stops here: the game is over, or the depth limit is reached."""

    def back_up(self, path: Path, position: Any, scores: Mapping[Any, float],
               score: float, alpha: float = -math.inf, beta: float = math.inf) -> None:
        """It leaves a position with the best of its moves' ``scores``."""

    def cut(self, path: Path, position: Any, skipped: Sequence[Any], alpha: float,
            beta: float) -> None:
        """Alpha-beta: alpha >= beta, so the moves ``skipped`` are not searched."""


@checked
class Counting(Watch):
    """A watch that counts the positions a search enters (``nodes``), and tells ``watch``, if
    given, everything the search does."""

    def __init__(self, watch: Watch | None = None) -> None:
        self.nodes, self.watch = 0, watch
        if watch is not None:  # the other steps go straight to it: nothing to add on the way
            self.leaf, self.back_up, self.cut = watch.leaf, watch.back_up, watch.cut

    def enter(self, path: Path, position: Any, alpha: float = -math.inf,
              beta: float = math.inf) -> None:
        self.nodes += 1
        if self.watch is not None:
            self.watch.enter(path, position, alpha, beta)


class Seen:
    """What watching a search saw: ``nodes``, the calls of the search (the positions visited),
    and ``root_scores``, the scores of the first position's moves, in the order tried."""

    __slots__ = ("nodes", "root_scores")

    def __init__(self) -> None:
        self.nodes = 0
        self.root_scores: dict[Any, float] = {}


def _a_search(value: object, name: str) -> None:
    """The rule of the search ``watching`` watches: a function of Python source at the top of its
    module, which ``watching`` replaces there, by name, for the ``with`` block (not a built-in
    such as ``len``, which it would replace for every module)."""
    original = getattr(value, "_watched", value)
    home = sys.modules.get(getattr(original, "__module__", None) or "")
    found = getattr(home, getattr(original, "__name__", ""), None)
    if not inspect.isfunction(original) or not any(found is f for f in (value, original)):
        raise TypeError(f"{name} is a search function defined at the top of a module (watching "
                        f"replaces it there, by name, for the with block), got {value!r:.60}")


@checked(search=_a_search)
@contextmanager
def watching(search: Callable[..., float], watch: Watch | None = None, *,
             moves: Moves = lambda position: position.legal_moves,
             window: _Window | None = None) -> Iterator[Seen]:
    """Within the ``with`` block, every call of the module-level function ``search`` (whose first
    argument is a position, and which returns its score) is counted, and told to ``watch`` if
    given; yields the ``Seen`` that counts them.

    ``moves(position)`` lists a position's moves in the order the search tries them (by default
    its ``legal_moves``), and ``window(args)``, for alpha-beta, picks (alpha, beta) out of a
    call's arguments."""
    # not another watch's wrapper; only the watches' own mark is followed, not ``__wrapped__``,
    # which any decorator sets (a mutation tester's, say) and which would skip that decorator
    original = getattr(search, "_watched", search)
    home, name = sys.modules[original.__module__], original.__name__
    seen = Seen()
    if watch is None:
        wrapper = _counted(original, seen, moves)
    else:
        wrapper = _reported(original, seen, watch, moves, window)
    functools.update_wrapper(wrapper, original)  # its name and docstring
    wrapper._watched = original  # type: ignore[attr-defined]
    before = getattr(home, name)
    setattr(home, name, wrapper)
    try:
        yield seen
    finally:
        setattr(home, name, before)


def _counted(search: Callable[..., float], seen: Seen, moves: Moves) -> Callable[..., float]:
    """``search``, counting its calls and keeping the scores of the first one's moves: the
    leanest wrapper, for a search that nobody else watches."""
    level = 0  # the calls under way: 1 inside the first call, 2 inside one of its moves
    root_values: list[float] = []

    def counted(*args: Any) -> float:
        nonlocal level
        seen.nodes += 1
        level += 1
        try:
            score = search(*args)
        finally:
            level -= 1
        if level == 1:
            root_values.append(score)
        elif level == 0 and root_values:
            seen.root_scores = dict(zip(moves(args[0]), root_values, strict=False))
        return score

    return counted


class _Call:
    """A call under way: where it is, its window, its moves and the scores of those tried."""

    __slots__ = ("alpha", "beta", "moves", "path", "position", "scores")

    def __init__(self, path: Path, position: Any, alpha: float, beta: float) -> None:
        self.path, self.position, self.alpha, self.beta = path, position, alpha, beta
        self.moves: Sequence[Any] | None = None  # asked once its first move is tried
        self.scores: list[float] = []


def _reported(search: Callable[..., float], seen: Seen, watch: Watch, moves: Moves,
              window: _Window | None) -> Callable[..., float]:
    """``search``, telling ``watch`` of every step it takes (the module's docstring says how
    each is recognised), as well as counting."""
    under_way: list[_Call] = []  # the calls from the first one down to the latest

    def reported(*args: Any) -> float:
        position = args[0]
        alpha, beta = window(args) if window else (-math.inf, math.inf)
        if under_way:
            parent = under_way[-1]
            if parent.moves is None:
                parent.moves = moves(parent.position)
            path = (*parent.path, parent.moves[len(parent.scores)])
        else:
            path = ()
        call = _Call(path, position, alpha, beta)
        seen.nodes += 1
        watch.enter(path, position, alpha, beta)
        under_way.append(call)
        try:
            score = search(*args)
        finally:
            under_way.pop()
        if under_way:
            under_way[-1].scores.append(score)
        _report_return(call, score, watch, window is not None)
        if not under_way and call.moves is not None:
            seen.root_scores = dict(zip(call.moves, call.scores, strict=False))
        return score

    return reported


def _report_return(call: _Call, score: float, watch: Watch, windowed: bool) -> None:
    """Tell ``watch`` how ``call`` ended: a LEAF if it tried no move, else a CUT if it stopped
    before its last move, and a BACK UP of its moves' scores."""
    if call.moves is None:
        watch.leaf(call.path, call.position, score)
        return
    alpha, beta = _window_after(call) if windowed else (-math.inf, math.inf)
    tried = len(call.scores)
    if tried < len(call.moves):
        watch.cut(call.path, call.position, call.moves[tried:], alpha, beta)
    watch.back_up(call.path, call.position, dict(zip(call.moves, call.scores, strict=False)),
                  score, alpha, beta)


def _window_after(call: _Call) -> tuple[float, float]:
    """The window of an alpha-beta call once its moves were searched: X raises alpha to the best
    score found, O lowers beta."""
    if call.position.to_move == "X":
        return max(call.alpha, *call.scores), call.beta
    return call.alpha, min(call.beta, *call.scores)
