"""The playable board: you against the computer, with hints and an explanation of its moves.

``play_board()`` returns the widget. Its nine buttons carry the CSS classes ``cell-0`` ...
``cell-8``, the status line ``board-status``, the whole board ``play-board`` and the explanation
``explanation``, so a browser test (or a teacher's stylesheet) can find them. Its live region
(``live``, ``ttt.course.aria.LiveRegion``) has a screen reader read out each move of the computer,
the result and what a control changed; the boards are played from the keyboard alone too.
``play_board(game='connect-four')`` is the Connect Four board (class ``connect-four`` too): its
column buttons are ``drop-0`` ... ``drop-6``, its cells ``disc-0`` ... ``disc-41``. What the
tic-tac-toe board knows about good and bad moves comes from the package's solver
(``ttt.search.perfect``), what the Connect Four board knows from alpha-beta a few moves deep;
the computer's moves come from the players of ``ttt.catalogue``, and Explain shows what the
player that moved found (its ``.choose``): the board runs no search of its own for it.
"""

from __future__ import annotations

import copy
import html
import inspect
import math
import operator
from functools import cache
from typing import Any

import ipywidgets as widgets
from traitlets import TraitError

from ttt.catalogue import CONNECT_FOUR_LEVELS, LEVELS, a_game_name, game_named, make_player
from ttt.core.arguments import BOARD_SIZE, at_least, checked
from ttt.core.protocol import Position, a_game_going_on, seeded_random, signed
from ttt.course.aria import KEYBOARD, LiveRegion
from ttt.games.board import Board, a_board
from ttt.games.mnk import ConnectFour, connect_four
from ttt.games.svg import O_COLOUR, X_COLOUR, cell_in_words
from ttt.learning.tabular import BOARD_GAMES, board_table
from ttt.learning.zero import ZeroChoice
from ttt.pictures.display import draw_tree
from ttt.play.matches import Player
from ttt.play.players import (
    Deepened,
    Lookahead,
    blocking_moves,
    hopeful_value,
    imperfect_player,
    winning_moves,
)
from ttt.search import fast
from ttt.search.mcts import PUCT_EXPLORATION, MCTSResult
from ttt.search.minimax import alphabeta
from ttt.search.perfect import Outcome, move_outcomes, move_scores, outcome

__all__ = ["HINT_COLOURS", "HINT_DEPTH", "ConnectFourBoard",
           "PlayBoard", "explanation", "explanation_tree", "hint", "imperfect_explanation",
           "learned_explanation", "lookahead_explanation", "lookahead_hint",
           "play_board", "sampling_explanation"]


def _a_board_going_on(board: object, name: str) -> None:
    """The argument rule of a tic-tac-toe explanation's board: a Board, the game not over."""
    a_board(board, name)
    a_game_going_on(board, name)


#: The rules of the explanations' and hints' arguments: a game still going on (tic-tac-toe's, for
#: a ``board``), a look ahead that answers in seconds on Connect Four 7 x 6.
_GOING_ON = {"position": a_game_going_on, "board": _a_board_going_on,
            "depth": at_least(1, 8, " (a deeper look takes minutes on Connect Four)")}

HINT_COLOURS = {1: "#B5E3D3", 0: "#F3EDB0", -1: "#F5C9B0"}  # win, draw, loss: light Okabe-Ito tints
_MARK_COLOURS = {"X": X_COLOUR, "O": O_COLOUR, ".": "black"}
WIN_COLOUR = "#B5E3D3"
_CELL_COLOUR = "#EEEEEE"  # a free or taken cell: light grey, so the board shows on a white page
# A free cell's text: a button whose text is set to "" keeps its old text in the browser.
_BLANK = "\u00a0"


def _level_label(levels: dict[str, str], level: str) -> str:
    """The label of ``level`` among ``levels``: ``level`` itself if it is a label ("also
    blocks"), else the label of the level that plays the player it names ('two-layer',
    'learned'); a ValueError naming both kinds of choice if it is neither."""
    if level in levels:
        return level
    labels = {name: label for label, name in levels.items()}
    if level in labels:
        return labels[level]
    raise ValueError(f"unknown level {level!r}: choose one of {', '.join(levels)} (or its "
                     f"player's name: {', '.join(labels)})")


@checked
def hint(outcome: Outcome, me: str) -> tuple[int, str]:
    """What a move's outcome means for player ``me``: +1, 0 or −1, and a text such as 'win in 3'
    (the number counts the moves of both players, this one included)."""
    mine = outcome.value if me == "X" else -outcome.value
    if mine == 0:
        return 0, "draw"
    return mine, f"{'win' if mine > 0 else 'loss'} in {outcome.plies}"


