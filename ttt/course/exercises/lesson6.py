"""Lesson 6's exercises, ``evaluate`` and ``two_layer_move``: model answers, cases and nudges.
The model answers use only what lesson 6 imports (``open_lines``, ``LINES``); ``make solutions``
pastes them into the lesson."""

from __future__ import annotations

import dis
import inspect
import random
from collections.abc import Callable, Iterator
from types import CodeType

from ttt.catalogue import a_player_name, make_player
from ttt.core.arguments import a_function, a_player, checked
from ttt.course.exercises.checking import (
    CELL,
    NUMBER,
    AnyOf,
    Between,
    Case,
    Exercise,
    Feedback,
    changes_its_mind,
    guess_verdict,
    move_limited,
    same,
    shown,
)
from ttt.course.exercises.positions import indexes_of_right_moves, ordered_positions, sample
from ttt.games.board import LINES, Board, open_lines
from ttt.play.matches import check_round_robin, tournament, won_drawn_lost
from ttt.play.players import (
    blocking_moves,
    depth_limited_player,
    random_player,
    winning_moves,
)

__all__ = ["EXERCISES", "IllegalChoice", "check_draws_prediction", "evaluate", "refereed",
           "try_evaluate", "try_player", "two_layer_move"]

EVALUATION_GAMES = 100  # as X and as O, so twice this many in all
EVALUATION_DEPTH = 2
MIN_WINS, MAX_LOSSES = 175, 5  # out of 200: open_lines scores 186 and 3, a constant 152 and 10

# --- model answers ------------------------------------------------------------------------------


def evaluate(board):
    """A guess at who is better in an unfinished position, strictly between -1 and +1: open lines,
    plus a little for holding the centre."""
    centre = {"X": 0.05, "O": -0.05, ".": 0}[board.cells[4]]
    return 0.9 * open_lines(board) + centre


def two_layer_move(board):
    """Win at once if possible, else block the opponent's immediate win, else the first free
    cell."""
    for cell in board.legal_moves:
        if board.play(cell).winner:
            return cell
    opponent = "O" if board.to_move == "X" else "X"
    for cell in board.legal_moves:
        cells = list(board.cells)
        cells[cell] = opponent
        if any(all(cells[c] == opponent for c in line) for line in LINES):
            return cell
    return board.legal_moves[0]


# --- evaluate -----------------------------------------------------------------------------------


def _evaluate_cases() -> Iterator[Case]:
    for board in [b for b in ordered_positions() if not b.is_over]:
        yield Case((board,), board, Between(-1, 1), "an unfinished position")


def _evaluate_tournament(student: Callable) -> Feedback | None:
    """A depth-limited player guided by the student's evaluation must beat random soundly."""
    player = depth_limited_player(EVALUATION_DEPTH, seed=1, evaluate=student)
    as_x = tournament(player, random_player(seed=2), games=EVALUATION_GAMES)
    as_o = tournament(random_player(seed=3), player, games=EVALUATION_GAMES)
    wins, losses = as_x["X"] + as_o["O"], as_x["O"] + as_o["X"]
    if wins < MIN_WINS or losses > MAX_LOSSES:
        return Feedback(False, f"✗ evaluate is a number in range everywhere, but a player that "
                               f"looks {EVALUATION_DEPTH} moves ahead with it won {wins} and lost "
                               f"{losses} of {2 * EVALUATION_GAMES} games against random (it "
                               f"needs {MIN_WINS} wins and at most {MAX_LOSSES} losses).",
                        nudge=_weak_evaluation_nudge(student))
    return None


#: Unfinished positions where X is clearly better, with X and with O to move.
_X_BETTER = ["...|.X.|...", "X..|.X.|..O", "XX.|.O.|...", "X.X|.O.|O.X"]


