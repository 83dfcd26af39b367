"""Hypothesis properties: random predicate trees survive
print -> parse; random text never makes the parser raise anything but the
project's own error; random boards keep the scoring invariants (R12, mirror
symmetry, totals)."""

from __future__ import annotations

import contextlib
import os
import re
import typing
from functools import lru_cache

import attrs
import pytest
from hypothesis import HealthCheck, Phase, assume, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from dioses_rules.errors import UNPRINTABLE, DiosesError
from dioses_rules.language import model as m
from dioses_rules.language.builder import build, parse_card_text
from dioses_rules.language.headers import bundled_vocabulary
from dioses_rules.language.lexing import lark_parser
from dioses_rules.language.source_definitions import card_file_text
from dioses_rules.language.walk import iter_nodes as walk
from dioses_rules.language.walk import members
from dioses_rules.pool.registry import assemble
from dioses_rules.pool.sources import bundled_sources
from dioses_rules.resources import cards_dir
from dioses_rules.scoring.area import SIZE, Area, Placed
from dioses_rules.scoring.board import Board, HeldPattern, LawPlacement
from dioses_rules.scoring.evaluator import Evaluator, Facts
from dioses_rules.scoring.patterns import pattern_matches
from dioses_rules.scoring.score import score_board

# The bundled sets' mythologies and types (declared in cards/base.dioses).
MYTHOLOGIES = ["greek", "egyptian", "norse"]
TYPES = ["god", "place", "object"]

