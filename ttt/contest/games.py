"""The contest's games, by the name a teacher types: ``tic-tac-toe``, ``connect-four`` (7 x 6) or
an m,n,k-game ``CxRxK`` (K in a row on a board C wide and R high), and the course's built-in
players that enter each as reference players.
"""

from __future__ import annotations

import re

from ttt.core.arguments import as_entered, checked
from ttt.games.board import Board
from ttt.games.mnk import connect_four, mnk
from ttt.play.players import check_can_play
from ttt.core.protocol import Position, SearchTooBigError

__all__ = ["REFERENCE_PLAYERS", "reference_players", "starting_position"]

#: The course's levels that enter every contest whose game they can play, weakest first: a field
#: from chance to perfect play, so a class of one still has a contest.
REFERENCE_PLAYERS = ("random", "two-layer", "depth-2", "mcts-200", "perfect")


def a_game(value: object, name: str) -> None:
    """The argument rule of a contest's game: a name ``starting_position`` knows (an m,n,k-game's
    sizes checked as ``mnk`` checks them)."""
    if not isinstance(value, str):
        raise TypeError(f"{name} is a game's name, such as 'tic-tac-toe', got {value!r:.60}")
    try:
        _start(value)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name}: {error}") from None


@checked(game=a_game)
def starting_position(game: str) -> Position:
    """The empty board of the game called ``game``; a ValueError naming the choices otherwise."""
    return _start(game)


def _start(game: str) -> Position:
    """The empty board of ``game``, or a ValueError naming the choices."""
    if game in ("tic-tac-toe", "3x3x3"):
        return Board()
    if game in ("connect-four", "connect4"):
        return connect_four()
    sizes = re.fullmatch(r"([0-9]+)x([0-9]+)x([0-9]+)", game)
    if sizes:
        return as_entered(mnk, *map(int, sizes.groups()))  # typed: its sizes checked
    raise ValueError(f"unknown game {game!r}: choose tic-tac-toe, connect-four, or CxRxK (K in a "
                     f"row on a board C wide and R high, e.g. 5x5x4)")


@checked(game=a_game)
def reference_players(game: str) -> list[str]:
    """The built-in players of ``REFERENCE_PLAYERS`` that can play ``game``: the perfect player
    only where the whole game can be solved."""
    start = starting_position(game)
    return [name for name in REFERENCE_PLAYERS if _can_play(name, start)]


def _can_play(name: str, start: Position) -> bool:
    """Whether the player ``name`` takes on the game from ``start``."""
    try:
        check_can_play(name, start)
    except SearchTooBigError:
        return False
    return True
