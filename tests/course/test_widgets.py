"""The playable board of ttt.course.widgets, driven from Python as a student's clicks would drive
it.

A click is ``board.buttons[cell].click()``: it runs the same handler as a click in the browser
(tests/browser clicks the real thing). Positions are drawn in the comments, cells numbered 0-8 in
reading order.
"""

import random
import re
import warnings
from collections.abc import Callable

import pytest

from ttt.core.protocol import signed
from ttt.course.widgets import (
    HINT_COLOURS,
    LEVELS,
    WIN_COLOUR,
    PlayBoard,
    hint,
    lookahead_explanation,
    play_board,
    sampling_explanation,
)
from ttt.course.widgets import _guided_explanation as _guided_explanation
from ttt.games.board import Board, IllegalMoveError
from ttt.games.svg import cell_in_words
from ttt.learning.tabular import BOARD_GAMES, board_table
from ttt.learning.zero import zero_choice
from ttt.play.matches import play_game
from ttt.play.players import depth_limited_player, hopeful_value, lookahead_score, perfect_player
from ttt.search.fast import Solver
from ttt.search.mcts import PUCT_EXPLORATION, MCTSResult, Tally
from ttt.search.minimax import minimax

HUMANS = ("X", "O")
Chooser = Callable[[Board], int]

#   . . O
#   . O .
#   X X .      X to move (you): 8 wins at once, 0 and 3 win in 3 moves, 5 draws, 1 loses in 4
EVERY_HINT = Board.from_string("..O|.O.|XX.")
EVERY_HINT_TEXTS = {8: "win in 1", 0: "win in 3", 3: "win in 3", 5: "draw", 1: "loss in 4"}
# Against the random computer seeded 1, your clicks 6 and 7 get the replies 4 and 2.
EVERY_HINT_SEED, EVERY_HINT_CLICKS = 1, (6, 7)


def shown(board: PlayBoard) -> str:
    """The marks on the nine buttons, '.' for a blank one (hints off), e.g. 'XO.|...|..X'."""
    cells = "".join(text(button) or "." for button in board.buttons)
    return f"{cells[0:3]}|{cells[3:6]}|{cells[6:9]}"


def text(button) -> str:
    """A button's text as a student reads it (a blank cell may hold a no-break space)."""
    return button.description.strip()


def lowest_free(position: Board) -> int:
    return position.legal_moves[0]


def random_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda position: rng.choice(position.legal_moves)


def play_out(board: PlayBoard, choose: Chooser) -> Board:
    """Click the cells ``choose`` picks until the game ends, checking the buttons at each step."""
    while not board.board.is_over:
        board.buttons[choose(board.board)].click()
        assert shown(board) == str(board.board)
    return board.board


def computer_reply(before: Board, after: Board) -> int:
    """The cell that was played between two positions one move apart."""
    (cell,) = [c for c in range(9) if before[c] != after[c]]
    return cell


def best_moves(position: Board) -> set[int]:
    """The moves with the best score for the player to move (same value, just as fast)."""
    scores = Solver().move_scores(position)
    best = (max if position.to_move == "X" else min)(scores.values())
    return {cell for cell, score in scores.items() if score == best}


def result_words(board: PlayBoard) -> str:
    winner = board.board.winner
    if winner is None:
        return "Draw"
    return "you win" if winner == board.human else "the computer wins"


# --- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize("human", HUMANS)
@pytest.mark.parametrize("level", LEVELS)
def test_a_whole_game_at_every_level_ends_and_the_status_names_the_result(level, human):
    board = play_board(human=human, level=level, seed=3)
    assert board.level.value == LEVELS[level]
    assert shown(board) == str(board.board)
    final = play_out(board, random_chooser(3))
    history = board.history
    assert history[0] == Board()
    assert [position.moves_made for position in history] == list(range(len(history)))
    assert final.is_over and final == history[-1]
    status = board.status.value
    assert result_words(board) in status
    if final.winner:
        assert status.startswith(f"{final.winner} wins")


@pytest.mark.parametrize("human", HUMANS)
def test_you_move_and_the_computer_replies_at_once(human):
    board = play_board(human=human, seed=1)
    before = board.board
    assert before.to_move == human
    board.buttons[before.legal_moves[0]].click()
    assert board.board.moves_made == before.moves_made + 2
    assert board.board.to_move == human
    assert board.status.value == f"Your move: you are {human}."