def _OneOf(kind: type, **options: Any) -> widgets.Widget:  # noqa: N802 (it makes a widget)
    """A choice among options (a drop-down menu, toggle buttons: the ipywidgets class ``kind``)
    that always has one chosen: setting its ``value``, ``label`` or ``index`` to None, or to what
    is not an option, raises a TraitError naming the control and its options, and changes
    nothing (an ipywidgets choice takes None: no choice, and a board then had no level)."""
    return _one_chosen(kind)(**options)


@cache
def _one_chosen(kind: type) -> type:
    """``kind`` whose ``value``, ``label`` and ``index`` refuse None once it is made (traitlets
    takes None for a trait that allows it without asking its validators, so the check is on
    copies of the traits themselves)."""
    members = {}
    for trait in ("value", "label", "index"):
        members[trait] = copy.copy(kind.class_traits()[trait])
        members[trait]._validate = _refusing_none(members[trait]._validate)
    return type(kind)(f"OneChosen{kind.__name__}", (kind,), members)  # with traitlets' metaclass


def _refusing_none(validate: Any) -> Any:
    """A trait's ``_validate(widget, value)`` that refuses None after the widget is made."""
    def refuse_none(widget: Any, value: Any) -> Any:
        if value is None and not getattr(widget, "_initializing_traits_", True):
            choices = ", ".join(repr(value) for value in widget._options_values)
            raise TraitError(f"{widget.description or 'this control'}: choose one of {choices}, "
                             f"not None")
        return validate(widget, value)
    return refuse_none


_CELL_SIZE = 92  # px: room for the widest hint, "loss in 4", in HINT_FONT without an ellipsis
MARK_FONT, HINT_FONT = "34px", "15px"


