"""The course link: one nbgitpuller link per lesson, for a JupyterHub that has nbgitpuller.

A student who follows a lesson's link logs in to the hub, which copies the course's repository into
their home (``ttt/``) the first time, merges the teacher's updates on later visits without touching
what the student changed, and opens that lesson in JupyterLab. The format is the hub's address, then

    /hub/user-redirect/git-pull?repo=REPO&branch=BRANCH&targetpath=ttt&urlpath=lab/tree/ttt/notebooks/LESSON

with every value URL-quoted. The one setting is the hub's address; the course repository (the
school's copy, or the course's own) and its branch default to ``hub/course.json``.

    python scripts/course_links.py https://hub.school.edu      # a Markdown list, one per lesson
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ROOT / "hub" / "course.json"
TARGET = "ttt"  # the folder the course lands in, in each student's home


def lessons() -> list[str]:
    """The lessons' file names, in order (notebooks/NN_*.ipynb)."""
    return sorted(path.name for path in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def course_settings() -> dict:
    """hub/course.json: the course repository (``repo``) and ``branch`` the links pull."""
    return json.loads(SETTINGS.read_text())


def lesson_link(hub: str, lesson: str, repo: str | None = None, branch: str | None = None) -> str:
    """The nbgitpuller link that opens ``lesson`` (a file name in notebooks/) on the hub at
    ``hub``, after pulling ``repo``'s ``branch`` (hub/course.json's unless given)."""
    if not hub.startswith(("http://", "https://")):
        raise ValueError(f"hub should be the hub's address, http(s)://..., not {hub!r}")
    if lesson not in lessons():
        raise ValueError(f"lesson should be one of notebooks/: {', '.join(lessons())}; "
                         f"not {lesson!r}")
    settings = course_settings()
    query = {"repo": repo or settings["repo"], "branch": branch or settings["branch"],
             "targetpath": TARGET, "urlpath": f"lab/tree/{TARGET}/notebooks/{lesson}"}
    return f"{hub.rstrip('/')}/hub/user-redirect/git-pull?{urlencode(query)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print each lesson's nbgitpuller link.")
    parser.add_argument("hub", help="the hub's address, e.g. https://hub.school.edu")
    parser.add_argument("--repo", help="the course repository (default: hub/course.json's)")
    parser.add_argument("--branch", help="its branch (default: hub/course.json's)")
    args = parser.parse_args(argv)
    try:
        for lesson in lessons():
            print(f"- [{lesson}]({lesson_link(args.hub, lesson, args.repo, args.branch)})")
    except ValueError as error:
        parser.error(str(error))
    return 0


if __name__ == "__main__":
    sys.exit(main())
