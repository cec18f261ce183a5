"""A player that never returns, handed to any match, tournament or learner, is stopped after its
time per move with a sentence that names it (ttt.core.limits), as typed from a notebook; a limit
of the caller's own that rings first is left to ring."""

from __future__ import annotations

import threading
import time
from collections import Counter
from types import SimpleNamespace

import pytest

import ttt
from ttt.core.limits import MOVE_SECONDS, MoveTookTooLong, TookTooLong
from ttt.core.timing import time_per_move
from ttt.course.exercises.checking import time_limited
from ttt.learning.tabular import Menace, policy_quality, td_learn
from ttt.learning.zero import losses_to_perfect, search_share
from ttt.play.matches import mean_score, play_game, round_robin, tournament
from ttt.play.players import choosing_player, random_player

#: The time per move in these tests: a loop is stopped this long after its move began.
LIMIT = 0.3


def loops(position):
    """A student's player whose loop never ends."""
    while position is not None:
        pass


#: Each door that is handed a player, called as a student types it, with ``loops`` in it.
DOORS = {
    "play_game as X": lambda: play_game(loops, random_player(seed=1)),
    "play_game as O": lambda: play_game(random_player(seed=1), loops),
    "tournament": lambda: tournament(random_player(seed=1), loops, games=3),
    "mean_score": lambda: mean_score(loops, random_player(seed=1), games=2),
    "round_robin": lambda: round_robin(
        ["random", "loops"], 2,
        lambda name, seed: loops if name == "loops" else random_player(seed=seed)),
    "policy_quality": lambda: policy_quality(loops, games=1),
    "search_share": lambda: search_share(loops, [ttt.Board()]),
    "losses_to_perfect": lambda: losses_to_perfect(loops),
    "Menace.train": lambda: Menace(seed=1).train(2, opponent=loops),
    "td_learn": lambda: td_learn(2, seed=1, opponent=loops),
}


@pytest.mark.parametrize("door", list(DOORS))
def test_a_player_that_never_returns_is_stopped_with_a_sentence_naming_it(door):
    started = time.monotonic()
    with time_per_move(LIMIT), pytest.raises(MoveTookTooLong) as stopped:
        DOORS[door]()
    assert time.monotonic() - started < 30  # a few moves at most, each stopped at LIMIT
    said = str(stopped.value)
    assert "'loops' did not choose a move within 0.3 s" in said, said
    assert "ttt.time_per_move(seconds)" in said
    assert isinstance(stopped.value, TimeoutError)


def test_the_sentence_names_the_side_and_the_position():
    # X (random, seed 1) has moved once when O's player is asked: the board shows one X
    with time_per_move(LIMIT), pytest.raises(MoveTookTooLong) as stopped:
        play_game(random_player(seed=1), loops)
    said = str(stopped.value)
    assert said.startswith("O's player 'loops' did not choose a move"), said
    assert said.count("X") == 1 and "O" not in said.split("on the position ")[1].split(":")[0]


def test_menace_learns_nothing_from_a_game_its_opponent_never_finished():
    menace = Menace(seed=1)
    boxes = {key: dict(beads) for key, beads in menace._boxes.items()}
    with time_per_move(LIMIT), pytest.raises(MoveTookTooLong):
        menace.train(3, opponent=loops)
    assert {key: dict(beads) for key, beads in menace._boxes.items()} == boxes


def test_a_slow_player_within_its_time_plays_on_and_the_time_is_the_callers_to_set():
    def thinks(position):
        time.sleep(0.05)
        return min(position.legal_moves)

    with time_per_move(1):
        record = play_game(thinks, thinks)
    # each takes the lowest free cell:   X O X
    #                                     O X O
    #                                     X . .   X wins on the diagonal 2-4-6
    assert (record.moves, record.winner) == ((0, 1, 2, 3, 4, 5, 6), "X")
    assert ttt.core.limits.MOVE_SECONDS == MOVE_SECONDS == 60  # put back after the block


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), float("inf"), "5", True, None])
def test_a_time_per_move_that_is_not_a_time_is_refused(seconds):
    with pytest.raises((TypeError, ValueError), match="seconds is a"):
        time_per_move(seconds)
    assert ttt.core.limits.MOVE_SECONDS == 60


def test_a_limited_player_keeps_what_it_found_and_its_name():
    # the board's Explain reads .choose, the tables print __name__
    player = choosing_player("first", lambda position: SimpleNamespace(
        move=min(position.legal_moves)))
    counts = tournament(player, player, games=1)
    assert counts == Counter({"X": 1, "O": 0, "draw": 0})  # the lowest free cell: X's diagonal
    limited = ttt.core.arguments.a_player(player, "player")
    assert limited.__name__ == "first" and limited.choose is player.choose
    assert ttt.core.arguments.a_player(limited, "player") is limited  # limited once


