"""The class's hub on Kubernetes as the guide's ``helm upgrade`` command installs
it (site/kubernetes.md), rendered without a cluster: the pinned Zero to JupyterHub chart
(tests/data/z2jh-<version>/jupyterhub, its templates as released) with the values the command gives
it, by Helm's own engine (helm-python-sdk: Helm's Go SDK as a library, so no ``helm`` program is
needed). The chart checks the values against its schema and its templates' own rules as ``helm``
does, and refuses what they refuse."""

from __future__ import annotations

import base64
import re
import shlex
from functools import cache
from pathlib import Path

import helm_python as helm
import yaml
from repo import ROOT

CHARTS = ROOT / "tests" / "data"
BACKQUOTED = re.compile(r"`(helm upgrade --install [^`]*)`")
ON_ITS_LINE = re.compile(r"^[#\s]*(helm upgrade --install .*)$", re.MULTILINE)


def helm_command(text: str) -> tuple[str, ...]:
    """The text's ``helm upgrade --install`` command as words (exactly one): in backquotes (the
    README), or else on a line of its own, continued by backslashes (a comment of the values)."""
    joined = re.sub(r"\\\n[#\s]*", " ", text)
    commands = {" ".join(command.split())
                for command in BACKQUOTED.findall(joined) or ON_ITS_LINE.findall(joined)}
    assert len(commands) == 1, f"one helm upgrade command expected, found {commands or 'none'}"
    return tuple(shlex.split(commands.pop()))


def readme_command() -> tuple[str, ...]:
    """The guide's command (site/kubernetes.md) that installs the class's hub."""
    return helm_command((ROOT / "site" / "kubernetes.md").read_text())


def option(command: tuple[str, ...], name: str) -> list[str]:
    """Every value the command gives its option ``name`` (``--values``, ``--set-file``...)."""
    return [command[at + 1] for at, word in enumerate(command[:-1]) if word == name]


def chart_folder(command: tuple[str, ...]) -> Path:
    """The copy of the chart version the command installs."""
    (version,) = option(command, "--version")
    return CHARTS / f"z2jh-{version}" / "jupyterhub"


def over(base: dict, top: dict) -> dict:
    """``top`` over ``base``, as Helm's command line lays values over values: maps key by key."""
    merged = dict(base)
    for key, value in top.items():
        merged[key] = over(base[key], value) if isinstance(value, dict) and \
            isinstance(base.get(key), dict) else value
    return merged


def command_values(command: tuple[str, ...]) -> dict:
    """The values the command gives the chart, run from the repository's folder: its ``--values``
    files, each over the one before, then each ``--set-file``'s file read into its key."""
    values: dict = {}
    for path in option(command, "--values"):
        values = over(values, helm.values_from_yaml((ROOT / path).read_text()))
    for expression in option(command, "--set-file"):
        key, path = expression.split("=", 1)
        values = over(values, helm.parse_set_file(f"{key}={ROOT / path}"))
    return values


def render(command: tuple[str, ...], values: dict) -> list[dict]:
    """The Kubernetes objects the command's chart makes of ``values``, as a first install of the
    command's release in its namespace; a value the chart refuses raises ``helm.HelmError``."""
    release = next(word for word in command[2:] if not word.startswith("-"))
    (namespace,) = option(command, "--namespace")
    with helm.Chart.load(chart_folder(command)) as chart:
        manifests = chart.render(values, name=release, namespace=namespace, is_install=True)
    return [document for name, text in sorted(manifests.items()) if name.endswith(".yaml")
            for document in yaml.safe_load_all(text) if document]


@cache
def installed() -> tuple[dict, ...]:
    """The objects the guide's command installs."""
    command = readme_command()
    return tuple(render(command, command_values(command)))


def find(kind: str, name: str) -> dict:
    """The installed object of that kind and name."""
    (found,) = [thing for thing in installed()
                if thing["kind"] == kind and thing["metadata"]["name"] == name]
    return found


def hub_values() -> dict:
    """The values the hub itself reads when it starts (the chart hands them to it in its secret,
    and the hub makes every student's pod from them)."""
    return yaml.safe_load(base64.b64decode(find("Secret", "hub")["data"]["values.yaml"]))


def student_files() -> dict[str, str]:
    """The extra files in every student's pod, by their key in the values: their content."""
    return find("Secret", "singleuser")["stringData"]