@pytest.mark.parametrize("human", HUMANS)
def test_a_random_player_never_beats_the_perfect_computer(human):
    results = set()
    for seed in range(50):
        board = play_board(human=human, seed=seed)
        final = play_out(board, random_chooser(seed))
        assert final.winner != human, f"seed {seed}: you won {final}"
        results.add(final.winner or "draw")
    assert ("O" if human == "X" else "X") in results  # and it punishes random moves


@pytest.mark.parametrize("human", HUMANS)
def test_perfect_play_against_the_perfect_computer_is_a_draw(human):
    finals = set()
    for seed in range(10):
        board = play_board(human=human, seed=seed)
        final = play_out(board, perfect_player)
        assert final.winner is None and final.is_full
        assert board.status.value == "Draw: nobody wins."
        finals.add(final)
    assert len(finals) > 1  # the perfect computer varies its moves


def test_you_can_beat_the_three_weakest_levels():
    for level in ("random", "wins when it can", "also blocks"):
        wins = 0
        for seed in range(10):
            board = play_board(level=level, seed=seed)
            if play_out(board, perfect_player).winner == "X":
                wins += 1
                assert board.status.value == "X wins: you win."
        assert wins >= 5, (level, wins)


def corner_trap(position: Board) -> int:
    """X's plan against 'looks 2 moves ahead': win at once if you can, else take corners 0 and 8;
    the computer answers 8 with a corner, and the last corner makes two threats at once."""
    wins = [cell for cell in position.legal_moves if position.play(cell).winner]
    return (wins or [cell for cell in (0, 8, 2, 6) if position[cell] == "."])[0]


def test_looks_2_moves_ahead_falls_into_a_fork_every_time():
    # The lesson's challenge. After X 0, O 4, X 8 it plays a corner, say 2:
    #   X . O
    #   . O .
    #   X . X      X took 6: two threats (3 and 7), one block
    for seed in range(10):
        board = play_board(level="looks 2 moves ahead", seed=seed)
        assert play_out(board, corner_trap).winner == "X"


@pytest.mark.parametrize("level", ["imperfect", "perfect"])
def test_the_trap_does_not_catch_the_two_strongest_levels(level):
    for seed in range(10):
        board = play_board(level=level, seed=seed)
        assert play_out(board, corner_trap).winner != "X"


# --- undo ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("human", HUMANS)
def test_undo_takes_back_your_move_and_the_reply(human):
    board = play_board(human=human, seed=5)
    start = board.board
    board.buttons[lowest_free(board.board)].click()
    after_one = board.board
    board.buttons[lowest_free(board.board)].click()
    assert board.board.moves_made == after_one.moves_made + 2
    board.undo_button.click()
    assert board.board == after_one and shown(board) == str(after_one)
    assert board.status.value == f"Your move: you are {human}."
    board.undo_button.click()
    assert board.board == start and shown(board) == str(start)


@pytest.mark.parametrize("human", HUMANS)
def test_undo_at_the_start_says_there_is_nothing_to_undo_and_changes_nothing(human):
    board = play_board(human=human, seed=2)
    start, history = board.board, list(board.history)
    assert start.moves_made == (0 if human == "X" else 1)  # as O, the computer has opened
    board.undo()
    assert board.status.value == "Nothing to undo yet."
    assert board.board == start and board.history == history and shown(board) == str(start)


@pytest.mark.parametrize("human", HUMANS)
def test_the_undo_button_is_disabled_while_there_is_nothing_to_undo(human):
    board = play_board(human=human, seed=2)
    assert board.undo_button.disabled
    board.buttons[lowest_free(board.board)].click()
    assert not board.undo_button.disabled
    board.undo()
    assert board.undo_button.disabled


def test_undo_after_losing_takes_back_the_losing_move_and_the_win():
    board = play_board(seed=1)
    final = play_out(board, lowest_free)
    assert final.winner == "O"
    before_last = board.history[-3]
    board.undo()
    assert board.board == before_last and not board.board.is_over
    assert board.status.value == "Your move: you are X."


def test_undo_after_winning_takes_back_only_your_winning_move():
    board = play_board(level="random", seed=0)
    final = play_out(board, perfect_player)
    assert final.winner == "X"  # the random computer lost
    board.undo()
    assert board.board == board.history[-1] and board.board.moves_made == final.moves_made - 1
    assert board.board.to_move == "X"


# --- hints --------------------------------------------------------------------------------------


def every_hint_board() -> PlayBoard:
    board = play_board(level="random", seed=EVERY_HINT_SEED)
    for cell in EVERY_HINT_CLICKS:
        board.buttons[cell].click()
    assert board.board == EVERY_HINT
    return board


