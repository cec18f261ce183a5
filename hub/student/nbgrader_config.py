"""nbgrader's settings in every server the class hub starts (hub/jupyterhub_config.py points
JUPYTER_CONFIG_PATH here; on Kubernetes the chart mounts this file in every pod, as
hub/kubernetes/values.yaml says): the course, the shared exchange, and who the student is.

nbgrader names a submission after the system account; with the hub's ``simple`` spawner every
server runs under one account, so the student's hub name (JUPYTERHUB_USER) is used instead. The
teacher's commands (collect, release_feedback) must see every student, so the teacher keeps no
student id.
"""

import fnmatch
import os
from unittest import mock

from nbgrader.exchange.default import submit
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


c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "ttt"
c.Exchange.root = os.environ["TTT_EXCHANGE"]
c.ExchangeFactory.submit = SubmitWithoutCheckpoints
user = os.environ.get("JUPYTERHUB_USER")
if user and user != os.environ.get("TTT_HUB_TEACHER"):
    c.CourseDirectory.student_id = user
# Under one shared account every submission has the same owner, so collect's check that the
# owner is the student would flag every one as a "cheating attempt"; with an account per student
# (TTT_HUB_SPAWNER=local) the check stays, and passes.
if os.environ.get("TTT_HUB_SHARED_ACCOUNT"):
    c.ExchangeCollect.check_owner = False
