"""One test per lint diagnostic code (dioses_rules/lint.py and registry.py),
each asserting the code, the place (file, line, column) and the help text.

Bad card files are written into ``tmp_path`` and linted together with the
bundled sets where the check needs them (``lint_sources`` sees only what it
is given)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from dioses_rules.errors import DiosesError, Severity
from dioses_rules.pool.lint import lint_sources
from dioses_rules.pool.sources import bundled_sources, read_sources

HEADER = 'set mod "Mod" {\n  requires base\n}\n'


def card(body: str) -> str:
    """A file of the set header (requiring base) and the dedented body."""
    return HEADER + textwrap.dedent(body)


@pytest.fixture(scope="module")
def bundled():
    return bundled_sources()


@pytest.fixture
def lint(tmp_path, bundled):
    """lint(text, *more, with_bundled=True) -> (diagnostics, paths)."""

    def run(*texts: str, with_bundled: bool = True):
        paths = []
        for index, text in enumerate(texts):
            path = tmp_path / f"mod{index}.dioses"
            path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
            paths.append(path)
        sources = (list(bundled) if with_bundled else []) + read_sources(paths)
        # Only what is said about these files: the bundled sets have their own
        # test (test_bundled_cards_lint_clean).
        mine = {str(path) for path in paths}
        return [d for d in lint_sources(sources) if d.path in mine], paths

    return run


def pos(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the nth occurrence of ``needle`` in the
    dedented text, as the diagnostics count them."""
    text = textwrap.dedent(text).lstrip("\n")
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def where(diagnostic) -> tuple[int, int]:
    return diagnostic.line, diagnostic.column


def with_code(diagnostics, code: str) -> list:
    return [d for d in diagnostics if d.code == code]


def suggests(help_text: str, *words: str) -> bool:
    """A did-you-mean help naming these words (the bundled sets grow, so
    other close names may join them)."""
    return help_text.startswith("did you mean ") and all(f"'{w}'" in help_text for w in words)


# --------------------------------------------------------------- clean


def test_bundled_cards_lint_clean(bundled):
    assert [d.concise() for d in lint_sources(bundled)] == []
    assert all(source.diagnostics == () for source in bundled)


def test_a_good_expansion_lints_clean(lint):
    text = card("""
    god zeus-two "Zeus II" greek reconstructed {
      tags thunder
      2 points if next to (hera or throne)
      1 point per greek god in row
    }

    law only-places "All places" reconstructed {
      3 points if only places in line
    }
    """)
    diagnostics, _ = lint(text)
    assert diagnostics == []


# --------------------------------------------------------------- names (DL109-DL112)


def test_dl109_unknown_name_in_a_selector_suggests_ids_and_tags(lint):
    text = card("""
    god alpha "A" greek printed {
      2 points if next to hra
      1 point if close to thrones
      1 point if next to throne
    }
    """)
    diagnostics, paths = lint(text)
    first, second = diagnostics
    assert (first.code, first.path, where(first)) == ("DL109", str(paths[0]), pos(text, "hra"))
    assert first.message == "unknown card id or tag 'hra'"
    assert suggests(first.help, "hera", "ra")
    assert (second.code, where(second)) == ("DL109", pos(text, "thrones"))
    assert suggests(second.help, "throne")  # a tag is a name in scope too


def test_dl109_in_a_scenario_condition_and_an_element(lint):
    text = card("""
    element heroes "Heroes" reconstructed {
      (herakles or zeus)
    }

    scenario s 9 "S" printed {
      victory {
        persefone below hades
      }
    }
    """)
    diagnostics, _ = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [
        ("DL109", pos(text, "herakles")),
        ("DL109", pos(text, "persefone")),
    ]
    assert suggests(diagnostics[1].help, "persephone")


def test_dl109_without_any_close_name_gives_general_help(lint):
    text = HEADER + 'god alpha "A" greek printed {\n  1 point if next to qqqqq\n}\n'
    (diagnostic,) = lint(text)[0]
    assert diagnostic.code == "DL109"
    assert diagnostic.help == (
        "name a card id or a tag; a new type or mythology is declared "
        'in the set header (type qqqqq "Name")'
    )


