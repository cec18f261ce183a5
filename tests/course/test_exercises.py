"""The exercise checks: model answers pass, stubs get "Not yet", a wrong answer never passes, and
each classic mistake (many of them found in published tic-tac-toe code) gets a nudge that names
that mistake. Whatever the student's function does, a check gives feedback and never raises."""

import math
import re
import sys
from fractions import Fraction

import numpy as np
import pytest

from ttt.course import exercises
from ttt.course.exercises import EXERCISES, LESSONS, lesson8, lesson9
from ttt.course.exercises.checking import AnyOf, Between
from ttt.course.exercises.lesson3 import (
    CORNER_EDGE,
    PREDICTION_NUDGES,
    SMALL_TREE,
    check_backed_up,
    check_prediction,
)
from ttt.course.exercises.lesson3 import minimax_value as model_minimax_value
from ttt.course.exercises.lesson3 import score as model_score
from ttt.course.exercises.lesson4 import OPENINGS, check_openings
from ttt.course.exercises.lesson5 import check_ordering, check_symmetry_sets, ordering_counts
from ttt.course.exercises.lesson6 import evaluate as model_evaluate
from ttt.course.exercises.lesson6 import two_layer_move as model_two_layer_move
from ttt.course.exercises.lesson7 import evaluate_four as model_evaluate_four
from ttt.course.exercises.lesson7 import landing_cell as model_landing_cell
from ttt.games.board import LINES, Board
from ttt.search.fast import Solver, alphabeta, minimax
from ttt.search.mcts import PUCT_EXPLORATION, TreeNode, puct, ucb1
from ttt.search.perfect import shared_solver


def rows(feedback):
    return dict(feedback.rows)


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_the_model_answer_passes(name):
    exercise = EXERCISES[name]
    feedback = exercise.check(exercise.answer)
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


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_every_expected_value_is_an_answer_of_the_kind_asked_for(name):
    exercise = EXERCISES[name]
    for case in exercise.cases():
        expected = case.expected
        if isinstance(expected, Between):
            assert exercise.returns.fits(expected.low) and expected.low < expected.high
        else:
            answers = expected if isinstance(expected, AnyOf) else [expected]
            assert answers and all(exercise.returns.fits(answer) for answer in answers), case


#: What code looks like in a sentence: a call, an assignment or comparison, arithmetic on names.
CODE = re.compile(r"\w\(|\s=\s|==|>=|<=|\bmath\.|\w\s*[*/%]\s*\w|\[\w+\]")


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_a_hint_is_a_nudge_toward_the_idea_not_code(name):
    exercise = EXERCISES[name]
    hint = exercise.hint_text
    assert not CODE.search(hint), f"{name}'s hint reads like code: {CODE.search(hint)[0]!r}"
    statements = [line.strip() for line in exercise.source().splitlines()[2:]]
    assert not [line for line in statements if len(line) > 8 and line in hint]


def test_each_lesson_module_holds_its_own_exercises():
    for lesson in LESSONS:
        number = int(lesson.__name__.removeprefix("ttt.course.exercises.lesson"))
        assert lesson.EXERCISES and all(e.lesson == number for e in lesson.EXERCISES)
        assert all(e.answer.__module__ == lesson.__name__ for e in lesson.EXERCISES)
    assert all(getattr(exercises, name) is exercise for name, exercise in EXERCISES.items())


def test_model_answers_are_written_as_a_student_would():
    for exercise in EXERCISES.values():
        assert "->" not in exercise.source() and ": Board" not in exercise.source()


def test_an_exception_in_the_students_code_is_shown_not_raised():
    def winner(board):
        return board.cells[9]

    feedback = exercises.winner.check(winner)
    assert not feedback.passed
    assert "IndexError" in feedback.headline
    assert "return board.cells[9]" in rows(feedback)["got"]


def test_strict_checks_raise_with_the_feedback():
    with pytest.raises(AssertionError, match="Not yet"):
        exercises.score.check(lambda board: None, strict=True)
    assert exercises.score.check(model_score, strict=True).passed


def test_a_failure_shows_the_position_as_a_picture_in_a_notebook():
    feedback = exercises.winner.check(lambda board: "X")
    page = feedback._repr_html_()
    assert "<svg" in page and "expected" in page and "got" in page


# --- checks never crash -------------------------------------------------------------------------


class Incomparable:
    """An answer whose == raises."""

    def __eq__(self, other):
        raise RuntimeError("cannot compare")

    __hash__ = None


@pytest.mark.parametrize("name", sorted(EXERCISES))
@pytest.mark.parametrize("answer", [np.array([1, 2]), np.array([1]), Incomparable()],
                         ids=["numpy-array", "one-element-array", "raising-eq"])
def test_an_answer_of_the_wrong_kind_gets_feedback_not_an_exception(name, answer):
    feedback = EXERCISES[name].check(lambda *args: answer)
    assert not feedback.passed
    assert type(answer).__name__ in feedback.headline
    assert type(answer).__name__ in feedback.nudge and EXERCISES[name].returns.text in \
        feedback.nudge


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_a_function_that_calls_sys_exit_gets_feedback(name):
    feedback = EXERCISES[name].check(lambda *args: sys.exit(3))
    assert not feedback.passed
    assert "sys.exit()" in feedback.headline and "return" in feedback.nudge


def test_true_is_not_the_score_one():
    feedback = exercises.score.check(lambda board: bool(board.winner == "X") or None)
    assert not feedback.passed and "bool" in feedback.headline


def test_a_function_that_returns_nothing_somewhere_is_told_so():
    def count_visits(board):
        if not board.is_over:
            return 1 + sum(count_visits(board.play(cell)) for cell in board.legal_moves)

    feedback = exercises.count_visits.check(count_visits)
    assert not feedback.passed
    assert "without a return statement returns None" in feedback.nudge


def test_an_evaluation_that_raises_during_the_games_gets_feedback():
    calls, cases = 0, len(list(exercises.evaluate.cases()))

    def evaluate(board):
        nonlocal calls
        calls += 1
        if calls > cases:  # every case passes; the tournament's first call raises
            raise ValueError("out of ideas")
        return model_evaluate(board)

    feedback = exercises.evaluate.check(evaluate)
    assert not feedback.passed
    assert "ValueError: out of ideas" in feedback.headline


# --- lesson 1: winner ---------------------------------------------------------------------------


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
    assert "2-4-6" in feedback.nudge and "list of lines" in feedback.nudge


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
    assert "not a tuple" in feedback.nudge and "'X' or 'O'" in feedback.nudge


def test_three_empty_cells_taken_for_a_win_are_caught():
    def winner(board):
        cells = board.cells
        for a, b, c in LINES:
            if cells[a] == cells[b] == cells[c]:  # '.' == '.' == '.' too
                return cells[a]
        return None

    feedback = exercises.winner.check(winner)
    assert not feedback.passed
    assert rows(feedback)["got"] == "'.'"
    assert "empty cell" in feedback.nudge


def test_returning_none_inside_the_loop_is_caught():
    def winner(board):
        cells = board.cells
        for a, b, c in LINES:
            if cells[a] != "." and cells[a] == cells[b] == cells[c]:
                return cells[a]
            return None  # after the first line only

    feedback = exercises.winner.check(winner)
    assert not feedback.passed
    assert "return None inside the loop" in feedback.nudge


def test_lesson_0s_demo_that_says_x_for_every_board_is_told_so():
    feedback = exercises.winner.check(lambda board: "X")
    assert not feedback.passed
    assert "answers 'X' for every board" in feedback.nudge
    assert "list of lines" not in feedback.nudge


def test_the_other_players_mark_is_caught():
    def winner(board):  # the player to move has just lost, not won
        found = winner_with_lines(LINES)(board)
        return board.to_move if found else None

    feedback = exercises.winner.check(winner)
    assert not feedback.passed
    assert "return the mark that is on the line" in feedback.nudge


def test_legal_moves_after_a_win_are_caught():
    feedback = exercises.legal_moves.check(
        lambda board: [c for c in range(9) if board.cells[c] == "."])
    assert not feedback.passed
    assert "already won" in feedback.nudge


# --- lesson 2 -----------------------------------------------------------------------------------


def test_counting_only_the_leaves_is_caught():
    def count_tree_nodes(node):
        if not node.children:
            return 1
        return sum(count_tree_nodes(child) for child in node.children.values())

    feedback = exercises.count_tree_nodes.check(count_tree_nodes)
    assert not feedback.passed
    assert "leaves" in feedback.nudge


