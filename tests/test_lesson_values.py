"""The numbers the lessons show about the order of search, perfect moves, MCTS, MENACE and TD
learning, pinned in the unit tests.

Which move is tried first changes no value, only how many positions a search visits, and the
lessons print those counts: a mutant that tries Connect Four's columns in another order, drops
iterative deepening's reordering of the root, forgets the move the solver's table remembers, or
remembers a mirror image's move for the position itself, still finds every value right and
passed every other unit test (mutation testing, issue 31); only nbval's run of the lessons
noticed. An independent set of one-line mutants (issue 38) found six more a lesson alone caught:
the solver's win at once taken also when unordered, ``perfect_moves`` on quick-win scores, MCTS's
choice where visits tie, TD's default epsilon, MENACE's starting beads, the m,n,k move order;
and one survived even them: the playable board's learned level trained from another seed
(``BOARD_SEED``), which only lesson 10's count of the positions it met shows.
So do these tests, in seconds. Each count is the one the lesson named beside it shows;
everything is reached through the public functions (``solve``, ``iterative_deepening``,
``alphabeta``, ``mcts``, ``Menace``, ``td_learn``...), so a rewrite of their bodies that keeps
the behaviour keeps them green.
"""

import itertools
from collections import Counter

from time_limits import SEARCH_TIME_LIMIT

from ttt.games.board import Board
from ttt.search.counting import reachable_positions
from ttt.games.mnk import connect_four, mnk
from ttt.learning.tabular import BOARD_GAMES, Menace, board_table, michie_update, td_game, td_learn
from ttt.search.mcts import EXPLORATION, mcts
from ttt.search.perfect import move_scores, perfect_moves
from ttt.core.protocol import seeded_random
from ttt.search.minimax import alphabeta, iterative_deepening
from ttt.search.solve import solve

pytestmark = SEARCH_TIME_LIMIT


# --- Connect Four: the centre column first, then outwards, left before right (lesson 7) --------

def test_connect_four_tries_the_centre_column_first_then_outwards_left_before_right():
    assert connect_four().ordered_moves == (3, 2, 4, 1, 5, 0, 6)
    assert connect_four(4, 4).ordered_moves == (1, 2, 0, 3)  # two middle columns: left first
    assert connect_four().play(3).play(3).ordered_moves == (3, 2, 4, 1, 5, 0, 6)
    full_centre = connect_four(4, 4).play(1).play(1).play(1).play(1)
    assert full_centre.ordered_moves == (2, 0, 3)


# --- m,n,k-games: the cells on most lines first, then those nearest the centre (lesson 7) -------

def test_mnk_boards_try_the_cells_on_most_lines_first_then_those_nearest_the_centre():
    # 4 wide, 3 high, k=3: the cells       lines of 3 through each
    #    0  1  2  3                          3  4  4  3
    #    4  5  6  7                          2  5  5  2
    #    8  9 10 11                          3  4  4  3
    # most lines first; among equals, the nearest the centre (here all alike: the board's order)
    assert mnk(4, 3, 3).ordered_moves == (5, 6, 1, 2, 9, 10, 0, 3, 8, 11, 4, 7)
    # the same board stood on end: 3 wide, 4 high
    assert mnk(3, 4, 3).ordered_moves == (4, 7, 3, 5, 6, 8, 0, 2, 9, 11, 1, 10)
    # 4 x 4, k=4: the cells                lines of 4 through each
    #    0  1  2  3                          3  2  2  3
    #    4  5  6  7                          2  3  3  2
    #    8  9 10 11                          2  3  3  2
    #   12 13 14 15                          3  2  2  3
    # the middle four before the corners, on as many lines but nearer the centre
    assert mnk(4, 4, 4).ordered_moves == (5, 6, 9, 10, 0, 3, 12, 15, 1, 2, 4, 7, 8, 11, 13, 14)
    # lesson 7's ordered alpha-beta on 4 x 3, k=3 (44,624 positions in the board's order)
    assert solve(mnk(4, 3, 3), table=False, symmetry=False).nodes == 216


# --- the solver: a win at once, then the table's move, first only when ordered (lesson 5) ------

def test_unordered_solve_finds_a_win_at_once_only_in_the_boards_order():
    # O O .     X to move: 5 wins at once. Ordered, the solver looks among the children for a win
    # X X .     before searching any, and takes 5: one position. Unordered it searches the board's
    # . . .     order, and its first move, 2, wins too (blocking O, then two threats), later:
    #           9 positions from 2 on are searched, then its win cuts off the rest
    position = Board.from_string("OO.|XX.|...")
    ordered = solve(position, table=False, symmetry=False)
    unordered = solve(position, ordered=False, table=False, symmetry=False)
    assert (ordered.move, ordered.nodes, unordered.move, unordered.nodes) == (5, 1, 2, 10)
    # nor is the table's best move tried first when unordered (4,311 positions if it were)
    assert solve(Board(), ordered=False, symmetry=False).nodes == 4_314
    # lesson 5's "solve, everything off" is plain alpha-beta: the same 20,866 positions
    bare = solve(Board(), ordered=False, table=False, symmetry=False, prefer_quick=True)
    assert bare.nodes == alphabeta(Board(), ordered=False).nodes == 20_866


