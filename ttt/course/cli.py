"""Play tic-tac-toe in the terminal: ``python -m ttt``.

Without options you choose X or O and play the perfect computer, which varies its moves among the
equally good ones. ``--x`` and ``--o`` choose the players: ``human`` for a person at the keyboard,
or any computer player of ``ttt.catalogue``, e.g. ``python -m ttt --x perfect --o random --seed
1``. ``--game`` plays another game, by the catalogue's name for it: ``connect-four`` (or
``connect4``: 7 x 6; a move is a column) or an m,n,k-game such
as ``4x4x3`` (three in a row on a board 4 wide and 4 high; a move is a cell), against iterative
deepening with a second a move unless told otherwise. A board bigger than ``ttt.games.mnk.MAX_SIDE``
(19 x 19), or a player that searches to the end of a game too big for that, is refused at once.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from ttt.catalogue import (
    LEARNED_ON_TIC_TAC_TOE,
    PLAYER_NAMES,
    a_player_name,
    game_named,
    make_player,
    plays_the_game,
)
from ttt.core.arguments import checked
from ttt.core.protocol import Position, SearchTooBigError
from ttt.games.board import EMPTY, Board
from ttt.games.mnk import MAX_SIDE, ConnectFour
from ttt.games.svg import cell_in_words
from ttt.play.matches import Player, player_name
from ttt.play.players import EXHAUSTIVE_PLAYERS, check_can_play

__all__ = ["main", "parse_args"]

HUMAN = "human"
COMPUTER = "varied-perfect"
#: The computer on the other games, most of them too big for a perfect player.
COMPUTER_ELSEWHERE = "id-1"
_CHOICES = (HUMAN, *PLAYER_NAMES)
#: The players that play any game: those that neither search to the end of it nor learned
#: tic-tac-toe alone.
_ANY_GAME = (HUMAN, *(name for name in PLAYER_NAMES if name not in EXHAUSTIVE_PLAYERS
                      and name.removesuffix("-N") not in LEARNED_ON_TIC_TAC_TOE))

Ask = Callable[[str], str]
Tell = Callable[[str], None]


@checked(reads_input=True)
def main(argv: Sequence[str] | None = None, ask: Ask = input, tell: Tell = print) -> int:
    """Run the game with command-line arguments ``argv``; read answers with ``ask(prompt)`` and
    show everything else with ``tell(text)``. Returns the exit status: 0, even when the player
    leaves early with Ctrl-D or Ctrl-C."""
    args = parse_args(argv)
    computer = COMPUTER if isinstance(args.game, Board) else COMPUTER_ELSEWHERE
    try:
        x_name, o_name = choose_sides(args.x, args.o, ask, tell, computer)
        # O's seed differs from X's, so two random players do not echo each other's choices.
        seeds = (None, None) if args.seed is None else (args.seed, args.seed + 1)
        players = {"X": _player_for(x_name, seeds[0], ask, tell),
                   "O": _player_for(o_name, seeds[1], ask, tell)}
        tell(f"X: {x_name}, O: {o_name}.")
        _play_in_terminal(players, tell, args.game)
    except (EOFError, KeyboardInterrupt):
        tell("\nBye.")
    return 0


@checked(reads_input=True)
def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The options from the command line (``argv``, or ``sys.argv`` if None)."""
    players = (f"Players: {', '.join(_CHOICES)} (N a whole number from 1 up, S seconds a move). "
               f"With neither --x nor --o you are asked which mark to play, against {COMPUTER} "
               f"({COMPUTER_ELSEWHERE} in the other games). With only one, the other side is "
               f"{HUMAN} if that one is a computer, else the computer. "
               f"{', '.join(EXHAUSTIVE_PLAYERS)} search to the end of the game: they play only "
               f"games small enough for that "
               f"(e.g. 4x4x4, not connect-four).")
    parser = argparse.ArgumentParser(
        prog="python -m ttt",
        description="Play tic-tac-toe, Connect Four or an m,n,k-game in the terminal.",
        epilog=textwrap.fill(players, 79, break_on_hyphens=False),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--x", type=_player_choice, metavar="PLAYER",
                        help="who plays X, which moves first")
    parser.add_argument("--o", type=_player_choice, metavar="PLAYER", help="who plays O")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="seed for the computer's random choices, to replay the same game")
    parser.add_argument("--game", type=_game_choice, default=Board(), metavar="GAME",
                        help=f"tic-tac-toe (the default), connect-four (7 x 6), or CxRxK: K in a "
                             f"row on a board C wide and R high (each at most {MAX_SIDE}), "
                             f"e.g. 4x4x3")
    args = parser.parse_args(argv)
    for name in (args.x, args.o):
        if name not in (None, HUMAN) and not plays_the_game(name, args.game):
            parser.error(f"{name} knows tic-tac-toe alone (it learned on it), not this game: "
                         f"choose one of {', '.join(_ANY_GAME)}")
        try:
            check_can_play(name, args.game)
        except SearchTooBigError:
            parser.error(f"{name} searches to the end of the game, and this game is too big "
                         f"for that: choose one of {', '.join(_ANY_GAME)}")
    return args


