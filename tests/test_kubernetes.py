"""The class on Kubernetes (hub/kubernetes/, binder/), checked without a cluster: the guide's helm
command rendered with the real templates of the chart version it pins (tests/helpers/kubernetes_chart.py),
and the objects it makes checked; nbgrader's settings in a student's pod and the teacher's; the
exchange opened to every user; and the image's ttt kept in step with the lessons the course links
pull.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import helm_python as helm
import pytest
import yaml
from course_links import TARGET
from jupyter_core.paths import SYSTEM_CONFIG_PATH
from kubernetes_chart import (
    chart_folder,
    command_values,
    find,
    helm_command,
    hub_values,
    option,
    readme_command,
    render,
    student_files,
)
from packaging.requirements import Requirement
from repo import ROOT
from traitlets.config import Config

KUBERNETES = ROOT / "hub" / "kubernetes"
VALUES = KUBERNETES / "values.yaml"
NBGRADER_CONFIG = ROOT / "hub" / "student" / "nbgrader_config.py"


def test_the_values_say_the_readmes_command_and_the_chart_it_pins_is_the_one_rendered():
    command = readme_command()
    assert helm_command(VALUES.read_text()) == command
    assert option(command, "--values") == ["hub/kubernetes/values.yaml"]
    chart = yaml.safe_load((chart_folder(command) / "Chart.yaml").read_text())
    assert (chart["name"], chart["version"]) == ("jupyterhub", *option(command, "--version"))


def test_the_chart_makes_the_class_hub_of_the_values():
    values = hub_values()
    assert values["hub"]["config"]["JupyterHub"]["authenticator_class"] == \
        "nativeauthenticator.NativeAuthenticator"
    singleuser = values["singleuser"]
    # one nbgrader_config.py for every server, make hub's and each pod's: the chart mounts it
    # where nbgrader looks
    assert student_files() == {"nbgrader-config": NBGRADER_CONFIG.read_text()}
    mounted = Path(singleuser["extraFiles"]["nbgrader-config"]["mountPath"])
    assert mounted.name == "nbgrader_config.py" and str(mounted.parent) in SYSTEM_CONFIG_PATH
    # the exchange: the claim hub/kubernetes/exchange.yaml makes, mounted where nbgrader is told
    (mount,) = singleuser["storage"]["extraVolumeMounts"]
    (volume,) = singleuser["storage"]["extraVolumes"]
    assert mount["name"] == volume["name"]
    assert volume["persistentVolumeClaim"]["claimName"] == \
        exchange_documents()["PersistentVolumeClaim"]["metadata"]["name"]
    assert singleuser["extraEnv"]["TTT_EXCHANGE"] == mount["mountPath"]
    assert singleuser["extraEnv"]["TTT_HUB_TEACHER"] in \
        values["hub"]["config"]["Authenticator"]["admin_users"]
    # every node pulls the course's image, by a tag that names one build
    image = singleuser["image"]
    assert image["tag"] not in ("", "latest")
    for puller in ("hook-image-puller", "continuous-image-puller"):
        pod = find("DaemonSet", puller)["spec"]["template"]["spec"]
        assert f"{image['name']}:{image['tag']}" in \
            [container["image"] for container in pod["initContainers"]]


def test_the_charts_hub_image_has_the_authenticator_with_a_jupyterhub_it_works_with():
    """NativeAuthenticator 1.3.0's login fails on JupyterHub 6 (it has no statsd)."""
    requirements = chart_folder(readme_command()).parent / "images" / "hub" / "requirements.txt"
    pinned = {requirement.name: requirement.specifier for requirement in map(
        Requirement, [line.split("#")[0] for line in requirements.read_text().splitlines()
                      if line.split("#")[0].strip()])}
    assert pinned["jupyterhub-nativeauthenticator"]
    (jupyterhub,) = pinned["jupyterhub"]
    assert jupyterhub.operator == "==" and int(jupyterhub.version.split(".")[0]) < 6


def refused(values: dict) -> str:
    """What the chart of the guide's command says of ``values``, which it must refuse."""
    with pytest.raises(helm.HelmError) as refusal:
        render(readme_command(), values)
    return str(refusal.value)


def test_the_chart_refuses_a_misspelt_setting():
    values = command_values(readme_command())
    values["singleuser"]["extraEnvironment"] = values["singleuser"].pop("extraEnv")
    assert "additional properties 'extraEnvironment' not allowed" in refused(values)