# --- the solver: its table's move first, and never a mirror image's move (lesson 7, cell 23) ----

SMALL_FOUR = connect_four(4, 4)


def test_solving_connect_four_4x4_visits_the_positions_lesson_7_counts():
    result = solve(SMALL_FOUR)
    assert (result.value, result.move, result.nodes) == (0, 1, 10_866)
    # with no table: ordered alpha-beta alone
    assert solve(SMALL_FOUR, table=False, symmetry=False).nodes == 61_227
    # a table without mirror images: more positions, as a position and its mirror are apart
    assert solve(SMALL_FOUR, symmetry=False).nodes == 14_886


def test_solving_connect_four_4x5_visits_the_positions_lesson_7_counts():
    # here the table's move tried first saves one position, and quick wins show whether a
    # position's own best move was kept apart from its mirror image's (50,210 if not)
    assert solve(connect_four(4, 5)).nodes == 45_463
    assert solve(connect_four(4, 5), prefer_quick=True).nodes == 50_255


def test_the_perfect_game_of_connect_four_4x4_move_by_move():
    moves, nodes, position = [], [], SMALL_FOUR
    while not position.is_over:
        result = solve(position)
        moves.append(result.move)
        nodes.append(result.nodes)
        position = position.play(result.move)
    assert position.winner is None
    assert moves == [1, 1, 1, 1, 2, 2, 2, 2, 0, 3, 0, 0, 0, 3, 3, 3]
    assert nodes == [10_866, 9_960, 3_052, 2_406, 862, 525, 232, 134, 33, 31, 29, 13, 8, 4, 3, 2]


# --- iterative deepening: each iteration tries the root's moves best first (lesson 7, cell 59) --

def depth_within(positions: int) -> int:
    """The depth iterative deepening finishes on the empty Connect Four board when it may visit
    ``positions`` positions (a clock that ticks once a position)."""
    return iterative_deepening(connect_four(), positions, clock=itertools.count().__next__)[1]


def test_iterative_deepening_reaches_depth_7_in_exactly_the_positions_lesson_7_counts():
    assert depth_within(10_610) == 7
    assert depth_within(10_609) == 6
    fixed_order = sum(alphabeta(connect_four(), depth=depth).nodes for depth in range(1, 8))
    assert (fixed_order, alphabeta(connect_four(), depth=7).nodes) == (9_644, 7_337)


# --- Monte Carlo tree search: the move visited most, not the best mean, ties to it (lesson 8) ---

def test_mcts_blocks_with_the_visits_lesson_8_shows():
    result = mcts(Board.from_string("...|.O.|XOX"), 500, seed=1)
    assert {move: tally.visits for move, tally in result.moves.items()} == {
        0: 17, 1: 421, 2: 18, 3: 21, 5: 23}
    assert (result.move, result.nodes) == (1, 224)


def test_mcts_chooses_the_move_visited_most_even_where_another_has_a_better_mean():
    # 20 playouts from the empty board: a corner tried 3 times has won them all, but the search
    # spent most of its time on another move; UCB1 trusts visits, and so does the choice
    result = mcts(Board(), 20, seed=0)
    tried = {move: tally for move, tally in result.moves.items() if tally.visits}
    most_visited = max(tried, key=lambda move: tried[move].visits)
    best_mean = max(tried, key=lambda move: tried[move].mean)
    assert tried[best_mean].mean > tried[most_visited].mean  # the two choices differ here
    assert result.move == most_visited == 5


def test_where_visits_tie_mcts_chooses_the_best_mean():
    # X O X     O to move, 2 playouts: 6 and 7 are tried once each, a tie of visits. 7 wins at
    # X O O     once (the middle column), mean +1; after 6, X's last move draws, mean 0. The
    # . . X     better mean breaks the tie, whatever the seed (lesson 8's few-playout searches)
    board = Board.from_string("XOX|XOO|..X")
    for seed in range(5):
        result = mcts(board, 2, seed=seed)
        assert result.moves == {6: (1, 0.0), 7: (1, 1.0)}
        assert result.move == 7


# --- MENACE (lesson 9): Michie's rule, beads drawn by their number, a seeded player -------------

def test_a_new_menace_puts_4_3_2_1_beads_on_each_move_of_its_first_to_fourth_move():
    # MENACE as X, its 1st, 2nd, 3rd and 4th move:     as O:
    #   . . .   X O .   X O X   X O X                   X . .   X O .   X O X   X O X
    #   . . .   . . .   . O .   . O O                   . . .   . . X   . O .   X O O
    #   . . .   . . .   . . .   X . .                   . . .   . . .   . . X   . . X
    as_x, as_o = Menace(seed=0), Menace(seed=0, mark="O")
    for menace, positions in ((as_x, ["...|...|...", "XO.|...|...", "XOX|.O.|...", "XOX|.OO|X.."]),
                              (as_o, ["X..|...|...", "XO.|..X|...", "XOX|.O.|..X", "XOX|XOO|..X"])):
        beads = [set(menace.box(Board.from_string(text)).values()) for text in positions]
        assert beads == [{4}, {3}, {2}, {1}]

