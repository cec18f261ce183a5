"""What the search needs to know about a game: the game protocol.

Any object with these five members is a position of a two-player game that the searches of
``ttt.search.minimax``, the players, the trees, the pictures and the widgets can play::

    position.to_move       'X' or 'O': whose turn it is. X moves first and is MAX.
    position.legal_moves   the moves the player to move may make (a sequence; empty once over)
    position.play(move)    the position after that move (a new object: positions never change)
    position.is_over       True once the game has ended
    position.winner        'X' or 'O' if that player has won, else None (a draw, or not over)

``Board`` (tic-tac-toe) is one; ``ttt.games.mnk`` has more. A position may offer these extras, and
the search uses them when it can:

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

Searches to the end of the game (``ttt.search.solve.solve``, ``ttt.search.expectimax.expectimax``)
refuse a position with more positions ahead than they can finish in minutes (``check_exhaustive``),
unless told ``force=True``; a position that knows neither extra is searched as asked.

A move the rules forbid raises ``IllegalMoveError``, a malformed or impossible board
``InvalidBoardError``; both are ``BoardError``s (a ValueError), defined here for every game.
This module imports only ``ttt.core.arguments``, the one boundary for bad input (whose checks of
depths, counts and flags it passes on), and gives it the rule of a position and the size guards
of searches to the end (``whole_tree``, ``every_position``).

Positions must be hashable (equal positions, equal hashes) for tables such as a transposition
table; every position in this package is.
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache
from typing import Any, Protocol, runtime_checkable

from ttt.core.arguments import (
    HINT_RULES,
    MARKS,
    POSITION_NAMES,
    RULES,
    check_count,
    check_depth,
    check_flag,
    checked,
    finite_values,
    one_of,
    unchecked,
)

__all__ = ["BoardError", "COUNT_LIMIT", "EACH_MOVE_SOLVED", "EVERY_POSITION", "Evaluation",
           "IllegalMoveError", "InvalidBoardError", "MARKS", "PRUNED_TREE", "Position",
           "SearchTooBigError", "TREE_LIMIT", "WHOLE_TREE", "a_game_going_on", "a_legal_move",
           "a_position", "a_position_called", "best_move", "best_moves", "check_count",
           "check_depth", "check_exhaustive", "check_flag", "check_position", "every_position",
           "final_score", "leaf_score", "moves_in_order", "nodes_ahead", "opponent",
           "positions_ahead", "seeded_random", "signed", "value_of", "whole_tree"]



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


_MEMBERS = ("to_move", "legal_moves", "play", "is_over", "winner")  # what Position asks for


Evaluation = Callable[[Position], float]


@checked(player=one_of(*MARKS))
def opponent(player: str) -> str:
    """'O' for 'X' and 'X' for 'O'."""
    return "O" if player == "X" else "X"


@checked
def final_score(position: Position, prefer_quick: bool = True) -> float | None:
    """The score of a finished game from X's point of view: +1 if X won, -1 if O won, 0 for a
    draw; None while the game goes on.

    With ``prefer_quick`` (and a position that knows its ``free_cells``) a win scores 1 + the
    cells still free, so that a quicker win scores more and a slower loss less; the sign still
    says who won.
    """
    return _game_result(position, prefer_quick)


def _game_result(position: Position, prefer_quick: bool) -> float | None:
    """``final_score`` as the searches ask it at every leaf: its arguments are theirs, checked
    where they were entered."""
    if not position.is_over:
        return None
    if position.winner is None:
        return 0
    win = 1 + position.free_cells if prefer_quick and hasattr(position, "free_cells") else 1
    return win if position.winner == "X" else -win


@unchecked("a step the searches take at every position they stop at")
def leaf_score(position: Position, evaluate: Evaluation | None, prefer_quick: bool) -> float:
    """The score of a position where a search stops: the result of a finished game, or else a
    guess, by ``evaluate`` or the position's own ``estimate()`` (0 if it has none)."""
    if position.is_over:
        return _game_result(position, prefer_quick)
    if evaluate is not None:
        return evaluate(position)
    return position.estimate() if hasattr(position, "estimate") else 0


@checked
def value_of(score: float) -> float:
    """The value a score stands for: +1, 0 or -1 for a game's result (however quick), or a
    heuristic guess between -1 and +1 as it is."""
    return (score > 0) - (score < 0) if abs(score) >= 1 or score == 0 else score


MINUS = "\u2212"  # a real minus sign, as a student writes −1


