"""The course's pictures in a real Chromium, checked by axe-core (the engine behind Lighthouse's
accessibility audit): a page made of what the package draws (a game tree, a step of the
step-through, a Monte Carlo tree, a row of boards, a board and a Connect Four grid, inline as a
notebook's HTML output or a widget shows them) has no critical or serious violation, and every
picture is an image whose name, the words a screen reader says, is the text alternative the
package wrote for it.
"""

from __future__ import annotations

import html

import pytest

from ttt.games.board import Board
from ttt.pictures.display import board_row, draw_mcts, draw_tree
from ttt.games.mnk import connect_four
from ttt.search.mcts import mcts
from ttt.course.stepper import StepThrough
from ttt.games.svg import position_in_words

pytestmark = pytest.mark.browser

POSITION = Board.from_string("XOX|.O.|..X")


def pictures() -> list[tuple[str, str, str]]:
    """(what it is, its markup, the name it must have) for each picture on the page."""
    made = []
    for what, graph in (("game tree", draw_tree(POSITION, max_width=None)),
                        ("Monte Carlo tree", draw_mcts(POSITION, mcts(POSITION, 40, seed=1)))):
        made.append((what, graph.pipe(format="svg", encoding="utf-8"), graph.description))
    widget = StepThrough(POSITION, pruning=True)
    widget.go(5)
    made.append(("step-through", widget.picture.value, widget.draw(5).description))
    boards = [Board.from_string(text) for text in ("X.O|.X.|...", "XXX|OO.|...", "XOX|XOO|OXX")]
    made.append(("board row", board_row(boards).data,
                 [position_in_words(b.cells, b.winning_line) for b in boards]))
    grid = connect_four().play(3).play(3).play(4)
    made.append(("Connect Four", grid._repr_svg_(),
                 position_in_words(grid.cells, grid.winning_line, grid.columns)))
    made.append(("board", POSITION._repr_svg_(), position_in_words(POSITION.cells)))
    return made


def page_of(made: list[tuple[str, str, str]]) -> str:
    """A page holding the pictures, each under a heading, as a notebook's output would."""
    sections = "".join(f"<section><h2>{html.escape(what)}</h2>{markup}</section>"
                       for what, markup, _ in made)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Pictures of the '
            f'course</title></head><body><main><h1>Pictures</h1>{sections}</main></body></html>')


def test_pictures_have_no_serious_violations_and_say_what_they_show(page):
    from axe_playwright_python.sync_playwright import Axe

    made = pictures()
    page.set_content(page_of(made))
    violations = Axe().run(page).response["violations"]
    serious = [(v["id"], v["impact"], v["help"], [n["target"] for n in v["nodes"]][:3])
               for v in violations if v["impact"] in ("critical", "serious")]
    assert serious == []
    expected = []
    for _, _, names in made:
        expected += names if isinstance(names, list) else [names]
    images = page.get_by_role("img")
    assert images.count() == len(expected)
    names = [images.nth(k).evaluate("e => e.querySelector('title').textContent")
             for k in range(images.count())]
    assert names == expected
    for name in expected:  # what the browser gives a screen reader, from the title
        assert page.get_by_role("img", name=name, exact=True).count() >= 1
