"""Build the course as a static JupyterLite site: every lesson in the browser, nothing to install.

    python scripts/build_lite.py             # (make lite) the site in build/lite/
    python -m http.server -d build/lite      # then open http://localhost:8000
    python scripts/build_lite.py --if-changed   # only if build/lite/ is not of this checkout
    python scripts/build_lite.py --bare DIR  # the same site with one notebook, print(1), alone

Everything is fetched from the package registries at build time (with npm and pip) and kept in
.cache/lite/, so a rebuild fetches nothing:
- Pyodide's core runtime (npm ``pyodide``, the version the JupyterLite kernel was made for),
  served from the site itself;
- Graphviz compiled to WebAssembly (npm ``@viz-js/viz``), which ``ttt.pictures.browser`` uses instead of
  ``dot``;
- pure-Python wheels from PyPI: the ones the kernel starts with (IPython, jedi, micropip, ...) and
  the ones the lessons import (ipywidgets, graphviz, ...), plus the kernel's own (from its
  JupyterLab extension) and the ``ttt`` wheel built from this checkout. Each goes into the site's
  ``pyodide-lock.json`` (its entry made by the ``pyodide-lock`` package), so that a cell's
  ``import ttt`` loads it from the site: no ``%pip`` cell, and no PyPI at run time
  (``disablePyPIFallback``). The kernel's packages are loaded with Pyodide, all at once.

The lock lists nothing else: Pyodide's compiled packages (numpy, matplotlib, ...) are on no package
registry, and the site loads nothing from outside. The lessons' charts come drawn instead: the
desktop run of a lesson saves with each chart the key of its call (``ttt.pictures.charts``), the site
serves each chart so keyed, and in the browser ``ttt.pictures.charts`` shows the one drawn for the same call
(``ttt.pictures.browser``). A lesson saved before its charts named their calls is run here once to draw
them (with nbclient; kept in .cache/lite/charts/).

The site opens on the course's first lesson, and its lessons are written as JupyterLab shows them
(texts whole, code cells trusted). Its pages that show notebooks load scripts/lite/run-when-ready.js
first: a cell run (Run All) pressed while the lesson's Python is still starting waits for it,
with a note saying so, instead of being skipped without a word, as JupyterLab does.

``--bare DIR`` builds the same site (the same JupyterLite, Pyodide, kernel packages and settings)
with no lesson and no course package, only a notebook that prints 1: what the course adds to the
wait for a lesson's first output is measured against it (benchmarks/lite_start.py).

The build tools (jupyterlite-core and the Pyodide kernel) are installed apart from the course's
Python (``make lite``: .venv-lite, which sees .venv's packages), so that the kernel's JupyterLab
extension does not load in the students' JupyterLab.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib.metadata import distribution
from importlib.metadata import version as installed_version
from pathlib import Path

import nbformat
from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version
from pyodide_lock.spec import InfoSpec
from pyodide_lock.utils import package_spec_from_wheel

from ttt.pictures.browser import CHART_KEY, CHARTS_FOLDER, VIZ_SCRIPT, lesson_address
from ttt.course.plan import imports_charts

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "lite"
CACHE = ROOT / ".cache" / "lite"
VIZ_VERSION = "3.31.0"
#: the files of the npm ``pyodide`` package that make the runtime
PYODIDE_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]

#: what the kernel installs as it starts (micropip, then IPython, jedi and comm), and what the
#: lessons import; all their dependencies come along
KERNEL_PACKAGES = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi",
                   "ipython"]
COURSE_PACKAGES = ["ttt", "ipywidgets", "graphviz"]
#: the kernel's own wheels, which its JupyterLab extension brings (not those on PyPI)
KERNEL_OWN = ["piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension"]
#: dependencies deliberately not loaded with the packages that ask for them
LEFT_OUT = {
    "matplotlib": "compiled, on no registry: the site serves the lessons' charts drawn instead",
}
APP_NAME = "ttt: game-tree search"
#: the digest of what the site was built from (see lite_is_current)
STAMP = SITE / ".built-from"


def main(argv: list[str] | None = None) -> int:
    """Build the site into build/lite/ (``--if-changed``: only if it is not of this checkout as it
    is now), or a bare site into the folder given with ``--bare``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--if-changed", action="store_true",
                        help="build only if build/lite/ was built from other files")
    parser.add_argument("--bare", type=Path, metavar="DIR",
                        help="build a site with one notebook that prints 1, and no course")
    args = parser.parse_args(argv)
    if args.bare:
        site, digest = args.bare.resolve(), files_digest(BUILD_FILES)
        if args.if_changed and is_current(site, digest):
            print(f"{args.bare}/ is current")
            return 0
        build(site, lessons={BARE_NOTEBOOK: bare_notebook()}, course=False)
        (site / STAMP.name).write_text(digest)
        print(f"built a bare site in {args.bare}/")
        return 0
    if args.if_changed and lite_is_current():
        print(f"{SITE.relative_to(ROOT)}/ is current: built from this checkout as it is")
        return 0
    lessons = {path.name: nbformat.read(path, as_version=4) for path in course_lessons()}
    wheels, charts = build(SITE, lessons, course=True)
    STAMP.write_text(inputs_digest())
    print(f"built {SITE.relative_to(ROOT)}/ with {wheels} wheels and {charts} charts served "
          "from the site")
    return 0