# Examples per property: bounded so that the whole suite stays under 5
# minutes on 2 cores; DIOSES_PROPERTY_EXAMPLES=2000 runs a longer search.
EXAMPLES = int(os.environ.get("DIOSES_PROPERTY_EXAMPLES", "100"))
FAST = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
QUICK = settings(
    max_examples=max(1, EXAMPLES * 2 // 5),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    """Every literal word of the grammar: a name must not be one of them."""
    return frozenset(t.pattern.value for t in lark_parser().terminals if t.pattern.type == "str")


# =========================================================================
# Strategies: canonical trees, i.e. only the shapes the builder produces.
# =========================================================================

names = st.from_regex(r"[a-z][a-z0-9]{0,5}(-[a-z0-9]{1,3}){0,2}", fullmatch=True).filter(
    lambda word: word not in keywords() and not bundled_vocabulary().kind_of(word)
)
name_lists = st.lists(names, min_size=1, max_size=3).map(tuple)
# A quoted text holds no control character nor line separator (DL006): none
# of what the language refuses (errors.UNPRINTABLE, which also holds the
# invisible format characters such as U+200B and U+FEFF).
texts = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=10).filter(
    lambda text: UNPRINTABLE.search(text) is None
)
aliases = st.lists(texts, max_size=2).map(tuple)
small = st.integers(0, 12)
ones = st.integers(1, 12)  # what an effect counts, a scenario's number: 1 or more
points = st.integers(-4, 12)
rows = st.sampled_from(m.ROWS)
columns = st.sampled_from(m.COLUMNS)
attributes = st.sampled_from(list(m.Attribute))
provenances = st.sampled_from(list(m.Provenance))
difficulties = st.sampled_from(list(m.Difficulty))


def _words(parts) -> m.Selector:
    """sel_words: face?, mythology?, type? ANDed in that order; 'card' alone."""
    parts = [part for part in parts if part is not None]
    if not parts:
        return m.AnyCard()
    return parts[0] if len(parts) == 1 else m.SelAnd(tuple(parts))


words = st.tuples(
    st.none() | st.builds(m.FaceIs, st.booleans()),
    st.none() | st.sampled_from(MYTHOLOGIES).map(m.MythologyIs),
    st.none() | st.sampled_from(TYPES).map(m.TypeIs),
).map(_words)

atoms = st.one_of(
    words,
    st.builds(m.Named, names),
    st.just(m.SelfCard()),
    st.just(m.ElementRef()),
    st.builds(m.StateRef, names),
)


def selectors(depth: int) -> st.SearchStrategy:
    """A sel_term: what the grammar accepts wherever a selector goes."""
    if depth <= 0:
        return atoms
    inner = selectors(depth - 1)
    unary = st.deferred(lambda: unaries(depth - 1))
    and_items = st.lists(unary, min_size=2, max_size=3).map(lambda xs: m.SelAnd(tuple(xs)))
    return st.one_of(
        atoms,
        # "X of same type" / "X of most common mythology": the suffix is the
        # second item of a 2-item SelAnd
        st.builds(lambda head, a: m.SelAnd((head, m.SameAs(a))), inner, attributes),
        st.builds(lambda head, a: m.SelAnd((head, m.MostCommon(a))), inner, attributes),
        # "(a and b)", "(a or b and c)", "(not a)"
        and_items,
        st.lists(st.one_of(and_items, unary), min_size=2, max_size=3).map(
            lambda xs: m.SelOr(tuple(xs))
        ),
        st.builds(m.SelNot, unary),
        # "the one of X with most Y in scope"
        st.builds(m.Leader, inner, st.deferred(lambda: counts(depth - 1))),
    )


def unaries(depth: int) -> st.SearchStrategy:
    term = selectors(depth)
    return st.one_of(
        term, st.builds(m.SelNot, term), st.builds(lambda t: m.SelNot(m.SelNot(t)), term)
    )


def scopes(depth: int) -> st.SearchStrategy:
    simple = [
        m.ScopeKind.AREA,
        m.ScopeKind.ROW,
        m.ScopeKind.COLUMN,
        m.ScopeKind.LINE,
        m.ScopeKind.NEIGHBOURS,
        m.ScopeKind.SURROUNDINGS,
        m.ScopeKind.DIAGONALS,
    ]
    return st.one_of(
        st.sampled_from(simple).map(m.Scope),
        rows.map(lambda r: m.Scope(m.ScopeKind.NAMED_ROW, row=r)),
        columns.map(lambda c: m.Scope(m.ScopeKind.NAMED_COLUMN, column=c)),
        selectors(depth).map(lambda s: m.Scope(m.ScopeKind.LARGEST_GROUP, group=s)),
    )


def relations(depth: int) -> st.SearchStrategy:
    """The grammar's ``relation``: what a subject or a count's 'that' takes."""
    target = selectors(depth)
    return st.one_of(
        st.builds(m.Relation, st.sampled_from(list(m.RelationKind)), target),
        st.builds(m.Between, target, target),
        st.builds(m.InRow, rows),
        st.builds(m.InColumn, columns),
        st.builds(m.AtCell, rows, columns),
        st.just(m.InCorner()),
        st.just(m.Present()),
        st.builds(m.Scores, st.none() | small),
    )


def counts(depth: int) -> st.SearchStrategy:
    return st.builds(
        m.Count, selectors(depth), scopes(depth), st.none() | st.deferred(lambda: relations(depth))
    )


facts = st.sampled_from(list(m.Fact)).map(m.FactCount)


def countables(depth: int) -> st.SearchStrategy:
    return st.one_of(
        counts(depth),
        facts,
        st.builds(
            m.Distinct,
            attributes,
            scopes(max(depth - 1, 0)),
            st.just(m.AnyCard()) | selectors(max(depth - 1, 0)),
        ),
    )


def conditions(depth: int) -> st.SearchStrategy:
    sel = selectors(max(depth - 1, 0))
    rel = relations(max(depth - 1, 0))
    base = st.one_of(
        rel,
        st.builds(
            m.Subject,
            st.sampled_from([m.SubjectMode.SOME, m.SubjectMode.NONE]),
            st.lists(sel, min_size=1, max_size=3).map(tuple),
            rel,
        ),
        st.builds(lambda s, r: m.Subject(m.SubjectMode.EVERY, (s,), r), sel, rel),
        st.builds(
            m.Quantity, st.sampled_from(list(m.Comparison)), small, countables(max(depth - 1, 0))
        ),
        st.builds(m.NoneIn, counts(max(depth - 1, 0))),
        st.builds(m.Only, sel, scopes(max(depth - 1, 0))),
        # "more X than Y in S": the builder gives both counts a scope, no 'that'
        st.builds(
            lambda a, sa, b, sb: m.MoreThan(m.Count(a, sa), m.Count(b, sb)),
            sel,
            scopes(0),
            sel,
            scopes(0),
        ),
        st.just(m.AllFaceUpAtEnd()),
    )
    if depth <= 0:
        return base
    inner = conditions(depth - 1)
    return st.one_of(
        base,
        st.builds(m.CondNot, inner),
        st.lists(inner, min_size=2, max_size=3).map(lambda xs: m.CondAnd(tuple(xs))),
        st.lists(inner, min_size=2, max_size=3).map(lambda xs: m.CondOr(tuple(xs))),
    )


def bounds(ceilings=points) -> st.SearchStrategy:
    """(floor, ceiling): at least one, the floor not above the ceiling."""
    return st.tuples(st.none() | points, st.none() | ceilings).filter(
        lambda b: b != (None, None) and (None in b or b[0] <= b[1])
    )


def scoring_lines(depth: int = 2) -> st.SearchStrategy:
    per_count = st.builds(m.PerCount, points, st.integers(0, 4), countables(depth - 1))
    return st.one_of(
        st.builds(m.Fixed, points, st.none() | conditions(depth)),
        per_count,
        st.builds(m.Capped, per_count, small),
        st.builds(m.ScoresLike, names),
        # "scores like hera up to 4 points, never below 0 points"
        st.builds(lambda name, b: m.Bounded((m.ScoresLike(name),), *b), names, bounds(small)),
    )


cell_refs = st.builds(m.CellRef, selectors(1), st.none() | st.sampled_from(list(m.Direction)))
draws = st.one_of(
    st.builds(m.DrawLaw, ones),
    ones.flatmap(
        lambda n: st.builds(
            m.DrawPattern, st.just(n), st.none() | difficulties, st.none() | st.integers(1, n)
        )
    ),
)
effects = st.one_of(
    st.builds(m.SwapAny, ones),
    st.builds(m.SwapCards, cell_refs, cell_refs),
    draws,
    st.builds(m.Reveal, ones),
    st.builds(m.TurnFaceDown, ones),
    st.just(m.RecoverDiscard()),
    st.just(m.SeekDeck()),
    st.builds(m.DiscardTop, names, st.none() | names),
)
effect_lists = st.lists(effects, min_size=1, max_size=3).map(tuple)

setup_steps = st.one_of(
    st.builds(m.Separate, name_lists, small),
    st.builds(m.PowerCards, small),
    st.builds(m.Place, name_lists, st.booleans(), rows, columns),
    st.builds(m.Place, name_lists, st.booleans(), st.none() | rows, st.none()),
    st.builds(m.SetAside, name_lists, names),
    st.builds(m.SetupDraw, draws),
)
rule_changes = st.one_of(
    st.builds(m.Lock, name_lists),
    st.builds(m.Trigger, st.just(m.TriggerKind.PATTERN_COMPLETED), st.none(), effect_lists),
    st.builds(
        m.Trigger,
        st.sampled_from([m.TriggerKind.PLACED, m.TriggerKind.REVEALED]),
        selectors(1),
        effect_lists,
    ),
    st.builds(m.Ability, effects, small, st.booleans(), st.none() | conditions(1)),
)


def picks(size: int, count: int = SIZE) -> st.SearchStrategy:
    """``count`` distinct indices below ``size``, in the drawn order: an area's
    cards without shuffling the whole pool (fewer choices, smaller reports)."""
    return st.lists(st.integers(0, size - 1), min_size=count, max_size=count, unique=True)


def tup(strategy, max_size=3, min_size=0):
    return st.lists(strategy, min_size=min_size, max_size=max_size).map(tuple)


lines = tup(scoring_lines(), max_size=3)
# a Myth card's lines, or all of them under 'never below' / 'never above'
card_lines = lines | st.builds(lambda ls, b: (m.Bounded(ls, *b),), lines, bounds())
weights = st.builds(m.Weight, small, st.sampled_from(TYPES)) | st.builds(
    m.Weight, small, st.none(), st.sampled_from(MYTHOLOGIES)
)

myth_cards = st.builds(
    m.MythCard,
    names,
    texts,
    aliases,
    st.sampled_from(TYPES),
    tup(st.sampled_from(MYTHOLOGIES), min_size=1),
    provenances,
    tags=tup(names),
    weights=tup(weights, 2),
    lines=card_lines,
    event=tup(effects, 2),
    event_provenance=st.none() | provenances,
).map(lambda card: card if card.event else attrs.evolve(card, event_provenance=None))
laws = st.builds(m.Law, names, texts, aliases, provenances, lines)
goals = st.builds(m.ObjectiveGoal, names, texts, aliases, provenances, lines)
elements = st.builds(m.ObjectiveElement, names, texts, aliases, provenances, selectors(2))
pattern_cells = (
    st.none()
    | st.builds(m.PatternCell, st.sampled_from(TYPES), st.none() | st.sampled_from(MYTHOLOGIES))
    | st.builds(m.PatternCell, st.none(), st.sampled_from(MYTHOLOGIES))  # "| greek |"
)
patterns = st.builds(
    m.Pattern, names, texts, aliases, difficulties, provenances, tup(tup(pattern_cells, 5, 1), 4)
)
powers = st.builds(m.PowerEffect, names, texts, aliases, provenances, small, tup(effects))
options = st.builds(
    m.RuleOption,
    names,
    texts,
    aliases,
    provenances,
    tup(st.builds(m.Setting, names, names | st.integers(0, 99))),
    tup(effects, 2),
)
scenarios = st.builds(
    m.Scenario,
    names,
    ones,
    texts,
    aliases,
    provenances,
    options=tup(names),
    setup=tup(setup_steps, 4),
    rules=tup(rule_changes),
    victory=tup(conditions(2)),
    challenge=tup(conditions(1)),
    challenge_setup=tup(setup_steps, 2),
    threshold=small,
    challenge_draws=st.none() | st.sampled_from(m.ChallengeDraws),
)
card_sets = st.builds(
    m.CardSet,
    names,
    texts,
    st.none() | texts,
    tup(names),
    tup(names),
    tup(st.tuples(st.sampled_from(m.KINDS), small)),
)
definitions = st.one_of(myth_cards, laws, goals, elements, patterns, powers, options, scenarios)


# =========================================================================
# print -> parse
# =========================================================================


def round_trip(card_file: m.CardFile) -> None:
    text = card_file_text(card_file)
    try:
        back = parse_card_text(text)
    except DiosesError as error:  # pragma: no cover - shown on failure
        raise AssertionError(f"printed text does not parse:\n{text}\n{error}") from None
    assert back == card_file, f"printed text reads back differently:\n{text}"
    # and printing is a fixed point
    assert card_file_text(back) == text


@FAST
@given(selectors(3))
def test_selectors_survive_print_parse(selector):
    round_trip(
        m.CardFile(None, (m.ObjectiveElement("e", "E", (), m.Provenance.PRINTED, selector),))
    )


@FAST
@given(conditions(3))
def test_conditions_survive_print_parse(condition):
    round_trip(
        m.CardFile(None, (m.Law("l", "L", (), m.Provenance.PRINTED, (m.Fixed(1, condition),)),))
    )


@FAST
@given(tup(conditions(2), 4, 1), tup(conditions(1), 3))
def test_scenario_condition_lists_survive_print_parse(victory, challenge):
    """Statements one per line: none may run on into the next."""
    round_trip(
        m.CardFile(
            None,
            (
                m.Scenario(
                    "s", 1, "S", (), m.Provenance.PRINTED, victory=victory, challenge=challenge
                ),
            ),
        )
    )


# Statements that end or start with a word the statement before or after could
# take for its own: a selector word, "scores" (+ "at least N points"), "(",
# a count's scope ("in column" + a number).
_GREEK, _GOD = m.MythologyIs("greek"), m.TypeIs("god")
EDGE_CONDITIONS = [
    m.Subject(m.SubjectMode.SOME, (m.Named("hera"),), m.Scores()),
    m.Scores(),
    m.Quantity(m.Comparison.AT_LEAST, 3, m.FactCount(m.Fact.TOTAL)),
    m.Quantity(m.Comparison.AT_MOST, 1, m.Count(_GOD, m.Scope(m.ScopeKind.COLUMN))),
    m.Quantity(m.Comparison.EXACTLY, 2, m.Count(_GOD, m.Scope(m.ScopeKind.NAMED_COLUMN, column=2))),
    m.AtCell(m.Row.FRONT, 2),
    m.Relation(m.RelationKind.NEXT_TO, _GREEK),
    m.Subject(m.SubjectMode.SOME, (_GOD,), m.InCorner()),
    m.Subject(m.SubjectMode.SOME, (m.SelOr((_GOD, _GREEK)),), m.Present()),
    m.Subject(m.SubjectMode.NONE, (m.SelAnd((_GREEK, _GOD)),), m.InColumn(3)),
    m.Subject(
        m.SubjectMode.SOME,
        (m.StateRef("fairest"),),
        m.Relation(m.RelationKind.ABOVE, m.FaceIs(True)),
    ),
    m.Only(m.AnyCard(), m.Scope(m.ScopeKind.LARGEST_GROUP, group=_GREEK)),
    m.CondNot(m.Present()),
    m.Subject(m.SubjectMode.NONE, (m.AnyCard(), _GREEK), m.Present()),  # "card, greek not ..."
    m.Subject(m.SubjectMode.EVERY, (m.SelfCard(),), m.Relation(m.RelationKind.RIGHT_OF, _GREEK)),
]
edge_conditions = st.one_of(st.sampled_from(EDGE_CONDITIONS), conditions(0))


@FAST
@given(tup(edge_conditions, 6, 2))
def test_statement_boundaries_survive_print_parse(statements):
    """Neither statement may run on into the next in a victory list."""
    round_trip(
        m.CardFile(None, (m.Scenario("s", 1, "S", (), m.Provenance.PRINTED, victory=statements),))
    )


EDGE_LINES = [
    m.Fixed(1),
    m.Fixed(-2),
    m.Fixed(3, m.Scores(2)),
    m.PerCount(1, 1, m.Count(_GOD, m.Scope(m.ScopeKind.COLUMN))),
    m.PerCount(2, 1, m.Count(_GOD, m.Scope(m.ScopeKind.NAMED_COLUMN, column=3))),
    m.PerCount(1, 2, m.FactCount(m.Fact.TOTAL)),
    m.Fixed(
        1,
        m.Quantity(
            m.Comparison.AT_LEAST, 1, m.Count(_GREEK, m.Scope(m.ScopeKind.NAMED_COLUMN, column=4))
        ),
    ),
]


@FAST
@given(tup(st.one_of(st.sampled_from(EDGE_LINES), scoring_lines(1)), 5, 2))
def test_scoring_line_boundaries_survive_print_parse(card_lines):
    """A line's number must not be read as the column of the line before."""
    round_trip(m.CardFile(None, (m.Law("l", "L", (), m.Provenance.PRINTED, card_lines),)))


@FAST
@given(tup(scoring_lines(), 5, 1))
def test_scoring_lines_survive_print_parse(card_lines):
    round_trip(
        m.CardFile(
            None,
            (m.MythCard("x", "X", (), "god", "greek", m.Provenance.PRINTED, lines=card_lines),),
        )
    )


@FAST
@given(myth_cards)
def test_myth_cards_survive_print_parse(card):
    round_trip(m.CardFile(None, (card,)))


@FAST
@given(st.one_of(laws, goals, elements, patterns))
def test_laws_objectives_and_patterns_survive_print_parse(definition):
    round_trip(m.CardFile(None, (definition,)))


@FAST
@given(st.one_of(powers, options, scenarios))
def test_powers_options_and_scenarios_survive_print_parse(definition):
    round_trip(m.CardFile(None, (definition,)))


@QUICK
@given(st.none() | card_sets, tup(definitions, 3, 1))
def test_whole_card_files_survive_print_parse(card_set, defs):
    round_trip(m.CardFile(card_set, defs))


# =========================================================================
# random text: only the project's own error
# =========================================================================


def only_own_errors(text: str) -> None:
    try:
        card_file, diagnostics = build(text, "fuzz.dioses")
    except DiosesError:
        return
    assert isinstance(card_file, m.CardFile)
    assert all(d.code.startswith("DL") for d in diagnostics)
    assert all(d.line >= 0 and d.column >= 0 for d in diagnostics)
    try:
        parse_card_text(text, "fuzz.dioses")
    except DiosesError as error:
        assert error.diagnostics
    else:
        assert not [d for d in diagnostics if d.is_error]


@FAST
@given(st.text(max_size=200))
def test_random_unicode_raises_only_dioses_errors(text):
    only_own_errors(text)


@FAST
@given(texts, st.sampled_from(["\x1b", "\x00", "\x7f", "\x9b", "\u2028", "\t", "\r"]), texts)
def test_a_control_character_in_a_name_is_dl006_at_it(before, control, after):
    """Issue #10: a terminal would obey an escape sequence in a card's name."""
    name = (before + control + after).replace("\\", "\\\\").replace('"', '\\"')
    text = f'god tinted "{name}" greek {{\n  1 point if next to god\n}}\n'
    _, diagnostics = build(text, "t.dioses")
    column = len('god tinted "') + len(name[: name.index(control)]) + 1
    assert [(d.code, d.line, d.column) for d in diagnostics if d.is_error] == [("DL006", 1, column)]


@lru_cache(maxsize=1)
def token_pool() -> tuple[str, ...]:
    return tuple(sorted(keywords())) + (
        "hera",
        "zeus",
        "throne",
        "front",
        "easy",
        "printed",
        "greek",
        "3",
        "-1",
        "0",
        "5",
        '"Name"',
        "\n",
        "#c\n",
    )


@FAST
@given(st.lists(st.sampled_from(token_pool()), max_size=60))
def test_token_soup_raises_only_dioses_errors(tokens):
    only_own_errors(" ".join(tokens))


@lru_cache(maxsize=1)
def real_definitions() -> tuple[str, ...]:
    """Definition texts of the bundled sets and the identity fixture."""
    from pathlib import Path

    chunks = []
    files = sorted(cards_dir().glob("*.dioses"))
    files.append(Path(__file__).parent / "fixtures" / "identity.dioses")
    for path in files:
        text = path.read_text(encoding="utf-8")
        starts = [
            match.start()
            for match in re.finditer(r"^\S", text, re.MULTILINE)
            if text[match.start()] != "#"
        ]
        for start, end in zip(starts, starts[1:] + [len(text)], strict=True):
            chunks.append(text[start:end])
    return tuple(chunks)


_TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"|[A-Za-z_][\w-]*|-?\d+|\S|\s+')


@st.composite
def mutated_definitions(draw):
    text = draw(st.sampled_from(real_definitions()))
    tokens = _TOKEN.findall(text)
    for _ in range(draw(st.integers(1, 4))):
        if not tokens:
            break
        i = draw(st.integers(0, len(tokens) - 1))
        j = draw(st.integers(0, len(tokens) - 1))
        operation = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "cut"]))
        if operation == "delete":
            del tokens[i]
        elif operation == "duplicate":
            tokens.insert(i, tokens[i])
        elif operation == "swap":
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif operation == "insert":
            tokens.insert(i, " " + draw(st.sampled_from(token_pool())) + " ")
        else:
            tokens = tokens[: max(i, j)]
    return "".join(tokens)


