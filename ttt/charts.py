"""Charts for the lessons (matplotlib): nodes per depth and per move, game results, tournaments,
search methods compared, how often a sampling search chooses well, and how a learner improves.

Each function returns a matplotlib ``Figure``, already closed so that a notebook shows it once: as
the value of a cell, or with ``display(fig)``. A notebook shows it as a PNG with a text
alternative: an HTML ``<img>`` whose ``alt`` (the figure's ``alt`` attribute) says in one sentence
what the chart shows, for screen readers (JupyterLab, Voilà, JupyterLite and the website render
it; other front ends show the PNG beside it). They use the Okabe-Ito colours, which colour-blind
readers can tell apart. This module is the only one that imports matplotlib, and only when a
chart is drawn: a lesson imports it in its first cell and still runs where matplotlib cannot be
had. The browser version has no matplotlib: there a chart function returns the picture that the
build drew for the same call on the desktop (``ttt.pictures.browser``), the same PNG with the same text
alternative; a call the build did not draw prints one line saying so and returns None, and the
rest of the lesson runs.
"""

from __future__ import annotations

import base64
import functools
import html
import math
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, ParamSpec

from ttt.core.arguments import checked, numbers_within
from ttt.pictures.browser import CHART_KEY, chart_key, drawn_chart, in_browser
from ttt.games.svg import LINE_COLOUR, O_COLOUR, X_COLOUR

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["plot_convergence", "plot_learning_curves", "plot_method_comparison",
           "plot_nodes_by_depth", "plot_nodes_per_move", "plot_outcomes", "plot_round_robin",
           "plot_search_costs", "plot_tournament"]

#: The rules of the data a chart draws: counts (of nodes, of games) are never negative, shares
#: are fractions, and whatever a learning curve measures is a finite number.
_COUNTS = numbers_within(0, math.inf, "a count, 0 or more")
_NONEMPTY_COUNTS = numbers_within(0, math.inf, "a count, 0 or more", empty=False)
_SHARES = numbers_within(0, 1, "a share, from 0 to 1")
_MEASURES = numbers_within(-math.inf, math.inf, "a finite number")

#: Okabe-Ito colours for the series of a chart, X's blue and O's vermillion first.
_SERIES_COLOURS = (X_COLOUR, O_COLOUR, LINE_COLOUR, "#E69F00", "#CC79A7", "#56B4E9", "#000000")
_DRAW_COLOUR = "#999999"
_OUTCOMES = (("X", "X wins", X_COLOUR), ("draw", "draws", _DRAW_COLOUR), ("O", "O wins", O_COLOUR))

_CROWDED_BARS = 20  # more bars than this in one chart: too many to label, so none are

Rows = Mapping[object, float] | Sequence[tuple[object, float]]
_Args = ParamSpec("Args")


def _drawn(plot: Callable[_Args, Figure]) -> Callable[_Args, Figure | _DrawnChart | None]:
    """``plot``, which draws where matplotlib can be imported. Elsewhere it returns the picture
    the browser version's build drew for the same call, or, if there is none, prints why there is
    no chart and returns None, so that a lesson's other cells still run."""

    @functools.wraps(plot)
    def draw(*args: _Args.args, **kwargs: _Args.kwargs) -> Figure | _DrawnChart | None:
        key = chart_key(plot.__name__, args, kwargs)
        try:
            import matplotlib  # noqa: F401  (loaded here, not when the module is imported)
        except ImportError:
            if not in_browser():
                print(NO_MATPLOTLIB)
                return None
            outputs = drawn_chart(key)
            if outputs is None:
                print(NOT_DRAWN_FOR_THE_BROWSER.format(function=plot.__name__))
                return None
            return _DrawnChart(outputs)
        fig = plot(*args, **kwargs)
        fig.key = key  # saved with the notebook's output: the browser version's build reads it
        return fig

    return draw


