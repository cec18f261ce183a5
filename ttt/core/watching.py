"""Watching a search: one line below its definition, ``search = watched(search)``, and a ``with``
block.

The searches of the package are written as a textbook writes them: a function that calls itself
through its own name, and nothing else in its body (``ttt.search.minimax.minimax_value`` is lesson
3's four lines of pseudocode). Everything else a lesson shows about a search (the count of
positions, the step-through, the trees with values, iterative deepening's deadline, a transposition
table) watches those calls from outside, through one line written just below the definition::

    def minimax_value(position, depth, score): ...
    minimax_value = watched(minimax_value)

(what the decorator line ``@watched`` above it would do; below, it stays out of the source a lesson
shows). It is Peter Norvig's ``trace`` decorator: from then on the name ``minimax_value`` holds a
wrapper, and every call, the search's calls of itself included, goes through it. Nothing is watching
at first, and the wrapper passes each call straight on. ``with watching(minimax_value, watch) as
seen:`` watches the calls made within the block: it counts them, and tells a ``Watch`` what the
search does, from each call and its return alone:

    ENTER   a call: the search arrives at a position;
    LEAF    a call that returned without calling the search again: the game was over or the
            depth limit was reached, and the returned value is the position's score;
    CUT     a call that returned before calling the search on every move: the moves never called;
    LEAVE   any other return: the value found from the (move, score) pairs of its calls.

What the watch is told of a call comes from the call itself, never from the order of the calls,
so a search that tries its moves in any order is watched right:

- its position is its first argument;
- its move is the move of its caller's position that leads to its own (the one ``play`` turns
  the caller's position into this one), so its ``path`` is the moves played from the start;
- its window, for alpha-beta, is its arguments named ``alpha`` and ``beta``; when it returns,
  what its own variables ``alpha`` and ``beta`` hold at its end (read from the call's frame), so
  a cut shows the window that closed.

``seen`` holds what every caller needs: ``nodes``, the calls made (the positions visited, the
first one included), and ``root_scores``, the scores of the first position's moves in the order
the search tried them, from which the caller picks the move to play. ``table=`` remembers the
value of each position (a transposition table, as ``functools.cache`` would, outside the body):
a position valued before is read from it, and the watch sees a leaf.

Monte Carlo tree search's phases are ``@watched`` the same way (``ttt.search.mcts``), and tell the
same ``Watch`` of each phase once it returns: ``calls_through`` is what ``watching`` is built on,
each call of a watched function passed through a function of the caller's own for the time of a
``with`` block. Nothing replaces a name in a module: the wrapper stands under the name from the
definition on, and the ``with`` block only attaches to it and detaches from it (even after an
error: the deadline of iterative deepening is an exception). A search run inside another's watch
(an evaluation that searches, say) is watched by its own ``with`` only. This module imports
nothing of the package but its argument rules (``ttt.core.arguments``): it is below every search.
"""

from __future__ import annotations

import functools
import inspect
import math
import sys
from collections.abc import Callable, Iterator, Mapping, MutableMapping, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import Any, TypeVar

from ttt.core.arguments import a_function, checked

__all__ = ["Counting", "Seen", "Watch", "calls_through", "watched", "watching"]

Path = tuple[Any, ...]  # the moves played from the start of the search
F = TypeVar("F", bound=Callable[..., Any])


