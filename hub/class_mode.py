"""The class mode of the class hub (``make class``; site/hub.md, Teaching a class on a server):
what hub/jupyterhub_config.py adds so that approving a student's sign-up is all a teacher does.

- **An account per student, made on approval**: when the teacher approves a sign-up at
  ``/hub/authorize`` (and, for the teacher, at the first sign-up), the hub makes a system account
  of that name with a private home (mode 0700), as The Littlest JupyterHub makes one at first
  login. It removes none: taking a student off the hub leaves their account and work.
  A name that is already a system account of the machine's own (root, daemon, www-data: a user
  id below the first ordinary one) is refused, never given a server.
- **Student servers in a port range** the teacher sets (a firewall's range), not on any port.
"""

from __future__ import annotations

import pwd
import re
import socket
import subprocess
from pathlib import Path

from nativeauthenticator import NativeAuthenticator
from nativeauthenticator.handlers import ToggleAuthorizationHandler
from nativeauthenticator.orm import UserInfo
from tornado import web
from traitlets import default

#: The comment (GECOS) field of every account the hub makes: who made it, for the teacher
ACCOUNT_NOTE = "ttt class hub"
#: A user name useradd takes and a shell needs no quoting for
ACCOUNT_NAME = r"[a-z_][a-z0-9_-]{0,31}"


def first_ordinary_uid(login_defs: Path = Path("/etc/login.defs")) -> int:
    """The first user id of a person's account (UID_MIN), below which the system's own are."""
    found = re.search(r"^\s*UID_MIN\s+(\d+)", login_defs.read_text() if login_defs.exists()
                      else "", re.MULTILINE)
    return int(found.group(1)) if found else 1000


def ensure_account(name: str, homes: Path) -> pwd.struct_passwd:
    """The system account ``name``, made with a private home in ``homes`` if it is missing;
    ValueError if ``name`` is the machine's own (a student must never run as root or a daemon)."""
    if not re.fullmatch(ACCOUNT_NAME, name):
        raise ValueError(f"{name!r} cannot be a system account's name: use lower-case letters, "
                         "digits, '-' and '_', starting with a letter")
    try:
        account = pwd.getpwnam(name)
    except KeyError:
        homes.mkdir(parents=True, exist_ok=True)
        subprocess.run(["useradd", "--comment", ACCOUNT_NOTE, "--home-dir", str(homes / name),
                        "--create-home", "--key", "HOME_MODE=0700", "--shell", "/bin/bash",
                        "--user-group", name], check=True, capture_output=True)
        return pwd.getpwnam(name)
    if account.pw_uid < first_ordinary_uid():
        raise ValueError(f"{name!r} is one of this machine's own accounts (user id "
                         f"{account.pw_uid}); nobody may use it on the hub: sign up with "
                         "another name")
    return account


class ApproveAndMakeAccount(ToggleAuthorizationHandler):
    """NativeAuthenticator's approval at /hub/authorize/NAME, which also makes NAME's system
    account when it approves (and takes the approval back, saying why, if it cannot)."""

    async def get(self, slug: str) -> None:
        info = UserInfo.find(self.db, slug)
        if info is not None and not info.is_authorized:
            try:
                ensure_account(slug, self.authenticator.homes)
            except ValueError as refused:
                raise web.HTTPError(409, str(refused)) from None
        await super().get(slug)


class ClassAuthenticator(NativeAuthenticator):
    """NativeAuthenticator (sign-up, the teacher's approval) that gives each approved user a
    system account (``ensure_account``) in ``homes``."""

    homes = Path("/home")

    @default("db")
    def _shared_session(self):
        # NativeAuthenticator keeps its sign-ups in the hub's database through the session that
        # JupyterHub 5 shares with authenticators and deprecates, with a notice at every start
        # meant for NativeAuthenticator's developers: the same session, without it.
        return self._deprecated_db_session

    def get_handlers(self, app) -> list:
        return [(route, ApproveAndMakeAccount if handler is ToggleAuthorizationHandler
                 else handler) for route, handler in super().get_handlers(app)]

    def add_user(self, user) -> None:
        # the teacher, approved at sign-up, and anyone an admin adds: their account too
        ensure_account(user.name, self.homes)
        super().add_user(user)


def port_in(ports: range, taken: set[int]) -> int:
    """The first port of ``ports`` not in ``taken`` that is free on this machine."""
    for port in ports:
        if port in taken:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"every port from {ports.start} to {ports.stop - 1} is in use: a student "
                       "server cannot start (widen TTT_HUB_PORTS)")


def parse_ports(text: str) -> range:
    """The port range ``FIRST-LAST`` (TTT_HUB_PORTS), or ValueError saying what it should be."""
    found = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", text)
    if not found or not 1024 <= int(found.group(1)) <= int(found.group(2)) <= 65535:
        raise ValueError(f"TTT_HUB_PORTS should be a range FIRST-LAST of ports from 1024 to "
                         f"65535, like 9000-9099, not {text!r}")
    return range(int(found.group(1)), int(found.group(2)) + 1)


class PortRange:
    """Pre-spawn and post-stop hooks keeping each student's server on a port of ``ports``: one
    no other student's server holds (a server starting has not bound its port yet) and the
    machine has free; a stopped server's port is free again."""

    def __init__(self, ports: range) -> None:
        self.ports, self.held = ports, {}

    def __deepcopy__(self, memo: dict) -> PortRange:
        # traitlets copies a setting for every spawner: they must share the one record of ports
        return self

    def __call__(self, spawner) -> None:
        self.held.pop(spawner.user.name, None)
        spawner.port = port_in(self.ports, set(self.held.values()))
        self.held[spawner.user.name] = spawner.port

    def release(self, spawner) -> None:
        self.held.pop(spawner.user.name, None)
