"""Tests of ttt.search.minimax: minimax, alpha-beta and the solver agree, on every reachable
position; the searches count what their watch sees; iterative deepening is alpha-beta, deeper and
deeper.

Values are from X's point of view: +1 X wins, 0 draw, -1 O wins. The solver (a transposition
table) is checked against plain minimax first; after that it serves as the quick source of truth
for the 5,478 reachable positions, so the whole file runs in seconds.
"""

import itertools
import math
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import playable_positions, positions
from time_limits import SEARCH_TIME_LIMIT
from toy_games import Heap

from ttt.core.protocol import best_move, leaf_score
from ttt.core.watching import Counting, Watch
from ttt.games.board import Board, open_lines
from ttt.games.mnk import connect_four
from ttt.search.counting import reachable_positions
from ttt.search.fast import Outcome, Solver
from ttt.search.minimax import Deadline, OutOfTime, alphabeta, iterative_deepening, minimax

pytestmark = SEARCH_TIME_LIMIT

#: Positions in the full game tree, the empty board included.
TREE_SIZE = 549_946

REACHABLE = reachable_positions()


@pytest.fixture(scope="module")
def solved() -> dict[bool, Solver]:
    """A solver with the full table, for prefer_quick True and False."""
    solvers = {quick: Solver(prefer_quick=quick) for quick in (True, False)}
    for solver in solvers.values():
        solver.look_up(Board())
    return solvers


def free_cells(board: Board) -> int:
    return 9 - board.moves_made


# --- from the empty board -------------------------------------------------------------------

@pytest.mark.parametrize("prefer_quick", [True, False])
def test_minimax_from_the_empty_board_is_a_draw(prefer_quick, solved):
    # . . .
    # . . .
    # . . .
    result = minimax(Board(), prefer_quick=prefer_quick)
    assert result.value == 0
    assert result.nodes == TREE_SIZE
    assert result.score == solved[prefer_quick].look_up(Board()).score
    # the move keeps the value (the property tests below start two moves in: cheaper searches)
    assert solved[prefer_quick].look_up(Board().play(result.move)).score == result.score


def test_alphabeta_from_the_empty_board():
    ordered = alphabeta(Board(), ordered=True)
    unordered = alphabeta(Board(), ordered=False)
    assert ordered.value == unordered.value == 0
    assert ordered.nodes < 10_000
    assert ordered.nodes < unordered.nodes < TREE_SIZE


def test_solver_table_sizes():
    solver = Solver()
    result = solver.look_up(Board())
    assert len(solver.table) == len(REACHABLE) == 5478
    assert result.nodes == 5478
    assert solver.look_up(Board().play(4)).nodes == 0  # already in the table

    symmetric = Solver(symmetry=True)
    assert symmetric.look_up(Board()).nodes == len(symmetric.table) == 765


def test_symmetric_solver_gives_the_same_answers(solved):
    symmetric = Solver(symmetry=True)
    for board in REACHABLE:
        assert symmetric.look_up(board).score == solved[True].look_up(board).score
        assert symmetric.move_scores(board) == solved[True].move_scores(board)


# --- the solver is minimax; alpha-beta is minimax -------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("prefer_quick", [True, False])
def test_solver_agrees_with_minimax(prefer_quick, solved):
    # Every position with at most 7 free cells (the empty board is checked above; the 9
    # positions with 8 free cells are left out only because each is nearly a full tree).
    for board in REACHABLE:
        if free_cells(board) > 7:
            continue
        expected = minimax(board, prefer_quick=prefer_quick)
        got = solved[prefer_quick].look_up(board)
        assert (got.score, got.value, got.move) == (expected.score, expected.value,
                                                    expected.move), board


@pytest.mark.slow
@pytest.mark.parametrize("ordered", [True, False])
@pytest.mark.parametrize("prefer_quick", [True, False])
def test_alphabeta_agrees_with_minimax_everywhere(ordered, prefer_quick, solved):
    truth = solved[prefer_quick]
    for board in REACHABLE:
        result = alphabeta(board, ordered=ordered, prefer_quick=prefer_quick)
        expected = truth.look_up(board)
        assert (result.score, result.value) == (expected.score, expected.value), board
        if board.is_over:
            assert result.move is None
        else:  # alpha-beta may pick another move, but it must be as good
            assert truth.move_scores(board)[result.move] == expected.score, board


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(1, 3), st.booleans(), st.booleans())
def test_depth_limited_alphabeta_agrees_with_minimax(board, depth, ordered, prefer_quick):
    expected = minimax(board, depth=depth, prefer_quick=prefer_quick)
    result = alphabeta(board, depth=depth, ordered=ordered, prefer_quick=prefer_quick)
    assert (result.score, result.value) == (expected.score, expected.value)
    assert result.nodes <= expected.nodes


