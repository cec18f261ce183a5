"""Drive a JupyterHub and its users' servers over HTTP, as a browser would: users and servers by the
hub's REST API, files by Jupyter Server's contents API, code by its kernel API and commands typed in
its terminals (websockets).
The class hub's tests (tests/hub/) and its load script (hub/hub_load.py) use it.

Every call takes the token of a hub service allowed to manage users and reach their servers
(``TTT_HUB_API_TOKEN`` in hub/jupyterhub_config.py) and fails with the server's answer, not a hang:
each has a timeout.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
from process_group import serve

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "hub" / "jupyterhub_config.py"
PROXY = ROOT / "node_modules" / ".bin" / "configurable-http-proxy"


class HubError(RuntimeError):
    """The hub or a user's server answered with an error."""


@dataclass
class Run:
    """What running one cell gave: its text output (streams, results, errors), whether it
    raised, the seconds until its first output (None if it printed nothing) and until it finished,
    and the MIME types of its rich outputs (pictures are image/svg+xml or image/png)."""

    text: str
    failed: bool
    first_output: float | None
    seconds: float
    mime_types: list[str] = field(default_factory=list)


class Hub:
    """A hub at ``url`` (``http://127.0.0.1:8000``), driven with a service's API ``token``."""

    def __init__(self, url: str, token: str, timeout: float = 180) -> None:
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"url should be the hub's address, http(s)://..., not {url!r}")
        self.url, self.timeout = url.rstrip("/"), timeout
        self.headers = {"Authorization": f"token {token}"}
        self.session: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> Hub:
        # The hub's certificate is not checked: this client drives a hub on this machine, and
        # the tests' HTTPS hub has a certificate of their own making.
        limits = aiohttp.TCPConnector(limit=200, ssl=False)
        self.session = aiohttp.ClientSession(headers=self.headers, connector=limits,
                                             timeout=aiohttp.ClientTimeout(total=self.timeout))
        return self

    async def __aexit__(self, *_exc) -> None:
        await self.session.close()

    async def request(self, method: str, path: str, **kwargs) -> dict | list | None:
        """The JSON answer to ``method path`` (a path from the hub's root), or HubError."""
        async with self.session.request(method, self.url + path, **kwargs) as answer:
            body = await answer.text()
            if answer.status >= 400:
                raise HubError(f"{method} {path}: {answer.status} {body[:500]}")
            return json.loads(body) if body.strip() else None

    # --- users and their servers, by the hub's REST API --------------------------------------

    async def add_user(self, name: str) -> None:
        """Create the user ``name`` unless the hub has them already."""
        try:
            await self.request("GET", f"/hub/api/users/{name}")
        except HubError:
            await self.request("POST", f"/hub/api/users/{name}")

    async def start_server(self, name: str) -> float:
        """Start ``name``'s server and wait until it answers; return the seconds that took."""
        start = time.monotonic()
        try:
            await self.request("POST", f"/hub/api/users/{name}/server")
        except HubError as error:
            if "400" not in str(error):  # 400: already running (or pending)
                raise
        while True:
            user = await self.request("GET", f"/hub/api/users/{name}")
            server = user["servers"].get("")
            if server and server["ready"]:
                return time.monotonic() - start
            if time.monotonic() - start > self.timeout:
                raise HubError(f"{name}'s server was not ready after {self.timeout} s")
            await asyncio.sleep(0.5)

    async def stop_server(self, name: str) -> None:
        """Stop ``name``'s server and wait until the hub has let it go."""
        await self.request("DELETE", f"/hub/api/users/{name}/server")
        start = time.monotonic()
        while "" in (await self.request("GET", f"/hub/api/users/{name}"))["servers"]:
            if time.monotonic() - start > self.timeout:
                raise HubError(f"{name}'s server had not stopped after {self.timeout} s")
            await asyncio.sleep(0.5)

    async def server_pid(self, name: str) -> int:
        """The process id of ``name``'s server (a local process spawner's state)."""
        user = await self.request("GET", f"/hub/api/users/{name}?include_stopped_servers")
        return user["servers"][""]["state"]["pid"]

    # --- files, by the contents API --------------------------------------------------------------

    async def read_notebook(self, name: str, path: str) -> dict:
        model = await self.request("GET", f"/user/{name}/api/contents/{path}?content=1")
        return model["content"]

    async def write_notebook(self, name: str, path: str, notebook: dict) -> None:
        await self.request("PUT", f"/user/{name}/api/contents/{path}",
                           json={"type": "notebook", "format": "json", "content": notebook})

    # --- code, by the kernel API -----------------------------------------------------------------

    async def start_kernel(self, name: str, cwd: str = "") -> str:
        """Start a Python kernel in ``name``'s server (in folder ``cwd`` of their home); its id."""
        kernel = await self.request("POST", f"/user/{name}/api/kernels",
                                    json={"name": "python3", "path": cwd})
        return kernel["id"]

    async def stop_kernel(self, name: str, kernel: str) -> None:
        await self.request("DELETE", f"/user/{name}/api/kernels/{kernel}")

    async def run(self, name: str, kernel: str, code: str) -> Run:
        """Run ``code`` as one cell in ``name``'s ``kernel`` and collect what it shows."""
        address = self.url.replace("http", "ws", 1) + \
            f"/user/{name}/api/kernels/{kernel}/channels"
        msg_id = uuid.uuid4().hex
        request = {"header": {"msg_id": msg_id, "msg_type": "execute_request", "username": name,
                              "session": uuid.uuid4().hex, "version": "5.3"},
                   "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
                   "content": {"code": code, "silent": False, "store_history": True,
                               "user_expressions": {}, "allow_stdin": False}}
        texts, mimes, failed, first = [], [], False, None
        start = time.monotonic()
        async with self.session.ws_connect(address, max_msg_size=0, compress=15) as socket:
            await socket.send_json(request)
            async for message in socket:
                if message.type != aiohttp.WSMsgType.TEXT:
                    raise HubError(f"{name}'s kernel channel broke off: {message.data!r}")
                reply = json.loads(message.data)
                if reply.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                kind, content = reply["msg_type"], reply["content"]
                if kind in ("stream", "execute_result", "display_data", "error") and first is None:
                    first = time.monotonic() - start
                if kind == "stream":
                    texts.append(content["text"])
                elif kind in ("execute_result", "display_data"):
                    mimes.extend(content["data"])
                    texts.append(content["data"].get("text/plain", "") + "\n")
                elif kind == "error":
                    failed = True
                    texts.append(f"{content['ename']}: {content['evalue']}\n")
                elif kind == "status" and content["execution_state"] == "idle":
                    break
        return Run("".join(texts), failed, first, time.monotonic() - start, mimes)

    # --- commands, typed in a terminal, by the terminals API -------------------------------------

    async def open_terminal(self, name: str) -> Terminal:
        """A new terminal in ``name``'s server (JupyterLab's File ▸ New ▸ Terminal), its shell
        ready for a command; close it with ``Terminal.close``."""
        created = await self.request("POST", f"/user/{name}/api/terminals")
        address = self.url.replace("http", "ws", 1) + \
            f"/user/{name}/terminals/websocket/{created['name']}"
        terminal = Terminal(self, name, created["name"],
                            await self.session.ws_connect(address, max_msg_size=0))
        await terminal.start()
        return terminal

    async def typed(self, name: str, lines: list[str]) -> list[str]:
        """What a new terminal of ``name``'s server showed for each of ``lines``, typed in it one
        after another; HubError if one fails."""
        terminal = await self.open_terminal(name)
        try:
            return [await terminal.run(line) for line in lines]
        finally:
            await terminal.close()