def _weak_evaluation_nudge(student: Callable) -> str:
    """Why an evaluation in range does not beat random, as far as probes tell: guesses from the
    wrong side, or whole numbers only; else how to make it stronger."""
    guesses = {text: student(Board.from_string(text)) for text in _X_BETTER}
    for text, guess in guesses.items():
        again = changes_its_mind(student, (Board.from_string(text),), guess)
        if again:
            return again
    wrong_side = [text for text, guess in guesses.items() if guess < 0]
    if wrong_side:
        text = wrong_side[0]
        board = Board.from_string(text)
        return (f"Is it from X's point of view? At {text} ({board.to_move} to move) X is better, "
                f"and yours gives {float(guesses[text]):+.3f}: a guess is positive when X is "
                "better, whoever is to move, and negative when O is.")
    boards = sample([b for b in ordered_positions() if not b.is_over], 40, seed=15)
    guesses = [student(board) for board in boards]
    if len({shown(guess) for guess in guesses}) == 1 and not _rounds(student):
        return (f"Yours gives {shown(guesses[0])} to every position tried, an X about to win "
                "and an O about to win alike: a search guided by it cannot tell one position "
                "from another. Look at the board: count the lines each player could still "
                "complete, from X's point of view.")
    if all(float(guess).is_integer() for guess in guesses):
        return ("Your guesses are whole numbers only, so in range they are all 0: it cannot tell "
                "one position from another. Is a result rounded (int(), round(), //)? Keep the "
                "fraction.")
    return ("Give more to positions where the player has more open lines (lines with no "
            "opponent mark) and to the centre; from X's point of view.")


#: What a guess is made a whole number with: by name, and the operators.
_ROUNDING_NAMES, _ROUNDING_OPERATORS = {"int", "round", "floor", "ceil", "trunc"}, {"//", "//="}


def _rounds(student: Callable) -> bool:
    """Whether the student's code (its own function, not what it calls) rounds: names int(),
    round(), math.floor, ceil or trunc, or floor-divides. A guess that is 0 everywhere is then
    the rounding's, not a constant's."""
    code = getattr(inspect.unwrap(student), "__code__", None)
    codes = [code] if code is not None else []
    for code in codes:
        codes += [const for const in code.co_consts if isinstance(const, CodeType)]
    return any(set(code.co_names) & _ROUNDING_NAMES or
               any(instruction.argrepr in _ROUNDING_OPERATORS
                   for instruction in dis.get_instructions(code)) for code in codes)


# --- two_layer_move -----------------------------------------------------------------------------

# two_layer_move takes the board alone, as every player does (try_player, tournament, the
# lesson's own player): it is two-layer's rule without the randomness, so it gets no random
# source. A quiet position may get any free cell, but always the same one: a choice drawn from
# Python's global random would make the games it plays differ from run to run, which the check
# sees by calling it with the global random seeded two ways.


def _two_layer_cases() -> Iterator[Case]:
    positions = [b for b in ordered_positions() if not b.is_over]
    wins = [b for b in positions if winning_moves(b)]
    blocks = [b for b in positions if not winning_moves(b) and blocking_moves(b)]
    for board in [*sample(wins, 25, 12), *sample(blocks, 25, 13), *sample(positions, 20, 14)]:
        win, block = winning_moves(board), blocking_moves(board)
        about = ("a position where it can win at once" if win else
                 "a position where it must block" if block else "a quiet position")
        yield Case((board,), board, AnyOf(win or block or board.legal_moves), about)


def _two_layer_verdict(case: Case, got: object, student: Callable) -> str:
    board = case.board
    if not same(got, case.expected) and _counts_along_the_moves(student, case, got):
        return ("Yours returns where the move stands in board.legal_moves (its index: 0 for the "
                "first free cell), not the cell itself, here and on other positions. Return the "
                "cell: board.legal_moves[i], or loop over the cells themselves.")
    if got not in board.legal_moves and _numbered_from_one(student):
        return ("Cells are numbered 0 to 8, top-left first: yours is one more than the move to "
                "play, here and on other positions.")
    if got not in board.legal_moves:
        return f"{got!r} is not a legal move: the free cells are {list(board.legal_moves)}."
    if same(got, case.expected):
        return ""
    cells, one = case.expected, len(case.expected) == 1
    if winning_moves(board):
        return f"{cells!r} {'wins' if one else 'win'} at once: take {'it' if one else 'one'}."
    return (f"The opponent threatens to win at {cells!r}: block {'it' if one else 'one'}, unless "
            "you can win at once.")


def _counts_along_the_moves(student: Callable, case: Case, got: object) -> bool:
    """Whether ``student`` answers, on this case and the first cases, the index in
    ``legal_moves`` of a right move rather than the move."""
    cases = list(_two_layer_cases())[:5]
    chosen = [(case.board, got), *((other.board, student(other.board)) for other in cases)]
    return indexes_of_right_moves(chosen, lambda board: _right_moves(board))