# --- the best move keeps the value ------------------------------------------------------------

@pytest.mark.parametrize("prefer_quick", [True, False])
def test_the_best_move_never_changes_the_value(prefer_quick, solved):
    solver = solved[prefer_quick]
    for board in REACHABLE:
        if board.is_over:
            continue
        result = solver.look_up(board)
        child = solver.look_up(board.play(result.move))
        assert (child.value, child.score) == (result.value, result.score), board


# From two moves in: Hypothesis tries the simplest example first, the empty board, whose full
# search (549,946 positions) made this test the slowest of the file; the empty board's move is
# checked above.
@settings(max_examples=60, deadline=None)
@given(board=playable_positions(min_moves=2), prefer_quick=st.booleans())
def test_minimax_move_keeps_the_value(board, prefer_quick, solved):
    result = minimax(board, prefer_quick=prefer_quick)
    child = board.play(result.move)
    assert solved[prefer_quick].look_up(child).score == result.score


# --- prefer_quick ----------------------------------------------------------------------------

PUZZLE = Board.from_string("X..|...|O.X")


def test_puzzle_every_o_move_loses():
    # X . .
    # . . .     O to move
    # O . X
    assert PUZZLE.to_move == "O"
    for cell in PUZZLE.legal_moves:
        assert minimax(PUZZLE.play(cell)).value == 1, cell
    assert minimax(PUZZLE).value == 1


def test_puzzle_prefer_quick_blocks_in_the_centre():
    # X . .
    # . O .     the slowest loss: X still wins, but needs two more moves of its own
    # O . X
    assert minimax(PUZZLE, prefer_quick=True).move == 4
    assert alphabeta(PUZZLE, prefer_quick=True).move == 4
    outcomes = Solver().move_outcomes(PUZZLE)
    assert outcomes[4].plies > max(o.plies for cell, o in outcomes.items() if cell != 4)


def test_puzzle_without_prefer_quick_plays_the_lowest_cell():
    # X O .
    # . . .     all moves lose alike, so the first one searched is kept
    # O . X
    result = minimax(PUZZLE, prefer_quick=False)
    assert result.move == min(PUZZLE.legal_moves) == 1
    assert result.value == 1


WIN_NOW = Board.from_string("...|.X.|XOO")


def test_win_now_or_later():
    # . . .
    # . X .     X to move: 2 wins at once (2-4-6); 0 also wins, later (threats at 2 and 3)
    # X O O
    assert [c for c in WIN_NOW.legal_moves if WIN_NOW.play(c).winner == "X"] == [2]
    for search in (minimax, alphabeta):
        quick = search(WIN_NOW, prefer_quick=True)
        assert quick.value == 1 and quick.move == 2
        assert WIN_NOW.play(quick.move).winner == "X"
    slow = minimax(WIN_NOW, prefer_quick=False)
    assert slow.value == 1 and slow.move == 0
    assert WIN_NOW.play(slow.move).winner is None
    assert minimax(WIN_NOW.play(slow.move), prefer_quick=False).value == 1


# --- outcomes: who wins and how soon ---------------------------------------------------------

def test_outcome_win_in_one():
    # X X .
    # O O .     X to move wins at 2; any other move lets O win at 5
    # . . .
    board = Board.from_string("XX.|OO.|...")
    solver = Solver()
    assert solver.outcome(board) == Outcome(1, 1)
    outcomes = solver.move_outcomes(board)
    assert outcomes[2] == Outcome(1, 1)
    assert outcomes[8] == Outcome(-1, 2)
    assert sorted(outcomes) == list(board.legal_moves)


def test_outcome_of_the_empty_board_is_a_nine_move_draw():
    assert Solver().outcome(Board()) == Outcome(0, 9)


def test_outcome_of_a_finished_game_takes_no_moves():
    # X X X
    # O O .
    # . . .
    assert Solver().outcome(Board.from_string("XXX|OO.|...")) == Outcome(1, 0)
    assert Solver().move_outcomes(Board.from_string("XXX|OO.|...")) == {}


def test_outcome_needs_prefer_quick():
    with pytest.raises(ValueError, match="prefer_quick=True"):
        Solver(prefer_quick=False).outcome(Board())


def play_out(board: Board) -> int:
    """How many moves a game lasts from ``board`` when both sides follow minimax."""
    plies = 0
    while not board.is_over:
        board = board.play(minimax(board).move)
        plies += 1
    return plies


# Two moves in, as above: the positions before are checked against minimax at the top of the file.
@settings(max_examples=60, deadline=None)
@given(positions(min_moves=2))
def test_outcome_agrees_with_minimax_played_out(board):
    outcome = Solver().outcome(board)
    assert outcome.value == minimax(board).value
    assert outcome.plies == play_out(board)