class _GameBoard(widgets.VBox):
    """What the two boards share: you against the computer, with levels, New game, Undo, Hints
    and Explain. A subclass lays out the cells (``_cells``) and shows them (``_show``)."""

    def __init__(self, start: Position, levels: dict[str, str], human: str, level: str,
                 seed: int | None) -> None:
        if human not in ("X", "O"):
            raise ValueError(f"human plays 'X' or 'O', got {human!r}")
        level = _level_label(levels, level)
        self.start = start
        self.levels = levels
        self.rng = seeded_random(seed)
        self.status = widgets.HTML().add_class("board-status")
        self.mark = _OneOf(widgets.ToggleButtons, options=[("X (you start)", "X"),
                                                   ("O (computer starts)", "O")],
                                          value=human, description="You play",
                                          style={"button_width": "150px"})
        self.level = _OneOf(widgets.Dropdown, options=list(levels.items()), value=levels[level],
                                      description="Computer",
                                      layout=widgets.Layout(width="max-content"))
        self.new_button = widgets.Button(description="New game", icon="refresh")
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.hints = widgets.Checkbox(value=False, indent=False, description="Hints",
                                      layout=widgets.Layout(width="110px"),
                                      tooltip=self.HINTS_TOOLTIP)
        self.explain = widgets.Checkbox(value=False, description="Explain its moves", indent=False,
                                        layout=widgets.Layout(width="200px"))
        self.explanation = widgets.HTML(layout=widgets.Layout(max_width="560px"))
        self.explanation_tree = widgets.HTML()  # under everything: a tree is wide
        for button, action in ((self.new_button, self.new_game), (self.undo_button, self.undo)):
            button.add_class(button.description.lower().replace(" ", "-"))
            button.on_click(lambda _, act=action: act())
        self.mark.observe(lambda _: self.new_game(), names="value")
        self.level.observe(
            lambda change: self._refresh(said=f"Computer: {self._label(change['new'])}."),
            names="value")
        for box in (self.hints, self.explain):
            box.observe(lambda _, box=box: self._refresh(said=_switched(box)), names="value")
        #: what a screen reader reads out after each move and each control (the computer's move,
        #: the result, "Hints on.")
        self.live = LiveRegion()
        board = widgets.VBox([self._cells(), self.status, self.live],
                             layout=widgets.Layout(flex="0 0 auto"))  # never squeezed
        # the explanation beside the board, so that board and explanation fit one screen: under
        # the controls where they are beside the board too, else alone, the controls below
        if self.CONTROLS_BESIDE:
            beside = widgets.VBox([self.mark, self.level,
                                   widgets.HBox([self.new_button, self.undo_button]),
                                   widgets.HBox([self.hints, self.explain]), self.explanation])
            below = [self.explanation_tree]
        else:
            beside = widgets.VBox([self.explanation])
            wrap = widgets.Layout(flex_flow="row wrap")
            below = [widgets.VBox([widgets.HBox([self.mark, self.level], layout=wrap),
                                   widgets.HBox([self.new_button, self.undo_button, self.hints,
                                                 self.explain], layout=wrap)]),
                     self.explanation_tree]
        beside.layout.margin = "0 0 0 20px"
        beside.layout.flex = "1 1 auto"
        super().__init__([widgets.HBox([board, beside]), *below])
        self.add_class("play-board").add_class(KEYBOARD)
        self.explanation.add_class("explanation")
        self.explanation_tree.add_class("explanation-tree")
        self.history: list[Position] = []
        #: How the computer chose each of its moves, by where it made it: the level's player name
        #: and what its search found (an MCTSResult, iterative deepening's depth and positions)
        self.choices: dict[int, tuple[str, Any]] = {}
        self.new_game()

    HINTS_TOOLTIP = ""
    NOUN = "cell"  # what a move is called on this board
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
        self.choices = {}
        reply = self._computer_moves()
        self._refresh(said=f"New game: you play {self.human}. {reply}{self._status()}")

    def click(self, move: Any) -> None:
        """Your ``move``; the computer replies at once. A move the game forbids here (a taken cell,
        a full column, a finished game) changes only the status line, which says why; what is not
        a move at all (``click('3')``, ``click(9)`` on tic-tac-toe) raises the game's
        IllegalMoveError, saying what a move is, and changes nothing."""
        # the empty board takes every move there is, so it refuses only what is not a move
        self.start.play(move)
        move = operator.index(move)
        problem = self._why_not(move)
        if problem:
            self._refresh(problem)
            return
        self.history.append(self.board.play(move))
        reply = self._computer_moves()
        self._refresh(said=f"You played {self._where(move)}. {reply}{self._status()}")

    def undo(self) -> None:
        """Take back your last move and the computer's reply."""
        turn = self._last_turn_of_human()
        if turn is None:
            self._refresh("Nothing to undo yet.")
            return
        replied = len(self.history) > turn + 2
        self.history = self.history[: turn + 1]
        self.choices = {i: choice for i, choice in self.choices.items() if i < turn}
        taken = "your last move and the computer's reply" if replied else "your last move"
        self._refresh(said=f"Took back {taken}. {self._status()}")

    def _why_not(self, move: Any) -> str:
        if self.board.is_over:
            return f"The game is over ({self._result()}). Press New game to play again."
        return ""

    def _computer_moves(self) -> str:
        """The computer's move, if it is its turn; returns a sentence saying where it moved
        (or '')."""
        board = self.board
        if board.is_over or board.to_move == self.human:
            return ""
        thinking = f"The computer ({board.to_move}) is thinking …"
        if self.level.value == "learned" and not board_table.cache_info().currsize:
            # its first move trains it (a second or two): say so, not a silent pause
            thinking = (f"The computer ({board.to_move}) is learning first: it plays itself "
                        f"{BOARD_GAMES:,} games …")
        self.status.value = thinking
        self._show_thinking()
        if self.explain.value:  # not the explanation of a move of an earlier game
            self.explanation.value, self.explanation_tree.value = f"<i>{thinking}</i>", ""
        computer, found = self.computer, None
        if hasattr(computer, "choose"):  # a player that searches says what it found
            found = computer.choose(board)
            move = found.move
        else:
            move = computer(board)
        self.choices[len(self.history) - 1] = (self.level.value, found)
        self.history.append(board.play(move))
        return f"The computer ({board.to_move}) played {self._where(move)}. "

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

    def _where(self, move: Any) -> str:
        """A move in words, as a screen reader says it: 'column 3'."""
        return f"{self.NOUN} {move}"

    def _label(self, name: str) -> str:
        """The label of the level whose player is ``name``."""
        return next(label for label, player in self.levels.items() if player == name)

    def _refresh(self, message: str = "", said: str = "") -> None:
        """Show the position; the status line shows ``message`` (else whose move it is, or the
        result), and the live region reads out ``said`` (else the status line)."""
        # the explanation is worked out before anything changes, so that the page never shows a
        # new board beside the explanation of an old one; then the status, so that a page that
        # sees the new marks can trust the status line
        explained, tree = self._explain() if self.explain.value else ("", "")
        status = message or self._status()
        self.status.value = html.escape(status)
        self._show()
        self.undo_button.disabled = self._last_turn_of_human() is None
        self.explanation.value = explained
        self.explanation_tree.value = tree
        self.live.say(said or status)

    def _show_marks(self) -> None:
        """Each cell's mark in its colour on a grey button, the winning line's cells green."""
        board = self.board
        line = board.winning_line or ()
        for cell, button in enumerate(self.buttons):
            mark = board[cell]
            button.description = _BLANK if mark == "." else mark
            button.style.text_color = _MARK_COLOURS[mark]
            button.style.button_color = WIN_COLOUR if cell in line else _CELL_COLOUR
            if mark != ".":  # a free cell keeps its size: a hint's, if Hints are on
                button.style.font_size = MARK_FONT

    def _show_thinking(self) -> None:
        """The board while the computer thinks: your move on it at once (a search may take a
        second), and no hints, which were for your move."""
        self._show_marks()

    def _explain(self) -> tuple[str, str]:
        """Why the computer chose its last move, from what the level that played it looked at
        (HTML), and the tree behind the choice if the level has one to show (SVG, or '')."""
        turn = self._last_turn_of_computer()
        if turn is None:
            return "<i>The computer has not moved yet.</i>", ""
        name, found = self.choices[turn]
        position, move = self.last_reply
        return self._why(name, found, position, move), self._tree(name, position, move)

    def _tree(self, name: str, position: Position, move: Any) -> str:
        """The tree behind the move ``move`` a level ``name`` chose, as SVG ('' for none)."""
        return ""

    def _why(self, name: str, found: Any, position: Position, move: Any) -> str:
        label = self._label(name)
        head = (f"<p style='{_PARAGRAPH}'>The computer ({position.to_move}) played {self.NOUN} "
                f"<b>{move}</b> at “{html.escape(label)}”. ")
        if isinstance(found, MCTSResult):
            return head + sampling_explanation(found, self.NOUN)
        if isinstance(found, ZeroChoice):
            return head + _guided_explanation(found, self.NOUN)
        if isinstance(found, Deepened):
            return head + (f"It searched by iterative deepening (lesson 7) while its time "
                           f"lasted: alpha-beta 1, 2, 3, … moves deep, {found.nodes:,} positions "
                           f"in all. The deepest search it finished looked <b>{found.depth}</b> "
                           f"moves ahead and ranked {self.NOUN} {move} first.</p>")
        if isinstance(found, Lookahead):
            return head + lookahead_explanation(position, found, self.NOUN)
        if name == "learned":
            return head + learned_explanation(position, move, self.NOUN)
        return head + self._explain_rule(name, position, move)

    def _explain_rule(self, name: str, position: Position, move: Any) -> str:
        """Why a level of this board that neither searches nor samples chose ``move``."""
        return _random_choice(position, position.legal_moves, self.NOUN)