def test_dl109_for_an_undeclared_word_says_how_to_declare_it(lint):
    """'creature' is no card: the help says how to declare a type, besides the
    nearest card name."""
    text = HEADER + 'god alpha "A" greek printed {\n  1 point if next to creature\n}\n'
    (diagnostic,) = lint(text)[0]
    assert diagnostic.help.endswith(
        'Or: a new type or mythology is declared in the set header (type creature "Name")'
    )


def test_dl110_unknown_card_in_a_scenario_list(lint):
    text = card("""
    scenario s 9 "S" printed {
      setup {
        separate zeus, zues with 2 random cards
      }
      rules {
        lock hella
      }
    }
    """)
    diagnostics, _ = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [
        ("DL110", pos(text, "separate")),
        ("DL110", pos(text, "lock")),
    ]
    assert diagnostics[0].message == "no loaded set defines card 'zues'"
    assert suggests(diagnostics[0].help, "zeus")
    assert suggests(diagnostics[1].help, "hela")


def test_dl110_without_the_defining_set_says_how_to_load_it(lint):
    text = 'set solo-mod "S" {\n}\n\nscenario s 9 "S" printed {\n  rules {\n    lock hera\n  }\n}\n'
    (diagnostic,) = with_code(lint(text, with_bundled=False)[0], "DL110")
    assert where(diagnostic) == (6, 5)
    assert diagnostic.help == "load the set that defines it with --cards PATH"


def test_dl111_unknown_state_and_unknown_deck(lint):
    text = card("""
    scenario s 9 "S" printed {
      setup {
        aside hera, athena as goddesses
      }
      rules {
        when pattern completed: discard top of godesses as fairest
      }
      victory {
        the fairst close to apple
        the fairest close to apple
      }
    }
    """)
    diagnostics, _ = lint(text)
    deck, state = diagnostics
    assert (deck.code, where(deck)) == ("DL111", pos(text, "discard top"))
    assert deck.message == "unknown deck 'godesses'"
    assert deck.help == "did you mean 'goddesses'?"
    assert (state.code, where(state)) == ("DL111", pos(text, "the fairst"))
    assert state.message == "unknown scenario state 'the fairst'"
    assert state.help == "did you mean 'fairest'?"


def test_dl111_state_without_any_discard_explains_where_states_come_from(lint):
    text = HEADER + 'scenario s 9 "S" printed {\n  victory {\n    the chosen in area\n  }\n}\n'
    (diagnostic,) = lint(text)[0]
    assert diagnostic.code == "DL111"
    assert diagnostic.help == "a state is named by 'discard top of DECK as NAME' in the rules"


def test_dl112_unknown_rule_option(lint):
    text = card("""
    scenario s 9 "S" printed {
      mode sollo, lightning-token
    }
    """)
    (diagnostic,) = lint(text)[0]
    # At the mode's own line (issue #24: at the mistake's line).
    assert (diagnostic.code, where(diagnostic)) == ("DL112", pos(text, "mode sollo"))
    assert diagnostic.message == "unknown rule option 'sollo'"
    assert suggests(diagnostic.help, "solo")


# --------------------------------------------------------------- settings (DL107)


def test_dl107_unknown_setting_and_bad_values(lint):
    text = card("""
    option o "O" printed {
      set end-rul base
      set discard-piles two
      set end-rule equal-turn
      set power-cards 3
      set end-rule base
    }
    """)
    diagnostics, _ = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [
        ("DL107", pos(text, "set end-rul")),
        ("DL107", pos(text, "set discard-piles")),
        ("DL107", pos(text, "set end-rule equal-turn")),
        ("DL107", pos(text, "set power-cards")),
    ]
    unknown, number, value, choice = diagnostics
    assert unknown.message == "unknown setting 'end-rul'"
    assert unknown.help == "did you mean 'end-rule'?"
    assert number.message == "setting 'discard-piles' takes a number"
    assert value.message == "setting 'end-rule' cannot be 'equal-turn'"
    assert value.help == "did you mean 'equal-turns'?"
    assert choice.help == "expected one of: on, off"


# --------------------------------------------------------------- sets (DL201-DL206)


