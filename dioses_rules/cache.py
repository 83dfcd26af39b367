"""A private, self-checking cache of what is slow to build: the parser's
tables and each card file's definitions.

Entries live in the user's cache folder (platformdirs:
``$XDG_CACHE_HOME/dioses-rules``, or ``$DIOSES_CACHE_DIR``), created
readable by the user alone; a folder another user could write to is not
used. An entry is found by a key: a SHA-256 of what it was built from (the
code that builds it, the grammar, the file's text, the words it could see),
so a changed file or a new version simply finds no entry and builds anew;
nothing is ever looked up by a name a file chose.

An entry is a header (magic, key, SHA-256 of the payload) and the payload.
Reading checks all three before the payload is unpickled: a truncated,
damaged or foreign entry is ignored (and rebuilt), never trusted. Writing
goes through a temporary file and ``os.replace``, so concurrent runs never
see half an entry. Any error of the cache itself (a full disk, a read-only
home) only means building without it.

``DIOSES_NO_CACHE=1`` (or ``dioses --no-cache``) turns it off.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from .files import open_regular

APP_NAME = "dioses-rules"
DIR_VARIABLE = "DIOSES_CACHE_DIR"
OFF_VARIABLE = "DIOSES_NO_CACHE"
MAGIC = b"dioses-rules cache 1\n"
_PACKAGE = Path(__file__).resolve().parent

_switched_off = False


def switch_off() -> None:
    """No cache for the rest of this process (``--no-cache``)."""
    global _switched_off
    _switched_off = True


def enabled() -> bool:
    return not _switched_off and os.environ.get(OFF_VARIABLE, "") in ("", "0")


def cache_dir() -> Path | None:
    """The cache folder, made private to the user; None when there is none
    we may use (switched off, no home, or a folder others can write to)."""
    if not enabled():
        return None
    given = os.environ.get(DIR_VARIABLE)
    try:
        if given:
            root = Path(given)
        else:
            import platformdirs  # only a cached run needs it

            root = platformdirs.user_cache_path(APP_NAME, appauthor=False)
        folder = root / "v1"
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
        return folder if _private(root) and _private(folder) else None
    except (OSError, RuntimeError):  # RuntimeError: platformdirs found no home
        return None


def _private(folder: Path) -> bool:
    """Ours alone: owned by this user and writable by nobody else."""
    info = folder.stat()
    if not hasattr(os, "getuid"):  # Windows: the profile folder is the user's
        return True
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """What the cached things are built by: the package version, the Python
    and the text of the grammar and of every module of the library (an
    edited checkout never reads an entry an older build wrote)."""
    from . import __version__

    digest = hashlib.sha256(f"{__version__}|{sys.version}".encode())
    sources = sorted(_PACKAGE.rglob("*.py"))
    from .resources import grammar_dir

    sources += sorted(grammar_dir().glob("*.lark"))
    for path in sources:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def key_of(*parts: bytes | str) -> str:
    digest = hashlib.sha256(code_fingerprint().encode())
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def read(key: str) -> Any | None:
    """The entry of ``key``, or None when there is none that checks out."""
    folder = cache_dir()
    if folder is None:
        return None
    header = MAGIC + key.encode() + b"\n"
    try:
        # a regular file only (a FIFO would block, a link to /dev/zero never
        # ends), and nothing past its header until the header checks out
        with open_regular(folder / f"{key}.entry") as handle:
            if handle.read(len(header)) != header:
                return None
            rest = handle.read()
    except OSError:
        return None
    digest, _, payload = rest.partition(b"\n")
    if digest != hashlib.sha256(payload).hexdigest().encode():
        return None
    try:
        return pickle.loads(payload)
    except Exception:  # noqa: BLE001 (unpickling a stale entry can raise anything: it is no entry)
        return None


def write(key: str, value: Any) -> None:
    """Store ``value`` under ``key``, whole or not at all."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        data = (
            MAGIC
            + key.encode()
            + b"\n"
            + hashlib.sha256(payload).hexdigest().encode()
            + b"\n"
            + payload
        )
        import tempfile  # only writing needs it (a warm run writes nothing)

        handle, temporary = tempfile.mkstemp(prefix=f".{key[:16]}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, folder / f"{key}.entry")
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except Exception:  # noqa: BLE001 (pickling or writing can raise anything: a cache that cannot be written is only no cache)
        return
