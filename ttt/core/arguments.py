"""The one boundary for bad input: the course's rules for arguments, applied by one decorator.

Every public function and class of the package is wrapped in ``checked``, which checks each
argument where the package is entered, before any work is done, and raises a TypeError or a
ValueError that names the argument and says what it should be::

    @checked
    def td_update(value: float, next_value: float, alpha: float) -> float: ...

    td_update(0, 1, 2)   # ValueError: alpha is a step size, more than 0 and at most 1, got 2

Two parts carry the checks, each written once:

- **The type**, from the function's own type hints, by beartype (``beartype.door.is_bearable``):
  a maintained checker with no dependencies of its own, pure Python, so it runs in the browser
  build too, and it checks each value in constant time, however long a list. (typeguard checks
  every item of a container and needs typing_extensions.) A hint that beartype itself checks with
  one ``isinstance`` or ``callable`` (a class, a Callable, a TypeVar by its bound, a union of
  those) is checked here the same way, and beartype is imported only for the others: its 320
  modules were most of ``import ttt`` in the browser version, before a lesson's first output.
- **The course's rules**, by the parameter's name (``RULES``) or its type hint (``HINT_RULES``):
  a depth is a whole number of at least 1, seconds a finite number above 0, a seed a whole number,
  alpha a step size in (0, 1], a probability in [0, 1], a mark 'X' or 'O', a position one of the
  game protocol, every number finite, and ``evaluate`` a function whose every result is a finite
  number from -1 to +1 (a guess: the search scores finished games itself). A function may give
  one of its parameters another rule: ``@checked(depth=at_least(0))``.

One rule book: a rule lives here (``RULES``, ``HINT_RULES``), in the module of the class it
checks (``ttt.core.protocol``: a position and a legal move; ``ttt.games.board``: a tic-tac-toe
Board), or in the decorator of the function it guards; never again in the function's body.
``rules_of(f)`` shows every rule of ``f``, by parameter, as its boundary applies it.

A search or count to the end of the game says so with ``exhaustive``: like ``solve``, it refuses
at once, with a SearchTooBigError, a position it could not finish in minutes, unless it is given a
depth limit or ``force=True`` (the wrapper adds ``force`` to a function that has none).

The checks run once, where the package is entered from outside: a checked function that the
package calls from inside another (a player's search at every move) is called as it is, so the
searches run at their own speed; only a search too big is refused wherever it is asked. The
steps a search takes at every node are not wrapped at all (the protocol's ``leaf_score``; the
algorithms the lessons show, whose public entry checks what they are given: ``minimax_value``
by ``minimax``, MCTS's phases by ``mcts``); nor are the rules themselves (the ``check_*``
functions here and in ``ttt.core.protocol``).
"""

from __future__ import annotations

import collections.abc
import functools
import inspect
import math
import numbers
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar, Union, get_args, get_origin

from ttt.core import limits
from ttt.core.limits import TookTooLong, call_within, limited_player

__all__ = ["BOARD_SIZE", "HINT_RULES", "POSITION_NAMES", "RULES", "Guard", "Rule", "a_function",
           "a_real", "a_whole_number", "at_least", "check_count", "check_depth", "check_flag",
           "checked", "checked_evaluation", "finite_values", "numbers_within", "one_of",
           "rules_of", "unchecked", "within"]

#: The two players, by their marks: X moves first.
MARKS = ("X", "O")
#: The names a position of the game protocol goes by; ``ttt.core.protocol`` gives them their rule.
POSITION_NAMES = ("position", "board", "start")

Rule = Callable[[Any, str], Any]  # (value, name) -> None, or a value to pass on in its place
#: The size guard of a search to the end of the game: (its name, its arguments by name) -> None
Guard = Callable[[str, dict], None]
F = TypeVar("F", bound=Callable[..., Any])


# --- the rules --------------------------------------------------------------------------------