@FAST
@given(mutated_definitions())
def test_mutated_real_cards_raise_only_dioses_errors(text):
    only_own_errors(text)


@QUICK
@given(st.lists(mutated_definitions(), min_size=2, max_size=4))
def test_mutated_files_report_errors_with_places(chunks):
    """Several broken definitions in one file: every syntax error has a line
    inside the file, and parsing goes on after each."""
    text = 'set fuzz "F" {\n}\n\n' + "\n".join(chunks)
    try:
        _, diagnostics = build(text)
    except DiosesError:
        return
    line_count = text.count("\n") + 1
    for diagnostic in diagnostics:
        if diagnostic.code in ("DL001", "DL002"):
            assert 1 <= diagnostic.line <= line_count


def test_deep_nesting_is_the_projects_error():
    text = 'law l "L" printed {\n  1 point if ' + "not " * 3000 + "in area\n}\n"
    with pytest.raises(DiosesError) as raised:
        parse_card_text(text)
    assert [d.code for d in raised.value.diagnostics] == ["DL004"]


# =========================================================================
# Scoring: random full boards
# =========================================================================


@lru_cache(maxsize=1)
def registry():
    return assemble(bundled_sources())


def bundled(family: str) -> list:
    return sorted(registry().definitions(family), key=lambda d: d.id)


