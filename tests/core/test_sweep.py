"""The sweep: every exported callable of the package, each of its parameters, a catalogue of bad
values. Each call must end within ``SECONDS`` in a TypeError or ValueError (SearchTooBigError and
the games' BoardErrors are ValueErrors) whose message names the parameter (a BoardError or a
SearchTooBigError says what is wrong with the position or move instead), or else return, if the
value is one the parameter's type hint allows (a finished game, another game's position, None
where None is meant) and, for a count, a cell or a move, one that makes sense (not negative, a
legal move); an exercise's verdict may answer anything, but not pass a wrong answer. Among the
values are three functions: one that never returns must be stopped within its time per move
(``MOVE_SECONDS`` here) with a TimeoutError that asks whether it loops for ever (unless it is
the caller's own code, ``THEIR_OWN``); one that raises may fail the call with its own error; one
that answers -7 must be refused, naming the parameter. A call that
goes ahead must end within ``WORK_SECONDS`` (the empty board and 4 x 4 four in a row are among
the values: a search too big is refused up front); the arguments passed in are as they were, and
nothing of the package or the built-ins was replaced.

Nothing here lists the modules or the functions: every module of the package with an ``__all__``
is walked, and the functions are found in its ``__all__`` (and the exported
classes' public methods, and each exercise's ``check``), so a new exported function is swept
without editing this file. What it needs is a valid value for each of its parameters, to call it
with all but one right: ``valid`` finds one by the parameter's name or type hint; a parameter it
knows nothing of fails its test, saying so.

Run with ``-s`` to see the totals, calls made and how many misbehaved (or, with ``-n``, set
``SWEEP_TOTALS`` to a file that each worker adds its totals to)."""

from __future__ import annotations

import copy
import importlib
import importlib.util
import inspect
import math
import os
import pkgutil
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import typing
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, is_dataclass
from pathlib import Path
from typing import Any

import pytest
from beartype import BeartypeConf
from beartype.door import is_bearable

import ttt
import ttt.pictures.display
from ttt.contest.running import Contest, Game
from ttt.contest.sandbox import Jail, Limits
from ttt.core.protocol import BoardError, SearchTooBigError
from ttt.core.watching import Watch
from ttt.course import exercises
from ttt.course.exercises.checking import Feedback
from ttt.games.board import Board
from ttt.games.grid import Grid
from ttt.games.mnk import connect_four, mnk
from ttt.learning.network import Adam, encode, gradients, legal_mask, new_network
from ttt.learning.selfplay import Examples, Training, visit_shares
from ttt.play.players import random_player

#: Seconds a refusal may take: it comes before any work (CPU seconds, so that a machine busy with
#: other work does not fail it). A call that goes ahead (the value was fine for it) may take up to
#: WORK_SECONDS of CPU time: the valid calls are made on small positions, but some play whole
#: games (checking an exercise's answer) and a value may be the empty board; a call still running
#: then is a hang (a search too big must be refused up front).
SECONDS = 2.0
WORK_SECONDS = 10.0
ROOT = Path(__file__).resolve().parents[2]

# X O .
# . X .
# O . .      X to move, five free cells: every search over it takes a moment
SMALL = Board.from_string("XO.|.X.|O..")
FINISHED = Board.from_string("XXX|OO.|...")
FOUR = connect_four(4, 4).play(1)

#: The bad values: (label, value). Some are fine for some parameters (None where None is meant,
#: a finished game for a count): those calls may return, if the type hint allows the value.
CATALOGUE: list[tuple[str, Any]] = [
    ("None", None), ("a string", "x"), ("True", True), ("a float", 2.5), ("a list", [1]),
    ("NaN", math.nan), ("+inf", math.inf), ("-inf", -math.inf), ("negative", -1),
    ("huge", 10 ** 9), ("Connect Four 7x6", connect_four()),
    ("a finished game", FINISHED), ("an empty dict", {}),
    ("a number as a string", "4"), ("a built-in function", len), ("a built-in's name", "random"),
    ("an illegal move", 0), ("the empty board", Board()), ("4 x 4 four in a row", mnk(4, 4, 4)),
    ("a function that never returns", lambda *args, **kwargs: _never_returns()),
    ("a function that raises", lambda *args, **kwargs: 1 / 0),
    ("a player that plays an illegal move", lambda *args, **kwargs: -7),
]
def _never_returns() -> None:
    while True:
        pass


#: The parameters whose function is the caller's own code, which the package runs as asked (to
#: time it, to report progress, to read the clock, to print): no limit is put on it, as there is
#: none when the caller runs it alone; one that never returns runs as long as it would there.
THEIR_OWN = {"run", "clock", "progress", "tell", "through"}
#: How long a function handed in may take over a move (``ttt.time_per_move``): a second, so
#: that one that never returns is stopped before ``WORK_SECONDS``.
MOVE_SECONDS = 1.0


