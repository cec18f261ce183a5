"""How an exercise is checked: an ``Exercise`` runs a student's function on test cases and gives
``Feedback``.

A ``Case`` holds the arguments, the position to show, and the expected answer: what a right
function returns, or, where several answers are right, all of them (``AnyOf``, ``Between``). On
the first mistake the feedback shows the position, the expected answer, what came back, and the
exercise's nudge about that mistake. A stub (it returns None or raises NotImplementedError) gets
"Not yet". Nothing the student's function does makes a check crash or hang: an exception, a call
of ``sys.exit()``, an answer of the wrong kind (a numpy array, an object whose ``==`` raises), a
list or dict changed and not put back, and a call that does not return within ``SECONDS`` all
come back as feedback. A wrong answer is asked for again: one that comes out otherwise (a count
kept between calls, a choice drawn at random) is told so.
"""

from __future__ import annotations

import copy
import dis
import html
import inspect
import math
import random
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from numbers import Integral, Real
from pathlib import Path

from ttt.core.arguments import checked, within_the_move_limit
from ttt.core.limits import PACKAGE, TookTooLong, call_within, jumps_monitored
from ttt.course.exercises.recording import recorded
from ttt.games.board import Board

__all__ = ["CELL", "CELLS", "CHECK_SECONDS", "MARK", "NO_ANSWER", "NUMBER", "SCORE", "SECONDS",
           "VALUE", "WHOLE_NUMBER", "AnyOf", "Between", "Case", "Exercise", "Feedback", "Kind",
           "TookTooLong", "Verdict", "attempt", "changed_dict", "changes_its_mind",
           "guess_verdict", "same", "shown", "time_limited"]

#: How long one call of the student's function may run, so that one that never returns is
#: stopped within 3 s of the check's start: the slowest call of a model answer on any case
#: (expectimax_value's) takes a twentieth of that on an idle desktop, a tenth under the trace
#: function, still well inside it in the browser-only build or on a busy machine.
SECONDS = 2.0
#: How long a whole check may take while the student's function runs: the slowest check of a model
#: answer (a tournament guided by the student's evaluation) takes 5 to 20 s on the desktop, up to
#: 30 s in the browser-only build on a busy machine.
CHECK_SECONDS = 300.0


# --- feedback -----------------------------------------------------------------------------------


#: The verdict's colours, dark enough for text (4.5:1 on white, WCAG 2.1 AA); a ✓ or ✗ and the
#: words say the verdict too, so colour never carries it alone.
PASSED_COLOUR, FAILED_COLOUR = "#007A5A", "#A64900"


@dataclass(frozen=True)
class Feedback:
    """The verdict of a check: passed or not, a headline, and for a mistake the position, rows
    such as ("expected", ...) and ("got", ...), and a nudge. Shows as HTML in a notebook, text
    elsewhere."""

    passed: bool
    headline: str
    board: Board | None = None
    rows: tuple[tuple[str, str], ...] = ()
    nudge: str = ""

    def __bool__(self) -> bool:
        return self.passed

    def _lines(self) -> list[tuple[str, str]]:
        return [(label, text) for label, text in (*self.rows, ("hint", self.nudge)) if text]

    def __str__(self) -> str:
        lines = [self.headline]
        if self.board is not None:
            lines += ["", self.board.grid(), "", f"position: {self.board}"]
        lines += [f"{label}: {text}" for label, text in self._lines()]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = PASSED_COLOUR if self.passed else FAILED_COLOUR
        picture = (f"<div style='float:left;margin-right:16px'>{self.board._repr_svg_()}"
                   f"<div style='font-family:monospace;font-size:0.85em'>{self.board}</div></div>"
                   if self.board is not None else "")
        rows = "".join(f"<div><b>{html.escape(label)}:</b> {html.escape(text)}</div>"
                       for label, text in self._lines())
        return (f"<div style='border-left:5px solid {colour};padding:6px 12px;overflow:auto'>"
                f"<div style='font-weight:bold;color:{colour}'>{html.escape(self.headline)}</div>"
                f"{picture}{rows}</div>")


