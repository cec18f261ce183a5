"""What a check records for the teacher on a class hub (ttt/course/exercises/recording.py): the
mistake's name, the record's fields and nothing else, the note the student sees once, nothing off
a hub, and a check neither slowed nor broken by a service that is slow or away. The service here
is a real HTTP server on 127.0.0.1 that keeps what it is sent; the hub's own is tested with the
hub (tests/hub/test_class_glance.py)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from exercise_mutants import WRONG_ANSWERS
from process_group import free_ports

from ttt.course.exercises import EXERCISES, recording
from ttt.course.exercises.recording import NOT_YET, UNNAMED, mistake_of, mistakes

TOKEN = "a-servers-token"


class Service(ThreadingHTTPServer):
    """Keeps each record's headers and body; holds each answer until ``answer`` is set."""

    def __init__(self) -> None:
        self.records: list[tuple[dict, dict]] = []
        self.arrived, self.answer = threading.Event(), threading.Event()
        self.answer.set()

        class Handler(BaseHTTPRequestHandler):
            def do_POST(handler) -> None:
                body = handler.rfile.read(int(handler.headers["Content-Length"]))
                self.records.append((dict(handler.headers), json.loads(body)))
                self.arrived.set()
                self.answer.wait(30)
                handler.send_response(204)
                handler.end_headers()

            def log_message(handler, *args) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Handler)


@pytest.fixture(name="service")
def a_service_on_a_hub(monkeypatch):
    """A service to record to, and a kernel's environment on a hub that records there."""
    service = Service()
    thread = threading.Thread(target=service.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", TOKEN)
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    monkeypatch.setenv("TTT_CLASS_GLANCE_URL", f"http://127.0.0.1:{service.server_port}/records")
    monkeypatch.setattr(recording, "_noted", [False])
    monkeypatch.setattr(recording, "failures", recording.deque(maxlen=20))
    yield service
    service.answer.set()
    service.shutdown()
    service.server_close()


def swapped_minimax():
    return next(wrong for wrong in WRONG_ANSWERS if wrong.exercise == "minimax_value"
                and wrong.mistake == "max and min swapped").function()


def test_a_check_on_a_hub_records_lesson_exercise_verdict_and_mistake_and_no_code(service):
    exercise = EXERCISES["minimax_value"]
    feedback = exercise.check(swapped_minimax())
    recording.sent()
    [(headers, record)] = service.records
    assert headers["Authorization"] == f"token {TOKEN}"  # who: the hub's token says
    assert record == {"lesson": 3, "exercise": "minimax_value", "passed": False,
                      "mistake": mistake_of(feedback)}
    assert mistakes()[record["mistake"]].split("…")[0] in feedback.nudge
    exercise.check(exercise.answer)
    recording.sent()
    assert service.records[1][1] == {"lesson": 3, "exercise": "minimax_value", "passed": True,
                                     "mistake": None}
    assert not recording.failures


def test_the_student_sees_once_what_the_teacher_sees(service):
    exercise = EXERCISES["score"]
    first, second = exercise.check(exercise.answer), exercise.check(exercise.answer)
    assert ("on this class hub", recording.NOTE) in first.rows
    assert "never your code" in str(first) and "never your code" in first._repr_html_()
    assert second.rows == () and first.passed and second.passed


@pytest.mark.parametrize("away", ["JUPYTERHUB_API_TOKEN", "JUPYTERHUB_USER",
                                  "TTT_CLASS_GLANCE_URL"])
def test_off_a_hub_nothing_is_recorded_nor_said(service, monkeypatch, away):
    monkeypatch.delenv(away)  # a laptop; or a hub whose teacher turned recording off
    feedback = EXERCISES["minimax_value"].check(swapped_minimax())
    recording.sent()
    assert service.records == [] and feedback.rows[-1][0] != "on this class hub"


def test_the_teachers_own_server_records_nothing(service, monkeypatch):
    monkeypatch.setenv("TTT_HUB_TEACHER", "ada")  # autograde runs every check in it
    feedback = EXERCISES["minimax_value"].check(swapped_minimax())
    recording.sent()
    assert service.records == [] and feedback.rows[-1][0] != "on this class hub"


def test_the_browser_version_records_nothing(service, monkeypatch):
    monkeypatch.setattr(recording.sys, "platform", "emscripten")
    EXERCISES["score"].check(EXERCISES["score"].answer)
    recording.sent()
    assert service.records == []


def test_a_slow_service_does_not_hold_up_the_check(service):
    service.answer.clear()  # the service takes the record and does not answer yet
    feedback = EXERCISES["minimax_value"].check(swapped_minimax())
    assert not feedback.passed and feedback.nudge
    assert service.arrived.wait(30)  # the record went while the check had already answered
    service.answer.set()
    recording.sent()
    assert not recording.failures


def test_a_service_that_is_away_fails_silently_and_is_logged(service, monkeypatch, caplog):
    closed = free_ports()  # a port nobody listens on
    monkeypatch.setenv("TTT_CLASS_GLANCE_URL", f"http://127.0.0.1:{closed}/records")
    monkeypatch.setattr(recording.log, "propagate", True)
    feedback = EXERCISES["minimax_value"].check(swapped_minimax())
    recording.sent()
    alone = EXERCISES["minimax_value"]._verdict(swapped_minimax())  # the verdict off a hub
    assert (feedback.passed, feedback.headline, feedback.nudge) == \
        (alone.passed, alone.headline, alone.nudge)
    [failure] = recording.failures
    assert failure.startswith("minimax_value: ") and "refused" in failure.lower()
    assert "did not get a check's record" in caplog.text


def test_a_stub_is_named_not_yet_and_every_name_has_its_nudge():
    exercise = EXERCISES["winner"]
    assert mistake_of(exercise.check(lambda board: None)) == NOT_YET
    assert mistake_of(exercise.check(exercise.answer)) is None
    named = mistakes()
    assert {NOT_YET, UNNAMED} <= set(named) and all(named.values())
    assert len(set(named)) == len(named)


@pytest.mark.slow
@pytest.mark.parametrize("wrong", WRONG_ANSWERS,
                         ids=lambda wrong: f"{wrong.exercise}: {wrong.mistake}")
def test_each_written_wrong_answer_is_recorded_under_a_nudge_it_was_given(wrong):
    feedback = EXERCISES[wrong.exercise].check(wrong.function())
    name = mistake_of(feedback)
    assert name not in (None, UNNAMED), str(feedback)
    template = mistakes()[name]
    words = [piece.strip(" .:,") for piece in template.split("…")]
    said = f"{feedback.nudge} {feedback.headline}"
    assert all(piece in said for piece in words if piece), (template, said)
