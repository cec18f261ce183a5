"""``python -m ttt.contest``: open a contest folder, or run the contest of the entries in it.

    python -m ttt.contest open [FOLDER]      the folder students enter into (the hub's: 1777)
    python -m ttt.contest run [--folder FOLDER] [--game GAME] [--seed N] [--out FOLDER] ...

``run`` prints each game lost by a failure as it happens, then the leaderboard, and writes the
report (``ttt.contest.report``) into ``--out``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ttt.core.arguments import checked
from ttt.contest.entering import contest_folder
from ttt.contest.games import a_game
from ttt.contest.rating import leaderboard
from ttt.contest.report import write_report
from ttt.contest.running import Game, collect_entries, run_contest
from ttt.contest.sandbox import Limits

__all__ = ["main"]


@checked(reads_input=True)  # what a teacher typed is checked where it goes in
def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; 0 when done."""
    options = _parser().parse_args(argv)
    if options.command == "open":
        return _open_folder(Path(options.folder) if options.folder else contest_folder())
    return run(options)


def _parser() -> argparse.ArgumentParser:
    """The commands and their options."""
    parser = argparse.ArgumentParser(prog="python -m ttt.contest",
                                     description="The class contest (README: A class contest).")
    commands = parser.add_subparsers(dest="command", required=True)
    opening = commands.add_parser("open", help="make the folder students enter into")
    opening.add_argument("folder", nargs="?", help="default: TTT_CONTEST, else ~/ttt-contest")
    running = commands.add_parser("run", help="play every entry against every other")
    running.add_argument("--folder", help="the entries (default: TTT_CONTEST, else ~/ttt-contest)")
    running.add_argument("--game", default="tic-tac-toe", type=_game,
                         help="tic-tac-toe (default), connect-four, or CxRxK, e.g. 5x5x4")
    running.add_argument("--seed", type=int, default=0, help="the same seed, the same contest")
    running.add_argument("--out", default="build/contest", help="the report's folder")
    running.add_argument("--move-seconds", type=float, default=Limits.move_seconds)
    running.add_argument("--memory-mb", type=int, default=Limits.memory_mb)
    running.add_argument("--swiss", type=int, metavar="ROUNDS",
                         help="Swiss rounds instead of the round robin (a large class)")
    running.add_argument("--no-reference", action="store_true",
                         help="leave out the course's own players")
    return parser


def _game(text: str) -> str:
    """The game typed after --game, if the contest knows it (argparse says why not)."""
    try:
        a_game(text, "the game")
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _open_folder(folder: Path) -> int:
    """Make the contest folder: every account may add its entry, nobody may remove another's
    (mode 1777, as nbgrader's exchange)."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o1777)
    print(f"Contest folder {folder}: students enter with enter_contest(their_player).")
    return 0


def run(options: argparse.Namespace) -> int:
    """Run the contest of the entries in the folder and write its report."""
    folder = Path(options.folder) if options.folder else contest_folder()
    if not folder.is_dir():
        print(f"there is no contest folder {folder}: python -m ttt.contest open {folder}",
              file=sys.stderr)
        return 2
    entries, left_out = collect_entries(folder)
    out = Path(options.out)
    for sentence in left_out:
        print(sentence)
    print(f"{len(entries)} entries from {folder}, game {options.game}, seed {options.seed}")
    limits = Limits(move_seconds=options.move_seconds, memory_mb=options.memory_mb)
    contest = run_contest(entries, options.game, options.seed, limits,
                          references=not options.no_reference, hidden=[folder, out.resolve()],
                          left_out=left_out, progress=_say_failure,
                          swiss_rounds=options.swiss)
    for missing in contest.missing:
        print(f"not confined: {missing}")
    print(f"{'rank':>4}  {'player':<20} {'rating':>7}  won drawn lost")
    for rank, row in enumerate(leaderboard(contest), 1):
        print(f"{rank:>4}  {row.name:<20} {row.rating:>7.2f}  {row.won:>3} {row.drawn:>5} "
              f"{row.lost:>4}")
    print(f"report: {write_report(contest, out)}")
    return 0


def _say_failure(game: Game) -> None:
    """Print a game's sentence as it ends, if a player failed."""
    if game.sentence:
        print(game.sentence, flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