def test_hints_show_win_draw_and_loss_with_the_number_of_moves():
    board = every_hint_board()
    board.hints.value = True
    texts = {cell: text(board.buttons[cell]) for cell in EVERY_HINT.legal_moves}
    assert texts == EVERY_HINT_TEXTS
    for cell, words in texts.items():
        kind = 0 if words == "draw" else 1 if words.startswith("win") else -1
        assert board.buttons[cell].style.button_color == HINT_COLOURS[kind]
    for cell in (2, 4, 6, 7):  # the taken cells keep their marks
        assert text(board.buttons[cell]) == EVERY_HINT[cell]


def test_hints_agree_with_the_solver_and_with_perfect_play():
    board = every_hint_board()
    board.hints.value = True
    outcomes = Solver().move_outcomes(EVERY_HINT)
    for cell in EVERY_HINT.legal_moves:
        shown_hint = text(board.buttons[cell])
        assert shown_hint == hint(outcomes[cell], "X")[1]
        # The same, found another way: play the game out perfectly from this move.
        game = play_game(perfect_player, perfect_player, EVERY_HINT.play(cell))
        if game.winner is None:
            assert shown_hint == "draw"
        else:
            moves = len(game.moves) + 1
            assert shown_hint == f"{'win' if game.winner == 'X' else 'loss'} in {moves}"


@pytest.mark.parametrize("human", HUMANS)
def test_hints_follow_the_game_and_go_away_when_turned_off(human):
    board = play_board(human=human, seed=4)
    board.hints.value = True
    while not board.board.is_over:
        position = board.board
        outcomes = Solver().move_outcomes(position)
        for cell, button in enumerate(board.buttons):
            expected = hint(outcomes[cell], human)[1] if cell in outcomes else position[cell]
            assert text(button) == expected
        board.buttons[lowest_free(position)].click()
    assert shown(board) == str(board.board)  # no hints once the game is over
    board.undo()
    board.hints.value = False
    assert shown(board) == str(board.board)


def test_a_blank_cell_never_has_an_empty_text():
    # In the browser, ipywidgets draws a Button again only when its description or icon is
    # non-empty: a description set back to "" leaves the old text on screen. So after Undo, New
    # game or switching Hints off, an X, an O or "draw" would stay on a cell that is free.
    board = play_board(seed=1)
    board.buttons[0].click()
    board.hints.value = True
    board.hints.value = False
    board.undo()
    assert all(button.description for button in board.buttons)
    assert shown(board) == "...|...|..."


# --- refused clicks, the winning line, the mark -------------------------------------------------


def test_a_click_on_a_taken_cell_changes_nothing_and_says_why():
    board = play_board(seed=1)
    board.buttons[4].click()
    history = list(board.history)
    for cell in range(9):
        if board.board[cell] != ".":
            board.buttons[cell].click()
            assert board.history == history and shown(board) == str(board.board)
            assert board.status.value == (f"Cell {cell} is taken by {board.board[cell]}: "
                                          "pick a free cell.")
    board.buttons[lowest_free(board.board)].click()
    assert len(board.history) == len(history) + 2  # a free cell is still accepted


def test_no_click_is_accepted_after_the_game_is_over():
    board = play_board(seed=1)
    final = play_out(board, lowest_free)
    history = list(board.history)
    for cell in range(9):
        board.buttons[cell].click()
        assert board.history == history and shown(board) == str(final)
        assert board.status.value == ("The game is over (the computer wins). "
                                      "Press New game to play again.")


@pytest.mark.parametrize(("level", "chooser"), [("perfect", lowest_free),
                                                 ("random", perfect_player)])
def test_the_winning_line_is_highlighted(level, chooser):
    board = play_board(level=level, seed=1)
    final = play_out(board, chooser)
    line = final.winning_line
    assert line is not None
    others = set()
    for cell, button in enumerate(board.buttons):
        if cell in line:
            assert button.style.button_color == WIN_COLOUR
        else:
            others.add(button.style.button_color)
    assert len(others) == 1 and WIN_COLOUR not in others


def test_playing_o_makes_the_computer_open_and_new_game_starts_again():
    board = play_board(seed=6)
    board.buttons[0].click()
    board.mark.value = "O"
    assert board.human == "O"
    assert board.board.moves_made == 1 and board.board.to_move == "O"
    assert shown(board) == str(board.board)
    assert board.status.value == "Your move: you are O."
    board.new_button.click()
    assert board.board.moves_made == 1 and len(board.history) == 2
    board.mark.value = "X"
    assert board.board == Board() and board.history == [Board()]


def test_the_level_can_change_during_a_game():
    board = play_board(level="random", seed=8)
    board.buttons[0].click()
    board.level.value = LEVELS["perfect"]
    assert board.board.moves_made == 2  # changing the level does not restart the game
    final = play_out(board, lowest_free)
    assert final.is_over


