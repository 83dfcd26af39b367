"""The pages' colours pass WCAG AA (#28): every rule of the stylesheet
that sets a text colour, read with the colours it sits on, is at least
4.5:1; every focus ring at least 3:1 against what is around it and against
the selection's gold, so that focus and selection never look alike. The
colours the card faces use come from one place (/palette.css, made from
render/symbols.py)."""

from __future__ import annotations

import re

import pytest

from dioses_rules.render.draw import contrast
from dioses_rules.render.symbols import PALETTE
from dioses_rules.web.palette import palette_css
from dioses_rules.web.templating import HERE, STATIC

TEMPLATES_DIR = HERE / "templates"

WHITE = "#ffffff"
NAMED = {"white": WHITE, "black": "#000000"}


@pytest.fixture(scope="module")
def sheets() -> tuple[str, str]:
    """/palette.css and /static/app.css as the app serves them."""
    page = (TEMPLATES_DIR / "base.html").read_text(encoding="utf-8")
    first, second = page.index('href="/palette.css"'), page.index('href="/static/app.css"')
    assert first < second  # every page loads the palette, before the sheet that names it
    return palette_css(), (STATIC / "app.css").read_text(encoding="utf-8")


def rules(css: str) -> list[tuple[str, dict[str, str]]]:
    """(selector, declarations) of every rule, the media queries' included."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"@media[^{]*\{", "", css)  # a query's rules, as rules
    found = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        declarations = {}
        for part in body.split(";"):
            name, colon, value = part.partition(":")
            if colon:
                declarations[name.strip()] = value.strip()
        found.append((" ".join(selector.split()), declarations))
    return found


def variables(*sheets: str) -> dict[str, str]:
    known: dict[str, str] = {}
    for css in sheets:
        for selector, declarations in rules(css):
            if selector == ":root":
                known.update({k: v for k, v in declarations.items() if k.startswith("--")})
    return known


def colour(value: str, known: dict[str, str]) -> str | None:
    """A declaration's one colour as #rrggbb (its var()s followed), or None
    for anything else (a gradient, 'transparent', 'inherit')."""
    for _ in range(10):
        used = re.fullmatch(r"var\((--[\w-]+)\)", value.strip())
        if used is None:
            break
        value = known[used.group(1)]
    value = NAMED.get(value.strip(), value.strip())
    found = re.fullmatch(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})", value)
    if found is None:
        return None
    digits = found.group(1)
    return "#" + ("".join(c * 2 for c in digits) if len(digits) == 3 else digits).lower()


def test_the_pages_use_the_card_faces_colours_from_one_place(sheets):
    palette, app = sheets
    known = variables(palette, app)
    assert [known[f"--mythology-{i}"] for i in range(1, len(PALETTE) + 1)] == list(PALETTE)
    for old in ("#2f855a", "#c05621", "#b7791f", "#718096"):  # the palette before #28
        assert old not in app, old
    assert colour("var(--met)", known) in PALETTE and colour("var(--moved)", known) in PALETTE


def test_every_text_colour_of_the_stylesheet_passes_wcag_aa(sheets):
    """A rule with a text colour and a background: the pair; with a text
    colour only: on white and on the page's background (the surfaces the
    pages put text on), unless it is white text (set on a dark band)."""
    palette, app = sheets
    known = variables(palette, app)
    page = colour("var(--bg)", known)
    header = colour(dict(rules(app))["header.top"]["background"], known)
    checked = []
    for selector, declarations in rules(app):
        text = colour(declarations.get("color", ""), known)
        if text is None:
            continue
        ground = declarations.get("background", declarations.get("background-color", ""))
        under = colour(ground, known)
        if under is None and "gradient" in ground:  # the face-down stripes: each stripe
            under = [colour(c, known) for c in re.findall(r"#[0-9a-fA-F]{6}", ground)]
        elif (under is None and "transparent" in ground) or (under is None and text == WHITE):
            under = [header] if "header" in selector or "lang-switch" in selector else []
        elif under is None:
            under = [WHITE, page]
        for surface in under if isinstance(under, list) else [under]:
            ratio = contrast(text, surface)
            checked.append(selector)
            assert ratio >= 4.5, f"{selector}: {text} on {surface} is {ratio:.2f}:1"
    assert ".law-mark" in checked and ".moved-mark" in checked and ".turn-flag" in checked
    assert len(checked) > 30


def test_the_focus_ring_stands_out_and_is_not_the_selection(sheets):
    """3:1 for a focus indicator (WCAG 2.4.11 / 1.4.11): against the page,
    the white cards and the light hover, and against the selection's gold."""
    palette, app = sheets
    known = variables(palette, app)
    surfaces = {colour(c, known) for c in ("white", "var(--bg)", "#ebf8ff")}
    selection = colour("var(--focus)", known)
    rings = []
    for selector, declarations in rules(app):
        if ":focus-visible" not in selector:
            continue
        ring = colour(declarations.get("outline-color", ""), known) or colour(
            declarations.get("outline", "").split()[-1:][0] if "outline" in declarations else "",
            known,
        )
        if ring is None:
            continue
        rings.append(selector)
        if selector.startswith("header"):  # the dark band: no selection there
            band = colour(dict(rules(app))["header.top"]["background"], known)
            assert contrast(ring, band) >= 3, f"{selector}: {ring} on {band}"
            continue
        for surface in surfaces:
            assert contrast(ring, surface) >= 3, f"{selector}: {ring} on {surface}"
        assert contrast(ring, selection) >= 3, f"{selector}: {ring} beside {selection}"
    assert len(rings) >= 4 and "header.top :focus-visible" in rings
