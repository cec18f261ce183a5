"""What a check tells the teacher on a class hub: the class at a glance (site/hub.md).

On a class hub, each "Your turn" check a student runs is recorded by the hub's ``class-glance``
service: the lesson, the exercise, whether it passed, and the name of the mistake it found, never
the student's code. On a laptop and in the browser-only version nothing is recorded: the hub's
environment (its token for this server, and the service's address, which the hub gives only while
the teacher keeps recording on) is not there.

A mistake is named by the nudge its feedback gives: every nudge is written in the lessons' modules
(or in ``checking``) as a string or an f-string, and ``mistake_of`` finds the one a feedback's nudge
was made from, its holes (the student's values) left out. The name is a short hash of that
template, so the hub's service, which runs the course's Python too, knows every name there is and
the nudge behind it (``mistakes``), and the student's kernel sends only the name.

Recording never slows or breaks a check: the mistake is named and the record sent in a thread of
its own, with a short timeout, and a failure is logged (``log``, silent in the notebook) and kept
in ``failures``.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import inspect
import json
import logging
import os
import pkgutil
import re
import sys
import urllib.request
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import cache

from ttt.core.arguments import checked, unchecked, within

#: Why two functions here are not checked where they are entered.
_BY_CHECKING = ("called by Exercise.check alone, with the Feedback it has just made: checking "
                "stands above this module, so their types cannot be its hints")

__all__ = ["NOT_YET", "UNNAMED", "Record", "failures", "mistake_of", "mistakes",
           "recorded", "recording_url", "sent"]

#: The mistake of a stub not yet written, and of a wrong answer whose nudge no template gives.
NOT_YET, UNNAMED = "not-yet", "unnamed"
#: A string in the exercises' code is a nudge template if it holds at least this many letters of
#: its own (and some words).
_LETTERS = 8
#: The seconds a record may take to reach the service before it is given up.
_TIMEOUT = 2.0
#: What the student sees under their first check of a session on a hub that records.
NOTE = ("your teacher's class page shows that you ran this check, whether it passed and the "
        "name of the mistake it found; never your code")

log = logging.getLogger(__name__)
log.addHandler(logging.NullHandler())
log.propagate = False  # a kernel's stderr shows in the notebook: the student sees nothing
failures: deque[str] = deque(maxlen=20)  # the latest failures to record, for the teacher's tests
_sender = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ttt-recording")
_noted = [False]  # whether this session's student has seen NOTE


# --- naming mistakes ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Template:
    """A nudge as written in the course's code: its text with ``…`` for each hole, and a pattern
    that matches the nudges it makes."""

    text: str
    pattern: re.Pattern
    letters: int  # its own, not its holes'

    @property
    def name(self) -> str:
        return hashlib.sha1(self.text.encode()).hexdigest()[:10]


@cache
def _templates() -> tuple[_Template, ...]:
    """The nudge templates written in the exercises' modules (this package's): their string
    literals (docstrings left out) with enough letters of their own to name a mistake."""
    package = sys.modules[__package__]
    modules = [importlib.import_module(f"{__package__}.{found.name}")
               for found in pkgutil.iter_modules(package.__path__)]
    found: dict[str, _Template] = {}
    for module in modules:
        for pieces in _string_literals(ast.parse(inspect.getsource(module))):
            own = "".join(piece for piece in pieces if piece)
            letters = sum(char.isalpha() for char in own)
            if letters >= _LETTERS and own.count(" ") >= 2:  # words, not a name
                text = "".join("…" if piece is None else piece for piece in pieces)
                found.setdefault(text, _Template(text, _pattern(pieces), letters))
    return tuple(found.values())


def _pattern(pieces: list[str | None]) -> re.Pattern:
    """What a nudge made from ``pieces`` looks like: a hole may hold anything (one at either
    end, all of the rest of a longer nudge: it need not be matched)."""
    inner = "".join(".*?" if piece is None else re.escape(piece) for piece in pieces)
    return re.compile(inner.removeprefix(".*?").removesuffix(".*?"), re.DOTALL)


def _string_literals(tree: ast.Module) -> Iterator[list[str | None]]:
    """The pieces of each string literal in ``tree`` (None for an f-string's holes) but
    docstrings and the kinds of answer (``Kind(types, text)``: what a function returns)."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    inner = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
             for part in ast.walk(node) if part is not node}
    kinds = {id(argument) for node in ast.walk(tree) if isinstance(node, ast.Call)
             and getattr(node.func, "id", None) == "Kind" for argument in node.args}
    for node in ast.walk(tree):
        if id(node) in docstrings or id(node) in inner or id(node) in kinds:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield [node.value]
        elif isinstance(node, ast.JoinedStr):
            yield [part.value if isinstance(part, ast.Constant) else None
                   for part in node.values]


