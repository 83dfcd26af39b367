"""The app's Jinja2 templates and static files, shipped in this package."""

from __future__ import annotations

from pathlib import Path

from starlette.templating import Jinja2Templates

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
TEMPLATES = Jinja2Templates(directory=str(HERE / "templates"))
