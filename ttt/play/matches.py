"""Matches: two players play one game (``play_game``) or many (``tournament``), and a field of
players every pairing (``round_robin``, read as a ``crosstable`` or as ``standings``).

A player is a function: it takes a position, returns the move it chooses (``ttt.play.players`` makes
them, from random to perfect). A player that chooses an illegal move is named in the error.
"""

from __future__ import annotations

import functools
import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ttt.core.arguments import (
    a_function,
    a_player,
    at_least,
    checked,
    numbers_within,
    within_the_move_limit,
)
from ttt.core.protocol import Position, a_position_called
from ttt.games.board import Board, IllegalMoveError

__all__ = ["GameRecord", "Player", "RoundRobin", "check_round_robin", "crosstable", "mean_score",
           "play_game",
           "player_name", "round_robin", "standings", "standings_table", "tournament",
           "won_drawn_lost"]

Player = Callable[[Position], Any]


# --- the rules of this module's arguments --------------------------------------------------------

#: The rule of a count of games: a whole number, 0 or more.
_A_GAME_COUNT = numbers_within(0, math.inf, "a count of games, 0 or more")


def _names(value: object, name: str) -> None:
    """The rule of ``names``: a list (or tuple) of players' names, each a str."""
    if (isinstance(value, str) or not isinstance(value, (list, tuple))
            or not all(isinstance(each, str) for each in value)):
        raise TypeError(f"{name} is a list of players' names (str), got {value!r:.60}")


def _a_round_robin(value: object, name: str) -> None:
    """The rule of a round robin's results (``check_round_robin``), its counts 0 or more."""
    check_round_robin(value)
    _A_GAME_COUNT(value, name)


def _players_of_results(value: object, name: str, arguments: dict) -> None:
    """The rule of the ``names`` of a round robin: players of its ``results``."""
    _names(value, name)
    check_round_robin(arguments.get("results", {}), value)


_players_of_results.with_arguments = True  # type: ignore[attr-defined]


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
    results = Counter({"X": 0, "O": 0, "draw": 0})
    results.update(play_game(x_player, o_player).result for _ in range(games))
    return results


#: A game's score from X's point of view.
_SCORES = {"X": 1, "draw": 0, "O": -1}


@checked(games=at_least(2, 10 ** 6, " (a million games take minutes already)"))
def mean_score(x_player: Player, o_player: Player, games: int,
               board: Board = Board()) -> tuple[float, float]:
    """The average score (X's point of view: +1, 0, -1) of ``games`` games from ``board``, and the
    half-width of its 95% confidence interval, 1.96 s / sqrt(games), s the spread (standard
    deviation) of one game's score: the average lands that close to the expected score 95% of
    the time."""
    scores = [_SCORES[play_game(x_player, o_player, board).result] for _ in range(games)]
    return statistics.mean(scores), 1.96 * statistics.stdev(scores) / math.sqrt(games)
# --- round robins: every player against every other, and itself ----------------------------------

#: A round robin's results: 'X name vs O name' -> the Counter of that pairing's tournament.
RoundRobin = dict[str, Counter[str]]


def _a_player_maker(make: object, name: str) -> Callable[[str, int], Player]:
    """The rule of ``make``: a function that builds players, each held to the rule of a player
    handed in (``ttt.core.arguments.a_player``: its time per move)."""
    a_function(make, name)

    @functools.wraps(make)
    def limited(player_name: str, seed: int) -> Player:
        made = within_the_move_limit(functools.partial(make, player_name, seed),
                                     f"{name} did not return a player for {player_name!r}")
        if not callable(made):
            raise TypeError(f"{name} must return a player (a function from a position to its "
                            f"move), got {made!r:.60} for {player_name!r}")
        return a_player(made, "player")
    return limited


@checked(names=_names, make=_a_player_maker)
def round_robin(names: Sequence[str], games: int, make: Callable[[str, int], Player]) -> RoundRobin:
    """Every ordered pairing of the named players, each a ``tournament`` of ``games`` games:
    'X name vs O name' -> its Counter. ``make(name, seed)`` builds a player (``make_player``);
    pairing k's X gets seed 2k and its O 2k + 1, so the whole round robin repeats exactly."""
    pairings = [(x, o) for x in names for o in names]
    return {f"{x} vs {o}": tournament(make(x, 2 * k), make(o, 2 * k + 1), games)
            for k, (x, o) in enumerate(pairings)}


@checked(results=_a_round_robin, names=_players_of_results)
def crosstable(results: RoundRobin, names: Sequence[str]) -> str:
    """The round robin as a text table: a row per X player, a column per O player, each entry
    'X wins-draws-O wins'."""
    width = max(11, *(len(name) + 2 for name in names))
    lines = ["X \\ O".rjust(width) + "".join(o.rjust(width) for o in names)]
    for x in names:
        entries = ["{X}-{draw}-{O}".format(**results[f"{x} vs {o}"]) for o in names]
        lines.append(x.rjust(width) + "".join(entry.rjust(width) for entry in entries))
    return "\n".join(lines)


@checked(results=_a_round_robin)
def standings(results: RoundRobin) -> dict[str, dict[str, Counter[str]]]:
    """Each player's games added up over the round robin: name -> {'X': Counter, 'O': Counter},
    each Counter of its 'won', 'drawn' and 'lost' games on that side."""
    table: dict[str, dict[str, Counter[str]]] = {}
    for pairing, counts in results.items():
        x, o = pairing.split(" vs ")
        for name in (x, o):
            table.setdefault(name, {"X": Counter(), "O": Counter()})
        table[x]["X"].update(won=counts["X"], drawn=counts["draw"], lost=counts["O"])
        table[o]["O"].update(won=counts["O"], drawn=counts["draw"], lost=counts["X"])
    return table


@checked(results=_a_round_robin)
def standings_table(results: RoundRobin) -> str:
    """``standings`` as a text table: a row per player, its games won, drawn and lost as X and
    as O."""
    lines = [f"{'':>10}   as X: won drawn lost   as O: won drawn lost"]
    for name, sides in standings(results).items():
        lines.append(f"{name:>10}" + "".join(f"{'':>9}{s['won']:>4}{s['drawn']:>6}{s['lost']:>5}"
                                             for s in (sides["X"], sides["O"])))
    return "\n".join(lines)


@checked(counts=_A_GAME_COUNT)
def won_drawn_lost(counts: Counter[str], side: str) -> tuple[int, int, int]:
    """A tournament's Counter seen by the player on ``side`` ('X' or 'O'): its wins, draws and
    losses."""
    other = "O" if side == "X" else "X"
    return counts[side], counts["draw"], counts[other]




def check_round_robin(results: object, names: Sequence[str] = ()) -> None:
    """A clear error unless ``results`` is a round robin ('X name vs O name' -> the Counter of
    that pairing's games, as ``round_robin`` makes) holding every pairing of ``names``."""
    if not isinstance(results, dict) or not all(
            isinstance(pairing, str) and " vs " in pairing and isinstance(counts, Counter)
            for pairing, counts in results.items()):
        raise TypeError(f"results is a round robin, 'X name vs O name' -> a Counter of results "
                        f"(what round_robin returns), got {results!r:.60}")
    missing = [f"{x} vs {o}" for x in names for o in names if f"{x} vs {o}" not in results]
    if missing:
        raise ValueError(f"results has no games for {missing[0]!r}: names must be players of "
                         f"the round robin")
