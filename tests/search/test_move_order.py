"""A search that tries its moves in another order is still watched right (issue 39).

Each test edits a search the lessons show, as a student of lesson 5 (move ordering) would: the
source of the function, with one line changed so that it tries the moves reversed or shuffled,
is run again in its own module, ``@watched`` line and all (put back after the test). Or it plays
a game whose positions list their moves shuffled. Then the moves chosen, every recorded step and
the trees drawn are checked against a search written here, which keeps its own paths.
"""

import importlib
import inspect
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import pytest

from ttt.core.protocol import final_score
from ttt.course.stepper import StepThrough, replay
from ttt.games.board import Board
from ttt.pictures.display import draw_tree
from ttt.search import fast
from ttt.search.counting import reachable_positions
from ttt.search.expectimax import expectimax
from ttt.search.mcts import mcts
from ttt.search.minimax import alphabeta, alphabeta_value, minimax, minimax_value
from ttt.search.trace import BACK_UP, CUT, ENTER, EXPAND, LEAF, PLAY_OUT, Recorder, mcts_steps
from ttt.search.tree import build_tree, fill_values

Order = Callable[[object, Sequence], list]
# not ttt's function of the name
expectimax_module = importlib.import_module("ttt.search.expectimax")
mcts_module = importlib.import_module("ttt.search.mcts")


def reversed_order(position: object, moves: Sequence) -> list:
    return list(reversed(moves))


def shuffled_order(position: object, moves: Sequence) -> list:
    """The moves shuffled, the same way for the same position (seeded by its text)."""
    return random.Random(str(position)).sample(list(moves), len(moves))


ORDERS = [reversed_order, shuffled_order]

# X X O
# . O .    X to move: only 3 blocks O's diagonal (2, 4, 6) and draws; 5 and 8 lose
LESSON_5 = Board.from_string("XXO|.O.|X..")
# X . .
# . O .    O to move
# . . X
FORK = Board.from_string("X..|.O.|..X")
# X . X
# . O .    O to move, X threatens 1: lesson 3's step-through
BLOCK = Board.from_string("X.X|.O.|O.X")


@pytest.fixture
def edit(monkeypatch):
    """``edit(function, old, new, **names)``: ``function``'s source (the ``def`` a lesson shows)
    with the line ``old`` changed to ``new``, run in its module (which gets ``names`` too) with
    the line below it in the file that watches it, as a student's edit of the file would be; the
    module is put back as it was after the test."""

    def edit(function: Callable, old: str, new: str, **names: object) -> None:
        module = sys.modules[function.__module__]
        source = inspect.getsource(function)
        assert source.startswith("def ") and source.count(old) == 1, old
        monkeypatch.setattr(module, function.__name__, function)
        for name, value in names.items():
            monkeypatch.setattr(module, name, value, raising=False)
        below = f"\n{function.__name__} = watched({function.__name__})\n"
        assert below in inspect.getsource(module), "watched on the line below its def"
        exec(compile(source.replace(old, new) + below, module.__file__, "exec"), vars(module))
        assert getattr(module, function.__name__) is not function

    return edit


def minimax_in(order: Order, edit) -> None:
    edit(minimax_value, "for move in position.legal_moves]",
         "for move in order(position, position.legal_moves)]", order=order)


def alphabeta_in(order: Order, edit) -> None:
    edit(alphabeta_value, "for move in moves_in_order(position, ordered):",
         "for move in order(position, moves_in_order(position, ordered)):", order=order)


def played(position, path):
    for move in path:
        position = position.play(move)
    return position


# --- a search written here, which keeps its own paths: what the watch must report -------------


