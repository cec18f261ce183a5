"""The playable board: you against the computer, with hints and an explanation of its moves.

``play_board()`` returns the widget. Its nine buttons carry the CSS classes ``cell-0`` ...
``cell-8``, the status line ``board-status``, the whole board ``play-board`` and the explanation
``explanation``, so a browser test (or a teacher's stylesheet) can find them.
``play_board(game='connect four')`` is the Connect Four board (class ``connect-four`` too): its
column buttons are ``drop-0`` ... ``drop-6``, its cells ``disc-0`` ... ``disc-41``. What the
tic-tac-toe board knows about good and bad moves comes from the package's solver
(``ttt.fast.shared_solver``), what the Connect Four board knows from alpha-beta a few moves deep;
the computer's moves come from the players of ``ttt.players``.
"""

from __future__ import annotations

import html
import re
from functools import cache
from typing import Any

import ipywidgets as widgets

from ttt import fast
from ttt.board import Board
from ttt.display import draw_tree, signed
from ttt.fast import Outcome, shared_solver
from ttt.game import Position
from ttt.games import connect_four
from ttt.mcts import MCTSResult, mcts
from ttt.players import Player, make_player, seeded_random
from ttt.search import alphabeta
from ttt.svg import O_COLOUR, X_COLOUR

__all__ = ["CONNECT_FOUR_LEVELS", "HINT_COLOURS", "LEVELS", "ConnectFourBoard", "PlayBoard",
           "explanation", "hint", "lookahead_hint", "play_board", "sampling_explanation"]

#: Difficulty levels, weakest first: label -> player name for ``make_player``. At "perfect" the
#: computer varies among equally good moves, so two games (or two classes) rarely look the same.
#: The MCTS levels play that many random games per move (lesson 8): the more, the stronger.
LEVELS: dict[str, str] = {
    "random": "random",
    "wins when it can": "one-layer",
    "also blocks": "two-layer",
    "looks 2 moves ahead": "depth-2",
    "samples 50 games (MCTS)": "mcts-50",
    "samples 1,000 games (MCTS)": "mcts-1000",
    "imperfect": "imperfect",
    "perfect": "varied-perfect",
}
HINT_COLOURS = {1: "#B5E3D3", 0: "#F3EDB0", -1: "#F5C9B0"}  # win, draw, loss: light Okabe-Ito tints
MARK_COLOURS = {"X": X_COLOUR, "O": O_COLOUR, ".": "black"}
WIN_COLOUR = "#B5E3D3"
CELL_COLOUR = "#EEEEEE"  # a free or taken cell: light grey, so the board shows on a white page
# A free cell's text: a button whose text is set to "" keeps its old text in the browser.
BLANK = "\u00a0"


def hint(outcome: Outcome, me: str) -> tuple[int, str]:
    """What a move's outcome means for player ``me``: +1, 0 or −1, and a text such as 'win in 3'
    (the number counts the moves of both players, this one included)."""
    mine = outcome.value if me == "X" else -outcome.value
    if mine == 0:
        return 0, "draw"
    return mine, f"{'win' if mine > 0 else 'loss'} in {outcome.plies}"


CELL_SIZE = 92  # px: room for the widest hint, "loss in 4", in HINT_FONT without an ellipsis
MARK_FONT, HINT_FONT = "34px", "15px"