# --- explain ------------------------------------------------------------------------------------

ROW = re.compile(r"<tr style='font-weight:(\w+)'><td[^>]*>(\d)</td><td[^>]*>([^<]*)</td>"
                 r"<td[^>]*>([^<]*)</td><td[^>]*>([\d,]+)</td></tr>")


def explained_rows(board: PlayBoard) -> list[tuple[bool, int, str, str, int]]:
    """(chosen?, cell, outcome text, value, nodes below) for each row of the explanation."""
    return [(weight == "bold", int(cell), text, value, int(nodes.replace(",", "")))
            for weight, cell, text, value, nodes in ROW.findall(board.explanation.value)]


def test_explain_before_the_computer_moves():
    board = play_board(seed=1)
    board.explain.value = True
    assert "has not moved yet" in board.explanation.value
    board.click(4)
    assert board.explanation_tree.value
    board.explain.value = False
    assert board.explanation.value == "" == board.explanation_tree.value


def test_explain_at_perfect_ranks_its_moves_by_perfect_play():
    board = play_board(level="perfect", seed=2)
    board.explain.value = True
    board.buttons[4].click()
    before, after = board.history[-2], board.board
    chosen = computer_reply(before, after)
    text = board.explanation.value
    assert f"The computer (O) played cell <b>{chosen}</b> at “perfect”" in text
    rows = explained_rows(board)
    assert sorted(cell for _, cell, *_ in rows) == list(before.legal_moves)
    assert rows[0][1] in best_moves(before)  # the first row is a best move
    assert [cell for bold, cell, *_ in rows if bold] == [chosen]
    outcomes = Solver().move_outcomes(before)
    scores = Solver().move_scores(before)
    ranked = [-scores[cell] for _, cell, *_ in rows]  # O's point of view: lower is better for O
    assert ranked == sorted(ranked, reverse=True)
    for _, cell, outcome, value, nodes in rows:
        assert outcome == hint(outcomes[cell], "O")[1]
        # the value is X's, as in the tree beside it: a win for O, the computer, is -1
        assert value == {"win": "\u22121", "draw": "0", "loss": "+1"}[outcome.split()[0]]
        assert nodes == minimax(before.play(cell)).nodes - 1  # the nodes below the move's own
    tree = explained_tree(board)
    # the tree behind the choice: the position and each of its moves, the one played drawn thick
    assert set(tree) == {(cell,) for cell in before.legal_moves}
    assert [path for path, thick in tree.items() if thick] == [(chosen,)]
    # the tree's "N more nodes" under each move are the table's "nodes below" it
    svg = board.explanation_tree.value
    assert svg.startswith("<?xml") or svg.startswith("<svg")
    stubs = re.findall(r">([\d,]+)</text>\s*<text[^>]*>more nodes<", svg)
    assert sorted(int(n.replace(",", "")) for n in stubs) == sorted(
        nodes for *_, nodes in rows if nodes)



def board_at(level: str, position: str, click: int) -> PlayBoard:
    """A board at ``level`` (seeded), set to ``position`` (X to move: you), after your ``click``,
    with Explain on."""
    board = play_board(level=level, seed=3)
    board.history = [Board.from_string(position)]
    board.explain.value = True
    board.click(click)
    return board


def reply(board: PlayBoard) -> int:
    return computer_reply(board.history[-2], board.board)


@pytest.mark.parametrize("level", [label for label in LEVELS if label != "perfect"])
def test_explain_at_other_levels_does_not_show_the_solvers_ranking(level):
    board = play_board(level=level, seed=2)
    board.explain.value = True
    board.buttons[4].click()
    text = board.explanation.value
    assert f"The computer (O) played cell <b>{reply(board)}</b> at “{level}”" in text
    assert "ranked by perfect play" not in text and "nodes below" not in text
    assert board.explanation_tree.value == ""  # no tree of perfect play either


def test_explain_at_random_says_every_free_cell_is_equally_likely():
    board = board_at("random", "X..|.O.|...", 1)
    assert "It picked at random among all 6 free cells, every free cell equally likely " \
           "(1 in 6)" in board.explanation.value


#   X O .
#   . O .
#   . . X      X to move (you) plays 3; then O wins at once with 7 (1, 4, 7)
O_CAN_WIN = "XO.|.O.|..X"


@pytest.mark.parametrize("level", ["wins when it can", "also blocks"])
def test_explain_says_the_computer_took_its_win(level):
    board = board_at(level, O_CAN_WIN, 3)
    assert reply(board) == 7
    assert ("It wins at once when it can, and here it can. Only cell 7 wins at once."
            in board.explanation.value)


