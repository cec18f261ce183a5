"""One player's seat at the contest: the program each player runs in, a process of its own
(``python -m ttt.contest.seat``), started by ``ttt.contest.sandbox``.

It first limits itself (memory, CPU seconds, processes, bytes written: ``resource.setrlimit``, so
that neither the player nor anything it starts can take more), then answers the runner one JSON
line at a time on the pipes it was started with: ``{"new": seed}`` starts a game (the entry's file
is run afresh, so nothing carries over from the last game, and ``random`` is seeded), and
``{"moves": [...]}`` asks for a move in the position those moves reach; each answer repeats its
request's ``id``. Whatever the player prints
goes to a file in its working folder, bounded by the limit on bytes written. A player that raises,
or returns what no JSON line can carry, is answered for in words the runner turns into a sentence.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import runpy
import signal
import sys
from collections.abc import Callable
from typing import Any, TextIO

from ttt.core.arguments import checked

__all__ = ["main"]

_MEGABYTE = 2 ** 20


@checked
def main(argv: list[str] | None = None) -> None:
    """Take the seat: limit this process, then answer the runner until it closes the pipe."""
    options = _parse(argv)
    requests, answers = _take_pipes()
    _limit(options)
    from ttt.catalogue import game_named  # after the limits: imports count too

    start = game_named(options.game)
    load = _loader(options.entry)
    player = None
    for line in requests:
        request = json.loads(line)
        if "new" in request:
            player, answer = _new_game(load, request["new"])
        else:
            answer = _move(player, start, request["moves"])
        _say(answers, {**answer, "id": request["id"]})


def _parse(argv: list[str] | None) -> argparse.Namespace:
    """The seat's options, given by the runner."""
    parser = argparse.ArgumentParser(prog="python -m ttt.contest.seat")
    parser.add_argument("--game", required=True)
    parser.add_argument("--entry", required=True, help="a file, or builtin:NAME")
    parser.add_argument("--memory-mb", type=int, required=True)
    parser.add_argument("--cpu-seconds", type=int, required=True)
    parser.add_argument("--output-bytes", type=int, required=True)
    return parser.parse_args(argv)


def _take_pipes() -> tuple[TextIO, TextIO]:
    """The runner's pipes, moved off standard input and output: what the player prints goes to
    the output file the runner gave as standard error, never into the answers."""
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(2, 1)
    sys.stdout = os.fdopen(1, "w", buffering=1, encoding="utf-8", errors="replace")
    sys.stderr = os.fdopen(2, "w", buffering=1, encoding="utf-8", errors="replace")
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (open for the seat's life)
    return requests, answers


def _limit(options: argparse.Namespace) -> None:
    """Cap memory, CPU time, new processes and bytes written, soft and hard alike (a player may
    lower a limit, never raise it). Writing past the cap raises an error the player's move reports
    (ignoring SIGXFSZ), instead of killing the seat without a word."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    for limit, value in ((resource.RLIMIT_AS, options.memory_mb * _MEGABYTE),
                         (resource.RLIMIT_CPU, options.cpu_seconds),
                         (resource.RLIMIT_FSIZE, options.output_bytes),
                         (resource.RLIMIT_NPROC, 0),
                         (resource.RLIMIT_CORE, 0)):
        resource.setrlimit(limit, (value, value))


def _loader(entry: str) -> Callable[[int], Any]:
    """A function from a game's seed to a fresh player: a built-in level made with that seed
    (``builtin:NAME``), or the entry file run afresh, its ``PLAYER``."""
    if entry.startswith("builtin:"):
        from ttt.catalogue import make_player

        return lambda seed: make_player(entry.removeprefix("builtin:"), seed)

    def load(seed: int) -> Any:
        random.seed(seed)
        player = runpy.run_path(entry, run_name="entry").get("PLAYER")
        if not callable(player):
            raise TypeError(f"its file defines no PLAYER function (got {player!r:.40})")
        return player

    return load


def _new_game(load: Callable[[int], Any], seed: int) -> tuple[Any, dict]:
    """A fresh player for a new game, and the answer: ready, or the error that stopped it."""
    os.truncate(1, 0)  # each game's output starts empty
    try:
        return load(seed), {"ready": True}
    except BaseException as error:  # noqa: BLE001 (any failure of the entry is its own)
        return None, {"error": _error_record(error)}


def _move(player: Any, start: Any, moves: list) -> dict:
    """The player's move in the position ``moves`` reach from ``start``, or what went wrong."""
    position = start
    for move in moves:
        position = position.play(move)
    try:
        move = player(position)
    except BaseException as error:  # noqa: BLE001
        return {"error": _error_record(error)}
    try:
        json.dumps(move)
    except (TypeError, ValueError):
        return {"nonsense": repr(move)[:80]}
    return {"move": move}


def _error_record(error: BaseException) -> dict:
    """An error as the runner's sentence needs it: its type, message and errno."""
    return {"type": type(error).__name__, "message": str(error)[:200],
            "errno": getattr(error, "errno", None)}


def _say(answers: TextIO, answer: dict) -> None:
    """Send one answer, a JSON line."""
    answers.write(json.dumps(answer) + "\n")
    answers.flush()


if __name__ == "__main__":
    main()
