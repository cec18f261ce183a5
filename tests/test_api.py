"""The package's public API and its layers: what the lessons import is declared, and no module
imports one that the README's table lists below it."""

import ast
import importlib
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def module_name(path: str) -> str:
    """'ttt.board' for 'ttt/board.py'; a package's ``__init__.py`` is the package itself:
    'ttt.exercises' for 'ttt/exercises/__init__.py'."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def layers() -> list[str]:
    """The modules in the order of the README's table, e.g. ['ttt.svg', 'ttt.board', ...]."""
    table = (ROOT / "README.md").read_text().split("| module | what it holds |")[1]
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


def code_of(path: Path) -> str:
    """A notebook's code cells as one Python source, IPython magics left out."""
    cells = nbformat.read(path, as_version=4).cells
    return "\n".join(line for cell in cells if cell.cell_type == "code"
                     for line in cell.source.splitlines() if not line.lstrip().startswith("%"))


def test_the_table_lists_every_module():
    assert sorted(layers()) == sorted(MODULES)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_module_imports_only_the_layers_above_it(name):
    order = layers()
    for imported, names in imports(ast.parse(MODULES[name].read_text())):
        # ``from ttt import board`` and ``from ttt.exercises import lesson1`` import modules
        modules = [f"{imported}.{n}" for n in names if f"{imported}.{n}" in order]
        targets = modules if modules or imported == "ttt" else [imported]
        for target in targets:
            assert order.index(target) < order.index(name), f"{name} imports {target}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_the_lessons_import_only_declared_names(path):
    for module, names in imports(ast.parse(code_of(path))):
        imported = importlib.import_module(module)
        submodules = {n for n in names if f"{module}.{n}" in layers()}
        undeclared = set(names) - set(imported.__all__) - submodules
        assert not undeclared, f"{path.name} imports {sorted(undeclared)} from {module}"
