"""The two-headed network of ttt.learning.network: its input, its heads, its gradients (checked
against finite differences), its training, its file, and its refusals."""

import copy
import json
import math
import random
from pathlib import Path

import pytest

import ttt
import ttt.learning.network as network_module
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
    weight_count,
)
from ttt.learning.selfplay import Training, train_network
from ttt.search.counting import reachable_positions


def test_the_planes_are_seen_from_the_player_to_move():
    # X . O
    # . X .
    # . . O      X to move: X's marks are the mover's plane
    board = Board.from_string("X.O|.X.|..O")
    planes = encode(board)
    assert _ones(planes[:9]) == [0, 4]  # the mover's (X's)
    assert _ones(planes[9:18]) == [2, 8]  # the opponent's (O's)
    assert _ones(planes[18:]) == [1, 3, 5, 6, 7]  # the empty cells
    # X . O
    # . X .
    # . . .      O to move: now O's marks are the mover's
    after = Board.from_string("X.O|.X.|...")
    assert _ones(encode(after)[:9]) == [2]


def _ones(plane):
    return [cell for cell, x in enumerate(plane) if x == 1.0]


def test_the_legal_moves_of_connect_four_are_columns():
    # . . . .
    # X . . .
    # O . . .
    # X . . O    column 0 is full after one more disc; all four columns are open
    position = connect_four(4, 4).play(0).play(3).play(0).play(0)
    assert legal_mask(position) == [True, True, True, True]
    assert legal_mask(position.play(0)) == [False, True, True, True]


def test_the_policy_gives_illegal_moves_nothing_and_adds_up_to_one():
    shares = masked_softmax([5.0, 1.0, 100.0, -2.0], [True, True, False, True])
    assert shares[2] == 0
    assert sum(shares) == pytest.approx(1)
    assert shares[0] > shares[1] > shares[3]
    assert shares[0] == pytest.approx(math.exp(5) / (math.exp(5) + math.exp(1) + math.exp(-2)))
    assert [relu(-1.0), relu(2.0)] == [0.0, 2.0]


def test_predict_gives_a_prior_for_each_legal_move_and_a_value_from_minus_one_to_one():
    # X O .
    # . X .
    # O . .      five legal moves
    board = Board.from_string("XO.|.X.|O..")
    priors, value = predict(new_network(board, seed=3), board)
    assert sorted(priors) == list(board.legal_moves)
    assert sum(priors.values()) == pytest.approx(1)
    assert -1 < value < 1
    policy, value_again = forward(new_network(board, seed=3), encode(board), legal_mask(board))
    assert len(policy) == 9 and value_again == value
    assert [policy[cell] for cell in (0, 1, 4, 6)] == [0, 0, 0, 0]


