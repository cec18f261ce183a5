"""JupyterLab as ``make lab`` starts it: the course's settings turn off the "Jupyter news?"
pop-up for everyone using the course's environment (``make venv`` puts them in
``.venv/share/jupyter/lab/settings/overrides.json``), not only in the browser tests.

The JupyterLab is the other browser tests' (conftest.py). Their own user settings (which also turn
the pop-up off) do not count here: a user's settings are values of their own, while the schema's
defaults asked for here come from the environment alone."""

import json
import urllib.request

import pytest
from jupyter_pages import TOKEN

pytestmark = pytest.mark.browser


def test_no_news_pop_up(lab):
    request = urllib.request.Request(
        f"{lab}/lab/api/settings/@jupyterlab/apputils-extension:notification",
        headers={"Authorization": f"token {TOKEN}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        schema = json.load(response)["schema"]["properties"]  # overrides change the defaults
    assert schema["fetchNews"]["default"] == "false"  # JupyterLab's own default asks: "none"
    assert schema["checkForUpdates"]["default"] is False
