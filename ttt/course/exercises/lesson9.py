"""Lesson 9's exercises, ``td_update``, ``epsilon_greedy_move`` and ``menace_update``: model
answers, cases and nudges. The model answers use only Python itself; ``make solutions`` pastes
them into the lesson."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator

from ttt.course.exercises.checking import (
    CELL,
    NUMBER,
    WHOLE_NUMBER,
    AnyOf,
    Case,
    Exercise,
    Feedback,
    changed_dict,
    shown,
)
from ttt.learning.tabular import MICHIE_REWARDS, michie_update

__all__ = ["EXERCISES", "epsilon_greedy_move", "menace_update", "td_update"]

# --- model answers ------------------------------------------------------------------------------


def td_update(value, next_value, alpha):
    """The TD(0) update: value moved a step alpha of the way towards next_value."""
    return value + alpha * (next_value - value)


def epsilon_greedy_move(values, to_move, epsilon, rng):
    """With chance epsilon a random move of values (a dict from move to value, X's point of
    view), else a best one for to_move: the highest value for X, the lowest for O."""
    moves = list(values)
    if rng.random() < epsilon:
        return rng.choice(moves)
    best = max(values.values()) if to_move == "X" else min(values.values())
    return rng.choice([move for move in moves if values[move] == best])


def menace_update(beads, result, box_total):
    """The beads of a move MENACE played, after a game it won, drew or lost ('win', 'draw',
    'loss'): 3 more, 1 more, 1 fewer; but never the last bead of the box (box_total beads)."""
    if result == "loss" and box_total == 1:
        return beads
    return beads + {"win": 3, "draw": 1, "loss": -1}[result]


# --- td_update ----------------------------------------------------------------------------------


def close(got: object, expected: float) -> bool:
    """Whether the number ``got`` is ``expected``, allowing for the rounding of floats."""
    try:
        return math.isclose(float(got), expected, rel_tol=1e-9, abs_tol=1e-9)
    except (TypeError, ValueError, OverflowError):
        return False


def _td_cases() -> Iterator[Case]:
    tricky = [(0.0, 1.0, 0.5, "a first win: value 0, the next position won (+1)"),
              (0.5, -1.0, 0.25, "the next position is lost (−1): the value must fall"),
              (-0.2, 0.6, 0.1, "the next position is better: the value must rise"),
              (0.3, 0.3, 0.5, "the next position is worth the same: nothing changes")]
    for value, next_value, alpha, about in tricky:
        yield Case((value, next_value, alpha), None, value + alpha * (next_value - value), about)
    rng = random.Random(91)
    for _ in range(20):
        value, next_value = round(rng.uniform(-1, 1), 3), rng.choice([-1, 0, 1, 0.25, -0.5])
        alpha = rng.choice([0.05, 0.1, 0.2, 0.5])
        yield Case((value, next_value, alpha), None, value + alpha * (next_value - value),
                   f"value {value:+}, next value {next_value:+}, alpha {alpha}")


#: The classic mistakes of a TD update, as (what it computes from value, next value and alpha,
#: nudge).
TD_MISTAKES: tuple[tuple[Callable[[float, float, float], float], str], ...] = (
    (lambda v, n, a: v + a * (v - n),
     "The wrong way round: the step goes from value towards next_value, so it is "
     "alpha × (next_value − value). Yours moves away from it."),
    (lambda v, n, a: v + a * a * (n - v),
     "Alpha applied twice: the step is alpha × (next_value − value), once."),
    (lambda v, n, a: v + (2 * a - a * a) * (n - v),
     "Alpha applied twice: that is two updates in a row. One update moves value once, by "
     "alpha × (next_value − value)."),
    (lambda v, n, a: v + a * n,
     "Move value by the difference, alpha × (next_value − value): adding alpha × next_value "
     "alone keeps growing even when the two values agree."),
    (lambda v, n, a: a * (n - v),
     "That is only the step: add it to value, which is where the update starts."),
    (lambda v, n, a: n,
     "That replaces value by next_value: a step of the whole way, as if alpha were 1. Move "
     "only alpha of the way."),
    (lambda v, n, a: n + a * (v - n),
     "That moves next_value towards value: the update changes value, the position moved from, "
     "a step alpha towards next_value, the position it led to."),
    (lambda v, n, a: v + (n - v) / a,
     "Divided by alpha: the step is alpha × (next_value − value), a fraction alpha of the "
     "difference; divided, it overshoots next_value."),
    (lambda v, n, a: v + (1 - a) * (n - v),
     "A step of 1 − alpha: with alpha = 0.1 the value should move a tenth of the way, not nine "
     "tenths."),
)


def _td_verdict(case: Case, got: object, student: Callable) -> str:
    if close(got, case.expected):
        return ""
    value, next_value, alpha = case.args
    for mistaken, nudge in TD_MISTAKES:
        if close(got, mistaken(value, next_value, alpha)):
            return nudge
    return "The new value is value + alpha × (next_value − value)."


# --- epsilon_greedy_move ------------------------------------------------------------------------


def _best(values: dict[int, float], to_move: str) -> AnyOf:
    best = (max if to_move == "X" else min)(values.values())
    return AnyOf(move for move, value in values.items() if value == best)


_GREEDY_PROBES = [({0: 0.5, 4: -0.25, 8: 0.0}, "X"), ({0: 0.5, 4: -0.25, 8: 0.0}, "O"),
                 ({2: -1.0, 3: 0.2, 5: 0.2}, "X"), ({2: -1.0, 3: 0.2, 5: 0.2}, "O"),
                 ({1: 0.1, 6: 0.1, 7: 0.1}, "O"), ({4: 0.7}, "X")]


def _greedy_cases() -> Iterator[Case]:
    for seed, (values, to_move) in enumerate(_GREEDY_PROBES):
        yield Case((values, to_move, 0, random.Random(seed)), None, _best(values, to_move),
                   f"epsilon 0 (no exploring), {to_move} to move, values {values}")
    for seed, (values, to_move) in enumerate(_GREEDY_PROBES):
        yield Case((values, to_move, 1, random.Random(seed)), None, AnyOf(values),
                   f"epsilon 1 (always exploring), {to_move} to move")


def _greedy_verdict(case: Case, got: object, student: Callable) -> str:
    values, to_move, epsilon, _ = case.args
    moves = list(values)
    if epsilon == 0 and isinstance(got, int) and not isinstance(got, bool) and \
            0 <= got < len(moves) and moves[got] in case.expected and got not in case.expected:
        return (f"Yours returns where a best move stands in the dict ({got}: the "
                f"{'first' if got == 0 else f'number {got + 1}'} of its keys), not the move "
                f"itself, {moves[got]}. The moves are the dict's keys: return the key whose "
                "value is best.")
    if got not in values:
        return f"{got!r} is not one of the moves: choose from {sorted(values)}."
    if got in case.expected:
        return ""
    other = "O" if to_move == "X" else "X"
    if epsilon == 0 and _always_best_for(student, values, to_move, other):
        probe = _GREEDY_PROBES[0][0]  # one best move for X, another for O
        if _always_best_for(student, probe, "O", "X") and \
                _always_best_for(student, probe, "X", "O"):
            return ("Highest and lowest swapped: values are from X's point of view, so X takes the "
                    "highest value and O the lowest (O wants X to do badly). Yours does the "
                    "opposite for both.")
        if to_move == "O":
            return ("Values are from X's point of view, so O's best move is the one with the "
                    "lowest value: O wants X to do badly. Yours took the highest.")
        return ("Values are from X's point of view, so X's best move is the one with the highest "
                "value. Yours took the lowest, which is O's choice.")
    return (f"With epsilon {epsilon} there is no exploring: return a move with the best value "
            f"for {to_move}. Check rng.random() < epsilon (explore), not the other way round.")


def _always_best_for(student: Callable, values: dict[int, float], to_move: str,
                     whom: str) -> bool:
    """Whether the student, greedy (epsilon 0) for ``to_move``, always picks a best move for
    ``whom``, whatever the rng: a swap of highest and lowest, not a random move."""
    return all(student(dict(values), to_move, 0, random.Random(seed)) in _best(values, whom)
               for seed in range(20))


EXPLORE_GAMES, EXPLORE_EPSILON = 4000, 0.3


def _exploration_check(student: Callable) -> Feedback | None:
    """Once every case passes: the values dict is never changed; the same rng gives the same
    moves (the student draws from it, not from the global ``random``); equally good moves are
    all chosen; and with epsilon 0.3 and three moves, one of them best, a worse one is chosen
    about 2/3 × 0.3 = 20 % of the time."""
    for check in (_leaves_values_alone, _uses_its_rng, _ties_at_random, _explores_as_often):
        feedback = check(student)  # a Feedback that failed is falsy: test for None, not truth
        if feedback is not None:
            return feedback
    return None


_RNG_CALLS = 60  # choices per run: two runs that agree on all of them drew from the same rng


def _leaves_values_alone(student: Callable) -> Feedback | None:
    """The student's function never changes the values dict, exploring or not, for X or O."""
    rng = random.Random(96)
    for values, to_move in _GREEDY_PROBES:
        for epsilon in (0, EXPLORE_EPSILON, 1):
            for _ in range(10):
                given = dict(values)
                student(given, to_move, epsilon, rng)
                change = changed_dict(values, given)
                if change:
                    return Feedback(False, f"✗ epsilon_greedy_move changed the dict it was "
                                           f"given, values ({to_move} to move, epsilon "
                                           f"{epsilon}): {change}.",
                                    rows=(("given", shown(values)), ("left as", shown(given))),
                                    nudge="The learner keeps using its values after each choice: "
                                          "choose from the dict without changing it (work on a "
                                          "copy, dict(values), if you need one).")
    return None


