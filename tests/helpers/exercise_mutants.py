"""One-operator mutants of the exercises' model answers, and whether each check rejects them.

A mutant changes one thing in a model answer: a comparison (``<`` for ``<=``, ``==`` for ``!=``,
``in`` for ``not in``...), an arithmetic or boolean operator, a whole-number constant by one,
``True`` for ``False``, ``'X'`` for ``'O'``, ``min`` for ``max``; or it drops a ``not``, a minus
sign, or one statement. A mutant is *wrong* if on some case of the exercise's check it gives
another answer than the case's right one (or raises, or runs over a second); a wrong mutant must
fail the check. A mutant right on every case is *unseen*: the cases cannot tell it from the
model answer (often it is equivalent: ``best < value`` for ``value > best``).

``tests/course/test_exercise_mutants.py`` asserts that every check rejects every wrong mutant;
``python tests/helpers/exercise_mutants.py`` writes the tally per exercise to
mutation/results/exercises.txt.
"""

from __future__ import annotations

import ast
import copy
import math
import signal
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from numbers import Real

import tomllib
from repo import ROOT

from ttt.course.exercises import EXERCISES, Exercise
from ttt.course.exercises.checking import Case, same

#: How long a mutant may take on all of a check's cases, or the check on it, in seconds: a check of
#: a model answer takes at most a second on an idle machine (7 s under a load of 20 on 2 cores);
#: a mutant looping for ever is stopped.
SECONDS = 60.0

# Each operator and what it may become.
COMPARE = {ast.Lt: (ast.LtE, ast.Gt), ast.LtE: (ast.Lt, ast.GtE), ast.Gt: (ast.GtE, ast.Lt),
           ast.GtE: (ast.Gt, ast.LtE), ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,),
           ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,), ast.In: (ast.NotIn,),
           ast.NotIn: (ast.In,)}
ARITHMETIC = {ast.Add: (ast.Sub,), ast.Sub: (ast.Add,), ast.Mult: (ast.Div, ast.Add),
              ast.Div: (ast.Mult,), ast.FloorDiv: (ast.Div,), ast.Mod: (ast.FloorDiv,),
              ast.Pow: (ast.Mult,)}
BOOLEAN = {ast.And: ast.Or, ast.Or: ast.And}
SWAPPED_NAMES = {"min": "max", "max": "min"}
SWAPPED_TEXT = {"X": "O", "O": "X"}


class Mutator(ast.NodeTransformer):
    """Counts the places a tree can be mutated, in a fixed order; with ``target`` k it makes the
    k-th change (from 0) and describes it."""

    def __init__(self, target: int = -1) -> None:
        self.target, self.seen, self.change = target, 0, ""

    def _here(self, what: str) -> bool:
        """Count one possible change; True if it is the one to make."""
        hit = self.seen == self.target
        self.seen += 1
        if hit:
            self.change = what
        return hit

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        for place, op in enumerate(node.ops):
            for other in COMPARE.get(type(op), ()):
                if self._here(f"{type(op).__name__} -> {other.__name__}"):
                    node.ops[place] = other()
        return node

    def _arithmetic(self, node: ast.BinOp | ast.AugAssign, suffix: str = "") -> ast.AST:
        """Each other arithmetic operator the node's may become (``suffix``: '=' for ``+=``)."""
        self.generic_visit(node)
        for other in ARITHMETIC.get(type(node.op), ()):
            if self._here(f"{type(node.op).__name__}{suffix} -> {other.__name__}{suffix}"):
                node.op = other()
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        return self._arithmetic(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        return self._arithmetic(node, "=")

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        other = BOOLEAN[type(node.op)]
        if self._here(f"{type(node.op).__name__} -> {other.__name__}"):
            node.op = other()
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, (ast.Not, ast.USub)) and self._here(
                f"{type(node.op).__name__} dropped"):
            return node.operand
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if isinstance(value, bool):
            if self._here(f"{value} -> {not value}"):
                return ast.Constant(not value)
        elif isinstance(value, int):
            for changed in (value + 1, value - 1):
                if self._here(f"{value} -> {changed}"):
                    return ast.Constant(changed)
        elif isinstance(value, str) and value in SWAPPED_TEXT and self._here(
                f"{value!r} -> {SWAPPED_TEXT[value]!r}"):
            return ast.Constant(SWAPPED_TEXT[value])
        return node

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in SWAPPED_NAMES and self._here(f"{node.id} -> {SWAPPED_NAMES[node.id]}"):
            return ast.Name(SWAPPED_NAMES[node.id], node.ctx)
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        # dropping a statement: any of a body's statements but a lone one and the docstring
        for field in ("body", "orelse"):
            body = getattr(node, field, None)
            if isinstance(body, list) and len(body) > 1:
                for statement in list(body):
                    docstring = isinstance(statement, ast.Expr) and isinstance(
                        statement.value, ast.Constant) and isinstance(statement.value.value, str)
                    what = f"line {statement.lineno} of the answer dropped"
                    if not docstring and self._here(what):
                        body.remove(statement)
        return super().generic_visit(node)


@dataclass(frozen=True)
class Mutant:
    """A changed model answer: what changed, and the function (None if it does not compile)."""

    change: str
    function: Callable | None


