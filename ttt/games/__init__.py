"""The games: what every board shares, a position on a grid of cells as two bitmasks (``grid``),
tic-tac-toe's rules (``board``), the m,n,k-games and Connect Four (``mnk``), and a board as a
picture (``svg``). They stand on ``ttt.core`` only."""
