"""Lesson 4's exercises, ``count_visits`` and ``minimax_in_place``: model answers, cases and
nudges. The model answers use only ``Board``, which the lesson imports; ``make solutions`` pastes
them into the lesson."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from ttt.course.exercises.checking import VALUE, WHOLE_NUMBER, Case, Exercise, Feedback, same, shown
from ttt.course.exercises.lesson3 import value_nudge
from ttt.course.exercises.positions import small_positions
from ttt.games.board import Board
from ttt.search.fast import alphabeta, minimax
from ttt.search.tree import build_tree, count_games, count_internal

__all__ = ["EXERCISES", "OPENINGS", "check_openings", "count_visits", "minimax_in_place"]

# --- model answers ------------------------------------------------------------------------------


def count_visits(board):
    """How many nodes plain minimax looks at below board: board itself, every node below it, and
    the finished games."""
    if board.is_over:
        return 1
    return 1 + sum(count_visits(board.play(cell)) for cell in board.legal_moves)


def minimax_in_place(cells):
    """The minimax value of a board given as a list of 9 marks, trying each move in place and
    taking it back afterwards, so the list is the same when the function returns."""
    board = Board.from_string("".join(cells))
    if board.is_over:
        return {"X": 1, "O": -1}.get(board.winner, 0)
    mark = board.to_move
    values = []
    for cell in board.legal_moves:
        cells[cell] = mark
        values.append(minimax_in_place(cells))
        cells[cell] = "."
    return max(values) if mark == "X" else min(values)


# --- count_visits -------------------------------------------------------------------------------


def _count_visits_cases() -> Iterator[Case]:
    # the second has 103 inner nodes and 79 leaves: counting either alone gets its own nudge
    for board in [Board.from_string("XXX|OO.|..."), Board.from_string("XO.|.X.|O.."),
                  *small_positions(7, 25, seed=8)]:
        yield Case((board,), board, minimax(board).nodes, f"the search below {board}")


def _count_visits_verdict(case: Case, got: object, student: Callable) -> str:
    if same(got, case.expected):
        return ""
    tree = build_tree(case.board)
    if same(got, count_internal(tree)):
        return ("You counted only the nodes the search expands. Count the finished games it "
                "looks at too.")
    if same(got, case.expected - 1):
        return "Count the node the search starts from too: board itself."
    if same(got, count_games(tree).total()):
        return "That counts only the finished games (the leaves)."
    if got in (-1, 0, 1) and all(student(board) in (-1, 0, 1) for board in _VALUE_PROBES):
        return ("Yours returns a value (+1, 0 or −1), as minimax does: count_visits returns how "
                "many nodes the search looks at, 1 for this one plus the counts below each move.")
    if same(got, 1 + len(case.board.legal_moves)):
        return ("Yours counts the board and the positions one move after it, but not further: "
                "count_visits of each of those positions counts what is below it (recursion).")
    return "Each call looks at one node: count 1, plus the nodes below each legal move."


#: Positions whose searches look at more than one node.
_VALUE_PROBES = tuple(map(Board.from_string, ["XO.|.X.|O..", "XX.|OO.|X..", "XOX|.O.|..."]))


# --- minimax_in_place ---------------------------------------------------------------------------


def _in_place_cases() -> Iterator[Case]:
    for board in [Board.from_string("XX.|OO.|X.."), *small_positions(6, 20, seed=9)]:
        yield Case((list(board.cells),), board, minimax(board, prefer_quick=False).value,
                   f"a position with {board.to_move} to move")


def _in_place_verdict(case: Case, got: object, student: Callable) -> str:
    if same(got, case.expected):
        return ""
    one_mark = _one_mark(case, student)
    if one_mark:
        return one_mark
    return value_nudge(case, got, lambda board: student(list(board.cells)),
                       "The value is wrong: the max of the children for X, the min for O.")


def _one_mark(case: Case, student: Callable) -> str:
    """The nudge for writing the same mark for every move (here and where the other player is
    to move), or for writing first the mark of the player not to move; else ''."""
    written = [mark for _, mark in _writes(student, case.args[0]) if mark in ("X", "O")]
    other = [mark for _, mark in _writes(student, list(_OTHER_MOVER)) if mark in ("X", "O")]
    if len(set(written + other)) == 1 and case.board.free_cells > 1:
        return (f"Yours writes {(written + other)[0]!r} for every move, the other player's too. "
                "Write the mark of the player to move (board.to_move), which changes from move "
                "to move.")
    if written and written[0] != case.board.to_move:
        return (f"Yours first writes {written[0]!r}, but {case.board.to_move} is to move here. "
                "Write the mark of the player to move (board.to_move), which changes from move "
                "to move.")
    return ""


#: X to move, and moves of both players to make in a search of it.
_OTHER_MOVER = "XX.OO...."


class _Recorded(list):
    """A list of marks that notes every write into it, (cell, mark), in order."""

    def __init__(self, cells: object) -> None:
        super().__init__(cells)
        self.writes: list[tuple[object, object]] = []

    def __setitem__(self, index, value) -> None:
        self.writes.append((index, value))
        super().__setitem__(index, value)


def _writes(student: Callable, cells: list) -> list[tuple[object, object]]:
    """What ``student`` writes into ``cells`` (a recording copy), whether it returns or raises."""
    recorded = _Recorded(cells)
    with contextlib.suppress(Exception, SystemExit):
        student(recorded)
    return recorded.writes


def _raised_with_moves_in_the_list(case: Case, student: Callable) -> str:
    """Why the student's function raised with a move still in the list: one mark for every
    move; or moves that are taken back, but not before the error. '' when moves are never
    taken back (the usual nudge)."""
    one_mark = _one_mark(case, student)
    if one_mark:
        return f"{one_mark} Else the list soon holds a position no game can reach: hence the error."
    writes = _writes(student, case.args[0])
    put_back = {shown(mark) for _, mark in writes if mark not in ("X", "O", ".")}
    if put_back:
        return (f"Yours takes each move back by writing {' or '.join(sorted(put_back))}, but a "
                "free cell holds '.': the list soon holds something no board can be read from, "
                "hence the error. Put back '.'.")
    if any(mark == "." for _, mark in writes):
        return ("Yours takes its moves back, but it raised with a move still in the list: an "
                "error between making a move and taking it back leaves it there. The error "
                "itself is the mistake: see the exception.")
    return ""


#: O to move: a search of it has moves to make in the list.
_IN_PLACE_PROBE = "XX.|OO.|X.."


def _searches_in_place(student: Callable) -> Feedback | None:
    """Once every case passes: the student's search writes its moves into the list it is given
    (a copy for each move would pass the cases, but it is not the exercise)."""
    board = Board.from_string(_IN_PLACE_PROBE)
    recorded = _Recorded(board.cells)
    student(recorded)
    if recorded.writes:
        return None
    return Feedback(False, "✗ minimax_in_place finds the right values, but it never writes a "
                           "move into the list it is given: it searches copies.", board,
                    nudge="The point of the exercise is one list for the whole search, with no "
                          "copy per move: write the mover's mark into cells itself, search, then "
                          "put the '.' back. Copying the list (list(cells), cells[:], a new "
                          "Board) for each move is what it saves.")


# --- which opening is cheapest to answer --------------------------------------------------------

#: Lesson 4's three openings of X, by name.
OPENINGS = {"centre": 4, "corner": 0, "edge": 1}


def check_openings(guess: object, costs: object) -> Feedback:
    """The verdict on a ``guess`` of the opening ('centre', 'corner' or 'edge') after which
    alpha-beta looks at the fewest nodes to choose O's reply, and on ``costs``, the three counts
    the student computed: a row for each, with a nudge for the usual slips (plain minimax's count,
    one short). With everything right, what ``ordered=False`` would change."""
    right = {name: alphabeta(Board().play(cell)).nodes for name, cell in OPENINGS.items()}
    plain = {name: minimax(Board().play(cell)).nodes for name, cell in OPENINGS.items()}
    if not isinstance(costs, dict) or set(costs) != set(OPENINGS):
        return Feedback(False, f"✗ my_costs must be a dictionary with the keys {list(OPENINGS)}, "
                               "as given: fill in its values.")
    if guess is None and all(cost is None for cost in costs.values()):
        return Feedback(False, "Not yet: write your guess and the three costs in the cell above, "
                               "then run this cell again.")
    cheapest = min(right, key=right.get)
    rows = [("guess", "not yet" if guess is None else
             f"{shown(guess)} ✓" if same(guess, cheapest) else
             f"{shown(guess)}, not quite: compute the costs and see")]
    for name, cost in costs.items():
        rows.append((name, _cost_verdict(cost, right[name], plain[name])))
    to_fix = [name for name in OPENINGS if not same(costs[name], right[name])]
    if to_fix or not same(guess, cheapest):
        return Feedback(False, _openings_headline(to_fix, same(guess, cheapest)),
                        rows=tuple(rows))
    unordered = {name: alphabeta(Board().play(cell), ordered=False).nodes
                 for name, cell in OPENINGS.items()}
    return Feedback(True, f"✓ Your guess and the three costs are right. For alpha-beta the "
                          f"{cheapest} is cheapest, not the centre: its cost depends less on the "
                          "size of the tree than on how soon it finds the moves that settle each "
                          "position. Try ordered=False "
                          "(moves in cell order): then the costs are "
                          f"{unordered['centre']:,}, {unordered['corner']:,} and "
                          f"{unordered['edge']:,}, in the same order as minimax's. Lesson 5 is "
                          "about that order.", rows=tuple(rows))


def _openings_headline(to_fix: list[str], guessed: bool) -> str:
    """What is not yet right in lesson 4's openings answer: the costs to fix, or the guess
    alone."""
    costs = (f"the cost after the {to_fix[0]} is" if len(to_fix) == 1 else
             "two of the three costs are" if len(to_fix) == 2 else "the three costs are")
    if not to_fix:
        return ("Not yet: the three costs are right, but the guess is not the opening they "
                "show to be cheapest (see the guess row).")
    if guessed:
        return f"Not yet: the guess is right, but {costs} not (see each row)."
    return f"Not yet: {costs} not right, nor the guess (see each row)."


def _cost_verdict(cost: object, right: int, plain: int) -> str:
    """One row of ``check_openings``: the count ✓, or what it is instead."""
    if cost is None:
        return "not yet"
    if same(cost, right):
        return f"{right:,} ✓"
    if same(cost, plain):
        return f"{plain:,} is what plain minimax looks at: use alphabeta"
    if same(cost, right - 1):
        return f"{shown(cost)}, one short: count the node after X's move too"
    return f"{shown(cost)}, not what alphabeta(Board().play(cell)).nodes says"


EXERCISES = (
    Exercise(
        count_visits, lesson=4,
        task="count_visits(board) returns how many nodes plain minimax looks at below board: "
             "the board itself, every node below it, and the finished games too.",
        hint_text="Each call of minimax looks at one node. Count that one and, while the game "
                  "goes on, everything the search looks at below each legal move: recursion "
                  "again.",
        cases=_count_visits_cases, returns=WHOLE_NUMBER, verdict=_count_visits_verdict,
        summary="finished positions and searches of up to 7 free cells"),
    Exercise(
        minimax_in_place, lesson=4,
        task="minimax_in_place(cells) returns the minimax value (+1, 0, −1) of a board given as "
             "a list of 9 marks ('X', 'O', '.'), making each move in the list and undoing it, so "
             "the list is exactly as it was when the function returns.",
        hint_text="One list serves the whole search: write the mover's mark into a free cell, "
                  "search the position that makes, then put the '.' back before trying the next "
                  "cell. To see who has won, join the marks into a string for Board.from_string.",
        cases=_in_place_cases, returns=VALUE, verdict=_in_place_verdict,
        extra_check=_searches_in_place, raised_verdict=_raised_with_moves_in_the_list,
        summary="values right, and the list always restored"),
)