def test_dl201_duplicate_id_within_a_set(lint):
    text = card("""
    god alpha "A" greek printed {
      1 point
    }

    god alpha "A again" greek printed {
      1 point
    }

    law alpha "A law" printed {
      3 points if only gods in line
    }
    """)
    (diagnostic,) = lint(text)[0]  # a law may share an id with a card: other family
    assert (diagnostic.code, where(diagnostic)) == ("DL201", pos(text, "god alpha", 1))
    assert diagnostic.message == (
        f"duplicate id 'alpha' in set 'mod' (first defined at line {pos(text, 'god a')[0]})"
    )
    assert diagnostic.help == "every definition needs its own id"


def test_dl201_duplicate_id_across_sets(lint):
    text = HEADER + 'god hera "Hera again" greek printed {\n  1 point\n}\n'
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL201", pos(text, "god hera"))
    assert diagnostic.message == "duplicate id 'hera': set 'base' already defines it"
    assert diagnostic.help == (
        "rename it, or list it under 'replaces' in set 'mod' if it supersedes that card"
    )


def test_dl201_across_two_new_sets(lint):
    first = 'set one "One" {\n}\n\ngod x "X" greek printed {\n  1 point\n}\n'
    second = 'set two "Two" {\n  requires one\n}\n\nplace x "X" norse printed {\n  1 point\n}\n'
    diagnostics, paths = lint(first, second, with_bundled=False)
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.path, where(diagnostic)) == ("DL201", str(paths[1]), (5, 1))


def test_replaces_supersedes_without_dl201(lint):
    text = (
        'set mod "Mod" {\n  requires base\n  replaces hera\n}\n\n'
        'god hera "Hera" greek printed {\n  3 points if next to egyptian\n}\n'
    )
    assert lint(text)[0] == []


def test_dl202_replaces_a_nonexistent_id(lint):
    text = """
    set mod "Mod" {
      requires base
      replaces hera, zeuss
    }

    god hera "Hera 2" greek printed {
      1 point
    }
    """
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL202", pos(text, "replaces hera, zeuss"))
    assert diagnostic.message == "set 'mod' replaces unknown id 'zeuss'"
    assert suggests(diagnostic.help, "zeus")


def test_dl203_requires_unknown_set(lint):
    text = 'set mod "Mod" {\n  requires bse\n}\n'
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL203", (2, 3))  # at its line (#24)
    assert diagnostic.message == "set 'mod' requires unknown set 'bse'"
    assert diagnostic.help == "did you mean 'base'?"


def test_dl203_without_a_close_name_says_to_load_it(lint):
    (diagnostic,) = lint('set mod "Mod" {\n  requires zzz\n}\n', with_bundled=False)[0]
    assert diagnostic.code == "DL203"
    assert diagnostic.help == "load the required set's file too (--cards PATH)"


def test_dl204_duplicate_set_id(lint):
    text = '\nset base "Another base" {\n}\n'
    diagnostics, paths = lint(text)
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.path, where(diagnostic)) == ("DL204", str(paths[0]), (1, 1))
    assert diagnostic.message.startswith("set 'base' is already defined in ")
    assert diagnostic.message.endswith("base.dioses")
    assert diagnostic.help == "give this set its own id"


def test_dl205_definitions_outside_a_set(lint):
    text = '# no header\n\ngod alpha "A" greek printed {\n  1 point\n}\n'
    diagnostics, paths = lint(text)
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.path, where(diagnostic)) == ("DL205", str(paths[0]), (3, 1))
    assert diagnostic.message == "definitions outside a set"
    assert diagnostic.help == 'start the file with a set header: set my-set "My set" { }'


def test_dl205_second_set_header_in_one_file(lint):
    text = 'set one "One" {\n}\n\nset two "Two" {\n}\n'
    (diagnostic,) = lint(text, with_bundled=False)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL205", (4, 1))
    assert diagnostic.help == "put each set in its own file"


def test_dl206_replaces_without_defining_is_a_warning(lint):
    text = 'set mod "Mod" {\n  requires base\n  replaces hera\n}\n'
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL206", (3, 3))  # at its line (#24)
    assert diagnostic.severity is Severity.WARNING
    assert not diagnostic.is_error
    assert diagnostic.message == "set 'mod' replaces 'hera' but does not define it"
    assert diagnostic.help == "add the redesigned card, or drop it from 'replaces'"
    assert "DL206 warning:" in diagnostic.concise()


