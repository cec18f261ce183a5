"""Players that learn tic-tac-toe by playing it, and an exact judge of what they learned.

Two classic learners, both tables (no neural network): Donald Michie's MENACE (1961), one
matchbox of beads per position, and the temporal-difference player of Sutton and Barto's
*Reinforcement Learning* (chapter 1), which learns a value for every position by self-play.
``policy_quality`` measures any player against perfect play (``ttt.search.perfect``): the share of
positions where its move is as good as the best one, and its losses to perfect play.

Both learners see positions up to symmetry: the 8 rotations and mirror images of a position share
one box or one value, so what is learned on one of them counts for all.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from ttt.core.arguments import checked, finite_values, one_of
from ttt.core.protocol import (
    Position,
    check_not_over,
    check_position,
    final_score,
    seeded_random,
    table_key,
)
from ttt.games.board import SYMMETRIES, Board, IllegalMoveError, tic_tac_toe_only
from ttt.play.matches import Player, play_game
from ttt.play.players import perfect_player, random_player
from ttt.search.counting import reachable_positions
from ttt.search.perfect import perfect_moves

__all__ = ["BOARD_GAMES", "BOARD_SEED", "MICHIE_REWARDS", "START_BEADS", "Menace", "Quality",
           "ValueTable", "board_table", "epsilon_greedy", "is_optimal", "learned_player",
           "michie_update",
           "policy_quality", "td_game", "td_learn", "td_update"]

#: Beads added to each move MENACE played, by the game's result for MENACE (Michie's rule).
MICHIE_REWARDS = {"win": 3, "draw": 1, "loss": -1}
#: Beads per move in a new box, by MENACE's own move number: 4 on its first move, then 3, 2, 1
#: (Michie's numbers: early moves get more beads, so one game does not decide them).
START_BEADS = (4, 3, 2, 1)


def _result_for(mark: str, board: Board) -> str:
    """'win', 'draw' or 'loss': how the finished game ``board`` ended for ``mark``."""
    return "draw" if board.winner is None else "win" if board.winner == mark else "loss"


# --- MENACE -------------------------------------------------------------------------------------


def _symmetry_to_canonical(board: Board) -> tuple[int, ...]:
    """A symmetry (a permutation of cells) that turns ``board`` into ``board.canonical()``: cell
    ``i`` of the canonical image is cell ``perm[i]`` of ``board``."""
    canonical = board.canonical()
    return next(perm for perm, image in zip(SYMMETRIES, board.symmetries(), strict=True)
                if image == canonical)


def _distinct_moves(board: Board) -> list[int]:
    """The legal moves of ``board`` with one move kept for each set of moves that a symmetry of
    the position maps onto each other (the lowest cell): on the empty board 0, 1 and 4."""
    keeping = [perm for perm, image in zip(SYMMETRIES, board.symmetries(), strict=True)
               if image == board]
    return [cell for cell in board.legal_moves
            if cell == min(perm[cell] for perm in keeping)]


@checked(result=one_of(*MICHIE_REWARDS))
def michie_update(beads: int, result: str, box_total: int) -> int:
    """The beads of a move MENACE played after a game with ``result`` ('win', 'draw' or 'loss'):
    Michie's rule adds MICHIE_REWARDS[result]. A loss never takes the last bead of a box
    (``box_total`` is the beads in the whole box): the box keeps it, so MENACE always has a move
    (Michie's machine resigned when a box was empty)."""
    if result == "loss" and box_total <= 1:
        return beads
    return beads + MICHIE_REWARDS[result]


@checked
class Menace:
    """Michie's Matchbox Educable Noughts And Crosses Engine, playing ``mark`` ('X' by default).

    One box for each position, up to symmetry, where MENACE is to move and has a choice (a
    forced move needs no box), holding beads for each of its moves (one move for each set of
    moves that a symmetry of the position makes alike). It moves by drawing a bead at random;
    after a game every move it played gets beads by MICHIE_REWARDS. ``boxes`` is how many boxes
    there are; ``box(position)`` the beads of one, by cell.
    """

    def __init__(self, seed: int | None = None, mark: str = "X") -> None:
        self.mark = mark
        self.rng = seeded_random(seed)
        self._boxes: dict[Board, dict[int, int]] = {
            board: dict.fromkeys(_distinct_moves(board), START_BEADS[board.moves_made // 2])
            for board in reachable_positions()
            if board.to_move == mark and len(board.legal_moves) > 1 and board == board.canonical()}

    @property
    def boxes(self) -> int:
        """How many matchboxes MENACE has."""
        return len(self._boxes)

    @checked
    def box(self, position: Board) -> dict[int, int]:
        """The beads in the box of ``position``, by the cell of ``position`` each bead plays."""
        self._check_mine(position)
        if len(position.legal_moves) == 1:
            raise ValueError(f"position {position} is a forced move (one free cell): MENACE "
                             f"keeps no box for it, it just plays there")
        perm = _symmetry_to_canonical(position)
        return {perm[cell]: beads for cell, beads in self._boxes[position.canonical()].items()}

    def boxes_shown(self, positions: list[Board]) -> str:
        """The boxes of ``positions`` as text: each position, its total of beads, and its grid
        with each free cell showing the beads that play it ('.' for a move that a symmetry of
        the position makes the same as one with beads)."""
        if not isinstance(positions, list) or not all(isinstance(board, Board)
                                                      for board in positions):
            raise TypeError(f"positions is a list of tic-tac-toe Boards, got {positions!r:.60}")
        shown = []
        for board in positions:
            beads = self.box(board)
            cells = [board[c] if board[c] != "." else str(beads.get(c, ".")) for c in range(9)]
            grid = "\n".join(" ".join(f"{cell:>3}" for cell in cells[row:row + 3])
                             for row in (0, 3, 6))
            shown.append(f"{board} (total {sum(beads.values())} beads)\n{grid}")
        return "\n\n".join(shown)

    def _check_mine(self, position: object) -> None:
        check_position(position)
        if not isinstance(position, Board):
            raise TypeError(f"MENACE plays tic-tac-toe: a Board is needed, got "
                            f"{type(position).__name__}")
        check_not_over(position)
        if position.to_move != self.mark:
            raise ValueError(f"this MENACE plays {self.mark}, but {position} has "
                             f"{position.to_move} to move")

    def _draw(self, board: Board, rng: random.Random) -> tuple[Board | None, int, int]:
        """(box, the move in the box's frame, the cell on ``board``) for MENACE's move: a bead
        drawn at random from the box (no box for a forced move)."""
        if len(board.legal_moves) == 1:
            return None, board.legal_moves[0], board.legal_moves[0]
        key, perm = board.canonical(), _symmetry_to_canonical(board)
        beads = self._boxes[key]
        move = rng.choices(list(beads), weights=list(beads.values()))[0]
        return key, move, perm[move]

    @checked
    def train(self, games: int, opponent: Player | None = None) -> Counter[str]:
        """Play ``games`` games against ``opponent`` (a random player seeded from MENACE's own
        generator if None), reinforcing after each one; returns the results for MENACE, a
        Counter keyed 'win', 'draw' and 'loss' (all three always present)."""
        opponent = opponent or random_player(seed=self.rng.getrandbits(32))
        results = Counter(dict.fromkeys(MICHIE_REWARDS, 0))
        for _ in range(games):
            board, played = Board(), []
            while not board.is_over:
                if board.to_move == self.mark:
                    key, move, cell = self._draw(board, self.rng)
                    if key is not None:
                        played.append((key, move))
                else:
                    cell = opponent(board)
                board = board.play(cell)
            result = _result_for(self.mark, board)
            for key, move in played:
                box = self._boxes[key]
                box[move] = michie_update(box[move], result, sum(box.values()))
            results[result] += 1
        return results

    def player(self, seed: int | None = None) -> Player:
        """A player that moves as MENACE does now, drawing beads with its own generator; it
        refuses positions where the other mark is to move."""
        rng = seeded_random(seed)

        def play(board: Board) -> int:
            self._check_mine(board)
            return self._draw(board, rng)[2]

        play.__name__ = play.__qualname__ = "menace"
        return play


# --- temporal-difference learning ---------------------------------------------------------------


@checked
def td_update(value: float, next_value: float, alpha: float) -> float:
    """The TD(0) update: ``value`` moved a step ``alpha`` of the way towards ``next_value``, the
    value of the position that followed it."""
    return value + alpha * (next_value - value)


@checked(values=finite_values)
def epsilon_greedy(values: dict[Any, float], to_move: str, epsilon: float,
                   rng: random.Random) -> tuple[Any, bool]:
    """(move, whether it was greedy): with chance ``epsilon`` a random one of the moves of
    ``values`` (an exploratory move), else the best one for ``to_move`` (the highest value for X,
    the lowest for O; values are from X's point of view), at random among equals."""
    moves = list(values)
    if rng.random() < epsilon:
        return rng.choice(moves), False
    pick = max if to_move == "X" else min
    best = pick(values.values())
    return rng.choice([move for move in moves if values[move] == best]), True


@cache
def _key(position: Position) -> Position:
    """What the table stores ``position`` under: its canonical image (remembered, since every
    move of every game asks it again)."""
    return table_key(position, symmetry=True)


@checked
class ValueTable:
    """What ``td_learn`` learned: a value from X's point of view (+1 X wins, −1 O wins) for each
    position it met, up to symmetry. A finished game is worth its result; a position never met,
    0 (the starting guess, a draw)."""

    def __init__(self, values: dict[Position, float] | None = None) -> None:
        self.values: dict[Position, float] = {} if values is None else values

    @checked
    def value(self, position: Position) -> float:
        """The learned value of ``position``, from X's point of view."""
        return self._value(position)

    def _value(self, position: Position) -> float:
        if position.is_over:
            return final_score(position, prefer_quick=False)
        return self.values.get(_key(position), 0.0)

    def __len__(self) -> int:
        return len(self.values)

    @checked
    def move_values(self, position: Position) -> dict[Any, float]:
        """The value of the position after each legal move of ``position``."""
        return {move: self._value(position.play(move)) for move in position.legal_moves}

    @checked
    def train_judged(self, checkpoints: tuple[int, ...], *, seed: int, games: int = 10,
                     **options: Any) -> Iterator[tuple[int, Quality]]:
        """Train this table by ``td_learn`` (with ``options``: epsilon, alpha) up to each number
        of games in ``checkpoints``, and after each one judge its player (seed 1) by
        ``policy_quality`` with ``games`` games a side: (games trained, Quality) pairs, a
        learning curve. The games up to checkpoint c are seeded ``seed + c``."""
        played = 0
        for total in checkpoints:
            td_learn(total - played, seed=seed + total, table=self, **options)
            played = total
            yield total, policy_quality(self.player(seed=1), games=games)

    def game_text(self, game: list[tuple[Position, bool]], before: dict[Position, float]) -> str:
        """A ``td_game`` this table learned from, as lines: each position, whether the move made
        from it was greedy, its value ``before`` the game (a copy of ``values``) and after,
        and the value before the game of the position that followed; then the result."""
        if not isinstance(game, list) or not all(
                isinstance(step, tuple) and len(step) == 2 and isinstance(step[1], bool)
                for step in game):
            raise TypeError(f"game is a td_game's list of (position, greedy) pairs, got "
                            f"{game!r:.60}")
        if not isinstance(before, dict):
            raise TypeError(f"before is a copy of the table's values (a dict), got {before!r:.60}")
        def old(position: Position) -> float:
            return self._value(position) if position.is_over else before.get(_key(position), 0.0)

        lines = [f"{position}  {position.to_move} to move, "
                 f"{'greedy     ' if greedy else 'exploratory'}  value {old(position):+.3f} -> "
                 f"{self._value(position):+.3f}   next position {old(after):+.3f}"
                 for (position, greedy), (after, _) in zip(game, game[1:], strict=False)]
        return "\n".join([*lines, f"{game[-1][0]}  {game[-1][0].result_text()}"])

    def player(self, seed: int | None = None) -> Player:
        """A player that plays the move with the best learned value for it, at random among
        equals: it never explores."""
        rng = seeded_random(seed)

        def play(position: Position) -> Any:
            _TIC_TAC_TOE_ONLY(position, "position")
            check_not_over(position)
            return epsilon_greedy(self.move_values(position), position.to_move, 0, rng)[0]

        play.__name__ = play.__qualname__ = "td"
        return play


#: The rule of a position a learned table can play: what it learned is tic-tac-toe.
_TIC_TAC_TOE_ONLY = tic_tac_toe_only("a learned player knows only the game it learned, tic-tac-toe")


@checked
def td_learn(games: int, *, seed: int | None = None, alpha: float = 0.2, epsilon: float = 0.1,
             opponent: Player | None = None, start: Position = Board(),
             table: ValueTable | None = None) -> ValueTable:
    """Sutton and Barto's tic-tac-toe learner: TD(0) on the values of positions, by ``games``
    games from ``start`` (each one a ``td_game``), and the table it learned (or ``table``,
    trained further).

    With ``opponent=None`` both sides are the learner (self-play); otherwise the learner plays X
    in the even games and O in the odd ones.
    """
    check_not_over(start)
    rng = seeded_random(seed)
    table = table if table is not None else ValueTable()
    for game in range(games):
        td_game(table, rng, alpha=alpha, epsilon=epsilon, start=start, opponent=opponent,
                learner=None if opponent is None else "XO"[game % 2])
    return table


#: How the playable board's "learned" level is trained: enough self-play to choose a best move
#: almost everywhere (lesson 9's curves), few enough games to train at its first move.
BOARD_GAMES, BOARD_SEED = 5_000, 0


@cache
def board_table() -> ValueTable:
    """The value table the playable board's "learned" level plays by: ``td_learn`` by
    ``BOARD_GAMES`` games of self-play, trained once a session and kept."""
    return td_learn(BOARD_GAMES, seed=BOARD_SEED)


@checked
def learned_player(seed: int | None = None) -> Player:
    """The playable board's "learned" level: ``board_table``'s player (trained at its first
    call), named 'learned'. ``ttt.catalogue.make_player('learned', seed)`` builds it."""
    play = board_table().player(seed=seed)
    play.__name__ = play.__qualname__ = "learned"
    return play


@checked
def td_game(table: ValueTable, rng: random.Random, *, alpha: float, epsilon: float,
            start: Position = Board(), opponent: Player | None = None,
            learner: str | None = None) -> list[tuple[Position, bool]]:
    """One game of TD(0) learning, updating ``table`` as it goes; returns the game's positions
    in order, each with whether the move made from it was greedy (the last, finished, False).

    Each position is the afterstate of the move that made it, valued from X's point of view.
    The player to move picks the move whose afterstate is best for it, except with chance
    ``epsilon`` a random move (to explore). After a greedy move the position before it is moved
    a step ``alpha`` towards the value of the position after it (``td_update``); after an
    exploratory move nothing is learned, as the book says. If ``learner`` is 'X' or 'O', the
    other side's moves are ``opponent``'s and count as greedy: the learner learns what its
    opponent does.
    """
    values, played = table.values, []
    position, value = start, table._value(start)
    while not position.is_over:
        if learner is None or position.to_move == learner:
            after_values = table.move_values(position)
            move, greedy = epsilon_greedy(after_values, position.to_move, epsilon, rng)
            after, next_value = position.play(move), after_values[move]
        else:
            move, greedy = opponent(position), True
            after = position.play(move)
            next_value = table._value(after)
        if greedy:
            values[_key(position)] = td_update(value, next_value, alpha)
        played.append((position, greedy))
        position, value = after, next_value
    return [*played, (position, False)]


# --- judged by the exact solver -----------------------------------------------------------------


@dataclass(frozen=True)
class Quality:
    """How good a player is, measured exactly: of ``positions`` reachable unfinished positions
    it plays an optimal move (one with the best result: win, draw or loss) in ``optimal``; in
    ``games`` games against the perfect player from each side it lost ``losses_as_x`` as X and
    ``losses_as_o`` as O."""

    optimal: int
    positions: int
    games: int
    losses_as_x: int
    losses_as_o: int
    sides: str = "XO"  # the sides it was judged on: 'XO', or 'X' or 'O' alone

    @property
    def optimal_share(self) -> float:
        """The share of positions (0 to 1) where the player's move is an optimal one."""
        return self.optimal / self.positions

    @property
    def losses(self) -> int:
        """The losses to the perfect player, from both sides."""
        return self.losses_as_x + self.losses_as_o

    def __str__(self) -> str:
        played = self.games * len(self.sides)
        return (f"an optimal move in {self.optimal:,} of {self.positions:,} positions "
                f"({self.optimal_share:.2%}); lost {self.losses} of {played} games to perfect "
                f"play")


@checked
def is_optimal(board: Board, cell: int) -> bool:
    """Whether playing ``cell`` on ``board`` keeps the best result the mover can force: the
    same win, draw or loss as the best move (not necessarily as quick): one of ``perfect_moves``."""
    if cell not in board.legal_moves:
        raise IllegalMoveError(f"{cell!r} is not a legal move on {board}: the free cells are "
                               f"{list(board.legal_moves)}")
    return cell in perfect_moves(board)


@checked
def policy_quality(player: Player, *, games: int = 50, side: str | None = None) -> Quality:
    """The ``Quality`` of ``player`` by the exact solver: its move at every reachable unfinished
    tic-tac-toe position (only those with ``side`` to move, if given), and ``games`` games
    against ``perfect_player`` as X and as O (only as ``side``, if given)."""
    sides = "XO" if side is None else side
    positions = [board for board in reachable_positions()
                 if not board.is_over and board.to_move in sides]
    optimal = sum(is_optimal(board, player(board)) for board in positions)
    losses = {mark: sum(_result_for(mark, play_game(*pairing).board) == "loss"
                        for _ in range(games))
              for mark, pairing in (("X", (player, perfect_player)),
                                    ("O", (perfect_player, player)))
              if mark in sides}
    return Quality(optimal, len(positions), games, losses.get("X", 0), losses.get("O", 0), sides)

