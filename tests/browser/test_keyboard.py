"""Whole games played from the keyboard alone, as a blind student plays them: Tab and Shift+Tab to
move, Enter and Space to press (and the arrow keys on the level drop-down, as on any drop-down),
never the mouse; on the tic-tac-toe board and on Connect Four, in JupyterLab (lesson 11, run with
Run All) and in Voilà (the page of ``make play``, reached from the top of the page by Tab).

Every key press that lands on a board control leaves a focus ring that shows (``:focus-visible``
and an outline at least 2 px wide). What the board's polite live region says is recorded as it
changes, and each announcement is checked against the board: the side and level chosen, Hints
switched on and off, each of your moves and the computer's reply (the cell or column it names
holds its mark), a move on a taken cell (twice: the same words are read out again), Undo, and the
result, which is the status line's. The region is the same element
from start to end: a region put in anew is not read out.
"""

from __future__ import annotations

import re

import pytest
from board_game import BOARD, FOUR, no_traceback
from jupyter_pages import open_in_lab, run_all
from time_limits import KERNEL_REPLY_MS

from ttt.games.svg import cell_in_words

pytestmark = pytest.mark.browser

MOST_TAB_STOPS = 60  # a Tab journey longer than this is lost
# Start recording what the live region of ``board`` says; mark the region, to find it unchanged.
RECORD = """(board) => {
    const region = board.querySelector('[aria-live="polite"]');
    region.dataset.recorded = 'yes';
    window.announced = [];
    new MutationObserver(() => window.announced.push(region.textContent))
        .observe(region, {childList: true, characterData: true, subtree: true});
    document.addEventListener('focusin', (event) => { window.lastFocused = event.target; });
    return [region.getAttribute('role'), region.getAttribute('aria-live')];
}"""
# Where the element ``target`` lies from the focus: 1 after it, -1 before, 0 on it.
DIRECTION = """(target) => {
    const here = document.activeElement === document.body ? window.lastFocused
                                                             : document.activeElement;
    if (target === document.activeElement) return 0;
    if (!here) return 1;
    return here.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1;
}"""
# The focused element, if it is in ``board``: its classes, whether it shows as keyboard focus,
# and its outline.
FOCUSED = """(board) => {
    const el = document.activeElement;
    if (!board.contains(el) || el === board) return null;
    const style = getComputedStyle(el);
    return {name: el.className || el.tagName, visible: el.matches(':focus-visible'),
            outline: style.outlineStyle, width: parseFloat(style.outlineWidth)};
}"""
NEW = "(n) => window.announced.length > n"
RESULT = r"(?:[XO] wins: (?:you win|the computer wins)|Draw: nobody wins)\."


class Keyboard:
    """A student at the keyboard in front of ``board`` (a locator): moves the focus with Tab and
    Shift+Tab, presses keys, and hears what the board's live region says."""

    def __init__(self, page, board) -> None:
        self.page, self.board = page, board
        self.heard = 0  # announcements heard so far
        assert board.evaluate(RECORD) == ["status", "polite"]

    def tab_to(self, selector: str) -> None:
        """Tab (or Shift+Tab) until the focus is on the board's ``selector``; every stop on the
        board shows its focus ring."""
        for _ in range(MOST_TAB_STOPS):
            way = self.board.locator(selector).first.evaluate(DIRECTION)
            if way == 0:
                return
            self.page.keyboard.press("Tab" if way > 0 else "Shift+Tab")
            self.focus_shows()
        pytest.fail(f"{MOST_TAB_STOPS} presses of Tab did not reach {selector}", pytrace=False)

    def focus_shows(self) -> None:
        """The focused board control, if any, shows a focus ring a sighted keyboard user sees."""
        focused = self.board.evaluate(FOCUSED)
        if focused:
            assert focused["visible"] and focused["outline"] != "none" \
                and focused["width"] >= 2, focused

    def press(self, selector: str, key: str = "Enter") -> str:
        """Go to ``selector`` and press ``key``; return what the live region then says."""
        self.tab_to(selector)
        self.page.keyboard.press(key)
        self.focus_shows()
        return self.hear(f"{key} on {selector}")

    def hear(self, after: str) -> str:
        """The live region's next announcement (the latest, if several came at once), ``after``
        a key press."""
        try:
            self.page.wait_for_function(NEW, arg=self.heard, timeout=KERNEL_REPLY_MS)
        except Exception:  # noqa: BLE001 - say what the board shows
            said = self.page.evaluate("() => window.announced")
            pytest.fail(f"nothing announced after {after}; the status says {self.status()!r}; "
                        f"announced before: {said}", pytrace=False)
        said = self.page.evaluate("() => window.announced")
        self.heard = len(said)
        return said[-1].strip()  # the same words twice differ by a no-break space

    def status(self) -> str:
        return self.board.locator(".board-status").inner_text()

    def text(self, selector: str) -> str:
        return self.board.locator(selector).inner_text().strip()

    def region_kept(self) -> None:
        """The live region is the one recorded from the start."""
        assert self.board.locator("[aria-live='polite'][data-recorded='yes']").count() == 1