def reference(position, order: Order, *, pruning: bool, ordered: bool = True) -> list[tuple]:
    """The steps of minimax (alpha-beta with ``pruning``) below ``position`` trying the moves in
    ``order``, as (kind, path, ...) tuples, the paths kept by the search itself."""
    steps: list[tuple] = []

    def value(position, path, alpha, beta):
        steps.append((ENTER, path, alpha, beta))
        if position.is_over:
            steps.append((LEAF, path, final_score(position)))
            return final_score(position)
        tried = {}
        moves = position.ordered_moves if ordered and pruning else position.legal_moves
        for move in order(position, moves):
            tried[move] = value(position.play(move), (*path, move), alpha, beta)
            if pruning and position.to_move == "X":
                alpha = max(alpha, tried[move])
            elif pruning:
                beta = min(beta, tried[move])
            if alpha >= beta:
                break
        skipped = tuple(move for move in position.legal_moves if move not in tried)
        if skipped:
            steps.append((CUT, path, skipped, alpha, beta))
        best = (max if position.to_move == "X" else min)(tried.values())
        steps.append((BACK_UP, path, best, tuple(tried.items()), alpha, beta))
        return best

    value(position, (), -math.inf, math.inf)
    return steps


def as_told(steps) -> list[tuple]:
    """The Recorder's steps in the reference's form."""
    told = []
    for step in steps:
        if step.kind == ENTER:
            told.append((ENTER, step.path, step.alpha, step.beta))
        elif step.kind == LEAF:
            told.append((LEAF, step.path, step.value))
        elif step.kind == CUT:
            told.append((CUT, step.path, step.pruned, step.alpha, step.beta))
        else:
            told.append((BACK_UP, step.path, step.value, step.children, step.alpha, step.beta))
    return told


def record(position, *, pruning: bool, ordered: bool = True) -> list:
    recorder = Recorder()
    if pruning:
        alphabeta(position, ordered=ordered, watch=recorder)
    else:
        minimax(position, watch=recorder)
    return recorder.steps


# --- the moves chosen -------------------------------------------------------------------------


@pytest.mark.parametrize("order", ORDERS)
def test_alphabeta_trying_the_moves_in_another_order_plays_lesson_5s_only_draw(order, edit):
    alphabeta_in(order, edit)
    for ordered in (True, False):
        result = alphabeta(LESSON_5, ordered=ordered)
        assert (result.move, result.value) == (3, 0)


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("edited", [minimax_in, alphabeta_in])
def test_the_move_chosen_is_the_first_tried_of_the_best(order, edited, edit):
    # a tenth of the positions with 4 to 6 free cells, where moves differ most; the exact
    # scores from the bit-board search, which no edit here touches
    positions = sorted((p for p in reachable_positions() if 4 <= p.free_cells <= 6
                        and not p.is_over), key=str)[::10]
    exact = {p: {move: fast.minimax(p.play(move)).score for move in p.legal_moves}
             for p in positions}
    edited(order, edit)
    run = minimax if edited is minimax_in else alphabeta
    for position in positions:
        result = run(position, ordered=False) if run is alphabeta else run(position)
        scores = exact[position]
        best = (max if position.to_move == "X" else min)(scores.values())
        assert result.score == best
        assert result.move == next(move for move in order(position, position.legal_moves)
                                   if scores[move] == best), position


# --- the steps recorded, and the trees drawn ----------------------------------------------------


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("board", [FORK, LESSON_5, BLOCK])
def test_every_step_is_told_at_the_path_the_search_itself_followed(order, board, edit):
    minimax_in(order, edit)
    alphabeta_in(order, edit)
    assert as_told(record(board, pruning=False)) == reference(board, order, pruning=False)
    for ordered in (True, False):
        steps = record(board, pruning=True, ordered=ordered)
        assert as_told(steps) == reference(board, order, pruning=True, ordered=ordered)
        assert all(played(board, step.path) == step.board for step in steps)


