"""Parsing and building: the identity fixture, the bundled cards, syntax errors
and the builder's diagnostics (fixture files drive tests; every
diagnostic has a code, a place and, where it can, a help line)."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from dioses_rules.errors import CardSyntaxError, DiosesError
from dioses_rules.language import model as m
from dioses_rules.language.builder import build, parse_card_text
from dioses_rules.language.headers import bundled_vocabulary, scan_header
from dioses_rules.language.lexing import lark_parser
from dioses_rules.language.parser import parse_tree
from dioses_rules.language.source_definitions import card_file_text
from dioses_rules.language.vocabulary import Vocabulary
from dioses_rules.resources import cards_dir

FIXTURES = Path(__file__).parent / "fixtures"
IDENTITY = FIXTURES / "identity.dioses"
BUNDLED = sorted(cards_dir().glob("*.dioses"))


def identity_text() -> str:
    return IDENTITY.read_text(encoding="utf-8")


# The fixture's set declares a mythology and a type of its own.
VOCABULARY = bundled_vocabulary().merged(Vocabulary(scan_header(identity_text()).words))


def identity_chunks() -> list[str]:
    """The fixture's definitions, one canonical text each (the printer puts
    one blank line between definitions and none inside one)."""
    return [chunk.strip("\n") + "\n" for chunk in identity_text().split("\n\n")]


def only(diagnostics, code):
    found = [d for d in diagnostics if d.code == code]
    assert found, f"no {code} in {[d.concise() for d in diagnostics]}"
    return found


# --------------------------------------------------------------- identity fixture


def test_identity_fixture_is_canonical():
    """print(parse(text)) == text for text already in canonical form."""
    text = identity_text()
    assert card_file_text(parse_card_text(text, str(IDENTITY)), VOCABULARY) == text


def test_identity_fixture_survives_parse_print_parse():
    card_file = parse_card_text(identity_text(), str(IDENTITY))
    assert (
        parse_card_text(card_file_text(card_file, VOCABULARY), vocabulary=VOCABULARY) == card_file
    )


@pytest.mark.parametrize("chunk", identity_chunks(), ids=lambda c: c.split('"')[0].strip())
def test_identity_definition_is_canonical_alone(chunk):
    card_file = parse_card_text(chunk, vocabulary=VOCABULARY)
    assert card_file_text(card_file, VOCABULARY) == chunk
    assert (
        parse_card_text(card_file_text(card_file, VOCABULARY), vocabulary=VOCABULARY) == card_file
    )


def test_identity_fixture_uses_every_grammar_rule():
    """Every named grammar rule and alias appears in the fixture's parse tree,
    except the article ("a greek"), which canonical text never prints (see
    test_non_canonical_spellings_print_canonically)."""
    parser = lark_parser()
    wanted = set()
    for rule in parser.rules:
        name = str(rule.alias or rule.origin.name)
        inlined = rule.options.expand1 and not rule.alias
        if not name.startswith("_") and not inlined:
            wanted.add(name)
    parsed = parse_tree(identity_text(), vocabulary=VOCABULARY)
    (tree,), diagnostics = parsed.trees, parsed.diagnostics
    assert diagnostics == []
    seen = {str(subtree.data) for subtree in tree.iter_subtrees()}
    # unknown_mythology and unknown_type only carry an undeclared word in a
    # Pattern cell to the builder, which reports it (DL101, DL102)
    assert wanted - seen == {"article", "unknown_mythology", "unknown_type"}


def test_identity_fixture_covers_every_vocabulary_word():
    """Every relation, scope, comparison, subject mode, trigger (but the
    engine-only START), node class and effect is in the fixture."""
    from dioses_rules.language.walk import iter_nodes as walk

    card_file = parse_card_text(identity_text())
    nodes = list(walk(card_file.definitions)) + [card_file.card_set]
    kinds = {type(node) for node in nodes}
    values = {getattr(node, "kind", None) for node in nodes}
    values |= {getattr(node, "comparison", None) for node in nodes}
    values |= {getattr(node, "mode", None) for node in nodes}
    assert set(m.RelationKind) <= values
    assert set(m.ScopeKind) <= values
    assert set(m.Comparison) <= values
    assert set(m.SubjectMode) <= values
    assert set(m.TriggerKind) - {m.TriggerKind.START} <= values
    assert set(m.Fact) <= {getattr(node, "fact", None) for node in nodes}
    every_class = set()
    for union in (
        m.Selector,
        m.Countable,
        m.Condition,
        m.ScoringLine,
        m.Effect,
        m.SetupStep,
        m.RuleChange,
        m.Definition,
    ):
        every_class |= set(typing.get_args(union))
    every_class |= {m.Scope, m.Weight, m.CellRef, m.Setting, m.CardSet, m.PatternCell}
    assert every_class - kinds == set()
    patterns = [d for d in card_file.definitions if isinstance(d, m.Pattern)]
    assert any(cell is None for p in patterns for row in p.shape for cell in row)


@pytest.mark.parametrize(
    "loose, canonical",
    [
        ("2 p if next to a greek god", "2 points if next to greek god"),
        ("2 points if next to an egyptian", "2 points if next to egyptian"),
        ("1 points per greeks in row", "1 point per greek in row"),
        ("1 point per 2 god", "1 point per 2 gods in area"),
        ("1 point if at least 2 greek cards in row", "1 point if at least 2 greeks in row"),
        (
            "1 point if at least 1 card that are next to it",
            "1 point if at least 1 card in area that is next to it",
        ),
        ("1 point if only gods", "1 point if only gods in area"),
        ("1 point if next to (greek)", "1 point if next to greek"),
        ("1 point if (next to greek)", "1 point if next to greek"),
        ("1 point if next to (face-up and greek)", "1 point if next to face-up greek"),
        ("1 point; 2 points", "1 point\n  2 points"),
    ],
)
def test_non_canonical_spellings_print_canonically(loose, canonical):
    """Articles, 'p', singular/plural, default scopes and redundant parentheses
    all read the same as the canonical text."""
    head = 'god x "X" greek printed {\n  '
    assert card_file_text(parse_card_text(head + loose + "\n}\n")) == head + canonical + "\n}\n"


def test_string_escapes_round_trip():
    text = 'god x "A \\"quoted\\" back\\\\slash" aka "Ödín" greek printed {\n}\n'
    card = parse_card_text(text).definitions[0]
    assert card.name == 'A "quoted" back\\slash'
    assert card.aliases == ("Ödín",)
    assert card_file_text(parse_card_text(text)) == text


# --------------------------------------------------------------- printer regressions


@pytest.mark.parametrize(
    "text",
    [
        # "scores" then a statement starting with "at": without the ";" the two
        # read as one "scores at least 20 points" condition.
        'scenario s 1 "S" printed {\n  victory {\n    hera scores;\n    at least 20 points\n  }\n}\n',
        # a leader ends in a count, which would swallow "of same ..." or "that is ..."
        'law l "L" printed {\n  1 point if at least 1 (the one of zeus with most gods in area that is '
        "next to hera) of same type in line\n}\n",
        'law l "L" printed {\n  1 point if at least 1 god in largest group of (the one of zeus with '
        "most gods in area) that is in a corner\n}\n",
        # a subject list starting with a selector word after a statement ending
        # in one: "greek" + "card, norse ..." would read "greek card"
        'scenario s 1 "S" printed {\n  victory {\n    every it right of greek;\n'
        "    card, norse not in area\n  }\n}\n",
    ],
)
def test_printer_keeps_ambiguous_trees_apart(text):
    card_file = parse_card_text(text)
    assert card_file_text(card_file) == text


@pytest.mark.parametrize("mode", list(m.SubjectMode))
def test_a_leader_ending_in_scores_keeps_its_subject_apart(mode):
    """A leader whose count ends in a bare "that is scores", then "at front 1":
    unclosed, LALR(1) reads "scores at" as the start of "scores at least N
    points" (DL001 unexpected 'front'; found by test_properties). The printed
    text parses back to the same tree, and is a fixed point."""
    leader = m.Leader(
        m.AnyCard(), m.Count(m.AnyCard(), m.Scope(m.ScopeKind.AREA), where=m.Scores(None))
    )
    condition = m.Subject(mode, (leader,), m.AtCell(m.Row.FRONT, 1))
    card_file = m.CardFile(
        None,
        (
            m.MythCard(
                "x", "X", (), "god", "greek", m.Provenance.PRINTED, lines=(m.Fixed(0, condition),)
            ),
        ),
    )
    text = card_file_text(card_file)
    assert parse_card_text(text) == card_file, text
    assert card_file_text(parse_card_text(text)) == text
    if mode is not m.SubjectMode.NONE:  # "... scores not at front 1" needs no parentheses
        assert "(the one of card with most cards in area that is scores) at front 1" in text


def test_scores_then_at_least_reads_as_two_statements():
    scenario = parse_card_text(
        'scenario s 1 "S" printed { victory { hera scores; at least 20 points } }'
    ).definitions[0]
    assert scenario.victory == (
        m.Subject(m.SubjectMode.SOME, (m.Named("hera"),), m.Scores()),
        m.Quantity(m.Comparison.AT_LEAST, 20, m.FactCount(m.Fact.TOTAL)),
    )


@pytest.mark.parametrize(
    "lines, scope",
    [
        (
            "1 point per egyptian in column 2\n  2 points",
            m.Scope(m.ScopeKind.NAMED_COLUMN, column=2),
        ),
        ("1 point per egyptian in column 2", m.Scope(m.ScopeKind.NAMED_COLUMN, column=2)),
        ("1 point per egyptian in column\n  3 points", m.Scope(m.ScopeKind.COLUMN)),
        ("1 point per egyptian in column\n  33 points", m.Scope(m.ScopeKind.COLUMN)),
        ("1 point per egyptian in column\n  -3 points", m.Scope(m.ScopeKind.COLUMN)),
    ],
)
def test_named_column_scope_and_own_column_scope(lines, scope):
    """'in column 2' is column 2; 'in column' followed by the next line's
    points is the card's own column (both can follow in the same parser state)."""
    text = f'god x "X" greek printed {{\n  {lines}\n}}\n'
    card = parse_card_text(text).definitions[0]
    assert card.lines[0].count.scope == scope
    assert card_file_text(parse_card_text(text)) == text


