"""The "Your turn" exercises of the lessons, with instant feedback.

Each exercise is an ``Exercise`` named after the function the student writes::

    from ttt import exercises
    exercises.winner.check(winner)     # ✓, or the first position where it goes wrong
    exercises.winner.hint()
    exercises.winner.solution()

``check`` runs the student's function on many positions, the tricky ones first, and compares it
with the package's answer. On the first mistake it shows the position (as a picture in a notebook,
as a grid in a terminal), what was expected, what came back, and a nudge. A stub that returns None
or raises NotImplementedError gets "Not yet"; any other exception is shown, never raised.
"""

from __future__ import annotations

import html
import inspect
import math
import random
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ttt import solutions
from ttt.board import LINES, Board, reachable_positions
from ttt.fast import Solver, minimax, shared_solver
from ttt.players import (
    blocking_moves,
    depth_limited_player,
    random_player,
    tournament,
    winning_moves,
)
from ttt.steps import ENTER, search_steps
from ttt.tree import build_tree, count_games, count_internal
from ttt.tree import count_nodes as nodes_in_tree

# --- feedback -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feedback:
    """The verdict of a check: passed or not, a headline, and for a mistake the position,
    what was expected, what came back and a nudge. Shows as HTML in a notebook, text elsewhere."""

    passed: bool
    headline: str
    board: Board | None = None
    expected: str = ""
    got: str = ""
    nudge: str = ""

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        lines = [self.headline]
        if self.board is not None:
            lines += ["", self.board.grid(), "", f"position: {self.board}"]
        lines += [f"{label}: {text}" for label, text in
                  (("expected", self.expected), ("got", self.got), ("hint", self.nudge)) if text]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = "#009E73" if self.passed else "#D55E00"
        picture = (f"<div style='float:left;margin-right:16px'>{self.board._repr_svg_()}"
                   f"<div style='font-family:monospace;font-size:0.85em'>{self.board}</div></div>"
                   if self.board is not None else "")
        rows = "".join(f"<div><b>{label}:</b> {html.escape(text)}</div>" for label, text in
                       (("expected", self.expected), ("got", self.got), ("hint", self.nudge))
                       if text)
        return (f"<div style='border-left:5px solid {colour};padding:6px 12px;overflow:auto'>"
                f"<div style='font-weight:bold;color:{colour}'>{html.escape(self.headline)}</div>"
                f"{picture}{rows}</div>")


class NotYet(Exception):
    """Raised inside a check when the student's function is still the stub."""


@dataclass(frozen=True)
class Case:
    """One test of a student's function: its arguments, the position to show if it fails, the
    right answer, and what this case is about."""

    args: tuple
    board: Board | None
    expected: object
    about: str


Verdict = Callable[[Case, object, tuple], str]


