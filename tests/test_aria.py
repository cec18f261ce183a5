"""The widgets for screen readers (ttt.course.aria), from Python: what their JavaScript gets to show.
What a browser makes of them is tested in tests/browser (test_keyboard.py and
test_accessibility.py)."""

import pytest

from ttt.course.aria import KEYBOARD, LiveRegion, NamedSlider


def test_a_live_region_is_polite_and_each_say_reaches_the_page_even_the_same_words():
    region = LiveRegion("ready")
    assert 'role", "status"' in region._esm and 'aria-live", "polite"' in region._esm
    assert f".{KEYBOARD} :focus-visible" in region._css
    region.say("Hints on.")
    region.say("Hints on.")
    assert (region.text, region.said) == ("Hints on.", 2)


def test_a_named_slider_keeps_its_value_between_its_ends():
    slider = NamedSlider(3, 1, 5, description="step")
    assert (slider.value, slider.min, slider.max, slider.description) == (3, 1, 5, "step")
    slider.value = 9
    assert slider.value == 5
    with pytest.raises(ValueError, match="min <= max"):
        NamedSlider(1, 5, 1, description="step")
