"""The class hub's files, checked without starting anything (tests/hub starts the hub itself):
the course links' format and errors, the Kubernetes values (structure, and agreement with the
one-machine hub and the image), and the image's requirements.

Here the values are checked for what the course relies on; tests/tools/test_kubernetes.py renders them
with the chart's own templates.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import yaml
from course_links import course_settings, lesson_link, lessons
from course_links import main as print_links
from packaging.specifiers import SpecifierSet

ROOT = Path(__file__).resolve().parent.parent
VALUES = ROOT / "hub" / "kubernetes" / "values.yaml"
QUANTITY = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30}


def test_a_course_link_pulls_the_course_into_the_home_and_opens_the_lesson():
    link = lesson_link("https://hub.school.edu/", "03_minimax.ipynb")
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == \
        ("https", "hub.school.edu", "/hub/user-redirect/git-pull")
    query = {key: values[0] for key, values in parse_qs(parts.query).items()}
    settings = course_settings()
    assert query == {"repo": settings["repo"], "branch": settings["branch"], "targetpath": "ttt",
                     "urlpath": "lab/tree/ttt/notebooks/03_minimax.ipynb"}


def test_the_links_are_printed_for_every_lesson(capsys):
    assert print_links(["http://127.0.0.1:8000", "--repo", "file:///srv/ttt"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert [line.split("]")[0][3:] for line in printed] == lessons()
    assert all("repo=file%3A%2F%2F%2Fsrv%2Fttt" in line for line in printed)


@pytest.mark.parametrize(("hub", "lesson", "named"), [
    ("hub.school.edu", "01_the_board.ipynb", "hub should be the hub's address"),
    ("https://hub.school.edu", "01_board.ipynb", "lesson should be one of notebooks/"),
])
def test_a_bad_link_setting_is_named(hub, lesson, named):
    with pytest.raises(ValueError, match=named):
        lesson_link(hub, lesson)


def quantity(text) -> float:
    """A Kubernetes quantity (256M, 1G, 0.5) as a number."""
    number, unit = re.fullmatch(r"([0-9.]+)([KMG]i?)?", str(text)).groups()
    return float(number) * QUANTITY[unit or ""]


def test_the_kubernetes_values_give_each_student_what_was_measured_and_a_limit_above_it():
    singleuser = yaml.safe_load(VALUES.read_text())["singleuser"]
    assert singleuser["image"]["name"] and singleuser["image"]["tag"] not in ("", "latest")
    for resource in ("memory", "cpu"):
        assert 0 < quantity(singleuser[resource]["guarantee"]) < \
            quantity(singleuser[resource]["limit"])


def test_the_kubernetes_exchange_is_the_one_nbgrader_is_told_about():
    values = yaml.safe_load(VALUES.read_text())
    singleuser = values["singleuser"]
    mounted = {mount["name"]: mount["mountPath"]
               for mount in singleuser["storage"]["extraVolumeMounts"]}
    claims = {volume["name"]: volume["persistentVolumeClaim"]["claimName"]
              for volume in singleuser["storage"]["extraVolumes"]}
    assert singleuser["extraEnv"]["TTT_EXCHANGE"] == mounted["nbgrader-exchange"]
    assert 'c.Exchange.root = os.environ["TTT_EXCHANGE"]' in \
        (ROOT / "hub" / "student" / "nbgrader_config.py").read_text()
    claim = next(doc for doc in yaml.safe_load_all((VALUES.parent / "exchange.yaml").read_text())
                 if doc["kind"] == "PersistentVolumeClaim")
    assert claim["metadata"]["name"] == claims["nbgrader-exchange"]
    assert claim["spec"]["accessModes"] == ["ReadWriteMany"]  # every server writes to it
    assert values["cull"]["enabled"] is True


def test_the_image_has_what_the_class_needs():
    """binder/ builds the image: the course, and the hub's parts that run in a student's
    server (nbgitpuller, nbgrader), at the versions the one-machine hub uses."""

    def pinned(path: Path) -> dict[str, str]:
        """Each requirement's name and version specifier, following -r includes."""
        found = {}
        for line in path.read_text().splitlines():
            line = line.split("#")[0].strip()
            if line.startswith("-r "):
                found |= pinned(path.parent / line[3:])
            elif line:
                name, version = re.fullmatch(r"([A-Za-z0-9_.-]+)\s*(.*)", line).groups()
                found[name.lower()] = version
        return found

    image, hub = pinned(ROOT / "binder" / "requirements.txt"), \
        pinned(ROOT / "requirements-hub.txt")
    assert {"jupyterlab", "nbgitpuller", "nbgrader"} <= set(image)
    for name in ("nbgitpuller", "nbgrader"):  # the hub pins each exactly; the image allows it
        assert hub[name].startswith("==")
        assert SpecifierSet(image[name]).contains(hub[name][2:]), (name, image[name], hub[name])


def test_the_hubs_requirements_are_exact_versions():
    """The hub's parts are tested together: a newer JupyterHub broke NativeAuthenticator's login
    (JupyterHub 6 has no statsd, which NativeAuthenticator 1.3.0 uses)."""
    lines = [line.split("#")[0].strip()
             for line in (ROOT / "requirements-hub.txt").read_text().splitlines()]
    requirements = [line for line in lines if line and not line.startswith("-r ")]
    assert requirements and all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][0-9A-Za-z.]*", line)
                                for line in requirements), requirements