def test_dl207_set_defines_other_counts_than_it_expects(lint):
    text = """
    set mod "Mod" {
      requires base
      expect 2 myth
      expect 1 law
      expect 1 pattern
    }

    god alpha "A" greek printed {
      1 point
    }

    pattern shape "Shape" easy printed {
      | any god |
    }
    """
    diagnostics, _ = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [
        ("DL207", pos(text, "expect 2 myth")),
        ("DL207", pos(text, "expect 1 law")),
    ]
    assert {d.message for d in diagnostics} == {
        "set 'mod' expects 2 myth definitions but defines 1",
        "set 'mod' expects 1 law definitions but defines 0",
    }
    assert diagnostics[0].help == "add or remove definitions, or correct the 'expect' line"


def test_bundled_sets_define_what_they_expect(bundled):
    """The bundled headers may state their counts; they must hold."""
    assert not [d for d in lint_sources(bundled) if d.code == "DL207"]


# --------------------------------------------------------------- patterns (DL301, DL302)


def test_dl301_pattern_larger_than_the_grid(lint):
    text = card("""
    pattern tall "Tall" easy printed {
      | any god |
      | any god |
      | any god |
      | any god |
    }

    pattern wide "Wide" easy printed {
      | any god | _ | _ | _ | any god |
    }

    pattern fits "Fits" hard printed {
      | any god | _ | _ | any god |
      | _       | _ | _ | _       |
      | any god | _ | _ | any god |
    }
    """)
    diagnostics, _ = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [
        # at the row that does not fit (issue #24: at the mistake's line)
        ("DL301", pos(text, "any god", 3)),
        ("DL301", pos(text, "any god", 4)),
    ]
    assert diagnostics[0].message == "a 4x1 pattern does not fit the 3x4 grid"
    assert diagnostics[1].message == "a 1x5 pattern does not fit the 3x4 grid"
    assert diagnostics[0].help == "patterns have at most 3 rows and 4 columns (R1, R14)"


def test_dl302_ragged_or_empty_pattern(lint):
    text = card("""
    pattern ragged "Ragged" easy printed {
      | any god | any god |
      | any god |
    }

    pattern gaps "Gaps" easy printed {
      | _ | _ |
    }

    pattern empty "Empty" easy printed {
    }
    """)
    diagnostics, _ = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [
        ("DL302", pos(text, "any god", 2)),  # the row of another length
        ("DL302", pos(text, "pattern gaps")),
        ("DL302", pos(text, "pattern empty")),
    ]
    assert diagnostics[0].message == "pattern rows have different lengths"
    assert diagnostics[0].help == "pad short rows with '_' cells"
    assert (
        diagnostics[1].message == diagnostics[2].message == "a pattern needs at least one card cell"
    )
    assert diagnostics[2].help == "cells are written like '| greek god | any object |'"


# --------------------------------------------------------------- contexts (DL401-DL404)


@pytest.mark.parametrize(
    "line, needle, message, help_text",
    [
        (
            "3 points if next to greek",
            "next to",
            "a law cannot see 'next to greek' without a card to judge",
            "a law has no card of its own: use 'only ... in line'",
        ),
        (
            "3 points if in area",
            "in area",
            "a law cannot see 'in area' without a card to judge",
            "a law has no card of its own: use 'only ... in line'",
        ),
        (
            "3 points if hera in area",
            "hera",
            "a law cannot see the whole area through a subject: a law judges only its line (R13)",
            "use 'only', 'no' or a count 'in line'",
        ),
        (
            "3 points if at least 2 gods in row",
            "row",
            "a law cannot see its own 'row': no card is being judged",
            "use 'line'",
        ),
        (
            "1 point per god in area",
            "area",
            "a law cannot see 'area': a law judges only its own row or column (R13)",
            "use 'line'",
        ),
        (
            "3 points if no greeks in front row",
            "front row",
            "a law cannot see 'front row': a law judges only its own row or column (R13)",
            "use 'line'",
        ),
        (
            "3 points if at least 1 patterns completed",
            "patterns",
            "a law cannot see 'patterns completed'",
            "count cards instead",
        ),
        (
            "3 points if at least 1 (card of same type) in line",
            "type",
            "a law cannot see 'it' or 'of same ...' here: no card is being judged",
            "use it inside a card's own line or after a subject",
        ),
    ],
)
def test_dl401_a_law_sees_only_its_line(lint, line, needle, message, help_text):
    """R13: a law's condition is judged on the cards of its own row or column."""
    text = HEADER + f'\nlaw l "L" printed {{\n  {line}\n}}\n'
    diagnostics, _ = lint(text)
    assert [d.code for d in diagnostics] == ["DL401"]
    (diagnostic,) = diagnostics
    line_no, column = pos(text, needle, text.count(needle) - 1)
    assert diagnostic.line == line_no
    assert diagnostic.column <= column  # at the node: the relation, the scope, the subject...
    assert (diagnostic.message, diagnostic.help) == (message, help_text)


