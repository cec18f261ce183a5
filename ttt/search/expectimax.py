"""Expectimax: the best play against an opponent who moves at random, and its exact value.

Minimax assumes the opponent plays perfectly. Against an opponent who picks any legal move with
equal chance (``random_player``), a position is worth the *average* of what its moves lead to when
that opponent moves, and the best of them when the other player does: positions where the random
player moves are chance nodes. The result is an expected score from X's point of view (+1 a win
for X, 0 a draw, -1 a win for O; no bonus for quick wins), exact as a ``Fraction``: over the whole
game it is a probability-weighted sum of these three results, the weights being the chances of
the random player's moves.

``expectimax_value`` is the algorithm as lesson 8 shows it: ``ttt.search.minimax.minimax_value``
with one change, the average of the values at the random player's turn (a chance node) instead of
the best, and no depth limit; the line ``watched`` below it lets its calls be watched from outside,
as minimax's are. ``expectimax`` is its public entry: it checks its arguments, keeps the
transposition table outside the algorithm's body (``ttt.core.watching.watching(..., table=)``, which
answers a position found in the table from it, as ``functools.cache`` would, so each position is
valued once however many move orders lead to it: from the empty board, all 5,478 positions of
tic-tac-toe), lets a ``Watch`` see it search (a position valued before is seen as a leaf, its
value read from the table) and picks the best move. Like ``ttt.search.minimax``, it works on any
game that follows the game protocol (``ttt.core.protocol``).

With no pruning it values every position that can follow: it refuses a position with more than
``EXPECTIMAX_LIMIT`` positions ahead (``ttt.core.protocol.check_exhaustive``) unless told
``force=True``. Tic-tac-toe, 4 x 3 and Connect Four 4 x 4 are within it; 4 x 4 (9.7 million
positions) is not.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ttt.core.arguments import checked
from ttt.core.protocol import (
    Position,
    best_move,
    best_moves,
    check_exhaustive,
    final_score,
    opponent,
)
from ttt.core.watching import Watch, watched, watching
from ttt.search.minimax import SearchResult
from ttt.search.perfect import perfect_moves

__all__ = ["EXPECTIMAX_LIMIT", "ExpectimaxTable", "compare_with_minimax", "expectimax",
           "expectimax_moves", "expectimax_value"]

#: The most positions ahead ``expectimax`` takes on unforced: Connect Four 4 x 4 has at most
#: 9.2e5 (161,029 in fact: seconds), 4 x 4 four in a row 1.0e7 (9.7 million: minutes, gigabytes).
EXPECTIMAX_LIMIT = 10 ** 6

#: Remembers what ``expectimax`` found for each position: its expected score.
ExpectimaxTable = dict[Position, Fraction]


def expectimax_value(position: Position, chance: str) -> Fraction:
    """The expected score of ``position`` from X's point of view when ``chance`` moves at random:
    the result if the game is over; else at the random player's turn the average of the values
    after its moves, at the other player's the best of them (the largest for X, the smallest
    for O)."""
    if position.is_over:
        return Fraction(final_score(position, prefer_quick=False))
    values = [expectimax_value(position.play(move), chance) for move in position.legal_moves]
    if position.to_move == chance:  # a chance node: every move is equally likely
        return sum(values) / len(values)
    return max(values) if position.to_move == "X" else min(values)


# wrapped below its def, not above it: a lesson shows the def alone (inspect.getsource)
expectimax_value = watched(expectimax_value)


@checked
def expectimax(position: Position, chance: str = "O", *, table: ExpectimaxTable | None = None,
               watch: Watch | None = None, force: bool = False) -> SearchResult:
    """The expected score of ``position`` (X's point of view, an exact ``Fraction``) when
    ``chance``, 'X' or 'O', moves at random and the other player maximises its own expected
    result; and that player's best move (the first among equals; None if the random player moves
    or the game is over). ``nodes`` counts the positions valued, each once.

    ``table`` remembers positions between calls: pass the same dict again to reuse them, but only
    with the same ``chance`` (a position is worth something else when the other player is random).
    A SearchTooBigError for a position beyond ``EXPECTIMAX_LIMIT``, unless ``force``.
    """
    check_exhaustive(position, "expectimax", EXPECTIMAX_LIMIT, force)
    table = {} if table is None else table
    known = len(table)
    with watching(expectimax_value, watch, table=table):
        value = expectimax_value(position, chance)
    return SearchResult(value, _best_move(position, chance, table), len(table) - known, value)


def _best_move(position: Position, chance: str, table: ExpectimaxTable) -> object:
    """The move of the player who is not random with the best value in ``table`` (filled by the
    search), the first among equals; None if the random player moves or the game is over."""
    if position.is_over or position.to_move == chance:
        return None
    return best_move(position, {move: table[position.play(move)]
                                for move in position.legal_moves})


@checked
def expectimax_moves(position: Position, table: ExpectimaxTable | None = None) -> set[Any]:
    """Every move of ``position`` with the best expected score for the player to move when the
    other player moves at random (``table``: remembered positions, as for ``expectimax``)."""
    chance = opponent(position.to_move)
    table = {} if table is None else table
    scores = {move: expectimax(position.play(move), chance, table=table).value
              for move in position.legal_moves}
    return best_moves(position, scores) if scores else set()


def compare_with_minimax(position: Position, table: ExpectimaxTable | None = None) -> str:
    """How the best moves against a random opponent (``expectimax_moves``) stand to the best moves
    against a perfect one (``perfect_moves``): 'equal'; 'some of' them (expectimax breaks
    minimax's ties); 'risky', they include a move a perfect opponent would punish; 'only risky',
    all of them are such moves."""
    against_random, against_perfect = expectimax_moves(position, table), perfect_moves(position)
    if against_random == against_perfect:
        return "equal"
    if against_random < against_perfect:
        return "some of"
    return "risky" if against_random & against_perfect else "only risky"


compare_with_minimax = checked(compare_with_minimax)