def _right_moves(board: Board) -> list[int]:
    """The moves two-layer's rule allows: a win, else a block, else any free cell."""
    return winning_moves(board) or blocking_moves(board) or list(board.legal_moves)


def _numbered_from_one(student: Callable) -> bool:
    """Whether ``student`` answers one more than a right move on the first cases."""
    cases = list(_two_layer_cases())[:5]
    answers = [student(case.board) for case in cases]
    return all(isinstance(move, int) and move - 1 in case.expected
               for case, move in zip(cases, answers, strict=True))


_REPEATS = 3  # seeds of the global random under which a quiet position is tried


def _same_every_time(student: Callable) -> Feedback | None:
    """Once every case passes: the student's move on each quiet case is the same whatever the
    state of Python's global ``random`` (whose state is put back afterwards)."""
    quiet = [case.board for case in _two_layer_cases() if case.about == "a quiet position"]
    state = random.getstate()
    try:
        for board in quiet:
            moves = []
            for seed in range(_REPEATS):
                random.seed(seed)
                moves.append(student(board))
            if len({shown(move) for move in moves}) > 1:
                return Feedback(False, f"✗ two_layer_move chose {', '.join(map(shown, moves))} "
                                       "on the same quiet position, called again and again.",
                                board,
                                nudge="It is two-layer's rule without the randomness: where "
                                      "there is nothing to win or block, return a free cell of "
                                      "your choosing, the same every time (the first, say). A "
                                      "choice drawn from random makes each run's games differ.")
    finally:
        random.setstate(state)
    return None


EXERCISES = (
    Exercise(
        evaluate, lesson=6,
        task="evaluate(board) guesses who is better in an unfinished position, from X's point "
             "of view: a number strictly between −1 and +1. A player that looks 2 moves ahead "
             f"with it must beat a random player: at least {MIN_WINS} wins and at most "
             f"{MAX_LOSSES} losses in {2 * EVALUATION_GAMES} games.",
        hint_text="Compare how many lines X could still complete (no O in them) with how many "
                  "O could. Then scale the difference so that it can never reach ±1: how many "
                  "lines are there?",
        cases=_evaluate_cases, returns=NUMBER, verdict=guess_verdict,
        extra_check=_evaluate_tournament,
        summary=f"in range on every unfinished position, and it beats random over "
                f"{2 * EVALUATION_GAMES} games"),
    Exercise(
        two_layer_move, lesson=6,
        task="two_layer_move(board) returns a winning move if there is one, else a move that "
             "blocks the opponent's immediate win, else any legal move (the same one each time: "
             "two-layer's rule without the randomness).",
        hint_text="First look for a move after which the game has a winner. Then look for a "
                  "cell where the opponent's mark would complete one of LINES.",
        cases=_two_layer_cases, returns=CELL, verdict=_two_layer_verdict,
        extra_check=_same_every_time,
        summary="immediate wins, blocks, and quiet positions, the same move every time"),
)


# --- the lesson's other tasks: a prediction, and the student's own players ----------------------

_PREDICTION_CHOICES = ("random", "one-layer", "two-layer")


def check_draws_prediction(guess: object, results: dict) -> Feedback:
    """The verdict on a prediction of which of random, one-layer and two-layer draws most often
    as X against perfect, from the round robin's ``results`` ('X name vs O name' -> Counter)."""
    check_round_robin(results, [*_PREDICTION_CHOICES, "perfect"])
    draws = {name: results[f"{name} vs perfect"]["draw"] for name in _PREDICTION_CHOICES}
    answer = max(draws, key=draws.get)
    shown_draws = ", ".join(f"{name} {count}" for name, count in draws.items())
    if guess is None:
        return Feedback(False, "Not yet: set my_prediction above to 'random', 'one-layer' or "
                               "'two-layer', then run this cell again.")
    if guess not in _PREDICTION_CHOICES:
        return Feedback(False, f"✗ {shown(guess)} is not one of the three: predict 'random', "
                               f"'one-layer' or 'two-layer' (a str, in quotes).")
    if guess == answer:
        return Feedback(True, f"✓ {answer}: draws as X against perfect, {shown_draws}. Blocking "
                              f"is what keeps a game alive against perfect play.")
    return Feedback(False, f"✗ Not quite: draws as X against perfect, {shown_draws}.",
                    nudge="Which of the three can stop a threat? Against perfect play a game "
                          "that is not lost is drawn.")


_TRY_GAMES = 100  # as X and as O


