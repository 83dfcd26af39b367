"""Writing the user's files safely: whole or not at all.

A file is written through a temporary file beside it and ``os.replace``, so
an interruption leaves the old file or the new one, never half of one. The
temporary file is hidden (``.NAME.PID.XXXX.tmp``: no glob of saves like
``*.json`` matches it), and one left behind by a killed process (``kill -9``
gives no chance to clean up) is removed by the next write of the same file,
once the process whose id it carries is gone.
"""

from __future__ import annotations

import errno
import io
import os
import re
import stat
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"
STALE_UNMARKED_SECONDS = 3600  # a temporary file of 0.1.0 (no process id) this old is stale


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process, or cannot tell: leave its file
    return True


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Remove the temporary files of ``target`` left by processes that are gone."""
    directory = target.parent if str(target.parent) else Path(".")
    prefix, suffix = re.escape(_temp_prefix(target)), re.escape(TEMP_SUFFIX)
    marked = re.compile(prefix + r"(\d+)\.[a-z0-9_]+" + suffix)
    unmarked = re.compile(prefix + r"[a-z0-9_]{8}" + suffix)  # written by 0.1.0
    removed: list[Path] = []
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for name in names:
        match = marked.fullmatch(name)
        stale = (
            (not _alive(int(match.group(1))))
            if match
            else unmarked.fullmatch(name) is not None
            and _age(directory / name) > STALE_UNMARKED_SECONDS
        )
        if stale:
            try:
                os.unlink(directory / name)
                removed.append(directory / name)
            except OSError:
                pass
    return removed


def _age(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return 0.0


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write ``text`` through a temporary file beside ``path`` and os.replace,
    so that an interruption leaves either the old file or the new one."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """:func:`atomic_write_text` for bytes (a PDF, a PNG)."""
    import tempfile  # only writing needs it: reading a board or a card file does not

    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    remove_stale_temporaries(target)
    fd, temp = tempfile.mkstemp(
        dir=directory, prefix=f"{_temp_prefix(target)}{os.getpid()}.", suffix=TEMP_SUFFIX
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        # mkstemp makes the file private; give it the mode a plain open()
        # would have (or keep the replaced file's mode).
        if target.exists():
            mode = target.stat().st_mode & 0o777
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


class NotRegularFile(OSError):
    """A path that is a FIFO, a device, a socket or a folder, not a file."""


def open_regular(path: str | os.PathLike[str]) -> io.BufferedReader:
    """``path`` opened for reading in binary, only when it is a regular file
    (after links): a FIFO would block the reader forever and a device such as
    /dev/zero never ends, so either is refused with :class:`NotRegularFile`
    (an OSError whose ``strerror`` says so) before a byte is read."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(
                errno.EINVAL, "not a regular file (a folder, FIFO or device)", str(path)
            )
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """At most ``limit`` + 1 bytes of a regular file (see :func:`open_regular`):
    a caller refuses a file longer than ``limit`` without reading it all."""
    with open_regular(path) as handle:
        return handle.read(limit + 1)
