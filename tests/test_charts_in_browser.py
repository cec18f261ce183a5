"""The charts of the browser version, which has no matplotlib: a chart drawn on the desktop names
its call (ttt.browser.chart_key) in its output's metadata, and where matplotlib cannot be imported
in the browser, ttt.pictures.charts shows the picture drawn for the same call, or says in one line that
the build drew none. (tests/lite runs every lesson so in Chromium; here the site's files are a
dictionary.)"""

from __future__ import annotations

import sys
from collections import Counter

import matplotlib
import pytest
from IPython.core.formatters import DisplayFormatter

from ttt import browser, charts
from ttt.pictures.browser import CHART_KEY, chart_key
from ttt.pictures.charts import NOT_DRAWN_FOR_THE_BROWSER, plot_outcomes

matplotlib.use("Agg")


def test_a_key_names_the_function_and_its_arguments():
    key = chart_key("plot_outcomes", [{"X": 3, "draw": 1}], {"title": "t"})
    assert key == chart_key("plot_outcomes", ({"X": 3, "draw": 1},), {"title": "t"})
    assert key != chart_key("plot_tournament", [{"X": 3, "draw": 1}], {"title": "t"})
    assert key != chart_key("plot_outcomes", [{"X": 3, "draw": 2}], {"title": "t"})
    assert key != chart_key("plot_outcomes", [{"X": 3, "draw": 1}], {"title": "u"})
    assert key != chart_key("plot_outcomes", [{"X": 3, "draw": 1}], {})


def test_a_key_keeps_the_order_a_chart_shows_but_not_the_order_of_keywords_or_sets():
    assert (chart_key("f", [{"a": 1, "b": 2}], {}) != chart_key("f", [{"b": 2, "a": 1}], {}))
    assert chart_key("f", [], {"log": True, "title": "t"}) == chart_key(
        "f", [], {"title": "t", "log": True})
    assert chart_key("f", [{"x", "y", "z"}], {}) == chart_key("f", [{"z", "y", "x"}], {})


def test_a_key_tells_numbers_and_flags_apart():
    assert len({chart_key("f", [value], {}) for value in (1, 1.0, True, "1")}) == 4


def test_a_call_with_an_argument_that_is_not_plain_data_has_no_key():
    assert chart_key("f", [object()], {}) is None


def test_a_chart_drawn_on_the_desktop_names_its_call_in_its_html_output():
    games = Counter({"X": 5, "draw": 3, "O": 2})
    data, metadata = DisplayFormatter().format(plot_outcomes(games, title="Ten games"))
    assert metadata["text/html"] == {
        CHART_KEY: chart_key("plot_outcomes", [games], {"title": "Ten games"})}
    assert data["text/html"].startswith('<img alt="Ten games: X wins 5 (50%)')


@pytest.fixture
def browser_without_matplotlib(monkeypatch):
    """As in the browser version: no matplotlib, and the site's charts a dictionary by key."""
    site: dict[str, dict[str, str]] = {}
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    monkeypatch.setattr(charts, "in_browser", lambda: True)
    monkeypatch.setattr(charts, "drawn_chart", lambda key: site.get(key))
    return site


def test_in_the_browser_a_chart_drawn_by_the_build_is_shown_as_the_desktop_showed_it(
        browser_without_matplotlib, capsys):
    games = {"X": 5, "draw": 3, "O": 2}
    outputs = {"image/png": "iVBORw0KGgo=", "text/plain": "<Chart size 700x360 with 1 Axes>",
               "text/html": '<img alt="Ten games: X &amp; O" src="data:image/png;base64,iVBO">'}
    browser_without_matplotlib[chart_key("plot_outcomes", [games], {})] = outputs
    chart = plot_outcomes(games)
    assert chart._repr_mimebundle_() == outputs
    assert chart.alt == "Ten games: X & O"
    assert repr(chart) == "<Chart size 700x360 with 1 Axes>"
    assert capsys.readouterr().out == ""


def test_in_the_browser_a_call_the_build_did_not_draw_says_so_in_one_line(
        browser_without_matplotlib, capsys):
    assert plot_outcomes({"X": 1}) is None
    said = capsys.readouterr().out
    assert said == NOT_DRAWN_FOR_THE_BROWSER.format(function="plot_outcomes") + "\n"
    assert said.count("\n") == 1


def test_a_call_with_no_key_has_no_drawn_chart():
    assert browser.drawn_chart(None) is None
