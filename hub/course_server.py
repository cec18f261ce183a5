"""The class hub's course server: the teacher's clone of the course, served read-only over HTTP by
``git http-backend`` (git's own server), for every student's course link to pull
(hub/jupyterhub_config.py runs it as a JupyterHub service in the class mode; site/hub.md).

A course link cannot pull the teacher's folder itself (``file://``): git refuses a repository
another account owns ("detected dubious ownership"), and a private home keeps every other account
out. Here the hub's account reads the clone, and each student's git fetches it over HTTP, as from
GitHub. Only fetching is served: ``git http-backend`` accepts a push only from a logged-in user,
and this server logs nobody in.

    python hub/course_server.py CLONE --port 8003 [--name ttt]

serves CLONE at ``http://127.0.0.1:8003/ttt`` (and under the hub's ``/services/course/ttt``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


def git_environment(clone: Path, path_info: str, handler: BaseHTTPRequestHandler,
                    query: str) -> dict[str, str]:
    """The CGI variables ``git http-backend`` reads for one request, with the clone marked safe
    (its owner may be the teacher, not the hub's account)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "GIT_PROJECT_ROOT": str(clone),
        "GIT_HTTP_EXPORT_ALL": "1",
        "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": "safe.directory",
        "GIT_CONFIG_VALUE_0": str(clone),
        "PATH_INFO": path_info,
        "QUERY_STRING": query,
        "REQUEST_METHOD": handler.command,
        "REMOTE_ADDR": handler.client_address[0],
        "CONTENT_TYPE": handler.headers.get("Content-Type", ""),
        "CONTENT_LENGTH": handler.headers.get("Content-Length", ""),
        "GIT_PROTOCOL": handler.headers.get("Git-Protocol", ""),
    }
    for header, value in handler.headers.items():
        env["HTTP_" + header.upper().replace("-", "_")] = value
    return env


def request_body(handler: BaseHTTPRequestHandler) -> bytes:
    """The request's body, whether sent with a length or in chunks (git sends a large fetch
    request chunked)."""
    if handler.headers.get("Transfer-Encoding", "").lower() != "chunked":
        return handler.rfile.read(int(handler.headers.get("Content-Length") or 0))
    chunks = []
    while size := int(handler.rfile.readline().split(b";")[0].strip() or b"0", 16):
        chunks.append(handler.rfile.read(size))
        handler.rfile.readline()
    handler.rfile.readline()
    return b"".join(chunks)


def course_handler(clone: Path, name: str, prefix: str) -> type[BaseHTTPRequestHandler]:
    """A request handler serving ``clone`` at ``/name`` and ``prefix + name``."""

    class CourseHandler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.serve()

        def do_POST(self) -> None:
            self.serve()

        def serve(self) -> None:
            path, _, query = self.path.partition("?")
            for root in (f"{prefix.rstrip('/')}/{name}", f"/{name}"):
                if path.startswith(root + "/"):
                    break
            else:
                self.send_error(404, f"this server has only the course, at /{name}")
                return
            body = request_body(self) if self.command == "POST" else b""
            env = git_environment(clone, path[len(root):], self, query)
            if body:
                env["CONTENT_LENGTH"] = str(len(body))
            answer = subprocess.run(["git", "http-backend"], input=body, env=env,
                                    capture_output=True, check=False)
            head, _, content = answer.stdout.partition(b"\r\n\r\n")
            headers = [line.split(":", 1) for line in head.decode("latin-1").splitlines()]
            status = next((value.strip() for key, value in headers if key == "Status"), "200")
            self.send_response(int(status.split()[0]))
            for key, value in headers:
                if key != "Status":
                    self.send_header(key, value.strip())
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            self.wfile.write(content)
            if answer.returncode and answer.stderr:
                self.log_message("git http-backend: %s", answer.stderr.decode(errors="replace"))

    return CourseHandler


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("clone", type=Path, help="the teacher's clone of the course")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--ip", default="127.0.0.1")
    parser.add_argument("--name", default="ttt", help="the course's path on this server")
    args = parser.parse_args()
    clone = args.clone.resolve()
    if not (clone / ".git").exists():
        parser.error(f"{clone} is not a git clone (it has no .git): serve a clone of the course")
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/course/")
    server = ThreadingHTTPServer((args.ip, args.port), course_handler(clone, args.name, prefix))
    try:
        server.serve_forever()
    except KeyboardInterrupt:  # the hub stops its services with SIGINT at its shutdown
        server.server_close()


if __name__ == "__main__":
    main()
