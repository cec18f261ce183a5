"""The step-through widget, driven from Python: the state after step k, buttons, the picture."""

import math
import re

import pytest

from ttt.games.board import Board
from ttt.pictures.display import CURRENT_COLOUR
from ttt.search.minimax import alphabeta, minimax
from ttt.course.stepper import MAX_FREE, MAX_HEIGHT, replay, step_through
from ttt.search.trace import BACK_UP, CUT, describe
from ttt.search.tree import build_tree, count_nodes

# X O X
# . O .
# . . X      O to move, 4 free cells
MIDGAME = Board.from_string("XOX|.O.|..X")


def test_first_step_enters_the_root_and_knows_nothing():
    widget = step_through(MIDGAME)
    state = widget.state
    assert widget.slider.value == 1 and widget.step == 0  # the slider numbers steps from 1
    assert state.current == () and state.known == {} and state.pruned == set()
    assert state.sentence == "Look at the root: O to move."
    assert "Step 1 of" in widget.sentence.value


def test_last_minimax_step_knows_every_value_and_the_root_value():
    widget = step_through(MIDGAME)
    widget.go(len(widget.steps) - 1)
    state = widget.state
    assert len(state.known) == count_nodes(build_tree(MIDGAME))
    assert state.known[()] == minimax(MIDGAME).score  # the default: quick wins preferred


def test_values_become_known_one_step_at_a_time():
    steps = step_through(MIDGAME).steps
    sizes = [len(replay(steps, k).known) for k in range(len(steps))]
    assert sizes[0] == 0
    assert all(later - earlier in (0, 1) for earlier, later in zip(sizes, sizes[1:], strict=False))


def test_buttons_move_one_step_and_stop_at_the_ends():
    widget = step_through(MIDGAME)
    widget.prev_button.click()
    assert widget.step == 0
    widget.next_button.click()
    widget.next_button.click()
    assert widget.step == 2
    widget.go(10_000)
    widget.next_button.click()
    assert widget.step == len(widget.steps) - 1


def test_the_slider_shows_the_step_number_of_the_sentence():
    widget = step_through(MIDGAME)
    n = len(widget.steps)
    assert (widget.slider.min, widget.slider.max) == (1, n)
    widget.slider.value = n  # dragged to the end
    assert f"<b>Step {n} of {n}.</b>" in widget.sentence.value
    assert widget.state.known[()] == minimax(MIDGAME).score
    widget.go(4)
    assert widget.slider.value == 5 and "<b>Step 5 of" in widget.sentence.value


def test_play_steps_on_and_pause_stops_where_it_is():
    widget = step_through(MIDGAME)
    widget.go(3)
    widget.play.value = True
    assert widget.play.description == "❚❚ pause"
    widget.tick()  # what the kernel's clock calls while playing
    widget.tick()
    assert widget.step == 5
    widget.play.value = False  # pause: it stays at step 6 (from 1), not back to the first
    assert widget.step == 5 and widget.play.description == "▶ play"
    widget.tick()  # a step the clock had planned before the pause does nothing
    assert widget.step == 5


def test_play_stops_at_the_last_step_and_starts_again_from_the_first():
    widget = step_through(MIDGAME)
    widget.go(len(widget.steps) - 2)
    widget.play.value = True
    widget.tick()
    assert widget.step == len(widget.steps) - 1 and not widget.play.value
    widget.play.value = True  # play at the end replays from the start
    assert widget.step == 0


#   X X O
#   . O .
#   X . .      O to move: lesson 5's alpha-beta step-through, drawn up to 564 pt high
LESSON_5 = Board.from_string("XXO|.O.|X..")


def test_a_tall_tree_shows_the_band_around_the_current_position():
    widget = step_through(LESSON_5, pruning=True, ordered=False, prefer_quick=False)
    tallest = 0
    for k in range(len(widget.steps)):
        widget.go(k)
        svg = widget.picture.value
        height = float(re.search(r'<svg width="[\d.]+pt" height="([\d.]+)pt"', svg)[1])
        full = float(re.search(r'height="([\d.]+)pt"',
                               widget.draw(k).pipe(format="svg", encoding="utf-8"))[1])
        tallest = max(tallest, full)
        assert height == min(full, MAX_HEIGHT)
        top, band = map(float, re.search(r'viewBox="[-\d.]+ ([-\d.]+) [\d.]+ ([\d.]+)"',
                                         svg).groups())
        shift = float(re.search(r"translate\([-\d.]+ ([-\d.]+)\)", svg)[1])
        halo = re.search(rf'<polygon fill="{CURRENT_COLOUR}"[^>]* points="([^"]*)"', svg,
                         re.IGNORECASE)
        ys = [shift + float(point.split(",")[1]) for point in halo[1].split()]
        assert top <= min(ys) and max(ys) <= top + band, k  # the current position is in view
        assert ("Part of the tree" in svg) == (full > MAX_HEIGHT)
    assert tallest > MAX_HEIGHT  # the test saw a tree that needed cropping


