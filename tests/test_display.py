"""Tests of ttt.pictures.display: game trees drawn with Graphviz, and rows of boards.

Positions are drawn in the comments, cells numbered 0-8 in reading order. The tree tests read the
DOT source back: node statements named after their path ('n', 'n4', 'n4_0'), edges between them,
and stub nodes ('n4_more') for subtrees that are not drawn.
"""

import base64
import html
import re
import xml.etree.ElementTree as ET

import graphviz
import pytest
from contrast import SVG, contrast_ratio, texts_on_backgrounds

from ttt.games.board import Board
from ttt.pictures.display import (
    CURRENT_COLOUR,
    FADED,
    TEXT,
    WIN_FILL,
    TreePicture,
    board_row,
    draw_mcts,
    draw_tree,
)
from ttt.search.mcts import mcts
from ttt.core.protocol import value_of
from ttt.search.minimax import minimax
from ttt.course.stepper import StepThrough
from ttt.games.svg import O_COLOUR, O_TEXT, X_COLOUR, X_TEXT, position_in_words
from ttt.search.trace import BACK_UP, CUT, LEAF, mcts_steps, search_steps
from ttt.search.tree import best_path, build_tree, count_nodes, fill_values, walk

NODE = re.compile(r"^\t(n[\d_]*) \[label=<(.*)>\]$", re.MULTILINE)
EDGE = re.compile(r"^\t(n[\d_]*) -> (n[\d_]*) \[(.*)\]$", re.MULTILINE)
STUB = re.compile(r"^\t(n[\d_]*)_more \[label=\"([\d,]+)\nmore nodes\"", re.MULTILINE)
VALUE = re.compile(r'POINT-SIZE="10">(?:<FONT COLOR="[^"]*">[▲▼]</FONT> )?([^<]*)</FONT>')
MINUS = "\u2212"


def path_of(name):
    """The path of a drawn node from its name: 'n' is (), 'n4_0' is (4, 0)."""
    return tuple(int(cell) for cell in name[1:].split("_")) if name != "n" else ()


def nodes(graph):
    """{path: label} for every position drawn."""
    return {path_of(name): label for name, label in NODE.findall(graph.source)}


def edges(graph):
    """{(parent path, child path): attribute text} for the edges between positions."""
    return {(path_of(a), path_of(b)): attrs for a, b, attrs in EDGE.findall(graph.source)}


def stubs(graph):
    """{path: N} for the 'N more nodes' stubs (the nodes below a position that is not expanded)."""
    return {path_of(name): int(n.replace(",", "")) for name, n in STUB.findall(graph.source)}


def shown_value(label):
    return VALUE.search(label).group(1).strip()


def signed(value):
    return "0" if value == 0 else f"+{value:g}" if value > 0 else f"{MINUS}{-value:g}"


def board_at(root, path):
    for cell in path:
        root = root.play(cell)
    return root


# X O X
# . O .
# . . X    O to move: 34 positions below, 14 side by side at the widest level
SMALL = Board.from_string("XOX|.O.|..X")


def draw_whole(board, **options):
    """The whole tree, however wide (the default would cut it where it is wider than the page)."""
    return draw_tree(board, max_width=None, **options)


# --- the tree, drawn whole ---------------------------------------------------------------------


def test_every_position_and_move_is_drawn_once():
    graph = draw_whole(SMALL)
    tree = build_tree(SMALL)
    drawn, lines = nodes(graph), edges(graph)
    assert len(drawn) == count_nodes(tree) == 34
    assert len(lines) == 33
    assert stubs(graph) == {}
    for parent, child in lines:
        assert child[:-1] == parent
    for (_, child), attrs in lines.items():
        assert f"headlabel={child[-1]}" in attrs.split()


