"""AlphaZero in miniature: lesson 8's search guided by a network (ttt.search.mcts.guided_mcts),
self-play (ttt.learning.selfplay), and the player and its judge (ttt.learning.zero), with the
targets of issue 40 measured on the shipped network by the solver."""

import math
import random
import re

import pytest

from ttt.catalogue import LEVELS, make_player
from ttt.core.protocol import value_of
from ttt.course.widgets import play_board
from ttt.games.board import Board
from ttt.games.mnk import connect_four
from ttt.learning.network import new_network, shipped_network
from ttt.learning.selfplay import (
    Training,
    remembering,
    self_play,
    self_play_game,
    symmetric_examples,
    train_network,
    visit_shares,
)
from ttt.learning.zero import (
    guided_search_player,
    judged_positions,
    losses_to_perfect,
    network_share,
    search_share,
    value_share,
    zero_choice,
    zero_player,
)
from ttt.search.mcts import TreeNode, back_up, guided_mcts, puct
from ttt.search.perfect import perfect_moves, perfect_score


def knowing_nothing(position):
    """A guide with no opinion: every move as likely, every position a draw."""
    moves = position.legal_moves
    return dict.fromkeys(moves, 1 / len(moves)), 0.0


def knowing_everything(position):
    """A guide from the solver: the moves that keep the value share the prior, and the value is
    the position's with perfect play, for the player to move."""
    best = perfect_moves(position)
    value = value_of(perfect_score(position, prefer_quick=False))
    return ({move: (move in best) / len(best) for move in position.legal_moves},
            value if position.to_move == "X" else -value)


def test_puct_is_the_mean_plus_the_prior_times_root_parent_visits_over_one_plus_visits():
    # X O .
    # . X .
    # O . .      a child visited twice, results +1 and 0 for X: mean 0.5
    parent = TreeNode(Board.from_string("XO.|.X.|O.."))
    child = TreeNode(parent.position.play(8), 8, parent, prior=0.5)
    back_up(child, 1)
    back_up(child, 0)
    # 0.5 + 1.5 × 0.5 × √16 / (1 + 2) = 0.5 + 1 = 1.5
    assert puct(child, 16, 1.5) == pytest.approx(1.5)
    unvisited = TreeNode(parent.position.play(2), 2, parent, prior=0.25)
    assert puct(unvisited, 16, 1.5) == pytest.approx(1.5 * 0.25 * 4)  # its mean counts as 0


def test_the_root_moves_share_exactly_the_playouts():
    search = guided_mcts(Board(), 50, knowing_nothing)
    assert sum(tally.visits for tally in search.moves.values()) == 50
    assert search.playouts == 50 and search.nodes == len(search.tree)
    assert search.move == max(search.moves, key=lambda move: search.moves[move])


def test_even_a_guide_that_knows_nothing_finds_a_win_at_once():
    # X X .
    # O O .
    # . . .      X to move wins at 2; a finished game is scored by its result, not the guide
    board = Board.from_string("XX.|OO.|...")
    assert guided_mcts(board, 30, knowing_nothing).move == 2


def test_a_guide_that_knows_everything_makes_every_search_perfect():
    positions = judged_positions()[::40]
    assert all(guided_mcts(board, 10, knowing_everything).move in perfect_moves(board)
               for board in positions)


def test_the_guided_search_plays_connect_four_too():
    # . . . .
    # . . . .
    # X . . .
    # X O O .    X to move: a move (a column) that keeps the value, found by the search alone
    position = connect_four(4, 4).play(0).play(1).play(0).play(2)
    assert guided_mcts(position, 200, knowing_nothing).move in perfect_moves(position)


def test_lesson_8s_search_is_unchanged_by_the_guided_one():
    # the same seed, the same playouts: lesson 8's MCTS still chooses by UCB1 and random games
    from ttt.search.mcts import mcts
    board = Board.from_string("XO.|.X.|O..")
    first, again = mcts(board, 200, seed=3), mcts(board, 200, seed=3)
    assert first == again
    assert sum(tally.visits for tally in first.moves.values()) == 200