class _DrawnChart:
    """A chart as the desktop drew it, shown in the browser version: a notebook shows exactly
    the outputs the desktop's figure gave (PNG, and HTML with the text alternative)."""

    def __init__(self, outputs: Mapping[str, str]) -> None:
        self.outputs = dict(outputs)

    @property
    def alt(self) -> str:
        """The chart's text alternative, as the desktop's figure has it."""
        found = re.search(r'alt="([^"]*)"', self.outputs.get("text/html", ""))
        return html.unescape(found.group(1)) if found else ""

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict:
        return self.outputs

    def __repr__(self) -> str:
        return self.outputs.get("text/plain", "<chart>")


#: why a chart is not drawn, in one line: in the browser version, and on a desktop Python
NOT_DRAWN_FOR_THE_BROWSER = (
    "No chart here: the browser version has no matplotlib, and shows only the charts the lessons "
    "draw, drawn when the site was built; this call of {function} is not one of them.")
NO_MATPLOTLIB = "No chart here: matplotlib is not installed (pip install matplotlib)."


@_drawn
@checked(counts=_COUNTS)
def plot_nodes_by_depth(counts: Sequence[int], *, log: bool = False,
                        title: str = "Nodes of the game tree at each depth") -> Figure:
    """Bars of how many nodes the tree has at each depth (``counts[d]`` at depth d)."""
    fig, ax = _new_chart()
    bars = ax.bar(range(len(counts)), counts, color=X_COLOUR)
    ax.bar_label(bars, labels=[f"{n:,}" for n in counts], fontsize=8, padding=2)
    ax.set_xticks(range(len(counts)))
    ax.set(xlabel="depth (moves played)", ylabel="nodes" + (" (log scale)" if log else ""),
           title=title)
    _count_axis(ax, "y", log)
    widest = max(range(len(counts)), key=lambda depth: counts[depth]) if counts else 0
    return _described(fig, f"{title}: bars of the nodes at each depth from 0 to "
                           f"{len(counts) - 1}{' on a log scale' if log else ''}: "
                           f"{_count_list(counts)}; the most at depth {widest}.")


@_drawn
@checked(rows=_COUNTS)
def plot_nodes_per_move(rows: Rows | Mapping[str, Rows], *,
                        title: str = "Nodes searched to choose each move") -> Figure:
    """Bars of the nodes searched for each move of a game, on a log scale.

    ``rows`` is a list of (move, nodes) pairs or a dict move -> nodes; or, to compare searches,
    a dict naming several such series, e.g. {'minimax': [...], 'alpha-beta': [...]}.
    Each bar shows its number, unless there are more than ``_CROWDED_BARS`` bars: their numbers
    would overlap each other (print them beside the chart instead).
    """
    series = _as_series(rows)
    moves = list(dict.fromkeys(move for row in series.values() for move in row))
    width = 0.8 / len(series)
    labelled = len(moves) * len(series) <= _CROWDED_BARS
    fig, ax = _new_chart()
    for i, (name, row) in enumerate(series.items()):
        at = [moves.index(move) + (i - (len(series) - 1) / 2) * width for move in row]
        bars = ax.bar(at, list(row.values()), width, label=name,
                      color=_SERIES_COLOURS[i % len(_SERIES_COLOURS)])
        if labelled:
            ax.bar_label(bars, labels=[f"{n:,}" for n in row.values()], fontsize=7, padding=1)
    ax.set_xticks(range(len(moves)), [str(move) for move in moves])
    ax.set(xlabel="move", ylabel="nodes searched (log scale)", title=title)
    _count_axis(ax, "y", log=True)
    if len(series) > 1:
        ax.legend(frameon=False)
    return _described(fig, f"{title}: bars of the nodes searched for each move, on a log scale; "
                      + "; ".join(f"{name + ': ' if name else ''}{_from_to(row, before='move ')}"
                                  for name, row in series.items()) + ".")


def _as_series(rows: Rows | Mapping[str, Rows]) -> dict[str, dict[object, float]]:
    """Chart rows as {series name: {x label: y}}; a single series is named ''."""
    if isinstance(rows, Mapping) and rows and not _is_number(next(iter(rows.values()))):
        return {str(name): dict(row) for name, row in rows.items()}
    return {"": dict(rows)}


def _is_number(x: object) -> bool:
    return isinstance(x, (int, float))


