"""AlphaZero in miniature, measured (``make bench``; the tests never run this): issue 40's figures.

On tic-tac-toe, with the shipped network (``ttt.network.shipped_network``), judged by the solver
over all 4,520 unfinished positions (``ttt.learning.zero``): the share where the network alone keeps the
value, the value head's sign, the guided search with 10, 100 and 1,000 playouts, lesson 8's MCTS
at the same playouts (at 1,000 on every 10th position: the whole set takes minutes), and the
games lost to perfect play. Then the times: a move of the 'zero-100' player (goal: under 50 ms;
the first move of a session loads the network), self-play games per second, the lesson's live
training (``LIVE_TRAINING``, goal: under 60 s) and the shipped one, and the peak memory of a
fresh Python doing the lesson's work (goal: under 300 MB). Last, the same code on Connect Four
5 x 4: a network trained by self-play, judged on a sample of positions the solver can solve.

CPU seconds are given beside wall-clock ones: the machine may be shared. ``--quick`` leaves out
the slow parts (1,000 playouts, the shipped training, Connect Four).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from ttt.games.board import Board
from ttt.games.mnk import connect_four
from ttt.learning.network import new_network, shipped_network
from ttt.play.players import mcts_player
from ttt.learning.selfplay import (
    LIVE_TRAINING,
    SHIPPED_TRAINING,
    Training,
    remembering,
    self_play,
    self_play_game,
)
from ttt.learning.zero import (
    guided_search_player,
    judged_positions,
    losses_to_perfect,
    network_share,
    search_share,
    value_share,
    zero_player,
)

MS = 1e-3
#: Connect Four's board and training: the smallest board where a game lasts long enough to need
#: a plan (5 x 4, a draw with perfect play), a training that takes minutes, not hours.
CONNECT_FOUR = connect_four(5, 4)
CONNECT_FOUR_TRAINING = Training(rounds=12, games=60, playouts=50)
CONNECT_FOUR_SAMPLE = 300


def clocked(run: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, float, float]:
    """``run(*args, **kwargs)``'s result, and the wall-clock and CPU seconds it took."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = run(*args, **kwargs)
    return result, time.perf_counter() - wall, time.process_time() - cpu


def report(name: str, value: str) -> None:
    print(f"{name:<58} {value}", flush=True)


def shares(quick: bool) -> None:
    """The judged shares on tic-tac-toe, shipped network against lesson 8's MCTS."""
    positions, network = judged_positions(), shipped_network()
    report("network alone keeps the value", f"{network_share(network, positions):.2%}")
    report("value head's sign right", f"{value_share(network, positions):.2%}")
    for playouts in (10, 100) if quick else (10, 100, 1000):
        guided, wall, cpu = clocked(search_share, guided_search_player(playouts), positions)
        report(f"guided search, {playouts:,} playouts (all 4,520)",
               f"{guided:.2%}  ({wall:.1f} s, {cpu:.1f} s CPU)")
        sample = positions if playouts < 1000 else positions[::10]
        plain, wall, cpu = clocked(search_share, mcts_player(playouts, seed=1), sample)
        report(f"lesson 8's MCTS, {playouts:,} playouts ({len(sample):,} positions)",
               f"{plain:.2%}  ({wall:.1f} s, {cpu:.1f} s CPU)")
    for playouts in (10, 100):
        lost, played = losses_to_perfect(zero_player(playouts))
        report(f"zero-{playouts} against perfect play, both sides", f"lost {lost} of {played}")


def move_times() -> None:
    """The zero-100 player's time a move over every position, the first (loading) apart."""
    positions = judged_positions()
    _, wall, _ = clocked(zero_player(100), Board())
    report("zero-100: first move of a session (loads the network)", f"{wall / MS:.1f} ms")
    player, times, cpu_times = zero_player(100), [], []
    for position in positions:
        _, wall, cpu = clocked(player, position)
        times.append(wall)
        cpu_times.append(cpu)
    for name, taken in (("wall clock", times), ("CPU", cpu_times)):
        taken.sort()
        report(f"zero-100: a move, median / 95th percentile / slowest ({name})",
               f"{statistics.median(taken) / MS:.1f} / {taken[int(0.95 * len(taken))] / MS:.1f}"
               f" / {taken[-1] / MS:.1f} ms")


