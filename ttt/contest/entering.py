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

import dis
import getpass
import inspect
import os
import re
import tempfile
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ttt.core.arguments import checked

__all__ = ["ENTRY_NAME", "contest_folder", "enter_contest", "entry_source", "student_name"]

#: What a student's name (and so an entry's file name) may be: a hub or system user name.
ENTRY_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
#: The plain values an entry may carry from the notebook, written as their repr.
_PLAIN = (bool, int, float, str, type(None))


def student_name() -> str:
    """Who is entering: the hub's name for the student (JUPYTERHUB_USER), else the computer's user
    name. Never typed, so one student cannot enter as another."""
    name = os.environ.get("JUPYTERHUB_USER") or getpass.getuser()
    if not ENTRY_NAME.fullmatch(name):
        raise ValueError(f"the user name {name!r:.40} cannot name a contest entry (letters, "
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
        raise ValueError(f"{name}: there is no contest folder {str(value)!r:.80}: ask your "
                         f"teacher to open the contest (python -m ttt.contest open)")


def _a_player_with_source(value: object, name: str) -> None:
    """The argument rule of a player to enter: a function defined with def (its source is what
    enters), not inside another function (whose variables the entry could not carry)."""
    if not isinstance(value, types.FunctionType) or value.__name__ == "<lambda>":
        raise TypeError(f"{name}: enter_contest takes a player defined with def (a function "
                        f"from a position to a move), got {value!r:.60}")
    if value.__code__.co_freevars:
        raise TypeError(f"{name}: enter_contest cannot carry {value.__code__.co_freevars[0]!r}, "
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
        raise PermissionError(f"{path} belongs to another account: ask your teacher") from None


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
        elif getattr(value, "__module__", None) not in (None, home, "__main__"):
            imports[name] = _from_line(value, name)
        else:
            raise TypeError(f"enter_contest cannot carry {name!r} ({type(value).__name__}) "
                            f"into the contest: define it inside {obj.__name__}")


def _source_of(obj: Any) -> str:
    """The source of ``obj``, a clear error where there is none (typed at a prompt)."""
    try:
        return inspect.getsource(obj) + "\n"
    except (OSError, TypeError):
        raise TypeError(f"the source of {obj.__name__} cannot be found: define it in a notebook "
                        f"cell or a file") from None


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


def _from_line(value: Any, name: str) -> str:
    """``from module import thing`` under ``name``."""
    thing = getattr(value, "__qualname__", getattr(value, "__name__", name))
    if "." in thing or "<" in thing:
        raise TypeError(f"enter_contest cannot carry {name!r} into the contest: import it "
                        f"inside your function")
    line = f"from {value.__module__} import {thing}"
    return line if thing == name else f"{line} as {name}"
