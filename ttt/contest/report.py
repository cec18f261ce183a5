"""The contest's report, a folder a teacher can project and students can open: ``index.html``,
the leaderboard (a table, and a chart of the ratings, ``ratings.png``), the limits each player ran
under, and why each game lost by a failure was lost; ``games/N.html``, each game replayed move by
move on the course's board pictures; ``contest.json``, the whole contest as data.

The pages are plain HTML with no outside resources: a real table with headers, text large enough
to read from the back of a room, the boards' pictures titled with the position in words, and a
replay whose buttons work from the keyboard and announce each move to a screen reader.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only: the report is written from a terminal too
import matplotlib.pyplot as plt  # noqa: E402 (after choosing the back end)

from ttt.catalogue import game_named  # noqa: E402
from ttt.contest.rating import Standing, leaderboard  # noqa: E402
from ttt.contest.running import Contest, Game  # noqa: E402
from ttt.core.arguments import checked  # noqa: E402
from ttt.core.protocol import Position  # noqa: E402
from ttt.games.mnk import ConnectFour  # noqa: E402
from ttt.games.svg import O_COLOUR, X_COLOUR, board_svg, cell_in_words  # noqa: E402

__all__ = ["write_report"]

#: The page's look: large type for a projector, a table that scrolls sideways on a phone.
_STYLE = """
body { font: 24px/1.4 system-ui, sans-serif; margin: 1em auto; max-width: 60em; padding: 0 .5em;
       color: #111; background: #fff; }
h1 { font-size: 1.6em; margin: .2em 0; } h2 { font-size: 1.25em; margin-top: 1.2em; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; min-width: 100%; }
caption { text-align: left; font-weight: bold; padding: .3em 0; }
th, td { padding: .25em .6em; border-bottom: 1px solid #767676; text-align: right; }
th[scope=row], thead th:nth-child(2) { text-align: left; }
th[scope=row] { white-space: nowrap; }
tbody tr:nth-child(odd) { background: #f0f0f0; }
img { max-width: 100%; height: auto; }
a { color: #0050a0; } a:focus, button:focus { outline: 3px solid #0050a0; outline-offset: 2px; }
button { font: inherit; padding: .2em .8em; margin-right: .3em; }
figure { margin: .5em 0; }
.frame svg { width: min(90vw, 50vh); height: auto; }
@media (max-width: 600px) { body { font-size: 15px; } th, td { padding: .2em .15em; }
                            th[scope=row] small { display: block; } }
"""


def _a_report_folder(value: object, name: str) -> None:
    """The argument rule of the report's folder: a path that is a folder, or nothing yet (it is
    made), not a file."""
    if isinstance(value, Path) and value.exists() and not value.is_dir():
        raise ValueError(f"{name} is the report's folder, got {str(value)!r:.80}, a file")


@checked(folder=_a_report_folder)
def write_report(contest: Contest, folder: Path) -> Path:
    """Write the report of ``contest`` into ``folder``: its ``index.html`` (returned), the chart,
    a replay page per game and ``contest.json``."""
    (folder / "games").mkdir(parents=True, exist_ok=True)
    (folder / "contest.json").write_text(json.dumps(contest.as_json(), indent=1))
    rows = leaderboard(contest)
    _plot_ratings(rows).savefig(folder / "ratings.png", dpi=100)
    plt.close("all")
    for number, game in enumerate(contest.games, 1):
        (folder / "games" / f"{number}.html").write_text(_replay_page(contest, game, number))
    index = folder / "index.html"
    index.write_text(_leaderboard_page(contest, rows))
    return index


def _plot_ratings(rows: list[Standing]):  # noqa: ANN201 (a matplotlib Figure)
    """A bar per player, best at the top: its rating; the course's players in orange."""
    height = max(3.0, 0.45 * len(rows) + 1.2)
    fig, ax = plt.subplots(figsize=(10, height))
    names = [row.name + (" (course)" if row.reference else "") for row in rows][::-1]
    ratings = [row.rating for row in rows][::-1]
    colours = [O_COLOUR if row.reference else X_COLOUR for row in rows][::-1]
    ax.barh(names, ratings, color=colours)
    ax.axvline(0, color="#444", linewidth=1)
    ax.set_xlabel("rating (openskill: mu - 3 sigma)", fontsize=14)
    ax.set_title("The contest's leaderboard", fontsize=16)
    ax.tick_params(labelsize=13)
    fig.tight_layout()
    return fig


def _leaderboard_page(contest: Contest, rows: list[Standing]) -> str:
    """The report's front page: leaderboard, chart, limits, failures, and the games."""
    body = [f"<h1>Contest: {_e(contest.game)}, seed {contest.seed}</h1>",
            f"<p>{len(contest.players)} players, {len(contest.games)} games: each player against "
            f"every other, once as X and once as O.</p>",
            _leaderboard_table(rows),
            '<h2 id="chart">Ratings</h2>',
            f'<img src="ratings.png" alt="{_e(_chart_words(rows))}">',
            '<h2 id="limits">What each player ran under</h2>',
            _list(contest.in_force),
            *([f"<p><strong>Not confined here:</strong></p>{_list(contest.missing)}"]
              if contest.missing else []),
            '<h2 id="failures">Games lost by a failure</h2>',
            _list([f'<a href="games/{n}.html">Game {n}</a>: {_e(game.sentence)}'
                   for n, game in enumerate(contest.games, 1) if game.sentence], raw=True)
            or "<p>None.</p>",
            *([f"<h2>Entries left out</h2>{_list(contest.left_out)}"] if contest.left_out
              else []),
            '<h2 id="games">Every game</h2>',
            _list([f'<a href="games/{n}.html">Game {n}: {_e(game.x)} (X) against {_e(game.o)} '
                   f'(O)</a>: {_e(_result(game))}' for n, game in enumerate(contest.games, 1)],
                  raw=True)]
    return _page(f"Contest leaderboard: {contest.game}", body)


def _leaderboard_table(rows: list[Standing]) -> str:
    """The leaderboard as a table with column and row headers."""
    head = ("Rank", "Player", "Rating", "Won", "Drawn", "Lost", "Failed")
    lines = ['<div class="scroll" role="region" aria-labelledby="board-caption" tabindex="0">',
             '<table><caption id="board-caption">Leaderboard, best first (Failed: games '
             'lost by a time-out, a crash, an illegal move...)</caption><thead><tr>',
             *(f'<th scope="col">{label}</th>' for label in head), "</tr></thead><tbody>"]
    for rank, row in enumerate(rows, 1):
        name = _e(row.name) + (" <small>(course)</small>" if row.reference else "")
        cells = (f"{row.rating:.1f}", row.won, row.drawn, row.lost, row.failures)
        lines.append(f'<tr><td>{rank}</td><th scope="row">{name}</th>'
                     + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    return "\n".join([*lines, "</tbody></table></div>"])


def _chart_words(rows: list[Standing]) -> str:
    """The chart in words, its alt text."""
    return "Bar chart of the ratings, best first: " + "; ".join(
        f"{row.name} {row.rating}" for row in rows) + "."


def _result(game: Game) -> str:
    """How a game ended, in words."""
    if game.winner is None:
        return "A draw"
    return f"{game.winner} won" + (" (the other failed)" if game.sentence else "")


def _replay_page(contest: Contest, game: Game, number: int) -> str:
    """A game move by move: the board after each move (all shown without scripts; with them,
    one at a time with previous and next buttons), each move in words."""
    frames = [_frame(position, caption, step)
              for step, (position, caption) in enumerate(_replay_positions(contest.game, game))]
    title = f"Game {number}: {game.x} (X) against {game.o} (O)"
    body = [f'<p><a href="../index.html">Back to the leaderboard</a></p><h1>{_e(title)}</h1>',
            f"<p>{_e(_result(game))}. {_e(game.sentence)}</p>",
            '<p class="controls" hidden><button type="button" id="previous">Previous move'
            '</button><button type="button" id="next">Next move</button></p>',
            '<p id="said" aria-live="polite"></p>', *frames,
            *(f"<h2>{_e(name)} printed</h2><pre>{_e(text[:2000])}</pre>"
              for name, text in game.printed.items()),
            f"<script>{_REPLAY_SCRIPT}</script>"]
    return _page(title, body)


def _replay_positions(game_name: str, game: Game) -> list[tuple[Position, str]]:
    """Each position of ``game`` with a caption: the start, then after each move."""
    position = game_named(game_name)
    shown = [(position, "The empty board.")]
    for number, move in enumerate(game.moves, 1):
        mover = position.to_move
        where = (f"column {move}" if isinstance(position, ConnectFour)
                 else cell_in_words(move, position.columns))
        position = position.play(move)
        shown.append((position, f"Move {number}: {mover} plays {where}."))
    if game.sentence:
        shown.append((position, game.sentence))
    return shown


def _frame(position: Position, caption: str, step: int) -> str:
    """One position of a replay: its picture (titled with the position in words) and caption."""
    svg = board_svg(position.cells, position.winning_line, size=360, columns=position.columns,
                    discs=isinstance(position, ConnectFour))
    return (f'<figure class="frame" id="step-{step}">{svg}'
            f"<figcaption>{_e(caption)}</figcaption></figure>")


#: The replay's buttons: one position at a time, the move said in the live region.
_REPLAY_SCRIPT = """
const frames = [...document.querySelectorAll('.frame')];
let at = 0;
function show(step) {
  at = Math.max(0, Math.min(frames.length - 1, step));
  frames.forEach((frame, i) => { frame.hidden = i !== at; });
  document.getElementById('said').textContent = frames[at].querySelector('figcaption').textContent;
  document.getElementById('previous').disabled = at === 0;
  document.getElementById('next').disabled = at === frames.length - 1;
}
document.querySelector('.controls').hidden = false;
document.getElementById('previous').onclick = () => show(at - 1);
document.getElementById('next').onclick = () => show(at + 1);
show(0);
"""


def _list(items: list[str], raw: bool = False) -> str:
    """An HTML list of ``items`` (escaped unless ``raw``), empty if there are none."""
    if not items:
        return ""
    return "<ul>" + "".join(f"<li>{item if raw else _e(item)}</li>" for item in items) + "</ul>"


def _page(title: str, body: list[str]) -> str:
    """A whole HTML page."""
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_e(title)}</title><style>{_STYLE}</style></head>\n<body><main>\n"
            + "\n".join(body) + "\n</main></body></html>\n")


def _e(text: object) -> str:
    """``text`` escaped for HTML."""
    return html.escape(str(text))
