"""Every command in the README and in the guide's pages runs as typed (issues 37 and 39), in a
fresh clone of this checkout's HEAD: what a teacher copies from the website's guide (site/*.md,
which ``make site`` builds) is tested as the README's quick start is.

Each ```bash block is run line by line, the README's first, then each page's (in the order of
their file names), each in its order: a line fails on a non-zero exit, a traceback, a warning
line, or where its output lacks what the page says it prints.
Servers (``make lab``, ``jupyter lab``, ``python3 -m http.server``, ``make hub``) run until they
print their address, which must answer; then they are stopped. A block, or the lines of a block
starting with a command, that cannot run here carries an HTML comment just above its fence,
``<!-- not run: why -->`` or ``<!-- not run `command`: why -->``, which GitHub does not show.

Changed from the pages, only what must differ on a shared machine: free ports (``JUPYTER_PORT``,
``HUB_PORT``, the port of ``http.server``), ``BROWSER=true`` (no screen to open a browser on),
``PIP_CONFIG_FILE`` (this machine's pip configuration names local package folders it lacks, and
pip warns about each), ``PYTHONUNBUFFERED`` (a server's first lines reach the test's pipe at once,
as they reach a terminal), and no ``PATH`` entry inside this checkout (the commands meet the
system's Python, as a user's shell does). Blocks that make their own ``.venv`` get a clone of their
own; the others share one, made by the quick start's ``make lab``. The browser version's download
cache, when this checkout has one, is copied in (a speed-up: the build checks what it holds).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from process_group import accepts, free_ports, stop_process_group
from repo import GUIDE, ROOT

#: The pages whose commands are run: the README, then the website's guide pages
PAGES = (ROOT / "README.md", *sorted(GUIDE.glob("*.md")))
FENCE = re.compile(r"((?:<!-- not run[^\n]*-->\n)*)```bash\n(.*?)```", re.S)
NOT_RUN = re.compile(r"<!-- not run(?: `([^`]+)`)?: (.+?) -->")
HEADING = re.compile(r"^#{1,6} (.+)$", re.M)
CODE = re.compile(r"^```.*?^```", re.M | re.S)  # a fenced block, whose '# ...' is a comment
TRACEBACK = "Traceback (most recent call last)"
WARNING = re.compile(r"(?i)\bwarn(ing)?\b|^\[W \d|\bdeprecat", re.M)
INSTALL_SECONDS = 900  # a line that installs: a fresh .venv from the locks, pip's cache warm
READY_SECONDS = 900  # a server, from its command to its address: make lab sets up .venv first


@dataclass(frozen=True)
class Block:
    """A ```bash block of a page: its page and section, its command lines, and what is not run,
    why."""

    heading: str  # 'README.md: Quick start', 'site/browser.md: The browser version'...
    lines: tuple[str, ...]
    not_run: dict[str, str]  # a command the line starts with ('' for every line) -> the reason

    def reason_not_to_run(self, line: str) -> str | None:
        """Why ``line`` is not run here, or None."""
        return next((why for command, why in self.not_run.items() if line.startswith(command)),
                    None)


def readme_blocks(text: str, page: str = "README.md") -> list[Block]:
    """A page's ```bash blocks in order, each with the comments above its fence."""
    blocks = []
    for match in FENCE.finditer(text):
        headings = HEADING.findall(CODE.sub("", text[:match.start()]))
        lines = tuple(line for line in match[2].splitlines()
                      if line.strip() and not line.lstrip().startswith("#"))
        not_run = {command or "": why for command, why in NOT_RUN.findall(match[1])}
        blocks.append(Block(f"{page}: {headings[-1] if headings else ''}", lines, not_run))
    return blocks


TEXTS = {page.relative_to(ROOT).as_posix(): page.read_text() for page in PAGES}
BLOCKS = [block for page, text in TEXTS.items() for block in readme_blocks(text, page)]


def code(line: str) -> str:
    """A page's command line without its comment: the command."""
    return line.split(" #", 1)[0].strip()


# --- what a page says a command prints -------------------------------------------------------

#: The terminal game (the teacher's guide, Play in a terminal): each line's comment says what it
#: does; (its input, what its output must hold). With no more input the game says "Bye." and
#: exits with 0.
EXPECTED = {
    ".venv/bin/python -m ttt": ("", r"Play X \(moves first\) or O\?"),  # it asks which mark
    ".venv/bin/python -m ttt --x human --o human":
        ("", r"X: human, O: human\.\n(.|\n)*X, your move"),
    ".venv/bin/python -m ttt --x perfect --o random --seed 1":
        ("", r"X: perfect, O: random\.(.|\n)*X \(perfect\) plays(.|\n)*^(X wins|O wins|.*[Dd]raw)"),
    ".venv/bin/python -m ttt --game connect4": ("x\n", r"7 x 6|your column \(0-6\)"),
    ".venv/bin/python -m ttt --game 4x4x3": ("x\n", r"your move \(0-15\)"),
}


