"""Lesson 5's exercises, ``alphabeta_value`` and ``count_distinct_positions``: model answers,
cases and nudges. The model answers use only ``math`` and a ``Board``'s own members, as the
lesson does; ``make solutions`` pastes them into the lesson.

``alphabeta_value`` is checked twice: its values against minimax, then the positions it visits,
in order, against the positions ``ttt.search.alphabeta`` visits (seen through ``search_steps``).
Where they differ, the classic mistakes are told apart: no pruning at all, never raising alpha
or lowering beta, not passing them down, and pruning only when alpha > beta.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from functools import cache

from ttt.core.arguments import checked
from ttt.games.board import Board
from ttt.search.counting import reachable_positions
from ttt.course.exercises.checking import (
    NO_ANSWER,
    VALUE,
    WHOLE_NUMBER,
    Case,
    Exercise,
    Feedback,
    attempt,
    same,
    shown,
)
from ttt.course.exercises.lesson3 import value_nudge
from ttt.course.exercises.positions import small_positions
from ttt.search.fast import alphabeta, minimax
from ttt.core.protocol import signed
from ttt.search.trace import CUT, ENTER, Step, search_steps

__all__ = ["EXERCISES", "alphabeta_value", "check_ordering", "check_symmetry_sets",
           "count_distinct_positions", "ordering_counts", "traced_board", "two_move_positions"]

# --- model answers ------------------------------------------------------------------------------


def alphabeta_value(board, alpha=-math.inf, beta=math.inf):
    """The minimax value of board, skipping the moves that cannot change it (alpha-beta)."""
    if board.is_over:
        return {"X": 1, "O": -1}.get(board.winner, 0)
    if board.to_move == "X":
        value = -math.inf
        for cell in board.legal_moves:
            value = max(value, alphabeta_value(board.play(cell), alpha, beta))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for cell in board.legal_moves:
        value = min(value, alphabeta_value(board.play(cell), alpha, beta))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def count_distinct_positions(board):
    """How many different positions can arise from board (board included)."""
    seen = {board}
    frontier = [board]
    while frontier:
        position = frontier.pop()
        for cell in position.legal_moves:
            child = position.play(cell)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return len(seen)


# --- alphabeta_value: values --------------------------------------------------------------------


def _alphabeta_cases() -> Iterator[Case]:
    tricky = ["X..|...|O.X", "XOX|.O.|..X", "X..|.O.|O.X", "XO.|.X.|..O"]
    for board in [*map(Board.from_string, tricky), *small_positions(6, 25, seed=10)]:
        yield Case((board,), board, minimax(board, prefer_quick=False).value,
                   f"a position with {board.to_move} to move")


def _alphabeta_verdict(case: Case, got: object, student: Callable) -> str:
    return value_nudge(case, got, student, "The value must be the minimax value. Check how "
                                           "alpha (X) and beta (O) are updated.")


# --- alphabeta_value: the positions it visits ---------------------------------------------------


@checked
def traced_board(board: Board) -> tuple[Board, list[Board]]:
    """A copy of ``board`` whose ``play`` writes every position it makes into the list returned
    with it, in order."""
    log: list[Board] = []

    class TracedBoard(Board):
        __slots__ = ()

        def play(self, cell: int) -> Board:
            child = super().play(cell)
            log.append(Board.from_bits(*child.bits))
            return child

    return TracedBoard.from_string(str(board)), log


def _visits(student: Callable, board: Board) -> list[Board]:
    """The positions ``student`` visits searching ``board``, in order."""
    traced, log = traced_board(board)
    student(traced)
    return log


def _steps(board: Board, pruning: bool) -> list[Step]:
    """The steps of the course's alpha-beta (or plain minimax), as the exercise asks for it:
    moves in cell order, a finished game scored +1, 0 or -1."""
    return search_steps(board, pruning=pruning, ordered=False, prefer_quick=False)


def _entered(steps: list[Step]) -> list[Board]:
    """The positions a search enters, after the one it starts from."""
    return [step.board for step in steps if step.kind == ENTER][1:]


def _alphabeta_visits(student: Callable) -> Feedback | None:
    """Check that the student's alpha-beta visits exactly the positions the course's does."""
    for case in _alphabeta_cases():
        got = _visits(student, case.board)
        steps = _steps(case.board, pruning=True)
        if got != _entered(steps):
            return _visits_feedback(case.board, steps, got, student)
    return None


def _visits_feedback(root: Board, steps: list[Step], got: list[Board],
                     student: Callable) -> Feedback:
    expected = _entered(steps)
    k = next((i for i, (a, b) in enumerate(zip(expected, got, strict=False)) if a != b),
             min(len(expected), len(got)))
    wanted = str(expected[k]) if k < len(expected) else "no more visits"
    went = str(got[k]) if k < len(got) else "no more"
    return Feedback(False, f"✗ alphabeta_value finds the right values but visits other positions "
                           f"than alpha-beta: searching the position shown, it visits {len(got)} "
                           f"nodes below it, alpha-beta {len(expected)}.",
                    root, ((f"visit {k + 1}", f"expected {wanted} / you visited {went}"),),
                    _pruning_mistake(root, steps, got, k, attempt(student)))


def _pruning_mistake(root: Board, steps: list[Step], got: list[Board], k: int,
                     student: Callable) -> str:
    """A nudge naming the mistake that makes the student visit ``got`` instead of the positions
    the ``steps`` of alpha-beta enter (the first difference is visit ``k + 1``)."""
    if _window_not_passed_down(student):
        return ("Alpha and beta are not passed down: your function uses the alpha and beta it is "
                "given, but the calls for the positions after each move do not get them, so each "
                "starts again from −∞ and +∞ and nothing below the top is ever pruned. Pass them "
                "on: alphabeta_value(board.play(cell), alpha, beta).")
    closed = _closed_window_visits(root, student)
    top_moves = sum(1 for board in closed or () if board.moves_made == root.moves_made + 1)
    plain = _entered(_steps(root, pruning=False))
    if got == plain:
        if closed is None or top_moves > 1:
            return (f"You visit all {len(plain)} nodes that plain minimax visits: your "
                    "function never prunes. It takes alpha and beta, and after each move, once "
                    "alpha >= beta, it stops trying moves (break) and returns the value found so "
                    "far.")
        return ("Your function stops when it is given alpha >= beta, but it never changes alpha "
                "or beta, so from alpha = −∞ and beta = +∞ it never prunes. After each move, X "
                "raises alpha to the best value so far, alpha = max(alpha, value); O lowers "
                "beta, beta = min(beta, value).")
    cut = _cut_skipping(steps, k, got[k]) if k < len(got) else None
    if cut is not None:
        move = next(m for m in cut.pruned if cut.board.play(m) == got[k])
        where = f"At {cut.board} ({cut.board.to_move} to move)"
        if cut.alpha == cut.beta:
            return (f"{where} alpha = beta = {signed(cut.alpha)}: the moves left cannot change "
                    f"the result, so alpha-beta stops, and you tried {move}. Prune when "
                    "alpha >= beta, not only when alpha > beta.")
        return (f"{where} alpha = {signed(cut.alpha)} and beta = {signed(cut.beta)}, so alpha "
                f">= beta and alpha-beta skips the moves left; you tried {move}. After each move "
                "X raises alpha and O lowers beta, and each child gets both: "
                "alphabeta_value(board.play(cell), alpha, beta).")
    return ("Alpha-beta goes on to another position here. Try the moves in the order of "
            "board.legal_moves, make each position with board.play(cell), and stop trying moves "
            "only once alpha >= beta.")


def _closed_window_visits(root: Board, student: Callable) -> list[Board] | None:
    """What ``student`` visits from ``root`` when given alpha >= beta from the start (alpha = +1,
    beta = -1): alpha-beta then tries only the first move at every level. None if it cannot be
    called with a window."""
    traced, log = traced_board(root)
    return None if student(traced, 1, -1) is NO_ANSWER else log


#: X to move: searched with alpha = −∞ and beta = −1, alpha-beta stops after the first move (any
#: value closes that window), and the window prunes much of the position after it.
_WINDOW_PROBE = "XO.|...|..."


def _window_not_passed_down(student: Callable) -> bool:
    """Whether ``student``, given a window that its first move closes, stops after that move
    but searches the position after it as plain minimax does: the window never reaches the
    calls below."""
    root = Board.from_string(_WINDOW_PROBE)
    first = root.play(root.legal_moves[0])
    traced, log = traced_board(root)
    if student(traced, -math.inf, -1) is NO_ANSWER:
        return False
    return log == [first, *_entered(_steps(first, pruning=False))]


def _cut_skipping(steps: list[Step], k: int, position: Board) -> Step | None:
    """The cut alpha-beta makes between its visits ``k`` and ``k + 1`` that skips ``position``,
    if there is one."""
    entered = [i for i, step in enumerate(steps) if step.kind == ENTER]
    start = entered[k]  # entry k is the last visit that agreed (entry 0: the start)
    end = entered[k + 1] if k + 1 < len(entered) else len(steps)
    return next((step for step in steps[start:end] if step.kind == CUT
                 and any(step.board.play(move) == position for move in step.pruned)), None)


# --- count_distinct_positions -------------------------------------------------------------------


def _distinct_cases() -> Iterator[Case]:
    for board in [Board.from_string("XOX|.O.|..X"), *small_positions(7, 10, seed=11), Board()]:
        yield Case((board,), board, len(reachable_positions(board)),
                   "the empty board" if board == Board() else f"the positions below {board}")


_OTHER_START = "XO.|...|..."  # a start whose positions the cases before have not all seen

#: The counts of the classic mistakes (each checked on ``_OTHER_START`` too), and their nudges.
_DISTINCT_MISTAKES: tuple[tuple[Callable[[Board], int], str], ...] = (
    (lambda board: len({position.canonical() for position in reachable_positions(board)}),
     "That counts the positions up to symmetry: a board and its mirror images or rotations count "
     "once in yours. Here each different board counts, its images too: keep the boards "
     "themselves in the set, not board.canonical()."),
    (lambda board: sum(not position.is_over for position in reachable_positions(board)),
     "Finished games are positions too: yours leaves out the boards where the game is over. "
     "Count them; only do not go on from them (they have no legal moves)."),
    (lambda board: sum(not position.is_over for position in reachable_positions(board)) - 1,
     "Yours leaves out the boards where the game is over, and the starting board too: both are "
     "positions that can arise. Count every board you reach, finished or not, and the first."),
)


def _distinct_verdict(case: Case, got: object, student: Callable) -> str:
    if same(got, case.expected):
        return ""
    student(Board.from_string(_OTHER_START))
    again = student(case.board)
    if not same(again, got):
        return (f"Called on this board again (after a call on {_OTHER_START}), your function "
                f"counts {shown(again)} instead of {got}: it keeps what it saw from one call to "
                "the next. A default argument such as seen=set() is made once, when def runs, and "
                "every call shares it: make a new set inside the function, on each call.")
    if same(got, case.expected - 1):
        return ("One short: count the starting board too. The positions that can arise from "
                "board include board itself, so put it in your set at the start.")
    if same(got, minimax(case.board).nodes):
        return ("That is every node of the game tree: a position that several move orders "
                "reach counts once. Keep a set of the boards seen, and add each child only once.")
    for count, nudge in _DISTINCT_MISTAKES:
        other = Board.from_string(_OTHER_START)
        if same(got, count(case.board)) and same(student(other), count(other)):
            return nudge
    if got > case.expected:
        return ("Some positions are counted more than once: count each one once, however many "
                "move orders lead to it (a set of the boards seen).")
    return ("Some positions are missing: go on from every board you have not seen before, "
            "through every legal move, until none is left.")


# --- where ordering helps most ------------------------------------------------------------------


@cache
def ordering_counts() -> dict[int, tuple[int, int]]:
    """For each first move of X, the nodes alpha-beta looks at from the board after it: (without
    ordering, with ordering)."""
    return {cell: (alphabeta(Board().play(cell), ordered=False).nodes,
                   alphabeta(Board().play(cell), ordered=True).nodes) for cell in range(9)}


def _pair(value: object) -> tuple | None:
    """``value`` as a tuple if it is a list or tuple, else None."""
    return tuple(value) if isinstance(value, (list, tuple)) else None


def check_ordering(counts: object, helped_most: object) -> Feedback:
    """The verdict on lesson 5's "where does ordering help most?": ``counts`` must be
    ``ordering_counts()`` and ``helped_most`` the first move after which ordering saves the most
    nodes. The first thing wrong comes with a nudge naming the mistake."""
    answer = ordering_counts()
    if counts is None:
        return Feedback(False, "Not yet: nodes_after_first_move() returns None.",
                        nudge="Return {cell: (nodes without ordering, nodes with ordering)} for "
                              "each first move of X, cells 0 to 8.")
    mistake = _counts_mistake(counts, answer)
    if mistake is not None:
        return mistake
    saved = {cell: without - with_ for cell, (without, with_) in answer.items()}
    best = max(saved, key=saved.get)
    if helped_most is None:
        return Feedback(False, "✓ Your counts are right. Not yet: helped_most is None.",
                        nudge="Set helped_most to the first move after which ordering saves the "
                              "most nodes.")
    if not same(helped_most, best):
        return Feedback(False, f"✗ Your counts are right, but ordering does not help most "
                               f"after X plays {shown(helped_most)}.",
                        nudge=_helped_most_mistake(helped_most, answer, saved))
    return Feedback(True, f"✓ Your counts are right, and ordering helps most after X plays "
                          f"{best}: it saves {saved[best]:,} nodes there.")


def _counts_mistake(counts: object, answer: dict[int, tuple[int, int]]) -> Feedback | None:
    """Feedback naming what is wrong with the student's ``counts``, or None if they are right."""
    if not isinstance(counts, dict):
        return Feedback(False, f"✗ nodes_after_first_move() returns a {type(counts).__name__}.",
                        nudge="Return a dictionary: {cell: (nodes without ordering, nodes with "
                              "ordering)}, one entry for each cell 0 to 8.")
    cells = [cell for cell in range(9) if cell in counts]
    if len(cells) < 9 or len(counts) != 9:
        return Feedback(False, f"✗ The dictionary's keys are {shown(list(counts))}.",
                        nudge="One entry for each first move of X: the keys are the cells 0 to "
                              "8, each with a pair (nodes without ordering, nodes with ordering).")
    pairs = {cell: _pair(counts[cell]) for cell in cells}
    wrong = [cell for cell in cells if not same(pairs[cell], answer[cell])]
    if not wrong:
        return None
    first = wrong[0]
    rows = ((f"cell {first}", f"expected {answer[first]} / got {shown(counts[first])}"),)
    headline = f"✗ The counts for cells {wrong} differ from alpha-beta's."
    if all(same(pairs[cell], answer[cell][::-1]) for cell in cells):
        nudge = ("Each pair is the wrong way round: yours is (with ordering, without). The "
                 "dictionary asks for (nodes without ordering, nodes with ordering), so that the "
                 "saving is the first number minus the second.")
    elif all(pairs[cell] and len(set(map(shown, pairs[cell]))) == 1 for cell in cells):
        nudge = ("Both numbers of each pair are the same: the first comes from alpha-beta with "
                 "ordered=False, the second with ordered=True.")
    elif len({shown(pairs[cell]) for cell in cells}) == 1:
        nudge = ("Every cell has the same pair: search the board after X plays that cell, not the "
                 "empty board.")
    else:
        nudge = ("For each cell, count the nodes alpha-beta looks at from the board after X plays "
                 "that cell: first without ordering, then with it.")
    return Feedback(False, headline, rows=rows, nudge=nudge)


