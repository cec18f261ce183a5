"""A small neural network with two heads, in numpy: what AlphaZero's search is guided by.

A table (lesson 9) keeps one value per position, and learns nothing about a position it has not
met. A network is a function of the position's cells: what it learns from one position changes
its answer for all the positions that look alike, so it can play positions it never saw, and its
size does not grow with the game's.

- **The position as numbers** (``encode``): three planes of the board's cells, from the point of
  view of the player to move: 1 where the mover has a mark, 1 where the opponent has one, 1 where
  the cell is empty (0 elsewhere). Seen from the mover, X's and O's positions are one problem.
- **One shared hidden layer**: ``hidden = relu(planes @ W + b)``, features of the position that
  both heads read.
- **The policy head**: a score for every move of the board, illegal moves masked out, turned
  into shares that add up to 1 by the softmax: how promising each move looks.
- **The value head**: one number, squashed by tanh into -1 (a sure loss for the mover) .. +1 (a
  sure win).

``forward`` is the whole network, as the lesson shows it. Training (``gradients``,
``train_step``) lowers the loss AlphaZero uses: cross-entropy between the policy and the
search's visit shares, plus the squared error of the value against the game's result, by the
gradients of the backward pass written out below and Adam's steps. ``save_network`` and
``load_network`` keep a network in a small ``.npz`` file; ``shipped_network`` is the one trained
for tic-tac-toe (``ttt.learning.selfplay``) that the package ships.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ttt.core.arguments import at_least, checked, unchecked, within
from ttt.core.protocol import check_not_over
from ttt.games.grid import Grid

#: What a lesson says where numpy cannot be loaded: the browser-only version serves Pyodide's
#: core and pure-Python wheels only, and no registry this course builds from has Pyodide's numpy.
NO_NUMPY = ("this part of the course needs numpy, which the browser-only version cannot load yet: "
            "open the lesson in JupyterLab (make lab) or on your class's hub")

try:
    import numpy as np
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(NO_NUMPY, name="numpy") from missing

__all__ = ["HIDDEN", "Adam", "Network", "encode", "forward", "gradients", "legal_mask",
           "load_network", "loss", "masked_softmax", "new_network", "predict", "save_network",
           "shipped_network", "train_step"]

#: Units of the hidden layer: enough for tic-tac-toe's 4,520 positions to be told apart where it
#: matters, few enough to train in seconds.
HIDDEN = 64
#: The file of the shipped network, in the package (made by ``python -m ttt.learning.selfplay
# train``).
SHIPPED = "zero.npz"


@dataclass(eq=False)  # compared by identity: a network is a thing that changes as it learns
class Network:
    """A two-headed network for one board size: ``board`` is (columns, rows, k, gravity); the
    weights and biases of the hidden layer, the policy head and the value head."""

    board: tuple[int, int, int, bool]
    hidden: np.ndarray
    hidden_bias: np.ndarray
    policy: np.ndarray
    policy_bias: np.ndarray
    value: np.ndarray
    value_bias: np.ndarray
    names: tuple[str, ...] = field(default=("hidden", "hidden_bias", "policy", "policy_bias",
                                            "value", "value_bias"), repr=False)

    def weights(self) -> dict[str, np.ndarray]:
        """Every weight array, by name."""
        return {name: getattr(self, name) for name in self.names}

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


@checked(hidden=at_least(1, 4096, " (a bigger layer would not fit a class's machines)"),
         seed=at_least(0, 2 ** 64 - 1, " (numpy's generator takes seeds from 0)"))
def new_network(position: Grid, hidden: int = HIDDEN, seed: int = 0) -> Network:
    """A network for ``position``'s board with random weights (He's scale for the relu layer,
    small heads so that it starts with nearly even priors and values near 0): the same ``seed``,
    the same network."""
    rng = np.random.default_rng(seed)
    shape = position.shape
    inputs, moves = 3 * shape.size, len(shape.moves)
    return Network(
        _board_of(position),
        rng.normal(0, np.sqrt(2 / inputs), (inputs, hidden)), np.zeros(hidden),
        rng.normal(0, 0.01, (hidden, moves)), np.zeros(moves),
        rng.normal(0, 0.01, (hidden, 1)), np.zeros(1))


@checked
def encode(position: Grid) -> np.ndarray:
    """The network's input for ``position``: three planes of its cells, each 1.0 or 0.0, side by
    side: the mover's marks, the opponent's marks, the empty cells."""
    x, o = position.bits
    mine, theirs = (x, o) if position.to_move == "X" else (o, x)
    cells = np.arange(position.shape.size)
    mine_plane, their_plane = (mine >> cells) & 1, (theirs >> cells) & 1
    empty = 1 - mine_plane - their_plane
    return np.concatenate([mine_plane, their_plane, empty]).astype(float)


@checked
def legal_mask(position: Grid) -> np.ndarray:
    """For each move of the board (cell, or Connect Four's column): True if it is legal now."""
    mask = np.zeros(len(position.shape.moves), dtype=bool)
    mask[list(position.legal_moves)] = True
    return mask


def relu(x: np.ndarray) -> np.ndarray:
    """The hidden layer's non-linearity: x where it is positive, else 0."""
    return np.maximum(x, 0)


@unchecked("a step of forward, which the searches call at every position; shown in lesson 10")
def masked_softmax(scores: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """Shares adding up to 1 over the legal moves, in proportion to exp(score); 0 for the illegal
    ones, whatever their score (their exp is taken of -inf)."""
    scores = np.where(legal, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)  # the same shares, without overflow
    exps = np.exp(scores)
    return exps / exps.sum(axis=-1, keepdims=True)


def forward(network: Network, planes: np.ndarray,
            legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The network's answer for encoded positions ``planes`` (one row each, or one position) and
    their legal moves: (policy, value). The policy gives each move a share; the value is for the
    player to move, from -1 to +1."""
    hidden = relu(planes @ network.hidden + network.hidden_bias)
    policy = masked_softmax(hidden @ network.policy + network.policy_bias, legal)
    value = np.tanh(hidden @ network.value + network.value_bias)
    return policy, value[..., 0]


@checked
def predict(network: Network, position: Grid) -> tuple[dict[int, float], float]:
    """What ``network`` thinks of ``position``: a prior for each legal move, and the value for the
    player to move. This is the guide of ``ttt.search.mcts.guided_mcts``."""
    network.check_fits(position)
    check_not_over(position)
    policy, value = forward(network, encode(position), legal_mask(position))
    return {move: float(policy[move]) for move in position.legal_moves}, float(value)


def _check_batch(network: Network, planes: np.ndarray, legal: np.ndarray,
                 policies: np.ndarray, values: np.ndarray) -> None:
    """A ValueError unless the arrays are a batch this network can learn from: one row per
    position, of the right widths."""
    inputs, moves = network.hidden.shape[0], network.policy.shape[1]
    rows = len(planes)
    expected = {"planes": (planes, (rows, inputs)), "legal": (legal, (rows, moves)),
                "policies": (policies, (rows, moves)), "values": (values, (rows,))}
    for name, (array, shape) in expected.items():
        if not isinstance(array, np.ndarray) or array.shape != shape:
            raise ValueError(f"{name} is an array of shape {shape} (one row per position), got "
                             f"{getattr(array, 'shape', type(array).__name__)}")
    if not np.isfinite(planes).all() or not np.isfinite(policies).all() or \
            not np.isfinite(values).all():
        raise ValueError("planes, policies and values are finite numbers")


@checked
def loss(network: Network, planes: np.ndarray, legal: np.ndarray, policies: np.ndarray,
         values: np.ndarray) -> float:
    """AlphaZero's loss on a batch, averaged over its positions: the cross-entropy of the
    network's policy against the target ``policies`` (visit shares), plus the squared error of
    its value against the target ``values`` (results for the mover)."""
    _check_batch(network, planes, legal, policies, values)
    return _loss_and_gradients(network, planes, legal, policies, values)[0]


@checked
def gradients(network: Network, planes: np.ndarray, legal: np.ndarray, policies: np.ndarray,
              values: np.ndarray) -> dict[str, np.ndarray]:
    """The gradient of ``loss`` for each weight array, by name: how the loss changes as each
    weight grows (the backward pass)."""
    _check_batch(network, planes, legal, policies, values)
    return _loss_and_gradients(network, planes, legal, policies, values)[1]


def _loss_and_gradients(network: Network, planes: np.ndarray, legal: np.ndarray,
                        policies: np.ndarray, values: np.ndarray
                        ) -> tuple[float, dict[str, np.ndarray]]:
    """The loss and its gradients: the forward pass, keeping what the backward pass needs, then
    the chain rule from the loss back to each weight."""
    rows = len(planes)
    hidden = relu(planes @ network.hidden + network.hidden_bias)
    policy = masked_softmax(hidden @ network.policy + network.policy_bias, legal)
    value = np.tanh(hidden @ network.value + network.value_bias)[:, 0]
    log_policy = np.log(np.where(legal, policy, 1.0))  # log 1 = 0 where a move is illegal
    total = (-(policies * log_policy).sum() + ((value - values) ** 2).sum()) / rows
    # softmax with cross-entropy: the score's gradient is the policy minus its target
    policy_scores = (policy - policies) / rows
    value_score = (2 * (value - values) * (1 - value ** 2) / rows)[:, None]  # tanh' = 1 - tanh²
    back = (policy_scores @ network.policy.T + value_score @ network.value.T) * (hidden > 0)
    return float(total), {
        "hidden": planes.T @ back, "hidden_bias": back.sum(axis=0),
        "policy": hidden.T @ policy_scores, "policy_bias": policy_scores.sum(axis=0),
        "value": hidden.T @ value_score, "value_bias": value_score.sum(axis=0)}


@checked(rate=within(0, 1, "a learning rate, more than 0 and at most 1", low_open=True))
class Adam:
    """Adam (Kingma and Ba, 2015): each weight steps against its gradient, by ``rate`` times the
    gradient's running mean over the root of its running square, so that every weight moves at
    a similar pace whatever the size of its gradients."""

    def __init__(self, rate: float = 0.01, beta1: float = 0.9, beta2: float = 0.999) -> None:
        self.rate, self.beta1, self.beta2 = rate, beta1, beta2
        self.mean: dict[str, np.ndarray] = {}
        self.square: dict[str, np.ndarray] = {}
        self.steps = 0

    @checked
    def step(self, network: Network, grads: dict[str, np.ndarray]) -> None:
        """Move each of ``network``'s weights one step down its gradient in ``grads``."""
        self.steps += 1
        for name, grad in grads.items():
            mean = self.beta1 * self.mean.get(name, 0) + (1 - self.beta1) * grad
            square = self.beta2 * self.square.get(name, 0) + (1 - self.beta2) * grad ** 2
            self.mean[name], self.square[name] = mean, square
            # the running means start at 0: dividing by 1 - beta^steps undoes that bias
            unbiased = mean / (1 - self.beta1 ** self.steps)
            spread = np.sqrt(square / (1 - self.beta2 ** self.steps))
            setattr(network, name, getattr(network, name) - self.rate * unbiased / (spread + 1e-8))


@checked
def train_step(network: Network, optimiser: Adam, planes: np.ndarray, legal: np.ndarray,
               policies: np.ndarray, values: np.ndarray) -> float:
    """One step of training on a batch: the loss before it, and ``network`` moved one step of
    ``optimiser`` down the loss's gradients."""
    _check_batch(network, planes, legal, policies, values)
    total, grads = _loss_and_gradients(network, planes, legal, policies, values)
    optimiser.step(network, grads)
    return total


def _an_npz_file(value: object, name: str) -> None:
    """The rule of a network's file: a path (str or Path) whose name ends in '.npz'."""
    if not isinstance(value, (str, Path)) or not str(value).endswith(".npz"):
        raise ValueError(f"{name} is the path of a .npz file (its name ending in '.npz'), got "
                         f"{value!r:.60}")


def _a_saved_network(value: object, name: str) -> None:
    """The rule of a network to load: an existing .npz file."""
    _an_npz_file(value, name)
    if not Path(value).is_file():
        raise ValueError(f"{name} is a network's file saved by save_network, but there is no "
                         f"file {str(value)!r:.60}")


@checked(path=_an_npz_file)
def save_network(network: Network, path: str | Path) -> None:
    """Write ``network`` to ``path``, a ``.npz`` file (its weights as 32-bit floats: half the
    size, and more precision than a tanh needs)."""
    np.savez_compressed(path, board=np.array(network.board, dtype=int),
                        **{name: array.astype(np.float32)
                           for name, array in network.weights().items()})


@checked(path=_a_saved_network)
def load_network(path: str | Path) -> Network:
    """The network saved in ``path`` by ``save_network``."""
    with np.load(path) as saved:
        columns, rows, k, gravity = (int(number) for number in saved["board"])
        return Network((columns, rows, k, bool(gravity)),
                       *(saved[name].astype(float) for name in Network.__dataclass_fields__
                         if name not in ("board", "names")))


@cache
def shipped_network() -> Network:
    """The tic-tac-toe network the package ships, trained by self-play from a fixed seed
    (``python -m ttt.learning.selfplay train``): loaded once a session."""
    with resources.as_file(resources.files("ttt") / "data" / SHIPPED) as path:
        return load_network(path)
