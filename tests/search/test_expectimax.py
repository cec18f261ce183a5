"""Tests of ttt.search.expectimax: the exact expected score against an opponent who moves at random.

Positions are drawn in the comments, cells numbered 0-8 in reading order. Expected scores are from
X's point of view: +1 X wins, 0 draw, -1 O wins. The brute force here is independent of
expectimax: it lists every strategy of the player who is not random, weighs every game that
strategy can lead to by its probability, and keeps the best strategy.
"""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from strategies import positions
from time_limits import SEARCH_TIME_LIMIT
from toy_games import Heap

from ttt.catalogue import make_player
from ttt.core.protocol import SearchTooBigError, check_exhaustive, final_score
from ttt.core.watching import Watch
from ttt.games.board import Board, IllegalMoveError
from ttt.games.mnk import ConnectFour, connect_four, mnk
from ttt.play.matches import tournament
from ttt.play.players import expectimax_player, random_player
from ttt.search.counting import random_game_odds, reachable_positions
from ttt.search.expectimax import (
    EXPECTIMAX_LIMIT,
    compare_with_minimax,
    expectimax,
    expectimax_moves,
)
from ttt.search.minimax import minimax
from ttt.search.perfect import perfect_moves, shared_solver

pytestmark = SEARCH_TIME_LIMIT


def strategies(position, chance, path=()):
    """Every strategy of the player who is not ``chance``: a dict {path: move} for each of its
    turns that can come up, keyed by the moves played so far (so it may differ between move
    orders)."""
    if position.is_over:
        yield {}
    elif position.to_move == chance:
        below = [list(strategies(position.play(move), chance, (*path, move)))
                 for move in position.legal_moves]
        for parts in product(*below):
            yield {key: move for part in parts for key, move in part.items()}
    else:
        for move in position.legal_moves:
            for rest in strategies(position.play(move), chance, (*path, move)):
                yield {path: move, **rest}


def games(position, chance, strategy, path=(), chance_of=Fraction(1)):
    """(probability, final position) for every game the strategy can lead to."""
    if position.is_over:
        yield chance_of, position
    elif position.to_move == chance:
        for move in position.legal_moves:
            yield from games(position.play(move), chance, strategy, (*path, move),
                             chance_of / len(position.legal_moves))
    else:
        move = strategy[path]
        yield from games(position.play(move), chance, strategy, (*path, move), chance_of)


def brute_force(position, chance):
    """The expected score of the best strategy, found by trying them all."""
    expected = [sum(p * final_score(end, prefer_quick=False)
                    for p, end in games(position, chance, strategy))
                for strategy in strategies(position, chance)]
    return max(expected) if chance == "O" else min(expected)


# --- the values -------------------------------------------------------------------------------


def test_the_empty_board_against_a_random_opponent():
    # . . .
    # . . .
    # . . .    against a random O, X opens in a corner and scores 191/192 on average
    as_x = expectimax(Board(), chance="O")
    assert (as_x.value, as_x.move, as_x.nodes) == (Fraction(191, 192), 0, 5478)
    # against a random X, O scores 874/945 (-874/945 from X's point of view); X moves at random
    as_o = expectimax(Board(), chance="X")
    assert (as_o.value, as_o.move, as_o.nodes) == (Fraction(-874, 945), None, 5478)
    assert as_x.score == as_x.value and isinstance(as_x.value, Fraction)


def test_a_chance_node_averages_and_the_other_player_chooses():
    # X O X
    # X O O
    # . . .    X to move: 6 wins at once
    board = Board.from_string("XOX|XOO|...")
    assert expectimax(board, chance="O").value == 1
    assert expectimax(board, chance="O").move == 6
    # X at random: 6 wins (+1); after 7 O takes 6 and draws (0); after 8 O wins at 7 (-1)
    assert [expectimax(board.play(cell), chance="X").value for cell in (6, 7, 8)] == [1, 0, -1]
    assert expectimax(board.play(7), chance="X").move == 6
    assert expectimax(board, chance="X").value == 0
    assert expectimax(board, chance="X").move is None


def test_a_finished_game_is_worth_its_result():
    # X X X
    # O O .
    # . . .
    result = expectimax(Board.from_string("XXX|OO.|..."), chance="O")
    assert (result.value, result.move, result.nodes) == (1, None, 1)


