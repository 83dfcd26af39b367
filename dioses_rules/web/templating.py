"""The app's Jinja2 templates and static files, shipped in this package, and
the JSON responses it sends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.responses import JSONResponse
from starlette.templating import Jinja2Templates

from .language import page_words

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
TEMPLATES = Jinja2Templates(directory=str(HERE / "templates"), context_processors=[page_words])


class JSONAnswer(JSONResponse):
    """Starlette's JSON response, that never fails to encode: a lone
    surrogate (a JSON body may carry ``"\\udc80"``, a valid escape that UTF-8
    cannot encode) is written back as the same JSON escape, so a message
    quoting the user's text is sent, never a 500 (issue #23, C5). Every
    other character is UTF-8 as before."""

    def render(self, content: Any) -> bytes:
        return json.dumps(
            content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
        ).encode("utf-8", "backslashreplace")