def test_node_names_are_paths_in_cell_order():
    graph = draw_whole(SMALL)
    names = [path_of(name) for name, _ in NODE.findall(graph.source)]
    tree_paths = []

    def collect(node, path):
        tree_paths.append(path)
        for cell, child in node.children.items():
            collect(child, (*path, cell))

    collect(build_tree(SMALL), ())
    assert names == tree_paths


def test_boards_are_tables_of_marks_in_colour():
    label = nodes(draw_whole(SMALL))[()]
    assert label.count(f'<FONT COLOR="{X_TEXT}" POINT-SIZE="13"><B>X</B>') == 3
    assert label.count(f'<FONT COLOR="{O_TEXT}" POINT-SIZE="13"><B>O</B>') == 2
    assert label.count('WIDTH="15" HEIGHT="15"') == 9


def test_max_min_and_finished_positions_look_different():
    drawn = nodes(draw_whole(SMALL))
    # after O plays 7, O has the middle column: the game is over
    assert 'COLOR="black"' in drawn[(7,)] and "▲" not in drawn[(7,)] and "▼" not in drawn[(7,)]
    assert drawn[(7,)].count(f'BGCOLOR="{WIN_FILL}"') == 3  # the winning line 1, 4, 7
    assert f'COLOR="{O_COLOUR}" CELLBORDER' in drawn[()] and "▼" in drawn[()]  # O to move: MIN
    assert f'COLOR="{X_COLOUR}" CELLBORDER' in drawn[(3,)] and "▲" in drawn[(3,)]  # X: MAX
    source = draw_whole(SMALL).source
    assert "MIN" in source and "MAX" in source and "game over" in source


def test_values_are_the_minimax_values_with_a_real_minus_sign():
    drawn = nodes(draw_whole(SMALL))
    assert shown_value(drawn[()]) == f"{MINUS}1"
    for path, label in drawn.items():
        board = board_at(SMALL, path)
        assert shown_value(label) == signed(minimax(board).value)
    assert all("-1" not in shown_value(label) for label in drawn.values())


def test_values_come_from_a_filled_tree_when_given_one():
    # a tree cut after one move, its unfinished leaves estimated by the open-lines heuristic
    tree = fill_values(build_tree(SMALL, max_depth=1))
    drawn = nodes(draw_tree(tree))
    assert {node.value for node in walk(tree)} - {-1, 0, 1}  # some estimates in between
    for node, (_, label) in zip(walk(tree), sorted(drawn.items()), strict=True):
        assert shown_value(label) == signed(round(node.value, 2))


def test_an_unfilled_tree_is_filled_and_values_can_be_hidden():
    tree = build_tree(SMALL)
    draw_tree(tree)
    assert tree.value == -1
    hidden = nodes(draw_whole(SMALL, values=False, highlight_best=False))
    assert all(shown_value(label) == "" for label in hidden.values())


def test_best_line_has_thick_edges():
    # X . O
    # . X .
    # . . O    X to move: perfect play draws after 5 more moves
    board = Board.from_string("X.O|.X.|..O")
    graph = draw_tree(board, max_width=None)
    best = [node.move for node in best_path(fill_values(build_tree(board)))[1:]]
    assert len(best) == 5
    thick = {child for (_, child), attrs in edges(graph).items() if "penwidth" in attrs}
    assert thick == {tuple(best[:k]) for k in range(1, len(best) + 1)}
    assert "penwidth" not in draw_tree(board, highlight_best=False, max_width=None).source


# --- trees too big to draw whole -----------------------------------------------------------------


def test_the_empty_board_is_cut_where_it_is_not_too_wide():
    drawn, more = nodes(draw_tree(Board())), stubs(draw_tree(Board()))
    assert len(drawn) == 1 + 9  # depth 2 would put 72 boards side by side, more than MAX_WIDTH
    assert set(more) == {path for path in drawn if len(path) == 1}
    assert sum(more.values()) == 549_946 - len(drawn)


