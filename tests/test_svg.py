"""Tests of ttt.games.svg: board pictures that say their position in words, in colours that can be told
apart and read (WCAG 2.1 AA: 4.5:1 for text, 3:1 for marks and lines)."""

import base64
import html
import re
import xml.etree.ElementTree as ET

import pytest
from contrast import SVG, contrast_ratio, texts_on_backgrounds

from ttt.games.board import Board
from ttt.search.counting import reachable_positions
from ttt.games.mnk import connect_four, mnk
from ttt.games.svg import (
    CELL_NAMES,
    LINE_COLOUR,
    O_COLOUR,
    X_COLOUR,
    board_svg,
    position_in_words,
    svg_image,
    with_title,
)

NAMED = {name: cell for cell, name in enumerate(CELL_NAMES)}


def read_back(words):
    """The cells, and what is said of the game, from the words of a 3 x 3 position: the reverse
    of position_in_words, for checking that it leaves nothing out."""
    board, rest = words.split(": ", 1)
    assert board == "Board"
    where, outcome = rest.rstrip(".").rsplit(". ", 1)
    cells = ["."] * 9
    if where != "empty":
        for part in where.split("; "):
            player, places = part.split(" at ")
            for name in re.split(r", | and ", places):
                cells[NAMED[name]] = player
    return "".join(cells), outcome


def test_every_reachable_position_is_said_exactly():
    for board in reachable_positions():
        cells, outcome = read_back(position_in_words(board.cells, board.winning_line))
        assert cells == "".join(board.cells)
        if board.winner:
            first, last = (CELL_NAMES[board.winning_line[end]] for end in (0, -1))
            assert outcome == f"{board.winner} has won, in a row from {first} to {last}"
        elif board.is_over:
            assert outcome == "A draw"
        else:
            assert outcome == f"{board.to_move} to move"


def test_positions_read_as_a_person_says_them():
    assert position_in_words("X.O|.X.|...".replace("|", "")) == (
        "Board: X at top left and centre; O at top right. O to move.")
    assert position_in_words("." * 9) == "Board: empty. X to move."


def test_bigger_boards_name_rows_and_columns():
    position = connect_four().play(3).play(3).play(4).play(2)
    assert position_in_words(position.cells, position.winning_line, 7) == (
        "7 by 6 board: X at row 5 columns 3 and 4; O at row 4 column 3, row 5 column 2. "
        "X to move.")
    won = mnk(4, 4, 3)
    for cell in (0, 15, 1, 14, 2):
        won = won.play(cell)
    assert position_in_words(won.cells, won.winning_line, 4).endswith(
        ". X has won, in a row from row 0, column 0 to row 0, column 2.")


@pytest.mark.parametrize("position", [Board.from_string("XXX|OO.|..."), connect_four().play(3),
                                      mnk(4, 4, 3).play(5)], ids=str)
def test_a_board_picture_is_an_image_titled_with_its_position(position):
    svg = ET.fromstring(position._repr_svg_())
    columns = getattr(position, "columns", 3)
    assert svg.get("role") == "img"
    assert svg[0].tag == f"{SVG}title"
    assert svg[0].text == position_in_words(position.cells, position.winning_line, columns)
    assert len(svg.findall(f"{SVG}title")) == 1


def test_a_title_is_added_to_any_svg_once_and_escaped():
    svg = with_title('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><g/></svg>',
                     "a < b & c")
    root = ET.fromstring(svg.encode())
    assert root.get("role") == "img" and root[0].text == "a < b & c"
    again = with_title(board_svg("." * 9), "other")
    assert again.count('role="img"') == 1
    with pytest.raises(ValueError, match="no <svg> element"):
        with_title("<p>not a picture</p>", "words")


def test_an_svg_image_carries_its_alt_text_and_its_size():
    svg = with_title('<svg width="288pt" height="347pt" viewBox="0 0 288 347" '
                     'xmlns="http://www.w3.org/2000/svg"><g/></svg>', "a tree")
    tag = svg_image(svg, 'say "<b>" & more')
    found = re.fullmatch(r'<img alt="([^"]*)" width="([\d.]+)" height="([\d.]+)" '
                         r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)">', tag)
    assert found, tag
    assert html.unescape(found[1]) == 'say "<b>" & more'
    assert (float(found[2]), float(found[3])) == pytest.approx((384, 347 * 4 / 3), abs=0.001)
    assert base64.b64decode(found[4]).decode() == svg  # the picture itself, title and all
    board = svg_image(board_svg("X" + "." * 8), "X in a corner")  # sized in px: kept as is
    assert ' width="96" height="96" ' in board
    assert " width=" not in svg_image('<svg xmlns="http://www.w3.org/2000/svg"/>', "no size")


def test_letters_on_discs_reach_4_5_to_1_contrast():
    position = connect_four().play(3).play(3)  # one disc of each player
    shown = texts_on_backgrounds(position._repr_svg_())
    assert sorted(text for text, _, _ in shown) == ["O", "X"]
    assert {text: under.upper() for text, _, under in shown} == {"X": X_COLOUR, "O": O_COLOUR}
    assert all(contrast_ratio(colour, under) >= 4.5 for _, colour, under in shown)


@pytest.mark.parametrize("colour", [X_COLOUR, O_COLOUR, LINE_COLOUR])
def test_marks_and_lines_reach_3_to_1_contrast_on_white(colour):
    assert contrast_ratio(colour, "white") >= 3  # WCAG 1.4.11, graphics needed to understand


# X X X
# O O .
# . . .      and a Connect Four board with one disc: each shown as HTML too
@pytest.mark.parametrize("board", [Board.from_string("XXX|OO.|..."), connect_four().play(3)],
                         ids=["tic-tac-toe", "connect-four"])
def test_a_board_shown_as_a_cells_value_is_an_image_named_by_its_position(board):
    tag = board._repr_html_()
    alt = html.unescape(re.search(r'alt="([^"]*)"', tag).group(1))
    assert alt == position_in_words(board.cells, board.winning_line, board.columns)
    source = re.search(r'src="data:image/svg\+xml;base64,([^"]*)"', tag).group(1)
    assert base64.b64decode(source).decode() == board._repr_svg_()
