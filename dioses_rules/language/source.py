"""Predicate trees -> canonical card-language text.

``parse(print(tree)) == tree`` for every tree the builder can produce: that is
the round-trip property the tests check with Hypothesis.
"""

from __future__ import annotations

from functools import singledispatch
from typing import Iterable

from . import model as m

INDENT = "  "

# Words that can continue a selector: a statement that starts with one of them
# gets a ";" after the statement before it, so it is not read as part of it.
_HAZARD_WORDS = {
    "a", "an", "face-up", "face-down", "greek", "greeks", "egyptian",
    "egyptians", "norse", "god", "gods", "place", "places", "object", "objects",
    "card", "cards", "of", "that",
}


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _plural(count: int, singular: str, plural: str | None = None) -> str:
    return singular if count == 1 else (plural or singular + "s")


def points_text(points: int) -> str:
    return f"{points} {_plural(points, 'point')}"


# --------------------------------------------------------------- selectors

_WORD_ORDER = (m.FaceIs, m.MythologyIs, m.TypeIs)


def _is_words(selector: m.SelAnd) -> bool:
    """An ``and`` of face?, mythology?, type? in that order: ``face-up greek god``."""
    kinds = [type(item) for item in selector.items]
    if len(kinds) < 2 or len(set(kinds)) != len(kinds):
        return False
    if not all(kind in _WORD_ORDER for kind in kinds):
        return False
    return kinds == sorted(kinds, key=_WORD_ORDER.index)


_SUFFIXES = (m.SameAs, m.MostCommon)


def _is_of_same(selector: m.SelAnd) -> bool:
    """``X of same mythology`` / ``X of most common mythology``."""
    return len(selector.items) == 2 and isinstance(selector.items[1], _SUFFIXES) \
        and not isinstance(selector.items[0], _SUFFIXES)


_PLURALS = {"god": "gods", "place": "places", "object": "objects", "card": "cards",
            "greek": "greeks", "egyptian": "egyptians"}


def selector_text(selector: m.Selector, plural: bool = False) -> str:
    """A selector as a term: safe anywhere a selector is expected.

    ``plural`` reads better after a count ("only gods"); it parses the same.
    """
    if plural and isinstance(selector, m.SelAnd) and _is_of_same(selector):
        # "cards of same mythology": the head word takes the plural.
        head = selector_text(selector.items[0], plural=True)
        if head != selector_text(selector.items[0]):
            return head + _selector_text(selector)[len(_selector_text(selector.items[0])):]
    text = _selector_text(selector)
    if plural and isinstance(selector, m.FaceIs):
        return text + " cards"  # "face-down cards" parses as "face-down"
    if plural and (
        isinstance(selector, (m.AnyCard, m.TypeIs, m.MythologyIs))
        or (isinstance(selector, m.SelAnd) and _is_words(selector))
    ):
        head, _, last = text.rpartition(" ")
        last = _PLURALS.get(last, last)
        text = f"{head} {last}" if head else last
    return text


def _selector_text(selector: m.Selector) -> str:
    if isinstance(selector, m.AnyCard):
        return "card"
    if isinstance(selector, m.TypeIs):
        return selector.type.value
    if isinstance(selector, m.MythologyIs):
        return selector.mythology.value
    if isinstance(selector, m.FaceIs):
        return "face-up" if selector.face_up else "face-down"
    if isinstance(selector, m.Named):
        return selector.name
    if isinstance(selector, m.SelfCard):
        return "it"
    if isinstance(selector, m.StateRef):
        return f"the {selector.name}"
    if isinstance(selector, m.ElementRef):
        return "element"
    if isinstance(selector, m.Leader):
        return (f"the one of {selector_text(selector.candidates)} with most "
                f"{count_text(selector.count, plural=True)}")
    if isinstance(selector, m.SelAnd):
        if _is_words(selector):
            return " ".join(selector_text(item) for item in selector.items)
        if _is_of_same(selector):
            suffix = selector.items[1]
            words = "same" if isinstance(suffix, m.SameAs) else "most common"
            return f"{_closed_text(selector.items[0])} of {words} {suffix.attribute.value}"
        return "(" + " and ".join(_unary_text(item) for item in selector.items) + ")"
    if isinstance(selector, m.SelOr):
        return "(" + " or ".join(_and_text(item) for item in selector.items) + ")"
    if isinstance(selector, m.SelNot):
        return "(" + _unary_text(selector) + ")"
    if isinstance(selector, m.SameAs):
        # Only reachable for hand-built trees; the grammar attaches it to a term.
        return f"card of same {selector.attribute.value}"
    if isinstance(selector, m.MostCommon):
        return f"card of most common {selector.attribute.value}"
    raise TypeError(f"not a selector: {selector!r}")