def test_the_empty_board_is_cut_where_it_fits_with_stubs_counting_the_rest():
    graph = draw_tree(Board(), max_width=None)
    drawn, more = nodes(graph), stubs(graph)
    assert len(drawn) == 1 + 9 + 72  # depth 3 would be 586 positions, more than 300
    assert set(more) == {path for path in drawn if len(path) == 2}
    assert sum(more.values()) == 549_946 - len(drawn)
    assert shown_value(drawn[()]) == "0"


def test_cut_positions_show_their_true_value():
    # X . .
    # . . .
    # O . X    O to move: 941 positions, too many; X wins anyway
    board = Board.from_string("X..|...|O.X")
    graph = draw_tree(board)
    drawn = nodes(graph)
    assert len(drawn) < count_nodes(build_tree(board)) == 941
    assert shown_value(drawn[()]) == "+1"
    deepest = max(len(path) for path in drawn)
    for path, label in drawn.items():
        if len(path) == deepest:
            assert shown_value(label) == signed(minimax(board_at(board, path)).value)
    assert sum(stubs(graph).values()) == 941 - len(drawn)


def test_a_given_tree_is_cut_too():
    tree = build_tree(Board.from_string("X..|...|O.X"))
    graph = draw_tree(tree, max_depth=2)
    drawn = nodes(graph)
    assert len(drawn) == 1 + 6 + 30
    assert sum(stubs(graph).values()) == count_nodes(tree) - len(drawn)


def test_max_depth_cuts_a_tree_that_would_fit():
    graph = draw_tree(SMALL, max_depth=1)
    assert len(nodes(graph)) == 1 + 4
    # O's move 7 wins at once, so only moves 3, 5 and 6 have positions below them
    tree = build_tree(SMALL)
    assert stubs(graph) == {(cell,): count_nodes(tree.children[cell]) - 1 for cell in (3, 5, 6)}
    assert sum(stubs(graph).values()) == 34 - 5


def test_trees_that_do_not_fit_are_refused_with_advice():
    with pytest.raises(ValueError, match=r"later position, e\.g\. Board\.from_string"):
        draw_tree(Board(), max_nodes=5)
    with pytest.raises(ValueError, match="max_depth=2"):
        draw_tree(Board(), max_depth=3)
    with pytest.raises(ValueError, match="max_depth"):
        draw_tree(Board(), max_depth=0)


def test_focus_expands_only_the_positions_on_the_path():
    graph = draw_tree(SMALL, focus=(3, 6))
    drawn = nodes(graph)
    # the root's four moves, the moves after 3, and the moves after 3 then 6
    assert set(drawn) == {(), (3,), (5,), (6,), (7,), (3, 5), (3, 6), (3, 7), (3, 6, 5), (3, 6, 7)}
    tree = build_tree(SMALL)
    # 5, 6 and 3, 7 are not expanded; 7 (O's column) and 3, 5 (X's column) end the game
    assert set(stubs(graph)) == {(5,), (6,), (3, 7)}
    assert stubs(graph)[(5,)] == count_nodes(tree.children[5]) - 1


def test_a_given_line_is_drawn_thick_instead_of_the_best_one():
    graph = draw_whole(SMALL, line=(5,))
    thick = {child for (_, child), attrs in edges(graph).items() if "penwidth" in attrs}
    assert thick == {(5,)}


@pytest.mark.parametrize("board", [Board(), SMALL, Board.from_string("X..|...|O.X"),
                                   Board.from_string("X..|.O.|...")])
def test_default_drawings_fit_a_projected_notebook_at_full_size(board):
    # JupyterLab at 1280 x 800 with its file browser open gives an output 848 px wide; an SVG is
    # drawn at 4/3 px per point, and shrunk to fit if it is wider, which makes its text unreadable.
    svg = ET.fromstring(draw_tree(board).pipe(format="svg"))
    width_pt = float(svg.get("width").removesuffix("pt"))
    assert width_pt * 4 / 3 <= 848