def test_counting_every_finished_game_as_a_win_for_x_is_caught():
    def count_x_wins(node):
        if not node.children:
            return 1  # every finished game, whoever won it
        return sum(count_x_wins(child) for child in node.children.values())

    feedback = exercises.count_x_wins.check(count_x_wins)
    assert not feedback.passed
    assert "count only those X wins" in feedback.nudge


def test_counting_every_won_game_as_a_win_for_x_is_named():
    def count_x_wins(node):
        if not node.children:
            return 1 if node.board.winner else 0  # X's wins and O's
        return sum(count_x_wins(child) for child in node.children.values())

    feedback = exercises.count_x_wins.check(count_x_wins)
    assert not feedback.passed
    assert "O's wins too" in feedback.nudge and "only if X is the winner" in feedback.nudge


# --- lesson 3 -----------------------------------------------------------------------------------


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
            return model_score(board)
        return max(minimax_value(board.play(cell)) for cell in board.legal_moves)

    feedback = exercises.minimax_value.check(minimax_value)
    assert not feedback.passed
    assert "O's turn" in feedback.nudge
    assert feedback.board.to_move == "O"


def test_minimax_with_max_and_min_swapped_is_named():
    def minimax_value(board):
        if board.is_over:
            return model_score(board)
        values = [minimax_value(board.play(cell)) for cell in board.legal_moves]
        return min(values) if board.to_move == "X" else max(values)  # swapped

    feedback = exercises.minimax_value.check(minimax_value)
    assert not feedback.passed
    assert "Max and min are swapped" in feedback.nudge


def test_minimax_from_the_movers_point_of_view_is_named():
    def minimax_value(board):  # +1 means "the player to move wins"
        if board.is_over:
            return 0 if board.winner is None else -1  # the player who just moved has won
        return max(-minimax_value(board.play(cell)) for cell in board.legal_moves)

    feedback = exercises.minimax_value.check(minimax_value)
    assert not feedback.passed
    assert "X's point of view" in feedback.nudge


def test_a_move_that_wins_later_than_it_could_is_caught():
    def best_move(board):
        pick = max if board.to_move == "X" else min
        return pick(board.legal_moves, key=lambda cell: model_minimax_value(board.play(cell)))

    feedback = exercises.best_move.check(best_move)
    assert not feedback.passed
    assert "every win counts the same, however late" in feedback.nudge


def best_move_where_o_picks(at_the_top, inside):
    """best_move as the lesson asks, with O's move picked by at_the_top and the values at O's
    turns inside the search by inside (both min when right)."""
    def best_move(board):
        def quick_value(board):
            if board.is_over:
                return model_score(board) * (1 + board.free_cells)
            values = [quick_value(board.play(cell)) for cell in board.legal_moves]
            return max(values) if board.to_move == "X" else inside(values)

        pick = max if board.to_move == "X" else at_the_top
        return pick(board.legal_moves, key=lambda cell: quick_value(board.play(cell)))
    return best_move


@pytest.mark.parametrize("at_the_top, inside, nudge", [
    (max, min, "At O's turn yours picks the move that is best for X"),
    (min, max, "Inside your search O takes the largest value too"),
    (max, max, "O takes the largest value everywhere"),
], ids=["at-the-top", "inside-the-search", "everywhere"])
def test_a_best_move_where_o_maximises_is_named(at_the_top, inside, nudge):
    assert exercises.best_move.check(best_move_where_o_picks(min, min)).passed
    feedback = exercises.best_move.check(best_move_where_o_picks(at_the_top, inside))
    assert not feedback.passed
    assert feedback.nudge.startswith(nudge), feedback.nudge
    assert "slowest loss" not in feedback.nudge


def best_move_scoring_wins_by(bonus):
    """best_move as the lesson asks, with a finished game scored score * bonus(free cells)."""
    def best_move(board):
        def quick_value(board):
            if board.is_over:
                return model_score(board) * bonus(board.free_cells)
            values = [quick_value(board.play(cell)) for cell in board.legal_moves]
            return max(values) if board.to_move == "X" else min(values)

        pick = max if board.to_move == "X" else min
        return pick(board.legal_moves, key=lambda cell: quick_value(board.play(cell)))
    return best_move


def test_a_win_on_a_full_board_scored_as_a_draw_fails_with_a_nudge_about_it():
    feedback = exercises.best_move.check(best_move_scoring_wins_by(lambda free: free))
    assert not feedback.passed
    assert "win on a full board" in feedback.nudge and "1 + free cells" in feedback.nudge
    # The position shown is one where that scoring loses: the move it plays lets the opponent
    # win with the last free cell.
    board, got = feedback.board, int(rows(feedback)["got"])
    assert shared_solver().move_outcomes(board)[got].value != minimax(board).value
    assert exercises.best_move.check(best_move_scoring_wins_by(lambda free: 1 + free)).passed


def test_any_best_move_passes_not_only_the_first():
    def best_move(board):  # the model answer, breaking ties towards the last move
        def quick_value(board):
            if board.is_over:
                return model_score(board) * (1 + board.free_cells)
            values = [quick_value(board.play(cell)) for cell in board.legal_moves]
            return max(values) if board.to_move == "X" else min(values)

        pick = max if board.to_move == "X" else min
        return pick(reversed(board.legal_moves), key=lambda cell: quick_value(board.play(cell)))

    exercise = exercises.best_move
    assert any(best_move(case.board) != exercise.answer(case.board) for case in exercise.cases())
    assert exercise.check(best_move).passed


# --- lesson 3: predicting a value ---------------------------------------------------------------


def test_the_right_prediction_gets_a_tick_and_a_move_that_proves_it():
    feedback = check_prediction(minimax(Board.from_string(CORNER_EDGE)).value)
    assert feedback.passed and feedback.headline.startswith("✓ +1: X wins")
    assert check_prediction(None).headline.startswith("Not yet")


def test_no_wrong_prediction_gives_the_value_away_however_often_it_is_tried():
    value = minimax(Board.from_string(CORNER_EDGE)).value
    wrong = {1, 0, -1} - {value}
    assert set(PREDICTION_NUDGES) == wrong
    for _ in range(3):  # the same wrong guess again, and again: a nudge each time
        for guess in wrong:
            feedback = check_prediction(guess)
            assert not feedback.passed and "run this cell again" in feedback.nudge
            said = feedback.headline + feedback.nudge
            assert "+1" not in said and "X wins" not in said and "minimax says" not in said


@pytest.mark.parametrize("guess", [2, "+1", True, [1]])
def test_a_prediction_that_is_no_value_is_told_the_three_values(guess):
    feedback = check_prediction(guess)
    assert not feedback.passed and "is not a value" in feedback.headline


# --- lesson 3: backing up a tiny tree by hand ---------------------------------------------------


def small_tree_values() -> dict[tuple, int]:
    board = Board.from_string(SMALL_TREE)
    return {(): minimax(board, prefer_quick=False).value,
            **{(cell,): minimax(board.play(cell), prefer_quick=False).value
               for cell in board.legal_moves}}


def test_the_four_right_values_pass_and_none_is_not_yet():
    right = small_tree_values()
    assert check_backed_up(right).passed
    feedback = check_backed_up(dict.fromkeys(right))
    assert not feedback.passed and feedback.headline.startswith("Not yet")


def test_the_value_the_other_player_would_choose_is_called_a_max_min_mix_up():
    values = small_tree_values()
    board = Board.from_string(SMALL_TREE)
    # after X plays 0, O moves: the largest value below is X's choice, not O's
    after = board.play(0)
    largest = max(minimax(after.play(cell), prefer_quick=False).value for cell in after.legal_moves)
    assert largest != values[(0,)]
    feedback = check_backed_up({**values, (0,): largest})
    assert not feedback.passed and feedback.headline == "3 of 4 right so far."
    row = dict(feedback.rows)["after X plays 0"]
    assert "O moves here and takes the smallest" in row


def test_a_dictionary_with_other_keys_is_told_to_keep_the_keys():
    feedback = check_backed_up({0: 1})
    assert not feedback.passed and "keep its keys" in feedback.headline


# --- lesson 4: which opening is cheapest to answer ----------------------------------------------


def opening_costs(**options) -> dict[str, int]:
    return {name: alphabeta(Board().play(cell), **options).nodes for name, cell in OPENINGS.items()}


def test_the_right_guess_and_costs_pass_and_say_what_ordering_changes():
    costs = opening_costs()
    cheapest = min(costs, key=costs.get)
    feedback = check_openings(cheapest, costs)
    assert feedback.passed and cheapest == "corner"
    unordered = opening_costs(ordered=False)
    assert f"{unordered['centre']:,}" in feedback.headline


