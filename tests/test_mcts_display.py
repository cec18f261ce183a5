"""Tests of ttt.display.draw_mcts: the tree of a Monte Carlo tree search, drawn with its visits
and mean results, and its steps (select, expand, play out, back up).

Positions are drawn in the comments, cells numbered 0-8 in reading order. The tests read the DOT
source back, as tests/pictures/test_display.py does.
"""

import subprocess

from test_display import edges, nodes, stubs

from ttt.games.board import Board
from ttt.pictures.display import CURRENT_COLOUR, draw_mcts
from ttt.search.mcts import mcts
from ttt.search.trace import PLAY_OUT, SELECT, mcts_steps

MINUS = "\u2212"

# X O X
# . O .
# . . .    X to move: five moves, small trees
BOARD = Board.from_string("XOX|.O.|...")


def dot_warnings(graph) -> str:
    """What Graphviz's dot says while laying the picture out, e.g. that a text does not fit."""
    return subprocess.run(["dot", "-Tsvg"], input=graph.source, capture_output=True, text=True,
                          check=True).stderr


def test_every_position_of_the_search_tree_is_drawn_with_its_visits_and_mean():
    result = mcts(BOARD, playouts=12, seed=1)
    drawn = nodes(draw_mcts(BOARD, result))
    assert set(drawn) == set(result.tree)
    for path, label in drawn.items():
        tally = result.tree[path]
        assert f"n={tally.visits}<" in label
        if path:  # the mean, for the player who moved there
            mover = "X" if len(path) % 2 else "O"
            mean = round(tally.mean, 2)
            text = "0" if mean == 0 else f"{'+' if mean > 0 else MINUS}{abs(mean):.2g}"
            assert f">{mover}</FONT> {text}<" in label


def test_the_move_chosen_is_drawn_thick():
    result = mcts(BOARD, playouts=50, seed=2)
    lines = edges(draw_mcts(BOARD, result))
    thick = [child for (_, child), attrs in lines.items() if "penwidth=2.5" in attrs]
    assert thick == [(result.move,)]


def test_a_wide_tree_is_cut_and_the_stubs_count_the_rest():
    result = mcts(Board(), playouts=2000, seed=3)
    graph = draw_mcts(Board(), result)
    drawn, below = nodes(graph), stubs(graph)
    assert set(drawn) == {(), *((cell,) for cell in range(9))}
    assert len(drawn) + sum(below.values()) == len(result.tree)
    assert f"n={2000:,}<" in drawn[()]
    assert "too small" not in dot_warnings(graph)


def test_a_selection_shows_the_ucb1_scores_and_shades_where_it_stopped():
    steps = mcts_steps(BOARD, 12, seed=1)
    step = next(step for step in reversed(steps) if step.kind == SELECT and step.scores)
    drawn = nodes(draw_mcts(BOARD, step))
    for path, score in step.scores.items():
        assert f"UCB {score:.2f}<" in drawn[path]
    shaded = [path for path, label in drawn.items() if f'BGCOLOR="{CURRENT_COLOUR}"' in label]
    assert shaded == [step.path]


def test_a_playout_is_drawn_below_where_it_started():
    steps = mcts_steps(BOARD, 12, seed=3)
    step = next(step for step in steps if step.kind == PLAY_OUT and len(step.moves) >= 2)
    graph = draw_mcts(BOARD, step)
    name = "n" + "_".join(map(str, step.path)) + "_playout"
    assert f"\t{name} [label=<" in graph.source
    end = BOARD
    for cell in (*step.path, *step.moves):
        end = end.play(cell)
    assert end.result_text() in graph.source.split(f"\t{name} [label=<")[1].split("\n")[0]
    moves = ", ".join(map(str, step.moves))
    assert f'-> {name} [label=" at random: {moves}"' in graph.source


def test_a_step_below_the_cut_is_followed_down():
    steps = mcts_steps(Board(), 30, seed=4)
    step = next(step for step in steps if len(step.path) == 2)
    drawn = nodes(draw_mcts(Board(), step))
    assert step.path in drawn
    assert all(len(path) < 2 or path[0] == step.path[0] for path in drawn)
