"""Players. A player is a function: it takes a board, returns a cell.

From weakest to strongest: ``random``; ``one-layer`` (wins at once when it can); ``two-layer``
(also blocks the opponent's immediate win); ``depth-N`` (looks N moves ahead, then guesses with a
heuristic); ``imperfect`` (hopes the opponent errs); ``perfect`` and ``varied-perfect``. Two more
play by chance: ``expectimax`` plays best against an opponent who moves at random, and ``mcts-N``
chooses by N random games (Monte Carlo tree search). Two search deeper and deeper while their
budget lasts, both ``iterative_deepening_player``: ``deepening-N`` for N positions a move, the same
moves on every computer, and ``id-S`` for S seconds a move, deeper on a faster computer. The
players by name, these and the learned ones above this layer, are ``ttt.catalogue``'s.

The players that search say what they found: their ``.choose(position)`` is the search's result,
the move played its ``.move`` (an ``MCTSResult``; ``Deepened``: the depth reached and positions
entered; ``Lookahead``: each move's score), so that whoever explains a move (the boards'
Explain) shows what the player that moved found, and searches nothing again.

Every player plays any game of the game protocol (``ttt.core.protocol``). Those that search to the
end of the game (``perfect``, ``varied-perfect``, ``imperfect``: ``ttt.search.perfect``;
``expectimax``) play only positions small enough for that search, and refuse others with a
SearchTooBigError (``check_can_play``); on tic-tac-toe they look positions up in the package's
shared table.

A player that chooses at random owns its random generator, so two players made with the same seed
play the same moves. Each player's ``__name__`` is its name, e.g. 'depth-2', for printing.

Games between players (``play_game``, ``tournament``) are ``ttt.play.matches``'s job.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from statistics import mean
from typing import Any, NamedTuple

from ttt.core.arguments import at_least, checked, one_of, within
from ttt.core.protocol import (
    COUNT_LIMIT,
    EACH_MOVE_SOLVED,
    Evaluation,
    Position,
    a_game_going_on,
    a_position,
    check_exhaustive,
    leaf_score,
    opponent,
    seeded_random,
    value_of,
)
from ttt.games.board import LINES, Board
from ttt.play.matches import Player
from ttt.search import fast, minimax
from ttt.search.expectimax import EXPECTIMAX_LIMIT, ExpectimaxTable, expectimax
from ttt.search.mcts import MCTSResult, mcts
from ttt.search.minimax import SearchResult, iterative_deepening
from ttt.search.perfect import move_scores, perfect_move, perfect_score
from ttt.search.solve import SOLVE_LIMIT

__all__ = ["EXHAUSTIVE_PLAYERS", "Deepened", "Lookahead", "alphabeta_player", "choosing_player",
           "blocking_moves", "check_can_play",
           "depth_limited_player", "perfect_value", "safest_moves",
           "expectimax_player", "hopeful_value", "imperfect_player",
           "iterative_deepening_player", "lookahead_score", "mcts_player",
           "one_layer_player", "perfect_player", "random_player", "two_layer_player",
           "varied_perfect_player", "winning_moves"]


def _named(name: str) -> Callable[[Player], Player]:
    """A decorator that gives a player its printable name, and makes it refuse, with a clear
    error, anything but a position where a move can be made."""
    def give_name(player: Player) -> Player:
        @checked(position=a_game_going_on)
        def play(position: Position) -> Any:
            return player(position)

        play.__name__ = play.__qualname__ = name
        play.__doc__ = player.__doc__
        return play
    return give_name


@checked
def choosing_player(name: str, choose: Callable[[Position], Any]) -> Player:
    """The player named ``name`` that plays the ``.move`` of ``choose(position)``, its search's
    result. ``choose`` stays the player's own ``.choose``: Explain reads what this very player
    found, rather than a second search that might have found otherwise."""
    player = _named(name)(lambda position: choose(position).move)
    player.choose = checked(position=a_game_going_on)(choose)  # type: ignore[attr-defined]
    return player


class Lookahead(NamedTuple):
    """What a depth-limited player found: the move it played, for each move the score it saw
    there for the player moving (a proved result ±1 and more, a guess within ±1), and how many
    moves ahead it looked (its own included)."""
    move: Any
    scores: dict[Any, float]
    depth: int


class Deepened(NamedTuple):
    """What an iterative-deepening player found in its budget: the move of the deepest search it
    finished, how many moves ahead that search looked, and the positions all its depths
    entered."""
    move: Any
    depth: int
    nodes: int


def _mover_sign(board: Board) -> int:
    """+1 if X is to move, -1 if O is: times a score from X's point of view, the mover's score."""
    return 1 if board.to_move == "X" else -1


def _random_best(rng: random.Random, scores: dict[int, float]) -> int:
    """A random one of the cells with the highest score."""
    best = max(scores.values())
    return rng.choice([cell for cell, score in scores.items() if score == best])


# --- simple players ---------------------------------------------------------------------------


@checked
def winning_moves(board: Position) -> list[Any]:
    """The moves that win the game at once for the player to move (any game)."""
    return [cell for cell in board.legal_moves if board.play(cell).winner]


@checked(board=a_position)  # any position: its own message says to use safest_moves
def blocking_moves(board: Board) -> list[int]:
    """The cells where the opponent, if it were their turn, would win at once: the ones to block
    (a free cell on a line whose other two cells are the opponent's). Tic-tac-toe's lines only:
    ``safest_moves`` plays any game."""
    if not isinstance(board, Board):
        raise TypeError(f"blocking_moves reads tic-tac-toe's lines, so it needs a Board, got "
                        f"{type(board).__name__}: for any game, use safest_moves")
    them = opponent(board.to_move)
    return [cell for cell in board.legal_moves
            if any(cell in line and all(board[c] == them for c in line if c != cell)
                   for line in LINES)]


@checked(position=a_game_going_on)
def safest_moves(position: Position) -> list[Any]:
    """The moves after which the opponent has the fewest moves that win at once (any game).

    On tic-tac-toe, when the opponent threatens to win, these are the cells that block
    (``blocking_moves``), and otherwise every legal move; on Connect Four they also avoid
    filling the cell under an opponent's threat."""
    wins_left = {move: len(winning_moves(position.play(move))) for move in position.legal_moves}
    fewest = min(wins_left.values())
    return [move for move, wins in wins_left.items() if wins == fewest]


@checked
def random_player(seed: int | None = None) -> Player:
    """A player that picks any legal move at random."""
    rng = seeded_random(seed)

    @_named("random")
    def play(board: Board) -> int:
        return rng.choice(board.legal_moves)

    return play


@checked
def one_layer_player(seed: int | None = None) -> Player:
    """A player that wins at once when it can, and otherwise moves at random."""
    rng = seeded_random(seed)

    @_named("one-layer")
    def play(board: Board) -> int:
        return rng.choice(winning_moves(board) or board.legal_moves)

    return play


@checked
def two_layer_player(seed: int | None = None) -> Player:
    """A player that wins at once when it can, else blocks the opponent's immediate wins (it
    picks at random among the ``safest_moves``): two moves ahead, in any game."""
    rng = seeded_random(seed)

    @_named("two-layer")
    def play(position: Position) -> Any:
        return rng.choice(winning_moves(position) or safest_moves(position))

    return play


# --- searching players ------------------------------------------------------------------------


def _alphabeta(position: Position, **options: object) -> SearchResult:
    """``ttt.search.minimax.alphabeta``, or for tic-tac-toe ``ttt.search.fast.alphabeta``: the same
    answer, sooner."""
    return (fast if isinstance(position, Board) else minimax).alphabeta(position, **options)


@checked(depth=at_least(0))
def lookahead_score(board: Position, depth: int, evaluate: Evaluation | None = None) -> float:
    """The score of ``board`` (X's point of view) when searching ``depth`` more moves ahead and
    estimating the positions there with ``evaluate`` (by default the position's own
    ``estimate()``: for tic-tac-toe, ``ttt.games.board.open_lines``)."""
    if depth > 0:
        return _alphabeta(board, depth=depth, evaluate=evaluate).score
    return leaf_score(board, evaluate, prefer_quick=True)


@checked(depth=at_least(1, 100, " (no game of the course lasts longer)"))
def depth_limited_player(depth: int, seed: int | None = None,
                         evaluate: Evaluation | None = None) -> Player:
    """A player that looks ``depth`` moves ahead (its own move included), estimates the positions
    there with ``evaluate`` (by default the position's own ``estimate()``: open lines for
    tic-tac-toe, open windows for Connect Four), and picks at random among the best moves it
    sees. It plays any game."""
    rng = seeded_random(seed)

    def look(position: Position) -> Lookahead:
        sign = _mover_sign(position)
        scores = {move: sign * lookahead_score(position.play(move), depth - 1, evaluate)
                  for move in position.legal_moves}
        return Lookahead(_random_best(rng, scores), scores, depth)

    return choosing_player(f"depth-{depth}", look)


def _a_budget(value: object, name: str, arguments: dict) -> None:
    """The rule of an iterative-deepening player's budget, by what it counts (``per_move``): a
    time in seconds (at most ten minutes: a class waits no longer for a move), or a whole number
    of positions (at most ten million: they take minutes a move already)."""
    if arguments.get("per_move", "seconds") == "positions":
        at_least(1, 10 ** 7, " (ten million take minutes a move already)")(
            value, f"{name} (positions a move)")
    else:
        within(0, 600, "a time, more than 0 and at most 600 (ten minutes: a class waits no "
                       "longer for a move)", low_open=True)(value, f"{name} (seconds a move)")


_a_budget.with_arguments = True  # type: ignore[attr-defined]


@checked(budget=_a_budget, per_move=one_of("seconds", "positions", meaning="what the budget "
                                                                         "counts"))
def iterative_deepening_player(budget: float, seed: int | None = None, *,
                               per_move: str = "seconds") -> Player:
    """A player that searches deeper and deeper by ``iterative_deepening`` while its ``budget``
    a move lasts, and plays the move of the deepest search it finished. ``per_move`` says what
    the budget counts: 'seconds' of the computer's clock (the faster the computer, the deeper it
    looks), or 'positions' entered (of all its depths together), so that it plays the same moves
    on every computer, fast or slow: a tournament's result is the same everywhere. ``seed`` varies
    its choice among equally good moves."""
    rng = seeded_random(seed)
    by_positions = per_move == "positions"
    name = f"deepening-{budget}" if by_positions else f"id-{budget:g}"

    def deepen(position: Position) -> Deepened:
        clock = _positions_entered() if by_positions else time.perf_counter
        return Deepened(*iterative_deepening(position, budget, seed=rng.getrandbits(32),
                                             clock=clock))

    return choosing_player(name, deepen)


def _positions_entered() -> Callable[[], float]:
    """A clock that ticks once each time it is read: ``iterative_deepening``'s watch reads it once
    per position entered, so a budget of N ticks is N positions."""
    return itertools.count().__next__


#: The players that search to the end of the game, and the most positions ahead they take on. The
#: varied and imperfect players solve the position after each move (and each reply), each apart:
#: Connect Four 4 x 4 (at most 9.2e5 ahead) takes seconds, 4 x 4 four in a row (1.0e7) minutes.
EXHAUSTIVE_PLAYERS = {"perfect": SOLVE_LIMIT, "varied-perfect": COUNT_LIMIT,
                      "imperfect": COUNT_LIMIT, "expectimax": EXPECTIMAX_LIMIT}


def check_can_play(name: str, position: Position) -> None:
    """A SearchTooBigError if the player called ``name`` searches to the end of the game and
    ``position`` is too big for that (``ttt.core.protocol.check_exhaustive``); other players play
    any position."""
    if name in EXHAUSTIVE_PLAYERS:
        check_exhaustive(position, f"the {name} player", EXHAUSTIVE_PLAYERS[name], force=False,
                         instead="choose a player that looks a few moves ahead: depth-N, id-S "
                                 "or mcts-N")


@checked
def perfect_value(position: Position) -> int:
    """Who wins ``position`` with perfect play: +1 (X), 0 (a draw) or -1 (O), by
    ``ttt.search.perfect`` (tic-tac-toe from its shared table, other games each position solved
    once)."""
    return value_of(perfect_score(position))


@_named("perfect")
@checked
def perfect_player(board: Position) -> Any:
    """A best move by ``ttt.search.perfect.perfect_move``: the quickest win, else a draw, else the
    slowest loss; on tic-tac-toe the lowest cell among equals, the move
    ``ttt.search.minimax.minimax`` picks, and instant (a shared transposition table). Other games
    must be small enough to solve."""
    check_can_play("perfect", board)
    return perfect_move(board)


@checked
def varied_perfect_player(seed: int | None = None) -> Player:
    """A perfect player that picks at random among all the best moves: those with the same value
    that win (or lose) just as fast. Other games must be small enough to solve."""
    rng = seeded_random(seed)

    @_named("varied-perfect")
    def play(board: Position) -> Any:
        check_can_play("varied-perfect", board)
        sign = _mover_sign(board)
        scores = move_scores(board)
        return _random_best(rng, {cell: sign * score for cell, score in scores.items()})

    return play


@checked(exhaustive=EACH_MOVE_SOLVED)
def hopeful_value(board: Position, cell: Any, trust: float) -> float:
    """How good playing ``cell`` is for the player to move, between -1 and +1.

    It blends ``trust`` times the value if the opponent then plays perfectly with ``1 - trust``
    times the average value over all the opponent's replies (each followed by perfect play): a
    move that leaves the opponent many ways to go wrong scores higher.
    """
    after = board.play(cell)
    perfect_reply = perfect_value(after)
    replies = [perfect_value(after.play(reply)) for reply in after.legal_moves]
    average_reply = mean(replies) if replies else perfect_reply
    return _mover_sign(board) * (trust * perfect_reply + (1 - trust) * average_reply)


@checked
def imperfect_player(seed: int | None = None, trust: float = 0.9) -> Player:
    """A player that does not assume a perfect opponent: it picks the move with the best
    ``hopeful_value``, at random among equals. With ``trust`` 1 it only cares about the value
    against perfect play; with less it sets traps."""
    rng = seeded_random(seed)

    @_named("imperfect")
    def play(board: Position) -> Any:
        check_can_play("imperfect", board)
        return _random_best(rng, {cell: round(hopeful_value(board, cell, trust), 9)
                                  for cell in board.legal_moves})

    return play


# --- players that reckon with chance ----------------------------------------------------------


@checked
def expectimax_player() -> Player:
    """A player that plays best against an opponent who moves at random: the move with the highest
    expected result (``ttt.search.expectimax``), the first among equals. It may take a risk that a
    perfect opponent would punish. It remembers every position it values, so in a tournament each
    position is valued once."""
    tables: dict[str, ExpectimaxTable] = {"X": {}, "O": {}}  # keyed by the random player

    @_named("expectimax")
    def play(position: Position) -> Any:
        check_can_play("expectimax", position)
        chance = opponent(position.to_move)
        return expectimax(position, chance, table=tables[chance]).move

    return play


def _a_node_list(nodes: object, name: str) -> None:
    """The argument rule of a player's ``nodes``: None or a list (it appends to it)."""
    if nodes is not None and not isinstance(nodes, list):
        raise TypeError(f"{name} is a list to append each search's node count to, got "
                        f"{type(nodes).__name__} {nodes!r:.40}")


@checked(nodes=_a_node_list)
def mcts_player(playouts: int = 1000, seed: int | None = None, *,
                nodes: list[int] | None = None) -> Player:
    """A player that chooses by Monte Carlo tree search (``ttt.search.mcts``) with ``playouts``
    random games per move: the more, the stronger and the slower. Each move's search gets its own
    seed, drawn from the player's random generator. Given a list ``nodes``, it appends the positions
    each search made (``.nodes``), to compare its effort with another search's."""
    rng = seeded_random(seed)

    def sample(position: Position) -> MCTSResult:
        found = mcts(position, playouts, seed=rng.getrandbits(32))
        if nodes is not None:
            nodes.append(found.nodes)
        return found

    return choosing_player(f"mcts-{playouts}", sample)


@checked(nodes=_a_node_list)
def alphabeta_player(depth: int | None = None, *, nodes: list[int] | None = None) -> Player:
    """A player that plays alpha-beta's move (``ttt.search.minimax.alphabeta``, ordered): ``depth``
    moves ahead, guessing with the position's own ``estimate()`` where it stops (None: to the end of
    the game), the first best move. Given a list ``nodes``, it appends the positions each search
    visited (``.nodes``), to compare its effort with another search's (``mcts_player``)."""

    @_named("alphabeta" if depth is None else f"alphabeta-{depth}")
    def play(position: Position) -> Any:
        found = _alphabeta(position, depth=depth)
        if nodes is not None:
            nodes.append(found.nodes)
        return found.move

    return play