def _a_number(value: object, name: str) -> None:
    """A TypeError unless ``value`` is a real number (not True or False), a ValueError unless it
    is finite."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} is a number, got {value!r:.60}")
    if not math.isfinite(value):
        raise ValueError(f"{name} is a finite number, got {value!r}")


def within(low: float, high: float, what: str, low_open: bool = False) -> Rule:
    """The rule of a finite number from ``low`` to ``high`` (above ``low`` if ``low_open``)."""
    def rule(value: object, name: str) -> None:
        _a_number(value, name)
        if value < low or (low_open and value == low) or value > high:
            raise ValueError(f"{name} is {what}, got {value!r}")
    return rule


def at_least(low: int, most: int | None = None, why: str = "") -> Rule:
    """The rule of a whole number of at least ``low`` (True, False and 2.0 are not), and at most
    ``most`` if given (``why`` says why no more)."""
    def rule(value: object, name: str) -> None:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(f"{name} is a whole number, got {value!r:.60}")
        if value < low:
            raise ValueError(f"{name} must be at least {low}, got {value}")
        if most is not None and value > most:
            raise ValueError(f"{name} must be at most {most:,}{why}, got {value:,}")
    return rule


def one_of(*choices: object, meaning: str = "", verb: str = "is") -> Rule:
    """The rule of a value that is one of ``choices`` (``meaning``: what the value stands for;
    ``verb``: what the message says the parameter does, 'is' or 'plays')."""
    named = [repr(choice) for choice in choices]
    what = " or ".join(named) if len(named) < 3 else f"one of {', '.join(named)}"
    what = f"{meaning}, {what}" if meaning else what

    def rule(value: object, name: str) -> None:
        if not isinstance(value, (str, int, type(None))) or value not in choices:
            raise ValueError(f"{name} {verb} {what}, got {value!r:.60}")
    return rule


def a_real(value: object, name: str) -> None:
    """A real number or +inf (a deadline that never comes), but not NaN or -inf."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} is a number, got {value!r:.60}")
    if math.isnan(value) or value == -math.inf:
        raise ValueError(f"{name} is a finite number or +inf, got {value}")


def check_count(number: object, name: str, what: str) -> None:
    """A TypeError unless ``number`` is a whole number (not True or False, not 2.0), and a
    ValueError unless it is at least 1; both say what ``name`` should be."""
    if isinstance(number, bool) or not isinstance(number, numbers.Integral):
        raise TypeError(f"{name} is {what}, got {number!r:.60}")
    if number < 1:
        raise ValueError(f"{name} must be at least 1, got {number}")


def check_depth(depth: object, name: str = "depth") -> None:
    """A clear error unless ``depth`` is None (no limit) or a whole number of at least 1."""
    if depth is None:
        return
    check_count(depth, name, "a whole number of moves (or None for no limit)")


def check_flag(flag: object, name: str) -> None:
    """A TypeError unless ``flag`` is True or False (a switch such as ``ordered``)."""
    if not isinstance(flag, bool):
        raise TypeError(f"{name} is True or False, got {flag!r:.60}")


def _a_count_of(what: str) -> Rule:
    """The rule of a whole number of at least 1 that is ``what``."""
    def rule(value: object, name: str) -> None:
        check_count(value, name, f"{what}, a whole number")
    return rule


def _a_count(value: object, name: str) -> None:
    """A whole number of at least 1 (``check_count``)."""
    check_count(value, name, "a whole number, at least 1")


def a_whole_number(value: object, name: str) -> None:
    """A whole number of any kind (numpy's too), but not True or False."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} is a whole number, got {value!r:.60}")


def _a_seed(value: object, name: str) -> None:
    """A whole number: a float seed would play other games in the browser build."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"a {name} is a whole number (or None), got {value!r:.60}")


def _a_flag(value: object, name: str) -> None:
    """True or False (``check_flag``)."""
    check_flag(value, name)


def finite_values(value: object, name: str) -> None:
    """A non-empty dict of finite numbers (the values of the moves to choose among)."""
    if not isinstance(value, dict):
        raise TypeError(f"{name} is a dict of numbers, by move, got {value!r:.60}")
    if not value:
        raise ValueError(f"{name} is empty: there is no move to choose")
    for number in value.values():
        _a_number(number, f"each of the {name}")


