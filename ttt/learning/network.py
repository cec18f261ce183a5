"""A small neural network with two heads, in plain Python: what AlphaZero's search is guided by.

A table (lesson 9) keeps one value per position, and learns nothing about a position it has not
met. A network is a function of the position's cells: what it learns from one position changes
its answer for all the positions that look alike, so it can play positions it never saw, and its
size does not grow with the game's.

- **The position as numbers** (``encode``): three planes of the board's cells, from the point of
  view of the player to move: 1 where the mover has a mark, 1 where the opponent has one, 1 where
  the cell is empty (0 elsewhere). Seen from the mover, X's and O's positions are one problem.
- **One shared hidden layer**: each hidden unit is a weighted sum of the inputs plus a bias,
  kept if positive (``relu``): features of the position that both heads read.
- **The policy head**: a score for every move of the board, a weighted sum of the features;
  illegal moves masked out, the rest turned into shares that add up to 1 by the softmax: how
  promising each move looks.
- **The value head**: one weighted sum, squashed by tanh into -1 (a sure loss for the mover) ..
  +1 (a sure win).

Plain Python lists, no numpy: the browser-only version of the course (Pyodide) has no numpy to
load, and the network is small. A layer's weights are a table with a row per input and a column
per unit (``layer``), as a textbook draws the product of a row of inputs and a matrix.
``forward`` is the whole network, as the lesson shows it. Training (``gradients``,
``train_step``) lowers the loss AlphaZero uses: cross-entropy between the policy and the
search's visit shares, plus the squared error of the value against the game's result, by the
gradients of the backward pass written out below and Adam's steps (where numpy is there,
training takes a batch's loss and gradients from a fast copy of that arithmetic with numpy,
``_fast_loss_and_gradients``, which tests/learning/test_network.py checks against it).
``save_network`` and ``load_network`` keep a network in a small JSON file; ``shipped_network`` is
the one trained for tic-tac-toe (``ttt.learning.selfplay``, ``make network``) that the package
ships.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from functools import cache
from importlib import resources
from operator import mul
from pathlib import Path
from typing import Any

from ttt.core.arguments import at_least, checked, unchecked, within
from ttt.core.protocol import check_not_over
from ttt.games.grid import Grid

__all__ = ["HIDDEN", "Adam", "Network", "encode", "forward", "gradients", "layer", "legal_mask",
           "load_network", "loss", "masked_softmax", "new_network", "predict", "relu",
           "save_network", "shipped_network", "train_step", "weight_count"]

#: Why ``forward``'s steps go unchecked.
_A_STEP_OF_FORWARD = ("a step of forward, which the searches call at every position; "
                      "shown in lesson 10")

#: Units of the hidden layer: enough for tic-tac-toe's 4,520 positions to be told apart where it
#: matters, few enough to train in seconds.
HIDDEN = 64
#: The file of the shipped network, in the package (made by ``make network``).
SHIPPED = "zero.json"
#: The names of a network's weights: each a matrix (a list of rows, one per input of the layer,
#: each with a weight per unit) or a vector (the layer's biases, one per unit).
NAMES = ("hidden", "hidden_bias", "policy", "policy_bias", "value", "value_bias")

Vector = list[float]
Matrix = list[list[float]]


@dataclass(eq=False)  # compared by identity: a network is a thing that changes as it learns
class Network:
    """A two-headed network for one board size: ``board`` is (columns, rows, k, gravity); the
    weights and biases of the hidden layer (a row per input: its weight for each hidden unit),
    the policy head (a row per hidden unit: its weight for each move) and the value head (a row
    per hidden unit, of one weight)."""

    board: tuple[int, int, int, bool]
    hidden: Matrix
    hidden_bias: Vector
    policy: Matrix
    policy_bias: Vector
    value: Matrix
    value_bias: Vector

    def weights(self) -> dict[str, Matrix | Vector]:
        """Every weight matrix and bias vector, by name."""
        return {name: getattr(self, name) for name in NAMES}

    def check_fits(self, position: Any) -> None:
        """A ValueError unless ``position`` is of the board this network was made for."""
        if not isinstance(position, Grid):
            raise TypeError(f"a network reads a board's cells: a position of a grid game "
                            f"(Board, connect_four, mnk) is needed, got "
                            f"{type(position).__name__}")
        if _board_of(position) != self.board:
            raise ValueError(f"this network was made for {_board_in_words(self.board)}, got a "
                             f"position of {_board_in_words(_board_of(position))}")


def _board_of(position: Grid) -> tuple[int, int, int, bool]:
    shape = position.shape
    return shape.columns, shape.rows, shape.k, shape.gravity


def _board_in_words(board: tuple[int, int, int, bool]) -> str:
    columns, rows, k, gravity = board
    return f"{'Connect Four' if gravity else f'{k} in a row'} {columns} x {rows}"


@checked
def weight_count(network: Network) -> int:
    """How many numbers ``network`` is made of: its weights and biases."""
    return sum(len(row) for array in network.weights().values() for row in _rows(array))


def _rows(array: Matrix | Vector) -> Matrix:
    """A matrix's rows; a vector as a matrix of one row."""
    return array if array and isinstance(array[0], list) else [array]  # type: ignore[list-item]


