"""The game tree, built for real: a node for every sequence of moves, to draw and count it.

The searches in ``ttt.search.minimax`` walk this tree without storing it. Here it is stored: from the
empty board it has 549,946 nodes, yet only 5,478 distinct positions, because the same position is
reached by many move orders. Nodes that hold the same position share one ``Board`` object.

The counts here count the nodes this tree holds, walking them: a tree cut by ``max_depth`` counts
only what was built. How big a game is, without building its tree, is ``ttt.search.counting``'s job;
for a full tree the numbers are the same (``tests/search/test_counting.py`` checks that they are).
Why two names for one number: these take a built ``Node`` (what lesson 2 draws and counts by
hand), ``ttt.search.counting``'s take a position of any game and never build the tree (what a board of
trillions of nodes needs). Each pair: ``count_nodes`` / ``counting.tree_size``,
``count_by_depth`` / ``counting.nodes_by_depth``, ``count_games`` / ``counting.games_by_result``,
``distinct_boards`` / ``counting.reachable_positions``.

Counting and value-filling use an explicit stack, never recursion, so they are fast and work on
trees of any depth.
"""

from __future__ import annotations

import functools
import gc
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from ttt.core.arguments import at_least, checked
from ttt.games.board import Board
from ttt.core.protocol import (
    WHOLE_TREE,
    Evaluation,
    Position,
    best_move,
    value_of,
)
from ttt.search.minimax import minimax
from ttt.core.watching import Path, Watch

__all__ = ["Node", "best_path", "build_tree", "count_by_depth", "count_games", "count_internal",
           "count_nodes", "distinct_boards", "fill_values", "print_progress", "walk"]

_Progress = Callable[[int, int], None]



@checked(depth=at_least(0), move=at_least(0))
class Node:
    """A position in the game tree.

    ``board`` is the position, ``move`` the cell played to reach it from the parent (None at the
    root), ``depth`` the number of moves below the root, ``children`` maps each cell to the node one
    move later (in increasing cell order; empty where the game is over or the tree was cut).
    ``score`` and ``value`` stay None until ``fill_values`` backs them up from the leaves.
    """

    __slots__ = ("board", "move", "depth", "children", "score", "value")

    def __init__(self, board: Position, move: int | None = None, depth: int = 0) -> None:
        self.board = board
        self.move = move
        self.depth = depth
        self.children: dict[int, Node] = {}
        self.score: float | None = None
        self.value: float | None = None

    def __repr__(self) -> str:
        return (f"<Node {self.board} move={self.move} depth={self.depth} value={self.value} "
                f"children={len(self.children)}>")


@checked(exhaustive=WHOLE_TREE)
def build_tree(board: Position = Board(), max_depth: int | None = None,
               progress: _Progress | None = None) -> Node:
    """The game tree below ``board``: a node for every sequence of legal moves, to the game's end.

    With ``max_depth`` the tree stops that many moves below ``board``: nodes there get no children
    even if the game goes on. ``progress(done, total)``, if given, is called once before the work
    and once after each first move's subtree is built; ``total`` is the number of first moves.
    """
    successors = _successor_table()
    limit = math.inf if max_depth is None else max_depth

    def grow(node: Node) -> Iterable[Node]:
        """Give ``node`` its children (unless it is at the depth limit) and return them."""
        if node.depth < limit:
            depth = node.depth + 1
            node.children = {cell: Node(next_board, cell, depth)
                             for cell, next_board in successors(node.board)}
        return node.children.values()

    root = Node(board)
    first_moves = list(grow(root))
    if progress:
        progress(0, len(first_moves))
    with _no_garbage_collection():
        for done, subtree in enumerate(first_moves, 1):
            stack = [subtree]
            while stack:
                stack.extend(grow(stack.pop()))
            if progress:
                progress(done, len(first_moves))
    return root


@contextmanager
def _no_garbage_collection() -> Iterator[None]:
    """Pause Python's cycle collector. A tree has no cycles to collect, and scanning the growing
    heap of new nodes again and again would make building the full tree several times slower."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _successor_table() -> Callable[[Board], tuple[tuple[int, Board], ...]]:
    """A remembering ``successors(board)``: the (cell, next board) pairs of each legal move.

    Each position is made once and then shared: equal boards come back as the same object.
    """
    shared: dict[Board, Board] = {}

    def share(board: Board) -> Board:
        return shared.setdefault(board, board)

    @functools.cache
    def successors(board: Board) -> tuple[tuple[int, Board], ...]:
        return tuple((cell, share(board.play(cell))) for cell in board.legal_moves)

    return successors


@checked(done=at_least(0, 361), total=at_least(0, 361))
def print_progress(done: int, total: int) -> None:
    """Show ``done`` out of ``total`` first moves as a one-line text bar (a ``progress`` for
    ``build_tree``); the line is redrawn in place and ended once the work is done."""
    bar = "#" * done + "." * (total - done)
    print(f"\rBuilding the tree: [{bar}] {done}/{total} first moves", end="", flush=True)
    if done == total:
        print()


# --- walking and counting ---------------------------------------------------------------------


@checked
def walk(node: Node) -> Iterator[Node]:
    """Every node of the tree below ``node`` (itself included): parents before their children,
    brothers and sisters in increasing cell order."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children.values()))