def test_the_picture_marks_the_current_position_and_changes_with_the_step():
    widget = step_through(MIDGAME)
    first = widget.picture.value
    widget.go(5)
    assert first.startswith("<?xml") or "<svg" in first
    assert widget.picture.value != first
    assert CURRENT_COLOUR.lower() in widget.picture.value.lower()


def test_alphabeta_replay_prunes_and_shows_the_window_on_the_current_path():
    # X . .
    # . O .
    # O . X      X to move, 5 free cells: X must block at 2
    board = Board.from_string("X..|.O.|O.X")
    widget = step_through(board, pruning=True, ordered=True)
    widget.go(len(widget.steps) - 1)
    last = widget.state
    assert last.known[()] == alphabeta(board).score
    assert last.pruned and not last.pruned & set(last.known)
    k = next(i for i, step in enumerate(widget.steps) if step.kind == CUT)
    state = replay(widget.steps, k)
    alpha, beta = state.windows[state.current]
    assert alpha >= beta
    assert set(state.windows) == {state.current[:i] for i in range(len(state.current) + 1)}
    assert "skipped" in state.sentence


def test_the_root_window_is_unbounded_until_a_child_is_known():
    widget = step_through(MIDGAME, pruning=True)
    assert widget.state.windows == {(): (-math.inf, math.inf)}


def test_backup_sentence_names_the_choice():
    plain = step_through(MIDGAME, prefer_quick=False).steps[-1]
    assert plain.kind == BACK_UP
    # O to move takes the smallest of the values of its four moves: 5 and 7 win for O
    assert describe(plain) == "O to move at the root: takes the smallest of +1, −1, +1, −1 → −1."
    # Preferring quick wins, a win scores 1 + the free cells left: O wins at once with 7 (−4)
    quick = step_through(MIDGAME).steps[-1]
    assert describe(quick) == "O to move at the root: takes the smallest of +3, −2, +3, −4 → −4."


def test_the_widget_says_which_search_it_replays_and_what_it_costs():
    # the same call, with the same options, reports the same number of positions
    widget = step_through(MIDGAME, pruning=True, ordered=False, prefer_quick=False)
    result = alphabeta(MIDGAME, ordered=False, prefer_quick=False)
    assert "alphabeta(board, ordered=False, prefer_quick=False)" in widget.options.value
    assert f"{result.nodes:,} nodes visited" in widget.options.value
    default = step_through(MIDGAME)
    assert "minimax(board, prefer_quick=True)" in default.options.value
    assert f"{minimax(MIDGAME).nodes:,} nodes visited" in default.options.value


def test_a_big_position_is_refused_with_a_smaller_one_to_try():
    with pytest.raises(ValueError, match="too big") as error:
        step_through(Board())
    suggestion = str(error.value).split("Board.from_string('")[1].split("'")[0]
    assert 9 - Board.from_string(suggestion).moves_made <= MAX_FREE


def test_a_single_skipped_move_reads_in_the_singular():
    board = Board.from_string("XXO|.O.|X..")
    prunes = [step for step in step_through(board, pruning=True).steps if step.kind == CUT]
    one = next(step for step in prunes if len(step.pruned) == 1)
    assert f"so move {one.pruned[0]} is skipped." in describe(one)


def test_the_live_region_reads_out_each_steps_sentence():
    widget = step_through(MIDGAME)
    n = len(widget.steps)
    assert widget.live.text == f"Step 1 of {n}. Look at the root: O to move."
    widget.next_button.click()
    assert widget.live.text == f"Step 2 of {n}. {widget.state.sentence}"
    assert re.sub("<[^>]+>", "", widget.sentence.value) == widget.live.text


def test_the_slider_is_named_and_clips_to_its_ends():
    widget = step_through(MIDGAME)
    assert widget.slider.description == "step"
    widget.slider.value = 0
    assert widget.slider.value == 1
    widget.slider.value = 10_000
    assert widget.slider.value == len(widget.steps) and widget.step == len(widget.steps) - 1