def numbers_within(low: float, high: float, what: str, empty: bool = True) -> Rule:
    """The rule of data to draw: every number in it (a mapping's values, a list's items, a
    (label, number) pair's number, however nested) a finite number from ``low`` to ``high``,
    which is ``what``; and unless ``empty``, at least one number."""
    check = within(low, high, what)

    def rule(value: object, name: str) -> None:
        if not empty and not any(True for _ in _numbers_in(value)):
            raise ValueError(f"{name} is empty: there is nothing to draw")
        for number in _numbers_in(value):
            check(number, f"each number in {name}")
    return rule


def _numbers_in(value: object) -> Iterator[object]:
    """The numbers of ``numbers_within``'s data (and whatever else is where a number should be)."""
    if isinstance(value, Mapping):
        for item in value.values():
            yield from _numbers_in(item)
    elif isinstance(value, tuple):
        yield from _numbers_in(value[-1]) if value else ()
    elif isinstance(value, (list, range)):
        for item in value:
            yield from _numbers_in(item)
    else:
        yield value


def a_function(value: object, name: str) -> None:
    """Something to call."""
    if not callable(value):
        raise TypeError(f"{name} is a function, got {type(value).__name__} {value!r:.60}")


def a_player(player: object, name: str) -> Callable[[Any], Any]:
    """The rule of a player handed in (to a match, a tournament, a learner): something to call,
    given ``MOVE_SECONDS`` per move (``ttt.core.limits``), so that one that never returns is
    stopped with a sentence instead of hanging the notebook. What a student's player asks of
    the package is checked as a call from outside is (``as_entered``); the package's own
    players ask only what they were made for."""
    a_function(player, name)
    return limited_player(player, {"x_player": "X's player", "o_player": "O's player"}.get(
        name, name), call=None if _the_packages(player) else as_entered)


def checked_evaluation(evaluate: object, name: str = "evaluate") -> Callable[[Any], float]:
    """``evaluate`` wrapped so that each of its results is checked: a finite number from -1 to
    +1 (a guess at a position the search stops at; it scores finished games itself, so a
    result of 5 is not read as a proved win). One wrapper per function, so tables keyed by it
    still find it."""
    a_function(evaluate, name)
    try:
        return _evaluation(evaluate, name)
    except TypeError:  # a callable that cannot be a key: a wrapper of its own
        return _evaluation.__wrapped__(evaluate, name)


@functools.lru_cache(maxsize=256)
def _evaluation(evaluate: Callable[[Any], float], name: str) -> Callable[[Any], float]:
    if getattr(evaluate, "checked_results", False):
        return evaluate

    # a student's evaluation is checked in what it asks of the package, as a call from outside
    # is (its time is its move's: a player's); the package's own (open_lines, a learned table's
    # value) asks only what it was made for
    call = evaluate if _the_packages(evaluate) else functools.partial(as_entered, evaluate)

    @functools.wraps(evaluate)
    def checked_result(position: Any) -> float:
        score = call(position)
        if (isinstance(score, bool) or not isinstance(score, numbers.Real)
                or not -1 <= score <= 1):  # NaN fails the comparison too
            raise ValueError(f"{name} must return a finite number from -1 to +1 (a guess; the "
                             f"search scores finished games itself), got {score!r:.40} for "
                             f"the position {position}")
        return score

    checked_result.checked_results = True  # type: ignore[attr-defined]
    checked_result.students_own = not _the_packages(evaluate)  # type: ignore[attr-defined]
    return checked_result