def _closed_text(selector: m.Selector) -> str:
    """A selector that nothing after it can extend: a leader ends in a count,
    which would swallow a following "of same ..." or "that is ...", so it goes
    in parentheses where one of those may follow."""
    text = selector_text(selector)
    return f"({text})" if isinstance(selector, m.Leader) else text


def _unary_text(selector: m.Selector) -> str:
    if isinstance(selector, m.SelNot):
        return "not " + _unary_text(selector.item)
    return selector_text(selector)


def _and_text(selector: m.Selector) -> str:
    if isinstance(selector, m.SelAnd) and not _is_words(selector) and not _is_of_same(selector):
        return " and ".join(_unary_text(item) for item in selector.items)
    return _unary_text(selector)


# --------------------------------------------------------------- scopes, counts


def scope_text(scope: m.Scope) -> str:
    kind = scope.kind
    if kind is m.ScopeKind.NAMED_ROW:
        return f"{scope.row.value} row"
    if kind is m.ScopeKind.NAMED_COLUMN:
        return f"column {scope.column}"
    if kind is m.ScopeKind.LARGEST_GROUP:
        return f"largest group of {_closed_text(scope.group)}"
    return kind.value


def count_text(count: m.Count, plural: bool = False) -> str:
    text = f"{selector_text(count.selector, plural)} in {scope_text(count.scope)}"
    if count.where is not None:
        text += f" that is {condition_text(count.where)}"
    return text


_FACT_SINGULAR = {m.Fact.PATTERNS_COMPLETED: "pattern completed", m.Fact.LAWS_MET: "law met",
                  m.Fact.TOTAL: "point"}


def countable_text(countable: m.Countable, plural: bool = False) -> str:
    if isinstance(countable, m.FactCount):
        return countable.fact.value if plural else _FACT_SINGULAR[countable.fact]
    return count_text(countable, plural)


# --------------------------------------------------------------- conditions

_OR, _AND, _NOT = 1, 2, 3


def condition_text(condition: m.Condition, level: int = _OR) -> str:
    if isinstance(condition, m.CondOr):
        text = " or ".join(condition_text(item, _AND) for item in condition.items)
        return f"({text})" if level > _OR else text
    if isinstance(condition, m.CondAnd):
        text = " and ".join(condition_text(item, _NOT) for item in condition.items)
        return f"({text})" if level > _AND else text
    if isinstance(condition, m.CondNot):
        return "not " + condition_text(condition.item, _NOT)
    if isinstance(condition, m.Relation):
        return f"{condition.kind.value} {selector_text(condition.target)}"
    if isinstance(condition, m.Between):
        return f"between {selector_text(condition.first)} and {selector_text(condition.second)}"
    if isinstance(condition, m.InRow):
        return f"in {condition.row.value} row"
    if isinstance(condition, m.InColumn):
        return f"in column {condition.column}"
    if isinstance(condition, m.AtCell):
        return f"at {condition.row.value} {condition.column}"
    if isinstance(condition, m.InCorner):
        return "in a corner"
    if isinstance(condition, m.Present):
        return "in area"
    if isinstance(condition, m.Scores):
        if condition.at_least is None:
            return "scores"
        return f"scores at least {points_text(condition.at_least)}"
    if isinstance(condition, m.Subject):
        inner = condition_text(condition.condition)
        if condition.mode is m.SubjectMode.EVERY:
            return f"every {selector_text(condition.subjects[0])} {inner}"
        names = ", ".join(selector_text(s) for s in condition.subjects)
        if condition.mode is m.SubjectMode.NONE:
            return f"{names} not {inner}"
        return f"{names} {inner}"
    if isinstance(condition, m.Quantity):
        many = condition.amount != 1
        return (f"{condition.comparison.value} {condition.amount} "
                f"{countable_text(condition.count, many)}")
    if isinstance(condition, m.NoneIn):
        return f"no {count_text(condition.count, True)}"
    if isinstance(condition, m.Only):
        return f"only {selector_text(condition.selector, True)} in {scope_text(condition.scope)}"
    if isinstance(condition, m.MoreThan):
        more, less = condition.more, condition.less
        if more.scope == less.scope:
            return (f"more {selector_text(more.selector, True)} than "
                    f"{selector_text(less.selector, True)} in {scope_text(less.scope)}")
        return (f"more {selector_text(more.selector, True)} in {scope_text(more.scope)} than "
                f"{selector_text(less.selector, True)} in {scope_text(less.scope)}")
    if isinstance(condition, m.AllFaceUpAtEnd):
        return "all face-up at end"
    raise TypeError(f"not a condition: {condition!r}")


# --------------------------------------------------------------- lines, effects


