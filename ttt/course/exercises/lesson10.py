"""Lesson 10's exercises, ``masked_policy``, ``puct_score`` and ``training_targets``: model
answers, cases and nudges. The model answers use only Python itself (``math``) and the constant
lesson 10 imports (``PUCT_EXPLORATION``); ``make solutions`` pastes them into the lesson."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from types import SimpleNamespace

from ttt.course.exercises.checking import NUMBER, Case, Exercise, Kind, shown
from ttt.course.exercises.positions import sample, small_positions
from ttt.games.board import Board
from ttt.search.mcts import PUCT_EXPLORATION, puct

__all__ = ["EXERCISES", "masked_policy", "puct_score", "training_targets"]

# --- model answers ------------------------------------------------------------------------------


def masked_policy(scores, board):
    """The policy over board's legal moves: scores holds the policy head's score for each of the
    nine cells; each legal move gets a share in proportion to exp(score), the shares adding up
    to 1, and a taken cell gets none (it is left out). A finished game has no legal moves, even
    with free cells left, so its policy is empty: {}."""
    exps = {cell: math.exp(scores[cell]) for cell in board.legal_moves}
    total = sum(exps.values())
    return {cell: exps[cell] / total for cell in exps}


def puct_score(total, visits, prior, parent_visits):
    """The PUCT score of a move for the player choosing it: the mean result of its visits for
    that player (total adds them up; 0 before the first), plus PUCT_EXPLORATION × prior ×
    √parent_visits / (1 + visits)."""
    mean = total / visits if visits > 0 else 0
    return mean + PUCT_EXPLORATION * prior * math.sqrt(parent_visits) / (1 + visits)


def training_targets(game, winner):
    """For each (board, visits) of a finished self-play game, the two targets the network learns:
    the search's visit shares at that board, and the game's result for the player who was to
    move there (+1 won, 0 draw, -1 lost); winner is 'X', 'O' or None (a draw)."""
    targets = []
    for board, visits in game:
        total = sum(visits.values())
        shares = {move: count / total for move, count in visits.items()}
        if winner is None:
            value = 0
        elif winner == board.to_move:
            value = 1
        else:
            value = -1
        targets.append((shares, value))
    return targets


# --- shared: comparing shares -------------------------------------------------------------------


def close(got: object, expected: float) -> bool:
    """Whether the number ``got`` is ``expected``, allowing for the rounding of floats."""
    if isinstance(got, bool):
        return False
    try:
        return math.isclose(float(got), expected, rel_tol=1e-9, abs_tol=1e-9)
    except (TypeError, ValueError, OverflowError):
        return False


def _close_shares(got: object, expected: dict) -> bool:
    """Whether ``got`` is a dict with exactly ``expected``'s keys, each value close to its."""
    return isinstance(got, dict) and set(got) == set(expected) and \
        all(close(got[key], value) for key, value in expected.items())


def _share_sum(got: dict) -> float | None:
    """The sum of the dict's values, or None if they are not all numbers."""
    try:
        return float(sum(got.values()))
    except (TypeError, ValueError, OverflowError):
        return None


# --- masked_policy ------------------------------------------------------------------------------

_SHARES = Kind((dict,), "a dict from each legal move to its share, such as {2: 0.75, 5: 0.25}")


def _softmax(scores: list[float], cells: list[int]) -> dict[int, float]:
    """Shares over ``cells`` in proportion to exp(score): the network's masked softmax (in
    ``ttt.learning.network``, on arrays) for one position, as the lesson's model answer computes
    it."""
    exps = {cell: math.exp(scores[cell]) for cell in cells}
    total = sum(exps.values())
    return {cell: exps[cell] / total for cell in exps}


