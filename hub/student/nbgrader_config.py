"""nbgrader's settings in every server the class hub starts (hub/jupyterhub_config.py points
JUPYTER_CONFIG_PATH here): the course, the shared exchange, and who the student is.

nbgrader names a submission after the system account; with the hub's ``simple`` spawner every
server runs under one account, so the student's hub name (JUPYTERHUB_USER) is used instead. The
teacher's commands (collect, release_feedback) must see every student, so the teacher keeps no
student id.
"""

import os

c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "ttt"
c.Exchange.root = os.environ["TTT_EXCHANGE"]
user = os.environ.get("JUPYTERHUB_USER")
if user and user != os.environ.get("TTT_HUB_TEACHER"):
    c.CourseDirectory.student_id = user