@st.composite
def areas(draw, cards=None, face=None):
    """12 distinct Myth cards in the 12 cells, each face up or down."""
    pool = cards if cards is not None else bundled("myth")
    chosen = [pool[i] for i in draw(picks(len(pool), min(SIZE, len(pool))))]
    faces = draw(
        st.lists(face if face is not None else st.booleans(), min_size=SIZE, max_size=SIZE)
    )
    return Area(tuple(Placed(card, up) for card, up in zip(chosen, faces, strict=True)))


@st.composite
def law_placements(draw):
    """Laws on free rows and columns: at most one per row and per column (R13)."""
    places = [("row", r) for r in m.ROWS] + [("column", c) for c in m.COLUMNS]
    chosen = draw(st.lists(st.sampled_from(places), unique=True, max_size=len(places)))
    placements = []
    for kind, where in chosen:
        law = draw(st.sampled_from(bundled("law")))
        placements.append(
            LawPlacement(law, row=where) if kind == "row" else LawPlacement(law, column=where)
        )
    return tuple(placements)


held_patterns = st.lists(
    st.builds(HeldPattern, st.sampled_from(bundled("pattern")), st.none() | st.booleans()),
    max_size=4,
).map(tuple)
objectives = st.lists(
    st.tuples(
        st.sampled_from(bundled("objective-goal")), st.sampled_from(bundled("objective-element"))
    ),
    max_size=3,
).map(tuple)