def test_explain_says_the_computer_blocked():
    board = board_at("also blocks", "X..|.O.|...", 1)  # you threaten 2
    assert reply(board) == 2
    assert ("No cell wins at once; it blocks your win when it can, and here it can. Only cell 2 "
            "blocks your win." in board.explanation.value)


def test_explain_says_when_nothing_wins_or_blocks():
    board = board_at("also blocks", "X..|.O.|...", 8)
    text = board.explanation.value
    assert "No cell wins at once and none blocks a win of yours." in text
    assert "among all 6 free cells" in text
    board = board_at("wins when it can", "X..|.O.|...", 1)  # blocking is not its business
    assert "No cell wins at once. It picked at random among all 6 free cells" in \
        board.explanation.value


def test_explain_at_two_moves_ahead_shows_its_own_searchs_scores():
    board = board_at("looks 2 moves ahead", "X..|.O.|...", 8)
    before = board.history[-2]
    rows = dict(re.findall(r"<td[^>]*>(\d)</td><td[^>]*>(≈ [+-]\d\.\d\d|win in \d|loss in \d|"
                           r"draw)</td>", board.explanation.value))
    assert sorted(map(int, rows)) == list(before.legal_moves)
    scores = {cell: -lookahead_score(before.play(cell), 1) for cell in before.legal_moves}
    for cell, seen in rows.items():  # the score its own search gave each move, for O
        assert float(seen[2:]) == pytest.approx(scores[int(cell)], abs=0.005)
        assert seen != "≈ -0.00"  # a score that rounds to 0 reads +0.00
    best = [cell for cell in scores if scores[cell] == max(scores.values())]
    assert reply(board) in best
    assert "It searched 2 moves ahead" in board.explanation.value


def test_explain_at_two_moves_ahead_says_which_moves_tie_for_the_best_score():
    # . . O
    # X X O     O to move: X threatens 1 (the column) and 0 (the diagonal); O blocks one,
    # O X X     X wins at the other: both free cells score the same, a loss
    tied = Board.from_string("..O|XXO|OXX")
    found = depth_limited_player(2, seed=1).choose(tied)  # what the player itself saw
    both = lookahead_explanation(tied, found, "cell")
    assert ("Both free cells share the best score, so it picked one of them at random, each "
            "equally likely (1 in 2).") in both
    # . . .
    # O X O     X to move: 0 (the diagonal) and 1 (the column) win at once, 2 does not
    # O X X
    wins = Board.from_string("...|OXO|OXX")
    two = lookahead_explanation(wins, depth_limited_player(2, seed=1).choose(wins), "cell")
    assert "Cells 0 and 1 share the best score, so it picked one of them at random" in two


@pytest.mark.parametrize("human", ["X", "O"])
def test_explain_at_perfect_gives_the_values_for_x_as_the_tree_beside_it_does(human):
    board = play_board(human=human, level="perfect", seed=5)
    board.explain.value = True
    if human == "X":
        board.click(0)
    before = board.history[-2]
    outcomes = Solver().move_outcomes(before)
    assert "value for X" in board.explanation.value and "value for O" not in board.explanation.value
    for _, cell, outcome, value, _ in explained_rows(board):
        assert outcome == hint(outcomes[cell], before.to_move)[1]   # in words, for the mover
        assert value == signed(outcomes[cell].value)                # in numbers, for X


def test_explain_at_imperfect_shows_the_scores_it_ranks_by():
    board = board_at("imperfect", "X..|.O.|...", 8)
    before = board.history[-2]
    rows = re.findall(r"<tr style='font-weight:(\w+)'><td[^>]*>(\d)</td><td[^>]*>[^<]*</td>"
                      r"<td[^>]*>([+-]\d\.\d\d)</td></tr>", board.explanation.value)
    assert sorted(int(cell) for _, cell, _ in rows) == list(before.legal_moves)
    for _, cell, score in rows:
        assert float(score) == pytest.approx(hopeful_value(before, int(cell), 0.9), abs=0.005)
    assert [int(cell) for bold, cell, _ in rows if bold == "bold"] == [reply(board)]
    assert float(rows[0][2]) == max(float(score) for *_, score in rows)  # the best first


