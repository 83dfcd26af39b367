"""Loading a card pool: the bundled sets plus a modder's files, checked."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from .. import cache
from ..errors import Diagnostic, DiosesError
from .registry import Registry, assemble
from .sources import SourceFile, bundled_sources, read_sources, replacing_bundled


def load_registry(
    extra: Iterable[Path | str] = (), active: Sequence[str] | None = None, strict: bool = True
) -> tuple[Registry, list[SourceFile]]:
    """The bundled sets plus ``extra`` files or folders (a file of a bundled
    set's id replaces that set: an owner's edited copy).

    With ``strict``, any error in a card file raises :class:`DiosesError`
    naming it (use ``dioses-lint`` for the full report).
    """
    bundled = bundled_sources()
    sources, _ = replacing_bundled(bundled, read_sources(extra, context=bundled))
    registry = assemble(sources, active)
    if strict:
        problems = [d for s in sources for d in s.diagnostics if d.is_error]
        problems += [d for d in registry.diagnostics if d.is_error]
        if not problems:
            problems = _pool_errors(registry, sources, active)
        if problems:
            raise DiosesError(problems)
    return registry, sources


def _pool_errors(
    registry: Registry, sources: Sequence[SourceFile], active: Sequence[str] | None
) -> list[Diagnostic]:
    """The errors of the pool's checks; a pool of the very same files (by
    path and text) and sets checked clean before is not checked again."""
    key = cache.key_of("clean pool", repr(active), *(f"{s.path}\0{s.text}" for s in sources))
    if cache.read(key) == "clean":
        return []
    from .lint import check_registry  # a pool checked clean before needs no linter

    problems = [d for d in check_registry(registry) if d.is_error]
    if not problems:
        cache.write(key, "clean")
    return problems