def test_bad_input_to_the_guided_search_is_refused():
    with pytest.raises(ValueError, match="playouts"):
        guided_mcts(Board(), 0, knowing_nothing)
    with pytest.raises(TypeError, match="guide"):
        guided_mcts(Board(), 10, "a network")
    with pytest.raises(ValueError, match="over"):
        guided_mcts(Board.from_string("XXX|OO.|..."), 10, knowing_nothing)


# --- self-play ---------------------------------------------------------------------------------


def test_the_policy_target_is_the_share_of_visits():
    # X O .
    # . X .
    # O . .      visits 6, 2, 2 to cells 8, 2, 5 (3, 7 unvisited)
    board = Board.from_string("XO.|.X.|O..")
    shares = visit_shares(board, {8: 6, 2: 2, 5: 2, 3: 0, 7: 0})
    assert shares == [0, 0, 0.2, 0, 0, 0.2, 0, 0, 0.6]


def test_each_position_is_valued_by_the_result_for_its_player_to_move():
    # X X X
    # O O .
    # . . .      X won: X's positions learn +1, O's -1
    line = [Board(), Board().play(0), Board().play(0).play(3), Board().play(0).play(3).play(1),
            Board().play(0).play(3).play(1).play(4)]
    end = line[-1].play(2)
    assert end.winner == "X"
    seen = [(board, visit_shares(board, {move: 1 for move in board.legal_moves}))
            for board in line]
    examples = symmetric_examples(seen, end)
    assert len(examples) == 8 * len(line)  # each position with its 8 images
    assert examples.values[::8] == [1, -1, 1, -1, 1]


def test_the_images_carry_their_moves_with_them():
    # X . .
    # . . .
    # . . .      O to move, all its visits to cell 1: in each image, to where cell 1 goes
    board = Board().play(0)
    shares = visit_shares(board, {1: 10})
    examples = symmetric_examples([(board, shares)], board.play(1).play(4).play(2).play(8))
    for row, cells in enumerate(board.shape.symmetries):
        assert _nonzero(examples.planes[row][9:18]) == [cells[0]]  # X's mark
        assert _nonzero(examples.policies[row]) == [cells[1]]
    # the quarter turn right sends cell 0 to 2 and cell 1 to 5
    assert board.shape.symmetries[1][:2] == (2, 5)
    assert all(sum(shares) == 1 for shares in examples.policies)
    assert not any(share and not legal  # never a share to a taken cell
                   for shares, legals in zip(examples.policies, examples.legal, strict=True)
                   for share, legal in zip(shares, legals, strict=True))


def _nonzero(row):
    return [index for index, x in enumerate(row) if x]


def test_connect_four_images_mirror_the_columns():
    # . . . . .
    # . . . . .
    # . . . . .
    # X . . . .   O to move on Connect Four 5 x 4, all its visits to column 1: in the mirror
    #             image, X's disc is in column 4 and the visits go to column 3
    position = connect_four(5, 4).play(0)
    shares = visit_shares(position, {1: 7})
    end = position.play(1).play(0).play(1).play(0).play(1).play(0)
    examples = symmetric_examples([(position, shares)], end)
    assert len(examples) == 2  # Connect Four's symmetries: itself and its mirror image
    assert _nonzero(examples.policies[0]) == [1]
    assert _nonzero(examples.policies[1]) == [3]
    assert _nonzero(examples.planes[1][20:40]) == [19]  # X's disc, bottom right
    assert examples.values == [-1, -1]  # X won: O, to move there, lost


def test_a_game_of_self_play_is_a_real_game_with_its_targets():
    seen, end = self_play_game(remembering(new_network(Board(), seed=1)), 20, random.Random(2),
                               opening=2, sampled=2)
    assert end.is_over
    for (position, shares), (after, _) in zip(seen, [*seen[1:], (end, None)], strict=True):
        assert sum(shares) == pytest.approx(1)
        played = [move for move in position.legal_moves if position.play(move) == after]
        assert len(played) == 1 and shares[played[0]] > 0
        assert all(shares[move] == 0 for move in range(9) if move not in position.legal_moves)


