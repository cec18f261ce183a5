"""Running the course as a school's other accounts would, from a test run as root: a view of
this computer in which an account that is not root reaches what it needs, and which account."""

from __future__ import annotations

import os
import pwd
import sys
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

#: The account a contest runs as in the tests that run it not as root: ``nobody`` (with no home)
#: when the tests run as root, as CI does, else the account running them.
NOT_ROOT = "nobody" if os.geteuid() == 0 else pwd.getpwuid(os.getuid()).pw_name


#: The folders of the system a process needs as they are: never covered.
SYSTEM = {Path(name) for name in ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
                                  "/etc", "/dev", "/proc", "/sys", "/run", "/var")}


def seen_by_every_account(needed: list[Path]) -> list[str]:
    """bubblewrap's options (run as root) for a view of this computer in which every account can
    reach ``needed``, as a teacher's own Python and course are their account's: each top folder
    they lie in (a pyenv Python's /root, the clone's /work) covered by an empty one whatever its
    mode now, and so is each folder inside ``needed`` that others may not pass (pytest's
    temporary folders in the clone); the folders on the way made passable and ``needed`` shown.
    Nothing changes outside, and nothing depends on a mode another test may be changing: the
    nbgrader tests open /root to every account for a while, then close it again."""
    tops = {Path("/", path.parts[1]) for path in needed} - SYSTEM
    closed_inside = {folder for path in needed for folder in path.parents
                     if not folder.stat().st_mode & 0o001
                     and any(shown in folder.parents for shown in needed)}
    covers = tops | closed_inside
    inside = {folder for path in needed for folder in path.parents
              if folder not in covers and any(cover in folder.parents for cover in covers)}
    # outermost first: a needed folder that holds a closed one (the clone holding make test's
    # .pytest-tmp) is shown before that one's cover, so that the cover is not hidden again by it
    steps = sorted([*((folder, 0, ("--tmpfs", str(folder))) for folder in covers),
                    # the folders on the way, passable (bubblewrap would make them 0700)
                    *((folder, 1, ("--perms", "0755", "--dir", str(folder))) for folder in inside),
                    *((path, 2, ("--bind", str(path), str(path))) for path in needed)],
                   key=lambda step: (len(step[0].parts), step[1]))
    # devices too: the contest's own bubblewrap shows /dev/null
    return ["--dev-bind", "/", "/", *(arg for _, _, args in steps for arg in args)]


def python_open_to_every_account() -> AbstractContextManager[None]:
    """Within the block, every account may pass through the folders above the course's Python:
    its venv (in a clone in a private folder, as a teacher's home or /root) and the Python that
    venv is made from (a pyenv Python's /root); their modes are put back after."""
    return passable_to_every_account(
        folder for path in (Path(sys.prefix), Path(sys.executable).resolve(),
                            Path(sys.base_prefix)) for folder in path.parents)


@contextmanager
def passable_to_every_account(folders: Iterable[Path]) -> Iterator[None]:
    """Within the block, every account may pass through ``folders`` (o+x where they lack it);
    their modes are put back after, so a private home is left as private as it was."""
    closed = {folder: folder.stat().st_mode for folder in folders
              if not folder.stat().st_mode & 0o001}
    for folder, mode in closed.items():
        folder.chmod(mode | 0o001)
    try:
        yield
    finally:
        for folder, mode in closed.items():
            folder.chmod(mode)