@checked
class PlayBoard(_GameBoard):
    """Tic-tac-toe against the computer. ``seed`` makes the computer's choices repeatable."""

    HINTS_TOOLTIP = ("What each free cell leads to with perfect play, and in how many moves "
                     "(both players' moves)")

    def __init__(self, human: str = "X", level: str = "perfect", seed: int | None = None) -> None:
        super().__init__(Board(), LEVELS, human, level, seed)

    def button_texts(self) -> str:
        """What the nine buttons show now (a mark, a hint, or nothing), as three rows of text:
        the board as a reader of the page sees it."""
        texts = [button.description.replace(_BLANK, "") for button in self.buttons]
        return "\n".join(" | ".join(f"{text:^9}" for text in texts[row:row + 3])
                         for row in (0, 3, 6))

    def _cells(self) -> widgets.Widget:
        self.buttons = [self._cell_button(cell) for cell in range(9)]
        return widgets.GridBox(self.buttons, layout=widgets.Layout(
            grid_template_columns=f"repeat(3, {_CELL_SIZE}px)", grid_gap="4px",
            width=f"{3 * _CELL_SIZE + 8}px"))

    def _why_not(self, cell: int) -> str:
        if not self.board.is_over and self.board[cell] != ".":
            return f"Cell {cell} is taken by {self.board[cell]}: pick a free cell."
        return super()._why_not(cell)

    def _show(self) -> None:
        board = self.board
        outcomes = (move_outcomes(board)
                    if self.hints.value and not board.is_over else {})
        self._show_marks()
        for cell, button in enumerate(self.buttons):
            mark = {"X": "X", "O": "O"}.get(board[cell], "empty")
            button.tooltip = f"{self._where(cell)}: {mark}"
            if cell in outcomes:
                value, text = hint(outcomes[cell], board.to_move)
                button.tooltip += f", hint: {text}"
                button.description = text
                button.style.button_color = HINT_COLOURS[value]
                button.style.text_color = "#333333"
            if cell in outcomes:
                button.style.font_size = HINT_FONT

    def _where(self, cell: int) -> str:
        return cell_in_words(cell)

    def _tree(self, name: str, board: Board, cell: int) -> str:
        return explanation_tree(board, cell) if name == "varied-perfect" else ""

    def _explain_rule(self, name: str, board: Board, cell: int) -> str:
        if name == "varied-perfect":
            return explanation(board, cell)
        if name == "imperfect":
            return imperfect_explanation(board, cell)
        wins = winning_moves(board)
        if name in ("one-layer", "two-layer") and wins:
            return ("It wins at once when it can, and here it can. "
                    + _random_choice(board, wins, "cell", ("wins at once", "win at once")))
        if name == "two-layer":
            blocks = blocking_moves(board)
            if blocks:
                return ("No cell wins at once; it blocks your win when it can, and here it can. "
                        + _random_choice(board, blocks, "cell",
                                         ("blocks your win", "block your win")))
            return "No cell wins at once and none blocks a win of yours. " + _random_choice(
                board, board.legal_moves, "cell")
        if name == "one-layer":
            return "No cell wins at once. " + _random_choice(board, board.legal_moves, "cell")
        return super()._explain_rule(name, board, cell)

    def _cell_button(self, cell: int) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width=f"{_CELL_SIZE}px",
                                                      height=f"{_CELL_SIZE}px", margin="0",
                                                      padding="0 4px"))
        button.add_class(f"cell-{cell}")
        button.style.font_size = MARK_FONT
        button.style.font_weight = "bold"
        button.on_click(lambda _: self.click(cell))
        return button


