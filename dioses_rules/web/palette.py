"""The pages' colours that the card faces share, from one place: the
mythology palette of :mod:`dioses_rules.render.symbols` (each dark enough
for white text, WCAG AA), served as CSS custom properties
(``/palette.css``, loaded before ``app.css``, which names them:
``--met`` is the palette's green, the last move its orange)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from ..render.symbols import PALETTE, UNKNOWN


def palette_css() -> str:
    """``:root { --mythology-1: #2b6cb0; ... --mythology-unknown: ...; }``."""
    lines = [f"  --mythology-{i}: {colour};" for i, colour in enumerate(PALETTE, start=1)]
    lines.append(f"  --mythology-unknown: {UNKNOWN};")
    return (
        "/* made from dioses_rules/render/symbols.py: the card faces' colours */\n"
        ":root {\n" + "\n".join(lines) + "\n}\n"
    )


async def palette(request: Request) -> Response:
    return Response(palette_css(), media_type="text/css", headers={"cache-control": "max-age=3600"})
