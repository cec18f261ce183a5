"""What the browser version needs from Python: Graphviz, and the charts drawn ahead of time.

In the browser version of the course (JupyterLite, ``make lite``) Python runs on Pyodide, compiled
to WebAssembly, and there is no ``dot`` program for the ``graphviz`` package to run. There,
:func:`activate` routes the one call through which that package runs ``dot``
(``graphviz.backend.execute.run_check``) to Graphviz compiled to WebAssembly (the npm package
``@viz-js/viz``), which the site serves next to Pyodide's lock file (``scripts/build_lite.py`` puts
it there). Trees, the step-through widget and the board's explanations then draw unchanged.

``ttt.pictures.display`` calls :func:`activate` when it is imported; on desktop Python it does nothing.

Matplotlib for WebAssembly is on no package registry the build can reach, so the browser version
has no matplotlib. But the lessons' charts are deterministic (seeded), and the desktop run of a
lesson draws each one, and saves with it the key of its call (:func:`chart_key`: the chart's
function and its arguments) in the output's metadata (``ttt_chart``). The build serves those
pictures from the site, keyed so; in the browser, ``ttt.pictures.charts`` shows the picture drawn for the
same call (:func:`drawn_chart`): the same PNG with the same text alternative as on the desktop.
"""

from __future__ import annotations

import functools
import hashlib
import json
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ttt.core.arguments import checked

__all__ = ["activate", "chart_key", "drawn_chart", "in_browser", "lesson_address"]

#: the file of @viz-js/viz (``dist/viz-global.js``) that the site serves beside pyodide-lock.json
VIZ_SCRIPT = "viz-global.js"

#: the folder, beside pyodide-lock.json, of the charts the build drew: ``index.json`` lists their
#: keys, and ``<key>.json`` holds each one's outputs (PNG, HTML with alt text, plain text)
CHARTS_FOLDER = "charts"
#: the key of the output metadata in which a chart drawn on the desktop names its call (its key)
CHART_KEY = "ttt_chart"


def _a_notebook_name(value: object, name: str) -> None:
    """A notebook's file name alone, no folder: what the site's address opens."""
    if not isinstance(value, str) or not value.endswith(".ipynb") or "/" in value \
            or value == ".ipynb":
        error = ValueError if isinstance(value, str) else TypeError
        raise error(f"{name} should be a notebook's file name such as '01_the_board.ipynb', "
                    f"not {value!r}")


@checked(lesson=_a_notebook_name)
def lesson_address(lesson: str) -> str:
    """The address, within the browser version's site, that opens ``lesson`` (a notebook's file
    name, e.g. ``"01_the_board.ipynb"``) in JupyterLab, in a workspace of the lesson's own.

    JupyterLite keeps the tabs of a workspace in the browser and reopens them with the page, and
    each notebook it reopens starts a Python of its own (Pyodide, in a worker): opened in the one
    default workspace, a second lesson started two Pythons, its own and the first lesson's, which
    shared the CPU. In its own workspace (``workspace=`` in the address) a lesson opens alone."""
    return f"lab/index.html?path={lesson}&workspace={lesson.removesuffix('.ipynb')}"


#: renders DOT source with a layout engine into an output format: (source, engine, format) -> text
_Render = Callable[[str, str, str], str]


def in_browser() -> bool:
    """Is this Python running in a web browser (Pyodide)?"""
    return sys.platform == "emscripten"


def activate() -> bool:
    """Under Pyodide, draw Graphviz pictures with Graphviz in WebAssembly; return whether it did.

    On desktop Python this does nothing and returns False: the graphviz package runs ``dot``.
    """
    if not in_browser():
        return False
    route_graphviz(_WasmGraphviz().render)
    return True


def route_graphviz(render: _Render) -> None:
    """Make the graphviz package render through ``render`` instead of running ``dot``.

    Only piping is supported (``graph.pipe()``, and what notebooks show, which pipes SVG); a failed
    rendering raises graphviz's ``CalledProcessError`` with the renderer's message, as ``dot``'s
    own errors do.
    """
    from graphviz.backend import execute

    def run_check(cmd: Sequence[Any], *, input_lines: Iterable[bytes | str] | None = None,
                  encoding: str | None = None, quiet: bool = False,
                  **kwargs: Any) -> subprocess.CompletedProcess:
        engine, output_format = engine_and_format(cmd)
        source = dot_source(kwargs.get("input"), input_lines)
        try:
            output = render(source, engine, output_format)
        except Exception as error:
            raise execute.CalledProcessError(1, cmd, stderr=str(error)) from error
        if encoding is None:
            return subprocess.CompletedProcess(cmd, 0, stdout=output.encode(), stderr=b"")
        return subprocess.CompletedProcess(cmd, 0, stdout=output, stderr="")

    execute.run_check = run_check


