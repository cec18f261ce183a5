"""The class contest: every student's player against every other's and the course's own, each
in a process of its own under limits, rated, with a leaderboard and every game to replay.

``enter_contest(my_player)`` (``ttt.contest.entering``) enters a player from a lesson;
``python -m ttt.contest run`` (``ttt.contest.__main__``) runs the contest: the entries are
played by ``ttt.contest.running`` in seats of ``ttt.contest.sandbox`` (each process running
``ttt.contest.seat``), rated by ``ttt.contest.rating``, and written up by ``ttt.contest.report``.
"""

from ttt.contest.entering import enter_contest

__all__ = ["enter_contest"]