# --- answers --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """The kind of answer an exercise asks for: the types it may have (bool only if listed), and
    how to say it."""

    types: tuple[type, ...]
    text: str

    def fits(self, answer: object) -> bool:
        return isinstance(answer, self.types) and \
            (not isinstance(answer, bool) or bool in self.types)


MARK = Kind((str, type(None)), "the mark of the winner, 'X' or 'O', or None")
CELLS = Kind((list, tuple, set, frozenset), "a list of cells, such as [0, 4, 8]")
CELL = Kind((Integral,), "a cell, a whole number from 0 to 8")
WHOLE_NUMBER = Kind((Integral,), "a whole number")
SCORE = Kind((Integral, type(None)), "+1, 0, -1 or None")
VALUE = Kind((Real,), "a value, +1, 0 or -1")
NUMBER = Kind((Real,), "a number")


class AnyOf(frozenset):
    """The answers that are all right where there is more than one (several best moves)."""

    def __repr__(self) -> str:
        answers = sorted(self)
        if len(answers) == 1:
            return repr(answers[0])
        return f"{', '.join(map(repr, answers[:-1]))} or {answers[-1]!r}"


@dataclass(frozen=True)
class Between:
    """Any number strictly between ``low`` and ``high``."""

    low: float
    high: float

    def __contains__(self, answer: object) -> bool:
        return NUMBER.fits(answer) and self.low < answer < self.high

    def __repr__(self) -> str:
        return f"a number strictly between {self.low:+g} and {self.high:+g}".replace("-", "−")


def same(got: object, expected: object) -> bool:
    """Whether ``got`` is the ``expected`` answer (for ``AnyOf`` and ``Between``: one of them),
    never raising, whatever ``got`` is. A bool is not a number here: True is not 1."""
    if isinstance(expected, AnyOf):
        return any(same(got, answer) for answer in expected)
    if isinstance(expected, Between):
        return got in expected
    try:
        return isinstance(got, bool) == isinstance(expected, bool) and bool(got == expected)
    except Exception:  # an object whose == raises, or gives no truth value (a numpy array)
        return False


def shown(value: object) -> str:
    """``repr(value)``, cut short if long, and never raising."""
    try:
        text = repr(value)
    except Exception as error:
        return f"a {_type_name(value)} whose repr raised {type(error).__name__}"
    return text if len(text) <= 100 else text[:97] + "..."


def _type_name(value: object) -> str:
    """The name of ``value``'s type, with its module unless it is built in: 'numpy.ndarray'."""
    kind = type(value)
    return kind.__qualname__ if kind.__module__ == "builtins" else \
        f"{kind.__module__}.{kind.__qualname__}"


# --- running the student's function ------------------------------------------------------------


@checked
def time_limited(student: Callable, seconds: float | None = None,
                 until: float = math.inf) -> Callable[..., object]:
    """``student``, stopped with ``TookTooLong`` when a call runs over ``seconds`` (by default
    ``SECONDS``, as it is at the call), or goes on past the time ``until`` (``time.monotonic()``);
    how a call is stopped, on the desktop and in the browser: ``ttt.core.limits``."""
    def call(*args: object) -> object:
        return call_within(student, args, min(SECONDS if seconds is None else seconds,
                                              until - time.monotonic()))
    call.__name__ = getattr(student, "__name__", "student")
    call.__wrapped__ = student
    return call


def _too_long(name: str, board: Board | None = None, about: str = "",
              whole_check: bool = False) -> Feedback:
    """The verdict on a function that ran over its time: one call (or, with ``whole_check``,
    all the calls of a check)."""
    where = f" on {about}" if about else ""
    if whole_check:
        return Feedback(False, f"✗ The check of {name} stopped after {CHECK_SECONDS:g} s, with "
                               f"your function still running{where}.", board,
                        nudge="Each call returns, but all together they take too long: does it "
                              "search or loop more than it needs to, or repeat work? The model "
                              "answer's whole check takes seconds.")
    return Feedback(False, f"✗ {name} did not return within {SECONDS:g} s{where}.", board,
                    nudge="Is there a loop that never ends (a while whose condition never turns "
                          "false, a recursion that never reaches a finished game)? The check "
                          "stopped your function.")


