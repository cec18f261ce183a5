"""``python -m ttt.contest``: open a contest folder, or run the contest of the entries in it.

    python -m ttt.contest open [FOLDER]      the folder students enter into (the hub's: 1777)
    python -m ttt.contest run [--folder FOLDER] [--game GAME] [--seed N] [--out FOLDER] ...

``run`` prints each game lost by a failure as it happens, then the leaderboard, and writes the
report (``ttt.contest.report``) into ``--out``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from ttt.catalogue import a_game_name
from ttt.contest.entering import a_contest_folder, contest_folder
from ttt.contest.rating import leaderboard
from ttt.contest.report import write_report
from ttt.contest.running import Game, NoResult, collect_entries, run_contest
from ttt.contest.sandbox import CannotConfine, Limits
from ttt.core.arguments import checked, rules_of

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
    running.add_argument("--folder", type=_by_rule(partial(a_contest_folder, name="--folder"),
                                                   "--folder"),
                         help="the entries (default: TTT_CONTEST, else ~/ttt-contest)")
    running.add_argument("--game", default="tic-tac-toe",
                         type=_by_rule(partial(a_game_name, name="--game"), "--game"),
                         help="tic-tac-toe (default), connect-four, or CxRxK, e.g. 5x5x4")
    running.add_argument("--seed", type=int, default=0, help="the same seed, the same contest")
    running.add_argument("--out", default="build/contest", help="the report's folder")
    limits = rules_of(Limits.__init__)
    running.add_argument("--move-seconds", default=Limits.move_seconds,
                         type=_by_rule(limits["move_seconds"], "--move-seconds", float))
    running.add_argument("--memory-mb", default=Limits.memory_mb,
                         type=_by_rule(limits["memory_mb"], "--memory-mb", int))
    running.add_argument("--swiss", metavar="ROUNDS",
                         type=_by_rule(rules_of(run_contest)["swiss_rounds"], "--swiss", int),
                         help="Swiss rounds instead of the round robin (a large class)")
    running.add_argument("--no-reference", action="store_true",
                         help="leave out the course's own players")
    return parser


def _by_rule(rule: Callable[[object], object], option: str,
             kind: Callable[[str], object] = str) -> Callable[[str], object]:
    """An argparse type: the text typed after ``option`` as ``kind``, if the API's own ``rule``
    for that value takes it; else argparse prints its usage line and the rule's sentence."""
    def typed(text: str) -> object:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{option} is a {_KIND_NAMES[kind]}, got {text!r:.40}") from None
        try:
            rule(value)
        except (TypeError, ValueError) as error:
            raise argparse.ArgumentTypeError(str(error).removeprefix(f"{option}: ")) from None
        return value
    return typed


_KIND_NAMES = {str: "text", int: "whole number", float: "number"}


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
    if not folder.is_dir():  # the default folder: one typed is checked by its option's rule
        print(f"there is no contest folder {folder}: python -m ttt.contest open {folder}",
              file=sys.stderr)
        return 2
    entries, left_out = collect_entries(folder)
    out = Path(options.out)
    for sentence in left_out:
        print(sentence)
    print(f"{len(entries)} entries from {folder}, game {options.game}, seed {options.seed}")
    limits = Limits(move_seconds=options.move_seconds, memory_mb=options.memory_mb)
    try:
        contest = run_contest(entries, options.game, options.seed, limits,
                              references=not options.no_reference,
                              hidden=[folder, out.resolve()], left_out=left_out,
                              progress=_say_failure, swiss_rounds=options.swiss)
    except (CannotConfine, NoResult) as error:
        print(f"The contest did not run: {error}.", file=sys.stderr)
        return 2
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
