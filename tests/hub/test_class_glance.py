"""The class at a glance on the class hub (hub/class_glance.py; site/hub.md), with the real parts
of tests/helpers/class_hub.py: the teacher opens the class page in Chromium (the hub's login and
OAuth); two students run wrong answers of lesson 3 through the lessons' real checks, in kernels of
their own servers (their own system accounts); the page shows each under its mistake's nudge, by
itself. A student asking for the page is refused; a record claiming another student, or without a
student's token, is refused; the service killed and restarted by the hub keeps what it had.
"""

from __future__ import annotations

import json
import time

import psutil
import pytest
from axe_check import grave_violations
from class_hub import STUDENTS, TEACHER, hub_context, log_in
from exercise_mutants import WRONG_ANSWERS
from hub_client import Hub, run_async, trial_hub
from playwright.sync_api import expect
from process_group import free_ports

from ttt.course.exercises import EXERCISES
from ttt.course.exercises.recording import mistake_of, mistakes

pytestmark = [pytest.mark.hub, pytest.mark.timeout(600)]

PAGE = "/services/class-glance/"
#: What each of two students gets wrong in lesson 3, as wrong_answers.toml writes it.
WRONG = {STUDENTS[0]: [("minimax_value", "max and min swapped")],
         STUDENTS[1]: [("minimax_value", "if s: with a draw's 0"),
                       ("best_move", "returns the value")]}

#: A cell a student runs: their function, then the lesson's check of it (the wrong answer runs
#: where the model answer is defined, as the lesson's imports give it); the check's verdict.
CHECK = """
from ttt.course.exercises import EXERCISES
from ttt.course.exercises import recording
namespace = dict(EXERCISES[{exercise!r}].answer.__globals__)
exec({source!r}, namespace)
feedback = EXERCISES[{exercise!r}].check(namespace[{exercise!r}])
recording.sent()
print(feedback.passed, list(recording.failures))
print(feedback)
"""

#: A record posted from a student's kernel with their server's token, as the recorder posts one;
#: its status and answer.
POST = """
import json, os, urllib.request, urllib.error
request = urllib.request.Request(os.environ["TTT_CLASS_GLANCE_URL"], data={body!r}.encode(),
    method="POST", headers={{"Authorization": "token " + os.environ["JUPYTERHUB_API_TOKEN"]}})
try:
    answer = urllib.request.urlopen(request, timeout=10)
    print(answer.status)
except urllib.error.HTTPError as refused:
    print(refused.code, refused.read().decode())
"""


def wrong_answer(exercise: str, mistake: str):
    return next(wrong for wrong in WRONG_ANSWERS
                if (wrong.exercise, wrong.mistake) == (exercise, mistake))


def expected_nudge(exercise: str, mistake: str) -> str:
    """The nudge the class page shows for this wrong answer: its mistake's, as the check names
    it here."""
    feedback = EXERCISES[exercise].check(wrong_answer(exercise, mistake).function())
    return mistakes()[mistake_of(feedback)]


async def run_in_kernel(hub, name: str, code: str) -> str:
    async with Hub(hub.url, hub.token) as client:
        kernel = await client.start_kernel(name)
        try:
            run = await client.run(name, kernel, code)
        finally:
            await client.stop_kernel(name, kernel)
    assert not run.failed, run.text
    return run.text


def exercise_card(page, exercise: str):
    return page.locator("article.exercise", has=page.locator("h3", has_text=exercise))


@pytest.fixture(name="teacher_page")
def the_teachers_page(class_hub, browser):
    context = hub_context(browser)
    page = context.new_page()
    page.goto(f"{class_hub.url}/hub/login?next={PAGE}")
    log_in(page, class_hub, TEACHER)
    page.wait_for_url(f"**{PAGE}")
    yield page
    context.close()


def test_the_teacher_sees_each_students_mistake_by_name_as_they_check(class_hub, teacher_page,
                                                                      tmp_path):
    page = teacher_page
    expect(page.locator("h1")).to_have_text("The class at a glance")
    for name, wrong in WRONG.items():  # each in a kernel of their own server
        for exercise, mistake in wrong:
            source = wrong_answer(exercise, mistake).source
            shown = run_in_kernel_sync(class_hub, name, CHECK.format(exercise=exercise,
                                                                     source=source))
            assert shown.startswith("False []"), shown  # failed, and recorded
            assert "your teacher's class page shows" in shown
    # the page, left open, shows them by itself: each mistake's nudge, one student each
    minimax = exercise_card(page, "minimax_value")
    expect(minimax.locator(".tally")).to_have_text("0 of 2 students right", timeout=30_000)
    for exercise, mistake in [*WRONG[STUDENTS[0]], *WRONG[STUDENTS[1]]]:
        item = exercise_card(page, exercise).locator("ol.mistakes li",
                                                     has_text=expected_nudge(exercise, mistake))
        expect(item.locator(".count")).to_have_text("1 student:", timeout=30_000)
    expect(exercise_card(page, "best_move").locator(".tally")).to_have_text(
        "0 of 1 student right")
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=tmp_path / f"class-glance-{width}x{height}.png", full_page=True)
        assert grave_violations(page) == [], (width, height)
    # the keyboard reaches the lesson's clear button, which asks first, then clears the lesson
    page.keyboard.press("Tab")
    expect(page.locator("#clear-3")).to_be_focused()
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.keyboard.press("Enter")
    expect(minimax.locator(".tally")).to_have_text("0 of 2 students right")
    page.once("dialog", lambda dialog: dialog.accept())
    page.keyboard.press("Enter")
    expect(page.locator("#class")).to_have_text(
        "No checks yet: they appear here as the students run them.")


