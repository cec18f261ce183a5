"""Sphinx settings for the course's website (``make site``: scripts/build_site.py).

The build reads a staged copy of this folder in which build_site.py has put the lessons (the
committed, executed notebooks, never re-run here) and the generated lesson map.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # for jupyter_anchors

project = "ttt: game-tree search"
author = "the ttt course"
copyright = "the ttt course"

extensions = ["myst_nb", "sphinx.ext.autodoc"]
# The committed outputs are the lesson as the desktop ran it: show them, never re-run.
nb_execution_mode = "off"
# Widget outputs are swapped for stills by build_site.py: no widget JavaScript from a CDN.
nb_ipywidgets_js = {}
myst_enable_extensions = ["colon_fence"]
# The lessons link their sections as Jupyter does (#1.-The-lessons): the same anchors here.
myst_heading_anchors = 3
myst_heading_slug_func = "jupyter_anchors.jupyter_anchor"  # a name: Sphinx pickles settings
suppress_warnings = ["myst.header", "mystnb.unknown_mime_type"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"

html_theme = "sphinx_book_theme"
html_title = "ttt: game-tree search, taught through tic-tac-toe"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_extra_path = ["extra"]  # the lessons as files, for "Download notebook"
html_theme_options = {
    "show_toc_level": 2,
    "use_download_button": False,  # each lesson has its own "Download notebook" link
    "use_fullscreen_button": False,
    "home_page_in_toc": True,
}
html_show_sourcelink = False
html_copy_source = False
# Copied in by build_site.py only to be included by other pages.
exclude_patterns = ["lesson_map.md", "layers.md", "extra"]
# The theme reads its colour mode from here; unset, it logs an error on every page.
html_context = {"default_mode": "light"}
html_favicon = "_static/favicon.svg"  # without one, browsers ask for /favicon.ico and get a 404
