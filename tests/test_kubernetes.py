"""The class on Kubernetes (hub/kubernetes/, binder/), checked without a cluster: the values against
the schema of the chart version they pin (tests/data/z2jh-<version>/, copied from the chart's
release: the chart is on no package registry), nbgrader's settings in a student's pod and the
teacher's, the exchange opened to every user, and the image's ttt kept in step with the lessons
the course links pull.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml
from course_links import TARGET
from repo import GUIDE, ROOT
from traitlets.config import Config

KUBERNETES = ROOT / "hub" / "kubernetes"
VALUES = KUBERNETES / "values.yaml"
CHARTS = ROOT / "tests" / "data"
PINNED = re.compile(r"jupyterhub/jupyterhub --version (\S+)")


def pinned_version(text: str) -> str:
    """The chart version in the text's ``helm upgrade`` command (exactly one)."""
    versions = set(PINNED.findall(" ".join(text.split())))
    assert len(versions) == 1, f"one pinned chart version expected, found {versions or 'none'}"
    return versions.pop()


def merged(defaults, values):
    """``values`` over the chart's ``defaults``, as Helm merges them: maps key by key, anything
    else replaced, and a null removes the key."""
    if not (isinstance(defaults, dict) and isinstance(values, dict)):
        return values
    result = dict(defaults)
    for key, value in values.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merged(defaults.get(key), value)
    return result


def schema_errors(values: dict, chart: Path) -> list[str]:
    """Where ``values``, merged into the chart's defaults, break the chart's schema."""
    from jsonschema import Draft7Validator

    schema = yaml.safe_load((chart / "values.schema.yaml").read_text())
    defaults = yaml.safe_load((chart / "values.yaml").read_text())
    return [f"{'.'.join(map(str, error.absolute_path))}: {error.message}"
            for error in Draft7Validator(schema).iter_errors(merged(defaults, values))]


def values() -> dict:
    return yaml.safe_load(VALUES.read_text())


def test_the_values_pin_the_chart_version_they_are_checked_against_and_the_guide_installs_it():
    version = pinned_version(VALUES.read_text())
    assert pinned_version((GUIDE / "kubernetes.md").read_text()) == version
    chart = CHARTS / f"z2jh-{version}"
    assert (chart / "values.schema.yaml").exists(), f"no copy of {version}'s schema in {chart}"
    assert schema_errors(values(), chart) == []


def test_the_schema_check_finds_a_misspelt_setting():
    chart = CHARTS / f"z2jh-{pinned_version(VALUES.read_text())}"
    wrong = values()
    wrong["singleuser"]["extraEnvironment"] = wrong["singleuser"].pop("extraEnv")
    errors = schema_errors(wrong, chart)
    assert len(errors) == 1 and "extraEnvironment" in errors[0], errors


def nbgrader_settings(user: str | None) -> Config:
    """nbgrader's settings (the values' nbgrader_config.py) as a server of ``user`` reads them,
    with the environment the values give every server, and the hub's JUPYTERHUB_USER."""
    singleuser = values()["singleuser"]
    source = singleuser["extraFiles"]["nbgrader-config"]["stringData"]
    config = Config()
    environment = {**os.environ, **singleuser["extraEnv"]}
    environment.pop("JUPYTERHUB_USER", None)
    if user is not None:
        environment["JUPYTERHUB_USER"] = user
    saved = dict(os.environ)
    try:
        os.environ.clear()
        os.environ.update(environment)
        exec(compile(source, "nbgrader_config.py", "exec"), {"get_config": lambda: config})
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return config


def test_every_student_is_named_by_their_hub_name_and_the_teacher_sees_everyone():
    teacher = values()["hub"]["config"]["Authenticator"]["admin_users"]
    assert values()["singleuser"]["extraEnv"]["TTT_HUB_TEACHER"] == teacher[0]
    mounted = values()["singleuser"]["storage"]["extraVolumeMounts"][0]["mountPath"]
    for student in ("ada", "grace"):
        settings = nbgrader_settings(student)
        assert settings.CourseDirectory.student_id == student
        assert settings.Exchange.root == mounted
        assert settings.CourseDirectory.course_id == "ttt"
    # collect and release_feedback look at every student ('*') when no student id is set
    assert "student_id" not in nbgrader_settings(teacher[0]).CourseDirectory
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
    assert {volume["name"]: volume["persistentVolumeClaim"]["claimName"]
            for volume in values()["singleuser"]["storage"]["extraVolumes"]} == \
        {"nbgrader-exchange": claim}
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