#: (position, the scores of its nine cells, what the case is about), the tricky ones first
_MASK_TRICKY = [
    ("XO.|...|...", [3.0, 2.5, 0.5, -1.0, 1.0, 0.0, 0.2, -0.4, 0.1],
     "a position whose taken cells have the highest scores"),
    ("X..|.O.|..X", [0.0, 1.0, -1.0, 0.5, 4.0, 0.5, -1.0, 1.0, 2.0],
     "X on 0 and 8, O in the centre, which scored highest"),
    ("XOX|OOX|X..", [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -2.0, 0.5],
     "a position with two free cells left"),
    ("...|...|...", [0.1, -0.3, 0.1, -0.3, 0.9, -0.3, 0.1, -0.3, 0.1],
     "the empty board: every cell is free"),
    ("XOX|OXO|OX.", [2.0, -1.0, 0.0, 3.0, 1.0, -2.0, 0.5, 0.0, -3.0],
     "a position with one free cell, whose share must be 1"),
    ("..X|.O.|...", [-2.0, -1.5, 5.0, -0.5, 5.0, -1.0, -3.0, -2.5, -0.5],
     "negative scores on most free cells"),
    ("XXX|OO.|...", [0.5, -1.0, 0.0, 1.0, 2.0, 1.5, -0.5, 0.3, 0.0],
     "a game X has won, with free cells left: no legal moves"),
]


def _about(board: Board) -> str:
    """What a random case's position is: whose move it is, or that the game is over."""
    if board.winner:
        return f"the position {board}, which {board.winner} has won: no legal moves"
    return f"the position {board}, {board.to_move} to move"


def _mask_cases() -> Iterator[Case]:
    for text, scores, about in _MASK_TRICKY:
        board = Board.from_string(text)
        yield Case((list(scores), board), board, _softmax(scores, list(board.legal_moves)), about)
    rng = random.Random(10)
    for board in sample(small_positions(8, 40, seed=10), 16, seed=10):
        scores = [round(rng.uniform(-3, 3), 2) for _ in range(9)]
        yield Case((scores, board), board, _softmax(scores, list(board.legal_moves)),
                   _about(board))


def _mask_verdict(case: Case, got: object, student: Callable) -> str:
    if _close_shares(got, case.expected):
        return ""
    scores, board = case.args
    if board.winner and isinstance(got, dict) and got:
        return _GAME_OVER.format(winner=board.winner)
    legal, taken = set(board.legal_moves), [cell for cell in range(9) if board[cell] != "."]
    if set(got) == {cell + 1 for cell in legal}:
        return ("Cells are numbered 0 to 8, top-left first: your keys are one more than the free "
                "cells' numbers.")
    kept = [key for key in got if key in taken]
    if kept:
        return (f"Cell {kept[0]} is taken ({board[kept[0]]!r}), so it is no move: leave the taken "
                f"cells out of the policy altogether, whatever their scores (a key is a move the "
                f"search may play).")
    if any(not isinstance(key, int) or isinstance(key, bool) for key in got):
        return f"The keys are the moves, the free cells as whole numbers: {sorted(legal)}."
    missing = sorted(legal - set(got))
    if missing:
        return f"Every free cell is a move and gets a share: {missing[0]} is missing."
    for mistaken, nudge in _MASK_MISTAKES:
        if _close_shares(got, mistaken(scores, board)):
            return nudge
    total = _share_sum(got)
    if total is not None and not close(total, 1):
        return (f"Your shares add up to {total:.4g}, not 1: a policy's shares are chances, and "
                f"the free cells' share out all of it.")
    return ("Each free cell's share is exp(its score) divided by the sum of exp(score) over the "
            "free cells only.")


#: Why a finished game's policy is empty, for a share given there or a crash on its no moves.
_GAME_OVER = ("{winner} has won here: the game is over, so no move is legal, though cells are "
              "still free, and the policy is empty, {{}}. Share out over board.legal_moves "
              "(none once somebody has won), not over every '.' cell.")


def _mask_crash(error: BaseException, case: Case | None) -> str:
    """Why masked_policy raised on a finished game (a max() or a division over its no moves)."""
    if case is None or not case.board.winner:
        return ""
    return (f" A game {case.board.winner} has won has no legal moves: its policy is the empty "
            "dict, {}, with nothing to take the max of or divide by. Return {} there before "
            "anything else.")


