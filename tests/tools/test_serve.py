"""The one way the tests start a server on a free port (tests/helpers/process_group.py): a server
whose port another program took between our finding it free and its binding it is started again
on another; a server that fails otherwise is an error with its own words, and is stopped."""

from __future__ import annotations

import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from process_group import accepts, free_ports, serve

#: A web server of Python's own that says where it listens, or why it cannot
HTTP_SERVER = [sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1"]


def http_server(log: Path, folder: Path, before=lambda port: None):
    """Start Python's web server serving ``folder`` on a port, ``before(port)`` first."""
    def start(port: int) -> subprocess.Popen:
        before(port)
        with open(log, "w") as out:
            return subprocess.Popen([*HTTP_SERVER, str(port)], cwd=folder, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)
    return start


def says_it_serves(log: Path):
    """Whether the server writing ``log`` says it serves on a port and it answers there (the
    program that took its port would answer too)."""
    return lambda port: f"port {port}" in log.read_text() and accepts(port)


def test_a_server_whose_port_was_taken_meanwhile_starts_on_another(tmp_path):
    (tmp_path / "hello.txt").write_text("hello")
    taken: list[int] = []
    squatter = socket.socket()

    def take_the_first(port: int) -> None:  # another program binds it just before the server
        if not taken:
            squatter.bind(("127.0.0.1", port))
            squatter.listen()
            taken.append(port)

    log = tmp_path / "server.log"
    with squatter, serve(http_server(log, tmp_path, take_the_first), log, says_it_serves(log)
                         ) as port:
        assert port != taken[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/hello.txt", timeout=10) as page:
            assert page.read() == b"hello"
    assert not accepts(port)  # stopped


def test_a_server_given_its_port_is_not_moved_and_says_why_it_stopped(tmp_path):
    log = tmp_path / "server.log"
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        port = squatter.getsockname()[1]
        with pytest.raises(RuntimeError, match="did not start:(.|\n)*Address already in use"), \
                serve(http_server(log, tmp_path), log, says_it_serves(log), port=port,
                      timeout=30):
            pass


def test_a_server_that_fails_otherwise_is_not_started_again(tmp_path):
    starts: list[int] = []

    def start(port: int) -> subprocess.Popen:
        starts.append(port)
        with open(tmp_path / "log", "w") as out:
            return subprocess.Popen([sys.executable, "-c", "raise SystemExit('no course here')"],
                                    stdout=out, stderr=subprocess.STDOUT, start_new_session=True)

    with pytest.raises(RuntimeError, match="no course here"), \
            serve(start, tmp_path / "log", accepts, timeout=30):
        pass
    assert len(starts) == 1


def test_consecutive_free_ports_are_free(tmp_path):
    first = free_ports(4)
    for port in range(first, first + 4):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", port))