class _NoAnswer:
    """What ``attempt`` gives back when the student's function raised."""

    def __repr__(self) -> str:
        return "no answer (it raised an exception)"


NO_ANSWER = _NoAnswer()


def _fresh(args: Iterable) -> tuple:
    """Copies of mutable arguments (lists and dicts, and the lists and dicts inside them: a
    game's visit counts), so a test case is never changed by the student's function, and a
    change shows."""
    return tuple(copy.deepcopy(arg) if isinstance(arg, (list, dict)) else arg for arg in args)


def move_limited(student: Callable) -> Callable[..., object]:
    """``student``, each call stopped after a move's time (``ttt.time_per_move``) with a
    TimeoutError naming it: for the helpers that try a student's function out, outside a check
    and its own limits."""
    name = getattr(student, "__name__", "your function")

    def call(*args: object) -> object:
        return within_the_move_limit(lambda: student(*args), f"{name} did not return")
    call.__name__ = name
    call.__wrapped__ = student
    return call


@checked
def attempt(student: Callable) -> Callable[..., object]:
    """``student`` as a verdict may call it to look closer: on copies of the arguments, giving
    ``NO_ANSWER`` instead of raising."""
    def call(*args: object) -> object:
        try:
            return student(*_fresh(args))
        except (Exception, SystemExit):
            return NO_ANSWER
    call.__wrapped__ = student
    return call


def _changed(before: tuple, after: tuple) -> str:
    """What the student's function changed in a list or dict it was given, e.g. "cell 4 holds
    'X' instead of '.'", or '' if it left every one as it was."""
    for old, new in zip(before, after, strict=True):
        change = changed_dict(old, new) if isinstance(old, dict) else \
            _list_change(old, new) if isinstance(old, list) else ""
        if change:
            return change
    return ""


def _list_change(old: list, new: list) -> str:
    """The first change from the list ``old`` to ``new``: "cell 4 holds 'X' instead of '.'" (a
    board's marks), "in item 2, key 7 holds 0.25 instead of 1" (a dict inside), or ''."""
    differ = [item for item in range(max(len(old), len(new)))
              if item >= len(old) or item >= len(new) or not same(new[item], old[item])]
    if not differ:
        return ""
    item = differ[0]
    inner = _dict_inside(old[item], new[item]) if item < min(len(old), len(new)) else ""
    if inner:
        return f"in item {item}, {inner}"
    now = shown(new[item]) if item < len(new) else "nothing"
    was = shown(old[item]) if item < len(old) else "nothing"
    return f"{'cell' if _holds_marks(old) else 'item'} {item} holds {now} instead of {was}"


def _dict_inside(old: object, new: object) -> str:
    """What changed in a dict inside a tuple, such as a game's (board, visits), or ''."""
    if not (isinstance(old, tuple) and isinstance(new, tuple)):
        return ""
    changes = (changed_dict(a, b) for a, b in zip(old, new, strict=False) if isinstance(a, dict))
    return next((change for change in changes if change), "")


def _holds_marks(values: object) -> bool:
    """Whether ``values`` is a list of a board's marks ('X', 'O', '.')."""
    return isinstance(values, list) and bool(values) and \
        all(mark in ("X", "O", ".") for mark in values)