#: The values put in place of one number inside a valid container (a dict of counts, a named
#: tuple such as an Outcome): (label, value).
INSIDE: list[tuple[str, Any]] = [("NaN inside", math.nan), ("negative inside", -1),
                                 ("a string inside", "4")]
#: What cannot be negative, as a parameter or as a field of a named tuple: counts, sizes, cells.
NOT_NEGATIVE = {"cell", "move", "chosen", "column", "columns", "rows", "size", "counts",
                "nodes", "results", "costs", "moves", "plies", "visits", "games", "total",
                "done", "repeats", "free_cells"}
#: The parameters that are a move of the position they come with: an illegal one is refused.
MOVES = {"move", "cell", "chosen", "column"}

#: Not swept: the rule book and the package's own checks (``ttt.core.arguments``, the protocol's
# rules
#: and size guards, the Board's rule: their job is bad input; tests/core/test_bad_input.py calls
#: them), lesson 8's Exact (a Fraction), the model answers of the exercises (functions written as
#: a student would, which ``check`` compares the student's with), and the algorithms the lessons
#: show as the textbook writes them: their checks are at the public entry that runs them
#: (``minimax``, ``alphabeta``, ``solve``, ``expectimax``, ``mcts``, ``guided_mcts``; the network's
#: ``forward`` at ``predict`` and ``loss``), which the sweep calls.
LEFT_OUT = re.compile(r"^ttt\.(?!course\.exercises).*\.check_\w+$"
                      r"|^ttt\.course\.exercises\.lesson8\.Exact$"
                      r"|^ttt\.core\.arguments\.|^ttt\.[\w.]+\.a_\w+$"
                      r"|^ttt\.core\.protocol\.(whole_tree|every_position)$"
                      r"|^ttt\.games\.board\.tic_tac_toe_only|\.<locals>\.guard$"
                      r"|^ttt\.search\.minimax\.(minimax_value|alphabeta_value)$"
                      r"|^ttt\.search\.fast\.minimax_bits$"
                      r"|^ttt\.search\.solve\.(negamax_value|moves_to_try|Table)$"
                      r"|^ttt\.search\.expectimax\.expectimax_value$"
                      r"|^ttt\.search\.mcts\.(grow|select|expand|play_out|back_up|ucb1)$"
                      r"|^ttt\.search\.mcts\.(grow_guided|expand_all|puct)$"
                      r"|^ttt\.learning\.network\.forward$")


def is_model_answer(thing: Any) -> bool:
    return any(thing is exercise.answer for exercise in exercises.EXERCISES.values())


# --- what is exported ------------------------------------------------------------------


def interface() -> list[str]:
    """Every module of the package that says what it exports (an ``__all__``), found by walking
    the package: a new module is swept without editing this file. (Read, not imported, to find
    out: importing ``ttt.__main__`` would start the terminal game.)"""
    found = []
    for info in pkgutil.walk_packages(ttt.__path__, "ttt."):
        spec = importlib.util.find_spec(info.name)
        if spec and spec.origin and re.search(r"^__all__\b", Path(spec.origin).read_text(), re.M):
            found.append(info.name)
    return ["ttt", *sorted(found)]


INTERFACE = interface()


def modules() -> list[Any]:
    return [importlib.import_module(name) for name in INTERFACE]


def is_record(kind: type) -> bool:
    """A result the package makes (a dataclass or a named tuple), an error or a protocol: not an
    entry point."""
    return (is_dataclass(kind) or issubclass(kind, (tuple, frozenset, BaseException))
            or getattr(kind, "_is_protocol", False))


def exported() -> dict[str, Callable[..., Any]]:
    """Every exported callable by its qualified name: the functions and classes of each module's
    ``__all__``, each exercise's ``check``; the classes' public methods are found by
    ``methods``."""
    found: dict[str, Callable[..., Any]] = {}
    seen: set[int] = set()
    for module in modules():
        for name in getattr(module, "__all__", ()):
            thing = getattr(module, name)
            if isinstance(thing, exercises.Exercise):
                found[f"exercises.{name}.check"] = thing.check
                continue
            if id(thing) in seen or not (inspect.isfunction(thing) or inspect.isclass(thing)):
                continue
            if ((inspect.isclass(thing) and is_record(thing)) or is_model_answer(thing)
                    or hasattr(thing, "__unchecked__")):  # left unchecked, saying why
                continue
            home = getattr(thing, "__module__", "")
            if not home.startswith("ttt"):
                continue
            seen.add(id(thing))
            qualified = f"{home}.{thing.__qualname__}"
            if not LEFT_OUT.search(qualified):
                found[qualified] = thing
    return found


