"""Draw the README's pictures, one or more per lesson, into images/ (run by `make images`).

Everything is drawn from the ``ttt`` package, not from the notebooks. The output is deterministic:
running the script twice writes byte-identical files. To add a picture, write a function that
returns the file's content (str or bytes) and add one line to PICTURES.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import graphviz
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from ttt import (
    Board,
    Solver,
    alphabeta,
    make_player,
    mcts,
    minimax,
    perfect_player,
    play_game,
    policy_quality,
    td_learn,
    tournament,
    two_layer_player,
)
from ttt.pictures.charts import (
    plot_learning_curves,
    plot_method_comparison,
    plot_nodes_by_depth,
    plot_nodes_per_move,
    plot_search_costs,
    plot_tournament,
)
from ttt.search.counting import estimate_tree_size, tree_size
from ttt.pictures.display import CURRENT_COLOUR, draw_mcts, draw_tree
from ttt.games.mnk import connect_four, mnk
from ttt.learning.tabular import ValueTable
from ttt.search.solve import solve
from ttt.games.svg import board_svg
from ttt.search.tree import build_tree, count_by_depth
from ttt.course.widgets import HINT_COLOURS, hint

IMAGES = Path(__file__).resolve().parent.parent / "images"
GAME_SEEDS = (23, 123)  # two-layer players: X blocks and forks, O can stop only one line
MINIMAX_POSITION = "XOX|O.O|.X."  # X must take the centre: it blocks O and makes two threats
MCTS_POSITION = "...|.O.|XOX"  # X must block at 1; every other move loses
HINTS_POSITION = "..O|.O.|XX."  # X to move: a win now, wins later, a draw and a loss
TOURNAMENT_GAMES = 100
BOARD_SIZE = 96  # pixels per board in the pictures of a game
GAP = 24  # pixels between boards
CAPTION = 40  # pixels under each board for its two caption lines
PER_ROW = 4  # boards per row
CHART_SIZE = (5.5, 3.3)  # inches: smaller than the notebooks' charts, so text stays readable
DPI = 200  # at 5.5 inches, 1100 pixels: sharp when the README shows it 400 pixels wide


# --- lesson 1: the board ------------------------------------------------------------------------

def game_boards() -> str:
    """A seeded game, board by board: the newest mark shaded, a caption saying who moved."""
    game = play_game(two_layer_player(GAME_SEEDS[0]), two_layer_player(GAME_SEEDS[1]))
    board = Board()
    pieces = [_captioned_board(board, None, 0, "start", board.result_text())]
    for number, cell in enumerate(game.moves, start=1):
        mover, board = board.to_move, board.play(cell)
        pieces.append(_captioned_board(board, cell, number, f"move {number}: {mover}",
                                       board.result_text()))
    rows = -(-len(pieces) // PER_ROW)
    width = min(len(pieces), PER_ROW) * (BOARD_SIZE + GAP) - GAP
    height = rows * (BOARD_SIZE + CAPTION + GAP) - GAP
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">'
            f'<rect width="{width}" height="{height}" fill="white"/>{"".join(pieces)}</svg>\n')


def _captioned_board(board: Board, newest: int | None, slot: int, first: str,
                     second: str) -> str:
    """Board number ``slot`` of the game, moved into place, its newest mark shaded (if any), two
    caption lines under it."""
    x = slot % PER_ROW * (BOARD_SIZE + GAP)
    y = slot // PER_ROW * (BOARD_SIZE + CAPTION + GAP)
    text = f'text-anchor="middle" x="{BOARD_SIZE / 2}" fill="#333"'
    return (f'<g transform="translate({x},{y})">'
            f'{board_svg(board.cells, board.winning_line, BOARD_SIZE)}{_shade(newest)}'
            f'<text {text} y="{BOARD_SIZE + 17}" font-size="15">{first}</text>'
            f'<text {text} y="{BOARD_SIZE + 35}" font-size="14" fill-opacity="0.7">{second}</text>'
            '</g>')


def _shade(cell: int | None) -> str:
    """A pale yellow square over ``cell`` of a board (nothing for None)."""
    if cell is None:
        return ""
    step = BOARD_SIZE / 3
    return (f'<rect x="{cell % 3 * step + 3:.1f}" y="{cell // 3 * step + 3:.1f}" '
            f'width="{step - 6:.1f}" height="{step - 6:.1f}" rx="4" fill="{CURRENT_COLOUR}" '
            'fill-opacity="0.35"/>')


# --- lesson 2: the game tree --------------------------------------------------------------------

def game_tree_top() -> str:
    """The empty board and its nine first moves, each with a stub for the nodes below it.

    No values and no best line: those come in lesson 3.
    """
    return _graph_svg(draw_tree(Board(), max_depth=1, values=False, highlight_best=False))


def nodes_by_depth() -> bytes:
    """The number of nodes at each depth of the full game tree, as bars."""
    return _png(plot_nodes_by_depth(count_by_depth(build_tree())))


# --- lesson 3: minimax --------------------------------------------------------------------------

def minimax_tree() -> str:
    """A whole small tree with backed-up values and the best line of play."""
    return _graph_svg(draw_tree(Board.from_string(MINIMAX_POSITION)))


# --- lesson 4: nodes per move -------------------------------------------------------------------

def nodes_per_move() -> bytes:
    """Nodes searched for each move of perfect self-play, minimax against alpha-beta."""
    game = play_game(perfect_player, perfect_player)
    board, rows = Board(), {"minimax": [], "alpha-beta": []}
    for number, cell in enumerate(game.moves, start=1):
        rows["minimax"].append((number, minimax(board).nodes))
        rows["alpha-beta"].append((number, alphabeta(board).nodes))
        board = board.play(cell)
    return _png(plot_nodes_per_move(rows))


# --- lesson 5: making search fast ---------------------------------------------------------------

def method_comparison() -> bytes:
    """Nodes each method searches (positions, for the tables) from the empty board, log scale."""
    nodes = {"minimax": minimax(Board()).nodes,
             "alpha-beta": alphabeta(Board(), ordered=False).nodes,
             "alpha-beta, ordered": alphabeta(Board()).nodes,
             "transposition table": Solver().look_up(Board()).nodes,
             "table + symmetry": Solver(symmetry=True).look_up(Board()).nodes}
    return _png(plot_method_comparison(nodes))


# --- lesson 6: opponents ------------------------------------------------------------------------

def tournament_results() -> bytes:
    """Seeded tournaments, each player as X against random and against perfect."""
    results = {}
    for name in ("random", "one-layer", "two-layer", "depth-2", "perfect"):
        for opponent in ("random", "perfect"):
            results[f"{name} vs {opponent}"] = tournament(
                make_player(name, seed=1), make_player(opponent, seed=2), games=TOURNAMENT_GAMES)
    return _png(plot_tournament(results), height=4.2)


# --- lesson 7: when the tree is too big -------------------------------------------------------

def search_costs() -> bytes:
    """Nodes to solve small boards: the tree (counted where cheap, else estimated) and solve with
    its ideas switched on one by one, as lesson 7's table and chart (methods too slow left out)."""
    boards = {"3×3": mnk(3, 3, 3), "4×3 k=3": mnk(4, 3, 3), "C4 4×4": connect_four(4, 4),
              "4×4 k=3": mnk(4, 4, 3), "4×4 k=4": mnk(4, 4, 4), "C4 5×4": connect_four(5, 4),
              "C4 4×5": connect_four(4, 5)}
    counted = ("3×3", "C4 4×4")
    costs = {"minimax (tree size)": {
        board: tree_size(start) if board in counted else estimate_tree_size(start, 2000, 1).nodes
        for board, start in boards.items()}}
    methods = {"alpha-beta": (False, False, False, ("3×3", "4×3 k=3", "C4 4×4")),
               "+ ordering": (True, False, False, ("3×3", "4×3 k=3", "C4 4×4", "4×4 k=3")),
               "+ table": (True, True, False, tuple(boards)),
               "+ symmetry": (True, True, True, tuple(boards))}
    for method, (ordered, table, symmetry, which) in methods.items():
        costs[method] = {board: solve(boards[board], ordered=ordered, table=table,
                                      symmetry=symmetry).nodes for board in which}
    estimated = {("minimax (tree size)", board) for board in boards if board not in counted}
    return _png(plot_search_costs(costs, estimated=estimated, title="Nodes to solve each board"),
                height=3.6)