def _helped_most_mistake(helped_most: object, answer: dict[int, tuple[int, int]],
                         saved: dict[int, int]) -> str:
    """The nudge for a wrong ``helped_most``."""
    if not any(same(helped_most, cell) for cell in range(9)):
        return f"helped_most is a cell, a whole number from 0 to 8, not {shown(helped_most)}."
    if same(helped_most, min(saved, key=saved.get)):
        return ("That is where ordering saves the fewest nodes. You want the most: the largest "
                "difference between the nodes without ordering and with it.")
    if same(helped_most, max(answer, key=lambda cell: answer[cell][0])):
        return ("That is where alpha-beta without ordering looks at the most nodes. Ordering helps "
                "most where it saves the most: nodes without ordering minus nodes with it.")
    return ("Ordering saves the nodes without ordering minus the nodes with it: helped_most is the "
            "cell where that saving is largest (the first such cell, if several tie).")


# --- how much symmetries save early on ----------------------------------------------------------


@cache
def two_move_positions() -> frozenset[Board]:
    """Every position after two moves, one of X's and one of O's."""
    return frozenset(Board().play(first).play(second) for first in range(9)
                     for second in range(9) if second != first)


def check_symmetry_sets(after_two: object, after_two_folded: object) -> Feedback:
    """The verdict on lesson 5's "how much do symmetries save early on?": ``after_two`` must hold
    every position after two moves and ``after_two_folded`` their canonical images. The first
    thing wrong comes with a nudge naming the mistake."""
    boards = two_move_positions()
    folded = frozenset(board.canonical() for board in boards)
    if after_two is None or after_two_folded is None:
        return Feedback(False, "Not yet: after_two and after_two_folded are still None.",
                        nudge="Build both sets with set comprehensions, then run this cell again.")
    for name, given in (("after_two", after_two), ("after_two_folded", after_two_folded)):
        mistake = _not_a_set_of_boards(name, given)
        if mistake is not None:
            return mistake
    sizes = f"your sets have {len(after_two)} and {len(after_two_folded)} positions"
    if after_two == folded and after_two_folded == boards:
        return Feedback(False, f"✗ The sets are the wrong way round: {sizes}.",
                        nudge="after_two holds every board after two moves; after_two_folded "
                              "holds their canonical images, the fewer.")
    if after_two != boards:
        return Feedback(False, f"✗ after_two is not every board after two moves: {sizes}.",
                        nudge=_two_moves_mistake(after_two, boards))
    if after_two_folded != folded:
        return Feedback(False, f"✗ after_two_folded is not the boards of after_two folded: "
                               f"{sizes}.", nudge=_folding_mistake(after_two_folded, boards))
    return Feedback(True, f"✓ {len(boards)} positions after two moves, {len(folded)} up to "
                          "symmetry.")


