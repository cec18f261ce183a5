"""Matches: two players play one game (``play_game``) or many (``tournament``).

A player is a function: it takes a position, returns the move it chooses (``ttt.players`` makes
them, from random to perfect). A player that chooses an illegal move is named in the error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ttt.arguments import checked
from ttt.board import Board, IllegalMoveError
from ttt.protocol import Position, a_position_called, check_count, check_position

__all__ = ["GameRecord", "Player", "play_game", "player_name", "tournament"]

Player = Callable[[Position], Any]


@checked
def player_name(player: Player) -> str:
    """The name to print for ``player``: its ``__name__``, or its repr if it has none."""
    return getattr(player, "__name__", repr(player))


@dataclass(frozen=True)
class GameRecord:
    """A finished game: the cells played in order, the final board, and the winner (None: draw)."""

    moves: tuple[int, ...]
    board: Board
    winner: str | None

    @property
    def result(self) -> str:
        """'X', 'O' or 'draw'."""
        return self.winner or "draw"


@checked(board=a_position_called("starting position (board)"))
def play_game(x_player: Player, o_player: Player, board: Position = Board()) -> GameRecord:
    """Let the two players play from ``board`` to the end of the game.

    A player that chooses an illegal move makes it raise IllegalMoveError, naming the player.
    """
    check_position(board, "starting position")
    moves = []
    while not board.is_over:
        player = x_player if board.to_move == "X" else o_player
        cell = player(board)
        try:
            board = board.play(cell)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"player {player_name(player)!r} ({board.to_move}) chose an "
                                   f"illegal move on {board}: {error}") from error
        moves.append(cell)
    return GameRecord(tuple(moves), board, board.winner)


@checked
def tournament(x_player: Player, o_player: Player, games: int = 100) -> Counter[str]:
    """Play ``games`` games and count the results: a Counter keyed 'X', 'O' and 'draw' (all three
    always present)."""
    check_count(games, "games", "how many games to play, a whole number")
    results = Counter({"X": 0, "O": 0, "draw": 0})
    results.update(play_game(x_player, o_player).result for _ in range(games))
    return results