@_drawn
@checked(counts=_COUNTS)
def plot_outcomes(counts: Mapping[str, int], *, title: str = "How the games end") -> Figure:
    """Bars of X wins, draws and O wins, from a Counter keyed 'X', 'draw' and 'O'."""
    numbers = _outcome_numbers(counts)
    total = sum(numbers) or 1
    fig, ax = _new_chart()
    bars = ax.bar([label for _, label, _ in _OUTCOMES], numbers,
                  color=[colour for _, _, colour in _OUTCOMES])
    ax.bar_label(bars, labels=[f"{n:,} ({n / total:.0%})" for n in numbers], fontsize=8,
                 padding=2)
    ax.set(xlabel="result", ylabel="games", title=title)
    ax.margins(y=0.12)
    _count_axis(ax, "y", log=False)
    return _described(fig, f"{title}: " + ", ".join(
        f"{label} {n:,} ({n / total:.0%})" for (_, label, _), n in zip(_OUTCOMES, numbers,
                                                                          strict=True)) + ".")


@_drawn
@checked(results=_COUNTS)
def plot_tournament(results: Mapping[str, Mapping[str, int]], *,
                    title: str = "Results of each pairing") -> Figure:
    """Stacked horizontal bars, one per pairing: the share of X wins, draws and O wins."""
    bar_height = min(0.5, 0.3 + 6 / len(results)) if results else 0.5  # many pairings: thinner
    fig, ax = _new_chart(height=bar_height * len(results) + 1.5)
    pairings = list(results)
    shares = [[n / (sum(row) or 1) * 100 for n in row]
              for row in (_outcome_numbers(results[p]) for p in pairings)]
    left = [0.0] * len(pairings)
    for k, (_, label, colour) in enumerate(_OUTCOMES):
        widths = [row[k] for row in shares]
        bars = ax.barh(pairings, widths, left=left, color=colour, label=label)
        ax.bar_label(bars, labels=[f"{w:.0f}%" if w >= 6 else "" for w in widths],
                     label_type="center", color="white", fontsize=8)
        left = [a + w for a, w in zip(left, widths, strict=True)]
    ax.margins(y=0.01)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set(xlabel="share of games (%)", ylabel="X player vs O player")
    ax.set_title(title, pad=22)
    ax.legend(ncols=3, loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False, fontsize=8)
    return _described(fig, f"{title}: the share of X wins, draws and O wins for each pairing: "
                      + "; ".join(f"{pairing}: {_shares(results[pairing])}"
                                  for pairing in pairings) + ".")


def _players_of_results(value: object, name: str, arguments: dict) -> None:
    """The rule of a round robin's ``names``: a list of names (not one name), each pairing of
    which has its games in the ``results``."""
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise TypeError(f"{name} is a list of the players' names, got {value!r:.40}")
    results = arguments.get("results", {})
    missing = [f"{x} vs {o}" for x in value for o in value if f"{x} vs {o}" not in results]
    if missing:
        raise ValueError(f"{name} are the players of the round robin, but results has no games "
                         f"for {', '.join(missing[:5])}")


_players_of_results.with_arguments = True  # type: ignore[attr-defined]