def _random_matrix(rng: random.Random, inputs: int, units: int, limit: float) -> Matrix:
    return [[rng.uniform(-limit, limit) for _ in range(units)] for _ in range(inputs)]


@checked(hidden=at_least(1, 4096, " (a bigger layer would not fit a class's machines)"),
         seed=at_least(0, 2 ** 64 - 1, " (a seed is a whole number from 0)"))
def new_network(position: Grid, hidden: int = HIDDEN, seed: int = 0) -> Network:
    """A network for ``position``'s board with random weights, drawn evenly from a range that
    keeps the relu layer's output the size of its input (He's scale, √(6 / inputs)), and small
    heads so that it starts with nearly even priors and values near 0: the same ``seed``, the
    same network, on every machine (uniform draws need no library's logarithm)."""
    rng = random.Random(seed)
    shape = position.shape
    inputs, moves = 3 * shape.size, len(shape.moves)
    return Network(
        _board_of(position),
        _random_matrix(rng, inputs, hidden, math.sqrt(6 / inputs)), [0.0] * hidden,
        _random_matrix(rng, hidden, moves, 0.02), [0.0] * moves,
        _random_matrix(rng, hidden, 1, 0.02), [0.0])


@checked
def encode(position: Grid) -> Vector:
    """The network's input for ``position``: three planes of its cells, each 1.0 or 0.0, one
    after the other: the mover's marks, the opponent's marks, the empty cells."""
    x, o = position.bits
    mine, theirs = (x, o) if position.to_move == "X" else (o, x)
    cells = range(position.shape.size)
    mine_plane = [float(mine >> cell & 1) for cell in cells]
    their_plane = [float(theirs >> cell & 1) for cell in cells]
    empty = [1.0 - a - b for a, b in zip(mine_plane, their_plane, strict=True)]
    return mine_plane + their_plane + empty


@checked
def legal_mask(position: Grid) -> list[bool]:
    """For each move of the board (cell, or Connect Four's column): True if it is legal now."""
    legal = set(position.legal_moves)
    return [move in legal for move in range(len(position.shape.moves))]


@unchecked(_A_STEP_OF_FORWARD)
def relu(x: float) -> float:
    """The hidden layer's non-linearity: x where it is positive, else 0."""
    return x if x > 0 else 0.0


def layer(inputs: Vector, weights: Matrix, biases: Vector) -> Vector:
    """A layer's weighted sums, one per unit: its bias plus each input times the input's weight
    for it (``weights`` has a row per input, a column per unit). An input of 0 adds nothing, and
    is skipped: a position's planes are mostly 0."""
    sums = biases
    for x, row in zip(inputs, weights, strict=True):
        if x:
            sums = [total + x * weight for total, weight in zip(sums, row, strict=True)]
    return sums


# wrapped below its def, not above it: a lesson shows the def alone (inspect.getsource)
layer = unchecked(_A_STEP_OF_FORWARD)(layer)


def masked_softmax(scores: Vector, legal: list[bool]) -> Vector:
    """Shares adding up to 1 over the legal moves, in proportion to exp(score); 0 for the illegal
    ones, whatever their score."""
    top = max(score for score, allowed in zip(scores, legal, strict=True) if allowed)
    # the same shares without overflow: every exp is of a score minus the largest
    exps = [math.exp(score - top) if allowed else 0.0
            for score, allowed in zip(scores, legal, strict=True)]
    total = sum(exps)
    return [share / total for share in exps]


masked_softmax = unchecked(_A_STEP_OF_FORWARD)(masked_softmax)


def forward(network: Network, planes: Vector, legal: list[bool]) -> tuple[Vector, float]:
    """The network's answer for an encoded position ``planes`` and its legal moves: (policy,
    value). The policy gives each move a share; the value is for the player to move, from -1 to
    +1."""
    hidden = [relu(s) for s in layer(planes, network.hidden, network.hidden_bias)]
    policy = masked_softmax(layer(hidden, network.policy, network.policy_bias), legal)
    value = math.tanh(layer(hidden, network.value, network.value_bias)[0])
    return policy, value


