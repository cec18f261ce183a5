"""JupyterHub for one class of the ttt course (``make hub``; the teacher's guide: site/hub.md).

Every student logs in and gets a JupyterLab of their own, started from the course's Python (the
repository's ``.venv``), with the lessons put in their home by an nbgitpuller link; the teacher
hands out and grades assignments through nbgrader's exchange, a folder every server can reach.

The parts, each a released package:

- **JupyterHub** logs people in and starts their servers; **configurable-http-proxy** (npm,
  installed into ``node_modules/`` by ``make hub``) routes each user's address to their server.
- **NativeAuthenticator**: students sign up with a user name and password at ``/hub/signup``, and
  the teacher (an admin) approves them at ``/hub/authorize``. The load script uses the dummy
  authenticator (one shared password), a stand-in for speed.
- **The spawner**: ``simple`` (the default: every server runs as the hub's own account, each
  student with a home folder under ``TTT_HUB_DIR/homes/``; for a trial: run as root, it gives every
  student a root shell, and says so at start) or ``local`` (LocalProcessSpawner: each student a
  system account of the same name, with its own home; what a class's server should use).
- **Terminals** keep the course's PATH: hub/student/jupyter_server_config.py runs the shell as a
  non-login shell (a login shell's /etc/profile would reset PATH).
- **The idle culler** stops a server left idle for ``TTT_HUB_IDLE`` seconds (default an hour),
  which frees its memory for the students still working.
- **nbgrader's exchange**: ``TTT_HUB_DIR/exchange``, shared by every server; ``hub/student/``
  tells each student's nbgrader who they are and where the exchange is.
- **The class contest's folder**: ``TTT_HUB_DIR/contest`` (``TTT_CONTEST`` in every server), where
  ``enter_contest(my_player)`` puts each student's player (site/contest.md).

Settings come from the environment, so that ``make hub``, the tests and a school's server use one
file: ``TTT_HUB_DIR`` (state: database, homes, exchange; default ``build/hub``), ``TTT_HUB_PORT``
(8000; the proxy's API and the hub itself take the next two ports), ``TTT_HUB_IP`` (127.0.0.1),
``TTT_HUB_AUTH`` (``native`` or ``dummy``), ``TTT_HUB_SPAWNER`` (``simple`` or ``local``),
``TTT_HUB_TEACHER`` (the admin's user name, ``teacher``), ``TTT_HUB_IDLE`` (seconds) and
``TTT_HUB_SERVER_ARGS`` (options for each student's server) and
``TTT_HUB_API_TOKEN`` (if set, a service ``class-driver`` with this token may create users and
start servers through the REST API: the tests and the load script use it).
"""

import logging
import os
import sys
import warnings
from pathlib import Path

from jupyter_events.utils import JupyterEventsVersionWarning

c = get_config()  # noqa: F821
# JupyterHub 5.5's own event schemas give their version as a number, which jupyter_events warns
# of at every start ("must be a string"): a notice for JupyterHub's developers, not a teacher.
warnings.filterwarnings("ignore", category=JupyterEventsVersionWarning)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BIN = Path(sys.executable).parent  # the course's Python runs the hub, and every student's server
STATE = Path(os.environ.get("TTT_HUB_DIR", ROOT / "build" / "hub")).resolve()
PORT = int(os.environ.get("TTT_HUB_PORT", "8000"))
IP = os.environ.get("TTT_HUB_IP", "127.0.0.1")
TEACHER = os.environ.get("TTT_HUB_TEACHER", "teacher")
EXCHANGE = STATE / "exchange"
CONTEST = STATE / "contest"  # the class contest's entries (enter_contest; site/contest.md)
CLASS = os.environ.get("TTT_HUB_CLASS") == "1"  # make class: the class mode, at the end

for folder in (STATE, STATE / "homes"):
    folder.mkdir(parents=True, exist_ok=True)
# Every student writes into the exchange's inbound folder, and nobody may delete another's files:
# world-writable with the sticky bit, as nbgrader's documentation asks.
# The contest folder likewise: each student's entry is a file of their own, mode 0600.
for shared in (EXCHANGE, CONTEST):
    shared.mkdir(exist_ok=True)
    shared.chmod(0o1777)