class Watch:
    """Sees a search happen, step by step; each method here does nothing, so a watcher overrides
    only what it needs. Minimax, alpha-beta and expectimax tell the first four, ``path`` being
    the moves played from the start of the search; Monte Carlo tree search tells the last four,
    one per phase once it has run, ``root`` being the tree as it is then."""

    def enter(self, path: Path, position: Any, alpha: float = -math.inf,
              beta: float = math.inf) -> None:
        """The search arrives at a position (alpha-beta: with this window)."""

    def leaf(self, path: Path, position: Any, score: float) -> None:
        """It stops here: the game is over, or the depth limit is reached."""

    def leave(self, path: Path, position: Any, scores: Mapping[Any, float],
              score: float, alpha: float = -math.inf, beta: float = math.inf) -> None:
        """It leaves a position with the best of its moves' ``scores`` (alpha-beta: with its
        window as it ended)."""

    def cut(self, path: Path, position: Any, skipped: Sequence[Any], alpha: float,
            beta: float) -> None:
        """Alpha-beta: alpha >= beta, so the moves ``skipped`` are not searched."""

    def selected(self, node: Any, root: Any) -> None:
        """Monte Carlo tree search: selection stopped at ``node``."""

    def expanded(self, node: Any, root: Any) -> None:
        """Monte Carlo tree search: ``node`` was added to the tree."""

    def played_out(self, node: Any, moves: tuple[Any, ...], result: int, root: Any) -> None:
        """Monte Carlo tree search: from ``node``'s position, ``moves`` were played at random,
        with ``result``."""

    def backed_up(self, node: Any, result: int, root: Any) -> None:
        """Monte Carlo tree search: ``result`` was counted from ``node`` up to the root."""


@checked
class Counting(Watch):
    """A watch that counts the positions a search enters (``nodes``), and tells ``watch``, if
    given, everything the search does."""

    def __init__(self, watch: Watch | None = None) -> None:
        self.nodes, self.watch = 0, watch
        if watch is not None:  # the other steps go straight to it: nothing to add on the way
            self.leaf, self.leave, self.cut = watch.leaf, watch.leave, watch.cut

    def enter(self, path: Path, position: Any, alpha: float = -math.inf,
              beta: float = math.inf) -> None:
        self.nodes += 1
        if self.watch is not None:
            self.watch.enter(path, position, alpha, beta)


class Seen:
    """What watching a search saw: ``nodes``, the calls of the search (the positions visited),
    and ``root_scores``, the scores of the first position's moves, in the order tried."""

    __slots__ = ("first", "nodes", "returned")

    def __init__(self) -> None:
        self.nodes = 0
        self.first: Any = None  # the first call's position
        self.returned: list[tuple[Any, Any]] = []  # (position, score) of each call it made

    @property
    def root_scores(self) -> dict[Any, Any]:
        """The score of each move the first call called the search on, by the move that leads
        to the position called (worked out when asked: a search whose positions are not of the
        game protocol is counted all the same)."""
        first = _Call((), self.first)
        return {first.move_to(position): score for position, score in self.returned}


# --- the one line above a search: @watched ----------------------------------------------------


def _positional(value: object, name: str) -> None:
    """The rule of a search ``@watched`` takes: a function whose every argument can be given by
    position, so that a call reaches its watch as the arguments in the order of the ``def``."""
    a_function(value, name)
    kinds = {parameter.kind for parameter in inspect.signature(value).parameters.values()}
    if kinds & {inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.VAR_KEYWORD}:
        raise TypeError(f"{name} is a function whose arguments can all be given by position "
                        f"(no keyword-only ones, no **kwargs), got {value!r:.60}")


@checked(search=_positional)
def watched(search: F) -> F:
    """``search`` made watchable (a decorator): every call of it, its calls of itself included,
    goes through the function a ``with calls_through(...)`` block (``watching``) attaches to it,
    given the call's arguments by position, and straight on to ``search`` when nothing is
    attached."""
    attached: list[Callable[..., Any]] = []  # innermost last: a search inside another's watch
    signature = inspect.signature(search)

    @functools.wraps(search)
    def watchable(*args: Any, **kwargs: Any) -> Any:
        if not attached:
            return search(*args, **kwargs)
        if kwargs:  # the arguments in the order of the def, as every watch reads them
            called = signature.bind(*args, **kwargs)
            called.apply_defaults()
            args = called.args
        return attached[-1](*args)

    # the marks of a watchable function, which functools.wraps also copies onto a decorator
    # wrapped around it: that decorator stays in the way of every call, and is watched through
    watchable._attached, watchable._body = attached, search  # type: ignore[attr-defined]
    return watchable  # type: ignore[return-value]


