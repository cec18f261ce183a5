"""ttt: game-tree search taught through tic-tac-toe.

The layers, each importing only those before it (``pyproject.toml`` declares them as
import-linter's contracts, which ``lint-imports`` checks; the website's architecture page,
site/architecture.md, draws them and lists the modules in this order): arguments (the one check
of every argument, where the package is entered, by the course's rules and the type hints) ->
protocol (the protocol every game follows, its errors, and
the rules for positions and for searches too big), svg (a board as a picture), course (each
lesson's time and whether it draws charts, read from the notebook files), watching (a search's
calls, watched from outside its body) and timing (the one timer) -> grid (what every board shares:
a position on a grid of cells
as two bitmasks) -> board (tic-tac-toe's rules) and games (the m,n,k-games and Connect Four) ->
search (minimax and alpha-beta, readable, over any game) and network (AlphaZero's two-headed
network, in plain Python) -> fast (the same on tic-tac-toe's bits,
and the solver's fast copy), solve (alpha-beta with a table that stores bounds, ordering,
symmetry: the solver lesson 5 teaches) and counting (how big a game is) -> perfect (the one home
of perfect play: tic-tac-toe answered from fast's table, other games by solve) -> tree,
expectimax and mcts (search with chance: a random opponent, random playouts; and guided by a
network) and matches (games between players) -> players, trace (every search traced step by
step) and selfplay (AlphaZero's loop) -> learning (MENACE and TD learning, judged by the solver)
and zero (the AlphaZero player, judged by the solver) -> browser -> display and charts
(pictures) and aria (a live region and a named slider, for screen readers) -> stepper, widgets
(ipywidgets), exercises and cli (``python -m ttt``). Modules named together do not import each
other.

Here are the names the lessons use most; the pictures, charts and widgets are imported from their
own modules (``ttt.pictures.display``, ``ttt.pictures.charts``, ``ttt.course.stepper``, ``ttt.course.widgets``), so that
``import ttt`` needs neither a notebook nor matplotlib.
"""

import ttt.learning.zero  # noqa: F401  (registers make_player's 'zero-N')
from ttt.games.board import (
    LINES,
    Board,
    BoardError,
    IllegalMoveError,
    InvalidBoardError,
    open_lines,
)
from ttt.search.counting import random_game_odds, reachable_positions
from ttt.search.expectimax import expectimax
from ttt.search.fast import Solver
from ttt.games.mnk import MNK, ConnectFour, connect_four, mnk
from ttt.learning.tabular import Menace, policy_quality, td_learn
from ttt.play.matches import play_game, tournament
from ttt.search.mcts import MCTSResult, mcts
from ttt.search.perfect import Outcome, move_outcomes, outcome, perfect_move
from ttt.play.players import (
    depth_limited_player,
    expectimax_player,
    imperfect_player,
    iterative_deepening_player,
    make_player,
    mcts_player,
    one_layer_player,
    perfect_player,
    random_player,
    two_layer_player,
    varied_perfect_player,
)
from ttt.core.protocol import Position, final_score, value_of
from ttt.search.minimax import SearchResult, alphabeta, iterative_deepening, minimax
from ttt.search.solve import solve
from ttt.search.trace import Step, mcts_steps, search_steps
from ttt.search.tree import (
    Node,
    best_path,
    build_tree,
    count_by_depth,
    count_games,
    count_internal,
    count_nodes,
    fill_values,
)
from ttt.core.watching import Watch

__all__ = [
    "LINES", "Board", "BoardError", "IllegalMoveError", "InvalidBoardError", "open_lines",
    "reachable_positions",
    "Position", "final_score", "value_of",
    "MNK", "ConnectFour", "connect_four", "mnk",
    "SearchResult", "Watch", "alphabeta", "iterative_deepening", "minimax", "solve", "outcome",
    "move_outcomes", "perfect_move",
    "Outcome", "Solver",
    "Step", "search_steps",
    "expectimax", "Menace", "policy_quality", "td_learn", "MCTSResult", "mcts", "mcts_steps",
    "Node", "best_path", "build_tree", "count_by_depth", "count_games", "count_internal",
    "count_nodes", "fill_values",
    "depth_limited_player", "expectimax_player", "imperfect_player",
    "iterative_deepening_player", "make_player",
    "mcts_player", "one_layer_player", "perfect_player", "play_game", "random_game_odds",
    "random_player", "tournament", "two_layer_player", "varied_perfect_player",
]