@pytest.mark.parametrize("order", ORDERS)
def test_the_trees_with_values_are_filled_and_drawn_as_before(order, edit):
    trees = {board: build_tree(board) for board in (FORK, BLOCK)}
    drawn = {board: draw_tree(fill_values(tree)).source for board, tree in trees.items()}
    minimax_in(order, edit)
    for board in trees:
        assert draw_tree(fill_values(build_tree(board))).source == drawn[board]


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("pruning", [False, True])
def test_the_step_through_draws_each_value_at_the_node_it_belongs_to(order, pruning, edit):
    minimax_in(order, edit)
    alphabeta_in(order, edit)
    widget = StepThrough(BLOCK, pruning=pruning)
    values = {step[1]: step[2] for step in reference(BLOCK, order, pruning=pruning)
              if step[0] in (LEAF, BACK_UP)}
    for k in range(len(widget.steps)):
        state = replay(widget.steps, k)
        assert all(values[path] == value for path, value in state.known.items())
        assert played(BLOCK, state.current) == widget.steps[k].board
        assert "digraph" in widget.draw(k).source
    assert widget.steps[-1].value == minimax(BLOCK).score


# --- expectimax and Monte Carlo tree search ------------------------------------------------------


@pytest.mark.parametrize("order", ORDERS)
def test_expectimax_trying_the_moves_in_another_order_is_watched_right(order, edit):
    board = Board.from_string("X..|.O.|...")
    before = expectimax(board, "O")
    edit(expectimax_module.expectimax_value, "for move in position.legal_moves]",
         "for move in order(position, position.legal_moves)]", order=order)
    recorder, table = Recorder(), {}
    result = expectimax(board, "O", table=table, watch=recorder)
    assert (result.value, result.move, result.nodes) == (before.value, before.move, before.nodes)
    for step in recorder.steps:
        assert played(board, step.path) == step.board
        if step.kind == BACK_UP:
            assert dict(step.children) == {move: table[step.board.play(move)]
                                           for move in step.board.legal_moves}
            assert list(dict(step.children)) == order(step.board, step.board.legal_moves)
    assert isinstance(recorder.steps[-1].value, Fraction)


def test_monte_carlo_expanding_the_last_untried_move_is_watched_right(edit):
    board = Board.from_string("X..|.O.|...")
    edit(mcts_module.expand, "node.untried.pop(rng.randrange(len(node.untried)))",
         "node.untried.pop()")
    steps = mcts_steps(board, 12, seed=1)
    result = mcts(board, 12, seed=1)
    assert [step.path for step in steps if step.kind == EXPAND][:2] == [(8,), (7,)]
    for step, after in zip(steps, steps[1:], strict=False):
        assert played(board, step.path) == step.board
        if step.kind == PLAY_OUT:  # from the node expanded, and backed up from there
            assert after.kind == BACK_UP and after.path == step.path
            assert final_score(played(step.board, step.moves), prefer_quick=False) == step.value
    assert steps[-1].tree == result.tree


# --- a game whose positions list their moves shuffled --------------------------------------------


@dataclass(frozen=True)
class Shuffled:
    """Tic-tac-toe, its legal moves listed in a shuffled order of its own (no ordered_moves)."""

    board: Board

    @property
    def legal_moves(self) -> list[int]:
        return shuffled_order(self.board, self.board.legal_moves)

    def play(self, move: int) -> "Shuffled":
        return Shuffled(self.board.play(move))

    to_move = property(lambda self: self.board.to_move)
    is_over = property(lambda self: self.board.is_over)
    winner = property(lambda self: self.board.winner)
    free_cells = property(lambda self: self.board.free_cells)

    def __str__(self) -> str:
        return str(self.board)


def test_every_search_of_a_game_with_shuffled_moves_is_watched_right():
    def plain(position, moves):
        return list(moves)

    for board in (FORK, LESSON_5, BLOCK):
        game = Shuffled(board)
        for pruning in (False, True):
            steps = record(game, pruning=pruning)
            assert as_told(steps) == reference(game, plain, pruning=pruning, ordered=False)
        scores = {move: minimax(board.play(move)).score for move in board.legal_moves}
        best = (max if board.to_move == "X" else min)(scores.values())
        first_best = next(move for move in game.legal_moves if scores[move] == best)
        assert minimax(game).move == alphabeta(game).move == first_best
    recorder = Recorder()
    result = mcts(Shuffled(FORK), 20, seed=3, watch=recorder)
    assert all(played(Shuffled(FORK), step.path) == step.board for step in recorder.steps)
    assert recorder.steps[-1].tree == result.tree