def test_dl401_positions_in_a_law(lint):
    text = card("""
    law l "L" printed {
      3 points if only gods in line and next to greek
      1 point per god in row
    }
    """)
    diagnostics, _ = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [
        ("DL401", pos(text, "next to")),
        ("DL401", pos(text, "row")),
    ]


def test_a_law_may_count_and_quantify_its_line(lint):
    text = card("""
    law l "L" printed {
      3 points if only gods in line
      1 point per greek in line
      2 points if more norse in line than greeks in line
      2 points if at least 2 gods in line that are next to place
    }
    """)
    assert lint(text)[0] == []


@pytest.mark.parametrize(
    "definition, needle, message, help_text",
    [
        (
            'goal g "G" printed {\n  1 point per god in line\n}',
            "line",
            "an objective goal cannot see 'line': only a law sits on a row or column",
            "use 'row', 'column' or 'area'",
        ),
        (
            'goal g "G" printed {\n  1 point if next to greek\n}',
            "next to",
            "an objective goal cannot see 'next to greek' without a card to judge",
            "give a subject first, e.g. 'hades above persephone'",
        ),
        (
            'god c "C" greek printed {\n  1 point per element in area\n}',
            "element in",
            "a card cannot see 'element': only objective goals pair with an element",
            "name the cards directly",
        ),
        (
            'god c "C" greek printed {\n  1 point if hera scores\n}',
            "scores",
            "a card cannot see whether a card scores",
            "'scores' belongs in a scenario's victory or challenge",
        ),
        (
            'god c "C" greek printed {\n  1 point if at least 10 points\n}',
            "points\n",
            "a card cannot see the total score",
            "only a scenario's conditions may use the total",
        ),
        (
            'god c "C" greek printed {\n  1 point if at least 1 (the fairest) in area\n}',
            "the fairest",
            "a card cannot see scenario state 'the fairest'",
            "scenario state is known only in a scenario's conditions",
        ),
        (
            'element e "E" printed {\n  it\n}',
            "it\n",
            "an objective element is a plain selector",
            "use types, mythologies, ids and tags",
        ),
        (
            'scenario s 9 "S" printed {\n  victory {\n    next to hera\n  }\n}',
            "next to",
            "a scenario cannot see 'next to hera' without a card to judge",
            "give a subject first, e.g. 'hades above persephone'",
        ),
        (
            'scenario s 9 "S" printed {\n  victory {\n    at least 2 gods in row\n  }\n}',
            "row\n",
            "a scenario cannot see its own 'row': no card is being judged",
            "use 'area' or a named row or column",
        ),
        (
            'scenario s 9 "S" printed {\n  victory {\n    scores\n  }\n}',
            "scores",
            "a scenario cannot see 'scores' without a subject",
            "write e.g. 'anubis scores'",
        ),
    ],
)
def test_dl402_other_context_errors(lint, definition, needle, message, help_text):
    text = HEADER + "\n" + definition + "\n"
    diagnostics, _ = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [("DL402", pos(text, needle))]
    assert (diagnostics[0].message, diagnostics[0].help) == (message, help_text)


def test_dl403_law_without_lines_and_dl404_power_without_effects(lint):
    text = card("""
    law l "L" printed {
    }

    power pw "P" printed cost 2 {
    }
    """)
    diagnostics, _ = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [
        ("DL403", pos(text, "law l")),
        ("DL404", pos(text, "power pw")),
    ]
    assert diagnostics[0].help == "add e.g. '3 points if only gods in line'"


