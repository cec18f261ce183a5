"""The locks (``make lock``) hold what their requirements ask for, so a changed requirements*.txt
that was not locked again fails here instead of being installed as the old versions.

Every package a set names, through its ``-r`` includes too, is pinned in the set's lock at a version
the set allows, with at least one hash (pip's ``--require-hashes`` refuses a pin without); and no
package has two versions in two locks (``.venv`` gets several sets, ``.venv-lite`` sees ``.venv``).
"""

import re
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from repo import GUIDE, ROOT

SETS = ("requirements", "requirements-teacher", "requirements-dev", "requirements-hub",
        "requirements-lite")
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)((?:\s*\\\n\s+--hash=sha256:[0-9a-f]{64})*)",
                 re.M)


def requirements(path: Path) -> list[Requirement]:
    """The requirements a requirements file names, those of the files it includes with -r too."""
    found = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("-r "):
            found += requirements(path.parent / line[3:].strip())
        elif line:
            found.append(Requirement(line))
    return found


def pins(path: Path) -> dict[str, tuple[str, int]]:
    """A lock's packages: canonical name -> (version, number of hashes)."""
    return {canonicalize_name(name): (version, hashes.count("--hash="))
            for name, version, hashes in PIN.findall(path.read_text())}


def mismatches(requirements_file: Path, lock: Path) -> list[str]:
    """What ``lock`` lacks of what ``requirements_file`` asks for, each said with its remedy."""
    locked = pins(lock)
    found = [f"{name} has no hash in {lock.name}" for name, (_, hashes) in locked.items()
             if not hashes]
    for requirement in requirements(requirements_file):
        version, _ = locked.get(canonicalize_name(requirement.name), (None, 0))
        if version is None or not requirement.specifier.contains(version, prereleases=True):
            found.append(f"{lock.name} has {requirement.name}=={version}, not {requirement}: "
                         "run make lock")
    return found


@pytest.mark.parametrize("name", SETS)
def test_a_lock_pins_what_its_set_asks_for_with_hashes(name):
    assert pins(ROOT / f"{name}.lock")
    assert mismatches(ROOT / f"{name}.txt", ROOT / f"{name}.lock") == []


def test_no_package_has_two_versions_in_two_locks():
    versions: dict[str, set[str]] = {}
    for name in SETS:
        for package, (version, _) in pins(ROOT / f"{name}.lock").items():
            versions.setdefault(package, set()).add(version)
    assert {package: found for package, found in versions.items() if len(found) > 1} == {}


def test_a_requirement_changed_without_locking_again_is_caught(tmp_path):
    # as when requirements-hub.txt's JupyterHub changes and make lock is not run
    changed = tmp_path / "requirements-hub.txt"
    changed.write_text("jupyterhub==0.1\n")
    locked, _ = pins(ROOT / "requirements-hub.lock")["jupyterhub"]
    assert mismatches(changed, ROOT / "requirements-hub.lock") == [
        f"requirements-hub.lock has jupyterhub=={locked}, not jupyterhub==0.1: run make lock"]


def test_the_guide_gives_each_lock_s_number_of_packages():
    page = (GUIDE / "install.md").read_text()  # installing the course: the locks
    stated = dict(re.findall(r"\| `(requirements[\w-]*)\.lock` \| (\d+) \|", page))
    assert stated == {name: str(len(pins(ROOT / f"{name}.lock"))) for name in SETS}