@dataclass
class Exercise:
    """A "Your turn" task: ``check(f)``, ``hint()``, ``solution()``.

    ``cases`` makes the test cases, tricky ones first. ``verdict(case, got, args)`` returns ''
    when the answer is right, else a nudge; the default compares with ``==``. ``summary`` says in
    a few words what a pass has verified.
    """

    name: str
    lesson: int
    task: str
    hint_text: str
    cases: Callable[[], Iterator[Case]]
    summary: str
    verdict: Verdict | None = None
    show: Callable[[object], str] = repr
    extra_check: Callable[[Callable], Feedback | None] | None = None
    solution_function: Callable = field(default=None, repr=False)

    def check(self, student: Callable, strict: bool = False) -> Feedback:
        """Run ``student`` against the package's answers and return the verdict (a notebook shows
        it at once). With ``strict`` a verdict other than ✓ raises AssertionError instead: the
        solutions copy of the lessons uses that to prove every model answer passes."""
        feedback = self._verdict(student)
        if strict and not feedback.passed:
            raise AssertionError(str(feedback))
        return feedback

    def _verdict(self, student: Callable) -> Feedback:
        count = 0
        for case in self.cases():
            count += 1
            args = _fresh(case.args)
            try:
                got = student(*args)
                if got is None and case.expected is not None and count == 1:
                    raise NotYet
            except (NotYet, NotImplementedError):
                return Feedback(False, f"Not yet: write {self.name} in the cell above, run it, "
                                       "then run this cell again.", nudge=self.task)
            except Exception as error:  # a student's bug is feedback, never a crash
                return Feedback(False, f"✗ {self.name} raised {type(error).__name__}: {error}",
                                case.board, self.show(case.expected), _where(error),
                                _changed(case.args, args) or f"This was {case.about}.")
            problem = _changed(case.args, args) or (self.verdict or _equal)(case, got, args)
            if problem:
                return Feedback(False, f"✗ {self.name} is wrong on {case.about}.", case.board,
                                self.show(case.expected), self.show(got), problem)
        if self.extra_check:
            extra = self.extra_check(student)
            if extra is not None:
                return extra
        return Feedback(True, f"✓ {self.name} is right on all {count} cases: {self.summary}.")

    def hint(self) -> Feedback:
        """A nudge towards the answer, without giving it away."""
        return Feedback(True, f"Hint for {self.name}: {self.hint_text}")

    def solution(self) -> Feedback:
        """The model answer (try the exercise first!)."""
        return Feedback(True, f"A model answer for {self.name}:\n\n{self.source()}")

    def source(self) -> str:
        """The model answer's source code."""
        return inspect.getsource(self.solution_function)


def _fresh(args: tuple) -> tuple:
    """Copies of mutable arguments, so a test case is never changed by the student's function."""
    return tuple(list(arg) if isinstance(arg, list) else arg for arg in args)


def _changed(before: tuple, after: tuple) -> str:
    """A nudge if the student's function changed a list it was given, else ''."""
    for old, new in zip(before, after, strict=True):
        if isinstance(old, list) and old != new:
            cell = next((c for c in range(len(old)) if c >= len(new) or old[c] != new[c]),
                        len(old))
            now = repr(new[cell]) if cell < len(new) else "nothing"
            was = repr(old[cell]) if cell < len(old) else "nothing"
            return (f"Your function changed the board it was given: afterwards cell {cell} holds "
                    f"{now} instead of {was}. Take each move back after trying it.")
    return ""


def _where(error: Exception) -> str:
    """The last line of the student's code in the traceback, to say where it went wrong."""
    frames = traceback.extract_tb(error.__traceback__)
    package = Path(__file__).parent
    mine = [frame for frame in frames if Path(frame.filename).parent != package]
    frame = (mine or frames)[-1]
    return f"an exception at line {frame.lineno}: {frame.line}"


def _equal(case: Case, got: object, args: tuple) -> str:
    return "" if got == case.expected else "Compare with the expected answer."


# --- the positions the checks use -----------------------------------------------------------------


@cache
def ordered_positions() -> tuple[Board, ...]:
    """Every position that can arise in a game, in a fixed order (by moves made, then string)."""
    return tuple(sorted(reachable_positions(), key=lambda board: (board.moves_made, str(board))))


def sample(boards: Sequence[Board], k: int, seed: int = 0) -> list[Board]:
    """``k`` boards picked at random (but always the same ones) from ``boards``."""
    return random.Random(seed).sample(list(boards), min(k, len(boards)))


def line_positions() -> Iterator[tuple[Board, str]]:
    """For every line and each player: a legal position where that player just completed it."""
    for line in LINES:
        for player in "XO":
            board = _complete_line(line, player)
            if board is not None:
                yield board, f"{player}'s line {'-'.join(map(str, line))}"


def _complete_line(line: tuple[int, int, int], player: str) -> Board | None:
    """A legal position where ``player`` has just completed ``line`` and nothing else."""
    for board in ordered_positions():
        if board.winning_line == line and board.winner == player and board.moves_made <= 6:
            return board
    return None


# --- lesson 1 ---------------------------------------------------------------------------------


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