@pytest.mark.parametrize(("mistake", "nudge"), [
    ("plain", "is what plain minimax looks at"),
    ("one short", "one short: count the node after X's move too"),
    ("other", "not what alphabeta(Board().play(cell)).nodes says"),
])
def test_each_wrong_cost_gets_its_own_nudge(mistake, nudge):
    costs = opening_costs()
    wrong = {"plain": minimax(Board().play(4)).nodes, "one short": costs["centre"] - 1,
             "other": 12_345}[mistake]
    feedback = check_openings("corner", {**costs, "centre": wrong})
    assert not feedback.passed and nudge in dict(feedback.rows)["centre"]


def test_the_headline_says_what_is_not_yet_right_and_never_that_all_is():
    # issue 48: "Not yet all right" above three ✓ rows read as two verdicts on one answer
    costs = opening_costs()
    guess_only = check_openings("centre", costs)
    assert not guess_only.passed and "the three costs are right, but the guess" in \
        guess_only.headline
    one_cost = check_openings("corner", {**costs, "edge": 12_345})
    assert one_cost.headline == ("Not yet: the guess is right, but the cost after the edge is "
                                 "not (see each row).")
    assert "the three costs are not right, nor the guess" in \
        check_openings("edge", {name: 1 for name in OPENINGS}).headline
    assert check_openings("corner", costs).headline.startswith(
        "✓ Your guess and the three costs are right.")


def test_a_wrong_guess_is_not_quite_and_costs_not_given_are_not_yet():
    feedback = check_openings("centre", dict.fromkeys(OPENINGS))
    rows = dict(feedback.rows)
    assert not feedback.passed and "not quite" in rows["guess"] and rows["edge"] == "not yet"
    assert check_openings(None, dict.fromkeys(OPENINGS)).headline.startswith("Not yet: write")


# --- lesson 4 -----------------------------------------------------------------------------------


def test_counting_only_expanded_positions_is_caught():
    def count_visits(board):
        if board.is_over:
            return 0
        return 1 + sum(count_visits(board.play(cell)) for cell in board.legal_moves)

    feedback = exercises.count_visits.check(count_visits)
    assert not feedback.passed
    assert "expands" in feedback.nudge


def test_a_move_never_taken_back_says_the_list_was_left_changed():
    def minimax_in_place(cells):
        board = Board.from_string("".join(cells))
        if board.is_over:
            return model_score(board)
        values = []
        for cell in board.legal_moves:
            cells[cell] = board.to_move
            values.append(minimax_in_place(cells))  # and never takes the move back
        return max(values) if board.to_move == "X" else min(values)

    feedback = exercises.minimax_in_place.check(minimax_in_place)
    assert not feedback.passed
    assert "left the list it was given changed" in feedback.headline
    assert "InvalidBoardError" in feedback.headline
    assert "Take each move back" in feedback.nudge
    assert rows(feedback)["given"] != rows(feedback)["left as"]


def test_returning_before_taking_the_move_back_says_the_list_was_left_changed():
    def minimax_in_place(cells):
        board = Board.from_string("".join(cells))
        if board.is_over:
            return model_score(board)
        mark, values = board.to_move, []
        for cell in board.legal_moves:
            cells[cell] = mark
            value = minimax_in_place(cells)
            if value == (1 if mark == "X" else -1):
                return value  # a win found: but cells[cell] is still set
            cells[cell] = "."
            values.append(value)
        return max(values) if mark == "X" else min(values)

    feedback = exercises.minimax_in_place.check(minimax_in_place)
    assert not feedback.passed
    assert "left the list it was given changed" in feedback.headline
    assert "before a return inside the loop" in feedback.nudge
    assert "expected" not in rows(feedback)  # not "expected: -1 / got: -1"


def test_minimax_in_place_with_max_and_min_swapped_is_named():
    def minimax_in_place(cells):
        board = Board.from_string("".join(cells))
        if board.is_over:
            return model_score(board)
        values = []
        for cell in board.legal_moves:
            cells[cell] = board.to_move
            values.append(minimax_in_place(cells))
            cells[cell] = "."
        return min(values) if board.to_move == "X" else max(values)

    feedback = exercises.minimax_in_place.check(minimax_in_place)
    assert not feedback.passed
    assert "Max and min are swapped" in feedback.nudge


# --- lesson 5: alphabeta_value ------------------------------------------------------------------


def alphabeta_with(prune_when=lambda alpha, beta: alpha >= beta, raise_window=True,
                   pass_down=True, check_first=False):
    """alphabeta_value as the lesson asks, with one of its parts changed; ``check_first`` looks
    for a cut before trying each move instead of after."""
    def alphabeta_value(board, alpha=-math.inf, beta=math.inf):
        if board.is_over:
            return model_score(board)
        maximising = board.to_move == "X"
        value = -math.inf if maximising else math.inf
        for cell in board.legal_moves:
            if check_first and prune_when(alpha, beta):
                break
            window = (alpha, beta) if pass_down else ()
            child = alphabeta_value(board.play(cell), *window)
            value = max(value, child) if maximising else min(value, child)
            if raise_window and maximising:
                alpha = max(alpha, value)
            elif raise_window:
                beta = min(beta, value)
            if not check_first and prune_when(alpha, beta):
                break
        return value
    return alphabeta_value


def test_the_changeable_alphabeta_is_right_as_the_lesson_asks():
    assert exercises.alphabeta_value.check(alphabeta_with()).passed
    assert exercises.alphabeta_value.check(alphabeta_with(check_first=True)).passed


def visits_feedback(alphabeta_value):
    feedback = exercises.alphabeta_value.check(alphabeta_value)
    assert not feedback.passed
    assert "visits other positions than alpha-beta" in feedback.headline
    return feedback


def test_pruning_only_when_alpha_is_greater_than_beta_is_named():
    feedback = visits_feedback(alphabeta_with(prune_when=lambda alpha, beta: alpha > beta))
    assert "alpha = beta" in feedback.nudge and "not only when alpha > beta" in feedback.nudge


@pytest.mark.parametrize("check_first", [False, True], ids=["cut-after-a-move",
                                                           "cut-before-a-move"])
def test_never_raising_alpha_or_lowering_beta_is_named(check_first):
    feedback = visits_feedback(alphabeta_with(raise_window=False, check_first=check_first))
    assert "alpha and beta never move from −∞ and +∞" in feedback.nudge


@pytest.mark.parametrize("check_first", [False, True], ids=["cut-after-a-move",
                                                           "cut-before-a-move"])
def test_not_passing_alpha_and_beta_down_is_named(check_first):
    feedback = visits_feedback(alphabeta_with(pass_down=False, check_first=check_first))
    assert feedback.nudge.startswith("Alpha and beta are not passed down")
    assert "never prunes" not in feedback.nudge and "never changes" not in feedback.nudge


def test_a_fail_hard_alphabeta_that_does_not_pass_the_window_down_is_told_so():
    def alphabeta_value(board, alpha=-math.inf, beta=math.inf):
        if board.is_over:
            return model_score(board)
        if board.to_move == "X":
            value = -math.inf
            for cell in board.legal_moves:
                value = max(value, alphabeta_value(board.play(cell)))  # no window passed
                if value >= beta:
                    return value
                alpha = max(alpha, value)
            return value
        value = math.inf
        for cell in board.legal_moves:
            value = min(value, alphabeta_value(board.play(cell)))
            if value <= alpha:
                return value
            beta = min(beta, value)
        return value

    feedback = visits_feedback(alphabeta_value)
    assert feedback.nudge.startswith("Alpha and beta are not passed down")


@pytest.mark.parametrize("alphabeta_value", [
    lambda board, alpha=-math.inf, beta=math.inf: model_minimax_value(board),
    lambda board: model_minimax_value(board),
], ids=["alpha-and-beta-unused", "no-alpha-and-beta"])
def test_no_pruning_at_all_is_named_with_minimax_visit_count(alphabeta_value):
    feedback = visits_feedback(alphabeta_value)
    plain = minimax(feedback.board, prefer_quick=False).nodes - 1  # the start is not visited
    assert f"all {plain} nodes that plain minimax visits" in feedback.nudge
    assert "never prunes" in feedback.nudge


