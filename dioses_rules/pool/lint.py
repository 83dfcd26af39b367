"""Semantic checks of loaded card files (the part of ``dioses-lint`` after parsing).

Every check records diagnostics and goes on, so one run reports every problem.
"""

from __future__ import annotations

from typing import Iterator, Sequence

import attrs

from ..language import model as m
from ..errors import Diagnostic, Severity, did_you_mean
from ..engine.game import SETTINGS as ENGINE_SETTINGS
from .registry import Registry, SourceFile, family_of

# The engine parameters a rule option may set, with the values each accepts:
# one table, the game engine's.
SETTINGS = {name: allowed for name, (_, allowed) in ENGINE_SETTINGS.items()}

KEYWORDS = ("god", "place", "object", "card", "greek", "egyptian", "norse",
            "face-up", "face-down", "it", "element")


def walk(node) -> Iterator:
    """Every attrs node under ``node`` (itself included), depth first."""
    if isinstance(node, tuple):
        for item in node:
            yield from walk(item)
        return
    if not attrs.has(type(node)):
        return
    yield node
    for attribute in attrs.fields(type(node)):
        if attribute.name == "span":
            continue
        yield from walk(getattr(node, attribute.name))


class _Checker:
    def __init__(self, registry: Registry, path: str):
        self.registry = registry
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        self.card_ids = {card.id for card in registry.myth_cards()} | {
            d.id for d, _, _ in registry.replaced if family_of(d) == "myth"}
        self.tags = registry.all_tags()

    def add(self, code, message, node, help=None, severity=Severity.ERROR):
        span = getattr(node, "span", None)
        self.diagnostics.append(Diagnostic(
            code, message, span.path if span else self.path,
            span.line if span else 0, span.column if span else 0, severity, help))

    # ------------------------------------------------------------ names
    def check_names(self, definition) -> None:
        for node in walk(definition):
            if isinstance(node, m.Named):
                if node.name not in self.card_ids and node.name not in self.tags:
                    hint = did_you_mean(node.name, self.card_ids | self.tags | set(KEYWORDS))
                    self.add("DL109", f"unknown card id or tag '{node.name}'", node,
                             help=hint or "name a card id, a tag, a type or a mythology")

    def check_card_list(self, cards: Sequence[str], node) -> None:
        for card_id in cards:
            if card_id not in self.card_ids:
                self.add("DL110", f"no loaded set defines card '{card_id}'", node,
                         help=did_you_mean(card_id, self.card_ids) or
                         "load the set that defines it with --cards PATH")

    # ------------------------------------------------------------ points
    def check_lines(self, lines) -> None:
        for line in lines:
            if line.points <= 0:
                self.add("DL601", f"a scoring line worth {line.points} points", line,
                         help="scoring lines give 1 point or more")
            if isinstance(line, m.PerCount) and line.per <= 0:
                self.add("DL602", f"'per {line.per}' divides by nothing", line,
                         help="count per 1 or more cards")

    # ------------------------------------------------------------ contexts
    def check_context(self, node, where: str, anchored: bool, allowed: set[str]) -> None:
        """``where`` names the definition kind for messages; ``allowed`` is a
        subset of {'line', 'element', 'facts', 'total', 'scores', 'state'}."""
        law = where == "law"

        def bad(thing: str, target, help_text: str):
            code = "DL401" if law else "DL402"
            article = "an" if where[0] in "aeiou" else "a"
            self.add(code, f"{article} {where} cannot see {thing}", target, help=help_text)

        def sel(item, anchored: bool):
            if isinstance(item, (m.SelfCard, m.SameAs)) and not anchored:
                bad("'it' or 'of same ...' here: no card is being judged", item,
                    "use it inside a card's own line or after a subject")
            elif isinstance(item, m.ElementRef) and "element" not in allowed:
                bad("'element': only objective goals pair with an element", item,
                    "name the cards directly")
            elif isinstance(item, m.StateRef) and "state" not in allowed:
                bad(f"scenario state 'the {item.name}'", item,
                    "scenario state is known only in a scenario's conditions")
            elif isinstance(item, m.Leader):
                sel(item.candidates, anchored)
                count(item.count, True)  # judged from each candidate (R24)
            elif isinstance(item, m.SelNot):
                sel(item.item, anchored)
            elif isinstance(item, (m.SelAnd, m.SelOr)):
                for part in item.items:
                    sel(part, anchored)

        def scope(sc: m.Scope, anchored: bool, top: bool):
            if sc.kind is m.ScopeKind.LINE and "line" not in allowed:
                bad("'line': only a law sits on a row or column", sc,
                    "use 'row', 'column' or 'area'")
            if sc.kind in (m.ScopeKind.ROW, m.ScopeKind.COLUMN, m.ScopeKind.NEIGHBOURS,
                           m.ScopeKind.SURROUNDINGS) and not anchored:
                bad(f"its own '{sc.kind.value}': no card is being judged", sc,
                    "use 'line'" if law else "use 'area' or a named row or column")
            elif law and top and sc.kind is not m.ScopeKind.LINE:
                bad(f"'{scope_words(sc)}': a law judges only its own row or column (R13)",
                    sc, "use 'line'")
            if sc.group is not None:
                sel(sc.group, anchored)

        def count(c: m.Count, anchored: bool, top: bool = False):
            sel(c.selector, anchored)
            scope(c.scope, anchored, top)
            if c.where is not None:
                cond(c.where, True, False)

        def countable(c, anchored: bool, top: bool):
            if isinstance(c, m.FactCount):
                if c.fact is m.Fact.TOTAL and "total" not in allowed:
                    bad("the total score", c, "only a scenario's conditions may use the total")
                elif c.fact is not m.Fact.TOTAL and "facts" not in allowed:
                    bad(f"'{c.fact.value}'", c, "count cards instead")
            else:
                count(c, anchored, top)

        def cond(c, anchored: bool, top: bool):
            if isinstance(c, (m.CondAnd, m.CondOr)):
                for item in c.items:
                    cond(item, anchored, top)
            elif isinstance(c, m.CondNot):
                cond(c.item, anchored, top)
            elif isinstance(c, m.Subject):
                if law:
                    bad("the whole area through a subject: a law judges only its line (R13)",
                        c, "use 'only', 'no' or a count 'in line'")
                for s in c.subjects:
                    sel(s, anchored)
                cond(c.condition, True, False)
            elif isinstance(c, m.Quantity):
                countable(c.count, anchored, top)
            elif isinstance(c, m.NoneIn):
                count(c.count, anchored, top)
            elif isinstance(c, m.Only):
                sel(c.selector, anchored)
                scope(c.scope, anchored, top)
            elif isinstance(c, m.MoreThan):
                count(c.more, anchored, top)
                count(c.less, anchored, top)
            elif isinstance(c, m.Scores):
                if "scores" not in allowed:
                    bad("whether a card scores", c,
                        "'scores' belongs in a scenario's victory or challenge")
                elif not anchored:
                    bad("'scores' without a subject", c, "write e.g. 'anubis scores'")
            elif isinstance(c, m.AllFaceUpAtEnd):
                pass
            elif isinstance(c, m.Between):
                if not anchored:
                    bad("a position without a card to judge", c, "give a subject first")
                sel(c.first, anchored)
                sel(c.second, anchored)
            else:  # relations and positions
                if not anchored:
                    bad(f"'{condition_words(c)}' without a card to judge", c,
                        "give a subject first, e.g. 'hades above persephone'"
                        if not law else "a law has no card of its own: use 'only ... in line'")
                target = getattr(c, "target", None)
                if target is not None:
                    sel(target, anchored)

        if isinstance(node, (m.Fixed, m.PerCount)):
            if isinstance(node, m.Fixed):
                if node.condition is not None:
                    cond(node.condition, anchored, True)
            else:
                countable(node.count, anchored, True)
        elif isinstance(node, (m.Count,)):
            count(node, anchored, True)
        else:
            cond(node, anchored, True)

    # ------------------------------------------------------------ definitions
    def check(self, definition) -> None:
        self.check_names(definition)
        if isinstance(definition, m.MythCard):
            self.check_lines(definition.lines)
            for line in definition.lines:
                self.check_context(line, "card", True, {"facts"})
            for weight in definition.weights:
                if weight.amount < 1:
                    self.add("DL601", f"'counts as {weight.amount}' must be 1 or more", weight)
        elif isinstance(definition, m.Law):
            self.check_lines(definition.lines)
            if not definition.lines:
                self.add("DL403", "a law with no scoring line", definition,
                         help="add e.g. '3 points if only gods in line'")
            for line in definition.lines:
                self.check_context(line, "law", False, {"line"})
        elif isinstance(definition, m.ObjectiveGoal):
            self.check_lines(definition.lines)
            for line in definition.lines:
                self.check_context(line, "objective goal", False, {"element"})
        elif isinstance(definition, m.ObjectiveElement):
            for item in walk(definition.selector):
                if isinstance(item, (m.SelfCard, m.SameAs, m.ElementRef, m.StateRef, m.Leader)):
                    self.add("DL402", "an objective element is a plain selector", item,
                             help="use types, mythologies, ids and tags")
        elif isinstance(definition, m.Pattern):
            self.check_pattern(definition)
        elif isinstance(definition, m.PowerEffect):
            if definition.cost < 1:
                self.add("DL601", "a power effect costs at least 1 Power card", definition)
            if not definition.effects:
                self.add("DL404", "a power effect with no effect", definition)
        elif isinstance(definition, m.RuleOption):
            for setting in definition.settings:
                self.check_setting(setting)
        elif isinstance(definition, m.Scenario):
            self.check_scenario(definition)

    def check_setting(self, setting: m.Setting) -> None:
        allowed = SETTINGS.get(setting.name)
        if allowed is None:
            self.add("DL107", f"unknown setting '{setting.name}'", setting,
                     help=did_you_mean(setting.name, SETTINGS) or
                     f"settings: {', '.join(SETTINGS)}")
        elif allowed is int:
            if not isinstance(setting.value, int):
                self.add("DL107", f"setting '{setting.name}' takes a number", setting)
        elif setting.value not in allowed:
            self.add("DL107", f"setting '{setting.name}' cannot be '{setting.value}'", setting,
                     help=did_you_mean(str(setting.value), allowed) or
                     f"expected one of: {', '.join(allowed)}")

    def check_pattern(self, pattern: m.Pattern) -> None:
        shape = pattern.shape
        widths = {len(row) for row in shape}
        if not shape or all(cell is None for row in shape for cell in row):
            self.add("DL302", "a pattern needs at least one card cell", pattern,
                     help="cells are written like '| greek god | any object |'")
            return
        if len(widths) > 1:
            self.add("DL302", "pattern rows have different lengths", pattern,
                     help="pad short rows with '_' cells")
        if len(shape) > 3 or max(widths) > 4:
            self.add("DL301", f"a {len(shape)}x{max(widths)} pattern does not fit the 3x4 grid",
                     pattern, help="patterns have at most 3 rows and 4 columns (R1, R14)")

    def check_scenario(self, scenario: m.Scenario) -> None:
        state_names = {e.remember for rule in scenario.rules if isinstance(rule, m.Trigger)
                       for e in rule.effects if isinstance(e, m.DiscardTop) and e.remember}
        decks = {step.deck for step in scenario.setup if isinstance(step, m.SetAside)}
        for option in scenario.options:
            if self.registry.get("rule-option", option) is None:
                pool = [d.id for d in self.registry.definitions("rule-option")]
                self.add("DL112", f"unknown rule option '{option}'", scenario,
                         help=did_you_mean(option, pool) or "define it with 'option'")
        for node in walk(scenario):
            if isinstance(node, m.StateRef) and node.name not in state_names:
                self.add("DL111", f"unknown scenario state 'the {node.name}'", node,
                         help=did_you_mean(node.name, state_names) or
                         "a state is named by 'discard top of DECK as NAME' in the rules")
            if isinstance(node, m.DiscardTop) and node.deck not in decks:
                self.add("DL111", f"unknown deck '{node.deck}'", node,
                         help=did_you_mean(node.deck, decks) or
                         "form it in setup with 'aside CARDS as NAME'")
        for rule in scenario.rules:
            if isinstance(rule, m.Lock):
                self.check_card_list(rule.cards, rule)
            elif isinstance(rule, m.Ability):
                if rule.cost < 0:
                    self.add("DL601", "an ability cannot cost less than 0", rule)
                if rule.condition is not None:
                    self.check_context(rule.condition, "scenario rule", False, {"state", "facts"})
        for condition in scenario.victory + scenario.challenge:
            self.check_context(condition, "scenario", False,
                               {"facts", "total", "scores", "state"})
        self.check_setup(scenario, scenario.setup)
        if scenario.challenge_setup:
            self.check_setup(scenario, scenario.challenge_setup)

    def check_setup(self, scenario: m.Scenario, steps) -> None:
        used: dict[str, m.SetupStep] = {}
        fixed_cells: dict[tuple, m.Place] = {}
        per_row: dict[m.Row, int] = {}
        in_area = 0
        deck_needed = 0
        for step in steps:
            cards = getattr(step, "cards", ())
            self.check_card_list(cards, step)
            for card_id in cards:
                if card_id in used:
                    self.add("DL502", f"'{card_id}' is set aside twice in setup", step,
                             help="each card can be separated, placed or set aside once")
                used[card_id] = step
            if isinstance(step, m.Separate):
                deck_needed += len(step.cards) + step.random
            elif isinstance(step, m.Place):
                in_area += len(step.cards)
                if step.column is not None:
                    if len(step.cards) != 1:
                        self.add("DL502", "only one card fits in one cell", step,
                                 help="place the others 'at random' or in other cells")
                    key = (step.row, step.column)
                    if key in fixed_cells:
                        self.add("DL502", f"two cards placed at {step.row.value} {step.column}",
                                 step, help="each cell holds one card")
                    fixed_cells[key] = step
                    per_row[step.row] = per_row.get(step.row, 0) + 1
                elif step.row is not None:
                    per_row[step.row] = per_row.get(step.row, 0) + len(step.cards)
            elif isinstance(step, m.PowerCards) and step.count < 0:
                self.add("DL502", "a negative number of Power cards", step)
        for row, placed in per_row.items():
            if placed > 4:
                self.add("DL502", f"{placed} cards placed in the {row.value} row, which holds 4",
                         scenario, help="a row has 4 cells (R1)")
        if in_area > 12:
            self.add("DL502", f"{in_area} cards placed in an area of 12 cells", scenario,
                     help="place at most 12 cards")
        deck = len(self.registry.myth_cards())
        if deck_needed + (12 - in_area) > deck:
            self.add("DL502", f"setup needs {deck_needed + 12 - in_area} cards but the loaded "
                     f"sets have {deck} Myth cards", scenario,
                     help="separate fewer random cards, or load more sets")


