"""Monte Carlo tree search (UCT): sample games instead of searching them all.

Minimax and alpha-beta look at every line of play. Monte Carlo tree search plays games to the end
at random (playouts) and keeps statistics in a tree that grows one position per playout, towards
the moves that have done best so far. Each playout has four phases:

1. **select**: from the root, go down the tree while every move of a position has been tried,
   each time to the child with the highest UCB1 score (``ucb1``): its mean result, plus a bonus
   that is large for moves tried rarely;
2. **expand**: add one untried move of the position reached (chosen at random) to the tree;
3. **play out**: from there, both players move at random to the end of the game;
4. **back up**: every position on the way from the new one up to the root counts one more visit
   and adds the result, from the point of view of the player who moved into it: a win for the
   player who made that move is +1, a draw 0, a loss -1. So the sign flips from one level to the
   next, and every player chooses by its own results.

``grow`` is the loop of the four phases and nothing else, and ``select``, ``expand``, ``play_out``,
``back_up`` and ``ucb1`` are the phases as a textbook writes them, as lesson 8 shows them: their
arguments are checked where the search is entered, by ``mcts``, not at every step. After the
playouts, the move visited most is chosen (among those, the one with the best mean). ``mcts``
returns it with each move's visits and mean result; a ``ttt.core.watching.Watch`` sees it search
phase by phase, from outside the loop, as it sees minimax: the line ``watched`` below each phase
lets ``mcts`` pass each call through a function of its own for the time of the search, which counts
the positions made and tells the watch of the phase once it returns (``ttt.search.trace.mcts_steps``
records the phases, with the tree after each, for stepping through and drawing it). Like
``ttt.search.minimax``, it plays any game that follows the game protocol (``ttt.core.protocol``);
for a given seed it always plays the same playouts.

``guided_mcts`` is the same search as AlphaZero runs it (lesson 10), written with the same tree,
``select`` and ``back_up``: a guide (a network, ``ttt.learning.network``) gives each move a prior
and each position a value. Two phases change: selection scores a child by ``puct`` instead of
``ucb1``, and the position reached is not expanded one move and played out at random but gets all
its moves at once with their priors and is valued by the guide (``expand_all``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

from ttt.core.arguments import checked
from ttt.core.protocol import (
    Position,
    a_legal_move,
    check_not_over,
    final_score,
    opponent,
    seeded_random,
)
from ttt.core.watching import Path, Seen, Watch, calls_through, watched

__all__ = ["EXPLORATION", "PUCT_EXPLORATION", "Guide", "MCTSResult", "Tally",
           "TreeNode", "back_up", "expand", "expand_all", "grow", "grow_guided", "guided_mcts",
           "mcts", "play_out", "puct", "select", "tallies", "ucb1"]

#: How much UCB1 favours moves tried rarely over moves that have done well. √2 is the textbook
#: value (UCB1, Auer, Cesa-Bianchi and Fischer 2002) for results between 0 and 1. Ours run from
#: -1 to +1, twice as wide, so here it explores half as much as the textbook would: a choice,
#: not a law, and not tuned for tic-tac-toe.
EXPLORATION = math.sqrt(2)

def _the_move_from_parent(value: object, name: str, arguments: dict) -> None:
    """The rule of the move into a node: None at the root, else a legal move of its parent's
    position."""
    parent = arguments.get("parent")
    if parent is None and value is not None:
        raise ValueError(f"{name} is None at the root (a node without a parent), got "
                         f"{value!r:.40}")
    if parent is not None:
        a_legal_move(value, name, {"position": parent.position})


_the_move_from_parent.with_arguments = True  # type: ignore[attr-defined]


@checked(move=_the_move_from_parent)
class TreeNode:
    """A position in the search tree, with what the playouts through it found.

    ``player`` made the move into this position (at the root, the opponent of the player to
    move); ``total`` adds up the playouts' results from that player's point of view (+1 win, 0
    draw, -1 loss) and ``visits`` counts them. ``untried`` are the moves not yet in the tree.
    """

    __slots__ = ("position", "move", "path", "parent", "player", "children", "untried",
                 "visits", "total", "prior")

    def __init__(self, position: Position, move: Any = None, parent: TreeNode | None = None,
                 prior: float = 1.0):
        self.position = position
        self.prior = prior  # how likely a guide thought the move into it (guided search only)
        self.move = move
        self.parent = parent
        self.path: Path = () if parent is None else (*parent.path, move)
        self.player = opponent(position.to_move) if parent is None else parent.position.to_move
        self.children: dict[Any, TreeNode] = {}
        self.untried = [] if position.is_over else list(position.legal_moves)
        self.visits = 0
        self.total = 0

    @property
    def mean(self) -> float:
        """The mean result of the playouts through this position, for ``player``."""
        return self.total / self.visits


class Tally(NamedTuple):
    """What the playouts through a position found: how many, and their mean result for the
    player who moved into it (None before any)."""

    visits: int
    mean: float | None


@dataclass(frozen=True)
class MCTSResult:
    """What a Monte Carlo tree search found: the move it chooses (the one visited most), each
    legal move's tally (mean results for the player to move), how many playouts it made, the
    positions it made (in the tree and in playouts), and the tally of every position in its tree,
    keyed by path (the root is ``()``)."""

    move: Any
    moves: dict[Any, Tally]
    playouts: int
    nodes: int
    tree: dict[Path, Tally]


def ucb1(child: TreeNode, parent_visits: int, exploration: float = EXPLORATION) -> float:
    """The UCB1 score of a child: its mean result (for the player choosing it) plus a bonus that
    shrinks as the child is visited and grows slowly as its parent is."""
    return child.mean + exploration * math.sqrt(math.log(parent_visits) / child.visits)


def select(node: TreeNode, exploration: float = EXPLORATION,
           score: Callable[[TreeNode, int, float], float] = ucb1) -> TreeNode:
    """Go down from ``node`` while every move has been tried, to the child with the best UCB1
    score (or ``score``: ``puct`` in the guided search; the first added among equals); stop at a
    position with an untried move, or a finished one."""
    while not node.untried and node.children:
        node = max(node.children.values(),
                   key=lambda child: score(child, node.visits, exploration))
    return node


# wrapped below its def, not above it: a lesson shows the def alone (inspect.getsource)
select = watched(select)


def expand(node: TreeNode, rng: random.Random) -> TreeNode:
    """Add one of ``node``'s untried moves, chosen at random, to the tree; return the new node."""
    move = node.untried.pop(rng.randrange(len(node.untried)))
    child = node.children[move] = TreeNode(node.position.play(move), move, node)
    return child