class IllegalChoice(Exception):
    """The student's player chose what is not a legal move (kept: the position and the choice)."""

    def __init__(self, board: Board, choice: object) -> None:
        super().__init__(f"{choice!r} on {board}")
        self.board, self.choice = board, choice


@checked(player=a_function)
def refereed(player: Callable) -> Callable:
    """``player``, stopped with IllegalChoice (the position and the choice) when it chooses what
    is not a legal move: a taken cell, None, a number off the board."""

    limited = a_player(player, "player")  # a move's time, as in any match

    def play(board: Board) -> object:
        choice = limited(board)
        if choice not in board.legal_moves:
            raise IllegalChoice(board, choice)
        return choice
    play.__name__ = getattr(player, "__name__", "your player")
    return play


def _games(x_player: Callable, o_player: Callable, side: str) -> str:
    counts = tournament(x_player, o_player, games=_TRY_GAMES)
    return "-".join(map(str, won_drawn_lost(counts, side)))


@checked(player=a_function, opponent=a_player_name, reference=a_player_name)
def try_player(player: Callable, opponent: str, reference: str | None = None,
               name: str = "yours") -> Feedback:
    """Play ``player`` (a function from a board to a cell) 100 games as X and 100 as O against
    the player called ``opponent`` (``make_player``, seeded), next to the player called
    ``reference`` against the same opponent: won-drawn-lost each way. A player that chooses a
    taken cell, returns None or raises gets a verdict instead of a traceback."""
    yours = refereed(player)
    try:
        rows = [(f"{name} against {opponent}",
                 f"as X {_games(yours, make_player(opponent, seed=41), 'X')}, "
                 f"as O {_games(make_player(opponent, seed=42), yours, 'O')}")]
    except IllegalChoice as illegal:
        board, choice = illegal.board, illegal.choice
        if choice is None:
            return Feedback(False, f"Not yet: {name} returned None on {board}.", board,
                            nudge="Make the function return a free cell, one of "
                                  "board.legal_moves.")
        taken = isinstance(choice, int) and 0 <= choice < 9
        why = f"cell {choice} is taken" if taken else f"{shown(choice)} is not a cell 0 to 8"
        return Feedback(False, f"✗ {name} chose {shown(choice)} on {board}, where {why}.",
                        board, (("free cells", shown(list(board.legal_moves))),),
                        "A player returns a free cell: one of board.legal_moves. Check that a "
                        "rule's cell is free before returning it (board[cell] == '.').")
    except TimeoutError as error:  # it never returned: stopped, and said so
        return Feedback(False, f"✗ {error}")
    except Exception as error:  # the student's bug is a verdict, never a traceback
        return Feedback(False, f"✗ {name} raised {type(error).__name__}: {error}",
                        nudge="Run your function on a board, e.g. Board(), to find the line.")
    if reference is not None:
        as_x = _games(make_player(reference, seed=43), make_player(opponent, seed=44), "X")
        as_o = _games(make_player(opponent, seed=45), make_player(reference, seed=46), "O")
        rows.append((f"{reference} against {opponent}", f"as X {as_x}, as O {as_o}"))
    return Feedback(True, f"✓ {name} played {2 * _TRY_GAMES} whole games (won-drawn-lost):",
                    rows=tuple(rows))


@checked(evaluate=a_function)  # not the rule by name: a guess out of range gets a nudge here
def try_evaluate(evaluate: Callable) -> Feedback:
    """``try_player`` for an evaluation: a depth-2 player guided by ``evaluate`` against
    'depth-2', which guesses with ``open_lines``; "Not yet" while ``evaluate`` is the stub."""
    try:
        guess = move_limited(evaluate)(Board.from_string("X..|.O.|..."))
    except TimeoutError as error:  # it never returned: stopped, and said so
        return Feedback(False, f"✗ {error}")
    except Exception as error:  # the student's bug is a verdict, never a traceback
        return Feedback(False, f"✗ evaluate raised {type(error).__name__}: {error}",
                        nudge="Check it first: exercises.evaluate.check(evaluate).")
    if guess is None:
        return Feedback(False, "Not yet: write evaluate above (it returns None), then run this "
                               "cell again.")
    return try_player(depth_limited_player(EVALUATION_DEPTH, seed=31, evaluate=evaluate),
                      f"depth-{EVALUATION_DEPTH}", name="yours (depth 2)")
