"""Expectimax: the best play against an opponent who moves at random, and its exact value.

Minimax assumes the opponent plays perfectly. Against an opponent who picks any legal move with
equal chance (``random_player``), a position is worth the *average* of what its moves lead to when
that opponent moves, and the best of them when the other player does: positions where the random
player moves are chance nodes. The result is an expected score from X's point of view (+1 a win
for X, 0 a draw, -1 a win for O; no bonus for quick wins), exact as a ``Fraction``: over the whole
game it is a probability-weighted sum of these three results, the weights being the chances of
the random player's moves.

Like ``ttt.search``, it works on any game that follows the game protocol (``ttt.protocol``), and a
``Watch`` sees it search. A transposition table values each position once, however many move
orders lead to it: from the empty board, all 5,478 positions of tic-tac-toe.

With no pruning it values every position that can follow: it refuses a position with more than
``EXPECTIMAX_LIMIT`` positions ahead (``ttt.protocol.check_exhaustive``) unless told ``force=True``.
Tic-tac-toe, 4 x 3 and Connect Four 4 x 4 are within it; 4 x 4 (9.7 million positions) is not.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from fractions import Fraction
from typing import Any

from ttt.arguments import checked
from ttt.protocol import (
    PLAYERS,
    Position,
    best_move,
    check_exhaustive,
    check_position,
    final_score,
)
from ttt.search import SearchResult, Watch

__all__ = ["EXPECTIMAX_LIMIT", "ExpectimaxTable", "check_chance", "check_table", "expectimax"]

#: The most positions ahead ``expectimax`` takes on unforced: Connect Four 4 x 4 has at most
#: 9.2e5 (161,029 in fact: seconds), 4 x 4 four in a row 1.0e7 (9.7 million: minutes, gigabytes).
EXPECTIMAX_LIMIT = 10 ** 6

#: Remembers what ``expectimax`` found for each position: its expected score and best move.
ExpectimaxTable = dict[Position, tuple[Fraction, Any]]


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
    check_position(position)
    check_chance(chance)
    check_table(table)
    check_exhaustive(position, "expectimax", EXPECTIMAX_LIMIT, force)
    table = {} if table is None else table
    watch = watch or Watch()
    known = len(table)

    def expected(position, path):
        if position in table:
            return table[position]
        watch.enter(path, position)
        if position.is_over:
            score, move = Fraction(final_score(position, prefer_quick=False)), None
            watch.leaf(path, position, score)
        else:
            scores = {move: expected(position.play(move), (*path, move))[0]
                      for move in position.legal_moves}
            if position.to_move == chance:  # a chance node: every move is equally likely
                score, move = sum(scores.values()) / len(scores), None
            else:
                move = best_move(position, scores)
                score = scores[move]
            watch.backup(path, position, scores, score)
        table[position] = score, move
        return score, move

    score, move = expected(position, ())
    return SearchResult(score, move, len(table) - known, score)


def check_table(table: object) -> None:
    """A TypeError unless ``table`` is None or a dict (or another mutable mapping)."""
    if table is not None and not isinstance(table, MutableMapping):
        raise TypeError(f"a table is a dict (empty at first, then passed again to reuse what "
                        f"it holds), got {type(table).__name__} {table!r:.40}")


def check_chance(chance: object) -> None:
    """A ValueError unless ``chance`` names a player, 'X' or 'O'."""
    if chance not in PLAYERS:
        raise ValueError(f"chance is the player who moves at random, 'X' or 'O', got {chance!r}")
