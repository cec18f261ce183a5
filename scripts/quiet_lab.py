"""make lab's terminal: JupyterLab's address, then only warnings and errors.

A Jupyter config file that `make lab` loads (`--config`). The address is logged at INFO, among
some twenty lines of extensions loading; at the level WARN the address was shown only through the
banner Jupyter adds when it made up the token itself, so with a token or password of one's own
(`LAB_ARGS`, `JUPYTER_TOKEN`, a config file) `make lab` printed no address at all. Here every line
at INFO or above reaches a filter that keeps the address, how to stop the server, warnings and
errors; the banner, which repeats the address, is left out. The README's pip route loads it too.
"""

import logging
import os

#: What the server logs at INFO that a person starting it needs.
WANTED = ("is running at:", "://", "Use Control-C to stop this server")
#: The banner that repeats the address; a warning at every start that no teacher can act on:
#: notebook_shim reads every attribute of the server to copy the old Notebook's settings over,
#: the deprecated token among them (Voila's import has traitlets' deprecation warnings shown).
UNWANTED = ("To access the server", "ServerApp.token config is deprecated")


class AddressAndProblems(logging.Filter):
    """Passes warnings, errors and the lines that say where the server is and how to stop it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if any(part in message for part in UNWANTED):
            return False
        return record.levelno >= logging.WARNING or any(part in message for part in WANTED)


logging.captureWarnings(True)  # Python's warnings, too, go through the filter
c = get_config()  # noqa: F821 (Jupyter defines it in its config files)
c.ServerApp.log_level = "INFO"
c.LabApp.log_level = "WARN"
# Jupyter refuses to run as root unless told to: as root is how containers and CI machines run it.
c.ServerApp.allow_root = os.geteuid() == 0
c.ServerApp.logging_config = {
    "filters": {"address_and_problems": {"()": AddressAndProblems}},
    "handlers": {"console": {"filters": ["address_and_problems"]}},
    "loggers": {"py.warnings": {"handlers": ["console"], "propagate": False}},
}
