"""Running the contest: every player against every other, once as X and once as O (a round
robin), or for a large class a few Swiss rounds (each round pairs players of equal scores so far,
who have not met, for a game each as X), each game between two sandboxed seats
(``ttt.contest.sandbox``), and a sentence for every game lost by a failure.

The order of the games and each game's seed come from the contest's seed; a game's seed depends
only on the contest's seed and the two players' names, so a game between two players plays the
same whoever else entered, and the whole contest repeats from its seed.
"""

from __future__ import annotations

import hashlib
import os
import pwd
import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ttt.catalogue import a_game_name, game_named
from ttt.contest.entering import ENTRY_NAME, a_contest_folder
from ttt.contest.games import reference_players
from ttt.contest.sandbox import FIRST_UID, Fault, Jail, Limits, Seat
from ttt.core.arguments import at_least, checked

__all__ = ["Contest", "Entry", "Game", "NoResult", "collect_entries", "game_seed",
           "run_contest", "swiss_round"]

#: The limits of a contest unless told otherwise (``Limits``' defaults).
_DEFAULT_LIMITS = Limits()


@dataclass(frozen=True)
class Entry:
    """A player of the contest: a student's file (its source) or a built-in level."""

    name: str
    source: str | None = None  # None: the built-in player called ``name``

    @property
    def reference(self) -> bool:
        """Whether this is one of the course's own players."""
        return self.source is None


@dataclass
class Game:
    """One game of the contest: who played X and O, the moves, the winner's name (None: a draw),
    and why it ended early if a player failed (one sentence), with what each printed."""

    x: str
    o: str
    seed: int
    moves: list[Any] = field(default_factory=list)
    winner: str | None = None
    sentence: str = ""
    printed: dict[str, str] = field(default_factory=dict)


@dataclass
class Contest:
    """A whole contest: its game, seed, players (and which are the course's own), games, the
    limits in force and those missing, and the entries left out (each with why)."""

    game: str
    seed: int
    players: list[str]
    references: list[str]
    games: list[Game]
    in_force: list[str]
    missing: list[str]
    left_out: list[str]

    def as_json(self) -> dict:
        """The contest as plain data (``json.dump`` writes it)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Contest:
        """The contest ``as_json`` wrote."""
        return cls(**{**data, "games": [Game(**game) for game in data["games"]]})


@checked(folder=a_contest_folder)
def collect_entries(folder: Path) -> tuple[list[Entry], list[str]]:
    """The entries in ``folder`` (``NAME.py``, read now), and a sentence for each file left out:
    a name that is no user's, a link, or (run as root) a file its student does not own, which
    someone else may have dropped there under that name."""
    entries, left_out = [], []
    for path in sorted(folder.glob("*.py")):
        name = path.stem
        if not ENTRY_NAME.fullmatch(name) or path.is_symlink() or not path.is_file():
            left_out.append(f"{path.name} is left out: not a player file named after a student.")
        elif os.geteuid() == 0 and not _owned_by(path, name):
            left_out.append(f"{path.name} is left out: it belongs to another account than "
                            f"{name}'s.")
        else:
            entries.append(Entry(name, path.read_text(encoding="utf-8", errors="replace")))
    return entries, left_out


def _owned_by(path: Path, name: str) -> bool:
    """Whether ``path`` belongs to the account called ``name`` (a hub's local accounts), or to
    root (the teacher dropped it there)."""
    owner = path.stat().st_uid
    try:
        return owner in (0, pwd.getpwnam(name).pw_uid)
    except KeyError:
        return owner == 0


@checked
def game_seed(seed: int, x: str, o: str) -> int:
    """The seed of the game ``x`` against ``o`` in the contest of ``seed``: the same whoever
    else plays."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{x}:{o}".encode()).digest()[:4], "big")


@checked(game=a_game_name, swiss_rounds=at_least(
    1, 100, " (a round robin of a hundred players has fewer rounds)"))
