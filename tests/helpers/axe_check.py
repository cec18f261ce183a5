"""axe-core (the engine behind Lighthouse's accessibility audit, through axe-playwright-python) as
the browser tests ask it: the critical and serious violations on a page, one line each."""

from __future__ import annotations


def grave_violations(page, context: dict | None = None) -> list[str]:
    """The critical and serious axe violations on the page, or within ``context`` (axe's include
    and exclude lists), each as 'impact id: help at [first targets]'. Fails if axe found nothing
    to check, so that an empty list always means a page that was checked."""
    from axe_playwright_python.sync_playwright import Axe

    response = Axe().run(page, context=context).response
    assert response["passes"], "axe checked nothing"
    return [f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in response["violations"] if v["impact"] in ("critical", "serious")]