@settings(max_examples=60, deadline=None)
@given(positions(min_moves=2))
def test_move_outcomes_agree_with_minimax(board):
    solver = Solver()
    for cell, outcome in solver.move_outcomes(board).items():
        child = board.play(cell)
        assert outcome.value == minimax(child).value
        assert outcome.plies == 1 + solver.outcome(child).plies


# --- depth-limited search --------------------------------------------------------------------

@pytest.mark.parametrize("search", [minimax, alphabeta])
def test_depth_one_takes_an_immediate_win(search):
    # X . O
    # . X .     X to move wins at 8
    # O . .
    board = Board.from_string("X.O|.X.|O..")
    result = search(board, depth=1)
    assert result.move == 8 and result.value == 1


@pytest.mark.parametrize("search", [minimax, alphabeta])
@pytest.mark.parametrize("depth", [0, -1])
def test_depth_must_be_at_least_one(search, depth):
    with pytest.raises(ValueError, match="depth must be at least 1"):
        search(Board(), depth=depth)


def test_open_lines_stays_strictly_between_minus_one_and_one():
    values = [open_lines(board) for board in REACHABLE]
    assert all(-1 < value < 1 for value in values)
    assert min(values) < 0 < max(values)


def test_open_lines_counts_lines_still_open():
    # X . .
    # . . .     X could still use row 0, column 0 and a diagonal
    # . . .
    assert open_lines(Board.from_string("X..|...|...")) == 3 / 9
    # X . .
    # . O .     X keeps row 0 and column 0 (O blocks the diagonal); O keeps 3 of its 4 lines
    # . . .     through the centre (X blocks the diagonal 0-4-8)
    assert open_lines(Board.from_string("X..|.O.|...")) == (2 - 3) / 9


def test_depth_limited_value_is_a_heuristic_unless_the_game_ends():
    # From the empty board nothing ends within 3 moves, so the value is an estimate.
    result = minimax(Board(), depth=3)
    assert -1 < result.value < 1
    assert result.value == result.score


# --- finished positions -----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("XXX|OO.|...", 1),   # X won
    ("OOO|XX.|X..", -1),  # O won
    ("XOX|XXO|OXO", 0),   # draw
])
def test_finished_position(text, value):
    board = Board.from_string(text)
    for search in (minimax, alphabeta):
        result = search(board)
        assert (result.value, result.move, result.nodes) == (value, None, 1)
    assert Solver().look_up(board).move is None


# --- watching: the count of positions is a watch ---------------------------------------------

