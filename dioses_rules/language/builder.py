"""Parse tree -> predicate trees (the frozen attrs nodes of ``model``).

One method per grammar rule, same names. The builder converts tokens and
builds nodes, nothing else; a word that names no known mythology, row,
provenance, ... is recorded as a diagnostic and the definition holding it is
dropped, so that every mistake of a file is reported in one run. The methods
come in families: definitions here, set headers in :mod:`build_sets`,
patterns in :mod:`build_patterns`, scenarios in :mod:`build_scenarios`,
conditions and selectors in :mod:`build_conditions`.
"""

from __future__ import annotations

from typing import TypeVar, cast

from lark import Token, Tree, v_args
from lark.exceptions import VisitError
from lark.tree import Meta

from ..errors import CardSyntaxError, Diagnostic, did_you_mean
from . import model as m
from .build_base import (
    Aliases,
    BuildError,
    Built,
    EventEffects,
    Item,
    Tags,
    _Invalid,
    keyword_rule,
    names,
    record_errors,
    string,
)
from .build_conditions import ConditionRules
from .build_patterns import PatternRules
from .build_scenarios import ScenarioRules
from .build_sets import SetRules
from .headers import bundled_vocabulary, scan_header
from .limits import MAX_DIGITS, capped, number_text, number_value
from .parser import parse_tree
from .settings import setting_range
from .vocabulary import DEFINITIONS, RESERVED_IDS, Vocabulary

# A definition that is a header and scoring lines: a law, an objective goal.
LinesDef = TypeVar("LinesDef", m.Law, m.ObjectiveGoal)

# A Myth card's mythologies and the provenance word after them.
MythNames = tuple[tuple[str, ...], Token | None]
# A statement of a Myth card's body.
MythItem = Tags | m.Weight | EventEffects | Item[int] | m.ScoringLine

# The grammar fixes each child's kind by its place; where a rule's children
# are of several kinds, a cast names the kind of each place.


