"""How an exercise is checked: an ``Exercise`` runs a student's function on test cases and gives
``Feedback``.

A ``Case`` holds the arguments, the position to show, and the expected answer: what a right
function returns, or, where several answers are right, all of them (``AnyOf``, ``Between``). On
the first mistake the feedback shows the position, the expected answer, what came back, and the
exercise's nudge about that mistake. A stub (it returns None or raises NotImplementedError) gets
"Not yet". Nothing the student's function does makes a check crash: an exception, a call of
``sys.exit()``, an answer of the wrong kind (a numpy array, an object whose ``==`` raises) and a
list changed and not put back all come back as feedback.
"""

from __future__ import annotations

import html
import inspect
import math
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from numbers import Integral, Real
from pathlib import Path

from ttt.arguments import checked
from ttt.board import Board

__all__ = ["CELL", "CELLS", "MARK", "NO_ANSWER", "NUMBER", "SCORE", "VALUE", "WHOLE_NUMBER",
           "AnyOf", "Between", "Case", "Exercise", "Feedback", "Kind", "Verdict", "attempt",
           "guess_verdict", "same", "shown"]

_PACKAGE = Path(__file__).resolve().parents[1]  # ttt/: frames in here are not the student's code
_STUB_CASES = 5  # a function that returns None on this many first cases is still the stub


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


class _NoAnswer:
    """What ``attempt`` gives back when the student's function raised."""

    def __repr__(self) -> str:
        return "no answer (it raised an exception)"


NO_ANSWER = _NoAnswer()


def _fresh(args: Iterable) -> tuple:
    """Copies of mutable arguments, so a test case is never changed by the student's function."""
    return tuple(list(arg) if isinstance(arg, list) else arg for arg in args)


@checked
def attempt(student: Callable) -> Callable[..., object]:
    """``student`` as a verdict may call it to look closer: on copies of the arguments, giving
    ``NO_ANSWER`` instead of raising."""
    def call(*args: object) -> object:
        try:
            return student(*_fresh(args))
        except (Exception, SystemExit):
            return NO_ANSWER
    return call


def _changed(before: tuple, after: tuple) -> str:
    """What the student's function changed in a list it was given, e.g. "cell 4 holds 'X'
    instead of '.'", or '' if it left every list as it was."""
    for old, new in zip(before, after, strict=True):
        if not isinstance(old, list):
            continue
        differ = [cell for cell in range(max(len(old), len(new)))
                  if cell >= len(old) or cell >= len(new) or not same(new[cell], old[cell])]
        if differ:
            cell = differ[0]
            now = shown(new[cell]) if cell < len(new) else "nothing"
            was = shown(old[cell]) if cell < len(old) else "nothing"
            return f"cell {cell} holds {now} instead of {was}"
    return ""


def _where(error: BaseException) -> str:
    """The last line of the student's code in the traceback: " at line 4: return cells[9]"."""
    frames = traceback.extract_tb(error.__traceback__)
    mine = [frame for frame in frames
            if not Path(frame.filename).resolve().is_relative_to(_PACKAGE)]
    return f" at line {mine[-1].lineno}: {mine[-1].line}" if mine else ""


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
    return (f"Your guess must stay strictly between −1 and +1, so that a real win (+1) always "
            f"counts more than any guess; at this position it returned {returned}.")


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

    @property
    def name(self) -> str:
        return self.answer.__name__

    @checked
    def check(self, student: Callable, strict: bool = False) -> Feedback:
        """Run ``student`` against the right answers and return the verdict (a notebook shows
        it at once). With ``strict`` a verdict other than ✓ raises AssertionError instead: the
        solutions copy of the lessons uses that to prove every model answer passes."""
        feedback = self._verdict(student)
        if strict and not feedback.passed:
            raise AssertionError(str(feedback))
        return feedback

    def _verdict(self, student: Callable) -> Feedback:
        count = 0
        for count, case in enumerate(self.cases(), start=1):
            args = _fresh(case.args)
            try:
                got = student(*args)
            except NotImplementedError:
                return self._not_yet()
            except (Exception, SystemExit) as error:  # a student's bug is feedback, never a crash
                return self._raised(error, case, args)
            if got is None and count == 1 and self._a_stub(student):
                return self._not_yet()
            mistake = self._mistake(case, args, got, student)
            if mistake is not None:
                return mistake
        if self.extra_check:
            try:
                extra = self.extra_check(student)
            except (Exception, SystemExit) as error:
                return self._raised(error)
            if extra is not None:
                return extra
        return Feedback(True, f"✓ {self.name} is right on all {count} cases: {self.summary}.")

    def _a_stub(self, student: Callable) -> bool:
        """Whether ``student`` is still the stub: it returns None on the first cases, although
        the first is not None."""
        first = list(islice(self.cases(), _STUB_CASES))
        call = attempt(student)
        return first[0].expected is not None and all(call(*case.args) is None for case in first)

    def _not_yet(self) -> Feedback:
        return Feedback(False, f"Not yet: write {self.name} in the cell above, run it, then run "
                               "this cell again.", nudge=self.task)

    def _raised(self, error: BaseException, case: Case | None = None,
                args: tuple = ()) -> Feedback:
        what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        board = case.board if case else None
        left = _changed(case.args, args) if case else ""
        if left:
            return Feedback(False, f"✗ {self.name} left the list it was given changed, then "
                                   f"raised {what}", board, self._list_rows(case, args),
                            f"The list was left changed: {left}. A move not taken back stays "
                            "in the list, and soon the list holds a position no game can "
                            "reach: hence the error. Take each move back after trying it.")
        if isinstance(error, SystemExit):
            return Feedback(False, f"✗ {self.name} called sys.exit(), which stops the program.",
                            board, (("got", f"sys.exit(){_where(error)}"),),
                            "A function gives its result with return, not by ending the program.")
        rows = (("expected", shown(case.expected)),) if case else ()
        return Feedback(False, f"✗ {self.name} raised {what}", board,
                        (*rows, ("got", f"an exception{_where(error)}")),
                        f"This was {case.about}." if case else "")

    def _list_rows(self, case: Case, args: tuple) -> tuple[tuple[str, str], ...]:
        lists = [(old, new) for old, new in zip(case.args, args, strict=True)
                 if isinstance(old, list)]
        return tuple(row for old, new in lists
                     for row in (("given", shown(old)), ("left as", shown(new))))

    def _mistake(self, case: Case, args: tuple, got: object, student: Callable) -> Feedback | None:
        left = _changed(case.args, args)
        if left:
            return Feedback(False, f"✗ {self.name} left the list it was given changed, on "
                                   f"{case.about}.", case.board, self._list_rows(case, args),
                            f"The list must be exactly as it was when your function returns, "
                            f"but {left}. Take each move back after trying it, also before a "
                            "return inside the loop.")
        rows = (("expected", shown(case.expected)), ("got", shown(got)))
        if not self.returns.fits(got):
            kind = "None" if got is None else f"a {_type_name(got)}"
            nudge = f"{self.name} returns {self.returns.text}, not {kind}."
            if got is None:
                nudge += " A function that ends without a return statement returns None."
            return Feedback(False, f"✗ {self.name} returned {kind} on {case.about}.",
                            case.board, rows, nudge)
        try:
            nudge = self.verdict(case, got, attempt(student))
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

