"""The anchors Jupyter gives headings, for the site's build (conf.py): the lessons link their
sections as Jupyter does (``#1.-The-lessons``), so the site resolves the same anchors."""


def jupyter_anchor(title: str) -> str:
    """The anchor Jupyter gives a heading: its text with each space made a hyphen."""
    return title.strip().replace(" ", "-")
