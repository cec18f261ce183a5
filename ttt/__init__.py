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

The catalogue of games and players by name (``catalogue``) sits between ``learning``/``pictures``
and the course.

Here are the names the lessons use most. Each is imported the first time it is asked for (PEP
562's module ``__getattr__``), so that ``import ttt.core.arguments`` loads only the core, and a
contest's seat only what its player needs before its limits apply. The pictures, charts and widgets
are imported from their own modules (``ttt.pictures.display``, ``ttt.pictures.charts``,
``ttt.course.stepper``, ``ttt.course.widgets``), so that ``import ttt`` needs neither a notebook
nor matplotlib.
"""

import importlib
from typing import Any

#: Where each name lives: the module, then the names ``ttt`` offers from it.
_HOMES: dict[str, tuple[str, ...]] = {
    "ttt.core.limits": ("MoveTookTooLong",),
    "ttt.core.protocol": ("Position", "final_score", "value_of"),
    "ttt.core.timing": ("time_per_move",),
    "ttt.core.watching": ("Watch",),
    "ttt.games.board": ("LINES", "Board", "BoardError", "IllegalMoveError", "InvalidBoardError",
                        "open_lines"),
    "ttt.games.mnk": ("MNK", "ConnectFour", "connect_four", "mnk"),
    "ttt.search.counting": ("random_game_odds", "reachable_positions"),
    "ttt.search.expectimax": ("expectimax",),
    "ttt.search.fast": ("Solver",),
    "ttt.search.mcts": ("MCTSResult", "mcts"),
    "ttt.search.minimax": ("SearchResult", "alphabeta", "iterative_deepening", "minimax"),
    "ttt.search.perfect": ("Outcome", "move_outcomes", "outcome", "perfect_move"),
    "ttt.search.solve": ("solve",),
    "ttt.search.trace": ("Step", "mcts_steps", "search_steps"),
    "ttt.search.tree": ("Node", "best_path", "build_tree", "count_by_depth", "count_games",
                        "count_internal", "count_nodes", "fill_values"),
    "ttt.play.matches": ("play_game", "tournament"),
    "ttt.play.players": ("depth_limited_player", "expectimax_player", "imperfect_player",
                         "iterative_deepening_player", "mcts_player", "one_layer_player",
                         "perfect_player", "random_player", "two_layer_player",
                         "varied_perfect_player"),
    "ttt.learning.tabular": ("Menace", "policy_quality", "td_learn"),
    "ttt.catalogue": ("game_named", "make_player"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}
__all__ = list(_HOME_OF)


def __getattr__(name: str) -> Any:
    """``ttt.<name>``: one of ``__all__`` from its home, or a subpackage (``ttt.search``)."""
    if name in _HOME_OF:
        value = getattr(importlib.import_module(_HOME_OF[name]), name)
        globals()[name] = value  # asked once: the next time it is a plain attribute
        return value
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{name}":
            raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
