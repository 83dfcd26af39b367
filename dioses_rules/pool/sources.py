"""Card files on disk: finding them, reading them, building each one.

A :class:`SourceFile` is one ``.dioses`` file with its text, its built
definitions and the diagnostics of parsing and building it. The bundled sets
live in the package's ``cards/`` folder (:mod:`resources`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Optional

from attrs import frozen

from ..errors import Diagnostic, DiosesError
from ..language import model as m
from ..language.builder import build
from ..resources import cards_dir

CARD_SUFFIX = ".dioses"


@frozen
class SourceFile:
    path: str
    text: str
    card_file: m.CardFile
    diagnostics: tuple[Diagnostic, ...]


def card_paths(paths: Iterable[Path | str]) -> list[Path]:
    """Every ``.dioses`` file named or found under the folders named, sorted."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob(f"*{CARD_SUFFIX}") if p.is_file()))
        elif path.is_file():
            found.append(path)
        else:
            raise DiosesError(Diagnostic(
                "DL000", "no such file or folder", str(path),
                help=f"give a {CARD_SUFFIX} file or a folder holding some"))
    return found


def read_source(path: Path, display: Optional[str] = None) -> SourceFile:
    shown = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        diagnostic = Diagnostic("DL003", f"not UTF-8 text ({error.reason})", shown)
        return SourceFile(shown, "", m.CardFile(None, (), shown), (diagnostic,))
    except OSError as error:
        diagnostic = Diagnostic("DL000", f"cannot read: {error.strerror}", shown)
        return SourceFile(shown, "", m.CardFile(None, (), shown), (diagnostic,))
    card_file, diagnostics = build(text, shown)
    return SourceFile(shown, text, card_file, tuple(diagnostics))


def _display_path(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def bundled_sources() -> list[SourceFile]:
    return [read_source(p, _display_path(p)) for p in card_paths([cards_dir()])]


def read_sources(paths: Iterable[Path | str]) -> list[SourceFile]:
    return [read_source(p, _display_path(p)) for p in card_paths(paths)]
