"""Sets and the registry of what a game can use.

A set is one ``.dioses`` file with a ``set`` header. Assembling several sets
checks that what they require is loaded, and applies replacements: when an
expansion that ``replaces`` an id is active, its definition of that id
supersedes the base one (the base one stays listed as replaced).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

from attrs import define, field

from ..errors import Diagnostic, DiosesError, Severity, diagnostic_at, did_you_mean
from ..language import model as m
from ..language.limits import MAX_ERRORS
from ..language.vocabulary import Vocabulary
from .names import FAMILY_WORDS, family_of, fold, normalize
from .scores_like import fill_scores_like
from .sources import SourceFile

if TYPE_CHECKING:  # pragma: no cover
    from ..language.texts import Texts


D = TypeVar("D", bound=m.Definition)


def required(found: D | None, family: str, card_id: str) -> D:
    """``found``, a :meth:`Registry.get` answer, for a caller whose ids were
    checked before (a dealt card, a checked save); else the LookupError that
    no definition in play has that id."""
    if found is None:
        raise LookupError(f"no {FAMILY_WORDS[family]} '{card_id}' is in play")
    return found


class NotInPlay(LookupError):
    """A name that a loaded set defines, though that set is not in play."""

    def __init__(self, message: str, set_id: str) -> None:
        super().__init__(message)
        self.set_id = set_id


@define
class LoadedSet:
    card_set: m.CardSet
    path: str
    definitions: tuple[m.Definition, ...]
    broken: tuple[tuple[str, str], ...] = ()  # (kind, id) that did not parse or build
    sha256: str = ""  # of the file's text: the set by content (pool.identity)
    # of its canonical source (layout and comments left out): given, or made
    # from ``canonical`` (the built file and the words it saw) when first asked
    # for; scoring never asks, and writing the source is most of assembling
    _cards_sha256: str = field(default="", alias="cards_sha256", eq=False)
    _canonical: tuple[m.CardFile, Vocabulary | None] | None = field(
        default=None, alias="canonical", eq=False, repr=False
    )

    @property
    def cards_sha256(self) -> str:
        if self._canonical is not None:
            from ..language.source_definitions import card_file_text

            self._cards_sha256 = _digest(card_file_text(*self._canonical))
            self._canonical = None
        return self._cards_sha256


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
    vocabulary: Vocabulary = field(factory=Vocabulary)  # the active sets' words
    tie_break: str | None = None  # R16: the type whose cards break ties

    # ---------------------------------------------------------------- queries
    # What ``definitions`` lists for each family, as the type checker sees it.
    @overload
    def definitions(self, family: Literal["myth"]) -> list[m.MythCard]: ...
    @overload
    def definitions(self, family: Literal["law"]) -> list[m.Law]: ...
    @overload
    def definitions(self, family: Literal["pattern"]) -> list[m.Pattern]: ...
    @overload
    def definitions(self, family: Literal["objective-goal"]) -> list[m.ObjectiveGoal]: ...
    @overload
    def definitions(self, family: Literal["objective-element"]) -> list[m.ObjectiveElement]: ...
    @overload
    def definitions(self, family: Literal["power"]) -> list[m.PowerEffect]: ...
    @overload
    def definitions(self, family: Literal["rule-option"]) -> list[m.RuleOption]: ...
    @overload
    def definitions(self, family: Literal["scenario"]) -> list[m.Scenario]: ...
    @overload
    def definitions(self, family: str | None = None) -> list[m.Definition]: ...

    # list[Any]: a list of one family's definitions is no list[Definition]
    # (lists are invariant); the overloads above say what it holds
    def definitions(self, family: str | None = None) -> list[Any]:
        return [d for (fam, _), (d, _) in self.by_id.items() if family is None or fam == family]

    def set_of(self, definition: m.Definition) -> str:
        return self.by_id[(family_of(definition), definition.id)][1]

    # What ``get`` returns for each family, as the type checker sees it.
    @overload
    def get(self, family: Literal["myth"], card_id: str) -> m.MythCard | None: ...
    @overload
    def get(self, family: Literal["law"], card_id: str) -> m.Law | None: ...
    @overload
    def get(self, family: Literal["pattern"], card_id: str) -> m.Pattern | None: ...
    @overload
    def get(self, family: Literal["objective-goal"], card_id: str) -> m.ObjectiveGoal | None: ...
    @overload
    def get(
        self, family: Literal["objective-element"], card_id: str
    ) -> m.ObjectiveElement | None: ...
    @overload
    def get(self, family: Literal["power"], card_id: str) -> m.PowerEffect | None: ...
    @overload
    def get(self, family: Literal["rule-option"], card_id: str) -> m.RuleOption | None: ...
    @overload
    def get(self, family: Literal["scenario"], card_id: str) -> m.Scenario | None: ...
    @overload
    def get(self, family: str, card_id: str) -> m.Definition | None: ...

    def get(self, family: str, card_id: str) -> m.Definition | None:
        found = self.by_id.get((family, card_id))
        return found[0] if found else None

    def always_options(self) -> list[str]:
        """The rule options the active sets are always played with (R25: the
        expansion's equal turns), requirements first, each once."""
        found: list[str] = []
        for set_id in self.active:
            found += [o for o in self.sets[set_id].card_set.always if o not in found]
        return found

    def myth_cards(self) -> list[m.MythCard]:
        return self.definitions("myth")

    def resolve(self, family: str, name: str) -> m.Definition:
        """A definition by id, name or alias (case- and accent-insensitive, :func:`fold`)."""
        direct = self.get(family, name)
        if direct is not None:
            return direct
        ids = self.names.get((family, fold(name)), set())
        if len(ids) == 1:
            return self.get(family, next(iter(ids)))  # type: ignore[return-value]  # the overloads say the family's class
        what = FAMILY_WORDS[family]
        if len(ids) > 1:
            raise LookupError(f"'{name}' names several {what}s: {', '.join(sorted(ids))}")
        elsewhere = self._set_not_in_play(family, name)
        if elsewhere is not None:
            article = "an" if what[0] in "aeiou" else "a"
            raise NotInPlay(
                f"'{name}' is {article} {what} of the set '{elsewhere}', which is not in "
                f"play (the sets in play: {', '.join(self.active) or 'none'})",
                elsewhere,
            )
        pool = [card_id for (fam, card_id) in self.by_id if fam == family]
        hint = did_you_mean(normalize(name) or name, pool)
        raise LookupError(f"unknown {what} '{name}'" + (f"; {hint}" if hint else ""))

    def _set_not_in_play(self, family: str, name: str) -> str | None:
        """The loaded set, not in play, that defines ``name``, if any."""
        key = fold(name)
        for set_id, loaded in self.sets.items():
            if set_id in self.active:
                continue
            for definition in loaded.definitions:
                if family_of(definition) == family and key in {
                    fold(definition.id),
                    fold(definition.name),
                    *map(fold, definition.aliases),
                }:
                    return set_id
        return None

    def pattern_points(self, pattern: m.Pattern) -> int:
        """R14: what a completed pattern is worth, by the table of the set
        that defines it (``difficulty easy 2 points``), else the default."""
        found = self.by_id.get(("pattern", pattern.id))
        if found is not None:
            for level, points in self.sets[found[1]].card_set.difficulties:
                if level is pattern.difficulty:
                    return points
        return pattern.difficulty.points

    def pattern_points_table(self) -> dict[str, int]:
        """What each pattern in play is worth (its set's table, R14)."""
        return {p.id: self.pattern_points(p) for p in self.definitions("pattern")}

    def display_names(self, lang: str = "en") -> dict[str, str]:
        """Names for card ids in card text. English (``lang="en"``): the
        English alias where the printed name is Spanish, else the printed
        name. Spanish (``"es"``): the printed name, which is the Spanish one
        wherever the rulebooks give it (a card they never name has its
        English name only: no Spanish name is invented)."""
        if lang == "es":
            return {card.id: card.name for card in self.myth_cards()}
        return {
            card.id: card.aliases[0] if card.aliases else card.name for card in self.myth_cards()
        }

    def option_names(self, lang: str = "en") -> dict[str, str]:
        """The rule options' names by id, for a scenario's "played with"."""
        return {o.id: _shown(o, lang, english_alias=True) for o in self.definitions("rule-option")}

    def scenario_names(self, lang: str = "en") -> dict[str, str]:
        """The scenarios' names by id, for their card text."""
        return {s.id: _shown(s, lang) for s in self.definitions("scenario")}

    def texts(self, lang: str = "en") -> Texts:
        """Card text in a language ("en" or "es") for the cards in play."""
        from ..language.texts import Texts

        return Texts(
            lang,
            self.display_names(lang),
            self.pattern_points_table(),
            self.vocabulary,
            self.option_names(lang),
            self.scenario_names(lang),
        )

    def all_tags(self) -> set[str]:
        return {tag for card in self.myth_cards() for tag in card.tags}

    def listing(
        self, only_set: str | None = None
    ) -> Iterator[tuple[str, m.Definition, str | None, str | None, str | None]]:
        """(set, definition, replaces, replaced_by, replaced_by_set) for every
        definition of the active sets (of ``only_set`` alone when given),
        superseded ones included: what ``dioses cards`` lists."""
        swaps = {
            (family_of(old), old.id): (old_set, new_set) for old, old_set, new_set in self.replaced
        }
        for set_id in self.active:
            if only_set is not None and set_id != only_set:
                continue
            for definition in self.sets[set_id].definitions:
                old_set, new_set = swaps.get((family_of(definition), definition.id), (None, None))
                replaces = definition.id if new_set == set_id else None
                replaced_by = definition.id if old_set == set_id else None
                yield (set_id, definition, replaces, replaced_by, new_set if replaced_by else None)


def assemble(sources: Sequence[SourceFile], active: Sequence[str] | None = None) -> Registry:
    """Combine parsed files into a registry, recording every set-level problem.

    ``active``: the set ids in play (their requirements are added); None for
    every loaded set.
    """
    registry = Registry()
    _collect_sets(registry, sources)
    _check_requirements(registry)
    registry.active = _activate(registry, list(registry.sets) if active is None else active)
    sets = [registry.sets[set_id].card_set for set_id in registry.active]
    registry.vocabulary = Vocabulary([word for card_set in sets for word in card_set.words])
    registry.tie_break = next((s.tie_break for s in reversed(sets) if s.tie_break), None)
    for set_id in registry.active:
        _add_definitions(registry, set_id)
    fill_scores_like(registry.by_id, registry.sets.values())
    for (family, card_id), (definition, _) in registry.by_id.items():
        keys = {fold(card_id), fold(definition.name)}
        keys.update(fold(alias) for alias in definition.aliases)
        for key in keys:
            registry.names.setdefault((family, key), set()).add(card_id)
    return registry


def _collect_sets(registry: Registry, sources: Sequence[SourceFile]) -> None:
    for source in sources:
        card_file = source.card_file
        if card_file.card_set is None:
            if card_file.definitions and not any(kind == "set" for kind, _ in card_file.broken):
                registry.diagnostics.append(
                    diagnostic_at(
                        "DL205",
                        "definitions outside a set",
                        card_file.definitions[0],
                        source.path,
                        help='start the file with a set header: set my-set "My set" { }',
                    )
                )
            continue
        card_set = card_file.card_set
        if card_set.id in registry.sets:
            other = registry.sets[card_set.id]
            registry.diagnostics.append(
                diagnostic_at(
                    "DL204",
                    f"set '{card_set.id}' is already defined in {other.path}",
                    card_set,
                    source.path,
                    help="give this set its own id",
                )
            )
            continue
        registry.sets[card_set.id] = LoadedSet(
            card_set,
            source.path,
            card_file.definitions,
            card_file.broken,
            _digest(source.text),
            canonical=(card_file, source.vocabulary),
        )


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _check_requirements(registry: Registry) -> None:
    for set_id, loaded in registry.sets.items():
        for required in loaded.card_set.requires:
            if required not in registry.sets:
                registry.diagnostics.append(
                    diagnostic_at(
                        "DL203",
                        f"set '{set_id}' requires unknown set '{required}'",
                        loaded.card_set,
                        loaded.path,
                        at=loaded.card_set.span_of("requires", required),
                        help=did_you_mean(required, registry.sets)
                        or "load the required set's file too (--cards PATH)",
                    )
                )


def _activate(registry: Registry, chosen: Sequence[str]) -> tuple[str, ...]:
    """The chosen sets and what they require, requirements first."""
    wanted: list[str] = []

    def want(set_id: str) -> None:
        if set_id in wanted or set_id not in registry.sets:
            return
        for required in registry.sets[set_id].card_set.requires:
            want(required)
        wanted.append(set_id)

    for set_id in chosen:
        if set_id not in registry.sets:
            raise DiosesError(
                Diagnostic(
                    "E101",
                    f"unknown set '{set_id}'",
                    "",
                    help=did_you_mean(set_id, registry.sets)
                    or f"loaded sets: {', '.join(registry.sets) or 'none'}",
                )
            )
        want(set_id)
    return tuple(wanted)


def _add_definitions(registry: Registry, set_id: str) -> None:
    """A set's definitions; one that ``replaces`` an id supersedes the
    earlier definition of it."""
    loaded = registry.sets[set_id]
    replaces = set(loaded.card_set.replaces)
    earlier_ids = {card_id for (_, card_id) in registry.by_id}
    defined_here: dict[tuple[str, str], m.Definition] = {}
    for definition in loaded.definitions:
        key = (family_of(definition), definition.id)
        if key in defined_here:
            first = defined_here[key].span
            registry.diagnostics.append(
                diagnostic_at(
                    "DL201",
                    f"duplicate id '{definition.id}' in set '{set_id}' "
                    f"(first defined at line {first.line if first else '?'})",
                    definition,
                    loaded.path,
                    help="every definition needs its own id",
                )
            )
            continue
        defined_here[key] = definition
        existing = registry.by_id.get(key)
        if existing is not None:
            if definition.id not in replaces:
                registry.diagnostics.append(
                    diagnostic_at(
                        "DL201",
                        f"duplicate id '{definition.id}': set '{existing[1]}' already defines it",
                        definition,
                        loaded.path,
                        help=f"rename it, or list it under 'replaces' in set '{set_id}' "
                        "if it supersedes that card",
                    )
                )
                continue
            registry.replaced.append((existing[0], existing[1], set_id))
        registry.by_id[key] = (definition, set_id)
    defined_ids = {card_id for (_, card_id) in defined_here}
    unknown = 0  # a suggestion for the first ones only (limits.MAX_ERRORS are shown)
    for replaced_id in loaded.card_set.replaces:
        if replaced_id not in earlier_ids:
            unknown += 1
            registry.diagnostics.append(
                diagnostic_at(
                    "DL202",
                    f"set '{set_id}' replaces unknown id '{replaced_id}'",
                    loaded.card_set,
                    loaded.path,
                    at=loaded.card_set.span_of("replaces", replaced_id),
                    help=(unknown <= MAX_ERRORS and did_you_mean(replaced_id, earlier_ids))
                    or "'replaces' names a card of a set this one requires",
                )
            )
        elif replaced_id not in defined_ids:
            registry.diagnostics.append(
                diagnostic_at(
                    "DL206",
                    f"set '{set_id}' replaces '{replaced_id}' but does not define it",
                    loaded.card_set,
                    loaded.path,
                    at=loaded.card_set.span_of("replaces", replaced_id),
                    severity=Severity.WARNING,
                    help="add the redesigned card, or drop it from 'replaces'",
                )
            )


def _shown(definition: m.Definition, lang: str, english_alias: bool = False) -> str:
    """A definition's name in card text: in Spanish a name of ours where no
    rulebook prints one (#28); in English its English alias if asked."""
    from .our_names import spanish_name

    if lang == "es":
        return spanish_name(definition) or definition.name
    return definition.aliases[0] if english_alias and definition.aliases else definition.name
