"""Play tic-tac-toe in the terminal: ``python -m ttt``.

Without options you choose X or O and play the perfect computer, which varies its moves among the
equally good ones. ``--x`` and ``--o`` choose the players: ``human`` for a person at the keyboard,
or any computer player of ``ttt.players``, e.g. ``python -m ttt --x perfect --o random --seed 1``.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable, Sequence

from ttt.board import EMPTY, Board
from ttt.players import PLAYER_NAMES, Player, make_player, player_name

__all__ = ["main", "parse_args"]

HUMAN = "human"
COMPUTER = "varied-perfect"
CHOICES = (HUMAN, *PLAYER_NAMES)

Ask = Callable[[str], str]
Tell = Callable[[str], None]


def main(argv: Sequence[str] | None = None, ask: Ask = input, tell: Tell = print) -> int:
    """Run the game with command-line arguments ``argv``; read answers with ``ask(prompt)`` and
    show everything else with ``tell(text)``. Returns the exit status: 0, even when the player
    leaves early with Ctrl-D or Ctrl-C."""
    args = parse_args(argv)
    try:
        x_name, o_name = choose_sides(args.x, args.o, ask, tell)
        # O's seed differs from X's, so two random players do not echo each other's choices.
        seeds = (None, None) if args.seed is None else (args.seed, args.seed + 1)
        players = {"X": player_for(x_name, seeds[0], ask, tell),
                   "O": player_for(o_name, seeds[1], ask, tell)}
        tell(f"X: {x_name}, O: {o_name}.")
        play(players, tell)
    except (EOFError, KeyboardInterrupt):
        tell("\nBye.")
    return 0


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The options from the command line (``argv``, or ``sys.argv`` if None)."""
    players = (f"Players: {', '.join(CHOICES)} (N a whole number from 1 up). With neither --x "
               f"nor --o you are asked which mark to play, against {COMPUTER}. With only one, "
               f"the other side is {HUMAN} if that one is a computer, else {COMPUTER}.")
    parser = argparse.ArgumentParser(
        prog="python -m ttt", description="Play tic-tac-toe in the terminal.",
        epilog=textwrap.fill(players, 79, break_on_hyphens=False),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--x", type=player_choice, metavar="PLAYER",
                        help="who plays X, which moves first")
    parser.add_argument("--o", type=player_choice, metavar="PLAYER", help="who plays O")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="seed for the computer's random choices, to replay the same game")
    return parser.parse_args(argv)


def player_choice(name: str) -> str:
    """``name``, if it names a player; otherwise an argparse error that lists the choices."""
    if name != HUMAN:
        try:
            make_player(name)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"unknown player {name!r}: choose one of {', '.join(CHOICES)} "
                f"(N a whole number from 1 up, e.g. depth-2 or mcts-1000)") from None
    return name


def choose_sides(x_name: str | None, o_name: str | None, ask: Ask, tell: Tell) -> tuple[str, str]:
    """The (X, O) player names: as given, or filled in as the help text says."""
    if x_name is None and o_name is None:
        return (HUMAN, COMPUTER) if ask_mark(ask, tell) == "X" else (COMPUTER, HUMAN)
    if x_name is None:
        return (COMPUTER if o_name == HUMAN else HUMAN), o_name
    if o_name is None:
        return x_name, (COMPUTER if x_name == HUMAN else HUMAN)
    return x_name, o_name


def ask_mark(ask: Ask, tell: Tell) -> str:
    """'X' or 'O': the mark the human wants, asked until the answer is clear."""
    while True:
        answer = ask("Play X (moves first) or O? [X/o] ").strip().upper()
        if answer in ("", "X", "O"):
            return answer or "X"
        tell("Type X or O (or just press Enter to play X).")


def player_for(name: str, seed: int | None, ask: Ask, tell: Tell) -> Player:
    """The player called ``name``: a human at the keyboard, or a computer player."""
    return human_player(ask, tell) if name == HUMAN else make_player(name, seed)


def human_player(ask: Ask, tell: Tell) -> Player:
    """A player that asks for a cell number 1-9 until it gets a free cell."""
    def play(board: Board) -> int:
        while True:
            try:
                return read_cell(ask(f"{board.to_move}, your move (1-9): "), board)
            except ValueError as problem:
                tell(str(problem))

    play.__name__ = HUMAN
    return play


def read_cell(text: str, board: Board) -> int:
    """The cell (0-8) that ``text`` numbers from 1 to 9; a ValueError saying what is wrong if
    ``text`` is not the number of a free cell."""
    text = text.strip()
    if not text:
        raise ValueError("Type the number of a free cell, 1 to 9.")
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{text!r} is not a cell number: type a number from 1 to 9.")
    number = int(text)
    if not 1 <= number <= 9:
        raise ValueError(f"There is no cell {number}: the cells are numbered 1 to 9.")
    if board[number - 1] != EMPTY:
        raise ValueError(f"Cell {number} is taken by {board[number - 1]}: pick a free cell.")
    return number - 1


def play(players: dict[str, Player], tell: Tell) -> Board:
    """Play a game between ``players`` (keyed by mark), showing each position and the result;
    return the final board."""
    board = Board()
    tell(board.grid(numbered=True))
    while not board.is_over:
        mark = board.to_move
        player = players[mark]
        cell = player(board)
        if player_name(player) != HUMAN:
            tell(f"{mark} ({player_name(player)}) plays {cell + 1}")
        board = board.play(cell)
        tell("")
        tell(board.grid(numbered=not board.is_over))
    tell(board.result_text().capitalize() + ".")
    return board