def start_in_lab(page, lab, selector: str) -> Keyboard:
    """Lesson 11 run in JupyterLab; the focus on the board's first control, as a student Tabs
    there from the notebook (the only step not taken by a key press: JupyterLab's own Tab
    stops, its cell editors among them, are JupyterLab's to test)."""
    open_in_lab(page, lab, "11_play.ipynb")
    run_all(page)
    no_traceback(page)
    board = page.locator(selector).first
    keys = Keyboard(page, board)
    board.locator("button").first.focus()
    keys.focus_shows()
    return keys


def start_in_voila(page, voila, selector: str) -> Keyboard:
    """The page of ``make play``, reached from the top of the page with Tab alone."""
    page.goto(voila + "/", timeout=60_000)
    board = page.locator(selector).first
    board.locator("button").first.wait_for(timeout=KERNEL_REPLY_MS)
    no_traceback(page)
    keys = Keyboard(page, board)
    keys.tab_to("button")
    return keys


# --- tic-tac-toe ----------------------------------------------------------------------------------

MARK_OF = r"cell (\d), row \d, column \d"


def cells(keys: Keyboard) -> list[str]:
    return [keys.text(f".cell-{cell}") for cell in range(9)]


def check_reply(keys: Keyboard, said: str, cell: int, computer: str) -> None:
    """``said`` after your move on ``cell``: your move, the computer's reply on a cell that now
    holds its mark (unless your move ended the game), and whose turn it is or the result."""
    you = "O" if computer == "X" else "X"
    where = cell_in_words(cell)
    heard = re.fullmatch(rf"You played {where}\. (?:The computer \({computer}\) played "
                         rf"{MARK_OF}\. )?(Your move: you are {you}\.|{RESULT})", said)
    assert heard, said
    assert cells(keys)[cell] == you
    if heard[1] is not None:
        assert cells(keys)[int(heard[1])] == computer
    else:
        assert re.fullmatch(RESULT, heard[2]), said
    assert keys.status() == heard[2]


def play_tic_tac_toe(keys: Keyboard) -> None:
    """The level and the side chosen, Hints on and off, a move taken back, and a whole game
    played, from the keyboard; each announcement checked."""
    assert keys.press("select", "ArrowUp") == "Computer: self-play and search (AlphaZero)."
    assert keys.press("select", "ArrowDown") == "Computer: perfect."
    said = keys.press(".widget-toggle-button:has-text('O (computer starts)')")
    first = re.fullmatch(rf"New game: you play O\. The computer \(X\) played {MARK_OF}\. "
                         r"Your move: you are O\.", said)
    assert first, said
    assert [mark for mark in cells(keys) if mark] == ["X"]
    assert cells(keys)[int(first[1])] == "X"
    said = keys.press(".widget-toggle-button:has-text('X (you start)')", "Space")
    assert said == "New game: you play X. Your move: you are X."
    assert cells(keys) == [""] * 9
    assert keys.press(".widget-checkbox:has-text('Hints') input", "Space") == "Hints on."
    assert keys.press(".widget-checkbox:has-text('Hints') input", "Space") == "Hints off."
    for move in range(2):
        cell = cells(keys).index("")
        check_reply(keys, keys.press(f".cell-{cell}", ("Enter", "Space")[move]), cell, "O")
    for _ in range(2):  # the same words twice are read out twice
        assert keys.press(f".cell-{cell}") == f"Cell {cell} is taken by X: pick a free cell."
    assert keys.press(".undo") == ("Took back your last move and the computer's reply. "
                                   "Your move: you are X.")
    assert sum(map(bool, cells(keys))) == 2
    while not re.search("wins|Draw", keys.status()):
        cell = cells(keys).index("")
        check_reply(keys, keys.press(f".cell-{cell}"), cell, "O")
    assert re.fullmatch(r"O wins: the computer wins\.|Draw: nobody wins\.", keys.status())
    assert keys.press(".new-game") == "New game: you play X. Your move: you are X."
    keys.region_kept()
    no_traceback(keys.page)


