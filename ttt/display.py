"""Pictures for the lessons: game trees (Graphviz) and rows of boards (HTML); charts are in
``ttt.pictures.charts``.

``draw_tree(board)`` returns a ``graphviz.Digraph`` that a notebook shows as SVG. Each position is
a small 3x3 table. Positions where X moves (MAX) have a blue frame and a ▲, positions where O moves
(MIN) a vermillion frame and a ▼, finished games a black frame with the winning line shaded; the
left margin names each level. Under each board is its minimax value (+1, 0, −1), and the best line
of play is drawn with thick edges. Each tree also says what it shows in words, for readers who
cannot see it (its SVG's ``<title>``, which screen readers read, and the ``alt`` of the image that
JupyterLab shows): the position at the top, how many positions are drawn and how many cut, the
value backed up and the best line. Colour is never the only sign of anything, and text keeps a
4.5:1 contrast with what is behind it (WCAG AA).

A node of the drawing is named after its path, the cells played from the root: ``n`` is the root,
``n4_0`` the position after 4 and then 0. The same paths pick out the current position, the values
known so far, pruned subtrees and alpha-beta windows; that is how the step-through widget redraws a
search in progress.

In the browser version of the course (JupyterLite), ``ttt.pictures.browser`` draws the trees with Graphviz
compiled to WebAssembly instead of the ``dot`` program.
"""

from __future__ import annotations

import codecs
import html
import inspect
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any

import graphviz
from IPython.display import HTML, Code
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from ttt import browser
from ttt.core.arguments import checked
from ttt.games.board import Board
from ttt.search.counting import nodes_by_depth, tree_size_exceeds
from ttt.search.mcts import MCTSResult, Tally
from ttt.search.perfect import perfect_score
from ttt.core.protocol import (
    Position,
    SearchTooBigError,
    check_count,
    check_depth,
    check_position,
    signed,
    value_of,
)
from ttt.games.svg import (
    O_COLOUR,
    O_TEXT,
    X_COLOUR,
    X_TEXT,
    position_in_words,
    svg_image,
    with_title,
)
from ttt.search.trace import PLAY_OUT, SELECT, Step
from ttt.search.tree import Node, best_path, build_tree, count_by_depth, count_nodes, fill_values

__all__ = ["CURRENT_COLOUR", "MAX_WIDTH", "TreePicture", "board_row", "draw_mcts", "draw_tree",
           "show_source"]

browser.activate()  # in the browser (Pyodide), Graphviz runs as WebAssembly; on desktop, nothing

#: The cells played from a tree's root to a node.
Path = tuple[int, ...]

_BEST_COLOUR = "#CC79A7"  # Okabe-Ito reddish purple: the best line of play
CURRENT_COLOUR = "#F0E442"  # Okabe-Ito yellow: the position being searched
WIN_FILL = "#C7EAE0"  # a light tint of the winning-line green, under X_TEXT and O_TEXT at 4.5:1
FADED = "#BBBBBB"  # frames and edges of pruned subtrees
_FADED_TEXT = "#767676"  # their text: the lightest grey at 4.5:1 on white
_GRID = "#999999"
TEXT = "#333333"
_BACKGROUND = "white"  # of the picture, and of every cell and row of text in it
FONT = "Helvetica"
# Sizes in points (a notebook shows 1 pt as 1.33 px). Big enough to read on a projector from the
# back of a room; a tree that would be wider than the page is cut or focused, never shrunk.
_CELL_POINTS = 15  # a cell of a drawn board
_MARK_POINTS = 13  # X and O
_VALUE_POINTS = 10  # the value under a board, the level names
_SMALL_POINTS = 9  # alpha and beta, the cell on an edge, the "more nodes" stubs
#: The most positions one picture may hold: more cannot be read, and take minutes to lay out.
_MAX_DRAWN = 2_000
#: The most positions counted below a position of another game than tic-tac-toe before a tree is
#: drawn (tic-tac-toe's 549,946 are counted once and remembered).
_MAX_COUNTED = 50_000
#: Boards side by side that fit a notebook's output (848 px wide in JupyterLab at 1280 x 800 with
#: the file browser open), at full size, beside the level names.
MAX_WIDTH = 9