@settings(max_examples=40, deadline=None)
@given(positions(min_moves=4))
def test_expectimax_equals_brute_force_with_o_at_random(board):
    assert expectimax(board, chance="O").value == brute_force(board, "O")


@settings(max_examples=40, deadline=None)
@given(positions(min_moves=5))
def test_expectimax_equals_brute_force_with_x_at_random(board):
    assert expectimax(board, chance="X").value == brute_force(board, "X")


@pytest.mark.parametrize("stones", range(1, 6))
@pytest.mark.parametrize("chance", ["X", "O"])
def test_expectimax_equals_brute_force_on_another_game(stones, chance):
    heap = Heap(stones)
    assert expectimax(heap, chance).value == brute_force(heap, chance)


def test_the_best_move_scores_the_value():
    # X O .
    # . . .
    # . X .    O to move, X at random
    board = Board.from_string("XO.|...|.X.")
    result = expectimax(board, chance="X")
    assert result.value == expectimax(board.play(result.move), chance="X").value == Fraction(-8, 15)
    assert result.value == min(expectimax(board.play(cell), chance="X").value
                               for cell in board.legal_moves)


# --- against random play and perfect play -----------------------------------------------------


def test_expectimax_ties_in_with_the_odds_of_random_play():
    # With both players at random (lesson 6's exact odds) the expected score is P(X) - P(O).
    # Playing best against a random opponent can only do better than moving at random too; where
    # the player who is not random has at most one move on each of its turns, it is the same.
    tables = {"X": {}, "O": {}}
    same = 0
    for board in reachable_positions():
        odds = random_game_odds(board)
        at_random = odds["X"] - odds["O"]
        against_o = expectimax(board, "O", table=tables["O"]).value
        against_x = expectimax(board, "X", table=tables["X"]).value
        assert against_x <= at_random <= against_o
        for chance, value in (("O", against_o), ("X", against_x)):
            if board.free_cells <= 1 or board.free_cells == 2 and board.to_move == chance:
                assert value == at_random
                same += 1
    assert same == 2076  # (position, random player) pairs where the two must be equal


def test_the_expected_score_is_what_a_long_tournament_scores():
    games = 3000
    for x, o, expected in [(expectimax_player(), random_player(1), Fraction(191, 192)),
                           (random_player(2), expectimax_player(), Fraction(-874, 945))]:
        results = tournament(x, o, games=games)
        average = (results["X"] - results["O"]) / games
        # a score between -1 and +1 with mean m varies at most by 1 - m² (Bhatia-Davis)
        sigma = ((1 - expected ** 2) / games) ** 0.5
        assert abs(average - expected) < 4 * sigma


def test_against_a_random_x_o_may_choose_a_move_that_perfect_play_punishes():
    # X O .
    # . . .
    # . X .    O to move. Against perfect play only 6 and 8 draw; against a random X the centre
    #          scores best for O (-8/15 from X's point of view against -6/15 for 6), though a
    #          perfect X would then win.
    board = Board.from_string("XO.|...|.X.")
    assert expectimax(board, chance="X").move == 4
    assert shared_solver().outcome(board.play(4)).value == 1
    assert minimax(board).move in (6, 8) and minimax(board).value == 0


def compare_best_moves(chance):
    """How the best moves against a random ``chance`` player compare with minimax's (the moves
    that keep the value of perfect play), over every position where the other player moves:
    'same', 'fewer' (some of minimax's), 'riskier' (some that perfect play would punish, among
    others) or 'only riskier' (all of them)."""
    kinds = Counter()
    table = {}
    for board in reachable_positions():
        if board.is_over or board.to_move == chance:
            continue
        sign = 1 if board.to_move == "X" else -1
        outcomes = shared_solver().move_outcomes(board)
        keep = max(sign * outcome.value for outcome in outcomes.values())
        by_minimax = {cell for cell, outcome in outcomes.items() if sign * outcome.value == keep}
        expectimax(board, chance, table=table)
        expected = {cell: sign * table[board.play(cell)] for cell in board.legal_moves}
        by_expectimax = {cell for cell, value in expected.items()
                         if value == max(expected.values())}
        kinds["same" if by_expectimax == by_minimax else "fewer" if by_expectimax < by_minimax
              else "only riskier" if not by_expectimax & by_minimax else "riskier"] += 1
    return kinds