def _choices(student: Callable, global_seed: int) -> list[object]:
    """The student's choices with ``random.Random(94)`` after seeding the global ``random`` with
    ``global_seed`` (its state is put back afterwards)."""
    state = random.getstate()
    try:
        random.seed(global_seed)
        rng = random.Random(94)
        return [student({0: 0.5, 2: 0.5, 4: -1.0, 8: 0.5}, "X", EXPLORE_EPSILON, rng)
                for _ in range(_RNG_CALLS)]
    finally:
        random.setstate(state)


def _uses_its_rng(student: Callable) -> Feedback | None:
    if _choices(student, 1) == _choices(student, 2):
        return None
    return Feedback(False, "✗ epsilon_greedy_move chose differently with the same rng: it draws "
                           "its random numbers from somewhere else, such as Python's global "
                           "random.",
                    nudge="Use the rng you are given for every random choice: rng.random() and "
                          "rng.choice(...), not random.random() or random.choice(...). With the "
                          "same seed the learner then plays the same games.")


_TIE = {1: 0.25, 5: 0.25, 7: 0.25, 3: -0.5}  # three best moves for X
_TIE_CHOICES = 300


def _ties_at_random(student: Callable) -> Feedback | None:
    rng = random.Random(95)
    chosen = {student(dict(_TIE), "X", 0, rng) for _ in range(_TIE_CHOICES)}
    best = sorted(_best(_TIE, "X"))
    if set(best) <= chosen:
        return None
    return Feedback(False, f"✗ epsilon_greedy_move, with epsilon 0 and {best} equally good for X "
                           f"in {_TIE}, chose only {sorted(chosen)} in {_TIE_CHOICES} choices.",
                    nudge="Among moves with the same best value choose at random, with "
                          "rng.choice of all of them: always the first one means the learner never "
                          "tries the others, which at the start are all the moves (every value "
                          "is 0).")


