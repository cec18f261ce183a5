"""Tests of ttt.games.board: the rules, the text and picture forms, the errors, the symmetries.

Positions are drawn in the comments (or in the board strings themselves: ``from_string`` ignores
spaces and newlines), cells numbered 0-8 in reading order.
"""

import contextlib
import copy
import itertools
import pickle
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import playable_positions, positions

from ttt.games.board import (
    GOOD_ORDER,
    LINES,
    SYMMETRIES,
    SYMMETRY_NAMES,
    Board,
    BoardError,
    IllegalMoveError,
    InvalidBoardError,
)
from ttt.search.counting import reachable_positions
from ttt.games.mnk import mnk
from ttt.games.grid import Grid
from ttt.games.svg import LINE_COLOUR

# --- the empty board and the text form -------------------------------------------------------

def test_empty_board():
    board = Board()
    # . . .
    # . . .
    # . . .
    assert board.cells == (".",) * 9
    assert str(board) == "...|...|..."
    assert board.to_move == "X"
    assert board.legal_moves == tuple(range(9))
    assert board.moves_made == 0
    assert board.winner is None and board.winning_line is None
    assert not board.is_over and not board.is_full
    assert board.result_text() == "X to move"
    assert board == Board.from_string(".........")


@pytest.mark.parametrize("text", [
    "XO.|.X.|..O",
    "xo.|.x.|..o",
    "XO..X...O",
    "X O .\n. X .\n. . O\n",
    """
    x o .
    . X .
    . . o
    """,
    " xO.| .x. |..O ",
])
def test_from_string_accepts_lower_case_spaces_and_newlines(text):
    # X O .
    # . X .
    # . . O
    board = Board.from_string(text)
    assert board.cells == ("X", "O", ".", ".", "X", ".", ".", ".", "O")
    assert str(board) == "XO.|.X.|..O"
    assert Board.from_string(str(board)) == board


def test_cells_and_indexing():
    board = Board.from_string("XO.|.X.|..O")
    # X O .
    # . X .
    # . . O
    assert [board[c] for c in range(9)] == list(board.cells)
    assert (board[0], board[1], board[2], board[8]) == ("X", "O", ".", "O")
    assert repr(board) == "Board.from_string('XO.|.X.|..O')"


def test_to_move():
    # . . .      X . .      X O .
    # . . .  ->  . . .  ->  . . .
    # . . .      . . .      . . .
    assert Board().to_move == "X"
    assert Board().play(0).to_move == "O"
    assert Board().play(0).play(1).to_move == "X"
    # X O X
    # . O .
    # . . .
    assert Board.from_string("XOX|.O.|...").to_move == "X"
    # X O X
    # . O .
    # . X .
    assert Board.from_string("XOX|.O.|.X.").to_move == "O"


def test_legal_moves_are_the_free_cells_in_order():
    # X O .
    # . X .
    # . . O
    assert Board.from_string("XO.|.X.|..O").legal_moves == (2, 3, 5, 6, 7)


def test_legal_moves_empty_once_the_game_is_over():
    # X X X     (won, with cells still free)
    # O O .
    # . . .
    won = Board.from_string("XXX|OO.|...")
    assert won.is_over and won.legal_moves == ()
    # X O X     (full: a draw)
    # X X O
    # O X O
    draw = Board.from_string("XOX|XXO|OXO")
    assert draw.is_over and draw.legal_moves == ()


def test_play_returns_a_new_board_and_leaves_the_old_one_unchanged():
    board = Board.from_string("X..|...|...")
    after = board.play(4)
    # X . .      X . .
    # . . .  ->  . O .
    # . . .      . . .
    assert after is not board
    assert str(after) == "X..|.O.|..."
    assert str(board) == "X..|...|..."
    assert board.bits == (0b000000001, 0)


# --- immutability and hashing -----------------------------------------------------------------

@pytest.mark.parametrize("name", ["_x", "_o", "to_move", "colour"])
def test_board_is_immutable(name):
    board = Board.from_string("X..|...|...")
    with pytest.raises(AttributeError, match="never changes"):
        setattr(board, name, 1)
    assert str(board) == "X..|...|..."