def course_lessons() -> list[Path]:
    """The course's lessons, in order."""
    return sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def build(site: Path, lessons: dict[str, nbformat.NotebookNode], course: bool) -> tuple[int, int]:
    """Build a site into ``site`` with ``lessons`` (by file name), the first of them its start
    page; with the course's package, charts and run-when-ready script if ``course``. Return how
    many wheels and charts it serves."""
    lock = json.loads(npm_file("pyodide", PYODIDE_VERSION, "pyodide-lock.json"))
    with tempfile.TemporaryDirectory(prefix="lite-") as temp:
        stage = Path(temp)
        pyodide_dir = stage / "static" / "pyodide"  # where the kernel's build looks for Pyodide
        copy_pyodide_and_graphviz(pyodide_dir)
        wanted = KERNEL_PACKAGES + (COURSE_PACKAGES if course else [])
        wheels = serve_wheels(lock, pyodide_dir, Browser(lock["info"]["python"]), wanted)
        keep_only_what_is_served(lock, served=wheels)
        (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
        charts = serve_charts(pyodide_dir / CHARTS_FOLDER) if course else 0
        copy_lessons(stage / "files", lessons)
        write_site_settings(stage / "jupyter-lite.json")
        run_jupyter_lite_build(stage, site)
    if course:
        load_first_in_notebook_pages(site, RUN_WHEN_READY)
    write_start_page(site / "index.html", first=next(iter(lessons)))
    # browsers ask for /favicon.ico before JupyterLite's page names its icon: no 404
    shutil.copy(site / "lab" / "favicon.ico", site / "favicon.ico")
    return len(wheels), charts


BARE_NOTEBOOK = "bare.ipynb"


def bare_notebook() -> nbformat.NotebookNode:
    """A notebook of one cell that prints 1 (saved unrun, as a lesson's outputs are cleared
    before it is timed)."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("print(1)")]
    notebook.metadata["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                       "language": "python"}
    return notebook


def inputs_digest() -> str:
    """A digest of what the site is built from in this checkout: the lessons, the package, this
    script and the one it puts into the pages, and the requirements."""
    return files_digest([*course_lessons(), *sorted((ROOT / "ttt").rglob("*.py")),
                         RUN_WHEN_READY, ROOT / "pyproject.toml", *BUILD_FILES])


def files_digest(files: list[Path]) -> str:
    """A digest of the files' names (within this checkout) and contents."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


#: what any site is built with: this script and the requirements
BUILD_FILES = [Path(__file__).resolve(), ROOT / "requirements.txt", ROOT / "requirements-lite.txt"]


def lite_is_current() -> bool:
    """Whether build/lite/ was built from this checkout as it is now (so that ``make site`` and
    the tests after ``make lite`` need not build it again)."""
    return is_current(SITE, inputs_digest())


def is_current(site: Path, digest: str) -> bool:
    """Whether the site's last build wrote down ``digest`` as what it was built from."""
    stamp = site / STAMP.name
    return stamp.exists() and stamp.read_text() == digest


# --- npm ----------------------------------------------------------------------------------------


def copy_pyodide_and_graphviz(folder: Path) -> None:
    """Pyodide's runtime, and Graphviz in WebAssembly beside it (where ``ttt.pictures.browser`` looks)."""
    folder.mkdir(parents=True)
    for name in PYODIDE_RUNTIME:
        (folder / name).write_bytes(npm_file("pyodide", PYODIDE_VERSION, name))
    (folder / VIZ_SCRIPT).write_bytes(npm_file("@viz-js/viz", VIZ_VERSION, f"dist/{VIZ_SCRIPT}"))


def npm_file(package: str, version: str, member: str) -> bytes:
    """One file of an npm package, from its tarball (fetched once, then cached)."""
    with tarfile.open(npm_tarball(package, version)) as tarball:
        extracted = tarball.extractfile(f"package/{member}")
        if extracted is None:
            raise FileNotFoundError(f"{member} in {package}@{version}")
        return extracted.read()


def npm_tarball(package: str, version: str) -> Path:
    """The npm package's tarball in the cache. The first time, npm fetches it, and its sha512 is
    checked against the registry's ``dist.integrity``."""
    spec = f"{package}@{version}"
    path = CACHE / "npm" / f"{package.replace('/', '__')}-{version}.tgz"
    if path.exists():
        return path
    print(f"fetching {spec} with npm", flush=True)
    expected = npm("view", spec, "dist.integrity").strip()
    with tempfile.TemporaryDirectory(prefix="npm-") as temp:
        npm("pack", spec, f"--pack-destination={temp}")
        packed = next(Path(temp).glob("*.tgz"))
        digest = base64.b64encode(hashlib.sha512(packed.read_bytes()).digest()).decode()
        integrity = f"sha512-{digest}"
        if integrity != expected:
            raise RuntimeError(f"{spec}: the tarball's sha512 differs from the registry's "
                               f"({integrity} != {expected})")
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(packed, path)
    return path


def npm(*args: str) -> str:
    """What an npm command prints (npm, the client of the npm registry, comes with Node.js)."""
    if shutil.which("npm") is None:
        raise RuntimeError("npm is needed to fetch Pyodide and Graphviz for the site: install "
                           "Node.js (apt-get install npm, brew install node)")
    return subprocess.run(["npm", *args, "--no-fund", "--no-audit", "--loglevel=error"],
                          capture_output=True, text=True, check=True).stdout


# --- wheels and the lock ------------------------------------------------------------------------


@dataclass
class Browser:
    """Pyodide's Python, as the wheels' requirements and pip see it."""

    python: str  # its full version, e.g. "3.14.2"

    @property
    def python_version(self) -> str:
        return ".".join(self.python.split(".")[:2])

    def markers(self) -> dict[str, str]:
        """The values of environment markers (``sys_platform == "win32"`` ...) in Pyodide."""
        return {**default_environment(), "sys_platform": "emscripten",
                "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
                "python_version": self.python_version, "python_full_version": self.python,
                "extra": ""}


@dataclass
class Wheel:
    """A pure-Python wheel to serve from the site, and what it needs loaded before it."""

    path: Path
    depends: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return canonicalize_name(self.path.name.split("-")[0])

    @property
    def version(self) -> str:
        return self.path.name.split("-")[1]


def serve_wheels(lock: dict, folder: Path, browser: Browser,
                 names: list[str]) -> dict[str, Wheel]:
    """Put the wheels of the packages ``names`` and their dependencies into ``folder`` and into
    the lock; return them by name. Pyodide's lock lists many of them but its npm package holds
    none of their files, so each comes from PyPI, at the lock's version if the lock has one."""
    packages = lock["packages"]
    wanted = [canonicalize_name(name) for name in names]
    wheels: dict[str, Wheel] = {}
    while wanted:
        name = wanted.pop()
        if name in wheels or name in LEFT_OUT:
            continue
        if name in packages:
            wheel = Wheel(pypi_wheel(name, packages[name]["version"], browser),
                          packages[name]["depends"])
        else:
            path = wheel_of(name, browser)
            wheel = Wheel(path, requirements_of(path, browser))
        wheels[name] = wheel
        wanted += [canonicalize_name(dep) for dep in wheel.depends]
    info = InfoSpec(**lock["info"], version=PYODIDE_VERSION)
    served = {name: Wheel(Path(shutil.copy(wheel.path, folder / wheel.path.name)), wheel.depends)
              for name, wheel in wheels.items()}
    add_bytecode([wheel.path for wheel in served.values()], runtime=folder)
    for wheel in served.values():
        packages[wheel.name] = lock_entry(wheel, info)
    return served


#: runs Pyodide's Python under Node.js to compile the modules of the wheels unpacked in a folder
COMPILE_WITH_PYODIDE = """
import { loadPyodide } from %(runtime)s;
const pyodide = await loadPyodide({indexURL: %(index)s, lockFileURL: %(lock)s});
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, {root: %(wheels)s}, "/wheels");
pyodide.runPython(`
import compileall, py_compile
compileall.compile_dir("/wheels", quiet=1,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
"""


def add_bytecode(wheels: list[Path], runtime: Path) -> None:
    """Add to each wheel the bytecode of its modules, compiled by Pyodide's own Python (the
    site's copy in ``runtime``, run by Node.js), as .pyc files in ``__pycache__`` that Python
    loads without looking at the source (unchecked hash: the wheels' files get new times when
    Pyodide unpacks them). Pyodide's Python writes no bytecode (``sys.dont_write_bytecode``), so
    without it every module of IPython, ipywidgets, beartype, ttt ... is compiled again at each
    import, in each student's browser: two thirds of the time of importing them (measured here:
    13.3 s from source, 4.3 s from bytecode, on a loaded machine). The sources stay, for
    tracebacks. A file this Python cannot compile (none is imported) is left as it is."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node.js is needed to compile the site's Python for Pyodide: install "
                           "it (apt-get install nodejs npm, brew install node)")
    with tempfile.TemporaryDirectory(prefix="bytecode-") as temp:
        unpacked = Path(temp) / "wheels"
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(unpacked / wheel.name)
        lock = Path(temp) / "pyodide-lock.json"
        lock.write_bytes(npm_file("pyodide", PYODIDE_VERSION, "pyodide-lock.json"))
        script = Path(temp) / "compile.mjs"
        script.write_text(COMPILE_WITH_PYODIDE % {
            name: json.dumps(value) for name, value in {
                "runtime": (runtime / "pyodide.mjs").as_uri(), "index": f"{runtime}/",
                "lock": str(lock), "wheels": str(unpacked)}.items()})
        subprocess.run([node, str(script)], check=True, capture_output=True, text=True)
        for wheel in wheels:
            folder = unpacked / wheel.name
            with zipfile.ZipFile(wheel, "a", compression=zipfile.ZIP_DEFLATED) as archive:
                for compiled in sorted(folder.rglob("*.pyc")):
                    archive.write(compiled, compiled.relative_to(folder).as_posix())


def wheel_of(name: str, browser: Browser) -> Path:
    """The wheel of a package that Pyodide's lock does not list: ``ttt`` from this checkout, the
    kernel's own from its JupyterLab extension, any other from PyPI at the version installed
    here."""
    if name == "ttt":
        return ttt_wheel()
    if name in KERNEL_OWN:
        pypi = labextension("jupyterlite_pyodide_kernel",
                            "@jupyterlite/pyodide-kernel-extension") / "static" / "pypi"
        # the newest: widgetsnbextension has a 3.x for ipywidgets 7 and a 4.x for ipywidgets 8
        return max(pypi.glob(f"{name.replace('-', '_')}-*.whl"),
                   key=lambda path: Version(path.name.split("-")[1]))
    return pypi_wheel(name, installed_version(name), browser)


def pypi_wheel(name: str, version: str, browser: Browser) -> Path:
    """The pure-Python wheel of ``name==version`` in the cache, fetched by pip the first time."""
    folder = CACHE / "wheels"
    prefix = f"{name.replace('-', '_')}-{version}-".lower()
    cached = [path for path in folder.glob("*.whl") if path.name.lower().startswith(prefix)]
    if not cached:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--only-binary=:all:", "--platform=any", "--implementation=py",
                        f"--python-version={browser.python_version}", f"--dest={folder}",
                        f"{name}=={version}"], check=True)
        cached = [path for path in folder.glob("*.whl") if path.name.lower().startswith(prefix)]
    if len(cached) != 1:
        raise RuntimeError(f"expected one wheel of {name} {version} in {folder}, found {cached}")
    return cached[0]


def ttt_wheel() -> Path:
    """The ``ttt`` package built as a wheel from this checkout (a new one at every build)."""
    folder = CACHE / "ttt"
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    f"--wheel-dir={folder}", str(ROOT)], check=True)
    return next(folder.glob("ttt-*.whl"))


def requirements_of(wheel: Path, browser: Browser) -> list[str]:
    """The names of the packages a wheel requires in the browser, from its metadata."""
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(name for name in archive.namelist()
                        if name.endswith(".dist-info/METADATA"))
        lines = archive.read(metadata).decode().splitlines()
    requirements = [Requirement(line.split(":", 1)[1]) for line in lines
                    if line.startswith("Requires-Dist:")]
    return [req.name for req in requirements
            if req.marker is None or req.marker.evaluate(browser.markers())]


def lock_entry(wheel: Wheel, info: InfoSpec) -> dict:
    """The wheel's entry in pyodide-lock.json, as the ``pyodide-lock`` package makes it (its file,
    sha256 and the modules it makes importable), with the dependencies found here."""
    entry = package_spec_from_wheel(wheel.path, info).model_dump()
    return {**entry, "file_name": wheel.path.name,
            "depends": sorted(canonicalize_name(dep) for dep in wheel.depends
                              if canonicalize_name(dep) not in LEFT_OUT)}


def keep_only_what_is_served(lock: dict, served: dict[str, Wheel]) -> None:
    """Leave in the lock only the packages the site serves: Pyodide's other packages (numpy,
    matplotlib, ...) would be fetched from its CDN, which a school network may block. Without
    them an import of one fails at once, as on a desktop Python without it."""
    lock["packages"] = {name: entry for name, entry in lock["packages"].items()
                        if name in served}


# --- the charts -----------------------------------------------------------------------------------


def serve_charts(folder: Path) -> int:
    """Every chart the lessons draw, as the desktop drew it, put into ``folder`` (one
    ``<key>.json`` each, with an ``index.json`` of their keys); return how many. In the browser,
    ``ttt.pictures.charts`` shows them (``ttt.pictures.browser``)."""
    folder.mkdir(parents=True)
    charts: dict[str, dict[str, str]] = {}
    for lesson in course_lessons():
        if imports_charts(lesson):
            charts |= charts_in(desktop_run(lesson))
    for key, outputs in charts.items():
        (folder / f"{key}.json").write_text(json.dumps(outputs))
    (folder / "index.json").write_text(json.dumps(sorted(charts)))
    return len(charts)


def charts_in(notebook: nbformat.NotebookNode) -> dict[str, dict[str, str]]:
    """The charts a notebook shows, by the key of their call (which the desktop's ``ttt.pictures.charts``
    saves in each one's output metadata): the outputs of each, by MIME type."""
    return {output.metadata["text/html"][CHART_KEY]: dict(output.data)
            for output in chart_outputs(notebook) if chart_key_of(output)}


def chart_outputs(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The outputs of a notebook that are charts (matplotlib's PNG)."""
    return [output for cell in notebook.cells if cell.cell_type == "code"
            for output in cell.outputs if "image/png" in output.get("data", {})]


def chart_key_of(output: nbformat.NotebookNode) -> str | None:
    """The key of the call that drew a chart output, if it was saved with one."""
    return output.get("metadata", {}).get("text/html", {}).get(CHART_KEY)


def desktop_run(lesson: Path) -> nbformat.NotebookNode:
    """The lesson as run on the desktop: as committed, if every chart in it names its call; else
    (a lesson saved before the charts did so) run once here with nbclient, and kept in
    .cache/lite/charts/ for as long as the lesson and the package stay the same."""
    committed = nbformat.read(lesson, as_version=4)
    if all(chart_key_of(output) for output in chart_outputs(committed)):
        return committed
    digest = files_digest([lesson, *sorted((ROOT / "ttt").rglob("*.py"))])[:16]
    cached = CACHE / "charts" / f"{lesson.stem}-{digest}.ipynb"
    if not cached.exists():
        print(f"{lesson.name}: its saved charts do not name their calls (saved by an older "
              "ttt.pictures.charts): running it once to draw them", flush=True)
        from nbclient import NotebookClient

        client = NotebookClient(committed, timeout=900, kernel_name="python3",
                                resources={"metadata": {"path": str(lesson.parent)}})
        with os_environ(PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                                 os.environ.get("PYTHONPATH")]))):
            client.execute()  # the kernel imports ttt from this checkout
        cached.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(committed, cached)
    return nbformat.read(cached, as_version=4)