def test_text_is_big_enough_to_read_on_a_projector():
    source = draw_whole(SMALL, windows={(): (0, 1)}).source
    sizes = {float(size) for size in re.findall(r'(?:POINT-SIZE="|fontsize=)([\d.]+)', source)}
    assert min(sizes) >= 9  # points: 12 px in a notebook


# --- replaying a search --------------------------------------------------------------------------


def replay_arguments(board, k):
    """known, pruned and windows after the first k steps of alpha-beta, as a widget gives them."""
    known, pruned, windows = {}, set(), {}
    steps = list(search_steps(board, pruning=True))[:k]
    for step in steps:
        if step.kind in (LEAF, BACK_UP):
            known[step.path] = value_of(step.value)
        if step.kind == CUT:
            pruned.update((*step.path, cell) for cell in step.pruned)
        windows[step.path] = (step.alpha, step.beta)
    return dict(known=known, pruned=pruned, windows=windows, current=steps[-1].path)


def test_only_known_values_are_shown():
    known = {(7,): -1, (3, 5): 1}
    drawn = nodes(draw_whole(SMALL, known=known))
    assert {path for path, label in drawn.items() if shown_value(label)} == set(known)
    assert shown_value(drawn[(3, 5)]) == "+1" and shown_value(drawn[(7,)]) == f"{MINUS}1"


def test_current_position_is_marked_by_colour_and_a_frame():
    drawn = nodes(draw_whole(SMALL, current=(5, 3)))
    marked = {path for path, label in drawn.items() if f'BGCOLOR="{CURRENT_COLOUR}"' in label}
    framed = {path for path, label in drawn.items() if f'<TABLE BORDER="1" COLOR="{TEXT}"' in label}
    assert marked == framed == {(5, 3)}


def test_pruned_subtrees_are_faded_with_dashed_edges():
    # X O X
    # O O .
    # X . X    after 3 and 6, O to move: both 5 and 7 win for O
    graph = draw_whole(SMALL, pruned=[(3, 6)])
    below = {path for path in nodes(graph) if path[:2] == (3, 6)}
    assert below == {(3, 6), (3, 6, 5), (3, 6, 7)}
    for (_, child), attrs in edges(graph).items():
        assert ("style=dashed" in attrs) == (child in below)
    faded = {path for path, label in nodes(graph).items() if f'COLOR="{FADED}" CELLBORDER' in label}
    assert faded == below


def test_windows_show_alpha_and_beta():
    drawn = nodes(draw_whole(SMALL, windows={(): (float("-inf"), float("inf")), (5,): (-1, 3)}))
    assert f">α {MINUS}∞<" in drawn[()] and ">β +∞<" in drawn[()]
    assert f">α {MINUS}1<" in drawn[(5,)] and ">β +3<" in drawn[(5,)]  # a quick win's score


def test_a_replay_keeps_the_layout_from_step_to_step():
    def positions(graph):
        """[name, x, y, width, height] of each node, as laid out by dot."""
        layout = graph.pipe(format="plain", encoding="utf-8").splitlines()
        return [line.split()[1:6] for line in layout if line.startswith("node ")]

    early = draw_whole(SMALL, highlight_best=False, **replay_arguments(SMALL, 3))
    late = draw_whole(SMALL, highlight_best=False, **replay_arguments(SMALL, 30))
    assert early.source != late.source
    assert positions(early) == positions(late)


# --- rendering -----------------------------------------------------------------------------------


def test_dot_renders_the_drawing_as_svg():
    graph = draw_tree(Board.from_string("X..|...|O.X"), current=(4,), pruned=[(5,)],
                      windows={(): (float("-inf"), 1)})
    svg = ET.fromstring(graph.pipe(format="svg"))
    groups = svg.findall(".//{http://www.w3.org/2000/svg}g[@class='node']")
    levels = 1 + max(len(path) for path in nodes(graph))
    assert len(groups) == len(nodes(graph)) + len(stubs(graph)) + levels


