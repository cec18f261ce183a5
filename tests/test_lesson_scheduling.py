"""The work-stealing scheduler of ``make test`` cuts a worker's queue only between lessons."""

from lesson_scheduling import notebook_of, whole_lessons

COLLECTION = ["tests/test_board.py::test_a", "tests/test_board.py::test_b",
              "notebooks/01_the_board.ipynb::Cell 0", "notebooks/01_the_board.ipynb::Cell 1",
              "notebooks/01_the_board.ipynb::Cell 2", "notebooks/02_the_game_tree.ipynb::Cell 0",
              "tests/test_search.py::test_c"]


def test_a_cell_belongs_to_its_notebook_and_a_test_to_none():
    assert notebook_of(COLLECTION[3]) == "notebooks/01_the_board.ipynb"
    assert notebook_of(COLLECTION[0]) is None


def test_a_cut_inside_a_lesson_moves_to_its_end():
    queue = list(range(len(COLLECTION)))
    assert whole_lessons(COLLECTION, queue, 3) == 5  # after lesson 1's last cell
    assert whole_lessons(COLLECTION, queue, 4) == 5


def test_a_cut_between_tests_or_lessons_stays():
    queue = list(range(len(COLLECTION)))
    assert [whole_lessons(COLLECTION, queue, cut) for cut in (0, 1, 2, 5, 6, 7)] == [
        0, 1, 2, 5, 6, 7]


def test_a_queue_of_one_lesson_cannot_be_cut():
    queue = [2, 3, 4]  # lesson 1's cells only
    assert whole_lessons(COLLECTION, queue, 1) == 3  # the cut falls at the end: nothing to take
