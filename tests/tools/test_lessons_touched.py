"""``make check`` runs the lessons a change can affect (scripts/lessons_touched.py): each lesson
that uses a changed module of ttt, however indirectly, and each changed lesson; no other."""

from lessons_touched import LESSONS, lessons_touched


def numbers(changed: list[str]) -> list[str]:
    """The two-digit numbers of the lessons touched by ``changed``."""
    return [path.name[:2] for path in lessons_touched(changed)]


def test_the_board_widget_touches_the_lesson_that_plays_on_it():
    assert numbers(["ttt/course/widgets.py"]) == ["11"]


def test_an_exercise_module_touches_the_lessons_whose_checks_use_it():
    touched = numbers(["ttt/course/exercises/lesson3.py"])
    assert "03" in touched and "01" not in touched and "11" not in touched


def test_the_charts_touch_the_lessons_that_draw_them_not_lesson_one():
    touched = numbers(["ttt/pictures/charts.py"])
    assert "04" in touched and "02" in touched and "01" not in touched and "11" not in touched


def test_the_learned_players_count_where_make_player_is_used():
    # make_player is ttt.catalogue's, which imports ttt.learning.zero for 'zero-N'
    touched = numbers(["ttt/learning/zero.py"])
    assert {"06", "10", "11"} <= set(touched) and "02" not in touched


def test_a_changed_lesson_is_touched_and_the_contest_touches_none():
    assert numbers(["notebooks/05_making_search_fast.ipynb"]) == ["05"]
    assert numbers(["ttt/contest/sandbox.py", "README.md"]) == []


def test_a_changed_data_file_or_package_init_touches_every_lesson():
    assert lessons_touched(["ttt/data/zero.json"]) == LESSONS
    assert lessons_touched(["ttt/__init__.py"]) == LESSONS