def test_the_drawing_is_the_same_every_time():
    first = draw_tree(Board.from_string("X..|...|O.X")).source
    assert first == draw_tree(Board.from_string("X..|...|O.X")).source
    assert "0x" not in first


# --- boards side by side -----------------------------------------------------------------------


def test_board_row_shows_boards_with_captions():
    boards = [Board(), Board().play(4), "X..|.O.|..."]
    row = board_row(boards, labels=["start", "X plays 4", "O <plays> 0"])
    assert row.data.count("<svg") == 3
    assert row.data.count("<figcaption") == 3
    assert "O &lt;plays&gt; 0" in row.data
    assert row.data == board_row(boards, labels=["start", "X plays 4", "O <plays> 0"]).data
    assert "X to move" in board_row([Board()]).data
    with pytest.raises(ValueError, match="labels"):
        board_row(boards, labels=["only one"])


def test_a_drawn_tree_has_a_repr_without_a_memory_address():
    # X O X
    # . O .
    # . . X
    picture = draw_tree(Board.from_string("XOX|.O.|..X"))
    assert repr(picture) == "<game tree picture>"


# --- what the pictures say to those who cannot see them -------------------------------------


def svg_title(graph):
    """The text alternative of a drawn tree: the title its SVG picture opens with."""
    root = ET.fromstring(graph.pipe(format="svg"))
    assert root.get("role") == "img"
    assert root[0].tag == f"{SVG}title"
    return root[0].text


def moves(line):
    return ", ".join(map(str, line))


def test_a_notebook_shows_a_tree_as_svg_and_as_an_image_with_its_description_as_alt():
    # JupyterLab shows the HTML (it would show the SVG output as an image without its title);
    # other front ends the SVG
    graph = draw_whole(SMALL)
    bundle = graph._repr_mimebundle_()
    assert bundle["image/svg+xml"] == graph.pipe(format="svg", encoding="utf-8")
    alt = re.fullmatch(r'<img alt="([^"]*)" width="[\d.]+" height="[\d.]+" '
                       r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)">', bundle["text/html"])
    assert alt and html.unescape(alt[1]) == graph.description == svg_title(graph)
    assert base64.b64decode(alt[2]).decode() == bundle["image/svg+xml"]
    assert list(graph._repr_mimebundle_(include=["image/svg+xml"])) == ["image/svg+xml"]
    assert list(graph._repr_mimebundle_(exclude=["text/html"])) == ["image/svg+xml"]
    assert list(TreePicture()._repr_mimebundle_()) == ["image/svg+xml"]  # no description, no alt


def test_a_tree_says_what_it_shows_in_its_title():
    graph = draw_whole(SMALL)
    tree = fill_values(build_tree(SMALL))
    best = [node.move for node in best_path(tree)[1:]]
    title = svg_title(graph)
    assert title.startswith("Game tree below this position. "
                            + position_in_words(SMALL.cells, SMALL.winning_line))
    assert f" {count_nodes(tree)} positions drawn. " in title
    assert f" Value backed up to the root: {signed(tree.value)}. " in title
    assert title.endswith(f" Best line, drawn thick: {moves(best)}.")


def test_a_cut_tree_says_how_many_positions_are_not_drawn():
    # X . O
    # . X .
    # . . O    X to move: the best line is 5 moves long, the tree is cut after 2
    board = Board.from_string("X.O|.X.|..O")
    graph = draw_tree(board, max_depth=2)
    drawn, below = nodes(graph), sum(stubs(graph).values())
    assert len(drawn) + below == count_nodes(build_tree(board)) and below > 0
    best = [node.move for node in best_path(fill_values(build_tree(board)))[1:]]
    title = svg_title(graph)
    assert f" {len(drawn)} positions drawn, and {below:,} more below the cut, not drawn. " in title
    assert title.endswith(f" Best line, drawn thick: {moves(best[:2])}.")  # as far as it is drawn
    assert svg_title(draw_tree(board, line=(3,), max_depth=1)).endswith(
        " Moves drawn thick: 3.")


