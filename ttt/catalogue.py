"""The catalogue: every game and every player of the course, by the name a person types.

This is the one place a name is read. The terminal game (``python -m ttt``), the playable boards,
the lessons and the class contest all ask here, so that 'tic-tac-toe' is one game and 'depth-2'
one player wherever they are typed. The tables are plain dicts from a name to what builds it, in
the spirit of alpha-zero-general's small ``Game`` interface: a new game or player is one line
here, and nothing registers itself by being imported.

The catalogue sits above every layer that makes a game or a player (``games``, ``play``,
``learning``), so it can name them all, and below the course and the contest, which ask it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ttt.core.arguments import as_entered, checked
from ttt.core.protocol import Position
from ttt.games.board import Board
from ttt.games.mnk import connect_four, mnk
from ttt.learning.tabular import learned_player
from ttt.learning.zero import zero_player
from ttt.play.matches import Player
from ttt.play.players import (
    depth_limited_player,
    expectimax_player,
    imperfect_player,
    iterative_deepening_player,
    mcts_player,
    one_layer_player,
    perfect_player,
    random_player,
    two_layer_player,
    varied_perfect_player,
)

__all__ = ["ALSO_CALLED", "CONNECT_FOUR_LEVELS", "GAMES", "GAME_NAMES", "LEVELS", "LEVEL_NAMES",
           "NUMBERED", "PLAYERS", "PLAYER_NAMES", "LEARNED_ON_TIC_TAC_TOE", "TIMED", "a_game_name",
           "a_player_name", "game_named", "make_player", "plays_the_game"]

# --- games ------------------------------------------------------------------------------------

#: The games by name, each with what builds its empty board.
GAMES: dict[str, Callable[[], Position]] = {
    "tic-tac-toe": Board,
    "connect-four": connect_four,  # 7 columns, 6 rows
}
#: The other names people type for them (in any case).
ALSO_CALLED: dict[str, str] = {
    "tictactoe": "tic-tac-toe",
    "3x3x3": "tic-tac-toe",  # the m,n,k-game it is: the Board, whose rules are the fast ones
    "connect4": "connect-four",
    "connect four": "connect-four",
}
#: What a game's name may be: a name of GAMES, or an m,n,k-game by its sizes.
GAME_NAMES: tuple[str, ...] = (*GAMES, "CxRxK")
_SIZES = re.compile(r"([0-9]+)x([0-9]+)x([0-9]+)")
_GAME_CHOICES = ("tic-tac-toe, connect-four (7 x 6), or CxRxK: K in a row on a board C wide and "
                 "R high, e.g. 4x4x3")


def a_game_name(value: object, name: str) -> None:
    """The argument rule of a game's name: one ``game_named`` knows (an m,n,k-game's sizes
    checked as ``mnk`` checks them)."""
    if not isinstance(value, str):
        raise TypeError(f"{name} is a game's name, such as 'tic-tac-toe', got {value!r:.60}")
    try:
        _empty_board(value)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name}: {error}") from None


@checked(name=a_game_name)
def game_named(name: str) -> Position:
    """The empty board of the game called ``name``: one of GAMES, or a name it is ALSO_CALLED,
    or 'CxRxK' for the m,n,k-game of K in a row on a board C wide and R high (``mnk``)."""
    return _empty_board(name)


def _empty_board(name: str) -> Position:
    """The empty board of the game ``name``, or a ValueError naming the choices."""
    key = name.strip().lower()
    key = ALSO_CALLED.get(key, key)
    if key in GAMES:
        return GAMES[key]()
    sizes = _SIZES.fullmatch(key)
    if sizes:
        try:
            return as_entered(mnk, *map(int, sizes.groups()))  # typed: its sizes checked
        except ValueError as error:
            raise ValueError(f"no game {name!r}: {error}") from None
    raise ValueError(f"unknown game {name!r}: choose {_GAME_CHOICES}")


# --- players ----------------------------------------------------------------------------------

#: The players by name, each built from a seed (those that choose at random use it).
PLAYERS: dict[str, Callable[[int | None], Player]] = {
    "random": random_player,
    "one-layer": one_layer_player,
    "two-layer": two_layer_player,
    "imperfect": imperfect_player,
    "expectimax": lambda seed=None: expectimax_player(),
    "perfect": lambda seed=None: perfect_player,
    "varied-perfect": varied_perfect_player,
    "learned": learned_player,  # lesson 9's TD learning: trained at its first call
}
#: The players named with a whole number N ('depth-2'): how far they look ahead, how many games
#: they play out, how many positions they search a move, or how many visits their guided search
#: makes.
NUMBERED: dict[str, Callable[[int, int | None], Player]] = {
    "depth": depth_limited_player,
    "mcts": mcts_player,
    "deepening": lambda positions, seed=None: iterative_deepening_player(
        positions, seed, per_move="positions"),
    "zero": zero_player,  # lesson 10's AlphaZero, with the shipped network
}
#: The players named with a time S, in seconds a move ('id-0.5').
TIMED: dict[str, Callable[[float, int | None], Player]] = {
    "id": iterative_deepening_player,
}
PLAYER_NAMES: tuple[str, ...] = (*PLAYERS, *(f"{kind}-N" for kind in NUMBERED),
                                 *(f"{kind}-S" for kind in TIMED))
#: The kinds of player that know tic-tac-toe alone: what they learned, they learned on it.
LEARNED_ON_TIC_TAC_TOE = frozenset({"learned", "zero"})

#: The playable boards' difficulty levels, weakest first: label -> player name. At "perfect" the
#: computer varies among equally good moves, so two games (or two classes) rarely look the same.
#: The MCTS levels play that many random games per move (lesson 8): the more, the stronger. The
#: AlphaZero level searches 100 play-outs guided by the shipped network (lesson 10).
LEVELS: dict[str, str] = {
    "random": "random",
    "wins when it can": "one-layer",
    "also blocks": "two-layer",
    "looks 2 moves ahead": "depth-2",
    "samples 50 games (MCTS)": "mcts-50",
    "samples 1,000 games (MCTS)": "mcts-1000",
    "imperfect": "imperfect",
    "learned by self-play (TD)": "learned",
    "self-play and search (AlphaZero)": "zero-100",
    "perfect": "varied-perfect",
}
#: Levels for Connect Four, weakest first. No computer can solve 7 x 6 Connect Four in a class's
#: patience (lesson 7): the strongest levels look ahead as far as they can in a second.
CONNECT_FOUR_LEVELS: dict[str, str] = {
    "random": "random",
    "looks 2 moves ahead": "depth-2",
    "looks 4 moves ahead": "depth-4",
    "samples 1,000 games (MCTS)": "mcts-1000",
    "thinks 1 second (iterative deepening)": "id-1",
}
#: Every board's level label, and the player name it stands for.
LEVEL_NAMES: dict[str, str] = {**LEVELS, **CONNECT_FOUR_LEVELS}

_NUMBERED_NAME = re.compile(r"(\w+)-([1-9][0-9]*)")
_TIMED_NAME = re.compile(r"(\w+)-([0-9]+(?:\.[0-9]+)?)")


def a_player_name(value: object, name: str) -> None:
    """The argument rule of a player's name (or a board's level): one ``make_player`` knows,
    its number or time within the player's own limits."""
    if not isinstance(value, str):
        raise TypeError(f"{name} is a player's name, such as 'two-layer', got {value!r:.40}")
    try:
        _builder(value)  # a number's limits are the player's own: checked by building it
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


