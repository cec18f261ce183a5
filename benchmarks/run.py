"""Search benchmarks for the course (``make bench``; the tests never run this).

The course promises that every search a student runs answers at once, so these are the goals:
plain minimax from the empty board (all 549,946 positions of the game tree) well under 0.5 s with
``ttt.search.fast``, and under about 2 s with the readable ``ttt.search.minimax`` that the lessons show (the two
timed in turns, the fast one at least 6 times faster);
alpha-beta with centre-corners-edges move ordering under 10,000 nodes; the solver filling its
whole transposition table (5,478 positions, or 765 with symmetry) in tens of milliseconds; the
explicit game tree of ``ttt.search.tree`` built in under 2-3 s and 250 MB; and the computer's reply in
the game (``ttt.players.perfect_player``) under 50 ms for every reachable position, even with an
empty table, and so the reply of the playable board (``ttt.course.widgets``) at every difficulty.
Search with chance: ``expectimax`` from the empty board, filling its table, under 0.5 s; Monte
Carlo tree search's playouts per second, on tic-tac-toe and on Connect Four's 7x6 board; and the
reply of an MCTS player at the most playouts a board would offer (``MCTS_LEVELS``) under 1 s.
Bigger boards (``ttt.games.mnk``, ``ttt.search.solve``): solving 4x4 four-in-a-row and Connect Four 5x4 each
under 1.5 s, Connect Four 6x4 under 30 s, each under 1 GB (nodes, seconds and peak memory, each
in a fresh Python process); iterative deepening never over its time budget by more than 10 %;
lesson 7's Connect Four tournament (its players count positions, ``deepening-N``) under 30 s.
Learning (``ttt.learning.tabular``): ``td_learn`` over 20,000 games and ``Menace.train`` over 5,000, each
under 5 s (with its peak memory), and ``policy_quality`` judging a player at every position
under 1 s.
Times are medians over a few repeats (``time.perf_counter``), or percentiles where stated; the
whole run takes a minute or two. ``--json PATH`` also writes the numbers to a file.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from ttt import fast, search
from ttt.games.board import Board
from ttt.search.counting import reachable_positions
from ttt.search.expectimax import expectimax
from ttt.search.fast import Solver
from ttt.games.mnk import connect_four
from ttt.learning.tabular import Menace, board_table, policy_quality, td_learn
from ttt.play.matches import play_game
from ttt.search.mcts import mcts
from ttt.search.perfect import shared_solver
from ttt.play.players import CONNECT_FOUR_LEVELS, LEVELS, make_player, perfect_player
from ttt.core.protocol import Position, seeded_random
from ttt.search.minimax import iterative_deepening
from ttt.core.timing import timed
from ttt.search.tree import build_tree, count_nodes

MS = 1e-3
MB = 1e6
#: The MCTS levels the playable boards offer (tic-tac-toe's and Connect Four's), weakest first.
MCTS_LEVELS = {game: [name for name in levels.values() if name.startswith("mcts-")]
               for game, levels in (("tic-tac-toe", LEVELS), ("Connect Four", CONNECT_FOUR_LEVELS))}


@dataclass
class Row:
    """One benchmark: ``seconds`` is the statistic named by ``over`` (a median or a percentile)."""

    name: str
    seconds: float | None = None
    over: str = ""
    nodes: int | None = None
    goal: str = ""
    met: bool | None = None
    note: str = ""
    extra: dict[str, float] = field(default_factory=dict)


# --- the benchmarks ---------------------------------------------------------------------------

def bench_minimax(prefer_quick: bool, repeats: int = 7) -> Row:
    seconds, result = timed(lambda: fast.minimax(Board(), prefer_quick=prefer_quick), repeats)
    return Row(f"fast minimax, prefer_quick {'on' if prefer_quick else 'off'}", seconds,
               f"median of {repeats}", result.nodes, "< 500 ms", seconds < 0.5)


def bench_minimax_side_by_side(repeats: int = 5) -> list[Row]:
    """The fast and the readable minimax from the empty board, timed in turns (fast, readable,
    fast, ...) so that both meet the same load on a shared machine; their ratio is the speed-up
    of the bits over the ``Board`` objects (goal: at least 6)."""
    fast_times, readable_times = [], []
    for _ in range(repeats):
        seconds, fast_result = timed(lambda: fast.minimax(Board()), 1)
        fast_times.append(seconds)
        seconds, readable_result = timed(lambda: search.minimax(Board()), 1)
        readable_times.append(seconds)
    fast_seconds, readable = statistics.median(fast_times), statistics.median(readable_times)
    ratio = readable / fast_seconds
    over = f"median of {repeats}, in turns"
    return [Row("fast minimax, prefer_quick on", fast_seconds, over, fast_result.nodes,
                "< 500 ms, >= 6x readable", fast_seconds < 0.5 and ratio >= 6,
                f"{ratio:.1f}x the readable minimax", {"ratio": ratio}),
            Row("readable minimax (ttt.search.minimax)", readable, over, readable_result.nodes, "< 2 s",
                readable < 2)]


def bench_alphabeta(ordered: bool, repeats: int = 7) -> list[Row]:
    label = "ordered" if ordered else "unordered"
    seconds, result = timed(lambda: fast.alphabeta(Board(), ordered=ordered), repeats)
    readable, same = timed(lambda: search.alphabeta(Board(), ordered=ordered), repeats)
    goal = ("< 10,000 nodes", result.nodes < 10_000) if ordered else ("", None)
    return [Row(f"fast alpha-beta, {label}", seconds, f"median of {repeats}", result.nodes, *goal),
            Row(f"readable alpha-beta, {label}", readable, f"median of {repeats}", same.nodes)]


def bench_solver(symmetry: bool, repeats: int = 7) -> Row:
    def solve() -> Solver:
        solver = Solver(symmetry=symmetry)
        solver.look_up(Board())
        return solver

    seconds, solver = timed(solve, repeats)
    name = "solver, full table" + (", symmetric" if symmetry else "")
    return Row(name, seconds, f"median of {repeats}", len(solver.table), "< 100 ms",
               seconds < 0.1, "nodes = table entries")


def bench_tree(repeats: int = 3) -> Row:
    seconds, root = timed(lambda: build_tree(Board()), repeats)
    nodes = count_nodes(root)
    del root
    gc.collect()
    # Peak memory in a run of its own: tracemalloc slows allocation down, so it is not timed.
    tracemalloc.start()
    root = build_tree(Board())
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del root
    return Row("full tree build", seconds, f"median of {repeats}", nodes, "< 3 s, < 250 MB",
               seconds < 3 and peak < 250 * MB,
               f"peak {peak / MB:.1f} MB (tracemalloc peak, separate run)", {"peak_bytes": peak})


def _peak_memory(run: Callable[[], object]) -> int:
    """The peak memory, in bytes, that ``run`` allocates (tracemalloc; in a run of its own, since
    tracing slows allocation down)."""
    gc.collect()
    tracemalloc.start()
    run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def bench_learning(repeats: int = 3) -> list[Row]:
    """The lesson "Learning to play": training both learners, and judging a player."""
    rows = []
    for name, train in [("td_learn, 20,000 games of self-play",
                         lambda: td_learn(20_000, seed=1)),
                        ("Menace.train, 5,000 games against random",
                         lambda: Menace(seed=1).train(5_000))]:
        seconds, _ = timed(train, repeats)
        peak = _peak_memory(train)
        rows.append(Row(name, seconds, f"median of {repeats}", goal="< 5 s", met=seconds < 5,
                        note=f"peak {peak / 1e3:.0f} kB (tracemalloc, a separate run after "
                             "the first: the positions are made once per session)",
                        extra={"peak_bytes": peak}))
    shared_solver().look_up(Board())  # the judge's solver, filled once in a session
    seconds, quality = timed(lambda: policy_quality(perfect_player, games=50), repeats)
    rows.append(Row("policy_quality(perfect_player)", seconds, f"median of {repeats}",
                    quality.positions, "< 1 s", seconds < 1,
                    "nodes = positions judged, and 100 games against perfect play"))
    return rows


def bench_replies(positions: list[Board]) -> list[Row]:
    solver = shared_solver()  # the table perfect_player shares between calls
    playable = [board for board in positions if not board.is_over]

    def reply_times(cold: bool) -> list[float]:
        times = []
        for board in playable:
            if cold:
                solver.table.clear()
            start = time.perf_counter()
            perfect_player(board)
            times.append(time.perf_counter() - start)
        return times

    rows = []
    for cold in (True, False):
        # The cold pass leaves the table filled with the last position's subtree only; fill it
        # all (one full solve) so the warm pass is only look-ups.
        if not cold:
            solver.look_up(Board())
        times = reply_times(cold)
        p95 = statistics.quantiles(times, n=20)[-1]
        worst = max(times)
        label, table_state = ("cold", "emptied before each reply") if cold else ("warm", "full")
        rows.append(Row(f"perfect_player reply, {label}", p95, f"p95 of {len(times):,}",
                        goal="max < 50 ms", met=worst < 50 * MS,
                        note=f"max {worst / MS:.2f} ms; solver table {table_state}",
                        extra={"max_seconds": worst}))
    return rows


def bench_levels(positions: list[Board]) -> list[Row]:
    """The computer's reply at each difficulty of the playable board (``ttt.course.widgets.LEVELS``),
    made the way the board makes it: a new player from ``make_player`` for every move. A search
    answers within 50 ms; a Monte Carlo level, which plays its games whatever the position, within
    the 1 s of the MCTS goal."""
    playable = [board for board in positions if not board.is_over]
    board_table()  # the learned level trains once a session, before its first reply (timed apart)
    rows = []
    for label, name in LEVELS.items():
        limit = 1 if name.startswith("mcts-") else 50 * MS
        times = []
        for board in playable:
            start = time.perf_counter()
            make_player(name, seed=1)(board)
            times.append(time.perf_counter() - start)
        p95 = statistics.quantiles(times, n=20)[-1]
        worst = max(times)
        rows.append(Row(f"board reply, level '{label}'", p95, f"p95 of {len(times):,}",
                        goal=f"max < {limit / MS:.0f} ms", met=worst < limit,
                        note=f"max {worst / MS:.2f} ms; make_player({name!r}, seed=1)(board)",
                        extra={"max_seconds": worst}))
    return rows


def bench_expectimax(chance: str, repeats: int = 7) -> Row:
    seconds, result = timed(lambda: expectimax(Board(), chance), repeats)
    return Row(f"expectimax, {chance} at random, new table", seconds, f"median of {repeats}",
               result.nodes, "< 500 ms", seconds < 0.5, f"value {result.value}")


def bench_mcts_speed(position: Position, label: str, playouts: int = 10_000,
                     repeats: int = 3) -> Row:
    seconds, result = timed(lambda: mcts(position, playouts, seed=1), repeats)
    rate = playouts / seconds
    return Row(f"MCTS, {playouts:,} playouts, {label}", seconds, f"median of {repeats}",
               result.nodes, note=f"{rate:,.0f} playouts/s; {len(result.tree):,} in the tree",
               extra={"playouts_per_second": rate})


def bench_mcts_replies() -> list[Row]:
    """The reply of each MCTS level of the playable boards, made as a board makes it (a new player
    from ``make_player`` each move), on the empty board and after each first move: the positions
    with the longest playouts and the most moves to try."""
    starts = {"tic-tac-toe": Board(), "Connect Four": connect_four()}
    rows = []
    for game, names in MCTS_LEVELS.items():
        start = starts[game]
        positions = [start, *(start.play(move) for move in start.legal_moves)]
        rows += [_mcts_reply_row(f"{game} board reply, {name}", name, positions) for name in names]
    return rows


def _mcts_reply_row(label: str, name: str, positions: list[Position]) -> Row:
    times = []
    for position in positions:
        start = time.perf_counter()
        make_player(name, seed=1)(position)
        times.append(time.perf_counter() - start)
    worst = max(times)
    return Row(label, statistics.median(times), f"median of {len(times)}", goal="max < 1 s",
               met=worst < 1, note=f"max {worst / MS:.0f} ms, on the empty board and after each "
                                   f"first move", extra={"max_seconds": worst})


#: The bigger boards to solve: what each is, in Python, and the goal in seconds.
SOLVES = {"4x4, four in a row": ("mnk(4, 4, 4)", 1.5),
          "Connect Four 5x4": ("connect_four(5, 4)", 1.5),
          "Connect Four 6x4": ("connect_four(6, 4)", 30)}
#: Run in a fresh Python: solve the board, print nodes, value, seconds (on the clock and of CPU:
#: on a shared machine the first can be much longer) and the peak memory in kB
#: (the resident set, interpreter included). Linux's VmHWM, since ru_maxrss would keep the peak of
#: the process that started this one.
SOLVE_CODE = """
import re, resource, time
from pathlib import Path
from ttt.games.mnk import connect_four, mnk
from ttt.search.solve import solve
position = {board}
start, cpu = time.perf_counter(), time.process_time()
result = solve(position)
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
status = Path("/proc/self/status")
peak = (re.search(r"VmHWM:\\s*(\\d+)", status.read_text())[1] if status.exists()
        else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
print(result.nodes, result.value, seconds, cpu, peak)
"""


def bench_solve(label: str, board: str, goal: float) -> Row:
    """``ttt.solve.solve`` on a bigger board, once, in a Python process of its own, so that its
    peak memory is its own."""
    run = subprocess.run([sys.executable, "-c", SOLVE_CODE.format(board=board)],
                         capture_output=True, text=True, check=True)
    nodes, value, seconds, cpu, peak_kb = run.stdout.split()
    peak = int(peak_kb) * 1e3
    met = float(seconds) < goal and peak < 1000 * MB
    result = {"1": "X wins", "0": "a draw", "-1": "O wins"}[value]
    return Row(f"solve {label}", float(seconds), "one run", int(nodes), f"< {goal:g} s, < 1 GB",
               met, f"{result}; CPU {float(cpu):.2f} s; peak {peak / MB:.0f} MB (whole process)",
               {"peak_bytes": peak, "cpu_seconds": float(cpu)})


def bench_iterative_deepening(seconds: float, positions: int) -> Row:
    """How far over its budget iterative deepening runs, on Connect Four 7x6 after a few random
    opening moves (seeded)."""
    ratios, depths = [], []
    for seed in range(positions):
        rng, game = seeded_random(seed), connect_four()
        for _ in range(rng.randrange(8)):
            game = game.play(rng.choice(game.legal_moves))
        start = time.perf_counter()
        _, depth, _ = iterative_deepening(game, seconds)
        ratios.append((time.perf_counter() - start) / seconds)
        depths.append(depth)
    worst = max(ratios)
    return Row(f"iterative deepening, {seconds:g} s a move, Connect Four", max(ratios) * seconds,
               f"max of {positions}", goal="overrun < 10 %", met=worst < 1.1,
               note=f"time / budget: median {statistics.median(ratios):.3f}, max {worst:.3f}; "
                    f"depth {min(depths)}-{max(depths)}", extra={"max_ratio": worst})


#: Lesson 7's tournament: each player plays the next one up, two games as X and two as O.
CONNECT_FOUR_LADDER = ["random", "depth-2", "depth-4", "deepening-1000", "deepening-3000"]


def bench_connect_four_ladder(games: int = 2) -> Row:
    """Lesson 7's Connect Four tournament, once, as the lesson plays it (the same seeds): the same
    games on every computer, so only its time depends on the machine (the browser's is slower)."""
    ladder = {name: make_player(name, seed=seed)
              for seed, name in enumerate(CONNECT_FOUR_LADDER, 1)}
    pairings = [pair for lower, upper in itertools.pairwise(CONNECT_FOUR_LADDER)
                for pair in ((lower, upper), (upper, lower))]
    start, moves = time.perf_counter(), 0
    for x, o in pairings:
        for _ in range(games):
            moves += len(play_game(ladder[x], ladder[o], connect_four()).moves)
    seconds = time.perf_counter() - start
    return Row("lesson 7's Connect Four tournament (deepening-1000, -3000 on top)", seconds,
               "one run", goal="< 30 s", met=seconds < 30,
               note=f"{len(pairings) * games} games, {moves} moves")


# --- output -----------------------------------------------------------------------------------

def machine() -> dict[str, object]:
    return {
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "cpus": os.cpu_count(),
    }


def table(rows: list[Row]) -> str:
    def show_time(seconds: float | None) -> str:
        if seconds is None:
            return "-"
        return f"{seconds / MS:.1f} ms" if seconds >= MS else f"{seconds / 1e-6:.1f} us"

    lines = [("benchmark", "nodes", "time", "over", "goal", "met", "")]
    lines += [(row.name, "-" if row.nodes is None else f"{row.nodes:,}", show_time(row.seconds),
               row.over, row.goal or "-", {True: "yes", False: "NO", None: "-"}[row.met], row.note)
              for row in rows]
    widths = [max(len(line[k]) for line in lines) for k in range(7)]
    align = [str.ljust, str.rjust, str.rjust, str.ljust, str.ljust, str.ljust, str.ljust]
    return "\n".join(
        "  ".join(fit(text, width) for fit, text, width in zip(align, line, widths, strict=True))
        .rstrip()
        for line in lines
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", metavar="PATH", help="also write the numbers to this JSON file")
    args = parser.parse_args()

    about = machine()
    for key, value in about.items():
        print(f"{key + ':':10} {value}")
    print()

    start = time.perf_counter()
    positions = reachable_positions()
    rows = [
        *bench_minimax_side_by_side(),
        bench_minimax(prefer_quick=False),
        *bench_alphabeta(ordered=True),
        *bench_alphabeta(ordered=False),
        bench_solver(symmetry=False),
        bench_solver(symmetry=True),
        bench_tree(),
        *bench_replies(positions),
        *bench_levels(positions),
        bench_expectimax("O"),
        bench_expectimax("X"),
        bench_mcts_speed(Board(), "tic-tac-toe from the empty board"),
        bench_mcts_speed(connect_four(), "Connect Four 7x6 from the empty board", 2_000),
        *bench_mcts_replies(),
        *(bench_solve(label, board, goal) for label, (board, goal) in SOLVES.items()),
        bench_iterative_deepening(0.1, 20),
        bench_iterative_deepening(1, 5),
        bench_connect_four_ladder(),
        *bench_learning(),
    ]
    print(table(rows))
    print(f"\nwhole run: {time.perf_counter() - start:.1f} s")

    if args.json:
        with open(args.json, "w") as out:
            json.dump({"machine": about, "results": [asdict(row) for row in rows]}, out, indent=2)
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
