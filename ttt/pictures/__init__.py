"""Pictures: game trees, searches and boards drawn with Graphviz (``display``), the lessons' charts
(``charts``), and what both need in the browser version of the course (``browser``). Importing
``ttt`` does not import them, so that it needs neither a notebook nor matplotlib."""
