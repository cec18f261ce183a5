"""How long a class contest takes (README and site/contest.md: A class contest; the tests never
run this): N players, the course's five reference players and N - 5 students' entries written as
a class writes them (random, win at once, block, prefer the centre, a one-move lookahead with a
helper, a few with a slow move), tic-tac-toe, every ordered pairing, each player in its seat as
``python -m ttt.contest run`` runs it. Prints the players, the games, the wall-clock seconds, the
seconds per game, the failures, and the machine's load average before and after.

    python benchmarks/contest.py             # 30 players
    python benchmarks/contest.py --players 12 --game connect-four
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from ttt.contest.running import Entry, run_contest  # noqa: E402

#: Students' players, as a class writes them: each a module whose PLAYER plays.
STYLES = {
    "random": "import random\n\ndef play(p):\n    return random.choice(p.legal_moves)\n",
    "greedy": ("import random\nfrom ttt.play.players import winning_moves\n\ndef play(p):\n"
               "    return (winning_moves(p) or [random.choice(p.legal_moves)])[0]\n"),
    "blocker": ("import random\nfrom ttt.play.players import safest_moves, winning_moves\n\n"
                "def play(p):\n    return random.choice(winning_moves(p) or safest_moves(p))\n"),
    "centre": ("import random\n\ndef play(p):\n    middle = len(p.cells) // 2\n"
               "    return middle if middle in p.legal_moves else random.choice(p.legal_moves)\n"),
    "lookahead": ("from ttt.play.players import winning_moves\n\ndef score(p, move):\n"
                  "    after = p.play(move)\n    return -len(winning_moves(after)) if not "
                  "after.is_over else 9\n\ndef play(p):\n"
                  "    return max(p.legal_moves, key=lambda move: score(p, move))\n"),
    "thinker": ("import time, random\n\ndef play(p):\n    time.sleep(0.05)\n"
                "    return random.choice(p.legal_moves)\n"),
}


def class_of(players: int) -> list[Entry]:
    """``players`` - 5 students' entries, the styles in turn."""
    styles = list(STYLES.values())
    return [Entry(f"student{n:02d}", styles[n % len(styles)] + "\nPLAYER = play\n")
            for n in range(1, players - 4)]


def main() -> None:
    """Run the contest and print what it took."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--game", default="tic-tac-toe")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    start = time.monotonic()
    contest = run_contest(class_of(options.players), options.game, options.seed)
    wall = time.monotonic() - start
    failures = [game.sentence for game in contest.games if game.sentence]
    print(f"{len(contest.players)} players, {len(contest.games)} games of {options.game}: "
          f"{wall:.0f} s wall-clock ({wall / len(contest.games):.2f} s a game)")
    print(f"games lost by a failure: {len(failures)}")
    for sentence in failures[:10]:
        print(f"    {sentence}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