def run_contest(entries: list[Entry], game: str = "tic-tac-toe", seed: int = 0,
                limits: Limits = _DEFAULT_LIMITS, references: bool = True,
                hidden: list[Path] = (), left_out: list[str] = (),
                progress: Callable[[Game], None] = lambda game: None,
                swiss_rounds: int | None = None) -> Contest:
    """Play the round robin of ``entries`` (with the course's reference players unless told
    not), or ``swiss_rounds`` Swiss rounds, ``game`` (``ttt.contest.games``), from ``seed``: a
    Contest. ``hidden`` folders are out of the players' sight; ``progress`` is told of each game
    as it ends. Fails closed: CannotConfine before the first game if no player can play here,
    NoResult after the last if no game ranks anyone (every one ended by a failure of a player,
    and every player failed)."""
    start = game_named(game)  # an unknown game is refused before any process starts
    players = _field(entries, game, references)
    games_each = 2 * (swiss_rounds if swiss_rounds is not None else len(players) - 1)
    limits = replace(limits, cpu_seconds=limits.cpu_budget(games_each, start.free_cells))
    jail = Jail.for_this_computer(list(hidden), game, limits)
    first_uid = FIRST_UID + (os.getpid() % 10 ** 6) * 1000  # apart from a contest running too
    seats = {entry.name: Seat(f"builtin:{entry.name}" if entry.reference else "", entry.source,
                              game, limits, jail, first_uid + number)
             for number, entry in enumerate(players)}
    games: list[Game] = []
    try:
        for x, o in _schedule([entry.name for entry in players], seed, swiss_rounds, games):
            games.append(_play_sandboxed(seats[x], seats[o], x, o, game_seed(seed, x, o), game))
            progress(games[-1])
    finally:
        for seat in seats.values():
            seat.stop()
    if not _any_result(games):
        raise NoResult(f"no game of the {len(games)} was played out: each ended by a failure, "
                       f"and every player failed at least once ({_first_sentences(games)}); "
                       f"no leaderboard is made of that")
    return Contest(game, seed, [entry.name for entry in players],
                   [entry.name for entry in players if entry.reference], games,
                   jail.limits_in_force(limits), jail.limits_missing(), list(left_out))


class NoResult(RuntimeError):
    """A contest with nothing to rank: every game ended by a failure, and every player failed."""


def _any_result(games: list[Game]) -> bool:
    """Whether the games rank anyone: one was played to its end, or some player never failed
    (an honest player whose every opponent failed has won its games)."""
    failed = {_who_failed(game) for game in games if game.sentence}
    return not games or any(not game.sentence for game in games) or \
        failed != {name for game in games for name in (game.x, game.o)}


def _first_sentences(games: list[Game]) -> str:
    """The first failure of each player, as said in its game."""
    first: dict[str, str] = {}
    for game in games:
        first.setdefault(_who_failed(game), game.sentence)
    return " ".join(first.values())


def _who_failed(game: Game) -> str:
    """The player whose failure ended ``game`` (one with a sentence): the one that lost it."""
    return game.x if game.winner == game.o else game.o


def _schedule(names: list[str], seed: int, swiss_rounds: int | None,
              games: list[Game]) -> Iterator[tuple[str, str]]:
    """The games to play, (X, O) in order: every ordered pairing shuffled by ``seed``, or round
    after round of Swiss pairs, each round paired from ``games``, the games played so far (the
    caller adds each game before asking for the next)."""
    rng = random.Random(seed)
    if swiss_rounds is None:
        pairings = [(x, o) for x in names for o in names if x != o]
        rng.shuffle(pairings)
        yield from pairings
        return
    for _ in range(swiss_rounds):
        for first, second in swiss_round(names, games, rng):
            yield first, second
            yield second, first


def _games_among(value: object, name: str, arguments: dict) -> None:
    """The argument rule of the games played so far: a list of Games between the players named."""
    if not isinstance(value, list) or not all(isinstance(game, Game) for game in value):
        raise TypeError(f"{name} is a list of the Games played so far, got {value!r:.60}")
    names = set(arguments.get("names", ()))
    stranger = next((who for game in value for who in (game.x, game.o) if who not in names), None)
    if stranger is not None:
        raise ValueError(f"{name}: {stranger!r} played, but is not one of the names")


