"""Colour contrast as WCAG 2.1 defines it, and the text of an SVG picture with the colour painted
behind it: what the tests of the pictures (test_display, test_svg) hold to 4.5:1."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
NAMED = {"white": "#FFFFFF", "black": "#000000"}
UNPAINTED = {None, "none", "transparent"}


def luminance(colour: str) -> float:
    """The relative luminance of a colour ('#RRGGBB', '#RGB', 'white' or 'black'), 0 to 1."""
    code = NAMED.get(colour.lower(), colour).lstrip("#")
    if len(code) == 3:
        code = "".join(digit * 2 for digit in code)
    channels = [int(code[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(one: str, other: str) -> float:
    """The contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def texts_on_backgrounds(svg: str | bytes) -> list[tuple[str, str, str]]:
    """(text, its colour, the colour painted under it) for each visible ``<text>`` of an SVG:
    the last filled shape (polygon, rect, circle) drawn before the text whose box holds the middle
    of the text's first letter. Graphviz and ttt.games.svg draw in one coordinate system, so transforms
    can be ignored."""
    painted: list[tuple[tuple[float, float, float, float], str]] = []
    found = []
    for element in ET.fromstring(svg).iter():
        tag = element.tag.removeprefix(SVG)
        if tag == "text" and (element.text or "").strip():  # a blank is not seen
            found.append((element.text, element.get("fill", "black"),
                          _under(_middle_of_first_letter(element), painted)))
        elif tag in ("polygon", "rect", "circle") and element.get("fill") not in UNPAINTED:
            painted.append((_box(element), element.get("fill")))
    return found


def _middle_of_first_letter(text: ET.Element) -> tuple[float, float]:
    size = float(text.get("font-size", "14"))
    shift = {"start": 0.3, "middle": 0.0, "end": -0.3}[text.get("text-anchor", "start")]
    return float(text.get("x")) + shift * size, float(text.get("y")) - 0.35 * size


def _under(point: tuple[float, float],
           painted: list[tuple[tuple[float, float, float, float], str]]) -> str:
    x, y = point
    for (left, top, right, bottom), fill in reversed(painted):
        if left <= x <= right and top <= y <= bottom:
            return fill
    return "white"  # an SVG shown in a page with nothing under it: the page's white


def _box(shape: ET.Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a polygon, rect or circle."""
    if shape.tag.endswith("circle"):
        x, y, r = (float(shape.get(name)) for name in ("cx", "cy", "r"))
        return x - r, y - r, x + r, y + r
    if shape.tag.endswith("rect"):
        x, y = float(shape.get("x", "0")), float(shape.get("y", "0"))
        return x, y, x + float(shape.get("width")), y + float(shape.get("height"))
    points = [tuple(map(float, pair.split(","))) for pair in shape.get("points").split()]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)