def _explores_as_often(student: Callable) -> Feedback | None:
    values, rng = {0: 0.9, 4: 0.0, 8: -0.5}, random.Random(92)
    worse = sum(student(dict(values), "X", EXPLORE_EPSILON, rng) != 0
                for _ in range(EXPLORE_GAMES)) / EXPLORE_GAMES
    expected = EXPLORE_EPSILON * 2 / 3
    if abs(worse - expected) < 0.04:
        return None
    return Feedback(False, f"✗ epsilon_greedy_move is right with epsilon 0 and 1, but with "
                           f"epsilon {EXPLORE_EPSILON} it chose a worse move {worse:.0%} of the "
                           f"time; exploring with chance {EXPLORE_EPSILON} among three moves "
                           f"gives about {expected:.0%}.",
                    nudge="Explore when rng.random() < epsilon: then a random move, any of "
                          "them, else a best one. Call rng.random() once per choice.")


# --- menace_update ------------------------------------------------------------------------------


def _menace_cases() -> Iterator[Case]:
    tricky = [(1, "loss", 1, "a loss, and this is the last bead in the box"),
              (1, "loss", 5, "a loss, with other beads left in the box"),
              (4, "win", 12, "a win"),
              (2, "draw", 6, "a draw"),
              (3, "loss", 3, "a loss, all the box's beads on this move")]
    for beads, result, total, about in tricky:
        yield Case((beads, result, total), None, michie_update(beads, result, total), about)
    rng = random.Random(93)
    for _ in range(20):
        beads = rng.randint(1, 12)
        total, result = beads + rng.randint(0, 12), rng.choice(list(MICHIE_REWARDS))
        yield Case((beads, result, total), None, michie_update(beads, result, total),
                   f"a {result}, {beads} beads on the move, {total} in the box")