HINT_DEPTH = 4  # how far the Connect Four hints look: 7 columns in about a tenth of a second
ESTIMATE_COLOUR = "#E4E4F0"  # a hint that is only a guess: a neutral tint
# px: a Connect Four cell is as wide as "loss in 12" in FOUR_HINT_FONT needs, and less high, so
# that the board and its controls fit a projector's 800 px; the drop buttons are lower still
DISC_WIDTH, DISC_HEIGHT, DROP_HEIGHT = 76, 60, 36
FOUR_HINT_FONT, DROP_FONT = "13px", "22px"
_HINT_STYLE = (f"width:{DISC_WIDTH}px;height:22px;line-height:22px;text-align:center;"
              f"font-size:{FOUR_HINT_FONT};font-weight:bold;color:#333333")


@checked(**_GOING_ON)
def lookahead_hint(position: Position, move: Any,
                   depth: int = HINT_DEPTH) -> tuple[int | None, str]:
    """What alpha-beta ``depth`` moves deep sees after ``move``, for the player making it: a
    result it proved (+1 and 'win in 5', 0 and 'draw', -1 and 'loss in 4', counting both
    players' moves, this one included), or else its estimate, None and a text such as '≈ +0.21'
    (the position's own ``estimate()`` where the search stopped)."""
    score = alphabeta(position.play(move), depth=depth).score
    return _seen(position, move, score if position.to_move == "X" else -score, depth)


def _seen(position: Position, move: Any, mine: float, depth: int) -> tuple[int | None, str]:
    """``lookahead_hint``'s answer from the score ``mine`` a search ``depth`` moves deep saw after
    ``move``, for the player making it."""
    after = position.play(move)
    if abs(mine) >= 1:
        moves = position.free_cells - (abs(mine) - 1)
        return (1, f"win in {moves:.0f}") if mine > 0 else (-1, f"loss in {moves:.0f}")
    if after.is_over or after.free_cells <= depth:  # it saw every game to its end
        return 0, "draw"
    return None, f"≈ {_hundredths(mine)}"


@checked(**BOARD_SIZE)
class ConnectFourBoard(_GameBoard):
    """Connect Four against the computer: click a column's arrow (or any cell of the column) to
    drop your disc. Hints look ``HINT_DEPTH`` moves ahead: a result where the search proves one,
    else its estimate, marked '≈'."""

    HINTS_TOOLTIP = (f"What a search {HINT_DEPTH} moves deep sees after each column: a result it "
                     f"can prove (win, draw or loss, and in how many moves), or else its estimate "
                     f"(≈), not a proof")
    NOUN = "column"
    CONTROLS_BESIDE = False  # seven columns and the controls do not fit side by side

    def __init__(self, human: str = "X", level: str = "looks 4 moves ahead",
                 seed: int | None = None, columns: int = 7, rows: int = 6) -> None:
        self.shape = (columns, rows)
        super().__init__(connect_four(columns, rows), CONNECT_FOUR_LEVELS, human, level, seed)
        self.add_class("connect-four")

    def _cells(self) -> widgets.Widget:
        columns, rows = self.shape
        # a row of hints above the arrows: the arrows, numbered as Explain names the columns,
        # stay where they are when Hints are on
        self.hint_labels = [widgets.HTML(layout=widgets.Layout(display="none", margin="0"))
                            .add_class(f"hint-{column}") for column in range(columns)]
        self.drops = [self._button(f"drop-{column}", column, f"↓ {column}", DROP_HEIGHT)
                      for column in range(columns)]
        self.buttons = [self._button(f"disc-{cell}", cell % columns, _BLANK, DISC_HEIGHT)
                        for cell in range(columns * rows)]
        for disc in self.buttons:  # a click on a disc drops in its column, but a keyboard user
            disc.tabbable = False  # has the seven arrows, not 42 more Tab stops
        return widgets.GridBox(self.hint_labels + self.drops + self.buttons,
                               layout=widgets.Layout(
                                   grid_template_columns=f"repeat({columns}, {DISC_WIDTH}px)",
                                   grid_gap="3px", width=f"{columns * (DISC_WIDTH + 3)}px"))

    def _show_thinking(self) -> None:
        super()._show_thinking()
        for label in self.hint_labels:
            label.value = ""

    def _why_not(self, column: int) -> str:
        if not self.board.is_over and column not in self.board.legal_moves:
            return f"Column {column} is full: pick another column."
        return super()._why_not(column)

    def _show(self) -> None:
        board = self.board
        hints = ({column: lookahead_hint(board, column) for column in board.legal_moves}
                 if self.hints.value else {})
        self._show_marks()
        columns = self.shape[0]
        for cell, disc in enumerate(self.buttons):
            mark = {"X": "X", "O": "O"}.get(board[cell], "empty")
            disc.tooltip = f"{cell_in_words(cell, columns)}: {mark}"
        for column, (label, button) in enumerate(zip(self.hint_labels, self.drops, strict=True)):
            value, text = hints.get(column, (0, ""))
            label.layout.display = "" if hints else "none"
            label.value = (f"<div style='{_HINT_STYLE};background:"
                           f"{HINT_COLOURS.get(value, ESTIMATE_COLOUR)}'>{text}</div>"
                           if column in hints else "")
            playable = column in board.legal_moves
            button.description = f"↓ {column}" if playable else _BLANK
            button.tooltip = (f"drop a disc in column {column}"
                              + (f" (hint: {text})" if column in hints else "")
                              if playable else f"column {column} is full")

    def _button(self, name: str, column: int, text: str, height: int) -> widgets.Button:
        button = widgets.Button(description=text, layout=widgets.Layout(
            width=f"{DISC_WIDTH}px", height=f"{height}px", margin="0", padding="0 2px"))
        button.add_class(name)
        button.style.font_size = DROP_FONT if name.startswith("drop") else MARK_FONT
        button.style.font_weight = "bold"
        button.on_click(lambda _: self.click(column))
        return button