def test_a_loss_takes_a_bead_unless_it_is_the_last_of_its_box():
    assert michie_update(1, "loss", 1) == 1  # the box's last bead stays
    assert michie_update(1, "loss", 2) == 0  # another bead is left in the box
    assert michie_update(2, "loss", 5) == 1


def test_menace_draws_each_move_as_often_as_its_beads_say():
    menace = Menace(seed=1)
    menace.train(300)
    beads = menace.box(Board())
    play = menace.player(seed=2)
    drawn = Counter(play(Board()) for _ in range(600))
    by_beads = sorted(beads, key=beads.get)
    assert beads[by_beads[-1]] > 2 * beads[by_beads[-2]] > 2 * beads[by_beads[0]]
    assert sorted(drawn, key=drawn.get) == by_beads  # not evenly, as a draw ignoring beads
    share = beads[by_beads[-1]] / sum(beads.values())
    assert abs(drawn[by_beads[-1]] / 600 - share) < 0.06


def test_a_seeded_menace_player_plays_the_same_moves_every_time():
    menace = Menace(seed=1)
    menace.train(50)
    first, second = menace.player(seed=7), menace.player(seed=7)
    assert [first(Board()) for _ in range(30)] == [second(Board()) for _ in range(30)]


# --- TD learning (lesson 9): the game stepped through, learned with the defaults ---------------

def test_td_learning_with_its_defaults_gives_the_game_lesson_9_steps_through():
    practised = td_learn(500, seed=1)  # td_learn's own alpha (0.2) and epsilon (0.1)
    before = dict(practised.values)
    game = td_game(practised, seeded_random(2), alpha=0.2, epsilon=0.1)
    # each position (its rows from the top, left to right), how its move was chosen, its value
    # before and after this game, and the value before it of the position that followed: the
    # values rise towards X's win, and O's exploratory move learns nothing
    assert practised.game_text(game, before).splitlines() == [
        "...|...|...  X to move, greedy       value +0.000 -> +0.000   next position +0.000",
        "X..|...|...  O to move, exploratory  value +0.000 -> +0.000   next position +0.003",
        "X..|...|O..  X to move, greedy       value +0.003 -> +0.007   next position +0.023",
        "XX.|...|O..  O to move, greedy       value +0.023 -> +0.038   next position +0.096",
        "XXO|...|O..  X to move, greedy       value +0.096 -> +0.118   next position +0.205",
        "XXO|.X.|O..  O to move, greedy       value +0.205 -> +0.236   next position +0.360",
        "XXO|.X.|OO.  X to move, greedy       value +0.360 -> +0.488   next position +1.000",
        "XXO|.X.|OOX  X wins"]


def test_the_playable_boards_learned_level_met_the_positions_lesson_10_counts():
    # lesson 10: the board's "learned" level, BOARD_GAMES games of self-play from BOARD_SEED, met
    # 567 of the 627 unfinished positions (up to symmetry); the other 60 keep the starting guess
    unfinished = {position.canonical() for position in reachable_positions()
                  if not position.is_over}
    assert (BOARD_GAMES, len(board_table()), len(unfinished)) == (5_000, 567, 627)
    assert set(board_table().values) <= unfinished


def test_the_exploration_constant_steers_mcts():
    # lesson 8 compares exploration constants: each must change where the playouts go, 0 included
    # (no bonus at all: pure exploitation)
    def visits(exploration: float) -> dict:
        result = mcts(Board(), 200, seed=1, exploration=exploration)
        return {move: tally.visits for move, tally in result.moves.items()}

    assert len({tuple(visits(c).values()) for c in (0, 0.5, EXPLORATION, 3.0)}) == 4


def test_move_scores_without_quick_wins_are_the_plain_values_lesson_8_shows():
    block = Board.from_string("...|.O.|XOX")
    assert move_scores(block, prefer_quick=False) == {0: -1, 1: 0, 2: -1, 3: -1, 5: -1}
    assert move_scores(block)[0] < -1  # with quick wins: a loss's score counts the moves to it


def test_perfect_moves_keep_a_win_however_slow():
    # X . O     X to move: 8 wins at once (the diagonal 0-4-8), and 1, 3, 5 and 7 win too, two
    # . X .     moves later (each makes a second threat beside 8's); all five keep the value +1,
    # O . .     the moves minimax rates best (lesson 8 compares expectimax's with them)
    assert perfect_moves(Board.from_string("X.O|.X.|O..")) == {1, 3, 5, 7, 8}