# --------------------------------------------------------------- bundled cards


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_cards_round_trip(path):
    card_file, diagnostics = build(path.read_text(encoding="utf-8"), str(path))
    assert diagnostics == []
    assert card_file.definitions
    printed = card_file_text(card_file)
    assert parse_card_text(printed) == card_file
    # and printing is a fixed point
    assert card_file_text(parse_card_text(printed)) == printed


def test_bundled_cards_keep_spans():
    path = cards_dir() / "base.dioses"
    card_file = parse_card_text(path.read_text(encoding="utf-8"), str(path))
    hera = next(d for d in card_file.definitions if d.id == "hera")
    assert hera.span.path == str(path)
    text_lines = path.read_text(encoding="utf-8").splitlines()
    assert text_lines[hera.span.line - 1].startswith("god hera")
    line = hera.lines[0]
    assert text_lines[line.span.line - 1][line.span.column - 1 :].startswith("2 points if")


# --------------------------------------------------------------- syntax errors


def test_missing_closing_brace_is_dl002_where_the_brace_opens():
    """The '{' that is never closed is named where it opens, once; the
    definition it opens is set aside (and known as broken)."""
    text = 'set s "S" {\n}\n\ngod x "A" greek printed {\n  2 points if next to greek\n'
    card_file, diagnostics = build(text, "f.dioses")
    (error,) = diagnostics
    assert (error.code, error.path, error.line, error.column) == ("DL002", "f.dioses", 4, 25)
    assert error.message == "this '{' is never closed"
    assert error.help == "add the '}' that ends this definition"
    assert card_file.broken == (("myth", "x"),)
    with pytest.raises(CardSyntaxError) as raised:
        parse_card_text(text, "f.dioses")
    assert "f.dioses:4:25: DL002" in str(raised.value)