def test_self_play_is_reproducible_from_its_seed():
    training = Training(rounds=2, games=6, playouts=10, epochs=1)
    first, again = train_network(training, seed=5), train_network(training, seed=5)
    other = train_network(training, seed=6)
    assert first.weights() == again.weights()
    assert first.hidden != other.hidden


def test_each_round_reports_its_games_and_learns():
    network = new_network(Board(), seed=0)
    rounds = list(self_play(network, Training(rounds=3, games=10, playouts=10), seed=0))
    assert [done.games for done in rounds] == [10, 20, 30]
    assert rounds[-1].examples > rounds[0].examples
    assert all(math.isfinite(done.loss) for done in rounds)


def test_self_play_refuses_bad_settings():
    with pytest.raises(ValueError, match="playouts"):
        self_play_game(knowing_nothing, 0, random.Random(1))
    with pytest.raises(ValueError, match="opening"):
        self_play_game(knowing_nothing, 5, random.Random(1), opening=-1)


# --- the player and the judge ------------------------------------------------------------------


def test_make_player_builds_the_zero_player_by_its_playouts():
    player = make_player("zero-100")
    assert player.__name__ == "zero-100"
    # X O .
    # . X .
    # O . .      X wins at 8
    assert player(Board.from_string("XO.|.X.|O..")) == 8
    with pytest.raises(ValueError, match="zero-N"):
        make_player("zero")
    with pytest.raises(ValueError, match="playouts"):
        zero_player(0)


def test_the_choice_shows_the_networks_prior_and_value_and_the_visits():
    # X . .
    # . O .
    # . . .      X to move
    board = Board.from_string("X..|.O.|...")
    choice = zero_choice(board, 100)
    assert sum(choice.visits.values()) == 100
    assert sorted(choice.prior) == sorted(choice.visits) == list(board.legal_moves)
    assert sum(choice.prior.values()) == pytest.approx(1)
    assert -1 <= choice.value <= 1
    assert choice.move == max(choice.visits, key=lambda move: (choice.visits[move],
                                                               choice.means[move] or 0))


GUIDED = re.compile(r"<tr style='font-weight:(\w+)'><td[^>]*>(\d)</td><td[^>]*>(\d+)%</td>"
                    r"<td[^>]*>([\d,]+)</td><td[^>]*>([+-]\d\.\d\d)?</td></tr>")


def test_explain_at_the_alphazero_level_shows_prior_value_and_visits():
    assert LEVELS["self-play and search (AlphaZero)"] == "zero-100"
    board = play_board(level="self-play and search (AlphaZero)", seed=1)
    board.explain.value = True
    board.buttons[4].click()
    before, after = board.history[-2], board.board
    chosen = next(move for move in before.legal_moves if before.play(move) == after)
    rows = GUIDED.findall(board.explanation.value)
    assert sorted(int(cell) for _, cell, *_ in rows) == list(before.legal_moves)
    assert [int(cell) for bold, cell, *_ in rows if bold == "bold"] == [chosen]
    assert sum(int(visits.replace(",", "")) for *_, visits, _ in rows) == 100
    choice = zero_choice(before, 100)
    assert (f"how this position ends for O, the computer: <b>{choice.value:+.2f}</b> on a scale "
            f"from −1 (O loses)") in board.explanation.value


def test_every_unfinished_position_is_judged():
    positions = judged_positions()
    assert len(positions) == len(set(positions)) == 4520
    assert not any(board.is_over for board in positions)
    sample = judged_positions(connect_four(5, 4), sample=50, seed=1)
    assert len(set(sample)) == 50 and not any(position.is_over for position in sample)
    with pytest.raises(ValueError, match="sample"):
        judged_positions(connect_four(5, 4))


def test_a_player_that_loses_to_perfect_play_is_caught():
    # the first legal move every time: perfect play beats it
    lost, played = losses_to_perfect(lambda position: position.legal_moves[0])
    assert 0 < lost <= played


# --- the targets (issue 40), on the shipped network, judged by the solver ---------------------