def a_callback(function: object, name: str, fits: Callable[[Any], bool],
               meant: str) -> Callable[..., Any]:
    """The rule of a function the package calls back (a search's guide, the search whose nodes
    are counted): something to call, whose every answer must ``fits`` (else a TypeError saying
    it must return ``meant``), so a wrong answer is named here rather than failing deep inside;
    a student's is checked in what it asks of the package, as a call from outside is
    (``as_entered``), and the call it is handed to is time-limited (``checked``)."""
    a_function(function, name)
    if getattr(function, "checked_results", False):
        return function  # type: ignore[return-value]
    call = function if _the_packages(function) else functools.partial(as_entered, function)

    @functools.wraps(function)  # type: ignore[arg-type]
    def checked_answer(position: Any) -> Any:
        answer = call(position)
        if not fits(answer):
            raise TypeError(f"{name} must return {meant}, got {answer!r:.60} for the position "
                            f"{position}")
        return answer

    checked_answer.checked_results = True  # type: ignore[attr-defined]
    checked_answer.students_own = not _the_packages(function)  # type: ignore[attr-defined]
    return checked_answer


def _a_guide(guide: object, name: str = "guide") -> Callable[[Any], Any]:
    """The rule of a search's guide (AlphaZero's network, lesson 10): its answer is a pair, a
    prior for each legal move and a value."""
    return a_callback(guide, name, lambda answer: isinstance(answer, tuple) and len(answer) == 2
                      and isinstance(answer[0], Mapping) and isinstance(answer[1], numbers.Real),
                      "a pair (a prior for each legal move, a value)")


def _the_packages(function: object) -> bool:
    """Whether ``function`` is one of the package's own (defined in a module of ``ttt``)."""
    return str(getattr(function, "__module__", "")).partition(".")[0] == \
        __name__.partition(".")[0]


#: The course's rules by the name of a type hint's class, which the modules that define those
#: classes add (``ttt.core.protocol``: Position and Grid; ``ttt.games.board``: Board, tic-tac-toe
# only).
#: They come before the rules by parameter name: ``board: Board`` is a tic-tac-toe Board.
HINT_RULES: dict[str, Rule] = {}

#: The course's rules by parameter name.
RULES: dict[str, Rule] = {
    # (the positions of the game protocol, by POSITION_NAMES: ttt.core.protocol adds their rule)
    # how far to look, how much to do
    **dict.fromkeys(["depth", "max_depth"], check_depth),
    **dict.fromkeys(["limit", "max_nodes", "max_width"], _a_count),
    # more than these would not finish in minutes: refused at once, like a search too big
    "games": at_least(1, 10 ** 6, " (a million games take minutes already)"),
    **dict.fromkeys(["playouts", "probes"],
                    at_least(1, 10 ** 7, " (ten million take minutes already)")),
    **dict.fromkeys(["beads", "box_total", "visits"], at_least(0)),
    "parent_visits": at_least(1),
    "seconds": within(0, math.inf, "a time in seconds (or ticks of a clock given), more than 0",
                      low_open=True),
    "seed": _a_seed,
    # fractions
    "alpha": within(0, 1, "a step size, more than 0 and at most 1", low_open=True),
    **dict.fromkeys(["epsilon", "trust", "probability"],
                    within(0, 1, "a probability, from 0 to 1")),
    "exploration": within(0, math.inf, "a finite number, 0 or more"),
    # marks and players
    **dict.fromkeys(["mark", "me", "side", "to_move", "learner"], one_of(*MARKS)),
    "human": one_of(*MARKS, verb="plays"),
    "chance": one_of(*MARKS, meaning="the player who moves at random"),
    **dict.fromkeys(["player", "x_player", "o_player", "opponent"], a_player),
    "evaluate": checked_evaluation,
    "guide": _a_guide,
}


#: The rules of a board's size, for the functions that make boards (``@checked(**BOARD_SIZE)``):
#: not by name everywhere, for a chart's ``rows`` are its data.
BOARD_SIZE: dict[str, Rule] = {
    name: _a_count_of(what) for name, what in [("columns", "the number of columns"),
                                              ("rows", "the number of rows"),
                                              ("k", "how many in a row win")]}


def _rule_of_hint(hint: object) -> Rule | None:
    """The rule a type hint stands for, whatever the parameter is called: a position for the game
    protocol, True or False for bool, a finite number for float."""
    if hint is bool:
        return _a_flag
    if hint is float:
        return _a_number
    if hint is int:
        return a_whole_number
    return None