def check_registry(registry: Registry, sources: Sequence[SourceFile] = ()) -> list[Diagnostic]:
    """Semantic diagnostics for every active definition."""
    checker = _Checker(registry, "")
    paths = {}
    for set_id in registry.active:
        loaded = registry.sets[set_id]
        for definition in loaded.definitions:
            checker.path = loaded.path
            checker.check(definition)
            paths[id(definition)] = loaded.path
    for set_id in registry.active:
        loaded = registry.sets[set_id]
        for kind, wanted in loaded.card_set.expects:
            found = sum(1 for d in loaded.definitions if d.kind == kind)
            if found != wanted:
                checker.path = loaded.path
                checker.add("DL207", f"set '{set_id}' expects {wanted} {kind} definitions "
                            f"but defines {found}", loaded.card_set,
                            help="add or remove definitions, or correct the 'expect' line")
    numbers: dict[int, m.Scenario] = {}
    for scenario in registry.definitions("scenario"):
        if scenario.number in numbers:
            checker.add("DL503", f"scenarios '{numbers[scenario.number].id}' and "
                        f"'{scenario.id}' share number {scenario.number}", scenario,
                        severity=Severity.WARNING)
        numbers[scenario.number] = scenario
    return checker.diagnostics


def scope_words(scope: m.Scope) -> str:
    from ..language.source import scope_text

    return scope_text(scope)