# --------------------------------------------------------------- setups (DL502, DL503, DL504)


def test_dl502_two_cards_at_one_cell(lint):
    text = card("""
    scenario s 9 "S" printed {
      setup {
        place hera face-up at front 1
        place zeus face-up at front 1
        place ra, isis face-up at back 2
      }
    }
    """)
    diagnostics, _ = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [
        ("DL502", pos(text, "place zeus")),
        ("DL502", pos(text, "place ra")),
    ]
    assert diagnostics[0].message == "two cards placed at front 1"
    assert diagnostics[0].help == "each cell holds one card"
    assert diagnostics[1].message == "only one card fits in one cell"


def test_dl502_more_than_four_in_a_row(lint):
    text = card("""
    scenario s 9 "S" printed {
      setup {
        place odin, thor, freyja face-up at random in central row
        place hela face-up at central 1
        place ship face-up at random in central row
      }
    }
    """)
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL502", pos(text, "scenario"))
    assert diagnostic.message == "5 cards placed in the central row, which holds 4"
    assert diagnostic.help == "a row has 4 cells (R1)"


def test_dl502_more_than_twelve_placed(lint):
    text = card("""
    scenario s 9 "S" printed {
      setup {
        place zeus, demeter, persephone, hades, athena, aphrodite, olympus-throne face-down at random
        place underworld, jardines-cucos, troy, apple, ra, anubis face-down at random
      }
    }
    """)
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL502", pos(text, "scenario"))
    assert diagnostic.message == "13 cards placed in an area of 12 cells"
    assert diagnostic.help == "place at most 12 cards"


def test_dl502_more_separated_and_random_cards_than_the_deck(lint, bundled):
    from dioses_rules.pool.registry import assemble

    deck = len(assemble(bundled).myth_cards())
    text = card(f"""
    scenario s 9 "S" printed {{
      setup {{
        separate zeus, odin with {deck} random cards
      }}
    }}
    """)
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL502", pos(text, "scenario"))
    assert diagnostic.message == (
        f"setup needs {deck + 2 + 12} cards but the loaded sets have {deck} Myth cards"
    )
    assert diagnostic.help == "separate fewer random cards, or load more sets"


def test_dl502_as_many_cards_as_the_deck_is_fine(lint, bundled):
    from dioses_rules.pool.registry import assemble

    deck = len(assemble(bundled).myth_cards())
    text = card(f"""
    scenario s 9 "S" printed {{
      setup {{
        separate zeus, odin with {deck - 14} random cards
      }}
    }}
    """)
    assert lint(text)[0] == []


def test_dl502_card_used_twice_in_setup(lint):
    text = card("""
    scenario s 9 "S" printed {
      setup {
        aside hera, athena as goddesses
        separate hera with 1 random card
      }
    }
    """)
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL502", pos(text, "separate"))
    assert diagnostic.message == "'hera' is set aside twice in setup"


def test_dl502_checks_the_challenge_setup_too(lint):
    text = card("""
    scenario s 9 "S" printed {
      challenge setup {
        place hera face-up at front 1
        place zeus face-up at front 1
      }
    }
    """)
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL502", pos(text, "place zeus"))


def test_dl503_scenarios_sharing_a_number_is_a_warning(lint):
    text = HEADER + '\nscenario dup 1 "Dup" printed {\n  mode solo\n}\n'
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL503", pos(text, "scenario dup"))
    assert diagnostic.severity is Severity.WARNING
    assert diagnostic.message == "scenarios 'game-of-thrones' and 'dup' share number 1"


