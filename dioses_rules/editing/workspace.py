"""The card files an editor session sees: the bundled sets, the ``.dioses``
files of the open folders, and the open buffers (their unsaved text wins over
what is on disk). A :class:`Snapshot` is all of them built, linted and
assembled once; it is made again after a change, not at every question."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Optional, Sequence

from ..errors import Diagnostic
from ..pool.lint import lint_sources
from ..pool.registry import Registry, assemble
from ..pool.sources import SourceFile, card_paths, replacing_bundled, sources_from_texts
from ..resources import cards_dir

# A folder opened as a workspace may be large (a home folder): its card
# files beyond this many are not read (the open buffers always are).
MAX_WORKSPACE_FILES = 2000


class Snapshot:
    """Every card file of a session, built and linted together, as
    ``dioses-lint`` would check them."""

    def __init__(self, bundled: Sequence[tuple[str, str]], others: Sequence[tuple[str, str]]):
        built = sources_from_texts(bundled, context=[])
        extra = sources_from_texts(others, context=built)
        self.sources: list[SourceFile] = replacing_bundled(built, extra)[0]
        self.texts = {path: text for path, text in [*bundled, *others]}
        self.by_path = {source.path: source for source in self.sources}
        self.registry: Registry = assemble(self.sources)
        self.diagnostics: dict[str, list[Diagnostic]] = {}
        for diagnostic in lint_sources(self.sources):
            self.diagnostics.setdefault(diagnostic.path, []).append(diagnostic)

    def source(self, path: str) -> Optional[SourceFile]:
        return self.by_path.get(path)


class Workspace:
    """What an editor has open. Paths are absolute, as the editor names them."""

    def __init__(self, folders: Iterable[Path | str] = ()):
        self.folders = [Path(folder).resolve() for folder in folders]
        self.buffers: dict[str, str] = {}
        self._on_disk: Optional[dict[str, str]] = None
        self._snapshot: Optional[Snapshot] = None

    def edit(self, path: str, text: str) -> None:
        """A buffer opened or changed (``path`` absolute, or an editor's name
        for an unsaved buffer)."""
        self.buffers[path] = text
        self._snapshot = None

    def close(self, path: str) -> None:
        """A buffer closed: the file on disk counts again."""
        self.buffers.pop(path, None)
        self._snapshot = None

    def saved(self) -> None:
        """Files on disk changed (a save, a new file): read them again."""
        self._on_disk, self._snapshot = None, None

    def snapshot(self) -> Snapshot:
        if self._snapshot is None:
            bundled, others = self._texts()
            self._snapshot = Snapshot(bundled, others)
        return self._snapshot

    def _texts(self) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        if self._on_disk is None:
            self._on_disk = {}
            bundled = [str(path.resolve()) for path in card_paths([cards_dir()])]
            found = [str(path.resolve()) for path in card_paths(self._folders())]
            for path in dict.fromkeys(bundled + found[:MAX_WORKSPACE_FILES]):
                text = _read(path)
                if text is not None:
                    self._on_disk[path] = text
            self._bundled = set(bundled)
        texts = {**self._on_disk, **self.buffers}
        return ([(path, text) for path, text in texts.items() if path in self._bundled],
                [(path, text) for path, text in texts.items() if path not in self._bundled])

    def _folders(self) -> list[Path]:
        return [folder for folder in self.folders if folder.is_dir()]


def _read(path: str) -> Optional[str]:
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):  # linted when opened; unreadable files are not
        return None