@checked
def count_nodes(node: Node) -> int:
    """How many nodes the built tree below ``node`` has, ``node`` included (for a full tree,
    ``ttt.counting.tree_size`` of its board, counted without building it)."""
    return sum(1 for _ in walk(node))


@checked
def count_internal(node: Node) -> int:
    """How many nodes have children: the positions a full search must expand."""
    return sum(1 for n in walk(node) if n.children)


@checked
def count_by_depth(node: Node) -> list[int]:
    """The number of nodes at each depth of the built tree below ``node``: item 0 is ``node``
    itself, so it is 1 (for a full tree, ``ttt.counting.nodes_by_depth`` of its board)."""
    counts = Counter(n.depth for n in walk(node))
    return [counts[depth] for depth in range(node.depth, node.depth + len(counts))]


@checked
def count_games(node: Node) -> Counter[str]:
    """How the finished games of the built tree below ``node`` end: a Counter keyed 'X', 'O' and
    'draw' (for a full tree, ``ttt.counting.games_by_result`` of its board).

    A finished game is a leaf whose board is over; in a tree cut by ``max_depth`` the leaves where
    the game goes on are not games and are not counted. All three keys are present, even at 0.
    """
    games = Counter({"X": 0, "O": 0, "draw": 0})
    games.update(n.board.winner or "draw" for n in walk(node)
                 if not n.children and n.board.is_over)
    return games


@checked
def distinct_boards(node: Node) -> set[Board]:
    """The different positions in the built tree below ``node`` (5,478 below the empty board;
    for a full tree, the set of ``ttt.counting.reachable_positions`` of its board)."""
    return {n.board for n in walk(node)}


# --- values -------------------------------------------------------------------------------------


class _TreeFiller(Watch):
    """A watcher that writes each score the search finds into the node of the tree it belongs to."""

    def __init__(self, root: Node) -> None:
        self.line = [root]  # the nodes from the root to the one being searched

    def enter(self, path: Path, position: Position, alpha: float = -math.inf,
              beta: float = math.inf) -> None:
        if path:
            self.line[len(path):] = [self.line[len(path) - 1].children[path[-1]]]

    def leaf(self, path: Path, position: Position, score: float) -> None:
        self._write(path, score)

    def leave(self, path: Path, position: Position, scores: Mapping[Any, float],
              score: float, alpha: float = -math.inf, beta: float = math.inf) -> None:
        self._write(path, score)

    def _write(self, path: Path, score: float) -> None:
        node = self.line[len(path)]
        node.score, node.value = score, value_of(score)


@checked
def fill_values(root: Node, prefer_quick: bool = True, evaluate: Evaluation | None = None) -> Node:
    """Fill in ``score`` and ``value`` on every node: the scores ``ttt.search.minimax`` finds when
    it searches the tree's position, watched node by node; return the root.

    A tree cut by ``build_tree(max_depth=...)`` is searched to the same depth, so its leaves where
    the game goes on are guesses (by ``evaluate``, or the position's own ``estimate()``).
    ``value`` is the score as +1, 0, -1 (``value_of``).
    """
    cut = [node.depth for node in walk(root) if not node.children and not node.board.is_over]
    depth = max(cut) - root.depth if cut else None
    minimax(root.board, depth=depth, evaluate=evaluate, prefer_quick=prefer_quick,
            watch=_TreeFiller(root))
    return root


@checked
def best_path(node: Node) -> list[Node]:
    """The nodes of the best line of play, from ``node`` down to a leaf: at each step the move
    ``ttt.search.minimax`` chooses (the best for the player to move, the first among equals).
    Needs ``fill_values`` first.
    """
    if node.score is None:
        raise ValueError("the tree has no values yet: call fill_values(tree) first")
    path = [node]
    while node.children:
        move = best_move(node.board, {cell: child.score for cell, child in node.children.items()})
        node = node.children[move]
        path.append(node)
    return path