# --- lesson 8: chance and sampling --------------------------------------------------------------

def mcts_tree() -> str:
    """A Monte Carlo tree search's tree after 500 playouts: visits and mean results per move."""
    board = Board.from_string(MCTS_POSITION)
    return _graph_svg(draw_mcts(board, mcts(board, 500, seed=1), max_depth=1))


# --- lesson 9: learning to play ----------------------------------------------------------------

def td_learning_curve() -> bytes:
    """The share of optimal moves of three TD learners as they train, as in lesson 9."""
    shares = {}
    for seed in (1, 2, 3):
        table, played, shares[f"seed {seed}"] = ValueTable(), 0, {}
        for games in (250, 500, 1000, 2000, 4000):
            td_learn(games - played, seed=1000 * seed + games, table=table)
            played = games
            shares[f"seed {seed}"][games] = policy_quality(table.player(seed=1)).optimal_share
    return _png(plot_learning_curves(shares, ylabel="share of optimal moves",
                                     title="TD learning by self-play, judged by the solver"))


# --- lesson 11: play ----------------------------------------------------------------------------

def board_with_hints() -> str:
    """A position of the playable board with its hints: what each free cell leads to."""
    board = Board.from_string(HINTS_POSITION)
    outcomes = Solver().move_outcomes(board)
    step = BOARD_SIZE * 2 / 3
    cells = []
    for cell, outcome in outcomes.items():
        value, text = hint(outcome, board.to_move)
        x, y = cell % 3 * step, cell // 3 * step
        cells.append(f'<rect x="{x + 3:.1f}" y="{y + 3:.1f}" width="{step - 6:.1f}" '
                     f'height="{step - 6:.1f}" rx="4" fill="{HINT_COLOURS[value]}"/>'
                     f'<text x="{x + step / 2:.1f}" y="{y + step / 2 + 5:.1f}" font-size="14" '
                     f'text-anchor="middle" fill="#333">{text}</text>')
    size = BOARD_SIZE * 2
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size + 30}" '
            f'viewBox="0 0 {size} {size + 30}" font-family="Helvetica, Arial, sans-serif">'
            f'<rect width="{size}" height="{size + 30}" fill="white"/>'
            f'{board_svg(board.cells, None, size)}{"".join(cells)}'
            f'<text x="{size / 2}" y="{size + 22}" font-size="14" text-anchor="middle" '
            f'fill="#333">hints for {board.to_move}, to move</text></svg>\n')


