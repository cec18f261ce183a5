"""The bigger boards of ttt.games.mnk: the m,n,k-games and Connect Four follow the game protocol,
mnk(3, 3, 3) is tic-tac-toe to the last number, Connect Four has gravity, and the rules agree with
an independent referee written here with lists and coordinates instead of bitmasks."""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from referee import referee_moves, referee_play, referee_value, referee_winner
from time_limits import SEARCH_TIME_LIMIT

from ttt.core.protocol import Position, positions_ahead
from ttt.course.stepper import step_through
from ttt.games.board import Board, IllegalMoveError, InvalidBoardError
from ttt.games.mnk import MNK, ConnectFour, connect_four, mnk
from ttt.pictures.display import draw_tree
from ttt.search import fast, minimax
from ttt.search.counting import distinct_positions, reachable_positions

pytestmark = SEARCH_TIME_LIMIT

# --- the protocol ------------------------------------------------------------------------------


def test_both_games_follow_the_protocol():
    for position in (mnk(4, 3, 3), connect_four()):
        assert isinstance(position, Position)
        assert position.to_move == "X" and not position.is_over and position.winner is None
        after = position.play(position.legal_moves[0])
        assert after.to_move == "O" and after != position
        assert hash(after) == hash(type(position).from_string(str(after), *(
            [position.k] if isinstance(position, MNK) else [])))


def test_the_empty_boards():
    board = mnk(4, 3, 3)
    assert (board.columns, board.rows, board.k) == (4, 3, 3)
    assert board.cells == (".",) * 12
    assert str(board) == "....|....|...."
    assert board.legal_moves == tuple(range(12)) and board.free_cells == 12
    game = connect_four()
    assert (game.columns, game.rows, game.k) == (7, 6, 4)
    assert game.legal_moves == tuple(range(7)) and game.free_cells == 42
    assert connect_four() == ConnectFour() and mnk(4, 4, 4) == MNK(4, 4, 4)
    assert mnk(4, 4, 4) != mnk(4, 4, 3)  # same cells, another game


def test_repr_evaluates_back_and_positions_pickle():
    for position in (MNK.from_string("X...|.O..|....", k=3),
                     ConnectFour.from_string(".......|" * 4 + "...O...|..XX..."),
                     connect_four(5, 4)):
        assert eval(repr(position)) == position
        assert pickle.loads(pickle.dumps(position)) == position


def test_board_strings_are_read_alike_in_every_game():
    # Rows apart by '|' or line breaks (Windows' too), spaces and case ignored.
    text = " x..\r\n.O. | ...\n"
    assert str(MNK.from_string(text, k=3)) == str(Board.from_string(text)) == "X..|.O.|..."
    assert str(ConnectFour.from_string("....\r\n..o.\r\n..X.")) == "....|..O.|..X."


def test_positions_never_change():
    board = mnk(3, 3, 3)
    with pytest.raises(AttributeError, match="never changes"):
        board._x = 1
    board.play(4)
    assert str(board) == "...|...|..."


# --- mnk(3, 3, 3) is tic-tac-toe ---------------------------------------------------------------


def test_mnk_3_3_3_agrees_with_board_on_every_reachable_position():
    for board in reachable_positions():
        same = MNK.from_string(str(board), k=3)
        assert str(same) == str(board)
        assert same.legal_moves == board.legal_moves
        assert same.ordered_moves == board.ordered_moves
        assert (same.to_move, same.winner, same.is_over) == (board.to_move, board.winner,
                                                               board.is_over)
        assert same.winning_line == board.winning_line
        assert same.free_cells == board.free_cells
        assert same.estimate() == board.estimate()
        assert str(same.canonical()) == str(board.canonical())
        assert same.grid(numbered=True) == board.grid(numbered=True)
        assert same.result_text() == board.result_text()
        assert same._repr_svg_() == board._repr_svg_()


@pytest.mark.slow
def test_mnk_3_3_3_gives_tic_tac_toes_search_numbers():
    board, same = Board(), mnk(3, 3, 3)
    plain = minimax.minimax(same)
    assert plain.nodes == fast.minimax(board).nodes == 549_946
    assert plain.value == 0 and plain.score == minimax.minimax(board).score
    for ordered in (True, False):
        expected = minimax.alphabeta(board, ordered=ordered)
        got = minimax.alphabeta(same, ordered=ordered)
        assert (got.nodes, got.score, got.move) == (expected.nodes, expected.score, expected.move)
    limited = minimax.alphabeta(same.play(0), depth=3)
    assert limited == minimax.alphabeta(board.play(0), depth=3)


