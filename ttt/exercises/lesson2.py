"""Lesson 2's exercises, ``count_tree_nodes`` and ``count_x_wins``: model answers, cases and
nudges. The model answers use only what lesson 2 has shown (a node's ``children`` and
``board``); ``make solutions`` pastes them into the lesson."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ttt.games.board import Board
from ttt.course.exercises.checking import WHOLE_NUMBER, Case, Exercise, same, shown
from ttt.course.exercises.positions import small_positions
from ttt.search.tree import Node, build_tree, count_games, count_nodes

__all__ = ["EXERCISES", "count_tree_nodes", "count_x_wins"]

# --- model answers ------------------------------------------------------------------------------


def count_tree_nodes(node):
    """The number of nodes in the tree below node, node itself included."""
    return 1 + sum(count_tree_nodes(child) for child in node.children.values())


def count_x_wins(node):
    """The number of finished games in the tree below node that X wins."""
    if not node.children:
        return 1 if node.board.winner == "X" else 0
    return sum(count_x_wins(child) for child in node.children.values())


# --- checks -------------------------------------------------------------------------------------


def _tree_cases(count: Callable[[Node], int]) -> Callable[[], Iterator[Case]]:
    def cases() -> Iterator[Case]:
        boards = [Board.from_string("XOX|.O.|..X"), Board.from_string("XXX|OO.|..."),
                  *small_positions(6, 25, seed=3)]
        for board in boards:
            tree = build_tree(board)
            yield Case((tree,), board, count(tree), f"the tree below {board}")
    return cases


def _count_nodes_verdict(case: Case, got: object, student: Callable) -> str:
    if same(got, case.expected):
        return ""
    if same(got, case.expected - 1):
        return "Count the node itself too, not only what is below it."
    if same(got, count_games(case.args[0]).total()):
        return "That is the number of leaves (finished games); count every node on the way too."
    if same(student(build_tree(Board.from_string(_LEAVES["X"]))), 0):
        return ("Yours counts 0 for a leaf, a tree of one node: every node counts itself, 1, "
                "plus the nodes of its children's trees (none for a leaf).")
    return "A node counts 1, plus the nodes of each of its children's trees."


def _count_x_wins_verdict(case: Case, got: object, student: Callable) -> str:
    if same(got, case.expected):
        return ""
    leaf_rule = _leaf_mistake(student)
    if leaf_rule:
        return leaf_rule
    tree = case.args[0]
    if tree.children and (same(got, 0) or same(got, _x_wins_among_children(tree))):
        probe = build_tree(Board.from_string(_RECURSION_PROBE))
        there = student(probe)
        if same(there, _x_wins_among_children(probe)):
            return ("That counts the children X has won and stops there: a child that is not a "
                    "finished game has X's wins further down. Ask count_x_wins of each child "
                    "(recursion) and add up what they return.")
        if same(there, 0):
            return ("Yours returns 0 for a node with children: it looks at the node itself, "
                    "which is no finished game. Add up count_x_wins of each of its children "
                    "(recursion).")
    return "Only leaves are finished games: a leaf counts 1 if X has won there, else 0."


#: Finished games, one for each result: each a tree of one node, a leaf.
_LEAVES = {"X": "XXX|OO.|...", "O": "XX.|OOO|X..", None: "XOX|XOO|OXX"}


def _leaf_mistake(student: Callable) -> str:
    """The nudge for counting a leaf (a finished game) wrong, found by asking ``student`` about
    a leaf of each result; '' if it counts every leaf right."""
    x, o, draw = (student(build_tree(Board.from_string(_LEAVES[winner])))
                  for winner in ("X", "O", None))
    if same(x, 1) and same(o, 0) and same(draw, 0):
        return ""
    if same(x, 0) and same(o, 1) and same(draw, 0):
        return "That counts the games O wins: a leaf counts 1 only if X is the winner there."
    if same(x, 1) and same(o, 1):
        return (f"That counts every finished game{'' if same(draw, 1) else ' somebody wins'}, "
                "O's wins too; count only those X wins: a leaf counts 1 only if X is the winner "
                "there, not any player.")
    if same(x, 1) and same(o, 0) and same(draw, 1):
        return ("That counts the draws too: a leaf counts 1 only if X is the winner there, and a "
                "drawn game has no winner.")
    if not same(x, 1):
        return (f"Yours counts {shown(x)} for a leaf X has won, a tree of one finished game: it "
                "must count 1. A leaf has no children to add up, so it needs a case of its own: "
                "1 if X is the winner there, else 0.")
    return "A leaf counts 1 if X is the winner there, else 0 (O's wins and draws count 0)."


#: X to move, and one move wins at once: its children hold 1 win for X, the tree many more.
_RECURSION_PROBE = "XX.|OO.|..."


def _x_wins_among_children(node: Node) -> int:
    """How many of ``node``'s children are games X has won: a count that forgot to recurse."""
    return sum(child.board.winner == "X" for child in node.children.values())


EXERCISES = (
    Exercise(
        count_tree_nodes, lesson=2,
        task="count_tree_nodes(node) returns how many nodes the tree below node has, node "
             "included. node.children is a dict from cell to child node.",
        hint_text="Think recursively. How many nodes has the tree of a leaf? And if you knew "
                  "the count for each child's tree, what would the count for this node's tree "
                  "be?",
        cases=_tree_cases(count_nodes), returns=WHOLE_NUMBER, verdict=_count_nodes_verdict,
        summary="finished positions and trees of up to 6 free cells"),
    Exercise(
        count_x_wins, lesson=2,
        task="count_x_wins(node) returns how many finished games in the tree below node X wins.",
        hint_text="Only the leaves (nodes without children) are finished games. Decide what a "
                  "leaf counts, from who won it; every other node's count comes from its "
                  "children's counts.",
        cases=_tree_cases(lambda tree: count_games(tree)["X"]), returns=WHOLE_NUMBER,
        verdict=_count_x_wins_verdict,
        summary="finished positions and trees of up to 6 free cells"),
)