def methods(kind: type) -> list[str]:
    """The public methods a class defines itself (not those it inherits from ipywidgets), but not
    a watcher's: the searches call those, with what they found, not a student."""
    if issubclass(kind, Watch):
        return []
    return [name for name, member in vars(kind).items()
            if not name.startswith("_") and inspect.isfunction(member)]


# --- valid arguments ------------------------------------------------------------------------


def valid(owner: str, name: str, hint: object) -> Any:
    """A valid value for parameter ``name`` of ``owner``, by name (or owner and name), else by
    type hint; ``LookupError`` if there is none."""
    for key in (f"{owner}:{name}", name):
        if key in BY_NAME:
            return BY_NAME[key]()
    text = hint if isinstance(hint, str) else getattr(hint, "__name__", str(hint))
    for pattern, make in BY_HINT:
        if re.search(pattern, text):
            return make()
    raise LookupError(f"no valid value known for parameter {name!r} ({text}) of {owner}: "
                      f"add one to BY_NAME in tests/core/test_sweep.py")


def _first_free(position: Any) -> Any:
    """A player the contest can enter: a function defined at the top of a module."""
    return min(position.legal_moves)


#: The folders the sweep made (a contest folder, a report's), removed when it is done.
MADE: list[Path] = []


def _new_folder() -> Path:
    """An empty folder of the sweep's own: what a contest's entries or report go into."""
    MADE.append(Path(tempfile.mkdtemp(prefix="ttt-sweep-")))
    return MADE[-1]


def _contest() -> Contest:
    """A contest of one game, played out by hand (no processes): a wins as X.

    X X X
    O O .
    . . .
    """
    game = Game("a", "b", 1, [0, 3, 1, 4, 2], winner="a")
    return Contest("tic-tac-toe", 1, ["a", "b"], ["b"], [game], [], [], [])


def _tree() -> Any:
    return ttt.build_tree(SMALL)


def _network() -> Any:
    return new_network(Board(), hidden=4, seed=1)


def _examples() -> Any:
    """Two positions to learn from: SMALL and the empty board, each with a target."""
    positions = [SMALL, Board()]
    return Examples([encode(board) for board in positions],
                    [legal_mask(board) for board in positions],
                    [visit_shares(board, {2: 1}) for board in positions], [1.0, 0.0])


def _knowing_nothing(position: Any) -> tuple[dict[Any, float], float]:
    """A guide with no opinion: every move as likely, every position a draw."""
    return dict.fromkeys(position.legal_moves, 1 / len(position.legal_moves)), 0.0


def _mcts_node() -> Any:
    """The root of a Monte Carlo search of SMALL after one playout: one child, visited once."""
    from ttt.search.mcts import TreeNode, back_up, expand
    root = TreeNode(SMALL)
    back_up(expand(root, random.Random(1)), 1)
    return root