@checked
def predict(network: Network, position: Grid) -> tuple[dict[int, float], float]:
    """What ``network`` thinks of ``position``: a prior for each legal move, and the value for the
    player to move. This is the guide of ``ttt.search.mcts.guided_mcts``."""
    network.check_fits(position)
    check_not_over(position)
    policy, value = forward(network, encode(position), legal_mask(position))
    return {move: policy[move] for move in position.legal_moves}, value


# --- training ------------------------------------------------------------------------------------


def _check_batch(network: Network, planes: Matrix, legal: list[list[bool]], policies: Matrix,
                 values: Vector) -> None:
    """A ValueError unless the lists are a batch this network can learn from: one row per
    position, of the right widths, finite numbers."""
    inputs, moves = len(network.hidden), len(network.policy_bias)
    rows = len(planes)
    expected = {"planes": (planes, inputs), "legal": (legal, moves), "policies": (policies, moves)}
    for name, (table, width) in expected.items():
        if len(table) != rows or any(len(row) != width for row in table):
            raise ValueError(f"{name} has {rows} rows (one per position) of {width} numbers, got "
                             f"{len(table)} rows of {sorted({len(row) for row in table})[:3]}")
    if len(values) != rows:
        raise ValueError(f"values has one number per position, {rows}, got {len(values)}")
    if not all(math.isfinite(x) for row in (*planes, *policies, values) for x in row):
        raise ValueError("planes, policies and values are finite numbers")


@checked
def loss(network: Network, planes: Matrix, legal: list[list[bool]], policies: Matrix,
         values: Vector) -> float:
    """AlphaZero's loss on a batch, averaged over its positions: the cross-entropy of the
    network's policy against the target ``policies`` (visit shares), plus the squared error of
    its value against the target ``values`` (results for the mover)."""
    _check_batch(network, planes, legal, policies, values)
    return _loss_and_gradients(network, planes, legal, policies, values)[0]


@checked
def gradients(network: Network, planes: Matrix, legal: list[list[bool]], policies: Matrix,
              values: Vector) -> dict[str, Matrix | Vector]:
    """The gradient of ``loss`` for each weight, by name and shaped as the weights: how the loss
    changes as each weight grows (the backward pass)."""
    _check_batch(network, planes, legal, policies, values)
    return _loss_and_gradients(network, planes, legal, policies, values)[1]


def _zeros_like(array: Matrix | Vector) -> Matrix | Vector:
    if array and isinstance(array[0], list):
        return [[0.0] * len(row) for row in array]  # type: ignore[arg-type]
    return [0.0] * len(array)


def _loss_and_gradients(network: Network, planes: Matrix, legal: list[list[bool]],
                        policies: Matrix, values: Vector) -> tuple[float, dict[str, Any]]:
    """The loss and its gradients: numpy's fast copy where numpy is there (the same numbers,
    tests/learning/test_network.py checks), else the plain Python below."""
    if _numpy() is not None:
        return _fast_loss_and_gradients(network, planes, legal, policies, values)
    return _plain_loss_and_gradients(network, planes, legal, policies, values)


def _plain_loss_and_gradients(network: Network, planes: Matrix, legal: list[list[bool]],
                              policies: Matrix, values: Vector) -> tuple[float, dict[str, Any]]:
    """The loss and its gradients, summed over the positions of the batch then divided by their
    number."""
    grads = {name: _zeros_like(array) for name, array in network.weights().items()}
    total = sum(_add_gradients(network, grads, *example)
                for example in zip(planes, legal, policies, values, strict=True))
    rows = len(planes)
    for array in grads.values():
        for row in _rows(array):
            row[:] = [x / rows for x in row]
    return total / rows, grads


