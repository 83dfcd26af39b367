"""The card files an editor session sees: the bundled sets, the ``.dioses``
files of the open folders, and the open buffers (their unsaved text wins over
what is on disk).

The open buffers are checked as ``dioses-lint`` checks files: with the
bundled sets and, from the workspace, the files of the sets they require
(transitively). The other files of the workspace (other mods, old copies,
test fixtures) are not checked with them, so that they raise nothing in the
open files, but their definitions are found by "go to definition". A
:class:`Snapshot` is all of that built, linted and assembled once; it is made
again after a change, not at every question.
"""

from __future__ import annotations

import copy
import os
import stat
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from ..errors import Diagnostic
from ..language.headers import scan_header
from ..pool.lint import lint_sources
from ..pool.registry import Registry, assemble
from ..pool.sources import (
    CARD_SUFFIX,
    SourceFile,
    card_paths,
    replacing_bundled,
    sources_from_texts,
)
from ..resources import cards_dir

# A folder opened as a workspace may be large (a home folder): the search
# for card files stops after this many folders or files (the open buffers
# are always read), and skips hidden folders (.git, .venv, whose installed
# copies of the bundled sets would be read twice) and these.
MAX_WORKSPACE_FILES = 2000
MAX_WORKSPACE_FOLDERS = 5000
SKIPPED_FOLDERS = frozenset(["node_modules", "__pycache__", "site-packages"])
# A card file larger than this is not read (the linter has no cap of its own:
# checking takes about ten seconds a megabyte on a slow machine, so this is
# a minute's check, and no mod is near it: the bundled sets are about 100 kB).
MAX_CARD_FILE_BYTES = 4 * 2**20

Texts = Sequence[tuple[str, str]]  # (path, text)


class Snapshot:
    """The open buffers built and linted with the bundled sets and the
    workspace files of the sets they require; ``elsewhere`` gives the other
    workspace files, built (with the bundled sets' words) but not checked."""

    def __init__(
        self,
        bundled: Texts,
        opened: Texts,
        workspace: Texts,
        elsewhere: Callable[[], Sequence[SourceFile]] = list,
    ) -> None:
        built = sources_from_texts(bundled, context=[])
        needed = required_files(opened, workspace, {s.header.set_id for s in built})
        extra = sources_from_texts([*opened, *needed], context=built)
        self.sources: list[SourceFile] = replacing_bundled(built, extra)[0]
        self._elsewhere = elsewhere
        self.texts = dict([*bundled, *workspace, *opened])
        self.by_path = {source.path: source for source in self.sources}
        self.registry: Registry = assemble(self.sources)
        self.diagnostics: dict[str, list[Diagnostic]] = {}
        for diagnostic in lint_sources(self.sources):
            self.diagnostics.setdefault(diagnostic.path, []).append(diagnostic)

    def source(self, path: str) -> SourceFile | None:
        return self.by_path.get(path)

    def with_text(self, path: str, text: str) -> Snapshot:
        """This snapshot with a buffer's newer text: what hover and completion
        read while the check of that text is not done (its words and ids are
        this snapshot's; the words at the cursor are the text's)."""
        if self.texts.get(path) is text:
            return self
        newer = copy.copy(self)
        newer.texts = {**self.texts, path: text}
        return newer

    def elsewhere(self) -> list[SourceFile]:
        """The workspace's other files (built when first asked for)."""
        return [s for s in self._elsewhere() if s.path not in self.by_path]


def required_files(
    opened: Texts, workspace: Texts, present: set[str | None]
) -> list[tuple[str, str]]:
    """The workspace files defining the sets the open files require,
    transitively, that neither an open file nor a bundled set provides."""
    by_set: dict[str, list[tuple[str, str]]] = {}
    for path, text in workspace:
        set_id = scan_header(text).set_id
        if set_id:
            by_set.setdefault(set_id, []).append((path, text))
    present = present | {scan_header(text).set_id for _, text in opened}
    pending = [required for _, text in opened for required in scan_header(text).requires]
    needed: list[tuple[str, str]] = []
    while pending:
        set_id = pending.pop()
        if set_id in present:
            continue
        present.add(set_id)
        for path, text in by_set.get(set_id, []):
            needed.append((path, text))
            pending += scan_header(text).requires
    return needed


