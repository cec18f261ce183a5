"""Mutation testing of the exercises' checks: every one-operator mutant of each model answer is
run through its exercise's check, which must fail it (issue 31). A mutant that passes is listed:
it is either equivalent on every case the check tries, or a mistake the check misses.

    python scripts/exercise_mutants.py            # every exercise: caught/total, then survivors
    python scripts/exercise_mutants.py td_update  # one exercise
"""

from __future__ import annotations

import ast
import copy
import inspect
import sys
import textwrap
from collections.abc import Iterator

from ttt.exercises import EXERCISES, Exercise

#: One operator for another: each swap makes one mutant where the first appears.
SWAPS: dict[type, type] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div, ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.And: ast.Or, ast.Or: ast.And, ast.In: ast.NotIn,
    ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
NAMES = {"max": "min", "min": "max", "True": "False", "False": "True"}


def _sites(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(index of the node in ast.walk order, what changes) for every place a mutant can be made."""
    for index, node in enumerate(ast.walk(tree)):
        if isinstance(node, (ast.BinOp, ast.BoolOp, ast.UnaryOp)) and type(node.op) in SWAPS:
            yield index, f"{type(node.op).__name__} -> {SWAPS[type(node.op)].__name__}"
        elif isinstance(node, ast.Compare) and type(node.ops[0]) in SWAPS:
            yield index, f"{type(node.ops[0]).__name__} -> {SWAPS[type(node.ops[0])].__name__}"
        elif isinstance(node, ast.Name) and node.id in NAMES:
            yield index, f"{node.id} -> {NAMES[node.id]}"
        elif isinstance(node, ast.Constant) and type(node.value) in (int, float):
            yield index, f"{node.value!r} -> {node.value + 1!r}"
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
            yield index, f"{type(node.op).__name__} dropped"


def _mutate(tree: ast.AST, site: int) -> ast.AST:
    """A copy of ``tree`` with the node at ``site`` (ast.walk order) changed once."""
    mutant = copy.deepcopy(tree)
    for index, node in enumerate(ast.walk(mutant)):
        if index != site:
            continue
        if isinstance(node, (ast.BinOp, ast.BoolOp)) and type(node.op) in SWAPS:
            node.op = SWAPS[type(node.op)]()
        elif isinstance(node, ast.Compare):
            node.ops[0] = SWAPS[type(node.ops[0])]()
        elif isinstance(node, ast.Name):
            node.id = NAMES[node.id]
        elif isinstance(node, ast.Constant):
            node.value = node.value + 1
        elif isinstance(node, ast.UnaryOp):
            return _replace(mutant, node, node.operand)
        break
    return mutant


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> ast.AST:
    class Swap(ast.NodeTransformer):
        def visit(self, node: ast.AST) -> ast.AST:
            return new if node is old else super().visit(node)
    return ast.fix_missing_locations(Swap().visit(tree))


def mutants(exercise: Exercise) -> Iterator[tuple[str, object]]:
    """(what changed, the mutant function) for each one-operator mutant of the model answer."""
    source = textwrap.dedent(inspect.getsource(exercise.answer))
    tree = ast.parse(source)
    for site, change in _sites(tree):
        code = compile(ast.fix_missing_locations(_mutate(tree, site)), "<mutant>", "exec")
        namespace = dict(exercise.answer.__globals__)
        exec(code, namespace)
        yield change, namespace[exercise.name]


#: The mutants that pass their check, each with why that is right: the task accepts the mutant
#: too (it is not a mistake), so no check should fail it. Any other survivor is a missing nudge.
EQUIVALENT: dict[tuple[str, str], str] = {
    ("best_move", "1 -> 2"): "scales a score or the bonus for a quick win: the same order of moves",
    ("epsilon_greedy_move", "Lt -> LtE"): "rng.random() == epsilon has probability 0",
    ("evaluate", "Add -> Sub"): "the centre bonus for O instead of X: still in range, still strong",
    ("evaluate", "USub dropped"): "the centre bonus for O too: still in range, still strong",
    ("evaluate", "4 -> 5"): "a bonus for cell 5 instead of the centre: any such guess is allowed",
    ("evaluate", "0.9 -> 1.9"): "open lines weighed more, still strictly between -1 and +1",
    ("evaluate_four", "0 -> 1"): "another weighting of the windows: any guess in range that wins",
    ("evaluate_four", "1 -> 2"): "another weighting of the windows: any guess in range that wins",
    ("evaluate_four", "20 -> 21"): "another scale, still strictly between -1 and +1",
    ("two_layer_move", "0 -> 1"): "another quiet move: the task allows any legal move there",
}


def survivors(name: str) -> tuple[int, int, list[str]]:
    """How many mutants of the exercise ``name`` its check fails, of how many, and the changes
    of those it passes."""
    exercise, caught, total, passed = EXERCISES[name], 0, 0, []
    for change, mutant in mutants(exercise):
        total += 1
        if exercise.check(mutant).passed:
            passed.append(change)
        else:
            caught += 1
    return caught, total, passed


def main(names: list[str]) -> int:
    missed = []
    for name in names or sorted(EXERCISES):
        caught, total, passed = survivors(name)
        print(f"{name:28} {caught}/{total} mutants caught", flush=True)
        missed += [f"{name}: {change}" for change in passed if (name, change) not in EQUIVALENT]
    print("\nsurvivors that are mistakes the checks miss:")
    print("\n".join(f"  {line}" for line in missed) or "  none (the others are EQUIVALENT)")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
