"""Build the course as a static JupyterLite site: every lesson in the browser, nothing to install.

    python scripts/build_lite.py             # (make lite) the site in build/lite/
    python -m http.server -d build/lite      # then open http://localhost:8000

Everything is fetched from the package registries at build time (with npm and pip) and kept in
.cache/lite/, so a rebuild fetches nothing:
- Pyodide's core runtime (npm ``pyodide``, the version the JupyterLite kernel was made for),
  served from the site itself;
- Graphviz compiled to WebAssembly (npm ``@viz-js/viz``), which ``ttt.browser`` uses instead of
  ``dot``;
- pure-Python wheels from PyPI: the ones the kernel starts with (IPython, jedi, micropip, ...) and
  the ones the lessons import (ipywidgets, graphviz, ...), plus the ``ttt`` wheel built from this
  checkout. Each goes into the site's ``pyodide-lock.json`` with its own sha256, so that a cell's
  ``import ttt`` loads it from the site: no ``%pip`` cell, and no PyPI at run time
  (``disablePyPIFallback``).

Pyodide's compiled packages (numpy, matplotlib and what they need) are on no package registry:
the lock points at Pyodide's CDN for them, for the same Pyodide version. That is the one thing the
site loads from outside, and only the charts need it: a cell that imports ``ttt.charts`` loads
matplotlib. Where the CDN cannot be reached, that load fails and the lesson runs on: ``ttt.charts``
imports matplotlib only to draw, and a chart cell says in one line why there is no chart
(tests/lite runs every lesson so).

The build tools (jupyterlite-core and the Pyodide kernel) are installed apart from the course's
Python (``make lite``: .venv-lite, which sees .venv's packages), so that the kernel's JupyterLab
extension does not load in the students' JupyterLab.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass, field
from importlib.metadata import distribution
from importlib.metadata import version as installed_version
from pathlib import Path

from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL, PYODIDE_VERSION
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from ttt.browser import VIZ_SCRIPT

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "lite"
CACHE = ROOT / ".cache" / "lite"
VIZ_VERSION = "3.31.0"
#: the files of the npm ``pyodide`` package that make the runtime
PYODIDE_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]

#: what the kernel installs as it starts (micropip, then IPython, jedi and comm), and what the
#: lessons import; all their dependencies come along
KERNEL_PACKAGES = ["micropip", "ipython", "jedi", "comm"]
COURSE_PACKAGES = ["ttt", "ipywidgets", "graphviz"]
#: dependencies deliberately not loaded with the packages that ask for them
LEFT_OUT = {
    "matplotlib": "compiled, from Pyodide's CDN, loaded by a cell that imports ttt.charts",
    "widgetsnbextension": "the classic Notebook's widget files; the kernel brings its own",
}
#: the digest of what the site was built from (see lite_is_current)
STAMP = SITE / ".built-from"


def main() -> int:
    """Build the site into build/lite/."""
    lock = json.loads(npm_file("pyodide", PYODIDE_VERSION, "pyodide-lock.json"))
    with tempfile.TemporaryDirectory(prefix="lite-") as temp:
        stage = Path(temp)
        pyodide_dir = stage / "static" / "pyodide"  # where the kernel's build looks for Pyodide
        copy_pyodide_and_graphviz(pyodide_dir)
        wheels = serve_wheels(lock, pyodide_dir, Browser(lock["info"]["python"]))
        point_the_rest_at_the_cdn(lock, served=wheels)
        (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
        copy_lessons(stage / "files")
        write_site_settings(stage / "jupyter-lite.json")
        run_jupyter_lite_build(stage)
    STAMP.write_text(inputs_digest())
    print(f"built {SITE.relative_to(ROOT)}/ with {len(wheels)} wheels served from the site")
    return 0


def inputs_digest() -> str:
    """A digest of what the site is built from in this checkout: the lessons, the package, this
    script and the requirements."""
    files = [*sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")),
             *sorted((ROOT / "ttt").rglob("*.py")),
             Path(__file__).resolve(), ROOT / "pyproject.toml", ROOT / "requirements.txt"]
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def lite_is_current() -> bool:
    """Whether build/lite/ was built from this checkout as it is now (so that ``make site`` and
    the tests after ``make lite`` need not build it again)."""
    return STAMP.exists() and STAMP.read_text() == inputs_digest()


# --- npm ----------------------------------------------------------------------------------------


def copy_pyodide_and_graphviz(folder: Path) -> None:
    """Pyodide's runtime, and Graphviz in WebAssembly beside it (where ``ttt.browser`` looks)."""
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