# --- game trees --------------------------------------------------------------------------------

@checked
def draw_tree(node_or_board: Node | Position, *, max_depth: int | None = None,
              max_nodes: int | None = 300, max_width: int | None = MAX_WIDTH,
              values: bool = True, highlight_best: bool = True, line: Sequence[int] | None = None,
              prefer_quick: bool = True, current: Path | None = None,
              known: Mapping[Path, float] | None = None, pruned: Iterable[Path] = (),
              windows: Mapping[Path, tuple[float, float]] | None = None,
              focus: Path | None = None) -> graphviz.Digraph:
    """The game tree below a position (a ``Board``, or a ``Node`` from ``ttt.search.tree``) as a graph.

    Values come from the tree if it has them, else from ``fill_values`` (with ``prefer_quick``);
    ``values=False`` hides them. The best line of play is drawn thick (``highlight_best=False``
    hides it), or instead the moves of ``line``, e.g. the move a player chose. A tree of more than
    ``max_nodes`` positions, or with more than ``max_width`` positions side by side on one level, is
    cut at the deepest level that fits (or at ``max_depth``), and each cut position gets a stub
    saying how many positions lie below it; if not even one move fits, a ValueError says how to
    narrow the tree. The default width is what fits a notebook on a projector at full size.

    For replaying a search, all keyed by path: ``known`` shows only these values (the ones found so
    far), ``current`` marks one position, ``pruned`` greys out subtrees and ``windows`` shows
    (alpha, beta) under positions. Pass ``windows={}`` to keep room for them, so that the layout
    stays the same from one step to the next. With ``focus`` only the positions on the line to
    that path, and the one at its end, show the moves below them: a narrow tree that follows a
    search through a tree too wide to draw whole.

    The picture says in words what it shows (``.description``, the title of its SVG): the
    position, how many positions are drawn and cut, the value at the root, the line drawn thick
    and the current position.
    """
    if not isinstance(node_or_board, Node):
        check_position(node_or_board, "position (or a Node of ttt.search.tree)")
    if focus is not None:  # a focused tree is narrow by construction
        max_width = None
    root, depth = _tree_to_draw(node_or_board, max_depth, max_nodes, max_width, prefer_quick,
                                need_values=values or highlight_best)
    best = tuple(line) if line is not None else _best_line(root) if highlight_best else None
    pruned = set(pruned)
    graph = _empty_graph()
    drawn = list(_drawn_nodes(root, depth, focus))
    _add_level_names(graph, root.board, drawn)
    hidden = 0
    for path, node in drawn:
        score = _shown_score(path, node, values, known)
        window = None if windows is None else windows.get(path, ())
        faded = _in_pruned(path, pruned)
        graph.node(_name(path), _node_label(node.board, score, window, faded, path == current))
        if path:
            graph.edge(_name(path[:-1]), _name(path), **_edge_style(path, best, faded))
        if not node.board.is_over and not _expanded(path, node, depth, focus):
            more = sum(_sizes_below(node.board)) - 1
            _add_stub(graph, path, more, faded)
            hidden += more
    graph.description = _sentences(
        _tree_words("Game tree", root.board, len(drawn), hidden),
        _pruned_words(sum(_in_pruned(path, pruned) for path, _ in drawn)),
        _value_words(_shown_score((), root, values, known), replaying=known is not None),
        _line_words("Moves drawn thick" if line is not None else "Best line, drawn thick", best,
                    drawn),
        _current_words(current))
    return graph


def _expanded(path: Path, node: Node, depth: int | None, focus: Path | None) -> bool:
    """Whether the moves below the position at ``path`` are drawn."""
    if not node.children or (depth is not None and len(path) >= depth):
        return False
    return focus is None or focus[:len(path)] == path


