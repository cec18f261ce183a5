"""The contest's ratings: openskill's Plackett-Luce model (Weng and Lin's Bayesian rating, a
maintained library) updated game by game in the order played, and the leaderboard it gives.

A player's rating is openskill's ordinal, mu - 3 sigma: its skill as the model estimates it, less
three times its uncertainty, so that a player who won a few lucky games does not lead a player
known to be strong. The same games in the same order give the same ratings.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

from ttt.core.arguments import checked
from ttt.contest.running import Contest

__all__ = ["Standing", "leaderboard"]


@dataclass(frozen=True)
class Standing:
    """A row of the leaderboard: the player, its rating (and the model's mu and sigma), and its
    games won, drawn and lost, of which how many lost by a failure (a time-out, a crash...)."""

    name: str
    rating: float
    mu: float
    sigma: float
    won: int
    drawn: int
    lost: int
    failures: int
    reference: bool


@checked
def leaderboard(contest: Contest) -> list[Standing]:
    """The players best first: rated game by game, with their results."""
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in contest.players}
    tally = {name: [0, 0, 0, 0] for name in contest.players}  # won, drawn, lost, failures
    for game in contest.games:
        x, o = ratings[game.x], ratings[game.o]
        ranks = [1, 1] if game.winner is None else [1, 2] if game.winner == game.x else [2, 1]
        [[ratings[game.x]], [ratings[game.o]]] = model.rate([[x], [o]], ranks=ranks)
        for name in (game.x, game.o):
            tally[name][0 if game.winner == name else 1 if game.winner is None else 2] += 1
        if game.sentence:
            tally[game.o if game.winner == game.x else game.x][3] += 1
    rows = [Standing(name, round(rating.ordinal(), 2), round(rating.mu, 2),
                     round(rating.sigma, 2), *tally[name], name in contest.references)
            for name, rating in ratings.items()]
    return sorted(rows, key=lambda row: (-row.rating, row.name))