def _a_score(value: object, name: str) -> None:
    """A number, infinite too (a window's bound), but not NaN."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} is a number, got {value!r:.60}")
    if math.isnan(value):
        raise ValueError(f"{name} is a number (+inf and -inf too), got nan")


@checked(score=_a_score)
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


# wrapped below its def, not above it: a lesson shows the def alone (inspect.getsource)
best_move = checked(scores=finite_values)(best_move)


@checked(scores=finite_values)
def best_moves(position: Position, scores: Mapping[Any, numbers.Real]) -> set[Any]:
    """Every move with the best score for the player to move (the highest for X, the lowest for
    O): all of them when several are equal, the first of which ``best_move`` picks."""
    best = (max if position.to_move == "X" else min)(scores.values())
    return {move for move, score in scores.items() if score == best}


@unchecked("a step the searches take at every position")
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
    if _has_members(type(position)) or isinstance(position, Position):
        return
    hint = (" Make one with Board.from_string(...), e.g. Board.from_string('X..|.O.|...')."
            if isinstance(position, str) else "")
    missing = [name for name in _MEMBERS if not hasattr(position, name)]
    raise TypeError(f"a {what} is needed (a Board, or any game position with to_move, "
                    f"legal_moves, play, is_over and winner), got {type(position).__name__} "
                    f"{position!r:.60}, which lacks {', '.join(missing)}.{hint}")


@cache
def _has_members(kind: type) -> bool:
    """Whether the class ``kind`` itself has every member of the protocol (as properties,
    methods or slots), so that all its instances follow it: asked once per class, for the
    protocol's own check, which must look at each instance, takes a hundred times longer."""
    return all(hasattr(kind, name) for name in _MEMBERS)


def a_position(value: object, name: str) -> None:
    """The argument rule of every parameter that is a position (``ttt.core.arguments``)."""
    check_position(value, name)


RULES.update(dict.fromkeys(POSITION_NAMES, a_position))
#: The names a move to make in the position beside it goes by.
_MOVE_NAMES = ("chosen", "move")
HINT_RULES.update(Position=a_position)


def a_position_called(what: str) -> Callable[[object, str], None]:
    """The rule of a position that the message calls ``what`` (e.g. 'starting position')."""
    def rule(value: object, name: str) -> None:
        check_position(value, what)
    return rule


def a_game_going_on(value: object, name: str) -> None:
    """The argument rule of a position where a move is to be chosen: not a finished game."""
    check_position(value, name)
    check_not_over(value)


def a_legal_move(value: object, name: str, arguments: dict) -> None:
    """The argument rule of a move to make in the position that comes with it (``board``,
    ``position``): one of its legal moves, as ``play`` would say."""
    position = next((arguments[other] for other in POSITION_NAMES if other in arguments), None)
    if position is None or not hasattr(position, "legal_moves"):
        return
    if position.is_over:
        check_not_over(position)
    if not isinstance(value, Hashable) or value not in position.legal_moves:
        raise IllegalMoveError(f"{name} is a legal move of the position, one of "
                               f"{', '.join(map(str, position.legal_moves))}, got {value!r:.40}")


a_legal_move.with_arguments = True  # type: ignore[attr-defined]
RULES.update(dict.fromkeys(_MOVE_NAMES, a_legal_move))


@checked
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

#: The most nodes a search of the whole tree without a table takes on unforced (``minimax``,
#: ``alphabeta``, ``search_steps``, ``build_tree``): tic-tac-toe's empty board has at most 9.9e5
#: (549,946 in fact: seconds); each more free cell multiplies it by about as many again.
TREE_LIMIT = 10 ** 7
#: The most positions ahead a count that meets each position once takes on unforced (the
#: counters of ``ttt.search.counting``): Connect Four 4 x 4 has at most 9.2e5 (seconds), 4 x 4 four
# in
#: a row 1.0e7 (minutes, gigabytes).
COUNT_LIMIT = 10 ** 6

class SearchTooBigError(ValueError):
    """A search to the end of the game asked of a position with too many positions ahead."""


@checked
def positions_ahead(position: Position) -> int | None:
    """At most how many positions can follow ``position``, itself included: its own
    ``positions_ahead()``, or else the count for a game whose every move marks one of its
    ``free_cells`` cells; None if it knows neither."""
    if position.is_over:
        return 1
    if hasattr(position, "positions_ahead"):
        return position.positions_ahead()
    if hasattr(position, "free_cells"):
        return _marked_ahead(position.free_cells)
    return None


@checked
def nodes_ahead(position: Position) -> int | None:
    """At most how many nodes the game tree from ``position`` has (itself included), for a game
    whose every move marks one of its ``free_cells`` cells: what a search of the whole tree
    without a table may visit. None if the position does not know its free cells."""
    if position.is_over:
        return 1
    if hasattr(position, "free_cells"):
        return _tree_ahead(position.free_cells)
    return None


@cache
def _tree_ahead(free: int) -> int:
    """How many move sequences of at most ``free`` moves there are, each marking one of ``free``
    cells: 1 + free + free (free - 1) + ..., an upper bound of the tree's nodes."""
    return sum(math.perm(free, t) for t in range(free + 1))


