"""The Connect Four board of ttt.course.widgets, driven from Python as clicks would drive it (a
click on ``board.drops[column]`` or on any cell of the column runs the browser's handler). Positions
are drawn in the comments, the top row first; columns are numbered 0-6 from the left."""

import re

import pytest

from ttt.course.widgets import (
    CONNECT_FOUR_LEVELS,
    ESTIMATE_COLOUR,
    HINT_COLOURS,
    ConnectFourBoard,
    lookahead_hint,
    play_board,
)
from ttt.games.board import IllegalMoveError
from ttt.games.mnk import ConnectFour, connect_four
from ttt.play.players import lookahead_score


def shown(board: ConnectFourBoard) -> str:
    """The marks on the cells, as ConnectFour's str ('.' for a blank cell)."""
    columns, _ = board.shape
    marks = "".join(button.description.strip() or "." for button in board.buttons)
    return "|".join(marks[start:start + columns] for start in range(0, len(marks), columns))


def leftmost_open(board: ConnectFourBoard) -> int:
    return board.board.legal_moves[0]


QUICK_LEVELS = [level for level, name in CONNECT_FOUR_LEVELS.items()
                if not name.startswith("id-")]  # a second a move: tested below on a short game


@pytest.mark.parametrize("human", ["X", "O"])
@pytest.mark.parametrize("level", QUICK_LEVELS)
def test_a_whole_game_ends_with_the_result_in_the_status(level, human):
    board = play_board(human=human, level=level, seed=2, game="connect four")
    assert board.level.value == CONNECT_FOUR_LEVELS[level]
    while not board.board.is_over:
        board.drops[leftmost_open(board)].click()
        assert shown(board) == str(board.board)
    history = board.history
    assert history[0] == connect_four()
    assert all(after in {before.play(m) for m in before.legal_moves}
               for before, after in zip(history, history[1:], strict=False))
    final = board.board
    status = board.status.value
    assert ("Draw" in status) if final.winner is None else status.startswith(f"{final.winner} wins")


@pytest.mark.slow
def test_the_iterative_deepening_level_replies_with_a_legal_move_and_blocks():
    board = play_board(level="thinks 1 second (iterative deepening)", seed=1, game="connect four")
    for _ in range(4):  # you drop every disc in column 0: the computer does not let you stack four
        board.drops[0].click()
    assert "O" in board.board.cells[0::7]
    assert board.board.winner != "X"


def test_a_click_on_any_cell_drops_in_its_column_and_the_computer_replies():
    board = play_board(level="random", seed=1, game="connect four")
    board.buttons[3].click()  # a cell in the top row of column 3: the disc falls to the bottom
    assert board.history[1] == connect_four().play(3)
    assert len(board.history) == 3 and board.board.to_move == "X"


def test_a_full_column_is_refused_and_nothing_changes():
    # you drop every disc in column 0; with seed 4 the computer blocks your three and has not won
    # when the column is full:  X . . . . . .
    #                           X . . . . . .
    #                           O . . . . . .
    #                           X . . . . . .
    #                           X . . O . . .
    #                           X O . O O . .
    board = play_board(level="samples 1,000 games (MCTS)", seed=4, game="connect four")
    while 0 in board.board.legal_moves:
        board.drops[0].click()
    assert not board.board.is_over and str(board.board).split("|")[0][0] != "."
    before = list(board.history)
    board.drops[0].click()
    board.buttons[7].click()  # a cell of column 0, lower down
    assert board.history == before
    assert board.status.value == "Column 0 is full: pick another column."


def test_no_click_is_accepted_after_the_game_is_over():
    board = play_board(level="random", seed=4, game="connect four")
    while not board.board.is_over:
        board.drops[leftmost_open(board)].click()
    before = list(board.history)
    board.drops[board.board.legal_moves[0] if board.board.legal_moves else 0].click()
    assert board.history == before
    assert board.status.value.startswith("The game is over")


#   . . . . . . .
#   . . . . . . .
#   . . . . . . .
#   . . . . . . .
#   . . . O O . .
#   . X X X O . .      X to move: column 0 wins at once (four across the bottom)
THREAT = ConnectFour.from_string(".......|.......|.......|.......|...OO..|.XXXO..")


def test_a_hint_proves_an_immediate_win_and_the_loss_of_ignoring_it():
    # X to move: column 0 completes four across the bottom
    assert lookahead_hint(THREAT, 0) == (1, "win in 1")
    # after X plays 6 instead, O is not yet winning: nothing proved at this depth, an estimate
    value, text = lookahead_hint(THREAT, 6)
    assert value is None and text.startswith("≈ ")


#   . . . . . . .
#   . . . . . . .
#   . . . . . . .
#   . . . . . . .
#   . . . . . . .
#   . O O O X X X      X to move: O threatens column 0; every other column loses in 2
BLOCK = ConnectFour.from_string(".......|.......|.......|.......|.......|.OOOXXX")


def test_hints_say_which_column_must_be_blocked():
    hints = {column: lookahead_hint(BLOCK, column) for column in BLOCK.legal_moves}
    assert all(hints[column] == (-1, "loss in 2") for column in BLOCK.legal_moves if column != 0)
    assert hints[0][0] != -1


