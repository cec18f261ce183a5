"""What the lessons put in front of a student: the "Your turn" exercises (``exercises``), the
step-through of a search (``stepper``), the boards to play on (``widgets``), both made readable by
screen readers (``aria``), tic-tac-toe in the terminal (``cli``, ``python -m ttt``), and the course
plan read from the lesson files: each lesson's time, charts and exercises (``plan``)."""