#: Terminal output's control sequences (colours, character sets, bracketed paste, the window
#: title)
CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]|\r")
#: The prompt a Terminal gives its shell: the last command's exit status, between markers that
#: a command's own output does not hold
PROMPT = "PS1='<ttt-exit:$?> '"
PROMPTED = re.compile(r"<ttt-exit:(\d+)> $")


@dataclass
class Terminal:
    """A terminal in a user's server, typed into as a person types (``run``)."""

    hub: Hub
    user: str
    name: str
    socket: aiohttp.ClientWebSocketResponse

    async def start(self) -> None:
        """Wait for the shell, and give it a prompt that tells when a command is done."""
        await self.socket.send_json(["set_size", 50, 200, 800, 1000])
        await self.run(PROMPT, check=False)

    async def run(self, line: str, check: bool = True) -> str:
        """Type ``line`` and Enter; return what the terminal shows until the shell prompts again
        (the echoed line left out). HubError if the command's exit status is not 0 (``check``)
        or it takes longer than the hub client's timeout."""
        await self.socket.send_json(["stdin", line + "\r"])
        shown, deadline = "", time.monotonic() + self.hub.timeout
        while not (match := PROMPTED.search(shown)):
            left = deadline - time.monotonic()
            try:
                message = await self.socket.receive(timeout=max(left, 0.01))
            except asyncio.TimeoutError:
                raise HubError(f"{self.user}: {line!r} had not finished after "
                               f"{self.hub.timeout} s:\n{shown[-3000:]}") from None
            if message.type != aiohttp.WSMsgType.TEXT:
                raise HubError(f"{self.user}'s terminal closed: {message.data!r}\n{shown}")
            kind, *content = json.loads(message.data)
            if kind == "stdout":
                shown += CONTROL.sub("", content[0])
        output = shown[:match.start()].split("\n", 1)[-1]  # after the echoed line
        if check and match[1] != "0":
            raise HubError(f"{self.user}: {line!r} failed (exit status {match[1]}):\n"
                           f"{output[-3000:]}")
        return output

    async def close(self) -> None:
        await self.socket.close()
        await self.hub.request("DELETE", f"/user/{self.user}/api/terminals/{self.name}")


