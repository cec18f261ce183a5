"""Lesson 11's tasks: the value of the empty board (``check_start_value``) and a plan that beats
a level of the computer (``try_plan``). Both answers are values or plans, not functions with one
right output, so they are checked here and are not ``EXERCISES``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ttt.catalogue import a_player_name, make_player
from ttt.core.arguments import a_function, at_least, checked
from ttt.course.exercises.checking import Feedback, same, shown
from ttt.course.exercises.lesson6 import IllegalChoice, refereed
from ttt.games.board import Board
from ttt.play.matches import play_game
from ttt.search.perfect import outcome

__all__ = ["PLAN_GAMES", "check_start_value", "try_plan"]


def check_start_value(guess: object) -> Feedback:
    """The verdict on a guess of the value of the empty board: ✓ if it is the value, else a
    nudge that names what was given, as Python writes it (the str '0' is not the number 0)."""
    value = outcome(Board()).value
    if guess is None:
        return Feedback(False, "Not yet: set start_value above to +1, 0 or −1, then run this "
                               "cell again.")
    if isinstance(guess, str):
        return Feedback(False, f"✗ {shown(guess)} is a str, text in quotes, not a number.",
                        nudge="Write the value without quotes: +1, 0 or -1.")
    if not any(same(guess, answer) for answer in (1, 0, -1)):
        return Feedback(False, f"✗ {shown(guess)} is not a value: +1 (X wins), 0 (a draw) or "
                               f"−1 (O wins).")
    if same(guess, value):
        return Feedback(True, f"✓ the empty board is worth {value}: with perfect play, a draw.")
    return Feedback(False, f"✗ Not quite: the empty board is not worth {shown(guess)}.",
                    nudge="Think of two perfect players (lesson 6): how do their games end?")


PLAN_GAMES = 20




@checked(plan=a_function, level=a_player_name,
         games=at_least(1, 1000, " (each a whole game against the computer)"))
def try_plan(plan: Callable, level: str, games: int = PLAN_GAMES) -> Feedback:
    """Play ``plan`` (a function from a board, X to move, to a cell) as X in ``games`` games
    against the computer at ``level``, a board's label ("looks 2 moves ahead") or its player's
    name ('depth-2', 'learned'), seeded 0 to games - 1; the verdict names the results."""
    play = refereed(plan)
    computer = make_player(level, seed=0)
    results: Counter[str] = Counter()
    try:
        for seed in range(games):
            results[play_game(play, make_player(level, seed=seed)).result] += 1
    except IllegalChoice as error:
        return Feedback(False, f"Not yet: in {error.board} your plan chose {shown(error.choice)}, "
                               f"not a free cell.", error.board,
                        (("free cells", shown(list(error.board.legal_moves))),),
                        "Return one of position.legal_moves.")
    except TimeoutError as error:  # it never returned: stopped, and said so
        return Feedback(False, f"✗ {error}")
    except Exception as error:  # the student's bug is a verdict, never a traceback
        return Feedback(False, f"✗ your plan raised {type(error).__name__}: {error}")
    wins, draws, losses = results["X"], results["draw"], results["O"]
    said = f"against {level!r} your plan won {wins}, drew {draws}, lost {losses}"
    kind = computer.__name__
    if losses:
        return Feedback(False, f"✗ {said}.", nudge="Block the computer's threats first.")
    if wins == games:
        return Feedback(True, f"✓ {said}: it won every game.")
    if kind == "depth-2":
        return Feedback(False, f"✗ {said}.",
                        nudge="This level can be beaten every time: set a fork it does not see "
                              "coming.")
    if kind in ("perfect", "varied-perfect", "imperfect"):
        return Feedback(True, f"✓ {said}: it never lost against a level that plays a best move "
                              f"in every position, and against it a draw is the best anyone can "
                              f"do.")
    return Feedback(True, f"✓ {said}: it never lost in these {games} games; can your plan win "
                          f"more of them?")