# --- writing ------------------------------------------------------------------------------------

def _graph_svg(graph: graphviz.Digraph) -> str:
    """A Graphviz graph rendered to SVG text, with no files left behind."""
    return graph.pipe(format="svg", encoding="utf-8")


def _png(fig: Figure, height: float = CHART_SIZE[1]) -> bytes:
    """A matplotlib figure as PNG bytes without a timestamp or version, so reruns are identical."""
    buffer = io.BytesIO()
    fig.set_size_inches(CHART_SIZE[0], height)
    fig.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight", facecolor="white",
                metadata={"Software": None})
    plt.close(fig)
    return buffer.getvalue()


PICTURES: list[tuple[str, Callable[[], str | bytes]]] = [
    ("01_board.svg", game_boards),
    ("02_game_tree.svg", game_tree_top),
    ("02_nodes_by_depth.png", nodes_by_depth),
    ("03_minimax.svg", minimax_tree),
    ("04_nodes_per_move.png", nodes_per_move),
    ("05_methods.png", method_comparison),
    ("06_tournaments.png", tournament_results),
    ("07_search_costs.png", search_costs),
    ("07_hints.svg", board_with_hints),
    ("08_mcts.svg", mcts_tree),
    ("09_learning.png", td_learning_curve),
]


def main() -> None:
    """Write every picture in PICTURES into images/, replacing what is there."""
    IMAGES.mkdir(exist_ok=True)
    for name, draw in PICTURES:
        content = draw()
        data = content.encode() if isinstance(content, str) else content
        (IMAGES / name).write_bytes(data)
        print(f"wrote images/{name} ({len(data):,} bytes)")


if __name__ == "__main__":
    main()