def run_in_kernel_sync(hub, name: str, code: str) -> str:
    return run_async(run_in_kernel(hub, name, code))


def test_a_student_asking_for_the_class_page_is_refused(class_hub, browser):
    context = hub_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{class_hub.url}/hub/login?next={PAGE}")
        log_in(page, class_hub, STUDENTS[2])
        page.wait_for_url(f"**{PAGE}")
        expect(page.locator("body")).to_contain_text("403")
        answer = page.request.get(f"{class_hub.url}{PAGE}summary")
        assert answer.status == 403
    finally:
        context.close()


def summary_of(hub) -> dict[str, str]:
    """Each exercise card's tally on the class page, read with the teacher's token."""

    async def read() -> str:
        async with Hub(hub.url, hub.token) as client:
            token = await client.request("POST", f"/hub/api/users/{TEACHER}/tokens",
                                         json={"scopes": ["access:services!service=class-glance"]})
            async with client.session.get(f"{hub.url}{PAGE}summary", headers={
                    "Authorization": f"token {token['token']}"}) as answer:
                assert answer.status == 200
                return await answer.text()
    return run_async(read())


def test_a_record_claiming_another_student_or_without_a_students_token_is_refused(class_hub):
    before = summary_of(class_hub)
    record = {"lesson": 3, "exercise": "score", "passed": False, "mistake": "unnamed"}
    claiming = json.dumps({**record, "student": STUDENTS[1]})
    shown = run_in_kernel_sync(class_hub, STUDENTS[0], POST.format(body=claiming))
    assert shown.startswith("400") and "exactly the fields" in shown, shown
    for body in ("x" * 2000, "[1, 2]", json.dumps({**record, "exercise": "no_such_thing"}),
                 json.dumps({**record, "mistake": "a-made-up-name"})):
        shown = run_in_kernel_sync(class_hub, STUDENTS[0], POST.format(body=body))
        assert shown.startswith("400"), (body, shown)
    # no token: the record names nobody, and counts for nobody
    anonymous = POST.replace('"token " + os.environ["JUPYTERHUB_API_TOKEN"]', '""')
    shown = run_in_kernel_sync(class_hub, STUDENTS[0], anonymous.format(body=json.dumps(record)))
    assert shown.startswith("403"), shown
    assert summary_of(class_hub) == before


def test_with_recording_off_the_service_refuses_every_record(tmp_path):
    """TTT_HUB_GLANCE=off: a record posted all the same, with a student's own token, is refused
    with 403 (that the servers are not told where to record: test_class_glance_store.py)."""
    port = free_ports()
    with trial_hub(tmp_path / "hub", settings={"TTT_HUB_GLANCE": "off",
                                               "TTT_HUB_GLANCE_PORT": str(port)}) as hub:

        async def post_as_a_student() -> tuple[int, str]:
            async with Hub(hub.url, hub.token) as client:
                await client.add_user("ada")
                token = await client.request("POST", "/hub/api/users/ada/tokens", json={
                    "scopes": ["access:services!service=class-glance"]})
                record = {"lesson": 3, "exercise": "score", "passed": True, "mistake": None}
                async with client.session.post(
                        f"http://127.0.0.1:{port}{PAGE}api/records", json=record,
                        headers={"Authorization": f"token {token['token']}"}) as answer:
                    return answer.status, await answer.text()

        status, said = run_async(post_as_a_student())
    assert status == 403 and "turned recording off" in said, (status, said)


def glance_process(hub) -> psutil.Process:
    [found] = [process for process in psutil.process_iter(["cmdline"])
               if any(part.endswith("class_glance.py") for part in process.info["cmdline"] or [])
               and any(str(hub.state) in part for part in process.info["cmdline"])]
    return found


def test_the_service_restarted_keeps_what_it_had(class_hub):
    shown = run_in_kernel_sync(class_hub, STUDENTS[2], CHECK.format(
        exercise="score", source=wrong_answer("score", "floats").source))
    assert shown.startswith("False []"), shown
    before = summary_of(class_hub)
    assert "score" in before
    old = glance_process(class_hub)
    old.kill()
    old.wait(30)
    deadline = time.monotonic() + 120  # the hub looks at its services every 30 s
    while True:
        try:
            again = summary_of(class_hub)
            break
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(1)  # between two askings, while the hub has not restarted it yet
    assert glance_process(class_hub).pid != old.pid
    assert again == before
