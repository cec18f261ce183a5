"""``python -m ttt``: play tic-tac-toe in the terminal (see ``ttt.course.cli``)."""

from ttt.course.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
