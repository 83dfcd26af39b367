"""Loading card files into sets, and the registry of what a game can use.

A set is one ``.dioses`` file with a ``set`` header. Loading several sets
checks that what they require is loaded, and applies replacements: when an
expansion that ``replaces`` an id is active, its definition of that id
supersedes the base one (the base one stays listed as replaced).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Iterable, Optional, Sequence

from attrs import define, field, frozen

from ..language import model as m
from ..language.builder import build
from ..errors import Diagnostic, DiosesError, Severity, did_you_mean
from ..resources import cards_dir

CARD_SUFFIX = ".dioses"


def normalize(name: str) -> str:
    """Case-, accent- and punctuation-insensitive key: 'Odín' -> 'odin'."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


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


@define
class LoadedSet:
    card_set: m.CardSet
    path: str
    definitions: tuple[m.Definition, ...]


@define
class Registry:
    """The definitions of the active sets, indexed by kind, id and name."""

    sets: dict[str, LoadedSet] = field(factory=dict)
    active: tuple[str, ...] = ()
    # id -> (definition, set id) of what is in play, per kind family
    by_id: dict[tuple[str, str], tuple[m.Definition, str]] = field(factory=dict)
    replaced: list[tuple[m.Definition, str, str]] = field(factory=list)  # (def, set, by set)
    names: dict[tuple[str, str], set[str]] = field(factory=dict)  # (family, key) -> ids
    diagnostics: list[Diagnostic] = field(factory=list)

    # ---------------------------------------------------------------- queries
    def definitions(self, family: Optional[str] = None) -> list[m.Definition]:
        return [d for (fam, _), (d, _) in self.by_id.items() if family is None or fam == family]

    def set_of(self, definition: m.Definition) -> str:
        return self.by_id[(family_of(definition), definition.id)][1]

    def get(self, family: str, card_id: str) -> Optional[m.Definition]:
        found = self.by_id.get((family, card_id))
        return found[0] if found else None

    def myth_cards(self) -> list[m.MythCard]:
        return self.definitions("myth")  # type: ignore[return-value]

    def resolve(self, family: str, name: str) -> m.Definition:
        """A definition by id, name or alias (case- and accent-insensitive)."""
        direct = self.get(family, name)
        if direct is not None:
            return direct
        ids = self.names.get((family, normalize(name)), set())
        if len(ids) == 1:
            return self.get(family, next(iter(ids)))  # type: ignore[return-value]
        what = FAMILY_WORDS[family]
        if len(ids) > 1:
            raise LookupError(f"'{name}' names several {what}s: {', '.join(sorted(ids))}")
        pool = [card_id for (fam, card_id) in self.by_id if fam == family]
        hint = did_you_mean(normalize(name), pool)
        raise LookupError(f"unknown {what} '{name}'" + (f"; {hint}" if hint else ""))

    def pattern_points(self, pattern: m.Pattern) -> int:
        """R14: what a completed pattern is worth, by the table of the set
        that defines it (``difficulty easy 2 points``), else the default."""
        found = self.by_id.get(("pattern", pattern.id))
        if found is not None:
            for level, points in self.sets[found[1]].card_set.difficulties:
                if level is pattern.difficulty:
                    return points
        return pattern.difficulty.points

    def all_tags(self) -> set[str]:
        return {tag for card in self.myth_cards() for tag in card.tags}


FAMILY_WORDS = {
    "myth": "card",
    "law": "law",
    "pattern": "pattern",
    "objective-goal": "objective goal",
    "objective-element": "objective element",
    "power": "power effect",
    "rule-option": "rule option",
    "scenario": "scenario",
}


def family_of(definition: m.Definition) -> str:
    """Myth and event cards share one id space (events are Myth cards, R18)."""
    kind = definition.kind
    return "myth" if kind in ("myth", "event") else kind


def _diag_at(code: str, message: str, node, path: str, help: Optional[str] = None,
             severity: Severity = Severity.ERROR) -> Diagnostic:
    span = getattr(node, "span", None)
    return Diagnostic(code, message, span.path if span else path,
                      span.line if span else 0, span.column if span else 0,
                      severity, help)