def _tree_to_draw(node_or_board: Node | Board, max_depth: int | None, max_nodes: int | None,
                  max_width: int | None, prefer_quick: bool,
                  need_values: bool) -> tuple[Node, int | None]:
    """The tree to draw, with values if they are needed, and the depth to cut it at (None: no cut).

    A tree built here from a board is only built down to the cut, and then valued by a solver
    that looks below the cut, so that cut positions still show their true value.
    """
    if not isinstance(node_or_board, Node):  # a position: a Board, or any game's
        if not isinstance(node_or_board, Board):
            _refuse_if_uncountable(node_or_board)
        depth = _cut_depth(_sizes_below(node_or_board), node_or_board, max_depth, max_nodes,
                           max_width)
        root = build_tree(node_or_board, max_depth=depth)
        if need_values and depth is not None:
            _fill_exact(root, prefer_quick)
    else:
        root = node_or_board
        depth = _cut_depth(count_by_depth(root), root.board, max_depth, max_nodes, max_width)
    if need_values and root.score is None:
        fill_values(root, prefer_quick)
    return root, depth


def _refuse_if_uncountable(position: Position) -> None:
    """A SearchTooBigError if the game tree below ``position`` (another game than tic-tac-toe)
    has more than MAX_COUNTED positions: too many to count, let alone draw (Connect Four's from
    the empty board has trillions)."""
    if tree_size_exceeds(position, _MAX_COUNTED):
        later = position.play(position.legal_moves[0])
        raise SearchTooBigError(f"too many positions to draw: the tree below {position} has more "
                         f"than {_MAX_COUNTED:,}. Start from a later position, e.g. {later!r}.")


# How many nodes the game tree below a position has at each depth (the position is depth 0),
# remembered: a drawing asks for the same counts once for each position it cuts off.
_sizes_below = cache(nodes_by_depth)


def _cut_depth(counts: Sequence[int], board: Board, max_depth: int | None,
               max_nodes: int | None, max_width: int | None = None) -> int | None:
    """The depth to cut a tree with ``counts[d]`` positions at depth d, or None to draw it all.

    Without ``max_depth`` it is the deepest level down to which the tree has at most
    ``max_nodes`` positions and no level wider than ``max_width`` (but always at least 1)."""
    check_depth(max_depth, "max_depth")
    for name, limit in (("max_nodes", max_nodes), ("max_width", max_width)):
        if limit is not None:
            check_count(limit, name, "a whole number of positions (or None for no limit)")
    height = len(counts) - 1
    depth = height if max_depth is None else min(max_depth, height)
    if max_nodes is not None:
        totals = [sum(counts[:d + 1]) for d in range(height + 1)]
        fits = max(d for d in range(height + 1) if totals[d] <= max_nodes)
        if max_depth is None:
            depth = fits
            while max_width is not None and depth > 1 and max(counts[:depth + 1]) > max_width:
                depth -= 1
        needed = max(depth, min(1, height))
        if totals[needed] > max_nodes:
            raise _too_big(board, needed, totals[needed], max_nodes, fits)
    drawn = sum(counts[:depth + 1])
    if drawn > _MAX_DRAWN:
        fits = max(d for d in range(height + 1) if sum(counts[:d + 1]) <= _MAX_DRAWN)
        raise _too_big(board, depth, drawn, _MAX_DRAWN, fits, "the most any picture can show")
    return None if depth == height else depth


def _too_big(board: Board, depth: int, positions: int, limit: int, fits: int,
             what: str = "") -> ValueError:
    """The error for a tree that cannot be drawn within ``limit`` positions (``max_nodes``, or
    ``what`` else), with ways to narrow it."""
    later = board.play(board.legal_moves[0])
    depth_hint = f"pass max_depth={fits}, " if fits >= 1 else ""
    moves = "move" if depth == 1 else "moves"
    bound = f"{limit:,}, {what}" if what else f"max_nodes={limit}"
    raise_hint = "" if what else ", or raise max_nodes"
    return SearchTooBigError(
        f"too many positions to draw: {depth} {moves} deep, the tree below {board} has "
        f"{positions:,} positions, more than {bound}. Draw less of it: {depth_hint}start from a "
        f"later position, e.g. {later!r}{raise_hint}.")


def _fill_exact(root: Node, prefer_quick: bool) -> None:
    """Give every node the score of perfect play from its position, looking past any cut
    (``ttt.perfect.perfect_score``)."""
    for _, node in _drawn_nodes(root, None):
        node.score = perfect_score(node.board, prefer_quick)
        node.value = value_of(node.score)