@_drawn
@checked(results=_COUNTS, names=_players_of_results)
def plot_round_robin(results: Mapping[str, Mapping[str, int]], names: Sequence[str], *,
                     title: str = "Round robin") -> Figure:
    """A grid with one square per pairing, X players down the side and O players across the top,
    as in a results table; each square holds that pairing's games as one stacked bar of X wins,
    draws and O wins (in %). ``results`` is keyed 'X name vs O name', for every pair of
    ``names``. It fits one screen where one bar per pairing would not."""
    from matplotlib.patches import Patch

    fig, ax = _new_chart(height=0.6 * len(names) + 1.6)
    for row, x in enumerate(names):
        for column, o in enumerate(names):
            numbers = _outcome_numbers(results[f"{x} vs {o}"])
            left = column + 0.04
            for (_, _, colour), n in zip(_OUTCOMES, numbers, strict=True):
                width = 0.92 * n / (sum(numbers) or 1)
                ax.barh(row, width, left=left, height=0.7, color=colour)
                if width >= 0.2:
                    ax.text(left + width / 2, row, f"{width / 0.92:.0%}".rstrip("%"),
                            ha="center", va="center", color="white", fontsize=9)
                left += width
    ax.set_xlim(0, len(names))
    ax.set_ylim(len(names) - 0.5, -0.5)
    ax.set_xticks([c + 0.5 for c in range(len(names))], names, fontsize=9)
    ax.set_yticks(range(len(names)), names, fontsize=9)
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    ax.spines[["left", "bottom"]].set_visible(False)
    ax.set_xlabel("O player", fontsize=9)
    ax.xaxis.set_label_position("top")
    ax.set_ylabel("X player", fontsize=9)
    handles = [Patch(color=colour, label=label) for _, label, colour in _OUTCOMES]
    ax.legend(handles=handles, ncols=3, loc="upper center", bbox_to_anchor=(0.5, -0.02),
              frameon=False, fontsize=9, title="% of the games of each pairing",
              title_fontsize=9)
    ax.set_title(title, pad=8)
    drawn = sum(results[f"{x} vs {o}"].get("draw", 0) == sum(results[f"{x} vs {o}"].values())
                for x in names for o in names)
    return _described(fig, f"{title}: a grid of {len(names) ** 2} pairings of "
                      f"{', '.join(names)}, X players down the side and O players across the top, "
                      f"each square the shares of X wins, draws and O wins of its games; "
                      f"{drawn} of the squares are draws only.")


def _outcome_numbers(counts: Mapping[str, int]) -> list[int]:
    """[X wins, draws, O wins] from a Counter keyed 'X', 'draw' and 'O' (missing keys are 0)."""
    unknown = set(counts) - {key for key, _, _ in _OUTCOMES}
    if unknown:
        raise ValueError(f"results are counted under 'X', 'draw' and 'O', not {sorted(unknown)}")
    return [counts.get(key, 0) for key, _, _ in _OUTCOMES]


@_drawn
@checked(nodes=_COUNTS)
def plot_method_comparison(nodes: Mapping[str, int], *,
                           title: str = "Nodes searched (or positions solved), by method"
                           ) -> Figure:
    """Horizontal bars, log scale, of how many nodes each search method visits (or, for a
    solver, how many positions it solves)."""
    fig, ax = _new_chart(height=0.45 * len(nodes) + 1.5)
    names = list(nodes)
    bars = ax.barh(names, [nodes[name] for name in names], color=X_COLOUR)
    ax.bar_label(bars, labels=[f"{nodes[name]:,}" for name in names], fontsize=8, padding=3)
    ax.invert_yaxis()
    ax.set(xlabel="nodes searched, or positions solved (log scale)", ylabel="method",
           title=title)
    _count_axis(ax, "x", log=True)
    ax.set_xlim(right=ax.get_xlim()[1] * 4)
    return _described(fig, f"{title}: bars on a log scale, "
                      + ", ".join(f"{name} {nodes[name]:,}" for name in names) + ".")


@_drawn
@checked(costs=_NONEMPTY_COUNTS)
def plot_search_costs(costs: Mapping[str, Mapping[str, float]], *,
                      estimated: Collection[tuple[str, str]] = (),
                      title: str = "Nodes searched to solve each board, by method") -> Figure:
    """Lines on a log scale: for each method (one line), the nodes it searches to solve each
    board (the x axis, boards in the order of their first appearance: smallest first). A board
    missing from a method's costs was not run and leaves a gap. Points named in ``estimated``, as
    (method, board) pairs, are estimates, not counts: drawn hollow, and the legend says so."""
    boards = list(dict.fromkeys(board for row in costs.values() for board in row))
    fig, ax = _new_chart(height=4.4)
    for i, (method, row) in enumerate(costs.items()):
        colour = _SERIES_COLOURS[i % len(_SERIES_COLOURS)]
        at = [boards.index(board) for board in row]
        ax.plot(at, list(row.values()), color=colour, linewidth=2, label=method)
        for x, (board, nodes) in zip(at, row.items(), strict=True):
            hollow = (method, board) in estimated
            ax.plot(x, nodes, "o", markersize=7, color=colour,
                    markerfacecolor="white" if hollow else colour)
    if estimated:
        ax.plot([], [], "o", color="black", markerfacecolor="white", label="hollow: an estimate")
    ax.set_xticks(range(len(boards)), boards, fontsize=9)
    ax.set(xlabel="board (fewest cells first)", ylabel="nodes searched (log scale)", title=title)
    _count_axis(ax, "y", log=True)
    lowest = min(nodes for row in costs.values() for nodes in row.values())
    ax.set_ylim(bottom=lowest / 4)  # lines, not bars: no need to show the axis down to 1
    ax.legend(frameon=False, fontsize=8, loc="upper left")
    points = [(nodes, method, board) for method, row in costs.items()
              for board, nodes in row.items()]
    (least, *low), (most, *high) = min(points), max(points)
    guess = ", an estimate" if tuple(high) in estimated else ""
    return _described(fig, f"{title}: one line per method ({', '.join(costs)}) across the "
                      f"boards {', '.join(boards)}, on a log scale, from {_compact_count(least)} "
                      f"nodes ({' on '.join(low)}) to {_compact_count(most)} "
                      f"({' on '.join(high)}{guess}).")