def changed_dict(old: object, new: object) -> str:
    """What changed from the dict ``old`` to ``new``: "key 4 was removed", "key 4 holds -0.5
    instead of 0.5", "key 9 was added", or '' if nothing did. It describes what a student's
    code did, so it takes anything: what is not a dict on both sides is compared whole."""
    if not (isinstance(old, Mapping) and isinstance(new, Mapping)):
        return "" if same(old, new) else f"{shown(old)} became {shown(new)}"
    for key in old:
        if key not in new:
            return f"key {shown(key)} was removed"
        if not same(new[key], old[key]):
            return f"key {shown(key)} holds {shown(new[key])} instead of {shown(old[key])}"
    added = [key for key in new if key not in old]
    return f"key {shown(added[0])} was added" if added else ""


def _keep_the_list(args: tuple) -> str:
    """How to leave a list as it was given: take moves back, if it holds a board's marks; else
    build the answer anew."""
    if any(map(_holds_marks, args)):
        return "Take each move back after trying it, also before a return inside the loop."
    return ("Build your answer in new lists and dicts (a copy, such as dict(counts), if you "
            "need one) instead of changing what you were given.")


def _no_moves_hint(error: BaseException) -> str:
    """For max() or min() of no values, the likely reason in a search: a finished game (a draw,
    whose score 0 is false in an if) taken for one that goes on. Else ''."""
    if not (isinstance(error, ValueError) and "empty" in str(error)):
        return ""
    return (" max() or min() was given no values at all: a finished game has no moves to choose "
            "from. Does every finished game get its score before the moves are tried, a draw "
            "too? A draw's score, 0, counts as false in an if.")


def _recursion_hint(error: BaseException) -> str:
    """For a recursion that never ends, the likely reason: a call on the same position again."""
    if not isinstance(error, RecursionError):
        return ""
    return (" Your function called itself again and again and never came back. Does each call "
            "go on with a smaller problem (a child, or board.play(cell)) and not the one it "
            "was given, and does a finished game return at once?")


def _dict_key_hint(error: BaseException) -> str:
    """For an attribute asked of a number, the likely reason: a dict's key taken for its value
    (a loop over a dict gives its keys)."""
    if not (isinstance(error, AttributeError) and "'int' object has no attribute" in str(error)):
        return ""
    return (f" A number has no .{error.name}: is it a dict's key where you meant its value? A "
            "loop over a dict gives its keys (here cells); .values() gives the values, .items() "
            "both.")


def _none_hint(error: BaseException) -> str:
    """For arithmetic on None, the likely reason: a call of the student's own function (a
    recursion) that returned None, its return forgotten on some path."""
    if not (isinstance(error, TypeError) and "'NoneType'" in str(error)):
        return ""
    return (" Something here is None: a function that ends without a return statement returns "
            "None. Does every path of your function end in a return of its answer, the paths "
            "that use what the calls below return too?")


def _error_hint(error: BaseException) -> str:
    """The likely reason for an error a search often makes, or ''."""
    return _no_moves_hint(error) or _recursion_hint(error) or _dict_key_hint(error) or \
        _none_hint(error)


def _finished_hint(error: BaseException, board: object) -> str:
    """For a division by zero on a finished game, the likely reason: its moves (none) were
    averaged or counted instead of its score returned; a draw's score, 0, is false in an if."""
    if not (isinstance(error, ZeroDivisionError) and getattr(board, "is_over", False)):
        return ""
    return (" A finished game has no moves to divide among. Does every finished game get its "
            "score before the moves are tried, a draw too? A draw's score, 0, counts as false "
            "in an if.")


#: The only steps of a stub's code (``return None``, ``pass``, ``...``, a docstring).
_STUB_STEPS = {"RESUME", "NOP", "CACHE", "LOAD_CONST", "RETURN_CONST", "RETURN_VALUE", "POP_TOP"}


def _does_nothing(student: Callable) -> bool:
    """Whether ``student`` is a function whose code does nothing but return a constant, as the
    lessons' stubs (``return None``, ``pass``, ``...``) do; True for a callable without code
    of its own to look at."""
    code = getattr(inspect.unwrap(student), "__code__", None)
    return code is None or all(step.opname in _STUB_STEPS for step in dis.get_instructions(code))