def training_times(quick: bool) -> None:
    """Self-play's games per second, and the live and shipped trainings' times."""
    guide = remembering(new_network(Board(), seed=0))
    rng = random.Random(0)
    games, wall, cpu = clocked(lambda: [self_play_game(guide, 50, rng, opening=4, sampled=2)
                                        for _ in range(100)])
    report("self-play, 50 playouts a move (a fresh network)",
           f"{len(games) / wall:.0f} games/s ({len(games) / cpu:.0f} per CPU s)")
    trainings = [("live", LIVE_TRAINING)] + ([] if quick else [("shipped", SHIPPED_TRAINING)])
    for name, training in trainings:
        network = new_network(Board(), training.hidden, seed=0)
        _, wall, cpu = clocked(list, self_play(network, training, seed=0))
        report(f"{name} training: {training.rounds} rounds x {training.games} games, "
               f"{training.playouts} playouts", f"{wall:.1f} s ({cpu:.1f} s CPU)")
        report("  then the network alone keeps the value",
               f"{network_share(network, judged_positions()):.2%}")


#: The lesson's work in a fresh Python: what its kernel holds at most.
LESSON_WORK = """
import resource
from ttt.learning.network import shipped_network
from ttt.learning.selfplay import LIVE_TRAINING, train_network
from ttt.learning.zero import guided_search_player, judged_positions, network_share, search_share
positions = judged_positions()
network_share(shipped_network(), positions)
search_share(guided_search_player(100), positions)
trained = train_network(LIVE_TRAINING, seed=0)
network_share(trained, positions)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def memory() -> None:
    """The peak memory of a fresh Python doing the lesson's work (its kernel holds more: IPython
    and the widgets, a few tens of MB)."""
    run = subprocess.run([sys.executable, "-c", LESSON_WORK], capture_output=True, text=True,
                         check=True)
    report("peak memory of the lesson's work, a fresh Python",
           f"{int(run.stdout.split()[-1]) / 1024:.0f} MB")


def connect_four_figures() -> None:
    """The same code on Connect Four 5 x 4: trained by self-play, judged on positions the solver
    can solve."""
    network = new_network(CONNECT_FOUR, seed=0)
    _, wall, cpu = clocked(list, self_play(network, CONNECT_FOUR_TRAINING, seed=0,
                                           start=CONNECT_FOUR))
    training = CONNECT_FOUR_TRAINING
    report(f"Connect Four 5x4 training: {training.rounds} x {training.games} games, "
           f"{training.playouts} playouts", f"{wall:.1f} s ({cpu:.1f} s CPU)")
    positions = judged_positions(CONNECT_FOUR, sample=CONNECT_FOUR_SAMPLE, seed=0)
    report(f"Connect Four 5x4: network alone keeps the value ({len(positions)} positions)",
           f"{network_share(network, positions):.2%}")
    report("Connect Four 5x4: value head's sign right", f"{value_share(network, positions):.2%}")
    for playouts in (10, 100):
        guided = search_share(guided_search_player(playouts, network), positions)
        plain = search_share(mcts_player(playouts, seed=1), positions)
        report(f"Connect Four 5x4: guided / lesson 8's MCTS, {playouts} playouts",
               f"{guided:.2%} / {plain:.2%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="leave out the slow parts")
    quick = parser.parse_args().quick
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    move_times()
    shares(quick)
    training_times(quick)
    memory()
    if not quick:
        connect_four_figures()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    report("peak memory of this benchmark", f"{peak:.0f} MB")


if __name__ == "__main__":
    main()