# --- the decorator ----------------------------------------------------------------------------

#: Whether a checked call is under way (the package runs in one thread, a kernel's: its widgets'
#: callbacks too). A list, not a threading.local: the check of it is what every call made from
#: inside the package costs, a third of a microsecond less this way.
_inside = [False]


def checked(function: F | None = None, *, exhaustive: Guard | None = None,
            reads_input: bool = False, **rules: Rule) -> F:
    """``function`` (or a class: its own ``__new__`` or ``__init__``) with its arguments checked
    where it is entered: each by the course's rule for its hint or name (``HINT_RULES``,
    ``RULES``, or a rule given here by name) and its type hint (beartype), None passing where
    the hint allows it.

    ``exhaustive``: a search or count to the end of the game, whose size ``guard`` (from
    ``ttt.core.protocol``: ``whole_tree``, ``every_position``) refuses a position too big with a
    SearchTooBigError unless told ``force=True``; a function without ``force`` gets it here.

    ``reads_input``: a function that passes on what a user typed (the terminal game): the calls
    it makes are checked as if entered from outside, as ``as_entered`` would."""
    if function is None:
        return functools.partial(checked, exhaustive=exhaustive,  # type: ignore
                                 reads_input=reads_input, **rules)
    if inspect.isclass(function):  # its own __new__ or __init__, where its arguments arrive
        if "__new__" in vars(function):
            function.__new__ = staticmethod(checked(vars(function)["__new__"], **rules))
        elif "__init__" in vars(function):
            function.__init__ = checked(function.__init__, **rules)  # type: ignore[misc]
        return function
    signature = inspect.signature(function)
    adds_force = exhaustive is not None and "force" not in signature.parameters
    if adds_force:
        force = inspect.Parameter("force", inspect.Parameter.KEYWORD_ONLY, default=False,
                                  annotation="bool")
        params = list(signature.parameters.values())
        where = next((i for i, p in enumerate(params) if p.kind == p.VAR_KEYWORD), len(params))
        signature = signature.replace(parameters=[*params[:where], force, *params[where:]])
    plan: list[tuple[str, Rule | None, object]] = []

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if _inside[0]:  # checked already, where the package was entered
            if exhaustive is not None:  # but a search too big is refused wherever it is asked
                bound = signature.bind(*args, **kwargs)
                exhaustive(function.__name__, bound.arguments)
                if adds_force:
                    bound.arguments.pop("force", None)
                return function(*bound.args, **bound.kwargs)
            return function(*args, **kwargs)
        bound = signature.bind(*args, **kwargs)
        if not plan:
            plan.extend(_plan(function, signature, rules))
        for name, rule, hint in plan:
            if name in bound.arguments:
                replaced = _check(bound.arguments[name], name, rule, hint, bound.arguments)
                if replaced is not None:
                    bound.arguments[name] = replaced
        if exhaustive is not None:
            exhaustive(function.__name__, bound.arguments)
        if adds_force:
            bound.arguments.pop("force", None)
        if reads_input:
            return function(*bound.args, **bound.kwargs)
        _inside[0] = True
        try:
            students = [(name, value) for name, value in bound.arguments.items()
                        if getattr(value, "students_own", False) is True]
            if students:  # one limit on the whole call: a timer per guess would slow the search
                return _within_the_limit(function, bound, students)
            return function(*bound.args, **bound.kwargs)
        finally:
            _inside[0] = False

    wrapper.__signature__ = signature  # type: ignore[attr-defined]
    wrapper.__rules__ = (function, signature, rules)  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def _within_the_limit(function: Callable[..., Any], bound: inspect.BoundArguments,
                      students: list[tuple[str, Any]]) -> Any:
    """``function`` called with ``bound`` within the move limit, naming the student's functions
    it was handed (an evaluation, a guide) if it runs over: one of them may never return, and a
    search cannot tell a slow guess from an endless one."""
    given = " and ".join(f"the {name} {getattr(value, '__name__', repr(value))!r}"
                         for name, value in students)
    return within_the_move_limit(functools.partial(function, *bound.args, **bound.kwargs),
                                 f"{function.__name__}, given {given}, did not finish")


