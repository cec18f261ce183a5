"""The contest's rules, each against a result worked by hand: the standings and the order of the
ratings, a draw counted as a draw, the Swiss pairings, the referee, the limits a contest refuses,
and a contest that ranks nobody.
"""

from __future__ import annotations

import random
import re

import pytest

from ttt.contest.__main__ import main
from ttt.contest.rating import leaderboard
from ttt.contest.running import Contest, Entry, Game, NoResult, _played, run_contest, swiss_round
from ttt.contest.sandbox import Fault, Limits
from ttt.games.board import Board

PATIENT = Limits(move_seconds=30, start_seconds=120)


def contest_of(*games: Game) -> Contest:
    """A contest of the players of ``games``, as if played in that order."""
    names = list(dict.fromkeys(name for game in games for name in (game.x, game.o)))
    return Contest("tic-tac-toe", 0, names, [], list(games), [], [], [])


def test_the_standings_of_a_contest_worked_by_hand():
    contest = contest_of(
        Game("a", "b", 0, winner="a"),                 # a beats b
        Game("b", "c", 0, winner=None),                # b and c draw, b as X
        Game("c", "a", 0, winner="a"),                 # a beats c
        Game("b", "a", 0, winner="b",                  # a (O) fails: b wins
             sentence="At move 2, a (O) took longer than 1 s to move, so it loses the game."))
    rows = {row.name: (row.won, row.drawn, row.lost, row.failures)
            for row in leaderboard(contest)}
    #          won drawn lost of which failures
    assert rows == {"a": (2, 0, 1, 1), "b": (1, 1, 1, 0), "c": (0, 1, 1, 0)}
    assert [row.name for row in leaderboard(contest)] == ["a", "b", "c"]  # best first


def test_a_win_moves_two_new_ratings_apart_evenly_and_a_draw_keeps_them():
    [winner, loser] = leaderboard(contest_of(Game("a", "b", 0, winner="a")))
    assert (winner.name, loser.name) == ("a", "b")
    assert winner.mu - 25 == pytest.approx(25 - loser.mu) and winner.mu > 25
    [first, second] = leaderboard(contest_of(Game("a", "b", 0, winner=None)))
    assert first.mu == second.mu == pytest.approx(25)  # a draw between equals moves nobody
    assert first.sigma < 25 / 3 and first.rating == second.rating


@pytest.mark.parametrize("seed", range(40))
def test_swiss_pairings_worked_by_hand(seed):
    # after round 1: a and e won (1 point), c and d drew each other (1/2), b and f lost (0)
    played = [Game("a", "b", 0, winner="a"), Game("c", "d", 0, winner=None),
              Game("e", "f", 0, winner="e")]
    pairs = {frozenset(pair) for pair in swiss_round(list("abcdef"), played,
                                                     random.Random(seed))}
    assert frozenset("ae") in pairs  # the two winners meet
    assert frozenset("cd") not in pairs  # they met already
    assert all(len(pair & set("cd")) == 1 and len(pair & set("bf")) == 1
               for pair in pairs - {frozenset("ae")})  # each half-point meets a player on 0


def test_the_referee_takes_only_a_free_cell_as_a_whole_number():
    # . . .
    # . X .
    # . . .    O to move: 4 is taken
    position = Board().play(4)
    assert _played(position, 0) == 0
    assert _played(position, 4) == Fault("chose 4, which is not a legal move there")
    assert _played(position, 9) == Fault("chose 9, which is not a legal move there")
    for nonsense in (True, "0", 0.0, [0]):
        assert "which is not a move (a whole number)" in _played(position, nonsense).why


def test_a_player_that_plays_a_taken_cell_loses_that_game():
    contest = run_contest([Entry("ada", "def play(position):\n    return 4\n\nPLAYER = play\n"),
                           Entry("random")], references=False, limits=PATIENT)
    for game in contest.games:
        assert re.fullmatch(r"At move [2-4], ada \([XO]\) chose 4, which is not a legal move "
                            r"there, so it loses the game\.", game.sentence), game
        assert game.winner == "random"


@pytest.mark.parametrize("limit", [dict(move_seconds=-1), dict(move_seconds=0),
                                   dict(move_seconds=float("nan")),
                                   dict(move_seconds=float("inf")), dict(start_seconds=0),
                                   dict(memory_mb=0), dict(memory_mb=-5), dict(memory_mb=2.5),
                                   dict(cpu_seconds=0), dict(output_bytes=-1)])
def test_limits_that_make_no_sense_are_refused(limit):
    with pytest.raises((TypeError, ValueError), match=next(iter(limit))):
        Limits(**limit)


def test_a_swiss_contest_of_no_rounds_is_refused():
    with pytest.raises(ValueError, match="swiss_rounds must be at least 1, got 0"):
        run_contest([Entry("random"), Entry("perfect")], references=False, swiss_rounds=0)


@pytest.mark.parametrize("typed, said", [
    (["--move-seconds", "-1"], "more than 0 and at most a day, got -1.0"),
    (["--move-seconds", "0"], "more than 0 and at most a day, got 0.0"),
    (["--move-seconds", "nan"], "a finite number, got nan"),
    (["--move-seconds", "inf"], "a finite number, got inf"),
    (["--memory-mb", "0"], "memory_mb must be at least 256, got 0"),
    (["--memory-mb", "-5"], "memory_mb must be at least 256, got -5"),
    (["--memory-mb", "lots"], "--memory-mb is a whole number, got 'lots'"),
    (["--swiss", "0"], "swiss_rounds must be at least 1, got 0"),
    (["--game", "chess"], "unknown game 'chess'"),
    (["--folder", "/nowhere/at/all"], "there is no contest folder '/nowhere/at/all'"),
])
def test_the_command_refuses_what_makes_no_sense_with_its_usage(typed, said, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["run", *typed])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("usage: python -m ttt.contest run") and said in error, error


def test_a_contest_whose_every_game_is_a_failure_ranks_nobody(tmp_path, capsys):
    broken = "PLAYER = 42\n"
    with pytest.raises(NoResult, match="no game of the 2 was played out"):
        run_contest([Entry("ada", broken), Entry("bob", broken)], references=False,
                    limits=PATIENT)
    (tmp_path / "ada.py").write_text(broken)
    (tmp_path / "bob.py").write_text(broken)
    assert main(["run", "--folder", str(tmp_path), "--no-reference",
                 "--out", str(tmp_path / "report")]) == 2
    assert "The contest did not run: no game of the 2 was played out" in capsys.readouterr().err
    assert not (tmp_path / "report").exists()