def _batch(rows: int, seed: int):
    """Random positions of random games with random targets: a batch to learn from."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < rows:
        board = Board()
        for _ in range(rng.randrange(8)):
            if not board.is_over:
                board = board.play(rng.choice(board.legal_moves))
        if not board.is_over:
            boards.append(board)
    legal = [legal_mask(board) for board in boards]
    policies = [[rng.random() * allowed for allowed in row] for row in legal]
    policies = [[share / sum(row) for share in row] for row in policies]
    return ([encode(board) for board in boards], legal, policies,
            [rng.uniform(-1, 1) for _ in range(rows)])


def test_the_backward_pass_agrees_with_finite_differences():
    network = new_network(Board(), hidden=8, seed=1)
    batch = _batch(6, seed=2)
    grads = gradients(network, *batch)
    rng = random.Random(0)
    for name, grad in grads.items():
        weights = getattr(network, name)
        rows = weights if isinstance(weights[0], list) else [weights]
        grad_rows = grad if isinstance(grad[0], list) else [grad]
        for _ in range(4):
            unit = rng.randrange(len(rows))
            index = rng.randrange(len(rows[unit]))
            step = 1e-6
            rows[unit][index] += step
            above = loss(network, *batch)
            rows[unit][index] -= 2 * step
            below = loss(network, *batch)
            rows[unit][index] += step
            assert grad_rows[unit][index] == pytest.approx((above - below) / (2 * step),
                                                           abs=1e-6), name


def test_training_steps_lower_the_loss():
    network, batch = new_network(Board(), seed=4), _batch(32, seed=5)
    optimiser = Adam(0.01)
    policies = batch[2]
    # the cross-entropy never goes below the targets' own entropy: what training can remove is
    # the rest (how far the policy is from its targets, and the value's error)
    floor = -sum(t * math.log(t) for row in policies for t in row if t) / len(policies)
    first = train_step(network, optimiser, *batch)
    for _ in range(100):
        train_step(network, optimiser, *batch)
    assert loss(network, *batch) - floor < (first - floor) / 4


def test_a_saved_network_loads_with_the_same_answers(tmp_path):
    board = Board.from_string("X..|.O.|...")
    network = new_network(board, seed=7)
    save_network(network, tmp_path / "n.json")
    loaded = load_network(tmp_path / "n.json")
    assert loaded.board == (3, 3, 3, False)
    priors, value = predict(network, board)
    loaded_priors, loaded_value = predict(loaded, board)
    assert loaded_value == pytest.approx(value, abs=1e-4)
    assert loaded_priors == pytest.approx(priors, abs=1e-4)
    assert weight_count(loaded) == weight_count(network) == 27 * 64 + 64 + 64 * 9 + 9 + 64 + 1


def test_the_shipped_network_is_for_tic_tac_toe():
    network = shipped_network()
    assert network.board == (3, 3, 3, False)
    assert (len(network.hidden), len(network.hidden[0])) == (27, HIDDEN)  # a row per input
    shipped = json.loads((Path(ttt.__file__).parent / "data" / "zero.json").read_text())
    assert shipped["board"] == [3, 3, 3, False]


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
    before = copy.deepcopy(network.weights())
    planes, legal, policies, values = _batch(4, seed=1)
    with pytest.raises(ValueError, match="values has one number per position, 4, got 3"):
        train_step(network, Adam(), planes, legal, policies, values[:3])
    with pytest.raises(ValueError, match="planes has 4 rows .* of 27 numbers"):
        loss(network, [row[:9] for row in planes], legal, policies, values)
    with pytest.raises(ValueError, match="finite"):
        loss(network, planes, legal, policies, [math.nan] * 4)
    with pytest.raises(ValueError, match="rate"):
        Adam(rate=2)
    assert network.weights() == before


# --- the fast copy (numpy, used for training where numpy is there) against the plain Python ---


def test_the_fast_copy_gives_the_plain_loss_and_gradients_on_every_position():
    positions = [board for board in reachable_positions() if not board.is_over]  # all 4,520
    rng = random.Random(3)
    legal = [legal_mask(board) for board in positions]
    policies = [[rng.random() * allowed for allowed in row] for row in legal]
    batch = ([encode(board) for board in positions], legal,
             [[share / sum(row) for share in row] for row in policies],
             [rng.uniform(-1, 1) for _ in positions])
    network = shipped_network()
    plain_loss, plain = network_module._plain_loss_and_gradients(network, *batch)
    fast_loss, fast = network_module._fast_loss_and_gradients(network, *batch)
    assert fast_loss == pytest.approx(plain_loss, abs=1e-9)
    assert _largest_difference(fast, plain) < 1e-9


def test_training_with_and_without_numpy_gives_the_same_weights(monkeypatch):
    training = Training(rounds=3, games=10, playouts=20, epochs=2, window=2, hidden=16)
    fast = train_network(training, seed=2)
    monkeypatch.setattr(network_module, "_numpy", lambda: None)
    plain = train_network(training, seed=2)
    # the two sum in another order: equal to the last few bits, after 3 rounds of self-play
    assert _largest_difference(fast.weights(), plain.weights()) < 1e-9


def _largest_difference(first: dict, second: dict) -> float:
    return max(abs(a - b) for name in first
               for row_a, row_b in zip(network_module._rows(first[name]),
                                       network_module._rows(second[name]), strict=True)
               for a, b in zip(row_a, row_b, strict=True))


def _adam_by_hand(steps: list[float], rate: float, beta1: float = 0.9,
                  beta2: float = 0.999) -> float:
    """How far Adam (Kingma and Ba, 2015, Algorithm 1) moves one weight in all after these
    gradients, one a step: running means of the gradient and of its square, each divided by
    1 - beta^t to undo their start at 0."""
    mean = square = moved = 0.0
    for t, grad in enumerate(steps, start=1):
        mean = beta1 * mean + (1 - beta1) * grad
        square = beta2 * square + (1 - beta2) * grad * grad
        moved -= rate * (mean / (1 - beta1 ** t)) / (math.sqrt(square / (1 - beta2 ** t)) + 1e-8)
    return moved


def test_adams_steps_are_the_papers_with_its_bias_correction():
    # issue 48: without the correction the first step is √(1 - β2) / (1 - β1) ≈ 0.32 times the
    # rate, and no other test noticed. With it, the first step of every weight is the rate itself
    # (against its gradient's sign), whatever the gradient's size; the later steps as the paper's.
    network = new_network(Board(), hidden=4, seed=3)
    optimiser = Adam(0.01)
    before = copy.deepcopy(network.weights())
    batches = [_batch(4, seed=seed) for seed in (11, 12, 13)]
    history = []
    for batch in batches:
        grads = gradients(network, *batch)
        history.append(grads)
        optimiser.step(network, grads)
    after = network.weights()
    for name in before:
        old = before[name] if isinstance(before[name][0], list) else [before[name]]
        new = after[name] if isinstance(after[name][0], list) else [after[name]]
        for unit, row in enumerate(old):
            for index, weight in enumerate(row):
                seen = [grads[name] if not isinstance(grads[name][0], list) else
                        grads[name][unit] for grads in history]
                steps = [column[index] for column in seen]
                assert new[unit][index] - weight == pytest.approx(
                    _adam_by_hand(steps, 0.01), rel=1e-6, abs=1e-12), (name, unit, index)
    first = new_network(Board(), hidden=4, seed=3)
    start = copy.deepcopy(first.weights())
    grads = gradients(first, *batches[0])
    Adam(0.01).step(first, grads)
    moved = [abs(a - b) for name in start for a, b in zip(
        sum(_as_rows(first.weights()[name]), []), sum(_as_rows(start[name]), []), strict=True)]
    nonzero = [abs(g) > 1e-6 for name in start for g in sum(_as_rows(grads[name]), [])]
    assert all(step == pytest.approx(0.01, rel=1e-3) for step, big in zip(moved, nonzero,
                                                                           strict=True) if big)


def _as_rows(array):
    """A matrix's rows; a vector as one row."""
    return array if isinstance(array[0], list) else [array]