def mutants(exercise: Exercise) -> Iterator[Mutant]:
    """Every one-operator mutant of the exercise's model answer, in a fixed order."""
    source = textwrap.dedent(exercise.source())
    counter = Mutator()
    counter.visit(ast.parse(source))
    for target in range(counter.seen):
        mutator = Mutator(target)
        tree = ast.fix_missing_locations(mutator.visit(ast.parse(source)))
        namespace = dict(exercise.answer.__globals__)  # a recursive answer calls the mutant
        try:
            exec(compile(tree, f"<mutant of {exercise.name}>", "exec"), namespace)
        except Exception:  # e.g. a dropped statement leaves a body empty
            yield Mutant(mutator.change, None)
            continue
        yield Mutant(mutator.change, namespace[exercise.name])


class TooSlow(Exception):
    """A mutant ran over its time."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise TooSlow in the block after ``seconds`` (SIGALRM: the main thread of Unix)."""
    def stop(signum, frame):
        raise TooSlow

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def right(got: object, expected: object) -> bool:
    """Whether ``got`` is the case's right answer (a float within rounding of it)."""
    if same(got, expected):
        return True
    numbers = isinstance(got, Real) and isinstance(expected, Real)
    return numbers and not isinstance(got, bool) and math.isclose(got, expected, rel_tol=1e-9,
                                                                 abs_tol=1e-9)


def wrong_on(exercise: Exercise, function: Callable) -> Case | None:
    """The first case of the check on which ``function`` is wrong (it raises or runs too long,
    too), or None if it is right on them all."""
    cases = list(exercise.cases())
    try:
        with time_limit(SECONDS):
            for case in cases:
                try:
                    got = function(*copy.deepcopy(case.args))
                except TooSlow:
                    raise
                except BaseException:
                    return case
                if not right(got, case.expected):
                    return case
    except TooSlow:
        return cases[0]
    return None


def rejected(exercise: Exercise, function: Callable) -> bool:
    """Whether the exercise's check gives ``function`` anything but a pass (a check that runs
    over the time counts as a rejection: the student sees no ✓)."""
    try:
        with time_limit(SECONDS):
            return not exercise.check(function).passed
    except TooSlow:
        return True


@dataclass(frozen=True)
class Tally:
    """What became of an exercise's mutants."""

    exercise: str
    total: int
    wrong: int
    caught: int
    missed: tuple[str, ...]  # the wrong mutants the check passed
    unseen: tuple[str, ...]  # the mutants right on every case


@cache  # the test and the report ask for the same tallies
def tally(exercise: Exercise) -> Tally:
    """Make every mutant of the exercise's model answer, judge it, and check it."""
    total = wrong = caught = 0
    missed, unseen = [], []
    for mutant in mutants(exercise):
        total += 1
        if mutant.function is None:  # does not compile: no student could hand it in
            continue
        if wrong_on(exercise, mutant.function) is None:
            unseen.append(mutant.change)
            continue
        wrong += 1
        if rejected(exercise, mutant.function):
            caught += 1
        else:
            missed.append(mutant.change)
    return Tally(exercise.name, total, wrong, caught, tuple(missed), tuple(unseen))


def report() -> str:
    """The table of every exercise's mutants."""
    lines = ["Mutants of the exercises' model answers (tests/helpers/exercise_mutants.py): each",
             "wrong one (wrong on some case of the check) must fail the check; an unseen one is",
             "right on every case.", "",
             f"{'exercise':28} {'mutants':>7} {'wrong':>6} {'caught':>6} {'unseen':>6}",
             ""]
    for exercise in EXERCISES.values():
        found = tally(exercise)
        lines.append(f"{found.exercise:28} {found.total:7} {found.wrong:6} {found.caught:6} "
                     f"{len(found.unseen):6}")
        lines += [f"    passed the check though wrong: {change}" for change in found.missed]
        lines += [f"    unseen: {change}" for change in found.unseen]
    return "\n".join(lines) + "\n"


#: Where ``python tests/helpers/exercise_mutants.py`` writes the report.
REPORT = ROOT / "mutation" / "results" / "exercises.txt"



# --- wrong answers as students write them, and the nudge each must get ----------------------------


@dataclass(frozen=True)
class WrongAnswer:
    """A student's wrong answer to an exercise, as typed (``source`` defines the function), and
    words the check's feedback must hold: those of the nudge that names this mistake."""

    exercise: str
    mistake: str
    source: str
    words: str

    def function(self) -> Callable:
        """The student's function, defined where the model answer is (the lesson's imports)."""
        exercise = EXERCISES[self.exercise]
        namespace = dict(exercise.answer.__globals__)
        exec(compile(textwrap.dedent(self.source), f"<{self.mistake}>", "exec"), namespace)
        return namespace[self.exercise]


WRONG_ANSWERS_FILE = ROOT / "tests" / "helpers" / "wrong_answers.toml"

#: The wrong answers, as students type them (WRONG_ANSWERS_FILE): those of issue 38 that got
#: another mistake's nudge, an honest generic one where a common mistake deserved its name, or
#: a pass; 3 to 6 more plausible mistakes for each exercise of lessons 1 to 10; and issue 48's
#: misnamed ones with the mistakes that look like them to a check (two cells of a line compared, a
#: return forgotten, an index in legal_moves for the cell, the same guess everywhere).
WRONG_ANSWERS: tuple[WrongAnswer, ...] = tuple(
    WrongAnswer(**wrong)
    for wrong in tomllib.loads(WRONG_ANSWERS_FILE.read_text("utf-8"))["wrong"])


if __name__ == "__main__":
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(report())
    print(REPORT.read_text(), end="")