def _not_a_set_of_boards(name: str, given: object) -> Feedback | None:
    """Feedback if ``given`` is not a set of boards, else None."""
    if isinstance(given, (set, frozenset)) and all(isinstance(b, Board) for b in given):
        return None
    if isinstance(given, (list, tuple)) and all(isinstance(b, Board) for b in given):
        return Feedback(False, f"✗ {name} is a {type(given).__name__} of {len(given)} boards, "
                               f"{len(set(given))} of them different.",
                        nudge="A list keeps every board as often as it is made; a set keeps each "
                              "one once. Use a set comprehension: {... for ...}.")
    return Feedback(False, f"✗ {name} is not a set of boards: it is {shown(given)}.",
                    nudge="Make a set of Board objects with a set comprehension, such as the one "
                          "for after_one above.")


def _two_moves_mistake(after_two: frozenset, boards: frozenset[Board]) -> str:
    """The nudge for an ``after_two`` that is not every board after two moves."""
    other = sorted({board.moves_made for board in after_two if board.moves_made != 2})
    if other:
        moves = " and ".join(map(str, other)) + (" move" if other == [1] else " moves")
        return (f"after_two holds boards after {moves} too: only boards after exactly two "
                "moves, one of X's and one of O's.")
    return (f"{len(boards - after_two)} boards are missing: every first move of X, then every "
            "reply of O on a free cell.")


