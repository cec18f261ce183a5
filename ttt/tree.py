"""The game tree, built for real: a node for every sequence of moves, to draw and count it.

The searches in ``ttt.search`` walk this tree without storing it. Here it is stored: from the
empty board it has 549,946 nodes, yet only 5,478 distinct positions, because the same position is
reached by many move orders. Nodes that hold the same position share one ``Board`` object.

Counting and value-filling use an explicit stack, never recursion, so they are fast and work on
trees of any depth.
"""

from __future__ import annotations

import functools
import gc
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from ttt.board import Board
from ttt.search import Evaluation, final_score, open_lines, value_of

Progress = Callable[[int, int], None]



class Node:
    """A position in the game tree.

    ``board`` is the position, ``move`` the cell played to reach it from the parent (None at the
    root), ``depth`` the number of moves below the root, ``children`` maps each cell to the node one
    move later (in increasing cell order; empty where the game is over or the tree was cut).
    ``score`` and ``value`` stay None until ``fill_values`` backs them up from the leaves.
    """

    __slots__ = ("board", "move", "depth", "children", "score", "value")

    def __init__(self, board: Board, move: int | None = None, depth: int = 0) -> None:
        self.board = board
        self.move = move
        self.depth = depth
        self.children: dict[int, Node] = {}
        self.score: float | None = None
        self.value: float | None = None

    def __repr__(self) -> str:
        return (f"<Node {self.board} move={self.move} depth={self.depth} value={self.value} "
                f"children={len(self.children)}>")


def build_tree(board: Board = Board(), max_depth: int | None = None,
               progress: Progress | None = None) -> Node:
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


def print_progress(done: int, total: int) -> None:
    """Show ``done`` out of ``total`` first moves as a one-line text bar (a ``progress`` for
    ``build_tree``); the line is redrawn in place and ended once the work is done."""
    bar = "#" * done + "." * (total - done)
    print(f"\rBuilding the tree: [{bar}] {done}/{total} first moves", end="", flush=True)
    if done == total:
        print()


# --- walking and counting ---------------------------------------------------------------------


def walk(node: Node) -> Iterator[Node]:
    """Every node of the tree below ``node`` (itself included): parents before their children,
    brothers and sisters in increasing cell order."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children.values()))


def count_nodes(node: Node) -> int:
    """How many nodes the tree below ``node`` has, ``node`` included."""
    return sum(1 for _ in walk(node))


def count_internal(node: Node) -> int:
    """How many nodes have children: the positions a full search must expand."""
    return sum(1 for n in walk(node) if n.children)


def count_by_depth(node: Node) -> list[int]:
    """The number of nodes at each depth below ``node``: item 0 is ``node`` itself, so it is 1."""
    counts = Counter(n.depth for n in walk(node))
    return [counts[depth] for depth in range(node.depth, node.depth + len(counts))]


def count_games(node: Node) -> Counter[str]:
    """How the finished games below ``node`` end: a Counter keyed 'X', 'O' and 'draw'.

    A finished game is a leaf whose board is over; in a tree cut by ``max_depth`` the leaves where
    the game goes on are not games and are not counted. All three keys are present, even at 0.
    """
    games = Counter({"X": 0, "O": 0, "draw": 0})
    games.update(n.board.winner or "draw" for n in walk(node)
                 if not n.children and n.board.is_over)
    return games


def distinct_boards(node: Node) -> set[Board]:
    """The different positions in the tree below ``node`` (5,478 below the empty board)."""
    return {n.board for n in walk(node)}


# --- values -------------------------------------------------------------------------------------


def fill_values(root: Node, prefer_quick: bool = True, evaluate: Evaluation = open_lines) -> Node:
    """Fill in ``score`` and ``value`` on every node, backing them up from the leaves; return root.

    A finished position is scored by ``ttt.search.final_score`` (with ``prefer_quick``, a quicker
    win scores more); a leaf where a cut tree stops before the game ends is estimated by
    ``evaluate``. Going up, X takes the highest score of its children and O the lowest -- the same
    scores ``ttt.search.minimax`` computes. ``value`` is the score as +1, 0, -1 (``value_of``).
    """
    for node in reversed(list(walk(root))):  # every node comes after its parent, so goes before it
        if node.children:
            scores = [child.score for child in node.children.values()]
            node.score = max(scores) if node.board.to_move == "X" else min(scores)
        else:
            done = final_score(*node.board.bits, prefer_quick)
            node.score = evaluate(node.board) if done is None else done
        node.value = value_of(node.score)
    return root


def best_path(node: Node) -> list[Node]:
    """The nodes of the best line of play, from ``node`` down to a leaf.

    Each step goes to the best child for the player to move: the highest score for X, the lowest
    for O, and the lowest cell among equals, as ``ttt.search.minimax`` chooses. Needs
    ``fill_values`` first.
    """
    if node.score is None:
        raise ValueError("the tree has no values yet: call fill_values(tree) first")
    path = [node]
    while node.children:
        pick = max if node.board.to_move == "X" else min
        node = pick(node.children.values(), key=lambda child: child.score)
        path.append(node)
    return path
