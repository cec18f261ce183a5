"""One-operator mutants of the exercises' model answers, and whether each check rejects them.

A mutant changes one thing in a model answer: a comparison (``<`` for ``<=``, ``==`` for ``!=``,
``in`` for ``not in``...), an arithmetic or boolean operator, a whole-number constant by one,
``True`` for ``False``, ``'X'`` for ``'O'``, ``min`` for ``max``; or it drops a ``not``, a minus
sign, or one statement. A mutant is *wrong* if on some case of the exercise's check it gives
another answer than the case's right one (or raises, or runs over a second); a wrong mutant must
fail the check. A mutant right on every case is *unseen*: the cases cannot tell it from the
model answer (often it is equivalent: ``best < value`` for ``value > best``).

``tests/course/test_exercise_mutants.py`` asserts that every check rejects every wrong mutant; ``python
tests/helpers/exercise_mutants.py`` writes the tally per exercise to mutation/results/exercises.txt.
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
    lines = ["Mutants of the exercises' model answers (tests/helpers/exercise_mutants.py): each wrong one",
             "(wrong on some case of the check) must fail the check; an unseen one is right on",
             "every case.", "",
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


#: The wrong answers of issue 38 that got another mistake's nudge, an honest generic one where a
#: common mistake deserved its name, or a pass; and more of each exercise's plausible mistakes.
WRONG_ANSWERS: tuple[WrongAnswer, ...] = (
    WrongAnswer("winner", "cells numbered from 1", """
        def winner(board):
            cells = board.cells
            for a, b, c in LINES:
                if cells[a - 1] != "." and cells[a - 1] == cells[b - 1] == cells[c - 1]:
                    return cells[a - 1]
            return None
        """, "numbered 0 to 8"),
    WrongAnswer("winner", "only X's lines", """
        def winner(board):
            for a, b, c in LINES:
                if board.cells[a] == board.cells[b] == board.cells[c] == "X":
                    return "X"
            return None
        """, "finds X's wins but never O's"),
    WrongAnswer("winner", "only O's lines", """
        def winner(board):
            for line in LINES:
                if all(board.cells[cell] == "O" for cell in line):
                    return "O"
        """, "finds O's wins but never X's"),
    WrongAnswer("count_x_wins", "draws counted too", """
        def count_x_wins(node):
            if not node.children:
                return 0 if node.board.winner == "O" else 1
            return sum(count_x_wins(child) for child in node.children.values())
        """, "counts the draws too"),
    WrongAnswer("count_x_wins", "no leaf case", """
        def count_x_wins(node):
            return sum(count_x_wins(child) for child in node.children.values())
        """, "needs a case of its own"),
    WrongAnswer("count_x_wins", "O's wins counted too", """
        def count_x_wins(node):
            if not node.children:
                return 1 if node.board.winner else 0
            return sum(count_x_wins(child) for child in node.children.values())
        """, "every finished game somebody wins"),
    WrongAnswer("count_tree_nodes", "no +1", """
        def count_tree_nodes(node):
            return sum(count_tree_nodes(child) for child in node.children.values())
        """, "counts 0 for a leaf"),
    WrongAnswer("best_move", "len(legal_moves) as the free cells", """
        def best_move(board):
            def quick_value(board):
                if board.is_over:
                    free = len(board.legal_moves)
                    return {"X": 1, "O": -1}.get(board.winner, 0) * (1 + free)
                values = [quick_value(board.play(cell)) for cell in board.legal_moves]
                return max(values) if board.to_move == "X" else min(values)

            pick = max if board.to_move == "X" else min
            return pick(board.legal_moves, key=lambda cell: quick_value(board.play(cell)))
        """, "its length is 0 there"),
    WrongAnswer("best_move", "no weighing at all, the last best move", """
        def best_move(board):
            def value(board):
                if board.is_over:
                    return {"X": 1, "O": -1}.get(board.winner, 0)
                values = [value(board.play(cell)) for cell in board.legal_moves]
                return max(values) if board.to_move == "X" else min(values)

            best = None
            for cell in board.legal_moves:
                v = value(board.play(cell))
                if best is None or (v >= best_value if board.to_move == "X" else v <= best_value):
                    best, best_value = cell, v
            return best
        """, "every win counts the same"),
    WrongAnswer("best_move", "returns the value", """
        def best_move(board):
            def quick_value(board):
                if board.is_over:
                    free = board.cells.count(".")
                    return {"X": 1, "O": -1}.get(board.winner, 0) * (1 + free)
                values = [quick_value(board.play(cell)) for cell in board.legal_moves]
                return max(values) if board.to_move == "X" else min(values)

            return quick_value(board)
        """, "returns the value of the position, not a move"),
    WrongAnswer("minimax_value", "if s: with a draw's 0", """
        def minimax_value(board):
            s = {"X": 1, "O": -1}.get(board.winner, 0) if board.is_over else None
            if s:
                return s
            values = [minimax_value(board.play(cell)) for cell in board.legal_moves]
            return max(values) if board.to_move == "X" else min(values)
        """, "A draw's score, 0, counts as false"),
    WrongAnswer("alphabeta_value", "if s: with a draw's 0", """
        def alphabeta_value(board, alpha=-math.inf, beta=math.inf):
            s = {"X": 1, "O": -1}.get(board.winner, 0) if board.is_over else None
            if s:
                return s
            value = -math.inf if board.to_move == "X" else math.inf
            for cell in board.legal_moves:
                child = alphabeta_value(board.play(cell), alpha, beta)
                if board.to_move == "X":
                    value = max(value, child)
                    alpha = max(alpha, value)
                else:
                    value = min(value, child)
                    beta = min(beta, value)
                if alpha >= beta:
                    break
            return value
        """, "On a drawn game"),
    WrongAnswer("minimax_in_place", "always places X", """
        def minimax_in_place(cells):
            board = Board.from_string("".join(cells))
            if board.is_over:
                return {"X": 1, "O": -1}.get(board.winner, 0)
            values = []
            for cell in board.legal_moves:
                cells[cell] = "X"
                values.append(minimax_in_place(cells))
                cells[cell] = "."
            return max(values) if board.to_move == "X" else min(values)
        """, "writes 'X' for every move"),
    WrongAnswer("minimax_in_place", "copies the list", """
        def minimax_in_place(cells):
            board = Board.from_string("".join(cells))
            if board.is_over:
                return {"X": 1, "O": -1}.get(board.winner, 0)
            values = []
            for cell in board.legal_moves:
                after = list(cells)
                after[cell] = board.to_move
                values.append(minimax_in_place(after))
            return max(values) if board.to_move == "X" else min(values)
        """, "never writes a move into the list"),
    WrongAnswer("minimax_in_place", "if s: with a draw's 0", """
        def minimax_in_place(cells):
            board = Board.from_string("".join(cells))
            s = {"X": 1, "O": -1}.get(board.winner, 0) if board.is_over else None
            if s:
                return s
            values = []
            for cell in board.legal_moves:
                cells[cell] = board.to_move
                values.append(minimax_in_place(cells))
                cells[cell] = "."
            return max(values) if board.to_move == "X" else min(values)
        """, "A draw's score, 0, counts as false"),
    WrongAnswer("minimax_in_place", "a move taken back with a space", """
        def minimax_in_place(cells):
            board = Board.from_string("".join(cells))
            if board.is_over:
                return {"X": 1, "O": -1}.get(board.winner, 0)
            values = []
            for cell in board.legal_moves:
                cells[cell] = board.to_move
                values.append(minimax_in_place(cells))
                cells[cell] = " "
            return max(values) if board.to_move == "X" else min(values)
        """, "Put back '.'"),
    WrongAnswer("legal_moves", "cells numbered from 1", """
        def legal_moves(board):
            if board.winner:
                return []
            return [cell + 1 for cell in range(9) if board.cells[cell] == "."]
        """, "numbered 0 to 8"),
    WrongAnswer("count_distinct_positions", "folds symmetry", """
        def count_distinct_positions(board):
            seen = {board.canonical()}
            frontier = [board]
            while frontier:
                position = frontier.pop()
                for cell in position.legal_moves:
                    child = position.play(cell)
                    if child.canonical() not in seen:
                        seen.add(child.canonical())
                        frontier.append(child)
            return len(seen)
        """, "up to symmetry"),
    WrongAnswer("count_distinct_positions", "skips finished positions", """
        def count_distinct_positions(board):
            seen = {board}
            frontier = [board]
            while frontier:
                position = frontier.pop()
                for cell in position.legal_moves:
                    child = position.play(cell)
                    if child not in seen and not child.is_over:
                        seen.add(child)
                        frontier.append(child)
            return len(seen)
        """, "Finished games are positions too"),
    WrongAnswer("evaluate", "floor division", """
        def evaluate(board):
            x = sum(1 for line in LINES if all(board.cells[c] != "O" for c in line))
            o = sum(1 for line in LINES if all(board.cells[c] != "X" for c in line))
            return (x - o) // 8
        """, "// is floor division"),
    WrongAnswer("evaluate", "rounded to a whole number", """
        def evaluate(board):
            return int(open_lines(board) * 2)
        """, "whole numbers only"),
    WrongAnswer("evaluate", "from the mover's point of view", """
        def evaluate(board):
            value = open_lines(board)
            return value if board.to_move == "X" else -value
        """, "from X's point of view?"),
    WrongAnswer("two_layer_move", "the module random for a quiet position", """
        def two_layer_move(board):
            for cell in board.legal_moves:
                if board.play(cell).winner:
                    return cell
            opponent = "O" if board.to_move == "X" else "X"
            for a, b, c in LINES:
                marks = [board.cells[a], board.cells[b], board.cells[c]]
                if marks.count(opponent) == 2 and marks.count(".") == 1:
                    return (a, b, c)[marks.index(".")]
            return random.choice(board.legal_moves)
        """, "the same every time"),
    WrongAnswer("evaluate_four", "edges favoured", """
        def evaluate_four(position):
            middle = (position.columns - 1) / 2
            score = 0
            for cell, mark in enumerate(position.cells):
                if mark != ".":
                    edgeness = abs(cell % position.columns - middle)
                    score += edgeness if mark == "X" else -edgeness
            return score / (abs(score) + 20)
        """, "an edge column"),
    WrongAnswer("evaluate_four", "from the mover's point of view", """
        def evaluate_four(position):
            middle = (position.columns - 1) / 2
            score = 0
            for cell, mark in enumerate(position.cells):
                if mark != ".":
                    nearness = position.columns - abs(cell % position.columns - middle)
                    score += nearness if mark == position.to_move else -nearness
            return score / (abs(score) + 20)
        """, "from X's point of view?"),
    WrongAnswer("ucb1_score", "log10", """
        def ucb1_score(total, visits, parent_visits, player):
            if visits == 0:
                return math.inf
            mean = total / visits if player == "X" else -total / visits
            return mean + EXPLORATION * math.sqrt(math.log10(parent_visits) / visits)
        """, "math.log10 is the logarithm to base 10"),
    WrongAnswer("expectimax_value", "averages at both players' turns", """
        def expectimax_value(board):
            if board.is_over:
                return {"X": 1, "O": -1}.get(board.winner, 0)
            values = [expectimax_value(board.play(cell)) for cell in board.legal_moves]
            return Fraction(sum(values), len(values))
        """, "averages at X's turns too"),
    WrongAnswer("menace_update", "results spelled 'won' and 'drew'", """
        def menace_update(beads, result, box_total):
            if result == "won":
                return beads + 3
            if result == "drew":
                return beads + 1
            if box_total == 1:
                return beads
            return beads - 1
        """, "another spelling"),
    WrongAnswer("menace_update", "results capitalised", """
        def menace_update(beads, result, box_total):
            if result == "Win":
                return beads + 3
            if result == "Draw":
                return beads + 1
            if result == "Loss" and box_total > 1:
                return beads - 1
            return beads
        """, "another spelling"),
    WrongAnswer("menace_update", "a bead added after a loss", """
        def menace_update(beads, result, box_total):
            return beads + {"win": 3, "draw": 1, "loss": 1}[result]
        """, "a loss takes one bead away"),
    WrongAnswer("epsilon_greedy_move", "the values dict changed", """
        def epsilon_greedy_move(values, to_move, epsilon, rng):
            if rng.random() < epsilon:
                return rng.choice(list(values))
            if to_move == "O":
                for move in values:
                    values[move] = -values[move]
            best = max(values.values())
            return rng.choice([move for move in values if values[move] == best])
        """, "changed the dict it was given"),
    WrongAnswer("masked_policy", "the softmax over all nine cells, then the taken ones dropped", """
        def masked_policy(scores, board):
            exps = [math.exp(score) for score in scores]
            total = sum(exps)
            return {cell: exps[cell] / total for cell in board.legal_moves}
        """, "Shared out before masking"),
    WrongAnswer("masked_policy", "the taken cells left in", """
        def masked_policy(scores, board):
            exps = [math.exp(score) for score in scores]
            return {cell: exps[cell] / sum(exps) for cell in range(9)}
        """, "is taken"),
    WrongAnswer("masked_policy", "the taken cells' scores set to 0", """
        def masked_policy(scores, board):
            masked = [score if board[cell] == "." else 0 for cell, score in enumerate(scores)]
            exps = [math.exp(score) for score in masked]
            return {cell: exps[cell] / sum(exps) for cell in board.legal_moves}
        """, "exp(0) is 1"),
    WrongAnswer("masked_policy", "no exp: shares in proportion to the scores", """
        def masked_policy(scores, board):
            total = sum(scores[cell] for cell in board.legal_moves)
            return {cell: scores[cell] / total for cell in board.legal_moves}
        """, "exp of each score"),
    WrongAnswer("puct_score", "the + 1 forgotten", """
        def puct_score(total, visits, prior, parent_visits):
            mean = total / visits if visits else 0
            return mean + PUCT_EXPLORATION * prior * math.sqrt(parent_visits) / visits
        """, "Forgot the + 1"),
    WrongAnswer("puct_score", "the square root of the child's visits", """
        def puct_score(total, visits, prior, parent_visits):
            mean = total / visits if visits else 0
            return mean + PUCT_EXPLORATION * prior * math.sqrt(visits) / (1 + visits)
        """, "square root of the wrong count"),
    WrongAnswer("puct_score", "UCB1's logarithm kept", """
        def puct_score(total, visits, prior, parent_visits):
            mean = total / visits if visits else 0
            bonus = math.sqrt(math.log(parent_visits)) / (1 + visits)
            return mean + PUCT_EXPLORATION * prior * bonus
        """, "UCB1's logarithm"),
    WrongAnswer("puct_score", "infinity for a move never visited, as UCB1", """
        def puct_score(total, visits, prior, parent_visits):
            if visits == 0:
                return math.inf
            bonus = PUCT_EXPLORATION * prior * math.sqrt(parent_visits) / (1 + visits)
            return total / visits + bonus
        """, "does not need infinity"),
    WrongAnswer("puct_score", "the prior left out", """
        def puct_score(total, visits, prior, parent_visits):
            mean = total / visits if visits else 0
            return mean + PUCT_EXPLORATION * math.sqrt(parent_visits) / (1 + visits)
        """, "The prior is missing"),
    WrongAnswer("training_targets", "every value from X's point of view", """
        def training_targets(game, winner):
            value = {"X": 1, "O": -1, None: 0}[winner]
            return [({move: count / sum(visits.values()) for move, count in visits.items()}, value)
                    for board, visits in game]
        """, "Whose point of view?"),
    WrongAnswer("training_targets", "the result of the player who has just moved", """
        def training_targets(game, winner):
            targets = []
            for board, visits in game:
                shares = {move: count / sum(visits.values()) for move, count in visits.items()}
                value = 0 if winner is None else 1 if winner != board.to_move else -1
                targets.append((shares, value))
            return targets
        """, "from the wrong side"),
    WrongAnswer("training_targets", "the visit counts as the policy target", """
        def training_targets(game, winner):
            targets = []
            for board, visits in game:
                value = 0 if winner is None else 1 if winner == board.to_move else -1
                targets.append((dict(visits), value))
            return targets
        """, "the visit counts"),
    WrongAnswer("training_targets", "only the most visited move as the policy target", """
        def training_targets(game, winner):
            targets = []
            for board, visits in game:
                best = max(visits, key=visits.get)
                value = 0 if winner is None else 1 if winner == board.to_move else -1
                targets.append(({best: 1.0}, value))
            return targets
        """, "everything on the most visited move"),
)


if __name__ == "__main__":
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(report())
    print(REPORT.read_text(), end="")
