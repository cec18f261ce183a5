"""The classic mistakes of the exercises, as tests/course/test_exercises.py writes them: for each
exercise, the code of a mistaken function its check fails (the nbgrader course's "mistakes"
student, tests/lessons/test_assignments.py, and the class hub's, tests/hub)."""

import ast
import builtins
import textwrap
from functools import cache

from repo import TESTS

from ttt.course.exercises import EXERCISES

EXERCISE_TESTS = TESTS / "course" / "test_exercises.py"


def free_names(code: str) -> set[str]:
    """The names ``code`` uses but does not define (nor are built in)."""
    tree = ast.parse(code)
    used = {node.id for node in ast.walk(tree)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
    bound = {node.id for node in ast.walk(tree)
             if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load)}
    bound |= {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)}
    bound |= {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    return used - bound - set(dir(builtins))


def dependencies(code: str, module: ast.Module, source: str) -> list[str] | None:
    """The imports, helper functions and constants of the test module that ``code`` needs, in an
    order that defines each before use; None if it needs something else (a test's own
    variable)."""
    imports = {alias.asname or alias.name.split(".")[0]:
               (f"from {node.module} import {alias.name}" if isinstance(node, ast.ImportFrom)
                else f"import {alias.name}") + (f" as {alias.asname}" if alias.asname else "")
               for node in module.body if isinstance(node, (ast.Import, ast.ImportFrom))
               for alias in node.names}
    helpers = {node.name: ast.get_source_segment(source, node) for node in module.body
               if isinstance(node, ast.FunctionDef) and not node.name.startswith("test_")}
    helpers |= {node.targets[0].id: ast.get_source_segment(source, node) for node in module.body
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and
                isinstance(node.targets[0], ast.Name)}
    needed: list[str] = []
    for name in sorted(free_names(code)):
        if name in imports:
            needed.insert(0, imports[name])
        elif name in helpers:
            more = dependencies(helpers[name], module, source)
            if more is None:
                return None
            needed += [*more, helpers[name]]
        else:
            return None
    return list(dict.fromkeys(needed))


def candidates(test: ast.FunctionDef, module: ast.Module, source: str):
    """(exercise name, code defining the student's mistaken function) for each function a test
    writes or builds for an exercise, in the order of the test's lines."""
    factories = {node.name: name for node in module.body if isinstance(node, ast.FunctionDef)
                 for name in [inner.name for inner in node.body
                              if isinstance(inner, ast.FunctionDef)] if name in EXERCISES}
    found = []
    for node in ast.walk(test):
        if isinstance(node, ast.FunctionDef) and node is not test and node.name in EXERCISES:
            segment = ast.get_source_segment(source, node, padded=True)
            found.append((node.lineno, node.name, textwrap.dedent(segment)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in factories:
            name = factories[node.func.id]
            found.append((node.lineno, name, f"{name} = {ast.unparse(node)}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == "check" and isinstance(node.func.value, ast.Attribute) and \
                ast.unparse(node.func.value.value) == "exercises" and node.args and \
                isinstance(node.args[0], ast.Lambda):
            name, function = node.func.value.attr, node.args[0]
            found.append((node.lineno, name, f"def {name}({ast.unparse(function.args)}):\n"
                                             f"    return {ast.unparse(function.body)}"))
    return [(name, code) for _, name, code in sorted(found, key=lambda item: item[0])]


@cache
def classic_mistakes() -> dict[str, str]:
    """For each exercise, the code of the first mistake tests/course/test_exercises.py checks a
    nudge for (with the imports and helpers it needs), which the exercise's check fails."""
    source = EXERCISE_TESTS.read_text()
    module = ast.parse(source)
    mistakes: dict[str, str] = {}
    for test in module.body:
        if not (isinstance(test, ast.FunctionDef) and test.name.startswith("test_") and
                any(isinstance(node, ast.Attribute) and node.attr == "nudge"
                    for node in ast.walk(test))):
            continue
        for name, code in candidates(test, module, source):
            needed = dependencies(code, module, source)
            if name in mistakes or needed is None:
                continue
            full = "\n\n".join([*needed, code]) + "\n"
            if not mistaken(name, full).passed:
                mistakes[name] = full
    return mistakes


def mistaken(name: str, code: str):
    """The check's feedback on the function ``code`` defines."""
    namespace: dict = {}
    exec(compile(code, f"<{name} mistake>", "exec"), namespace)
    return EXERCISES[name].check(namespace[name])