class Log(Watch):
    """A watch that writes down each step it is told of, and the path where it happens."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, tuple]] = []

    def enter(self, path, position, alpha=-math.inf, beta=math.inf):
        self.steps.append(("enter", path, alpha, beta))

    def leaf(self, path, position, score):
        self.steps.append(("leaf", path, score))

    def leave(self, path, position, scores, score, alpha=-math.inf, beta=math.inf):
        self.steps.append(("back up", path, dict(scores), score))

    def cut(self, path, position, skipped, alpha, beta):
        self.steps.append(("cut", path, tuple(skipped)))


FORK = Board.from_string("X..|.O.|..X")  # O to move, 6 free cells: a few hundred positions


@pytest.mark.parametrize("search", [minimax, alphabeta])
def test_nodes_are_the_positions_the_watch_sees_entered(search):
    log = Log()
    result = search(FORK, watch=log)
    entered = [step[1] for step in log.steps if step[0] == "enter"]
    left = [step[1] for step in log.steps if step[0] in ("leaf", "back up")]
    assert result.nodes == len(entered) == len(set(entered)) > 100
    assert sorted(left) == sorted(entered)  # each position is left once, scored or backed up
    assert log.steps[-1][:2] == ("back up", ()) and log.steps[-1][3] == result.score


def test_a_counting_watch_tells_the_watch_it_wraps_every_step():
    alone, wrapped = Log(), Log()
    counting = Counting(wrapped)
    result = alphabeta(FORK, watch=alone)
    assert alphabeta(FORK, watch=counting) == result
    assert wrapped.steps == alone.steps and any(step[0] == "cut" for step in alone.steps)
    assert counting.nodes == result.nodes


# --- iterative deepening: alpha-beta, deeper and deeper ----------------------------------------

def ticks():
    """A clock that moves on one tick each time it is read (1, 2, 3, ...): a budget of N
    'seconds' is then a budget of about N positions."""
    return itertools.count(1).__next__


def test_a_deadline_stops_the_search_at_the_first_position_past_it():
    readings = itertools.count(1)
    watch = Deadline(10, readings.__next__)
    with pytest.raises(OutOfTime):
        alphabeta(connect_four(), depth=4, watch=watch)
    assert watch.nodes == next(readings) - 1 == 11  # the 11th position reads 11: past the deadline


@pytest.mark.parametrize(("position", "depth", "to_the_end"), [
    (connect_four(), 2, False),
    (Board.from_string("XOX|XOO|.X."), 2, True),  # two free cells: depth 2 reaches every end
])
def test_a_deadline_keeps_the_scores_at_the_root_and_whether_the_search_reached_the_ends(
        position, depth, to_the_end):
    watch = Deadline(math.inf, time.perf_counter)
    result = alphabeta(position, depth=depth, watch=watch)
    assert list(watch.root_scores) == list(position.ordered_moves)
    assert best_move(position, watch.root_scores) == result.move
    assert watch.reached_the_end is to_the_end
    assert watch.nodes == result.nodes


FOUR_AFTER_TWO = connect_four().play(3).play(3)


@pytest.mark.parametrize("budget", [40, 400, 4000])
@pytest.mark.parametrize("position", [connect_four(), FOUR_AFTER_TWO, Board().play(4)],
                         ids=["connect-four", "connect-four-after-two", "tic-tac-toe"])
def test_iterative_deepening_plays_a_best_move_of_alphabeta_at_the_depth_it_reached(position,
                                                                                      budget):
    move, depth, nodes = iterative_deepening(position, budget, clock=ticks())
    assert depth >= 1 and nodes <= budget + 1  # the position that finds the time is up counts
    after = position.play(move)
    score = (alphabeta(after, depth=depth - 1).score if depth > 1
             else leaf_score(after, None, prefer_quick=True))
    assert score == alphabeta(position, depth=depth).score


def test_iterative_deepening_solves_the_empty_board_at_depth_9_trying_the_centre_first():
    # . . .
    # . . .     X to move: every move draws, so no depth finds a win and the search goes on
    # . . .     until every line has ended, at depth 9; among equals the first tried is kept,
    #           and the first search tries the most promising move, the centre, first
    move, depth, _ = iterative_deepening(Board(), 10**9, clock=ticks())
    assert (move, depth) == (4, 9)


def test_iterative_deepening_stops_at_the_depth_that_finds_a_win():
    # X X .
    # O O .     X to move wins at once (2). A win found is the game solved: depth 1 finds it, and
    # . . .     the search stops there, after depth 1's 6 positions, though the games after the
    #           other moves go on (deeper would find no more)
    assert iterative_deepening(Board.from_string("XX.|OO.|..."), 10**9, clock=ticks()) == (2, 1, 6)
    # A heap of 5 stones (tests/helpers/toy_games.py), X to move: taking 1 leaves O a multiple of 4,
    # a win that depth 3 proves. A game without free cells scores every win exactly 1: still a win
    # found
    assert iterative_deepening(Heap(5), 10**9, clock=ticks()) == (1, 3, 31)


def test_iterative_deepenings_first_search_tries_the_most_promising_moves_first():
    # . O O
    # X . X     O to move wins at once in 0 (the top row) or in 4 (the diagonal 2-4-6). The first
    # O X X     search tries the centre first (ordered_moves), finds the win and stops there,
    #           at depth 1 after 3 positions; in the board's order it would play 0
    assert iterative_deepening(Board.from_string(".OO|X.X|OXX"), 10**9, clock=ticks()) == (4, 1, 3)
    # . . .
    # . . X     X to move: among moves that depth 1 scores alike, the first search's order decides
    # O . .     which the next depth tries first, and so how many positions it takes to the end:
    #           728 (733 in the board's order)
    after_two = Board.from_string("...|..X|O..")
    assert iterative_deepening(after_two, 10**9, clock=ticks()) == (8, 5, 728)


def test_iterative_deepening_plays_the_same_move_for_the_same_seed():
    after_centre = Board().play(4)
    for seed in range(10):
        first = iterative_deepening(after_centre, 10**6, seed=seed, clock=ticks())
        assert iterative_deepening(after_centre, 10**6, seed=seed, clock=ticks()) == first


def test_iterative_deepening_with_a_seed_varies_among_equal_moves():
    # . . .
    # . X .     O to move: the four corners are mirror images, equal at every depth, and the
    # . . .     only replies that draw; the seed picks one of them
    moves = {iterative_deepening(Board().play(4), 10**6, seed=seed, clock=ticks())[0]
             for seed in range(12)}
    assert len(moves) > 1 and moves <= {0, 2, 6, 8}


@pytest.mark.parametrize("seed", [None, *range(8)])
def test_iterative_deepening_out_of_time_before_depth_1_plays_the_most_promising_move(seed):
    # X X .
    # O O .     X to move, with time for one position only: no depth finishes, so the move is
    # . . .     the first of the position's own order, the win at 2, whatever the seed shuffled
    position = Board.from_string("XX.|OO.|...")
    move, depth, _ = iterative_deepening(position, 1, seed=seed, clock=ticks())
    assert (move, depth) == (2, 0)