def test_typo_in_keyword_is_dl001_with_suggestion():
    text = 'god x "A" greek printed {\n  2 points if nxt to greek\n}\n'
    card_file, diagnostics = build(text, "f.dioses")
    (error,) = diagnostics
    assert error.code == "DL001"
    assert (error.line, error.column) == (2, 15)  # the 'nxt' that could not start a relation
    assert "'nxt'" in error.message
    assert "did you mean 'next'" in error.help
    assert card_file.definitions == ()


def test_misspelled_keyword_after_a_keyword_suggests_the_keyword():
    text = 'god x "A" greek printed {\n  2 points if close ot greek\n}\n'
    (error,) = build(text)[1]
    assert (error.code, error.line, error.column) == ("DL001", 2, 21)
    assert "expected 'to'" in error.message


@pytest.mark.parametrize("char", ["@", "€", "!"])
def test_unknown_character_is_dl001(char):
    text = f'god x "A" greek printed {{\n  2 points if next to greek {char}\n}}\n'
    (error,) = build(text, "f.dioses")[1]
    assert error.code == "DL001"
    assert (error.line, error.column) == (2, 29)
    assert error.message.startswith(f"unexpected character {char!r}")
    full = error.full(text)
    assert full.splitlines()[-1] == "   | " + " " * 28 + "^"


