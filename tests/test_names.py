"""One name per concept (issue 39): a name means one thing across the package, and one thing has
one name.

A reader who meets ``outcome`` in one module and ``_outcome`` in another, or ``PLAYERS`` as the
two marks here and as the factories of players there, must stop and work out which is meant. So
every name defined at the top of a module of ``ttt`` (a function, a class, a constant or a type;
a leading underscore does not make it another name: ``deepening_player`` and
``_deepening_player``) is defined once, unless it is one concept on purpose, listed below with
the reason. The lessons' exercise modules are left out:
a model answer is named as the lesson asks the student to name it (``minimax_value``).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from collections import defaultdict
from pathlib import Path

import ttt

PACKAGE = Path(ttt.__file__).parent

#: Names defined in more than one module on purpose, each one concept, and why.
ONE_CONCEPT = {
    "minimax": "ttt.search.fast's copy of ttt.search.minimax's on tic-tac-toe's bits (lesson 4: one algorithm "
               "in two representations)",
    "alphabeta": "ttt.search.fast's copy of ttt.search.minimax's, and the players' choice between the two",
    "final_score": "ttt.search.fast's copy of ttt.core.protocol's on tic-tac-toe's bits",
    "leaf_score": "ttt.search.fast's copy of ttt.core.protocol's on tic-tac-toe's bits",
    "best_move": "expectimax's is ttt.core.protocol's best_move of its expected scores",
    "result": "each search's own result of the tree it searched (SearchResult, MCTSResult)",
    "players_of_results": "the rule of a round robin's names, for the counts a chart draws and "
                          "the games a tournament plays",
    "Path": "the moves from a search's first position: any game's (ttt.core.watching) or the cells of "
            "a tic-tac-toe tree (ttt.pictures.display)",
    "main": "a command's entry point, as `python -m` runs it (ttt, ttt.contest and a contest's "
            "seat)",
    "F": "the type of a decorated function, for ttt.core.arguments' checked (and the one watch "
         "mechanism's decorator, being written beside this)",
}


def module_names(path: Path) -> list[str]:
    """The names defined at the top of the module at ``path``, dunders left out."""
    names = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [target.id for target in node.targets if isinstance(target, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return [name for name in names if not name.startswith("__")]


def homes_by_name() -> dict[str, set[str]]:
    """Each name of the package (without its leading underscores) -> where it is defined, as
    'module.name' (a public name and a private one in one module are two homes)."""
    homes = defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name == "exercises" and path.stem.startswith("lesson"):
            continue
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        for name in module_names(path):
            homes[name.lstrip("_")].add(f"{module}.{name}")
    return homes


def test_a_name_means_one_thing_across_the_package():
    shared = {name: sorted(homes) for name, homes in homes_by_name().items()
              if len(homes) > 1 and name not in ONE_CONCEPT}
    assert shared == {}, f"one name for two things: rename one, or list it in ONE_CONCEPT: {shared}"


#: Public functions named as a public method of a class elsewhere on purpose, and why.
ONE_CONCEPT_AS_METHOD = {
    "train": "a learner trained on its own games: lesson 9's matchboxes (Menace.train) and lesson "
             "10's network (ttt.selfplay.train)",
    "positions_ahead": "the protocol's count asks the game's own method first (ConnectFour's)",
    "shape": "a Grid's Shape is the one ttt.grid.shape makes",
    "move_scores": "ttt.search.fast.Solver answers perfect play's questions from its own table",
    "outcome": "ttt.search.fast.Solver answers perfect play's questions from its own table",
    "move_outcomes": "ttt.search.fast.Solver answers perfect play's questions from its own table",
    "hint": "a hint to the student: an exercise's (Exercise.hint, as the lessons teach it) and "
            "a move's on the playable board (ttt.widgets.hint, as issue 39 names it)",
    **dict.fromkeys(["select", "expand", "play_out", "back_up"],
                    "a watch of MCTS is told each phase under the phase's name; the one watch "
                    "mechanism of issue 39 settles these"),
}


def public_functions_and_methods() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The public functions at the top of each module, and the public methods of its classes:
    name -> where ('module' or 'module.Class')."""
    functions, methods = defaultdict(set), defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name == "exercises" and path.stem.startswith("lesson"):
            continue
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                functions[node.name].add(module)
            elif isinstance(node, ast.ClassDef):
                for member in node.body:
                    if isinstance(member, ast.FunctionDef) and not member.name.startswith("_"):
                        methods[member.name].add(f"{module}.{node.name}")
    return functions, methods


def test_a_function_is_not_named_as_a_method_that_does_another_thing():
    functions, methods = public_functions_and_methods()
    shared = {name: sorted(functions[name] | methods[name])
              for name in set(functions) & set(methods) if name not in ONE_CONCEPT_AS_METHOD}
    assert shared == {}, (f"a function named as another thing's method (Solver.solve and "
                          f"solve were two solvers): rename one, or list it in "
                          f"ONE_CONCEPT_AS_METHOD: {shared}")


def public_objects() -> dict[int, set[str]]:
    """Each function and class a module of the package exports (``__all__``) -> its names."""
    names = defaultdict(set)
    for found in pkgutil.walk_packages(ttt.__path__, "ttt."):
        module = importlib.import_module(found.name)
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if inspect.isfunction(value) or inspect.isclass(value):
                names[id(value)].add(name)
    return names


def test_one_thing_has_one_public_name():
    aliases = [sorted(names) for names in public_objects().values() if len(names) > 1]
    assert aliases == [], f"one thing exported under two names: keep one: {aliases}"
