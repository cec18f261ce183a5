"""Lesson 7's exercises, ``landing_cell`` (gravity in Connect Four), ``open_columns`` (its legal
moves) and ``evaluate_four`` (a heuristic that wins): model answers, cases and nudges. The model
answers use only what a Connect Four position offers (``position[cell]``, ``columns``, ``rows``,
``cells``, ``winner``); ``make solutions`` pastes them into the lesson."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from numbers import Integral

from ttt.core.arguments import checked
from ttt.course.exercises.checking import (
    CELLS,
    NUMBER,
    Between,
    Case,
    Exercise,
    Feedback,
    Kind,
    guess_verdict,
    same,
)
from ttt.games.mnk import ConnectFour, connect_four
from ttt.play.matches import Player, play_game
from ttt.play.players import depth_limited_player
from ttt.core.protocol import seeded_random

__all__ = ["EXERCISES", "evaluate_four", "evaluation_results", "landing_cell", "open_columns"]

#: The board sizes the checks try: not square, so a mix-up of rows and columns shows.
_SIZES = ((7, 6), (4, 5), (5, 4), (6, 7))
EVALUATION_GAMES = 20  # as X and as O, so twice this many in all
EVALUATION_DEPTH = 2
MIN_WINS = 30  # of 40: the package's estimate wins 38, one for the centre alone 37, a constant 19

_CELL_OR_NONE = Kind((Integral, type(None)), "a cell number, or None for a full column")

# --- model answers ------------------------------------------------------------------------------


def landing_cell(position, column):
    """The cell where a disc dropped into ``column`` comes to rest: the lowest free cell of that
    column, or None if the column is full."""
    for row in reversed(range(position.rows)):  # from the bottom row up
        cell = row * position.columns + column
        if position[cell] == ".":
            return cell
    return None


def open_columns(position):
    """Connect Four's legal moves: the columns whose top cell is free, none once somebody has
    won."""
    if position.winner:
        return []
    return [column for column in range(position.columns) if position[column] == "."]


def evaluate_four(position):
    """A guess at who is ahead in Connect Four, from X's point of view, strictly between -1 and
    +1: discs nearer the centre column count more, as they can join more fours."""
    middle = (position.columns - 1) / 2
    score = 0
    for cell, mark in enumerate(position.cells):
        if mark != ".":
            nearness = position.columns - abs(cell % position.columns - middle)
            score += nearness if mark == "X" else -nearness
    return score / (abs(score) + 20)


# --- landing_cell -------------------------------------------------------------------------------


def _random_positions(columns: int, rows: int, count: int, seed: int) -> list[ConnectFour]:
    """``count`` unfinished positions (always the same ones) reached by random moves on a board of
    that size, some with full columns."""
    rng = seeded_random(seed)
    found = []
    for _ in range(count):
        position = connect_four(columns, rows)
        for _ in range(rng.randrange(columns * rows)):
            if position.is_over:
                break
            position = position.play(rng.choice(position.legal_moves))
        if not position.is_over:
            found.append(position)
    return found


def _landing_cases() -> Iterator[Case]:
    for columns, rows in _SIZES:
        empty = connect_four(columns, rows)
        yield Case((empty, 0), empty, (rows - 1) * columns, f"column 0 of an empty {columns} × "
                                                            f"{rows} board")
    for seed, (columns, rows) in enumerate(_SIZES):
        for position in _random_positions(columns, rows, 6, seed):
            for column in range(columns):
                yield Case((position, column), position, _lowest_free(position, column),
                           f"column {column} of a {columns} × {rows} board")


def _lowest_free(position: ConnectFour, column: int) -> int | None:
    """Where the disc lands, asked of the game itself: None if the column is not a legal move,
    else the cell that ``play`` fills."""
    if column not in position.legal_moves:
        return None
    before, after = position.bits, position.play(column).bits
    return ((after[0] | after[1]) & ~(before[0] | before[1])).bit_length() - 1


def _landing_verdict(case: Case, got: object, student: Callable) -> str:
    if same(got, case.expected):
        return ""
    position, column = case.args
    columns, rows = position.columns, position.rows
    if case.expected is None:
        return f"Column {column} is full: there is nowhere to land, so return None."
    if got is None:
        return f"Column {column} still has a free cell: return the lowest one."
    row = case.expected // columns
    free = [r * columns + column for r in range(rows) if position[r * columns + column] == "."]
    if got == free[0] and len(free) > 1:
        return ("That is the highest free cell of the column: the disc would float in the air. "
                "Discs fall: take the lowest free cell, the one with the biggest row number.")
    if got == row:
        return f"{got} is the row the disc lands in; the cell is row × columns + column."
    if got == row * rows + column:
        return (f"Multiply the row by the number of columns ({columns}), the width of a row, not "
                f"by the number of rows ({rows}).")
    if got == (rows - 1 - row) * columns + column:
        return "Row 0 is the top row: cells are numbered in reading order, top-left first."
    if not (isinstance(got, Integral) and 0 <= got < columns * rows):
        return f"{got!r} is not a cell of this board: cells are numbered 0 to {columns * rows - 1}."
    if got % columns != column:
        return f"Cell {got} is in column {got % columns}, not in column {column}."
    return f"The lowest free cell of column {column} is {case.expected}."


# --- open_columns -----------------------------------------------------------------------------


def _finished_positions(columns: int, rows: int, count: int, seed: int) -> list[ConnectFour]:
    """``count`` won games (always the same ones) of random moves, with free cells left."""
    rng = seeded_random(seed)
    found = []
    while len(found) < count:
        position = connect_four(columns, rows)
        while not position.is_over:
            position = position.play(rng.choice(position.legal_moves))
        if position.winner and not position.is_full:
            found.append(position)
    return found


def _open_columns_cases() -> Iterator[Case]:
    for columns, rows in _SIZES:
        empty = connect_four(columns, rows)
        yield Case((empty,), empty, list(empty.legal_moves), f"an empty {columns} × {rows} board")
    for seed, (columns, rows) in enumerate(_SIZES):
        for position in _finished_positions(columns, rows, 2, seed + 20):
            yield Case((position,), position, [], "a won game with free cells left")
        for position in _random_positions(columns, rows, 6, seed + 30):
            yield Case((position,), position, list(position.legal_moves),
                       f"a {columns} × {rows} board")


def _open_columns_verdict(case: Case, got: object, student: Callable) -> str:
    try:
        columns = sorted(got)
    except TypeError:
        return "Return a list of column numbers, such as [0, 3, 6]."
    if same(columns, case.expected):
        return ""
    position = case.board
    if position.winner and columns:
        return f"{position.winner} has already won: once the game is over no move is legal."
    width, rows = position.columns, position.rows
    if columns == [c for c in range(width) if position[(rows - 1) * width + c] == "."]:
        return ("Those are the columns whose bottom cell is free. A column takes another disc "
                "as long as its top cell (row 0, cell = column) is free.")
    if any(not isinstance(c, Integral) or not 0 <= c < width for c in columns):
        return (f"A move in Connect Four is a column, a number from 0 to {width - 1}, not a "
                "cell.")
    full = [c for c in columns if c not in case.expected]
    if full:
        return f"Column {full[0]} is full: its top cell, cell {full[0]}, is taken."
    missing = [c for c in case.expected if c not in columns]
    return f"Column {missing[0]} still has room: its top cell is free."


# --- evaluate_four ------------------------------------------------------------------------------


def _evaluate_cases() -> Iterator[Case]:
    for position, about in _evaluation_positions():
        yield Case((position,), position, Between(-1, 1), about)


@cache
def _evaluation_positions() -> tuple[tuple[ConnectFour, str], ...]:
    """The positions the range of a guess is tried on: 7 × 6 games played at random to every
    depth, then the extremes (one side with many threats), then the other sizes. A guess that
    strays out of range does so where one side is far ahead, so random games alone miss it."""
    found = [(position, "a 7 × 6 position from a random game")
             for position in _quiet_positions(7, 6, games=3, seed=40)]
    found += [(position, f"a 7 × 6 position where {player} has {_threats(position, player)} "
                         f"threats (windows of four holding three of {player}'s discs, the "
                         f"fourth cell free)")
              for player in "XO" for seed in range(2)
              for position in [_many_threats(player, seed)]]
    for seed, (columns, rows) in enumerate(_SIZES[1:]):
        found += [(position, f"a {columns} × {rows} position from a random game")
                  for position in _random_positions(columns, rows, 8, seed + 11)]
    return tuple(found)


def _quiet_positions(columns: int, rows: int, games: int, seed: int) -> list[ConnectFour]:
    """``games`` unfinished positions (always the same ones) for every number of discs: random
    moves that never end the game, stopped at that depth (or where every move would end it)."""
    rng = seeded_random(seed)
    found = []
    for depth in range(columns * rows):
        for _ in range(games):
            position = connect_four(columns, rows)
            for _ in range(depth):
                quiet = [c for c in position.legal_moves if not position.play(c).is_over]
                if not quiet:
                    break
                position = position.play(rng.choice(quiet))
            found.append(position)
    return found


def _threats(position: ConnectFour, player: str) -> int:
    """How many windows of four hold three of ``player``'s discs and none of the other's."""
    x, o = position.bits
    mine, theirs = (x, o) if player == "X" else (o, x)
    return sum(1 for window in position.shape.line_masks
               if (window & mine).bit_count() == 3 and not window & theirs)


@cache
def _many_threats(player: str, seed: int, width: int = 20) -> ConnectFour:
    """An unfinished 7 × 6 position (always the same one) where ``player`` leads the other by
    many threats: a beam search keeping, after each move, the ``width`` positions with the
    largest lead (11 to 13 threats to none or one, for the seeds the check uses)."""
    rng = seeded_random(seed)
    other = "O" if player == "X" else "X"

    def lead(position: ConnectFour) -> int:
        return _threats(position, player) - _threats(position, other)

    best, layer = connect_four(), [connect_four()]
    while layer:
        children = dict.fromkeys(child for position in layer for column in position.legal_moves
                                 for child in [position.play(column)] if not child.is_over)
        ties = {child: rng.random() for child in children}  # equal leads: a seeded choice
        layer = sorted(children, key=lambda child: (lead(child), ties[child]), reverse=True)
        layer = layer[:width]
        best = max([best, *layer[:1]], key=lead)
    return best


def _blind(position: ConnectFour) -> float:
    """No guess at all: every unfinished position scores 0, so only wins and losses count."""
    return 0


@checked
def evaluation_results(evaluate: Callable[[ConnectFour], float],
                       games: int = EVALUATION_GAMES) -> Counter[str]:
    """How a depth-2 player guided by ``evaluate`` does against a depth-2 player that sees only
    wins and losses, on the 7 × 6 board: ``games`` games as X and as many as O, seeded, counted
    as 'won', 'drawn' and 'lost'."""
    results = Counter({"won": 0, "drawn": 0, "lost": 0})
    for game in range(games):
        for mine in "XO":
            guided = depth_limited_player(EVALUATION_DEPTH, seed=100 + game, evaluate=evaluate)
            blind = depth_limited_player(EVALUATION_DEPTH, seed=200 + game, evaluate=_blind)
            players: tuple[Player, Player] = (guided, blind) if mine == "X" else (blind, guided)
            winner = play_game(*players, connect_four()).winner
            results["drawn" if winner is None else "won" if winner == mine else "lost"] += 1
    return results


def _evaluate_tournament(student: Callable) -> Feedback | None:
    """A depth-2 player guided by the student's evaluation must beat one that sees only wins and
    losses."""
    results = evaluation_results(student)
    won, lost = results["won"], results["lost"]
    if won >= MIN_WINS:
        return None
    record = (f"won {won}, drew {results['drawn']} and lost {lost} of {2 * EVALUATION_GAMES} "
              f"games against a depth-{EVALUATION_DEPTH} player that sees only wins and losses "
              f"(it needs {MIN_WINS} wins)")
    centre, edge = (student(connect_four().play(column)) for column in (3, 0))
    ahead = min(student(_many_threats("X", seed)) for seed in range(2))
    pov = ("Is it from X's point of view? It should be positive when X is better, whoever is to "
           "move, and negative when O is; yours gives ")
    if centre < 0 and edge < 0:
        nudge = (f"{pov}{centre:+.3f} to a lone X disc in the centre column and {edge:+.3f} to "
                 "one on the edge.")
    elif edge > centre:
        nudge = (f"Yours values a lone X disc in an edge column ({edge:+.3f}) above one in the "
                 f"centre column ({centre:+.3f}): a disc near the centre can join more fours, so "
                 "it should count for more, one near the edges for less.")
    elif ahead < 0:
        nudge = f"{pov}{ahead:+.3f} to a position where X has many threats and O few."
    else:
        nudge = ("Give more to discs near the centre column (they can join the most fours), or "
                 "count the windows of four that only one player's discs occupy.")
    return Feedback(False, f"✗ evaluate_four is a number in range everywhere, but a player "
                           f"that looks {EVALUATION_DEPTH} moves ahead with it {record}.",
                    nudge=nudge)


EXERCISES = (
    Exercise(
        landing_cell, lesson=7,
        task="landing_cell(position, column) returns the cell where a disc dropped into "
             "column comes to rest (the lowest free cell of that column), or None if the column "
             "is full.",
        hint_text="A disc falls to the lowest free cell of its column. Cells are numbered in "
                  "reading order, row by row from the top, each row position.columns cells long: "
                  "look at the column's cells from the bottom row up.",
        cases=_landing_cases, returns=_CELL_OR_NONE, verdict=_landing_verdict,
        summary="empty, part-filled and full columns, on boards of four sizes"),
    Exercise(
        open_columns, lesson=7,
        task="open_columns(position) returns Connect Four's legal moves: the list of columns "
             "that can take another disc, in any order — and none once somebody has won.",
        hint_text="A column is full when its top cell is taken, and the top cell of column c is "
                  "cell c (row 0). But a game with a winner is over, even with room left.",
        cases=_open_columns_cases, returns=CELLS, verdict=_open_columns_verdict,
        summary="empty, part-filled and won positions, on boards of four sizes"),
    Exercise(
        evaluate_four, lesson=7,
        task="evaluate_four(position) guesses who is ahead in an unfinished Connect Four "
             "position, from X's point of view: a number strictly between −1 and +1. A player "
             f"that looks {EVALUATION_DEPTH} moves ahead with it must beat one that sees only wins "
             f"and losses: at least {MIN_WINS} wins in {2 * EVALUATION_GAMES} games.",
        hint_text="Count each X disc for X and each O disc against, a disc near the centre "
                  "column for more (it can join more fours). Then squeeze the total into the open "
                  "range from −1 to +1, with a formula that grows with the total but never "
                  "reaches 1, however far one side is ahead.",
        cases=_evaluate_cases, returns=NUMBER, verdict=guess_verdict,
        extra_check=_evaluate_tournament,
        summary=f"in range on every unfinished position, and it beats a blind depth-"
                f"{EVALUATION_DEPTH} player over {2 * EVALUATION_GAMES} games"),
)