def _menace_verdict(case: Case, got: object, student: Callable) -> str:
    if got == case.expected:
        return ""
    beads, result, total = case.args
    tried = f"With beads={beads}, result={result!r} and box_total={total} yours returned {got!r}"
    if all(student(5, outcome, 20) == change for outcome, change in MICHIE_REWARDS.items()):
        return (f"{tried}: yours returns the change (+3 after a win), not the beads after it. "
                "Add the change to beads.")
    if result == "loss" and total == 1 and got == beads - 1:
        return (f"{tried}: that empties the box, and MENACE would have no bead to draw there. "
                f"Keep the last bead of a box (here the box holds only this one).")
    if result == "loss" and beads == 1 < total and got == beads and student(2, "loss", 5) == 1:
        return (f"{tried}. box_total counts the beads of the whole box: only the box's very last "
                "bead stays. While other moves' beads are left in it, a move may lose its last "
                "one.")
    if got != beads and got in (total, total + MICHIE_REWARDS[result]):
        return (f"{tried}, the box's total changed; return the beads of this one move "
                f"({beads} before the game), changed by the result.")
    changes = _changes(student)
    if changes == {"win": -1, "draw": 1, "loss": 3}:
        return (f"{tried}: rewards from the other player's side. A win for MENACE adds 3 beads "
                f"and a loss takes one away.")
    unknown = _change(student, "xyz")  # a result no comparison names
    alike = [result for result in MICHIE_REWARDS
             if unknown is not None and changes[result] == unknown]
    if len(alike) > 1:
        results = " and ".join(map(repr, alike))
        return (f"{tried}. After {results} yours changes the beads by {unknown:+d}, as it does "
                "after a result spelled any other way ('xyz'): does it compare result with "
                "another spelling, such as 'won' or 'Win'? The results are spelled 'win', 'draw' "
                "and 'loss'.")
    loss = changes["loss"]
    if loss is not None and loss >= 0:
        yours = f"adds {loss}" if loss else "leaves the beads as they are"
        return (f"{tried}: a loss takes one bead away from the move played (unless it is the "
                f"box's last), so that MENACE plays it less often; after a loss yours {yours}.")
    off = [outcome for outcome, change in changes.items() if change != MICHIE_REWARDS[outcome]]
    if off and changes[off[0]] is not None:
        return (f"{tried}. After a {off[0]} yours changes the beads by {changes[off[0]]:+d}. "
                "Michie's rule: a win adds 3 beads, a draw 1, a loss takes 1 away.")
    return f"{tried}. Michie's rule: a win adds 3 beads, a draw 1, a loss takes 1 away."


def _changes(student: Callable) -> dict[str, int | None]:
    """How the student changes 5 beads in a box of 20 after each result (None: no number)."""
    return {result: _change(student, result) for result in MICHIE_REWARDS}


def _change(student: Callable, result: str) -> int | None:
    """How the student changes 5 beads in a box of 20 after ``result`` (None: no number)."""
    got = student(5, result, 20)
    return got - 5 if isinstance(got, int) and not isinstance(got, bool) else None


EXERCISES = (
    Exercise(
        menace_update, lesson=9,
        task="menace_update(beads, result, box_total) returns the beads of a move MENACE played "
             "after a game with result 'win', 'draw' or 'loss' for MENACE: 3 more, 1 more, 1 "
             "fewer; but a loss never takes the last bead of a box (box_total is how many beads "
             "the whole box holds).",
        hint_text="Look up the change for the result. Only one case is special: a loss when "
                  "the box holds a single bead.",
        cases=_menace_cases, returns=WHOLE_NUMBER, verdict=_menace_verdict,
        summary="wins, draws, losses, and the last bead of a box kept"),
    Exercise(
        td_update, lesson=9,
        task="td_update(value, next_value, alpha) returns value moved a step alpha of the way "
             "towards next_value: value + alpha × (next_value − value).",
        hint_text="The difference next_value − value says how far off the old value was; move "
                  "value by alpha times that difference.",
        cases=_td_cases, returns=NUMBER, verdict=_td_verdict,
        summary="values that rise, fall and stay"),
    Exercise(
        epsilon_greedy_move, lesson=9,
        task="epsilon_greedy_move(values, to_move, epsilon, rng) returns, with chance epsilon "
             "(rng.random() < epsilon), a random move of values, any of them; otherwise a move "
             "with the best value for to_move: values are from X's point of view, so the highest "
             "for X and the lowest for O (at random among equals, with rng.choice).",
        hint_text="One random number per choice decides whether to explore. If not, find the best "
                  "value for the player to move (O wants X to do badly) and choose among the "
                  "moves that have it.",
        cases=_greedy_cases, returns=CELL, verdict=_greedy_verdict,
        extra_check=_exploration_check,
        summary=f"greedy for X and for O, always exploring with epsilon 1, and exploring about "
                f"{EXPLORE_EPSILON:.0%} of the time with epsilon {EXPLORE_EPSILON}"),
)