def _add_gradients(network: Network, grads: dict[str, Any], planes: Vector, legal: list[bool],
                   target_policy: Vector, target_value: float) -> float:
    """One position's loss, its gradients added to ``grads``: the forward pass, keeping what the
    backward pass needs, then the chain rule from the loss back to each weight."""
    hidden = [relu(s) for s in layer(planes, network.hidden, network.hidden_bias)]
    policy = masked_softmax(layer(hidden, network.policy, network.policy_bias), legal)
    value = math.tanh(layer(hidden, network.value, network.value_bias)[0])
    cross_entropy = -sum(t * math.log(p) for t, p in zip(target_policy, policy, strict=True) if t)
    # softmax with cross-entropy: a move's score has the gradient policy minus target
    policy_errors = [p - t for p, t in zip(policy, target_policy, strict=True)]
    value_error = 2 * (value - target_value) * (1 - value ** 2)  # tanh' = 1 - tanh²
    # each unit's error, passed back to the hidden units through the heads' weights; relu
    # passes it on only where it let the sum through
    back = [value_error * network.value[unit][0] + sum(map(mul, network.policy[unit],
                                                          policy_errors)) if feature else 0.0
            for unit, feature in enumerate(hidden)]
    _add_outer(grads["policy"], grads["policy_bias"], hidden, policy_errors)
    _add_outer(grads["value"], grads["value_bias"], hidden, [value_error])
    _add_outer(grads["hidden"], grads["hidden_bias"], planes, back)
    return cross_entropy + (value - target_value) ** 2


def _add_outer(weights: Matrix, biases: Vector, inputs: Vector, errors: Vector) -> None:
    """Add a layer's gradients for one position to ``weights`` and ``biases``, in place: a
    weight's is its input times its unit's error, a bias's its unit's error (an input of 0
    adds nothing)."""
    biases[:] = [total + error for total, error in zip(biases, errors, strict=True)]
    for x, row in zip(inputs, weights, strict=True):
        if x:
            row[:] = [total + x * error for total, error in zip(row, errors, strict=True)]


# --- the fast copy: the batch's loss and gradients with numpy, when numpy is there ---------------


@cache
def _numpy() -> Any:
    """numpy, for the fast copy of training's arithmetic only, else None (the browser-only
    version: Pyodide's numpy is on no registry). Imported at training's first batch, not with
    this module: a player that only plays, as a contest's seat under its limits, never loads it
    (under a limit of no new processes, numpy's start fails)."""
    try:
        import numpy
    except ModuleNotFoundError:
        return None
    return numpy


def _fast_loss_and_gradients(network: Network, planes: Matrix, legal: list[list[bool]],
                             policies: Matrix, values: Vector) -> tuple[float, dict[str, Any]]:
    """``_plain_loss_and_gradients`` with numpy's arrays, the whole batch at once: the same
    formulas, as matrix products (training on the desktop goes fifty times faster)."""
    np = _numpy()
    w = {name: np.array(array, dtype=float) for name, array in network.weights().items()}
    x, allowed = np.array(planes, dtype=float), np.array(legal, dtype=bool)
    target, result = np.array(policies, dtype=float), np.array(values, dtype=float)
    rows = len(x)
    hidden = np.maximum(x @ w["hidden"] + w["hidden_bias"], 0)
    scores = np.where(allowed, hidden @ w["policy"] + w["policy_bias"], -np.inf)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    policy = exps / exps.sum(axis=1, keepdims=True)
    value = np.tanh(hidden @ w["value"] + w["value_bias"])[:, 0]
    log_policy = np.log(np.where(target > 0, policy, 1.0))  # a target of 0 adds nothing
    total = (-(target * log_policy).sum() + ((value - result) ** 2).sum()) / rows
    policy_errors = (policy - target) / rows
    value_errors = (2 * (value - result) * (1 - value ** 2) / rows)[:, None]
    back = (policy_errors @ w["policy"].T + value_errors @ w["value"].T) * (hidden > 0)
    grads = {"hidden": x.T @ back, "hidden_bias": back.sum(axis=0),
             "policy": hidden.T @ policy_errors, "policy_bias": policy_errors.sum(axis=0),
             "value": hidden.T @ value_errors, "value_bias": value_errors.sum(axis=0)}
    return float(total), {name: grad.tolist() for name, grad in grads.items()}


def _gradients_of(value: object, name: str, arguments: dict) -> None:
    """The rule of gradients to step by: by weight name, finite numbers shaped as the network's
    weights of that name (what ``gradients`` returns)."""
    network = arguments.get("network")
    weights = network.weights() if isinstance(network, Network) else {}
    if not isinstance(value, dict) or not value or not set(value) <= set(weights):
        raise ValueError(f"{name} maps the network's weight names ({', '.join(NAMES)}) to "
                         f"gradients, got {value!r:.60}")
    for key, grad in value.items():
        if not isinstance(grad, list) or [len(row) for row in _rows(grad)] != [
                len(row) for row in _rows(weights[key])] or not all(
                isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
                for row in _rows(grad) for x in row):
            raise ValueError(f"{name}[{key!r}] is finite numbers shaped as the network's "
                             f"{key} weights (what gradients returns), got {grad!r:.60}")


