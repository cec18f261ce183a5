"""The class-glance service's parts without the hub (hub/class_glance.py): which records it
takes, and its store, a real SQLite database in a file (the service's default)."""

from __future__ import annotations

import html
import json

import class_glance
import pytest
from class_glance import Check, Refused, Store, class_html, parsed
from hub_client import CONFIG

from ttt.course.exercises.recording import NOT_YET, UNNAMED, mistakes

SWAPPED = sorted(set(mistakes()) - {NOT_YET, UNNAMED})[0]  # a mistake a nudge names
RECORD = {"lesson": 3, "exercise": "minimax_value", "passed": False, "mistake": SWAPPED}


def body(**changed) -> bytes:
    return json.dumps({**RECORD, **changed}).encode()


def test_a_record_is_taken_for_the_student_the_token_names():
    assert parsed(body(), "ada") == Check("ada", 3, "minimax_value", False, SWAPPED)
    assert parsed(body(passed=True, mistake=None), "ada").passed


@pytest.mark.parametrize(("record", "why"), [
    (b"x" * 2000, "at most 1024 bytes"),
    (b"{not json", "not JSON"),
    (b"[3, \"minimax_value\"]", "exactly the fields"),
    (json.dumps({**RECORD, "student": "grace"}).encode(), "exactly the fields"),
    (json.dumps({k: v for k, v in RECORD.items() if k != "mistake"}).encode(),
     "exactly the fields"),
    (body(exercise="no_such_function"), "no exercise 'no_such_function'"),
    (body(exercise=["minimax_value"]), "no exercise"),
    (body(lesson=4), "of lesson 3, not of '4'"),
    (body(lesson=True), "of lesson 3"),
    (body(passed="no"), "passed is true or false"),
    (body(passed=True), "has no mistake"),
    (body(mistake="forgot-the-sign"), "no mistake 'forgot-the-sign'"),
    (body(mistake=None), "no mistake"),
])
def test_a_record_that_is_too_big_malformed_or_unknown_is_refused_saying_why(record, why):
    with pytest.raises(Refused, match=why):
        parsed(record, "ada")


def test_the_store_counts_each_students_latest_check_and_keeps_it(tmp_path):
    url = f"sqlite:///{tmp_path / 'class_glance.sqlite'}"
    store = Store(url)
    store.add(Check("ada", 3, "minimax_value", False, SWAPPED))
    store.add(Check("grace", 3, "minimax_value", False, SWAPPED))
    store.add(Check("alan", 3, "minimax_value", False, NOT_YET))
    store.add(Check("grace", 3, "minimax_value", True, None))  # grace fixed it
    store.add(Check("ada", 1, "winner", True, None))
    [winner, minimax] = store.summary()
    assert (winner.lesson, winner.name, winner.tried, winner.right) == (1, "winner", 1, 1)
    assert (minimax.tried, minimax.right) == (3, 1)
    assert minimax.mistakes == tuple(sorted([(SWAPPED, 1), (NOT_YET, 1)]))
    assert Store(url).summary() == [winner, minimax]  # a restarted service has it all
    assert store.clear(3) == 3
    assert [exercise.name for exercise in Store(url).summary()] == ["winner"]


def test_the_most_common_mistake_comes_first_with_its_nudge(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'store.sqlite'}")
    for name in ("ada", "grace"):
        store.add(Check(name, 3, "minimax_value", False, SWAPPED))
    store.add(Check("alan", 3, "minimax_value", False, NOT_YET))
    [minimax] = store.summary()
    assert minimax.mistakes == ((SWAPPED, 2), (NOT_YET, 1))
    shown = class_html(store.summary())
    assert shown.index(html.escape(mistakes()[SWAPPED])) < shown.index(mistakes()[NOT_YET])
    assert "<strong>0</strong> of 3 students right" in shown and "Clear lesson 3" in shown


def test_the_page_says_so_when_recording_is_off():
    assert "Recording is off" in class_glance.page_html([], "token", recording=False)
    assert "No checks yet" in class_glance.page_html([], "token", recording=True)


def hub_config(monkeypatch, tmp_path, **settings: str):
    """hub/jupyterhub_config.py as the hub reads it, with these TTT_HUB_... settings."""
    from traitlets.config import Config

    monkeypatch.setenv("TTT_HUB_DIR", str(tmp_path))
    for name, value in settings.items():
        monkeypatch.setenv(name, value)
    config = Config()
    exec(compile(CONFIG.read_text(), str(CONFIG), "exec"),
         {"get_config": lambda: config, "__file__": str(CONFIG)})
    return config


def test_the_hub_registers_the_service_and_tells_each_server_where_to_record(monkeypatch,
                                                                             tmp_path):
    config = hub_config(monkeypatch, tmp_path)
    [service] = [s for s in config.JupyterHub.services if s["name"] == "class-glance"]
    assert f"--db=sqlite:///{tmp_path / 'class_glance.sqlite'}" in service["command"]
    assert "--off" not in service["command"]
    assert config.Spawner.environment["TTT_CLASS_GLANCE_URL"] == \
        f"{service['url']}/services/class-glance/api/records"
    # a server's token may reach the service, and nothing more than before
    assert "access:services!service=class-glance" in config.Spawner.server_token_scopes


def test_with_recording_off_no_server_is_told_where_to_record(monkeypatch, tmp_path):
    config = hub_config(monkeypatch, tmp_path, TTT_HUB_GLANCE="off",
                        TTT_HUB_GLANCE_DB="postgresql://glance@db.school.example/glance")
    [service] = [s for s in config.JupyterHub.services if s["name"] == "class-glance"]
    assert "--off" in service["command"]
    assert "--db=postgresql://glance@db.school.example/glance" in service["command"]
    assert "TTT_CLASS_GLANCE_URL" not in config.Spawner.environment