class Workspace:
    """What an editor has open: folders, and buffers by absolute path (or
    by the editor's name for an unsaved buffer)."""

    def __init__(self, folders: Iterable[Path | str] = ()) -> None:
        self.folders = [Path(folder).resolve() for folder in folders]
        self.buffers: dict[str, str] = {}
        self._bundled: dict[str, str] = {}
        self._on_disk: dict[str, str] | None = None  # the workspace's files
        self._elsewhere: list[SourceFile] | None = None
        self._snapshot: Snapshot | None = None
        self.problems: dict[str, list[Diagnostic]] = {}  # a buffer's, found where it entered
        self._last: Snapshot | None = None  # the newest one built, of older text maybe
        self._version = 0  # edits so far: a snapshot built meanwhile is not current
        self._building = threading.Lock()  # one build at a time (a check runs in a thread)
        self.skipped: list[tuple[str, str]] = []  # (path, why) of the last read of the disk

    def set_folders(self, folders: Iterable[Path | str]) -> None:
        """The editor's workspace folders changed."""
        self.folders = [Path(folder).resolve() for folder in folders]
        self.saved()

    def edit(self, path: str, text: str, problems: Sequence[Diagnostic] = ()) -> None:
        """A buffer opened or changed; ``problems`` are what was found in its
        text before it could be checked (a lone surrogate), reported with it."""
        self.buffers[path] = text
        self.problems[path] = list(problems)
        self._version += 1
        self._snapshot = None

    def close(self, path: str) -> None:
        """A buffer closed: the file on disk counts again."""
        self.buffers.pop(path, None)
        self.problems.pop(path, None)
        self._version += 1
        self._snapshot = None

    def saved(self) -> None:
        """Files on disk changed (a save, a new file): read them again."""
        self._on_disk, self._elsewhere, self._snapshot = None, None, None
        self._version += 1

    def snapshot(self) -> Snapshot:
        """The open buffers checked (built now if anything changed)."""
        with self._building:
            if self._snapshot is not None:
                return self._snapshot
            version, buffers, problems = self._version, dict(self.buffers), dict(self.problems)
            on_disk = self._read()
            bundled = [(p, buffers.get(p, text)) for p, text in self._bundled.items()]
            opened = [(p, text) for p, text in buffers.items() if p not in self._bundled]
            workspace = [(p, text) for p, text in on_disk.items() if p not in buffers]
            built = Snapshot(bundled, opened, workspace, self._other_files)
            for path, found in problems.items():
                if found:
                    built.diagnostics.setdefault(path, [])[:0] = found
            self._last = built
            if version == self._version:  # no edit came while it was built
                self._snapshot = built
            return built

    def latest(self) -> Snapshot:
        """The newest snapshot built, without waiting for a check of newer
        text (one is built if there is none yet)."""
        return self._snapshot or self._last or self.snapshot()

    def bundled_paths(self) -> list[str]:
        """The bundled sets' files (the installed package's, as read last)."""
        self._read()
        return list(self._bundled)

    def _other_files(self) -> list[SourceFile]:
        """Every workspace file on disk, built with the bundled sets' words:
        once per state of the disk, not per keystroke."""
        if self._elsewhere is None:
            context = sources_from_texts(list(self._bundled.items()), context=[])
            self._elsewhere = sources_from_texts(list(self._read().items()), context=context)
        return [s for s in self._elsewhere if s.path not in self.buffers]

    def _read(self) -> dict[str, str]:
        if self._on_disk is None:
            self.skipped = []
            self._bundled = {
                str(p.resolve()): text
                for p in card_paths([cards_dir()])
                if (text := self._read_one(p)) is not None
            }
            paths: dict[str, Path] = {}  # resolved -> as found (a link's own name)
            for found in workspace_files(self.folders):
                paths.setdefault(str(found.resolve()), found)
            self._on_disk = {
                path: text
                for path, found in paths.items()
                if path not in self._bundled and (text := self._read_one(found)) is not None
            }
        return self._on_disk

    def _read_one(self, path: Path) -> str | None:
        text, why = read_card_file(path)
        if why is not None:
            self.skipped.append((str(path), why))
        return text


def workspace_files(folders: Iterable[Path]) -> list[Path]:
    """The ``.dioses`` files under the folders, in order, within the limits above."""
    found: list[Path] = []
    visited = 0
    for folder in folders:
        for root, children, files in os.walk(folder):
            visited += 1
            children[:] = sorted(
                child
                for child in children
                if not child.startswith(".") and child not in SKIPPED_FOLDERS
            )
            found += [Path(root, name) for name in sorted(files) if name.endswith(CARD_SUFFIX)]
            if visited >= MAX_WORKSPACE_FOLDERS or len(found) >= MAX_WORKSPACE_FILES:
                return found[:MAX_WORKSPACE_FILES]
    return found


def read_card_file(path: Path) -> tuple[str | None, str | None]:
    """(the text, None), or (None, why not): only a regular file of at most
    :data:`MAX_CARD_FILE_BYTES` is read. A FIFO would block the session and
    a link to /dev/zero would fill the memory, so the file is opened without
    blocking and looked at (fstat, not the name) before a byte is read."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        return None, f"cannot read: {error.strerror}"
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            return None, "not a regular file (a FIFO, a device or a socket): not read"
        if status.st_size > MAX_CARD_FILE_BYTES:
            return None, f"larger than {MAX_CARD_FILE_BYTES // 2**20} MB: not read"
        with os.fdopen(handle, "rb", closefd=False) as stream:
            data = stream.read(MAX_CARD_FILE_BYTES + 1)
    except OSError as error:
        return None, f"cannot read: {error.strerror}"
    finally:
        os.close(handle)
    if len(data) > MAX_CARD_FILE_BYTES:  # it grew since fstat
        return None, f"larger than {MAX_CARD_FILE_BYTES // 2**20} MB: not read"
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as error:  # linted when opened; unreadable files are not
        return None, f"not UTF-8 text ({error.reason}): not read"