@dataclass(frozen=True)
class Server:
    """A command that serves until stopped: how to give it a free port, and how it says where."""

    command: re.Pattern
    port_variable: str | None  # the environment variable for its port, else appended to the line
    address: re.Pattern  # in its output once ready; group 1 is the address, which must answer


SERVERS = (
    Server(re.compile(r"make lab\b|jupyter lab\b"), "JUPYTER_PORT",
           re.compile(r"(http://(?:localhost|127\.0\.0\.1):\d+/lab\?token=\w+)")),
    Server(re.compile(r"python3? -m http\.server\b"), None,
           re.compile(r"Serving HTTP on \S+ port \d+ \((http://\S+/)\)")),
    Server(re.compile(r"make hub\b"), "HUB_PORT",
           re.compile(r"JupyterHub is now running at (\S+)")),
    Server(re.compile(r"make play\b|voila\b"), None, re.compile(r"(http://localhost:\d+/)$", re.M)),
)


def server_for(line: str) -> Server | None:
    return next((server for server in SERVERS if server.command.match(code(line))), None)


# --- running ------------------------------------------------------------------------------------


def user_environment() -> dict[str, str]:
    """This process's environment as a user's shell has it: see the module's docstring."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("VIRTUAL_ENV", "PYTHONPATH") and not key.startswith("PYTEST")}
    env["PATH"] = os.pathsep.join(part for part in env["PATH"].split(os.pathsep)
                                  if not part.startswith(str(ROOT)))
    env.update(BROWSER="true", PIP_CONFIG_FILE=os.devnull, PYTHONUNBUFFERED="1")
    return env


def fresh_clone(where: Path) -> Path:
    """A clone of this checkout's HEAD in ``where``, with the browser version's cache if any."""
    clone = where / "ttt"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    if (ROOT / ".cache" / "lite").is_dir():
        shutil.copytree(ROOT / ".cache" / "lite", clone / ".cache" / "lite", symlinks=True)
    return clone


def problems(output: str) -> list[str]:
    """The lines of ``output`` that hold a traceback or a warning."""
    return [line for line in output.splitlines() if TRACEBACK in line or WARNING.search(line)]


def prelude(block: Block, upto: int) -> str:
    """What the lines before ``upto`` left set in the shell: activations, exports, cd."""
    kept = []
    for line in block.lines[:upto]:
        kept += re.findall(r"(?:^|&&\s*)(\. \S+/activate)", code(line))
        if code(line).startswith(("export ", "cd ")):
            kept.append(code(line))
    return "".join(f"{part} && " for part in kept)


def run_line(clone: Path, block: Block, index: int) -> str:
    """Run the block's line ``index`` in ``clone`` to its end; returns its output."""
    line = block.lines[index]
    stdin, _ = EXPECTED.get(code(line), ("", None))
    done = subprocess.run(["bash", "-c", "set -e; " + prelude(block, index) + code(line)],
                          cwd=clone, env=user_environment(), input=stdin, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          timeout=INSTALL_SECONDS)
    assert done.returncode == 0, f"{line!r} exited with {done.returncode}:\n{done.stdout[-3000:]}"
    return done.stdout


