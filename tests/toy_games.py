"""A game that is not tic-tac-toe, written only against the game protocol of ttt.core.protocol, for the
tests that check the package plays any game: a heap of stones; each player in turn takes 1, 2 or
3; who takes the last stone wins. The player to move loses exactly when the heap is a multiple of
4 (whatever they take, the other takes the rest of 4). It has no symmetries and no estimate()."""

from dataclasses import dataclass

from ttt.core.protocol import opponent


@dataclass(frozen=True)
class Heap:
    stones: int
    to_move: str = "X"

    @property
    def legal_moves(self) -> tuple[int, ...]:
        return tuple(take for take in (1, 2, 3) if take <= self.stones)

    def play(self, take: int) -> "Heap":
        return Heap(self.stones - take, opponent(self.to_move))

    @property
    def is_over(self) -> bool:
        return self.stones == 0

    @property
    def winner(self) -> str | None:
        return opponent(self.to_move) if self.is_over else None  # who took the last stone