def engine_and_format(cmd: Sequence[Any]) -> tuple[str, str]:
    """The layout engine and output format of a ``dot`` command line as the graphviz package
    builds it for piping: ``['dot', '-Kneato', '-Tsvg']`` gives ``('neato', 'svg')``."""
    options = {str(arg)[:2]: str(arg)[2:] for arg in cmd[1:]}
    if "-T" not in options or set(options) - {"-K", "-T"}:
        raise NotImplementedError(
            f"in the browser, Graphviz can only pipe a picture (graph.pipe()), not run {cmd!r}")
    return options.get("-K", "dot"), options["-T"]


def dot_source(data: bytes | str | None, lines: Iterable[bytes | str] | None) -> str:
    """The DOT source the graphviz package would write to ``dot``'s standard input: ``data``
    (bytes or text) or else ``lines`` (bytes or text); bytes are UTF-8, the package's default."""
    parts: Iterable[bytes | str] = [data] if data is not None else (lines or [])
    return "".join(part.decode() if isinstance(part, bytes) else part for part in parts)


class _WasmGraphviz:
    """Graphviz compiled to WebAssembly (@viz-js/viz) in Pyodide, loaded from the site.

    WebAssembly starts asynchronously. Loading begins when this object is made (when
    ``ttt.pictures.display`` is imported), and is normally done before the first picture. A picture asked
    for sooner waits for it, where the browser can wait inside a cell (JavaScript Promise
    Integration, in Chrome and Edge); elsewhere it says to run the cell again.
    """

    def __init__(self) -> None:
        import pyodide_js
        from pyodide.code import run_js
        from pyodide.http import open_url

        url = pyodide_js.lockfileBaseUrl + VIZ_SCRIPT
        run_js(open_url(url).read())  # defines the global Viz
        self._viz: Any = None
        self._loading = run_js("Viz.instance()")
        self._loading.then(self._loaded)

    def _loaded(self, viz: Any) -> None:
        self._viz = viz

    def _instance(self) -> Any:
        from pyodide.ffi import can_run_sync, run_sync

        if self._viz is None:
            if not can_run_sync():
                raise RuntimeError("Graphviz is still starting in this browser: run the cell "
                                   "again in a moment")
            self._viz = run_sync(self._loading)
        return self._viz

    def render(self, source: str, engine: str, output_format: str) -> str:
        """``source`` laid out by ``engine`` in ``output_format`` (``'svg'``, ``'plain'``, …)."""
        import js
        from pyodide.ffi import to_js

        options = to_js({"engine": engine, "format": output_format},
                        dict_converter=js.Object.fromEntries)
        return self._instance().renderString(source, options)


# --- charts drawn ahead of time -------------------------------------------------------------------


@checked
def chart_key(function: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> str | None:
    """The key of a chart call: a digest of the function's name and of its arguments, the same
    on the desktop and in the browser for the same call; None if an argument is not plain data
    (numbers, text, lists, tuples, sets and mappings of them), which then has no key."""
    try:
        arguments = _stable_text(list(args)), _stable_text(dict(sorted(kwargs.items())))
        call = f"{function}({arguments[0]}, {arguments[1]})"
    except TypeError:
        return None
    return hashlib.sha256(call.encode()).hexdigest()[:24]


def _stable_text(value: Any) -> str:
    """``value`` as text that is the same wherever Python runs: mappings and sequences in their
    order (a chart's order is what it shows), sets sorted (their order depends on hashing,
    which differs between runs and on 32-bit WebAssembly). Raises TypeError for anything else."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return f"{type(value).__name__}:{value!r}"
    if isinstance(value, Mapping):
        pairs = (f"{_stable_text(key)}: {_stable_text(item)}" for key, item in value.items())
        return "{" + ", ".join(pairs) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_stable_text(item) for item in value) + "]"
    if isinstance(value, (set, frozenset)):
        return "set{" + ", ".join(sorted(_stable_text(item) for item in value)) + "}"
    raise TypeError(f"not plain data: {type(value).__name__}")


@checked
def drawn_chart(key: str | None) -> dict[str, Any] | None:
    """In the browser, what the notebook showed on the desktop for the chart call ``key`` (its
    outputs by MIME type), if the build drew that call; else None."""
    if key is None or not in_browser() or key not in _drawn_chart_keys():
        return None
    from pyodide.http import open_url

    return json.loads(open_url(_charts_url() + f"{key}.json").read())


@functools.cache
def _drawn_chart_keys() -> frozenset[str]:
    """The keys of the charts the build drew (the site's ``charts/index.json``); none where the
    site has no such file."""
    from pyodide.http import open_url

    try:
        return frozenset(json.loads(open_url(_charts_url() + "index.json").read()))
    except OSError:
        return frozenset()


def _charts_url() -> str:
    import pyodide_js

    return pyodide_js.lockfileBaseUrl + CHARTS_FOLDER + "/"
