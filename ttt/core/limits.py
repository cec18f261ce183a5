"""Time limits on functions the package is handed: a student's player, or the student's answer to
an exercise, that never returns is stopped, and the caller is told so in a sentence, instead of
the notebook hanging.

Two kinds of limit share one way of stopping a call (``call_within``):

- **a move** (``limited_player``): every player handed to a match, a tournament or a learner is
  given ``MOVE_SECONDS`` per move (a minute: the slowest of the course's own players, a whole
  search in pure Python, takes seconds); an evaluation a player searches with is part of its
  move. ``ttt.time_per_move(seconds)`` changes it for a block. A move over it raises
  ``MoveTookTooLong``, a ``TimeoutError`` naming the player.
- **an exercise's check** (``ttt.course.exercises.checking.time_limited``): a far shorter limit
  per call, and one on the whole check.

Where a timer signal can interrupt the call (Unix, the main thread: a notebook's kernel, nbval,
Voila), a SIGALRM stops it, at no cost while it runs. Elsewhere (the browser-only build, Pyodide,
has neither threads nor timer signals; Windows; another thread) the clock is read at each jump
back (a loop) and each call in the student's code, through ``sys.monitoring`` (Python 3.12 and
later, Pyodide's included) or else a trace function at each line, which makes the student's code
a few times slower; the package's own code is never looked at (it always ends). None of them can
stop one call of C code that never returns (``time.sleep(10**9)``, ``input()``); and a bare
``except:`` around the place where the time ran out catches the stop (under the trace function,
for good).

This module imports nothing of the package: the argument rules (``ttt.core.arguments``) use it.
"""

from __future__ import annotations

import functools
import math
import signal
import sys
import sysconfig
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# What the package's users meet; the rest is for the argument rules and the exercises' checks.
__all__ = ["MOVE_SECONDS", "MoveTookTooLong", "TookTooLong"]

#: How long a player may take over one move, in seconds (``ttt.core.timing.time_per_move``
#: changes it): a player that takes longer never returns, as far as a lesson can tell.
MOVE_SECONDS = 60.0


class TookTooLong(BaseException):
    """A call ran over its time; its argument is the limit's own token (``call_within``), which
    tells whose limit rang. A BaseException, like KeyboardInterrupt, so that the student's own
    ``except Exception`` does not swallow it."""


class MoveTookTooLong(TimeoutError):
    """A player did not choose its move within ``MOVE_SECONDS``."""


def limited_player(player: Callable[[Any], Any], name: str = "player",
                   call: Callable[[Callable[[Any], Any], Any], Any] | None = None
                   ) -> Callable[[Any], Any]:
    """``player`` (passed as ``name``), its every move stopped after ``MOVE_SECONDS`` (as it is
    at the move) with a ``MoveTookTooLong`` that says so; each move made by ``call(player,
    position)`` if given (the argument rules' ``as_entered``). Its attributes stay (``.choose``,
    a name), so the player is still known by them; one that is already limited is given back."""
    if getattr(player, "time_limited", False):
        return player
    step = player if call is None else functools.partial(call, player)
    called = getattr(player, "__name__", repr(player))

    def move(position: Any) -> Any:
        # whose limit rang is told by its token, not by the time taken: a signal comes late
        mine = object()
        try:
            return call_within(step, (position,), MOVE_SECONDS, mine)
        except TookTooLong as stopped:
            if stopped.args[:1] != (mine,):  # an outer limit (an exercise's check): the caller's
                raise
            raise MoveTookTooLong(
                f"{name} {called!r} did not choose a move within {MOVE_SECONDS:g} s, on the "
                f"position {position}: does it loop for ever? (give a slow player longer with "
                "ttt.time_per_move(seconds))") from None

    functools.update_wrapper(move, player)
    move.__name__ = move.__qualname__ = called
    move.time_limited = True  # type: ignore[attr-defined]
    return move


# --- stopping one call --------------------------------------------------------------------------

def call_within(function: Callable[..., Any], args: tuple, limit: float,
                token: object = None) -> Any:
    """``function(*args)``, stopped with ``TookTooLong(token)`` once ``limit`` seconds have passed,
    or an outer limit's ``TookTooLong`` if that one is sooner: the token says which rang."""
    if limit <= 0:
        raise TookTooLong(token)
    if timer_signals_work():
        return _with_an_alarm(function, args, limit, token)
    if monitoring_is_ours():
        return _with_monitoring(function, args, limit, token)
    return _with_a_trace(function, args, limit, token)


