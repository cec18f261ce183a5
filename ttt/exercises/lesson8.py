"""Lesson 8's exercises, ``expectimax_value`` and ``ucb1_score``: model answers, cases and nudges.
The model answers use only what lesson 8 imports (``Fraction``, ``math``, ``EXPLORATION``);
``make solutions`` pastes them into the lesson."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from types import SimpleNamespace

from ttt.games.board import Board
from ttt.course.exercises.checking import NUMBER, Case, Exercise
from ttt.course.exercises.positions import small_positions
from ttt.search.expectimax import expectimax
from ttt.search.mcts import EXPLORATION, ucb1

__all__ = ["EXERCISES", "Exact", "expectimax_value", "ucb1_score"]

# --- model answers ------------------------------------------------------------------------------


def expectimax_value(board):
    """The expected score of board from X's point of view (+1 X wins, 0 draw, -1 O wins) when X
    plays its best and O moves at random."""
    if board.is_over:
        return {"X": 1, "O": -1}.get(board.winner, 0)
    values = [expectimax_value(board.play(cell)) for cell in board.legal_moves]
    if board.to_move == "X":
        return max(values)
    return Fraction(sum(values), len(values))


def ucb1_score(total, visits, parent_visits, player):
    """The UCB1 score of a move for the player choosing it: the mean result of its playouts for
    that player (total is from X's point of view), plus the exploration bonus; infinity if the
    move was never tried."""
    if visits == 0:
        return math.inf
    mean = total / visits if player == "X" else -total / visits
    return mean + EXPLORATION * math.sqrt(math.log(parent_visits) / visits)


# --- expectimax_value ---------------------------------------------------------------------------


class Exact(Fraction):
    """An exact expected score, shown as a fraction and a decimal: 7/12 (≈ +0.5833)."""

    def __repr__(self) -> str:
        return str(self) if self.denominator == 1 else f"{self} (≈ {float(self):+.4f})"


def close(got: object, expected: float) -> bool:
    """Whether the number ``got`` is ``expected``, allowing for the rounding of floats."""
    try:
        return math.isclose(float(got), float(expected), rel_tol=1e-9, abs_tol=1e-9) \
            if math.isfinite(expected) else float(got) == expected
    except (TypeError, ValueError, OverflowError):
        return False


VALUE_PROBES = ["XX.|OO.|...",  # X to move wins at 2
                "XO.|...|...",  # X to move
                "X.O|.X.|...",  # O to move: it must block at 8, but moves at random
                "XOX|.O.|...",  # X to move: O threatens 7
                "...|..O|XXO"]  # X to move: rounding O's averages down loses, minimax too


def _value_cases() -> Iterator[Case]:
    finished = {"XXX|OO.|...": "a game X has won (no moves left to average over)",
                "XX.|OOO|X..": "a game O has won (no moves left to average over)",
                "XOX|XOO|OXX": "a drawn game (no moves left to average over)"}
    for text, about in finished.items():
        board = Board.from_string(text)
        yield Case((board,), board, _exact(board), about)
    for board in [*map(Board.from_string, VALUE_PROBES), *small_positions(6, 30, seed=81)]:
        if not board.is_over:
            yield Case((board,), board, _exact(board), f"a position with {board.to_move} to move")


def _exact(board: Board) -> Exact:
    return Exact(expectimax(board, "O").value)


def _average(values: list) -> Fraction:
    return Fraction(sum(values), len(values))


def _floor_average(values: list) -> int:
    return sum(values) // len(values)


@cache
def _misplayed(board: Board, at_x: Callable[[list], float], at_o: Callable[[list], float]) -> float:
    """The value of ``board`` when the values of X's moves are combined by ``at_x`` and those of
    O's moves by ``at_o`` (the right ones: max and the average): what an expectimax with that
    mistake finds."""
    if board.is_over:
        return {"X": 1, "O": -1}.get(board.winner, 0)
    values = [_misplayed(board.play(cell), at_x, at_o) for cell in board.legal_moves]
    return at_x(values) if board.to_move == "X" else at_o(values)


_WRONG_PLAYER = ("Averaging over the wrong player: here X is the one who chooses (the largest "
                "value) and O the one who moves at random (the average). Yours averages at X's "
                "turns.")

#: The classic mistakes of an expectimax: how it combines the values at X's and at O's turns,
#: and its nudge.
VALUE_MISTAKES: tuple[tuple[Callable[[list], float], Callable[[list], float], str], ...] = (
    (_average, max, _WRONG_PLAYER),
    (_average, min, _WRONG_PLAYER),
    (max, min,
     "That is minimax: it takes the smallest value at O's turn, as if O played perfectly. Here O "
     "moves at random: average the values of O's moves, each is equally likely."),
    (max, max,
     "O moves at random, it does not play for X: average the values of O's moves instead of "
     "taking the largest."),
    (max, _floor_average,
     "Floor division: // rounds the average down to a whole number, so 2/3 becomes 0 and −1/3 "
     "becomes −1. Divide with / (or make a Fraction) to keep the exact average."),
    (_average, _average,
     "Yours averages at X's turns too: only O moves at random. X chooses its best move, so at "
     "X's turn the value is the largest of the values of X's moves."),
    (max, sum,
     "At O's turn, divide the sum of the values by the number of O's moves: an average, so "
     "that the result stays between −1 and +1."),
)


def _value_verdict(case: Case, got: object, student: Callable) -> str:
    if close(got, case.expected):
        return ""
    board = case.board
    if board.is_over:
        return (f"A finished game scores its result from X's point of view: +1 if X has won, −1 "
                f"if O has won, 0 for a draw. Check board.is_over before anything else: here "
                f"{'the game is drawn' if not board.winner else board.winner + ' has won'}.")
    probes = list(map(Board.from_string, VALUE_PROBES))
    for at_x, at_o, nudge in VALUE_MISTAKES:
        if close(got, _misplayed(board, at_x, at_o)) and \
                all(close(student(probe), _misplayed(probe, at_x, at_o)) for probe in probes):
            return nudge
    return ("At a finished game return its score; at X's turn the largest value of X's moves; at "
            "O's turn the average of the values of O's moves.")


# --- ucb1_score ---------------------------------------------------------------------------------


def _ucb1_cases() -> Iterator[Case]:
    tricky = [(3, 4, 10, "O", "a move O chooses, X's total +3 over 4 playouts"),
              (-2, 5, 12, "X", "a move X chooses, X's total −2 over 5 playouts"),
              (0, 0, 7, "X", "a move never tried (visits 0)"),
              (1, 3, 9, "O", "a move O chooses, X's total +1 over 3 playouts"),
              (0, 0, 1, "O", "a move never tried (visits 0)"),
              (-4, 6, 6, "O", "a move O chooses, the only one tried so far")]
    for total, visits, parent_visits, player, about in tricky:
        yield _ucb1_case(total, visits, parent_visits, player, about)
    rng = random.Random(82)
    for _ in range(30):
        parent_visits = rng.randint(2, 200)
        visits = rng.randint(1, parent_visits)
        total = rng.randint(-visits, visits)
        player = rng.choice("XO")
        yield _ucb1_case(total, visits, parent_visits, player,
                         f"a move {player} chooses, X's total {total:+d} over {visits} playouts")


def _ucb1_case(total: int, visits: int, parent_visits: int, player: str, about: str) -> Case:
    return Case((total, visits, parent_visits, player), None,
                _ucb1(total, visits, parent_visits, player), about)


def _ucb1(total: int, visits: int, parent_visits: int, player: str) -> float:
    """The package's ``ucb1`` for a move with these playouts (infinity if it has none)."""
    if visits == 0:
        return math.inf
    mean = total / visits if player == "X" else -total / visits
    return ucb1(SimpleNamespace(mean=mean, visits=visits), parent_visits)


def _bonus(numerator: int, denominator: int, exploration: float = EXPLORATION) -> float:
    return exploration * math.sqrt(math.log(numerator) / denominator)


#: The classic mistakes of a UCB1 score, as (the score it gives from total, visits, parent
#: visits and the player's sign, nudge).
_UCB1_MISTAKES: tuple[tuple[Callable[[int, int, int, int], float], str], ...] = (
    (lambda t, n, N, sign: t / n + _bonus(N, n),
     "Forgot to flip the result for the player choosing: total is from X's point of view, but "
     "O wants X's results low. When O chooses, the mean is −total / visits."),
    (lambda t, n, N, sign: sign * (t / n + _bonus(N, n)),
     "Flip only the mean for O, not the whole score: the exploration bonus is added for either "
     "player, since both want to try rarely tried moves."),
    (lambda t, n, N, sign: sign * t / n,
     "No exploration term: with the mean alone, a move that was unlucky in its first playouts "
     "is never tried again. Add EXPLORATION × √(ln(parent_visits) / visits)."),
    (lambda t, n, N, sign: sign * t / n + _bonus(n, n),
     "The logarithm of the wrong count: it is ln(parent_visits), the playouts through the "
     "position where the choice is made, divided by the move's own visits."),
    (lambda t, n, N, sign: sign * t / n + _bonus(N, N),
     "Divided by the wrong count: ln(parent_visits) is divided by the move's own visits, so "
     "that moves tried rarely get a larger bonus."),
    (lambda t, n, N, sign: sign * t / n + EXPLORATION * math.log(N) / n,
     "Take the square root: the bonus is EXPLORATION × √(ln(parent_visits) / visits)."),
    (lambda t, n, N, sign: sign * t / n + EXPLORATION * math.sqrt(math.log10(N) / n),
     "math.log10 is the logarithm to base 10: UCB1 uses the natural logarithm, math.log "
     "(ln), which is larger by a factor ln(10) ≈ 2.303."),
    (lambda t, n, N, sign: sign * t / n + EXPLORATION * math.sqrt(math.log2(N) / n),
     "math.log2 is the logarithm to base 2: UCB1 uses the natural logarithm, math.log (ln)."),
    (lambda t, n, N, sign: sign * t / n + _bonus(n, N),
     "visits and parent_visits swapped: the bonus is √(ln(parent_visits) / visits), the "
     "logarithm of the playouts through the position where the choice is made over the move's "
     "own visits."),
)


def _ucb1_verdict(case: Case, got: object, student: Callable) -> str:
    if close(got, case.expected):
        return ""
    total, visits, parent_visits, player = case.args
    if visits == 0:
        return ("A move never tried has no mean yet, and dividing by its 0 visits fails: its "
                "score is infinity (math.inf), so that every move is tried once before any is "
                "tried twice.")
    sign = 1 if player == "X" else -1
    for mistaken, nudge in _UCB1_MISTAKES:
        if close(got, mistaken(total, visits, parent_visits, sign)):
            return nudge
    constant = _constant(case, got, student)
    if constant is not None:
        return _constant_nudge(constant)
    return ("The score is the mean result for the player choosing (−total / visits for O), plus "
            "EXPLORATION × √(ln(parent_visits) / visits).")


_TEXTBOOK = math.sqrt(2)  # UCB1's constant (Auer et al. 2002) for results from 0 to 1


def _constant(case: Case, got: object, student: Callable) -> float | None:
    """The constant the student's bonus uses if it is EXPLORATION × √(ln(parent_visits) /
    visits) with another constant (checked on a second case too), else None."""
    total, visits, parent_visits, player = case.args
    width = math.sqrt(math.log(parent_visits) / visits)
    mean = total / visits if player == "X" else -total / visits
    if width == 0 or not isinstance(got, (int, float)):
        return None
    constant = (got - mean) / width
    other = next(c for c in _ucb1_cases() if c.args[1] > 1 and c.args != case.args)
    t, n, big_n, p = other.args
    expected_there = (t / n if p == "X" else -t / n) + constant * math.sqrt(math.log(big_n) / n)
    return constant if close(student(*other.args), expected_there) else None


def _constant_nudge(constant: float) -> str:
    """The nudge for a bonus multiplied by ``constant`` instead of EXPLORATION."""
    if math.isclose(constant, 1):
        return f"The exploration constant is EXPLORATION ({EXPLORATION:.3f}), not 1."
    why = ""
    if math.isclose(constant, _TEXTBOOK):
        why = (" √2 is the textbook's constant for results from 0 to 1; this course's results run "
               "from −1 to +1.")
    elif math.isclose(constant, 2 * _TEXTBOOK):
        why = (" 2√2 is the textbook's √2 stretched to results from −1 to +1; the course explores "
               "less and uses EXPLORATION as it is.")
    return (f"The exploration constant is EXPLORATION ({EXPLORATION:.3f}): yours multiplies the "
            f"bonus by {constant:.3f}.{why}")


EXERCISES = (
    Exercise(
        expectimax_value, lesson=8,
        task="expectimax_value(board) returns the expected score of board from X's point of view "
             "(+1 X wins, 0 draw, −1 O wins) when X plays its best and O moves at random: at X's "
             "turn the largest value of X's moves, at O's turn their average.",
        hint_text="Start from minimax_value of lesson 3: only O's turn changes. O picks any "
                  "move with the same chance, so the value there is what O's moves give on "
                  "average. A Fraction keeps it exact.",
        cases=_value_cases, returns=NUMBER, verdict=_value_verdict,
        summary="finished games, and positions with X or O to move, at their exact expected "
                "score (a float to within rounding)"),
    Exercise(
        ucb1_score, lesson=8,
        task="ucb1_score(total, visits, parent_visits, player) returns the UCB1 score of a move "
             "for player ('X' or 'O'), who chooses it: the mean result of its playouts for that "
             "player (total adds up their results from X's point of view) plus EXPLORATION × "
             "√(ln(parent_visits) / visits); a move never tried (visits 0) scores math.inf.",
        hint_text="Three parts: a move never tried comes before all others; the mean result "
                  "of its playouts, seen by the player choosing (O wants X's results low); and "
                  "the exploration bonus of the task, which grows with the parent's visits and "
                  "shrinks with the move's own.",
        cases=_ucb1_cases, returns=NUMBER, verdict=_ucb1_verdict,
        summary="moves chosen by X and by O, and moves never tried"),
)