def test_the_hints_appear_above_the_numbered_arrows_with_their_colours():
    board = play_board(level="random", seed=1, game="connect four")
    board.hints.value = True
    for column, (label, button) in enumerate(zip(board.hint_labels, board.drops, strict=True)):
        value, text = lookahead_hint(board.board, column)
        assert f">{text}</div>" in label.value and label.layout.display == ""
        assert HINT_COLOURS.get(value, ESTIMATE_COLOUR) in label.value
        # the arrow the instructions name stays, numbered as Explain numbers the columns
        assert button.description == f"↓ {column}"
        assert button.tooltip == f"drop a disc in column {column} (hint: {text})"
    board.hints.value = False
    assert all(label.value == "" and label.layout.display == "none"
               for label in board.hint_labels)
    assert [button.description for button in board.drops] == [f"↓ {c}" for c in range(7)]


def test_undo_takes_back_your_disc_and_the_reply():
    board = play_board(level="random", seed=1, game="connect four")
    board.drops[3].click()
    after_one = board.board
    board.drops[2].click()
    board.undo()
    assert board.board == after_one and shown(board) == str(after_one)


def explained_rows(board: ConnectFourBoard) -> dict[int, tuple[str, ...]]:
    """{column: the other cells of its row} in the explanation's table."""
    rows = re.findall(r"<tr style='font-weight:\w+'>(.*?)</tr>", board.explanation.value)
    cells = [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in rows]
    return {int(first): tuple(rest) for first, *rest in cells}


def test_explain_at_random_says_every_free_column_is_equally_likely():
    board = play_board(level="random", seed=1, game="connect four")
    board.explain.value = True
    board.drops[3].click()
    _, column = board.last_reply
    text = board.explanation.value
    assert f"The computer (O) played column <b>{column}</b> at “random”" in text
    assert "every free column equally likely (1 in 7)" in text and "<table" not in text


@pytest.mark.parametrize("depth", [2, 4])
def test_explain_at_a_lookahead_level_shows_its_own_searchs_scores(depth):
    board = play_board(level=f"looks {depth} moves ahead", seed=1, game="connect four")
    board.explain.value = True
    board.drops[3].click()
    before, column = board.last_reply
    rows = explained_rows(board)
    assert sorted(rows) == list(before.legal_moves)
    for move, (seen,) in rows.items():  # its own depth, not the hints' four moves after
        assert seen == lookahead_hint(before, move, depth - 1)[1]
    scores = {move: -lookahead_score(before.play(move), depth - 1) for move in rows}
    assert scores[column] == max(scores.values())
    assert f"It searched {depth} moves ahead" in board.explanation.value


def test_explain_at_the_mcts_level_shows_the_games_behind_the_reply_by_column():
    board = play_board(level="samples 1,000 games (MCTS)", seed=1, game="connect four")
    board.explain.value = True
    board.drops[3].click()
    before, column = board.last_reply
    text = board.explanation.value
    assert "It sampled 1,000 random games" in text
    assert re.search(r"<th[^>]*>column</th>", text) and ">cell<" not in text
    rows = explained_rows(board)
    assert sorted(rows) == list(before.legal_moves)
    assert sum(int(visits.replace(",", "")) for visits, _ in rows.values()) == 1000
    assert f"the column most of them went through, <b>{column}</b>" in text


def test_explain_at_iterative_deepening_says_how_deep_it_looked():
    board = play_board(level="thinks 1 second (iterative deepening)", seed=1,
                       game="connect four")
    board.explain.value = True
    board.drops[3].click()
    _, column = board.last_reply
    text = board.explanation.value
    depth = int(re.search(r"looked <b>(\d+)</b> moves ahead", text)[1])
    assert depth >= 2 and f"ranked column {column} first" in text


@pytest.mark.parametrize(("click", "says"), [
    (7, "column 7 is off the board: columns are numbered 0 to 6"),
    (-1, "column -1 is off the board: columns are numbered 0 to 6"),
    (3.5, "a column is a whole number from 0 to 6, got 3.5"),
    ("3", "a column is a whole number from 0 to 6, got '3'"),
    (None, "a column is a whole number from 0 to 6, got None"),
    ([1], r"a column is a whole number from 0 to 6, got \[1\]"),
    (True, "a column is a whole number from 0 to 6, got True"),
])
def test_a_click_on_what_is_not_a_column_is_refused_and_changes_nothing(click, says):
    board = play_board(level="random", seed=1, game="connect four")
    board.drops[3].click()
    before, status = list(board.history), board.status.value
    with pytest.raises(IllegalMoveError, match=says):
        board.click(click)
    assert board.history == before and board.status.value == status


@pytest.mark.parametrize(("game", "level"), [("chess", None), ("connect four", "perfect"),
                                             ("connect 4", None)])
def test_bad_arguments_raise_value_error(game, level):
    with pytest.raises(ValueError, match="unknown (game|level)"):
        play_board(level=level, game=game)


def test_a_seeded_board_replays_the_same_game():
    games = []
    for _ in range(2):
        board = play_board(level="samples 1,000 games (MCTS)", seed=5, game="connect four")
        for _ in range(4):
            board.drops[leftmost_open(board)].click()
        games.append(board.history)
    assert games[0] == games[1]



def test_the_live_region_names_your_column_and_the_computers():
    board = play_board(level="random", seed=1, game="connect four")
    said: list[str] = []
    board.live.observe(lambda _: said.append(board.live.text), names="said")
    board.drops[3].click()
    reply = next(column for row in shown(board).split("|")
                 for column, mark in enumerate(row) if mark == "O")
    assert said == [f"You played column 3. The computer (O) played column {reply}. "
                    f"Your move: you are X."]
