"""An independent referee of the m,n,k-games and Connect Four: cells as a string, lines found by
walking the grid, values by plain minimax; the tests of ttt.games.mnk and ttt.search.solve check
the package against it."""

from functools import cache


def referee_winner(cells: str, columns: int, k: int) -> str | None:
    """'X' or 'O' if that mark has k in a row in ``cells`` (rows of ``columns``), else None."""
    rows = len(cells) // columns
    for r in range(rows):
        for c in range(columns):
            mark = cells[r * columns + c]
            if mark == ".":
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + dr * i < rows and 0 <= c + dc * i < columns
                       and cells[(r + dr * i) * columns + c + dc * i] == mark for i in range(k)):
                    return mark
    return None


def referee_moves(cells: str, columns: int, gravity: bool) -> list[int]:
    """The legal moves: free cells, or (gravity) the columns whose top cell is free."""
    if gravity:
        return [c for c in range(columns) if cells[c] == "."]
    return [cell for cell, mark in enumerate(cells) if mark == "."]


def referee_play(cells: str, columns: int, gravity: bool, move: int) -> tuple[str, int]:
    """The cells after the player to move makes ``move``, and the cell marked."""
    mark = "O" if (len(cells) - cells.count(".")) % 2 else "X"
    cell = max(c for c in range(move, len(cells), columns) if cells[c] == ".") if gravity else move
    return cells[:cell] + mark + cells[cell + 1:], cell


def referee_completes(cells: str, columns: int, k: int, cell: int) -> bool:
    """Whether the mark on ``cell`` is part of k in a row: count its like neighbours both ways
    along each direction."""
    rows, mark = len(cells) // columns, cells[cell]
    r, c = divmod(cell, columns)
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            i = 1
            while (0 <= r + sign * dr * i < rows and 0 <= c + sign * dc * i < columns
                   and cells[(r + sign * dr * i) * columns + c + sign * dc * i] == mark):
                run, i = run + 1, i + 1
        if run >= k:
            return True
    return False


def referee_value(cells: str, columns: int, k: int, gravity: bool) -> int:
    """+1, 0 or -1: who wins with perfect play from ``cells``, by plain minimax (memoised)."""
    winner = referee_winner(cells, columns, k)
    return (1 if winner == "X" else -1) if winner else _referee_value(cells, columns, k, gravity)


@cache
def _referee_value(cells: str, columns: int, k: int, gravity: bool) -> int:
    """The value of ``cells``, where nobody has won yet."""
    values = []
    for move in referee_moves(cells, columns, gravity):
        after, cell = referee_play(cells, columns, gravity, move)
        if referee_completes(after, columns, k, cell):
            values.append(1 if after[cell] == "X" else -1)
        else:
            values.append(_referee_value(after, columns, k, gravity))
    if not values:
        return 0
    return max(values) if cells.count(".") % 2 == len(cells) % 2 else min(values)