def _winner_verdict(case: Case, got: object, args: tuple) -> str:
    if got == case.expected:
        return ""
    if isinstance(got, (tuple, list, set)):
        return "Return the mark of the winner, 'X' or 'O', not the cells of the line."
    if case.expected is None:
        return ("Nobody has three in a row here. Check your list of lines: "
                "every line must be a real row, column or diagonal.")
    line = "-".join(map(str, case.board.winning_line))
    return f"The line {line} is a win. Is it in your list of lines, written correctly?"


winner = Exercise(
    name="winner", lesson=1,
    task="winner(board) returns 'X' or 'O' if that player has three in a row, else None. "
         "Use LINES and board.cells; do not use board.winner.",
    hint_text="Loop over LINES. For a line (a, b, c), the cells board.cells[a], [b], [c] must be "
              "the same mark, and not '.'.",
    cases=_winner_cases, summary="all 8 lines for X and O, near misses, full boards and games",
    verdict=_winner_verdict, solution_function=solutions.winner)


def _legal_moves_cases() -> Iterator[Case]:
    finished_early = [b for b in ordered_positions() if b.winner and not b.is_full]
    for board in [Board(), *sample(finished_early, 8), *sample(ordered_positions(), 60, 2)]:
        about = ("a won game with free cells left" if board.winner and not board.is_full
                 else "a position")
        yield Case((board,), board, list(board.legal_moves), about)


def _legal_moves_verdict(case: Case, got: object, args: tuple) -> str:
    try:
        cells = sorted(got)
    except TypeError:
        return "Return a list of cell numbers, such as [0, 4, 8]."
    if cells == case.expected:
        return ""
    if case.board.winner and cells:
        return f"{case.board.winner} has already won: once the game is over no move is legal."
    return "The legal moves are the free cells ('.') — each one once."


legal_moves = Exercise(
    name="legal_moves", lesson=1,
    task="legal_moves(board) returns the list of free cells, in any order — and no cells at all "
         "once the game is over.",
    hint_text="A cell is free when board.cells[cell] == '.'. But a game with a winner is over, "
              "even with free cells left.",
    cases=_legal_moves_cases, summary="free cells, and none once somebody has won",
    verdict=_legal_moves_verdict, solution_function=solutions.legal_moves)


# --- lesson 2 ---------------------------------------------------------------------------------


def _small_positions(max_free: int, k: int, seed: int) -> list[Board]:
    boards = [b for b in ordered_positions() if b.free_cells <= max_free]
    return sample(boards, k, seed)


def _tree_cases(count: Callable) -> Callable[[], Iterator[Case]]:
    def cases() -> Iterator[Case]:
        boards = [Board.from_string("XOX|.O.|..X"), Board.from_string("XXX|OO.|..."),
                  *_small_positions(6, 25, seed=3)]
        for board in boards:
            tree = build_tree(board)
            yield Case((tree,), board, count(tree), f"the tree below {board}")
    return cases


def _count_nodes_verdict(case: Case, got: object, args: tuple) -> str:
    if got == case.expected:
        return ""
    tree = args[0]
    if got == case.expected - 1:
        return "Count the node itself too, not only what is below it."
    if got == count_games(tree).total():
        return "That is the number of leaves (finished games); count every node on the way too."
    return "A node counts 1, plus the nodes of each of its children's trees."


count_tree_nodes = Exercise(
    name="count_tree_nodes", lesson=2,
    task="count_tree_nodes(node) returns how many nodes the tree below node has, node included. "
         "node.children is a dict from cell to child node.",
    hint_text="Recursion: 1 for this node plus count_tree_nodes of each child. A leaf has no "
              "children, so it counts 1.",
    cases=_tree_cases(nodes_in_tree),
    summary="finished positions and trees of up to 6 free cells",
    verdict=_count_nodes_verdict, solution_function=solutions.count_tree_nodes)


def _count_x_wins_verdict(case: Case, got: object, args: tuple) -> str:
    if got == case.expected:
        return ""
    games = count_games(args[0])
    if got == games.total():
        return "That counts every finished game; count only those X wins."
    if got == games["O"]:
        return "That is how many games O wins."
    return "Only leaves are finished games: a leaf counts 1 if X has won there, else 0."