def test_a_visit_mismatch_says_which_visit_and_both_positions():
    feedback = visits_feedback(alphabeta_with(prune_when=lambda alpha, beta: alpha > beta))
    [(label, text)] = feedback.rows
    assert label.startswith("visit ")
    expected, visited = text.removeprefix("expected ").split(" / you visited ")
    assert Board.from_string(expected) != Board.from_string(visited)
    assert str(feedback.board) not in (expected, visited)  # the board shown is the start
    assert f"{label}: expected " in str(feedback)


# --- lesson 5: count_distinct_positions ---------------------------------------------------------


def test_forgetting_the_starting_board_is_named():
    def count_distinct_positions(board):
        seen, frontier = set(), [board]  # the start is never put in the set
        while frontier:
            position = frontier.pop()
            for cell in position.legal_moves:
                child = position.play(cell)
                if child not in seen:
                    seen.add(child)
                    frontier.append(child)
        return len(seen)

    feedback = exercises.count_distinct_positions.check(count_distinct_positions)
    assert not feedback.passed
    assert "count the starting board too" in feedback.nudge
    assert "use a set" not in feedback.nudge


def count_with_a_shared_set(board, seen=set()):  # noqa: B006 (the mistake under test)
    """count_distinct_positions written with a mutable default: every call adds to one set."""
    seen.add(board)
    frontier = [board]
    while frontier:
        position = frontier.pop()
        for cell in position.legal_moves:
            child = position.play(cell)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return len(seen)


def test_a_set_kept_between_calls_by_a_default_argument_is_named():
    def count_distinct_positions(board, seen=set()):  # noqa: B006 (the mistake under test)
        if board in seen:
            return 0
        seen.add(board)
        return 1 + sum(count_distinct_positions(board.play(cell), seen)
                       for cell in board.legal_moves)

    for mistaken in (count_distinct_positions, count_with_a_shared_set):
        feedback = exercises.count_distinct_positions.check(mistaken)
        assert not feedback.passed
        assert "default argument such as seen=set()" in feedback.nudge
        assert "seen=set()" in feedback.nudge and "use a set" not in feedback.nudge


def test_counting_the_tree_instead_of_the_positions_is_named():
    def count_distinct_positions(board):
        return 1 + sum(count_distinct_positions(board.play(cell)) for cell in board.legal_moves)

    feedback = exercises.count_distinct_positions.check(count_distinct_positions)
    assert not feedback.passed
    assert "every node of the game tree" in feedback.nudge


# --- lesson 5: where ordering helps most, and symmetries ----------------------------------------


def test_the_ordering_counts_and_the_move_where_ordering_helps_most_pass():
    counts = {cell: (alphabeta(Board().play(cell), ordered=False).nodes,
                     alphabeta(Board().play(cell), ordered=True).nodes) for cell in range(9)}
    best = max(counts, key=lambda cell: counts[cell][0] - counts[cell][1])
    assert check_ordering(counts, best).passed
    assert not check_ordering(counts, None).passed and not check_ordering(None, best).passed


def test_ordering_pairs_the_wrong_way_round_are_named():
    swapped = {cell: (with_, without) for cell, (without, with_) in ordering_counts().items()}
    feedback = check_ordering(swapped, None)
    assert not feedback.passed
    assert feedback.nudge.startswith("Each pair is the wrong way round")


def test_ordering_counts_of_one_search_twice_or_of_the_empty_board_are_named():
    once = {cell: (without, without) for cell, (without, _) in ordering_counts().items()}
    assert "Both numbers of each pair are the same" in check_ordering(once, None).nudge
    empty = (alphabeta(Board(), ordered=False).nodes, alphabeta(Board(), ordered=True).nodes)
    feedback = check_ordering(dict.fromkeys(range(9), empty), None)
    assert "not the empty board" in feedback.nudge


def test_the_move_where_ordering_helps_least_is_named():
    counts = ordering_counts()
    least = min(counts, key=lambda cell: counts[cell][0] - counts[cell][1])
    feedback = check_ordering(counts, least)
    assert not feedback.passed and "saves the fewest nodes" in feedback.nudge


def after_two_moves():
    return {Board().play(a).play(b) for a in range(9) for b in range(9) if a != b}


def test_the_symmetry_sets_pass_with_the_folded_solvers_count():
    after_two = after_two_moves()
    folded = {board.canonical() for board in after_two}
    feedback = check_symmetry_sets(after_two, folded)
    assert feedback.passed and feedback.headline == "✓ 72 positions after two moves, 12 up to " \
                                                     "symmetry."
    solver = Solver(symmetry=True)
    solver.look_up(Board())
    assert len(folded) == sum(1 for x, o in solver.table if Board.from_bits(x, o).moves_made == 2)


def test_symmetry_sets_folded_the_wrong_way_are_named():
    after_two = after_two_moves()
    folded = {board.canonical() for board in after_two}
    swapped = check_symmetry_sets(folded, after_two)
    assert not swapped.passed and "wrong way round" in swapped.headline
    first_folded = {Board().play(a).canonical().play(b) for a in range(9) for b in range(9)
                    if Board().play(a).canonical().cells[b] == "."}
    early = check_symmetry_sets(after_two, first_folded)
    assert not early.passed and "folding the first move and then playing" in early.nudge
    unfolded = check_symmetry_sets(after_two, set(after_two))
    assert not unfolded.passed and "unfolded" in unfolded.nudge
    listed = check_symmetry_sets(after_two, [board.canonical() for board in after_two])
    assert not listed.passed and "A list keeps every board" in listed.nudge


# --- lesson 6 -----------------------------------------------------------------------------------


def test_an_evaluation_out_of_range_or_too_weak_is_caught():
    too_big = exercises.evaluate.check(lambda board: 3 * model_evaluate(board))
    assert not too_big.passed and "strictly between" in too_big.nudge
    assert rows(too_big)["expected"] == "a number strictly between −1 and +1"
    assert too_big.nudge.endswith(f"at this position it returned {rows(too_big)['got']}.")
    constant = exercises.evaluate.check(lambda board: 0.0)
    assert not constant.passed and "against random" in constant.headline


def test_a_two_layer_player_that_forgets_to_block_is_caught_naming_the_cell():
    def two_layer_move(board):
        wins = [c for c in board.legal_moves if board.play(c).winner]
        return wins[0] if wins else board.legal_moves[0]

    feedback = exercises.two_layer_move.check(two_layer_move)
    assert not feedback.passed
    threats = rows(feedback)["expected"]
    assert f"threatens to win at {threats}: block" in feedback.nudge
    opponent = "O" if feedback.board.to_move == "X" else "X"
    cells = feedback.board.cells
    for cell in cells_in(threats):  # the opponent's third mark on some line
        assert any(cell in line and all(cells[c] == opponent for c in line if c != cell)
                   for line in LINES)


def cells_in(text):
    """[2, 6] for '2 or 6', [0, 2, 6] for '0, 2 or 6'."""
    return [int(cell) for cell in text.replace(" or", ",").split(", ")]


def test_a_two_layer_player_that_misses_a_win_is_told_the_winning_cell():
    feedback = exercises.two_layer_move.check(lambda board: board.legal_moves[-1])
    assert not feedback.passed
    expected = rows(feedback)["expected"]
    assert feedback.nudge.startswith(f"{expected} win")
    assert all(feedback.board.play(cell).winner for cell in cells_in(expected))


# --- lesson 7 -----------------------------------------------------------------------------------


def landing_cell_with(rows_from, cell_of, full=None):
    """A landing_cell that looks at the rows in the order ``rows_from(rows)``, numbers a cell
    ``cell_of(position, row, column)``, and returns ``full`` for a full column."""
    def landing_cell(position, column):
        for row in rows_from(position.rows):
            if position[row * position.columns + column] == ".":
                return cell_of(position, row, column)
        return full
    return landing_cell


def reading_order(position, row, column):
    return row * position.columns + column


def test_a_disc_that_stops_at_the_top_is_told_it_floats():
    # an empty 7 x 6 board, column 0: the disc lands on cell 35 (bottom left), not on cell 0
    feedback = exercises.landing_cell.check(landing_cell_with(range, reading_order))
    assert not feedback.passed and rows(feedback) == {"expected": "35", "got": "0"}
    assert "float" in feedback.nudge and "lowest free cell" in feedback.nudge


def test_a_row_multiplied_by_the_rows_is_told_to_use_the_columns():
    feedback = exercises.landing_cell.check(landing_cell_with(
        lambda rows: reversed(range(rows)), lambda position, row, column: row * position.rows +
        column))
    assert not feedback.passed and "not by the number of rows (6)" in feedback.nudge