def test_an_outer_limit_that_rings_first_is_the_callers_not_the_players():
    # an exercise's check (2 s a call) around a tournament: the check's limit stops the loop
    whole = time_limited(lambda: tournament(loops, random_player(seed=1), games=1), seconds=0.3)
    started = time.monotonic()
    with pytest.raises(TookTooLong):
        whole()
    assert time.monotonic() - started < 10


def test_off_the_main_thread_the_loop_is_stopped_too():
    # no timer signal reaches another thread, as none can in the browser-only build: the
    # clock is read at each line of the student's code instead
    found = []

    def play():
        with time_per_move(LIMIT):
            try:
                play_game(loops, random_player(seed=1))
            except MoveTookTooLong as error:
                found.append(str(error))

    thread = threading.Thread(target=play)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive() and found
    assert "X's player 'loops' did not choose a move within 0.3 s" in found[0]


def guesses_for_ever(position):
    """A student's evaluation whose loop never ends."""
    while position is not None:
        pass


def a_player_whose_evaluation_never_returns() -> str:
    player = ttt.depth_limited_player(2, seed=1, evaluate=guesses_for_ever)
    with time_per_move(LIMIT), pytest.raises(MoveTookTooLong) as stopped:
        play_game(player, random_player(seed=1))
    return str(stopped.value)


@pytest.mark.parametrize("thread", ["main", "another"])
def test_a_player_whose_evaluation_never_returns_is_stopped_as_the_player(thread):
    # the move's limit rings first (the guess began after the move did), and the sentence is
    # the move's, on the main thread (a timer signal) as on another (the clock read in the loop)
    said = []
    if thread == "main":
        said.append(a_player_whose_evaluation_never_returns())
    else:
        other = threading.Thread(target=lambda: said.append(
            a_player_whose_evaluation_never_returns()))
        other.start()
        other.join(timeout=60)
    assert said and "X's player" in said[0] and "did not choose a move" in said[0], said


def test_the_package_s_own_evaluation_is_neither_timed_nor_wrapped_twice():
    from ttt.core.arguments import checked_evaluation
    from ttt.games.grid import open_lines

    # X . .
    # . O .
    # . . X
    board = ttt.Board.from_string("X..|.O.|..X")
    assert checked_evaluation(open_lines)(board) == open_lines(board)
    assert checked_evaluation(checked_evaluation(open_lines)) is checked_evaluation(open_lines)


# --- the functions a search, a round robin or an exercise's helper is handed ------------------

def makes_for_ever(name, seed):
    """A student's player maker whose loop never ends."""
    while name is not None:
        pass


#: Each door handed a function of another kind than a player, with one that never returns:
#: (what is called, the words that must start the sentence).
OTHER_DOORS = {
    "minimax's evaluate": (
        lambda: ttt.minimax(ttt.Board.from_string("XO.|.X.|O.."), depth=2,
                            evaluate=guesses_for_ever),
        "minimax, given the evaluate 'guesses_for_ever', did not finish within 0.3 s"),
    "guided_mcts's guide": (
        lambda: ttt.search.mcts.guided_mcts(ttt.Board(), 5, guesses_for_ever),
        "guided_mcts, given the guide 'guesses_for_ever', did not finish within 0.3 s"),
    "round_robin's make": (
        lambda: round_robin(["random"], 1, makes_for_ever),
        "make did not return a player for 'random' within 0.3 s"),
}


@pytest.mark.parametrize("door", list(OTHER_DOORS))
def test_an_evaluation_guide_or_maker_that_never_returns_is_stopped_with_a_sentence(door):
    call, words = OTHER_DOORS[door]
    with time_per_move(LIMIT), pytest.raises(TimeoutError) as stopped:
        call()
    said = str(stopped.value)
    assert said.startswith(words), said
    assert "ttt.time_per_move(seconds)" in said


def test_the_exercises_helpers_give_a_verdict_on_a_function_that_never_returns():
    from ttt.course.exercises.lesson6 import try_evaluate, try_player

    with time_per_move(LIMIT):
        played, guessed = try_player(loops, "random"), try_evaluate(guesses_for_ever)
    assert not played.passed and "'loops' did not choose a move within 0.3 s" in played.headline
    assert not guessed.passed and "did not return within 0.3 s" in guessed.headline


def test_a_guide_search_or_maker_that_answers_nonsense_is_named():
    # . . .
    # . . .
    # . . .      the guide, the search and the maker each answer -7
    from ttt.search.counting import nodes_per_move
    from ttt.search.mcts import guided_mcts

    with pytest.raises(TypeError, match=r"^guide must return a pair .*got -7"):
        guided_mcts(ttt.Board(), 5, lambda position: -7)
    with pytest.raises(TypeError, match=r"^search must return .*nodes.*got -7"):
        nodes_per_move(ttt.Board(), [4], lambda position: -7)
    with pytest.raises(TypeError, match=r"^make must return a player .*got -7"):
        round_robin(["random"], 1, lambda name, seed: -7)
