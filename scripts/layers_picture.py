"""The picture of the package's layers, drawn from pyproject.toml's import-linter contracts at
build time (the website's architecture page, ``make site``), so it shows what ``lint-imports``
checks and cannot drift from it.

    python scripts/layers_picture.py build/layers    # writes one SVG per layers contract

One contract orders the package's folders (core, games, search ...), one each the modules of a
folder. Each layer is a box of its folders or modules, highest first; an arrow means "imports only
from below". Those that share a layer (" | " in the contract) do not import each other.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import graphviz
import tomllib

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


@dataclass(frozen=True)
class Layers:
    """One import-linter contract of type "layers": its name, the package it orders, and its
    layers, highest first, each the tuple of its modules."""

    name: str
    container: str
    layers: tuple[tuple[str, ...], ...]

    @property
    def file_name(self) -> str:
        """'layers_ttt.svg' for the package, 'layers_ttt.search.svg' for one of its folders."""
        return f"layers_{self.container}.svg"

    @property
    def is_chain(self) -> bool:
        """Whether every layer is one module: a line of text says it better than a tall picture."""
        return all(len(layer) == 1 for layer in self.layers)

    def as_chain(self) -> str:
        """'lesson10 → lesson9 → … → checking': the layers in a line, highest first."""
        return " → ".join(module for (module,) in self.layers)

    def in_words(self) -> str:
        """The picture's text alternative: every layer, highest first."""
        rows = "; then ".join(", ".join(layer) for layer in self.layers)
        return (f"The layers of {self.container}, highest first, each importing only from the "
                f"ones below it: {rows}.")


def layer_contracts(pyproject: Path = PYPROJECT) -> list[Layers]:
    """Every "layers" contract of ``pyproject``'s import-linter settings, in its order."""
    settings = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]
    return [Layers(contract["name"], container, tuple(map(modules, contract["layers"])))
            for contract in settings["contracts"] if contract["type"] == "layers"
            for container in contract["containers"]]


def modules(layer: str) -> tuple[str, ...]:
    """The modules of a layer as a contract writes it: 'display | charts | aria'."""
    return tuple(module.strip() for module in layer.split("|"))


def picture(contract: Layers) -> graphviz.Digraph:
    """The contract's layers as boxes one above the other, each holding its modules."""
    graph = graphviz.Digraph(contract.container, graph_attr={
        "rankdir": "TB", "nodesep": "0.2", "ranksep": "0.25", "bgcolor": "white"})
    graph.attr("node", shape="plain", fontname="Helvetica", fontsize="14")
    graph.attr("edge", color="#444444", arrowsize="0.7")
    for index, layer in enumerate(contract.layers):
        cells = "".join(f'<td bgcolor="#e8f0fa" border="1" cellpadding="5">{module}</td>'
                        for module in layer)
        graph.node(f"layer{index}", f'<<table border="0" cellspacing="4"><tr>{cells}</tr></table>>')
        if index:
            graph.edge(f"layer{index - 1}", f"layer{index}")
    return graph


def svg(contract: Layers) -> str:
    """The picture as SVG text, drawn by Graphviz's ``dot``."""
    return picture(contract).pipe(format="svg", encoding="utf-8")


def write_pictures(folder: Path) -> list[Layers]:
    """Each contract's picture into ``folder``; returns the contracts drawn."""
    folder.mkdir(parents=True, exist_ok=True)
    contracts = layer_contracts()
    for contract in contracts:
        (folder / contract.file_name).write_text(svg(contract), encoding="utf-8")
    return contracts


if __name__ == "__main__":
    for drawn in write_pictures(Path(sys.argv[1] if len(sys.argv) > 1 else ".")):
        print(drawn.file_name)