def _all_cells_softmax(scores: list[float], board: Board) -> dict[int, float]:
    """Shares computed over all nine cells, then only the free cells' kept."""
    every = _softmax(scores, list(range(9)))
    return {cell: every[cell] for cell in board.legal_moves}


def _zero_masked(scores: list[float], board: Board) -> dict[int, float]:
    """Taken cells' scores set to 0 instead of left out, then shares over all nine."""
    masked = [scores[cell] if board[cell] == "." else 0.0 for cell in range(9)]
    return _all_cells_softmax(masked, board)


def _without_exp(scores: list[float], board: Board) -> dict[int, float]:
    """Shares in proportion to the scores themselves (no exp)."""
    total = sum(scores[cell] for cell in board.legal_moves)
    return {cell: scores[cell] / total if total else math.nan for cell in board.legal_moves}


#: The classic mistakes of masking a policy, as (the shares it gives, nudge).
_MASK_MISTAKES: tuple[tuple[Callable[[list[float], Board], dict[int, float]], str], ...] = (
    (_all_cells_softmax,
     "Shared out before masking: you took the softmax over all nine cells and then dropped the "
     "taken ones, so the shares they had are lost and the rest add up to less than 1. Mask "
     "first, leaving the taken cells out, then share out over the free cells alone."),
    (_zero_masked,
     "A taken cell's score set to 0 still counts: exp(0) is 1, so it keeps a share. Leave the "
     "taken cells out altogether (the network gives them a score of minus infinity, whose exp "
     "is 0)."),
    (lambda scores, board: {cell: math.exp(scores[cell]) for cell in board.legal_moves},
     "Not yet shares: divide each exp(score) by their sum over the free cells, so that the "
     "shares add up to 1."),
    (_without_exp,
     "The softmax takes exp of each score first: scores may be negative, and a share never is. "
     "Divide exp(score) by the sum of the free cells' exp(score)."),
    (lambda scores, board: {cell: 1 / len(board.legal_moves) for cell in board.legal_moves},
     "Every free cell got the same share: the policy follows the scores, a higher score a "
     "larger share (in proportion to exp(score))."),
)


# --- puct_score ---------------------------------------------------------------------------------


def _puct(total: float, visits: int, prior: float, parent_visits: int) -> float:
    """The package's ``puct`` for a move with these visits and prior."""
    return puct(SimpleNamespace(total=total, visits=visits, prior=prior), parent_visits)


def _puct_cases() -> Iterator[Case]:
    tricky = [(1.5, 3, 0.4, 10, "a move with 3 visits, total +1.5, prior 0.4, parent 10 visits"),
              (-2.0, 4, 0.05, 25, "a move with a small prior, 4 visits, total −2"),
              (0.6, 1, 0.6, 2, "a move with one visit, prior 0.6"),
              (0, 0, 0.3, 9, "a move never visited (visits 0): its mean counts as 0"),
              (3.2, 8, 0.9, 16, "a move with a large prior, 8 of the parent's 16 visits"),
              (0, 0, 0.5, 1, "a move never visited, its parent visited once")]
    for total, visits, prior, parent_visits, about in tricky:
        yield Case((total, visits, prior, parent_visits), None,
                   _puct(total, visits, prior, parent_visits), about)
    rng = random.Random(101)
    for _ in range(30):
        parent_visits = rng.randint(1, 400)
        visits = rng.randint(0, parent_visits - 1)
        total = round(rng.uniform(-visits, visits), 3)
        prior = round(rng.uniform(0.01, 0.95), 3)
        yield Case((total, visits, prior, parent_visits), None,
                   _puct(total, visits, prior, parent_visits),
                   f"a move with {visits} visits, total {total:+}, prior {prior}, parent "
                   f"{parent_visits} visits")


def _mean(total: float, visits: int) -> float:
    return total / visits if visits else 0.0