# --- Connect Four's gravity --------------------------------------------------------------------


def test_a_disc_falls_to_the_lowest_free_cell():
    game = connect_four(4, 4).play(1).play(1).play(2)
    # . . . .
    # . . . .
    # . O . .
    # . X X .
    assert str(game) == "....|....|.O..|.XX."
    assert game[13] == "X" and game[9] == "O" and game[14] == "X"


def test_a_full_column_is_no_longer_a_move():
    game = connect_four(4, 4)
    for _ in range(4):
        game = game.play(0)
    assert game.legal_moves == (1, 2, 3)
    with pytest.raises(IllegalMoveError, match="column 0 is full"):
        game.play(0)


@pytest.mark.parametrize("text, winner, line", [
    # four across the bottom
    ("....|....|OOO.|XXXX", "X", (12, 13, 14, 15)),
    # four up a column
    ("....|X...|XO..|XO..", None, None),
    ("X...|XO..|XO..|XO..", "X", (0, 4, 8, 12)),
    # a diagonal, from the top right down to the bottom left
    ("...X|..XO|OXOX|XOXO", "X", (3, 6, 9, 12)),
])
def test_connect_four_finds_lines_across_up_and_diagonally(text, winner, line):
    game = ConnectFour.from_string(text)
    assert game.winner == winner and game.winning_line == line
    assert game.is_over == (winner is not None)


def test_connect_four_orders_columns_from_the_centre():
    assert connect_four().ordered_moves == (3, 2, 4, 1, 5, 0, 6)
    assert connect_four(6, 4).ordered_moves == (2, 3, 1, 4, 0, 5)


def test_symmetric_positions_share_their_canonical_image():
    game = ConnectFour.from_string("....|....|....|X..O")
    mirror = ConnectFour.from_string("....|....|....|O..X")
    assert game.canonical() == mirror.canonical()
    assert len(set(connect_four(5, 4).play(0).symmetries())) == 2
    corner = mnk(4, 4, 4).play(0)
    assert len({image.canonical() for image in corner.symmetries()}) == 1
    assert len(set(corner.symmetries())) == 4  # the four corners
    assert len(set(mnk(4, 3, 3).play(0).symmetries())) == 4  # a rectangle has 4 symmetries
    assert len(mnk(4, 3, 3).shape.symmetries) == 4 and len(mnk(4, 4, 3).shape.symmetries) == 8


# --- the heuristics ----------------------------------------------------------------------------


def test_connect_four_estimate_favours_threats_and_the_centre():
    centre, edge = connect_four().play(3), connect_four().play(0)
    assert 0 < edge.estimate() < centre.estimate() < 1
    # . . . . . . .  (2 more empty rows above)
    # . . . X . . .
    # . . . X . . .
    # O O . X . O .      X has three up the centre: a threat
    threat = ConnectFour.from_string(".......|" * 3 + "...X...|...X...|OO.X.O.")
    assert threat.estimate() > centre.estimate()
    assert connect_four().estimate() == 0


@given(st.lists(st.integers(0, 6), max_size=42))
@settings(max_examples=60, deadline=None)
def test_estimates_stay_strictly_between_minus_one_and_one(columns):
    game = connect_four()
    for column in columns:
        if game.is_over or column not in game.legal_moves:
            break
        game = game.play(column)
        assert -1 < game.estimate() < 1
        assert -1 < MNK.from_string(str(game), k=4).estimate() < 1


# --- the rules agree with the referee ------------------------------------------------------------


@given(st.sampled_from([(3, 3, 3, False), (4, 3, 3, False), (5, 5, 4, False), (7, 6, 4, True),
                        (5, 4, 4, True)]),
       st.lists(st.integers(0, 24), max_size=30))
@settings(max_examples=80, deadline=None)
def test_random_games_follow_the_referee(size, picks):
    columns, rows, k, gravity = size
    position = connect_four(columns, rows) if gravity else mnk(columns, rows, k)
    cells = "." * (columns * rows)
    for pick in picks:
        moves = referee_moves(cells, columns, gravity)
        assert list(position.legal_moves) == (moves if not referee_winner(cells, columns, k)
                                              else [])
        if position.is_over:
            break
        move = moves[pick % len(moves)]
        position, (cells, _) = position.play(move), referee_play(cells, columns, gravity, move)
        assert "".join(position.cells) == cells
        assert position.winner == referee_winner(cells, columns, k)