# --- addresses: the proxy faces the users; the hub and the proxy's API stay on loopback -------
c.JupyterHub.bind_url = f"http://{IP}:{PORT}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PORT + 1}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = PORT + 2
c.ConfigurableHTTPProxy.command = [str(ROOT / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "cookie_secret")

# --- who may log in ----------------------------------------------------------------------------
c.Authenticator.admin_users = {TEACHER}
if os.environ.get("TTT_HUB_AUTH", "native") == "dummy":
    c.JupyterHub.authenticator_class = "dummy"  # any user name, one shared password: tests only
    c.DummyAuthenticator.password = os.environ.get("TTT_HUB_PASSWORD", "class-password")
    c.Authenticator.allow_all = True
else:
    c.JupyterHub.authenticator_class = "native"
    c.NativeAuthenticator.open_signup = False  # the teacher approves each new account
    c.NativeAuthenticator.minimum_password_length = 8
    c.Authenticator.allow_all = True  # every approved account

# --- each student's server: the course's JupyterLab, in their own home -------------------------
SHARED_ACCOUNT = os.environ.get("TTT_HUB_SPAWNER", "simple") != "local" and not CLASS
if SHARED_ACCOUNT:
    c.JupyterHub.spawner_class = "simple"
    c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "homes" / "{username}")
else:
    c.JupyterHub.spawner_class = "localprocess"  # a system account per student
    # Each student's server runs the course's Python as the student: every folder above it must
    # let other accounts through (a Python installed in /root by pyenv does not).
    closed = [str(folder) for path in (Path(sys.executable).resolve(), Path(sys.base_prefix),
                                       ROOT)
              for folder in path.parents if not folder.stat().st_mode & 0o001]
    if closed:
        sys.exit(f"The students' accounts cannot run the course's Python ({sys.executable}): "
                 f"{', '.join(dict.fromkeys(closed))} lets no other account through. Make the "
                 "course's .venv from a Python every account can run (make clean; make "
                 "PYTHON=/usr/bin/python3 hub), or let them through (chmod o+x FOLDER).")
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
AS_ROOT = SHARED_ACCOUNT and os.getuid() == 0
#: Said at every start of a hub that gives every student a root shell (make hub as root)
ROOT_WARNING = (
    "WARNING: this hub runs as root and starts every user's server under its own account "
    "(TTT_HUB_SPAWNER=simple), so every student's JupyterLab, kernels and terminals run as root: "
    "any student can read and change every file on this machine (the other students' work, the "
    "teacher's course, model answers and gradebook, the hub's database with everyone's password "
    "hash) and run any command as root. For a trial on a machine you can wipe only; for a class, "
    "run make class, which gives each student a system account of their own (the teacher's "
    "guide: site/hub.md, Teaching a class on a server).")
if AS_ROOT:
    print(ROOT_WARNING, file=sys.stderr, flush=True)
# Jupyter refuses to run as root unless told to (containers); TTT_HUB_SERVER_ARGS adds options
# (the browser tests expose JupyterLab's app to the page, as tests/helpers/jupyter_pages.py
# expects).
c.Spawner.args = (["--allow-root"] if AS_ROOT else []) + \
    os.environ.get("TTT_HUB_SERVER_ARGS", "").split()
c.Spawner.default_url = "/lab"
c.Spawner.environment = {
    # hub/student/: nbgrader_config.py (the exchange, the course, and the student's name) and
    # jupyter_server_config.py (terminals that keep the PATH below)
    "JUPYTER_CONFIG_PATH": str(HERE / "student"),
    # the kernel's "python" and the terminal's commands (python, nbgrader, git) are the course's
    "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
    "TTT_EXCHANGE": str(EXCHANGE),
    "TTT_CONTEST": str(CONTEST),
    "TTT_HUB_TEACHER": TEACHER,
    **({"TTT_HUB_SHARED_ACCOUNT": "1"} if SHARED_ACCOUNT else {}),
}
# A loaded server (a class all logging in at 9:00) may take a while to start a server.
c.Spawner.start_timeout = 180
# Stopping: the idle culler ignores the polite SIGINT, and would hold up the hub's shutdown for
# its full 10 s before the SIGTERM it does obey (a server stops on either).
c.LocalProcessSpawner.interrupt_timeout = 3
c.Spawner.http_timeout = 180

# --- services: the idle culler, and (for tests and the load script) a driver by REST API -------
IDLE = int(os.environ.get("TTT_HUB_IDLE", "3600"))
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, str(HERE / "idle_culler.py"), f"--timeout={IDLE}",
                f"--cull-every={max(60, IDLE // 6)}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
if os.environ.get("TTT_HUB_API_TOKEN"):
    c.JupyterHub.services.append({"name": "class-driver",
                                  "api_token": os.environ["TTT_HUB_API_TOKEN"]})
    c.JupyterHub.load_roles.append({
        "name": "class-driver",
        "scopes": ["admin:users", "admin:servers", "access:servers", "list:users"],
        "services": ["class-driver"],
    })