class _GameBoard(widgets.VBox):
    """What the two boards share: you against the computer, with levels, New game, Undo, Hints
    and Explain. A subclass lays out the cells (``_cells``) and shows them (``_show``)."""

    def __init__(self, start: Position, levels: dict[str, str], human: str, level: str,
                 seed: int | None) -> None:
        if human not in ("X", "O"):
            raise ValueError(f"human plays 'X' or 'O', got {human!r}")
        if level not in levels:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(levels)}")
        self.start = start
        self.rng = seeded_random(seed)
        self.status = widgets.HTML().add_class("board-status")
        self.mark = widgets.ToggleButtons(options=[("X (you start)", "X"),
                                                   ("O (computer starts)", "O")],
                                          value=human, description="You play",
                                          style={"button_width": "170px"})
        self.level = widgets.Dropdown(options=list(levels.items()), value=levels[level],
                                      description="Computer",
                                      layout=widgets.Layout(width="max-content"))
        self.new_button = widgets.Button(description="New game", icon="refresh")
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.hints = widgets.Checkbox(value=False, indent=False, description="Hints",
                                      layout=widgets.Layout(width="110px"),
                                      tooltip=self.HINTS_TOOLTIP)
        self.explain = widgets.Checkbox(value=False, description="Explain its moves", indent=False,
                                        layout=widgets.Layout(width="200px"))
        self.explanation = widgets.HTML()
        for button, action in ((self.new_button, self.new_game), (self.undo_button, self.undo)):
            button.add_class(button.description.lower().replace(" ", "-"))
            button.on_click(lambda _, act=action: act())
        self.mark.observe(lambda _: self.new_game(), names="value")
        self.level.observe(lambda _: self._refresh(), names="value")
        self.hints.observe(lambda _: self._refresh(), names="value")
        self.explain.observe(lambda _: self._refresh(), names="value")
        controls = widgets.VBox([self.mark, self.level,
                                 widgets.HBox([self.new_button, self.undo_button]),
                                 widgets.HBox([self.hints, self.explain])])
        board = widgets.VBox([self._cells(), self.status])
        controls.layout.margin = "0 0 0 24px" if self.CONTROLS_BESIDE else "8px 0 0 0"
        super().__init__([(widgets.HBox if self.CONTROLS_BESIDE else widgets.VBox)(
            [board, controls]), self.explanation])
        self.add_class("play-board")
        self.explanation.add_class("explanation")
        self.history: list[Position] = []
        self.searches: dict[int, MCTSResult] = {}  # the MCTS behind a move, by where it was made
        self.new_game()

    HINTS_TOOLTIP = ""
    CONTROLS_BESIDE = True  # the controls to the right of the board, or else under it

    def _cells(self) -> widgets.Widget:
        raise NotImplementedError

    def _show(self) -> None:
        """Show the position on the cells, with hints if they are on."""
        raise NotImplementedError

    # --- the game ---------------------------------------------------------------------------

    @property
    def board(self) -> Position:
        return self.history[-1]

    @property
    def human(self) -> str:
        return self.mark.value

    @property
    def computer(self) -> Player:
        """The computer's player at the chosen level, drawing its randomness from this board."""
        return make_player(self.level.value, seed=self.rng.randrange(2**32))

    @property
    def last_reply(self) -> tuple[Position, Any] | None:
        """The computer's latest move in the game on the board: the position it moved in and the
        move it chose (None before its first move)."""
        turn = self._last_turn_of_computer()
        if turn is None:
            return None
        before, after = self.history[turn], self.history[turn + 1]
        return before, next(move for move in before.legal_moves if before.play(move) == after)

    def _last_turn_of_computer(self) -> int | None:
        """The index in ``history`` of the last position where the computer moved, or None."""
        return next((i for i in range(len(self.history) - 2, -1, -1)
                     if self.history[i].to_move != self.human), None)

    def _last_turn_of_human(self) -> int | None:
        """The index in ``history`` of the last position where you moved, or None."""
        return next((i for i in range(len(self.history) - 2, -1, -1)
                     if self.history[i].to_move == self.human), None)

    def new_game(self) -> None:
        """Start again from the empty board; the computer moves first when you play O."""
        self.history = [self.start]
        self.searches = {}
        self._computer_moves()
        self._refresh()

    def click(self, move: Any) -> None:
        """Your ``move``; the computer replies at once. A refused move changes only the status
        line, which says why."""
        problem = self._why_not(move)
        if problem:
            self._refresh(problem)
            return
        self.history.append(self.board.play(move))
        self._computer_moves()
        self._refresh()

    def undo(self) -> None:
        """Take back your last move and the computer's reply."""
        turn = self._last_turn_of_human()
        if turn is None:
            self._refresh("Nothing to undo yet.")
            return
        self.history = self.history[: turn + 1]
        self.searches = {i: search for i, search in self.searches.items() if i < turn}
        self._refresh()

    def _why_not(self, move: Any) -> str:
        if self.board.is_over:
            return f"The game is over ({self._result()}). Press New game to play again."
        return ""

    def _computer_moves(self) -> None:
        board = self.board
        if board.is_over or board.to_move == self.human:
            return
        playouts = re.fullmatch(r"mcts-(\d+)", self.level.value)
        if playouts:  # search here, not through the player, to keep what it found for Explain
            search = mcts(board, int(playouts[1]), seed=self.rng.randrange(2**32))
            self.searches[len(self.history) - 1] = search
            move = search.move
        else:
            move = self.computer(board)
        self.history.append(board.play(move))

    # --- what it shows ----------------------------------------------------------------------

    def _result(self) -> str:
        winner = self.board.winner
        if winner is None:
            return "a draw"
        return "you win" if winner == self.human else "the computer wins"

    def _status(self) -> str:
        board = self.board
        if board.winner:
            return f"{board.winner} wins: {self._result()}."
        if board.is_over:
            return "Draw: nobody wins."
        return f"Your move: you are {self.human}."

    def _refresh(self, message: str = "") -> None:
        # the status first: a page that sees the new marks can trust the status line
        self.status.value = html.escape(message or self._status())
        self._show()
        self.undo_button.disabled = self._last_turn_of_human() is None
        self.explanation.value = self._explain() if self.explain.value else ""

    def _show_marks(self) -> None:
        """Each cell's mark in its colour on a grey button, the winning line's cells green."""
        board = self.board
        line = board.winning_line or ()
        for cell, button in enumerate(self.buttons):
            mark = board[cell]
            button.description = BLANK if mark == "." else mark
            button.style.text_color = MARK_COLOURS[mark]
            button.style.button_color = WIN_COLOUR if cell in line else CELL_COLOUR

    def _explain(self) -> str:
        turn = self._last_turn_of_computer()
        if turn is None:
            return "<i>The computer has not moved yet.</i>"
        search = self.searches.get(turn)
        sampled = sampling_explanation(search) if search else ""
        return sampled + self._explain_move(*self.last_reply)

    def _explain_move(self, position: Position, move: Any) -> str:
        raise NotImplementedError


