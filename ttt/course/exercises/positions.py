"""The positions the exercise checks try, and positions seen the wrong way round: searching one
gives the value that a minimax with a classic mistake finds, so a check can recognise it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from ttt.core.arguments import at_least, checked, unchecked
from ttt.core.protocol import MARKS, Position
from ttt.games.board import LINES, Board
from ttt.search.counting import reachable_positions
from ttt.search.minimax import minimax

__all__ = ["AS_PLAYED", "MAX_ONLY", "SWAPPED", "Misread", "indexes_of_right_moves",
           "line_positions", "misread_value", "ordered_positions", "sample", "small_positions"]


@cache
def ordered_positions() -> tuple[Board, ...]:
    """Every position that can arise in a game, in a fixed order (by moves made, then string)."""
    return tuple(sorted(reachable_positions(), key=lambda board: (board.moves_made, str(board))))


@checked(k=at_least(0))
def sample(boards: Sequence[Board], k: int, seed: int = 0) -> list[Board]:
    """``k`` boards picked at random (but always the same ones) from ``boards``."""
    return random.Random(seed).sample(list(boards), min(k, len(boards)))


@checked(max_free=at_least(0, 9, " (a board has 9 cells)"), k=at_least(0))
def small_positions(max_free: int, k: int, seed: int) -> list[Board]:
    """``k`` positions (always the same ones) with at most ``max_free`` free cells."""
    return sample([b for b in ordered_positions() if b.free_cells <= max_free], k, seed)


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


# --- positions seen the wrong way round ---------------------------------------------------------

SWAPPED = {"X": "O", "O": "X"}  # X minimises and O maximises
MAX_ONLY = {"X": "X", "O": "X"}  # both maximise: O's turn forgotten
AS_PLAYED = {"X": "X", "O": "O"}  # the turns as they are


def _turns(value: object, name: str) -> None:
    """The rule of the turns a ``Misread`` takes: for 'X' and for 'O', who picks, 'X' or 'O'."""
    if (not isinstance(value, Mapping) or set(value) != set(MARKS)
            or any(value[player] not in MARKS for player in MARKS)):
        raise ValueError(f"{name} says who picks at X's turn and at O's, e.g. SWAPPED "
                         f"{SWAPPED}, got {value!r:.60}")


@checked(turns=_turns)
class Misread:
    """A position whose search takes the wrong player to move: where it is really ``player``'s
    turn, ``turns[player]`` picks (X the largest value, O the smallest). The moves, the end of
    the game and the winner are the real ones."""

    def __init__(self, position: Position, turns: Mapping[str, str]) -> None:
        self.position = position
        self.turns = turns

    @property
    def to_move(self) -> str:
        return self.turns[self.position.to_move]

    @property
    def legal_moves(self) -> Sequence[Any]:
        return self.position.legal_moves

    def play(self, move: Any) -> Misread:
        return Misread(self.position.play(move), self.turns)

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    @property
    def winner(self) -> str | None:
        return self.position.winner

    @property
    def free_cells(self) -> int:
        return self.position.free_cells

    def __eq__(self, other: object) -> bool:  # as the game protocol asks of a position
        return isinstance(other, Misread) and (self.position, dict(self.turns)) == \
            (other.position, dict(other.turns))

    def __hash__(self) -> int:
        return hash((self.position, tuple(sorted(self.turns.items()))))


@checked(turns=_turns)
def misread_value(position: Position, turns: Mapping[str, str], prefer_quick: bool = False
                  ) -> float:
    """The value (+1, 0, -1) that minimax finds when it takes the turns as ``turns`` says:
    ``SWAPPED`` gives a minimax with max and min swapped, ``MAX_ONLY`` one that forgets O
    minimises, ``AS_PLAYED`` the real one. With ``prefer_quick``, the score that prefers quick
    wins (a win scores 1 + the cells still free)."""
    return minimax(Misread(position, turns), prefer_quick=prefer_quick).score


@unchecked("a step of the checks of lessons 3 and 6, on the answers they collected from a "
           "student's function: any value at all, NaN included")
def indexes_of_right_moves(answers: list[tuple[Board, object]],
                           right_moves: Callable[[Board], Iterable[int]]) -> bool:
    """Whether each answer in ``answers`` (position, answer) is the index in the position's
    ``legal_moves`` of a right move, and one at least is not itself a right move: an index
    taken for a cell."""
    def an_index(position: Board, answer: object) -> bool:
        moves = list(position.legal_moves)
        return isinstance(answer, int) and not isinstance(answer, bool) and \
            0 <= answer < len(moves) and moves[answer] in right_moves(position)
    return all(an_index(position, answer) for position, answer in answers) and \
        any(answer not in right_moves(position) for position, answer in answers)
