"""Running the course as a school's other accounts would, from a test run as root: a view of
this computer in which an account that is not root reaches what it needs, and which account."""

from __future__ import annotations

import os
import pwd
from pathlib import Path

#: The account a contest runs as in the tests that run it not as root: ``nobody`` (with no home)
#: when the tests run as root, as CI does, else the account running them.
NOT_ROOT = "nobody" if os.geteuid() == 0 else pwd.getpwuid(os.getuid()).pw_name


def seen_by_every_account(needed: list[Path]) -> list[str]:
    """bubblewrap's options (run as root) for a view of this computer in which every account can
    reach ``needed``, as a teacher's own Python and course are their account's: each folder above
    them that others may not pass (a pyenv Python's /root, pytest's temporary folders) covered by
    an empty one, and ``needed`` shown in it. Nothing changes outside: other tests that open and
    close /root meanwhile are not disturbed."""
    closed = {folder for path in needed for folder in path.parents
              if not folder.stat().st_mode & 0o001}
    outermost = sorted(folder for folder in closed
                       if not any(other in folder.parents for other in closed))
    inside = sorted({folder for path in needed for folder in path.parents
                     if any(cover in folder.parents for cover in outermost)})
    # outermost first: a needed folder that holds a closed one (the clone holding make test's
    # .pytest-tmp) is shown before the cover, so that the cover is not hidden again by it
    steps = sorted([*((folder, 0, ("--tmpfs", str(folder))) for folder in outermost),
                    # the folders on the way, passable (bubblewrap would make them 0700)
                    *((folder, 1, ("--perms", "0755", "--dir", str(folder))) for folder in inside),
                    *((path, 2, ("--bind", str(path), str(path))) for path in needed)],
                   key=lambda step: (len(step[0].parts), step[1]))
    # devices too: the contest's own bubblewrap shows /dev/null
    return ["--dev-bind", "/", "/", *(arg for _, _, args in steps for arg in args)]
