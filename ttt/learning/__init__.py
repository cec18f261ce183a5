"""Players that learn by playing: MENACE and TD learning, tables judged by the solver
(``tabular``), and AlphaZero: its two-headed network in numpy (``network``), its self-play loop
(``selfplay``) and its player (``zero``)."""