def test_dl504_a_bare_challenge_setup_replacing_the_setups_draws_is_a_warning(lint, tmp_path):
    """Issue #11: a bare 'challenge setup' keeps 0.1.0's meaning (its draws
    replace the setup's), but says nothing of it: the linter asks which is
    meant, at the 'challenge setup' block, with both explicit forms."""
    text = card("""
    scenario s 9 "S" printed {
      setup {
        draw 3 easy patterns
      }
      challenge setup {
        draw a hard pattern
      }
    }
    """)
    (diagnostic,), (path,) = lint(text)
    assert (diagnostic.code, where(diagnostic)) == ("DL504", pos(text, "challenge setup"))
    assert diagnostic.severity is Severity.WARNING
    assert diagnostic.message == (
        "the challenge setup's draws replace the setup's draws without saying so"
    )
    assert "'challenge setup replaces draws { ... }'" in diagnostic.help
    assert "'challenge setup adds draws { ... }'" in diagnostic.help
    line, column = pos(text, "challenge setup")
    assert diagnostic.concise().startswith(f"{path}:{line}:{column}: DL504 warning: ")


@pytest.mark.parametrize(
    "setup, challenge",
    [
        ("draw 3 easy patterns", "replaces draws {\n    draw a hard pattern"),
        ("draw 3 easy patterns", "adds draws {\n    draw a hard pattern"),
        ("power cards 2", "{\n    draw a hard pattern"),  # no draws of the setup to replace
        ("draw 3 easy patterns", "{\n    power cards 1"),  # no draws of its own
    ],
)
def test_dl504_not_for_an_explicit_challenge_setup_or_one_with_nothing_to_replace(
    lint, setup, challenge
):
    text = card(f"""
    scenario s 9 "S" printed {{
      setup {{
        {setup}
      }}
      challenge setup {challenge}
      }}
    }}
    """)
    assert lint(text)[0] == []


def test_dl502_two_challenge_setups_that_disagree_on_the_draws(lint):
    text = card("""
    scenario s 9 "S" printed {
      challenge setup replaces draws {
        draw a hard pattern
      }
      challenge setup adds draws {
        draw a law
      }
    }
    """)
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL502", pos(text, "challenge setup adds"))
    assert diagnostic.message == "one challenge setup replaces draws and another adds them"


# --------------------------------------------------------------- points (DL601, DL602)


def test_dl601_zero_points_zero_weights_and_free_powers(lint):
    """A line worth 0 points says nothing (DL601); a negative one is a penalty
    and fine (the open card language)."""
    text = card("""
    god alpha "A" greek printed {
      counts as 0 gods
      0 points if next to greek
      -2 points per god in row
    }

    law l "L" printed {
      -1 point if only gods in line
    }

    power pw "P" printed cost 0 {
      swap 2 cards
    }
    """)
    diagnostics, _ = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [
        ("DL601", pos(text, "counts as")),
        ("DL601", pos(text, "0 points")),
        ("DL601", pos(text, "power pw")),
    ]
    weight, zero, power = diagnostics
    assert zero.message == "a scoring line worth 0 points"
    assert zero.help == "give 1 point or more, or a negative number for a penalty"
    assert weight.message == "'counts as 0' must be 1 or more"
    assert power.message == "a power effect costs at least 1 Power card"


def test_dl602_per_zero(lint):
    text = HEADER + 'god alpha "A" greek printed {\n  1 point per 0 gods in row\n}\n'
    (diagnostic,) = lint(text)[0]
    assert (diagnostic.code, where(diagnostic)) == ("DL602", pos(text, "1 point per"))
    assert diagnostic.message == "'per 0' divides by nothing"
    assert diagnostic.help == "count per 1 or more cards"


# --------------------------------------------------------------- files (DL000, DL003)


def test_dl003_not_utf8(tmp_path):
    path = tmp_path / "latin1.dioses"
    path.write_bytes('set x "Dioses en español" {\n}\n'.encode("latin-1"))
    (source,) = read_sources([path])
    (diagnostic,) = lint_sources([source])
    assert diagnostic.code == "DL003"
    assert diagnostic.message.startswith("not UTF-8 text")


def test_dl000_missing_file_is_the_projects_error(tmp_path):
    with pytest.raises(DiosesError) as raised:
        read_sources([tmp_path / "nowhere.dioses"])
    (diagnostic,) = raised.value.diagnostics
    assert diagnostic.code == "DL000"
    assert diagnostic.message == "no such file or folder"


# --------------------------------------------------------------- every problem