@pytest.mark.parametrize("position", [mnk(2, 2, 2), mnk(3, 2, 2), mnk(3, 2, 3), mnk(4, 2, 3),
                                      mnk(3, 3, 3), mnk(3, 3, 2), connect_four(4, 3)],
                         ids=repr)
def test_small_boards_have_the_referees_value(position):
    expected = referee_value("".join(position.cells), position.columns, position.k,
                             isinstance(position, ConnectFour))
    assert minimax.alphabeta(position).value == expected


# --- bad input -------------------------------------------------------------------------------

# . . . .
# . X . .
# . O . .
BOARD = MNK.from_string("....|.X..|.O..", k=3)
# . . . .
# . . . .
# . . O .
# X . X .
GAME = ConnectFour.from_string("....|....|..O.|X.X.")
# X X X X
# O O O .
# . . . .
# . . . .
OVER = ConnectFour.from_string("....|....|OOO.|XXXX")


@pytest.mark.parametrize("position, move, message", [
    (BOARD, 5, "cell 5 is already taken by X"),
    (BOARD, 12, "cell 12 is off the board: cells are numbered 0 to 11"),
    (BOARD, -1, "cell -1 is off the board"),
    (BOARD, "3", "a cell is a whole number from 0 to 11, got '3'"),
    (BOARD, 2.0, "a cell is a whole number"),
    (BOARD, True, "a cell is a whole number"),
    (GAME, 4, "column 4 is off the board: columns are numbered 0 to 3"),
    (GAME, None, "a column is a whole number from 0 to 3, got None"),
    (OVER, 3, r"the game is over \(X wins\): no more moves"),
    (MNK.from_string("XXX|OO.|...", k=3), 5, r"the game is over \(X wins\)"),
])
def test_illegal_moves_are_refused_and_change_nothing(position, move, message):
    before = str(position)
    with pytest.raises(IllegalMoveError, match=message):
        position.play(move)
    assert str(position) == before


@pytest.mark.parametrize("text, k, message", [
    ("...|..", 3, r"differ in length \(2, 3 cells\)"),
    ("..a|...|...", 3, "unexpected character 'a'"),
    ("", 3, "has no cells"),
    (17, 3, "a board string is needed, got int"),
    ("OO.|...|...", 3, r"X moves first.*found 0 X, 2 O"),
    ("XXX.|....|O...", 3, r"found 3 X, 1 O"),
    ("XXX|OOO|X..", 3, "both X and O have 3 in a row"),
    ("XXX|OO.|O..", 3, "X already had 3 in a row, yet O moved"),
    ("OOOX|XX..|X...", 3, "O already had 3 in a row, yet X moved"),
    ("XXX.|OO.O|XXX.|O..O", 3, "lines of 3 that no single move completes together"),
    ("...|...|...", 4, "k must be at most 3"),
    ("...|...|...", 0, "k must be at least 1"),
    ("...|...|...", 2.5, "k is how many in a row win"),
])
def test_impossible_mnk_boards_are_refused(text, k, message):
    with pytest.raises(InvalidBoardError, match=message):
        MNK.from_string(text, k=k)


@pytest.mark.parametrize("text, message", [
    ("....|..X.|....|....", "a disc floats in column 2"),
    ("....|O...|....|X.X.", "a disc floats in column 0"),
    ("...|...|X..", "Connect Four needs at least 4 columns or 4 rows"),
    ("....|....|....|XXXX", r"found 4 X, 0 O"),
    ("....|....|OOOO|XXXX", "both X and O have 4 in a row"),
    ("X...|X...|XOO.|XOO.", "X already had 4 in a row, yet O moved"),
    # X's row at the bottom is covered by discs played later: its last disc was not the last
    # move, so X played on after winning (and so for O below)
    (".......|.......|.......|.......|OOXO...|XXXXO..",
     "X has lines of 4 that no single move completes together: X played on after winning"),
    (".......|.......|.......|.......|XXOX...|OOOOXX.",
     "O has lines of 4 that no single move completes together: O played on after winning"),
])
def test_impossible_connect_four_boards_are_refused(text, message):
    with pytest.raises(InvalidBoardError, match=message):
        ConnectFour.from_string(text)


