"""The wheels the browser version serves (scripts/build_lite.py): each module with its bytecode,
which Pyodide's Python would otherwise compile again in every student's browser; its source
beside it, for tracebacks, except in the wheels served as bytecode alone (``BYTECODE_ONLY``,
all but the top-level package's ``__init__``), which Pyodide unpacks with half the files. That
such a wheel imports is shown where a lesson first needs it (lesson 1's rows of boards, in
test_lessons_offline.py)."""

from __future__ import annotations

import ast
import zipfile
from pathlib import Path, PurePosixPath

from packaging.utils import canonicalize_name
from repo import ROOT


def bytecode_only() -> set[str]:
    """The names in build_lite.py's ``BYTECODE_ONLY``, read from its source: the script imports
    the build tools, which only the builder's Python (.venv-lite) has."""
    tree = ast.parse((ROOT / "scripts" / "build_lite.py").read_text())
    (value,) = [node.value for node in tree.body if isinstance(node, ast.Assign)
                and ast.unparse(node.targets[0]) == "BYTECODE_ONLY"]
    return set(ast.literal_eval(value))


def modules(wheel: Path) -> tuple[set[str], set[str], set[str]]:
    """The wheel's modules with a source, with bytecode beside it in ``__pycache__``, and with
    bytecode alone in the source's place; each as its path without the suffix."""
    with zipfile.ZipFile(wheel) as archive:
        names = [PurePosixPath(name) for name in archive.namelist()]
    sources = {str(name.with_suffix("")) for name in names if name.suffix == ".py"}
    cached = {str(name.parent.parent / name.name.split(".")[0]) for name in names
              if name.parent.name == "__pycache__"}
    alone = {str(name.with_suffix("")) for name in names
             if name.suffix == ".pyc" and name.parent.name != "__pycache__"}
    return sources, cached, alone


def test_every_module_is_served_with_its_bytecode_and_its_source_but_where_not_missed(site):
    wheels = {canonicalize_name(path.name.split("-")[0]): path
              for path in (site / "static" / "pyodide").glob("*.whl")}
    assert bytecode_only() <= set(wheels)
    for name, wheel in wheels.items():
        sources, cached, alone = modules(wheel)
        if name in bytecode_only():  # but its top-level package's __init__, which names it
            assert sources == cached == {f"{name}/__init__"} and len(alone) > 100, name
        else:
            assert sources and not alone, name
            # the modules Pyodide's Python could compile (all but, here and there, a file for
            # another Python that nothing imports)
            assert len(sources - cached) <= 2, (name, sorted(sources - cached))