def test_the_chart_refuses_the_command_without_nbgrader_settings():
    command = readme_command()
    at = command.index("--set-file")
    without = command[:at] + command[at + 2:]
    assert "/singleuser/extraFiles/nbgrader-config" in refused(command_values(without))


def nbgrader_settings(user: str | None) -> Config:
    """nbgrader's settings (the file the chart mounts in every pod) as the server of ``user``
    reads them, with the environment the hub gives every pod, and the hub's JUPYTERHUB_USER."""
    config = Config()
    environment = {**os.environ, **hub_values()["singleuser"]["extraEnv"]}
    environment.pop("JUPYTERHUB_USER", None)
    if user is not None:
        environment["JUPYTERHUB_USER"] = user
    saved = dict(os.environ)
    try:
        os.environ.clear()
        os.environ.update(environment)
        exec(compile(student_files()["nbgrader-config"], "nbgrader_config.py", "exec"),
             {"get_config": lambda: config})
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return config


def test_every_student_is_named_by_their_hub_name_and_the_teacher_sees_everyone():
    singleuser = hub_values()["singleuser"]
    teacher = singleuser["extraEnv"]["TTT_HUB_TEACHER"]
    for student in ("ada", "grace"):
        settings = nbgrader_settings(student)
        assert settings.CourseDirectory.student_id == student
        assert settings.Exchange.root == singleuser["storage"]["extraVolumeMounts"][0]["mountPath"]
        assert settings.CourseDirectory.course_id == "ttt"
    # collect and release_feedback look at every student ('*') when no student id is set
    assert "student_id" not in nbgrader_settings(teacher).CourseDirectory
    assert "student_id" not in nbgrader_settings(None).CourseDirectory


def exchange_documents() -> dict[str, dict]:
    """hub/kubernetes/exchange.yaml's objects, by kind."""
    return {doc["kind"]: doc for doc in yaml.safe_load_all((KUBERNETES / "exchange.yaml")
                                                          .read_text())}


def test_the_exchange_volume_is_opened_to_every_user_with_the_sticky_bit(tmp_path):
    documents = exchange_documents()
    claim = documents["PersistentVolumeClaim"]["metadata"]["name"]
    pod = documents["Job"]["spec"]["template"]["spec"]
    assert [volume["persistentVolumeClaim"]["claimName"] for volume in pod["volumes"]] == [claim]
    (container,) = pod["containers"]
    assert container["securityContext"]["runAsUser"] == 0  # a new volume is root's
    (mount,) = container["volumeMounts"]
    # the job's own command, run here on a folder as a new volume comes (root's, 755)
    exchange = tmp_path / "exchange"
    exchange.mkdir(mode=0o755)
    command = [part.replace(mount["mountPath"], str(exchange)) for part in container["command"]]
    ran = subprocess.run(command, capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "1777"
    assert exchange.stat().st_mode & 0o7777 == 0o1777


def importing_ttt(home: Path, site_dir: Path) -> str:
    """Where ``import ttt`` comes from in a lesson's kernel on the image: a Python whose
    site-packages hold binder/ttt-course.pth, in the home ``home``, started in the lesson's
    folder."""
    shutil.copy(ROOT / "binder" / "ttt-course.pth", site_dir)
    script = f"import site; site.addsitedir({str(site_dir)!r}); import ttt; print(ttt.__file__)"
    lessons = home / TARGET / "notebooks"
    lessons.mkdir(parents=True, exist_ok=True)
    ran = subprocess.run([sys.executable, "-c", script], cwd=lessons, capture_output=True,
                         text=True, check=True, env={**os.environ, "HOME": str(home)})
    return ran.stdout.strip()


def test_the_image_imports_the_ttt_pulled_with_the_lessons(tmp_path):
    # ~/ttt/            the course as the course link pulled it
    #     notebooks/    the lessons (the kernel starts here)
    #     ttt/          the package of the same commit
    pulled = tmp_path / "home" / TARGET / "ttt"
    pulled.mkdir(parents=True)
    (pulled / "__init__.py").write_text("")
    site_dir = tmp_path / "site-packages"
    site_dir.mkdir()
    assert importing_ttt(tmp_path / "home", site_dir) == str(pulled / "__init__.py")
    # nothing pulled yet (or Binder, whose home is the repository): the image's own ttt
    assert importing_ttt(tmp_path / "empty", site_dir) == str(ROOT / "ttt" / "__init__.py")
    assert "binder/ttt-course.pth" in (ROOT / "binder" / "postBuild").read_text()
