"""Players that learn by playing: MENACE and TD learning, tables judged by the solver
(``tabular``), and AlphaZero: its two-headed network in plain Python, with a labelled numpy copy
of training's arithmetic where numpy is there (``network``), its self-play loop (``selfplay``) and
its player (``zero``)."""
