"""The learners of ``ttt.learning.tabular`` (MENACE, TD learning) and their judge, ``policy_quality``:
exact facts, updates worked out by hand, and bad input refused."""

import pytest

from ttt import Menace, policy_quality, td_learn
from ttt.games.board import Board, IllegalMoveError
from ttt.search.counting import reachable_positions
from ttt.learning.tabular import (
    MICHIE_REWARDS,
    START_BEADS,
    ValueTable,
    epsilon_greedy,
    is_optimal,
    michie_update,
    td_game,
    td_update,
)
from ttt.play.matches import tournament
from ttt.play.players import perfect_player, random_player
from ttt.core.protocol import seeded_random


def first_free_cell(board):
    return board.legal_moves[0]


# --- MENACE ---------------------------------------------------------------------------------------


def orbits(mark):
    """The positions where ``mark`` is to move and has a choice, grouped by symmetry without
    ``canonical()``: each group is the set of a position's 8 images."""
    return {frozenset(board.symmetries()) for board in reachable_positions()
            if board.to_move == mark and not board.is_over and len(board.legal_moves) > 1}


@pytest.mark.parametrize("mark", ["X", "O"])
def test_menace_has_one_box_per_position_up_to_symmetry_where_it_has_a_choice(mark):
    assert Menace(seed=0, mark=mark).boxes == len(orbits(mark))


def test_menace_as_x_has_michies_304_boxes():
    assert Menace(seed=0).boxes == 304


def test_a_new_box_holds_beads_for_each_move_that_symmetry_does_not_make_alike():
    menace = Menace(seed=0)
    assert menace.box(Board()) == {0: 4, 1: 4, 4: 4}  # a corner, an edge, the centre
    later = Board.from_string("XO.|...|...")
    assert set(menace.box(later)) <= set(later.legal_moves)
    assert set(menace.box(later).values()) == {START_BEADS[1]}
    # a box read from a turned position names the cells of that position
    turned = Board.from_string("..X|..O|...")
    assert sorted(menace.box(turned).values()) == sorted(menace.box(later).values())
    assert set(menace.box(turned)) <= set(turned.legal_moves)


def test_michies_rule_adds_three_for_a_win_one_for_a_draw_and_takes_one_for_a_loss():
    assert MICHIE_REWARDS == {"win": 3, "draw": 1, "loss": -1}
    assert michie_update(2, "win", 9) == 5
    assert michie_update(2, "draw", 9) == 3
    assert michie_update(2, "loss", 9) == 1
    assert michie_update(1, "loss", 1) == 1  # the last bead of a box stays


def test_training_is_seeded_and_changes_the_beads():
    one, two = Menace(seed=3), Menace(seed=3)
    assert one.train(50) == two.train(50)
    assert one._boxes == two._boxes
    assert one._boxes != Menace(seed=3)._boxes


def test_menace_never_beats_perfect_play_and_never_empties_a_box():
    menace = Menace(seed=1)
    results = menace.train(300, opponent=perfect_player)
    assert results["win"] == 0 and sum(results.values()) == 300
    assert all(sum(box.values()) >= 1 for box in menace._boxes.values())


def test_menace_learns_to_lose_less_to_a_random_player():
    menace = Menace(seed=2)
    first = menace.train(500, opponent=random_player(seed=5))
    menace.train(3000, opponent=random_player(seed=6))
    last = menace.train(500, opponent=random_player(seed=7))
    assert last["loss"] < first["loss"] and last["win"] > first["win"]


def test_menaces_player_plays_legal_moves_and_refuses_the_other_side():
    play = Menace(seed=0).player(seed=1)
    assert play.__name__ == "menace"
    assert tournament(play, random_player(seed=2), games=20).total() == 20
    with pytest.raises(ValueError, match="plays X"):
        play(Board.from_string("X..|...|..."))


# --- TD learning ----------------------------------------------------------------------------------


def test_the_td_update_moves_a_step_alpha_towards_the_next_value():
    assert td_update(0.0, 1.0, 0.5) == 0.5
    assert td_update(0.5, -1.0, 0.1) == pytest.approx(0.35)


def test_td_values_by_hand_after_x_wins_again_and_again():
    # X wins at 2 at once; all other values start at 0; alpha 1/2: V = 1/2, 3/4, 7/8
    start = Board.from_string("XX.|OO.|...")
    for games, value in [(1, 0.5), (2, 0.75), (3, 0.875)]:
        table = td_learn(games, seed=0, alpha=0.5, epsilon=0, start=start)
        assert table.values == {start.canonical(): value}


def test_td_values_are_from_xs_point_of_view_so_a_win_for_o_is_negative():
    start = Board.from_string("XX.|OO.|X..")  # O to move wins at 5
    table = td_learn(1, seed=0, alpha=0.5, epsilon=0, start=start)
    assert table.value(start) == -0.5
    assert table.value(start.play(5)) == -1  # a finished game is worth its result


