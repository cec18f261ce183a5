"""The package's public API and its layers: what the lessons import is declared, no module imports
a higher layer (import-linter's contracts in pyproject.toml), and the architecture page's table
(site/architecture.md) lists the modules in the contracts' order."""

import ast
import importlib
import math
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest
from importlinter.api import read_configuration
from repo import GUIDE, ROOT
from repo import NOTEBOOKS as NOTEBOOK_FOLDER

from ttt.core.arguments import rules_of
from ttt.games.board import Board
from ttt.games.mnk import connect_four

NOTEBOOKS = sorted(NOTEBOOK_FOLDER.glob("*.ipynb"))


def module_name(path: str) -> str:
    """'ttt.games.board' for 'ttt/games/board.py'; a package's ``__init__.py`` is the package itself:
    'ttt.course.exercises' for 'ttt/course/exercises/__init__.py'."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def table() -> list[str]:
    """The modules in the order of the architecture page's table, e.g. ['ttt.course.plan', ...]."""
    table = (GUIDE / "architecture.md").read_text().split("| module | what it holds |")[1]
    return [module_name(path) for path in
            re.findall(r"^\| `(ttt/[\w/]+\.py)`", table, re.MULTILINE)]


#: Every module of the package but ``ttt`` itself and private ones, by name, with its file.
MODULES = {module_name(path.relative_to(ROOT).as_posix()): path
           for path in (ROOT / "ttt").rglob("*.py")
           if path.parent != ROOT / "ttt" or not path.stem.startswith("_")}


def imports(tree: ast.AST) -> list[tuple[str, list[str]]]:
    """(module, names) for each ``from ttt... import names``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "ttt":
            found.append((node.module, [alias.name for alias in node.names]))
        elif isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names if alias.name.startswith("ttt")]
    return found


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    """import-linter run on the package and the contracts under ``root``."""
    return subprocess.run([Path(sys.executable).parent / "lint-imports", "--no-cache"], cwd=root,
                          env={**os.environ, "PYTHONPATH": str(root)},
                          capture_output=True, text=True, timeout=120)


def rank(module: str, contract: dict) -> int | None:
    """Where ``module`` stands in a layers ``contract``, counted from its bottom layer (a package
    stands above its own modules, since it imports them); None if the contract leaves it out."""
    for container in contract["containers"]:
        layers = [set(layer.replace(":", "|").replace(" ", "").split("|"))
                  for layer in reversed(contract["layers"])]
        if module == container:
            return len(layers)
        if module.startswith(container + "."):
            name = module.removeprefix(container + ".").split(".")[0]
            return next(i for i, layer in enumerate(layers) if name in layer)
    return None


def code_of(path: Path) -> str:
    """A notebook's code cells as one Python source, IPython magics left out."""
    cells = nbformat.read(path, as_version=4).cells
    return "\n".join(line for cell in cells if cell.cell_type == "code"
                     for line in cell.source.splitlines() if not line.lstrip().startswith("%"))


def test_the_table_lists_every_module():
    assert sorted(table()) == sorted(MODULES)


def test_no_module_imports_a_higher_layer():
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def test_a_lower_layer_importing_a_higher_one_breaks_the_contract(tmp_path):
    shutil.copytree(ROOT / "ttt", tmp_path / "ttt", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    with open(tmp_path / "ttt" / "protocol.py", "a") as protocol:
        protocol.write("\nimport ttt.course.widgets  # the protocol asking for the playable board\n")
    run = lint_imports(tmp_path)
    assert run.returncode != 0
    assert "ttt.core.protocol -> ttt.course.widgets" in run.stdout


def test_the_table_lists_the_modules_in_the_contracts_order():
    for contract in read_configuration(str(ROOT / "pyproject.toml"))["contracts_options"]:
        ranks = [(rank(module, contract), module) for module in table()]
        ranks = [(number, module) for number, module in ranks if number is not None]
        assert [n for n, _ in ranks] == sorted(n for n, _ in ranks), ranks


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_the_lessons_import_only_declared_names(path):
    for module, names in imports(ast.parse(code_of(path))):
        imported = importlib.import_module(module)
        submodules = {n for n in names if f"{module}.{n}" in table()}
        undeclared = set(names) - set(imported.__all__) - submodules
        assert not undeclared, f"{path.name} imports {sorted(undeclared)} from {module}"


def module_level_names(tree: ast.Module) -> list[str]:
    """The names a module's own statements define at its top: functions, classes, variables."""
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else [])
        names += [target.id for target in targets if isinstance(target, ast.Name)]
    return names


