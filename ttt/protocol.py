"""What the search needs to know about a game: the game protocol.

Any object with these five members is a position of a two-player game that the searches of
``ttt.search``, the players, the trees, the pictures and the widgets can play::

    position.to_move       'X' or 'O': whose turn it is. X moves first and is MAX.
    position.legal_moves   the moves the player to move may make (a sequence; empty once over)
    position.play(move)    the position after that move (a new object: positions never change)
    position.is_over       True once the game has ended
    position.winner        'X' or 'O' if that player has won, else None (a draw, or not over)

``Board`` (tic-tac-toe) is one; ``ttt.games`` has more. A position may offer these extras, and the
search uses them when it can:

    position.free_cells     how many moves are left at most. With it a quicker win scores higher
                            (``final_score``); without it every win scores 1, however late.
    position.estimate()     a guess at the value of an unfinished position, strictly between -1
                            and +1: what a depth-limited search scores where it stops. Without
                            it, and without an ``evaluate`` of your own, such a position scores 0.
    position.ordered_moves  the legal moves, the most promising first: alpha-beta with
                            ``ordered=True`` tries them in that order. Without it, legal_moves.
    position.canonical()    one position standing for all its symmetric images: a table keyed by
                            it stores each family once. Without it, the position itself.
    position.positions_ahead()  at most how many positions can follow (this one included): what
                            a search to the end of the game may visit. Without it, the count
                            for a game whose every move marks one of ``free_cells`` cells.

Searches to the end of the game (``ttt.solve.solve``, ``ttt.expectimax.expectimax``) refuse a
position with more positions ahead than they can finish in minutes (``check_exhaustive``), unless
told ``force=True``; a position that knows neither extra is searched as asked.

A move the rules forbid raises ``IllegalMoveError``, a malformed or impossible board
``InvalidBoardError``; both are ``BoardError``s (a ValueError), defined here for every game.
This module imports nothing of the package: it is the bottom layer.

Positions must be hashable (equal positions, equal hashes) for tables such as a transposition
table; every position in this package is.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache
from typing import Any, Protocol, runtime_checkable

__all__ = ["BoardError", "Evaluation", "IllegalMoveError", "InvalidBoardError", "Position",
           "SearchTooBigError", "best_move", "check_depth",
           "check_exhaustive", "check_flag", "check_position", "final_score", "leaf_score",
           "moves_in_order", "opponent", "positions_ahead", "seeded_random", "signed", "value_of"]

PLAYERS = ("X", "O")


class BoardError(ValueError):
    """Base class of the errors a bad board or a bad move raises, in any game."""


class IllegalMoveError(BoardError):
    """A move that the rules do not allow."""


class InvalidBoardError(BoardError):
    """A board string that is malformed or describes a position no legal game can reach."""


@runtime_checkable
class Position(Protocol):
    """A position of a two-player game, as the searches see it (the module's docstring says
    more)."""

    @property
    def to_move(self) -> str: ...

    @property
    def legal_moves(self) -> Sequence[Any]: ...

    def play(self, move: Any) -> Position: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winner(self) -> str | None: ...


MEMBERS = ("to_move", "legal_moves", "play", "is_over", "winner")  # what Position asks for


Evaluation = Callable[[Position], float]


def opponent(player: str) -> str:
    """'O' for 'X' and 'X' for 'O'."""
    return "O" if player == "X" else "X"


def final_score(position: Position, prefer_quick: bool = True) -> float | None:
    """The score of a finished game from X's point of view: +1 if X won, -1 if O won, 0 for a
    draw; None while the game goes on.

    With ``prefer_quick`` (and a position that knows its ``free_cells``) a win scores 1 + the
    cells still free, so that a quicker win scores more and a slower loss less; the sign still
    says who won.
    """
    if not position.is_over:
        return None
    if position.winner is None:
        return 0
    win = 1 + position.free_cells if prefer_quick and hasattr(position, "free_cells") else 1
    return win if position.winner == "X" else -win


def leaf_score(position: Position, evaluate: Evaluation | None, prefer_quick: bool) -> float:
    """The score of a position where a search stops: the result of a finished game, or else a
    guess, by ``evaluate`` or the position's own ``estimate()`` (0 if it has none)."""
    if position.is_over:
        return final_score(position, prefer_quick)
    if evaluate is not None:
        return evaluate(position)
    return position.estimate() if hasattr(position, "estimate") else 0


def value_of(score: float) -> float:
    """The value a score stands for: +1, 0 or -1 for a game's result (however quick), or a
    heuristic guess between -1 and +1 as it is."""
    return (score > 0) - (score < 0) if abs(score) >= 1 or score == 0 else score


MINUS = "\u2212"  # a real minus sign, as a student writes −1


def signed(score: float | None) -> str:
    """A value or score as a student writes it: +1, 0, −1 (a real minus sign), +3 (a quick win's
    score), +0.33 (a guess), ±∞; '' for None. The one way the package writes a score in words."""
    if score is None:
        return ""
    if math.isinf(score):
        return "+∞" if score > 0 else MINUS + "∞"
    text = f"{abs(score):.2g}"
    return "0" if score == 0 else ("+" if score > 0 else MINUS) + text


