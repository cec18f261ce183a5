"""How big a game is: its game tree and its positions, counted exactly or estimated, over any game.

Every function here takes a position of any game that follows the game protocol
(``ttt.core.protocol``): tic-tac-toe's ``Board``, the bigger boards of ``ttt.games.mnk``, a toy game
of your own.

- ``count_tree`` counts the nodes of the full game tree below a position (one node for every
  sequence of moves, so a position reached by two move orders counts twice), its finished games
  by result, and its positions. The tree is far bigger than the set of positions, so it is not
  walked node by node: the counts below a position are computed once and remembered (with
  ``symmetry``, once for all its symmetric images, whose trees are the same size). That makes
  boards with hundreds of millions of nodes exact in seconds. ``tree_size`` and
  ``games_by_result`` give one of its counts; ``tree_size_exceeds`` answers whether a tree is
  bigger than a limit without counting all of it.
- ``nodes_by_depth`` counts the nodes of that tree at each depth, the same way.
- ``reachable_positions`` lists the positions the game can reach, each once, without the tree;
  ``distinct_positions`` counts them.
- ``estimate_tree_size`` *estimates* the tree's size where it is too big to count: Knuth's random
  probe. It is an estimate, never a count: its name says so.
- ``nodes_per_move`` counts what a search visits to choose each move of a game.
- ``random_game_odds`` weighs the tree's games as random play does: the exact chance of each
  result when every legal move is equally likely.

``ttt.search.tree`` builds the tree node by node and counts what it built; its counts equal these.
The two sets of names stay apart on purpose: ``ttt.search.tree``'s ``count_*`` take a built ``Node``
and count only what was built (a tree cut by depth included), these take any position and never
build the tree (``tree_size`` is ``tree.count_nodes`` of the full tree, ``nodes_by_depth`` its
``count_by_depth``, ``games_by_result`` its ``count_games``).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import islice, zip_longest
from typing import Any

from ttt.core.arguments import a_callback, checked
from ttt.core.protocol import (
    EVERY_POSITION,
    Position,
    seeded_random,
    table_key,
)
from ttt.games.board import Board
from ttt.search.minimax import SearchResult, alphabeta

__all__ = ["TreeCount", "TreeEstimate", "count_tree", "distinct_positions", "estimate_tree_size",
           "games_by_result", "nodes_by_depth", "nodes_per_move", "positions_of_game",
           "random_game_odds", "reachable_positions", "tree_size", "tree_size_exceeds"]

RESULTS = ("X", "O", "draw")


@dataclass(frozen=True)
class TreeCount:
    """The game tree below a position, counted: its nodes; its finished games (the leaves) by
    result, a Counter keyed 'X' (X wins), 'O' (O wins) and 'draw'; and the different positions in
    it (with symmetry: the families of mirror images and rotations)."""

    nodes: int
    games: Counter[str]
    positions: int


def count_tree(position: Position, *, symmetry: bool = True) -> TreeCount:
    """The nodes, the finished games and the positions of the full game tree below ``position``
    (itself included), in one walk over its positions.

    The tree below a position is the same however the position was reached, so its counts are
    computed once per position and remembered (as a transposition table remembers values); with
    ``symmetry``, once per family of symmetric images, which have trees of the same size."""
    known: dict[Hashable, tuple[int, int, int, int]] = {}  # key -> nodes, X wins, O wins, draws

    def counts(position: Position) -> tuple[int, int, int, int]:
        key = table_key(position, symmetry)
        if key not in known:
            if position.is_over:  # one node, and one finished game with its result
                winner = position.winner
                known[key] = (1, int(winner == "X"), int(winner == "O"), int(winner is None))
            else:  # this node, and the trees below its moves, added up count by count
                below = [counts(position.play(move)) for move in position.legal_moves]
                nodes, x_wins, o_wins, draws = map(sum, zip(*below, strict=True))
                known[key] = (1 + nodes, x_wins, o_wins, draws)
        return known[key]

    nodes, *games = counts(position)
    return TreeCount(nodes, Counter(dict(zip(RESULTS, games, strict=True))), len(known))


# wrapped below its def, not above it: a lesson shows the def alone (inspect.getsource)
count_tree = checked(exhaustive=EVERY_POSITION)(count_tree)


@checked(exhaustive=EVERY_POSITION)
def tree_size(position: Position, *, symmetry: bool = True) -> int:
    """How many nodes the full game tree below ``position`` has, ``position`` itself included:
    what plain minimax visits to search it (``minimax(position).nodes``)."""
    return count_tree(position, symmetry=symmetry).nodes


@checked
def tree_size_exceeds(position: Position, limit: int) -> bool:
    """Whether the full game tree below ``position`` has more than ``limit`` nodes. It counts
    the tree level by level and stops as soon as it is past ``limit``, so it answers at once for
    a tree too big to count (Connect Four's from the empty board has trillions of nodes)."""
    level, total = [position], 1
    while level and total <= limit:  # a level made only as far as the limit: it may be huge
        level = list(islice((after.play(move) for after in level if not after.is_over
                             for move in after.legal_moves), limit - total + 1))
        total += len(level)
    return total > limit


@checked(exhaustive=EVERY_POSITION)
def games_by_result(position: Position, *, symmetry: bool = True) -> Counter[str]:
    """How many of the games that can be played from ``position`` end in each result: a Counter
    keyed 'X' (X wins), 'O' (O wins) and 'draw'. The total is the number of leaves of the tree."""
    return count_tree(position, symmetry=symmetry).games


@checked(exhaustive=EVERY_POSITION)
def nodes_by_depth(position: Position, *, symmetry: bool = True) -> tuple[int, ...]:
    """How many nodes the full game tree below ``position`` has at each depth: item 0 is
    ``position`` itself, so it is 1, and the items add up to ``tree_size(position)``.

    Counted as ``count_tree`` counts: once per position (with ``symmetry``, once per family of
    symmetric images), since the tree below a position is the same however it was reached."""
    known: dict[Hashable, tuple[int, ...]] = {}

    def levels(position: Position) -> tuple[int, ...]:
        key = table_key(position, symmetry)
        if key not in known:
            moves = () if position.is_over else position.legal_moves
            below = [levels(position.play(move)) for move in moves]
            known[key] = (1, *(sum(level) for level in zip_longest(*below, fillvalue=0)))
        return known[key]

    return levels(position)


@checked(exhaustive=EVERY_POSITION)
def reachable_positions(position: Position = Board(), *, symmetry: bool = False
                        ) -> tuple[Position, ...]:
    """Every position a game can reach from ``position`` (itself included), each once however
    many move orders reach it, breadth first: 5,478 from the empty board. With ``symmetry``,
    positions that are mirror images or rotations of each other count once together (765 from
    the empty board): the first of them met stands for them all."""
    return _reachable(position, symmetry)


@lru_cache(maxsize=32)  # the lessons, learners and tests ask for the same positions again and again
def _reachable(position: Position, symmetry: bool) -> tuple[Position, ...]:
    order = [position]
    seen = {table_key(position, symmetry)}
    for here in order:  # the list grows while we walk it: a breadth-first search
        if here.is_over:
            continue
        for move in here.legal_moves:
            after = here.play(move)
            key = table_key(after, symmetry)
            if key not in seen:
                seen.add(key)
                order.append(after)
    return tuple(order)


@checked(exhaustive=EVERY_POSITION)
def distinct_positions(position: Position, *, symmetry: bool = False) -> int:
    """How many different positions can be reached from ``position`` (itself included), each
    counted once however many move orders reach it; with ``symmetry``, positions that are
    mirror images or rotations of each other count once together."""
    return len(reachable_positions(position, symmetry=symmetry))


@dataclass(frozen=True)
class TreeEstimate:
    """An estimate of a game tree's size from random probes (not a count): the mean of the
    probes' estimates, their standard error, and the number of probes."""

    nodes: float
    standard_error: float
    probes: int

    def __str__(self) -> str:
        return (f"about {self.nodes:.3g} nodes (an estimate from {self.probes:,} random probes, "
                f"standard error {self.standard_error:.2g})")


@checked
def estimate_tree_size(position: Position, probes: int = 1000, seed: int | None = 0
                       ) -> TreeEstimate:
    """Knuth's estimate of the number of nodes of the game tree below ``position``.

    One probe plays a random game, noting the number of legal moves b1, b2, ... at each position
    on its way. If every position at each depth had as many moves as the one the probe met, the
    tree would have 1 node at the top, b1 one move below, b1·b2 two moves below, and so on: the
    probe's estimate is 1 + b1 + b1·b2 + b1·b2·b3 + .... On average over all random games this is
    exactly the tree's size (Knuth, 1975), but a single probe can be far off: the mean of many
    probes is returned, with its standard error."""
    rng = seeded_random(seed)
    estimates = [_probe(position, rng) for _ in range(probes)]
    error = statistics.stdev(estimates) / probes ** 0.5 if probes > 1 else float("inf")
    return TreeEstimate(statistics.fmean(estimates), error, probes)


def _probe(position: Position, rng: Any) -> int:
    """One random game's estimate of the tree's size: 1 + b1 + b1·b2 + ..."""
    total = width = 1
    while not position.is_over:
        moves = position.legal_moves
        width *= len(moves)
        total += width
        position = position.play(rng.choice(moves))
    return total


@checked
def positions_of_game(position: Position, moves: Sequence[Any]) -> list[Position]:
    """The positions of a game played from ``position``: the start, then the position after each
    of ``moves`` (so one more than there are moves)."""
    positions = [position]
    for move in moves:
        positions.append(positions[-1].play(move))
    return positions


def _a_search(search: object, name: str) -> Callable[[Position], SearchResult]:
    """The rule of the search whose nodes are counted: its answer holds a count of ``nodes``."""
    return a_callback(search, name, lambda found: isinstance(getattr(found, "nodes", None), int),
                      "what it found with a count of its nodes (a SearchResult)")


@checked(search=_a_search)
def nodes_per_move(position: Position, moves: Sequence[Any],
                   search: Callable[[Position], SearchResult] = alphabeta) -> list[int]:
    """For each move of a game played from ``position``: how many nodes ``search`` (by default
    alpha-beta) visits in the position before that move, to choose it."""
    return [search(before).nodes for before in positions_of_game(position, moves)[:-1]]


@checked(exhaustive=EVERY_POSITION)
def random_game_odds(position: Position = Board(), x_player: Callable[[Any], Any] | None = None,
                     o_player: Callable[[Any], Any] | None = None) -> dict[str, Fraction]:
    """The exact chance of each result ('X', 'O', 'draw') when the players move at random from
    ``position``: every legal move equally likely, as ``random_player`` does. A player given for
    X or O (a function from a position to its move, such as ``perfect_player``) makes that side's
    moves instead, so the odds are those of that player against a random one. The tree's games
    are not equally likely: a short game is played more often than each long one."""
    players = {"X": x_player, "O": o_player}
    # All random, the odds below a position never change: one memo for every call.
    memo = _RANDOM_ODDS if x_player is None and o_player is None else {}
    return dict(zip(RESULTS, _odds(position, players, memo), strict=True))


_RANDOM_ODDS: dict[Position, tuple[Fraction, ...]] = {}


def _odds(position: Position, players: dict[str, Callable[[Any], Any] | None],
          memo: dict[Position, tuple[Fraction, ...]]) -> tuple[Fraction, ...]:
    """The chances of 'X', 'O' and 'draw' from ``position``: a finished game's result is
    certain; a player given for the side to move plays its move; otherwise each chance is the
    average over the positions after each move."""
    if position not in memo:
        player = players[position.to_move]
        if position.is_over:
            result = position.winner or "draw"
            memo[position] = tuple(Fraction(result == name) for name in RESULTS)
        elif player is not None:
            memo[position] = _odds(position.play(player(position)), players, memo)
        else:
            after = [_odds(position.play(move), players, memo) for move in position.legal_moves]
            memo[position] = tuple(sum(odds) / len(after) for odds in zip(*after, strict=True))
    return memo[position]