def test_every_problem_in_a_file_is_reported(lint):
    """The linter reports every problem in a file, not the first;
    a syntax error in one definition does not hide the others' problems."""
    text = card("""
    god alpha "A" nordic printed {
      2 points if next to hra
    }

    god b "B" greek printed {
      2 points if nxt to greek
    }

    god c "C" greek printed {
      0 points
      1 point per 0 gods in row
    }

    law d "D" printed {
      3 points if next to greek
    }

    pattern e "E" easyy printed {
      | any god | any god |
      | any god |
    }

    option f "F" printed {
      set end-rul base
    }

    god hera "Hera" greek printed {
      1 point if in column 5
    }
    """)
    diagnostics, paths = lint(text)
    assert [(d.code, where(d)) for d in diagnostics] == [
        ("DL102", pos(text, "nordic")),
        ("DL109", pos(text, "hra")),
        ("DL001", pos(text, "nxt")),
        ("DL601", pos(text, "0 points")),
        ("DL602", pos(text, "1 point per 0")),
        ("DL401", pos(text, "next to greek")),
        ("DL105", pos(text, "easyy")),
        ("DL302", pos(text, "any god |\n}")),  # the short row
        ("DL107", pos(text, "set end-rul")),
        ("DL108", pos(text, "5\n")),
    ]
    assert {d.path for d in diagnostics} == {str(paths[0])}


def test_problems_in_several_files_are_all_reported_sorted(lint):
    good = HEADER + 'god alpha "A" greek printed {\n  1 point\n}\n'
    bad_one = 'set one "One" {\n  requires base\n}\n\ngod b "B" greek printed {\n  0 points\n}\n'
    bad_two = 'set two "Two" {\n  requires bse\n}\n'
    diagnostics, _ = lint(good, bad_one, bad_two)
    assert [(Path(d.path).name, d.code, where(d)) for d in diagnostics] == [
        ("mod1.dioses", "DL601", (6, 3)),
        ("mod2.dioses", "DL203", (2, 3)),
    ]


def test_a_diagnostic_renders_with_source_line_and_caret(lint):
    text = HEADER + 'god alpha "A" greek printed {\n  2 points if next to hra\n}\n'
    (diagnostic,) = lint(text)[0]
    full = diagnostic.full(textwrap.dedent(text).lstrip("\n"))
    assert full.splitlines() == [
        f"{diagnostic.path}:5:23: DL109 unknown card id or tag 'hra'",
        f"  help: {diagnostic.help}",
        "   |   2 points if next to hra",
        "   | " + " " * 22 + "^",
    ]


def test_dl115_a_statement_running_into_a_new_looking_line_is_a_warning(tmp_path):
    """No separator is needed between statements, so 'hera scores' and a next
    line 'at least 20 points' would read as one condition: say so, and accept
    an indented continuation."""
    path = tmp_path / "breaks.dioses"
    path.write_text(
        textwrap.dedent("""\
        set breaks "Breaks" {
          requires base
        }
        scenario runs-on 9 "Runs on" {
          victory {
            hera scores
            at least 20 points
            hera next to
              ship
          }
        }
        """),
        encoding="utf-8",
    )
    sources = bundled_sources() + read_sources([path])
    found = [d for d in lint_sources(sources) if d.path == str(path)]
    assert [(d.code, d.line, d.column, d.severity) for d in found] == [
        ("DL115", 6, 5, Severity.WARNING)
    ]
    assert "line 7" in found[0].help and "';'" in found[0].help


def test_dl122_a_weight_that_can_never_change_a_score_is_a_warning(lint):
    """R11: ``counts as N TYPE`` weighs a card only where its own type is
    counted, so on a card of another type (or as 1) it does nothing (#24)."""
    text = card("""
        place temple "Temple" greek {
          counts as 2 gods
          1 point
        }

        god twin "Twin" greek {
          counts as 1 god
          1 point
        }

        god pair "Pair" greek {
          counts as 2 gods
          1 point
        }
        """)
    diagnostics, _ = lint(text)
    found = with_code(diagnostics, "DL122")
    assert [where(d) for d in found] == [
        pos(text, "counts as 2 gods"),
        pos(text, "counts as 1 god"),
    ]
    assert all(d.severity is Severity.WARNING for d in found)
    assert "on a card of type 'place'" in found[0].message
    assert not [d for d in diagnostics if d.is_error]
