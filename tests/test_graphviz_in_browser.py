"""Tests of ttt.pictures.browser, the routing of Graphviz to WebAssembly in the browser-only course.

On desktop Python it must do nothing. Its routing is tested here with the real ``dot`` program
standing in for Graphviz in WebAssembly: pictures routed through it must be the ones the graphviz
package makes by itself. The WebAssembly side itself runs in the offline browser test
(tests/lite), in Chromium.
"""

import subprocess
import sys

import pytest
from graphviz.backend import dot_command, execute

from ttt import browser
from ttt.games.board import Board
from ttt.pictures.display import draw_tree

POSITION = Board.from_string("XOX|OX.|.O.")  # three free cells: a small tree, with ▲, ▼ and −


def dot(source: str, engine: str, output_format: str) -> str:
    """Graphviz's own ``dot`` program as a renderer."""
    return subprocess.run(["dot", f"-K{engine}", f"-T{output_format}"], input=source,
                          capture_output=True, text=True, encoding="utf-8", check=True).stdout


@pytest.fixture
def restore_graphviz(monkeypatch):
    """Put the graphviz package's own ``run_check`` back after the test."""
    monkeypatch.setattr(execute, "run_check", execute.run_check)


def test_on_desktop_nothing_changes():
    assert sys.platform != "emscripten" and not browser.in_browser()
    assert browser.activate() is False
    assert execute.run_check.__module__ == "graphviz.backend.execute"  # display imported above


@pytest.mark.parametrize(("engine", "output_format"), [("dot", "svg"), ("neato", "plain")])
def test_engine_and_format_read_back_from_graphviz_commands(engine, output_format):
    command = dot_command.command(engine, output_format)
    assert browser.engine_and_format(command) == (engine, output_format)


def test_anything_but_piping_is_refused():
    command = [*dot_command.command("dot", "svg"), "-O", "tree.gv"]
    with pytest.raises(NotImplementedError, match="only pipe"):
        browser.engine_and_format(command)


def test_dot_source_from_bytes_text_or_lines():
    source = 'digraph { a [label="▲ −1"] }'
    lines = source.splitlines(keepends=True)
    assert browser.dot_source(source.encode(), None) == source
    assert browser.dot_source(source, None) == source
    assert browser.dot_source(None, iter(line.encode() for line in lines)) == source
    assert browser.dot_source(None, iter(lines)) == source


@pytest.mark.usefixtures("restore_graphviz")
def test_routed_pictures_are_the_ones_graphviz_makes():
    graph = draw_tree(POSITION)
    svg_text, svg_bytes = graph.pipe(format="svg", encoding="utf-8"), graph.pipe(format="svg")
    plain = graph.pipe(format="plain", engine="neato", encoding="utf-8")
    browser.route_graphviz(dot)
    assert execute.run_check.__module__ == "ttt.pictures.browser"
    assert graph.pipe(format="svg", encoding="utf-8") == svg_text
    assert graph.pipe(format="svg") == svg_bytes
    assert graph.pipe(format="plain", engine="neato", encoding="utf-8") == plain
    assert graph._repr_mimebundle_()["image/svg+xml"] == svg_text  # what a notebook shows


@pytest.mark.usefixtures("restore_graphviz")
def test_a_failed_rendering_raises_graphviz_error_with_the_message():
    def broken(source, engine, output_format):
        raise ValueError("syntax error in line 1")

    browser.route_graphviz(broken)
    with pytest.raises(execute.CalledProcessError, match="syntax error in line 1"):
        draw_tree(POSITION).pipe(format="svg")


def test_a_lesson_opens_in_a_workspace_of_its_own():
    """Two lessons opened by their addresses get two workspaces: the second does not reopen the
    first (and start a second Python beside its own)."""
    first, third = (browser.lesson_address(name)
                    for name in ("01_the_board.ipynb", "03_minimax.ipynb"))
    assert first == "lab/index.html?path=01_the_board.ipynb&workspace=01_the_board"
    assert third.endswith("workspace=03_minimax") and third != first


@pytest.mark.parametrize("lesson, error", [(None, TypeError), (1, TypeError),
                                           ("01_the_board", ValueError),
                                           ("notebooks/01_the_board.ipynb", ValueError),
                                           (".ipynb", ValueError)])
def test_a_lesson_address_needs_a_notebooks_file_name(lesson, error):
    with pytest.raises(error, match="lesson should be a notebook's file name"):
        browser.lesson_address(lesson)