def _where(error: BaseException) -> str:
    """The last line of the student's code in the traceback: " at line 4: return cells[9]"."""
    frames = traceback.extract_tb(error.__traceback__)
    mine = [frame for frame in frames
            if not Path(frame.filename).resolve().is_relative_to(PACKAGE)]
    return f" at line {mine[-1].lineno}: {mine[-1].line}" if mine else ""


def _asked_again(case: Case, got: object, student: Callable) -> str:
    """For an answer that is not the case's right one: the nudge for a function that answers
    otherwise when asked the same again (it keeps a count between calls, or draws at random),
    or ''. Not asked where the case gives a random source (its answers may differ)."""
    if same(got, case.expected) or any(isinstance(arg, random.Random) for arg in case.args):
        return ""
    return changes_its_mind(student, case.args, got)


@checked
def changes_its_mind(student: Callable, args: tuple, got: object) -> str:
    """The nudge for a function that answered ``got`` and answers otherwise when asked the same
    again, up to three times, or ''."""
    # a function that raises (or never returns) when asked again has not changed its mind
    call = attempt(move_limited(student))
    again = next((answer for answer in (call(*args) for _ in range(3))
                  if answer is NO_ANSWER or not same(answer, got)), got)
    if again is NO_ANSWER or same(again, got):
        return ""
    return (f"Asked the same twice, yours answered {shown(got)}, then {shown(again)}; a right "
            "answer is the same every time. Does your function keep something from one call to "
            "the next (a global variable, a default argument such as seen=set()), or draw at "
            "random?")


