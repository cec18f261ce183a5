"""The dead-link check (scripts/check_links.py, which ``make site`` runs after building): it finds
a link to a missing page and an anchor missing from its page, in a built site and in a markdown
file as GitHub shows it, and lists links to other hosts without fetching them. The check of the
real site is in tests/site, where it is built."""

from check_links import github_anchor, markdown_problems, site_problems


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_dead_page_and_a_missing_anchor_are_found_in_a_site(tmp_path):
    site = tmp_path / "site"
    write(site / "index.html", '<a href="guide.html#grading">ok</a> <a href="guide.html#nope">'
                               'no anchor</a> <a href="gone.html">no page</a> <img src="x.png">'
                               '<a href="https://example.org/">elsewhere</a> <a href="#top">top</a>'
                               '<p id="top"></p> <a href="lite/index.html?path=01.ipynb">lite</a>'
                               '<img src="data:image/png;base64,iVBORw0KGgo=">')
    write(site / "guide.html", '<h2 id="grading">Grading</h2>')
    write(site / "lite" / "index.html", '<a href="missing-but-not-ours.html">')
    write(site / "_static" / "macros.html", '<a href="{{ pathto(x) }}">a template</a>')
    dead, external = site_problems(site)
    assert dead == ["index.html: guide.html#nope (no #nope on the page)",
                    "index.html: gone.html (no such file)",
                    "index.html: x.png (no such file)"]
    assert external == {"https://example.org/"}


def test_a_dead_file_and_a_missing_heading_are_found_in_markdown(tmp_path):
    write(tmp_path / "site" / "page.md", "# Page\n\n## What gets installed: the locks\n"
                                         "```bash\n# not a heading\n```\n")
    write(tmp_path / "README.md", "[a](site/page.md#what-gets-installed-the-locks) "
                                  "[b](site/page.md#not-a-heading) [c](site/gone.md) [d](#page-2)"
                                  " [e](https://example.org) \n\n## Page 2\n")
    dead, external = markdown_problems(tmp_path / "README.md", root=tmp_path)
    assert dead == ["README.md: site/page.md#not-a-heading (no heading #not-a-heading)",
                    "README.md: site/gone.md (no such file)"]
    assert external == {"https://example.org"}


def test_github_anchors():
    assert github_anchor("What gets installed: the locks") == "what-gets-installed-the-locks"
    assert github_anchor("Windows without `make`") == "windows-without-make"
