"""Lesson 1's exercises, ``winner`` and ``legal_moves``: model answers, cases and nudges.

The model answers are written as a student would write them, with only what lesson 1 has shown
and imports (``board.cells``, ``LINES``); ``make solutions`` pastes them into the lesson, so they
carry no type hints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ttt.course.exercises.checking import CELLS, MARK, Case, Exercise, same, shown
from ttt.course.exercises.positions import line_positions, ordered_positions, sample
from ttt.games.board import LINES, Board

__all__ = ["EXERCISES", "legal_moves", "winner"]

# --- model answers ------------------------------------------------------------------------------


def winner(board):
    """'X' or 'O' if that player has three in a row, else None."""
    cells = board.cells
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def legal_moves(board):
    """The free cells, or none at all once somebody has won."""
    if board.winner:
        return []
    return [cell for cell in range(9) if board.cells[cell] == "."]


# --- winner -------------------------------------------------------------------------------------


def _winner_cases() -> Iterator[Case]:
    for board, about in line_positions():
        yield Case((board,), board, board.winner, about)
    yield Case((Board(),), Board(), None, "the empty board")
    near_misses = ["X.X|.XO|..O", "..X|O.X|X.O", "XO.|XO.|..X", "X.O|.O.|X.X"]
    for text in near_misses:
        board = Board.from_string(text)
        yield Case((board,), board, board.winner, "a position with no three in a row")
    for board in sample([b for b in ordered_positions() if b.is_full], 20):
        yield Case((board,), board, board.winner, "a full board")
    for board in sample(ordered_positions(), 60, seed=1):
        yield Case((board,), board, board.winner, "a position from a game")


def _winner_verdict(case: Case, got: object, student: Callable) -> str:
    if same(got, case.expected):
        return ""
    if got == ".":
        return ("'.' is an empty cell, not a player: three empty cells in a row are no win. "
                "Return a line's mark only if it is not '.'.")
    if isinstance(got, str) and got not in ("X", "O"):
        return (f"A winner is 'X' or 'O', and {got!r} is neither: when nobody has three in a row, "
                "return None.")
    if got is not None and {shown(student(board)) for board in _all_kinds()} == {shown(got)}:
        return (f"Your function answers {got!r} for every board: the empty one, X's wins and O's "
                "wins alike. It must look at the cells: return the mark of a line whose three "
                "cells hold the same mark (not '.'), and None if there is none.")
    if _agrees(student, _shifted_winner):
        return ("Cells are numbered 0 to 8, and so are the cells of LINES: board.cells[a - 1] "
                "looks at the cell before the one the line names (and cells[-1] is cell 8). Use "
                "the numbers of LINES as they are.")
    two = _two_in_a_row_taken_for_a_win(student)
    if two:
        return two
    found = _lines_found(student)
    for player, other in ("XO", "OX"):
        if found and all(mark == player for _, mark in found) and case.expected == other:
            return (f"Yours finds {player}'s wins but never {other}'s: a line is won when its "
                    f"three cells hold the same mark, whichever it is ('X' or 'O', not '.'). "
                    f"Return that mark.")
    if case.expected is None:
        return ("Nobody has three in a row here. Check your list of lines: "
                "every line must be a real row, column or diagonal.")
    line = "-".join(map(str, case.board.winning_line))
    if got is None and len({line for line, _ in found}) == 1:
        return (f"The line {line} is a win, but your function finds a win on one line only: "
                "does it return None inside the loop, after looking at the first line? Return "
                "None only after the loop, once every line has been looked at.")
    if got is not None:
        return (f"The three in a row on {line} are {case.expected}'s: return the mark that is on "
                f"the line, not {got!r}.")
    return f"The line {line} is a win. Is it in your list of lines, written correctly?"


def _two_of_a_line() -> Iterator[tuple[Board, tuple[int, int, int]]]:
    """For each pair of cells of each line: X on those two, the line's third cell free and O's
    one mark off the line. Nobody has won: X has only two marks on the board."""
    for line in LINES:
        for left_out in line:
            cells = ["."] * 9
            for cell in line:
                if cell != left_out:
                    cells[cell] = "X"
            cells[next(cell for cell in range(9) if cell not in line)] = "O"
            yield Board.from_string("".join(cells)), line


def _two_in_a_row_taken_for_a_win(student: Callable) -> str:
    """The nudge for a winner that finds a win where only two cells of a line hold a mark (it
    compares two of the three cells, or joins the comparisons with or); else ''."""
    for board, line in _two_of_a_line():
        if same(student(board), "X"):
            return (f"On {board} nobody has won, yet yours returns 'X': X has only two marks, on "
                    f"the line {'-'.join(map(str, line))}. A line is won when all three of its "
                    "cells hold the same mark: compare the first cell with the second and the "
                    "second with the third (both must hold), not two cells alone.")
    return ""


def _all_kinds() -> list[Board]:
    """The empty board and a win on every line, of X's and of O's."""
    return [Board(), *(board for board, _ in line_positions())]


def _lines_found(student: Callable) -> set[tuple[tuple[int, int, int], str]]:
    """The lines, and whose, on which ``student`` sees the win."""
    return {(board.winning_line, board.winner) for board, _ in line_positions()
            if same(student(board), board.winner)}


def _shifted_winner(board: Board) -> str | None:
    """What a winner finds that reads cell a - 1 for cell a: cells numbered from 1."""
    cells = board.cells
    for a, b, c in LINES:
        if cells[a - 1] != "." and cells[a - 1] == cells[b - 1] == cells[c - 1]:
            return cells[a - 1]
    return None


def _agrees(student: Callable, mistaken: Callable[[Board], object]) -> bool:
    """Whether ``student`` answers as ``mistaken`` does on every line position and the first
    positions of games, where the two mistakes differ from the right answer."""
    boards = [*_all_kinds(), *sample(ordered_positions(), 60, seed=1)]
    return all(same(student(board), mistaken(board)) for board in boards)


# --- legal_moves --------------------------------------------------------------------------------


def _legal_moves_cases() -> Iterator[Case]:
    finished_early = [b for b in ordered_positions() if b.winner and not b.is_full]
    for board in [Board(), *sample(finished_early, 8), *sample(ordered_positions(), 60, 2)]:
        about = ("a won game with free cells left" if board.winner and not board.is_full
                 else "a position")
        yield Case((board,), board, list(board.legal_moves), about)


def _legal_moves_verdict(case: Case, got: object, student: Callable) -> str:
    try:
        cells = sorted(got)
    except TypeError:
        return "Return a list of cell numbers, such as [0, 4, 8]."
    if same(cells, case.expected):
        return ""
    if case.board.winner and cells:
        return f"{case.board.winner} has already won: once the game is over no move is legal."
    if cells and same(cells, [cell + 1 for cell in case.expected]):
        return ("Cells are numbered 0 to 8, top-left first: yours are one more than the free "
                "cells' numbers.")
    return _free_cells_mistake(case.board, cells, case.expected)


def _free_cells_mistake(board: Board, cells: list, free: list[int]) -> str:
    """The nudge for a list of cells that is not the free cells (which are ``free``)."""
    if any(isinstance(cell, str) for cell in cells):
        return "Return the free cells' numbers (0 to 8), not their marks."
    taken = [cell for cell in cells if cell in range(9) and board.cells[cell] != "."]
    if taken:
        return (f"Cell {taken[0]} holds {board.cells[taken[0]]!r}: it is taken. Only a cell that "
                "holds '.' is free.")
    if 8 in free and 8 not in cells and set(cells) == set(free) - {8}:
        return "Cell 8 is free but missing: range(8) stops at 7; the cells are range(9)."
    return "The legal moves are the free cells ('.') — each one once."


EXERCISES = (
    Exercise(
        winner, lesson=1,
        task="winner(board) returns 'X' or 'O' if that player has three in a row, else None. "
             "Use LINES and board.cells; do not use board.winner.",
        hint_text="Look at the eight lines of LINES one by one. A line is won when its three "
                  "cells hold the same mark, and that mark is not '.': three empty cells in a row "
                  "are no win.",
        cases=_winner_cases, returns=MARK, verdict=_winner_verdict,
        summary="all 8 lines for X and O, near misses, full boards and games"),
    Exercise(
        legal_moves, lesson=1,
        task="legal_moves(board) returns the list of free cells, in any order — and no cells at "
             "all once the game is over.",
        hint_text="A free cell holds '.'. But a game with a winner is over, even with free "
                  "cells left.",
        cases=_legal_moves_cases, returns=CELLS, verdict=_legal_moves_verdict,
        summary="free cells, and none once somebody has won"),
)