BY_NAME: dict[str, Callable[[], Any]] = {
    **dict.fromkeys(["position", "board", "start", "node_or_board"], lambda: SMALL),
    **dict.fromkeys(["node", "root"], _tree),
    "indexes_of_right_moves:answers": lambda: [(SMALL, 0)],  # (position, answer) pairs collected
    "depth": lambda: 2, "max_depth": lambda: 2, "seconds": lambda: 0.01, "playouts": lambda: 10,
    "games": lambda: 2, "probes": lambda: 10, "seed": lambda: 1, "limit": lambda: 10,
    "max_nodes": lambda: 50, "max_width": lambda: 9, "max_free": lambda: 3, "k": lambda: 2,
    "alpha": lambda: 0.5, "epsilon": lambda: 0.1, "trust": lambda: 0.9, "exploration": lambda: 1.4,
    **dict.fromkeys(["mark", "human", "me", "side", "to_move", "learner", "opponent:player"],
                    lambda: "X"),
    "player": lambda: random_player(1),
    **dict.fromkeys(["enter_contest:player", "entry_source:player"], lambda: _first_free),
    **dict.fromkeys(["enter_contest:folder", "collect_entries:folder", "write_report:folder"],
                    _new_folder),
    "contest": _contest, "entries": lambda: [], "played": lambda: [],
    **dict.fromkeys(["game_named:name", "reference_players:game", "Seat:game"],
                    lambda: "tic-tac-toe"),
    "Seat:entry": lambda: "builtin:random", "Seat:source": lambda: None,
    "limits": Limits, "jail": Jail, "move:moves": lambda: [4],
    "chance": lambda: "O",
    **dict.fromkeys(["x_player", "o_player", "opponent"], lambda: random_player(1)),
    "evaluate": lambda: (lambda position: 0.0),
    **dict.fromkeys(["move", "cell", "chosen", "column"], lambda: 2),
    "moves": lambda: (2,), "score": lambda: 0.5, "value": lambda: 0.5, "next_value": lambda: 0.0,
    **dict.fromkeys(["scores", "values"], lambda: {2: 0.5, 3: 0.0}),
    "rng": lambda: random.Random(1), "beads": lambda: 3, "box_total": lambda: 5,
    "name": lambda: "random", "level_player:name": lambda: "perfect",
    "check_can_play:name": lambda: "random",
    "steps": lambda: ttt.search_steps(SMALL), "step": lambda: ttt.search_steps(SMALL)[0],
    "counts": lambda: [1, 2, 3], "plot_outcomes:counts": lambda: Counter(X=1, O=2, draw=3),
    "plot_round_robin:results": lambda: {"a vs a": Counter(X=1, draw=1)},
    "try_plan:level": lambda: "random", "run": lambda: (lambda: None),
    "argv": lambda: ["--x", "random", "--o", "random", "--seed", "1"],
    "plans": lambda: {"a": (45, [[1]])},
    "plot_nodes_per_move:rows": lambda: {0: 10, 1: 20}, "NamedSlider:value": lambda: 1,
    "results": lambda: {"a": {"X": 1, "O": 0, "draw": 1}},
    **dict.fromkeys([f"{owner}:results" for owner in ("crosstable", "standings",
                                                       "standings_table")],
                    lambda: {"a vs a": Counter(X=1, draw=1)}),
    "check_draws_prediction:results": lambda: {
        f"{x} vs {o}": Counter(X=1, draw=1)
        for x in ("random", "one-layer", "two-layer", "perfect")
        for o in ("random", "one-layer", "two-layer", "perfect")},
    "boxes_shown:positions": lambda: [Board()],
    **dict.fromkeys(["changed_dict:old", "changed_dict:new"], lambda: {4: 0.5}),
    "won_drawn_lost:counts": lambda: Counter(X=1),
    "game_text:game": lambda: [(SMALL, True)], "game_text:before": lambda: {},
    "try_player:opponent": lambda: "random", "train_judged:checkpoints": lambda: (2,),
    "names": lambda: ["a"], "costs": lambda: {"m": {"b": 10.0}},
    **dict.fromkeys(["shares", "curves"], lambda: {"s": {1: 0.5, 2: 0.75}}),
    "plot_method_comparison:nodes": lambda: {"a": 10},
    **dict.fromkeys(["title", "ylabel", "xlabel", "description", "text", "alt", "noun",
                     "otherwise", "instead"], lambda: "words"),
    "svg": lambda: ttt.pictures.display.draw_tree(SMALL, max_depth=1, current=(2,)).pipe(
        "svg", encoding="utf-8"),
    "cells": lambda: list("XO..X.O.."), "size": lambda: 96, "columns": lambda: 3,
    "rows": lambda: 3,
    **dict.fromkeys(["select:node", "expand:node", "back_up:node"], _mcts_node),
    **dict.fromkeys(["ConnectFour:rows", "connect_four:rows", "ConnectFourBoard:rows"],
                    lambda: 4),
    "ConnectFourBoard:columns": lambda: 4, "connect_four:columns": lambda: 4,
    "path": lambda: ROOT / "notebooks" / "01_the_board.ipynb",
    "folder": lambda: ROOT / "notebooks", "obj": lambda: ttt.minimax,
    "boards": lambda: [SMALL], "outcome": lambda: ttt.outcome(SMALL),
    "done": lambda: 1, "total": lambda: 2, "deadline": lambda: math.inf,
    "parent": lambda: None, "child": lambda: next(iter(_mcts_node().children.values())),
    "parent_visits": lambda: 2, "visits": lambda: 1,
    "min": lambda: 0, "max": lambda: 2, "guess": lambda: "X", "got": lambda: 1,
    "expected": lambda: 1, "turns": lambda: {"X": "X", "O": "O"},
    "after_two": lambda: set(), "after_two_folded": lambda: set(), "helped_most": lambda: "x",
    "case": lambda: next(iter(exercises.winner.cases())),
    "answer": lambda: exercises.winner.answer, "student": lambda: exercises.winner.answer,
    "cells_in_place": lambda: list("XO..X.O.."),
    "minimax_in_place:cells": lambda: list("XO..X.O.."),
    "ucb1_score:total": lambda: 1.0, "ucb1_score:player": lambda: "X",
    "result": lambda: "win", "back_up:result": lambda: 1,
    "search": lambda: ttt.alphabeta, "draw_mcts:search": lambda: ttt.mcts(SMALL, 10, seed=1),
    **dict.fromkeys(["watching:search", "calls_through:search"],
                    lambda: ttt.search.minimax.minimax_value),
    "sampling_explanation:search": lambda: ttt.mcts(SMALL, 10, seed=1),
    "table": lambda: None, "td_game:table": lambda: ttt.learning.tabular.ValueTable(),
    "clock": lambda: time.perf_counter, "winner": lambda: None, "beta": lambda: math.inf,
    **dict.fromkeys(["landing_cell:position", "open_columns:position", "evaluate_four:position"],
                    lambda: FOUR),
    "lookahead_explanation:position": lambda: FOUR,
    "lookahead_explanation:found": lambda: ttt.play.players.depth_limited_player(2, 1).choose(FOUR),
    "evaluation_results:evaluate": lambda: (lambda position: 0.0),
    "args": lambda: (), "kwargs": lambda: {},
    # AlphaZero in miniature: a small network, its batch, a guide, self-play's settings
    "network": lambda: _network(), "hidden": lambda: 4, "optimiser": lambda: Adam(),
    **{f"{owner}:{name}": (lambda name=name: getattr(_examples(), name))
       for owner in ("loss", "gradients", "train_step")
       for name in ("planes", "legal", "policies", "values")},
    "examples": lambda: _examples(), "epochs": lambda: 1, "batch": lambda: 4,
    "grads": lambda: gradients(_network(), *(getattr(_examples(), name) for name in
                                             ("planes", "legal", "policies", "values"))),
    "guide": lambda: _knowing_nothing, "visit_counts": lambda: {2: 3, 8: 1},
    "seen": lambda: [(SMALL, visit_shares(SMALL, {2: 3, 8: 1}))],
    "end": lambda: Board.from_string("XOX|OXO|OXX"),
    "training": lambda: Training(rounds=1, games=1, playouts=2, epochs=1),
    "opening": lambda: 1, "sampled": lambda: 1, "sample": lambda: 3,
    **{f"{owner}:positions": lambda: [SMALL]
       for owner in ("network_share", "value_share", "network_values", "search_share")},
    "judged_positions:start": lambda: Board(),
    "save_network:path": lambda: Path(tempfile.mkdtemp()) / "network.npz",
    "load_network:path": lambda: ROOT / "ttt" / "data" / "zero.json",
    "rate": lambda: 0.01, "beta1": lambda: 0.9, "beta2": lambda: 0.999,
}
BY_HINT: list[tuple[str, Callable[[], Any]]] = [
    (r"^bool$", lambda: True), (r"^int\b", lambda: 1), (r"^float\b", lambda: 0.5),
    (r"^str\b", lambda: "words"), (r"Position|Board|Grid", lambda: SMALL),
    (r"Callable|Player|Evaluation", lambda: random_player(1)), (r"None$", lambda: None),
]