def test_equal_boards_hash_equal():
    # X . .
    # . O .
    # . . X     reached two ways: 0, 4, 8 and 8, 4, 0
    one = Board().play(0).play(4).play(8)
    other = Board().play(8).play(4).play(0)
    assert one == other and hash(one) == hash(other)
    assert Board() == Board() and Board() is not Board()  # equal by value, not by identity
    assert len({one, other, Board.from_string("X..|.O.|..X")}) == 1
    assert {one: "seen"}[other] == "seen"
    assert one != Board().play(0).play(8).play(4)  # O in the corner: another position
    assert one != "X..|.O.|..X"


@pytest.mark.parametrize("clone", [copy.copy, copy.deepcopy,
                                   lambda board: pickle.loads(pickle.dumps(board))],
                         ids=["copy", "deepcopy", "pickle"])
def test_board_can_be_copied_and_pickled(clone):
    # Notebooks and widgets copy values; multiprocessing pickles them. Immutability must not
    # break that.
    board = Board.from_string("XO.|.X.|..O")
    assert clone(board) == board


def test_a_subclass_of_board_plays_and_equals_the_board():
    # A lesson's checker traces a search with a subclass whose play logs each position.
    class Traced(Board):
        __slots__ = ()

    board = Traced.from_string("X..|...|...")
    child = board.play(4)
    assert type(child) is Traced and child is not Board.from_string("X..|.O.|...")
    assert child == Board.from_string("X..|.O.|...") and Board.from_string("X..|.O.|...") == child
    assert board.play(4) is not child  # subclasses get new boards: only Board's are shared


def test_board_iterates_over_its_cells():
    # A class with __getitem__ is iterable in Python: iteration must stop after cell 8.
    board = Board.from_string("XO.|.X.|..O")
    assert list(board) == list(board.cells)
    assert "O" not in Board()


# --- winning --------------------------------------------------------------------------------

X_WINS = [
    ("""X X X
        O O .
        . . .""", (0, 1, 2)),
    ("""O O .
        X X X
        . . .""", (3, 4, 5)),
    ("""O O .
        . . .
        X X X""", (6, 7, 8)),
    ("""X O .
        X O .
        X . .""", (0, 3, 6)),
    ("""O X .
        O X .
        . X .""", (1, 4, 7)),
    ("""O . X
        O . X
        . . X""", (2, 5, 8)),
    ("""X O .
        O X .
        . . X""", (0, 4, 8)),
    ("""O . X
        O X .
        X . .""", (2, 4, 6)),
]

O_WINS = [
    ("""O O O
        X X .
        X . .""", (0, 1, 2)),
    ("""X X .
        O O O
        X . .""", (3, 4, 5)),
    ("""X X .
        X . .
        O O O""", (6, 7, 8)),
    ("""O X .
        O X .
        O . X""", (0, 3, 6)),
    ("""X O .
        X O .
        . O X""", (1, 4, 7)),
    ("""X X O
        . . O
        X . O""", (2, 5, 8)),
    ("""O X .
        X O .
        X . O""", (0, 4, 8)),
    ("""X X O
        . O .
        O X .""", (2, 4, 6)),
]


def test_the_lines_are_the_rows_the_columns_then_the_diagonals():
    assert LINES == ((0, 1, 2), (3, 4, 5), (6, 7, 8),
                     (0, 3, 6), (1, 4, 7), (2, 5, 8),
                     (0, 4, 8), (2, 4, 6))
    assert GOOD_ORDER == (4, 0, 2, 6, 8, 1, 3, 5, 7)  # centre, corners, edges


def test_the_win_tables_cover_all_eight_lines():
    assert sorted(line for _, line in X_WINS) == sorted(LINES)
    assert sorted(line for _, line in O_WINS) == sorted(LINES)


@pytest.mark.parametrize(("text", "line", "player"),
                         [(text, line, "X") for text, line in X_WINS]
                         + [(text, line, "O") for text, line in O_WINS])
def test_winner_and_winning_line(text, line, player):
    board = Board.from_string(text)
    assert board.winner == player
    assert board.winning_line == line
    assert all(board[c] == player for c in line)
    assert board.is_over and not board.is_full
    assert board.result_text() == f"{player} wins"