def test_tic_tac_toe_by_keyboard_in_jupyterlab(page, lab):
    play_tic_tac_toe(start_in_lab(page, lab, BOARD))


def test_tic_tac_toe_by_keyboard_in_voila(page, voila):
    play_tic_tac_toe(start_in_voila(page, voila, BOARD))


# --- Connect Four ---------------------------------------------------------------------------------

COLUMNS, ROWS = 7, 6


def column_marks(keys: Keyboard) -> list[list[str]]:
    """Each column's discs, top row first."""
    discs = keys.board.evaluate(
        "(board) => Array.from({length: 42}, (_, i) =>"
        " board.querySelector('.disc-' + i).innerText.trim())")
    return [[discs[row * COLUMNS + column] for row in range(ROWS)] for column in range(COLUMNS)]


def redrawn(keys: Keyboard, before: list[list[str]],
            told: set[int]) -> tuple[list[list[str]], set[int]]:
    """The discs once the board shows the columns ``told`` changed (the announcement can be read
    before the board is redrawn on a loaded machine), and the columns that changed; as they are
    after KERNEL_REPLY_MS if the board never shows it."""
    waited = 0
    while True:
        after = column_marks(keys)
        grew = {c for c in range(COLUMNS)
                if sorted(m for m in after[c] if m) != sorted(m for m in before[c] if m)}
        if grew == told or waited >= KERNEL_REPLY_MS:
            return after, grew
        keys.page.wait_for_timeout(250)
        waited += 250


def check_drop(keys: Keyboard, said: str, column: int, before: list[list[str]]) -> None:
    """``said`` after your disc in ``column``: your disc and the computer's reply, each in the
    column named, and whose turn it is or the result."""
    heard = re.fullmatch(rf"You played column {column}\. (?:The computer \(O\) played column "
                         rf"(\d)\. )?(Your move: you are X\.|{RESULT})", said)
    assert heard, said
    told = {column} if heard[1] is None else {column, int(heard[1])}
    after, grew = redrawn(keys, before, told)
    if heard[1] is None:
        assert grew == {column} and re.fullmatch(RESULT, heard[2]), said
    else:
        assert grew == {column, int(heard[1])}, (said, before, after)
        assert sum(m == "O" for m in after[int(heard[1])]) > sum(
            m == "O" for m in before[int(heard[1])])
    assert sum(m == "X" for m in after[column]) == sum(m == "X" for m in before[column]) + 1
    assert keys.status() == heard[2]


def play_connect_four(keys: Keyboard) -> None:
    """As for tic-tac-toe, on Connect Four: the level one weaker, so the game is quick."""
    assert keys.press("select", "ArrowUp") == "Computer: looks 2 moves ahead."
    said = keys.press(".widget-toggle-button:has-text('O (computer starts)')")
    first = re.fullmatch(r"New game: you play O\. The computer \(X\) played column (\d)\. "
                         r"Your move: you are O\.", said)
    assert first, said
    assert column_marks(keys)[int(first[1])][-1] == "X"
    said = keys.press(".widget-toggle-button:has-text('X (you start)')", "Space")
    assert said == "New game: you play X. Your move: you are X."
    assert keys.press(".widget-checkbox:has-text('Hints') input", "Space") == "Hints on."
    assert keys.press(".widget-checkbox:has-text('Hints') input", "Space") == "Hints off."
    moves = 0
    while not re.search("wins|Draw", keys.status()):
        before = column_marks(keys)
        column = next(c for c in range(COLUMNS) if not before[c][0])
        check_drop(keys, keys.press(f".drop-{column}", ("Enter", "Space")[moves % 2]), column,
                   before)
        moves += 1
        if moves == 2:
            assert keys.press(".undo") == ("Took back your last move and the computer's reply. "
                                           "Your move: you are X.")
            assert sum(m != "" for column in column_marks(keys) for m in column) == 2
    assert moves >= 4
    keys.region_kept()
    no_traceback(keys.page)


def test_connect_four_by_keyboard_in_jupyterlab(page, lab):
    play_connect_four(start_in_lab(page, lab, FOUR))


def test_connect_four_by_keyboard_in_voila(page, voila):
    play_connect_four(start_in_voila(page, voila, FOUR))