def within_the_move_limit(call: Callable[[], Any], what: str) -> Any:
    """``call()``, stopped after ``MOVE_SECONDS`` (``ttt.core.limits``; ``ttt.time_per_move``
    changes it) with a TimeoutError that says ``what`` did not happen in time."""
    mine = object()
    try:
        return call_within(call, (), limits.MOVE_SECONDS, mine)
    except TookTooLong as stopped:
        if stopped.args[:1] != (mine,):  # an outer limit's (a move's, an exercise's check)
            raise
        raise TimeoutError(f"{what} within {limits.MOVE_SECONDS:g} s: does it loop for ever? "
                           "(give a slow one longer with ttt.time_per_move(seconds))") from None


def rules_of(function: Callable[..., Any]) -> dict[str, Callable[[Any], object]]:
    """The rules that guard the checked ``function``'s arguments where it is entered, by
    parameter: each a check of one value, raising as the boundary would (the course's rule, then
    the type hint). How a reader (or a test) sees every rule of a function in one place:
    ``rules_of(mcts)['exploration'](-1)`` raises the ValueError ``mcts(..., exploration=-1)``
    does."""
    inner, signature, rules = function.__rules__  # type: ignore[attr-defined]
    return {name: functools.partial(_check_one, name=name, rule=rule, hint=hint)
            for name, rule, hint in _plan(inner, signature, rules)}


def _check_one(value: object, name: str, rule: Rule | None, hint: object) -> object:
    return _check(value, name, rule, hint, {})