def test_winning_move_ends_the_game():
    # X X .      X X X
    # O O .  ->  O O .
    # . . .      . . .
    before = Board.from_string("XX.|OO.|...")
    assert before.winner is None and not before.is_over
    after = before.play(2)
    assert after.winner == "X" and after.winning_line == (0, 1, 2) and after.is_over


def test_full_board_without_a_line_is_a_draw():
    # X O X
    # X X O
    # O X O
    board = Board.from_string("XOX|XXO|OXO")
    assert board.is_full and board.is_over
    assert board.winner is None and board.winning_line is None
    assert board.result_text() == "draw"


def test_a_win_on_the_last_cell_is_a_win_not_a_draw():
    # X O X
    # O X O
    # O X X     X's ninth mark completes the diagonal 0-4-8
    board = Board.from_string("XOX|OXO|OX.").play(8)
    assert board.is_full
    assert board.winner == "X" and board.winning_line == (0, 4, 8)
    assert board.result_text() == "X wins"


# --- errors -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "cell", "message"), [
    # X . .
    # . . .     cell 0 is taken
    # . . .
    ("X..|...|...", 0, "cell 0 is already taken by X"),
    # X O .
    # . . .     cell 1 is taken
    # . . .
    ("XO.|...|...", 1, "cell 1 is already taken by O"),
    ("...|...|...", -1, "cell -1 is off the board: cells are numbered 0 to 8"),
    ("...|...|...", 9, "cell 9 is off the board: cells are numbered 0 to 8"),
    ("...|...|...", "a", "a cell is a whole number from 0 to 8, got 'a'"),
    ("...|...|...", 1.5, "a cell is a whole number from 0 to 8, got 1.5"),
    ("...|...|...", True, "a cell is a whole number from 0 to 8, got True"),
    # X X X
    # O O .     X has won
    # . . .
    ("XXX|OO.|...", 8, r"the game is over \(X wins\): no more moves"),
    # X O X
    # X X O     a draw
    # O X O
    ("XOX|XXO|OXO", 4, r"the game is over \(draw\): no more moves"),
])
def test_illegal_moves_raise_and_change_nothing(text, cell, message):
    board = Board.from_string(text)
    with pytest.raises(IllegalMoveError, match=f"^{message}$"):
        board.play(cell)
    assert str(board) == text
    assert board == Board.from_string(text)


def test_error_classes_are_value_errors():
    assert issubclass(BoardError, ValueError)
    assert issubclass(IllegalMoveError, BoardError)
    assert issubclass(InvalidBoardError, BoardError)
    with pytest.raises(ValueError):
        Board().play(9)
    with pytest.raises(ValueError):
        Board.from_string("?")


@pytest.mark.parametrize("cell", [-1, 9, "a", 1.5, True])
def test_reading_a_bad_cell_raises(cell):
    with pytest.raises(IllegalMoveError):
        Board()[cell]


@pytest.mark.parametrize(("text", "message"), [
    ("XO", "a board has 9 cells, 'XO' gives 2"),
    ("", "a board has 9 cells, '' gives 0"),
    ("XO.|.X.|..O.", "a board has 9 cells, 'XO.|.X.|..O.' gives 10"),
    ("XO.|.Y.|..O", "unexpected character 'Y' in 'XO.|.Y.|..O'"),
    ("0..|...|...", "unexpected character '0'"),
    ("X-.|...|...", "unexpected character '-'"),
    (None, "a board string is needed, got NoneType"),
    (123, "a board string is needed, got int"),
    (b".........", "a board string is needed, got bytes"),
    (list("........."), "a board string is needed, got list"),
])
def test_malformed_strings_raise(text, message):
    with pytest.raises(InvalidBoardError, match=message):
        Board.from_string(text)


