"""The contest's games, by the catalogue's names (``ttt.catalogue.game_named``: ``tic-tac-toe``,
``connect-four`` (7 x 6) or an m,n,k-game ``CxRxK``, K in a row on a board C wide and R high), and
the course's built-in players that enter each as reference players.
"""

from __future__ import annotations

from ttt.catalogue import a_game_name, game_named
from ttt.core.arguments import checked
from ttt.core.protocol import Position, SearchTooBigError
from ttt.play.players import check_can_play

__all__ = ["REFERENCE_PLAYERS", "reference_players"]

#: The course's levels that enter every contest whose game they can play, weakest first: a field
#: from chance to perfect play, so a class of one still has a contest.
REFERENCE_PLAYERS = ("random", "two-layer", "depth-2", "mcts-200", "perfect")


@checked(game=a_game_name)
def reference_players(game: str) -> list[str]:
    """The built-in players of ``REFERENCE_PLAYERS`` that can play ``game``: the perfect player
    only where the whole game can be solved."""
    start = game_named(game)
    return [name for name in REFERENCE_PLAYERS if _can_play(name, start)]


def _can_play(name: str, start: Position) -> bool:
    """Whether the player ``name`` takes on the game from ``start``."""
    try:
        check_can_play(name, start)
    except SearchTooBigError:
        return False
    return True
