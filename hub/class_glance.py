"""The class at a glance: a JupyterHub service of the course that shows the teacher, live, which
mistakes the class is making, by name (site/hub.md: The class at a glance).

Each check a student runs on the hub posts a record here (ttt/course/exercises/recording.py): the
lesson, the exercise, whether it passed, and the name of the mistake it found. The student is the
one the hub's token names (``HubAuth``), never a field of the record. A record that is too big,
not JSON, has other fields, or names an exercise or mistake the course does not have, is refused
with 400 and nothing is stored.

The store keeps each student's latest check of each exercise: a table in SQLite in the hub's
folder, or in any database SQLAlchemy reaches (``--db``: PostgreSQL when the class outgrows one
server). The teacher's page (admins only, through the hub's OAuth) shows, per lesson and exercise,
how many students tried, how many have it right, and the mistakes the others' latest check found,
with their nudges, most common first; it asks for news every few seconds, and a button clears a
lesson for the next class.

The hub starts it (hub/jupyterhub_config.py): ``python hub/class_glance.py --db URL [--off]``;
``--off`` (the teacher turned recording off) refuses every record with 403, the page stays.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import logging
import os
import sys
import time
from dataclasses import dataclass
from urllib.parse import urlparse

import sqlalchemy as sa
from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import ioloop, web

from ttt.course.exercises import EXERCISES
from ttt.course.exercises.recording import mistakes

log = logging.getLogger("class-glance")

#: The most bytes a record may have: a record is four short fields (about 100 bytes).
MAX_BYTES = 1024
FIELDS = ("lesson", "exercise", "passed", "mistake")
#: How often the teacher's page asks for news, in milliseconds.
REFRESH_MS = 3000


class Refused(ValueError):
    """A record the store does not take: the sentence says why."""


@dataclass(frozen=True)
class Check:
    """One student's check, as the store takes it."""

    student: str
    lesson: int
    exercise: str
    passed: bool
    mistake: str | None


def parsed(body: bytes, student: str) -> Check:
    """The check a record's ``body`` holds, by ``student``; Refused (saying why) unless it is a
    JSON object of exactly FIELDS, naming an exercise of its lesson and, if it failed, a mistake
    the course's checks can name."""
    if len(body) > MAX_BYTES:
        raise Refused(f"A record has at most {MAX_BYTES} bytes; this one has {len(body)}.")
    try:
        record = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise Refused("A record is a JSON object; this body is not JSON.") from None
    if not isinstance(record, dict) or sorted(record) != sorted(FIELDS):
        keys = sorted(record) if isinstance(record, dict) else type(record).__name__
        raise Refused(f"A record has exactly the fields {', '.join(FIELDS)}; not {keys}.")
    lesson, exercise, passed, mistake = (record[field] for field in FIELDS)
    if not isinstance(exercise, str) or exercise not in EXERCISES:
        raise Refused(f"The course has no exercise {str(exercise)[:40]!r}.")
    if type(lesson) is not int or lesson != EXERCISES[exercise].lesson:
        raise Refused(f"{exercise} is an exercise of lesson {EXERCISES[exercise].lesson}, "
                      f"not of {str(lesson)[:10]!r}.")
    if type(passed) is not bool:
        raise Refused("passed is true or false.")
    if passed and mistake is not None:
        raise Refused("A check that passed has no mistake: mistake is null.")
    if not passed and (not isinstance(mistake, str) or mistake not in mistakes()):
        raise Refused(f"The course's checks name no mistake {str(mistake)[:40]!r}.")
    return Check(student, lesson, exercise, passed, mistake)


# --- the store ----------------------------------------------------------------------------------