@st.composite
def boards(draw, cards=None, face=None):
    return Board(
        draw(areas(cards, face)), draw(law_placements()), draw(held_patterns), draw(objectives)
    )


@FAST
@given(boards())
def test_report_total_is_the_sum_of_its_parts(board):
    report = score_board(board)
    parts = (
        sum(c.points for c in report.cards)
        + sum(law.points for law in report.laws)
        + sum(p.points for p in report.patterns)
        + sum(o.points for o in report.objectives)
    )
    assert report.total == parts
    # every occupied cell is scored once, every law, pattern and objective too
    assert sorted(c.cell for c in report.cards) == list(range(SIZE))
    assert len(report.laws) == len(board.laws)
    assert len(report.patterns) == len(board.patterns)
    assert len(report.objectives) == len(board.objectives)
    # each part is what its own definition gives on the revealed area (R12)
    revealed = board.area.revealed()
    face_up = board.area.all_face_up()
    completed_count = 0
    for held, scored in zip(board.patterns, report.patterns, strict=True):  # R14
        completed = (
            pattern_matches(revealed, held.pattern) is not None
            if held.completed is None
            else held.completed
        )
        assert scored.completed is completed
        assert scored.points == (held.pattern.difficulty.points if completed else 0)
        completed_count += completed
    met = 0
    for placement, scored in zip(board.laws, report.laws, strict=True):  # R13
        law_facts = Facts(law_line=placement.cells(), all_face_up_at_end=face_up)
        assert scored.points == Evaluator(revealed, law_facts).lines_points(
            placement.law.lines, None
        )
        met += scored.points > 0
    # a card may count completed patterns and met laws
    facts = Facts(all_face_up_at_end=face_up, patterns_completed=completed_count, laws_met=met)
    for card in report.cards:
        assert card.points == Evaluator(revealed, facts).lines_points(card.card.lines, card.cell)