def test_names_used_only_inside_their_module_start_with_an_underscore():
    """A reader can tell what a module offers from what it keeps to itself: a name that no other
    file of the repository mentions (no module, test, script or lesson) is the module's own."""
    others = {path: path.read_text() for folder in ("ttt", "tests", "scripts", "benchmarks",
                                                    "mutation", "hub", "notebooks")
              for path in (ROOT / folder).rglob("*") if path.suffix in (".py", ".ipynb")}
    private = []
    for path in MODULES.values():
        tree = ast.parse(path.read_text())
        exported = set(getattr(importlib.import_module(module_name(
            path.relative_to(ROOT).as_posix())), "__all__", ()))
        for name in module_level_names(tree):
            mentioned = re.compile(rf"\b{name}\b")
            if (not name.startswith("_") and name not in exported and name != "__all__"
                    and not any(mentioned.search(text) for other, text in others.items()
                                if other != path)):
                private.append(f"{path.relative_to(ROOT)}: {name}")
    assert not private, "used only in their module, so named with a leading underscore:\n" + \
        "\n".join(private)


#: The rules ``ttt.core.arguments`` applies where a checked function is entered, by their ``check_``
#: function: called again in the body on the function's own parameter, they can never fail.
BOUNDARY_RULES = ("check_position", "check_count", "check_depth", "check_flag")


def repeated_boundary_checks(function: ast.FunctionDef) -> list[str]:
    """The calls of a boundary rule that ``function``'s body makes, unconditionally, on one of its
    own parameters, or on a loop variable that runs over them (``for flag, name in ((ordered,
    "ordered"), ...)``)."""
    checked_names = {arg.arg for arg in (*function.args.args, *function.args.kwonlyargs)}
    found = []
    statements = list(function.body)
    while statements:
        statement = statements.pop(0)
        if isinstance(statement, ast.For) and checked_names & {
                name.id for name in ast.walk(statement.iter) if isinstance(name, ast.Name)}:
            checked_names |= {name.id for name in ast.walk(statement.target)
                              if isinstance(name, ast.Name)}
            statements[:0] = statement.body
        call = statement.value if isinstance(statement, ast.Expr) else None
        if (isinstance(call, ast.Call) and ast.unparse(call.func) in BOUNDARY_RULES
                and call.args and ast.unparse(call.args[0]) in checked_names):
            found.append(ast.unparse(call))
    return found


def test_no_checked_function_checks_its_arguments_again_in_its_body():
    repeated = []
    for path in MODULES.values():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and any(
                    ast.unparse(decorator).startswith("checked")
                    for decorator in node.decorator_list):
                repeated += [f"{path.relative_to(ROOT)}: {node.name}: {call}"
                             for call in repeated_boundary_checks(node)]
    assert not repeated, "checked at the boundary already (ttt.core.arguments):\n" + "\n".join(repeated)


#: Values to try a check in a function's body with: of every kind the boundary refuses some of.
PROBES = [None, "x", "X", "O", "4", True, 0, 1, -1, 2.5, math.nan, math.inf, -math.inf, 10 ** 9,
          [1], {}, {"a": 1}, len, Board(), Board.from_string("XXX|OO.|..."), connect_four()]


def body_checks(function: ast.FunctionDef) -> list[tuple[str, str]]:
    """(the check called, the parameter it checks): the calls of a ``check_*`` function that
    ``function``'s body makes, unconditionally, with one of its own parameters alone."""
    parameters = {arg.arg for arg in (*function.args.args, *function.args.kwonlyargs)}
    calls = [statement.value for statement in function.body if isinstance(statement, ast.Expr)]
    return [(call.func.id, call.args[0].id) for call in calls
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            and call.func.id.startswith("check_") and len(call.args) == 1 and not call.keywords
            and isinstance(call.args[0], ast.Name) and call.args[0].id in parameters]


def refuses(check: Callable[[object], object], value: object) -> bool:
    try:
        check(value)
    except Exception:  # a check's own error, or one it meets on a value it cannot look at
        return True
    return False


def test_no_check_in_a_body_refuses_only_what_the_boundary_refused_already():
    """A module's own ``check_*`` of a parameter, called in the body of a checked function, is a
    dead repeat if every value it refuses never gets past the function's boundary (``rules_of``):
    ``mcts.check_exploration`` and ``expectimax.check_chance`` were, without calling a rule of
    ``ttt.core.arguments`` by name, so the test above could not see them."""
    dead = []
    for name, path in MODULES.items():
        module = importlib.import_module(name)
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.FunctionDef) or not hasattr(
                    getattr(module, node.name, None), "__rules__"):
                continue
            boundary = rules_of(getattr(module, node.name))
            for check_name, parameter in body_checks(node):
                check = getattr(module, check_name)
                refused = [value for value in PROBES if refuses(check, value)]
                if refused and all(refuses(boundary[parameter], value) for value in refused):
                    dead.append(f"{path.relative_to(ROOT)}: {node.name}: "
                                f"{check_name}({parameter})")
    assert not dead, "refused at the boundary already (ttt.arguments.rules_of):\n" + "\n".join(dead)
