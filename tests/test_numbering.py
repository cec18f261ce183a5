"""One numbering (issue 29): cells, rows and columns are counted from 0 everywhere, as the cell
numbers 0-8 and Python's ``divmod(cell, columns)`` count them. The words live in one place,
``ttt.svg.cell_in_words``; these tests read what each part of the course actually says (the
boards' announcements, the alt text of a bigger board, the terminal game, the lessons' sentences)
and check that its row and column are the cell's ``divmod``."""

import json
import re
from pathlib import Path

import pytest

from ttt.games.board import Board
from ttt.course.cli import main
from ttt.games.mnk import mnk
from ttt.games.svg import cell_in_words, position_in_words
from ttt.course.widgets import ConnectFourBoard, play_board

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: "cell 5, row 1, column 2" (an announcement) or "cell 5 is in row 1, column 2" (a sentence)
CELL_PLACE = re.compile(r"[Cc]ell (\d+)(?:,| is in) row (\d+),? column (\d+)")


def places(text: str) -> list[tuple[int, int, int]]:
    """Every (cell, row, column) that ``text`` names, in the order it names them."""
    return [(int(cell), int(row), int(column)) for cell, row, column in CELL_PLACE.findall(text)]


def wrong_places(text: str, columns: int = 3) -> list[tuple[int, int, int]]:
    """The places in ``text`` whose row and column are not the cell's, counted from 0."""
    return [(cell, row, column) for cell, row, column in places(text)
            if (row, column) != divmod(cell, columns)]


def test_a_cell_in_words_counts_rows_and_columns_from_0():
    assert cell_in_words(5) == "cell 5, row 1, column 2"
    assert cell_in_words(0) == "cell 0, row 0, column 0"
    assert cell_in_words(38, columns=7) == "cell 38, row 5, column 3"
    assert wrong_places(cell_in_words(5).replace("row 1", "row 2")) == [(5, 2, 2)]  # it can fail


def test_the_boards_name_and_announce_each_cell_that_way():
    board = play_board(level="random", seed=1)
    tooltips = [button.tooltip for button in board.buttons]
    assert [place[0] for text in tooltips for place in places(text)] == list(range(9))
    said = []
    board.live.observe(lambda _: said.append(board.live.text), names="said")
    board.buttons[5].click()
    assert said and said[0].startswith(f"You played {cell_in_words(5)}.")
    assert len(places(said[0])) == 2  # your move and the computer's reply
    assert wrong_places(" ".join(tooltips + said)) == []


def test_connect_four_names_its_discs_and_columns_that_way():
    board = ConnectFourBoard(seed=1)
    tooltips = [disc.tooltip for disc in board.buttons]
    assert [place[0] for text in tooltips for place in places(text)] == list(range(42))
    assert wrong_places(" ".join(tooltips), columns=7) == []
    assert [drop.description for drop in board.drops] == [f"↓ {column}" for column in range(7)]


def test_the_alt_text_of_a_bigger_board_counts_the_same_way():
    position = mnk(4, 4, 3).play(6).play(9)  # X on cell 6 (row 1, column 2), O on 9 (row 2, 1)
    words = position_in_words(position.cells, position.winning_line, 4)
    assert "X at row 1 column 2; O at row 2 column 1" in words


def test_the_terminal_game_numbers_the_cells_and_names_the_moves_that_way():
    rows = [line.split("|") for line in Board().grid(numbered=True).splitlines()[::2]]
    assert [[int(text) for text in row] for row in rows] == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    told: list[str] = []
    def never_asked(prompt: str) -> str:  # two computers play: nobody is asked anything
        pytest.fail(f"asked {prompt!r}")

    main(["--x", "perfect", "--o", "random", "--seed", "1"], ask=never_asked, tell=told.append)
    moves = [line for line in told if " plays " in line]
    assert len(moves) >= 3 and all(len(places(line)) == 1 for line in moves)
    assert wrong_places("\n".join(moves)) == []


@pytest.mark.parametrize("lesson", sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")),
                         ids=lambda path: path.stem)
def test_the_lessons_say_it_the_same_way(lesson):
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(cell["source"]) for cell in cells)
    assert wrong_places(text) == []
    if lesson.stem == "01_the_board":  # the sentence that sets the convention
        assert (5, 1, 2) in places(text.replace("\n", " "))


def test_the_readme_and_the_website_say_it_the_same_way():
    root = NOTEBOOKS.parent
    pages = [root / "README.md", *(root / "site").glob("*.md")]
    texts = {page.name: " ".join(page.read_text(encoding="utf-8").split()) for page in pages}
    assert any(places(text) for text in texts.values())  # the accessibility page names cells
    assert {name: wrong_places(text) for name, text in texts.items() if wrong_places(text)} == {}
