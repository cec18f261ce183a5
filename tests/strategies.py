"""Hypothesis strategies shared by the tests: positions that real games reach.

Import with ``from strategies import positions`` (pytest puts the tests folder on the path).
"""

from hypothesis import strategies as st

from ttt.games.board import Board


@st.composite
def positions(draw: st.DrawFn, min_moves: int = 0, max_moves: int = 9) -> Board:
    """A reachable position: between ``min_moves`` and ``max_moves`` random legal moves from the
    empty board, fewer only if the game ends sooner (it cannot before 5 moves)."""
    board = Board()
    for _ in range(draw(st.integers(min_moves, max_moves))):
        if board.is_over:
            break
        board = board.play(draw(st.sampled_from(board.legal_moves)))
    return board


def playable_positions(min_moves: int = 0, max_moves: int = 8) -> st.SearchStrategy[Board]:
    """A reachable position where the game goes on, so there is a move to make."""
    return positions(min_moves, max_moves).filter(lambda board: not board.is_over)