def test_labelled_example_gives_help():
    text = 'god x "A" greek printed {\n  2 if next to greek\n}\n'
    (error,) = build(text)[1]
    assert error.code == "DL001"
    assert error.help == "a scoring line needs 'points' (or 'p') after the number"


def test_error_recovery_reports_both_errors_and_builds_the_good_definition():
    text = (
        'set s "S" {\n'  # 1
        "}\n"  # 2
        "\n"  # 3
        'god x "A" greek printed {\n'  # 4
        "  2 points if nxt to greek\n"  # 5
        "}\n"  # 6
        "\n"  # 7
        'god b "B" greek printed {\n'  # 8
        "  2 points if next to greek\n"  # 9
        "}\n"  # 10
        "\n"  # 11
        'law c "C" printed {\n'  # 12
        "  3 points if only gods in line line\n"  # 13
        "}\n"  # 14
    )
    card_file, diagnostics = build(text, "f.dioses")
    assert [(d.code, d.line, d.column) for d in diagnostics] == [
        ("DL001", 5, 15),
        ("DL001", 13, 33),
    ]
    assert card_file.card_set.id == "s"
    assert [d.id for d in card_file.definitions] == ["b"]
    (good,) = card_file.definitions
    assert good.span.line == 8
    assert good.lines == (m.Fixed(2, m.Relation(m.RelationKind.NEXT_TO, m.MythologyIs("greek"))),)


def test_parse_card_text_raises_the_projects_error_with_every_diagnostic():
    text = (
        'god x "A" greek printed {\n  2 points if nxt to greek\n}\ngod b "B" nordic printed {\n}\n'
    )
    with pytest.raises(DiosesError) as raised:
        parse_card_text(text, "f.dioses")
    assert [d.code for d in raised.value.diagnostics] == ["DL001", "DL102"]


# --------------------------------------------------------------- builder diagnostics


def test_unknown_mythology_is_dl102_with_suggestion():
    text = 'set s "S" {\n}\n\ngod odin "Odin" nordic printed {\n  1 point\n}\n'
    _, diagnostics = build(text, "f.dioses")
    (error,) = only(diagnostics, "DL102")
    assert (error.line, error.column) == (4, 17)
    assert error.message == "unknown mythology 'nordic'"
    assert error.help == "did you mean 'norse'?"
    assert error.concise() == (
        "f.dioses:4:17: DL102 unknown mythology 'nordic'\n  help: did you mean 'norse'?"
    )
    # A wrong header word is recorded and the rest of the definition still
    # checked; a file with any error never loads.
    with pytest.raises(CardSyntaxError) as raised:
        parse_card_text(text, "f.dioses")
    assert [d.code for d in raised.value.diagnostics] == ["DL102"]


def test_unknown_provenance_is_dl103():
    text = 'god x "A" greek printd {\n}\nlaw b "B" homemade {\n  1 point\n}\n'
    diagnostics = build(text)[1]
    first, second = only(diagnostics, "DL103")
    assert (first.line, first.column, first.help) == (1, 17, "did you mean 'printed'?")
    assert (second.line, second.column) == (3, 11)
    assert second.message == "unknown provenance 'homemade'"
    assert second.help == "expected one of: printed, named, reconstructed"


EVENT_CARD = 'god x "A" egyptian printed {{\n  {event}\n  1 point\n}}\n'


@pytest.mark.parametrize(
    "event, stated, origin",
    [
        ("event draw a law", None, m.Provenance.PRINTED),
        ("event draw a law reconstructed", m.Provenance.RECONSTRUCTED, m.Provenance.RECONSTRUCTED),
        ("event swap hera with zeus named", m.Provenance.NAMED, m.Provenance.NAMED),
        ("event discard top of goddesses printed", m.Provenance.PRINTED, m.Provenance.PRINTED),
    ],
)
def test_an_event_states_its_own_provenance_after_its_effects(event, stated, origin):
    """R27: Geb y Nut's scoring is printed and its event reconstructed, so an
    event may say where it comes from; left out, it is the card's."""
    (card,) = parse_card_text(EVENT_CARD.format(event=event)).definitions
    assert (card.event_provenance, card.event_origin, card.provenance) == (
        stated,
        origin,
        m.Provenance.PRINTED,
    )
    assert len(card.event) == 1 and card.lines == (m.Fixed(1, None),)