def test_td_values_by_hand_over_two_games_where_o_learns_to_avoid_a_trap():
    # O to move: at 7, X's last move 8 wins; at 8, X's last move 7 draws. alpha 1/2, no
    # exploration, O starting out thinking 7 the better move for it (the lower value).
    start = Board.from_string("XOX|OXX|O..")
    at_7, at_8 = start.play(7), start.play(8)
    table = ValueTable({at_7.canonical(): 0.2, at_8.canonical(): 0.4})
    td_learn(1, seed=0, alpha=0.5, epsilon=0, start=start, table=table)
    # O plays 7: V(start) = 0 + (0.2 - 0)/2; X wins: V(at_7) = 0.2 + (1 - 0.2)/2
    assert table.value(start) == pytest.approx(0.1)
    assert table.value(at_7) == pytest.approx(0.6)
    td_learn(1, seed=0, alpha=0.5, epsilon=0, start=start, table=table)
    # now 8 looks better to O: V(start) = 0.1 + (0.4 - 0.1)/2; a draw: V(at_8) = 0.4 + (0 - 0.4)/2
    assert table.value(start) == pytest.approx(0.25)
    assert table.value(at_8) == pytest.approx(0.2)
    assert table.value(at_7) == pytest.approx(0.6)


def test_exploratory_moves_teach_nothing():
    assert len(td_learn(200, seed=0, epsilon=1)) == 0


def test_epsilon_greedy_is_greedy_for_the_mover_and_explores_with_chance_epsilon():
    values = {0: -0.5, 1: 0.25, 2: 0.75}
    rng = seeded_random(0)
    assert epsilon_greedy(values, "X", 0, rng) == (2, True)
    assert epsilon_greedy(values, "O", 0, rng) == (0, True)
    explored = [epsilon_greedy(values, "X", 1, rng) for _ in range(30)]
    assert {greedy for _, greedy in explored} == {False}
    assert {move for move, _ in explored} == {0, 1, 2}


def test_td_learning_by_self_play_learns_nearly_perfect_play():
    quality = policy_quality(td_learn(5000, seed=1).player(seed=1), games=10)
    assert quality.optimal_share > 0.95
    assert quality.losses == 0


def test_td_learning_against_an_opponent_is_seeded():
    one = td_learn(200, seed=4, opponent=random_player(seed=1))
    two = td_learn(200, seed=4, opponent=random_player(seed=1))
    assert one.values == two.values and len(one) > 0


# --- the judge ------------------------------------------------------------------------------------


def test_the_perfect_player_plays_optimally_everywhere_and_never_loses():
    quality = policy_quality(perfect_player, games=5)
    unfinished = sum(not board.is_over for board in reachable_positions())
    assert quality.positions == unfinished == 4520
    assert quality.optimal == unfinished and quality.optimal_share == 1.0
    assert quality.losses == 0


def test_a_random_player_is_well_below_and_loses_to_perfect_play():
    quality = policy_quality(random_player(seed=1), games=20)
    assert 0.4 < quality.optimal_share < 0.7
    assert quality.losses_as_x > 10 and quality.losses_as_o > 10


def test_optimal_means_the_same_result_not_the_quickest_win():
    board = Board.from_string("XX.|OO.|...")  # X wins at 2 at once
    assert is_optimal(board, 2)
    assert not is_optimal(board, 6)  # O then wins at 5
    slow = Board.from_string("X.O|.X.|O..")  # X wins at 8 at once, or two moves later at 1
    assert is_optimal(slow, 8) and is_optimal(slow, 1)


def test_a_side_restricts_the_positions_and_the_games():
    quality = policy_quality(first_free_cell, games=3, side="X")
    x_to_move = sum(not b.is_over and b.to_move == "X" for b in reachable_positions())
    assert quality.positions == x_to_move and quality.losses_as_o == 0
    assert quality.losses_as_x == 3  # deterministic and beaten by perfect play


