"""Playing a whole game on the playable board by clicking its buttons in a real browser at
1280 x 800, wherever it runs: JupyterLab and Voilà (tests/browser) or the browser-only course
(tests/lite).

The human clicks the lowest free cell, reading the board from the buttons' texts, until the status
line says the game is over. Whatever the computer varies, "perfect" never loses, so the game ends
in "O wins" or "Draw". On the way: Undo removes the last two marks; Hints label every free cell
with a win, draw or loss, and no label or button text is cut off; Explain shows a tree that fits
the page with text big enough to read on a projector. Then, at the strongest Monte Carlo level,
Explain shows the visits behind the computer's reply; at the AlphaZero level, the network's prior
and value and the search's visits. The board's buttons carry the classes
``cell-0`` ... ``cell-8``, its status line ``board-status``, the whole board ``play-board``. Its
live region (tests/browser/test_keyboard.py hears all it says) names the computer's first reply and
the result.
"""

from __future__ import annotations

import re

import pytest
from jupyter_pages import ERROR, layout, smallest_texts, truncated_texts
from time_limits import KERNEL_REPLY_MS

from ttt.games.svg import cell_in_words

#: The tic-tac-toe board; a page may also show a Connect Four board (``connect-four``).
BOARD = ".play-board:not(.connect-four)"
#: The board's polite live region: what a screen reader reads out after each move
LIVE = f"{BOARD} [role='status'][aria-live='polite']"
MIN_TEXT_PX = 10  # the smallest text a class can read from the back of the room, at 1280 x 800
HINT = re.compile(r"^(win in \d|draw|loss in \d)$")
SAMPLING = "samples 1,000 games (MCTS)"  # the strongest Monte Carlo level
ALPHAZERO = "self-play and search (AlphaZero)"  # the network-guided search (lesson 10)

# The nine buttons' texts, and how many hold a mark.
READ_CELLS = """() => Array.from({length: 9},
    (_, i) => document.querySelector('.cell-' + i).innerText.trim())"""
# True once the move of a click is on the board with the computer's reply, or the game is over.
REPLIED = """(before) => {
    const marks = Array.from({length: 9}, (_, i) =>
        document.querySelector('.cell-' + i).innerText.trim()).filter(t => t === 'X' || t === 'O');
    const status = document.querySelector('.play-board:not(.connect-four) .board-status').innerText;
    return marks.length >= before + 2 || (marks.length > before && /wins|Draw/.test(status));
}"""
MARKS_ARE = """(n) => Array.from({length: 9}, (_, i) =>
    document.querySelector('.cell-' + i).innerText.trim()).filter(t => t === 'X' || t === 'O')
    .length === n"""


def cells(page) -> list[str]:
    return page.evaluate(READ_CELLS)


def marks(page) -> int:
    return sum(text in ("X", "O") for text in cells(page))


def status(page) -> str:
    return page.locator(f"{BOARD} .board-status").inner_text()


def game_over(page) -> bool:
    return bool(re.search(r"wins|Draw", status(page)))


def no_traceback(page) -> None:
    if page.locator(ERROR).count():
        pytest.fail("the notebook raised:\n" + page.locator(ERROR).first.inner_text())