def condition_words(condition: m.Condition) -> str:
    from ..language.source import condition_text

    return condition_text(condition)


def _statements_of(definition) -> list:
    """The statements of a definition's body, each written on its own line."""
    if isinstance(definition, (m.MythCard, m.Law, m.ObjectiveGoal)):
        return list(definition.lines)
    if isinstance(definition, m.Scenario):
        return [*definition.setup, *definition.rules, *definition.victory,
                *definition.challenge, *definition.challenge_setup]
    if isinstance(definition, m.PowerEffect):
        return list(definition.effects)
    return []


def check_line_breaks(source: SourceFile) -> list[Diagnostic]:
    """Warn when a statement runs on into a line that starts where a new
    statement would: the language needs no separator, so 'hera scores' and a
    next line 'at least 20 points' read as one condition unless a ';' ends the
    first."""
    lines = source.text.splitlines()
    found = []
    for definition in source.card_file.definitions:
        for statement in _statements_of(definition):
            span = getattr(statement, "span", None)
            if span is None or span.end_line <= span.line:
                continue
            for number in range(span.line + 1, min(span.end_line, len(lines)) + 1):
                text = lines[number - 1]
                column = len(text) - len(text.lstrip()) + 1
                if text.strip() and column == span.column:
                    found.append(Diagnostic(
                        "DL115", "this statement runs on into the next line, which starts "
                        "like a statement of its own", source.path, span.line, span.column,
                        Severity.WARNING,
                        f"if line {number} is a new statement, end this one with ';'; "
                        "if not, indent the continuation"))
                    break
    return found


def lint_sources(sources: Sequence[SourceFile]) -> list[Diagnostic]:
    """Everything ``dioses-lint`` reports for these files, sorted by place."""
    from .registry import assemble

    diagnostics = [d for source in sources for d in source.diagnostics]
    diagnostics += [d for source in sources for d in check_line_breaks(source)]
    registry = assemble(sources)
    diagnostics += registry.diagnostics
    diagnostics += check_registry(registry, sources)
    unique = list(dict.fromkeys(diagnostics))
    return sorted(unique, key=lambda d: (d.path, d.line, d.column, d.code))