@pytest.mark.parametrize("call, error, words", [
    (lambda: Menace(mark="Z"), ValueError, "'X' or 'O'"),
    (lambda: Menace(seed=1.5), TypeError, "seed"),
    (lambda: Menace().train(0), ValueError, "games"),
    (lambda: Menace().train("5"), TypeError, "games"),
    (lambda: Menace().box("X........"), TypeError, "position"),
    (lambda: td_learn(0), ValueError, "games"),
    (lambda: td_learn(10, alpha=0), ValueError, "alpha"),
    (lambda: td_learn(10, alpha=1.5), ValueError, "alpha"),
    (lambda: td_learn(10, epsilon=-0.1), ValueError, "epsilon"),
    (lambda: td_learn(10, epsilon="some"), TypeError, "epsilon"),
    (lambda: td_learn(10, start=Board.from_string("XXX|OO.|...")), IllegalMoveError, "over"),
    (lambda: policy_quality("perfect"), TypeError, "player"),
    (lambda: td_learn(10, opponent="random"), TypeError, "opponent"),
    (lambda: Menace().train(10, opponent="random"), TypeError, "opponent"),
    (lambda: policy_quality(perfect_player, side="Z"), ValueError, "side"),
    (lambda: policy_quality(perfect_player, games=0), ValueError, "games"),
    (lambda: policy_quality(lambda board: 9), IllegalMoveError, "not a legal move"),
])
def test_bad_arguments_are_refused_with_a_clear_error(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_td_game_returns_the_game_with_its_greedy_moves_and_learns_only_after_them():
    table = ValueTable()
    game = td_game(table, seeded_random(3), alpha=0.5, epsilon=1)  # every move exploratory
    positions = [position for position, _ in game]
    assert positions[0] == Board() and positions[-1].is_over
    assert all(after in [before.play(cell) for cell in before.legal_moves]
               for before, after in zip(positions, positions[1:], strict=False))
    assert [greedy for _, greedy in game] == [False] * len(game) and len(table) == 0
    greedy_game = td_game(table, seeded_random(3), alpha=0.5, epsilon=0)
    assert all(greedy for _, greedy in greedy_game[:-1]) and not greedy_game[-1][1]
    assert len(table) == len({position.canonical() for position, _ in greedy_game[:-1]})


def test_menace_shows_its_boxes_beads_on_the_free_cells():
    from ttt.learning.tabular import Menace
    shown = Menace(seed=1).boxes_shown([Board()])
    assert shown.splitlines()[0] == "...|...|... (total 12 beads)"
    assert shown.split("\n")[1].split() == ["4", "4", "."]   # a corner, an edge; the rest alike


def test_menace_shows_each_box_as_a_grid_of_beads_one_box_after_another():
    # . . .    X's first move: 4 beads on a corner,    O . .    X's second move: 3 beads on
    # . . .    an edge and the centre; the other cells  . X .    each move unlike the others
    # . . .    are mirror images of these               . . .    (the board is symmetric in 0-4-8)
    from ttt.learning.tabular import Menace
    shown = Menace(seed=1).boxes_shown([Board(), Board().play(4).play(0)])
    assert shown == ("...|...|... (total 12 beads)\n"
                     "  4   4   .\n"
                     "  .   4   .\n"
                     "  .   .   .\n"
                     "\n"
                     "O..|.X.|... (total 12 beads)\n"
                     "  O   3   3\n"
                     "  .   X   3\n"
                     "  .   .   3")


def test_a_td_game_shows_each_move_its_value_before_and_after_and_the_next_position():
    # X O .
    # X O .    X to move wins at 6. Greedy, X takes the win, and the value moves halfway
    # . . .    (alpha 0.5) to the win's +1: 0 -> 0.5 in the first game, 0.5 -> 0.75 in the second.
    #          Exploring (epsilon 1), X plays 8 and O wins at 7; exploratory moves learn nothing
    from ttt.learning.tabular import ValueTable, td_game
    from ttt.core.protocol import seeded_random
    table, start = ValueTable(), Board.from_string("XO.|XO.|...")

    def shown(epsilon):
        before = dict(table.values)
        game = td_game(table, seeded_random(3), alpha=0.5, epsilon=epsilon, start=start)
        return table.game_text(game, before)

    shown(0.0)
    assert shown(0.0) == (
        "XO.|XO.|...  X to move, greedy       value +0.500 -> +0.750   next position +1.000\n"
        "XO.|XO.|X..  X wins")
    assert shown(1.0) == (
        "XO.|XO.|...  X to move, exploratory  value +0.750 -> +0.750   next position +0.000\n"
        "XO.|XO.|..X  O to move, exploratory  value +0.000 -> +0.000   next position -1.000\n"
        "XO.|XO.|.OX  O wins")


def test_train_judged_is_td_learn_up_to_each_checkpoint_then_judged():
    from ttt.learning.tabular import ValueTable, policy_quality, td_learn
    curve = dict(ValueTable().train_judged((20, 50), seed=100, games=1))
    same = td_learn(20, seed=120)
    td_learn(30, seed=150, table=same)
    assert list(curve) == [20, 50]
    assert curve[50] == policy_quality(same.player(seed=1), games=1)


def test_a_quality_reads_as_a_sentence_with_the_games_of_the_sides_judged():
    from ttt.learning.tabular import Quality
    assert str(Quality(3, 4, 5, 1, 2)) == \
        "an optimal move in 3 of 4 positions (75.00%); lost 3 of 10 games to perfect play"
    assert str(Quality(3, 4, 5, 1, 0, "X")).endswith("lost 1 of 5 games to perfect play")


def test_a_td_game_reads_as_lines_of_values_before_and_after():
    from ttt.learning.tabular import ValueTable, td_game
    from ttt.core.protocol import seeded_random
    table = ValueTable()
    game = td_game(table, seeded_random(3), alpha=0.5, epsilon=0.0)
    lines = table.game_text(game, {}).splitlines()
    assert len(lines) == len(game) and lines[-1].startswith(str(game[-1][0]))
    assert "value +0.000 -> " in lines[0]


def test_the_learned_player_is_called_td():
    from ttt.learning.tabular import ValueTable
    assert ValueTable().player(seed=1).__name__ == "td"
