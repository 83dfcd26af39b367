"""SVG to PNG and PDF, through cairo (cairosvg), and pages into one PDF (pypdf).

cairosvg needs the system's cairo library. A missing package or library is
the user's to install, so it is one :class:`PictureError` naming what to
install, never a traceback.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from types import ModuleType

from ..errors import DiosesError

EXTRA = "pip install 'dioses-rules[pictures]'"


class PictureError(DiosesError):
    """A picture that cannot be made here: a package or library missing."""


def _cairosvg() -> ModuleType:
    try:
        import cairosvg
    except ImportError as error:
        raise PictureError.one(
            "E401",
            f"PDF and PNG pictures need cairosvg, which is not installed ({error.name})",
            help=EXTRA,
        ) from None
    except OSError as error:  # cairocffi found no cairo library
        raise PictureError.one(
            "E402",
            f"PDF and PNG pictures need the cairo library, which was not found ({error})",
            help="install cairo: 'apt install libcairo2' (Debian, Ubuntu), 'brew install "
            "cairo' (macOS), 'dnf install cairo' (Fedora); or write an SVG",
        ) from None
    module: ModuleType = cairosvg  # cairosvg ships no type information
    return module


def png(svg: str, dpi: float = 96) -> bytes:
    """An SVG document rendered to PNG."""
    rendered: bytes = _cairosvg().svg2png(bytestring=svg.encode("utf-8"), dpi=dpi)
    return rendered


def pdf(pages: Sequence[str]) -> bytes:
    """SVG documents as the pages of one PDF, in order."""
    cairosvg = _cairosvg()
    rendered: list[bytes] = [cairosvg.svg2pdf(bytestring=page.encode("utf-8")) for page in pages]
    if len(rendered) == 1:
        return rendered[0]
    try:
        from pypdf import PdfWriter
    except ImportError as error:
        raise PictureError.one(
            "E401",
            f"a PDF of several pages needs pypdf, which is not installed ({error.name})",
            help=EXTRA,
        ) from None
    writer = PdfWriter()
    for page in rendered:
        writer.append(io.BytesIO(page))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