@pytest.mark.parametrize(("text", "message"), [
    # X X .
    # . . .     two X, no O
    # . . .
    ("XX.|...|...", r"X has as many marks as O or one more \(found 2 X, 0 O\)"),
    # O . .
    # . . .     O moved first
    # . . .
    ("O..|...|...", r"\(found 0 X, 1 O\)"),
    # X X X
    # O O O     both have a line
    # . . .
    ("XXX|OOO|...", "both X and O have three in a row"),
    # X X X
    # O O .     X had won, then O moved
    # O . .
    ("XXX|OO.|O..", "X already had three in a row, yet O moved after that"),
    # O O O
    # X X .     O had won, then X moved
    # X X .
    ("OOO|XX.|XX.", "O already had three in a row, yet X moved after that"),
])
def test_impossible_positions_raise(text, message):
    with pytest.raises(InvalidBoardError, match=message) as error:
        Board.from_string(text)
    assert f"{text!r} cannot happen in a real game" in str(error.value)


def test_from_string_accepts_exactly_the_reachable_positions():
    # Every one of the 3**9 ways to fill the cells: the rules must accept the reachable ones
    # and reject all the others.
    accepted = set()
    for cells in itertools.product("XO.", repeat=9):
        with contextlib.suppress(InvalidBoardError):
            accepted.add(Board.from_string("".join(cells)))
    assert accepted == set(reachable_positions())


# --- symmetry -------------------------------------------------------------------------------

def test_symmetries_of_a_corner_are_the_four_corners():
    # X . .
    # . . .
    # . . .
    images = {str(b) for b in Board.from_string("X..|...|...").symmetries()}
    assert images == {"X..|...|...", "..X|...|...", "...|...|X..", "...|...|..X"}


#: Where each symmetry takes the cell in row r, column c (rows from the top, columns from the
#: left) of a square whose last row and column are number n (2 on tic-tac-toe's board).
GEOMETRY = {
    "as it is": lambda r, c, n: (r, c),
    "turned 90° right": lambda r, c, n: (c, n - r),
    "turned 180°": lambda r, c, n: (n - r, n - c),
    "turned 90° left": lambda r, c, n: (n - c, r),
    "mirrored left–right": lambda r, c, n: (r, n - c),
    "mirrored in 0–4–8": lambda r, c, n: (c, r),
    "mirrored top–bottom": lambda r, c, n: (n - r, c),
    "mirrored in 2–4–6": lambda r, c, n: (n - c, n - r),
}


@pytest.mark.parametrize("empty", [Board(), mnk(3, 3, 3), mnk(4, 4, 3), mnk(5, 5, 4)],
                         ids=["Board", "3x3", "4x4", "5x5"])
def test_each_symmetry_name_says_where_the_image_puts_each_cell(empty):
    # Every square board shares the order of the names: Board's come from the same Grid.
    assert len(SYMMETRY_NAMES) == 8 and set(SYMMETRY_NAMES) == set(GEOMETRY)
    side = empty.columns
    for cell in range(side * side):
        alone = empty.play(cell)
        for name, image in zip(SYMMETRY_NAMES, alone.symmetries(), strict=True):
            row, column = GEOMETRY[name](*divmod(cell, side), side - 1)
            assert image[side * row + column] == "X", (name, cell)


def test_each_symmetry_permutes_the_cells_as_its_image_shows():
    # SYMMETRIES[k] says which old cell each new cell of image k takes (MENACE turns moves
    # with it), in the order of Board.symmetries().
    for board in reachable_positions()[::50]:
        for perm, image in zip(SYMMETRIES, board.symmetries(), strict=True):
            assert image.cells == tuple(board[perm[cell]] for cell in range(9))


def test_the_eight_images_share_one_canonical_board():
    # X O .
    # . . .     no symmetry of its own: 8 different images
    # . . .
    board = Board.from_string("XO.|...|...")
    images = list(board.symmetries())
    assert len(set(images)) == 8
    assert {image.canonical() for image in images} == {board.canonical()}
    assert board.canonical() in images
    # the edge-and-corner pairs next to each other: 0-1, 1-2, 2-5, ...
    assert {str(b) for b in images} == {
        "XO.|...|...", ".OX|...|...", "..X|..O|...", "...|..O|..X",
        "...|...|.OX", "...|...|XO.", "...|O..|X..", "X..|O..|...",
    }


def test_765_canonical_positions_among_5478_reachable_ones():
    reachable = reachable_positions()
    assert len(reachable) == len(set(reachable)) == 5478
    assert len({board.canonical() for board in reachable}) == 765


