"""The type hints ``ttt.core.arguments`` checks without beartype: a class, a Callable, a TypeVar
by its bound, a union of those, each of which beartype itself checks with one ``isinstance`` or
``callable``. For every hint of every checked function of the package and a catalogue of values,
the answer is beartype's. And ``import ttt`` with ``ttt.pictures.display`` (a lesson's first cell)
imports no beartype, which in the browser version was most of that import; a hint that needs it
still gets it."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from collections.abc import Callable, Iterator

from beartype import BeartypeConf
from beartype.door import is_bearable

import ttt
from ttt.core.arguments import _plan, _shallow_fit
from ttt.games.board import Board
from ttt.games.mnk import connect_four

TOWER = BeartypeConf(is_pep484_tower=True)


def checked_functions() -> Iterator[Callable]:
    """Every checked function of the package (a class's checked ``__new__`` or ``__init__``
    too)."""
    for info in pkgutil.walk_packages(ttt.__path__, "ttt."):
        if info.name.endswith("__main__"):
            continue
        for thing in vars(importlib.import_module(info.name)).values():
            parts = [thing, *vars(thing).values()] if isinstance(thing, type) else [thing]
            for part in parts:
                part = getattr(part, "__func__", part)  # a staticmethod's function
                if hasattr(part, "__rules__"):
                    yield part


def package_hints() -> set:
    """The type hint of every parameter of every checked function."""
    return {hint for function in checked_functions()
            for _, _, hint in _plan(*function.__rules__) if hint is not None}


VALUES = [None, True, 0, 7, 1.5, float("nan"), "X", "", b"X", [], ["X", "O"], [1, 2], (), (4,),
          {}, {"a": 1}, frozenset(), Board(), Board.from_string("XO.|.X.|..O"), connect_four(),
          print, len, lambda: 0, int, object(), iter([1])]


def test_every_hint_checked_without_beartype_gets_beartypes_answer():
    answered = set()
    for hint in package_hints():
        for value in VALUES:
            shallow = _shallow_fit(value, hint)
            if shallow is not None:
                assert shallow == is_bearable(value, hint, conf=TOWER), (hint, value)
                answered.add(hint)
    # the hints of the package's import and of lesson 1's first picture are among them: a class,
    # a Callable, a TypeVar (the decorator's own), a union with None
    kinds = {type(hint).__name__ for hint in answered}
    assert {"type", "TypeVar", "UnionType"} <= kinds and str in answered
    assert any("Callable" in repr(hint) for hint in answered)


def test_a_lessons_first_cell_imports_no_beartype_and_a_hint_that_needs_it_gets_it():
    script = """
import sys
import ttt, ttt.pictures.display
from ttt import Board
print('beartype' in sys.modules)
Board.from_string('XO.|.X.|..O')._repr_svg_()
print('beartype' in sys.modules)
from ttt.games.svg import board_svg
try:
    board_svg([1] * 9)  # cells: Sequence[str]
except TypeError as error:
    print(error)
print('beartype' in sys.modules)
"""
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    before, picture, error, after = ran.stdout.splitlines()
    assert (before, after) == ("False", "True")
    assert error.startswith("cells should be ")