# --- one call ---------------------------------------------------------------------------


class Hang(BaseException):  # noqa: N818 (a BaseException: code under test catches Exception)
    """Raised in a call that runs past ``SECONDS``."""


def within_time(call: Callable[[], Any]) -> Any:
    """``call()``, stopped by a Hang after ``WORK_SECONDS`` of CPU time (a profiling timer, so
    that a machine busy with other work neither stops a call early nor touches pytest-timeout's
    own alarm)."""
    def stop(signum: int, frame: Any) -> None:
        raise Hang

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, WORK_SECONDS)
    try:
        return call()
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


TOWER = BeartypeConf(is_pep484_tower=True)
#: The parameters whose job is to be filled in: a table a search stores what it found in, a list
#: a player appends its node counts to.
FILLED = {"table", "nodes"}
#: The parameters for which infinity means something, and which: a deadline that never comes, a
#: score written as a student writes it (a window's bounds are infinite).
INFINITY_MEANS = {"deadline": {math.inf}, "signed:score": {math.inf, -math.inf}}


def allowed(value: Any, hint: object, parameter: str, label: str = "",
            position: Any = None, made: bool = False, owner: str = "") -> bool:
    """Whether returning is fine for ``value``: the type hint allows it (a hint that cannot be
    read, or none, allows all), and if it is a number, it is finite; a count, a size or a cell is
    not negative, nor has a negative one inside; a move is one of the position's legal moves
    (unless ``made``: a tree's node holds the move made to reach it); nothing inside is NaN."""
    if (isinstance(value, float) and not math.isfinite(value) and hint not in (Any, object)
            and value not in INFINITY_MEANS.get(f"{owner}:{parameter}",
                                                INFINITY_MEANS.get(parameter, ()))):
        return False
    if label == "NaN inside" and hint not in (Any, object):
        return False
    if parameter in NOT_NEGATIVE and (label == "negative inside" or is_negative(value)):
        return False
    if label == "negative inside" and NOT_NEGATIVE & set(getattr(type(value), "_fields", ())):
        return False
    if parameter in MOVES and not made and not is_legal(value, position):
        return False
    if hint is None or hint is Any or hint is object or isinstance(hint, str):
        return True
    try:
        return is_bearable(value, hint, conf=TOWER)
    except Exception:
        return True


