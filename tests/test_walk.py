"""The one dispatcher (language/walk.py): every back end handles every node kind
of every union it reads, an unknown node raises, and the keyword list agrees
with the grammar."""

from __future__ import annotations

import string
import typing

import attrs
import pytest
from attrs import frozen

from dioses_rules.engine import effects, game, setup_deal, setup_steps  # noqa: F401  (back ends register on import)
from dioses_rules.language import (
    english,
    english_definitions,
    source,
    source_definitions,
    spanish_definitions,
    vocabulary,
)
from dioses_rules.language import model as m
from dioses_rules.language.lexing import lark_parser
from dioses_rules.language.lower import Scoping
from dioses_rules.language.walk import DISPATCHES, Dispatch, UnhandledNode, members
from dioses_rules.pool import lint, lint_context, lint_setup  # noqa: F401
from dioses_rules.scoring import compiler, evaluator, extremes, wide  # noqa: F401
from dioses_rules.solve import compiler as solve_compiler  # noqa: F401
from dioses_rules.solve import reading  # noqa: F401

# Every back end that reads predicate trees, with the unions it must cover
# (a subclass's tables are its own plus the ones it inherits, merged). A back
# end dropping out of this list (or a new one not in it) fails below.
_ENGLISH = {
    "noun_phrase": m.Selector,
    "countable": m.Countable,
    "position": m.Position,
    "condition": m.Condition,
    "line": m.ScoringLine,
}
_CARD_TEXT = {
    **_ENGLISH,
    "effect_phrase": m.Effect,
    "definition": m.Definition,
    "setup_step": m.SetupStep,
    "rule": m.RuleChange,
}
_COUNTS = {"selector": m.Selector, "countable": m.Countable, "scope": Scoping}
_PLACEMENT = {"match": m.Selector}
_EFFECT_SOURCE = {"effect": m.Effect, "setup_step": m.SetupStep, "rule": m.RuleChange}
BACK_ENDS = {
    "Evaluator": {
        "match": m.Selector,
        "judge": m.Condition,
        "countable": m.Countable,
        "line_points": m.ScoringLine,
        "scope_cells": Scoping,
    },
    "Compiler": {**_COUNTS, "condition": m.Condition, "line": m.ScoringLine},
    "WideCompiler": {
        "condition": m.Condition,
        "countable": m.Countable,
        "line": m.ScoringLine,
        "scope": Scoping,
    },
    "EffectWriter": _EFFECT_SOURCE,
    "SourceWriter": {
        "selector_term": m.Selector,
        "condition": m.Condition,
        "countable": m.Countable,
        "line": m.ScoringLine,
        **_EFFECT_SOURCE,
    },
    "DefinitionWriter": {"layout": typing.Union[m.CardSet, m.Definition]},
    "EnglishNouns": {"noun_phrase": m.Selector, "countable": m.Countable},
    "EnglishWriter": _ENGLISH,
    "CardTextWriter": _CARD_TEXT,
    "SpanishWriter": _ENGLISH,
    "SpanishCardWriter": _CARD_TEXT,
    "ContextChecker": {"selector": m.Selector, "countable": m.Countable, "condition": m.Condition},
    "DefinitionChecker": {"definition": m.Definition},
    "EffectRules": {"effect": m.Effect},
    "Game": {"effect": m.Effect},  # the game is its own effects' rules (EffectRules)
    "SetupRules": {"step": m.SetupStep},  # the game plays every setup step
    "SetupDeal": {"step": m.SetupStep},  # what each step takes from the deck
    "SetupChecks": {"step": m.SetupStep, "rule": m.RuleChange},  # the linter checks each
    # a line's least and most points, and the most a count can count
    "LineBounds": {"bounds": m.ScoringLine, "most": m.Countable},
    "PlacementSelectors": _PLACEMENT,
    # what the solver reads of a scenario's setup and rules (solve/reading.py)
    "ScenarioReading": {"step": m.SetupStep, "rule": m.RuleChange, "effect": m.Effect},
    "TreeCompiler": {
        **_PLACEMENT,
        "judge": m.Condition,
        "countable": m.Countable,
        "line_points": m.ScoringLine,
        "scope_cells": Scoping,
    },
}
LIBRARY_DISPATCHES = [
    (owner, name, dispatch)
    for owner, name, dispatch in DISPATCHES
    if owner.__module__.startswith("dioses_rules.")
]