#: The classic mistakes of a PUCT score, as (the score it gives from total, visits, prior and
#: parent visits, nudge). C is PUCT_EXPLORATION.
_C = PUCT_EXPLORATION
_PUCT_MISTAKES: tuple[tuple[Callable[[float, int, float, int], float], str], ...] = (
    (lambda t, n, p, big: _mean(t, n) + _C * p * math.sqrt(big) / n if n else math.nan,
     "Forgot the + 1: the bonus divides by 1 + visits, so that a move never visited gets a "
     "finite bonus, and every visit shrinks it."),
    (lambda t, n, p, big: _mean(t, n) + _C * p * math.sqrt(n) / (1 + n),
     "The square root of the wrong count: it is √parent_visits, the visits of the position where "
     "the choice is made, which grows as the search goes on; the move's own visits go below the "
     "line, in 1 + visits."),
    (lambda t, n, p, big: _mean(t, n) + _C * p * math.sqrt(big / (1 + n)),
     "The square root covers parent_visits only: the bonus is PUCT_EXPLORATION × prior × "
     "√parent_visits / (1 + visits), divided by 1 + visits outside the root."),
    (lambda t, n, p, big: _mean(t, n) + _C * p * math.sqrt(big) / math.sqrt(1 + n),
     "Divide by 1 + visits itself, not its square root: PUCT_EXPLORATION × prior × "
     "√parent_visits / (1 + visits)."),
    (lambda t, n, p, big: _mean(t, n) + _C * p * big / (1 + n),
     "Take the square root of parent_visits: the bonus grows as √parent_visits."),
    (lambda t, n, p, big: _mean(t, n) + _C * p * math.sqrt(math.log(big)) / (1 + n),
     "That is UCB1's logarithm (lesson 8): PUCT has no log, its bonus grows as √parent_visits."),
    (lambda t, n, p, big: _mean(t, n) + _C * math.sqrt(big) / (1 + n),
     "The prior is missing: the bonus is multiplied by the network's prior for the move, so "
     "that the search tries first what the network finds promising."),
    (lambda t, n, p, big: _C * p * math.sqrt(big) / (1 + n),
     "The mean result is missing: the score is the move's mean result so far plus the bonus."),
    (lambda t, n, p, big: t + _C * p * math.sqrt(big) / (1 + n),
     "total adds up the results of all the move's visits: divide by visits for their mean "
     "(0 for a move never visited)."),
    (lambda t, n, p, big: t / (1 + n) + _C * p * math.sqrt(big) / (1 + n),
     "The mean is total / visits: the + 1 belongs to the bonus only."),
    (lambda t, n, p, big: _mean(t, n) * _C * p * math.sqrt(big) / (1 + n),
     "Add the bonus to the mean, do not multiply them."),
)


def _puct_verdict(case: Case, got: object, student: Callable) -> str:
    if close(got, case.expected):
        return ""
    total, visits, prior, parent_visits = case.args
    for mistaken, nudge in _PUCT_MISTAKES:
        if close(got, mistaken(total, visits, prior, parent_visits)):
            return nudge
    if visits == 0 and isinstance(got, (int, float)) and math.isinf(got):
        return ("PUCT does not need infinity for a move never visited, as UCB1 did: its mean "
                "counts as 0, and the + 1 keeps the bonus finite, so the prior decides which "
                "unvisited move goes first.")
    constant = _constant(case, got, student)
    if constant is not None:
        return (f"The constant is PUCT_EXPLORATION ({PUCT_EXPLORATION:g}): yours multiplies the "
                f"bonus by {constant:.3g}.")
    return ("The score is the mean result (total / visits, 0 before the first visit) plus "
            "PUCT_EXPLORATION × prior × √parent_visits / (1 + visits).")


def _constant(case: Case, got: object, student: Callable) -> float | None:
    """The constant the student's bonus uses if it is the PUCT bonus with another constant
    (checked on a second case too), else None."""
    total, visits, prior, parent_visits = case.args
    width = prior * math.sqrt(parent_visits) / (1 + visits)
    if width == 0 or isinstance(got, bool) or not isinstance(got, (int, float)):
        return None
    constant = (got - _mean(total, visits)) / width
    other = next(c for c in _puct_cases() if c.args[1] > 1 and c.args != case.args)
    t, n, p, big = other.args
    there = _mean(t, n) + constant * p * math.sqrt(big) / (1 + n)
    return constant if close(student(*other.args), there) else None