@QUICK
@given(boards())
def test_scoring_is_deterministic(board):
    first, second = score_board(board), score_board(board)
    assert first == second
    assert score_board(board, explain=True).total == first.total


# ------------------------------------------------------------ face state (R12)


def uses_all_face_up(node) -> bool:
    return any(isinstance(n, m.AllFaceUpAtEnd) for n in walk(node))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.lists(st.booleans(), min_size=SIZE, max_size=SIZE))
def test_face_state_does_not_change_the_final_score(board, faces):
    """R12: every card is revealed before scoring, so which cards were face
    down changes nothing, except what AllFaceUpAtEnd (R21) reads."""
    turned = Board(
        Area(tuple(Placed(p.card, up) for p, up in zip(board.area.cells, faces, strict=True))),
        board.laws,
        board.patterns,
        board.objectives,
    )
    for flag in (False, True):
        a = score_board(board, all_face_up_at_end=flag)
        b = score_board(turned, all_face_up_at_end=flag)
        assert a.total == b.total
        assert [(c.card.id, c.points) for c in a.cards] == [(c.card.id, c.points) for c in b.cards]
        assert a.gods == b.gods
    # with the flag read from the boards, only the cards that read it differ
    a, b = score_board(board), score_board(turned)
    for x, y in zip(a.cards, b.cards, strict=True):
        if not uses_all_face_up(x.card.lines):
            assert x.points == y.points
    for x, y in zip(a.laws + a.objectives, b.laws + b.objectives, strict=True):
        assert x.points == y.points
    assert [p.points for p in a.patterns] == [p.points for p in b.patterns]


