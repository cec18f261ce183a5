"""Run the lessons top to bottom and save them with their outputs (``make notebooks``).

The lessons are committed executed, so that GitHub shows every figure and nbval can compare the
checked cells. This keeps the saved outputs deterministic and small: no timing metadata, no widget
state (random model ids, and GitHub cannot show widgets anyway), streams merged so a progress bar
is stored as its last line. No cell may raise (tests/lessons/test_run_all.py says why).

    python scripts/execute_notebooks.py                    # every notebook in notebooks/
    python scripts/execute_notebooks.py notebooks/03_minimax.ipynb
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert.preprocessors import CoalesceStreamsPreprocessor
from traitlets.config import Config

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: What JupyterLab writes for the ipykernel kernel: saved the same, opening a lesson does not mark
#: it modified (Lab also rewrites language_info, so a lesson run on another Python minor version
#: still shows as modified there).
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
WIDGET = "application/vnd.jupyter.widget-view+json"
#: CurveZMQ keys for the kernel (its kernelspec declares support), as make lab's config gives:
#: else ipykernel warns at every lesson that it "is running over TCP without encryption"
QUIET = Config({"KernelManager": {"transport_encryption": "auto"}})


def widget_placeholder(output: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A widget's output as it is saved: a line saying to run the cell, and the widget's class in
    the output's metadata (``widget``). Saved without its state, a widget view cannot be drawn:
    JupyterLab would show "Error displaying widget: model not found" in a lesson just opened."""
    kind = "".join(output["data"].get("text/plain", "")).split("(")[0]
    return nbformat.v4.new_output("display_data", metadata={"widget": kind}, data={
        "text/plain": f"[{kind}: run this cell to use it; a widget needs a running kernel]"})


def execute(path: Path) -> list[str]:
    """Execute the notebook at ``path`` in place; return the problems found (empty if none)."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", allow_errors=True,
                            record_timing=False, store_widget_state=False,
                            resources={"metadata": {"path": str(path.parent)}}, config=QUIET)
    client.execute()
    notebook, _ = CoalesceStreamsPreprocessor().preprocess(notebook, {})
    notebook.metadata.pop("widgets", None)
    notebook.metadata.kernelspec = KERNELSPEC
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = [widget_placeholder(output) if WIDGET in output.get("data", {})
                            else output for output in cell.outputs]
    nbformat.write(notebook, path)
    return [f"{path.name} cell {i}: {output.ename}: {output.evalue}"
            for i, cell in enumerate(notebook.cells) if cell.cell_type == "code"
            for output in cell.get("outputs", [])
            if output.output_type == "error"]


def main(paths: list[str]) -> int:
    notebooks = [Path(p).resolve() for p in paths] or sorted(NOTEBOOKS.glob("*.ipynb"))
    problems = []
    for path in notebooks:
        print(f"executing {path.name}", flush=True)
        problems += execute(path)
    for problem in problems:
        print("unexpected error in", problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
