"""Entering the contest: ``enter_contest(my_player)`` writes the player's source, with the
notebook's functions, imports and constants it uses, as one file into the contest folder, under the
student's name.

The name is never typed: on the class hub it is the student's hub name (``JUPYTERHUB_USER``), on a
laptop the computer's user name. The folder is ``TTT_CONTEST`` (the class hub sets it to a folder
every student may write into and nobody may empty of another's files, as nbgrader's exchange), or
``~/ttt-contest`` on a laptop. An entry file is a module whose ``PLAYER`` is the player: a teacher
may also drop files written by hand into the folder.
"""

from __future__ import annotations

import builtins
import dis
import getpass
import inspect
import os
import re
import sys
import tempfile
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ttt.core.arguments import checked

__all__ = ["ENTRY_NAME", "CannotEnter", "NoContestFolder", "contest_folder", "enter_contest",
           "entry_source", "student_name"]

#: What a student's name (and so an entry's file name) may be: a hub or system user name.
ENTRY_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
#: The plain values an entry may carry from the notebook, written as their repr.
_PLAIN = (bool, int, float, str, type(None))


class _OneSentence:
    """An error a student meets while entering: Jupyter shows its sentence alone, not the
    package's traceback (IPython renders an error by its ``_render_traceback_`` if it has one):
    the sentence says what to do, and the lines of ``ttt`` above it would only hide it."""

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


class CannotEnter(_OneSentence, TypeError):
    """What cannot travel into the contest (a lambda, a dict built in another cell...)."""


class NoContestFolder(_OneSentence, ValueError):
    """The contest folder is not there, or the entry's name or file is not the student's."""


def student_name() -> str:
    """Who is entering: the hub's name for the student (JUPYTERHUB_USER), else the computer's user
    name. Never typed, so one student cannot enter as another."""
    name = os.environ.get("JUPYTERHUB_USER") or getpass.getuser()
    if not ENTRY_NAME.fullmatch(name):
        raise NoContestFolder(f"the user name {name!r:.40} cannot name a contest entry (letters, "
                         f"digits, '_', '.' and '-' only): ask your teacher")
    return name


def contest_folder() -> Path:
    """Where entries go: TTT_CONTEST (the class hub sets it), else ``~/ttt-contest``."""
    return Path(os.environ.get("TTT_CONTEST") or Path.home() / "ttt-contest")


def a_contest_folder(value: object, name: str) -> None:
    """The argument rule of a contest folder: the path of a folder that exists (the teacher makes
    it with ``python -m ttt.contest open``)."""
    if not isinstance(value, (str, Path)):
        raise TypeError(f"{name} is the path of the contest folder, got {value!r:.60}")
    if str(value) == "" or not Path(value).is_dir():
        raise NoContestFolder(f"{name}: there is no contest folder {str(value)!r:.80}: ask your "
                         f"teacher to open the contest (python -m ttt.contest open)")


def _a_player_with_source(value: object, name: str) -> None:
    """The argument rule of a player to enter: a function defined with def (its source is what
    enters), not inside another function (whose variables the entry could not carry)."""
    if not isinstance(value, types.FunctionType) or value.__name__ == "<lambda>":
        what = "a lambda" if isinstance(value, types.FunctionType) else f"{value!r:.60}"
        raise CannotEnter(f"{name}: enter_contest takes a player defined with def (a function "
                          f"from a position to a move), got {what}")
    if value.__code__.co_freevars:
        raise CannotEnter(f"{name}: enter_contest cannot carry {value.__code__.co_freevars[0]!r}, "
                          f"a variable of the function around {value.__name__}: define "
                        f"{value.__name__} at the top of a cell")


@checked(player=_a_player_with_source, folder=a_contest_folder)
def enter_contest(player: Callable[[Any], Any], folder: str | Path | None = None) -> Path:
    """Enter ``player`` (a function from a position to a move) in the class contest: its source,
    as ``entry_source`` gathers it, becomes the file ``NAME.py`` of the contest folder, NAME the
    student's (``student_name``). Entering again replaces the entry. Returns the file's path. On
    a laptop (no TTT_CONTEST) the folder ``~/ttt-contest`` is made if need be.

    The file is readable only by its owner (the student) and the teacher running the contest as
    root: classmates cannot copy it from the shared folder."""
    source = entry_source(player)
    if folder is None and not os.environ.get("TTT_CONTEST"):
        contest_folder().mkdir(mode=0o700, exist_ok=True)  # a laptop's: its owner's alone
    if folder is None:  # TTT_CONTEST's, which the class hub makes: the same rule
        a_contest_folder(contest_folder(), "folder (TTT_CONTEST)")
    folder = Path(folder) if folder is not None else contest_folder()
    entry = folder / f"{student_name()}.py"
    _write_privately(entry, source)
    return entry


