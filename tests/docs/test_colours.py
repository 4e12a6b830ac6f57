"""The docs site's colours (``docsite/theme/stylesheets/colours.css``, wired in by
``mkdocs.yml``): every text colour of the theme is at 4.5:1 or more against what it is
shown on, in the light and the dark scheme. The ratios are computed from the CSS file
(WCAG 2's relative luminance), so a colour changed there is checked here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
CSS = ROOT / "docsite" / "theme" / "stylesheets" / "colours.css"
BLOCK = re.compile(r'\[data-md-color-scheme="(\w+)"\][^{]*\{([^}]*)\}')
COLOUR = re.compile(r"(--md-[\w-]+):\s*(#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?)\s*;")
SCHEMES = ("default", "slate")
# (text, background): the header's title and search, links, a hovered link, a button in
# the accent colour, code comments and constants.
PAIRS = [
    ("--md-primary-bg-color", "--md-primary-fg-color"),
    ("--md-primary-bg-color--light", "--md-primary-fg-color"),
    ("--md-typeset-a-color", "--md-default-bg-color"),
    ("--md-typeset-a-color", "--md-code-bg-color"),
    ("--md-accent-fg-color", "--md-default-bg-color"),
    ("--md-accent-bg-color", "--md-accent-fg-color"),
    ("--md-accent-bg-color--light", "--md-accent-fg-color"),
    ("--md-code-hl-comment-color", "--md-code-bg-color"),
    ("--md-code-hl-constant-color", "--md-code-bg-color"),
]
RGB = tuple[float, float, float]


def schemes() -> dict[str, dict[str, str]]:
    """Each scheme's colours, as the CSS file declares them."""
    found = {scheme: dict(COLOUR.findall(body))
             for scheme, body in BLOCK.findall(CSS.read_text(encoding="utf-8"))}
    assert sorted(found) == sorted(SCHEMES)
    return found


def rgb(colour: str, under: str | None = None) -> RGB:
    """#rrggbb as 0-1 channels; #rrggbbaa blended over ``under``."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    alpha = int(colour[7:9], 16) / 255 if len(colour) == 9 else 1.0
    below = rgb(under) if under is not None else (1.0, 1.0, 1.0)
    r, g, b = (alpha * c + (1 - alpha) * u for c, u in zip(channels, below, strict=True))
    return (r, g, b)


def luminance(colour: RGB) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(text: RGB, background: RGB) -> float:
    light, dark = sorted((luminance(text), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_ratio_is_computed_as_wcag_says() -> None:
    assert contrast(rgb("#000000"), rgb("#ffffff")) == pytest.approx(21.0)
    material_green = rgb("#4cae4f")  # the theme's "green" before: 2.8:1 under white
    assert contrast(material_green, rgb("#ffffff")) == pytest.approx(2.81, abs=0.01)
    assert rgb("#ffffff80", "#000000") == pytest.approx((128 / 255,) * 3)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize(("text", "background"), PAIRS)
def test_every_text_colour_is_at_4_5_to_1(scheme: str, text: str, background: str) -> None:
    colours = schemes()[scheme]
    shown_on = rgb(colours[background])
    under = colours[background]
    ratio = contrast(rgb(colours[text], under), shown_on)
    assert ratio >= 4.5, f"{scheme}: {text} on {background} is {ratio:.2f}:1"


def test_mkdocs_uses_these_colours() -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"),
                       Loader=yaml.BaseLoader)  # !ENV tags read as text
    theme = config["theme"]
    assert (ROOT / theme["custom_dir"] / "stylesheets" / "colours.css") == CSS
    assert "stylesheets/colours.css" in config["extra_css"]
    assert [(palette["scheme"], palette["primary"], palette["accent"])
            for palette in theme["palette"]] == [(scheme, "custom", "custom")
                                                for scheme in SCHEMES]