def as_entered(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)`` with its arguments checked as if it were entered from
    outside, even from inside the package: for values the package has just read from a user's
    input (``make_player`` reads a player's number from its name)."""
    was_inside, _inside[0] = _inside[0], False
    try:
        return function(*args, **kwargs)
    finally:
        _inside[0] = was_inside


def unchecked(why: str) -> Callable[[F], F]:
    """A decorator that leaves a public function unchecked, saying ``why`` (kept as its
    ``__unchecked__``, which the sweep of tests/core/test_sweep.py reads): a step a search takes at
    every node, whose wrapper would slow the search itself."""
    def mark(function: F) -> F:
        function.__unchecked__ = why  # type: ignore[attr-defined]
        return function
    return mark


def _plan(function: Callable[..., Any], signature: inspect.Signature,
          rules: dict[str, Rule]) -> list[tuple[str, Rule | None, object]]:
    """For each parameter: its name, the course's rule for it (or None) and its type hint
    (resolved from the function's module, or None where it cannot be)."""
    plan = []
    for name, param in signature.parameters.items():
        if name in ("self", "cls") or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        hint = _resolve(param.annotation, function)
        kind = getattr(_without_none(hint), "__name__", None)
        rule = (rules.get(name) or HINT_RULES.get(kind) or RULES.get(name)
                or _rule_of_hint(_without_none(hint)))
        plan.append((name, rule, hint))
    return plan


def _resolve(annotation: object, function: Callable[..., Any]) -> object:
    """The type hint ``annotation`` names (a string under ``from __future__ import
    annotations``), or None if it cannot be resolved here."""
    if annotation is inspect.Parameter.empty:
        return None
    if isinstance(annotation, str):
        try:
            home = inspect.unwrap(function)  # a context manager's hints are its generator's
            annotation = eval(annotation, getattr(home, "__globals__", {}))  # noqa: S307
        except Exception:
            return None
    return annotation


def _without_none(hint: object) -> object:
    """``X`` for the hint ``X | None``; any other hint as it is."""
    if get_origin(hint) in (Union, type(int | None)):
        rest = [arg for arg in get_args(hint) if arg is not type(None)]
        return rest[0] if len(rest) == 1 else hint
    return hint


def _allows_none(hint: object) -> bool:
    """Whether the hint says None is meant (``X | None``, ``Optional[X]``)."""
    return type(None) in get_args(hint)


def _check(value: object, name: str, rule: Rule | None, hint: object,
           arguments: dict[str, Any]) -> object:
    """Check one argument: None where the hint allows it, else the course's rule first (its
    message says more), then the type hint. Returns a value to pass on instead, or None. A rule
    marked ``with_arguments`` also gets the others (a method's rule may ask its ``self``)."""
    if value is None and _allows_none(hint):
        return None
    if rule is not None:
        replaced = (rule(value, name, arguments) if getattr(rule, "with_arguments", False)
                    else rule(value, name))
        if (replaced is not None or rule in HINT_RULES.values()  # it checked the hint's class
                or rule is RULES.get(POSITION_NAMES[0])  # a position of any game is fine
                or _without_none(hint) in (int, float, bool)):  # the rule says more than the hint
            return replaced
    if hint is not None and _bearable_hint(hint) and not _is_bearable(value, hint):
        for kind in get_args(hint):  # a union with a position in it: its rule says how to make one
            if getattr(kind, "__name__", None) in HINT_RULES and isinstance(value, str):
                HINT_RULES[kind.__name__](value, name)
        raise TypeError(f"{name} should be {_in_words(hint)}, got {type(value).__name__} "
                        f"{value!r:.60}")
    return None


def _bearable_hint(hint: object) -> bool:
    return hint is not Any and not isinstance(hint, str)


def _is_bearable(value: object, hint: object) -> bool:
    shallow = _shallow_fit(value, hint)
    if shallow is not None:
        return shallow
    try:
        return _beartype()(value, hint)
    except Exception:  # a hint beartype cannot check (a forward reference): the rule decides
        return True


#: the classes whose hint beartype widens as PEP 484 reads it: a float takes an int, a complex both
_WIDENED = (float, complex)


def _shallow_fit(value: object, hint: object) -> bool | None:
    """Whether ``value`` fits ``hint``, for the hints beartype checks with one ``isinstance`` or
    ``callable``, answered the same way: a plain class (not one PEP 484 widens), a Callable of any
    signature, a TypeVar by its bound, a union of those. None for any other hint."""
    if isinstance(hint, TypeVar):
        if hint.__constraints__:
            return None
        return True if hint.__bound__ is None else _shallow_fit(value, hint.__bound__)
    if hint is collections.abc.Callable or get_origin(hint) is collections.abc.Callable:
        return callable(value)
    if get_origin(hint) in (Union, type(int | None)):
        answers = [_shallow_fit(value, arg) for arg in get_args(hint)]
        return None if None in answers else any(answers)
    if type(hint) is type and hint not in _WIDENED:  # not a generic alias, ABC or Protocol
        return isinstance(value, hint)
    return None


@functools.cache
def _beartype() -> Callable[[object, object], bool]:
    """beartype's check of a value against a hint, as PEP 484 reads hints (an int is a float,
    and numbers in containers likewise); imported at the first hint that needs it."""
    from beartype import BeartypeConf
    from beartype.door import is_bearable

    return functools.partial(is_bearable, conf=BeartypeConf(is_pep484_tower=True))


def _in_words(hint: object) -> str:
    """A type hint in words: 'int or None', 'a function', 'dict'."""
    if get_origin(hint) in (Union, type(int | None)):
        return " or ".join(_in_words(arg) for arg in get_args(hint))
    if hint is type(None):
        return "None"
    origin = get_origin(hint)
    if origin is not None and getattr(origin, "__name__", "") == "Callable":
        return "a function"
    if origin is not None and get_args(hint):  # what it holds, too: 'dict of Position to Fraction'
        of = [_in_words(arg) for arg in get_args(hint) if arg is not Ellipsis]
        what = " to ".join(of) if len(of) == 2 and issubclass(origin, Mapping) else ", ".join(of)
        return f"{_in_words(origin)} of {what}"
    text = getattr(hint, "__name__", None) or str(hint)
    return text.replace("typing.", "").replace("collections.abc.", "")