def _drawn_nodes(root: Node, depth: int | None, focus: Path | None = None,
          path: Path = ()) -> Iterator[tuple[Path, Node]]:
    """(path, node) for the nodes to draw (see ``_expanded``), depth first, children by increasing
    cell."""
    yield path, root
    if _expanded(path, root, depth, focus):
        for cell, child in sorted(root.children.items()):
            yield from _drawn_nodes(child, depth, focus, (*path, cell))


def _best_line(root: Node) -> Path:
    """The cells played along the best line of play from ``root``."""
    return tuple(node.move for node in best_path(root) if node is not root)


def _shown_score(path: Path, node: Node, values: bool,
                 known: Mapping[Path, float] | None) -> float | None:
    """The score to show under a position: a known one, the tree's, or None for none."""
    if known is not None:
        return known.get(path)
    return node.value if values else None


def _window_rows(window: tuple[float, ...]) -> tuple[str, str]:
    """('α −∞', 'β +1') for an (alpha, beta) window; two blank rows for () (no window yet)."""
    return (f"α {signed(window[0])}", f"β {signed(window[1])}") if window else ("", "")


def _in_pruned(path: Path, pruned: set[Path]) -> bool:
    """Whether the position at ``path`` is in a pruned subtree (or is the pruned root of one)."""
    return any(path[:k] in pruned for k in range(len(path) + 1))


def _name(path: Path) -> str:
    """The graph's name of the node at ``path``: 'n' for the root, 'n4_0' after moves 4 and 0."""
    return "n" + "_".join(map(str, path))


def _a_codec(encoding: object, name: str) -> None:
    """The argument rule of a text encoding: None (bytes) or one Python knows, such as 'utf-8'."""
    if encoding is None:
        return
    try:
        codecs.lookup(encoding)
    except (LookupError, TypeError):
        raise ValueError(f"{name} is a text encoding such as 'utf-8' (or None for bytes), "
                         f"got {encoding!r:.40}") from None