def _switched(box: widgets.Checkbox) -> str:
    """What turning a checkbox on or off changed, in words: 'Hints on.'"""
    return f"{box.description} {'on' if box.value else 'off'}."


def _random_choice(position: Position, moves: Any, noun: str,
                   having: tuple[str, str] | None = None) -> str:
    """The end of an explanation: the computer picked at random among ``moves``, the moves
    ``having`` what its rule looks for (the words for one move and for several: 'wins at once',
    'win at once'), or among all the free ones, as the random level does, if ``having`` is
    None."""
    many = len(moves)
    if having is None:
        if many == 1:
            return f"{noun.capitalize()} {moves[0]} is the only free {noun}.</p>"
        return (f"It picked at random among all {many} free {noun}s, every free {noun} "
                f"equally likely (1 in {many}).</p>")
    one, several = having
    if many == 1:
        return f"Only {noun} {moves[0]} {one}.</p>"
    every = "Both" if many == 2 else f"All {many}"
    which = (f"{every} free {noun}s" if many == len(position.legal_moves)
             else f"{noun.capitalize()}s {', '.join(map(str, moves[:-1]))} and {moves[-1]}")
    return (f"{which} {several}, so it picked one of them at random, each equally likely "
            f"(1 in {many}).</p>")


# compact, whatever the page's own style for tables and paragraphs: the board and its
# explanation fit one screen
_PAD = "padding:0 8px;line-height:17px;font-size:13px"
_PARAGRAPH = "margin:0 0 4px 0;line-height:17px;font-size:13px"


def _table(head: tuple[str, ...], rows: list[tuple[Any, ...]], chosen: Any,
           css_class: str = "") -> str:
    """An HTML table: ``head``, then ``rows`` (each starting with its move), the row of the move
    ``chosen`` bold."""
    heading = "".join(f"<th style='{_PAD}'>{name}</th>" for name in head)
    body = "".join(
        f"<tr style='font-weight:{'bold' if row[0] == chosen else 'normal'}'>"
        + "".join(f"<td style='{_PAD};text-align:right'>{cell}</td>" for cell in row) + "</tr>"
        for row in rows)
    named = f" class='{css_class}'" if css_class else ""
    return (f"<table{named} style='border-collapse:collapse;margin:0 0 6px 0'>"
            f"<tr>{heading}</tr>{body}</table>")


@checked(**_GOING_ON)
@cache
def explanation(board: Board, chosen: int) -> str:
    """HTML explaining the move ``chosen`` by a perfect player in ``board``: every move ranked by
    its value with perfect play and the nodes of the game tree below it (what plain minimax would
    search); ``explanation_tree`` draws the same moves."""
    mover = board.to_move
    outcomes = move_outcomes(board)
    sign = 1 if mover == "X" else -1
    scores = move_scores(board)
    ranked = sorted(scores, key=lambda cell: (-sign * scores[cell], cell))
    rows = [_explain_row(board, cell, outcomes[cell]) for cell in ranked]
    head = ("cell", f"outcome for {mover}", "value for X", "nodes below")
    return (f"It plays a best move, at random among equals. Its moves ranked by perfect play, "
            f"best for {mover} first, and below the board their tree (values for X, as there; "
            f"the move played thick):</p>"
            f"{_table(head, rows, chosen)}")