def line_text(line) -> str:
    if isinstance(line, m.Fixed):
        if line.condition is None:
            return points_text(line.points)
        return f"{points_text(line.points)} if {condition_text(line.condition)}"
    if isinstance(line, m.PerCount):
        per = f"{line.per} " if line.per != 1 else ""
        return f"{points_text(line.points)} per {per}{countable_text(line.count, line.per != 1)}"
    raise TypeError(f"not a scoring line: {line!r}")


def _amount(count: int, singular: str, plural: str) -> str:
    return f"a {singular}" if count == 1 else f"{count} {plural}"


def cell_ref_text(ref: m.CellRef) -> str:
    if ref.direction is None:
        return selector_text(ref.card)
    return f"the card {ref.direction.value} of {selector_text(ref.card)}"


def effect_text(effect: m.Effect) -> str:
    if isinstance(effect, m.SwapAny):
        return f"swap {effect.count} {_plural(effect.count, 'card')}"
    if isinstance(effect, m.SwapCards):
        return f"swap {cell_ref_text(effect.first)} with {cell_ref_text(effect.second)}"
    if isinstance(effect, m.DrawLaw):
        return "draw " + _amount(effect.count, "law", "laws")
    if isinstance(effect, m.DrawPattern):
        amount = str(effect.count)
        if effect.count == 1:
            amount = "an" if effect.difficulty is m.Difficulty.EASY else "a"
        words = [amount]
        if effect.difficulty is not None:
            words.append(effect.difficulty.value)
        words.append(_plural(effect.count, "pattern"))
        if effect.keep is not None:
            words.append(f"keep {effect.keep}")
        return "draw " + " ".join(words)
    if isinstance(effect, m.Reveal):
        return "reveal " + _amount(effect.count, "card", "cards")
    if isinstance(effect, m.TurnFaceDown):
        return "hide " + _amount(effect.count, "card", "cards")
    if isinstance(effect, m.RecoverDiscard):
        return "recover a card from discards"
    if isinstance(effect, m.SeekDeck):
        return "seek a card by mythology or type"
    if isinstance(effect, m.DiscardTop):
        text = f"discard top of {effect.deck}"
        return text + (f" as {effect.remember}" if effect.remember else "")
    raise TypeError(f"not an effect: {effect!r}")


def setup_text(step: m.SetupStep) -> str:
    if isinstance(step, m.Separate):
        return (f"separate {', '.join(step.cards)} with {step.random} random "
                f"{_plural(step.random, 'card')}")
    if isinstance(step, m.PowerCards):
        return f"power cards {step.count}"
    if isinstance(step, m.Place):
        face = "face-up" if step.face_up else "face-down"
        head = f"place {', '.join(step.cards)} {face} at "
        if step.column is not None:
            return head + f"{step.row.value} {step.column}"
        if step.row is not None:
            return head + f"random in {step.row.value} row"
        return head + "random"
    if isinstance(step, m.SetAside):
        return f"aside {', '.join(step.cards)} as {step.deck}"
    if isinstance(step, m.SetupDraw):
        return effect_text(step.effect)
    raise TypeError(f"not a setup step: {step!r}")


def rule_text(rule: m.RuleChange) -> str:
    if isinstance(rule, m.Lock):
        return "lock " + ", ".join(rule.cards)
    if isinstance(rule, m.Trigger):
        if rule.kind is m.TriggerKind.PATTERN_COMPLETED:
            trigger = "pattern completed"
        else:
            trigger = f"{selector_text(rule.selector)} {rule.kind.value}"
        return f"when {trigger}: " + ", ".join(effect_text(e) for e in rule.effects)
    if isinstance(rule, m.Ability):
        text = f"allow {effect_text(rule.effect)}"
        if rule.condition is not None:
            text += f" if {condition_text(rule.condition)}"
        text += f" cost {rule.cost}"
        return text + (" once" if rule.once else "")
    raise TypeError(f"not a rule change: {rule!r}")


# --------------------------------------------------------------- definitions


def _statements(items: Iterable[str], depth: int) -> list[str]:
    """Block statements one per line, with ';' where the next would merge."""
    items = list(items)
    out = []
    for index, text in enumerate(items):
        if index + 1 < len(items):
            # the first word, without the comma of a subject list ("greek, norse ...")
            following = items[index + 1].split(" ", 1)[0].rstrip(",")
            if following in _HAZARD_WORDS or following.startswith("("):
                text += ";"
            elif following == "at" and text.endswith(("scores", "score")):
                # "anubis scores" + "at least 3 points" would read as one
                # "scores at least 3 points" condition.
                text += ";"
        out.append(INDENT * depth + text)
    return out


def _header(keyword: str, definition, *middle: str, trailing: Iterable[str] = ()) -> str:
    words = [keyword, definition.id, *middle, quote(definition.name)]
    if definition.aliases:
        words.append("aka " + ", ".join(quote(a) for a in definition.aliases))
    words.extend(trailing)
    return " ".join(words)


