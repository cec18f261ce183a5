"""Servers started in a process group of their own (``start_new_session=True``): the JupyterLab
and Voilà of the browser tests, the class hub and its course server. ``serve`` is the one way
they start on free ports; ``stop_process_group`` stops them and what they started."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

#: What a server's log says when another program took its port between our finding it free and
#: the server binding it (Python's and Node's words for EADDRINUSE; Jupyter's and Voilà's)
PORT_TAKEN = re.compile(r"[Aa]ddress already in use|EADDRINUSE|port \d+ is already in use")
#: How many times a server whose port was taken is started again on others
STARTS = 3


def free_ports(count: int = 1) -> int:
    """The first of ``count`` consecutive ports of 127.0.0.1 free just now (the class hub takes
    its port and the next ones). Free *now*: a server started on them may still find one taken,
    which ``serve`` handles."""
    for _ in range(100):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            first = probe.getsockname()[1]
        if first + count > 65535:
            continue
        try:
            for port in range(first, first + count):
                with socket.socket() as probe:
                    probe.bind(("127.0.0.1", port))
        except OSError:
            continue
        return first
    raise RuntimeError(f"found no {count} consecutive free ports on 127.0.0.1")


def accepts(port: int) -> bool:
    """Whether something listens on ``port`` of 127.0.0.1."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


@contextmanager
def serve(start: Callable[[int], subprocess.Popen], log: Path, ready: Callable[[int], bool],
          ports: int = 1, timeout: float = 60, grace: float = 15,
          port: int | None = None) -> Iterator[int]:
    """Start a server with ``start(port)`` (writing to ``log``) on ``ports`` free ports, or on
    ``port`` if given; yield its port once ``ready(port)``; stop it and what it started. A
    server that stopped because its port was taken in the meantime (the race of any "find a
    free port, then start") is started again on others, up to ``STARTS`` times; any other stop,
    or no readiness in ``timeout`` seconds, is an error with the end of its log."""
    for attempt in range(1, STARTS + 1):
        chosen = port or free_ports(ports)
        proc = start(chosen)
        try:
            deadline = time.monotonic() + timeout
            while proc.poll() is None and time.monotonic() < deadline:
                if ready(chosen):
                    yield chosen
                    return
                time.sleep(0.25)
        finally:
            stop_process_group(proc, grace)
        printed = log.read_text(errors="replace")
        if not (PORT_TAKEN.search(printed) and port is None and attempt < STARTS):
            raise RuntimeError(f"{proc.args[0]} did not start:\n{printed[-3000:]}")


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