expand = watched(expand)


def play_out(position: Position, rng: random.Random) -> tuple[tuple[Any, ...], int]:
    """Play random moves from ``position`` to the end of the game: the moves, and the result from
    X's point of view (+1, 0, -1)."""
    moves = []
    while not position.is_over:
        moves.append(rng.choice(position.legal_moves))
        position = position.play(moves[-1])
    return tuple(moves), final_score(position, prefer_quick=False)


play_out = watched(play_out)


def back_up(node: TreeNode, result: float) -> None:
    """Count the playout's ``result`` (X's point of view) in ``node`` and every node above it, each
    from the point of view of the player who moved into it."""
    while node is not None:
        node.visits += 1
        node.total += result if node.player == "X" else -result
        node = node.parent


back_up = watched(back_up)


def grow(root: TreeNode, playouts: int, rng: random.Random, exploration: float) -> None:
    """Grow the tree below ``root`` by ``playouts`` playouts, each in the four phases."""
    for _ in range(playouts):
        node = select(root, exploration)
        if node.untried:
            node = expand(node, rng)
        moves, result = play_out(node.position, rng)
        back_up(node, result)


@checked
def mcts(position: Position, playouts: int = 1000, seed: int | None = None, *,
         exploration: float = EXPLORATION, watch: Watch | None = None) -> MCTSResult:
    """Monte Carlo tree search from ``position`` with ``playouts`` random games: the move it
    chooses and what it learnt (``MCTSResult``). The same ``seed`` (a whole number) always gives
    the same result; None, a different one each time. ``watch`` is told each phase."""
    check_not_over(position)
    root = TreeNode(position)
    with _watching_phases(root, watch) as seen:
        grow(root, playouts, seeded_random(seed), exploration)
    return _result(root, playouts, seen.nodes)


@contextmanager
def _watching_phases(root: TreeNode, watch: Watch | None) -> Iterator[Seen]:
    """Within the ``with`` block, each call ``grow`` makes of ``expand`` and ``play_out`` is
    counted, and with a ``watch`` each call of the four phases is told to it once it returns
    (the playout, with the node its back-up starts from): the phases are watched from outside
    the loop, through their ``watched`` line, as ``ttt.core.watching`` watches minimax. Yields the
    count."""
    seen, told = Seen(), watch or Watch()
    played: list[tuple[tuple[Any, ...], int]] = []  # the playout not yet backed up

    def selecting(phase: Callable[..., TreeNode]) -> Callable[..., TreeNode]:
        def selected(node: TreeNode, exploration: float = EXPLORATION, *score: Any) -> TreeNode:
            chosen = phase(node, exploration, *score)
            told.selected(chosen, root)
            return chosen
        return selected

    def expanding(phase: Callable[..., TreeNode]) -> Callable[..., TreeNode]:
        def expanded(node: TreeNode, rng: random.Random) -> TreeNode:
            child = phase(node, rng)
            seen.nodes += 1
            told.expanded(child, root)
            return child
        return expanded

    def playing_out(phase: Callable[..., tuple]) -> Callable[..., tuple]:
        def played_out(position: Position, rng: random.Random) -> tuple[tuple[Any, ...], int]:
            moves, result = phase(position, rng)
            seen.nodes += len(moves)
            played[:] = [(moves, result)]
            return moves, result
        return played_out

    def backing_up(phase: Callable[..., None]) -> Callable[..., None]:
        def backed_up(node: TreeNode, result: int) -> None:
            told.played_out(node, *played.pop(), root)  # before the back-up counts it
            phase(node, result)
            told.backed_up(node, result, root)
        return backed_up

    phases = {expand: expanding, play_out: playing_out}
    if watch is not None:  # select and back_up add nothing to the count: watched for a watch only
        phases.update({select: selecting, back_up: backing_up})
    with ExitStack() as attached:
        for phase, through in phases.items():
            attached.enter_context(calls_through(phase, through))
        yield seen