def test_the_row_instead_of_the_cell_is_caught():
    feedback = exercises.landing_cell.check(landing_cell_with(
        lambda rows: reversed(range(rows)), lambda position, row, column: row))
    assert not feedback.passed and "is the row the disc lands in" in feedback.nudge


def test_a_full_column_that_gets_a_cell_is_told_to_return_none():
    feedback = exercises.landing_cell.check(landing_cell_with(
        lambda rows: reversed(range(rows)), reading_order, full=-1))
    assert not feedback.passed and rows(feedback) == {"expected": "None", "got": "-1"}
    assert "is full" in feedback.nudge and "return None" in feedback.nudge
    column = int(feedback.headline.split("column ")[1].split()[0])
    assert feedback.board[column] != "."  # its top cell is taken: the column really is full


def test_the_model_landing_cell_agrees_with_play_on_every_column():
    for case in exercises.landing_cell.cases():
        assert model_landing_cell(*case.args) == case.expected


def test_a_constant_evaluation_does_not_beat_the_blind_player():
    feedback = exercises.evaluate_four.check(lambda position: 0.0)
    assert not feedback.passed and "it needs 30 wins" in feedback.headline
    assert "centre column" in feedback.nudge


def test_an_evaluation_from_the_wrong_side_is_asked_about_its_point_of_view():
    feedback = exercises.evaluate_four.check(lambda position: -model_evaluate_four(position))
    assert not feedback.passed and "from X's point of view" in feedback.nudge


def threat_lead(position):
    """X's threats minus O's: windows of four in a row holding three of the player's discs and an
    empty cell, counted from position.cells as a student would."""
    columns, rows, cells = position.columns, position.rows, position.cells
    lead = 0
    for row in range(rows):
        for column in range(columns):
            for down, across in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if 0 <= row + 3 * down < rows and 0 <= column + 3 * across < columns:
                    window = [cells[(row + i * down) * columns + column + i * across]
                              for i in range(4)]
                    if window.count(".") == 1:
                        lead += (window.count("X") == 3) - (window.count("O") == 3)
    return lead


def test_an_evaluation_out_of_range_only_where_one_side_is_far_ahead_is_caught():
    # "there are never more than 8 threats": true in random games, not where X has 13
    feedback = exercises.evaluate_four.check(lambda position: threat_lead(position) / 8)
    assert not feedback.passed and "threats" in feedback.headline
    got = float(rows(feedback)["got"])
    assert got >= 1 and threat_lead(feedback.board) / 8 == got
    assert feedback.nudge.startswith("Your guess must stay strictly between −1 and +1")
    assert feedback.nudge.endswith(f"at this position it returned {got!r}.")


def test_the_range_is_tried_on_many_7_by_6_positions_of_every_depth_and_the_extremes():
    boards = [case.board for case in exercises.evaluate_four.cases()]
    standard = [board for board in boards if (board.columns, board.rows) == (7, 6)]
    assert len(standard) >= 100 and not any(board.is_over for board in boards)
    assert set(range(40)) <= {42 - board.free_cells for board in standard}  # discs on it
    assert max(threat_lead(board) for board in standard) >= 12
    assert min(threat_lead(board) for board in standard) <= -10


def test_an_evaluation_out_of_range_is_caught():
    feedback = exercises.evaluate_four.check(lambda position: 2 * model_evaluate_four(position)
                                             + 1)
    assert not feedback.passed and "strictly between" in feedback.nudge


def test_a_landing_cell_failure_shows_the_connect_four_board():
    feedback = exercises.landing_cell.check(landing_cell_with(range, reading_order))
    assert "<svg" in feedback._repr_html_() and "circle" in feedback._repr_html_()
    assert feedback.board.grid() in str(feedback)


def open_columns_with(top_row=True, after_a_win=False):
    """An open_columns that looks at the top row (or the bottom one), and stops after a win (or
    not)."""
    def open_columns(position):
        if position.winner and not after_a_win:
            return []
        row = 0 if top_row else position.rows - 1
        return [c for c in range(position.columns) if position[row * position.columns + c] == "."]
    return open_columns


def test_moves_after_a_win_in_connect_four_are_caught():
    feedback = exercises.open_columns.check(open_columns_with(after_a_win=True))
    assert not feedback.passed and feedback.board.winner
    assert "once the game is over no move is legal" in feedback.nudge


def test_looking_at_the_bottom_row_for_room_is_caught():
    # X . . ... in the bottom left corner: column 0 still has room, though its bottom cell is taken
    feedback = exercises.open_columns.check(open_columns_with(top_row=False))
    assert not feedback.passed and "bottom cell is free" in feedback.nudge
    assert "top cell" in feedback.nudge


def test_a_full_column_and_cells_for_columns_are_named():
    every_column = exercises.open_columns.check(
        lambda position: [] if position.winner else list(range(position.columns)))
    assert not every_column.passed and "is full: its top cell" in every_column.nudge
    cells = exercises.open_columns.check(
        lambda position: [] if position.winner else [c + 100 for c in position.legal_moves])
    assert not cells.passed and "is a column" in cells.nudge


# --- lesson 8 -----------------------------------------------------------------------------------


def expectimax_with(at_x, at_o, finished=None):
    """An expectimax_value that combines the values of X's moves with at_x and O's with at_o, and
    scores a finished game with finished (by default its real score)."""
    def expectimax_value(board):
        if board.is_over:
            return finished(board) if finished else {"X": 1, "O": -1}.get(board.winner, 0)
        values = [expectimax_value(board.play(cell)) for cell in board.legal_moves]
        return at_x(values) if board.to_move == "X" else at_o(values)
    return expectimax_value


def average(values):
    return Fraction(sum(values), len(values))


def test_an_expectimax_in_floats_passes():
    feedback = exercises.expectimax_value.check(
        expectimax_with(max, lambda values: sum(values) / len(values)))
    assert feedback.passed, str(feedback)
    assert "a float to within rounding" in str(feedback)   # not "exact" for a float answer


@pytest.mark.parametrize("at_x, at_o", [(average, max), (average, min)])
def test_averaging_over_the_wrong_player_is_named(at_x, at_o):
    feedback = exercises.expectimax_value.check(expectimax_with(at_x, at_o))
    assert not feedback.passed
    assert feedback.nudge.startswith("Averaging over the wrong player")


def test_minimax_in_place_of_the_average_is_named():
    feedback = exercises.expectimax_value.check(expectimax_with(max, min))
    assert not feedback.passed and feedback.nudge.startswith("That is minimax")


def test_max_in_place_of_the_average_is_named():
    feedback = exercises.expectimax_value.check(expectimax_with(max, max))
    assert not feedback.passed
    assert "instead of taking the largest" in feedback.nudge


