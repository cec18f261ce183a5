"""Tests of ttt.pictures.charts: the matplotlib charts of the lessons, read back from their axes."""

import subprocess
import sys
from collections import Counter
from itertools import combinations

import matplotlib
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from ttt.pictures.charts import (
    plot_convergence,
    plot_learning_curves,
    plot_method_comparison,
    plot_nodes_by_depth,
    plot_nodes_per_move,
    plot_outcomes,
    plot_round_robin,
    plot_search_costs,
    plot_tournament,
)

matplotlib.use("Agg")


def test_only_charts_import_matplotlib():
    # Lessons without charts, and the browser-only build, must not need matplotlib.
    code = ("import sys, ttt, ttt.pictures.display, ttt.course.stepper, ttt.course.widgets, ttt.course.exercises, ttt.course.cli; "
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_charts_load_matplotlib_only_to_draw():
    # A lesson imports ttt.pictures.charts in its first cell; where matplotlib cannot be had (the browser
    # version without Pyodide's CDN) that cell must still run, and a chart says why it is missing.
    code = ("import sys; from ttt.pictures.charts import plot_outcomes; "
            "print('matplotlib' in sys.modules); sys.modules['matplotlib'] = None; "
            "print(plot_outcomes({'X': 1}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == [
        "False", "No chart here: matplotlib is not installed (pip install matplotlib).", "None"]


@pytest.fixture
def close_figures():
    yield
    matplotlib.pyplot.close("all")


def bar_texts(ax):
    return [text.get_text() for text in ax.texts]


def test_nodes_by_depth(close_figures):
    counts = [1, 9, 72, 504, 3024, 15120]
    ax = plot_nodes_by_depth(counts).axes[0]
    assert [bar.get_height() for bar in ax.patches] == counts
    assert bar_texts(ax) == ["1", "9", "72", "504", "3,024", "15,120"]
    assert ax.get_yscale() == "linear" and ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    assert plot_nodes_by_depth(counts, log=True).axes[0].get_yscale() == "log"


def test_nodes_per_move_one_series_or_several(close_figures):
    ax = plot_nodes_per_move([(1, 549946), (2, 59704), (3, 7331)]).axes[0]
    assert len(ax.patches) == 3 and ax.get_yscale() == "log"
    assert ax.get_legend() is None
    assert "549,946" in bar_texts(ax)
    both = plot_nodes_per_move({"minimax": {1: 549946, 2: 59704},
                                "alpha-beta": {1: 20866, 2: 2000}}).axes[0]
    assert len(both.patches) == 4
    assert [t.get_text() for t in both.get_legend().get_texts()] == ["minimax", "alpha-beta"]
    assert [t.get_text() for t in both.get_xticklabels()] == ["1", "2"]
    assert {t.get_rotation() for t in both.texts} == {0}


def test_nodes_per_move_of_a_long_game_overlaps_nothing(close_figures):
    # Lesson 7's chart: 16 moves, 3 searches. Its 48 numbers cannot sit on their bars without
    # overlapping, so none are drawn; no text may cover another text, and the legend no bar.
    game = {name: {move: 2 ** (27 - move) // scale for move in range(1, 17)}
            for name, scale in (("minimax (the tree)", 1), ("ordered alpha-beta", 50),
                                ("solve", 200))}
    fig = plot_nodes_per_move(game)
    ax = fig.axes[0]
    canvas = FigureCanvasAgg(fig)     # the chart laid out as a notebook draws it
    canvas.draw()
    renderer = canvas.get_renderer()
    assert not ax.texts                                 # no numbers on the bars
    texts = [t for t in (*ax.get_xticklabels(), *ax.get_yticklabels(), ax.title, ax.xaxis.label,
                         ax.yaxis.label, *ax.get_legend().get_texts()) if t.get_text()]
    assert len(texts) > 16
    assert not [(a.get_text(), b.get_text()) for a, b in combinations(texts, 2)
                if a.get_window_extent(renderer).overlaps(b.get_window_extent(renderer))]
    legend = ax.get_legend().get_window_extent(renderer)
    assert not [bar for bar in ax.patches if bar.get_window_extent(renderer).overlaps(legend)]


def test_outcomes(close_figures):
    ax = plot_outcomes(Counter(X=131_184, O=77_904, draw=46_080)).axes[0]
    assert [bar.get_height() for bar in ax.patches] == [131_184, 46_080, 77_904]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["X wins", "draws", "O wins"]
    assert bar_texts(ax)[0] == "131,184 (51%)"
    with pytest.raises(ValueError, match="'X', 'draw' and 'O'"):
        plot_outcomes({"X": 1, "tie": 2})


def test_tournament_stacks_percentages(close_figures):
    results = {"random vs random": Counter(X=58, O=29, draw=13),
               "perfect vs perfect": Counter(X=0, O=0, draw=10)}
    ax = plot_tournament(results).axes[0]
    assert len(ax.patches) == 3 * len(results)
    ends = {round(bar.get_x() + bar.get_width(), 6) for bar in ax.patches if bar.get_width()}
    assert 100 in ends
    assert {"58%", "13%", "29%", "100%"} <= set(bar_texts(ax))
    assert [t.get_text() for t in ax.get_yticklabels()] == list(results)


def test_method_comparison(close_figures):
    methods = {"minimax": 549_946, "alpha-beta": 7_865, "symmetry": 765}
    ax = plot_method_comparison(methods).axes[0]
    assert ax.get_xscale() == "log"
    assert [bar.get_width() for bar in ax.patches] == list(methods.values())
    assert bar_texts(ax) == ["549,946", "7,865", "765"]


def test_round_robin_is_a_grid_of_stacked_bars(close_figures):
    names = ["random", "perfect"]
    results = {"random vs random": Counter(X=58, O=29, draw=13),
               "random vs perfect": Counter(O=84, draw=16),
               "perfect vs random": Counter(X=100),
               "perfect vs perfect": Counter(draw=10)}
    fig = plot_round_robin(results, names)
    ax = fig.axes[0]
    assert fig.get_size_inches()[1] < 8  # one screen, however many pairings
    assert [t.get_text() for t in ax.get_xticklabels()] == names  # O players across the top
    assert [t.get_text() for t in ax.get_yticklabels()] == names  # X players down the side
    bars = {(round(bar.get_y() + bar.get_height() / 2), bar.get_facecolor()[:3]): bar.get_width()
            for bar in ax.patches if bar.get_width()}
    blue = matplotlib.colors.to_rgb("#0072B2")
    assert bars[(1, blue)] == pytest.approx(0.92)  # perfect as X beats random in every game
    assert {"58", "29", "84", "100"} <= set(bar_texts(ax))
    with pytest.raises(ValueError, match="results has no games for perfect vs perfect"):
        plot_round_robin({k: v for k, v in results.items() if k != "perfect vs perfect"}, names)


def test_search_costs_are_lines_on_a_log_scale_with_gaps_and_hollow_estimates(close_figures):
    costs = {"minimax": {"3×3": 549_946, "4×4": 2e12},
             "alpha-beta": {"3×3": 16_811, "4×3": 44_624, "4×4": 245_560},
             "solve": {"4×3": 140}}
    ax = plot_search_costs(costs, estimated={("minimax", "4×4")}).axes[0]
    assert ax.get_yscale() == "log"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["3×3", "4×4", "4×3"]
    lines = [line for line in ax.get_lines() if len(line.get_xdata()) > 1]
    assert [list(line.get_xdata()) for line in lines] == [[0, 1], [0, 2, 1]]
    hollow = [line for line in ax.get_lines() if line.get_markerfacecolor() == "white"]
    assert [(list(h.get_xdata()), list(h.get_ydata())) for h in hollow] == [([1], [2e12]),
                                                                          ([], [])]
    assert "estimate" in [t.get_text() for t in ax.get_legend().get_texts()][-1]
    ax.figure.canvas.draw()
    ticks = [t.get_text() for t in ax.get_yticklabels()]
    # an axis that reaches past a billion speaks one notation, powers of ten, at every tick
    assert {"10²", "10⁴", "10⁶", "10⁸", "10¹⁰", "10¹²"} <= set(ticks), ticks
    assert all(tick.startswith("10") for tick in ticks if tick), ticks


def test_a_log_axis_below_a_billion_counts_in_thousands_and_millions(close_figures):
    ax = plot_search_costs({"alpha-beta": {"3×3": 16_811, "4×3": 44_624, "4×4": 245_560},
                            "solve": {"4×3": 140}}).axes[0]
    ax.figure.canvas.draw()
    ticks = [t.get_text() for t in ax.get_yticklabels()]
    assert {"100", "1k", "10k", "100k"} <= set(ticks), ticks
    assert not any(tick.startswith("10") and not tick[2:].isascii() for tick in ticks), ticks


def test_convergence_draws_a_line_per_position_in_percent(close_figures):
    fig = plot_convergence({"a": {10: 0.25, 100: 0.5, 1000: 1.0}, "b": {10: 0.0, 1000: 0.75}})
    ax = fig.axes[0]
    assert [line.get_label() for line in ax.lines] == ["a", "b"]
    assert list(ax.lines[0].get_xdata()) == [10, 100, 1000]
    assert list(ax.lines[1].get_ydata()) == [0, 75]
    assert ax.get_xscale() == "log"


def test_convergence_refuses_shares_outside_0_to_1(close_figures):
    with pytest.raises(ValueError, match="each number in shares is a share, from 0 to 1, got 25"):
        plot_convergence({"a": {10: 25}})


def test_learning_curves_draw_a_line_per_learner_against_the_games_played(close_figures):
    fig = plot_learning_curves({"seed 1": {100: 0.5, 200: 0.75}, "seed 2": {100: 0.25}},
                               ylabel="share of optimal moves")
    ax = fig.axes[0]
    assert [line.get_label() for line in ax.lines] == ["seed 1", "seed 2"]
    assert list(ax.lines[0].get_xdata()) == [100, 200]
    assert list(ax.lines[0].get_ydata()) == [0.5, 0.75]
    assert ax.get_ylabel() == "share of optimal moves" and ax.get_xlabel() == "games played"


def test_every_chart_says_in_its_alt_text_what_it_shows(close_figures):
    # The words a screen reader reads instead of the picture: the title and the numbers drawn.
    results = {"a vs b": Counter(X=3, O=1), "b vs a": Counter(draw=4),
               "a vs a": Counter(draw=2), "b vs b": Counter(X=1, draw=1)}
    alts = [
        plot_outcomes(Counter(X=131_184, O=77_904, draw=46_080), title="All games").alt,
        plot_nodes_by_depth([1, 9, 72, 50], log=True, title="Depths").alt,
        plot_nodes_per_move({"minimax": [(1, 549_946), (2, 59_705)],
                             "alpha-beta": [(1, 7_865), (2, 1_607)]}, title="Moves").alt,
        plot_method_comparison({"plain minimax": 549_946, "table": 765}, title="Methods").alt,
        plot_tournament({"a vs b": results["a vs b"]}, title="Pairs").alt,
        plot_round_robin(results, ["a", "b"], title="Grid").alt,
        plot_search_costs({"minimax": {"3×3": 549_946, "4×4": 3.7e13},
                           "solve": {"3×3": 213, "4×4": 22_467}},
                          estimated={("minimax", "4×4")}, title="Costs").alt,
        plot_convergence({"corner": {10: 0.17, 1000: 1.0}}, title="Playouts").alt,
        plot_learning_curves({"seed 1": {250: 0.894, 4000: 0.9881}}, ylabel="share",
                             title="Learning").alt,
    ]
    assert alts == [
        "All games: X wins 131,184 (51%), draws 46,080 (18%), O wins 77,904 (31%).",
        "Depths: bars of the nodes at each depth from 0 to 3 on a log scale: 1, 9, 72 and 50; "
        "the most at depth 2.",
        "Moves: bars of the nodes searched for each move, on a log scale; minimax: from 549,946 "
        "at move 1 to 59,705 at move 2; alpha-beta: from 7,865 at move 1 to 1,607 at move 2.",
        "Methods: bars on a log scale, plain minimax 549,946, table 765.",
        "Pairs: the share of X wins, draws and O wins for each pairing: a vs b: X 75%, draws 0%, "
        "O 25%.",
        "Grid: a grid of 4 pairings of a, b, X players down the side and O players across the "
        "top, each square the shares of X wins, draws and O wins of its games; 2 of the squares "
        "are draws only.",
        "Costs: one line per method (minimax, solve) across the boards 3×3, 4×4, on a log scale, "
        "from 213 nodes (solve on 3×3) to 3.7e+13 (minimax on 4×4, an estimate).",
        "Playouts: one line per position, the share of searches choosing a best move against the "
        "playouts; corner: 17% at 10, 100% at 1,000.",
        "Learning: one line per learner, share against games played; seed 1: from 0.894 at 250 "
        "games played to 0.9881 at 4,000 games played.",
    ]


def test_a_notebook_shows_a_chart_as_a_picture_with_its_alt_text_and_as_a_png(close_figures):
    from IPython.core.formatters import DisplayFormatter
    from IPython.core.pylabtools import print_figure
    from matplotlib.figure import Figure

    fig = plot_outcomes({"X": 2, "draw": 1}, title='"Quoted" <title>')
    formatter = DisplayFormatter()
    # what the kernel's inline backend registers for every Figure
    formatter.formatters["image/png"].for_type(Figure, lambda figure: print_figure(figure, "png"))
    bundle, _ = formatter.format(fig)
    assert bundle["text/html"].startswith(
        '<img alt="&quot;Quoted&quot; &lt;title&gt;: X wins 2 (67%), draws 1 (33%), O wins 0 (0%)."'
        ' src="data:image/png;base64,iVBORw0KGgo')             # a PNG's first bytes, in base64
    assert bundle["image/png"].startswith(b"\x89PNG")         # for front ends that show no HTML