@_drawn
@checked(shares=_SHARES)
def plot_convergence(shares: Mapping[str, Mapping[int, float]], *,
                     title: str = "How often the search chooses a best move") -> Figure:
    """Lines, one per position: the share of searches (over many seeds) that chose a best move,
    against the number of playouts (log scale). ``shares`` maps each line's label to {playouts:
    share between 0 and 1}."""
    fig, ax = _new_chart()
    markers = "osD^v"
    for i, (label, row) in enumerate(shares.items()):
        ax.plot(list(row), [100 * share for share in row.values()], label=label,
                marker=markers[i % len(markers)], color=_SERIES_COLOURS[i % len(_SERIES_COLOURS)])
    ax.set_xscale("log")
    playouts = sorted({n for row in shares.values() for n in row})
    ax.set_xticks(playouts, [f"{n:,}" for n in playouts])
    ax.minorticks_off()
    ax.set_ylim(0, 105)
    ax.set(xlabel="playouts (log scale)", ylabel="searches choosing a best move (%)", title=title)
    ax.legend(frameon=False, fontsize=9, loc="lower right")
    return _described(fig, f"{title}: one line per position, the share of searches choosing a "
                      "best move against the playouts; " + "; ".join(
                          f"{label}: " + ", ".join(f"{share:.0%} at {n:,}"
                                                   for n, share in row.items())
                          for label, row in shares.items()) + ".")


@_drawn
@checked(curves=_MEASURES)
def plot_learning_curves(curves: Mapping[str, Mapping[int, float]], *, ylabel: str,
                         title: str = "How the learner improves with practice",
                         xlabel: str = "games played") -> Figure:
    """Lines, one per learner (or seed, or setting): a measure of it (``ylabel``) against the
    games it has played. ``curves`` maps each line's label to {games: measure}."""
    fig, ax = _new_chart()
    markers = "osD^v"
    for i, (label, row) in enumerate(curves.items()):
        ax.plot(list(row), list(row.values()), label=label, marker=markers[i % len(markers)],
                color=_SERIES_COLOURS[i % len(_SERIES_COLOURS)])
    ax.xaxis.set_major_formatter(lambda x, _: f"{x:,.0f}")
    ax.set(xlabel=xlabel, ylabel=ylabel, title=title)
    ax.legend(frameon=False, fontsize=9)
    return _described(fig, f"{title}: one line per {'curve' if len(curves) != 1 else 'learner'}, "
                      f"{ylabel} against {xlabel}; " + "; ".join(
                          f"{label}: {_from_to(row, after=f' {xlabel}')}"
                          for label, row in curves.items()) + ".")


