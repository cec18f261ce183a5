"""Model answers to the "Your turn" exercises, written the way a student would write them.

They deliberately use only what the lessons have shown (``board.cells``, ``board.play``,
``LINES``, ...), so some repeat what the package does faster elsewhere: a student's winner check
is the point of the exercise. ``ttt.exercises`` checks each against the package, and
``make solutions`` copies them into the lessons, which is why they carry no type hints: pasted
into a notebook, they must run with only the names that lesson has imported.
"""

import math

from ttt.board import LINES, Board, open_lines

# --- lesson 1 ---------------------------------------------------------------------------------


def winner(board):
    """'X' or 'O' if that player has three in a row, else None."""
    cells = board.cells
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def legal_moves(board):
    """The free cells, or none at all once somebody has won."""
    if board.winner:
        return []
    return [cell for cell in range(9) if board.cells[cell] == "."]


# --- lesson 2 ---------------------------------------------------------------------------------


def count_tree_nodes(node):
    """The number of nodes in the tree below node, node itself included."""
    return 1 + sum(count_tree_nodes(child) for child in node.children.values())


def count_x_wins(node):
    """The number of finished games in the tree below node that X wins."""
    if not node.children:
        return 1 if node.board.winner == "X" else 0
    return sum(count_x_wins(child) for child in node.children.values())


# --- lesson 3 ---------------------------------------------------------------------------------


def score(board):
    """+1 if X has won, -1 if O has won, 0 for a draw, None while the game goes on."""
    if board.winner == "X":
        return +1
    if board.winner == "O":
        return -1
    if board.is_over:
        return 0
    return None


def minimax_value(board):
    """The value of board with perfect play: +1 X wins, 0 draw, -1 O wins."""
    if board.is_over:
        return {"X": 1, "O": -1}.get(board.winner, 0)
    values = [minimax_value(board.play(cell)) for cell in board.legal_moves]
    return max(values) if board.to_move == "X" else min(values)


def best_move(board):
    """The best move for the player to move: the quickest win, else a draw, else the slowest
    loss."""
    def quick_value(board):
        # A win counts for more the more cells are still free; a loss for less.
        if board.is_over:
            free = board.cells.count(".")
            return {"X": 1, "O": -1}.get(board.winner, 0) * (1 + free)
        values = [quick_value(board.play(cell)) for cell in board.legal_moves]
        return max(values) if board.to_move == "X" else min(values)

    pick = max if board.to_move == "X" else min
    return pick(board.legal_moves, key=lambda cell: quick_value(board.play(cell)))


# --- lesson 4 ---------------------------------------------------------------------------------


def count_visits(board):
    """How many positions plain minimax looks at below board, board and final positions included."""
    if board.is_over:
        return 1
    return 1 + sum(count_visits(board.play(cell)) for cell in board.legal_moves)


def minimax_in_place(cells):
    """The minimax value of a board given as a list of 9 marks, trying each move in place and
    taking it back afterwards, so the list is the same when the function returns."""
    board = Board.from_string("".join(cells))
    if board.is_over:
        return {"X": 1, "O": -1}.get(board.winner, 0)
    mark = board.to_move
    values = []
    for cell in board.legal_moves:
        cells[cell] = mark
        values.append(minimax_in_place(cells))
        cells[cell] = "."
    return max(values) if mark == "X" else min(values)


# --- lesson 5 ---------------------------------------------------------------------------------


def alphabeta_value(board, alpha=-math.inf, beta=math.inf):
    """The minimax value of board, skipping the moves that cannot change it (alpha-beta)."""
    if board.is_over:
        return {"X": 1, "O": -1}.get(board.winner, 0)
    if board.to_move == "X":
        value = -math.inf
        for cell in board.legal_moves:
            value = max(value, alphabeta_value(board.play(cell), alpha, beta))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for cell in board.legal_moves:
        value = min(value, alphabeta_value(board.play(cell), alpha, beta))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def count_distinct_positions(board):
    """How many different positions can arise from board (board included)."""
    seen = {board}
    frontier = [board]
    while frontier:
        position = frontier.pop()
        for cell in position.legal_moves:
            child = position.play(cell)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return len(seen)


# --- lesson 6 ---------------------------------------------------------------------------------


def evaluate(board):
    """A guess at who is better in an unfinished position, strictly between -1 and +1: open lines,
    plus a little for holding the centre."""
    centre = {"X": 0.05, "O": -0.05, ".": 0}[board.cells[4]]
    return 0.9 * open_lines(board) + centre


def two_layer_move(board):
    """Win at once if possible, else block the opponent's immediate win, else the first free
    cell."""
    for cell in board.legal_moves:
        if board.play(cell).winner:
            return cell
    opponent = "O" if board.to_move == "X" else "X"
    for cell in board.legal_moves:
        cells = list(board.cells)
        cells[cell] = opponent
        if any(all(cells[c] == opponent for c in line) for line in LINES):
            return cell
    return board.legal_moves[0]