_games_among.with_arguments = True  # type: ignore[attr-defined]


@checked(played=_games_among)
def swiss_round(names: list[str], played: list[Game],
                rng: random.Random) -> list[tuple[str, str]]:
    """One Swiss round's pairs: the players ranked by their score so far in the games ``played``
    (a win 1, a draw 1/2; equal scores in an order drawn from ``rng``), each paired with the next
    one down it has not met yet (or, if it has met them all, the next one). With an odd number,
    the last player left sits the round out."""
    scores = {name: 0.0 for name in names}
    met: dict[str, set[str]] = {name: set() for name in names}
    for game in played:
        for name in (game.x, game.o):
            scores[name] += 1.0 if game.winner == name else 0.5 if game.winner is None else 0.0
        met[game.x].add(game.o)
        met[game.o].add(game.x)
    order = sorted(names, key=lambda name: (-scores[name], rng.random()))
    pairs = []
    while len(order) > 1:
        first = order.pop(0)
        partner = next((other for other in order if other not in met[first]), order[0])
        order.remove(partner)
        pairs.append((first, partner))
    return pairs


def _field(entries: list[Entry], game: str, references: bool) -> list[Entry]:
    """The contest's players: the entries, then the reference players, each name once (an entry
    named like a reference player is left as is: the student's)."""
    names = {entry.name for entry in entries}
    built_in = [Entry(name) for name in reference_players(game) if name not in names]
    return [*entries, *(built_in if references else [])]


def _play_sandboxed(x_seat: Seat, o_seat: Seat, x: str, o: str, seed: int, game: str) -> Game:
    """One game between two seats: the moves, the result, and the sentence if a player failed
    (it loses). Each seat's player is made afresh with ``seed``."""
    record = Game(x, o, seed)
    for seat, name, side in ((x_seat, x, "X"), (o_seat, o, "O")):
        fault = seat.new_game(seed)
        if fault:
            return _lost(record, name, side, fault, 0, x_seat, o_seat)
    position = game_named(game)
    while not position.is_over:
        side = position.to_move
        seat, name = (x_seat, x) if side == "X" else (o_seat, o)
        move = seat.move(record.moves)
        if not isinstance(move, Fault):
            move = _played(position, move)
        if isinstance(move, Fault):
            return _lost(record, name, side, move, len(record.moves) + 1, x_seat, o_seat)
        position = position.play(move)
        record.moves.append(move)
    record.winner = {"X": x, "O": o}.get(position.winner)
    record.printed = _printed(x_seat, o_seat, x, o)
    return record


def _played(position: Any, move: Any) -> Any:
    """``move`` if it is legal in ``position``, else a Fault saying why not."""
    if type(move) is not int:  # JSON turned a tuple into a list, a cell name into a str...
        return Fault(f"returned {str(move)[:40]!r}, which is not a move (a whole number)")
    if move not in position.legal_moves:
        return Fault(f"chose {move}, which is not a legal move there")
    return move


def _lost(record: Game, name: str, side: str, fault: Fault, move: int, x_seat: Seat,
          o_seat: Seat) -> Game:
    """End ``record``: ``name`` loses, with the sentence of its ``fault``."""
    record.winner = record.o if side == "X" else record.x
    when = f"At move {move}" if move else "Before the first move"
    record.sentence = f"{when}, {name} ({side}) {fault.why}, so it loses the game."
    record.printed = _printed(x_seat, o_seat, record.x, record.o)
    return record


def _printed(x_seat: Seat, o_seat: Seat, x: str, o: str) -> dict[str, str]:
    """What each player printed during the game, for the players who printed anything."""
    said = {x: x_seat.printed(), o: o_seat.printed()}
    return {name: text for name, text in said.items() if text}