def _a_watched(value: object, name: str) -> None:
    """The rule of what ``watching`` and ``calls_through`` watch: a function declared ``@watched``
    (not a built-in such as ``len``, nor a function without the line)."""
    if not callable(value) or not isinstance(getattr(value, "_attached", None), list):
        raise TypeError(f"{name} is a search function declared @watched (the line "
                        f"'@watched' from ttt.core.watching above its def), got {value!r:.60}")


@checked(search=_a_watched, through=a_function)
@contextmanager
def calls_through(search: Callable[..., Any],
                  through: Callable[[Callable[..., Any]], Callable[..., Any]]) -> Iterator[None]:
    """Within the ``with`` block, every call of the ``@watched`` ``search`` goes to the function
    ``through(body)`` returns: a function of the caller's that is given the arguments of each
    call (by position), and runs ``body``, the search as defined, to answer it."""
    attached = search._attached  # type: ignore[attr-defined]
    attached.append(through(search._body))  # type: ignore[attr-defined]
    try:
        yield
    finally:
        attached.pop()


# --- watching a search: the count, the first position's scores, the steps --------------------


@checked(search=_a_watched)
@contextmanager
def watching(search: Callable[..., Any], watch: Watch | None = None, *,
             table: MutableMapping[Any, Any] | None = None) -> Iterator[Seen]:
    """Within the ``with`` block, every call of ``search`` (declared ``@watched``; its first
    argument is a position, and it returns that position's score) is counted, and told to
    ``watch`` if given; yields the ``Seen`` that counts them. With ``table``, a position found in
    it is answered from it (a leaf, to the watch), and each position valued is stored in it."""
    seen = Seen()
    arguments = _Arguments(search._body)  # type: ignore[attr-defined]

    def through(body: Callable[..., Any]) -> Callable[..., Any]:
        if table is not None:
            body = _remembered(body, table, arguments)
        if watch is None:
            return _counted(body, seen)
        return _reported(body, seen, watch, arguments)

    with calls_through(search, through):
        yield seen


class _Arguments:
    """How to read a call of a search by the names of its parameters: its position (the first),
    and its window (``alpha`` and ``beta``, if it has them)."""

    def __init__(self, search: Callable[..., Any]) -> None:
        parameters = list(inspect.signature(search).parameters.values())
        names = [parameter.name for parameter in parameters]
        self.windowed = {"alpha", "beta"} <= set(names)
        #: where alpha and beta are among the arguments, and their values if not given
        self.where = [(names.index(name), parameters[names.index(name)].default)
                      for name in ("alpha", "beta")] if self.windowed else []

    def window(self, args: tuple[Any, ...]) -> tuple[float, float]:
        if not self.windowed:
            return -math.inf, math.inf
        (a, alpha), (b, beta) = self.where
        return args[a] if a < len(args) else alpha, args[b] if b < len(args) else beta


class _Call:
    """A call under way: where it is, its window, the moves it has not called yet and the scores
    of those it has, in the order called."""

    __slots__ = ("after", "alpha", "beta", "frame", "path", "position", "scores", "untried")

    def __init__(self, path: Path, position: Any, alpha: float = -math.inf,
                 beta: float = math.inf) -> None:
        self.path, self.position, self.alpha, self.beta = path, position, alpha, beta
        self.untried: list[Any] | None = None  # its legal moves, once it calls the search
        self.after: dict[Any, Any] = {}  # the position after each move, once asked
        self.scores: dict[Any, float] = {}
        self.frame: FrameType | None = None  # the frame of its body, to read its window's end

    def move_to(self, position: Any) -> Any:
        """The move, among those not called yet, that leads from this call's position to
        ``position``. (They are looked at the most promising first, if the position knows which
        those are: a search that tries them in that order finds each at its first look; any
        other order is found as well, only with more looks.)"""
        if self.untried is None:
            self.untried = list(getattr(self.position, "ordered_moves", None)
                                or self.position.legal_moves)
        for i, move in enumerate(self.untried):
            if move not in self.after:
                self.after[move] = self.position.play(move)
            if self.after[move] == position:
                del self.untried[i]
                return move
        raise ValueError(f"a watched search called itself on {position!r:.60}, which no move "
                         f"left leads to from {self.position!r:.60} (a position must compare "
                         f"equal to the same position made again, as the game protocol asks)")

    def window_at_end(self) -> tuple[float, float]:
        """The values of ``alpha`` and ``beta`` in the call's own body when it returned."""
        found = self.frame.f_locals if self.frame is not None else {}
        return found.get("alpha", self.alpha), found.get("beta", self.beta)