def _new_chart(height: float = 3.6) -> tuple[Figure, Axes]:
    """A figure with one set of axes, closed at once so a notebook shows it only when returned."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, height), layout="constrained", FigureClass=_chart_class())
    plt.close(fig)
    ax.spines[["top", "right"]].set_visible(False)
    return fig, ax


def _count_axis(ax: Axes, which: str, log: bool) -> None:
    """Give an axis of counts a log scale (or not) and ticks with thousands separators."""
    from matplotlib.ticker import FuncFormatter

    axis = ax.yaxis if which == "y" else ax.xaxis
    if log:  # bars start at 0.5, so a count of 1 still shows as a small bar
        (ax.set_yscale if which == "y" else ax.set_xscale)("log")
        (ax.set_ylim if which == "y" else ax.set_xlim)(0.5, None)
    top = (ax.get_ylim if which == "y" else ax.get_xlim)  # asked when the ticks are drawn
    axis.set_major_formatter(FuncFormatter(
        lambda x, _: _compact(x, top()[1]) if log else f"{x:,.0f}"))


#: An axis reaching this far labels every tick as a power of ten: "100M" beside "1e10" would
#: make the reader convert between two notations.
_POWERS_FROM = 1e9
_SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def _compact(x: float, top: float) -> str:
    """A tick label for a log axis whose top is ``top``, in one notation for the whole axis:
    1, 10, 100, 1k, 10k, 100k, 1M, 10M, 100M; or, on an axis that reaches a billion, 10⁰, 10¹,
    10², ... 10¹²."""
    if top >= _POWERS_FROM:
        return "10" + str(round(math.log10(x))).translate(_SUPERSCRIPTS)
    for size, suffix in ((1e6, "M"), (1e3, "k")):
        if x >= size:
            return f"{x / size:g}{suffix}"
    return f"{x:g}"


@functools.cache
def _chart_class() -> type[Figure]:
    """The class of the charts' figures: a matplotlib Figure that a notebook shows as an HTML
    ``<img>`` with its ``alt`` text, besides the PNG. (A class made when the first chart is drawn:
    matplotlib is imported only then.)"""
    from matplotlib.figure import Figure

    class Chart(Figure):
        """A Figure with ``alt``, one sentence saying what it shows, for those who cannot see it.
        JupyterLab, Voilà, JupyterLite and myst-nb prefer the HTML to the PNG."""

        alt = ""
        key: str | None = None  # the call that drew it (ttt.browser.chart_key)

        def _repr_html_(self) -> str | tuple[str, dict] | None:
            if not self.alt:
                return None
            from IPython.core.pylabtools import print_figure  # as the PNG the kernel shows

            png = base64.b64encode(print_figure(self, "png")).decode("ascii")
            image = f'<img alt="{html.escape(self.alt)}" src="data:image/png;base64,{png}">'
            # the key goes into the output's metadata, where the browser version's build finds it
            return (image, {CHART_KEY: self.key}) if self.key else image

    return Chart


def _described(fig: Figure, alt: str) -> Figure:
    """``fig``, with ``alt`` as its text alternative."""
    fig.alt = alt
    return fig


def _count_list(counts: Sequence[float]) -> str:
    """'1, 9, 72 and 504': numbers with thousands separators."""
    words = [f"{n:,}" for n in counts]
    return ", ".join(words[:-1]) + f" and {words[-1]}" if len(words) > 1 else "".join(words)


def _from_to(row: Mapping[object, float], before: str = "", after: str = "") -> str:
    """How a series goes, in words: 'from 549,946 at move 1 to 2 at move 9' (``before`` and
    ``after`` name the x values)."""
    if not row:
        return "no values"
    (first, start), (last, end) = next(iter(row.items())), list(row.items())[-1]
    return (f"from {_number(start)} at {before}{_number(first)}{after} "
            f"to {_number(end)} at {before}{_number(last)}{after}")


def _number(x: object) -> str:
    """A number as a chart's text alternative says it: 549,946; 0.9881; 10."""
    if isinstance(x, float) and not x.is_integer():
        return f"{x:.4g}"
    return f"{x:,}" if _is_number(x) else str(x)


def _compact_count(n: float) -> str:
    """A count for a text alternative: exact up to a million, else like 3.7e+13."""
    return f"{n:,.0f}" if n < 1e6 else f"{n:.1e}"


def _shares(counts: Mapping[str, int]) -> str:
    """'X 52%, draws 13%, O 35%': a pairing's results as shares of its games."""
    numbers = _outcome_numbers(counts)
    total = sum(numbers) or 1
    return ", ".join(f"{word} {n / total:.0%}"
                     for word, n in zip(("X", "draws", "O"), numbers, strict=True))
