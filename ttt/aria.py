"""Two small widgets for screen readers, which ipywidgets 8.1 does not offer: a polite live region
(``LiveRegion``: its text is read out whenever it changes) and a slider with an accessible name
(``NamedSlider``: a native ``<input type="range">``, labelled).

Both are ``anywidget`` widgets: a few lines of JavaScript, shipped with the Python, that draw
their own markup in JupyterLab, Voilà and the browser-only course alike. The live region is one
element that stays on the page and has its text replaced: screen readers announce a change to a
region they already know, not a region that has just been inserted.
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["LiveRegion", "NamedSlider"]

# role="status" is a polite live region (aria-live="polite", aria-atomic="true"); both are spelled
# out for screen readers that honour only the attribute. The region is visually hidden (the board
# shows the same news in its own way), not display:none, which would silence it.
LIVE_REGION_ESM = """
function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "ttt-live";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  region.textContent = model.get("text");
  const follow = () => { region.textContent = model.get("text"); };
  model.on("change:text", follow);
  el.appendChild(region);
  return () => model.off("change:text", follow);
}
export default { render };
"""
LIVE_REGION_CSS = """
.ttt-live { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
            overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
"""


class LiveRegion(anywidget.AnyWidget):
    """A polite live region: a screen reader reads out ``text`` each time it changes, once it
    is done with what it is saying. Set ``text`` to what just happened, in one sentence or two."""

    _esm = LIVE_REGION_ESM
    _css = LIVE_REGION_CSS
    text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, text: str = "", **kwargs) -> None:
        super().__init__(text=text, **kwargs)
        self.add_class("live-region")


# The value goes back to Python when a drag ends or a key moved it (the "change" event), as
# ipywidgets' continuous_update=False does; the readout follows while dragging.
SLIDER_ESM = """
function render({ model, el }) {
  const label = document.createElement("label");
  const name = document.createElement("span");
  const input = document.createElement("input");
  const readout = document.createElement("output");
  label.className = "ttt-slider";
  input.type = "range";
  input.step = 1;
  label.append(name, input, readout);
  const show = () => {
    name.textContent = model.get("description");
    input.setAttribute("aria-label", model.get("description"));
    input.min = model.get("min");
    input.max = model.get("max");
    input.value = model.get("value");
    readout.textContent = input.value;
    input.setAttribute("aria-valuetext", `${input.value} of ${input.max}`);
  };
  input.addEventListener("input", () => { readout.textContent = input.value; });
  input.addEventListener("change", () => {
    model.set("value", Number(input.value));
    model.save_changes();
  });
  model.on("change", show);
  show();
  el.appendChild(label);
  return () => model.off("change", show);
}
export default { render };
"""
SLIDER_CSS = """
.ttt-slider { display: flex; align-items: center; gap: 8px; width: 100%;
              font-size: var(--jp-widgets-font-size, 13px); }
.ttt-slider input { flex: 1 1 auto; min-width: 0; }
.ttt-slider output { min-width: 3em; }
"""


class NamedSlider(anywidget.AnyWidget):
    """A slider of whole numbers from ``min`` to ``max``, named ``description`` for screen
    readers (and shown beside it), with its value read out beside it. A value beyond the ends is
    clipped to them, as an ipywidgets slider does."""

    _esm = SLIDER_ESM
    _css = SLIDER_CSS
    value = traitlets.Int(1).tag(sync=True)
    min = traitlets.Int(1).tag(sync=True)
    max = traitlets.Int(1).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)

    def __init__(self, value: int, min: int, max: int, description: str, **kwargs) -> None:
        if min > max:
            raise ValueError(f"a slider needs min <= max, got min={min}, max={max}")
        super().__init__(min=min, max=max, value=value, description=description, **kwargs)

    @traitlets.validate("value")
    def _clip(self, proposal: traitlets.Bunch) -> int:
        return max(self.min, min(proposal["value"], self.max))
