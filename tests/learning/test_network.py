"""The two-headed network of ttt.learning.network: its input, its heads, its gradients (checked
against finite differences), its training, its file, and its refusals."""

import numpy as np
import pytest

from ttt.games.board import Board
from ttt.games.mnk import connect_four
from ttt.learning.network import (
    HIDDEN,
    Adam,
    encode,
    forward,
    gradients,
    legal_mask,
    load_network,
    loss,
    masked_softmax,
    new_network,
    predict,
    relu,
    save_network,
    shipped_network,
    train_step,
)


def test_the_planes_are_seen_from_the_player_to_move():
    # X . O
    # . X .
    # . . O      X to move: X's marks are the mover's plane
    board = Board.from_string("X.O|.X.|..O")
    planes = encode(board).reshape(3, 9)
    assert planes[0].nonzero()[0].tolist() == [0, 4]  # the mover's (X's)
    assert planes[1].nonzero()[0].tolist() == [2, 8]  # the opponent's (O's)
    assert planes[2].nonzero()[0].tolist() == [1, 3, 5, 6, 7]  # the empty cells
    # X . O
    # . X .
    # . . .      O to move: now O's marks are the mover's
    after = Board.from_string("X.O|.X.|...")
    assert encode(after).reshape(3, 9)[0].nonzero()[0].tolist() == [2]


def test_the_legal_moves_of_connect_four_are_columns():
    # . . . .
    # X . . .
    # O . . .
    # X . . O    column 0 is full after one more disc; all four columns are open
    position = connect_four(4, 4).play(0).play(3).play(0).play(0)
    assert legal_mask(position).tolist() == [True, True, True, True]
    assert legal_mask(position.play(0)).tolist() == [False, True, True, True]


def test_the_policy_gives_illegal_moves_nothing_and_adds_up_to_one():
    scores = np.array([5.0, 1.0, 100.0, -2.0])
    shares = masked_softmax(scores, np.array([True, True, False, True]))
    assert shares[2] == 0
    assert shares.sum() == pytest.approx(1)
    assert shares[0] > shares[1] > shares[3]
    assert relu(np.array([-1.0, 2.0])).tolist() == [0.0, 2.0]


def test_predict_gives_a_prior_for_each_legal_move_and_a_value_from_minus_one_to_one():
    # X O .
    # . X .
    # O . .      five legal moves
    board = Board.from_string("XO.|.X.|O..")
    priors, value = predict(new_network(board, seed=3), board)
    assert sorted(priors) == list(board.legal_moves)
    assert sum(priors.values()) == pytest.approx(1)
    assert -1 < value < 1
    policy, values = forward(new_network(board, seed=3), np.array([encode(board)] * 2),
                             np.array([legal_mask(board)] * 2))
    assert policy.shape == (2, 9) and values.shape == (2,)
    assert policy[0, [0, 1, 4, 6]].tolist() == [0, 0, 0, 0]


def _batch(rows: int, seed: int):
    """Random positions of random games with random targets: a batch to learn from."""
    rng = np.random.default_rng(seed)
    boards = []
    while len(boards) < rows:
        board = Board()
        for _ in range(rng.integers(0, 8)):
            if not board.is_over:
                board = board.play(int(rng.choice(board.legal_moves)))
        if not board.is_over:
            boards.append(board)
    legal = np.array([legal_mask(board) for board in boards])
    policies = rng.random(legal.shape) * legal
    policies /= policies.sum(axis=1, keepdims=True)
    return (np.array([encode(board) for board in boards]), legal, policies,
            rng.uniform(-1, 1, rows))


def test_the_backward_pass_agrees_with_finite_differences():
    network = new_network(Board(), hidden=8, seed=1)
    batch = _batch(6, seed=2)
    grads = gradients(network, *batch)
    rng = np.random.default_rng(0)
    for name, grad in grads.items():
        weights = getattr(network, name)
        for index in [tuple(rng.integers(0, size) for size in weights.shape) for _ in range(4)]:
            step = 1e-6
            weights[index] += step
            above = loss(network, *batch)
            weights[index] -= 2 * step
            below = loss(network, *batch)
            weights[index] += step
            assert grad[index] == pytest.approx((above - below) / (2 * step), abs=1e-6), name


def test_training_steps_lower_the_loss():
    network, batch = new_network(Board(), seed=4), _batch(32, seed=5)
    optimiser = Adam(0.01)
    policies = batch[2]
    # the cross-entropy never goes below the targets' own entropy: what training can remove is
    # the rest (how far the policy is from its targets, and the value's error)
    floor = -(policies * np.log(np.where(policies > 0, policies, 1))).sum() / len(policies)
    first = train_step(network, optimiser, *batch)
    for _ in range(100):
        train_step(network, optimiser, *batch)
    assert loss(network, *batch) - floor < (first - floor) / 4


def test_a_saved_network_loads_with_the_same_answers(tmp_path):
    board = Board.from_string("X..|.O.|...")
    network = new_network(board, seed=7)
    save_network(network, tmp_path / "n.npz")
    loaded = load_network(tmp_path / "n.npz")
    assert loaded.board == (3, 3, 3, False)
    priors, value = predict(network, board)
    loaded_priors, loaded_value = predict(loaded, board)
    assert loaded_value == pytest.approx(value, abs=1e-6)
    assert loaded_priors == pytest.approx(priors, abs=1e-6)


def test_the_shipped_network_is_for_tic_tac_toe():
    network = shipped_network()
    assert network.board == (3, 3, 3, False)
    assert network.hidden.shape == (27, HIDDEN)


def test_a_network_refuses_another_board_and_a_finished_game():
    network = new_network(Board())
    with pytest.raises(ValueError, match="made for 3 in a row 3 x 3, got a position of "
                                         "Connect Four 4 x 4"):
        predict(network, connect_four(4, 4))
    # X X X
    # O O .
    # . . .      X has won
    with pytest.raises(ValueError, match="over"):
        predict(network, Board.from_string("XXX|OO.|..."))
    with pytest.raises(TypeError, match="network"):
        predict("a network", Board())


def test_a_batch_of_the_wrong_shape_is_refused_and_changes_nothing():
    network = new_network(Board(), seed=1)
    before = network.hidden.copy()
    planes, legal, policies, values = _batch(4, seed=1)
    with pytest.raises(ValueError, match=r"values is an array of shape \(4,\)"):
        train_step(network, Adam(), planes, legal, policies, values[:3])
    with pytest.raises(ValueError, match=r"planes is an array of shape \(4, 27\)"):
        loss(network, planes[:, :9], legal, policies, values)
    with pytest.raises(ValueError, match="finite"):
        loss(network, planes, legal, policies, values * np.nan)
    with pytest.raises(ValueError, match="rate"):
        Adam(rate=2)
    assert (network.hidden == before).all()
