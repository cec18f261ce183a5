"""Dead links in the built website and in the README: every link within them must lead to a file
that is there, and every anchor to a heading or element of its page. Links to other hosts are
listed, never fetched (the machines that build the course may have no internet).

    python scripts/check_links.py                 # build/site/ (make site) and README.md
    python scripts/check_links.py --external      # also list the links to other hosts

``make site`` runs it after building (scripts/build_site.py) and fails on a dead link; the
browser-only build inside the site (build/site/lite/) is JupyterLite's, and left out, as are the
theme's files (_static/), but a page's link into either must lead to a file that is there.
"""

from __future__ import annotations

import argparse
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "site"
README = ROOT / "README.md"
#: the folders of the site that are not its own pages: the browser-only build (JupyterLite's),
#: and the theme's files, among them HTML templates that are never served as pages
NOT_OURS = ("lite", "_static")
ELSEWHERE = ("http://", "https://", "//", "mailto:")
#: what a page holds in the link itself: nothing to check
INLINE = ("data:", "javascript:")
#: a markdown link's target, or an HTML attribute's, in a markdown file
MD_LINK = re.compile(r"\]\(([^)\s]+)\)|(?:src|href)=\"([^\"]+)\"")
MD_HEADING = re.compile(r"^#{1,6} (.+)$", re.M)
FENCED = re.compile(r"^```.*?^```", re.M | re.S)


class Page(HTMLParser):
    """An HTML page's links (href and src) and the ids and names its elements carry."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.ids |= {found[key] for key in ("id", "name") if found.get(key)}
        self.links += [found[key] for key in ("href", "src") if found.get(key)]


def read_page(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a markdown heading: lower case, punctuation dropped, spaces as
    hyphens (``## What gets installed: the locks`` -> ``what-gets-installed-the-locks``)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def markdown_anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a markdown file (code blocks left out)."""
    text = FENCED.sub("", path.read_text(encoding="utf-8"))
    return {github_anchor(heading) for heading in MD_HEADING.findall(text)}


def site_problems(site: Path = SITE) -> tuple[list[str], set[str]]:
    """The site's dead links, each said with its page, and its links to other hosts."""
    pages = {path: read_page(path) for path in sorted(site.rglob("*.html"))
             if path.relative_to(site).parts[0] not in NOT_OURS}
    dead, external = [], set()
    for path, page in pages.items():
        for link in page.links:
            if link.startswith(INLINE):
                continue
            if link.startswith(ELSEWHERE):
                external.add(link)
                continue
            problem = dead_link(site, path, link, pages)
            if problem:
                dead.append(f"{path.relative_to(site)}: {link} ({problem})")
    return dead, external


def dead_link(site: Path, page: Path, link: str, pages: dict[Path, Page]) -> str | None:
    """Why ``link`` on ``page`` leads nowhere, or None if it leads to a file (and anchor)."""
    parts = urlsplit(link)
    target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    if target.is_dir():
        target = target / "index.html"
    if not target.is_relative_to(site.resolve()):
        return "outside the site"
    if not target.exists():
        return "no such file"
    if parts.fragment:
        if target.suffix != ".html":
            return "an anchor into a file that is not a page"
        known = pages.get(target) or read_page(target)
        if unquote(parts.fragment) not in known.ids:
            return f"no #{parts.fragment} on the page"
    return None


def markdown_problems(path: Path, root: Path = ROOT) -> tuple[list[str], set[str]]:
    """A markdown file's dead links (as GitHub shows it: relative to its folder, anchors of
    headings), and its links to other hosts."""
    text = FENCED.sub("", path.read_text(encoding="utf-8"))
    dead, external = [], set()
    for found in MD_LINK.finditer(text):
        link = found[1] or found[2]
        if link.startswith(INLINE):
            continue
        if link.startswith(ELSEWHERE):
            external.add(link)
            continue
        file, _, fragment = link.partition("#")
        target = (path.parent / unquote(file)).resolve() if file else path
        if not target.exists():
            dead.append(f"{path.relative_to(root)}: {link} (no such file)")
        elif fragment and target.suffix == ".md" and fragment not in markdown_anchors(target):
            dead.append(f"{path.relative_to(root)}: {link} (no heading #{fragment})")
    return dead, external


def main(argv: list[str] | None = None) -> int:
    """Print the dead links of the site and the README (and, asked, the external ones); 1 if
    there is a dead one."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (build/site)")
    parser.add_argument("--external", action="store_true", help="list the links to other hosts")
    args = parser.parse_args(argv)
    if not args.site.is_dir():
        print(f"no site at {args.site}: build it first (make site)", file=sys.stderr)
        return 2
    dead, external = site_problems(args.site)
    readme_dead, readme_external = markdown_problems(README)
    dead, external = dead + readme_dead, external | readme_external
    for line in dead:
        print(f"dead link: {line}")
    if args.external:
        print("\n".join(sorted(external)))
    print(f"{len(dead)} dead links in {args.site.name}/ and README.md; "
          f"{len(external)} links to other hosts, not fetched")
    return 1 if dead else 0


if __name__ == "__main__":
    sys.exit(main())