count_x_wins = Exercise(
    name="count_x_wins", lesson=2,
    task="count_x_wins(node) returns how many finished games in the tree below node X wins.",
    hint_text="A leaf (no children) is a finished game: 1 if node.board.winner == 'X', else 0. "
              "Above, add up the children.",
    cases=_tree_cases(lambda tree: count_games(tree)["X"]),
    summary="finished positions and trees of up to 6 free cells",
    verdict=_count_x_wins_verdict, solution_function=solutions.count_x_wins)


# --- lesson 3 ---------------------------------------------------------------------------------


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
        expected = solutions.score(board)
        yield Case((board,), board, expected, "a finished game" if board.is_over else
                   "a game that is not over")


def _score_verdict(case: Case, got: object, args: tuple) -> str:
    if got == case.expected and type(got) is not bool:
        return ""
    if case.expected is not None and got == -case.expected:
        return "Scores are from X's point of view: +1 when X has won, −1 when O has won."
    if case.expected == 0:
        return "A draw is a finished game too: it scores 0 (not None)."
    if case.expected is None:
        return "The game is not over here: return None."
    return "+1 if X has won, −1 if O has won, 0 for a draw, None while the game goes on."


score = Exercise(
    name="score", lesson=3,
    task="score(board) returns +1 if X has won, −1 if O has won, 0 for a draw, and None while the "
         "game goes on.",
    hint_text="Check board.winner first; a full board without a winner (board.is_over) is a draw.",
    cases=_score_cases, summary="wins for X and for O, draws, and unfinished games",
    verdict=_score_verdict, solution_function=solutions.score)


def _value_cases(max_free: int, k: int) -> Callable[[], Iterator[Case]]:
    def cases() -> Iterator[Case]:
        tricky = ["XX.|OO.|...",  # X to move wins at 2; O would win at 5
                  "XX.|OO.|X..",  # O to move wins at 5: a maximiser-only minimax misses it
                  "X..|...|O.X",  # O to move: every move loses
                  "XOX|.O.|..X"]  # O to move
        for board in [*map(Board.from_string, tricky), *_small_positions(max_free, k, seed=6)]:
            value = minimax(board, prefer_quick=False).value
            yield Case((board,), board, value, f"a position with {board.to_move} to move")
    return cases


def _maximiser_only(board: Board) -> int:
    """The value a minimax that forgets O minimises would give: a classic mistake."""
    if board.is_over:
        return solutions.score(board)
    return max(_maximiser_only(board.play(cell)) for cell in board.legal_moves)


def _minimax_verdict(case: Case, got: object, args: tuple) -> str:
    if got == case.expected:
        return ""
    board = case.board
    if board.to_move == "O" and got == _maximiser_only(board):
        return "It is O's turn here: O picks the child with the smallest value, X the largest."
    if got == -case.expected:
        return "Values are always from X's point of view: +1 means X wins, whoever is to move."
    return "At a finished position return its score; otherwise the max (X) or min (O) of the " \
           "children's values."


minimax_value = Exercise(
    name="minimax_value", lesson=3,
    task="minimax_value(board) returns +1, 0 or −1: the value of board when both sides play "
         "perfectly, from X's point of view.",
    hint_text="If the game is over, return its score. Else compute minimax_value(board.play(cell)) "
              "for each legal move and take the max if X is to move, the min if O is.",
    cases=_value_cases(6, 25), summary="positions with X or O to move, up to 6 free cells",
    verdict=_minimax_verdict, solution_function=solutions.minimax_value)


def _best_move_cases() -> Iterator[Case]:
    tricky = ["X..|...|O.X",  # O to move: every move loses; block to lose slowly
              "...|.X.|XOO",  # X to move: 2 wins now, 0 wins later
              "XX.|OO.|...",  # X wins at once at 2
              "XO.|.X.|..O"]
    boards = [*map(Board.from_string, tricky), *_small_positions(7, 30, seed=7)]
    for board in boards:
        if not board.is_over:
            yield Case((board,), board, shared_solver().solve(board).move,
                       f"a position with {board.to_move} to move")