class PlayBoard(_GameBoard):
    """Tic-tac-toe against the computer. ``seed`` makes the computer's choices repeatable."""

    HINTS_TOOLTIP = ("What each free cell leads to with perfect play, and in how many moves "
                     "(both players' moves)")

    def __init__(self, human: str = "X", level: str = "perfect", seed: int | None = None) -> None:
        super().__init__(Board(), LEVELS, human, level, seed)

    def _cells(self) -> widgets.Widget:
        self.buttons = [self._cell_button(cell) for cell in range(9)]
        return widgets.GridBox(self.buttons, layout=widgets.Layout(
            grid_template_columns=f"repeat(3, {CELL_SIZE}px)", grid_gap="4px",
            width=f"{3 * CELL_SIZE + 8}px"))

    def _why_not(self, cell: int) -> str:
        if not self.board.is_over and self.board[cell] != ".":
            return f"Cell {cell} is taken by {self.board[cell]}: pick a free cell."
        return super()._why_not(cell)

    def _show(self) -> None:
        board = self.board
        outcomes = (shared_solver().move_outcomes(board)
                    if self.hints.value and not board.is_over else {})
        self._show_marks()
        for cell, button in enumerate(self.buttons):
            button.tooltip = f"cell {cell}"
            if cell in outcomes:
                value, text = hint(outcomes[cell], board.to_move)
                button.description = text
                button.style.button_color = HINT_COLOURS[value]
                button.style.text_color = "#333333"
            button.style.font_size = HINT_FONT if cell in outcomes else MARK_FONT

    def _explain_move(self, board: Board, cell: int) -> str:
        return explanation(board, cell)

    def _cell_button(self, cell: int) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width=f"{CELL_SIZE}px",
                                                      height=f"{CELL_SIZE}px", margin="0",
                                                      padding="0 4px"))
        button.add_class(f"cell-{cell}")
        button.style.font_size = MARK_FONT
        button.style.font_weight = "bold"
        button.on_click(lambda _: self.click(cell))
        return button


#: Levels for Connect Four, weakest first. No computer can solve 7 x 6 Connect Four in a class's
#: patience (lesson 7): the strongest levels look ahead as far as they can in a second.
CONNECT_FOUR_LEVELS: dict[str, str] = {
    "random": "random",
    "looks 2 moves ahead": "depth-2",
    "looks 4 moves ahead": "depth-4",
    "samples 1,000 games (MCTS)": "mcts-1000",
    "thinks 1 second (iterative deepening)": "id-1",
}
HINT_DEPTH = 4  # how far the Connect Four hints look: 7 columns in about a tenth of a second
ESTIMATE_COLOUR = "#E4E4F0"  # a hint that is only a guess: a neutral tint
# px: a Connect Four cell is as wide as "loss in 12" in FOUR_HINT_FONT needs, and less high, so
# that the board and its controls fit a projector's 800 px; the drop buttons are lower still
DISC_WIDTH, DISC_HEIGHT, DROP_HEIGHT = 76, 60, 44
FOUR_HINT_FONT = "13px"


