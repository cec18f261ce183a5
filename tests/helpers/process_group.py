"""Stopping a server that was started in a process group of its own (``start_new_session=True``):
the JupyterLab and Voilà of the browser tests, and the class hub of ``make hub`` and its tests."""

from __future__ import annotations

import os
import signal
import subprocess


def stop_process_group(proc: subprocess.Popen, grace: float) -> None:
    """Stop ``proc``'s process group with SIGTERM, or SIGKILL after ``grace`` seconds; then its
    descendants still alive (kernels and user servers run in sessions of their own)."""
    import psutil  # imported here: a script that only starts servers does not need it

    family = psutil.Process(proc.pid).children(recursive=True) if proc.poll() is None else []
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
    for straggler in psutil.wait_procs(family, timeout=10)[1]:
        straggler.kill()