# --- training_targets ---------------------------------------------------------------------------

_TARGETS = Kind((list, tuple), "a list with one (shares, value) pair for each position of the game")

#: Finished games (their moves, from the empty board) and the visits of each position's search,
#: made up but of the shape self-play gives: (moves, a seed for the visit counts, about)
_GAMES = [((4, 0, 8, 2, 1, 7, 6, 3, 5), "a draw"),
          ((0, 3, 1, 4, 2), "a game X wins in five moves"),
          ((4, 0, 1, 7, 2, 6, 8, 3), "a game O wins in eight moves"),
          ((0, 4, 8, 2, 6, 3, 7), "a game X wins in seven moves"),
          ((1, 4, 0, 2, 8, 6), "a game O wins in six moves")]


def _visits(board: Board, played: int, rng: random.Random) -> dict[int, int]:
    """Made-up visit counts of a search at ``board``: most on the move ``played``, a few on some
    other legal moves (a search leaves some moves unvisited)."""
    others = [move for move in board.legal_moves if move != played]
    visits = {move: rng.randint(1, 6) for move in rng.sample(others, min(len(others), 3))}
    visits[played] = rng.randint(10, 40)
    return visits


def _game(moves: tuple[int, ...], seed: int) -> tuple[list[tuple[Board, dict[int, int]]], object]:
    """The (board, visits) pairs of a game played with ``moves``, and its winner."""
    rng, board, game = random.Random(seed), Board(), []
    for move in moves:
        game.append((board, _visits(board, move, rng)))
        board = board.play(move)
    assert board.is_over
    return game, board.winner


def _targets(game: list[tuple[Board, dict[int, int]]], winner: object) -> list:
    """The right targets: visit shares, and the result for the player to move."""
    return [({move: count / sum(visits.values()) for move, count in visits.items()},
             0 if winner is None else 1 if winner == board.to_move else -1)
            for board, visits in game]


def _target_cases() -> Iterator[Case]:
    for seed, (moves, about) in enumerate(_GAMES):
        game, winner = _game(moves, seed)
        yield Case((game, winner), game[-1][0].play(moves[-1]), _targets(game, winner),
                   f"{about} (winner {winner!r})")


def _pairs(got: object, game: list) -> list | None:
    """``got`` as a list of (shares, value) pairs, one per position, or None if it is not one."""
    if not isinstance(got, (list, tuple)) or len(got) != len(game):
        return None
    pairs = [tuple(pair) if isinstance(pair, (list, tuple)) else None for pair in got]
    return pairs if all(pair is not None and len(pair) == 2 for pair in pairs) else None


def _targets_verdict(case: Case, got: object, student: Callable) -> str:
    game, winner = case.args
    pairs = _pairs(got, game)
    if pairs is None:
        return (f"Return a list of {len(game)} pairs, one (shares, value) for each position of "
                f"the game, in the order they were played: got {shown(got)}.")
    policy_nudge = _policy_target_nudge(pairs, case.expected, game)
    if policy_nudge:
        return policy_nudge
    return _value_target_nudge([value for _, value in pairs], case.expected, game, winner)


def _policy_target_nudge(pairs: list, expected: list, game: list) -> str:
    for number, ((shares, _), (right, _), (board, visits)) in enumerate(
            zip(pairs, expected, game, strict=True)):
        if _close_shares(_without_zeros(shares, board), right):
            continue  # a move the search never visited may be there, with share 0
        where = f"At position {number} ({board}, {board.to_move} to move) "
        if not isinstance(shares, dict):
            return where + f"the policy target is {shown(shares)}: make it a dict from each " \
                           "move the search visited to its share of the visits."
        if _close_shares(shares, {move: float(count) for move, count in visits.items()}):
            return where + "the policy target is the visit counts: divide each by the visits " \
                           "of that search in all, so that the shares add up to 1."
        best = max(visits, key=visits.get)
        if _close_shares(shares, {best: 1.0}) or _close_shares(
                shares, {move: float(move == best) for move in visits}):
            return where + "the target puts everything on the most visited move: the " \
                           "network learns the search's whole verdict, each visited move's share."
        return where + f"the shares should be {shown(right)}: each move's visits over that " \
                       f"search's visits in all."
    return ""