@checked(**_GOING_ON)
@cache
def explanation_tree(board: Board, chosen: int) -> str:
    """The tree behind a perfect player's move ``chosen`` in ``board``, as SVG: the position and
    its moves with their values, the move played drawn thick."""
    return draw_tree(board, max_depth=1, line=(chosen,)).pipe(format="svg", encoding="utf-8")


@checked(**_GOING_ON)
def imperfect_explanation(board: Board, chosen: int) -> str:
    """HTML explaining the move ``chosen`` by the "imperfect" player in ``board``: each move's
    value with perfect play and the ``hopeful_value`` the player ranks it by."""
    mover = board.to_move
    trust = inspect.signature(imperfect_player).parameters["trust"].default  # the level's own
    outcomes = move_outcomes(board)
    hopes = {cell: hopeful_value(board, cell, trust) for cell in board.legal_moves}
    ranked = sorted(hopes, key=lambda cell: (-hopes[cell], cell))
    rows = [(cell, hint(outcomes[cell], mover)[1], _hundredths(hopes[cell]))
            for cell in ranked]
    return (f"It ranks each move by {trust:g} × its value if you then play perfectly + "
            f"{1 - trust:.1f} × its average value over all your replies (both for {mover}), and "
            f"plays the highest, at random among equals: a move that leaves you many ways to go "
            f"wrong scores higher.</p>"
            + _table(("cell", f"outcome for {mover}", "its score"), rows, chosen))


def _a_lookahead(value: object, name: str, arguments: dict) -> None:
    """The rule of what a depth-limited player found in ``position`` (its ``.choose``): a
    ``Lookahead`` that looked 1 to 100 moves ahead, with a finite score for each legal move, and
    played a move of the best score."""
    if not isinstance(value, Lookahead):
        raise TypeError(f"{name} is what a depth-limited player found (its .choose(position), a "
                        f"Lookahead), got {type(value).__name__}")
    depth, scores = value.depth, value.scores
    if type(depth) is not int or not 1 <= depth <= 100:
        raise ValueError(f"{name}.depth is how many moves it looked ahead, 1 to 100, got "
                         f"{depth!r:.40}")
    position = arguments.get("position")
    if not isinstance(scores, dict) or (isinstance(position, Position)
                                        and set(scores) != set(position.legal_moves)):
        raise ValueError(f"{name}.scores gives each legal move of the position its score, got "
                         f"{scores!r:.60}")
    if not all(type(score) in (int, float) and math.isfinite(score) for score in scores.values()):
        raise ValueError(f"{name}.scores are finite numbers, got {scores!r:.60}")
    if value.move not in scores or scores[value.move] != max(scores.values()):
        raise ValueError(f"{name}.move is a move of the best score, got {value.move!r:.40}")


_a_lookahead.with_arguments = True  # type: ignore[attr-defined]


@checked(**_GOING_ON, found=_a_lookahead)
def lookahead_explanation(position: Position, found: Lookahead, noun: str) -> str:
    """HTML explaining the move of a player that looked ``found.depth`` moves ahead (its own
    included) from ``position``: what its search saw after each move (``found.scores``, the
    player's own), for the player moving."""
    scores, depth, chosen = found.scores, found.depth, found.move
    best = [move for move in scores if scores[move] == max(scores.values())]
    rows = [(move, _seen(position, move, score, depth - 1)[1]) for move, score in scores.items()]
    guess = "open lines, lesson 6" if isinstance(position, Board) else "open windows, lesson 7"
    return (f"It searched {depth} moves ahead (its own and {depth - 1} more) and scored what it "
            f"saw for {position.to_move}: a result it proved, or else a guess at the position "
            f"where it stopped (≈: {guess}). It plays a {noun} with the best score, at random "
            f"among equals. "
            + _random_choice(position, best, noun, ("has the best score", "share the best score"))
            + _table((noun, "what it saw"), rows, chosen))


@checked(**_GOING_ON)
def learned_explanation(position: Position, chosen: Any, noun: str) -> str:
    """HTML explaining the move ``chosen`` by the "learned" level: the value it learned by
    self-play (lesson 9) for the position after each move, for the player moving."""
    sign = 1 if position.to_move == "X" else -1
    values = {move: sign * value for move, value in board_table().move_values(position).items()}
    best = [move for move in values if values[move] == max(values.values())]
    rows = [(move, _hundredths(value)) for move, value in values.items()]
    return (f"It learned a value for each position it met by playing itself {BOARD_GAMES:,} times "
            f"(temporal-difference learning, lesson 9): +1 a sure win for {position.to_move}, "
            f"−1 a sure loss. It searches nothing: it plays a {noun} whose position it values "
            f"most, at random among equals. "
            f"{_random_choice(position, best, noun, ('has the highest', 'share the highest'))}"
            + _table((noun, "learned value for it"), rows, chosen))