def test_the_quick_members_agree_with_the_grids_own_on_every_reachable_position():
    # Board keeps its own play, legal_moves, canonical and symmetries, from its tables, for speed.
    for board in reachable_positions():
        assert board.legal_moves == Grid.legal_moves.fget(board)
        assert board.canonical() == Grid.canonical(board)
        assert list(board.symmetries()) == list(Grid.symmetries(board))
        for cell in board.legal_moves:
            assert board.play(cell) is Grid.play(board, cell)  # the one shared board


# --- pictures and grids -------------------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def cell_at(x: float, y: float) -> int:
    """The cell under the point (x, y) of the 96-pixel picture."""
    return int(y // 32) * 3 + int(x // 32)


def check_svg(board: Board) -> None:
    root = ET.fromstring(board._repr_svg_())
    assert root.tag == f"{SVG}svg"
    lines = root.findall(f"{SVG}line")
    grid = [line for line in lines if line.get("stroke") != LINE_COLOUR]
    winning = [line for line in lines if line.get("stroke") == LINE_COLOUR]
    assert sum(line.get("x1") == line.get("x2") for line in grid) == 2
    assert sum(line.get("y1") == line.get("y2") for line in grid) == 2
    assert len(grid) == 4

    x_cells = sorted(cell_at(*map(float, path.get("d")[1:].split()[0].split(",")))
                     for path in root.findall(f"{SVG}path"))
    o_cells = sorted(cell_at(float(circle.get("cx")), float(circle.get("cy")))
                     for circle in root.findall(f"{SVG}circle"))
    assert x_cells == [c for c in range(9) if board[c] == "X"]
    assert o_cells == [c for c in range(9) if board[c] == "O"]

    if board.winner is None:
        assert winning == []
    else:
        (line,) = winning
        ends = {cell_at(float(line.get("x1")), float(line.get("y1"))),
                cell_at(float(line.get("x2")), float(line.get("y2")))}
        assert ends == {board.winning_line[0], board.winning_line[-1]}


@pytest.mark.parametrize("text", [
    "...|...|...",
    "XO.|.X.|..O",
    "XOX|XXO|OXO",
    *(text for text, _ in X_WINS),
    *(text for text, _ in O_WINS),
])
def test_svg_is_well_formed_with_grid_marks_and_winning_line(text):
    check_svg(Board.from_string(text))


def test_grid_text():
    board = Board.from_string("XO.|.X.|..O")
    # X O .
    # . X .
    # . . O
    assert board.grid() == (
        " X | O |  \n"
        "---+---+---\n"
        "   | X |  \n"
        "---+---+---\n"
        "   |   | O"
    )
    assert board.grid(numbered=True) == (
        " X | O | 2\n"
        "---+---+---\n"
        " 3 | X | 5\n"
        "---+---+---\n"
        " 6 | 7 | O"
    )


# --- properties of every reachable position ---------------------------------------------------

@given(positions())
def test_str_round_trips_through_from_string(board):
    assert Board.from_string(str(board)) == board


@given(positions())
def test_every_reachable_position_passes_from_string_in_any_layout(board):
    text = str(board)
    assert Board.from_string(text.lower().replace("|", "\n")) == board
    assert Board.from_string(" ".join(text.replace("|", ""))) == board


@given(positions())
def test_canonical_is_idempotent_and_shared_by_all_symmetries(board):
    canonical = board.canonical()
    assert canonical.canonical() == canonical
    assert canonical in set(board.symmetries())
    assert all(image.canonical() == canonical for image in board.symmetries())
    assert (canonical.winner, canonical.to_move, canonical.moves_made) == (
        board.winner, board.to_move, board.moves_made)


@given(playable_positions(), st.data())
def test_to_move_alternates_with_play(board, data):
    cell = data.draw(st.sampled_from(board.legal_moves))
    child = board.play(cell)
    assert child[cell] == board.to_move
    assert child.to_move != board.to_move
    assert child.moves_made == board.moves_made + 1
    assert [c for c in range(9) if child[c] != board[c]] == [cell]


@given(positions())
def test_svg_of_any_reachable_position(board):
    check_svg(board)