def is_negative(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0


def is_legal(move: Any, position: Any) -> bool:
    """Whether ``move`` is a legal move of ``position`` (a cell of the board if there is none:
    not negative)."""
    if position is None or not hasattr(position, "legal_moves"):
        return not is_negative(move)
    return not position.is_over and move in position.legal_moves


def with_numbers(value: Any, number: Any) -> Any:
    """``value`` with every number inside it (not the keys of a dict) replaced by ``number``;
    the same object if it holds none."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return number
    if isinstance(value, dict):
        changed = {key: with_numbers(item, number) for key, item in value.items()}
        return type(value)(changed) if isinstance(value, Counter) else changed
    if hasattr(type(value), "_fields"):  # a named tuple: a record the package makes
        return type(value)(*(with_numbers(item, number) for item in value))
    if isinstance(value, (list, tuple)):
        return type(value)(with_numbers(item, number) for item in value)
    return value


def global_state() -> dict[str, tuple[dict, dict]]:
    """Every ttt module's names (and builtins'), and the entries of their module-level dicts:
    what a call must not replace (``watching(len)``)."""
    state = {}
    for name, module in list(sys.modules.items()):
        if name == "builtins" or name == "ttt" or name.startswith("ttt."):
            names = dict(vars(module))
            state[name] = (names, {key: dict(item) for key, item in names.items()
                                   if type(item) is dict and key != "__warningregistry__"})
    return state


def replaced_since(before: dict[str, tuple[dict, dict]]) -> list[str]:
    """What a call replaced in ``global_state``: module names bound to something else, dict
    entries given another value; all put back as they were (what it added, too, so that one
    call's additions do not change the next's)."""
    replaced = []
    for module_name, (names, dicts) in before.items():
        module = sys.modules[module_name]
        for key, item in names.items():
            if getattr(module, key, None) is not item and key != "__warningregistry__":
                replaced.append(f"{module_name}.{key}")
                setattr(module, key, item)
        for key, entries in dicts.items():
            now = names[key]
            for entry, item in entries.items():
                if entry in now and now[entry] is not item:
                    replaced.append(f"{module_name}.{key}[{entry!r}]")
                    now[entry] = item
            for entry in now.keys() - entries.keys():
                del now[entry]
    return replaced


def contradicts_itself(words: str) -> bool:
    """Whether an error's message says a value should be of a kind it then says it is ('table
    should be dict or None, got dict')."""
    said = re.search(r"should be (.*?), got (\w+) ", words)
    return bool(said) and said[2] in said[1].split(" or ")


@dataclass
class Verdict:
    owner: str
    parameter: str
    label: str
    trouble: str  # '' when the call behaved


def hints_of(function: Callable[..., Any]) -> dict[str, object]:
    """The resolved type hints of ``function``'s parameters (those that resolve)."""
    target = inspect.unwrap(function)
    found = {}
    for name, param in inspect.signature(function).parameters.items():
        hint = param.annotation
        if isinstance(hint, str):
            try:
                hint = eval(hint, {**vars(typing), **getattr(target, "__globals__", {})})
            except Exception:
                hint = None
        found[name] = None if hint is inspect.Parameter.empty else hint
    return found


def differs(value: Any, copied: Any) -> bool:
    """Whether ``value`` is no longer what ``copied`` was: compared by ``!=``, and where that
    says nothing (NaN is not NaN; numpy arrays inside compare element by element), as text."""
    try:
        if value == copied:
            return False
    except ValueError:  # the truth of an array of comparisons
        pass
    return repr(value) != repr(copied)


def snapshot(values: dict[str, Any]) -> dict[str, Any]:
    """Deep copies of the arguments that a call could change in place."""
    return {name: copy.deepcopy(value) for name, value in values.items()
            if isinstance(value, (list, dict, set))}


