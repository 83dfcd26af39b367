"""Semantic checks of loaded card files (the part of ``dioses-lint`` after parsing).

Every check records diagnostics and goes on, so one run reports every
problem. Definitions are checked by :class:`DefinitionChecker` (one method
per definition kind), conditions by :mod:`lint_context`, scenario setups by
:mod:`lint_setup`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import Diagnostic, Severity, did_you_mean
from ..language import model as m
from ..language.limits import capped
from ..language.settings import SETTINGS, setting_problem, setting_range
from ..language.vocabulary import SELECTOR_WORDS
from ..language.walk import Dispatch, iter_nodes
from .lint_breaks import check_line_breaks
from .lint_chains import check_scores_like_chains
from .lint_checker import Checker
from .lint_context import ContextChecker
from .lint_misdeclared import merge_misdeclared
from .lint_noops import check_noops
from .lint_setup import At, check_scenario
from .lint_words import check_vocabulary
from .registry import Registry, assemble, family_of
from .sources import SourceFile


class DefinitionChecker(Checker):
    """Checks the definitions of a registry, one method per definition kind."""

    def __init__(self, registry: Registry, path: str = "") -> None:
        super().__init__(registry, path)
        self.card_ids = {card.id for card in registry.myth_cards()} | {
            d.id for d, _, _ in registry.replaced if family_of(d) == "myth"
        }
        self.tags = registry.all_tags()
        self.set_id: str | None = None
        self.visible_sets: set[str] = set()
        # ids of definitions that did not build: references to them are not
        # reported (their own mistake is, once)
        self.broken = {word for loaded in registry.sets.values() for _, word in loaded.broken}
        # every card id -> the sets that define it (for DL118; a replaced card has two)
        self.defined_in: dict[str, list[str]] = {}
        for set_id, loaded in registry.sets.items():
            for d in loaded.definitions:
                if family_of(d) == "myth":
                    self.defined_in.setdefault(d.id, []).append(set_id)
        # every declared word (and plural) -> (the set declaring it, "mythology"/"type")
        self.declared_by = {
            form: (set_id, word.kind)
            for set_id, loaded in registry.sets.items()
            for word in loaded.card_set.words
            for form in (word.id, word.plural)
            if form and word.kind != "tag"
        }
        self.names = self.card_ids | self.tags

    # ------------------------------------------------------------ shared checks
    def check_names(self, definition: m.Definition) -> None:
        for node in iter_nodes(definition):
            if isinstance(node, m.Named) and node.name not in self.broken:
                if node.name in self.defined_in:
                    self.check_required(node.name, node)
                elif node.name not in self.tags:
                    self.unknown_name(node)

    def check_required(self, card_id: str, node: object) -> None:
        """DL118: a card named by a set must belong to it or to a set it requires."""
        owners = self.defined_in[card_id]
        if self.set_id is None or self.set_id in owners or self.visible_sets.intersection(owners):
            return
        owner = owners[0]
        self.add(
            "DL118",
            f"card '{card_id}' belongs to set '{owner}', which set "
            f"'{self.set_id}' does not require",
            node,
            help=f"add 'requires {owner}' to this file's set header",
        )

    def for_set(self, set_id: str) -> None:
        """Check the definitions of this set next."""
        loaded = self.registry.sets[set_id]
        self.set_id, self.path = set_id, loaded.path
        self.visible_sets, pending = set(), list(loaded.card_set.requires)
        while pending:
            required = pending.pop()
            if required not in self.visible_sets and required in self.registry.sets:
                self.visible_sets.add(required)
                pending += self.registry.sets[required].card_set.requires

    def unknown_name(self, node: m.Named) -> None:
        owner = self.declared_by.get(node.name)
        if owner is not None:  # a word of a set this one does not require
            self.add(
                "DL102",
                f"{owner[1]} '{node.name}' is declared by set '{owner[0]}', "
                "which this set does not require",
                node,
                help=f"add 'requires {owner[0]}' to this file's set header",
            )
            return
        words = set(self.registry.vocabulary.kinds)
        hint = self.suggest(node.name, words | SELECTOR_WORDS) or self.suggest(
            node.name, self.names
        )
        declare = f'a new type or mythology is declared in the set header (type {node.name} "Name")'
        self.add(
            "DL109",
            f"unknown card id or tag '{node.name}'",
            node,
            help=f"{hint} Or: {declare}" if hint else f"name a card id or a tag; {declare}",
        )

    def check_card_list(self, cards: Sequence[str], node: object) -> None:
        for card_id in cards:
            if card_id in self.broken:
                continue
            if card_id in self.defined_in:
                self.check_required(card_id, node)
            elif card_id not in self.card_ids:
                self.add(
                    "DL110",
                    f"no loaded set defines card '{card_id}'",
                    node,
                    help=self.suggest(card_id, self.card_ids)
                    or "load the set that defines it with --cards PATH",
                )

    def check_lines(
        self, lines: Sequence[m.ScoringLine], where: str, anchored: bool, allowed: set[str]
    ) -> None:
        context = ContextChecker(self.add, where, allowed)
        for line in lines:
            self.check_line(line)
            if any(isinstance(node, m.FaceIs) and not node.face_up for node in iter_nodes(line)):
                self.add(
                    "DL119",
                    "this line looks at face-down cards, but every card is "
                    "revealed before the final scoring (R12)",
                    line,
                    severity=Severity.WARNING,
                    help="at the final scoring no card is face down: the line cannot count one",
                )
        for line in lines:
            context.check(line, anchored)
        check_noops(self, lines, anchored)

    def check_line(self, line: m.ScoringLine) -> None:
        """Points (a penalty is negative; 0 says nothing), 'per', a cap."""
        if isinstance(line, m.Bounded):
            for inner in line.lines:
                self.check_line(inner)
            return
        if isinstance(line, m.Capped):
            if line.limit < 1:
                self.add(
                    "DL601",
                    f"'up to {line.limit} points' caps at less than 1 point",
                    line,
                    help="give a cap of 1 point or more",
                )
            line = line.line
        if isinstance(line, m.ScoresLike):
            self.check_scores_like(line)
            return
        if line.points == 0:
            self.add(
                "DL601",
                "a scoring line worth 0 points",
                line,
                help="give 1 point or more, or a negative number for a penalty",
            )
        if isinstance(line, m.PerCount) and line.per <= 0:
            self.add(
                "DL602",
                f"'per {line.per}' divides by nothing",
                line,
                help="count per 1 or more cards",
            )

    def check_scores_like(self, line: m.ScoresLike) -> None:
        """DL117: the card it scores like is a loaded Myth card."""
        if line.card in self.defined_in:
            self.check_required(line.card, line)
        elif line.card not in self.broken:
            self.add(
                "DL117",
                f"'scores like {line.card}': no loaded Myth card '{line.card}'",
                line,
                help=self.suggest(line.card, self.card_ids)
                or "name a Myth card of this set or of a set it requires",
            )

    # ------------------------------------------------------------ definitions
    def check(self, definition: m.Definition) -> None:
        self.check_names(definition)
        self.definition(definition)

    definition = Dispatch(m.Definition)

    @definition.on(m.MythCard)
    def _myth(self, card: m.MythCard) -> None:
        self.check_lines(card.lines, "card", True, {"facts"})
        for weight in card.weights:
            if weight.amount < 1:
                self.add(
                    "DL601",
                    f"'counts as {weight.amount}' must be 1 or more",
                    weight,
                    help="a weight is 2 or more (R11): every card counts as 1 already",
                )
            elif weight.mythology is not None and weight.mythology not in card.mythologies:
                self.add(  # R11: a mythology's weight counts only on a card of it
                    "DL122",
                    f"'counts as {weight.amount}' of mythology '{weight.mythology}' does "
                    f"nothing on a card that is not {weight.mythology}",
                    weight,
                    severity=Severity.WARNING,
                    help=f"give the card the mythology '{weight.mythology}', or weigh one of its own",
                )
            elif weight.mythology is None and weight.type != card.type:
                # R11: a weight counts only where the card's own type is counted
                self.add(
                    "DL122",
                    f"'counts as {weight.amount}' of type '{weight.type}' does "
                    f"nothing on a card of type '{card.type}': it is never counted as "
                    f"one",
                    weight,
                    severity=Severity.WARNING,
                    help=f"give the card the type '{weight.type}', or weigh its own "
                    f"type '{card.type}'",
                )
            elif weight.amount == 1:
                self.add(
                    "DL122",
                    f"'counts as 1 {weight.word}' does nothing: every card counts as 1",
                    weight,
                    severity=Severity.WARNING,
                    help="remove the line, or give the weight it should have (R11)",
                )

    @definition.on(m.Law)
    def _law(self, law: m.Law) -> None:
        if not law.lines:
            self.add(
                "DL403",
                "a law with no scoring line",
                law,
                help="add e.g. '3 points if only gods in line'",
            )
        self.check_lines(law.lines, "law", False, {"line"})

    @definition.on(m.ObjectiveGoal)
    def _goal(self, goal: m.ObjectiveGoal) -> None:
        self.check_lines(goal.lines, "objective goal", False, {"element"})

    @definition.on(m.ObjectiveElement)
    def _element(self, element: m.ObjectiveElement) -> None:
        for item in iter_nodes(element.selector):
            if isinstance(item, (m.SelfCard, m.SameAs, m.ElementRef, m.StateRef, m.Leader)):
                self.add(
                    "DL402",
                    "an objective element is a plain selector",
                    item,
                    help="use types, mythologies, ids and tags",
                )

    @definition.on(m.Pattern)
    def _pattern(self, pattern: m.Pattern) -> None:
        shape = pattern.shape
        widths = {len(row) for row in shape}
        if not shape or all(cell is None for row in shape for cell in row):
            self.add(
                "DL302",
                "a pattern needs at least one card cell",
                pattern,
                help="cells are written like '| greek god | any object |'",
            )
            return
        if len(widths) > 1:
            ragged = next(row for row in shape if len(row) != len(shape[0]))
            self.add(
                "DL302",
                "pattern rows have different lengths",
                _row_place(pattern, ragged),
                help="pad short rows with '_' cells",
            )
        if len(shape) > 3 or max(widths) > 4:
            over = shape[3] if len(shape) > 3 else next(row for row in shape if len(row) > 4)
            self.add(
                "DL301",
                f"a {len(shape)}x{max(widths)} pattern does not fit the 3x4 grid",
                _row_place(pattern, over),
                help="patterns have at most 3 rows and 4 columns (R1, R14)",
            )

    @definition.on(m.PowerEffect)
    def _power(self, power: m.PowerEffect) -> None:
        if power.cost < 1:
            self.add(
                "DL601", "a power effect costs at least 1 Power card", power, help="e.g. 'cost 2'"
            )
        if not power.effects:
            self.add("DL404", "a power effect with no effect", power, help="e.g. 'swap 2 cards'")

    @definition.on(m.RuleOption)
    def _option(self, option: m.RuleOption) -> None:
        for setting in option.settings:
            self.check_setting(setting)

    @definition.on(m.Scenario)
    def _scenario(self, scenario: m.Scenario) -> None:
        check_scenario(self, scenario)

    def check_setting(self, setting: m.Setting) -> None:
        spec = SETTINGS.get(setting.name)
        if spec is None:
            self.add(
                "DL107",
                f"unknown setting '{setting.name}'",
                setting,
                help=did_you_mean(setting.name, SETTINGS) or f"settings: {', '.join(SETTINGS)}",
            )
        elif isinstance(spec.allowed, type):  # int, the one type allowed: a number
            if not isinstance(setting.value, int):
                self.add("DL107", f"setting '{setting.name}' takes a number", setting)
            elif (problem := setting_problem(setting.name, setting.value)) is not None:
                # a tree built from text is checked by the builder already
                checked = setting_range(setting.name)
                assert checked is not None  # a problem comes only from a range
                self.add("DL120", problem, setting, help=checked.help)
        elif setting.value not in spec.allowed:
            self.add(
                "DL107",
                f"setting '{setting.name}' cannot be '{setting.value}'",
                setting,
                help=did_you_mean(str(setting.value), spec.allowed)
                or f"expected one of: {', '.join(spec.allowed)}",
            )


def _row_place(pattern: m.Pattern, row: tuple[m.PatternCell | None, ...]) -> object:
    """Where a pattern's row is written: its first card cell (a row of '_'
    alone has no place of its own, so the pattern's)."""
    return next((cell for cell in row if cell is not None and cell.span), pattern)