def assemble(sources: Sequence[SourceFile], active: Optional[Sequence[str]] = None) -> Registry:
    """Combine parsed files into a registry, recording every set-level problem.

    ``active``: the set ids in play (their requirements are added); None for
    every loaded set.
    """
    registry = Registry()
    diagnostics = registry.diagnostics
    for source in sources:
        card_file = source.card_file
        if card_file.card_set is None:
            if card_file.definitions:
                first = card_file.definitions[0]
                diagnostics.append(_diag_at(
                    "DL205", "definitions outside a set", first, source.path,
                    help='start the file with a set header: set my-set "My set" { }'))
            continue
        card_set = card_file.card_set
        if card_set.id in registry.sets:
            other = registry.sets[card_set.id]
            diagnostics.append(_diag_at(
                "DL204", f"set '{card_set.id}' is already defined in {other.path}",
                card_set, source.path, help="give this set its own id"))
            continue
        registry.sets[card_set.id] = LoadedSet(card_set, source.path, card_file.definitions)

    # requirements
    for set_id, loaded in registry.sets.items():
        for required in loaded.card_set.requires:
            if required not in registry.sets:
                diagnostics.append(_diag_at(
                    "DL203", f"set '{set_id}' requires unknown set '{required}'",
                    loaded.card_set, loaded.path,
                    help=did_you_mean(required, registry.sets) or
                    "load the required set's file too (--cards PATH)"))

    chosen = list(registry.sets) if active is None else list(active)
    wanted: list[str] = []

    def want(set_id: str) -> None:
        if set_id in wanted or set_id not in registry.sets:
            return
        for required in registry.sets[set_id].card_set.requires:
            want(required)
        wanted.append(set_id)

    for set_id in chosen:
        if set_id not in registry.sets:
            raise DiosesError(Diagnostic(
                "E101", f"unknown set '{set_id}'", "",
                help=did_you_mean(set_id, registry.sets) or
                f"loaded sets: {', '.join(registry.sets) or 'none'}"))
        want(set_id)
    registry.active = tuple(wanted)

    # definitions: a set that replaces an id supersedes an earlier definition
    for set_id in registry.active:
        loaded = registry.sets[set_id]
        replaces = set(loaded.card_set.replaces)
        earlier_ids = {card_id for (_, card_id) in registry.by_id}
        defined_here = {}
        for definition in loaded.definitions:
            key = (family_of(definition), definition.id)
            if key in defined_here:
                diagnostics.append(_diag_at(
                    "DL201", f"duplicate id '{definition.id}' in set '{set_id}' "
                    f"(first defined at line {defined_here[key].span.line if defined_here[key].span else '?'})",
                    definition, loaded.path, help="every definition needs its own id"))
                continue
            defined_here[key] = definition
            existing = registry.by_id.get(key)
            if existing is not None:
                if definition.id in replaces:
                    registry.replaced.append((existing[0], existing[1], set_id))
                else:
                    diagnostics.append(_diag_at(
                        "DL201", f"duplicate id '{definition.id}': set '{existing[1]}' "
                        "already defines it",
                        definition, loaded.path,
                        help=f"rename it, or list it under 'replaces' in set '{set_id}' "
                        "if it supersedes that card"))
                    continue
            registry.by_id[key] = (definition, set_id)
        for replaced_id in loaded.card_set.replaces:
            if replaced_id not in earlier_ids:
                diagnostics.append(_diag_at(
                    "DL202", f"set '{set_id}' replaces unknown id '{replaced_id}'",
                    loaded.card_set, loaded.path,
                    help=did_you_mean(replaced_id, earlier_ids) or
                    "'replaces' names a card of a set this one requires"))
            elif not any(card_id == replaced_id for (_, card_id) in defined_here):
                diagnostics.append(_diag_at(
                    "DL206", f"set '{set_id}' replaces '{replaced_id}' but does not define it",
                    loaded.card_set, loaded.path, severity=Severity.WARNING,
                    help="add the redesigned card, or drop it from 'replaces'"))

    for (family, card_id), (definition, _) in registry.by_id.items():
        keys = {normalize(card_id), normalize(definition.name)}
        keys.update(normalize(alias) for alias in definition.aliases)
        for key in keys:
            registry.names.setdefault((family, key), set()).add(card_id)
    return registry


def load_registry(extra: Iterable[Path | str] = (), active: Optional[Sequence[str]] = None,
                  strict: bool = True) -> tuple[Registry, list[SourceFile]]:
    """The bundled sets plus ``extra`` files or folders.

    With ``strict``, any error in a card file raises :class:`DiosesError`
    naming it (use ``dioses-lint`` for the full report).
    """
    sources = bundled_sources() + read_sources(extra)
    registry = assemble(sources, active)
    if strict:
        from .lint import check_registry

        problems = [d for s in sources for d in s.diagnostics if d.is_error]
        problems += [d for d in registry.diagnostics if d.is_error]
        if not problems:
            problems = [d for d in check_registry(registry, sources) if d.is_error]
        if problems:
            raise DiosesError(problems)
    return registry, sources