def test_every_back_end_is_listed_with_every_dispatch_it_declares():
    declared: dict[str, dict] = {}
    for owner, name, dispatch in LIBRARY_DISPATCHES:
        declared.setdefault(owner.__name__, {})[name] = members(dispatch.union)
    expected = {
        owner: {name: members(union) for name, union in tables.items()}
        for owner, tables in BACK_ENDS.items()
    }
    assert declared == expected


@pytest.mark.parametrize(
    "owner, name, dispatch",
    LIBRARY_DISPATCHES,
    ids=[f"{o.__name__}.{n}" for o, n, _ in LIBRARY_DISPATCHES],
)
def test_each_back_end_handles_every_member_of_its_union(owner, name, dispatch):
    assert dispatch.missing() == [], (
        f"{owner.__module__}.{owner.__name__}.{name} has no method for {dispatch.missing()}"
    )


def test_every_node_class_of_the_model_is_in_a_union_some_back_end_reads():
    """A node class outside every union would be invisible to the coverage test."""
    read = set().union(*(dispatch.kinds for _, _, dispatch in LIBRARY_DISPATCHES))
    helpers = {
        m.Span,
        m.Scope,
        m.Count,
        m.FactCount,
        m.Weight,
        m.CellRef,
        m.Setting,
        m.PatternCell,
        m.CardFile,
        m.WordDecl,
    }
    nodes = {
        value
        for value in vars(m).values()
        if isinstance(value, type) and hasattr(value, "__attrs_attrs__")
    }
    assert nodes - read - helpers == set()


@frozen
class Foreign:
    """A node kind no back end knows."""


def test_an_unknown_node_kind_raises_naming_the_back_end():
    with pytest.raises(UnhandledNode, match=r"SourceWriter\.condition has no method for Foreign"):
        source.condition_text(Foreign())
    with pytest.raises(UnhandledNode, match=r"Evaluator\.judge"):
        evaluator.Evaluator(evaluator.Area()).holds(Foreign(), None)


def test_a_dispatch_refuses_a_class_outside_its_union_and_a_second_method():
    table = Dispatch(m.Selector)
    with pytest.raises(TypeError, match="Relation is not a member"):
        table.on(m.Relation)(lambda self, node: None)
    table.on(m.AnyCard)(lambda self, node: None)
    with pytest.raises(TypeError, match="registered twice"):
        table.on(m.AnyCard)(lambda self, node: None)


def test_each_source_template_says_its_nodes_fields_with_the_writers_methods():
    """#26: a kind with a source template (source.py, source_effects.py) is
    written by it alone, each of its fields an attribute of the node and each
    spec a method of the writer; the template fills as the grammar spells it."""
    writer = source.SourceWriter()
    tables = [writer.selector_term, writer.condition, writer.line, writer.effect]
    tables += [writer.setup_step, writer.rule]
    handlers = {k: v for table in tables for k, v in table.dispatch.handlers.items()}
    for kind, template in writer.TEMPLATES.items():
        assert handlers[kind].__name__ in ("filled", "_filled"), kind
        for _, name, spec, _ in string.Formatter().parse(template):
            if name is not None:
                assert name in attrs.fields_dict(kind), (kind, name)
                assert not spec or callable(getattr(writer, spec)), (kind, spec)
    assert writer.condition(m.AtCell(m.Row.BACK, 2)) == "at back 2"
    assert writer.rule(m.Lock(("hera", "zeus"))) == "lock hera, zeus"
    assert writer.selector(m.FaceIs(False), many=True) == "face-down cards"


def test_the_writers_module_functions_are_the_dispatching_methods():
    assert source.condition_text(m.InCorner()) == "in a corner"
    assert source_definitions.definition_text(m.CardSet("s", "S")) == 'set s "S" {\n}'
    assert english.EnglishWriter().condition(m.InCorner()) == "it is in a corner"
    assert english_definitions.CardTextWriter().effect(m.DrawLaw(2)) == "draw 2 Laws"
    assert spanish_definitions.SpanishCardWriter().effect(m.DrawLaw(2)) == "roba 2 Leyes"


def grammar_keywords() -> set[str]:
    return {t.pattern.value for t in lark_parser().terminals if t.pattern.type == "str"}


@pytest.mark.parametrize("table", ["CARD", "FACES", "ARTICLES", "SELF_WORDS", "DEFINITIONS"])
def test_every_word_of_the_vocabulary_is_a_keyword_of_the_grammar(table):
    words = getattr(vocabulary, table)
    words = set(words) | (set(words.values()) if isinstance(words, dict) else set())
    assert words <= grammar_keywords()


