"""The "Your turn" exercises of the lessons, with instant feedback.

Each exercise is an ``Exercise`` named after the function the student writes::

    from ttt import exercises
    exercises.winner.check(winner)     # ✓, or the first position where it goes wrong
    exercises.winner.hint()
    exercises.winner.solution()

``check`` runs the student's function on many positions, the tricky ones first, and compares it
with the right answers. On the first mistake it shows the position (as a picture in a notebook,
as a grid in a terminal), what was expected, what came back, and a nudge about that mistake. A
stub that returns None or raises NotImplementedError gets "Not yet"; anything else the function
does, an exception included, is shown, never raised.

How a check works is in ``checking`` (and the positions it tries in ``positions``); the exercises
themselves, with their model answers, cases and nudges, are in one module per lesson. A new
exercise goes into its lesson's module; a new lesson's module goes into ``LESSONS`` below.

Tasks whose answer is a value rather than a function have a check of their own in their lesson's
module, which also names each mistake: ``lesson3.check_prediction`` (a prediction, which a wrong
guess never gives away), ``lesson5.check_ordering`` and ``lesson5.check_symmetry_sets``. They are
not exercises here: not in ``EXERCISES``, nor graded.
"""

from ttt.course.exercises import (
    lesson1,
    lesson2,
    lesson3,
    lesson4,
    lesson5,
    lesson6,
    lesson7,
    lesson8,
    lesson9,
    lesson10,
)
from ttt.course.exercises.checking import Exercise, Feedback

LESSONS = (lesson1, lesson2, lesson3, lesson4, lesson5, lesson6, lesson7, lesson8, lesson9,
           lesson10)

#: Every exercise, by the name of the function the student writes.
EXERCISES: dict[str, Exercise] = {
    exercise.name: exercise for lesson in LESSONS for exercise in lesson.EXERCISES}

globals().update(EXERCISES)  # each exercise by its name: exercises.winner

__all__ = ["EXERCISES", "LESSONS", "Exercise", "Feedback", *EXERCISES]