@pytest.mark.parametrize("make, arguments, error, message", [
    (mnk, (0, 3, 3), ValueError, "columns must be at least 1"),
    (mnk, (3, "3", 3), TypeError, "rows is the number of rows"),
    (mnk, (3, 3, 5), InvalidBoardError, "nobody can get 5 in a row on a board 3 wide"),
    (connect_four, (3, 3), InvalidBoardError, "Connect Four needs at least 4 columns"),
    (connect_four, (7.0, 6), TypeError, "columns is the number of columns"),
])
def test_impossible_sizes_are_refused(make, arguments, error, message):
    with pytest.raises(error, match=message):
        make(*arguments)


def test_positions_draw_themselves_at_any_size():
    for position in (mnk(3, 3, 3), mnk(7, 6, 4), connect_four(), connect_four(4, 4).play(0)):
        svg = position._repr_svg_()
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        assert svg.count("<circle") >= ((position.rows * position.columns)
                                        if isinstance(position, ConnectFour) else 0)
    win = ConnectFour.from_string("....|....|OOO.|XXXX")._repr_svg_()
    assert 'stroke="#009E73"' in win  # the winning line


def test_game_trees_of_small_positions_draw_and_big_ones_are_refused():
    # . X O .
    # O X X .
    # X O O .
    # X O X O      X to move: columns 0 and 3 are left
    game = ConnectFour.from_string(".XO.|OXX.|XOO.|XOXO")
    picture = draw_tree(game).source
    assert picture.count("game over") == 1 and picture.count('COLSPAN="4"') >= 12
    board = MNK.from_string("XO..|.OX.|X..O", k=3)
    assert "▼ MIN" in draw_tree(board, max_depth=2).source
    with pytest.raises(ValueError, match="too many positions to draw.*e.g. ConnectFour"):
        draw_tree(connect_four())


def test_small_positions_step_through_and_big_ones_suggest_a_later_one():
    # . X O .
    # O X X .
    # X O O .
    # X O X O      X to move: columns 0 and 3 are left
    game = ConnectFour.from_string(".XO.|OXX.|XOO.|XOXO")
    widget = step_through(game, pruning=True)
    assert f"{minimax.alphabeta(game).nodes:,} nodes visited" in widget.options.value
    with pytest.raises(ValueError, match="too big to follow by eye") as error:
        step_through(connect_four())
    later = eval(str(error.value).split("for example ")[1].split(", reached")[0])
    assert isinstance(later, ConnectFour) and later.free_cells <= 5 and not later.is_over
    assert step_through(later).steps


@pytest.mark.parametrize("position", [mnk(3, 3, 3), mnk(3, 3, 3).play(4), mnk(3, 2, 2),
                                      connect_four(4, 4).play(1).play(1),
                                      ConnectFour.from_string(".XO.|OXX.|XOO.|XOXO")], ids=repr)
def test_positions_ahead_is_at_least_the_positions_that_can_follow(position):
    assert distinct_positions(position) <= positions_ahead(position)


def test_positions_ahead_counts_what_each_game_can_still_fill():
    assert positions_ahead(connect_four(4, 4)) == (2 ** 5 - 1) ** 4  # 0-4 discs a column, X or O
    assert positions_ahead(mnk(3, 3, 3)) == 6_046 > 5_478  # the positions of tic-tac-toe
    assert positions_ahead(Board()) == positions_ahead(mnk(3, 3, 3))  # by its free cells
    assert positions_ahead(ConnectFour.from_string("....|....|OOO.|XXXX")) == 1  # game over


def test_a_positions_images_keep_its_winner():
    # X . .
    # O X .    X won on the diagonal: every rotation and mirror image, the canonical one too,
    # O . X    is won by X as well
    won = Board.from_string("X..|OX.|O.X")
    assert won.canonical().winner == "X"
    assert {image.winner for image in won.symmetries()} == {"X"}
    # . . . . . . .
    # . . . . O O O    X won at the bottom right; its canonical image is the mirror image, won at
    # . . . X X X X    the bottom left (two rows of the six shown)
    right = ConnectFour.from_string(".......|.......|.......|.......|....OOO|...XXXX")
    left = right.canonical()
    assert left == ConnectFour.from_string(".......|.......|.......|.......|OOO....|XXXX...")
    assert left.winner == "X" and {image.winner for image in right.symmetries()} == {"X"}


def test_two_games_on_the_same_cells_are_not_equal():
    # the empty 3 x 3 board of tic-tac-toe and of the 3,3,3-game share their shape, not a game
    assert Board() != mnk(3, 3, 3) and mnk(3, 3, 3) != Board()


def test_reading_a_cell_off_the_board_names_the_cell():
    with pytest.raises(IllegalMoveError, match="cell 9 is off the board: cells are numbered 0 "):
        Board()[9]