def wait_until(page, condition: str, arg: object, what: str) -> None:
    """Wait for the JavaScript ``condition``; if it never holds, fail with what the board shows."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(condition, arg=arg, timeout=KERNEL_REPLY_MS)
    except PlaywrightTimeout:
        pytest.fail(f"{what}: the buttons show {cells(page)}, the status {status(page)!r}",
                    pytrace=False)


def click_lowest_free(page) -> None:
    """Your move on the lowest free cell; returns once the computer has replied (or it's over)."""
    texts = cells(page)
    before = sum(text in ("X", "O") for text in texts)
    cell = texts.index("")
    page.locator(f".cell-{cell}").click()
    wait_until(page, REPLIED, before, f"no reply to a click on cell {cell} of {texts}")


# Scrolled to the top of the board, the bottom of what the window shows of the scrolling area
# around it (JupyterLab's notebook, or Voilà's page), and the board's own bottom, in px.
SCREEN_BOTTOM = """(board) => {
    board.scrollIntoView({block: 'start'});
    let area = board.parentElement;
    while (area && !(area.scrollHeight > area.clientHeight
                     && /auto|scroll/.test(getComputedStyle(area).overflowY))) {
        area = area.parentElement;
    }
    const visible = area ? Math.min(area.getBoundingClientRect().bottom, innerHeight)
                         : innerHeight;
    return [visible, board.getBoundingClientRect().bottom];
}"""


def fits_one_screen(board) -> None:
    """The board, its controls and its explanation are on one screen, scrolled to the board."""
    visible, bottom = board.evaluate(SCREEN_BOTTOM)
    assert bottom <= visible, f"the board ends at {bottom:.0f} px, the screen at {visible:.0f} px"


def legible(page, tree: bool = True) -> None:
    """No text on the board or its controls is cut off; with a ``tree`` (at "perfect"), the
    Explain tree fits the page with text big enough to read; board and explanation fit one screen
    (checked with Hints and Explain on)."""
    board = page.locator(BOARD).first
    assert truncated_texts(board) == []
    if tree:
        explanation = page.locator(f"{BOARD} .explanation-tree").first
        explanation.locator("svg").first.wait_for()
        size = layout(explanation)
        assert not size["scrolls"] and max(size["pictures"]) <= size["box"], size
        assert min(smallest_texts(explanation)) >= MIN_TEXT_PX
    fits_one_screen(board)


def play(page) -> None:
    """The whole check, on a page where the lesson has been run."""
    from playwright.sync_api import expect

    page.locator(".cell-8").or_(page.locator(ERROR)).first.wait_for(timeout=KERNEL_REPLY_MS)
    no_traceback(page)
    expect(page.locator(".cell-8")).to_have_count(1)  # one live board on the page, the lesson's
    expect(page.locator(f"{BOARD} .board-status")).to_have_text("Your move: you are X.")
    assert cells(page) == [""] * 9

    click_lowest_free(page)
    after_one = cells(page)
    assert after_one[0] == "X" and after_one.count("O") == 1
    reply = after_one.index("O")
    expect(page.locator(LIVE)).to_have_text(
        f"You played {cell_in_words(0)}. The computer (O) played {cell_in_words(reply)}. "
        f"Your move: you are X.")
    click_lowest_free(page)
    assert marks(page) == 4

    page.locator(f"{BOARD} .undo").click()  # takes back your second move and the reply
    wait_until(page, MARKS_ARE, 2, f"Undo did not go back to {after_one}")
    assert cells(page) == after_one
    expect(page.locator(f"{BOARD} .board-status")).to_have_text("Your move: you are X.")

    page.locator(f"{BOARD} .widget-checkbox:has-text('Explain') input").check()
    seen = []
    while not game_over(page):
        seen += check_hints(page)
        click_lowest_free(page)
    assert any(re.match(r"(loss|win) in", text) for text in seen), seen  # the long labels too
    final = status(page)
    assert re.fullmatch(r"O wins: the computer wins\.|Draw: nobody wins\.", final), final
    # read out too (a message of its own, which may come a moment after the status line's)
    expect(page.locator(LIVE)).to_have_text(re.compile(rf"\. {re.escape(final)}\s*$"))
    sampling_level(page)
    alphazero_level(page)
    no_traceback(page)


def sampling_level(page) -> None:
    """At the strongest sampling level, Explain shows the random games behind the reply: one row
    per move the computer could make (eight after your first move), legible."""
    from playwright.sync_api import expect

    page.locator(f"{BOARD} select").select_option(label=SAMPLING)
    page.locator(f"{BOARD} .new-game").click()
    wait_until(page, MARKS_ARE, 0, "New game did not clear the board")
    click_lowest_free(page)
    rows = page.locator(f"{BOARD} .explanation table.sampling tr")
    expect(rows).to_have_count(1 + 8)  # a heading and the eight free cells
    expect(page.locator(f"{BOARD} .explanation")).to_contain_text("It sampled 1,000 random games")
    legible(page, tree=False)


def alphazero_level(page) -> None:
    """At the AlphaZero level, Explain shows for each move the computer could make (eight after
    your first move) the network's prior and the search's visits, 100 in all, and the network's
    value of the position, legible."""
    from playwright.sync_api import expect

    page.locator(f"{BOARD} select").select_option(label=ALPHAZERO)
    page.locator(f"{BOARD} .new-game").click()
    wait_until(page, MARKS_ARE, 0, "New game did not clear the board")
    click_lowest_free(page)
    table = page.locator(f"{BOARD} .explanation table.guided")
    expect(table.locator("tr")).to_have_count(1 + 8)  # a heading and the eight free cells
    expect(table.locator("tr").first).to_contain_text("prior")
    expect(table.locator("tr").first).to_contain_text("visits")
    visits = [int(text.replace(",", "")) for text in
              table.locator("tr td:nth-child(3)").all_inner_texts()]
    assert sum(visits) == 100, visits
    priors = [int(text.rstrip("%")) for text in
              table.locator("tr td:nth-child(2)").all_inner_texts()]
    assert 95 <= sum(priors) <= 105, priors  # shares adding up to 1, each rounded to a percent
    expect(page.locator(f"{BOARD} .explanation")).to_contain_text(
        re.compile(r"how this position ends for O, the computer: [+-]\d\.\d\d on a scale from "
                   r"−1 \(O loses\) through 0 \(a draw\) to \+1 \(O wins\)\. With perfect play it "
                   r"is (a draw|a win in \d for O|a loss in \d for O)"))
    legible(page, tree=False)


def check_hints(page) -> list[str]:
    """Turn Hints on: every free cell shows a hint, and the page stays legible. Turn them off
    again (the game reads free cells as blank buttons); return the hints seen."""
    from playwright.sync_api import expect

    hints = page.locator(f"{BOARD} .widget-checkbox:has-text('Hints') input")
    free = [cell for cell, text in enumerate(cells(page)) if not text]
    hints.check()
    for cell in free:
        expect(page.locator(f".cell-{cell}")).to_have_text(HINT)
    texts = [cells(page)[cell] for cell in free]
    legible(page)
    hints.uncheck()
    for cell in free:
        expect(page.locator(f".cell-{cell}")).to_have_text("")
    return texts


# --- Connect Four ---------------------------------------------------------------------------------

FOUR = ".play-board.connect-four"
COLUMNS, ROWS = 7, 6
FOUR_HINT = re.compile(r"^(win in \d+|draw|loss in \d+|≈ [+−-]\d\.\d\d)$")
DISCS = """() => Array.from(document.querySelectorAll('.connect-four [class*="disc-"]'))
    .map(cell => cell.innerText.trim()).filter(t => t === 'X' || t === 'O').length"""
FOUR_REPLIED = """(before) => {
    const discs = Array.from(document.querySelectorAll('.connect-four [class*="disc-"]'))
        .map(cell => cell.innerText.trim()).filter(t => t === 'X' || t === 'O').length;
    const status = document.querySelector('.connect-four .board-status').innerText;
    return discs >= before + 2 || (discs > before && /wins|Draw/.test(status));
}"""


# True once the board has settled: the game is over, or every open column shows its hint.
SETTLED = """() => {
    const text = (name) => document.querySelector('.connect-four .' + name).innerText.trim();
    if (/wins|Draw/.test(text('board-status'))) return true;
    return Array.from({length: COLUMNS}, (_, c) => c)
        .every(c => text('disc-' + c) || text('hint-' + c));
}""".replace("COLUMNS", str(COLUMNS))


def four_status(page) -> str:
    return page.locator(f"{FOUR} .board-status").inner_text()


def open_columns(page) -> list[int]:
    """The columns whose top cell is free, read from the page."""
    return [column for column in range(COLUMNS)
            if not page.locator(f"{FOUR} .disc-{column}").inner_text().strip()]


def play_connect_four(page) -> None:
    """A whole Connect Four game on a page where the board is shown: you (X) drop every disc in
    the leftmost open column, with Hints and Explain on; every open column shows a hint, no text is
    cut off, the explanation fits; the game ends with the result in the status line."""
    from playwright.sync_api import expect

    page.locator(f"{FOUR} .drop-3").or_(page.locator(ERROR)).first.wait_for(timeout=KERNEL_REPLY_MS)
    no_traceback(page)
    expect(page.locator(f"{FOUR} .board-status")).to_have_text("Your move: you are X.")
    assert open_columns(page) == list(range(COLUMNS))
    page.locator(f"{FOUR} .widget-checkbox:has-text('Hints') input").check()
    page.locator(f"{FOUR} .widget-checkbox:has-text('Explain') input").check()
    moves = 0
    while not re.search(r"wins|Draw", four_status(page)):
        for column in open_columns(page):  # the hint above the arrow, the arrow kept
            expect(page.locator(f"{FOUR} .hint-{column}")).to_have_text(FOUR_HINT)
            expect(page.locator(f"{FOUR} .drop-{column}")).to_have_text(f"↓ {column}")
        cut = truncated_texts(page.locator(FOUR).first)
        assert cut == [], cut
        before = page.evaluate(DISCS)
        page.locator(f"{FOUR} .drop-{open_columns(page)[0]}").click()
        try:
            page.wait_for_function(FOUR_REPLIED, arg=before, timeout=KERNEL_REPLY_MS)
            page.wait_for_function(SETTLED, timeout=KERNEL_REPLY_MS)
        except Exception:  # noqa: BLE001 - say what the board shows
            pytest.fail(f"no reply: the status says {four_status(page)!r}", pytrace=False)
        moves += 1
        explanation = page.locator(f"{FOUR} .explanation").first
        expect(explanation).to_contain_text("The computer (O) played column")
        size = layout(explanation)
        assert not size["scrolls"], size
        fits_one_screen(page.locator(FOUR).first)
    assert moves >= 4  # four discs at least before anyone can win
    assert re.fullmatch(r"[XO] wins: (you win|the computer wins)\.|Draw: nobody wins\.",
                        four_status(page))
    no_traceback(page)


THINKING_LEVEL = "thinks 1 second (iterative deepening)"  # the slowest level to answer
# True while your disc is on the board and the computer is still thinking about its answer.
YOURS_ALONE = """(before) => {
    const discs = Array.from(document.querySelectorAll('.connect-four [class*="disc-"]'))
        .map(cell => cell.innerText.trim()).filter(t => t === 'X' || t === 'O').length;
    const status = document.querySelector('.connect-four .board-status').innerText;
    return discs === before + 1 && /is thinking/.test(status);
}"""


def disc_at_once(page) -> None:
    """At the level that thinks a second a move, your disc shows as soon as you drop it, while
    the computer thinks (it once appeared only with the computer's answer), and the answer comes
    after."""
    page.locator(f"{FOUR} .drop-3").or_(page.locator(ERROR)).first.wait_for(timeout=KERNEL_REPLY_MS)
    no_traceback(page)
    page.locator(f"{FOUR} select").select_option(label=THINKING_LEVEL)
    before = page.evaluate(DISCS)
    page.locator(f"{FOUR} .drop-3").click()
    try:
        page.wait_for_function(YOURS_ALONE, arg=before, timeout=KERNEL_REPLY_MS)
    except Exception:  # noqa: BLE001 - say what the board shows
        pytest.fail(f"your disc never showed alone: the page shows {page.evaluate(DISCS)} discs, "
                    f"the status says {four_status(page)!r}", pytrace=False)
    page.wait_for_function(FOUR_REPLIED, arg=before, timeout=KERNEL_REPLY_MS)
    assert page.evaluate(DISCS) == before + 2
    no_traceback(page)