def test_the_network_alone_keeps_the_value_in_at_least_90_percent_of_positions():
    assert network_share(shipped_network(), judged_positions()) >= 0.90


def test_the_value_head_mostly_has_the_right_sign():
    # not a target of the issue: a floor under what the shipped network reaches, so that a
    # broken value head (or encoding) shows
    assert value_share(shipped_network(), judged_positions()) >= 0.75


@pytest.mark.slow
def test_with_100_playouts_a_value_keeping_move_in_at_least_99_5_percent_of_positions():
    assert search_share(guided_search_player(100), judged_positions()) >= 0.995


def test_it_never_loses_to_perfect_play_as_either_side():
    lost, played = losses_to_perfect(zero_player(100))
    assert lost == 0 and played > 2


# --- issue 48: values the tests above let change -------------------------------------------------


def favouring(cell):
    """A guide whose prior puts nearly all on ``cell`` (if legal), the rest shared; value 0."""
    def guide(position):
        moves = position.legal_moves
        if cell not in moves:
            return knowing_nothing(position)
        rest = 0.1 / (len(moves) - 1) if len(moves) > 1 else 0.0
        return {move: 0.9 if move == cell else rest for move in moves}, 0.0
    return guide


def test_the_root_is_visited_first_so_that_the_first_playout_follows_the_prior():
    # issue 48: with the root's own visit not backed up, √(root visits) is 0 at the first
    # playout, every move's PUCT score is 0 and the first free cell is taken, whatever the prior
    # (then zero-1 loses every game to perfect play)
    search = guided_mcts(Board(), 1, favouring(8))
    assert {move: tally.visits for move, tally in search.moves.items() if tally.visits} == {8: 1}
    root = TreeNode(Board())
    from ttt.search.mcts import grow_guided
    grow_guided(root, 5, favouring(8), 1.5)
    assert root.visits == 5 + 1  # the root's valuation, then the five playouts below it


class CountingRandom(random.Random):
    """A seeded random source that keeps each weighted draw (``choices``): the population and
    the weights it was given, and returns the least likely choice, so that a drawn move shows."""

    def __init__(self, seed):
        super().__init__(seed)
        self.draws = []

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        self.draws.append((list(population), list(weights)))
        return [min(zip(weights, population, strict=True))[1]]


def test_self_play_draws_exactly_its_first_sampled_moves_in_proportion_to_their_visits():
    # issue 48: each of the first `sampled` searched moves, and no other, is drawn by its visits
    for sampled in (0, 1, 3):
        rng = CountingRandom(4)
        seen, end = self_play_game(favouring(4), 8, rng, opening=0, sampled=sampled)
        assert len(rng.draws) == min(sampled, len(seen))
        for (position, shares), (after, _), draw in zip(seen, [*seen[1:], (end, None)],
                                                        rng.draws, strict=False):
            moves, weights = draw
            assert moves == list(position.legal_moves)
            assert [weight / sum(weights) for weight in weights] == pytest.approx(
                [shares[move] for move in moves])
            least = min(zip(weights, moves, strict=True))[1]
            assert position.play(least) == after  # the drawn move is the one played
        pairs = list(zip(seen, [*seen[1:], (end, None)], strict=True))
        for (position, _), (after, _) in pairs[sampled:]:
            search = guided_mcts(position, 8, favouring(4))
            assert position.play(search.move) == after  # after them, the most visited


def test_each_round_learns_from_the_examples_of_the_last_window_rounds_only():
    # issue 48: round 1's games and training are the same whatever the window, so round 2's
    # games are too; the window decides which rounds' examples round 2 learns from
    def second_round(window):
        training = Training(rounds=2, games=2, playouts=4, epochs=1, window=window, hidden=4)
        return list(self_play(new_network(Board(), hidden=4, seed=2), training, seed=3))

    alone, both, all_kept = second_round(1), second_round(2), second_round(3)
    first = alone[0].examples
    assert alone[0] == both[0] == all_kept[0]
    assert both[1].examples == first + alone[1].examples == all_kept[1].examples
    assert alone[1].examples < both[1].examples
