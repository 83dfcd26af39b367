"""The methods attrs writes for our classes, compiled once and kept in the
per-user cache (issue #12).

attrs makes a class's ``__init__``, ``__eq__``, ``__hash__`` and
``__repr__`` by writing their Python source and compiling it when the class
is defined. For the hundred frozen classes of the card language and of
scoring, compiling is most of the time of importing them, at every start of
a command. Inside :func:`cached_methods`, the code attrs compiles is kept in
the cache (:mod:`.cache`, one entry per group of classes) and taken from it
the next time, but only for the very source (and file name) attrs writes
then: the classes are the same classes, with the same methods, equality,
hashing and pickling. An attrs without the hook, the cache switched off, an
entry missing or damaged only mean compiling, as attrs always does.
"""

from __future__ import annotations  # as attr._make: compile() inherits it

import contextlib
import marshal
import types
from collections.abc import Iterator, Mapping
from typing import Any

from . import cache

_HOOK = "_compile_and_eval"  # attr._make's compile(script) and eval(code, globs, locs)


@contextlib.contextmanager
def cached_methods(group: str) -> Iterator[None]:
    """Classes defined in this block are made from cached code when attrs
    writes the same source as when it was cached; ``group`` names the entry
    (a package whose modules the block imports)."""
    try:
        from attr import _make
    except ImportError:  # pragma: no cover - attrs is a dependency
        yield
        return
    outer = getattr(_make, _HOOK, None)
    if not callable(outer) or not cache.enabled():
        yield
        return
    key = cache.key_of("attrs methods", group)
    stored = _entries(cache.read(key))
    made: dict[str, tuple[str, types.CodeType]] = {}

    def compile_and_eval(
        script: str,
        globs: dict[str, Any] | None,
        locs: Mapping[str, object] | None = None,
        filename: str = "",
    ) -> None:
        kept, salted = _split(script)
        found = stored.get(filename)
        if found is not None and found[0] == kept:
            code = found[1]
        else:
            code = compile(kept, filename, "exec")
        made[filename] = (kept, code)
        eval(code, globs, locs)
        if salted:
            eval(compile(salted, filename, "exec"), globs, locs)

    setattr(_make, _HOOK, compile_and_eval)
    try:
        yield
    finally:
        if getattr(_make, _HOOK, None) is compile_and_eval:
            setattr(_make, _HOOK, outer)
        # else another block (another thread's) took over: it puts ours back,
        # which compiles what it does not find, as attrs does
    if any(stored.get(name) != entry for name, entry in made.items()):
        with contextlib.suppress(ValueError):  # something marshal cannot write
            cache.write(key, marshal.dumps({**stored, **made}))


def _split(script: str) -> tuple[str, str]:
    """``script`` as the part kept in the cache and its ``__hash__``, each
    with the other's lines left blank: every function keeps its lines (and
    columns) in the file attrs names. attrs salts a class's hash with the
    hash() of a string, which Python draws anew in every process, so that
    one function is compiled every time (it is a few lines)."""
    lines = script.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if line.startswith("def __hash__(")), None)
    if start is None:
        return script, ""
    end = next(
        (
            i
            for i in range(start + 1, len(lines))
            if lines[i].strip() and not lines[i][:1].isspace()
        ),
        len(lines),
    )
    blank = "\n" * (end - start)
    return (
        "".join(lines[:start]) + blank + "".join(lines[end:]),
        "\n" * start + "".join(lines[start:end]),
    )


def _entries(found: object) -> dict[str, tuple[str, types.CodeType]]:
    """A stored entry's {file name: (source, code)}; empty when it is none."""
    if not isinstance(found, bytes):
        return {}
    try:
        entries = marshal.loads(found)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(entries, dict):
        return {}
    return {
        name: entry
        for name, entry in entries.items()
        if isinstance(name, str)
        and isinstance(entry, tuple)
        and len(entry) == 2
        and isinstance(entry[0], str)
        and isinstance(entry[1], types.CodeType)
    }
