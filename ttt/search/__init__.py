"""The searches, over any game of the protocol: minimax and alpha-beta as the textbook writes them
(``minimax``), the same on tic-tac-toe's bits (``fast``), the solver with its table (``solve``), how
big a game is (``counting``), perfect play's one home (``perfect``), game trees (``tree``), search
with chance (``expectimax``, ``mcts``), and every search traced step by step (``trace``)."""