@v_args(wrapper=record_errors)
class TreeBuilder(SetRules, PatternRules, ScenarioRules, ConditionRules):
    """The whole builder: one instance builds one file's parse trees."""

    # ------------------------------------------------------------ file
    def start(self, meta: Meta, children: list[Built | _Invalid]) -> list[Built]:
        return [child for child in children if not isinstance(child, _Invalid)]

    def aliases(self, meta: Meta, children: list[Token]) -> Aliases:
        return Aliases(tuple(string(child) for child in children))

    def name_list(self, meta: Meta, children: list[Token]) -> tuple[str, ...]:
        return names(children)

    # ------------------------------------------------------------ myth cards
    def card_type(self, meta: Meta, children: list[Token]) -> str:
        token = children[0]
        if self.vocabulary.kind_of(str(token)) is None and did_you_mean(str(token), DEFINITIONS):
            # "lw ring-of-stones ...": a misspelt definition keyword, read as
            # a Myth card's type; one diagnostic, and no missing mythology.
            self.record(
                BuildError(
                    "DL101",
                    f"unknown card type or definition '{token}'",
                    token=token,
                    help=did_you_mean(str(token), DEFINITIONS),
                )
            )
            raise BuildError("", "")  # drop the definition, recorded already
        return self.declared_word(token, "type", "DL101", "card type")

    def myth_names(self, meta: Meta, children: list[str]) -> MythNames:
        if children and isinstance(children[-1], Token):
            return tuple(children[:-1]), children[-1]
        return tuple(children), None

    def myth_name(self, meta: Meta, children: list[Token]) -> str:
        return self.declared_word(children[0], "mythology", "DL102", "mythology")

    def myth_def(
        self, meta: Meta, children: list[str | Token | Aliases | MythNames | MythItem]
    ) -> m.MythCard:
        rest, aliases = self.header(children)
        card_type, id_token, name_token = cast("tuple[str, Token, Token]", rest[:3])
        items = rest[3:]
        mythologies: tuple[str, ...] = ()
        prov_token: Token | None = None
        first = items[0] if items else None
        if isinstance(first, tuple) and len(first) == 2 and isinstance(first[0], tuple):
            (mythologies, prov_token), items = cast(MythNames, first), items[1:]
        if not mythologies:
            self.record(
                BuildError(
                    "DL102",
                    "a card needs a mythology",
                    token=name_token,
                    help=f"write it after the name, e.g. '{name_token} "
                    f"{(self.vocabulary.ids('mythology') or ['MYTHOLOGY'])[0]}'",
                )
            )
        tags: tuple[str, ...] = ()
        weights: list[m.Weight] = []
        lines: list[m.ScoringLine] = []
        event: list[m.Effect] = []
        bounds: list[Item[int]] = []
        event_provenance: m.Provenance | None = None
        for item in cast("list[MythItem]", items):
            if isinstance(item, Tags):
                tags += item.names
            elif isinstance(item, m.Weight):
                weights.append(item)
            elif isinstance(item, EventEffects):
                event.extend(item.effects)
                event_provenance = self.event_provenance(event_provenance, item)
            elif isinstance(item, Item):  # "never below 0 points"
                bounds.append(item)
            else:
                lines.append(item)
        return m.MythCard(
            **self.headed(meta, id_token, name_token, aliases, prov_token, selectable=True),
            type=card_type,
            mythologies=mythologies,
            tags=tags,
            weights=tuple(weights),
            lines=self._bounded(lines, bounds, meta),
            event=tuple(event),
            event_provenance=event_provenance,
        )

    def event_provenance(
        self, before: m.Provenance | None, item: EventEffects
    ) -> m.Provenance | None:
        """One provenance for a card's whole event: a second ``event``
        statement may repeat it or leave it out, not contradict it."""
        if item.provenance is None or before is None or item.provenance is before:
            return item.provenance or before
        self.record(
            BuildError(
                "DL103",
                f"the event's provenance is stated twice: '{before.value}', then "
                f"'{item.provenance.value}'",
                meta=item.meta,
                help="a card's event has one provenance; state it once",
            )
        )
        return before

    def tags(self, meta: Meta, children: list[tuple[str, ...]]) -> Tags:
        for tag in children[0]:
            if tag in RESERVED_IDS or self.vocabulary.kind_of(tag):
                self.record(
                    BuildError(
                        "DL114",
                        f"tag '{tag}' is a word of the card language",
                        meta=meta,
                        help="pick another tag",
                    )
                )
        return Tags(children[0])

    def counts_as(self, meta: Meta, children: list[Token | m.TypeIs | m.MythologyIs]) -> m.Weight:
        token, word = cast("tuple[Token, m.TypeIs | m.MythologyIs]", children)
        amount = self.number(token, "weight")
        if isinstance(word, m.MythologyIs):  # "counts as 2 aztecs"
            return m.Weight(amount, None, word.mythology, span=self.span(meta))
        return m.Weight(amount, word.type, span=self.span(meta))

    def event(self, meta: Meta, children: list[m.Effect | m.Provenance]) -> EventEffects:
        last = children[-1] if children else None
        if isinstance(last, m.Provenance):
            return EventEffects(tuple(cast("list[m.Effect]", children[:-1])), last, meta)
        return EventEffects(tuple(cast("list[m.Effect]", children)), meta=meta)

    event_printed = keyword_rule(m.Provenance.PRINTED)
    event_named = keyword_rule(m.Provenance.NAMED)
    event_reconstructed = keyword_rule(m.Provenance.RECONSTRUCTED)

    def points(self, meta: Meta, children: list[Token]) -> int:
        return self.number(children[0], "points")

    def fixed_line(self, meta: Meta, children: list[int | m.Condition]) -> m.Fixed:
        points, condition = cast("tuple[int, m.Condition]", children)
        return m.Fixed(points, condition, span=self.span(meta))

    def flat_line(self, meta: Meta, children: list[int]) -> m.Fixed:
        return m.Fixed(children[0], None, span=self.span(meta))

    def per_line(
        self, meta: Meta, children: list[int | Token | m.Countable | Item[int]]
    ) -> m.PerCount | m.Capped:
        limit: int | None = None
        parts = children
        last = children[-1]
        if isinstance(last, Item):
            limit, parts = last.value, children[:-1]
        if len(parts) == 3:
            points, per_token, countable = cast("tuple[int, Token, m.Countable]", parts)
            per = self.number(per_token, "per")
        else:
            points, countable = cast("tuple[int, m.Countable]", parts)
            per = 1
        line = m.PerCount(points, per, countable, span=self.span(meta))
        return line if limit is None else m.Capped(line, limit, span=self.span(meta))

    def up_to(self, meta: Meta, children: list[Token]) -> Item[int]:
        return Item("limit", self.number(children[0], "cap"))

    def scores_like(
        self, meta: Meta, children: list[Token | Item[int]]
    ) -> m.ScoresLike | m.Bounded:
        line = m.ScoresLike(str(children[0]), span=self.span(meta))
        bounds = {item.key: item.value for item in cast("list[Item[int]]", children[1:])}
        if not bounds:
            return line
        return m.Bounded(  # "scores like hera up to 4 points, never below 0 points"
            (line,), bounds.get("floor"), bounds.get("limit"), span=self.span(meta)
        )

    # ------------------------------------------------------------ laws, objectives
    def law_def(self, meta: Meta, children: list[Token | Aliases | m.ScoringLine]) -> m.Law:
        return self._lines_def(m.Law, meta, children)

    def goal_def(
        self, meta: Meta, children: list[Token | Aliases | m.ScoringLine]
    ) -> m.ObjectiveGoal:
        return self._lines_def(m.ObjectiveGoal, meta, children)

    def _lines_def(
        self,
        kind: type[LinesDef],
        meta: Meta,
        children: list[Token | Aliases | m.ScoringLine],
    ) -> LinesDef:
        """A law or an objective goal: a header, then scoring lines."""
        rest, aliases = self.header(children)
        id_token, name_token = cast("list[Token]", rest[:2])
        prov_token, lines = self.split_provenance(rest[2:])
        return kind(
            **self.headed(meta, id_token, name_token, aliases, prov_token),
            lines=tuple(cast("list[m.ScoringLine]", lines)),
        )

    def element_def(
        self, meta: Meta, children: list[Token | Aliases | m.Selector]
    ) -> m.ObjectiveElement:
        rest, aliases = self.header(children)
        id_token, name_token = cast("list[Token]", rest[:2])
        prov_token, (selector,) = self.split_provenance(rest[2:])
        return m.ObjectiveElement(
            **self.headed(meta, id_token, name_token, aliases, prov_token),
            selector=cast("m.Selector", selector),
        )

    # ------------------------------------------------------------ powers, options
    def power_def(self, meta: Meta, children: list[Token | Aliases | m.Effect]) -> m.PowerEffect:
        head, aliases = self.header(children)
        id_token, name_token = cast("list[Token]", head[:2])
        prov_token, rest = self.split_provenance(head[2:])
        cost = self.number(cast(Token, rest[0]), "cost")
        effects = cast("list[m.Effect]", rest[1:])
        return m.PowerEffect(
            **self.headed(meta, id_token, name_token, aliases, prov_token),
            cost=cost,
            effects=tuple(effects),
        )

    def option_def(
        self, meta: Meta, children: list[Token | Aliases | m.Setting | Item[m.Effect]]
    ) -> m.RuleOption:
        head, aliases = self.header(children)
        id_token, name_token = cast("list[Token]", head[:2])
        prov_token, rest = self.split_provenance(head[2:])
        settings = tuple(item for item in rest if isinstance(item, m.Setting))
        start = tuple(item.value for item in rest if isinstance(item, Item))
        return m.RuleOption(
            **self.headed(meta, id_token, name_token, aliases, prov_token),
            settings=settings,
            start=start,
        )

    def setting(self, meta: Meta, children: list[Token]) -> m.Setting:
        name, token = children
        if token.type != "INT":
            return m.Setting(str(name), str(token), span=self.span(meta))
        checked = setting_range(str(name))
        if checked is not None and (problem := checked.check_text(str(token))) is not None:
            raise BuildError("DL120", problem, token=token, help=checked.help)
        value = number_value(str(token))
        if value is None:  # a setting that takes no number, or no setting (DL107)
            raise BuildError(
                "DL120",
                f"a setting's number must have at most {MAX_DIGITS} "
                f"digits, not {number_text(str(token))}",
                token=token,
                help="settings and their values: docs/card-language.md",
            )
        return m.Setting(str(name), value, span=self.span(meta))

    def at_start(self, meta: Meta, children: list[m.Effect]) -> Item[m.Effect]:
        return Item("start", children[0])