def lookahead_hint(position: Position, move: Any,
                   depth: int = HINT_DEPTH) -> tuple[int | None, str]:
    """What alpha-beta ``depth`` moves deep sees after ``move``, for the player making it: a
    result it proved (+1 and 'win in 5', 0 and 'draw', -1 and 'loss in 4', counting both
    players' moves, this one included), or else its estimate, None and a text such as '≈ +0.21'
    (the position's own ``estimate()`` where the search stopped)."""
    after = position.play(move)
    score = alphabeta(after, depth=depth).score
    mine = score if position.to_move == "X" else -score
    if abs(mine) >= 1:
        moves = position.free_cells - (abs(mine) - 1)
        return (1, f"win in {moves:.0f}") if mine > 0 else (-1, f"loss in {moves:.0f}")
    if after.is_over or after.free_cells <= depth:  # it saw every game to its end
        return 0, "draw"
    return None, f"≈ {mine:+.2f}"


class ConnectFourBoard(_GameBoard):
    """Connect Four against the computer: click a column's arrow (or any cell of the column) to
    drop your disc. Hints look ``HINT_DEPTH`` moves ahead: a result where the search proves one,
    else its estimate, marked '≈'."""

    HINTS_TOOLTIP = (f"What a search {HINT_DEPTH} moves deep sees after each column: a result it "
                     f"can prove (win, draw or loss, and in how many moves), or else its estimate "
                     f"(≈), not a proof")
    CONTROLS_BESIDE = False  # seven columns and the controls do not fit side by side

    def __init__(self, human: str = "X", level: str = "looks 4 moves ahead",
                 seed: int | None = None, columns: int = 7, rows: int = 6) -> None:
        self.shape = (columns, rows)
        super().__init__(connect_four(columns, rows), CONNECT_FOUR_LEVELS, human, level, seed)
        self.add_class("connect-four")

    def _cells(self) -> widgets.Widget:
        columns, rows = self.shape
        self.drops = [self._button(f"drop-{column}", column, "↓", DROP_HEIGHT)
                      for column in range(columns)]
        self.buttons = [self._button(f"disc-{cell}", cell % columns, BLANK, DISC_HEIGHT)
                        for cell in range(columns * rows)]
        return widgets.GridBox(self.drops + self.buttons, layout=widgets.Layout(
            grid_template_columns=f"repeat({columns}, {DISC_WIDTH}px)", grid_gap="3px",
            width=f"{columns * (DISC_WIDTH + 3)}px"))

    def _why_not(self, column: int) -> str:
        if not self.board.is_over and column not in self.board.legal_moves:
            return f"Column {column} is full: pick another column."
        return super()._why_not(column)

    def _show(self) -> None:
        board = self.board
        hints = ({column: lookahead_hint(board, column) for column in board.legal_moves}
                 if self.hints.value else {})
        self._show_marks()
        for column, button in enumerate(self.drops):
            value, text = hints.get(column, (0, "↓"))
            playable = column in board.legal_moves
            button.description = text if column in hints else ("↓" if playable else BLANK)
            button.style.button_color = (HINT_COLOURS.get(value, ESTIMATE_COLOUR)
                                         if column in hints else "white")
            button.style.font_size = FOUR_HINT_FONT if column in hints else MARK_FONT
            button.tooltip = f"drop a disc in column {column}"

    def _explain_move(self, board: Position, column: int) -> str:
        rows = "".join(
            f"<tr style='font-weight:{'bold' if move == column else 'normal'}'>"
            f"<td style='{PAD};text-align:right'>{move}</td>"
            f"<td style='{PAD};text-align:right'>{lookahead_hint(board, move)[1]}</td></tr>"
            for move in board.legal_moves)
        return (f"<p>The computer ({board.to_move}) played column <b>{column}</b>. What a search "
                f"{HINT_DEPTH} moves deep sees after each column, for the computer (≈: an "
                f"estimate by the heuristic of lesson 7, not a proof):</p>"
                f"<table><tr><th style='{PAD}'>column</th><th style='{PAD}'>sees</th></tr>"
                f"{rows}</table>")

    def _button(self, name: str, column: int, text: str, height: int) -> widgets.Button:
        button = widgets.Button(description=text, layout=widgets.Layout(
            width=f"{DISC_WIDTH}px", height=f"{height}px", margin="0", padding="0 2px"))
        button.add_class(name)
        button.style.font_size = MARK_FONT
        button.style.font_weight = "bold"
        button.on_click(lambda _: self.click(column))
        return button