@checked(name=a_player_name)
def make_player(name: str, seed: int | None = None) -> Player:
    """The player called ``name``: one of PLAYER_NAMES, where 'depth-N' stands for 'depth-1',
    'depth-2', ..., 'mcts-N' for 'mcts-1', 'mcts-1000', ..., 'deepening-N' for 'deepening-1000',
    ... (positions a move), 'zero-N' for 'zero-100' (visits a move) and 'id-S' for 'id-0.1',
    'id-1', ... (seconds a move); or a level of the boards by its label (``LEVELS``,
    ``CONNECT_FOUR_LEVELS``: "also blocks" is 'two-layer'). A player's own name comes first:
    'perfect' is ``perfect_player``, the board's "perfect" level plays 'varied-perfect'.
    ``seed`` seeds the players that choose at random."""
    return _builder(name)(seed)


@checked(name=a_player_name)
def plays_the_game(name: str, position: Position) -> bool:
    """Whether the player ``name`` plays the game of ``position`` (a tic-tac-toe learner only
    tic-tac-toe); one that does may still refuse a board too big for its search
    (``ttt.play.players.check_can_play``)."""
    return isinstance(position, Board) or _kind(name) not in LEARNED_ON_TIC_TAC_TOE


def _kind(name: str) -> str:
    """The kind of the player ``name`` (or a level's): 'zero' for 'zero-100', 'learned' for
    'learned'."""
    name = LEVEL_NAMES.get(name, name)
    numbered = _NUMBERED_NAME.fullmatch(name) or _TIMED_NAME.fullmatch(name)
    return numbered[1] if numbered and name not in PLAYERS else name


def _builder(name: str) -> Callable[[int | None], Player]:
    """What builds the player ``name`` from a seed; a ValueError naming the choices otherwise.
    A number or a time is checked here, as typed, by the player's own rules."""
    if name in PLAYERS:
        return PLAYERS[name]
    if name in LEVEL_NAMES:
        return _builder(LEVEL_NAMES[name])
    numbered, timed = _NUMBERED_NAME.fullmatch(name), _TIMED_NAME.fullmatch(name)
    if numbered and numbered[1] in NUMBERED:
        build, number = NUMBERED[numbered[1]], int(numbered[2])
    elif timed and timed[1] in TIMED and float(timed[2]) > 0:
        build, number = TIMED[timed[1]], float(timed[2])
    else:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(PLAYER_NAMES)} "
                         f"(N a whole number from 1 up, e.g. depth-2, mcts-1000 or "
                         f"deepening-1000; S seconds a move, e.g. id-0.1), or a board's level: "
                         f"{', '.join(LEVEL_NAMES)}")
    as_entered(build, number)  # its limits, at once: 'depth-1000' is refused by name
    return lambda seed: as_entered(build, number, seed)