# --- the class at a glance: the teacher sees which mistakes the class is making -----------------
def class_glance(c, state: Path) -> None:
    """Register the class-glance service (hub/class_glance.py; site/hub.md: The class at a
    glance): its page at /services/class-glance/ for the hub's admins, its records posted by
    each student's kernel with the token of the student's server, which may reach this service
    and nothing more. Its store is SQLite in the hub's folder unless TTT_HUB_GLANCE_DB names
    another database (a SQLAlchemy URL); TTT_HUB_GLANCE=off turns recording off: the servers are
    not told where to record, and the service refuses records."""
    import socket

    name = "class-glance"
    recording = os.environ.get("TTT_HUB_GLANCE", "on") != "off"
    port = int(os.environ.get("TTT_HUB_GLANCE_PORT", "0"))
    if not port:  # any free port of loopback: the proxy routes the page there
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
    store = os.environ.get("TTT_HUB_GLANCE_DB", f"sqlite:///{state / 'class_glance.sqlite'}")
    c.JupyterHub.services.append({
        "name": name, "url": f"http://127.0.0.1:{port}", "oauth_no_confirm": True,
        "command": [sys.executable, str(HERE / "class_glance.py"), f"--db={store}",
                    *([] if recording else ["--off"])],
    })
    # JupyterHub says at every start that this service skips its "Authorize" page (the class
    # page is the course's own, for the hub's admins alone: nothing to authorize) and that the
    # proxy had no route to it yet (it never has, at a start): nothing a teacher can act on
    notices = ("complete OAuth without confirmation", f"Adding missing route for {name} ")
    logging.getLogger("JupyterHub").addFilter(
        lambda record: not any(notice in record.getMessage() for notice in notices))
    access = f"access:services!service={name}"
    c.JupyterHub.load_roles.append({"name": "user", "scopes": ["self", access]})
    c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", access]
    if os.environ.get("TTT_HUB_API_TOKEN"):  # the tests and the load script read the page
        c.JupyterHub.load_roles.append({"name": "class-glance-driver", "scopes": ["tokens"],
                                        "services": ["class-driver"]})
    if recording:
        c.Spawner.environment["TTT_CLASS_GLANCE_URL"] = \
            f"http://127.0.0.1:{port}/services/{name}/api/records"


class_glance(c, STATE)


# --- the class mode (make class; hub/class_mode.py): accounts on approval, the course served ----
def class_mode() -> None:
    """What ``make class`` adds (TTT_HUB_CLASS=1): a system account with a private home for each
    user the teacher approves (homes in TTT_HUB_HOMES, default /home), the teacher's clone
    (TTT_HUB_COURSE, default this one) served to the course links by a service of the hub,
    student servers on ports TTT_HUB_PORTS (FIRST-LAST) if set, and HTTPS with the teacher's
    certificate and key (TTT_HUB_SSL_CERT, TTT_HUB_SSL_KEY)."""
    sys.path.insert(0, str(HERE))
    import class_mode as mode

    if os.getuid() != 0:
        sys.exit("The class mode makes each student's system account and starts their server "
                 "as them: run it as root (sudo make class).")
    mode.ClassAuthenticator.homes = Path(os.environ.get("TTT_HUB_HOMES", "/home")).resolve()
    c.JupyterHub.authenticator_class = mode.ClassAuthenticator
    c.Authenticator.username_pattern = mode.ACCOUNT_NAME  # names useradd takes
    if os.environ.get("TTT_HUB_PORTS"):
        try:
            ports = mode.PortRange(mode.parse_ports(os.environ["TTT_HUB_PORTS"]))
        except ValueError as wrong:
            sys.exit(str(wrong))
        c.Spawner.pre_spawn_hook, c.Spawner.post_stop_hook = ports, ports.release
    # The links pull from the course server on this machine, where every student's server runs;
    # it is not routed through the proxy, as nothing outside the machine needs it.
    course = Path(os.environ.get("TTT_HUB_COURSE", ROOT)).resolve()
    c.JupyterHub.services.append({
        "name": "course",
        "command": [sys.executable, str(HERE / "course_server.py"), str(course),
                    f"--port={COURSE_PORT}"],
    })
    cert, key = os.environ.get("TTT_HUB_SSL_CERT"), os.environ.get("TTT_HUB_SSL_KEY")
    if bool(cert) != bool(key):
        sys.exit("HTTPS needs both the certificate and its key: set TTT_HUB_SSL_CERT and "
                 "TTT_HUB_SSL_KEY.")
    if cert:
        for path in (cert, key):
            if not Path(path).is_file():
                sys.exit(f"{path} is not a file: TTT_HUB_SSL_CERT and TTT_HUB_SSL_KEY name the "
                         "certificate and its key.")
        c.JupyterHub.ssl_cert, c.JupyterHub.ssl_key = cert, key
        c.JupyterHub.bind_url = f"https://{IP}:{PORT}"


#: The course server's port (the class mode's service; the links pull from it, on this machine)
COURSE_PORT = PORT + 3
if CLASS:
    class_mode()
