// A picture wider than a phone scrolls inside its own box (site.css). A game tree is centred on
// its root, so each such box starts scrolled to its middle: the top board shows whole, not cut in
// half at the box's edge, and the reader scrolls either way from there.
function centrePictures() {
  for (const box of document.querySelectorAll(".cell_output .output.text_html, .widget-still .picture")) {
    if (box.querySelector("img") && box.scrollWidth > box.clientWidth) {
      box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
    }
  }
}
window.addEventListener("load", centrePictures);
