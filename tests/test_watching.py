"""Tests of ttt.core.watching: a search declared @watched is watched from outside its body: every call
and return, told to a Watch as the steps they stand for (enter, leaf, leave, cut, with paths read
from the positions called), counted, with nothing in any module replaced. (tests/search/test_move_order.py
edits the order in which the searches try their moves.)"""

import functools
import inspect
import itertools
import math
import re
from dataclasses import dataclass

import pytest

from ttt import search
from ttt.games.board import Board
from ttt.games.mnk import connect_four
from ttt.search.minimax import Deadline, OutOfTime, alphabeta, minimax
from ttt.search.tree import build_tree, count_nodes
from ttt.core.watching import Counting, Watch, calls_through, watched, watching

FORK = Board.from_string("X..|.O.|..X")  # O to move, 6 free cells: a few hundred positions


@dataclass(frozen=True)
class Heap:
    """A heap game: take 1 or 2 stones, who takes the last one wins (only what watching reads of
    a position: its legal moves and the position after one)."""

    stones: int

    @property
    def legal_moves(self) -> list[int]:
        return [take for take in (1, 2) if take <= self.stones]

    def play(self, take: int) -> "Heap":
        return Heap(self.stones - take)


@watched
def heap_value(heap: Heap) -> float:
    """The value of a heap for the player to move, negamax style: a small recursive search of
    this module, for watching."""
    if heap.stones == 0:
        return -1
    return max(-heap_value(heap.play(take)) for take in heap.legal_moves)


class Log(Watch):
    """A watch that writes down each step it is told of."""

    def __init__(self) -> None:
        self.steps: list[tuple] = []

    def enter(self, path, position, alpha=-math.inf, beta=math.inf):
        self.steps.append(("enter", path, position, alpha, beta))

    def leaf(self, path, position, score):
        self.steps.append(("leaf", path, position, score))

    def leave(self, path, position, scores, score, alpha=-math.inf, beta=math.inf):
        self.steps.append(("back up", path, position, dict(scores), score, alpha, beta))

    def cut(self, path, position, skipped, alpha, beta):
        self.steps.append(("cut", path, position, tuple(skipped), alpha, beta))


def played(position, path):
    for move in path:
        position = position.play(move)
    return position


def test_the_name_is_never_replaced_and_only_calls_within_the_block_are_counted():
    original = heap_value
    with watching(heap_value) as seen:
        assert heap_value is original and search.minimax_value.__module__ == "ttt.search.minimax"
        heap_value(Heap(3))
    heap_value(Heap(3))  # unwatched: not counted
    assert heap_value is original
    assert seen.nodes == heap_tree_size(3) == 7  # 3 stones; 2 and 1 after; 1, 0 and 0 ...


def heap_plain(stones: int) -> float:
    """The value of the heap game, unwatched: what the watched search must agree with."""
    return -1 if stones == 0 else max(-heap_plain(stones - t) for t in (1, 2) if t <= stones)


def heap_tree_size(stones: int) -> int:
    return 1 + sum(heap_tree_size(stones - t) for t in (1, 2) if t <= stones)


@pytest.mark.parametrize("stones", [0, 1, 2, 5, 9])
def test_the_count_is_the_size_of_the_tree_and_the_root_scores_are_its_moves_values(stones):
    with watching(heap_value) as seen:
        value = heap_value(Heap(stones))
    assert value == heap_plain(stones)
    assert seen.nodes == heap_tree_size(stones)
    assert seen.root_scores == {take: heap_plain(stones - take)  # what each call returned
                                for take in Heap(stones).legal_moves}


def test_only_a_function_declared_watched_is_watched():
    for not_declared in (len, heap_plain, print):
        with pytest.raises(TypeError, match="declared @watched"), watching(not_declared):
            pass
    assert len("abc") == 3


def test_watched_takes_a_function_whose_arguments_can_all_be_given_by_position():
    def keyword_only(position, *, depth):
        return depth

    with pytest.raises(TypeError, match="by position"):
        watched(keyword_only)
    with pytest.raises(TypeError, match="function"):
        watched(3)


def test_a_call_by_keyword_reaches_the_watch_as_the_arguments_in_order():
    seen = []

    def through(body):
        def passed_on(*args):
            seen.append(args)
            return body(*args)
        return passed_on

    with calls_through(search.alphabeta_value, through):
        search.alphabeta_value(FORK, 0, score=hash, ordered=True, alpha=-1, beta=1)
    assert seen == [(FORK, 0, -1, 1, hash, True)]


def test_the_watch_is_detached_after_an_error_inside_the_search():
    with pytest.raises(OutOfTime):
        alphabeta(connect_four(), depth=4, watch=Deadline(10, itertools.count(1).__next__))
    assert search.alphabeta_value._attached == []
    assert alphabeta(FORK).nodes == alphabeta(FORK, watch=Counting()).nodes


