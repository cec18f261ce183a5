"""What every other layer stands on: the one check of every argument (``arguments``), the protocol
every game follows and its errors (``protocol``), a search's calls watched from outside its body
(``watching``) and the one timer (``timing``). Nothing here knows a particular game."""
