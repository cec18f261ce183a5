"""Jupyter Server's settings in every server the class hub starts (hub/jupyterhub_config.py points
JUPYTER_CONFIG_PATH here; on Kubernetes, the chart mounts this file in every pod:
hub/kubernetes/values.yaml).

A terminal's shell is not a login shell. Started by a spawner, Jupyter Server otherwise runs
``$SHELL -l``, which reads /etc/profile, and Debian's /etc/profile sets PATH afresh: the course's
``python`` and ``nbgrader``, which the hub puts first on the server's PATH, would be "command not
found" in the terminal. The shell is still interactive (it reads ~/.bashrc), only not a login.
"""

import os

c = get_config()  # noqa: F821
c.ServerApp.terminado_settings = {"shell_command": [os.environ.get("SHELL") or "/bin/sh"]}
