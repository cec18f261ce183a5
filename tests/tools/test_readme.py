"""The README as a front page (issue 39: the guides are on the website): short, its links lead
somewhere (scripts/check_links.py, anchors in the guide's pages too) and its screenshots are
shown at a size whose text can be read.

Screenshots (``make screenshots``) are cropped to the widget and taken at the page's own scale;
``scripts/make_screenshots.py`` checks that the smallest text in each is at least 12 px. Shown at
its own width, a screenshot's text is as big as that, so the README must give each one its file's
width, and no more than GitHub's README column holds (wider, it is shrunk to fit)."""

import re
import struct
from pathlib import Path

import pytest
from check_links import markdown_problems
from repo import ROOT

README = (ROOT / "README.md").read_text()
COLUMN_PX = 830  # the width of GitHub's README column on a desktop screen
SCREENSHOT = re.compile(r'<img src="(images/screenshot_[\w-]+\.png)" width="(\d+)"')
FRONT_PAGE_LINES = 200  # at most: what it is, the two commands, the ways in, the lessons, links


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height in pixels, from its header."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", header[16:24])


def test_every_screenshot_is_shown_at_its_own_width():
    shown = SCREENSHOT.findall(README)
    assert {path for path, _ in shown} == \
        {f"images/{path.name}" for path in (ROOT / "images").glob("screenshot_*.png")}
    for path, width in shown:
        file_width, _ = png_size(ROOT / path)
        assert int(width) == file_width <= COLUMN_PX, (path, width, file_width)


@pytest.mark.parametrize("placeholder", ["<owner>", "<repository>", "OWNER/REPOSITORY"])
def test_no_link_is_a_placeholder(placeholder):
    assert placeholder not in README


def test_every_link_leads_somewhere():
    dead, _ = markdown_problems(ROOT / "README.md")
    assert dead == []


def test_the_readme_is_a_front_page_and_links_both_guides():
    assert len(README.splitlines()) <= FRONT_PAGE_LINES
    for page in ("site/teaching.md", "site/contributing.md"):
        assert f"]({page})" in README, page


# --- the first screen (issue 29) ---------------------------------------------------------------

FIRST_SCREEN = "\n".join(README.splitlines()[:30])  # what a 1280 x 800 screen shows of it


def test_the_first_screen_says_who_the_course_is_for_and_where_to_start():
    assert "**Who it is for:**" in FIRST_SCREEN
    assert "Start with lesson 0" in README
    assert "open lesson 1" not in README  # one first lesson, not two


def test_the_quick_start_has_exactly_two_commands():
    quick_start = README.split("## Quick start", 1)[1]
    block = quick_start.split("```bash\n", 1)[1].split("```", 1)[0]
    assert [line.split("#")[0].strip() for line in block.splitlines()] == ["make lab", "make test"]


def test_no_picture_is_squeezed_into_a_table_cell():
    rows = [line for line in README.splitlines() if line.startswith("|")]
    assert rows and not [row for row in rows if "<img" in row]