def serve_until_ready(clone: Path, command: str, server: Server, before: str = "",
                      **variables: str) -> str:
    """Start a server with ``command`` (and environment ``variables``), wait for its address,
    check it answers, stop it; returns what it printed until then."""
    env = user_environment() | variables
    port = free_ports()
    if server.port_variable:
        env[server.port_variable] = str(port)
    else:
        command = f"{command} {port}" if "http.server" in command else command
    proc = subprocess.Popen(["bash", "-c", before + command], cwd=clone, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
    reader.start()
    deadline = time.monotonic() + READY_SECONDS
    try:
        # its address printed, and its port taking connections: a busy machine can print the
        # one a moment before the other
        while not ((found := server.address.search("".join(lines)))
                   and accepts(urllib.parse.urlsplit(found[1]).port or 80)):
            assert proc.poll() is None, f"{command!r} stopped:\n{''.join(lines)[-3000:]}"
            assert time.monotonic() < deadline, (
                f"{command!r} printed no address, or no connection to it, in "
                f"{READY_SECONDS} s:\n{''.join(lines)[-3000:]}")
            time.sleep(0.5)
        with urllib.request.urlopen(found[1], timeout=60) as answer:
            assert answer.status == 200, (found[1], answer.status)
        return once_quiet(lines)  # what it says just after it is ready counts too
    finally:
        stop_process_group(proc, grace=20)


def once_quiet(lines: list[str], quiet: float = 1.5, longest: float = 20) -> str:
    """What a running server printed, once it has printed nothing new for ``quiet`` seconds
    (at most ``longest``: a server that logs without end is read as it stands)."""
    deadline, seen, since = time.monotonic() + longest, len(lines), time.monotonic()
    while time.monotonic() - since < quiet and time.monotonic() < deadline:
        time.sleep(0.1)
        if len(lines) != seen:
            seen, since = len(lines), time.monotonic()
    return "".join(lines)


def run_block(clone: Path, block: Block) -> list[str]:
    """Run every line of ``block`` that is to be run; returns those lines."""
    ran = []
    for index, line in enumerate(block.lines):
        if block.reason_not_to_run(line) is not None:
            continue
        server = server_for(line)
        if server:
            output = serve_until_ready(clone, code(line), server, prelude(block, index))
        else:
            output = run_line(clone, block, index)
        assert not problems(output), f"{line!r} printed:\n" + "\n".join(problems(output))
        if code(line) in EXPECTED:
            pattern = EXPECTED[code(line)][1]
            assert re.search(pattern, output, re.M), f"{line!r} printed:\n{output[-3000:]}"
        ran.append(line)
    return ran


def makes_its_own_venv(block: Block) -> bool:
    return any(re.search(r"-m venv \.venv\b", line) for line in block.lines)


@pytest.fixture(scope="module")
def shared_clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return fresh_clone(tmp_path_factory.mktemp("readme"))


# --- the tests ----------------------------------------------------------------------------------


def test_the_readme_and_the_guide_have_blocks_and_say_why_one_is_not_run():
    assert len(BLOCKS) >= 5
    for block in BLOCKS:
        for command, why in block.not_run.items():
            assert len(why.split()) >= 5, (block.heading, command, why)  # a reason, not a word
            assert not command or any(line.startswith(command) for line in block.lines), command


def test_every_expected_output_is_of_a_command_in_the_readme():
    commands = {code(line) for block in BLOCKS for line in block.lines}
    assert set(EXPECTED) <= commands


@pytest.mark.parametrize("block", BLOCKS, ids=[f"{i}-{b.heading}" for i, b in enumerate(BLOCKS)])
def test_readme_block_runs_as_typed(block: Block, shared_clone: Path,
                                    tmp_path_factory: pytest.TempPathFactory):
    if all(block.reason_not_to_run(line) is not None for line in block.lines):
        pytest.skip(f"not run: {block.reason_not_to_run(block.lines[0])}")
    clone = fresh_clone(tmp_path_factory.mktemp("own")) if makes_its_own_venv(block) \
        else shared_clone
    assert run_block(clone, block)


# The options the README and the guide show in their prose (installing the course), with the port
# changed: make lab's address is printed with --no-browser too (it was not, at the level WARN),
# and make play's.
PROSE = re.compile(r'`(make (?:lab|play) (?:LAB|PLAY)_ARGS="--port=\d+ --no-browser")`')
TYPED = sorted({typed for text in TEXTS.values() for typed in PROSE.findall(text)})


@pytest.mark.parametrize("typed", TYPED)
def test_a_server_command_of_the_prose_prints_its_address(typed: str, shared_clone: Path):
    port = free_ports()
    command = re.sub(r"--port=\d+", f"--port={port}", typed)
    server = server_for(command)
    address = Server(server.command, "UNUSED_PORT", re.compile(
        rf"(http://(?:localhost|127\.0\.0\.1):{port}/(?:lab\?token=\w+)?)"))
    output = serve_until_ready(shared_clone, command, address)
    assert not problems(output), "\n".join(problems(output))


def test_make_lab_prints_its_address_with_a_token_of_one_s_own(shared_clone: Path):
    # Jupyter adds its banner with the address only for a token it made up itself; with one's own
    # the address shows as http://127.0.0.1:PORT/lab?token=... (hidden), and its page answers.
    port = free_ports()
    shown = Server(re.compile("make lab"), "UNUSED_PORT",
                   re.compile(rf"(http://127\.0\.0\.1:{port}/lab)\?token=\.\.\."))
    output = serve_until_ready(shared_clone, f'make lab LAB_ARGS="--port={port} --no-browser"',
                               shown, JUPYTER_TOKEN="a-teachers-own")
    assert not problems(output), "\n".join(problems(output))


def test_both_prose_server_commands_are_found():
    assert len(TYPED) == 2