def run_async(coroutine):
    """Run ``coroutine`` to its end and return its result, also where an event loop is running
    already (Playwright's synchronous API keeps one in the test's thread)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


# --- a class hub for tests and measurements ------------------------------------------------------


@dataclass(frozen=True)
class TrialHub:
    """A running class hub: its address, the API token of its ``class-driver`` service, the
    password its users log in with (the dummy authenticator's shared one, or the one the tests
    sign everyone up with), its state folder (homes/NAME, exchange) and the file its log goes
    to."""

    url: str
    token: str
    password: str
    state: Path
    log: Path

    def home(self, name: str) -> Path:
        return self.state / "homes" / name


@contextmanager
def trial_hub(state: Path, port: int | None = None, server_args: str = "", timeout: float = 120,
              ports: int = 3, auth: str = "dummy", spawner: str = "simple",
              settings: dict[str, str] | None = None,
              command: list[str] | None = None, scheme: str = "http") -> Iterator[TrialHub]:
    """Run hub/jupyterhub_config.py on 127.0.0.1 with a service token, its state in ``state``,
    the authenticator ``auth`` (``dummy``, a stand-in for speed, or ``native``, a class's), the
    spawner ``spawner`` (``simple`` or ``local``) and more of its ``settings`` (TTT_HUB_...);
    or run ``command`` in the repository (``make class ...``, given the port by its ``{port}``),
    the hub then answering at ``scheme``://; on ``port`` or the first of ``ports`` free ones
    (the config takes its port and the next two; a class, one more); yield it once its API
    answers; stop it and every server it started."""
    if not PROXY.exists():
        raise FileNotFoundError(f"{PROXY.relative_to(ROOT)} is missing: run 'make hub' (or "
                                "'npm install configurable-http-proxy' in the repository)")

    state.mkdir(parents=True, exist_ok=True)
    log = state / "jupyterhub.log"
    token, password = secrets.token_hex(16), secrets.token_hex(8)

    def start(port: int) -> subprocess.Popen:
        env = dict(os.environ, TTT_HUB_DIR=str(state), TTT_HUB_PORT=str(port), TTT_HUB_AUTH=auth,
                   TTT_HUB_SPAWNER=spawner, TTT_HUB_PASSWORD=password, TTT_HUB_API_TOKEN=token,
                   TTT_HUB_SERVER_ARGS=server_args, **(settings or {}))
        with open(log, "w") as out:
            return subprocess.Popen(
                [part.format(port=port) for part in command] if command else
                [str(Path(sys.executable).parent / "jupyterhub"), "-f", str(CONFIG)],
                cwd=ROOT if command else state, env=env, start_new_session=True,
                stdout=out, stderr=subprocess.STDOUT)

    def ready(port: int) -> bool:
        return _api_answers(f"{scheme}://127.0.0.1:{port}", token)

    # grace: the hub stops the servers it started, then the proxy
    with serve(start, log, ready, ports=ports, timeout=timeout, grace=60, port=port) as port:
        yield TrialHub(f"{scheme}://127.0.0.1:{port}", token, password, state, log)


def _api_answers(url: str, token: str) -> bool:
    """Whether the hub at ``url`` answers its REST API with ``token``."""
    import ssl
    import urllib.request

    unchecked = ssl.create_default_context()  # the tests' own certificate: unchecked, as in Hub
    unchecked.check_hostname, unchecked.verify_mode = False, ssl.CERT_NONE
    request = urllib.request.Request(f"{url}/hub/api/users",
                                     headers={"Authorization": f"token {token}"})
    try:
        urllib.request.urlopen(request, timeout=5, context=unchecked).close()
        return True
    except OSError:
        return False