def mistakes() -> dict[str, str]:
    """Every mistake name a check's feedback can give, with its nudge (``…`` for the student's
    values): the hub's service accepts these names only."""
    return {NOT_YET: "Not yet written: the check found the stub.",
            UNNAMED: "A wrong answer that no nudge names.",
            **{template.name: template.text for template in _templates()}}


@unchecked(_BY_CHECKING)
def mistake_of(feedback: object) -> str | None:
    """The name of the mistake ``feedback`` found (None if it passed): of the nudge templates
    found in its nudge (a nudge may be made of several: "With beads=3, ..." and what is wrong),
    the one with the most letters of its own, which says the most about the mistake; else the
    same for its headline."""
    if feedback.passed:
        return None
    if feedback.headline.startswith("Not yet"):
        return NOT_YET
    for said in (feedback.nudge, feedback.headline):
        found = [(-template.letters, match.start(), template.name)
                 for template in _templates() if (match := template.pattern.search(said))]
        if found:
            return min(found)[-1]
    return UNNAMED


# --- recording ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Record:
    """What one check tells the teacher: all of it, nothing about who (the hub's token says)."""

    lesson: int
    exercise: str
    passed: bool
    mistake: str | None


def recording_url() -> str | None:
    """The class-glance service's address for records, if this is a student's server on a hub
    that records (the hub gives it, and this server's token, in the environment); else None.
    The teacher's own server records nothing (nbgrader's autograde runs every check there)."""
    user = os.environ.get("JUPYTERHUB_USER")
    if sys.platform == "emscripten" or not os.environ.get("JUPYTERHUB_API_TOKEN") or \
            not user or user == os.environ.get("TTT_HUB_TEACHER"):
        return None
    return os.environ.get("TTT_CLASS_GLANCE_URL") or None


@unchecked(_BY_CHECKING)
def recorded(exercise: object, feedback: object) -> object:
    """``feedback``, recorded for the teacher on a class hub that records (in the background);
    the first of a session with a line saying what the teacher sees. Unchanged elsewhere."""
    url = recording_url()
    if url is None:
        return feedback
    _send(url, exercise.lesson, exercise.name, feedback)
    if _noted[0]:
        return feedback
    _noted[0] = True
    return replace(feedback, rows=(*feedback.rows, ("on this class hub", NOTE)))


def _send(url: str, lesson: int, exercise: str, feedback: object) -> Future:
    """Name ``feedback``'s mistake and post its record to ``url`` with this server's hub token,
    in the sender's thread: the first naming of a session reads the course's nudges (a third of
    a second), which the check does not wait for."""
    token = os.environ["JUPYTERHUB_API_TOKEN"]

    def post() -> int:
        try:
            record = Record(lesson, exercise, feedback.passed, mistake_of(feedback))
            request = urllib.request.Request(
                url, data=json.dumps(record.__dict__).encode(), method="POST",
                headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=_TIMEOUT) as answer:
                return answer.status
        except Exception as error:  # a hub that is down or refuses: the student goes on
            _failed(f"{exercise}: {type(error).__name__}: {error}")
            return 0
    return _sender.submit(post)


@checked(timeout=within(0, 3600, "the seconds to wait, more than 0 and at most an hour",
                        low_open=True))
def sent(timeout: float = 10) -> None:
    """Wait until every record so far has been sent, or given up (the tests ask)."""
    _sender.submit(lambda: None).result(timeout)


def _failed(why: str) -> None:
    failures.append(why)
    log.warning("the class page did not get a check's record: %s", why)
