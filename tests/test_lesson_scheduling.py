"""The work-stealing scheduler of ``make test`` cuts a worker's queue only between files: a lesson's
cells and a test module's tests stay on one worker."""

from lesson_scheduling import file_of, whole_files

COLLECTION = ["tests/games/test_board.py::test_a", "tests/games/test_board.py::test_b",
              "notebooks/01_the_board.ipynb::Cell 0", "notebooks/01_the_board.ipynb::Cell 1",
              "notebooks/01_the_board.ipynb::Cell 2", "notebooks/02_the_game_tree.ipynb::Cell 0",
              "tests/search/test_minimax.py::test_c", "tests/search/test_minimax.py::test_d[True]",
              "tests/search/test_minimax.py::test_d[False]"]


def test_an_item_belongs_to_its_file():
    assert file_of(COLLECTION[3]) == "notebooks/01_the_board.ipynb"
    assert file_of(COLLECTION[0]) == "tests/games/test_board.py"
    assert file_of(COLLECTION[7]) == "tests/search/test_minimax.py"


def test_a_cut_inside_a_lesson_moves_to_its_end():
    queue = list(range(len(COLLECTION)))
    assert whole_files(COLLECTION, queue, 3) == 5  # after lesson 1's last cell
    assert whole_files(COLLECTION, queue, 4) == 5


def test_a_cut_inside_a_test_module_moves_to_its_end():
    queue = list(range(len(COLLECTION)))
    assert whole_files(COLLECTION, queue, 1) == 2  # after test_board.py's last test
    assert whole_files(COLLECTION, queue, 7) == 9  # test_search.py is last: nothing to take
    assert whole_files(COLLECTION, queue, 8) == 9


def test_a_cut_between_files_stays():
    queue = list(range(len(COLLECTION)))
    assert [whole_files(COLLECTION, queue, cut) for cut in (0, 2, 5, 6, 9)] == [0, 2, 5, 6, 9]


def test_a_queue_of_one_lesson_cannot_be_cut():
    queue = [2, 3, 4]  # lesson 1's cells only
    assert whole_files(COLLECTION, queue, 1) == 3  # the cut falls at the end: nothing to take


def test_a_queue_is_cut_where_its_own_neighbours_differ():
    queue = [1, 6, 7]  # a worker's queue after stealing: test_board's last, then test_search's
    assert whole_files(COLLECTION, queue, 1) == 1
    assert whole_files(COLLECTION, queue, 2) == 3
