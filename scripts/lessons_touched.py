"""The lessons a change can affect, for ``make check``: ``scripts/lessons_touched.py FILE...``
prints the lessons (notebooks/NN_*.ipynb) that use a changed module of ``ttt``, or a module that
imports one, however indirectly; a changed lesson is touched too.

A lesson uses the modules it imports by their path (``from ttt.search.counting import count_tree``),
the module that defines each name it takes from ``ttt`` itself (``from ttt import Board`` uses
``ttt.games.board``) or from the exercises (``exercises.winner`` uses ``ttt.course.exercises.
lesson1``); nothing registers itself by import (``ttt.catalogue`` imports every player it
names), so the imports alone say what a lesson uses. The import graph is grimp's
(import-linter's own). A package's ``__init__`` only passes names on: the search does not go up
through it, or a change to any module would reach every lesson through ``ttt``. A changed file
of ``ttt`` that is not a module (the shipped network's JSON) touches every lesson: no import
says who reads it.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def lessons_touched(changed: list[str]) -> list[Path]:
    """The lessons that the changed files (paths from the repository's root) can affect."""
    changed_paths = [ROOT / name for name in changed]
    package = [path for path in changed_paths if ROOT / "ttt" in path.parents]
    if any(path.suffix != ".py" for path in package):
        return LESSONS
    modules = {_module_of(path) for path in package}
    graph = grimp.build_graph("ttt")
    return [lesson for lesson in LESSONS
            if lesson in changed_paths or modules & _closure(graph, _used_by(lesson))]


def _module_of(path: Path) -> str:
    """``ttt.search.minimax`` for ``ttt/search/minimax.py``, ``ttt.search`` for its
    ``__init__.py``."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _closure(graph: grimp.ImportGraph, used: set[str]) -> set[str]:
    """``used`` and every module they import, however indirectly, not going into a package's
    ``__init__`` (which only passes names on)."""
    reached, frontier = set(used), [module for module in used if not _is_package(module)]
    while frontier:
        for imported in graph.find_modules_directly_imported_by(frontier.pop()):
            if imported not in reached and not _is_package(imported):
                reached.add(imported)
                frontier.append(imported)
    return reached


def _is_package(module: str) -> bool:
    """Whether ``module`` is a package (its code is an ``__init__.py``)."""
    return (ROOT / module.replace(".", "/") / "__init__.py").exists()


def _used_by(lesson: Path) -> set[str]:
    """The modules of ``ttt`` a lesson's code cells use."""
    code = "\n".join("".join(cell["source"]) for cell in json.loads(lesson.read_text())["cells"]
                     if cell["cell_type"] == "code")
    code = "\n".join(line for line in code.splitlines() if line.lstrip()[:1] not in "%!")
    used: set[str] = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            used |= {alias.name for alias in node.names if alias.name.startswith("ttt")}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ttt"):
            used |= set().union(*(_defining_module(node.module, alias.name)
                                  for alias in node.names))
    used |= set().union(*(_defining_module("ttt.course.exercises", name)
                          for name in re.findall(r"\bexercises\.([A-Za-z_]\w*)", code)))
    return used


def _defining_module(module: str, name: str) -> set[str]:
    """The modules that ``from module import name`` takes its code from: the submodule itself;
    from a package, the package and the module that defines the name (a function's or a class's
    own module; for another value, the modules of the functions it holds: an Exercise's model
    answer is in its lesson's module; else the module the package imports it from)."""
    folder = ROOT / module.replace(".", "/")
    if (folder / f"{name}.py").exists() or (folder / name / "__init__.py").exists():
        return {f"{module}.{name}"}
    if not _is_package(module):
        return {module}
    __import__(module)
    value = getattr(sys.modules[module], name, None)
    held = [value] if callable(value) else list(getattr(value, "__dict__", {}).values())
    homes = {home for item in held if callable(item)
             and isinstance(home := getattr(item, "__module__", None), str)
             and home.startswith("ttt")}
    return {module, *(homes or {_passed_on_from(module, name)})}


def _passed_on_from(package: str, name: str) -> str:
    """The module a package's ``__init__`` takes ``name`` from (a constant has no module of its
    own: ``from ttt import LINES``): by ``ttt``'s table of homes, or by the ``__init__``'s own
    import; else the package."""
    home = getattr(sys.modules[package], "_HOME_OF", {}).get(name)
    if home:
        return home
    tree = ast.parse((ROOT / package.replace(".", "/") / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and any(alias.name == name for alias in node.names):
            return node.module or package
    return package


if __name__ == "__main__":
    print(" ".join(str(path.relative_to(ROOT)) for path in lessons_touched(sys.argv[1:])))