def _best_move_verdict(case: Case, got: object, args: tuple) -> str:
    board = case.board
    if got not in board.legal_moves:
        return f"{got!r} is not a legal move here: the free cells are {list(board.legal_moves)}."
    outcomes = shared_solver().move_outcomes(board)
    best = outcomes[case.expected]
    mine = outcomes[got]
    if mine == best:
        return ""
    if mine.value != best.value:
        return f"This move changes the result: after it the value is {mine.value:+d}, " \
               f"but {case.expected} keeps {best.value:+d}."
    if (best.value == 1) == (board.to_move == "X") and best.value != 0:
        return f"Both moves win, but {case.expected} wins in {best.plies} moves and yours in " \
               f"{mine.plies}: it wins later than it could. Prefer the quickest win."
    return f"Both moves lose, but {case.expected} holds out for {best.plies} moves and yours " \
           f"only {mine.plies}. Prefer the slowest loss."


best_move = Exercise(
    name="best_move", lesson=3,
    task="best_move(board) returns a best move for the player to move: a win if there is one — "
         "the quickest — else a draw, else the loss that takes longest.",
    hint_text="Score a finished game as score(board) * (1 + free cells): a win with more free "
              "cells left (sooner) is worth more, a loss with more cells left is worse.",
    cases=_best_move_cases, summary="quickest wins, slowest losses and draws",
    verdict=_best_move_verdict, show=str, solution_function=solutions.best_move)


# --- lesson 4 ---------------------------------------------------------------------------------


def _count_visits_cases() -> Iterator[Case]:
    for board in [Board.from_string("XXX|OO.|..."), Board.from_string("XOX|.O.|..X"),
                  *_small_positions(7, 25, seed=8)]:
        yield Case((board,), board, minimax(board).nodes, f"the search below {board}")


def _count_visits_verdict(case: Case, got: object, args: tuple) -> str:
    if got == case.expected:
        return ""
    tree = build_tree(case.board)
    if got == count_internal(tree):
        return "You counted only the positions the search expands. Count the finished positions " \
               "it looks at too."
    if got == case.expected - 1:
        return "Count the starting position too."
    if got == count_games(tree).total():
        return "That counts only the finished games (the leaves)."
    return "Each call looks at one position: count 1, plus the visits below each legal move."


count_visits = Exercise(
    name="count_visits", lesson=4,
    task="count_visits(board) returns how many positions plain minimax looks at below board: "
         "the board itself, every position below it, and the finished ones.",
    hint_text="1 for this position; if the game is not over, add count_visits(board.play(cell)) "
              "for every legal move.",
    cases=_count_visits_cases, summary="finished positions and searches of up to 7 free cells",
    verdict=_count_visits_verdict, solution_function=solutions.count_visits)


def _in_place_cases() -> Iterator[Case]:
    for board in [Board.from_string("XX.|OO.|X.."), *_small_positions(6, 20, seed=9)]:
        yield Case((list(board.cells),), board, minimax(board, prefer_quick=False).value,
                   f"a position with {board.to_move} to move")


def _in_place_verdict(case: Case, got: object, args: tuple) -> str:
    if got != case.expected:
        return "The value is wrong: the max of the children for X, the min for O."
    return ""


minimax_in_place = Exercise(
    name="minimax_in_place", lesson=4,
    task="minimax_in_place(cells) returns the minimax value (+1, 0, −1) of a board given as a list "
         "of 9 marks ('X', 'O', '.'), making each move in the list and undoing it, so the list is "
         "exactly as it was when the function returns.",
    hint_text="For each free cell: cells[cell] = mark; value = minimax_in_place(cells); "
              "cells[cell] = '.'. Board.from_string(''.join(cells)) tells you the winner.",
    cases=_in_place_cases, summary="values right, and the list always restored",
    verdict=_in_place_verdict, solution_function=solutions.minimax_in_place)


# --- lesson 5 ---------------------------------------------------------------------------------


class _VisitLog(list):
    """The positions a search visits, in order, recorded by ``TracedBoard.play``."""