METADATA = sa.MetaData()
#: Each student's latest check of each exercise, and how many checks they ran.
LATEST = sa.Table(
    "latest_checks", METADATA,
    sa.Column("student", sa.String(255), primary_key=True),
    sa.Column("exercise", sa.String(64), primary_key=True),
    sa.Column("lesson", sa.Integer, nullable=False, index=True),
    sa.Column("passed", sa.Boolean, nullable=False),
    sa.Column("mistake", sa.String(32)),
    sa.Column("checks", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


@dataclass(frozen=True)
class Exercise:
    """What the class did with one exercise: how many tried, how many have it right, and how
    many students' latest check found each mistake, most common first."""

    lesson: int
    name: str
    tried: int
    right: int
    mistakes: tuple[tuple[str, int], ...]


class Store:
    """The records, in the database at ``url`` (a SQLAlchemy URL), its table made if missing."""

    def __init__(self, url: str) -> None:
        self.engine = sa.create_engine(url)
        METADATA.create_all(self.engine)

    def add(self, check: Check) -> None:
        """Keep ``check`` as its student's latest of its exercise."""
        row = {"lesson": check.lesson, "passed": check.passed, "mistake": check.mistake,
               "at": time.time()}
        mine = (LATEST.c.student == check.student) & (LATEST.c.exercise == check.exercise)
        with self.engine.begin() as db:
            updated = db.execute(LATEST.update().where(mine).values(
                checks=LATEST.c.checks + 1, **row))
            if not updated.rowcount:
                db.execute(LATEST.insert().values(student=check.student,
                                                  exercise=check.exercise, checks=1, **row))

    def summary(self) -> list[Exercise]:
        """Every exercise some student checked, by lesson and in the course's order."""
        query = sa.select(LATEST.c.lesson, LATEST.c.exercise, LATEST.c.passed,
                          LATEST.c.mistake, sa.func.count()).group_by(
            LATEST.c.lesson, LATEST.c.exercise, LATEST.c.passed, LATEST.c.mistake)
        counts: dict[tuple[int, str], dict[str | None, int]] = {}
        with self.engine.connect() as db:
            for lesson, exercise, passed, mistake, students in db.execute(query):
                found = counts.setdefault((lesson, exercise), {})
                key = None if passed else mistake
                found[key] = found.get(key, 0) + students
        order = list(EXERCISES)
        return [Exercise(lesson, name, sum(found.values()), found.get(None, 0),
                         tuple(sorted(((mistake, n) for mistake, n in found.items() if mistake),
                                      key=lambda pair: (-pair[1], pair[0]))))
                for (lesson, name), found in sorted(
                    counts.items(), key=lambda item: (item[0][0], order.index(item[0][1])
                                                      if item[0][1] in order else len(order)))]

    def clear(self, lesson: int) -> int:
        """Forget every check of ``lesson``; how many students' checks that was."""
        with self.engine.begin() as db:
            return db.execute(LATEST.delete().where(LATEST.c.lesson == lesson)).rowcount


# --- the teacher's page -------------------------------------------------------------------------

STYLE = """
:root { font-family: system-ui, sans-serif; font-size: 18px; line-height: 1.45; color: #1a1a1a;
        background: #fff; }
body { margin: 0 auto; max-width: 72rem; padding: 0.5rem 1rem 2rem; }
h1 { font-size: 1.6rem; margin: 0.6rem 0 0.2rem; }
h2 { font-size: 1.35rem; margin: 0; }
h3 { font-size: 1.1rem; margin: 0 0 0.3rem; font-family: ui-monospace, monospace; }
.status { color: #4a4a4a; margin: 0 0 1rem; }
section.lesson { border-top: 3px solid #1d4f91; padding-top: 0.5rem; margin-top: 1.2rem; }
.lesson-head { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center;
               justify-content: space-between; }
.exercises { display: grid; grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr));
             gap: 0.8rem; margin-top: 0.6rem; }
.exercise { border: 1px solid #8a8a8a; border-radius: 6px; padding: 0.6rem 0.8rem; }
.tally { font-size: 1.15rem; margin: 0 0 0.3rem; }
.tally strong { font-size: 1.5rem; }
.bar { height: 0.6rem; background: #e3e3e3; border-radius: 3px; overflow: hidden; }
.bar span { display: block; height: 100%; background: #007a5a; }
ol.mistakes { margin: 0.5rem 0 0; padding-left: 0; list-style: none; }
ol.mistakes li { display: flex; gap: 0.6rem; margin: 0.4rem 0; }
.count { flex: 0 0 2.4rem; text-align: center; font-weight: bold; background: #a64900;
         color: #fff; border-radius: 4px; height: fit-content; padding: 0.05rem 0; }
.nudge { overflow-wrap: anywhere; }
button { font: inherit; font-size: 0.95rem; padding: 0.35rem 0.8rem; min-height: 2.75rem;
         border: 2px solid #1d4f91; background: #fff; color: #1d4f91; border-radius: 6px;
         cursor: pointer; }
button:hover { background: #eef3fa; }
:focus-visible { outline: 3px solid #1d4f91; outline-offset: 2px; }
.empty { font-size: 1.15rem; }
.unseen { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
          white-space: nowrap; }
"""

#: Asks for the page's news every REFRESH_MS and puts it in place (keeping the focus where it
#: was); asks before clearing a lesson.
SCRIPT = """
const news = document.getElementById('class');
async function refresh() {
  try {
    // the hub's login cookie counts for a script's request only with the page's xsrf token
    const answer = await fetch('summary', {credentials: 'same-origin', cache: 'no-store',
      headers: {'X-XSRFToken': document.querySelector('meta[name=xsrf]').content}});
    if (!answer.ok) return;
    const body = await answer.text();
    if (body === news.dataset.shown) return;
    const focused = document.activeElement && document.activeElement.id;
    news.innerHTML = body;
    news.dataset.shown = body;
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
    document.getElementById('updated').textContent =
      'Updated at ' + new Date().toLocaleTimeString() + '.';
  } catch (error) { /* the hub is restarting: ask again at the next turn */ }
}
news.dataset.shown = news.innerHTML;
setInterval(refresh, REFRESH_MS);
document.addEventListener('submit', event => {
  const lesson = event.target.querySelector('[name=lesson]').value;
  if (!confirm('Clear what the class did in lesson ' + lesson + '?')) event.preventDefault();
  else event.target.querySelector('[name=_xsrf]').value =
    document.querySelector('meta[name=xsrf]').content;
});
"""


def exercise_html(exercise: Exercise, nudges: dict[str, str]) -> str:
    """One exercise's card: tried, right, and the mistakes with their nudges."""
    share = 100 * exercise.right // exercise.tried if exercise.tried else 0
    students = "student" if exercise.tried == 1 else "students"
    items = "".join(
        f"<li><span class='count'>{n}<span class='unseen'> "
        f"{'student' if n == 1 else 'students'}:</span></span>"
        f"<span class='nudge'>{html.escape(nudges.get(mistake, mistake))}</span></li>"
        for mistake, n in exercise.mistakes)
    mistakes_list = f"<ol class='mistakes' aria-label='mistakes, most common first'>{items}</ol>" \
        if items else ""
    return (f"<article class='exercise'><h3>{html.escape(exercise.name)}</h3>"
            f"<p class='tally'><strong>{exercise.right}</strong> of {exercise.tried} {students} "
            f"right</p><div class='bar' aria-hidden='true'><span style='width:{share}%'></span>"
            f"</div>{mistakes_list}</article>")


def class_html(summary: list[Exercise], xsrf: str = "") -> str:
    """Every lesson the class checked something in, its exercises and a button to clear it (its
    form's ``xsrf`` token left for the page's script to add, so that the same news reads the
    same)."""
    if not summary:
        return "<p class='empty'>No checks yet: they appear here as the students run them.</p>"
    nudges = mistakes()
    lessons = sorted({exercise.lesson for exercise in summary})
    parts = []
    for lesson in lessons:
        cards = "".join(exercise_html(exercise, nudges)
                        for exercise in summary if exercise.lesson == lesson)
        parts.append(
            f"<section class='lesson' aria-labelledby='lesson-{lesson}'>"
            f"<div class='lesson-head'><h2 id='lesson-{lesson}'>Lesson {lesson}</h2>"
            f"<form method='post' action='clear'><input type='hidden' name='_xsrf' "
            f"value='{html.escape(xsrf)}'><input type='hidden' name='lesson' value='{lesson}'>"
            f"<button id='clear-{lesson}' type='submit'>Clear lesson {lesson} for the next "
            f"class</button></form></div><div class='exercises'>{cards}</div></section>")
    return "".join(parts)


def page_html(summary: list[Exercise], xsrf: str, recording: bool) -> str:
    state = ("Each student counts once per exercise, under their latest check."
             if recording else "Recording is off on this hub: the students' checks are not "
             "recorded (TTT_HUB_GLANCE=off).")
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<meta name='xsrf' content='{html.escape(xsrf)}'>"
            f"<title>The class at a glance</title><style>{STYLE}</style></head><body><main>"
            f"<h1>The class at a glance</h1><p class='status'>{state} "
            f"<span id='updated' role='status'></span></p>"
            f"<div id='class'>{class_html(summary, xsrf)}</div></main>"
            f"<script>{SCRIPT.replace('REFRESH_MS', str(REFRESH_MS))}</script></body></html>")


# --- the service ----------------------------------------------------------------------------------


class Teachers(HubOAuthenticated, web.RequestHandler):
    """A page of the teacher's: admins only (the hub's OAuth logs them in); anyone else 403."""

    def prepare(self) -> None:
        user = self.current_user
        if user is None:
            return  # @web.authenticated sends them to the hub's login
        if not user.get("admin"):
            raise web.HTTPError(403, "The class page is the teacher's (the hub's admins).")

    @property
    def store(self) -> Store:
        return self.settings["store"]


class PageHandler(Teachers):
    @web.authenticated
    def get(self) -> None:
        self.write(page_html(self.store.summary(), self.xsrf_token.decode(),
                             self.settings["recording"]))


class SummaryHandler(Teachers):
    @web.authenticated
    def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.write(class_html(self.store.summary()))


class ClearHandler(Teachers):
    @web.authenticated
    def post(self) -> None:
        lesson = self.get_body_argument("lesson", "")
        if not lesson.isdigit():
            raise web.HTTPError(400, "lesson is the number of a lesson.")
        cleared = self.store.clear(int(lesson))
        log.info("lesson %s cleared by %s: %d checks", lesson, self.current_user["name"],
                 cleared)
        self.redirect(self.settings["prefix"])


class RecordHandler(HubOAuthenticated, web.RequestHandler):
    """Where a student's kernel posts its checks, with its server's hub token."""

    def get_current_user(self):  # a kernel has a token, never a browser's cookie
        return self.hub_auth.get_user(self) if self.request.headers.get("Authorization") \
            else None

    def check_xsrf_cookie(self) -> None:
        """Nothing to check: a record counts only with a token in its headers, which another
        site cannot make a browser send (cookies are not looked at here)."""

    def post(self) -> None:
        user = self.current_user
        if user is None or user.get("kind") != "user":
            raise web.HTTPError(403, "A record comes with a student's hub token.")
        if not self.settings["recording"]:
            raise web.HTTPError(403, "The teacher has turned recording off on this hub.")
        try:
            check = parsed(self.request.body, user["name"])
        except Refused as why:
            raise web.HTTPError(400, str(why)) from None
        if not user.get("admin"):  # the teacher's own checks (nbgrader's autograde) are not
            self.settings["store"].add(check)  # the class's
        self.set_status(204)

    def write_error(self, status_code: int, **kwargs) -> None:
        error = kwargs.get("exc_info", (None, None))[1]
        self.finish({"error": getattr(error, "log_message", None) or self._reason})


def make_app(store: Store, prefix: str, recording: bool) -> web.Application:
    return web.Application([
        (prefix, PageHandler),
        (url_path_join(prefix, "summary"), SummaryHandler),
        (url_path_join(prefix, "clear"), ClearHandler),
        (url_path_join(prefix, "api/records"), RecordHandler),
        (url_path_join(prefix, "oauth_callback"), HubOAuthCallbackHandler),
    ], store=store, prefix=prefix, recording=recording, cookie_secret=cookie_secret(),
        xsrf_cookies=True)


def cookie_secret() -> bytes:
    """The teacher's login cookie's key, the same after a restart (the hub gives this service the
    same token until the hub restarts), so that the page goes on without logging in again."""
    return hashlib.sha256(b"class-glance cookie:" +
                          os.environ["JUPYTERHUB_API_TOKEN"].encode()).digest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True, help="the store's SQLAlchemy URL")
    parser.add_argument("--off", action="store_true", help="refuse every record (403)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[class-glance %(asctime)s] %(message)s")
    mistakes()  # read the course's nudges now, not at the first record
    address = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    app = make_app(Store(args.db), os.environ["JUPYTERHUB_SERVICE_PREFIX"], not args.off)
    app.listen(address.port, address.hostname)
    log.info("the class page at %s, recording %s, store %s", address.geturl(),
             "off" if args.off else "on", sa.make_url(args.db).render_as_string())
    ioloop.IOLoop.current().start()
    return 0


if __name__ == "__main__":
    sys.exit(main())