def _caller_frame() -> FrameType:
    """The frame of the body that called the search: above the watch's own two frames (the
    wrapper and the function it passes the call through), and out of a comprehension."""
    frame = sys._getframe(3)
    while frame.f_code.co_name.startswith("<") and frame.f_back is not None:
        frame = frame.f_back
    return frame


def _counted(search: Callable[..., Any], seen: Seen) -> Callable[..., Any]:
    """``search``, counting its calls and keeping the scores of the first one's: the leanest
    watch, for a search that nobody else watches."""
    under_way = 0  # the calls under way: 1 inside the first call, 2 inside one of its moves

    def counted(*args: Any) -> Any:
        nonlocal under_way
        seen.nodes += 1
        if under_way == 0:
            seen.first, seen.returned = args[0], []
        under_way += 1
        try:
            score = search(*args)
        finally:
            under_way -= 1
        if under_way == 1:
            seen.returned.append((args[0], score))
        return score

    return counted


def _reported(search: Callable[..., Any], seen: Seen, watch: Watch,
              arguments: _Arguments) -> Callable[..., Any]:
    """``search``, telling ``watch`` of every step it takes (the module's docstring says how
    each is recognised), as well as counting."""
    under_way: list[_Call] = []  # the calls from the first one down to the latest

    def reported(*args: Any) -> Any:
        position = args[0]
        path: Path = ()
        if under_way:
            parent = under_way[-1]
            path = (*parent.path, parent.move_to(position))
            if arguments.windowed and parent.frame is None:
                parent.frame = _caller_frame()
        else:
            seen.first, seen.returned = position, []
        call = _Call(path, position, *arguments.window(args))
        seen.nodes += 1
        watch.enter(path, position, call.alpha, call.beta)
        under_way.append(call)
        try:
            score = search(*args)
        finally:
            under_way.pop()
        if under_way:
            under_way[-1].scores[path[-1]] = score
            if len(under_way) == 1:
                seen.returned.append((position, score))
        _report_return(call, score, watch)
        return score

    return reported


def _report_return(call: _Call, score: Any, watch: Watch) -> None:
    """Tell ``watch`` how ``call`` ended: a LEAF if it called no move, else a CUT if moves were
    left uncalled, and a LEAVE with its moves' scores."""
    if call.untried is None:
        watch.leaf(call.path, call.position, score)
        return
    alpha, beta = call.window_at_end()
    call.frame = None  # its variables are read: let them go
    if call.untried:
        skipped = [move for move in call.position.legal_moves if move in call.untried]
        watch.cut(call.path, call.position, skipped, alpha, beta)
    watch.leave(call.path, call.position, call.scores, score, alpha, beta)


def _remembered(search: Callable[..., Any], table: MutableMapping[Any, Any],
                arguments: _Arguments) -> Callable[..., Any]:
    """``search``, looking each position up in ``table`` before valuing it, and storing what it
    finds there."""

    def remembered(*args: Any) -> Any:
        position = args[0]
        if position not in table:
            table[position] = search(*args)
        return table[position]

    return remembered