@pytest.mark.parametrize("run", [minimax, alphabeta])
def test_each_entered_path_leads_to_the_position_entered_and_is_left_once(run):
    log = Log()
    result = run(FORK, watch=log)
    entered = [step for step in log.steps if step[0] == "enter"]
    assert len(entered) == result.nodes > 100
    assert all(played(FORK, path) == position for _, path, position, *_ in entered)
    left = sorted(step[1] for step in log.steps if step[0] in ("leaf", "back up"))
    assert left == sorted(step[1] for step in entered)
    assert log.steps[0][:2] == ("enter", ()) and log.steps[-1][:2] == ("back up", ())


def test_minimax_steps_are_the_tree_walked_depth_first():
    board = Board.from_string("..X|X.O|OOX")
    log = Log()
    minimax(board, watch=log)
    entered = [step[1] for step in log.steps if step[0] == "enter"]
    assert len(entered) == count_nodes(build_tree(board)) == 16
    assert entered[:4] == [(), (0,), (0, 1), (0, 1, 4)]  # down the first moves first
    leaves = [step for step in log.steps if step[0] == "leaf"]
    assert all(played(board, path).is_over for _, path, *_ in leaves)


def test_a_cut_names_the_moves_never_searched_and_the_window_that_closed():
    log = Log()
    alphabeta(FORK, watch=log)
    cuts = [step for step in log.steps if step[0] == "cut"]
    assert cuts
    entered = {step[1] for step in log.steps if step[0] == "enter"}
    for _, path, position, skipped, alpha, beta in cuts:
        assert alpha >= beta
        assert all((*path, move) not in entered for move in skipped)
        searched = [move for move in position.ordered_moves if (*path, move) in entered]
        assert searched == list(position.ordered_moves)[:len(searched)]  # the first ones tried
        assert sorted([*searched, *skipped]) == sorted(position.legal_moves)
        assert list(skipped) == [move for move in position.legal_moves if move in skipped]


def test_alphabeta_tells_each_position_the_window_it_was_searched_with():
    # X O X
    # O O .     X to move: the first position is searched with the whole window, and X's
    # X . .     second move with alpha raised to the score of the first
    board = Board.from_string("XOX|OO.|X..")
    log = Log()
    alphabeta(board, ordered=False, watch=log)
    enters = {step[1]: step[3:] for step in log.steps if step[0] == "enter"}
    first_score = next(step[-3] if step[0] == "back up" else step[-1] for step in log.steps
                       if step[0] in ("leaf", "back up") and step[1] == (5,))
    assert enters[()] == (-math.inf, math.inf)
    assert enters[(7,)] == (first_score, math.inf)


def test_a_backup_holds_the_scores_of_the_moves_searched_and_the_best_of_them():
    log = Log()
    minimax(FORK, watch=log)
    scores_found = {step[1]: step[3] for step in log.steps if step[0] == "leaf"}
    scores_found |= {step[1]: step[4] for step in log.steps if step[0] == "back up"}
    for _, path, position, scores, score, *_ in (s for s in log.steps if s[0] == "back up"):
        assert scores == {move: scores_found[(*path, move)] for move in position.legal_moves}
        assert score == (max if position.to_move == "X" else min)(scores.values())


def test_a_search_inside_a_watched_search_is_watched_by_its_own_watch_only():
    def deeper(position):  # an evaluation that is itself a search
        return minimax(position).value

    board = Board.from_string("X..|.O.|...")
    result = minimax(board, depth=1, evaluate=deeper)
    assert result.nodes == 1 + len(board.legal_moves)
    assert result.value == minimax(board).value == 0
    assert search.minimax_value.__name__ == "minimax_value"
    assert search.minimax_value._attached == []  # no watch left attached


def test_a_decorated_search_is_watched_through_its_decorator(monkeypatch):
    """A decorator of the search (functools.wraps sets ``__wrapped__``, as a mutation tester's
    does) stays in the way of every call: the watch does not reach past it."""
    original, decorated_calls = search.minimax_value, []

    @functools.wraps(original)
    def decorated(*args):
        decorated_calls.append(args[0])
        return original(*args)

    monkeypatch.setattr(search, "minimax_value", decorated)
    # X O X
    # O O .
    # X . .
    result = minimax(Board.from_string("XOX|OO.|X.."))
    assert len(decorated_calls) == result.nodes > 1


def test_the_counting_and_the_reporting_watch_see_the_same_search():
    for run in (minimax, alphabeta):
        assert run(FORK) == run(FORK, watch=Watch())


def test_a_watch_that_is_not_a_watch_is_refused_before_any_search():
    with pytest.raises(TypeError, match="watch should be Watch or None"):
        minimax(FORK, watch=print)


@pytest.mark.parametrize("function", [search.minimax_value, search.alphabeta_value])
def test_the_searches_the_lessons_show_hold_only_the_algorithm(function):
    assert function._attached == []  # watched (by its @watched line), and nobody watching
    source = inspect.getsource(function)
    code = source[source.index('"""', source.index('"""') + 3) + 3:]  # after the docstring
    assert not re.search(r"watch|nodes|path|clock|check_", code), code
    if function is search.minimax_value:  # lesson 3's four lines of pseudocode, line for line
        lines = [line.strip() for line in code.splitlines() if line.strip()]
        assert [line.split()[0] for line in lines] == ["if", "return", "values", "return"]