def one_call(owner: str, function: Callable[..., Any], arguments: dict[str, Any],
             positional: set[str], parameter: str, label: str, value: Any,
             hint: object) -> Verdict:
    """Call ``function`` with ``value`` for ``parameter`` and the other ``arguments`` valid (and
    enter and leave what it returns if that is a context manager); say what went wrong, if
    anything."""
    given = {**arguments, parameter: value}
    made = bool({"parent", "depth"} & set(inspect.signature(function).parameters))
    before = snapshot(given)
    state = global_state()
    position = next((given[name] for name in ("position", "board", "start") if name in given
                     and name != parameter), getattr(function, "__self__", None))
    args = [given[name] for name in given if name in positional]
    kwargs = {name: v for name, v in given.items() if name not in positional}
    trouble = ""
    begin = time.process_time()
    try:
        with ttt.time_per_move(MOVE_SECONDS):
            result = within_time(lambda: entered(function(*args, **kwargs)))
        fine = allowed(value, hint, parameter, label, position, made=made,
                       owner=owner.split(".")[-1])
        if isinstance(result, Feedback):  # an exercise's verdict: any answer gets one
            trouble = "passed" if result.passed and not fine else ""
        elif not fine:
            trouble = "accepted"
    except Hang:
        trouble = f"still running after {WORK_SECONDS} CPU s"
    except SystemExit as error:  # the command line's refusal: its usage, and exit status 2
        trouble = "" if error.code == 2 else f"exited with {error.code!r}"
    except TimeoutError as error:  # a function handed in that never returns, stopped in time
        words = str(error)
        if label != "a function that never returns" or "loop for ever?" not in words:
            trouble = f"{type(error).__name__}: {words[:120]}"
    except (TypeError, ValueError) as error:
        words = str(error)
        # the game's own error, or a search too big, says what is wrong with the position; a
        # function given where one is meant raises its own error when it is called
        named = (isinstance(error, (BoardError, SearchTooBigError))
                 or re.search(rf"\b{re.escape(parameter)}\b", words, re.IGNORECASE)
                 or (label == "a built-in function" and allowed(value, hint, parameter)))
        if time.process_time() - begin > SECONDS:
            trouble = f"refused only after {SECONDS} s: {words[:80]}"
        elif not named:
            trouble = f"{type(error).__name__} not naming {parameter}: {words[:120]}"
        elif contradicts_itself(words):
            trouble = f"{type(error).__name__} contradicting itself: {words[:120]}"
    except Exception as error:  # but a function of the kind meant may fail in its own way
        if not (label in ("a built-in function", "a function that raises")
                and allowed(value, hint, parameter)):
            trouble = f"internal error {type(error).__name__}: {str(error)[:120]}"
    replaced = replaced_since(state)
    if replaced and not trouble:
        trouble = f"replaced {', '.join(replaced)}"
    changed = [name for name, copied in before.items()
               if differs(given[name], copied) and name not in FILLED]
    if changed and not trouble:
        trouble = f"changed {', '.join(changed)}"
    return Verdict(owner, parameter, label, trouble)


def entered(result: Any) -> Any:
    """``result``, entered and left if it is a context manager (``watching``): what it does
    happens there."""
    if hasattr(result, "__enter__") and hasattr(result, "__exit__"):
        with result:
            pass
    return result


#: The parameters given a valid value even where they have a default: a small position (not the
#: empty board), the terminal game's own command line (not pytest's), the lessons' folder (not
#: the folder the tests run in).
ALWAYS_GIVEN = ("position", "board", "start", "argv", "folder")


def sweep(owner: str, function: Callable[..., Any]) -> Iterator[Verdict]:
    """Every bad value for every parameter of ``function``, the others valid."""
    signature = inspect.signature(function)
    hints = hints_of(function)
    short = owner.split(".")[-1]
    arguments, positional = {}, set()
    for name, param in signature.parameters.items():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        if param.default is param.empty or name in ALWAYS_GIVEN:
            arguments[name] = valid(short, name, hints[name])
    if isinstance(getattr(function, "__self__", None), exercises.Exercise):
        arguments["student"] = function.__self__.answer  # the right answer: checked in a moment
        if param.kind == param.POSITIONAL_ONLY:
            positional.add(name)
    for name, param in signature.parameters.items():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        for label, value in CATALOGUE:
            if param.default is not param.empty and value is param.default:
                continue
            if label == "a function that never returns" and name in THEIR_OWN:
                continue
            # a fresh copy each call: a call that fills a dict it is given (a table) must not
            # hand the next call a dict that is no longer empty
            yield one_call(owner, function, arguments, positional, name, label,
                           copy.deepcopy(value), hints[name])
        if name in arguments and not isinstance(arguments[name], (int, float)):
            for label, number in INSIDE:
                changed = with_numbers(arguments[name], number)
                if changed is not arguments[name] and changed != arguments[name]:
                    yield one_call(owner, function, arguments, positional, name, label,
                                   changed, hints[name])


def instance_of(kind: type, owner: str) -> Any:
    """An instance of ``kind`` made with valid arguments (or, for a class that is no game itself
    but what the games are made of, a position of one)."""
    if kind is Grid:
        return SMALL
    hints = hints_of(kind)
    arguments = {name: valid(kind.__name__, name, hints[name])
                 for name, param in inspect.signature(kind).parameters.items()
                 if param.default is param.empty
                 and param.kind not in (param.VAR_POSITIONAL, param.VAR_KEYWORD)}
    return kind(**arguments)


def sweep_all(owner: str, thing: Callable[..., Any]) -> list[Verdict]:
    """The sweep of an exported callable, and of a class's public methods too."""
    verdicts = list(sweep(owner, thing))
    if inspect.isclass(thing):
        for method in methods(thing):
            bound = getattr(instance_of(thing, owner), method)
            verdicts += sweep(f"{owner}.{method}", bound)
    return verdicts