@QUICK
@given(st.data())
def test_all_face_up_at_end_is_the_one_exception(data):
    """A card that rewards ending all face up (R21) sees the face state from
    before the final reveal; nothing else does."""
    bonus = m.MythCard(
        "bonus",
        "Bonus",
        (),
        "god",
        "greek",
        m.Provenance.RECONSTRUCTED,
        lines=(m.Fixed(3, m.AllFaceUpAtEnd()), m.Fixed(1)),
    )
    pool = [c for c in bundled("myth") if not uses_all_face_up(c)][: SIZE - 1] + [bonus]
    area = data.draw(areas(cards=pool, face=st.just(True)))
    down = data.draw(st.integers(0, SIZE - 1))
    cells = list(area.cells)
    cells[down] = Placed(cells[down].card, False)
    up_report = score_board(Board(area))
    down_report = score_board(Board(Area(tuple(cells))))
    assert up_report.total - down_report.total == 3
    by_id = {c.card.id: c.points for c in down_report.cards}
    assert by_id["bonus"] == 1
    assert {c.card.id: c.points for c in up_report.cards} == {**by_id, "bonus": 4}


# ------------------------------------------------------------ mirror symmetry


ASYMMETRIC_RELATIONS = {m.RelationKind.LEFT_OF, m.RelationKind.RIGHT_OF}


def mirror_symmetric(node) -> bool:
    """Left-right mirroring (column c -> 5 - c) keeps rows, adjacency (R4, R5),
    above/below (R2), 'between' (R3 takes either order), corners and their
    opposites (R7: front 1 - back 4 becomes front 4 - back 1), groups (R6).
    It breaks left/right of, named columns and cells. The largest group is
    left out too: on a tie between two groups the evaluator takes the one
    nearest the front-left, which a mirror can change."""
    for n in walk(node):
        if isinstance(n, m.Relation) and n.kind in ASYMMETRIC_RELATIONS:
            return False
        if isinstance(n, (m.InColumn, m.AtCell)):
            return False
        if isinstance(n, m.Scope) and n.kind in (
            m.ScopeKind.NAMED_COLUMN,
            m.ScopeKind.LARGEST_GROUP,
        ):
            return False
    return True


def card_totals(board: Board) -> dict[str, int]:
    return {c.card.id: c.points for c in score_board(board).cards}


def mirrored(board: Board) -> Board:
    """The board seen in a mirror: the area and the laws' columns flipped.
    Patterns are never mirrored (R14), so completion is given, not judged."""
    laws = tuple(
        LawPlacement(p.law, row=p.row)
        if p.row is not None
        else LawPlacement(p.law, column=5 - p.column)
        for p in board.laws
    )
    return Board(board.area.mirrored(), laws, board.patterns, board.objectives)


held_given = st.lists(
    st.builds(HeldPattern, st.sampled_from(bundled("pattern")), st.booleans()), max_size=3
).map(tuple)


@FAST
@given(
    areas(cards=[c for c in bundled("myth") if mirror_symmetric(c.lines)]),
    law_placements(),
    held_given,
)
def test_mirrored_board_scores_the_same_for_symmetric_cards(area, placements, held):
    board = Board(area, placements, held)
    assert all(mirror_symmetric(p.law.lines) for p in placements)  # bundled laws are
    report, flipped = score_board(board), score_board(mirrored(board))
    assert {c.card.id: c.points for c in report.cards} == {
        c.card.id: c.points for c in flipped.cards
    }
    assert [law.points for law in report.laws] == [law.points for law in flipped.laws]
    assert report.total == flipped.total


def test_mirror_filter_keeps_most_bundled_cards():
    """The property above is only worth something if it sees cards."""
    symmetric = [c for c in bundled("myth") if mirror_symmetric(c.lines)]
    assert len(symmetric) >= SIZE
    assert mirror_symmetric(m.Fixed(1, m.Relation(m.RelationKind.NEXT_TO, m.AnyCard())))
    assert not mirror_symmetric(m.Fixed(1, m.Relation(m.RelationKind.LEFT_OF, m.AnyCard())))


def scorable(node) -> bool:
    """Lint-clean as far as the evaluator cares: 'per 0' is DL602, and the
    evaluator (like the CLI, which loads strictly) assumes it never sees one."""
    return all(n.per >= 1 for n in walk(node) if isinstance(n, m.PerCount))