def _folding_mistake(after_two_folded: frozenset, boards: frozenset[Board]) -> str:
    """The nudge for an ``after_two_folded`` that is not the canonical images of ``boards``."""
    if after_two_folded == boards:
        return ("after_two_folded holds every board, unfolded. Fold each board of after_two to "
                "its canonical image, board.canonical(): its images then become one board.")
    unfolded = [board for board in after_two_folded if board != board.canonical()]
    if unfolded and after_two_folded <= boards and \
            {board.canonical() for board in after_two_folded} == \
            {board.canonical() for board in boards}:
        return ("Some boards in after_two_folded are not canonical images: folding the first move "
                "and then playing the second leaves the replies unfolded. Fold the boards after "
                "two moves: the canonical image of each board in after_two.")
    if unfolded:
        return (f"{len(unfolded)} of your boards are not canonical images, such as "
                f"{unfolded[0]}: take board.canonical() of each board in after_two.")
    return ("Fold every board of after_two, and only those: one canonical image, "
            "board.canonical(), for each.")


EXERCISES = (
    Exercise(
        alphabeta_value, lesson=5,
        task="alphabeta_value(board, alpha=-math.inf, beta=math.inf) returns the minimax value "
             "of board (+1, 0, −1), skipping moves that cannot change it. Try moves in the order "
             "of board.legal_moves; the check also compares the positions you visit, in order.",
        hint_text="Start from minimax_value. After each move, X raises alpha to the best value "
                  "it has found so far and O lowers beta likewise; each position after a move is "
                  "searched with the alpha and beta of the moment. Once alpha reaches beta, the "
                  "moves left cannot change the result.",
        cases=_alphabeta_cases, returns=VALUE, verdict=_alphabeta_verdict,
        extra_check=_alphabeta_visits,
        summary="values, and exactly the positions alpha-beta visits, in order"),
    Exercise(
        count_distinct_positions, lesson=5,
        task="count_distinct_positions(board) returns how many different positions can arise "
             "from board, board included (5,478 from the empty board).",
        hint_text="Keep a set of the boards seen so far (a Board is hashable) and a list of "
                  "boards still to expand; add each child you have not seen yet.",
        cases=_distinct_cases, returns=WHOLE_NUMBER, verdict=_distinct_verdict,
        summary="small positions and the empty board (5,478)"),
)