def _result(root: TreeNode, playouts: int, nodes: int) -> MCTSResult:
    """The result of a search that grew the tree below ``root``."""
    moves = {move: _tally(root.children[move]) if move in root.children else Tally(0, None)
             for move in root.position.legal_moves}
    chosen = max((move for move in moves if moves[move].visits), key=moves.__getitem__)
    return MCTSResult(chosen, moves, playouts, nodes, tallies(root))


def _tally(node: TreeNode) -> Tally:
    return Tally(node.visits, node.mean if node.visits else None)


@checked
def tallies(root: TreeNode) -> dict[Path, Tally]:
    """The tally of every node in the tree below ``root``, keyed by path, parents first."""
    found, stack = {}, [root]
    while stack:
        node = stack.pop()
        found[node.path] = _tally(node)
        stack.extend(reversed(node.children.values()))
    return found


# --- the same search guided: AlphaZero's (lesson 10) ---------------------------------------------

#: A guide of the search: for a position, a prior for each legal move (shares adding up to 1: how
#: promising each move looks) and a value for the player to move (-1 a sure loss to +1 a sure
#: win). A network is one (``ttt.learning.network.predict``); the search does not care what computes
# it.
Guide = Callable[[Position], tuple[dict[Any, float], float]]

#: c of PUCT: how much a move's prior, and the few visits it has had, count against its mean
#: result. AlphaZero's published pseudocode fixes c at 1.25, growing slowly with the parent's
#: visits, for results from 0 to 1; here results run from -1 to +1, and c is a constant.
PUCT_EXPLORATION = 1.5


def puct(child: TreeNode, parent_visits: int, exploration: float = PUCT_EXPLORATION) -> float:
    """The PUCT score of a child (AlphaZero's selection): its mean result for the player choosing
    it (0 before its first visit), plus a bonus that is large for a move the guide thinks likely
    and few visits have tried, and that grows as its parent is visited."""
    mean = child.total / child.visits if child.visits else 0.0
    return mean + exploration * child.prior * math.sqrt(parent_visits) / (1 + child.visits)


def expand_all(node: TreeNode, guide: Guide) -> float:
    """Add every move of ``node`` to the tree at once, each with the guide's prior; return the
    guide's value of its position from X's point of view (for a finished game, its result)."""
    if node.position.is_over:
        return final_score(node.position, prefer_quick=False)
    priors, value = guide(node.position)
    for move in node.untried:
        node.children[move] = TreeNode(node.position.play(move), move, node, priors[move])
    node.untried = []
    return value if node.position.to_move == "X" else -value


def grow_guided(root: TreeNode, playouts: int, guide: Guide, exploration: float) -> None:
    """Grow the tree below ``root`` as ``grow`` does, with two phases changed: selection by
    ``puct``, and instead of adding one move and playing the game out at random, the position
    reached gets all its moves and the guide's value. The root is valued first, so that each of
    the ``playouts`` goes below it: the root's children share exactly ``playouts`` visits."""
    back_up(root, expand_all(root, guide))
    for _ in range(playouts):
        node = select(root, exploration, puct)
        result = expand_all(node, guide)
        back_up(node, result)


@checked
def guided_mcts(position: Position, playouts: int, guide: Guide, *,
                exploration: float = PUCT_EXPLORATION) -> MCTSResult:
    """Monte Carlo tree search from ``position`` guided by ``guide`` (a network's priors and
    values, as AlphaZero's): ``playouts`` visits below the root, each choosing by ``puct`` and
    valuing the position it reaches by the guide, no random game played. Its ``MCTSResult`` is
    the same as ``mcts``'s: the move visited most, each move's visits and mean result. A guide
    that always answers alike makes the same search every time: no seed is needed."""
    check_not_over(position)
    root = TreeNode(position)
    grow_guided(root, playouts, guide, exploration)
    return _result(root, playouts, len(tallies(root)))  # nodes: its tree's, no playout made any