def best_move(position: Position, scores: Mapping[Any, float]) -> Any:
    """The move with the best score for the player to move (the highest for X, the lowest for
    O); among equal scores, the first one tried."""
    pick = max if position.to_move == "X" else min
    return pick(scores, key=lambda move: scores[move])


def moves_in_order(position: Position, ordered: bool) -> Sequence[Any]:
    """The legal moves, the most promising first if ``ordered`` and the position knows them."""
    moves = getattr(position, "ordered_moves", None) if ordered else None  # asked once only
    return position.legal_moves if moves is None else moves


def table_key(position: Position, symmetry: bool) -> Hashable:
    """What a table stores a position under: its canonical image with ``symmetry`` (if it has
    one), else the position itself."""
    return position.canonical() if symmetry and hasattr(position, "canonical") else position


# --- bad input (and seeds) --------------------------------------------------------------------

def check_position(position: object, what: str = "position") -> None:
    """A TypeError unless ``position`` follows the game protocol, saying what is missing."""
    if has_members(type(position)) or isinstance(position, Position):
        return
    hint = (" Make one with Board.from_string(...), e.g. Board.from_string('X..|.O.|...')."
            if isinstance(position, str) else "")
    missing = [name for name in MEMBERS if not hasattr(position, name)]
    raise TypeError(f"a {what} is needed (a Board, or any game position with to_move, "
                    f"legal_moves, play, is_over and winner), got {type(position).__name__} "
                    f"{position!r:.60}, which lacks {', '.join(missing)}.{hint}")


@cache
def has_members(kind: type) -> bool:
    """Whether the class ``kind`` itself has every member of the protocol (as properties,
    methods or slots), so that all its instances follow it: asked once per class, for the
    protocol's own check, which must look at each instance, takes a hundred times longer."""
    return all(hasattr(kind, name) for name in MEMBERS)


def check_depth(depth: object, name: str = "depth") -> None:
    """A clear error unless ``depth`` is None (no limit) or a whole number of at least 1."""
    if depth is None:
        return
    check_count(depth, name, "a whole number of moves (or None for no limit)")


def check_count(number: object, name: str, what: str) -> None:
    """A TypeError unless ``number`` is a whole number (not True or False, not 2.0), and a
    ValueError unless it is at least 1; both say what ``name`` should be."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"{name} is {what}, got {number!r}")
    if number < 1:
        raise ValueError(f"{name} must be at least 1, got {number}")


def check_flag(flag: object, name: str) -> None:
    """A TypeError unless ``flag`` is True or False (a switch such as ``ordered``)."""
    if not isinstance(flag, bool):
        raise TypeError(f"{name} is True or False, got {flag!r}")


def seeded_random(seed: int | None) -> random.Random:
    """A random generator seeded with a whole number (None: unpredictable).

    Only whole numbers: a float seed goes through ``hash()``, which differs between 64-bit Python
    and the 32-bit Python of the browser-only build, so the same seed would play other games there.
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"a seed is a whole number (or None), got {seed!r}")
    return random.Random(seed)


def check_not_over(position: Position) -> None:
    """The error ``Board.play`` raises after the game is over: no player can choose a move."""
    if position.is_over:
        result = f"{position.winner} wins" if position.winner else "draw"
        raise IllegalMoveError(f"the game is over ({result}): no more moves")


def depth_left(depth: int | None) -> float:
    """How deep a search may still go: ``depth``, or without a limit, infinitely deep."""
    return math.inf if depth is None else depth


# --- searches too big to finish ---------------------------------------------------------------

class SearchTooBigError(ValueError):
    """A search to the end of the game asked of a position with too many positions ahead."""


def positions_ahead(position: Position) -> int | None:
    """At most how many positions can follow ``position``, itself included: its own
    ``positions_ahead()``, or else the count for a game whose every move marks one of its
    ``free_cells`` cells; None if it knows neither."""
    if position.is_over:
        return 1
    if hasattr(position, "positions_ahead"):
        return position.positions_ahead()
    if hasattr(position, "free_cells"):
        return marked_ahead(position.free_cells)
    return None


@cache
def marked_ahead(free: int) -> int:
    """How many ways the players can mark some of ``free`` cells, taking turns: for t more
    moves, which t cells, and which half of them (rounded either way) the player to move gets."""
    return sum(math.comb(free, t) * math.comb(t, t // 2) for t in range(free + 1))


def check_exhaustive(position: Position, search: str, limit: int, force: bool,
                     instead: str = "") -> None:
    """A SearchTooBigError, unless ``force``, when more than ``limit`` positions may follow
    ``position``: a search to the end of the game (``search`` names it) would not finish in
    minutes. The message says what to do ``instead`` (by default: a search that looks a few
    moves ahead, or ``force=True``)."""
    check_flag(force, "force")
    ahead = positions_ahead(position)
    if force or ahead is None or ahead <= limit:
        return
    instead = instead or ("search a few moves ahead instead, by alphabeta(position, depth=4), "
                          "iterative_deepening(position, seconds) or mcts(position, playouts); "
                          "or pass force=True to wait as long as it takes")
    raise SearchTooBigError(
        f"{search} searches to the end of the game, and up to {ahead:.1e} positions may follow "
        f"this one: more than the {limit:.0e} it takes on, for beyond it would not finish in "
        f"minutes. {instead[0].upper()}{instead[1:]}.")