def traced_board(board: Board) -> tuple[Board, _VisitLog]:
    """A copy of ``board`` whose ``play`` records every position it makes, in order."""
    log = _VisitLog()

    class TracedBoard(Board):
        __slots__ = ()

        def play(self, cell: int) -> Board:
            child = super().play(cell)
            log.append(child)
            return child

    return TracedBoard.from_string(str(board)), log


def _alphabeta_cases() -> Iterator[Case]:
    tricky = ["X..|...|O.X", "XOX|.O.|..X", "X..|.O.|O.X", "XO.|.X.|..O"]
    for board in [*map(Board.from_string, tricky), *_small_positions(6, 25, seed=10)]:
        yield Case((board,), board, minimax(board, prefer_quick=False).value,
                   f"a position with {board.to_move} to move")


def _alphabeta_verdict(case: Case, got: object, args: tuple) -> str:
    return "" if got == case.expected else \
        "The value must be the minimax value. Check how alpha (X) and beta (O) are updated."


def _alphabeta_visits(student: Callable) -> Feedback | None:
    """Check that the student's alpha-beta visits exactly the positions the reference does."""
    for case in _alphabeta_cases():
        board, log = traced_board(case.board)
        try:
            student(board)
        except Exception as error:  # shown as feedback; the value check already ran it once
            return Feedback(False, f"✗ alphabeta_value raised {type(error).__name__}: {error}",
                            case.board)
        expected = [step.board for step in search_steps(case.board, pruning=True, ordered=False,
                                                        prefer_quick=False)
                    if step.kind == ENTER][1:]
        got = [Board.from_string(str(b)) for b in log]
        if got != expected:
            return _first_difference(case.board, expected, got)
    return None


def _first_difference(root: Board, expected: list[Board], got: list[Board]) -> Feedback:
    k = next((i for i, (a, b) in enumerate(zip(expected, got, strict=False)) if a != b),
             min(len(expected), len(got)))
    if len(got) > len(expected) and got[:len(expected)] == expected:
        nudge = "You visit more positions than needed: cut off as soon as alpha >= beta."
    elif set(expected) < set(got):
        nudge = "You visit positions alpha-beta can skip. Prune when alpha >= beta (not >)."
    else:
        nudge = ("Try the moves in board.legal_moves order, pass alpha and beta down, and prune "
                 "when alpha >= beta.")
    shown = expected[k] if k < len(expected) else None
    return Feedback(False, f"✗ alphabeta_value finds the right values but visits different "
                           f"positions: {len(got)} instead of {len(expected)}, starting from "
                           f"{root}; they first differ at visit {k + 1}.",
                    shown, str(shown) if shown else "no more visits",
                    str(got[k]) if k < len(got) else "no more visits", nudge)


alphabeta_value = Exercise(
    name="alphabeta_value", lesson=5,
    task="alphabeta_value(board, alpha=-math.inf, beta=math.inf) returns the minimax value of "
         "board (+1, 0, −1), skipping moves that cannot change it. Try moves in the order of "
         "board.legal_moves; the check also compares the positions you visit, in order.",
    hint_text="X: value = max(value, child); alpha = max(alpha, value). O: value = min(value, "
              "child); beta = min(beta, value). Stop trying moves once alpha >= beta.",
    cases=_alphabeta_cases, summary="values, and exactly the positions alpha-beta visits, in order",
    verdict=_alphabeta_verdict, extra_check=_alphabeta_visits,
    solution_function=solutions.alphabeta_value)


def _distinct_cases() -> Iterator[Case]:
    for board in [Board.from_string("XOX|.O.|..X"), *_small_positions(7, 10, seed=11), Board()]:
        solver = Solver()
        yield Case((board,), board, solver.solve(board).nodes,
                   "the empty board" if board == Board() else f"the positions below {board}")


count_distinct_positions = Exercise(
    name="count_distinct_positions", lesson=5,
    task="count_distinct_positions(board) returns how many different positions can arise from "
         "board, board included (5,478 from the empty board).",
    hint_text="Keep a set of the boards seen so far (a Board is hashable) and a list of boards "
              "still to expand; add each child you have not seen yet.",
    cases=_distinct_cases, summary="small positions and the empty board (5,478)",
    verdict=lambda case, got, args: "" if got == case.expected else
    "Count each position once, however many move orders lead to it: use a set.",
    solution_function=solutions.count_distinct_positions)