@contextmanager
def os_environ(**changes: str) -> Iterator[None]:
    """``os.environ`` with ``changes`` for a while (a kernel started then inherits them)."""
    before = dict(os.environ)
    os.environ.update(changes)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(before)


# --- the site -----------------------------------------------------------------------------------


def copy_lessons(folder: Path, lessons: dict[str, nbformat.NotebookNode]) -> None:
    """The lessons, as committed (executed), become the site's files, written as JupyterLite
    shows them as JupyterLab does (:func:`as_jupyterlite_reads_it`)."""
    folder.mkdir()
    for name, notebook in lessons.items():
        shown = as_jupyterlite_reads_it(notebook)
        (folder / name).write_text(json.dumps(shown, indent=1, ensure_ascii=False))


def as_jupyterlite_reads_it(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook with every text whole and every code cell trusted.

    A notebook file may store a text as a list of lines; JupyterLab's server joins them, but
    JupyterLite shows a saved stream's list with commas between the lines ("0 | 1 | 2\n,3 | 4"),
    so texts are written whole (``nbformat.read`` has joined them; ``nbformat.write`` would split
    them again). And where JupyterLab's server marks the cells of a notebook it trusts
    (``jupyter trust``, as ``make lab`` does for the lessons), JupyterLite trusts none and says
    "Not Trusted" on every lesson: the course's own lessons are marked trusted here."""
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.metadata["trusted"] = True
    return notebook


def write_site_settings(path: Path) -> None:
    """jupyter-lite.json: no PyPI at run time, the kernel's packages loaded with Pyodide, and
    ``window.jupyterapp`` for the browser tests. What the site serves is kept by the browser's
    HTTP cache, as the host's headers allow (JupyterLite's ``enableServiceWorkerCache`` is left
    off: not yet measured to help)."""
    settings = {
        "appName": APP_NAME,
        "exposeAppInBrowser": True,
        "litePluginSettings": {
            "@jupyterlite/pyodide-kernel-extension:kernel": {
                "disablePyPIFallback": True,
                # what the kernel needs, loaded with Pyodide, all at once from the lock, instead
                # of one after another with piplite once Pyodide has started
                "loadPyodideOptions": {"packages": KERNEL_PACKAGES},
            },
        },
    }
    path.write_text(json.dumps({"jupyter-lite-schema-version": 0,
                                "jupyter-config-data": settings}, indent=2))


def run_jupyter_lite_build(stage: Path, site: Path) -> None:
    """``jupyter lite build`` from the staged folder into ``site``, with the JupyterLab
    extensions the course needs (widgets, anywidget's for ``ttt.course.aria``, the Pyodide kernel) and
    nothing else of this Python's."""
    wanted = [labextension("jupyterlab_widgets", "@jupyter-widgets/jupyterlab-manager"),
              labextension("anywidget", "anywidget"),
              labextension("jupyterlite_pyodide_kernel", "@jupyterlite/pyodide-kernel-extension")]
    shutil.rmtree(site, ignore_errors=True)
    build = subprocess.run([sys.executable, "-m", "jupyterlite_core", "build",
                            f"--lite-dir={stage}", f"--output-dir={site}", "--contents=files",
                            "--no-sourcemaps", "--ignore-sys-prefix",
                            f"--LiteBuildConfig.federated_extensions={[str(p) for p in wanted]}"],
                           cwd=stage, capture_output=True, text=True)
    if build.returncode != 0:
        raise RuntimeError(f"jupyter lite build failed:\n{build.stdout}{build.stderr}")


#: the script that holds a run pressed before the notebook's Python is ready (see the top)
RUN_WHEN_READY = ROOT / "scripts" / "lite" / "run-when-ready.js"
#: JupyterLite's pages that show notebooks: JupyterLab's, and the Notebook view's
NOTEBOOK_PAGES = ["lab/index.html", "notebooks/index.html"]


def load_first_in_notebook_pages(site: Path, script: Path) -> None:
    """Serve ``script`` at the site's root and load it in each page that shows notebooks, first
    of all, before JupyterLite starts (a script's tag at the top of the page's head)."""
    shutil.copy(script, site / script.name)
    tag = f'<script src="../{script.name}"></script>'
    for name in NOTEBOOK_PAGES:
        page = site / name
        text = page.read_text()
        if "<head>" not in text:
            raise RuntimeError(f"{name} has no <head> to load {script.name} in")
        page.write_text(text.replace("<head>", f"<head>\n    {tag}", 1))


START_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<!-- JupyterLite's pages look here for the site's root and settings -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<meta http-equiv="refresh" content="0; url={lesson}">
<link rel="icon" href="lab/favicon.ico">
</head>
<body>
<p>Opening the course at its first lesson: <a href="{lesson}">Start here</a>.</p>
</body>
</html>
"""


def write_start_page(path: Path, first: str) -> None:
    """The site's address opens its first lesson ``first``, not JupyterLite's launcher (which
    offers Notebook, Console, ... and leaves a student to find the lesson), in the lesson's own
    workspace (``lesson_address``: a lesson opened later by its address does not reopen it)."""
    path.write_text(START_PAGE.format(title=APP_NAME, lesson=lesson_address(first)))


def labextension(package: str, name: str) -> Path:
    """The folder of the JupyterLab extension ``name`` that the Python package ``package``
    installed: the build tools have a Python of their own (``make lite``: .venv-lite, which sees
    the course's .venv), so the two extensions may lie under different prefixes."""
    files = distribution(package).files or []
    manifest = next((file for file in files
                     if file.as_posix().endswith(f"labextensions/{name}/package.json")), None)
    if manifest is None:
        raise FileNotFoundError(f"{package} installed no JupyterLab extension {name}")
    return Path(manifest.locate()).resolve().parent


if __name__ == "__main__":
    sys.exit(main())
