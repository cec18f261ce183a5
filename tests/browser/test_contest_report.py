"""The class contest's report (ttt.contest.report) in Chromium, as a teacher projects it (1280 x
800) and a student opens it on a phone (390 x 844): the leaderboard is a table a screen reader
reads by its headers, the chart is a picture named by its alt text, the page has no sideways
scroll, and a game's replay steps with the keyboard, saying each move in its live region; axe-core
finds no critical or serious violation in the report or a replay at either size.
"""

from __future__ import annotations

import pytest
from axe_check import grave_violations

from ttt.contest.report import write_report
from ttt.contest.running import Entry, run_contest
from ttt.contest.sandbox import Limits

pytestmark = pytest.mark.browser

FIRST_CENTRE = "def play(position):\n    return 4 if 4 in position.legal_moves else " \
               "position.legal_moves[0]\n\nPLAYER = play\n"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """The report of a small contest: a student who takes the centre, and the perfect player."""
    contest = run_contest([Entry("ada", FIRST_CENTRE), Entry("perfect")], references=False,
                          limits=Limits(move_seconds=30, start_seconds=120))  # a busy machine
    return contest, write_report(contest, tmp_path_factory.mktemp("report"))


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_the_leaderboard_reads_as_a_table_at_any_width(page, report, width, height):
    contest, index = report
    page.set_viewport_size({"width": width, "height": height})
    page.goto(index.as_uri())
    table = page.get_by_role("table", name="Leaderboard, best first", exact=False)
    assert table.get_by_role("columnheader").all_inner_texts() == [
        "Rank", "Player", "Rating", "Won", "Drawn", "Lost", "Failed"]
    assert table.get_by_role("rowheader").count() == len(contest.players)
    assert page.get_by_role("img", name="Bar chart of the ratings", exact=False).count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_replay_steps_with_the_keyboard(page, report):
    contest, index = report
    page.goto((index.parent / "games" / "1.html").as_uri())
    said = page.locator("#said")
    assert said.inner_text() == "The empty board."
    page.get_by_role("button", name="Next move").focus()
    page.keyboard.press("Enter")
    first = contest.games[0]
    assert said.inner_text().startswith(f"Move 1: X plays cell {first.moves[0]},")
    assert page.locator(".frame:visible").count() == 1
    page.get_by_role("button", name="Previous move").focus()
    page.keyboard.press("Enter")
    assert said.inner_text() == "The empty board."


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_the_report_and_a_replay_have_no_grave_axe_violation(page, report, width, height):
    contest, index = report
    page.set_viewport_size({"width": width, "height": height})
    bad = {}
    for path in (index, index.parent / "games" / "1.html"):
        page.goto(path.as_uri())
        bad[path.name] = grave_violations(page)
    assert bad == {index.name: [], "1.html": []}