# --- lesson 6 ---------------------------------------------------------------------------------

EVALUATION_GAMES = 100  # as X and as O, so twice this many in all
EVALUATION_DEPTH = 2
MIN_WINS, MAX_LOSSES = 175, 5  # out of 200: open_lines scores 186 and 3, a constant 152 and 10


def _evaluate_cases() -> Iterator[Case]:
    for board in [b for b in ordered_positions() if not b.is_over]:
        yield Case((board,), board, "a number strictly between −1 and +1",
                   "an unfinished position")


def _evaluate_verdict(case: Case, got: object, args: tuple) -> str:
    if isinstance(got, bool) or not isinstance(got, (int, float)) or math.isnan(got):
        return "Return a number (a float such as 0.25)."
    if not -1 < got < 1:
        return "Keep guesses strictly between −1 and +1, so a real win (+1) always counts more."
    return ""


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
                        nudge="Give more to positions where the player has more open lines (lines "
                              "with no opponent mark) and to the centre; from X's point of view.")
    return None


evaluate = Exercise(
    name="evaluate", lesson=6,
    task="evaluate(board) guesses who is better in an unfinished position, from X's point of "
         "view: a number strictly between −1 and +1. A player that looks 2 moves ahead with it "
         f"must beat a random player: at least {MIN_WINS} wins and at most {MAX_LOSSES} losses "
         f"in {2 * EVALUATION_GAMES} games.",
    hint_text="Count the lines X could still complete (no O in them) minus those O could, and "
              "divide by 9 so the result stays between −1 and +1.",
    cases=_evaluate_cases,
    summary=f"in range on every unfinished position, and it beats random over "
            f"{2 * EVALUATION_GAMES} games",
    verdict=_evaluate_verdict, show=str, extra_check=_evaluate_tournament,
    solution_function=solutions.evaluate)


def _two_layer_cases() -> Iterator[Case]:
    positions = [b for b in ordered_positions() if not b.is_over]
    wins = [b for b in positions if winning_moves(b)]
    can_win = set(wins)
    blocks = [b for b in positions if b not in can_win and blocking_moves(b)]
    for board in [*sample(wins, 25, 12), *sample(blocks, 25, 13), *sample(positions, 20, 14)]:
        kind = ("a position where it can win at once" if board in can_win else
                "a position where it must block" if blocking_moves(board) else "a quiet position")
        yield Case((board,), board, kind, kind)


def _two_layer_verdict(case: Case, got: object, args: tuple) -> str:
    board = case.board
    if got not in board.legal_moves:
        return f"{got!r} is not a legal move: the free cells are {list(board.legal_moves)}."
    winning = winning_moves(board)
    if winning:
        return "" if got in winning else f"{winning[0]} wins at once: take it."
    threats = blocking_moves(board)
    if threats and got not in threats:
        return f"The opponent threatens to win at {threats[0]}: block it."
    return ""


two_layer_move = Exercise(
    name="two_layer_move", lesson=6,
    task="two_layer_move(board) returns a winning move if there is one, else a move that blocks "
         "the opponent's immediate win, else any legal move.",
    hint_text="First look for a cell where board.play(cell).winner is set. Then look for a cell "
              "where the opponent's mark would complete one of LINES.",
    cases=_two_layer_cases, summary="immediate wins, blocks and quiet positions",
    verdict=_two_layer_verdict, show=str, solution_function=solutions.two_layer_move)


__all__ = ["EXERCISES", "Exercise", "Feedback"]  # and each exercise by its name, below

#: Every exercise, by the name of the function the student writes.
EXERCISES: dict[str, Exercise] = {
    exercise.name: exercise for exercise in (
        winner, legal_moves, count_tree_nodes, count_x_wins, score, minimax_value, best_move,
        count_visits, minimax_in_place, alphabeta_value, count_distinct_positions, evaluate,
        two_layer_move)
}
__all__ += list(EXERCISES)