EXPORTED = exported()
# the "learned" level's table, trained once (seconds), before the clock
ttt.learning.tabular.board_table()
TOTALS = {"calls": 0, "misbehaved": 0}


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize("owner", sorted(EXPORTED))
def test_every_bad_argument_gets_a_clear_error_at_once(owner):
    verdicts = sweep_all(owner, EXPORTED[owner])
    bad = [f"{v.owner}({v.parameter}={v.label}): {v.trouble}" for v in verdicts if v.trouble]
    TOTALS["calls"] += len(verdicts)
    TOTALS["misbehaved"] += len(bad)
    assert not bad, "\n".join(bad)


def test_the_sweep_finds_the_exported_functions_by_itself():
    assert {"ttt.search.minimax.minimax", "ttt.learning.tabular.td_update",
            "ttt.course.widgets.PlayBoard",
            "exercises.winner.check", "ttt.course.stepper.step_through"} <= set(EXPORTED)
    assert len(EXPORTED) > 100


def teardown_module():
    """The totals, printed (``-s``), and added to the file ``$SWEEP_TOTALS`` names if set (each
    worker of ``pytest -n`` adds its own line)."""
    for folder in MADE:
        shutil.rmtree(folder, ignore_errors=True)
    line = f"sweep: {TOTALS['calls']} calls, {TOTALS['misbehaved']} misbehaved"
    print(f"\n{line}")
    if os.environ.get("SWEEP_TOTALS"):
        with open(os.environ["SWEEP_TOTALS"], "a") as totals:
            totals.write(line + "\n")


#: The positions a player by name is handed in the sweep of players: a small game of
#: tic-tac-toe, another game, a finished one, and a board too big to search to the end.
POSITIONS = [("SMALL", SMALL), ("Connect Four 4x4", FOUR), ("a finished game", FINISHED),
             ("4 x 4 four in a row", mnk(4, 4, 4))]


@pytest.mark.timeout(600)
@pytest.mark.parametrize("name", [name.replace("-N", "-2").replace("-S", "-0.01") for name in
                                  (*ttt.catalogue.PLAYER_NAMES, *ttt.catalogue.PLAYERS)])
@pytest.mark.slow
def test_every_player_by_name_plays_a_legal_move_or_refuses_the_position(name):
    """What ``make_player`` returns is called with odd positions too: a player that knows only
    tic-tac-toe (the "learned" one) refuses another game, as a player that would search too long
    refuses a big board, rather than play it with the wrong knowledge or hang."""
    bad = []
    for label, position in POSITIONS:
        player = ttt.catalogue.make_player(name, seed=1)
        try:
            move = within_time(lambda player=player, position=position: player(position))
            if move not in position.legal_moves:
                bad.append(f"{label}: played {move!r}, not a legal move")
        except Hang:
            bad.append(f"{label}: still running after {WORK_SECONDS} CPU s")
        except (TypeError, ValueError):
            pass
    assert not bad, f"{name}: " + "; ".join(bad)


def takes_anything(function: Callable[..., Any]) -> bool:
    """Whether every parameter of ``function`` is hinted ``object`` (``shown``, ``same``), or it
    is an exercise's verdict (it returns Feedback): any value gets an answer, never an error."""
    hints = hints_of(function)
    returns = inspect.signature(function).return_annotation
    return (all(hint is object for hint in hints.values())
            or returns in (Feedback, "Feedback"))


def test_every_exported_callable_is_checked_or_says_why_not():
    """What the architecture page (site/architecture.md) says of the boundary: every exported
    function and class that takes arguments is wrapped in ``@checked`` (its rules:
    ``ttt.core.arguments.rules_of``), or marked ``@unchecked`` with the reason, or takes anything
    (an exercise's verdict)."""
    unguarded = []
    for name, thing in EXPORTED.items():
        entry = thing
        if inspect.isclass(thing):
            entry = next((vars(thing)[m] for m in ("__new__", "__init__") if m in vars(thing)),
                         None)
            entry = getattr(entry, "__func__", entry)
        named = [p for p in inspect.signature(thing).parameters.values()
                 if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
        if named and not (hasattr(entry, "__rules__") or takes_anything(thing)):
            unguarded.append(name)
    assert not unguarded, "neither @checked nor @unchecked:\n" + "\n".join(unguarded)


def test_the_readme_says_how_many_odd_values_the_sweep_tries():
    said = re.search(r"calls\s+each\s+parameter\s+with\s+(\d+)\s+odd\s+values",
                     (ROOT / "site" / "architecture.md").read_text())
    assert said and int(said[1]) == len(CATALOGUE)
