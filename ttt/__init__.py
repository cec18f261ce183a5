"""ttt: game-tree search taught through tic-tac-toe.

The package is in layers, a folder each, every one importing only from those below it
(``pyproject.toml`` declares them, and the layers of the modules inside each folder, as
import-linter's contracts, which ``lint-imports`` checks; the website's architecture page,
site/architecture.md, draws them and lists the modules in this order):

- ``core``: the one check of every argument (``arguments``), the protocol every game follows, its
  errors and the size rules of searches (``protocol``), a search's calls watched from outside its
  body (``watching``) and the one timer (``timing``);
- ``games``: a board as a picture (``svg``), what every board shares, a position on a grid of
  cells as two bitmasks (``grid``), tic-tac-toe's rules (``board``), and the m,n,k-games and
  Connect Four (``mnk``);
- ``search``: minimax and alpha-beta, readable, over any game (``minimax``); the same on
  tic-tac-toe's bits (``fast``), the solver lesson 5 teaches (``solve``) and how big a game is
  (``counting``); the one home of perfect play (``perfect``) and Monte Carlo tree search
  (``mcts``); the game tree (``tree``), search with a random opponent (``expectimax``) and every
  search traced step by step (``trace``);
- ``play``: games between players (``matches``) and the players (``players``);
- ``learning`` (MENACE and TD learning in ``tabular``; AlphaZero's ``network``, ``selfplay`` and
  ``zero``) and ``pictures`` (``browser``, then ``display`` and ``charts``), side by side;
- ``course``: what the lessons show, the screen readers' parts (``aria``) under the step-through
  (``stepper``), the boards (``widgets``), the exercises, the terminal game (``cli``,
  ``python -m ttt``) and the course plan read from the lesson files (``plan``);
- ``contest``: the class contest.

Here are the names the lessons use most; the pictures, charts and widgets are imported from their
own modules (``ttt.pictures.display``, ``ttt.pictures.charts``, ``ttt.course.stepper``,
``ttt.course.widgets``), so that ``import ttt`` needs neither a notebook nor matplotlib.
"""

import ttt.learning.zero  # noqa: F401  (registers make_player's 'zero-N')
from ttt.core.protocol import Position, final_score, value_of
from ttt.core.watching import Watch
from ttt.games.board import (
    LINES,
    Board,
    BoardError,
    IllegalMoveError,
    InvalidBoardError,
    open_lines,
)
from ttt.games.mnk import MNK, ConnectFour, connect_four, mnk
from ttt.learning.tabular import Menace, policy_quality, td_learn
from ttt.play.matches import play_game, tournament
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
from ttt.search.counting import random_game_odds, reachable_positions
from ttt.search.expectimax import expectimax
from ttt.search.fast import Solver
from ttt.search.mcts import MCTSResult, mcts
from ttt.search.minimax import SearchResult, alphabeta, iterative_deepening, minimax
from ttt.search.perfect import Outcome, move_outcomes, outcome, perfect_move
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