@checked
def sampling_explanation(search: MCTSResult, noun: str = "cell") -> str:
    """HTML showing what a Monte Carlo tree search believed when it chose its move: for each
    ``noun`` (cell or column), how many of its random games went through it, and their mean
    result for the player moving."""
    rows = [(move, f"{tally.visits:,}", _hundredths(tally.mean))
            for move, tally in sorted(search.moves.items(), key=lambda item: -item[1].visits)]
    return (f"It sampled {search.playouts:,} random games (Monte Carlo tree search, lesson 8) "
            f"and played the {noun} most of them went through, <b>{search.move}</b>. A mean "
            f"result of +1 would be a win in every game, −1 a loss in every game.</p>"
            + _table((noun, "games through it", "mean result for it"), rows, search.move,
                     "sampling"))


def _hundredths(value: float) -> str:
    """A mean result or an estimate to two places, signed: '+0.58', '-0.12', and '+0.00' for
    whatever rounds to 0 (a search's mean of -0.001 is a draw's, not '-0.00')."""
    return f"{round(value, 2) + 0.0:+.2f}"  # + 0.0 turns round's -0.0 into 0.0


def _guided_explanation(choice: Any, noun: str) -> str:
    """HTML showing what the AlphaZero level saw when it chose its move (``choice``, a
    ``ttt.learning.zero.ZeroChoice``): the network's guess at the position's value for the player
    moving, beside its value with perfect play (on tic-tac-toe), the network's prior for each
    ``noun``, and the visits of the search it guided with their mean results. The search's rule
    is lesson 10's PUCT, with the constant c the search uses."""
    position, mover = choice.position, choice.position.to_move
    rows = [(move, f"{choice.prior[move]:.0%}", f"{choice.visits[move]:,}",
             "" if choice.means[move] is None else _hundredths(choice.means[move]))
            for move in sorted(choice.visits, key=lambda move: -choice.visits[move])]
    if isinstance(position, Board):  # the solver knows the truth: set the guess beside it
        truth = hint(outcome(position), mover)[1]
        truth = "a draw" if truth == "draw" else f"a {truth} for {mover}"
        checked_by = f"With perfect play it is <b>{truth}</b> (the solver): the guess is the "
        checked_by += "network's, not a proof. "
    else:
        checked_by = "It is a guess, not a proof. "
    return (f"A network trained by playing itself (AlphaZero, lesson 10) guesses how this "
            f"position ends for {mover}, the computer: <b>{_hundredths(choice.value)}</b> on a "
            f"scale from −1 ({mover} loses) through 0 (a draw) to +1 ({mover} wins). "
            f"{checked_by}It also gives each {noun} a prior, how promising it looks. Its search "
            f"made {choice.playouts:,} visits, each to the {noun} with the highest mean result + "
            f"c × prior × √(visits above) / (1 + its visits), c = {PUCT_EXPLORATION:g}, and "
            f"played the {noun} visited most, <b>{choice.move}</b>.</p>"
            + _table((noun, "prior", "visits", f"mean result for {mover}"), rows, choice.move,
                     "guided"))


def _explain_row(board: Board, cell: int, outcome: Outcome) -> tuple[Any, ...]:
    text = hint(outcome, board.to_move)[1]
    below = fast.minimax(board.play(cell)).nodes - 1  # as the tree's "N more nodes" under it
    return cell, text, signed(outcome.value), f"{below:,}"


def _a_board_game(value: object, name: str) -> None:
    """The argument rule of a playable board's game: a name of the catalogue's (``game_named``)
    whose board is tic-tac-toe's or Connect Four's."""
    a_game_name(value, name)
    if not isinstance(game_named(value), (Board, ConnectFour)):
        raise ValueError(f"{name}: the boards play tic-tac-toe and Connect Four (any size), not "
                         f"{value!r}: choose 'tic-tac-toe' or 'connect-four'")


@checked(game=_a_board_game)
def play_board(human: str = "X", level: str | None = None, seed: int | None = None,
               game: str = "tic-tac-toe") -> PlayBoard | ConnectFourBoard:
    """A board to play against the computer in a notebook (or a Voilà page): ``game`` is a name
    of ``ttt.catalogue.game_named``'s, 'tic-tac-toe' (``level`` 'perfect' unless told) or
    'connect-four' ('connect four', 7 x 6, 'looks 4 moves ahead' unless told). ``level`` is a
    level's label ("also blocks") or the name of the player it plays ('two-layer'), as
    ``make_player`` takes both."""
    empty = game_named(game)
    if isinstance(empty, Board):
        return PlayBoard(human=human, level="perfect" if level is None else level, seed=seed)
    level = "looks 4 moves ahead" if level is None else level
    return ConnectFourBoard(human=human, level=level, seed=seed,
                            columns=empty.columns, rows=empty.rows)