def _game_choice(text: str) -> Position:
    """The empty position of the game ``text`` names (``ttt.catalogue.game_named``); otherwise
    an argparse error saying what can be chosen."""
    try:
        return game_named(text)
    except (TypeError, ValueError) as problem:
        raise argparse.ArgumentTypeError(str(problem).removeprefix("name: ")) from None


def _player_choice(name: str) -> str:
    """``name``, if it names a player; otherwise an argparse error that lists the choices."""
    if name != HUMAN:
        try:
            a_player_name(name, "player")
        except (TypeError, ValueError) as problem:
            raise argparse.ArgumentTypeError(
                f"{str(problem).removeprefix('player: ')} (or {HUMAN})") from None
    return name


def choose_sides(x_name: str | None, o_name: str | None, ask: Ask, tell: Tell,
                 computer: str = COMPUTER) -> tuple[str, str]:
    """The (X, O) player names: as given, or filled in as the help text says, with ``computer``
    for the computer."""
    if x_name is None and o_name is None:
        return (HUMAN, computer) if _ask_mark(ask, tell) == "X" else (computer, HUMAN)
    if x_name is None:
        return (computer if o_name == HUMAN else HUMAN), o_name
    if o_name is None:
        return x_name, (computer if x_name == HUMAN else HUMAN)
    return x_name, o_name


def _ask_mark(ask: Ask, tell: Tell) -> str:
    """'X' or 'O': the mark the human wants, asked until the answer is clear."""
    while True:
        answer = ask("Play X (moves first) or O? [X/o] ").strip().upper()
        if answer in ("", "X", "O"):
            return answer or "X"
        tell("Type X or O (or just press Enter to play X).")


def _player_for(name: str, seed: int | None, ask: Ask, tell: Tell) -> Player:
    """The player called ``name``: a human at the keyboard, or a computer player."""
    return _human_player(ask, tell) if name == HUMAN else make_player(name, seed)


def _human_player(ask: Ask, tell: Tell) -> Player:
    """A player that asks for a move until it gets a legal one: the number of a free cell,
    counted from 0 as the lessons count them (in Connect Four, the number of a column that is
    not full, from 0 at the left)."""
    def play(position: Position) -> Any:
        if isinstance(position, ConnectFour):
            prompt, read = f"your column (0-{position.columns - 1})", read_column
        else:
            prompt, read = f"your move (0-{len(position.cells) - 1})", read_cell
        while True:
            try:
                return read(ask(f"{position.to_move}, {prompt}: "), position)
            except ValueError as problem:
                tell(str(problem))

    play.__name__ = HUMAN
    return play


def read_cell(text: str, board: Position) -> int:
    """The cell (0-8 on tic-tac-toe's board) that ``text`` numbers; a ValueError saying what is
    wrong if ``text`` is not the number of a free cell."""
    number = _read_number(text, "cell", "a free cell", len(board.cells) - 1)
    if board[number] != EMPTY:
        raise ValueError(f"Cell {number} is taken by {board[number]}: pick a free cell.")
    return number


def read_column(text: str, game: ConnectFour) -> int:
    """The column (0 at the left) that ``text`` numbers; a ValueError saying what is wrong if
    ``text`` is not the number of a column with room for a disc."""
    number = _read_number(text, "column", "a column", game.columns - 1)
    if number not in game.legal_moves:
        raise ValueError(f"Column {number} is full: pick another column.")
    return number


def _read_number(text: str, noun: str, which: str, last: int) -> int:
    """The whole number 0 to ``last`` that ``text`` is; else a ValueError that says what to
    type: the number of ``which`` (a ``noun``), 0 to ``last``."""
    text = text.strip()
    if not text:
        raise ValueError(f"Type the number of {which}, 0 to {last}.")
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{text!r} is not a {noun} number: type a number from 0 to {last}.")
    number = int(text)
    if number > last:
        raise ValueError(f"There is no {noun} {number}: the {noun}s are numbered 0 to {last}.")
    return number


def _play_in_terminal(players: dict[str, Player], tell: Tell,
                      start: Position = Board()) -> Position:
    """Play a game from ``start`` between ``players`` (keyed by mark), showing each position and
    the result; return the final position."""
    board = start
    tell(board.grid(numbered=True))
    while not board.is_over:
        mark = board.to_move
        player = players[mark]
        cell = player(board)
        if player_name(player) != HUMAN:
            tell(f"{mark} ({player_name(player)}) plays {_move_in_words(cell, board)}")
        board = board.play(cell)
        tell("")
        tell(board.grid(numbered=not board.is_over))
    tell(board.result_text().capitalize() + ".")
    return board


def _move_in_words(move: Any, position: Position) -> str:
    """A computer's move as the lessons and the boards name it: 'cell 5, row 1, column 2', or in
    Connect Four 'column 3'."""
    if isinstance(position, ConnectFour):
        return f"column {move}"
    return cell_in_words(move, getattr(position, "columns", 3))