# --- exercises ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One test of a student's function: its arguments, the position to show if it fails, the
    right answer (or ``AnyOf`` the right answers), and what this case is about."""

    args: tuple
    board: Board | None
    expected: object
    about: str


@checked
def guess_verdict(case: Case, got: object, student: Callable) -> str:
    """The nudge for an evaluation's guess outside (−1, +1), as lessons 6 and 7 ask for; nothing
    for a guess inside."""
    if same(got, case.expected):
        return ""
    if isinstance(got, bool) or not isinstance(got, Real):
        return f"Return a number: your guess at this position is {shown(got)}."
    if math.isnan(got):
        return "Return a number: nan (not a number) cannot be compared with anything."
    returned = shown(got if isinstance(got, Integral) else float(got))
    if abs(got) <= 1 and _whole_numbers_only(case, got, student):
        return (f"Your guesses are whole numbers only (here {returned}, and on the positions one "
                "move later too): a guess strictly between −1 and +1 can then only be 0. Is a "
                "division rounded down? // is floor division: −3 // 8 is −1. Divide with /, and "
                "do not round the result.")
    scale = " Is a count left undivided? Divide it by the most it can be." \
        if abs(got) > 1 and float(got).is_integer() else ""
    return (f"Your guess must stay strictly between −1 and +1, so that a real win (+1) always "
            f"counts more than any guess; at this position it returned {returned}.{scale}")


def _whole_numbers_only(case: Case, got: object, student: Callable) -> bool:
    """Whether the student's guesses at ``case.board`` and at the unfinished positions one move
    later (at least three) are all whole numbers, as a guess rounded or floor-divided is."""
    position = case.board
    later = [position.play(move) for move in position.legal_moves]
    guesses = [got, *(student(child) for child in later if not child.is_over)]
    return len(guesses) > 3 and all(isinstance(guess, Real) and not isinstance(guess, bool)
                                    and math.isfinite(guess) and float(guess).is_integer()
                                    for guess in guesses)


#: ``verdict(case, got, student)``: '' when ``got`` is right, else a nudge about the mistake.
#: ``student`` is the student's function as ``attempt`` makes it, to try on other positions.
Verdict = Callable[[Case, object, Callable[..., object]], str]


@dataclass(frozen=True)
class Exercise:
    """A "Your turn" task, named after the function the student writes: ``check(f)``,
    ``hint()``, ``solution()``.

    ``answer`` is the model answer, written as a student would. ``cases`` makes the test cases,
    tricky ones first; every answer must be of the kind ``returns``, and ``verdict`` says whether
    it is right and, if not, why. ``extra_check(student)`` may look further once every case
    passes (None: all is well). ``summary`` says in a few words what a pass has verified.
    ``raised_verdict(case, student)`` may say why the student's function raised with the list it
    was given left changed ('' for the usual nudge: a move not taken back). ``crash_hint(error,
    case)`` may give the likely reason for an exception on a case ('' for the searches' usual
    reasons: a finished game's moves tried, a recursion that never ends).

    Every call of the student's function is time-limited (``time_limited``): one that does not
    return within ``SECONDS``, or a check that goes on for ``CHECK_SECONDS``, gets a verdict that
    says so.
    """

    answer: Callable
    lesson: int
    task: str
    hint_text: str
    cases: Callable[[], Iterator[Case]]
    returns: Kind
    verdict: Verdict
    summary: str
    extra_check: Callable[[Callable], Feedback | None] | None = None
    raised_verdict: Callable[[Case, Callable], str] | None = None
    crash_hint: Callable[[BaseException, Case | None], str] | None = None

    @property
    def name(self) -> str:
        return self.answer.__name__

    @checked
    def check(self, student: Callable, strict: bool = False) -> Feedback:
        """Run ``student`` against the right answers and return the verdict (a notebook shows
        it at once). With ``strict`` a verdict other than ✓ raises AssertionError instead: the
        solutions copy of the lessons uses that to prove every model answer passes."""
        feedback = recorded(self, self._verdict(student))  # for the teacher, on a class hub
        if strict and not feedback.passed:
            raise AssertionError(str(feedback))
        return feedback

    def _verdict(self, student: Callable) -> Feedback:
        until = time.monotonic() + CHECK_SECONDS
        with jumps_monitored():
            return self._checked(time_limited(student, until=until), until)

    def _checked(self, student: Callable, until: float) -> Feedback:
        count, case = 0, None
        try:
            for count, case in enumerate(self.cases(), start=1):
                args = _fresh(case.args)
                try:
                    got = student(*args)
                except NotImplementedError:
                    return self._not_yet()
                except (Exception, SystemExit) as error:  # a student's bug is feedback
                    return self._raised(error, case, args, student)
                if got is None and count == 1 and self._a_stub(student):
                    return self._not_yet()
                mistake = self._mistake(case, args, got, student)
                if mistake is not None:
                    return mistake
            case = None
            if self.extra_check:
                try:
                    extra = self.extra_check(student)
                except (Exception, SystemExit) as error:
                    return self._raised(error)
                if extra is not None:
                    return extra
        except TookTooLong:
            return _too_long(self.name, case.board if case else None,
                             case.about if case else "", time.monotonic() >= until)
        return Feedback(True, f"✓ {self.name} is right on all {count} cases: {self.summary}.")

    def _a_stub(self, student: Callable) -> bool:
        """Whether ``student`` is still the stub: it does nothing (it reads no name, calls
        nothing) and returns None on every case, although the first is not None. (A function
        that returns an answer somewhere, or works and forgets its return, is an attempt, and
        its first wrong answer gets a nudge.)"""
        cases = list(self.cases())
        call = attempt(student)
        return cases[0].expected is not None and _does_nothing(student) and \
            all(call(*case.args) is None for case in cases)

    def _none_everywhere(self, case: Case, got: object, student: Callable) -> str:
        """The nudge for a function that does some work but returns None on every case where
        the right answer is something else: its return forgotten; else ''."""
        if got is not None or case.expected is None:
            return ""
        call = attempt(student)
        if not all(call(*other.args) is None for other in self.cases()
                   if other.expected is not None):
            return ""
        return (f"Yours returns None on every position, although your {self.name} does some "
                "work: a function that ends without a return statement returns None. Once it has "
                "its answer, does it return what it computes, not only keep it in a variable?")

    def _not_yet(self) -> Feedback:
        return Feedback(False, f"Not yet: write {self.name} in the cell above, run it, then run "
                               "this cell again.", nudge=self.task)

    def _raised(self, error: BaseException, case: Case | None = None,
                args: tuple = (), student: Callable | None = None) -> Feedback:
        what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        board = case.board if case else None
        left = _changed(case.args, args) if case else ""
        if left:
            why = self.raised_verdict(case, student) if self.raised_verdict and student else ""
            return Feedback(False, f"✗ {self.name} left the list it was given changed, then "
                                   f"raised {what}", board, self._list_rows(case, args),
                            (why or f"The list was left changed: {left}. A move not taken back "
                             "stays in the list, and soon the list holds a position no game can "
                             "reach: hence the error. Take each move back after trying it.")
                            + _error_hint(error))
        if isinstance(error, SystemExit):
            return Feedback(False, f"✗ {self.name} called sys.exit(), which stops the program.",
                            board, (("got", f"sys.exit(){_where(error)}"),),
                            "A function gives its result with return, not by ending the program.")
        rows = (("expected", shown(case.expected)),) if case else ()
        own = self.crash_hint(error, case) if self.crash_hint else ""
        nudge = (f"This was {case.about}." if case else "") + \
            (own or _error_hint(error) or _finished_hint(error, board))
        return Feedback(False, f"✗ {self.name} raised {what}", board,
                        (*rows, ("got", f"an exception{_where(error)}")), nudge.strip())

    def _list_rows(self, case: Case, args: tuple) -> tuple[tuple[str, str], ...]:
        lists = [(old, new) for old, new in zip(case.args, args, strict=True)
                 if isinstance(old, (list, dict)) and old != new]
        return tuple(row for old, new in lists
                     for row in (("given", shown(old)), ("left as", shown(new))))

    def _mistake(self, case: Case, args: tuple, got: object, student: Callable) -> Feedback | None:
        left = _changed(case.args, args)
        if left and any(isinstance(arg, dict) for arg in case.args):
            return Feedback(False, f"✗ {self.name} changed the dict it was given, on "
                                   f"{case.about}.", case.board, self._list_rows(case, args),
                            f"The dict must be as it was when your function returns, but "
                            f"{left}. Choose from it without changing it: work on a copy, "
                            "dict(values), if you need to change something.")
        if left:
            return Feedback(False, f"✗ {self.name} left the list it was given changed, on "
                                   f"{case.about}.", case.board, self._list_rows(case, args),
                            f"The list must be exactly as it was when your function returns, "
                            f"but {left}. {_keep_the_list(case.args)}")
        rows = (("expected", shown(case.expected)), ("got", shown(got)))
        if not self.returns.fits(got):
            kind = "None" if got is None else f"a {_type_name(got)}"
            nudge = f"{self.name} returns {self.returns.text}, not {kind}."
            if got is None:
                nudge += (" A function that ends without a return statement returns None: "
                          "does it return what it computes?")
            return Feedback(False, f"✗ {self.name} returned {kind} on {case.about}.",
                            case.board, rows, nudge)
        again = _asked_again(case, got, attempt(student)) or \
            self._none_everywhere(case, got, student)
        try:
            nudge = again or self.verdict(case, got, attempt(student))
        except Exception as error:  # an answer of the right kind that cannot be compared
            nudge = (f"Comparing your answer with the right one raised {type(error).__name__}: "
                     f"{self.name} returns {self.returns.text}.")
        if nudge:
            return Feedback(False, f"✗ {self.name} is wrong on {case.about}.", case.board, rows,
                            nudge)
        return None

    def hint(self) -> Feedback:
        """A nudge towards the answer, without giving it away."""
        return Feedback(True, f"Hint for {self.name}: {self.hint_text}")

    def solution(self) -> Feedback:
        """The model answer (try the exercise first!)."""
        return Feedback(True, f"A model answer for {self.name}:\n\n{self.source()}")

    def source(self) -> str:
        """The model answer's source code."""
        return inspect.getsource(self.answer)

