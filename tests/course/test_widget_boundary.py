"""The widgets at the boundary: whatever a student clicks, and whatever value a control is given,
the board stays consistent and the computer always replies; a control refuses a value that is not
one of its options (None included) and changes nothing. Driven in Python on the widget objects,
by hypothesis's stateful testing: random sequences of clicks, undos, new games, switches and
control values, good and bad."""

from itertools import pairwise

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from traitlets import TraitError

from ttt.catalogue import CONNECT_FOUR_LEVELS, LEVELS
from ttt.core.protocol import IllegalMoveError
from ttt.course.stepper import step_through
from ttt.course.widgets import ConnectFourBoard, PlayBoard
from ttt.games.board import Board
from ttt.games.mnk import connect_four

#: Bad values for a control: none of them is an option of any control.
BAD_VALUES = [None, "", "nonsense", 99, -99, 2.5, float("nan"), [], {}]
#: The levels quick enough to play many games with (the others think for a second a move).
QUICK = {"tic-tac-toe": [name for name in LEVELS.values() if name != "mcts-1000"],
         "connect four": ["random", "depth-2", "depth-4"]}


def moves_so_far(board):
    """The moves that lead from the board's start to its position, checked one by one: each a
    legal move of the position before it."""
    moves = []
    for before, after in pairwise(board.history):
        move = next((m for m in before.legal_moves if before.play(m) == after), None)
        assert move is not None, f"{after} does not follow from {before} by a move"
        moves.append(move)
    return moves


class Playing(RuleBasedStateMachine):
    """A student at a board: clicks anywhere (legal or not), undoes, starts again, switches hints
    and explanations, changes level and side, and sets controls to bad values."""

    game = "tic-tac-toe"

    def make(self, human, seed):
        if self.game == "tic-tac-toe":
            return PlayBoard(human=human, level="random", seed=seed)
        return ConnectFourBoard(human=human, level="random", seed=seed, columns=4, rows=4)

    @initialize(human=st.sampled_from("XO"), seed=st.integers(0, 2**16))
    def start(self, human, seed):
        self.board = self.make(human, seed)

    @rule(move=st.integers(-2, 20))
    def click(self, move):
        before = list(self.board.history)
        try:
            self.board.click(move)
        except IllegalMoveError:  # not a move at all: nothing changes
            assert self.board.history == before

    @rule()
    def undo(self):
        self.board.undo()

    @rule()
    def new_game(self):
        self.board.new_game()

    @rule(switch=st.sampled_from(["hints", "explain"]))
    def toggle(self, switch):
        box = getattr(self.board, switch)
        box.value = not box.value

    @rule(data=st.data())
    def choose_level(self, data):
        self.board.level.value = data.draw(st.sampled_from(QUICK[self.game]))

    @rule(human=st.sampled_from("XO"))
    def choose_side(self, human):
        self.board.mark.value = human

    @rule(control=st.sampled_from(["level", "mark"]), trait=st.sampled_from(["value", "index",
                                                                             "label"]),
          bad=st.sampled_from(BAD_VALUES))
    def set_a_bad_value(self, control, trait, bad):
        widget = getattr(self.board, control)
        state = (widget.value, widget.index, widget.label, list(self.board.history),
                 self.board.status.value)
        with pytest.raises(TraitError):
            setattr(widget, trait, bad)
        assert (widget.value, widget.index, widget.label, self.board.history,
                self.board.status.value) == state

    @invariant()
    def the_board_is_consistent_and_the_computer_has_replied(self):
        if not hasattr(self, "board"):
            return
        board = self.board
        moves_so_far(board)
        assert board.history[0] == board.start
        assert board.level.value in board.levels.values()
        assert board.mark.value in ("X", "O")
        position = board.board
        assert position.is_over or position.to_move == board.human, "the computer did not reply"
        assert "thinking" not in board.status.value


class PlayingConnectFour(Playing):
    game = "connect four"


SETTINGS = settings(max_examples=12, stateful_step_count=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
TestPlayingTicTacToe = Playing.TestCase
TestPlayingTicTacToe.settings = SETTINGS
TestPlayingConnectFour = PlayingConnectFour.TestCase
TestPlayingConnectFour.settings = SETTINGS


@pytest.mark.parametrize("make", [lambda: PlayBoard(seed=1),
                                  lambda: ConnectFourBoard(seed=1, columns=4, rows=4)])
@pytest.mark.parametrize("bad", [None, "nonsense"])
def test_a_level_that_is_no_level_is_refused_and_the_computer_still_replies(make, bad):
    board = make()
    before = board.level.value
    with pytest.raises(TraitError):
        board.level.value = bad
    assert board.level.value == before
    board.click(1)
    assert board.board.to_move == board.human and len(board.history) == 3


@pytest.mark.slow
@pytest.mark.parametrize("level", list(CONNECT_FOUR_LEVELS))
def test_explain_on_the_connect_four_board_never_raises(level):
    board = ConnectFourBoard(human="O", level=level, seed=2, columns=4, rows=4)
    board.explain.value = True
    for column in (0, 1, 0, 3):
        board.click(column)
        board.undo()
        board.click(column)
        assert "The computer" in board.explanation.value


def test_a_step_through_refuses_a_step_that_is_not_a_number_and_clips_one_out_of_range():
    widget = step_through(Board.from_string("XO.|.X.|O.."))
    widget.go(10**6)
    assert widget.step == len(widget.steps) - 1
    widget.go(-5)
    assert widget.step == 0
    with pytest.raises(TypeError, match="k is a whole number"):
        widget.go(None)
    assert widget.step == 0


@pytest.mark.parametrize("bad, error", [(None, TypeError), ("X..|...|...", TypeError),
                                        (connect_four(), ValueError)])
def test_step_through_says_what_it_needs(bad, error):
    with pytest.raises(error, match="board"):
        step_through(bad)
