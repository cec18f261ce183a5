"""How each lesson reads as code: the numbers issue 30 asks for, measured one way.

A *teaching cell* is a code cell a student reads: every code cell except the lesson's closing
checks cell (tagged ``checks``). For each lesson this prints the teaching cells' median and 90th
percentile of lines (blank lines and ``# NBVAL_...`` markers left out), how many teaching cells
hold an ``assert``, how many cells are pinned twice (an nbval-compared output and an assert), and
the lesson's minutes by the course's rule (``ttt.course.lesson_minutes``).

    python scripts/lesson_stats.py              # every lesson
    python scripts/lesson_stats.py notebooks/03_minimax.ipynb
"""

from __future__ import annotations

import ast
import statistics
import sys
from pathlib import Path

import nbformat

from ttt.course.plan import lesson_minutes

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def code_lines(source: str) -> list[str]:
    """The lines of a cell that a student reads as code: not blank, not an nbval marker."""
    return [line for line in source.splitlines()
            if line.strip() and not line.lstrip().startswith("# NBVAL_")]


def has_assert(source: str) -> bool:
    """Whether a cell's code holds an assert statement (IPython magics are left out)."""
    python = "\n".join(line for line in source.splitlines() if line.lstrip()[:1] not in "%!")
    try:
        tree = ast.parse(python)
    except SyntaxError:
        return "assert " in source
    return any(isinstance(node, ast.Assert) for node in ast.walk(tree))


def is_checks_cell(cell: nbformat.NotebookNode) -> bool:
    return "checks" in cell.get("metadata", {}).get("tags", [])


def is_output_checked(cell: nbformat.NotebookNode) -> bool:
    """Whether nbval compares the cell's output in lax mode: the cell tag ``nbval-check-output``
    (the lessons' way: a tag is not shown to students) or the comment nbval also reads."""
    return ("nbval-check-output" in cell.get("metadata", {}).get("tags", [])
            or "NBVAL_CHECK_OUTPUT" in cell.get("source", ""))


def percentile(values: list[int], share: float) -> int:
    """The nearest-rank percentile of ``values`` (0 if there are none)."""
    if not values:
        return 0
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, max(0, round(share * len(ranked) + 0.5) - 1))]


def lesson_stats(path: Path) -> dict[str, float]:
    """The numbers of one lesson, by name."""
    notebook = nbformat.read(path, as_version=4)
    teaching = [cell for cell in notebook.cells
                if cell.cell_type == "code" and not is_checks_cell(cell)]
    lengths = [len(code_lines(cell.source)) for cell in teaching]
    return {
        "teaching cells": len(teaching),
        "median lines": statistics.median(lengths) if lengths else 0,
        "p90 lines": percentile(lengths, 0.9),
        "cells with assert": sum(has_assert(cell.source) for cell in teaching),
        "pinned twice": sum(is_output_checked(cell) and has_assert(cell.source)
                            for cell in notebook.cells if cell.cell_type == "code"),
        "minutes": lesson_minutes(path),
    }


def main(paths: list[str]) -> None:
    lessons = [Path(p) for p in paths] or sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    columns = ["teaching cells", "median lines", "p90 lines", "cells with assert",
               "pinned twice", "minutes"]
    print(f"{'lesson':32}" + "".join(f"{name:>18}" for name in columns))
    every: list[int] = []
    for path in lessons:
        stats = lesson_stats(path)
        print(f"{path.name:32}" + "".join(f"{stats[name]:>18g}" for name in columns))
        notebook = nbformat.read(path, as_version=4)
        every += [len(code_lines(cell.source)) for cell in notebook.cells
                  if cell.cell_type == "code" and not is_checks_cell(cell)]
    if len(lessons) > 1:
        print(f"all lessons: median {statistics.median(every):g} lines, "
              f"p90 {percentile(every, 0.9)} lines, {len(every)} teaching cells")


if __name__ == "__main__":
    main(sys.argv[1:])