def test_where_minimax_and_expectimax_choose_differently():
    # X against a random O never needs a risk; O against a random X sometimes should take one
    assert compare_best_moves("O") == {"same": 2138, "fewer": 285}
    assert compare_best_moves("X") == {"same": 1537, "fewer": 464, "riskier": 76,
                                       "only riskier": 20}


# --- watching, tables, players ----------------------------------------------------------------


class Counting(Watch):
    def __init__(self):
        self.entered, self.backups = 0, {}

    def enter(self, path, position, alpha=None, beta=None):
        self.entered += 1

    def leave(self, path, position, scores, score, alpha=None, beta=None):
        self.backups[path] = (position, dict(scores), score)


def test_a_watch_sees_every_position_reached_and_chance_nodes_average():
    watch = Counting()
    # X O X
    # X O O
    # . . .    X to move at random
    board = Board.from_string("XOX|XOO|...")
    result = expectimax(board, chance="X", watch=watch)
    # 10 positions valued; X 7, O 6, X 8 and X 8, O 6, X 7 meet again, the second time read
    # from the table (the watch sees that call too)
    assert result.nodes == 10 and watch.entered == 11
    position, scores, score = watch.backups[()]
    assert scores == {6: 1, 7: 0, 8: -1} and score == 0


def test_a_table_is_reused_between_calls():
    table = {}
    first = expectimax(Board(), "O", table=table)
    again = expectimax(Board.from_string("X..|...|..."), "O", table=table)
    assert first.nodes == len(table) == 5478 and again.nodes == 0
    assert again.value == expectimax(Board.from_string("X..|...|..."), "O").value


def test_the_expectimax_player_plays_the_expectimax_move_for_either_side():
    player = make_player("expectimax")
    assert player.__name__ == "expectimax"
    # X O .
    # . . .
    # . X .    O to move: the centre (see above)
    assert player(Board.from_string("XO.|...|.X.")) == 4
    assert player(Board()) == 0
    with pytest.raises(IllegalMoveError, match="the game is over"):
        player(Board.from_string("XXX|OO.|..."))


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("chance", ["x", "Z", "", None, 1, "XO"])
def test_the_chance_player_is_x_or_o(chance):
    with pytest.raises(ValueError, match="chance is the player who moves at random, 'X' or 'O'"):
        expectimax(Board(), chance)


def test_a_string_is_not_a_position():
    with pytest.raises(TypeError, match=r"Board\.from_string"):
        expectimax("X..|...|...")


def test_the_limit_takes_the_small_boards_and_refuses_four_by_four():
    for position in (Board(), mnk(4, 3, 3), connect_four(4, 4), Heap(30)):
        check_exhaustive(position, "expectimax", EXPECTIMAX_LIMIT, force=False)
    with pytest.raises(SearchTooBigError, match="up to 1.0e[+]07 positions may follow"):
        expectimax(mnk(4, 4, 4))
    # . . . .
    # . . . .
    # . X O .
    # X O X O    Connect Four 4 x 4, X to move: valued in well under a second
    position = ConnectFour.from_string("....|....|.XO.|XOXO")
    assert expectimax(position, "O").value == expectimax(position, "O", force=True).value


def test_expectimax_moves_break_minimax_ties_and_compare_names_how():
    # . . .
    # . . .
    # . . .    every opening draws against perfect play; against a random O, the corners are best
    assert expectimax_moves(Board()) == {0, 2, 6, 8}
    assert compare_with_minimax(Board()) == "some of"
    # . . .
    # . . .
    # . X .    O to move, X at random: O's best gamble is one a perfect X punishes
    gamble = Board.from_string("...|...|.X.")
    assert compare_with_minimax(gamble) == "only risky"
    assert not expectimax_moves(gamble) & perfect_moves(gamble)
    # X X .
    # O O .
    # . . .    X wins at once: the same one move either way
    assert compare_with_minimax(Board.from_string("XX.|OO.|...")) == "equal"


def test_a_position_met_again_is_read_from_the_table_not_valued_twice():
    # the table is kept outside expectimax_value's body: each position is valued once
    calls = []
    board = Board.from_string("XOX|.O.|...")

    class Entered(Watch):
        def enter(self, path, position, alpha=None, beta=None):
            calls.append(position)

    result = expectimax(board, "O", watch=Entered())
    assert result.nodes == len(set(calls)) < len(calls)