@checked
class TreePicture(graphviz.Digraph):
    """A drawn game tree: a notebook shows it as SVG, titled with ``description``, what it shows
    in words, and as HTML, the same SVG as an image with ``description`` as its alt text (what
    JupyterLab, Voilà and JupyterLite show: they show an SVG output as an image without its
    title); as text it is a short, unchanging line (not the default repr with a memory address,
    which would differ on every run)."""

    def __init__(self, *args: Any, description: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.description = description

    def __repr__(self) -> str:
        return "<game tree picture>"

    def _copy_kwargs(self, **kwargs: Any) -> dict[str, Any]:
        return {**super()._copy_kwargs(**kwargs), "description": self.description}

    def _repr_mimebundle_(self, include: Iterable[str] | None = None,
                          exclude: Iterable[str] | None = None, **kwargs: Any) -> dict[str, Any]:
        """The SVG output (Graphviz's), and beside it the same SVG as an HTML image with the
        description as its alt, laid out once for both."""
        bundle = super()._repr_mimebundle_(include, exclude, **kwargs)
        svg = bundle.get("image/svg+xml")
        wanted = (include is None or "text/html" in include) and "text/html" not in (exclude or ())
        if svg and self.description and wanted:
            bundle["text/html"] = svg_image(svg, self.description)
        return bundle

    @checked(encoding=_a_codec)
    def pipe(self, format: str | None = None, *args: Any, encoding: str | None = None,
             **kwargs: Any) -> bytes | str:
        """What Graphviz makes of the graph (``graphviz.Digraph.pipe``); an SVG picture gets the
        description as its title. Notebooks and widgets show trees through here, whether ``dot``
        or Graphviz in WebAssembly (``ttt.pictures.browser``) lays them out."""
        output = super().pipe(format, *args, encoding=encoding, **kwargs)
        if (format or self.format) != "svg" or not self.description:
            return output
        if isinstance(output, bytes):  # Graphviz writes SVG in UTF-8
            return with_title(output.decode(), self.description).encode()
        return with_title(output, self.description)


def _sentences(*parts: str) -> str:
    """The non-empty ``parts`` joined into one text."""
    return " ".join(part for part in parts if part)


def _tree_words(kind: str, board: Position, drawn: int, hidden: int) -> str:
    """'Game tree below this position. Board: …. 34 positions drawn.', and how many are cut."""
    cut = f", and {hidden:,} more below the cut, not drawn" if hidden else ""
    words = position_in_words(board.cells, board.winning_line, _columns(board))
    return f"{kind} below this position. {words} {_positions(drawn)} drawn{cut}."


def _positions(count: int) -> str:
    """'1 position', '1,234 positions'."""
    return f"{count:,} position{'' if count == 1 else 's'}"


def _pruned_words(count: int) -> str:
    """How many of the positions drawn are pruned ('' for none)."""
    return f"{count:,} of them pruned (grey, with dashed edges)." if count else ""


def _value_words(value: float | None, replaying: bool) -> str:
    """The value shown at the root; in a replayed search, that it is not known yet."""
    if value is not None:
        return f"Value backed up to the root: {signed(value)}."
    return "Value at the root: not known yet." if replaying else ""


def _line_words(what: str, line: Path | None, drawn: list[tuple[Path, Node]]) -> str:
    """'Best line, drawn thick: 7, 3.': the moves of ``line`` that are drawn ('' for none)."""
    paths = {path for path, _ in drawn}
    shown = [str(move) for k, move in enumerate(line or (), 1) if line[:k] in paths]
    return f"{what}: {', '.join(shown)}." if shown else ""


def _current_words(current: Path | None) -> str:
    """Which position is the current one ('' for none)."""
    if current is None:
        return ""
    where = "after " + ", ".join(map(str, current)) if current else "the root"
    return f"Current position, yellow in a dark frame: {where}."


def _empty_graph() -> TreePicture:
    """A top-down graph with tight spacing, so that trees stay compact."""
    graph = TreePicture("game_tree")
    graph.attr(rankdir="TB", ordering="out", nodesep="0.06", ranksep="0.22", margin="0.05",
               bgcolor=_BACKGROUND, fontname=FONT, fontsize=str(_VALUE_POINTS))
    graph.attr("node", shape="plain", fontname=FONT, fontsize=str(_VALUE_POINTS))
    graph.attr("edge", arrowhead="none", color=_GRID, fontname=FONT, fontsize=str(_SMALL_POINTS),
               fontcolor=TEXT, labeldistance="1.4", labelangle="0")
    return graph


def _add_level_names(graph: graphviz.Digraph, board: Board,
                     drawn: list[tuple[Path, Node]]) -> None:
    """Name each level in the left margin: who moves there (MAX or MIN), or that games are over."""
    levels: dict[int, list[tuple[Path, Node]]] = {}
    for path, node in drawn:
        levels.setdefault(len(path), []).append((path, node))
    other = {"X": "O", "O": "X"}
    for depth, level in levels.items():
        mover = board.to_move if depth % 2 == 0 else other[board.to_move]
        over = all(node.board.is_over for _, node in level)
        graph.node(f"level{depth}", _mover_label(None if over else mover))
        with graph.subgraph() as rank:
            rank.attr(rank="same")
            rank.node(f"level{depth}")
            rank.node(_name(level[0][0]))
        if depth:
            graph.edge(f"level{depth - 1}", f"level{depth}", style="invis")


def _mover_label(mover: str | None) -> str:
    """'▲ MAX / X to move', '▼ MIN / O to move', or 'game over' (mover None)."""
    if mover is None:
        return f'<<FONT COLOR="{TEXT}">game over</FONT>>'
    colour, role, mark = (X_TEXT, "MAX", "▲") if mover == "X" else (O_TEXT, "MIN", "▼")
    return (f'<<FONT COLOR="{colour}">{mark} {role}</FONT><BR/>'
            f'<FONT COLOR="{TEXT}" POINT-SIZE="{_SMALL_POINTS}">{mover} to move</FONT>>')


def _node_label(board: Board, score: float | None, window: tuple[float, ...] | None,
                faded: bool, current: bool) -> str:
    """An HTML-like label: the board as a 3x3 table, then the value, then alpha and beta (two
    rows that are left out when ``window`` is None)."""
    width = _columns(board)
    rows = [_text_row(_marker(board, faded) + signed(score), faded, _VALUE_POINTS, width)]
    if window is not None:
        rows += [_text_row(text, faded, _SMALL_POINTS, width) for text in _window_rows(window)]
    return _board_label(board, rows, faded, current)


def _board_label(board: Board, text_rows: list[str], faded: bool, current: bool) -> str:
    """An HTML-like label: the board as a table (3 x 3 for tic-tac-toe) with ``text_rows``
    (``_text_row``) below it, shaded when it is the ``current`` position."""
    frame = FADED if faded else _frame_colour(board)
    win = board.winning_line or ()
    width, rows = _columns(board), []
    for start in range(0, len(board.cells), width):
        cells = "".join(_cell(board[c], c in win, faded) for c in range(start, start + width))
        rows.append(f"<TR>{cells}</TR>")
    rows += text_rows
    # the current position: a yellow halo in a dark frame, which shows without colour too; the
    # others have the same room around them, so that nothing moves from one step to the next
    halo = (f'BORDER="1" COLOR="{TEXT}" CELLPADDING="2" BGCOLOR="{CURRENT_COLOUR}"' if current
            else 'BORDER="0" CELLPADDING="3"')
    return (f'<<TABLE {halo} CELLBORDER="0" CELLSPACING="0"><TR><TD>'
            f'<TABLE BORDER="1" COLOR="{frame}" CELLBORDER="0" CELLSPACING="1" CELLPADDING="0" '
            f'BGCOLOR="{FADED if faded else _GRID}">{"".join(rows)}</TABLE></TD></TR></TABLE>>')


def _frame_colour(board: Board) -> str:
    """Blue for a MAX position (X to move), vermillion for MIN, black for a finished game."""
    return "black" if board.is_over else X_COLOUR if board.to_move == "X" else O_COLOUR


def _marker(board: Board, faded: bool) -> str:
    """▲ for a MAX position, ▼ for a MIN one, nothing for a finished game."""
    if board.is_over:
        return ""
    colour = _FADED_TEXT if faded else X_TEXT if board.to_move == "X" else O_TEXT
    mark = "▲" if board.to_move == "X" else "▼"
    return f'<FONT COLOR="{colour}">{mark}</FONT> '


def _cell(mark: str, on_win: bool, faded: bool) -> str:
    """One cell of a drawn board: its mark in the player's colour, shaded if on the winning line."""
    colour = _FADED_TEXT if faded else X_TEXT if mark == "X" else O_TEXT
    fill = WIN_FILL if on_win and not faded else _BACKGROUND
    text = (f'<FONT COLOR="{colour}" POINT-SIZE="{_MARK_POINTS}"><B>{mark}</B></FONT>'
            if mark in "XO" else " ")
    return (f'<TD FIXEDSIZE="TRUE" WIDTH="{_CELL_POINTS}" HEIGHT="{_CELL_POINTS}" '
            f'BGCOLOR="{fill}">{text}</TD>')


def _columns(board: Position) -> int:
    """How many cells a row of the board has: 3 for tic-tac-toe, ``columns`` for other games."""
    return getattr(board, "columns", 3)


def _text_row(text: str, faded: bool, points: int, columns: int = 3) -> str:
    """A row under a board ``columns`` cells wide, always the same size so that the layout does
    not move."""
    colour = _FADED_TEXT if faded else TEXT
    width = columns * _CELL_POINTS + columns - 1
    return (f'<TR><TD COLSPAN="{columns}" FIXEDSIZE="TRUE" WIDTH="{width}" '
            f'HEIGHT="{points + 3}" BGCOLOR="{_BACKGROUND}">'
            f'<FONT COLOR="{colour}" POINT-SIZE="{points}">{text or " "}</FONT></TD></TR>')


def _edge_style(path: Path, best: Path | None, faded: bool) -> dict[str, str]:
    """Edge attributes: labelled with the cell played; thick on the best line, dashed if pruned."""
    style = {"headlabel": str(path[-1])}
    if faded:
        style.update(style="dashed", color=FADED, fontcolor=_FADED_TEXT)
    elif best is not None and best[:len(path)] == path:
        style.update(color=_BEST_COLOUR, penwidth="2.5")
    return style


def _add_stub(graph: graphviz.Digraph, path: Path, more: int, faded: bool) -> None:
    """A note 'N more nodes' under a position whose subtree is not drawn: the ``more`` nodes below
    it."""
    name = _name(path) + "_more"
    graph.node(name, f"{more:,}\nmore nodes", shape="plaintext", fontsize=str(_SMALL_POINTS),
               fontcolor=_FADED_TEXT if faded else TEXT, margin="0", height="0", width="0")
    graph.edge(_name(path), name, style="dotted", color=FADED)


# --- Monte Carlo tree search -------------------------------------------------------------------

@checked
def draw_mcts(board: Board, search: MCTSResult | Step, *, max_depth: int | None = None,
              max_nodes: int | None = 300, max_width: int | None = MAX_WIDTH,
              focus: Path | None = None) -> graphviz.Digraph:
    """The tree a Monte Carlo tree search from ``board`` grew (``ttt.search.mcts``): under each position,
    how many playouts went through it ('n=12': its visits) and their mean result for the player
    who moved into it ('X +0.5': X's average result after X's move there).

    For the result of ``mcts`` the move chosen is drawn thick. For a step of ``mcts_steps`` the
    position it is about is shaded and the path to it drawn thick; a selection also shows the
    UCB1 score of each child it chose among, and a playout the random moves played from there and
    the game's end. Trees too big or too wide are cut as ``draw_tree`` does (a stub under a cut
    position says how many positions of the search tree lie below it), or with ``focus`` (a path)
    drawn narrow; a step below the cut is followed down that way.
    """
    step = search if isinstance(search, Step) else None
    root = _search_tree(board, search.tree)
    counts = count_by_depth(root)
    depth = _cut_depth(counts, board, max_depth, max_nodes, max_width)
    if focus is None and step and depth is not None and len(step.path) > depth:
        focus = step.path  # the step is below the cut: follow it down instead
    if focus is not None:
        depth = _cut_depth(counts, board, max_depth, max_nodes, None)
    line = step.path if step else (search.move,)
    scores = step.scores if step and step.kind == SELECT else None
    graph = _empty_graph()
    drawn = list(_drawn_nodes(root, depth, focus))
    _add_level_names(graph, board, drawn)
    hidden = 0
    for path, node in drawn:
        is_current = step is not None and path == step.path
        graph.node(_name(path), _tally_label(node.board, search.tree[path], path, scores,
                                             is_current))
        if path:
            graph.edge(_name(path[:-1]), _name(path), **_edge_style(path, line, False))
        if node.children and not _expanded(path, node, depth, focus):
            more = count_nodes(node) - 1
            _add_stub(graph, path, more, False)
            hidden += more
    if step and step.kind == PLAY_OUT and step.moves:
        _add_playout(graph, drawn, step)
    graph.description = _sentences(
        _tree_words("Monte Carlo search tree", board, len(drawn), hidden),
        f"{search.tree[()].visits:,} playouts through the root.",
        _line_words("Path drawn thick" if step else "Move chosen, drawn thick", line, drawn),
        _current_words(step.path if step else None))
    return graph


def _search_tree(board: Board, tree: Mapping[Path, Tally]) -> Node:
    """The positions of a search tree (its tallies keyed by path) as ``ttt.search.tree`` nodes."""
    nodes = {(): Node(board)}
    for path in sorted(tree, key=len):
        if path:
            parent = nodes[path[:-1]]
            nodes[path] = parent.children[path[-1]] = Node(parent.board.play(path[-1]),
                                                           path[-1], len(path))
    return nodes[()]


def _tally_label(board: Board, tally: Tally, path: Path, scores: Mapping[Path, float] | None,
                 current: bool) -> str:
    """A board with its visits, its mean result for the player who moved into it (not at the
    root, and not before a first visit), and a UCB1 score if ``scores`` has one (a blank row
    where it has none)."""
    mean = ""
    if path and tally.visits:
        mover = "O" if board.to_move == "X" else "X"  # who just played
        colour = X_TEXT if mover == "X" else O_TEXT
        mean = f'<FONT COLOR="{colour}">{mover}</FONT> {signed(round(tally.mean, 2))}'
    visits = f"{tally.visits:,}" if tally.visits < 100_000 else f"{tally.visits // 1000}k"
    width = _columns(board)
    rows = [_text_row(f"n={visits}", False, _SMALL_POINTS, width),
            _text_row(mean, False, _VALUE_POINTS, width)]
    if scores is not None:
        score = scores.get(path)
        rows.append(_text_row("" if score is None else f"UCB {score:.2f}", False, _SMALL_POINTS,
                              width))
    return _board_label(board, rows, False, current)


def _add_playout(graph: graphviz.Digraph, drawn: list[tuple[Path, Node]], step: Step) -> None:
    """The end of a playout below the position it started from, joined by a dotted edge labelled
    with the random moves played."""
    start = dict(drawn).get(step.path)
    if start is None:
        return
    end = start.board
    for move in step.moves:
        end = end.play(move)
    name = _name(step.path) + "_playout"
    graph.node(name, _board_label(end, [_text_row(end.result_text(), False, _SMALL_POINTS,
                                                  _columns(end))], False, False))
    graph.edge(_name(step.path), name, style="dotted", color=TEXT, penwidth="1.5",
               label=" at random: " + ", ".join(map(str, step.moves)))


# --- boards side by side ----------------------------------------------------------------------

@checked
def board_row(boards: Iterable[Board | str], labels: Iterable[str] | None = None) -> HTML:
    """Boards side by side, each with a caption below (by default who is to move, or the result).

    Boards may be given as strings such as 'X..|.O.|...'. A notebook shows the result as pictures.
    """
    boards = [board if isinstance(board, Board) else Board.from_string(board) for board in boards]
    labels = [board.result_text() for board in boards] if labels is None else list(labels)
    if len(labels) != len(boards):
        raise ValueError(f"{len(boards)} boards but {len(labels)} labels")
    figures = "".join(
        f'<figure style="margin:0;text-align:center">{board._repr_svg_()}'
        f'<figcaption style="font-size:0.85em">{html.escape(str(label))}</figcaption></figure>'
        for board, label in zip(boards, labels, strict=True))
    return HTML(f'<div style="display:flex;flex-wrap:wrap;gap:20px;align-items:flex-start">'
                f'{figures}</div>')


def _has_source(obj: object, name: str) -> None:
    """The argument rule of ``show_source``: a function, class, method or module of Python."""
    if not (inspect.isfunction(obj) or inspect.isclass(obj) or inspect.ismethod(obj)
            or inspect.ismodule(obj) or inspect.isfunction(inspect.unwrap(obj))):
        raise TypeError(f"{name} is a function, class or module whose code to show, got "
                        f"{type(obj).__name__} {obj!r:.40}")


#: How shown code is laid out: in the font size of the notebook's code cells, and, where a window
#: is too narrow for a line, wrapped between words only. JupyterLab's output style breaks a line
#: anywhere (``word-break: break-all``), even in the middle of a name, and its larger text font
#: fits fewer than the 100 characters of the package's longest lines in a 1280 x 800 window.
_SOURCE_STYLE = ("white-space: pre-wrap; word-break: normal; overflow-wrap: normal; "
                "font-size: var(--jp-code-font-size, 13px); padding: 4px")


class _SourceCode(Code):
    """Code shown as the lessons show it (``_SOURCE_STYLE``), coloured with styles written into
    each element, so that nothing of it changes the rest of the page."""

    def _repr_html_(self) -> str:
        return highlight(self.data, PythonLexer(), HtmlFormatter(noclasses=True,
                                                                 prestyles=_SOURCE_STYLE))


@checked(obj=_has_source)
def show_source(obj: Any) -> _SourceCode:
    """The source of a function or class of the package, as the notebook shows code: the one way
    the lessons show the code that runs (never a copy, never a slice of its text)."""
    return _SourceCode(inspect.getsource(obj), language="python")
