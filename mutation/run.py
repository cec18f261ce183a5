"""Mutation testing of the package's core with mutmut: ``make mutation`` (not in ``make test``).

For each module below, mutmut makes every one-operator mutant of it (a comparison, an operator, a
constant, a call's argument, a dropped statement...) and runs the fast unit tests of that module
against each, one mutant at a time at the lowest priority: a mutant no test fails on *survives*.
Each module is tested in a folder of its own under .pytest-tmp/mutation/ (a copy of ttt/ and
tests/, and a pyproject.toml saying what to mutate and which tests to run), so nothing in the
checkout changes. What it finds is written to mutation/results/<module>.txt: the score, the tests,
the commit whose code was mutated, then each survivor with its diff; mutation/SURVIVORS.md says
for each survivor why it survives (an equivalent mutant, or the test that is missing).

    python mutation/run.py                 # every module (hours on 2 cores)
    python mutation/run.py expectimax mcts # some
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / ".pytest-tmp" / "mutation"
RESULTS = ROOT / "mutation" / "results"
MUTMUT = Path(sys.executable).parent / "mutmut"

#: Each module and the unit tests that are its own: fast, no lessons, no browser.
TESTS = {
    "solve": ["tests/search/test_solve.py", "tests/lessons/test_lesson_values.py", "tests/core/test_bad_input.py"],
    "search": ["tests/search/test_minimax.py", "tests/core/test_watching.py", "tests/lessons/test_lesson_values.py",
               "tests/core/test_bad_input.py"],
    "fast": ["tests/search/test_fast.py", "tests/lessons/test_lesson_values.py", "tests/core/test_bad_input.py"],
    "learning": ["tests/learning/test_tabular.py", "tests/lessons/test_lesson_values.py"],
    "grid": ["tests/games/test_mnk.py", "tests/games/test_board.py", "tests/games/test_svg.py",
             "tests/lessons/test_lesson_values.py", "tests/core/test_bad_input.py"],
    "counting": ["tests/search/test_counting.py"],
    "expectimax": ["tests/search/test_expectimax.py"],
    "mcts": ["tests/search/test_mcts.py", "tests/lessons/test_lesson_values.py"],
}

PYPROJECT = """\
[tool.mutmut]
source_paths = ["ttt"]
only_mutate = ["ttt/{module}.py"]
pytest_add_cli_args = ["-p", "no:nbval", "-p", "no:xdist", "-p", "no:playwright", "-q",
                       "-p", "no:cacheprovider"]
pytest_add_cli_args_test_selection = {tests}
# a mutant whose tests take 6 times their usual CPU time (e.g. a constant hash, which makes every
# transposition table a list) counts as killed by timeout; mutmut's default waits 30 times
timeout_multiplier = 3.0

[tool.pytest.ini_options]
pythonpath = ["tests"]
"""


def prepare(module: str) -> Path:
    """A fresh folder for mutating ``module``: ttt/, tests/ and the configuration."""
    folder = WORK / module
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "ttt", folder / "ttt", ignore=ignore)
    shutil.copytree(ROOT / "tests", folder / "tests", ignore=ignore)
    undecorate(folder / "ttt" / f"{module}.py")
    tests = "[" + ", ".join(f'"{test}"' for test in TESTS[module]) + "]"
    (folder / "pyproject.toml").write_text(PYPROJECT.format(module=module, tests=tests))
    return folder


def undecorate(module: Path) -> None:
    """Each ``@watched`` line of ``module`` written instead as ``name = watched(name)`` at its end,
    the same search watched the same way: mutmut makes no mutant of a decorated function, and
    the algorithms the lessons show each carry that line."""
    source = module.read_text()
    names = re.findall(r"^@watched\ndef (\w+)\(", source, re.MULTILINE)
    source = re.sub(r"^@watched\n(?=def )", "", source, flags=re.MULTILINE)
    module.write_text(source + "".join(f"\n{name} = watched({name})\n" for name in names))


def mutmut(folder: Path, *args: str) -> str:
    """Run mutmut in ``folder`` at the lowest priority, importing the folder's own ttt; stop
    with mutmut's last words if it fails (e.g. the unmutated module fails its own tests: a
    score would otherwise read as mutants not yet run)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    run = subprocess.run(["nice", "-n", "19", str(MUTMUT), *args], cwd=folder, env=env,
                         capture_output=True, text=True)
    if run.returncode:
        sys.exit(f"mutmut {' '.join(args)} failed in {folder}:\n"
                 + "\n".join((run.stdout + run.stderr).splitlines()[-30:]))
    return run.stdout + run.stderr


def outcomes(folder: Path) -> dict[str, str]:
    """Each mutant's name and what became of it (killed, survived, timeout, ...)."""
    listing = mutmut(folder, "results", "--all", "true")
    return dict(re.findall(r"^\s*(\S+__mutmut_\d+): (\w[\w ]*)$", listing, re.MULTILINE))


def report(module: str, folder: Path, code: str) -> str:
    """Write mutation/results/<module>.txt and return its first line, the score."""
    found = outcomes(folder)
    killed = sum(state in ("killed", "timeout") for state in found.values())
    survivors = sorted(name for name, state in found.items() if state == "survived")
    unrun = sum(state == "not checked" for state in found.values())
    tested = killed + len(survivors)
    score = (f"ttt/{module}.py: {killed} of {tested} mutants killed "
             f"({100 * killed / max(tested, 1):.0f} %), {len(survivors)} survived"
             + (f"; {unrun} of {len(found)} not run yet (the run was stopped)" if unrun else "")
             + "".join(f"; {count} {state}" for state, count in sorted(
                 _counts(found).items()) if state not in ("killed", "timeout", "survived",
                                                          "not checked")))
    lines = [score, f"tests: {' '.join(TESTS[module])}", f"code: {code}", ""]
    for name in survivors:
        lines += [f"## {name}", mutmut(folder, "show", name).strip(), ""]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{module}.txt").write_text("\n".join(lines) + "\n")
    return score


def checkout() -> str:
    """The commit checked out, and whether ttt/ differs from it: a result names the code it
    describes, which the package moves on from."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout
    changed = " (with uncommitted changes to ttt/)" if git("status", "--porcelain", "ttt") else ""
    return f"commit {git('rev-parse', '--short', 'HEAD').strip() or 'unknown'}{changed}"


def _counts(found: dict[str, str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for state in found.values():
        counts[state] = counts.get(state, 0) + 1
    return counts


def main(modules: list[str]) -> None:
    unknown = sorted(set(modules) - set(TESTS))
    if unknown:
        sys.exit(f"no such module to mutate: {', '.join(unknown)}; choose from {', '.join(TESTS)}")
    for module in modules or list(TESTS):
        code, folder = checkout(), prepare(module)
        print(f"==> ttt/{module}.py against {' '.join(TESTS[module])}", flush=True)
        mutmut(folder, "run", "--max-children", "1")
        print("   ", report(module, folder, code), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