_gradients_of.with_arguments = True  # type: ignore[attr-defined]


@checked(rate=within(0, 1, "a learning rate, more than 0 and at most 1", low_open=True))
class Adam:
    """Adam (Kingma and Ba, 2015): each weight steps against its gradient, by ``rate`` times the
    gradient's running mean over the root of its running square, so that every weight moves at
    a similar pace whatever the size of its gradients."""

    def __init__(self, rate: float = 0.01, beta1: float = 0.9, beta2: float = 0.999) -> None:
        self.rate, self.beta1, self.beta2 = rate, beta1, beta2
        self.mean: dict[str, Any] = {}
        self.square: dict[str, Any] = {}
        self.steps = 0

    @checked(grads=_gradients_of)
    def step(self, network: Network, grads: dict[str, Any]) -> None:
        """Move each of ``network``'s weights one step down its gradient in ``grads``."""
        self.steps += 1
        # the running means start at 0: dividing by 1 - beta^steps undoes that bias
        unbias1, unbias2 = 1 - self.beta1 ** self.steps, 1 - self.beta2 ** self.steps
        for name, grad in grads.items():
            means = _rows(self.mean.setdefault(name, _zeros_like(grad)))
            squares = _rows(self.square.setdefault(name, _zeros_like(grad)))
            for weights, g, mean, square in zip(_rows(getattr(network, name)), _rows(grad),
                                                means, squares, strict=True):
                mean[:] = [self.beta1 * m + (1 - self.beta1) * d
                           for m, d in zip(mean, g, strict=True)]
                square[:] = [self.beta2 * s + (1 - self.beta2) * d * d
                             for s, d in zip(square, g, strict=True)]
                weights[:] = [w - self.rate * (m / unbias1) / (math.sqrt(s / unbias2) + 1e-8)
                              for w, m, s in zip(weights, mean, square, strict=True)]


def train_step(network: Network, optimiser: Adam, planes: Matrix, legal: list[list[bool]],
               policies: Matrix, values: Vector) -> float:
    """One step of training on a batch: the loss before it, and ``network`` moved one step of
    ``optimiser`` down the loss's gradients."""
    _check_batch(network, planes, legal, policies, values)
    total, grads = _loss_and_gradients(network, planes, legal, policies, values)
    optimiser.step(network, grads)
    return total


train_step = checked(train_step)


# --- the file ------------------------------------------------------------------------------------

#: Significant digits a saved weight keeps: the file stays small, and a tanh or softmax of sums of
#: a few dozen of them moves by far less than the shares the lesson prints.
_DIGITS = 5


def _a_json_file(value: object, name: str) -> None:
    """The rule of a network's file: a path (str or Path) whose name ends in '.json'."""
    if not isinstance(value, (str, Path)) or not str(value).endswith(".json"):
        raise ValueError(f"{name} is the path of a .json file (its name ending in '.json'), got "
                         f"{value!r:.60}")


def _a_saved_network(value: object, name: str) -> None:
    """The rule of a network to load: an existing .json file."""
    _a_json_file(value, name)
    if not Path(value).is_file():
        raise ValueError(f"{name} is a network's file saved by save_network, but there is no "
                         f"file {str(value)!r:.60}")


def _rounded(array: Matrix | Vector) -> Matrix | Vector:
    if array and isinstance(array[0], list):
        return [_rounded(row) for row in array]  # type: ignore[misc]
    return [float(f"{x:.{_DIGITS}g}") for x in array]  # type: ignore[union-attr]


@checked(path=_a_json_file)
def save_network(network: Network, path: str | Path) -> None:
    """Write ``network`` to ``path``, a ``.json`` file: its board and its weights, each to
    ``_DIGITS`` significant digits."""
    saved = {"board": list(network.board),
             **{name: _rounded(array) for name, array in network.weights().items()}}
    Path(path).write_text(json.dumps(saved, separators=(",", ":")) + "\n")


@checked(path=_a_saved_network)
def load_network(path: str | Path) -> Network:
    """The network saved in ``path`` by ``save_network``."""
    saved = json.loads(Path(path).read_text())
    columns, rows, k, gravity = saved["board"]
    return Network((columns, rows, k, bool(gravity)), *(saved[name] for name in NAMES))


@cache
def shipped_network() -> Network:
    """The tic-tac-toe network the package ships, trained by self-play from a fixed seed
    (``make network``): loaded once a session."""
    with resources.as_file(resources.files("ttt") / "data" / SHIPPED) as path:
        return load_network(path)