def test_the_learned_level_plays_and_explains_by_lesson_9s_values():
    from ttt.learning.tabular import BOARD_GAMES, board_table

    board = board_at("learned by self-play (TD)", "X..|.O.|...", 8)
    before = board.history[-2]
    values = board_table().move_values(before)  # from X's side; O is the computer here
    rows = re.findall(r"<tr style='font-weight:(\w+)'><td[^>]*>(\d)</td>"
                      r"<td[^>]*>([+-]\d\.\d\d)</td></tr>", board.explanation.value)
    assert sorted(int(cell) for _, cell, _ in rows) == list(before.legal_moves)
    for _, cell, value in rows:
        assert float(value) == pytest.approx(-values[int(cell)], abs=0.005)
    # it played a move it values most for O, and that move is the one shown bold
    assert -values[reply(board)] == max(-value for value in values.values())
    assert [int(cell) for bold, cell, _ in rows if bold == "bold"] == [reply(board)]
    assert f"playing itself {BOARD_GAMES:,} times" in board.explanation.value


def explained_tree(board: PlayBoard) -> dict[tuple[int, ...], bool]:
    """{path: drawn thick?} for the edges of the tree under the explanation, read from the SVG's
    edge titles ('n->n4') and stroke widths."""
    svg = board.explanation_tree.value
    edges = re.findall(r'<g id="edge\d+" class="edge">\s*<title>n&#45;&gt;n([\d_]+)</title>\s*'
                       r'(<path[^>]*>)', svg)
    return {tuple(map(int, name.split("_"))): "stroke-width" in path for name, path in edges}


SAMPLED = re.compile(r"<tr style='font-weight:(\w+)'><td[^>]*>(\d)</td><td[^>]*>([\d,]+)</td>"
                     r"<td[^>]*>([+-]\d\.\d\d)</td></tr>")


@pytest.mark.parametrize("level", [label for label, name in LEVELS.items() if "mcts" in name])
def test_explain_at_an_mcts_level_shows_the_visits_behind_its_move(level):
    board = play_board(level=level, seed=4)
    board.explain.value = True
    board.buttons[4].click()
    before = board.history[-2]
    chosen = computer_reply(before, board.board)
    playouts = int(LEVELS[level].split("-")[1])
    rows = [(weight == "bold", int(cell), int(visits.replace(",", "")), float(mean))
            for weight, cell, visits, mean in SAMPLED.findall(board.explanation.value)]
    # every move of the position, most visited first; the move played is the most visited, bold
    assert sorted(cell for _, cell, _, _ in rows) == list(before.legal_moves)
    assert [cell for bold, cell, _, _ in rows if bold] == [chosen] == [rows[0][1]]
    visits = [n for _, _, n, _ in rows]
    assert visits == sorted(visits, reverse=True)
    # each playout goes through exactly one of the root's moves
    assert sum(visits) == playouts
    assert f"It sampled {playouts:,} random games" in board.explanation.value
    assert all(-1 <= mean <= 1 for *_, mean in rows)
    assert f"The computer (O) played cell <b>{chosen}</b>" in board.explanation.value


def test_explain_after_undo_forgets_the_sampling_of_the_move_taken_back():
    board = play_board(level="samples 50 games (MCTS)", seed=4)
    board.explain.value = True
    board.buttons[4].click()
    board.undo()
    assert "has not moved yet" in board.explanation.value
    board.level.value = "varied-perfect"
    board.buttons[4].click()
    assert "random games" not in board.explanation.value
    assert "The computer (O) played" in board.explanation.value


def test_explain_names_the_level_that_played_after_the_level_changes():
    board = play_board(level="random", seed=4)
    board.explain.value = True
    board.buttons[4].click()
    board.level.value = "varied-perfect"  # the next move is perfect; this one was random
    assert "at “random”" in board.explanation.value
    assert "equally likely" in board.explanation.value


def test_explain_when_the_computer_opens():
    board = play_board(human="O", seed=3)
    board.explain.value = True
    opening = board.board
    chosen = computer_reply(Board(), opening)
    assert f"The computer (X) played cell <b>{chosen}</b>" in board.explanation.value
    rows = explained_rows(board)
    assert len(rows) == 9 and all(outcome == "draw" for _, _, outcome, _, _ in rows)
    # the nodes below the nine first moves, and the nine themselves, and the empty board
    assert sum(nodes for *_, nodes in rows) + 9 + 1 == minimax(Board()).nodes


def test_explain_after_undo_still_explains_the_move_on_the_board():
    board = play_board(seed=7)
    board.explain.value = True
    board.buttons[4].click()
    first_reply = computer_reply(board.history[-2], board.board)
    board.buttons[lowest_free(board.board)].click()
    board.undo()
    assert f"played cell <b>{first_reply}</b>" in board.explanation.value


