"""AlphaZero in miniature, judged exactly: the player, what it saw, and how good it is.

``zero_player(playouts)`` plays by ``ttt.search.mcts.guided_mcts`` with the shipped network
(``ttt.learning.network.shipped_network``) as its guide, the move visited most;
``ttt.catalogue.make_player('zero-N')`` builds it with N playouts. ``zero_choice`` is its choice
with what lay behind it (the player's ``.choose``), for the board's Explain: the network's prior
and value, and the search's visits.

The judge asks the solver (``ttt.search.perfect``), which knows every position's value:

- ``network_share``: the share of positions where the network alone, its policy's top move and
  no search, keeps the position's value (a win stays a win, a draw a draw);
- ``value_share``: the share where the value head has the right sign: rounded to the nearest of
  -1, 0 and +1, it is the position's value for the player to move;
- ``search_share``: the same share for a player that searches (``guided_search_player``, or
  lesson 8's ``mcts_player``), each position searched afresh;
- ``losses_to_perfect``: the games a player loses against perfect play from ``start``, over every
  line of it (at each of its moves, the opponent tries every move that keeps the value).

On tic-tac-toe the positions are all 4,520 unfinished ones a game can reach (``judged_positions``);
on a bigger board, a sample of positions of random games, each solved.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ttt.core.arguments import at_least, checked
from ttt.core.protocol import (
    COUNT_LIMIT,
    check_not_over,
    opponent,
    positions_ahead,
    seeded_random,
    value_of,
)
from ttt.games.board import Board
from ttt.games.grid import Grid
from ttt.learning.network import Network, encode, forward, legal_mask, shipped_network
from ttt.learning.selfplay import remembering
from ttt.play.matches import Player
from ttt.play.players import choosing_player
from ttt.search.counting import reachable_positions
from ttt.search.mcts import guided_mcts
from ttt.search.perfect import perfect_moves, perfect_score

__all__ = ["ZeroChoice", "guided_search_player", "judged_positions", "losses_to_perfect",
           "network_share", "network_values", "search_share", "value_share", "zero_choice",
           "zero_player"]


@dataclass(frozen=True)
class ZeroChoice:
    """What the zero player saw when it chose ``move`` in ``position``: the network's ``prior``
    for each legal move and its ``value`` of the position (for the player to move), and the
    ``visits`` of the search with ``playouts`` to each move, with their mean results (for the
    player to move, None for a move never visited)."""

    position: Grid
    move: int
    prior: dict[int, float]
    value: float
    visits: dict[int, int]
    means: dict[int, float | None]
    playouts: int


@cache
def _shipped_guide() -> Any:
    """The shipped network's guide, remembering its answers for the session (tic-tac-toe has
    5,478 positions: soon each is a look-up)."""
    return remembering(shipped_network())


def _guide_of(network: Network | None) -> Any:
    return _shipped_guide() if network is None else remembering(network)


@checked(playouts=at_least(1, 100_000, " (more would take seconds a move)"))
def zero_choice(position: Grid, playouts: int = 100, network: Network | None = None) -> ZeroChoice:
    """The zero player's move in ``position`` with what lay behind it: ``guided_mcts`` with
    ``playouts``, guided by ``network`` (None: the shipped one)."""
    check_not_over(position)
    return _choice(position, playouts, _guide_of(network))


def _choice(position: Grid, playouts: int, guide: Any) -> ZeroChoice:
    search = guided_mcts(position, playouts, guide)
    prior, value = guide(position)
    return ZeroChoice(position, search.move, prior, value,
                      {move: tally.visits for move, tally in search.moves.items()},
                      {move: tally.mean for move, tally in search.moves.items()}, playouts)


@checked(playouts=at_least(1, 100_000, " (more would take seconds a move)"))
def guided_search_player(playouts: int, network: Network | None = None) -> Player:
    """A player that plays the move ``guided_mcts`` with ``playouts`` visits most, guided by
    ``network`` (None: the shipped one): the same move every time in a position."""
    guide = _guide_of(network)  # one for all its moves: what it has evaluated, it remembers
    return choosing_player(f"zero-{playouts}",
                           lambda position: _choice(position, playouts, guide))


@checked(playouts=at_least(1, 100_000, " (more would take seconds a move)"))
def zero_player(playouts: int = 100, seed: int | None = None) -> Player:
    """The playable board's AlphaZero level: ``guided_search_player`` with the shipped network,
    named 'zero-N'; ``ttt.catalogue.make_player('zero-100')`` builds it. Its search draws nothing
    at random, so ``seed`` changes nothing (every player of ``make_player`` takes one)."""
    return guided_search_player(playouts)


# --- the judge ---------------------------------------------------------------------------------


@checked(sample=at_least(1, 100_000, " (a sample, not every position of the game)"))
def judged_positions(start: Grid = Board(), sample: int | None = None,
                     seed: int = 0) -> list[Grid]:
    """The positions the judge asks about: on tic-tac-toe (``sample`` None) every unfinished
    position a game can reach, 4,520; otherwise ``sample`` distinct unfinished positions met in
    random games from ``start`` (seeded ``seed``), each small enough for the solver to solve
    its every move (at most ``COUNT_LIMIT`` positions ahead, as ``perfect_moves`` takes on)."""
    if sample is None:
        if start != Board():
            raise ValueError(f"start is the empty tic-tac-toe board when every position is "
                             f"judged (for another, give a sample), got {start!r:.40}")
        return [board for board in reachable_positions() if not board.is_over]
    rng, found = seeded_random(seed), {}
    while len(found) < sample:
        position = start
        while not position.is_over and len(found) < sample:
            if positions_ahead(position) <= COUNT_LIMIT:  # what perfect_moves takes on
                found.setdefault(position, None)
            position = position.play(rng.choice(position.legal_moves))
    return list(found)


def _mover_value(position: Grid) -> int:
    """``position``'s value with perfect play for the player to move: +1, 0 or -1."""
    value = value_of(perfect_score(position, prefer_quick=False))
    return value if position.to_move == "X" else -value