def test_a_replayed_search_says_what_is_known_pruned_and_current():
    early = replay_arguments(SMALL, 3)
    title = svg_title(draw_whole(SMALL, highlight_best=False, **early))
    assert " Value at the root: not known yet. " in title and "thick:" not in title
    assert title.endswith(f" Current position, yellow in a dark frame: after "
                          f"{moves(early['current'])}.")
    pruned = svg_title(draw_whole(SMALL, pruned=[(3, 6)], known={(): -1}, current=()))
    assert " 3 of them pruned (grey, with dashed edges). " in pruned  # (3, 6) and 2 below
    assert f" Value backed up to the root: {MINUS}1. " in pruned
    assert pruned.endswith(" Current position, yellow in a dark frame: the root.")


def test_a_monte_carlo_tree_says_what_it_shows():
    result = mcts(SMALL, playouts=40, seed=1)
    title = svg_title(draw_mcts(SMALL, result))
    assert title.startswith("Monte Carlo search tree below this position. ")
    assert f" {result.tree[()].visits:,} playouts through the root. " in title
    assert title.endswith(f" Move chosen, drawn thick: {result.move}.")
    step = next(step for step in mcts_steps(SMALL, playouts=3, seed=1) if step.path)
    title = svg_title(draw_mcts(SMALL, step))
    assert title.endswith(f" Path drawn thick: {moves(step.path)}. Current position, yellow in "
                          f"a dark frame: after {moves(step.path)}.")


def test_every_way_of_showing_a_tree_carries_its_title():
    graph = draw_whole(SMALL)
    title = svg_title(graph)
    as_text = graph.pipe(format="svg", encoding="utf-8")
    assert f"<title>{title}</title>" in as_text
    assert as_text == graph._repr_mimebundle_()["image/svg+xml"]  # what a notebook shows
    assert svg_title(graph.copy()) == title
    plain = graph.pipe(format="plain", encoding="utf-8")  # other formats are Graphviz's own
    assert plain == graphviz.Digraph.pipe(graph, format="plain", encoding="utf-8")
    widget = StepThrough(Board.from_string("XOX|.O.|X.."))
    widget.go(4)
    shown = widget.picture.value  # <div data-step=...><?xml ...?>...<svg ...>...</svg></div>
    svg = ET.fromstring(shown[shown.index("<svg"):shown.rindex("</svg>") + len("</svg>")])
    assert svg.get("role") == "img" and svg[0].text == svg_title(widget.draw(4))


TREES = {
    "whole": lambda: draw_whole(SMALL),  # marks on winning lines, values, levels, cell numbers
    "replay": lambda: draw_whole(SMALL, highlight_best=False,
                                 **replay_arguments(SMALL, 30)),  # faded; α and β; current
    "cut": lambda: draw_tree(Board()),  # 'more nodes' stubs
    "mcts": lambda: draw_mcts(SMALL, mcts(SMALL, playouts=40, seed=1)),  # visits, means
}


@pytest.mark.parametrize("tree", TREES)
def test_text_in_trees_reaches_4_5_to_1_contrast(tree):
    shown = texts_on_backgrounds(TREES[tree]().pipe(format="svg"))
    assert len(shown) > 20
    low = [(text, colour, under) for text, colour, under in shown
           if contrast_ratio(colour, under) < 4.5]
    assert low == []


def test_marks_on_a_winning_line_are_drawn_over_its_tint():
    # the hardest case for contrast, so the test above must have met it
    shown = {(text, colour.upper(), under.upper())
             for text, colour, under in texts_on_backgrounds(draw_whole(SMALL).pipe(format="svg"))}
    assert {("X", X_TEXT, WIN_FILL), ("O", O_TEXT, WIN_FILL)} <= shown