@pytest.mark.parametrize("name", ["two-layer", "learned", "varied-perfect", "mcts-50"])
def test_a_level_is_chosen_by_its_label_or_by_its_players_name(name):
    label = next(label for label, player in LEVELS.items() if player == name)
    assert play_board(level=name).level.value == play_board(level=label).level.value == name


# --- construction and seeds ---------------------------------------------------------------------


def test_building_the_board_gives_no_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # e.g. a Layout option that ipywidgets does not know
        play_board()


@pytest.mark.parametrize(("human", "level"), [("x", "perfect"), ("", "perfect"), (None, "perfect"),
                                              ("X", "hard"), ("O", "depth-3"), ("X", "")])
def test_bad_arguments_raise_value_error(human, level):
    with pytest.raises(ValueError, match="human plays|unknown level"):
        play_board(human=human, level=level)


@pytest.mark.parametrize("human", HUMANS)
@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_board_replays_the_same_game(level, human):
    games = []
    for _ in range(2):
        board = play_board(human=human, level=level, seed=11)
        play_out(board, random_chooser(5))
        board.new_button.click()  # and the next game too
        play_out(board, random_chooser(6))
        games.append([str(position) for position in board.history])
    assert games[0] == games[1]


@pytest.mark.parametrize(("click", "says"), [
    (9, "cell 9 is off the board"), (-1, "cell -1 is off the board"),
    ("4", "a cell is a whole number from 0 to 8, got '4'"),
    (None, "a cell is a whole number from 0 to 8, got None"),
    (True, "a cell is a whole number from 0 to 8, got True"),
    (4.0, "a cell is a whole number from 0 to 8, got 4.0"),
])
def test_a_click_on_what_is_not_a_cell_is_refused_and_changes_nothing(click, says):
    board = play_board(seed=1)
    board.buttons[4].click()
    before, status = list(board.history), board.status.value
    with pytest.raises(IllegalMoveError, match=says):
        board.click(click)
    assert board.history == before and board.status.value == status


def test_each_cell_is_named_with_its_place_its_mark_and_its_hint():
    board = play_board(level="random", seed=EVERY_HINT_SEED)
    for cell in EVERY_HINT_CLICKS:
        board.click(cell)
    board.hints.value = True
    assert board.board == EVERY_HINT
    assert board.buttons[2].tooltip == "cell 2, row 0, column 2: O"
    assert board.buttons[8].tooltip == "cell 8, row 2, column 2: empty, hint: win in 1"
    assert board.buttons[5].tooltip == "cell 5, row 1, column 2: empty, hint: draw"


def test_while_the_computer_chooses_the_status_says_so_and_explain_waits():
    board = play_board(seed=2)
    board.explain.value = True
    seen = []
    board.status.observe(lambda change: seen.append(("status", change["new"])), names="value")
    board.explanation.observe(lambda change: seen.append(("explain", change["new"][:40])),
                              names="value")
    board.mark.value = "O"  # the computer opens
    assert seen[0] == ("status", "The computer (X) is thinking …")
    # the explanation says so too, then explains the opening: never "has not moved yet"
    assert [new for what, new in seen if what == "explain"] == [
        "<i>The computer (X) is thinking …</i>", board.explanation.value[:40]]
    assert "The computer (X) played cell <b>" in board.explanation.value


def heard(board) -> list[str]:
    """Everything the board's live region will say from now on (each ``say``, repeats too)."""
    said: list[str] = []
    board.live.observe(lambda _: said.append(board.live.text), names="said")
    return said


def test_the_live_region_says_each_move_the_reply_and_what_a_control_changed():
    board = play_board(level="random", seed=EVERY_HINT_SEED)
    assert board.live.text == "New game: you play X. Your move: you are X."
    said = heard(board)
    board.buttons[6].click()  # the random computer seeded 1 replies 4
    board.buttons[6].click()
    board.buttons[6].click()  # the same words again are said again
    board.hints.value = True
    board.explain.value = True
    board.hints.value = False
    board.level.value = LEVELS["perfect"]
    board.undo_button.click()
    board.undo_button.click()
    assert said == [
        "You played cell 6, row 2, column 0. The computer (O) played cell 4, row 1, column 1. "
        "Your move: you are X.",
        "Cell 6 is taken by X: pick a free cell.",
        "Cell 6 is taken by X: pick a free cell.",
        "Hints on.", "Explain its moves on.", "Hints off.", "Computer: perfect.",
        "Took back your last move and the computer's reply. Your move: you are X.",
        "Nothing to undo yet."]
    assert board.board == Board()


