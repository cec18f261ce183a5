"""Lesson 3's exercises, ``score``, ``minimax_value`` and ``best_move``: model answers, cases and
nudges. The model answers use only a ``Board``'s own members, as the lesson does; ``make
solutions`` pastes them into the lesson."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from numbers import Real

from ttt.core.arguments import checked
from ttt.core.protocol import final_score, signed
from ttt.course.exercises.checking import (
    CELL,
    SCORE,
    VALUE,
    AnyOf,
    Case,
    Exercise,
    Feedback,
    move_limited,
    same,
    shown,
)
from ttt.course.exercises.positions import (
    AS_PLAYED,
    MAX_ONLY,
    SWAPPED,
    indexes_of_right_moves,
    misread_value,
    ordered_positions,
    sample,
    small_positions,
)
from ttt.games.board import Board
from ttt.search.fast import minimax
from ttt.search.perfect import move_outcomes, perfect_move

__all__ = ["CORNER_EDGE", "DRAWN", "EXERCISES", "PREDICTION_NUDGES", "SMALL_TREE", "VALUE_MISTAKES",
           "VALUE_PROBES", "best_move", "check_backed_up", "check_prediction", "minimax_value",
           "score", "value_nudge"]

# --- model answers ------------------------------------------------------------------------------


def score(board):
    """+1 if X has won, -1 if O has won, 0 for a draw, None while the game goes on."""
    if board.winner == "X":
        return +1
    if board.winner == "O":
        return -1
    if board.is_over:
        return 0
    return None


def minimax_value(board):
    """The value of board with perfect play: +1 X wins, 0 draw, -1 O wins."""
    if board.is_over:
        return {"X": 1, "O": -1}.get(board.winner, 0)
    values = [minimax_value(board.play(cell)) for cell in board.legal_moves]
    return max(values) if board.to_move == "X" else min(values)


def best_move(board):
    """The best move for the player to move: the quickest win, else a draw, else the slowest
    loss."""
    def quick_value(board):
        # A win counts for more the more cells are still free; a loss for less.
        if board.is_over:
            free = board.cells.count(".")
            return {"X": 1, "O": -1}.get(board.winner, 0) * (1 + free)
        values = [quick_value(board.play(cell)) for cell in board.legal_moves]
        return max(values) if board.to_move == "X" else min(values)

    pick = max if board.to_move == "X" else min
    return pick(board.legal_moves, key=lambda cell: quick_value(board.play(cell)))


# --- score --------------------------------------------------------------------------------------


def _score_cases() -> Iterator[Case]:
    # Finished positions first (a stub returning None fails on the first one).
    x_won = Board.from_string("XXX|OO.|...")
    o_won = Board.from_string("XX.|OOO|X..")
    draw = Board.from_string("XOX|XOO|OXX")
    yield Case((x_won,), x_won, 1, "a game X has won")
    yield Case((o_won,), o_won, -1, "a game O has won")
    yield Case((draw,), draw, 0, "a drawn game")
    yield Case((Board(),), Board(), None, "the empty board (the game goes on)")
    finished = [b for b in ordered_positions() if b.is_over]
    going_on = [b for b in ordered_positions() if not b.is_over]
    for board in [*sample(finished, 40, 4), *sample(going_on, 20, 5)]:
        yield Case((board,), board, final_score(board, prefer_quick=False),
                   "a finished game" if board.is_over else "a game that is not over")


def _score_verdict(case: Case, got: object, student: Callable) -> str:
    if same(got, case.expected):
        return ""
    if case.expected is not None and same(got, -case.expected):
        return "Scores are from X's point of view: +1 when X has won, −1 when O has won."
    if case.board.winner and same(got, 0):
        return ("A won game is over too: yours scores it 0, as a draw. Look for a winner before "
                "you decide on a draw.")
    if case.expected == 0:
        return "A draw is a finished game too: it scores 0 (not None)."
    if case.expected is None:
        return "The game is not over here: return None."
    return "+1 if X has won, −1 if O has won, 0 for a draw, None while the game goes on."


# --- minimax_value ------------------------------------------------------------------------------


#: A drawn game: a minimax that mistakes its score, 0, for "no score yet" gets it wrong.
DRAWN = "XOX|XOO|OXX"

VALUE_PROBES = ["XX.|OO.|...",  # X to move wins at 2; O would win at 5
                "XX.|OO.|X..",  # O to move wins at 5: a maximiser-only minimax misses it
                "X..|...|O.X",  # O to move: every move loses
                "XOX|.O.|..X"]  # O to move


def _value_cases() -> Iterator[Case]:
    for board in [*map(Board.from_string, VALUE_PROBES), *small_positions(6, 25, seed=6)]:
        yield Case((board,), board, _value(board), f"a position with {board.to_move} to move")


def _value(board: Board) -> int:
    return minimax(board, prefer_quick=False).value


#: The classic mistakes of a minimax: the value each one finds, and its nudge.
VALUE_MISTAKES: tuple[tuple[Callable[[Board], float], str], ...] = (
    (lambda board: misread_value(board, SWAPPED),
     "Max and min are swapped: X picks the largest value of the positions after its moves, O "
     "the smallest. Yours takes the min when X is to move, the max when O is."),
    (lambda board: misread_value(board, MAX_ONLY),
     "It is O's turn here: O picks the child with the smallest value, X the largest."),
    (lambda board: _value(board) if board.to_move == "X" else -_value(board),
     "Values are always from X's point of view: +1 means X wins, whoever is to move."),
    (lambda board: _one_move_ahead(board),
     "Yours looks one move ahead only: a position after a move that does not end the game counts "
     "0 there. Its value is minimax_value of that position: call the function itself on it "
     "(recursion)."),
    (lambda board: 0 if not board.is_over else _value(board),
     "Yours gives every unfinished position 0: only a finished game has a score of its own. "
     "For one that goes on, take minimax_value of each position after a legal move "
     "(recursion), then the max for X or the min for O."),
)


def _one_move_ahead(board: Board) -> int:
    """The value a minimax finds that scores each child as a finished game, or 0 if it is not
    one: a minimax without its recursion."""
    if board.is_over:
        return _value(board)
    values = [{"X": 1, "O": -1}.get(board.play(cell).winner, 0) for cell in board.legal_moves]
    return max(values) if board.to_move == "X" else min(values)


@checked
def value_nudge(case: Case, got: object, answer: Callable[[Board], object],
                otherwise: str) -> str:
    """'' if ``got`` is the minimax value of ``case.board``, else the nudge of the classic
    mistake that gives ``got`` there and the student's ``answer`` on the probe positions too,
    else ``otherwise``."""
    if same(got, case.expected):
        return ""
    answer = move_limited(answer)
    drawn = answer(Board.from_string(DRAWN))
    if not same(drawn, 0):
        return (f"On a drawn game ({DRAWN}, full, no winner) yours returns {shown(drawn)}: a draw "
                "is a finished game too, and its value is 0. Is the score tested with if score:? "
                "0 counts as false there: test board.is_over, or score is not None.")
    probes = list(map(Board.from_string, VALUE_PROBES))
    for mistaken, nudge in VALUE_MISTAKES:
        if same(got, mistaken(case.board)) and \
                all(same(answer(board), mistaken(board)) for board in probes):
            return nudge
    return _not_a_value(case, got, [(board, answer(board)) for board in probes]) or otherwise


def _not_a_value(case: Case, got: object, probed: list[tuple[Board, object]]) -> str:
    """The nudge for an answer that is no value (+1, 0, −1): a move, a weighted score, an
    average; '' if ``got`` is one."""
    if not isinstance(got, Real) or got in (-1, 0, 1):
        return ""
    if all(answer in board.legal_moves for board, answer in [(case.board, got), *probed]):
        return ("Yours returns a move (a cell), not the value of the position: return the max "
                "(X) or min (O) of the values themselves.")
    if not float(got).is_integer():
        return (f"A value is +1, 0 or −1, and yours returned {shown(got)}: a player picks one "
                "move, the max (X) or min (O) of the values, not an average.")
    return (f"A value is +1, 0 or −1, and yours returned {shown(got)}: is a finished game's "
            "score multiplied by something (the free cells)? Here return its plain score.")


def _minimax_verdict(case: Case, got: object, student: Callable) -> str:
    return value_nudge(case, got, student, "At a finished position return its score; otherwise "
                                           "the max (X) or min (O) of the children's values.")


# --- best_move ----------------------------------------------------------------------------------


def _best_move_cases() -> Iterator[Case]:
    tricky = ["X..|...|O.X",  # O to move: every move loses; block to lose slowly
              "...|.X.|XOO",  # X to move: 2 wins now, 0 wins later
              "XX.|OO.|...",  # X wins at once at 2
              "XO.|.X.|..O",
              "XO.|XXO|OX."]  # O to move: 8 draws; after 2, X wins on a full board
    boards = [*map(Board.from_string, tricky), *small_positions(7, 30, seed=7)]
    for board in boards:
        if not board.is_over:
            yield Case((board,), board, AnyOf(_best_moves(board)),
                       f"a position with {board.to_move} to move")


def _best_moves(board: Board) -> list[int]:
    """Every move that leads to the best outcome: the quickest win, else a draw, else the
    slowest loss."""
    outcomes = move_outcomes(board)
    best = outcomes[perfect_move(board)]
    return [cell for cell, outcome in outcomes.items() if outcome == best]


#: Where a best_move may let O take the largest value, as (how it picks O's move at the top, the
#: turns its search takes below), with the nudge for that mistake.
_O_MAXIMISES: tuple[tuple[Callable, dict[str, str], str], ...] = (
    (max, AS_PLAYED,
     "At O's turn yours picks the move that is best for X: O wants the smallest value, X the "
     "largest. Pick with min when O is to move."),
    (min, MAX_ONLY,
     "Inside your search O takes the largest value too: at O's turns the search must take the "
     "smallest value of the positions after O's moves, as minimax_value does."),
    (max, MAX_ONLY,
     "O takes the largest value everywhere in yours, both when it picks the move and inside the "
     "search: O wants the smallest value, X the largest."),
)

#: Positions where each of those mistakes picks other moves than the right ones and than the
#: others: O to move at the first two, X at the third.
_BEST_MOVE_PROBES = ["X..|...|O.X", "XX.|OO.|X..", "...|.O.|XOX"]


def _moves_when(board: Board, o_picks: Callable, turns: dict[str, str]) -> list[int]:
    """The moves a best_move picks that chooses O's move with ``o_picks`` and searches below
    with the turns as ``turns`` says."""
    scores = {cell: misread_value(board.play(cell), turns, prefer_quick=True)
              for cell in board.legal_moves}
    best = (max if board.to_move == "X" else o_picks)(scores.values())
    return [cell for cell, score in scores.items() if score == best]


def _o_maximises(student: Callable, board: Board, got: object) -> str:
    """The nudge for letting O maximise, if the student's best_move picks ``got`` on ``board``
    and its moves on the probes as one of those mistakes would; else ''."""
    probes = list(map(Board.from_string, _BEST_MOVE_PROBES))
    chosen = [(board, got), *((probe, student(probe)) for probe in probes)]
    for o_picks, turns, nudge in _O_MAXIMISES:
        if all(move in _moves_when(position, o_picks, turns) for position, move in chosen):
            return nudge
    return ""


def _best_move_verdict(case: Case, got: object, student: Callable) -> str:
    board = case.board
    if not same(got, case.expected) and _returns_a_value(student, board, got):
        return ("Yours returns the value of the position, not a move: best_move returns the "
                "cell to play. Keep the cell whose position has the best value, e.g. with "
                "max(board.legal_moves, key=...) for X.")
    chosen = [(board, got), *((probe, student(probe))
                               for probe in map(Board.from_string, _BEST_MOVE_PROBES))]
    if not same(got, case.expected) and all(isinstance(move, int) and
                                            move - 1 in _best_moves(position)
                                            for position, move in chosen):
        return ("Cells are numbered 0 to 8, top-left first: yours is one more than a best move, "
                "here and on other positions.")
    if not same(got, case.expected) and indexes_of_right_moves(chosen, _best_moves):
        return _INDEX_NOT_CELL
    if got not in board.legal_moves:
        return f"{got!r} is not a legal move here: the free cells are {list(board.legal_moves)}."
    if same(got, case.expected):
        return ""
    o_maximises = _o_maximises(student, board, got)
    if o_maximises:
        return o_maximises
    if all(same(move, position.legal_moves[0]) for position, move in chosen):
        return ("Yours plays the first free cell on every position here, as if all its moves had "
                "the same value. Is each move valued by the position after it, board.play(cell)?")
    outcomes = move_outcomes(board)
    best_cell = min(case.expected)
    best, mine = outcomes[best_cell], outcomes[got]
    if mine.value != best.value:
        full_board_win = [(cell, outcome) for cell, outcome in ((got, mine), (best_cell, best))
                          if outcome.value and outcome.plies == board.free_cells]
        if full_board_win:
            cell, outcome = full_board_win[0]
            winner = "X" if outcome.value > 0 else "O"
            return (f"After {cell}, {winner} wins with the last free cell: a win on a full "
                    f"board. Scored as score × free cells, that win counts 0, the same as a "
                    f"draw. Score a finished game as score × (1 + free cells).")
        return (f"This move changes the result: after it the value is {signed(mine.value)}, "
                f"but {best_cell} keeps {signed(best.value)}.")
    if _ignores_speed(student, board, got):
        return ("Yours keeps the result but not its speed: in your search every win counts "
                "the same, however late, and so does every loss. Weigh a finished game's score "
                "by 1 + the cells still free, counted as the '.' cells: board.legal_moves is "
                "empty once somebody has won, so its length is 0 there.")
    if (best.value == 1) == (board.to_move == "X") and best.value != 0:
        return (f"Both moves win, but {best_cell} wins in {best.plies} moves and yours in "
                f"{mine.plies}: it wins later than it could. Prefer the quickest win.")
    return (f"Both moves lose, but {best_cell} holds out for {best.plies} moves and yours only "
            f"{mine.plies}. Prefer the slowest loss.")


#: The nudge for a move function that returns where the move stands in board.legal_moves.
_INDEX_NOT_CELL = ("Yours returns where the best move stands in board.legal_moves (its index: 0 "
                  "for the first free cell), not the cell itself, here and on other positions. "
                  "Return the cell: board.legal_moves[i], or pick among the cells themselves.")


def _weighted_value(board: Board, weight: Callable[[int], int]) -> int:
    """The minimax value of ``board`` when a finished game scores its result (+1, 0, −1) times
    ``weight`` of the cells still free."""
    if board.is_over:
        return {"X": 1, "O": -1}.get(board.winner, 0) * weight(board.free_cells)
    values = [_weighted_value(board.play(cell), weight) for cell in board.legal_moves]
    return max(values) if board.to_move == "X" else min(values)


#: The values a best_move that returns its search's value instead of a move may return: plain,
#: quick wins weighed by 1 + the free cells, and by the free cells.
_VALUE_WEIGHTS = (lambda free: 1, lambda free: 1 + free, lambda free: free)


def _returns_a_value(student: Callable, board: Board, got: object) -> bool:
    """Whether ``student`` returns a position's value (as one of ``_VALUE_WEIGHTS`` weighs it)
    instead of a move, on ``board`` and on the probes, one of which has a value that is no
    free cell."""
    probes = [board, *map(Board.from_string, _BEST_MOVE_PROBES)]
    answers = [got, *map(student, probes[1:])]
    return any(all(same(answer, _weighted_value(position, weight))
                   for position, answer in zip(probes, answers, strict=True))
               for weight in _VALUE_WEIGHTS)


def _ignores_speed(student: Callable, board: Board, got: object) -> bool:
    """Whether ``student`` picks on ``board`` and on the probes the first or the last of the
    moves with the best plain value (+1, 0, −1), as a search does that weighs every win alike."""
    chosen = [(board, got), *((probe, student(probe))
                               for probe in map(Board.from_string, _SPEED_PROBES))]
    for position, move in chosen:
        outcomes = move_outcomes(position)
        pick = max if position.to_move == "X" else min
        best = pick(outcome.value for outcome in outcomes.values())
        plain_best = [cell for cell in position.legal_moves if outcomes[cell].value == best]
        if not any(same(move, cell) for cell in (plain_best[0], plain_best[-1])):
            return False
    return True


#: Where the first and the last of the moves with the best value are not the quickest win or
#: the slowest loss (at the second, neither the first nor the last free cell has the best value).
_SPEED_PROBES = ["X..|...|O.X", "O..|XX.|.O."]


# --- predicting a value -------------------------------------------------------------------------

#: Lesson 3's "predict a value": X opened in a corner, O replied on the edge next to it.
CORNER_EDGE = "XO.|...|..."

#: The nudge for each wrong prediction. None gives the value away, so a student who guessed
#: wrong still works it out, changes the guess and checks again, as often as it takes.
PREDICTION_NUDGES = {
    0: "A draw means O can stop every threat of X's. But O's mark blocks only one of the lines "
       "through X's corner: can X make a threat that O must block, and then two threats at once?",
    -1: "For that, O would need three in a row before X, and X moves next. Look at X's chances "
        "instead: O's mark blocks only one of the lines through X's corner. Can X make a threat "
        "that O must block, and then two threats at once?",
}


def check_prediction(guess: object) -> Feedback:
    """The verdict on a prediction of the value of ``CORNER_EDGE``: ✓ and a move that proves it
    if ``guess`` is the minimax value; else "Not yet" while there is no guess, or a nudge for
    that wrong guess that leaves the value to the student, who tries again."""
    board = Board.from_string(CORNER_EDGE)
    result = minimax(board)
    if guess is None:
        return Feedback(False, "Not yet: set my_prediction to +1, 0 or −1 in the cell above, "
                               "then run this cell again.")
    if not any(same(guess, value) for value in (1, 0, -1)):
        return Feedback(False, f"✗ {shown(guess)} is not a value: predict +1 (X wins), 0 (a draw) "
                               "or −1 (O wins).")
    if same(guess, result.value):
        return Feedback(True, f"✓ {signed(result.value)}: X wins, for example by playing "
                              f"{result.move}.")
    return Feedback(False, f"✗ Not quite: it is not {signed(guess)}.", board,
                    nudge=f"{PREDICTION_NUDGES[guess]} Change your answer above and run this cell "
                          "again.")


# --- backing up a tiny tree by hand -------------------------------------------------------------

#: Lesson 3's tiny tree: X to move, with three free cells (0, 4 and 6).
SMALL_TREE = ".OX|X.O|.OX"


def check_backed_up(values: object) -> Feedback:
    """The verdict on ``values``, a dictionary from the moves played from ``SMALL_TREE``'s top
    (``()``, ``(0,)``, ...) to the value the student backed up there: a ✓ for each right one, "not
    yet" for each still None, and for a wrong one a nudge: the value the other player would
    choose is a mix-up of MAX and MIN, any other a slip on the way up."""
    board = Board.from_string(SMALL_TREE)
    paths = [(), *((cell,) for cell in board.legal_moves)]
    if not isinstance(values, dict) or set(values) != set(paths):
        return Feedback(False, f"✗ my_values must be a dictionary with the keys {paths}, as "
                               "given: fill in its values, keep its keys.")
    rows, right = [], 0
    for path in paths:
        position = board.play(path[0]) if path else board
        where = "the top" if not path else f"after X plays {path[0]}"
        guess, value = values[path], minimax(position, prefer_quick=False).value
        if guess is None:
            rows.append((where, "not yet"))
        elif same(guess, value):
            rows.append((where, f"{signed(value)} ✓"))
            right += 1
        else:
            rows.append((where, f"{shown(guess)}, not quite: {_backed_up_nudge(position, guess)}"))
    if right == len(paths):
        return Feedback(True, "✓ All four values right: X plays the move worth the most.",
                        rows=tuple(rows))
    if all(values[path] is None for path in paths):
        return Feedback(False, "Not yet: write your four values in my_values above, then run "
                               "this cell again.")
    return Feedback(False, f"{right} of {len(paths)} right so far.", board, tuple(rows))


def _backed_up_nudge(position: Board, guess: object) -> str:
    """Why ``guess`` is not the value of ``position``, without giving the value away."""
    mover = position.to_move
    scores = [minimax(position.play(cell), prefer_quick=False).value
              for cell in position.legal_moves]
    other = min(scores) if mover == "X" else max(scores)
    if not position.is_over and same(guess, other):
        pick = "largest" if mover == "X" else "smallest"
        return (f"that is what {'O' if mover == 'X' else 'X'} would choose, but {mover} moves "
                f"here and takes the {pick} of the values below.")
    return "back the values up from the finished games at the bottom, one level at a time."


EXERCISES = (
    Exercise(
        score, lesson=3,
        task="score(board) returns +1 if X has won, −1 if O has won, 0 for a draw, and None "
             "while the game goes on.",
        hint_text="Check board.winner first; a full board without a winner (board.is_over) is a "
                  "draw.",
        cases=_score_cases, returns=SCORE, verdict=_score_verdict,
        summary="wins for X and for O, draws, and unfinished games"),
    Exercise(
        minimax_value, lesson=3,
        task="minimax_value(board) returns +1, 0 or −1: the value of board when both sides play "
             "perfectly, from X's point of view.",
        hint_text="A finished game's value is its score. Otherwise the value comes from the "
                  "positions one move later, which the function can value by calling itself: "
                  "X, who wants +1, picks the best of them for X, and O the best for O.",
        cases=_value_cases, returns=VALUE, verdict=_minimax_verdict,
        summary="positions with X or O to move, up to 6 free cells"),
    Exercise(
        best_move, lesson=3,
        task="best_move(board) returns a best move for the player to move: a win if there is "
             "one — the quickest — else a draw, else the loss that takes longest.",
        hint_text="Make a win worth more the sooner it comes: weigh a finished game's score by "
                  "how many cells are still free. Careful: a win on a full board leaves no cell "
                  "free, and must still count for more than a draw.",
        cases=_best_move_cases, returns=CELL, verdict=_best_move_verdict,
        summary="quickest wins, slowest losses and draws, and wins on a full board"),
)