@cache
def explanation(board: Board, chosen: int) -> str:
    """HTML explaining the computer's move ``chosen`` in ``board``: every move ranked by its value
    with perfect play, the nodes of the game tree below it (what plain minimax would search), and
    the tree behind the choice: the position and its moves, the move played drawn thick."""
    mover = board.to_move
    outcomes = shared_solver().move_outcomes(board)
    sign = 1 if mover == "X" else -1
    scores = shared_solver().move_scores(board)
    ranked = sorted(scores, key=lambda cell: (-sign * scores[cell], cell))
    rows = "".join(_explain_row(board, cell, outcomes[cell], cell == chosen) for cell in ranked)
    tree = draw_tree(board, max_depth=1, line=(chosen,)).pipe(format="svg", encoding="utf-8")
    head = "".join(f"<th style='{PAD}'>{name}</th>" for name in
                   ("cell", f"outcome for {mover}", f"value for {mover}", "nodes below"))
    return (f"<p>The computer ({mover}) played <b>{chosen}</b>. With perfect play from here, "
            f"its moves rank:</p><table><tr>{head}</tr>{rows}</table>"
            f"<p>The tree shows its moves with their values from X's point of view (+1: X wins); "
            f"the thick line is the move it played, <b>{chosen}</b>.</p>{tree}")


PAD = "padding:2px 8px"


def sampling_explanation(search: MCTSResult) -> str:
    """HTML showing what a Monte Carlo tree search believed when it chose its move: for each move,
    how many of its random games went through it, and their mean result for the player moving."""
    rows = "".join(
        f"<tr style='font-weight:{'bold' if move == search.move else 'normal'}'>"
        + "".join(f"<td style='{PAD};text-align:right'>{c}</td>"
                  for c in (move, f"{tally.visits:,}", f"{tally.mean:+.2f}")) + "</tr>"
        for move, tally in sorted(search.moves.items(), key=lambda item: -item[1].visits))
    head = "".join(f"<th style='{PAD}'>{name}</th>"
                   for name in ("cell", "games through it", "mean result for it"))
    return (f"<p>It played <b>{search.move}</b> after sampling {search.playouts:,} random games "
            f"(Monte Carlo tree search, lesson 8): the move most of them went through. A mean "
            f"result of +1 would be a win in every game, −1 a loss in every game.</p>"
            f"<table class='sampling'><tr>{head}</tr>{rows}</table>")


def _explain_row(board: Board, cell: int, outcome: Outcome, chosen: bool) -> str:
    weight = "bold" if chosen else "normal"
    value, text = hint(outcome, board.to_move)
    below = fast.minimax(board.play(cell)).nodes - 1  # as the tree's "N more nodes" under it
    cells = (cell, text, signed(value), f"{below:,}")
    return (f"<tr style='font-weight:{weight}'>"
            + "".join(f"<td style='{PAD};text-align:right'>{c}</td>" for c in cells) + "</tr>")


def play_board(human: str = "X", level: str | None = None, seed: int | None = None,
               game: str = "tic-tac-toe") -> PlayBoard | ConnectFourBoard:
    """A board to play against the computer in a notebook (or a Voilà page): ``game`` is
    'tic-tac-toe' (``level`` 'perfect' unless told) or 'connect four' (7 x 6, 'looks 4 moves
    ahead' unless told)."""
    if game == "tic-tac-toe":
        return PlayBoard(human=human, level="perfect" if level is None else level, seed=seed)
    if game == "connect four":
        level = "looks 4 moves ahead" if level is None else level
        return ConnectFourBoard(human=human, level=level, seed=seed)
    raise ValueError(f"unknown game {game!r}: choose 'tic-tac-toe' or 'connect four'")