def test_a_card_without_an_event_has_no_event_provenance():
    (card,) = parse_card_text(EVENT_CARD.format(event="tags x")).definitions
    assert card.event_provenance is None and card.event_origin is None


def test_an_event_stated_in_two_statements_has_one_provenance():
    """A second 'event' statement may repeat the provenance or leave it out."""
    two = "event draw a law reconstructed\n  event swap 2 cards"
    (card,) = parse_card_text(EVENT_CARD.format(event=two)).definitions
    assert card.event == (m.DrawLaw(1), m.SwapAny(2))
    assert card.event_provenance is m.Provenance.RECONSTRUCTED


def test_an_event_provenance_stated_twice_differently_is_dl103():
    two = "event draw a law reconstructed\n  event swap 2 cards named"
    (found,) = only(build(EVENT_CARD.format(event=two))[1], "DL103")
    assert (found.line, found.column) == (3, 3)
    assert found.message == "the event's provenance is stated twice: 'reconstructed', then 'named'"


def test_an_unknown_word_after_an_event_is_a_syntax_error_with_a_suggestion():
    """The event's provenance is one of three keywords, so a misspelt one is
    caught where it stands (and the next statement is never read as one)."""
    diagnostics = build(EVENT_CARD.format(event="event draw a law reconstruted"))[1]
    (found,) = only(diagnostics, "DL001")
    assert (found.line, found.column) == (2, 20)
    assert found.help == "did you mean 'reconstructed'?"


def test_an_event_provenance_is_printed_back():
    text = EVENT_CARD.format(event="event draw a law, swap 2 cards reconstructed")
    assert card_file_text(parse_card_text(text)) == text


@pytest.mark.parametrize(
    "text, line, column",
    [
        ('god x "A" greek printed {\n  1 point if in midle row\n}\n', 2, 17),
        ('god x "A" greek printed {\n  1 point if at frnt 1\n}\n', 2, 17),
        ('god x "A" greek printed {\n  1 point per god in centre row\n}\n', 2, 22),
        ('scenario s 1 "S" printed {\n  setup {\n    place hera face-up at top 1\n  }\n}\n', 3, 27),
    ],
)
def test_unknown_row_is_dl104(text, line, column):
    (error,) = only(build(text)[1], "DL104")
    assert (error.line, error.column) == (line, column)
    assert error.message.startswith("unknown row")


def test_unknown_row_suggests_the_nearest():
    (error,) = build('god x "A" greek printed {\n  1 point if in midle row\n}\n')[1]
    assert error.help == "expected one of: front, central, back"
    (error,) = build('god x "A" greek printed {\n  1 point if in centrl row\n}\n')[1]
    assert error.help == "did you mean 'central'?"


@pytest.mark.parametrize(
    "text, line, column",
    [
        ('pattern p "P" easyy printed {\n  | any god |\n}\n', 1, 15),
        ('power p "P" printed cost 2 {\n  draw a tough pattern\n}\n', 2, 10),
    ],
)
def test_unknown_difficulty_is_dl105(text, line, column):
    (error,) = only(build(text)[1], "DL105")
    assert (error.line, error.column) == (line, column)
    assert "difficulty" in error.message


def test_unknown_difficulty_suggests_the_nearest():
    (error,) = build('pattern p "P" easyy printed {\n  | any god |\n}\n')[1]
    assert error.help == "did you mean 'easy'?"


@pytest.mark.parametrize(
    "word, fixed",
    [
        ("Big_Hera", "big-hera"),
        ("hera_2", "hera-2"),
        ("Zeus", "zeus"),
    ],
)
def test_non_kebab_id_is_dl106(word, fixed):
    text = f'\ngod {word} "X" greek printed {{\n}}\n'
    (error,) = build(text)[1]
    assert (error.code, error.line, error.column) == ("DL106", 2, 5)
    assert error.message == f"id '{word}' is not English kebab-case"
    assert error.help == f"write it as '{fixed}'"