def test_the_live_region_says_the_new_game_and_the_computers_first_move():
    board = play_board(seed=2)
    said = heard(board)
    board.mark.value = "O"
    cell = next(cell for cell in range(9) if board.board[cell] == "X")
    assert said == [f"New game: you play O. The computer (X) played {cell_in_words(cell)}. "
                    f"Your move: you are O."]
    board.new_button.click()
    assert len(said) == 2 and said[1].startswith("New game: you play O. The computer (X)")


@pytest.mark.parametrize(("level", "chooser", "result"), [
    ("random", perfect_player, "X wins: you win."),  # your move ends the game: no reply
    ("perfect", lowest_free, "O wins: the computer wins.")])
def test_the_live_region_says_the_result_as_the_status_line_does(level, chooser, result):
    board = play_board(level=level, seed=4)
    said = heard(board)
    play_out(board, chooser)
    assert len(said) == (board.board.moves_made + 1) // 2  # once for each of your moves
    assert board.status.value == result
    assert said[-1].endswith(f". {result}")
    assert ("The computer (O) played" in said[-1]) == (result.startswith("O"))


def test_a_board_reads_its_buttons_as_three_rows_of_text():
    board = play_board(level="random", seed=1)
    board.click(4)
    rows = board.button_texts().splitlines()
    assert len(rows) == 3 and rows[1].split(" | ")[1].strip() == "X"
    board.hints.value = True
    assert "draw" in board.button_texts() or "win" in board.button_texts()


def test_the_learned_level_says_it_is_learning_before_its_first_move():
    board_table.cache_clear()  # as in a new session: the first move trains it
    board = play_board(level="learned by self-play (TD)", seed=1)
    seen = []
    board.status.observe(lambda change: seen.append(change["new"]), names="value")
    board.mark.value = "O"  # the computer opens
    assert seen[0] == (f"The computer (X) is learning first: it plays itself {BOARD_GAMES:,} "
                       f"games …")
    board.new_button.click()  # trained now: it only thinks
    assert "The computer (X) is thinking …" in seen[1:]
    assert not [status for status in seen[1:] if "learning" in status]


# --- what the explanations say, and when the board shows your move (issue 48) -------------------


def test_the_alphazero_explanation_sets_the_networks_guess_beside_the_value_with_perfect_play():
    #   X . .
    #   . O .
    #   . . X      O to move: a draw (only an edge holds it), which the network guesses well
    #              above 0 for O: the sentence must not leave "+0.58 for O" to read as a win
    corners = Board.from_string("X..|.O.|..X")
    choice = zero_choice(corners, 100)
    text = _guided_explanation(choice, "cell")
    assert (f"how this position ends for O, the computer: <b>{choice.value:+.2f}</b> on a scale "
            f"from −1 (O loses) through 0 (a draw) to +1 (O wins)") in text
    assert "With perfect play it is <b>a draw</b>" in text
    #   X X .
    #   O O .
    #   . . .      X to move wins at once
    won = _guided_explanation(zero_choice(Board.from_string("XX.|OO.|..."), 10), "cell")
    assert "With perfect play it is <b>a win in 1 for X</b>" in won


def test_the_alphazero_explanation_gives_lesson_10s_formula_with_the_searchs_constant():
    text = _guided_explanation(zero_choice(Board(), 10), "cell")
    assert ("mean result + c × prior × √(visits above) / (1 + its visits), "
            f"c = {PUCT_EXPLORATION:g}") in text


def test_a_mean_that_rounds_to_zero_reads_plus_zero_never_minus_zero():
    search = MCTSResult(move=0, moves={0: Tally(10, -0.001), 1: Tally(5, 0.004)}, playouts=15,
                        nodes=15, tree={})
    text = sampling_explanation(search)
    assert "-0.00" not in text and "−0.00" not in text
    assert text.count(">+0.00<") == 2


@pytest.mark.parametrize("game, level", [("tic-tac-toe", "perfect"),
                                         ("connect four", "looks 2 moves ahead")])
def test_your_move_is_on_the_board_before_the_computer_thinks(game, level):
    board = play_board(level=level, seed=1, game=game)
    board.hints.value = True  # the cell you play shows a hint until your mark replaces it
    move = board.board.legal_moves[len(board.board.legal_moves) // 2]
    after = board.board.play(move)
    cell = next(cell for cell in range(len(board.buttons)) if after[cell] == "X")
    shown = []  # how many positions the game had when the cell first showed your X
    board.buttons[cell].observe(lambda change: shown.append((change["new"], len(board.history))),
                                names="description")
    board.click(move)
    assert shown[0] == ("X", 2)  # the start and your move: the computer had not yet replied
    assert len(board.history) == 3