#: The package's folder, ttt/: frames in here are not the student's code.
PACKAGE = Path(__file__).resolve().parents[1]
#: Frames in these folders are not the student's: not traced line by line (they always end).
_NOT_THE_STUDENTS = tuple(Path(folder).resolve() for folder in
                          {str(PACKAGE), *(sysconfig.get_paths()[key]
                                            for key in ("stdlib", "platstdlib", "purelib"))})


def _the_students(code: object, seen: dict = {}) -> bool:  # noqa: B006 - a cache on purpose
    """Whether a code object is the student's (a notebook cell's), not the course's or Python's."""
    if code not in seen:
        path = Path(code.co_filename)
        seen[code] = not (path.is_absolute() and any(path.resolve().is_relative_to(folder)
                                                     for folder in _NOT_THE_STUDENTS))
    return seen[code]


def timer_signals_work() -> bool:
    """Whether a timer signal can stop a call here: Unix, the main thread, not the browser
    (Pyodide's signal module has no timer that fires)."""
    return hasattr(signal, "setitimer") and sys.platform != "emscripten" and \
        threading.current_thread() is threading.main_thread()


def _with_an_alarm(function: Callable, args: tuple, limit: float, token: object) -> Any:
    """``function(*args)``, stopped by SIGALRM after ``limit`` seconds. A timer already running
    that rings sooner (an outer time limit) is left to ring; a later one is put back, less the
    time this call took."""
    outer_delay, outer_interval = signal.getitimer(signal.ITIMER_REAL)
    if outer_delay and outer_delay <= limit:
        return function(*args)

    def ring(signum, frame):
        raise TookTooLong(token)

    start = time.monotonic()
    outer = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        return function(*args)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, outer)
        if outer_delay:
            left = max(outer_delay - (time.monotonic() - start), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, outer_interval)


_TOOL, _TOOL_NAME = 4, "ttt exercises: time limit"  # 4: a sys.monitoring id no tool claims
#: When the student's function in progress must stop, and the token of that limit
_deadline: list[tuple[float, object]] = [(math.inf, None)]


def monitoring_is_ours() -> bool:
    """Whether ``sys.monitoring`` is there and its tool ``_TOOL`` is (or now becomes) ours."""
    monitoring = getattr(sys, "monitoring", None)
    if monitoring is None:
        return False
    owner = monitoring.get_tool(_TOOL)
    if owner is None:
        monitoring.use_tool_id(_TOOL, _TOOL_NAME)
        for event in (monitoring.events.JUMP, monitoring.events.PY_START):
            monitoring.register_callback(_TOOL, event, _on_jump_or_call)
        return True
    return owner == _TOOL_NAME


def _on_jump_or_call(code: object, *offsets: int) -> object:
    """At a jump or call: stop the student's function once its time is up; never look at code
    that is not the student's again (DISABLE), so that the course's own loops cost nothing."""
    if not _the_students(code):
        return sys.monitoring.DISABLE
    when, token = _deadline[0]
    if time.monotonic() > when:
        raise TookTooLong(token)
    return None


def _with_monitoring(function: Callable, args: tuple, limit: float, token: object) -> Any:
    """``function(*args)``, stopped through ``sys.monitoring`` once ``limit`` seconds have
    passed (or an outer limit, if sooner)."""
    outer = _deadline[0]
    _deadline[0] = min(outer, (time.monotonic() + limit, token), key=lambda due: due[0])
    try:
        with jumps_monitored():
            return function(*args)
    finally:
        _deadline[0] = outer


@contextmanager
def jumps_monitored() -> Iterator[None]:
    """Within the block, ``sys.monitoring`` reports jumps and calls to ``_on_jump_or_call``, if
    that is how calls are time-limited here. Turning the events on or off makes Python look at
    its code again, so a check turns them on once for all its calls."""
    monitoring = getattr(sys, "monitoring", None)
    if monitoring is None or timer_signals_work() or not monitoring_is_ours() or \
            monitoring.get_events(_TOOL):
        yield
        return
    monitoring.set_events(_TOOL, monitoring.events.JUMP | monitoring.events.PY_START)
    try:
        yield
    finally:
        monitoring.set_events(_TOOL, 0)


def _with_a_trace(function: Callable, args: tuple, limit: float, token: object) -> Any:
    """``function(*args)``, stopped by a trace function once ``limit`` seconds have passed."""
    deadline = time.monotonic() + limit

    def line(frame, event, arg):
        if time.monotonic() > deadline:
            raise TookTooLong(token)
        return line

    def enter(frame, event, arg):
        if time.monotonic() > deadline:
            raise TookTooLong(token)
        return line if _the_students(frame.f_code) else None

    previous = sys.gettrace()
    sys.settrace(enter)
    try:
        return function(*args)
    finally:
        sys.settrace(previous)