def test_an_average_by_floor_division_is_named():
    feedback = exercises.expectimax_value.check(
        expectimax_with(max, lambda values: sum(values) // len(values)))
    assert not feedback.passed
    assert feedback.nudge.startswith("Floor division") and "That is minimax" not in feedback.nudge


def test_the_expectimax_probes_tell_every_classic_mistake_apart():
    probes = list(map(Board.from_string, lesson8.VALUE_PROBES))
    found = [tuple(expectimax_with(at_x, at_o)(board) for board in probes)
             for at_x, at_o, _ in lesson8.VALUE_MISTAKES]
    right = tuple(expectimax_with(max, average)(board) for board in probes)
    nudges = [nudge for _, _, nudge in lesson8.VALUE_MISTAKES]
    assert right not in found
    # two mistakes may share a nudge only if they are named alike
    for i, values in enumerate(found):
        assert all(values != other or nudges[i] == nudges[j] for j, other in enumerate(found)
                   if j != i)


def test_a_sum_not_divided_by_the_number_of_moves_is_named():
    feedback = exercises.expectimax_value.check(expectimax_with(max, sum))
    assert not feedback.passed and "divide the sum" in feedback.nudge


def test_a_finished_game_scored_zero_is_named():
    # XXX
    # OO.      X has won with cells free: 1, not 0
    # ...
    feedback = exercises.expectimax_value.check(expectimax_with(max, average, lambda board: 0))
    assert not feedback.passed
    assert feedback.board == Board.from_string("XXX|OO.|...")
    assert rows(feedback)["expected"] == "1" and rows(feedback)["got"] == "0"
    assert "A finished game scores its result" in feedback.nudge and "X has won" in feedback.nudge


def test_a_forgotten_finished_game_is_said_to_have_no_moves_to_average():
    def expectimax_value(board):
        values = [expectimax_value(board.play(cell)) for cell in board.legal_moves]
        return max(values) if board.to_move == "X" else Fraction(sum(values), len(values))

    feedback = exercises.expectimax_value.check(expectimax_value)
    assert not feedback.passed and "raised" in feedback.headline
    assert "no moves left to average over" in feedback.nudge


def ucb1_with(score):
    """A ucb1_score that scores a move tried at least once with score(mean for X, visits,
    parent visits, sign of the player choosing), and a move never tried with math.inf."""
    def ucb1_score(total, visits, parent_visits, player):
        if visits == 0:
            return math.inf
        return score(total / visits, visits, parent_visits, 1 if player == "X" else -1)
    return ucb1_score


C = math.sqrt(2)


@pytest.mark.parametrize("score, nudge", [
    (lambda m, n, N, s: m + C * math.sqrt(math.log(N) / n), "Forgot to flip the result"),
    (lambda m, n, N, s: s * (m + C * math.sqrt(math.log(N) / n)), "Flip only the mean"),
    (lambda m, n, N, s: s * m, "No exploration term"),
    (lambda m, n, N, s: s * m + C * math.sqrt(math.log(n) / n), "The logarithm of the wrong count"),
    (lambda m, n, N, s: s * m + C * math.sqrt(math.log(N) / N), "Divided by the wrong count"),
    (lambda m, n, N, s: s * m + C * math.log(N) / n, "Take the square root"),
    (lambda m, n, N, s: s * m + math.sqrt(math.log(N) / n), "The exploration constant"),
    (lambda m, n, N, s: s * m + C * math.sqrt(N / n), "The score is the mean result"),
], ids=["no flip", "whole score flipped", "no exploration", "log of the visits",
        "divided by the parent visits", "no square root", "constant 1", "something else"])
def test_each_classic_ucb1_mistake_is_named(score, nudge):
    feedback = exercises.ucb1_score.check(ucb1_with(score))
    assert not feedback.passed
    assert feedback.nudge.startswith(nudge), feedback.nudge


def test_a_ucb1_that_divides_by_zero_for_a_move_never_tried_is_told_infinity():
    def ucb1_score(total, visits, parent_visits, player):
        mean = total / visits if player == "X" else -total / visits
        return mean + C * math.sqrt(math.log(parent_visits) / visits)

    feedback = exercises.ucb1_score.check(ucb1_score)
    assert not feedback.passed and "ZeroDivisionError" in feedback.headline
    assert "never tried (visits 0)" in feedback.nudge


def test_a_ucb1_that_scores_a_move_never_tried_zero_is_told_infinity():
    def ucb1_score(total, visits, parent_visits, player):
        if visits == 0:
            return 0
        mean = total / visits if player == "X" else -total / visits
        return mean + C * math.sqrt(math.log(parent_visits) / visits)

    feedback = exercises.ucb1_score.check(ucb1_score)
    assert not feedback.passed and rows(feedback)["expected"] == "inf"
    assert "math.inf" in feedback.nudge


def test_the_ucb1_cases_agree_with_the_search_it_checks():
    # The case's score is ttt.search.mcts.ucb1 of a real tree node with the same playouts.
    board = Board.from_string("X.O|.X.|...")   # O to move
    root = TreeNode(board)
    child = root.children[8] = TreeNode(board.play(8), 8, root)
    root.visits, child.visits, child.total = 10, 4, -3  # O's total over 4: X's total is +3
    case = next(exercises.ucb1_score.cases())
    assert case.args == (3, 4, 10, "O") and case.expected == ucb1(child, root.visits)


# --- lesson 9: learning to play -------------------------------------------------------------------


@pytest.mark.parametrize("mistaken, words", [
    (lambda value, next_value, alpha: value + alpha * (value - next_value), "wrong way round"),
    (lambda value, next_value, alpha: value + alpha * alpha * (next_value - value),
     "Alpha applied twice"),
    (lambda value, next_value, alpha: td_twice(value, next_value, alpha), "two updates"),
    (lambda value, next_value, alpha: next_value, "replaces value"),
    (lambda value, next_value, alpha: alpha * (next_value - value), "only the step"),
])
def test_td_update_mistakes_are_named(mistaken, words):
    feedback = exercises.td_update.check(mistaken)
    assert not feedback.passed and words in feedback.nudge


def td_twice(value, next_value, alpha):
    once = value + alpha * (next_value - value)
    return once + alpha * (next_value - once)


def test_every_td_mistake_differs_from_the_right_update_on_the_first_cases():
    first = list(lesson9._td_cases())[:4]
    for mistaken, _ in lesson9.TD_MISTAKES:
        assert any(not lesson9.close(mistaken(*case.args), case.expected) for case in first)


def epsilon_greedy_with(pick_for_o=min, explore=lambda draw, epsilon: draw < epsilon):
    def epsilon_greedy_move(values, to_move, epsilon, rng):
        if explore(rng.random(), epsilon):
            return rng.choice(list(values))
        best = (max if to_move == "X" else pick_for_o)(values.values())
        return rng.choice([move for move, value in values.items() if value == best])
    return epsilon_greedy_move


def test_epsilon_greedy_where_o_takes_the_highest_value_is_named():
    feedback = exercises.epsilon_greedy_move.check(epsilon_greedy_with(pick_for_o=max))
    assert not feedback.passed and "lowest value" in feedback.nudge


def test_epsilon_greedy_exploring_with_the_wrong_chance_is_caught():
    inverted = exercises.epsilon_greedy_move.check(
        epsilon_greedy_with(explore=lambda draw, epsilon: draw > epsilon))
    assert not inverted.passed and "not the other way round" in inverted.nudge
    sometimes = exercises.epsilon_greedy_move.check(
        epsilon_greedy_with(explore=lambda draw, epsilon: draw < epsilon / 3 or epsilon == 1))
    assert not sometimes.passed and "with epsilon 0.3" in sometimes.headline


def test_epsilon_greedy_with_the_packages_rule_passes():
    from ttt.learning.tabular import epsilon_greedy
    feedback = exercises.epsilon_greedy_move.check(
        lambda values, to_move, epsilon, rng: epsilon_greedy(values, to_move, epsilon, rng)[0])
    assert feedback.passed, str(feedback)


@pytest.mark.parametrize("mistaken, words", [
    (lambda beads, result, total: beads + {"win": 3, "draw": 1, "loss": -1}[result],
     "empties the box"),
    (lambda beads, result, total: beads + {"win": -1, "draw": 1, "loss": 3}[result],
     "other player's side"),
    (lambda beads, result, total: beads + {"win": 3, "draw": 1, "loss": 0}[result],
     "takes one bead away"),
    (lambda beads, result, total: beads + {"win": 1, "draw": 1, "loss": -1}[result]
     if total > 1 or result != "loss" else beads, "Michie's rule"),
])
def test_menace_update_mistakes_are_named(mistaken, words):
    feedback = exercises.menace_update.check(mistaken)
    assert not feedback.passed and words in feedback.nudge


def test_a_td_update_that_moves_away_from_the_next_value_is_named():
    def td_update(value, next_value, alpha):
        return value - alpha * (next_value - value)

    feedback = exercises.td_update.check(td_update)
    assert not feedback.passed and "wrong way round" in feedback.nudge


def test_a_menace_update_that_empties_a_box_is_named():
    def menace_update(beads, result, box_total):
        return beads + {"win": 3, "draw": 1, "loss": -1}[result]

    feedback = exercises.menace_update.check(menace_update)
    assert not feedback.passed and "empties the box" in feedback.nudge


def test_the_verdicts_colours_are_readable_as_text_on_white():
    from contrast import contrast_ratio

    from ttt.course.exercises.checking import FAILED_COLOUR, PASSED_COLOUR
    for colour in (PASSED_COLOUR, FAILED_COLOUR):
        assert contrast_ratio(colour, "#FFFFFF") >= 4.5, colour
    assert PASSED_COLOUR in exercises.winner.check(exercises.winner.answer)._repr_html_()
    assert FAILED_COLOUR in exercises.winner.check(lambda board: None)._repr_html_()


# --- each mistake its own nudge (issue 29) --------------------------------------------------------


def test_epsilon_greedy_taking_the_first_best_move_on_ties_is_told_to_choose_at_random():
    def epsilon_greedy_move(values, to_move, epsilon, rng):
        if rng.random() < epsilon:
            return rng.choice(list(values))
        pick = max if to_move == "X" else min
        return pick(values, key=values.get)  # the first of the best, never another

    feedback = exercises.epsilon_greedy_move.check(epsilon_greedy_move)
    assert not feedback.passed and "equally good" in feedback.headline
    assert "at random" in feedback.nudge and "rng.choice" in feedback.nudge


def test_epsilon_greedy_drawing_from_the_global_random_is_told_to_use_its_rng():
    import random

    def epsilon_greedy_move(values, to_move, epsilon, rng):
        if random.random() < epsilon:  # not the rng it is given
            return random.choice(list(values))
        best = (max if to_move == "X" else min)(values.values())
        return random.choice([move for move, value in values.items() if value == best])

    feedback = exercises.epsilon_greedy_move.check(epsilon_greedy_move)
    assert not feedback.passed and "same rng" in feedback.headline
    assert "not random.random()" in feedback.nudge


def test_epsilon_greedy_with_highest_and_lowest_swapped_is_named():
    swapped = epsilon_greedy_with()  # right, but asked for the other player

    def epsilon_greedy_move(values, to_move, epsilon, rng):
        return swapped(values, "O" if to_move == "X" else "X", epsilon, rng)

    feedback = exercises.epsilon_greedy_move.check(epsilon_greedy_move)
    assert not feedback.passed and "Highest and lowest swapped" in feedback.nudge


def test_epsilon_greedy_taking_the_lowest_for_x_is_named():
    def epsilon_greedy_move(values, to_move, epsilon, rng):
        if rng.random() < epsilon:
            return rng.choice(list(values))
        best = min(values.values())  # the lowest for both
        return rng.choice([move for move, value in values.items() if value == best])

    feedback = exercises.epsilon_greedy_move.check(epsilon_greedy_move)
    assert not feedback.passed and "X's best move is the one with the highest" in feedback.nudge


def test_count_visits_counting_only_the_leaves_is_told_so():
    def count_visits(board):
        if board.is_over:
            return 1
        return sum(count_visits(board.play(cell)) for cell in board.legal_moves)

    feedback = exercises.count_visits.check(count_visits)
    assert not feedback.passed and "only the finished games (the leaves)" in feedback.nudge


def test_a_td_update_of_the_next_value_is_named():
    def td_update(value, next_value, alpha):
        return next_value + alpha * (value - next_value)  # moves the next position's value

    feedback = exercises.td_update.check(td_update)
    assert not feedback.passed and "moves next_value towards value" in feedback.nudge


def test_a_menace_update_returning_the_box_total_is_named_with_what_it_tried():
    def menace_update(beads, result, box_total):
        return max(1, box_total + {"win": 3, "draw": 1, "loss": -1}[result])

    feedback = exercises.menace_update.check(menace_update)
    assert not feedback.passed and "the box's total" in feedback.nudge
    assert re.search(r"beads=\d+, result='\w+' and box_total=\d+", feedback.nudge)


def test_every_menace_nudge_shows_the_beads_and_box_total_it_tried():
    swapped = {"win": -1, "draw": 1, "loss": 3}
    for mistaken in [lambda beads, result, total: beads + 1,
                     lambda beads, result, total: beads + swapped[result]]:
        feedback = exercises.menace_update.check(mistaken)
        beads, result, total = next(case.args for case in lesson9._menace_cases()
                                    if case.about in feedback.headline)
        assert f"beads={beads}, result={result!r} and box_total={total}" in feedback.nudge


@pytest.mark.parametrize("count_x_wins, words", [
    (lambda node: sum(child.board.winner == "X" for child in node.children.values())
     if node.children else int(node.board.winner == "X"), "stops there"),
    (lambda node: int(node.board.winner == "X"), "looks at the node itself"),
], ids=["children only", "the node only"])
def test_count_x_wins_without_recursion_is_told_to_recurse(count_x_wins, words):
    feedback = exercises.count_x_wins.check(count_x_wins)
    assert not feedback.passed and words in feedback.nudge and "recursion" in feedback.nudge


@pytest.mark.parametrize("minimax_value, words", [
    (lambda board: model_score(board) if board.is_over else
     (max if board.to_move == "X" else min)(model_score(board.play(cell)) or 0
                                            for cell in board.legal_moves), "one move ahead"),
    (lambda board: model_score(board) if board.is_over else 0, "every unfinished position 0"),
], ids=["one move ahead", "no search"])
def test_minimax_without_recursion_is_told_to_recurse(minimax_value, words):
    feedback = exercises.minimax_value.check(minimax_value)
    assert not feedback.passed and words in feedback.nudge and "recursion" in feedback.nudge


@pytest.mark.parametrize("score, words", [
    (lambda m, n, N, s: s * m + 2 * C * math.sqrt(math.log(N) / n), "2√2 is the textbook's"),
    (lambda m, n, N, s: s * m + 0.5 * math.sqrt(math.log(N) / n), "multiplies the bonus by 0.500"),
    (lambda m, n, N, s: s * m + C * math.sqrt(math.log(n) / N), "visits and parent_visits swapped"),
], ids=["textbook constant", "another constant", "n and N swapped"])
def test_ucb1_with_another_constant_or_the_counts_swapped_is_named(score, words):
    feedback = exercises.ucb1_score.check(ucb1_with(score))
    assert not feedback.passed and words in feedback.nudge


def test_a_players_taken_cell_in_lesson_6_gets_a_verdict_not_a_traceback():
    from ttt.course.exercises.lesson6 import try_player

    def my_player(board):
        return 4  # the centre, even when it is taken

    feedback = try_player(my_player, "two-layer")
    assert not feedback.passed and "where cell 4 is taken" in feedback.headline
    assert feedback.board[4] != "." and "legal_moves" in feedback.nudge


def test_own_players_in_lesson_6_are_compared_with_a_reference():
    from ttt.course.exercises.lesson6 import try_player
    feedback = try_player(model_two_layer_move, "random", reference="two-layer")
    assert feedback.passed and set(rows(feedback)) == {"yours against random",
                                                       "two-layer against random"}


def test_the_round_robin_prediction_names_the_draws():
    from ttt.catalogue import make_player
    from ttt.course.exercises.lesson6 import check_draws_prediction
    from ttt.play.matches import round_robin
    results = round_robin(["random", "one-layer", "two-layer", "perfect"], 20, make_player)
    right = check_draws_prediction("two-layer", results)
    wrong = check_draws_prediction("random", results)
    assert right.passed and not wrong.passed and "stop a threat" in wrong.nudge
    assert not check_draws_prediction("Two-layer", results).passed


@pytest.mark.parametrize("guess, words", [
    ("0", "'0' is a str"), (2, "2 is not a value"), (1, "not worth 1"), (None, "Not yet")])
def test_lesson_11s_start_value_shows_the_guess_as_python_writes_it(guess, words):
    from ttt.course.exercises.lesson11 import check_start_value
    feedback = check_start_value(guess)
    assert not feedback.passed and words in feedback.headline
    assert check_start_value(0).passed


@pytest.mark.parametrize("level", ["learned", "learned by self-play (TD)", "depth-2",
                                   "looks 2 moves ahead", "perfect"])
def test_lesson_11s_plan_plays_a_level_by_its_label_or_its_players_name(level):
    from ttt.course.exercises.lesson11 import try_plan
    from ttt.play.players import perfect_player
    feedback = try_plan(perfect_player, level, games=2)
    assert "lost 0" in feedback.headline


def test_lesson_11s_plan_choosing_a_taken_cell_is_told_so():
    from ttt.course.exercises.lesson11 import try_plan
    feedback = try_plan(lambda board: 0, "random", games=2)
    assert not feedback.passed and "chose 0, not a free cell" in feedback.headline


def test_lesson_11s_promise_holds_a_fork_plan_beats_the_2_moves_ahead_level_every_time():
    from ttt.course.exercises.lesson11 import PLAN_GAMES, try_plan
    from ttt.play.players import blocking_moves, winning_moves

    def forks(board):  # X's lines with two X and a free cell
        return sum([board[c] for c in line].count("X") == 2 and
                   [board[c] for c in line].count(".") == 1 for line in LINES)

    def fork_plan(board):
        forking = [cell for cell in board.legal_moves if forks(board.play(cell)) >= 2]
        return (winning_moves(board) or blocking_moves(board) or forking or
                [cell for cell in (0, 8, 2, 6, 4) if cell in board.legal_moves])[0]

    feedback = try_plan(fork_plan, "looks 2 moves ahead")
    assert feedback.passed and f"won {PLAN_GAMES}" in feedback.headline, str(feedback)


def test_lesson_6s_evaluation_match_says_not_yet_to_the_stub_and_plays_an_answer():
    from ttt.course.exercises.lesson6 import try_evaluate
    assert try_evaluate(lambda board: None).headline.startswith("Not yet")
    played = try_evaluate(model_evaluate)
    assert played.passed and "yours (depth 2) against depth-2" in rows(played)


# --- lesson 10: masking the policy, the PUCT score, the training targets -------------------------


def test_a_masked_policy_shared_out_before_masking_is_named():
    def masked_policy(scores, board):
        exps = [math.exp(score) for score in scores]   # the softmax over all nine cells...
        total = sum(exps)
        return {cell: exps[cell] / total for cell in board.legal_moves}   # ...then masked

    feedback = exercises.masked_policy.check(masked_policy)
    assert not feedback.passed and "Shared out before masking" in feedback.nudge


@pytest.mark.parametrize("masked, words", [
    (lambda scores, board: {cell: math.exp(scores[cell]) for cell in range(9)}, "is taken"),
    (lambda scores, board: {cell: math.exp(scores[cell]) for cell in board.legal_moves},
     "Not yet shares"),
    (lambda scores, board: {cell: 1 / len(board.legal_moves) for cell in board.legal_moves},
     "the same share"),
    (lambda scores, board: {cell: 1.0 for cell in board.legal_moves[1:]}, "is missing"),
    (lambda scores, board: {str(cell): 1.0 for cell in board.legal_moves}, "whole numbers"),
], ids=["taken cells kept", "no division", "even shares", "a free cell missing", "str keys"])
def test_each_classic_masking_mistake_is_named(masked, words):
    feedback = exercises.masked_policy.check(masked)
    assert not feedback.passed and words in feedback.nudge, feedback.nudge


def test_the_masked_policy_is_the_networks_masked_softmax():
    # The exercise's right answer is what ttt.learning.network's forward pass does to the policy
    # head's scores: the same shares from the same nine scores. A finished game's policy is {}
    # (no legal moves); the network is never asked for one: the search scores it by its result.
    from ttt.course.exercises.lesson10 import _mask_cases
    from ttt.learning.network import legal_mask, masked_softmax

    cases = list(_mask_cases())
    assert [case.expected for case in cases if case.board.is_over] == [{}] * 5
    for case in [case for case in cases if not case.board.is_over][:8]:
        scores, board = case.args
        shares = masked_softmax(scores, legal_mask(board))
        assert [shares[cell] for cell in range(9) if cell not in board.legal_moves] == [0] * (
            9 - len(board.legal_moves))
        assert all(math.isclose(shares[cell], share) for cell, share in case.expected.items())


def puct_with(bonus):
    """A puct_score whose mean is right and whose bonus is bonus(prior, visits, parent
    visits)."""
    def puct_score(total, visits, prior, parent_visits):
        mean = total / visits if visits else 0
        return mean + bonus(prior, visits, parent_visits)
    return puct_score


C10 = PUCT_EXPLORATION


@pytest.mark.parametrize("bonus, words", [
    (lambda p, n, N: C10 * p * math.sqrt(N) / max(n, 1), "Forgot the + 1"),
    (lambda p, n, N: C10 * p * math.sqrt(n) / (1 + n), "square root of the wrong count"),
    (lambda p, n, N: C10 * p * N / (1 + n), "Take the square root"),
    (lambda p, n, N: C10 * p * math.sqrt(math.log(N)) / (1 + n), "UCB1's logarithm"),
    (lambda p, n, N: C10 * math.sqrt(N) / (1 + n), "The prior is missing"),
    (lambda p, n, N: p * math.sqrt(N) / (1 + n), f"PUCT_EXPLORATION ({C10:g})"),
    (lambda p, n, N: C10 * p * math.sqrt(N / (1 + n)), "covers parent_visits only"),
], ids=["no + 1", "child's visits", "no root", "log", "no prior", "constant 1", "root of all"])
def test_each_classic_puct_mistake_is_named(bonus, words):
    feedback = exercises.puct_score.check(puct_with(bonus))
    assert not feedback.passed and words in feedback.nudge, feedback.nudge


def test_a_puct_score_without_the_plus_one_is_named():
    def puct_score(total, visits, prior, parent_visits):
        mean = total / visits if visits else 0
        return mean + PUCT_EXPLORATION * prior * math.sqrt(parent_visits) / visits

    feedback = exercises.puct_score.check(puct_score)
    assert not feedback.passed and "Forgot the + 1" in feedback.nudge


def test_a_puct_score_that_divides_by_zero_for_a_move_never_visited_says_its_mean_is_0():
    def puct_score(total, visits, prior, parent_visits):
        return total / visits + PUCT_EXPLORATION * prior * math.sqrt(parent_visits) / (1 + visits)

    feedback = exercises.puct_score.check(puct_score)
    assert not feedback.passed and "ZeroDivisionError" in feedback.headline
    assert "its mean counts as 0" in feedback.nudge


def test_the_puct_cases_agree_with_the_search_it_checks():
    # The case's score is ttt.search.mcts.puct of a real tree node, as the guided search selects by
    # it.
    board = Board.from_string("X..|.O.|..X")   # O to move
    root = TreeNode(board)
    child = root.children[1] = TreeNode(board.play(1), 1, root, prior=0.3)
    child.visits, child.total = 4, 1.5
    assert math.isclose(exercises.puct_score.answer(1.5, 4, 0.3, 9), puct(child, 9))
    assert math.isclose(exercises.puct_score.answer(0, 0, 0.3, 9),
                        puct(TreeNode(board.play(2), 2, root, prior=0.3), 9))


def test_training_targets_from_xs_point_of_view_are_asked_whose():
    def training_targets(game, winner):
        value = {"X": 1, "O": -1, None: 0}[winner]   # X's result at every position
        return [({move: count / sum(visits.values()) for move, count in visits.items()}, value)
                for board, visits in game]

    feedback = exercises.training_targets.check(training_targets)
    assert not feedback.passed and "Whose point of view?" in feedback.nudge


@pytest.mark.parametrize("value, words", [
    (lambda board, winner: 0 if winner is None else 1 if winner != board.to_move else -1,
     "from the wrong side"),
    (lambda board, winner: 0.5 if winner is None else 1 if winner == board.to_move else -1,
     "A draw is worth 0"),
    (lambda board, winner: 1 if winner == board.to_move else -1, "A draw is worth 0"),
], ids=["the other player's result", "a draw worth 0.5", "a draw a loss"])
def test_each_classic_value_target_mistake_is_named(value, words):
    def training_targets(game, winner):
        return [({move: count / sum(visits.values()) for move, count in visits.items()},
                 value(board, winner)) for board, visits in game]

    feedback = exercises.training_targets.check(training_targets)
    assert not feedback.passed and words in feedback.nudge, feedback.nudge


@pytest.mark.parametrize("shares, words", [
    (lambda visits: dict(visits), "the visit counts"),
    (lambda visits: {max(visits, key=visits.get): 1.0}, "everything on the most visited move"),
    (lambda visits: [count / sum(visits.values()) for count in visits.values()], "make it a dict"),
    (lambda visits: {move: count / len(visits) for move, count in visits.items()},
     "each move's visits over"),
], ids=["counts", "one-hot", "a list", "divided by the number of moves"])
def test_each_classic_policy_target_mistake_is_named(shares, words):
    def training_targets(game, winner):
        return [(shares(visits), 0 if winner is None else 1 if winner == board.to_move else -1)
                for board, visits in game]

    feedback = exercises.training_targets.check(training_targets)
    assert not feedback.passed and words in feedback.nudge, feedback.nudge


def test_training_targets_are_self_plays_own_targets():
    # On a real game of self-play, the targets the package trains on (visit shares, result for
    # the mover) are the exercise's: its first view of each position is the position itself.
    from ttt.core.protocol import seeded_random
    from ttt.learning.network import new_network
    from ttt.learning.selfplay import remembering, self_play_game, symmetric_examples

    seen, end = self_play_game(remembering(new_network(Board(), seed=3)), 8, seeded_random(3))
    game = [(position, {move: round(float(shares[move]) * 8) for move in position.legal_moves
                        if shares[move] > 0}) for position, shares in seen]
    targets = exercises.training_targets.answer(game, end.winner)
    examples = symmetric_examples(seen, end)
    views = len(examples) // len(seen)
    for number, (shares, value) in enumerate(targets):
        assert examples.values[number * views] == value
        row = examples.policies[number * views]
        assert all(math.isclose(row[move], share) for move, share in shares.items())
