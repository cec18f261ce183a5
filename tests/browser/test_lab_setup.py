"""JupyterLab as ``make lab`` starts it: the course's settings turn off the "Jupyter news?"
pop-up for everyone using the course's environment (``make venv`` puts them in
``.venv/share/jupyter/lab/settings/overrides.json``), not only in the browser tests."""

import json
import urllib.request

import pytest
from jupyter_pages import TOKEN, lab_command, server

pytestmark = pytest.mark.browser


def test_no_news_pop_up(tmp_path):
    folder = tmp_path / "course"
    folder.mkdir()  # no user settings of its own: only what the environment provides
    with server(lab_command(folder), folder) as url:
        request = urllib.request.Request(
            f"{url}/lab/api/settings/@jupyterlab/apputils-extension:notification",
            headers={"Authorization": f"token {TOKEN}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            schema = json.load(response)["schema"]["properties"]  # overrides change the defaults
    assert schema["fetchNews"]["default"] == "false"  # JupyterLab's own default asks: "none"
    assert schema["checkForUpdates"]["default"] is False
