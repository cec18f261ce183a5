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

from ttt.core.arguments import checked

__all__ = ["KEYBOARD", "LiveRegion", "NamedSlider"]

#: The class of a widget played from the keyboard (the boards, the step-through): its controls
#: show a clear focus ring, and the keys they use are theirs, not JupyterLab's (see LiveRegion)
KEYBOARD = "ttt-keyboard"

# role="status" is a polite live region (aria-live="polite", aria-atomic="true"); both are spelled
# out for screen readers that honour only the attribute. The region is visually hidden (the board
# shows the same news in its own way), not display:none, which would silence it.
_LIVE_REGION_ESM = f"""
// JupyterLab takes the keys of its notebook shortcuts (arrows, Enter, letters) from whatever has
// the focus in a notebook, a drop-down or a button in an output too: an arrow key on the level
// drop-down moved to another cell. In a widget of the class KEYBOARD such keys stop there, before
// they reach JupyterLab (which listens on the document); with Ctrl, Alt or Meta, Shift+Enter, Tab
// and Escape they go on, so that Lab's own shortcuts still work.
function keepKeys(key) {{
  const lab = key.ctrlKey || key.altKey || key.metaKey || key.key === "Tab"
              || key.key === "Escape" || (key.shiftKey && key.key === "Enter");
  if (!lab) key.stopPropagation();
}}
function claimKeys(focus) {{
  const owner = focus.target.closest && focus.target.closest(".{KEYBOARD}");
  if (owner && !owner.dataset.keysKept) {{
    owner.dataset.keysKept = "yes";
    owner.addEventListener("keydown", keepKeys);
  }}
}}
function render({{ model, el }}) {{
  document.addEventListener("focusin", claimKeys);
  const region = document.createElement("div");
  region.className = "ttt-live";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  region.textContent = model.get("text");
  // the same words again are news too (a second reply in the same column): the region's text
  // must change to be read out, so it gets a no-break space, or loses it
  const follow = () => {{
    const text = model.get("text");
    region.textContent = region.textContent === text ? text + "\u00a0" : text;
  }};
  model.on("change", follow);
  el.appendChild(region);
  return () => model.off("change", follow);
}}
export default {{ render }};
"""
_FOCUS_COLOUR = "#0072B2"  # Okabe-Ito blue: 5.2:1 on white, 4.6:1 on a grey cell
# ipywidgets' own focus ring is 1 px of light blue (2:1 on white) on buttons, and none at all on a
# drop-down (only its border turns blue): the keyboard user's place has to be plain to see.
# !important, as ipywidgets' rules are more specific.
_LIVE_REGION_CSS = f"""
.ttt-live {{ position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
            overflow: hidden; clip-path: inset(50%); white-space: nowrap; }}
.{KEYBOARD} :focus-visible {{ outline: 2px solid {_FOCUS_COLOUR} !important;
                                outline-offset: 1px !important; }}
"""


@checked
class LiveRegion(anywidget.AnyWidget):
    """A polite live region: a screen reader reads out ``text`` each time it changes, once it
    is done with what it is saying. ``say`` what just happened, in one sentence or two.
    It also serves the widget around it if that has the class ``KEYBOARD``: its stylesheet draws
    the focus ring, and its script keeps the keys of the controls from JupyterLab."""

    _esm = _LIVE_REGION_ESM
    _css = _LIVE_REGION_CSS
    text = traitlets.Unicode("").tag(sync=True)
    #: how many times something was said: the same words said again must reach the page too
    said = traitlets.Int(0).tag(sync=True)

    def __init__(self, text: str = "", **kwargs) -> None:
        super().__init__(text=text, **kwargs)
        self.add_class("live-region")

    @checked
    def say(self, text: str) -> None:
        """Have ``text`` read out, even if it is what was said last."""
        with self.hold_sync():
            self.text = text
            self.said += 1


# The value goes back to Python when a drag ends or a key moved it (the "change" event), as
# ipywidgets' continuous_update=False does; the readout follows while dragging.
_SLIDER_ESM = """
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
_SLIDER_CSS = """
.ttt-slider { display: flex; align-items: center; gap: 8px; width: 100%;
              font-size: var(--jp-widgets-font-size, 13px); }
.ttt-slider input { flex: 1 1 auto; min-width: 0; }
.ttt-slider output { min-width: 3em; }
"""


@checked
class NamedSlider(anywidget.AnyWidget):
    """A slider of whole numbers from ``min`` to ``max``, named ``description`` for screen
    readers (and shown beside it), with its value read out beside it. A value beyond the ends is
    clipped to them, as an ipywidgets slider does."""

    _esm = _SLIDER_ESM
    _css = _SLIDER_CSS
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
