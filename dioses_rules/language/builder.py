"""Parse tree -> predicate trees (the frozen attrs nodes of ``model``).

One method per grammar rule, same names. The builder converts tokens and
builds nodes, nothing else; a word that names no known mythology, row,
provenance, ... is recorded as a diagnostic and the definition holding it is
dropped, so that every mistake of a file is reported in one run.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Optional

from attrs import frozen
from lark import Token, Transformer, v_args
from lark.exceptions import VisitError

from . import model as m
from ..errors import CardSyntaxError, Diagnostic, did_you_mean
from .parser import parse_tree

ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")

# Words that a selector reads as themselves: a card or tag with one of these
# ids could never be named in a condition.
SELECTOR_WORDS = frozenset({
    "god", "gods", "place", "places", "object", "objects", "card", "cards", "greek",
    "greeks", "egyptian", "egyptians", "norse", "face-up", "face-down", "it", "element",
    # words that start a selector: "next to a" reads an article, "the" a
    # state or a leader, "(not" a negation
    "a", "an", "the", "not",
})


def _keywords() -> frozenset[str]:
    return SELECTOR_WORDS


class _Invalid:
    """Marks a subtree that could not be built (its diagnostic is recorded)."""

    def __repr__(self) -> str:  # pragma: no cover
        return "INVALID"


INVALID = _Invalid()


class BuildError(Exception):
    def __init__(self, code: str, message: str, meta: Any = None, help: Optional[str] = None,
                 token: Optional[Token] = None):
        super().__init__(message)
        self.code, self.message, self.meta, self.help, self.token = code, message, meta, help, token


# Small tagged values passed from a child rule to its parent.
@frozen
class _Aliases:
    names: tuple[str, ...]


@frozen
class _Tags:
    names: tuple[str, ...]


@frozen
class _Event:
    effects: tuple


@frozen
class _Item:
    key: str
    value: Any


def _wrap(f, data, children, meta):
    builder: "Builder" = f.base_func.__self__
    if any(child is INVALID for child in children) and data != "start":
        return INVALID
    try:
        return f(meta, children)
    except BuildError as error:
        builder.record(error)
        return INVALID


def _enum_word(enum_cls, token: Token, code: str, what: str):
    word = str(token)
    for member in enum_cls:
        if member.value == word:
            return member
    choices = [member.value for member in enum_cls]
    raise BuildError(
        code,
        f"unknown {what} '{word}'",
        token=token,
        help=did_you_mean(word, choices) or f"expected one of: {', '.join(choices)}",
    )


def _string(token: Token) -> str:
    return re.sub(r"\\(.)", r"\1", str(token)[1:-1])


def _int(token: Token) -> int:
    return int(str(token))


def _names(children: Iterable) -> tuple[str, ...]:
    return tuple(str(child) for child in children)


@v_args(wrapper=_wrap)
class Builder(Transformer):
    def __init__(self, path: str):
        super().__init__(visit_tokens=False)
        self.path = path
        self.diagnostics: list[Diagnostic] = []

    # ------------------------------------------------------------ helpers
    def span(self, meta) -> Optional[m.Span]:
        if meta is None or getattr(meta, "empty", True):
            return None
        return m.Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def record(self, error: BuildError) -> None:
        line = column = 0
        if error.token is not None and getattr(error.token, "line", None):
            line, column = error.token.line, error.token.column
        elif error.meta is not None and not getattr(error.meta, "empty", True):
            line, column = error.meta.line, error.meta.column
        self.diagnostics.append(
            Diagnostic(error.code, error.message, self.path, line, column, help=error.help)
        )

    def card_id(self, token: Token, selectable: bool = False) -> str:
        """Check an id; ``selectable`` ids (Myth cards, tags) are also named
        in selectors, so they must not be words of the language."""
        word = str(token)
        if not ID_PATTERN.match(word):
            fixed = re.sub(r"[^a-z0-9]+", "-", word.lower()).strip("-")
            # Recorded, not raised: the rest of the definition is still checked.
            self.record(BuildError(
                "DL106",
                f"id '{word}' is not English kebab-case",
                token=token,
                help=f"write it as '{fixed}'" if fixed else "use lowercase letters, digits and '-'",
            ))
        elif selectable and word in _keywords():
            self.record(BuildError(
                "DL114", f"id '{word}' is a word of the card language",
                token=token, help=f"a selector '{word}' would mean the keyword; pick another id"))
        return word

    def header(self, children: list) -> tuple[list, tuple[str, ...]]:
        """Split off the optional ``aka`` list; return (others, aliases)."""
        aliases: tuple[str, ...] = ()
        rest = []
        for child in children:
            if isinstance(child, _Aliases):
                aliases = child.names
            else:
                rest.append(child)
        return rest, aliases

    def header_word(self, enum_cls, token: Token, code: str, what: str):
        """A header word (mythology, provenance, difficulty). A wrong one is
        recorded and a stand-in used, so the rest of the definition is still
        checked; a file with any error is never scored."""
        try:
            return _enum_word(enum_cls, token, code, what)
        except BuildError as error:
            self.record(error)
            return next(iter(enum_cls))

    def provenance(self, token: Optional[Token]) -> m.Provenance:
        if token is None:
            return m.Provenance.PRINTED
        return self.header_word(m.Provenance, token, "DL103", "provenance")

    def row(self, token: Token) -> m.Row:
        return _enum_word(m.Row, token, "DL104", "row")

    def column(self, token: Token) -> int:
        value = _int(token)
        if value not in m.COLUMNS:
            raise BuildError("DL108", f"column {value} is outside the grid", token=token,
                             help="columns are numbered 1 to 4 from the left (R1)")
        return value

    # ------------------------------------------------------------ file
    def start(self, meta, children):
        return [child for child in children if child is not INVALID]

    def aliases(self, meta, children):
        return _Aliases(tuple(_string(child) for child in children))

    def name_list(self, meta, children):
        return _names(children)

    # ------------------------------------------------------------ sets
    def set_def(self, meta, children):
        set_id = self.card_id(children[0])
        name = _string(children[1])
        version, requires, replaces, expects, difficulties = None, (), (), (), ()
        for item in children[2:]:
            if item.key == "version":
                version = item.value
            elif item.key == "requires":
                requires += item.value
            elif item.key == "replaces":
                replaces += item.value
            elif item.key == "expect":
                expects += (item.value,)
            elif item.key == "difficulty":
                difficulties += (item.value,)
        return m.CardSet(set_id, name, version, requires, replaces, expects, difficulties,
                         span=self.span(meta))

    def set_difficulty(self, meta, children):
        name, points = children
        try:
            level = _enum_word(m.Difficulty, name, "DL105", "difficulty")
        except BuildError as error:  # recorded, not raised: keep the set
            self.record(error)
            return _Item("skip", None)
        if _int(points) <= 0:
            self.record(BuildError("DL601", f"a {level.value} pattern worth {points} points",
                                   token=points, help="patterns give 1 point or more"))
        return _Item("difficulty", (level, _int(points)))

    def set_expect(self, meta, children):
        count, kind = children
        if str(kind) not in m.KINDS:
            # Recorded, not raised: one bad line must not drop the whole set.
            self.record(BuildError("DL113", f"unknown kind '{kind}'", token=kind,
                                   help=did_you_mean(str(kind), m.KINDS)
                                   or f"kinds: {', '.join(m.KINDS)}"))
            return _Item("skip", None)
        return _Item("expect", (str(kind), _int(count)))

    def set_version(self, meta, children):
        return _Item("version", _string(children[0]))

    def set_requires(self, meta, children):
        return _Item("requires", children[0])

    def set_replaces(self, meta, children):
        return _Item("replaces", children[0])

    # ------------------------------------------------------------ myth cards
    def card_type(self, meta, children):
        return m.CardType(str(children[0]))

    def myth_def(self, meta, children):
        rest, aliases = self.header(children)
        card_type, id_token, name_token, myth_token, prov_token, *items = rest
        tags: tuple[str, ...] = ()
        weights, lines, event = [], [], []
        for item in items:
            if isinstance(item, _Tags):
                tags += item.names
            elif isinstance(item, m.Weight):
                weights.append(item)
            elif isinstance(item, _Event):
                event.extend(item.effects)
            else:
                lines.append(item)
        return m.MythCard(
            id=self.card_id(id_token, selectable=True),
            name=_string(name_token),
            aliases=aliases,
            type=card_type,
            mythology=self.header_word(m.Mythology, myth_token, "DL102", "mythology"),
            provenance=self.provenance(prov_token),
            tags=tags,
            weights=tuple(weights),
            lines=tuple(lines),
            event=tuple(event),
            span=self.span(meta),
        )

    def tags(self, meta, children):
        for tag in children[0]:
            if tag in _keywords():
                self.record(BuildError("DL114", f"tag '{tag}' is a word of the card language",
                                       meta=meta, help="pick another tag"))
        return _Tags(children[0])

    def counts_as(self, meta, children):
        return m.Weight(_int(children[0]), children[1].type, span=self.span(meta))

    def event(self, meta, children):
        return _Event(tuple(children))

    def points(self, meta, children):
        return int(str(children[0]))

    def fixed_line(self, meta, children):
        return m.Fixed(children[0], children[1], span=self.span(meta))

    def flat_line(self, meta, children):
        return m.Fixed(children[0], None, span=self.span(meta))

    def per_line(self, meta, children):
        if len(children) == 3:
            points, per, countable = children
            per = _int(per)
        else:
            points, countable = children
            per = 1
        return m.PerCount(points, per, countable, span=self.span(meta))

    # ------------------------------------------------------------ laws, objectives
    def law_def(self, meta, children):
        rest, aliases = self.header(children)
        id_token, name_token, prov_token, *lines = rest
        return m.Law(self.card_id(id_token), _string(name_token), aliases,
                     self.provenance(prov_token), tuple(lines), span=self.span(meta))

    def goal_def(self, meta, children):
        rest, aliases = self.header(children)
        id_token, name_token, prov_token, *lines = rest
        return m.ObjectiveGoal(self.card_id(id_token), _string(name_token), aliases,
                               self.provenance(prov_token), tuple(lines), span=self.span(meta))

    def element_def(self, meta, children):
        rest, aliases = self.header(children)
        id_token, name_token, prov_token, selector = rest
        return m.ObjectiveElement(self.card_id(id_token), _string(name_token), aliases,
                                  self.provenance(prov_token), selector, span=self.span(meta))

    # ------------------------------------------------------------ patterns
    def pattern_def(self, meta, children):
        rest, aliases = self.header(children)
        id_token, name_token, difficulty_token, prov_token, *rows = rest
        difficulty = self.header_word(m.Difficulty, difficulty_token, "DL105", "difficulty")
        return m.Pattern(self.card_id(id_token), _string(name_token), aliases, difficulty,
                         self.provenance(prov_token), tuple(rows), span=self.span(meta))

    def pattern_row(self, meta, children):
        return tuple(children)

    def gap_cell(self, meta, children):
        return None

    def shape_cell(self, meta, children):
        if len(children) == 2:
            mythology, card_type = children
        else:
            mythology, card_type = None, children[0]
        if isinstance(mythology, m.MythologyIs):
            mythology = mythology.mythology
        return m.PatternCell(card_type.type, mythology, span=self.span(meta))

    def any_mythology(self, meta, children):
        return None

    # ------------------------------------------------------------ powers, options
    def power_def(self, meta, children):
        rest, aliases = self.header(children)
        id_token, name_token, *rest = rest
        prov_token = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "NAME":
            prov_token = rest.pop(0)
        cost = _int(rest[0])
        return m.PowerEffect(self.card_id(id_token), _string(name_token), aliases,
                             self.provenance(prov_token), cost, tuple(rest[1:]),
                             span=self.span(meta))

    def option_def(self, meta, children):
        rest, aliases = self.header(children)
        id_token, name_token, *rest = rest
        prov_token = None
        if rest and isinstance(rest[0], Token):
            prov_token = rest.pop(0)
        settings = tuple(item for item in rest if isinstance(item, m.Setting))
        start = tuple(item.value for item in rest if isinstance(item, _Item))
        return m.RuleOption(self.card_id(id_token), _string(name_token), aliases,
                            self.provenance(prov_token), settings, start, span=self.span(meta))

    def setting(self, meta, children):
        name, value = children
        value = int(str(value)) if value.type == "INT" else str(value)
        return m.Setting(str(name), value, span=self.span(meta))

    def at_start(self, meta, children):
        return _Item("start", children[0])

    # ------------------------------------------------------------ scenarios
    def scenario_def(self, meta, children):
        rest, aliases = self.header(children)
        id_token, number_token, name_token, *rest = rest
        prov_token = None
        if rest and isinstance(rest[0], Token):
            prov_token = rest.pop(0)
        fields: dict[str, Any] = {}
        for item in rest:
            if item.key in ("options", "setup", "rules", "victory", "challenge", "challenge_setup"):
                fields[item.key] = fields.get(item.key, ()) + tuple(item.value)
            else:
                fields[item.key] = item.value
        return m.Scenario(
            id=self.card_id(id_token),
            number=_int(number_token),
            name=_string(name_token),
            aliases=aliases,
            provenance=self.provenance(prov_token),
            span=self.span(meta),
            **fields,
        )

    def scenario_mode(self, meta, children):
        return _Item("options", children[0])

    def scenario_setup(self, meta, children):
        return _Item("setup", children)

    def scenario_rules(self, meta, children):
        return _Item("rules", children)

    def scenario_victory(self, meta, children):
        return _Item("victory", children)

    def scenario_challenge(self, meta, children):
        return _Item("challenge", children)

    def scenario_challenge_setup(self, meta, children):
        return _Item("challenge_setup", children)

    def scenario_beat(self, meta, children):
        return _Item("threshold", _int(children[0]))

    def separate(self, meta, children):
        return m.Separate(children[0], _int(children[1]), span=self.span(meta))

    def power_cards(self, meta, children):
        return m.PowerCards(_int(children[0]), span=self.span(meta))

    def place_at(self, meta, children):
        cards, face_up, row, column = children
        return m.Place(cards, face_up.face_up, self.row(row), self.column(column),
                       span=self.span(meta))

    def place_random(self, meta, children):
        cards, face_up, *row = children
        return m.Place(cards, face_up.face_up, self.row(row[0]) if row else None, None,
                       span=self.span(meta))

    def set_aside(self, meta, children):
        return m.SetAside(children[0], str(children[1]), span=self.span(meta))

    def setup_draw(self, meta, children):
        return m.SetupDraw(children[0], span=self.span(meta))

    def lock(self, meta, children):
        return m.Lock(children[0], span=self.span(meta))

    def when(self, meta, children):
        (kind, selector), *effects = children
        return m.Trigger(kind, selector, tuple(effects), span=self.span(meta))

    def on_pattern_completed(self, meta, children):
        return (m.TriggerKind.PATTERN_COMPLETED, None)

    def on_placed(self, meta, children):
        return (m.TriggerKind.PLACED, children[0])

    def on_revealed(self, meta, children):
        return (m.TriggerKind.REVEALED, children[0])

    def allow(self, meta, children):
        effect, *rest = children
        once = bool(rest) and rest[-1] == "once"
        if once:
            rest = rest[:-1]
        condition = None
        if len(rest) == 2:
            condition, cost = rest
        else:
            (cost,) = rest
        return m.Ability(effect, _int(cost), once, condition, span=self.span(meta))

    def once(self, meta, children):
        return "once"

    # ------------------------------------------------------------ effects
    def swap_any(self, meta, children):
        return m.SwapAny(_int(children[0]), span=self.span(meta))

    def swap_cards(self, meta, children):
        return m.SwapCards(children[0], children[1], span=self.span(meta))

    def draw_pattern(self, meta, children):
        amount, *rest = children
        difficulty = keep = None
        for item in rest:
            if isinstance(item, m.Difficulty):
                difficulty = item
            elif isinstance(item, Token) and item.type == "INT":
                keep = _int(item)
        return m.DrawPattern(amount, difficulty, keep, span=self.span(meta))

    def draw_law(self, meta, children):
        return m.DrawLaw(children[0], span=self.span(meta))

    def difficulty(self, meta, children):
        return _enum_word(m.Difficulty, children[0], "DL105", "difficulty")

    def amount(self, meta, children):
        child = children[0]
        return child if isinstance(child, int) else _int(child)

    def one(self, meta, children):
        return 1

    def reveal(self, meta, children):
        return m.Reveal(children[0], span=self.span(meta))

    def hide(self, meta, children):
        return m.TurnFaceDown(children[0], span=self.span(meta))

    def recover(self, meta, children):
        return m.RecoverDiscard(span=self.span(meta))

    def seek(self, meta, children):
        return m.SeekDeck(span=self.span(meta))

    def discard_top(self, meta, children):
        deck = str(children[0])
        remember = str(children[1]) if len(children) > 1 else None
        return m.DiscardTop(deck, remember, span=self.span(meta))

    def cell_of(self, meta, children):
        return m.CellRef(children[0], None, span=self.span(meta))

    def cell_beside(self, meta, children):
        return m.CellRef(children[1], children[0], span=self.span(meta))

    def up(self, meta, children):
        return m.Direction.ABOVE

    def down(self, meta, children):
        return m.Direction.BELOW

    def left(self, meta, children):
        return m.Direction.LEFT

    def right(self, meta, children):
        return m.Direction.RIGHT

    # ------------------------------------------------------------ conditions
    def or_cond(self, meta, children):
        return m.CondOr(tuple(children), span=self.span(meta))

    def and_cond(self, meta, children):
        return m.CondAnd(tuple(children), span=self.span(meta))

    def cond_not(self, meta, children):
        return m.CondNot(children[0], span=self.span(meta))

    def subjects(self, meta, children):
        return tuple(children)

    def subject_some(self, meta, children):
        return m.Subject(m.SubjectMode.SOME, children[0], children[1], span=self.span(meta))

    def subject_none(self, meta, children):
        return m.Subject(m.SubjectMode.NONE, children[0], children[1], span=self.span(meta))

    def subject_every(self, meta, children):
        return m.Subject(m.SubjectMode.EVERY, (children[0],), children[1], span=self.span(meta))

    def all_face_up_at_end(self, meta, children):
        return m.AllFaceUpAtEnd(span=self.span(meta))

    def _relation(self, kind, meta, children):
        return m.Relation(kind, children[0], span=self.span(meta))

    def next_to(self, meta, children):
        return self._relation(m.RelationKind.NEXT_TO, meta, children)

    def close_to(self, meta, children):
        return self._relation(m.RelationKind.CLOSE_TO, meta, children)

    def above(self, meta, children):
        return self._relation(m.RelationKind.ABOVE, meta, children)

    def below(self, meta, children):
        return self._relation(m.RelationKind.BELOW, meta, children)

    def left_of(self, meta, children):
        return self._relation(m.RelationKind.LEFT_OF, meta, children)

    def right_of(self, meta, children):
        return self._relation(m.RelationKind.RIGHT_OF, meta, children)

    def same_row(self, meta, children):
        return self._relation(m.RelationKind.SAME_ROW, meta, children)

    def same_column(self, meta, children):
        return self._relation(m.RelationKind.SAME_COLUMN, meta, children)

    def opposite_corner(self, meta, children):
        return self._relation(m.RelationKind.OPPOSITE_CORNER, meta, children)

    def between(self, meta, children):
        return m.Between(children[0], children[1], span=self.span(meta))

    def in_row(self, meta, children):
        return m.InRow(self.row(children[0]), span=self.span(meta))

    def in_column(self, meta, children):
        return m.InColumn(self.column(children[0]), span=self.span(meta))

    def in_corner(self, meta, children):
        return m.InCorner(span=self.span(meta))

    def present(self, meta, children):
        return m.Present(span=self.span(meta))

    def at_cell(self, meta, children):
        return m.AtCell(self.row(children[0]), self.column(children[1]), span=self.span(meta))

    def scores(self, meta, children):
        return m.Scores(_int(children[0]) if children else None, span=self.span(meta))

    def _quantity(self, comparison, meta, children):
        return m.Quantity(comparison, _int(children[0]), children[1], span=self.span(meta))

    def at_least(self, meta, children):
        return self._quantity(m.Comparison.AT_LEAST, meta, children)

    def at_most(self, meta, children):
        return self._quantity(m.Comparison.AT_MOST, meta, children)

    def exactly(self, meta, children):
        return self._quantity(m.Comparison.EXACTLY, meta, children)

    def more_than(self, meta, children):
        return self._quantity(m.Comparison.MORE_THAN, meta, children)

    def fewer_than(self, meta, children):
        return self._quantity(m.Comparison.FEWER_THAN, meta, children)

    def none_in(self, meta, children):
        return m.NoneIn(children[0], span=self.span(meta))

    def only(self, meta, children):
        scope = children[1] if len(children) > 1 else m.Scope(m.ScopeKind.AREA)
        return m.Only(children[0], scope, span=self.span(meta))

    def more_x_than_y(self, meta, children):
        # "more gods than objects in row": a scope given on one side only
        # applies to both; none means the whole area.
        sides: list[list] = []
        for child in children:
            if isinstance(child, m.Scope):
                sides[-1].append(child)
            else:
                sides.append([child])
        (more, *more_scope), (less, *less_scope) = sides
        shared = more_scope or less_scope or [m.Scope(m.ScopeKind.AREA)]
        return m.MoreThan(
            m.Count(more, (more_scope or shared)[0], span=self.span(meta)),
            m.Count(less, (less_scope or shared)[0], span=self.span(meta)),
            span=self.span(meta))

    def patterns_completed(self, meta, children):
        return m.FactCount(m.Fact.PATTERNS_COMPLETED, span=self.span(meta))

    def laws_met(self, meta, children):
        return m.FactCount(m.Fact.LAWS_MET, span=self.span(meta))

    def total_points(self, meta, children):
        return m.FactCount(m.Fact.TOTAL, span=self.span(meta))

    def count(self, meta, children):
        selector, *rest = children
        scope = m.Scope(m.ScopeKind.AREA)
        where = None
        for item in rest:
            if isinstance(item, m.Scope):
                scope = item
            else:
                where = item
        return m.Count(selector, scope, where, span=self.span(meta))

    def scope_area(self, meta, children):
        return m.Scope(m.ScopeKind.AREA, span=self.span(meta))

    def scope_row(self, meta, children):
        return m.Scope(m.ScopeKind.ROW, span=self.span(meta))

    def scope_column(self, meta, children):
        return m.Scope(m.ScopeKind.COLUMN, span=self.span(meta))

    def scope_line(self, meta, children):
        return m.Scope(m.ScopeKind.LINE, span=self.span(meta))

    def scope_neighbours(self, meta, children):
        return m.Scope(m.ScopeKind.NEIGHBOURS, span=self.span(meta))

    def scope_surroundings(self, meta, children):
        return m.Scope(m.ScopeKind.SURROUNDINGS, span=self.span(meta))

    def scope_named_row(self, meta, children):
        return m.Scope(m.ScopeKind.NAMED_ROW, row=self.row(children[0]), span=self.span(meta))

    def scope_named_column(self, meta, children):
        return m.Scope(m.ScopeKind.NAMED_COLUMN, column=self.column(children[0]),
                       span=self.span(meta))

    def scope_largest_group(self, meta, children):
        return m.Scope(m.ScopeKind.LARGEST_GROUP, group=children[0], span=self.span(meta))

    # ------------------------------------------------------------ selectors
    def named(self, meta, children):
        return m.Named(str(children[0]), span=self.span(meta))

    def sel_self(self, meta, children):
        return m.SelfCard(span=self.span(meta))

    def element_ref(self, meta, children):
        return m.ElementRef(span=self.span(meta))

    def state_ref(self, meta, children):
        return m.StateRef(str(children[0]), span=self.span(meta))

    def sel_or(self, meta, children):
        return m.SelOr(tuple(children), span=self.span(meta))

    def sel_and(self, meta, children):
        return m.SelAnd(tuple(children), span=self.span(meta))

    def sel_not(self, meta, children):
        return m.SelNot(children[0], span=self.span(meta))

    def of_same(self, meta, children):
        selector, attribute = children
        return m.SelAnd((selector, m.SameAs(attribute, span=self.span(meta))),
                        span=self.span(meta))

    def of_most_common(self, meta, children):
        selector, attribute = children
        return m.SelAnd((selector, m.MostCommon(attribute, span=self.span(meta))),
                        span=self.span(meta))

    def attr_mythology(self, meta, children):
        return m.Attribute.MYTHOLOGY

    def attr_type(self, meta, children):
        return m.Attribute.TYPE

    def leader(self, meta, children):
        return m.Leader(children[0], children[1], span=self.span(meta))

    def sel_words(self, meta, children):
        parts = [child for child in children if child is not None and child != "article"]
        if len(parts) > 1:
            # "greek cards" is "greek": the card word adds nothing to a modifier.
            parts = [part for part in parts if not isinstance(part, m.AnyCard)]
        if len(parts) == 1:
            return parts[0]
        return m.SelAnd(tuple(parts), span=self.span(meta))

    def article(self, meta, children):
        return "article"

    def face_up(self, meta, children):
        return m.FaceIs(True, span=self.span(meta))

    def face_down(self, meta, children):
        return m.FaceIs(False, span=self.span(meta))

    def greek(self, meta, children):
        return m.MythologyIs(m.Mythology.GREEK, span=self.span(meta))

    def egyptian(self, meta, children):
        return m.MythologyIs(m.Mythology.EGYPTIAN, span=self.span(meta))

    def norse(self, meta, children):
        return m.MythologyIs(m.Mythology.NORSE, span=self.span(meta))

    def any_card(self, meta, children):
        return m.AnyCard(span=self.span(meta))

    def god(self, meta, children):
        return m.TypeIs(m.CardType.GOD, span=self.span(meta))

    def place(self, meta, children):
        return m.TypeIs(m.CardType.PLACE, span=self.span(meta))

    def object(self, meta, children):
        return m.TypeIs(m.CardType.OBJECT, span=self.span(meta))

    def card_word(self, meta, children):
        return None

    def pattern_word(self, meta, children):
        return None

    def law_word(self, meta, children):
        return None


def build(text: str, path: str = "<string>") -> tuple[m.CardFile, list[Diagnostic]]:
    """Parse and build a card file, collecting every diagnostic."""
    trees, diagnostics = parse_tree(text, path)
    builder = Builder(path)
    definitions: list = []
    for tree in trees:
        try:
            definitions.extend(builder.transform(tree))
        except VisitError as error:
            # Unwrap what a builder method raised so it is reported as itself.
            cause = error.orig_exc
            if isinstance(cause, CardSyntaxError):
                raise cause
            raise CardSyntaxError(Diagnostic(
                "DL000", f"could not build this file: {cause}", path,
                help="this is a bug in dioses-rules; please report it with the file"))
        except RecursionError:
            raise CardSyntaxError(Diagnostic(
                "DL004", "expressions nested too deeply to build", path,
                help="split the condition, or use fewer parentheses"))
    diagnostics = sorted(diagnostics + builder.diagnostics, key=lambda d: (d.line, d.column))
    card_set = None
    body = []
    for definition in definitions:
        if isinstance(definition, m.CardSet):
            if card_set is None:
                card_set = definition
            else:
                span = definition.span
                diagnostics.append(Diagnostic(
                    "DL205", f"a second set header '{definition.id}' in one file", path,
                    span.line if span else 0, span.column if span else 0,
                    help="put each set in its own file"))
        else:
            body.append(definition)
    return m.CardFile(card_set, tuple(body), path), diagnostics


def parse_card_text(text: str, path: str = "<string>") -> m.CardFile:
    """Build a card file or raise :class:`CardSyntaxError` with every diagnostic."""
    card_file, diagnostics = build(text, path)
    errors = [d for d in diagnostics if d.is_error]
    if errors:
        raise CardSyntaxError(errors)
    return card_file
