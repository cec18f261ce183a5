"""The architecture page's picture of the package's layers (scripts/layers_picture.py, drawn when
``make site`` builds): it is read from pyproject.toml's import-linter contracts, every folder of
the package has its contract, every module is in its folder's once, and Graphviz draws the
layers one under the other, highest first."""

import re

from layers_picture import layer_contracts, svg
from repo import ROOT

#: a module's name as Graphviz writes it in the SVG, with its place
TEXT = re.compile(r'<text[^>]* x="([-\d.]+)" y="([-\d.]+)"[^>]*>([\w.]+)</text>')


def modules_in(package: str) -> set[str]:
    """The modules and subpackages directly in ``package`` ('ttt.search'), as a contract names
    them (not private ones, nor ``__main__``)."""
    folder = ROOT.joinpath(*package.split("."))
    found = {path.stem for path in folder.glob("*.py") if not path.stem.startswith("_")}
    packages = {path.parent.name for path in folder.glob("*/__init__.py")}
    return found | packages


def test_the_contracts_are_read_from_pyproject():
    contracts = {contract.container: contract for contract in layer_contracts()}
    subpackages = {".".join(path.parent.relative_to(ROOT).parts)
                   for path in (ROOT / "ttt").rglob("__init__.py")}
    assert set(contracts) == subpackages  # every folder of ttt/ has its layers
    for contract in contracts.values():
        layered = [module for layer in contract.layers for module in layer]
        assert sorted(layered) == sorted(set(layered)), contract.container  # each in one layer
        assert set(layered) - {"__main__"} == modules_in(contract.container), contract.container
    ttt = contracts["ttt"]
    assert ttt.layers[-1] == ("core",) and contracts["ttt.core"].layers[-1] == ("limits",)
    assert not ttt.is_chain and contracts["ttt.course.exercises"].is_chain
    assert contracts["ttt.course.exercises"].as_chain().endswith("positions → checking → recording")


def test_the_picture_shows_every_module_its_layers_top_down():
    for contract in layer_contracts():
        drawn = {name: float(y) for _, y, name in TEXT.findall(svg(contract))}
        shown = [module for layer in contract.layers for module in layer]
        assert sorted(drawn) == sorted(shown), contract.container
        heights = [{drawn[module] for module in layer} for layer in contract.layers]
        assert all(len(row) == 1 for row in heights), heights  # a layer is one row
        rows = [row.pop() for row in heights]
        assert rows == sorted(rows), contract.container  # highest first (SVG's y grows down)
    assert contract.in_words().startswith(f"The layers of {contract.container}, highest first")
