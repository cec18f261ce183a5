"""make lab's terminal (scripts/quiet_lab.py): the address, how to stop the server, warnings and
errors pass; the extensions' chatter, the banner that repeats the address and notebook_shim's
deprecated-token warning do not. (tests/readme starts make lab itself and reads its address.)"""

import logging
import runpy

import pytest
from repo import SCRIPTS
from traitlets.config import Config

config = Config()
QUIET = runpy.run_path(str(SCRIPTS / "quiet_lab.py"), init_globals={"get_config": lambda: config})
logging.captureWarnings(False)  # the file sends Python's warnings to logging: not in this test run


def passes(message: str, level: int = logging.INFO) -> bool:
    record = logging.LogRecord("ServerApp", level, __file__, 1, message, None, None)
    return QUIET["AddressAndProblems"]().filter(record)


@pytest.mark.parametrize("message", [
    "Jupyter Server 2.21.1 is running at:",
    "http://localhost:8888/lab?token=0123abcd",
    "    http://127.0.0.1:8888/lab?token=...",
    "Use Control-C to stop this server and shut down all kernels (twice to skip confirmation).",
])
def test_the_address_passes(message):
    assert passes(message)


@pytest.mark.parametrize("message", [
    "jupyterlab | extension was successfully loaded.",
    "Serving notebooks from local directory: /home/ada/ttt/notebooks",
    "Kernel started: 1b2c",
])
def test_the_chatter_does_not(message):
    assert not passes(message)


def test_warnings_and_errors_pass_but_the_repeated_banner_and_the_token_warning_do_not():
    assert passes("Notebook 01_the_board.ipynb is not trusted", logging.WARNING)
    assert passes("Uncaught exception", logging.ERROR)
    assert not passes("\n\nTo access the server, open this file in a browser:", logging.CRITICAL)
    assert not passes("ServerApp.token config is deprecated in jupyter-server 2.0.",
                      logging.WARNING)


def test_the_server_logs_at_info_through_the_filter():
    assert config.ServerApp.log_level == "INFO" and config.LabApp.log_level == "WARN"
    assert config.ServerApp.logging_config["handlers"]["console"]["filters"] == \
        ["address_and_problems"]