def _block(head: str, lines: list[str]) -> str:
    if not lines:
        return head + " {\n}"
    return head + " {\n" + "\n".join(lines) + "\n}"


@singledispatch
def definition_text(definition) -> str:
    raise TypeError(f"not a definition: {definition!r}")


@definition_text.register
def _(card_set: m.CardSet) -> str:
    lines = []
    if card_set.version is not None:
        lines.append(f"{INDENT}version {quote(card_set.version)}")
    if card_set.requires:
        lines.append(f"{INDENT}requires {', '.join(card_set.requires)}")
    if card_set.replaces:
        lines.append(f"{INDENT}replaces {', '.join(card_set.replaces)}")
    for kind, count in card_set.expects:
        lines.append(f"{INDENT}expect {count} {kind}")
    for level, points in card_set.difficulties:
        lines.append(f"{INDENT}difficulty {level.value} {points_text(points)}")
    return _block(f"set {card_set.id} {quote(card_set.name)}", lines)


@definition_text.register
def _(card: m.MythCard) -> str:
    head = f"{card.type.value} {card.id} {quote(card.name)}"
    if card.aliases:
        head += " aka " + ", ".join(quote(a) for a in card.aliases)
    head += f" {card.mythology.value} {card.provenance.value}"
    items = []
    if card.tags:
        items.append("tags " + ", ".join(card.tags))
    for weight in card.weights:
        items.append(f"counts as {weight.amount} {weight.type.value}s")
    if card.event:
        items.append("event " + ", ".join(effect_text(e) for e in card.event))
    items.extend(line_text(line) for line in card.lines)
    return _block(head, _statements(items, 1))


@definition_text.register
def _(law: m.Law) -> str:
    head = _header("law", law, trailing=[law.provenance.value])
    return _block(head, _statements((line_text(l) for l in law.lines), 1))


@definition_text.register
def _(goal: m.ObjectiveGoal) -> str:
    head = _header("goal", goal, trailing=[goal.provenance.value])
    return _block(head, _statements((line_text(l) for l in goal.lines), 1))


@definition_text.register
def _(element: m.ObjectiveElement) -> str:
    head = _header("element", element, trailing=[element.provenance.value])
    return _block(head, [INDENT + selector_text(element.selector)])


def pattern_cell_text(cell) -> str:
    if cell is None:
        return "_"
    mythology = cell.mythology.value if cell.mythology else "any"
    return f"{mythology} {cell.type.value}"


def pattern_rows_text(shape) -> list[str]:
    cells = [[pattern_cell_text(cell) for cell in row] for row in shape]
    width = max((len(text) for row in cells for text in row), default=1)
    return ["| " + " | ".join(text.ljust(width) for text in row) + " |" for row in cells]


@definition_text.register
def _(pattern: m.Pattern) -> str:
    head = _header("pattern", pattern,
                   trailing=[pattern.difficulty.value, pattern.provenance.value])
    return _block(head, [INDENT + row for row in pattern_rows_text(pattern.shape)])


@definition_text.register
def _(power: m.PowerEffect) -> str:
    head = _header("power", power, trailing=[power.provenance.value, f"cost {power.cost}"])
    return _block(head, _statements((effect_text(e) for e in power.effects), 1))


@definition_text.register
def _(option: m.RuleOption) -> str:
    head = _header("option", option, trailing=[option.provenance.value])
    items = [f"set {s.name} {s.value}" for s in option.settings]
    items += [f"at start: {effect_text(e)}" for e in option.start]
    return _block(head, _statements(items, 1))


def _sub_block(keyword: str, items: list[str]) -> list[str]:
    if not items:
        return []
    return [f"{INDENT}{keyword} {{", *_statements(items, 2), f"{INDENT}}}"]


@definition_text.register
def _(scenario: m.Scenario) -> str:
    head = _header("scenario", scenario, str(scenario.number),
                   trailing=[scenario.provenance.value])
    lines = []
    if scenario.options:
        lines.append(f"{INDENT}mode {', '.join(scenario.options)}")
    lines += _sub_block("setup", [setup_text(s) for s in scenario.setup])
    lines += _sub_block("rules", [rule_text(r) for r in scenario.rules])
    lines += _sub_block("victory", [condition_text(c) for c in scenario.victory])
    lines += _sub_block("challenge", [condition_text(c) for c in scenario.challenge])
    lines += _sub_block("challenge setup", [setup_text(s) for s in scenario.challenge_setup])
    if scenario.threshold:
        lines.append(f"{INDENT}beat {points_text(scenario.threshold)}")
    return _block(head, lines)


def card_file_text(card_file: m.CardFile) -> str:
    parts = []
    if card_file.card_set is not None:
        parts.append(definition_text(card_file.card_set))
    parts.extend(definition_text(d) for d in card_file.definitions)
    return "\n\n".join(parts) + "\n"
