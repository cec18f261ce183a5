"""Playing: the players, from random to perfect, each made by name (``players``), and games and
tournaments between them (``matches``). They choose their moves with ``ttt.search``."""
