"""The exercise checks: model answers pass, stubs get "Not yet", and the classic mistakes found in
published tic-tac-toe code are caught with a nudge that names the mistake."""

import math

import pytest

from ttt import exercises, solutions
from ttt.board import LINES, Board
from ttt.exercises import EXERCISES


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_the_model_answer_passes(name):
    feedback = EXERCISES[name].check(getattr(solutions, name))
    assert feedback.passed, str(feedback)
    assert feedback.headline.startswith("✓")


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_an_unanswered_stub_gets_not_yet_without_raising(name):
    def stub(*args):
        ...

    feedback = EXERCISES[name].check(stub)
    assert not feedback.passed
    assert feedback.headline.startswith("Not yet")


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_hint_and_solution_are_there(name):
    exercise = EXERCISES[name]
    assert exercise.hint().headline.startswith(f"Hint for {name}")
    assert f"def {name}(" in exercise.solution().headline


def test_an_exception_in_the_students_code_is_shown_not_raised():
    def winner(board):
        return board.cells[9]

    feedback = exercises.winner.check(winner)
    assert not feedback.passed
    assert "IndexError" in feedback.headline
    assert "return board.cells[9]" in feedback.got


def test_strict_checks_raise_with_the_feedback():
    with pytest.raises(AssertionError, match="Not yet"):
        exercises.score.check(lambda board: None, strict=True)
    assert exercises.score.check(solutions.score, strict=True).passed


def test_a_failure_shows_the_position_as_a_picture_in_a_notebook():
    feedback = exercises.winner.check(lambda board: "X")
    page = feedback._repr_html_()
    assert "<svg" in page and "expected" in page and "got" in page


# --- the classic mistakes ------------------------------------------------------------------


def winner_with_lines(lines):
    def winner(board):
        cells = board.cells
        for a, b, c in lines:
            if cells[a] != "." and cells[a] == cells[b] == cells[c]:
                return cells[a]
        return None
    return winner


def test_a_win_check_that_misses_a_line_is_caught():
    feedback = exercises.winner.check(winner_with_lines(LINES[:-1]))  # no 2-4-6 diagonal
    assert not feedback.passed
    assert "2-4-6" in feedback.nudge


def test_a_win_check_with_a_wrong_line_is_caught():
    wrong = [line if line != (2, 5, 8) else (2, 5, 6) for line in LINES]
    feedback = exercises.winner.check(winner_with_lines(wrong))
    assert not feedback.passed
    assert feedback.board.winning_line == (2, 5, 8)
    assert "2-5-8" in feedback.nudge


def test_a_winner_function_that_returns_the_line_is_caught():
    def winner(board):
        for line in LINES:
            marks = {board.cells[c] for c in line}
            if len(marks) == 1 and "." not in marks:
                return line
        return None

    feedback = exercises.winner.check(winner)
    assert not feedback.passed
    assert "not the cells of the line" in feedback.nudge


def test_scores_from_the_wrong_point_of_view_are_caught():
    def score(board):
        if board.winner:
            return 1 if board.winner == board.to_move else -1  # the mover's point of view
        return 0 if board.is_over else None

    feedback = exercises.score.check(score)
    assert not feedback.passed
    assert "X's point of view" in feedback.nudge


def test_a_draw_not_scored_zero_is_caught():
    def score(board):
        return {"X": 1, "O": -1}.get(board.winner)

    feedback = exercises.score.check(score)
    assert not feedback.passed
    assert "scores 0" in feedback.nudge


def test_minimax_that_ignores_whose_turn_it_is_is_caught():
    def minimax_value(board):
        if board.is_over:
            return solutions.score(board)
        return max(minimax_value(board.play(cell)) for cell in board.legal_moves)

    feedback = exercises.minimax_value.check(minimax_value)
    assert not feedback.passed
    assert "O's turn" in feedback.nudge
    assert feedback.board.to_move == "O"


def test_a_move_that_wins_later_than_it_could_is_caught():
    def best_move(board):
        pick = max if board.to_move == "X" else min
        return pick(board.legal_moves,
                    key=lambda cell: solutions.minimax_value(board.play(cell)))

    feedback = exercises.best_move.check(best_move)
    assert not feedback.passed
    assert "later than it could" in feedback.nudge or "slowest loss" in feedback.nudge


def test_alphabeta_that_prunes_with_greater_than_is_caught():
    def alphabeta_value(board, alpha=-math.inf, beta=math.inf):
        if board.is_over:
            return solutions.score(board)
        maximising = board.to_move == "X"
        value = -math.inf if maximising else math.inf
        for cell in board.legal_moves:
            child = alphabeta_value(board.play(cell), alpha, beta)
            if maximising:
                value, alpha = max(value, child), max(alpha, value, child)
            else:
                value, beta = min(value, child), min(beta, value, child)
            if alpha > beta:
                break
        return value

    feedback = exercises.alphabeta_value.check(alphabeta_value)
    assert not feedback.passed
    assert "visits different positions" in feedback.headline
    assert ">=" in feedback.nudge


def test_alphabeta_without_pruning_is_caught_although_its_values_are_right():
    feedback = exercises.alphabeta_value.check(
        lambda board, alpha=-math.inf, beta=math.inf: solutions.minimax_value(board))
    assert not feedback.passed
    assert "visits different positions" in feedback.headline


def test_a_board_changed_in_place_and_not_restored_is_caught():
    def minimax_in_place(cells):
        board = Board.from_string("".join(cells))
        if board.is_over:
            return solutions.score(board)
        values = []
        for cell in board.legal_moves:
            cells[cell] = board.to_move
            values.append(minimax_in_place(cells))  # and never takes the move back
        return max(values) if board.to_move == "X" else min(values)

    feedback = exercises.minimax_in_place.check(minimax_in_place)
    assert not feedback.passed
    assert "changed the board it was given" in feedback.nudge


def test_counting_only_the_leaves_is_caught():
    def count_tree_nodes(node):
        if not node.children:
            return 1
        return sum(count_tree_nodes(child) for child in node.children.values())

    feedback = exercises.count_tree_nodes.check(count_tree_nodes)
    assert not feedback.passed
    assert "leaves" in feedback.nudge


def test_counting_only_expanded_positions_is_caught():
    def count_visits(board):
        if board.is_over:
            return 0
        return 1 + sum(count_visits(board.play(cell)) for cell in board.legal_moves)

    feedback = exercises.count_visits.check(count_visits)
    assert not feedback.passed
    assert "expands" in feedback.nudge


def test_legal_moves_after_a_win_are_caught():
    feedback = exercises.legal_moves.check(
        lambda board: [c for c in range(9) if board.cells[c] == "."])
    assert not feedback.passed
    assert "already won" in feedback.nudge


def test_an_evaluation_out_of_range_or_too_weak_is_caught():
    too_big = exercises.evaluate.check(lambda board: 3 * solutions.evaluate(board))
    assert not too_big.passed and "strictly between" in too_big.nudge
    constant = exercises.evaluate.check(lambda board: 0.0)
    assert not constant.passed and "against random" in constant.headline


def test_a_two_layer_player_that_forgets_to_block_is_caught():
    def two_layer_move(board):
        wins = [c for c in board.legal_moves if board.play(c).winner]
        return wins[0] if wins else board.legal_moves[0]

    feedback = exercises.two_layer_move.check(two_layer_move)
    assert not feedback.passed
    assert "block" in feedback.nudge
