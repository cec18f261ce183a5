"""nbgrader's settings in every server the class hub starts (hub/jupyterhub_config.py points
JUPYTER_CONFIG_PATH here; on Kubernetes the chart mounts this file in every pod, as
hub/kubernetes/values.yaml says): the course, the shared exchange, and who the student is.

nbgrader names a submission after the system account; with the hub's ``simple`` spawner every
server runs under one account, so the student's hub name (JUPYTERHUB_USER) is used instead. The
teacher's commands (collect, release_feedback) must see every student, so the teacher keeps no
student id.

With an account per student, ``collect`` takes only hand-ins owned by the student they name:
``nbgrader submit --CourseDirectory.student_id=ada`` run from grace's account leaves a folder
``ada+lesson1+...`` owned by grace, which nbgrader's own collect calls a "cheating attempt?" and
then collects over ada's real hand-in (the newest one wins, and ``--update`` replaces the one
collected). Refused before collect chooses, such a hand-in never competes with the real ones, so
the plain collect and ``--update`` treat a genuine resubmission as nbgrader documents.
"""

import fnmatch
import glob
import os
import pwd
from types import SimpleNamespace
from unittest import mock

from nbgrader.exchange.default import collect, submit
from nbgrader.utils import find_all_notebooks


class SubmitWithoutCheckpoints(submit.ExchangeSubmit):
    """nbgrader's submit, whose comparison of the notebooks handed in with those released leaves
    out what submit does not copy (``CourseDirectory.ignore``: JupyterLab's .ipynb_checkpoints).
    nbgrader 0.9.6 counts each checkpoint a saved notebook leaves as an extra notebook, and warns
    of "extra notebooks" at every submit from JupyterLab."""

    def check_filename_diff(self) -> None:
        with mock.patch.object(submit, "find_all_notebooks", self.notebooks_handed_in):
            super().check_filename_diff()

    def notebooks_handed_in(self, path: str) -> list[str]:
        """The notebooks below ``path`` that submit copies."""
        return [notebook for notebook in find_all_notebooks(path)
                if not any(fnmatch.fnmatch(part, pattern) for part in notebook.split(os.sep)
                           for pattern in self.coursedir.ignore)]


class CollectOnlyOwnHandIns(collect.ExchangeCollect):
    """nbgrader's collect, which passes over every hand-in not owned by the account of the
    student it names (each refused one said in a warning line), unless the owner check is off
    (the shared account of ``make hub``'s trial, where every hand-in has one owner)."""

    def init_src(self) -> None:
        with mock.patch.object(collect, "glob", SimpleNamespace(glob=self.own_hand_ins)):
            super().init_src()

    def own_hand_ins(self, pattern: str) -> list[str]:
        """The hand-ins matching ``pattern`` that their own student handed in."""
        found = glob.glob(pattern)
        return found if not self.check_owner else [path for path in found if self.genuine(path)]

    def genuine(self, path: str) -> bool:
        """Whether the account owning hand-in ``path`` (itself, not where a link points) is the
        student its name claims; says why not."""
        claimed = os.path.basename(path).split("+", 1)[0]
        try:
            owner = pwd.getpwuid(os.lstat(path).st_uid).pw_name
        except KeyError:
            owner = f"user id {os.lstat(path).st_uid} (no account)"
        if owner == claimed and not os.path.islink(path):
            return True
        self.log.warning("Refused %s: handed in as %s by %s, so not collected; %s's own "
                         "hand-ins are collected as usual", os.path.basename(path), claimed,
                         owner, claimed)
        return False


c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "ttt"
c.Exchange.root = os.environ["TTT_EXCHANGE"]
c.ExchangeFactory.submit = SubmitWithoutCheckpoints
c.ExchangeFactory.collect = CollectOnlyOwnHandIns
user = os.environ.get("JUPYTERHUB_USER")
if user and user != os.environ.get("TTT_HUB_TEACHER"):
    c.CourseDirectory.student_id = user
# Under one shared account every submission has the same owner, so collect's check that the
# owner is the student would flag every one as a "cheating attempt"; with an account per student
# (TTT_HUB_SPAWNER=local) the check stays, and passes.
if os.environ.get("TTT_HUB_SHARED_ACCOUNT"):
    c.ExchangeCollect.check_owner = False
