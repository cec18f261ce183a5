"""ttt: game-tree search taught through tic-tac-toe.

The layers, each importing only those before it: board (rules) -> search (minimax, alpha-beta,
solver) and steps (the search told step by step) -> tree, players -> display (pictures and charts)
-> stepper, widgets (ipywidgets) and cli (``python -m ttt``).
The widget modules are not imported here, so ``import ttt`` works without a notebook.
"""

from ttt.board import (
    LINES,
    Board,
    BoardError,
    IllegalMoveError,
    InvalidBoardError,
)
from ttt.players import (
    depth_limited_player,
    imperfect_player,
    make_player,
    one_layer_player,
    perfect_player,
    play_game,
    random_game_odds,
    random_player,
    tournament,
    two_layer_player,
    varied_perfect_player,
)
from ttt.search import Outcome, SearchResult, Solver, alphabeta, minimax, open_lines
from ttt.steps import Step, search_steps
from ttt.tree import (
    Node,
    best_path,
    build_tree,
    count_by_depth,
    count_games,
    count_internal,
    count_nodes,
    fill_values,
)

__all__ = [
    "LINES", "Board", "BoardError", "IllegalMoveError", "InvalidBoardError",
    "Outcome", "SearchResult", "Solver", "alphabeta", "minimax", "open_lines",
    "Step", "search_steps",
    "Node", "best_path", "build_tree", "count_by_depth", "count_games", "count_internal",
    "count_nodes", "fill_values",
    "depth_limited_player", "imperfect_player", "make_player", "one_layer_player",
    "perfect_player", "play_game", "random_game_odds", "random_player", "tournament",
    "two_layer_player",
    "varied_perfect_player",
]