@checked
def network_values(network: Network,
                   positions: list[Grid]) -> tuple[list[list[float]], list[float]]:
    """The network's policy and value for every one of ``positions``: a list of policies and a
    list of values, in the positions' order."""
    for position in positions:
        network.check_fits(position)
        check_not_over(position)
    answers = [forward(network, encode(position), legal_mask(position)) for position in positions]
    return [policy for policy, _ in answers], [value for _, value in answers]


@checked
def network_share(network: Network, positions: list[Grid]) -> float:
    """The share of ``positions`` where the network alone, its policy's top move, keeps the
    position's value with perfect play."""
    policies, _ = network_values(network, positions)
    kept = [max(range(len(policy)), key=policy.__getitem__) in perfect_moves(position)
            for position, policy in zip(positions, policies, strict=True)]
    return sum(kept) / len(positions)


@checked
def value_share(network: Network, positions: list[Grid]) -> float:
    """The share of ``positions`` where the value head has the right sign: rounded to the nearest
    of -1, 0 and +1, it is the position's value with perfect play for the player to move."""
    _, values = network_values(network, positions)
    right = [round(value) == _mover_value(position)
             for position, value in zip(positions, values, strict=True)]
    return sum(right) / len(positions)


@checked
def search_share(player: Player, positions: list[Grid]) -> float:
    """The share of ``positions`` where ``player``'s move keeps the position's value with perfect
    play (for a searching player: ``guided_search_player``, ``mcts_player``)."""
    return sum(player(position) in perfect_moves(position) for position in positions) / len(
        positions)


@checked
def losses_to_perfect(player: Player, start: Grid = Board()) -> tuple[int, int]:
    """(games lost, games played) by ``player`` against perfect play from ``start``, as either
    side, over every line of perfect play: at each of the opponent's moves, each move that keeps
    the value is tried. ``player`` must play the same move every time in a position."""
    lost = played = 0
    for side in "XO":
        for end in _games_against_perfect(player, start, side):
            played += 1
            lost += end.winner == opponent(side)
    return lost, played


def _games_against_perfect(player: Player, position: Grid, side: str) -> Iterable[Grid]:
    """Every finished game from ``position`` with ``player`` playing ``side`` and its opponent
    any move that keeps the value."""
    if position.is_over:
        yield position
    elif position.to_move == side:
        yield from _games_against_perfect(player, position.play(player(position)), side)
    else:
        for move in sorted(perfect_moves(position)):
            yield from _games_against_perfect(player, position.play(move), side)