def _write_privately(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` mode 0600, whole or not at all: a new file beside it renamed
    over it, so a contest running meanwhile reads the old entry or the new one."""
    handle, draft = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".py")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(draft, path)
    except PermissionError:
        os.unlink(draft)
        raise NoContestFolder(f"{path} belongs to another account: ask your teacher") from None


@checked(player=_a_player_with_source)
def entry_source(player: Callable[[Any], Any]) -> str:
    """A module that defines ``player`` as ``PLAYER``: the source of ``player`` and of the
    functions and classes of its own notebook (or file) it uses, and imports of the modules, the
    names from other modules and the plain constants (numbers, strings) it uses. What it cannot
    carry (a list, a lambda) gets a clear error: define it inside the function instead."""
    imports: dict[str, str] = {}
    sources: dict[str, str] = {}
    _gather(player, player.__module__, imports, sources)
    return "\n".join([*sorted(imports.values()), "", *sources.values(),
                      f"PLAYER = {player.__name__}", ""])


def _gather(obj: Any, home: str, imports: dict[str, str], sources: dict[str, str]) -> None:
    """Add to ``sources`` the source of ``obj`` (a function or class of module ``home``), and to
    ``imports`` or ``sources`` what each global name it uses refers to, recursively."""
    sources[obj.__name__] = _source_of(obj)
    scope = getattr(obj, "__globals__", None) or vars(inspect.getmodule(obj) or types)
    for name in sorted(_global_names(obj)):
        if name in sources or name in imports or name not in scope:
            continue  # a builtin, or already gathered
        value = scope[name]
        if isinstance(value, types.ModuleType):
            imports[name] = _import_line(value.__name__, name)
        elif isinstance(value, _PLAIN):
            sources[name] = f"{name} = {value!r}\n"
        elif getattr(value, "__module__", None) == home and (
                inspect.isfunction(value) or inspect.isclass(value)):
            _gather(value, home, imports, sources)
        elif _course_player_name(value):
            imports.update(_MAKE_PLAYER)
            sources[name] = (f"{name} = _make_player({value.__name__!r}, "
                             f"seed=_random.getrandbits(32))\n")
        elif _builtin_in_disguise(name, value):
            continue  # IPython's open, which only warns about the notebook's own files
        elif (line := _import_of(value, name, home)) is not None:
            imports[name] = line
        else:
            raise CannotEnter(f"enter_contest cannot carry {name!r} ({type(value).__name__}) "
                              f"into the contest: define it inside {obj.__name__}")


#: The imports of a course player made afresh by name (private names: the student's own stay free).
_MAKE_PLAYER = {"_make_player": "from ttt.catalogue import make_player as _make_player",
                "_random": "import random as _random"}


def _course_player_name(value: object) -> str | None:
    """The name ``make_player`` builds ``value`` from, if it is one of the course's players
    (``backup = two_layer_player(seed=21)``): a player made by a call, whose source is not its
    own, travels as a call of ``make_player``, seeded by the game's seed (the seat seeds
    ``random``)."""
    from ttt.catalogue import make_player

    name = getattr(value, "__name__", None)
    if getattr(value, "__module__", None) != "ttt.play.players" or not isinstance(name, str):
        return None
    try:
        make_player(name)
    except (ValueError, TypeError):
        return None
    return name


def _source_of(obj: Any) -> str:
    """The source of ``obj``, a clear error where there is none (typed at a prompt)."""
    try:
        return inspect.getsource(obj) + "\n"
    except (OSError, TypeError):
        raise CannotEnter(f"the source of {obj.__name__} cannot be found: define it in a "
                          f"notebook cell or a file") from None


def _global_names(obj: Any) -> set[str]:
    """The global names the code of ``obj`` uses: a function's, with its inner functions', or
    each method's of a class."""
    if inspect.isclass(obj):
        return set().union(*(_global_names(member) for member in vars(obj).values()
                             if inspect.isfunction(member)), *(
            {base.__name__} for base in obj.__bases__ if base is not object))
    return _code_names(obj.__code__)


def _code_names(code: types.CodeType) -> set[str]:
    """The global names a code object and the code objects inside it look up (not attribute
    names: ``position.play`` does not use a global ``play``)."""
    own = {step.argval for step in dis.get_instructions(code)
           if step.opname in ("LOAD_GLOBAL", "LOAD_NAME")}
    return own.union(*(_code_names(inner) for inner in code.co_consts
                       if isinstance(inner, types.CodeType)))


def _import_line(module: str, name: str) -> str:
    """``import module`` under ``name``."""
    return f"import {module}" if module == name else f"import {module} as {name}"


def _builtin_in_disguise(name: str, value: Any) -> bool:
    """Whether ``value`` is the builtin called ``name`` wrapped (IPython puts its own ``open``
    in a notebook's names): the entry's Python has the builtin itself."""
    return getattr(value, "__wrapped__", None) is getattr(builtins, name, object())


def _import_of(value: Any, name: str, home: str) -> str | None:
    """The line that imports ``value`` as ``name``: from the module that defines it (``from
    ttt.play.players import winning_moves as wins``), else from the shortest public module that
    holds it under that name (``from ttt import LINES``: a constant has no module of its own);
    None if no module has it (it was made in the notebook)."""
    module, thing = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if module not in (None, home, "__main__") and isinstance(thing, str) and \
            getattr(sys.modules.get(module), thing, None) is value:
        line = f"from {module} import {thing}"
        return line if thing == name else f"{line} as {name}"
    holders = sorted((len(key), key) for key, held in list(sys.modules.items())
                     if key not in (home, "__main__") and _public(key)
                     and _holds(held, name, value))
    return f"from {holders[0][1]} import {name}" if holders else None


def _public(module: str) -> bool:
    """Whether a module's name is one to import from (no part of it private)."""
    return not any(part.startswith("_") for part in module.split("."))


def _holds(module: object, name: str, value: Any) -> bool:
    """Whether ``module`` has ``value`` itself as its ``name``."""
    try:
        return vars(module).get(name, None) is value
    except TypeError:  # a stand-in with no namespace in sys.modules
        return False