def symmetrize(node):
    """The same tree with every mirror-sensitive part swapped for a symmetric
    one (cheaper than filtering random trees for symmetric ones)."""
    if isinstance(node, tuple):
        return tuple(symmetrize(item) for item in node)
    if not attrs.has(type(node)):
        return node
    node = attrs.evolve(
        node,
        **{
            f.name: symmetrize(getattr(node, f.name))
            for f in attrs.fields(type(node))
            if f.name != "span"
        },
    )
    if isinstance(node, m.Relation) and node.kind in ASYMMETRIC_RELATIONS:
        return m.Relation(m.RelationKind.NEXT_TO, node.target)
    if isinstance(node, m.InColumn):
        return m.InCorner()
    if isinstance(node, m.AtCell):
        return m.InRow(node.row)
    if isinstance(node, m.Scope) and node.kind is m.ScopeKind.NAMED_COLUMN:
        return m.Scope(m.ScopeKind.NAMED_ROW, row=m.Row.CENTRAL)
    if isinstance(node, m.Scope) and node.kind is m.ScopeKind.LARGEST_GROUP:
        return m.Scope(m.ScopeKind.SURROUNDINGS)
    if isinstance(node, m.PerCount) and node.per < 1:
        return attrs.evolve(node, per=1)
    return node


symmetric_lines = tup(scoring_lines(1).map(symmetrize), 2, 1)


@st.composite
def random_symmetric_cards(draw):
    """Authored cards with random symmetric lines, mixed into bundled ones."""
    cards = []
    for index in range(draw(st.integers(1, 4))):
        cards.append(
            m.MythCard(
                f"random-{index}",
                "R",
                (),
                draw(st.sampled_from(TYPES)),
                draw(st.sampled_from(MYTHOLOGIES)),
                m.Provenance.RECONSTRUCTED,
                weights=draw(
                    tup(st.builds(m.Weight, st.integers(1, 3), st.sampled_from(TYPES)), 1)
                ),
                lines=draw(symmetric_lines),
            )
        )
    return cards


@QUICK
@given(random_symmetric_cards(), st.data())
def test_mirror_symmetry_for_random_symmetric_cards(cards, data):
    assert all(mirror_symmetric(card.lines) and scorable(card.lines) for card in cards)
    pool = cards + bundled("myth")
    # draw indices, not cards: keeps Hypothesis' reports small
    faces = data.draw(st.lists(st.booleans(), min_size=SIZE, max_size=SIZE))
    chosen = [pool[i] for i in data.draw(picks(len(pool)))]
    assume(any(card in cards for card in chosen))
    area = Area(tuple(Placed(card, up) for card, up in zip(chosen, faces, strict=True)))
    assert card_totals(Board(area)) == card_totals(Board(area.mirrored()))


def test_left_of_is_not_mirror_symmetric():
    """The filter is needed: 'left of' changes under a mirror."""
    card = m.MythCard(
        "lefty",
        "L",
        (),
        "god",
        "greek",
        m.Provenance.RECONSTRUCTED,
        lines=(m.Fixed(2, m.Relation(m.RelationKind.LEFT_OF, m.AnyCard())),),
    )
    others = bundled("myth")[: SIZE - 1]
    area = Area(tuple(Placed(c) for c in [card] + others))  # front 1, card to its right
    assert card_totals(Board(area))["lefty"] == 2
    assert card_totals(Board(area.mirrored()))["lefty"] == 0


# The strategy that draws each union of language/model (a new union needs one).
UNION_STRATEGIES = {
    "Selector": selectors(2),
    "Countable": countables(1),
    "Condition": conditions(1),
    "Position": relations(1),
    "ScoringLine": scoring_lines(1),
    "Effect": effects,
    "SetupStep": setup_steps,
    "RuleChange": rule_changes,
    "Definition": definitions,
}


@pytest.mark.parametrize("union", sorted(UNION_STRATEGIES))
def test_the_strategies_draw_every_member_of_every_union_in_the_model(union):
    """A new node kind added to a union of language/model (typing.get_args
    of each) fails here until the strategies above draw it: one search per
    union, generation only, stopping as soon as every kind has been seen."""
    unions = {n for n in dir(m) if typing.get_origin(getattr(m, n)) is typing.Union}
    assert unions == set(UNION_STRATEGIES)  # a new union needs its strategy
    wanted = set(members(getattr(m, union)))
    seen: set[type] = set()

    def covers(tree) -> bool:
        seen.update(type(node) for node in walk(tree))
        return wanted <= seen

    search = settings(
        max_examples=5000,
        phases=[Phase.generate],
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    with contextlib.suppress(NoSuchExample):  # every kind seen is what it looks for
        find(UNION_STRATEGIES[union], covers, settings=search)
    assert sorted(kind.__name__ for kind in wanted - seen) == []