def _without_zeros(shares: object, board: Board) -> object:
    """``shares`` without the legal moves whose share is 0 (if it is a dict)."""
    if not isinstance(shares, dict):
        return shares
    return {move: share for move, share in shares.items()
            if not (move in board.legal_moves and close(share, 0))}


def _value_target_nudge(values: list, expected: list, game: list, winner: object) -> str:
    right = [value for _, value in expected]
    if all(close(got, value) for got, value in zip(values, right, strict=True)):
        return ""
    from_x = [0 if winner is None else 1 if winner == "X" else -1 for _ in game]
    if all(close(got, value) for got, value in zip(values, from_x, strict=True)):
        return ("Whose point of view? Yours is the result for X at every position, but the "
                "value head answers for the player to move: +1 where the player to move went on "
                "to win, −1 where it lost.")
    if all(close(got, -value) for got, value in zip(values, right, strict=True)):
        return ("The result from the wrong side: each position's value is for the player to "
                "move there, +1 if that player won, −1 if it lost. Yours is the other "
                "player's.")
    if winner is None:
        return "A draw is worth 0 to both players, at every position of the game."
    number = next(number for number, (got, value) in enumerate(zip(values, right, strict=True))
                  if not close(got, value))
    board = game[number][0]
    return (f"At position {number} ({board}) {board.to_move} is to move, and "
            f"{'won' if winner == board.to_move else 'lost'}: its value is "
            f"{right[number]:+d}.")


EXERCISES = (
    Exercise(
        masked_policy, lesson=10,
        task="masked_policy(scores, board) returns the policy over board's legal moves: a dict "
             "from each legal move (a free cell while the game goes on) to its share, in "
             "proportion to exp(its score), the shares adding up to 1; scores lists the policy "
             "head's score for each of the nine cells, and a taken cell is no move, whatever "
             "its score. A finished game has no legal moves: its policy is {}.",
        hint_text="Two steps, in this order: leave out the cells that are taken; then turn the "
                  "scores of the free cells into shares with the softmax, exp of each score over "
                  "the sum of those exps.",
        cases=_mask_cases, returns=_SHARES, verdict=_mask_verdict, crash_hint=_mask_crash,
        summary="positions with taken cells scored high, one free cell, negative scores, won "
                "games"),
    Exercise(
        puct_score, lesson=10,
        task="puct_score(total, visits, prior, parent_visits) returns the PUCT score of a move "
             "for the player choosing it: the mean result of its visits (total adds up their "
             "results for that player; the mean is 0 before the first visit) plus "
             "PUCT_EXPLORATION × prior × √parent_visits / (1 + visits).",
        hint_text="Two parts, added: what the move has shown so far (its mean result, none yet "
                  "if it was never visited), and a bonus that the network's prior sets, that "
                  "grows with the square root of the parent's visits and shrinks with the "
                  "move's own visits plus one.",
        cases=_puct_cases, returns=NUMBER, verdict=_puct_verdict,
        summary="moves visited and never visited, small and large priors"),
    Exercise(
        training_targets, lesson=10,
        task="training_targets(game, winner) returns, for each (board, visits) of a finished "
             "self-play game, the pair (shares, value) the network learns from: each visited "
             "move's share of that search's visits, and the game's result for the player to "
             "move at that board: +1 if that player won, −1 if it lost, 0 for a draw (winner "
             "is 'X', 'O' or None).",
        hint_text="The policy target turns counts into shares of their own search. The value "
                  "target asks whose point of view: the value head always answers for the "
                  "player to move, so the same game's result counts as a win at some positions "
                  "and a loss at the others.",
        cases=_target_cases, returns=_TARGETS, verdict=_targets_verdict,
        summary="games X won, O won and drawn: visit shares and results for the player to "
                "move"),
)
