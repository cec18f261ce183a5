"""What the course adds to the wait for a lesson's first output in the browser version (README: The
browser version, Start time; the tests never run this). Two sites built the same way
(scripts/build_lite.py: the same JupyterLite, Pyodide, kernel packages and settings): the course's
(build/lite/), and a bare one whose only notebook prints 1 (``build_lite.py --bare``). In turns,
bare, lesson 1, bare, lesson 1, ..., each page in a fresh browser (no cache: a student's first
visit), served from 127.0.0.1 with the same headers: the notebook is opened, its saved outputs
cleared, Run All pressed as soon as its session is ready, and the seconds from opening to each
step noted, with the files fetched and the machine's load average. Printed per turn, then the
medians, each lesson's first output over its bare neighbour's (the ratio), and the course's share
of the wait: (lesson 1 - bare) / lesson 1.

    python benchmarks/lite_start.py              # 3 turns each (builds what is missing)
    python benchmarks/lite_start.py --turns 5 --lesson 03_minimax.ipynb
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "scripts")]
from jupyter_pages import CHROMIUM_ARGS, NOTEBOOK, SHOWING, START_RUN_ALL, VIEWPORT, find_chromium  # noqa: E402
from static_site import builder_python, served  # noqa: E402

from ttt.pictures.browser import lesson_address  # noqa: E402

BARE_SITE = ROOT / ".cache" / "lite" / "bare-site"
BARE = "bare.ipynb"  # scripts/build_lite.py's BARE_NOTEBOOK
OPENED = f"(name) => {NOTEBOOK}?.context?.path === name"
SHOWN = f"() => {NOTEBOOK}.context.isReady && {NOTEBOOK}.content.model.cells.length > 0"
PYTHON_READY = (f"() => ['idle', 'busy'].includes({NOTEBOOK}.sessionContext.session?.kernel"
                "?.status)")


@dataclass
class Turn:
    """One page's timeline: seconds after opening of each step and each file fetched."""

    site: str
    steps: dict[str, float] = field(default_factory=dict)
    fetched: list[tuple[float, str]] = field(default_factory=list)
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def line(self) -> str:
        steps = "  ".join(f"{name} {seconds:5.1f}" for name, seconds in self.steps.items())
        return f"{self.site:>9}  load {self.load[0]:4.1f}  {steps}"


def measure(browser, url: str, notebook: str, label: str, picture: bool) -> Turn:
    """Open ``notebook`` in a fresh browser context and time it to its first output (and first
    picture, if ``picture``)."""
    turn = Turn(label)
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    opened = time.time()

    def fetched(request) -> None:
        name = request.url.split("?")[0].rsplit("/", 1)[-1]
        if name.endswith((".whl", ".wasm", ".zip", ".js")) and "static/pyodide" in request.url:
            turn.fetched.append((round(time.time() - opened, 1), name))

    def step(name: str, condition: str, arg=None) -> None:
        page.wait_for_function(condition, arg=arg, timeout=600_000, polling=50)
        turn.steps[name] = time.time() - opened

    page.on("requestfinished", fetched)
    try:
        page.goto(f"{url}/{lesson_address(notebook)}")
        step("opened", OPENED, notebook)
        step("shown", SHOWN)
        page.evaluate(START_RUN_ALL)
        turn.steps["Run All"] = time.time() - opened
        step("Python ready", PYTHON_READY)
        step("first output", SHOWING, "")
        if picture:
            step("first picture", SHOWING, "image/svg+xml")
    finally:
        turn.load = os.getloadavg()
        context.close()
    return turn


def built_sites() -> tuple[Path, Path]:
    """The course's site and the bare one, each built if it was built from other files."""
    build = [builder_python(), str(ROOT / "scripts" / "build_lite.py"), "--if-changed"]
    subprocess.run(build, check=True)
    subprocess.run([*build, "--bare", str(BARE_SITE)], check=True)
    return ROOT / "build" / "lite", BARE_SITE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=3, help="pages of each site (default 3)")
    parser.add_argument("--lesson", default="01_the_board.ipynb")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    course_site, bare_site = built_sites()
    turns: list[tuple[Turn, Turn]] = []
    with served(course_site) as course_url, served(bare_site) as bare_url, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(),
                                             args=CHROMIUM_ARGS)
        print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
        for _ in range(args.turns):
            bare = measure(browser, bare_url, BARE, "bare", picture=False)
            print(bare.line(), flush=True)
            lesson = measure(browser, course_url, args.lesson, "lesson", picture=True)
            print(lesson.line(), flush=True)
            print("           fetched after Run All: " + ", ".join(
                f"{name} {seconds}" for seconds, name in lesson.fetched
                if seconds > lesson.steps["Run All"]), flush=True)
            turns.append((bare, lesson))
        browser.close()
    report(turns)
    return 0


def report(turns: list[tuple[Turn, Turn]]) -> None:
    """The medians of each step, the ratios of each turn and the course's share of the wait."""
    first = "first output"
    for label, index in (("bare", 0), ("lesson", 1)):
        steps = turns[0][index].steps
        print(f"median {label:>6}: " + "  ".join(
            f"{name} {statistics.median(t[index].steps[name] for t in turns):5.1f}"
            for name in steps))
    ratios = [lesson.steps[first] / bare.steps[first] for bare, lesson in turns]
    shares = [(lesson.steps[first] - bare.steps[first]) / lesson.steps[first]
              for bare, lesson in turns]
    print("first output, lesson over bare, each turn: "
          + ", ".join(f"{ratio:.2f}" for ratio in ratios))
    print("the course's share of the wait, each turn: "
          + ", ".join(f"{share:.0%}" for share in shares)
          + f" (median {statistics.median(shares):.0%})")
    loads = [turn.load[0] for pair in turns for turn in pair]
    print(f"load average (1 min) at the end of each page: {min(loads):.1f} to {max(loads):.1f}")


if __name__ == "__main__":
    sys.exit(main())