def check_registry(registry: Registry) -> list[Diagnostic]:
    """Semantic diagnostics for every active definition."""
    checker = DefinitionChecker(registry)
    for set_id in registry.active:
        checker.for_set(set_id)
        for definition in registry.sets[set_id].definitions:
            checker.check(definition)
    checker.set_id = None
    for set_id in registry.active:
        loaded = registry.sets[set_id]
        checker.path = loaded.path
        for option in loaded.card_set.always:  # R25
            if registry.get("rule-option", option) is None:
                checker.add(
                    "DL112",
                    f"set '{set_id}' is always played with unknown rule option '{option}'",
                    At(loaded.card_set.span_of("always", option)),
                    help=checker.suggest(option, checker.rule_options)
                    or "define it with 'option', in this set or one it requires",
                )
        if loaded.broken:  # its counts are not known: its own mistakes are reported
            continue
        for kind, wanted in loaded.card_set.expects:
            found = sum(1 for d in loaded.definitions if d.kind == kind)
            if found != wanted:
                checker.path = loaded.path
                checker.add(
                    "DL207",
                    f"set '{set_id}' expects {wanted} {kind} definitions but defines {found}",
                    At(loaded.card_set.span_of("expect", kind)),
                    help="add or remove definitions, or correct the 'expect' line",
                )
    check_scores_like_chains(checker)
    check_vocabulary(checker)
    numbers: dict[int, m.Scenario] = {}
    for scenario in registry.definitions("scenario"):
        if scenario.number in numbers:
            checker.add(
                "DL503",
                f"scenarios '{numbers[scenario.number].id}' and "
                f"'{scenario.id}' share number {scenario.number}",
                scenario,
                severity=Severity.WARNING,
                help="give each scenario its own number",
            )
        numbers[scenario.number] = scenario
    return checker.diagnostics


def lint_sources(sources: Sequence[SourceFile]) -> list[Diagnostic]:
    """Everything ``dioses-lint`` reports for these files, sorted by place."""
    diagnostics = [d for source in sources for d in source.diagnostics]
    diagnostics += [d for source in sources for d in check_line_breaks(source)]
    registry = assemble(sources)
    diagnostics += registry.diagnostics
    diagnostics += check_registry(registry)
    diagnostics = merge_misdeclared(sources, diagnostics)
    unique = sorted(dict.fromkeys(diagnostics), key=lambda d: (d.path, d.line, d.column, d.code))
    return capped(unique)