@cache
def _marked_ahead(free: int) -> int:
    """How many ways the players can mark some of ``free`` cells, taking turns: for t more
    moves, which t cells, and which half of them (rounded either way) the player to move gets."""
    return sum(math.comb(free, t) * math.comb(t, t // 2) for t in range(free + 1))


#: What each count of what lies ahead counts, in words: a refusal names the count it compared
#: (positions, each met once, as lesson 2 tells them from the nodes of the tree, each path apart).
_COUNTED = {positions_ahead: "positions", nodes_ahead: "nodes of the game tree"}


def check_exhaustive(position: Position, search: str, limit: int, force: bool,
                     instead: str = "",
                     ahead: Callable[[Position], int | None] | None = None,
                     why: str = "for beyond it would not finish in minutes") -> None:
    """A SearchTooBigError, unless ``force``, when more than ``limit`` positions may follow
    ``position`` (or, given ``ahead``, more than ``limit`` of what it counts, such as
    ``nodes_ahead``): a search to the end of the game (``search`` names it) would not finish in
    minutes (or ``why`` not). The message says what to do ``instead`` (by default: a search that
    looks a few moves ahead, or ``force=True``)."""
    check_flag(force, "force")
    count = ahead or positions_ahead
    found = count(position)
    if force or found is None or found <= limit:
        return
    instead = instead or ("search a few moves ahead instead, by alphabeta(position, depth=4), "
                          "iterative_deepening(position, seconds) or mcts(position, playouts); "
                          "or pass force=True to wait as long as it takes")
    raise SearchTooBigError(
        f"{search} searches to the end of the game, and up to {found:.1e} {_COUNTED[count]} may "
        f"follow this one: more than the {limit:.0e} it takes on, {why}. "
        f"{instead[0].upper()}{instead[1:]}.")


def whole_tree(limit: int, ahead: Callable[[Position], int | None] | None = None,
               instead: str = "") -> Callable[[str, dict], None]:
    """The size guard (``ttt.core.arguments.checked(exhaustive=...)``) of a search of the whole game
    tree without a table: refused beyond ``limit`` ``nodes_ahead`` (or what ``ahead`` counts),
    unless it has a depth limit (``depth`` or ``max_depth``) below the free cells, or ``force``.
    The message says what to do ``instead`` (by default: pass a depth limit)."""
    def guard(search: str, arguments: dict) -> None:
        depth = next((name for name in ("depth", "max_depth") if name in arguments), "depth")
        if _limits_depth(arguments.get(depth), arguments):
            return
        _guard(search, arguments, limit, ahead or nodes_ahead,
               instead or f"pass a depth limit, e.g. {search}(position, {depth}=4), or search "
               f"by iterative_deepening(position, seconds) or mcts(position, playouts); or pass "
               f"force=True to wait as long as it takes")
    return guard


def _limits_depth(depth: object, arguments: dict) -> bool:
    """Whether ``depth`` limits the search: a whole number below the free cells of the position
    (a deeper one, such as 10**6, is no limit at all)."""
    if depth is None or not isinstance(depth, int):
        return False
    position = next((arguments[name] for name in POSITION_NAMES if name in arguments), None)
    return depth < getattr(position, "free_cells", math.inf)


def every_position(limit: int) -> Callable[[str, dict], None]:
    """The size guard of a count that remembers every position it meets: refused beyond
    ``limit`` ``positions_ahead``, unless ``force``."""
    def guard(search: str, arguments: dict) -> None:
        _guard(search, arguments, limit, None,
               "count a smaller board, or estimate the tree's size by "
               "ttt.search.counting.estimate_tree_size(position); or pass force=True to wait as "
               "long as it takes")
    return guard


def _guard(search: str, arguments: dict, limit: int,
           ahead: Callable[[Position], int | None] | None, instead: str) -> None:
    """``check_exhaustive`` of the position among ``arguments``."""
    position = next((arguments[name] for name in POSITION_NAMES if name in arguments), None)
    force = arguments.get("force", False)
    if position is None or not hasattr(position, "is_over"):
        check_flag(force, "force")
        return
    check_exhaustive(position, search, limit, force, instead=instead, ahead=ahead)


#: The guards of ``ttt.core.arguments.checked(exhaustive=...)``: a search of the whole tree, a count
#: of every position.
WHOLE_TREE = whole_tree(TREE_LIMIT)
#: alpha-beta's guard: it searches far less than the whole tree, and about as much as there are
#: positions (Connect Four 4 x 4: 61,227 nodes ordered, under 9.2e5 positions), so it is refused
#: beyond COUNT_LIMIT positions ahead (4 x 4 four in a row: 1.0e7).
PRUNED_TREE = whole_tree(COUNT_LIMIT, positions_ahead)
EVERY_POSITION = every_position(COUNT_LIMIT)
#: The guard of a question that solves the position after each move apart (``move_scores``, the
#: imperfect player's values): beyond COUNT_LIMIT positions ahead (Connect Four 4 x 4: seconds;
#: 4 x 4 four in a row, 1.0e7: minutes) it is refused. A Board's are looked up in a table.
EACH_MOVE_SOLVED = whole_tree(COUNT_LIMIT, positions_ahead,
                              "ask it of a smaller board, or search a few moves ahead with "
                              "alphabeta(position, depth=4); or pass force=True to wait as long "
                              "as it takes")