# ---------------------------------------------------------------- inheritance (#26)


class _Parent:
    selector = Dispatch(m.Selector)

    @selector.on(m.AnyCard)
    def _any(self, node):
        return "parent any"

    @selector.on(m.TypeIs, m.MythologyIs)
    def _word(self, node):
        return "parent word"


def test_a_subclass_overrides_an_entry_by_defining_a_method_of_the_same_name():
    class Child(_Parent):
        def _word(self, node):
            return "child word"

    assert Child().selector(m.TypeIs("god")) == "child word"
    assert Child().selector(m.MythologyIs("greek")) == "child word"  # every kind it served
    assert Child().selector(m.AnyCard()) == "parent any"
    assert _Parent().selector(m.TypeIs("god")) == "parent word"  # the parent's table is its own
    with pytest.raises(UnhandledNode, match=r"Child\.selector has no method for FaceIs"):
        Child().selector(m.FaceIs(True))


def test_a_subclass_declaring_the_dispatch_again_merges_and_overrides_the_parents_table():
    class Child(_Parent):
        selector = Dispatch(m.Selector)

        @selector.on(m.AnyCard)
        def _card(self, node):
            return "child card"

        @selector.on(m.FaceIs)
        def _face(self, node):
            return "child face"

    class Grandchild(Child):
        def _face(self, node):
            return "grandchild face"

    assert Child().selector(m.AnyCard()) == "child card"
    assert Child().selector(m.TypeIs("god")) == "parent word"
    assert Grandchild().selector(m.FaceIs(True)) == "grandchild face"
    assert Grandchild().selector(m.AnyCard()) == "child card"
    assert _Parent().selector(m.AnyCard()) == "parent any"
    assert {(o.__name__, n) for o, n, _ in DISPATCHES if o in (Child, Grandchild)} == {
        ("Child", "selector"),
        ("Grandchild", "selector"),
    }


def test_tables_merge_along_the_method_resolution_order():
    class Other:
        condition = Dispatch(m.Condition)

        @condition.on(m.InCorner)
        def _corner(self, node):
            return "other corner"

    class Left(_Parent):
        def _any(self, node):
            return "left any"

    class Both(Left, Other):
        def _corner(self, node):
            return "both corner"

    assert Both().selector(m.AnyCard()) == "left any"
    assert Both().condition(m.InCorner()) == "both corner"
    assert Both().selector(m.TypeIs("god")) == "parent word"


def test_one_name_for_two_meanings_is_refused_when_the_class_is_created():
    with pytest.raises(
        TypeError,
        match=r"Clash\._any overrides the method selector calls for "
        r"AnyCard, but is registered for condition \(InCorner\)",
    ):

        class Clash(_Parent):
            condition = Dispatch(m.Condition)

            @condition.on(m.InCorner)
            def _any(self, node):
                return "a corner"

    with pytest.raises(TypeError, match="would hide the dispatching method selector"):

        class Hides(_Parent):
            def selector(self, node):
                return "everything"

    with pytest.raises(TypeError, match="is declared over"):

        class OtherUnion(_Parent):
            selector = Dispatch(m.Condition)


def test_a_table_over_an_enum_is_checked_total_when_built():
    from dioses_rules.language.walk import total

    assert total(m.Row, {row: row.value for row in m.Row}, "rows")[m.Row.BACK] == "back"
    with pytest.raises(TypeError, match="rows is not total: missing BACK; unknown none"):
        total(m.Row, {m.Row.FRONT: "f", m.Row.CENTRAL: "c"}, "rows")


def test_the_spanish_writers_are_the_english_ones_with_spanish_words():
    """#26: Spanish subclasses English and says only what differs; its words
    (locale/es/card-text.toml) have exactly the English file's entries."""
    assert issubclass(spanish_definitions.SpanishCardWriter, english_definitions.CardTextWriter)
    assert issubclass(spanish_definitions.SpanishCardWriter, english.EnglishWriter)
    en = english_definitions.CardTextWriter.WORDS
    es = spanish_definitions.SpanishCardWriter.WORDS
    assert (en.lang, es.lang) == ("en", "es")
    assert set(es.phrases) == set(en.phrases)
    assert {k: set(v) for k, v in es.ones.items()} == {k: set(v) for k, v in en.ones.items()}
    assert {k: set(v) for k, v in es.twos.items()} == {k: set(v) for k, v in en.twos.items()}
    assert all(set(table) == set(en.effects["effects"]) for table in es.effects.values())