def test_non_kebab_set_id_is_dl106():
    (error,) = build('set My_Set "S" {\n}\n')[1]
    assert (error.code, error.line, error.column) == ("DL106", 1, 5)


@pytest.mark.parametrize(
    "text, line, column",
    [
        ('god x "A" greek printed {\n  1 point if in column 5\n}\n', 2, 24),
        ('god x "A" greek printed {\n  1 point if at back 0\n}\n', 2, 22),
        ('god x "A" greek printed {\n  1 point per god in column 5\n}\n', 2, 29),
        (
            'scenario s 1 "S" printed {\n  setup {\n    place hera face-up at back 7\n  }\n}\n',
            3,
            32,
        ),
    ],
)
def test_column_outside_the_grid_is_dl108(text, line, column):
    (error,) = build(text)[1]
    assert (error.code, error.line, error.column) == ("DL108", line, column)
    assert error.help == "columns are numbered 1 to 4 from the left (R1)"


def test_builder_reports_every_problem_and_keeps_the_rest():
    text = (
        'god x "A" nordic printed {\n}\n'
        'god B "B" greek printed {\n}\n'
        'god c "C" greek printed {\n  1 point if in column 9\n}\n'
        'god d "D" greek printed {\n  1 point\n}\n'
    )
    card_file, diagnostics = build(text)
    assert [(d.code, d.line) for d in diagnostics] == [("DL102", 1), ("DL106", 3), ("DL108", 6)]
    # header mistakes keep the definition (an id under its fixed spelling, so
    # that references to it bring no second error) and the rest is checked;
    # a body mistake drops it (known as broken); the good one is built as written
    assert [d.id for d in card_file.definitions] == ["x", "b", "d"]
    assert card_file.broken == (("myth", "c"),)
    assert card_file.definitions[-1].lines == (m.Fixed(1),)


def test_second_set_header_is_dl205():
    text = 'set a "A" {\n}\nset b "B" {\n}\n'
    card_file, diagnostics = build(text, "f.dioses")
    (error,) = diagnostics
    assert (error.code, error.line, error.column) == ("DL205", 3, 1)
    assert card_file.card_set.id == "a"


def test_unknown_kind_in_expect_is_dl113():
    text = 'set s "S" {\n  expect 2 mith\n  expect 1 gods\n  expect 3 law\n}\n'
    card_file, diagnostics = build(text)
    first, second = diagnostics
    assert (first.code, first.line, first.column) == ("DL113", 2, 12)
    assert first.message == "unknown kind 'mith'"
    assert first.help == "did you mean 'myth'?"
    assert (second.code, second.line, second.column) == ("DL113", 3, 12)
    assert second.help.startswith("kinds: myth, event, law")
    # the good line is kept: one bad line does not drop the set
    assert card_file.card_set.expects == (("law", 3),)


@pytest.mark.parametrize("word", ["greek", "gods", "it", "face-up", "a", "the", "not"])
def test_myth_id_that_is_a_selector_word_is_dl114(word):
    """A Myth card id is named in selectors, so 'next to <id>' must mean it."""
    (error,) = build(f'\ngod {word} "W" greek printed {{\n}}\n')[1]
    assert (error.code, error.line, error.column) == ("DL114", 2, 5)
    assert error.message == f"id '{word}' is a word of the card language"


def test_tag_that_is_a_selector_word_is_dl114():
    text = 'god x "X" greek printed {\n  tags cards, throne\n}\n'
    (error,) = build(text)[1]
    assert (error.code, error.line) == ("DL114", 2)
    assert error.message == "tag 'cards' is a word of the card language"


def test_a_law_may_have_an_id_that_is_a_word():
    """Only Myth ids and tags are named in selectors."""
    assert build('law greek "G" printed {\n  3 points if only greeks in line\n}\n')[1] == []


def test_a_missing_points_word_is_reported_at_the_word_that_follows():
    """'2 per god' once lexed as '2 p' + 'er'; the points word is a whole word."""
    from dioses_rules.language.builder import build

    _, diagnostics = build('god x "X" greek printed {\n  2 per god\n}\n', "m.dioses")
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("DL001", 2, 5)]
    assert "unexpected 'per'; expected 'points' (or 'p')" in diagnostics[0].message
    assert diagnostics[0].help == "a scoring line needs 'points' (or 'p') after the number"