def serve_wheels(lock: dict, folder: Path, browser: Browser) -> dict[str, Wheel]:
    """Put every wheel the kernel and the lessons need into ``folder`` and into the lock; return
    them by name. Pyodide's lock lists many of them but its npm package holds none of their files,
    so each comes from PyPI, at the lock's version if the lock has one."""
    packages = lock["packages"]
    wanted = [canonicalize_name(name) for name in KERNEL_PACKAGES + COURSE_PACKAGES]
    wheels: dict[str, Wheel] = {}
    while wanted:
        name = wanted.pop()
        if name in wheels or name in LEFT_OUT:
            continue
        if name in packages:
            wheel = Wheel(pypi_wheel(name, packages[name]["version"], browser),
                          packages[name]["depends"])
        else:
            path = ttt_wheel() if name == "ttt" else pypi_wheel(name, installed_version(name),
                                                                browser)
            wheel = Wheel(path, requirements_of(path, browser))
        wheels[name] = wheel
        wanted += [canonicalize_name(dep) for dep in wheel.depends]
    for wheel in wheels.values():
        shutil.copy(wheel.path, folder / wheel.path.name)
        packages[wheel.name] = lock_entry(wheel)
    return wheels


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


def lock_entry(wheel: Wheel) -> dict:
    """The wheel's entry in pyodide-lock.json: its file, sha256, imports and dependencies."""
    return {
        "name": wheel.name,
        "version": wheel.version,
        "file_name": wheel.path.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.path.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": top_level_modules(wheel.path),
        "depends": sorted(canonicalize_name(dep) for dep in wheel.depends
                          if canonicalize_name(dep) not in LEFT_OUT),
        "unvendored_tests": False,
    }


def top_level_modules(wheel: Path) -> list[str]:
    """The names a wheel makes importable: its top-level packages and modules."""
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
    return sorted(top.removesuffix(".py") for top in tops
                  if not top.endswith((".dist-info", ".data", ".pth")))


def point_the_rest_at_the_cdn(lock: dict, served: dict[str, Wheel]) -> None:
    """Make every package the site does not serve load from Pyodide's CDN, and let a cell that
    imports ``ttt.charts`` load matplotlib (Pyodide loads packages by the names a cell imports)."""
    for name, entry in lock["packages"].items():
        if name not in served:
            entry["file_name"] = f"{PYODIDE_CDN_URL}/{entry['file_name']}"
    lock["packages"]["matplotlib"]["imports"].append("ttt.charts")


# --- the site -----------------------------------------------------------------------------------


def copy_lessons(folder: Path) -> None:
    """The lessons, as committed (executed), become the site's files."""
    folder.mkdir()
    for lesson in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        shutil.copy(lesson, folder / lesson.name)


def write_site_settings(path: Path) -> None:
    """jupyter-lite.json: no PyPI at run time, and ``window.jupyterapp`` for the browser test."""
    settings = {
        "appName": "ttt: game-tree search",
        "exposeAppInBrowser": True,
        "litePluginSettings": {
            "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True},
        },
    }
    path.write_text(json.dumps({"jupyter-lite-schema-version": 0,
                                "jupyter-config-data": settings}, indent=2))


def run_jupyter_lite_build(stage: Path) -> None:
    """``jupyter lite build`` from the staged folder into build/lite/, with the JupyterLab
    extensions the course needs (widgets, anywidget's for ``ttt.aria``, the Pyodide kernel) and
    nothing else of this Python's."""
    wanted = [labextension("jupyterlab_widgets", "@jupyter-widgets/jupyterlab-manager"),
              labextension("anywidget", "anywidget"),
              labextension("jupyterlite_pyodide_kernel", "@jupyterlite/pyodide-kernel-extension")]
    shutil.rmtree(SITE, ignore_errors=True)
    build = subprocess.run([sys.executable, "-m", "jupyterlite_core", "build",
                            f"--lite-dir={stage}", f"--output-dir={SITE}", "--contents=files",
                            "--no-sourcemaps", "--ignore-sys-prefix",
                            f"--LiteBuildConfig.federated_extensions={[str(p) for p in wanted]}"],
                           cwd=stage, capture_output=True, text=True)
    if build.returncode != 0:
        raise RuntimeError(f"jupyter lite build failed:\n{build.stdout}{build.stderr}")


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