def build(
    text: str, path: str = "<string>", vocabulary: Vocabulary | None = None
) -> tuple[m.CardFile, list[Diagnostic]]:
    """Parse and build a card file, collecting every diagnostic.

    ``vocabulary``: the mythologies and types the file can see (the pool
    gives each file those of its own set and the sets it requires); None:
    those of the bundled sets and of the file itself, for a snippet of text.
    """
    if vocabulary is None:
        vocabulary = bundled_vocabulary().merged(Vocabulary(scan_header(text).words))
    builder = TreeBuilder(path, vocabulary)
    definitions: list[Built] = []

    def built(tree: Tree[Token]) -> None:
        try:
            definitions.extend(builder.transform(tree))
        except VisitError as error:
            # Unwrap what a builder method raised so it is reported as itself.
            cause = error.orig_exc
            if isinstance(cause, CardSyntaxError):
                raise cause from None
            raise CardSyntaxError(
                Diagnostic(
                    "DL000",
                    f"could not build this file: {cause}",
                    path,
                    help="this is a bug in dioses-rules; please report it with the file",
                )
            ) from cause
        except RecursionError:  # pragma: no cover - the parser refuses deep nesting (DL004)
            raise CardSyntaxError(
                Diagnostic(
                    "DL004",
                    "expressions nested too deeply to build",
                    path,
                    help="split the condition, or use fewer parentheses",
                )
            ) from None

    parsed = parse_tree(text, path, vocabulary, each=built)
    diagnostics = parsed.diagnostics
    diagnostics = sorted(diagnostics + builder.diagnostics, key=lambda d: (d.line, d.column))
    card_set = None
    body: list[m.Definition] = []
    for definition in definitions:
        if isinstance(definition, m.CardSet):
            if card_set is None:
                card_set = definition
            else:
                span = definition.span
                diagnostics.append(
                    Diagnostic(
                        "DL205",
                        f"a second set header '{definition.id}' in one file",
                        path,
                        span.line if span else 0,
                        span.column if span else 0,
                        help="put each set in its own file",
                    )
                )
        else:
            body.append(definition)
    broken = tuple((b.kind, b.id) for b in parsed.broken) + tuple(builder.broken)
    return m.CardFile(card_set, tuple(body), path, broken), diagnostics


def parse_card_text(
    text: str, path: str = "<string>", vocabulary: Vocabulary | None = None
) -> m.CardFile:
    """Build a card file or raise :class:`CardSyntaxError` with its errors
    (the first 50, and a DL009 counting the rest)."""
    card_file, diagnostics = build(text, path, vocabulary)
    errors = [d for d in diagnostics if d.is_error]
    if errors:
        raise CardSyntaxError(capped(errors))
    return card_file
