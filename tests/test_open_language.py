"""The open card language: mythologies and types declared by sets, cards of
several mythologies, penalties, caps, counts of different values, the
diagonal relation and scope, "scores like", optional provenance; and a
modder's example set (examples/mods/celtic) whose boards score as worked out
by hand in their comments."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli.lint import lint
from dioses_cli.main import dioses
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.state import Decision
from dioses_rules.language import model as m
from dioses_rules.language.builder import build, parse_card_text
from dioses_rules.language.english import EnglishWriter
from dioses_rules.language.source import condition_text
from dioses_rules.pool.lint import lint_sources
from dioses_rules.pool.load import load_registry
from dioses_rules.pool.sources import bundled_sources, read_sources
from dioses_rules.scoring.area import Area, Placed
from dioses_rules.scoring.board import Board
from dioses_rules.scoring.evaluator import Evaluator
from dioses_rules.scoring.score import score_board

ROOT = Path(__file__).resolve().parent.parent
MOD = ROOT / "examples" / "mods" / "celtic"
CELTIC_HEADER = """set celts "Celts" {
  requires base
  mythology celtic "Celta" plural celts symbol spiral
  type creature "Criatura" aka "creature" plural creatures
}
"""


@pytest.fixture(scope="module")
def pool():
    return load_registry([MOD])[0]


def cells(pool, rows) -> Area:
    """An area from three rows of ids ("." empty, "?id" face down)."""
    placed = []
    for row in rows:
        for entry in row.split():
            if entry == ".":
                placed.append(None)
            else:
                placed.append(
                    Placed(pool.get("myth", entry.lstrip("?")), not entry.startswith("?"))
                )
    return Area(tuple(placed))


def lint_texts(tmp_path, *texts):
    paths = []
    for index, text in enumerate(texts):
        path = tmp_path / f"file-{index}.dioses"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    bundled = bundled_sources()
    return lint_sources(bundled + read_sources(paths, context=bundled))


# ---------------------------------------------------------------- the modder's example


BOARDS = {
    1: {
        "total": 47,
        "gods": 6,
        "cards": {
            "dagda": 4,
            "cauldron": 4,
            "brigid": 1,
            "hera": 0,
            "lugh": 2,
            "tara": 4,
            "selkie": 2,
            "zeus": 2,
            "morrigan": -4,
            "puca": -1,
            "banshee": 3,
            "newgrange": 4,
        },
        "laws": {"ring-of-stones": 3, "wild-hunt": 1},
        "patterns": {"stone-circle": 2},
        "objectives": [20],
        "scenario": None,
    },
    2: {
        "total": -3,
        "gods": 2,
        "cards": {"morrigan": -4, "harp": -2, "puca": -2, "dagda": 3},
        "laws": {"wild-hunt": 2},
        "patterns": {},
        "objectives": [],
        "scenario": None,
    },
    3: {
        "total": 13,
        "gods": 5,
        "cards": {"dagda": 5, "cauldron": 5, "hera": 0, "odin": 0, "lugh": 1, "morrigan": 2},
        "laws": {},
        "patterns": {},
        "objectives": [],
        "scenario": {"victory": True, "challenge": True, "beaten": False},
    },
}


@pytest.mark.parametrize("number", sorted(BOARDS))
def test_the_modders_boards_score_as_worked_out_by_hand(number):
    result = CliRunner().invoke(
        dioses,
        ["score", str(MOD / f"board-{number}.toml"), "--cards", str(MOD), "--format", "json"],
    )
    assert result.exit_code == 0, result.output
    report, expected = json.loads(result.stdout), BOARDS[number]
    assert {c["id"]: c["points"] for c in report["cards"]} == expected["cards"]
    assert {law["id"]: law["points"] for law in report["laws"]} == expected["laws"]
    assert {p["id"]: p["points"] for p in report["patterns"]} == expected["patterns"]
    assert [o["points"] for o in report["objectives"]] == expected["objectives"]
    assert (report["total"], report["gods"]) == (expected["total"], expected["gods"])
    if expected["scenario"] is not None:
        got = report["scenario"]
        assert {key: got[key] for key in expected["scenario"]} == expected["scenario"]
    # ... and the comment at the top of the board says the same total
    assert f"{expected['total']}" in (MOD / f"board-{number}.toml").read_text(encoding="utf-8")


def test_the_modders_set_lints_clean_and_reads_as_its_card_text():
    result = CliRunner().invoke(lint, [str(MOD)])
    assert result.exit_code == 0, result.output
    cards = CliRunner().invoke(dioses, ["cards", "--cards", str(MOD), "--set", "celtic", "--text"])
    assert cards.exit_code == 0
    assert cards.stdout == (MOD / "cards-text.txt").read_text(encoding="utf-8")


def test_the_modders_set_uses_every_new_expression(pool):
    nodes = []
    from dioses_rules.language.walk import iter_nodes

    for definition in pool.sets["celtic"].definitions:
        nodes += list(iter_nodes(definition))
    kinds = {type(node) for node in nodes}
    assert {m.Capped, m.Distinct, m.ScoresLike} <= kinds
    assert any(isinstance(n, m.Relation) and n.kind is m.RelationKind.DIAGONAL_TO for n in nodes)
    assert any(isinstance(n, m.Scope) and n.kind is m.ScopeKind.DIAGONALS for n in nodes)
    assert any(isinstance(n, (m.Fixed, m.PerCount)) and n.points < 0 for n in nodes)
    assert any(isinstance(n, m.MythCard) and len(n.mythologies) > 1 for n in nodes)
    celtic = m.MythologyIs("celtic")
    creature = m.TypeIs("creature")
    law, pattern, element = (
        pool.get(kind, key)
        for kind, key in (
            ("law", "ring-of-stones"),
            ("pattern", "stone-circle"),
            ("objective-element", "otherworld"),
        )
    )
    assert celtic in list(iter_nodes(law))
    assert pattern.shape[0][0] == m.PatternCell("place", "celtic")
    assert {celtic, creature} <= set(iter_nodes(element))
    assert "celtic" in condition_text(pool.get("scenario", "mag-tuired").victory[2]) or any(
        isinstance(n, m.Distinct) for n in iter_nodes(pool.get("scenario", "mag-tuired"))
    )


@pytest.mark.parametrize(
    "arguments",
    [
        ["--scenario", "mag-tuired"],
        ["--players", "3", "--agents", "greedy,random"],
    ],
)
def test_the_modders_set_is_played_by_simulate(arguments):
    command = [
        "simulate",
        "--games",
        "3",
        "--seed",
        "4",
        "--cards",
        str(MOD),
        *arguments,
        "--format",
        "json",
    ]
    first = CliRunner().invoke(dioses, command)
    assert first.exit_code == 0, first.output
    assert CliRunner().invoke(dioses, command).stdout == first.stdout  # same seed, same report


def test_seek_names_the_declared_mythologies_and_types(pool):
    """R22 (4): the Power effect offers every declared word, a mod's too."""
    asked = []

    class Seeker:
        name = "seeker"

        def choose(self, game, decision: Decision) -> int:
            if decision.kind == "seek":
                asked.append([c.label for c in decision.choices])
            return 0

    game = new_game(pool, [Seeker(), Seeker()], seed=3)
    game.seek(0, 0)
    assert asked == [["greek", "egyptian", "norse", "celtic", "god", "place", "object", "creature"]]


# ---------------------------------------------------------------- the vocabulary


def test_no_mythology_or_type_is_named_by_the_grammar_or_the_python():
    """They are declared in cards/base.dioses; the code holds none of them as
    a string (docstrings and comments may speak of gods). The grammar's
    "place" is the verb of a scenario setup ("place ra face-up at ..."), which
    happens to spell the base game's type; the parser reads the word as the
    type wherever a type is wanted."""
    words = {
        "greek",
        "greeks",
        "egyptian",
        "egyptians",
        "norse",
        "god",
        "gods",
        "places",
        "object",
        "objects",
    }
    grammar = "\n".join(
        line.split("//")[0]
        for line in (ROOT / "grammar" / "dioses.lark").read_text(encoding="utf-8").splitlines()
    )
    assert not words & set(re.findall(r'"([a-z-]+)"', grammar))
    for path in (ROOT / "dioses_rules").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        keys = {
            id(key) for node in ast.walk(tree) if isinstance(node, ast.Dict) for key in node.keys
        }  # a JSON key such as "gods" (R16's count) is a name
        strings = {
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings | keys
        }
        assert not strings & words, path


def test_a_word_of_a_set_not_required_is_an_error_naming_the_set(tmp_path):
    stranger = (
        'set strangers "Strangers" {\n  requires base\n}\n\n'
        'god bran "Bran" celtic {\n  2 points if next to creature\n}\n'
    )
    diagnostics = lint_texts(tmp_path, CELTIC_HEADER, stranger)
    found = [(d.code, d.line, d.message, d.help) for d in diagnostics if d.is_error]
    assert found == [
        (
            "DL102",
            5,
            "mythology 'celtic' is declared by set 'celts', which this set does not require",
            "add 'requires celts' to this file's set header",
        ),
        (
            "DL102",
            6,
            "type 'creature' is declared by set 'celts', which this set does not require",
            "add 'requires celts' to this file's set header",
        ),
    ]


def test_unknown_type_and_mythology_get_suggestions():
    _, diagnostics = build(
        'creture x "X" celtik {\n  1 point\n}\n',
        vocabulary=parse_card_text(CELTIC_HEADER).card_set and None,
    )
    by_code = {d.code: d for d in diagnostics}
    assert by_code["DL101"].message == "unknown card type 'creture'"
    assert by_code["DL102"].message == "unknown mythology 'celtik'"
    assert "declare it in the set" in by_code["DL101"].help


def test_a_card_needs_a_mythology_before_its_provenance():
    _, diagnostics = build('god x "X" printed {\n  1 point\n}\n')
    (error,) = diagnostics
    assert (error.code, error.message) == (
        "DL102",
        "a card needs a mythology before its provenance",
    )


@pytest.mark.parametrize(
    "declaration, message",
    [
        ('mythology greek "Otra"', "'greek' is already declared as a mythology by set 'base'"),
        ('type norse "Nórdico"', "'norse' is already declared as a mythology by set 'base'"),
        ('mythology card "Carta"', "'card' is a keyword of the card language"),
        ('mythology any "Cualquiera"', "'any' is a keyword of the card language"),
        (
            'mythology celtic "Celta" plural gods',
            "'gods' is already declared as a type by set 'base'",
        ),
    ],
)
def test_dl116_a_declared_word_means_one_thing(tmp_path, declaration, message):
    text = f'set odd "Odd" {{\n  requires base\n  {declaration}\n}}\n'
    errors = [d for d in lint_texts(tmp_path, text) if d.is_error]
    assert [(d.code, d.line, d.message) for d in errors] == [("DL116", 3, message)]


def test_provenance_is_optional_and_defaults_to_printed():
    card_file = parse_card_text(
        CELTIC_HEADER + '\ncreature selkie "Selkie" celtic {\n  1 point\n}'
        '\n\nlaw l "L" {\n  1 point per creature in line\n}\n'
        '\npattern p "P" easy {\n  | celtic creature |\n}\n'
    )
    card, law, pattern = card_file.definitions
    assert card.provenance is law.provenance is pattern.provenance is m.Provenance.PRINTED
    assert card.type == "creature" and card.mythologies == ("celtic",)


def test_the_bundled_sets_state_every_provenance():
    for path in sorted((ROOT / "cards").glob("*.dioses")):
        for line in path.read_text(encoding="utf-8").splitlines():
            header = re.match(r'^(?!set )[a-z-]+ [a-z0-9-]+ .*"\s.*\{$', line)
            if header:
                assert re.search(r"\b(printed|named|reconstructed)\b(?: cost \d+)? \{$", line), (
                    f"{path.name}: {line}"
                )


def test_a_file_from_before_the_vocabulary_reads_the_same(tmp_path):
    """A set that declares no word and requires none sees the base game's."""
    old = 'set old "Old" {\n}\n\ngod x "X" greek printed {\n  2 points if next to gods\n}\n'
    diagnostics = lint_texts(tmp_path, old)
    assert [d for d in diagnostics if d.is_error] == []


# ---------------------------------------------------------------- the new expressions


def test_a_card_of_two_mythologies_counts_as_each(pool):
    """Brigid (Celtic and Greek) is Greek for 'only greeks', a Pattern cell,
    'of same mythology' and 'of most common mythology'."""
    area = cells(pool, ["brigid hera . .", ". . . .", ". . . ."])
    evaluator = Evaluator(area)
    only_greeks = parse_card_text('law l "L" {\n  3 points if only greeks in line\n}\n')
    line = only_greeks.definitions[0].lines[0]
    from dioses_rules.scoring.evaluator import Facts

    assert Evaluator(area, Facts(law_line=(0, 1, 2, 3))).line_points(line, None) == 3
    same = m.SelAnd((m.AnyCard(), m.SameAs(m.Attribute.MYTHOLOGY)))
    assert evaluator.matches(same, 1, 0)  # Hera shares Greek with Brigid
    most = m.SelAnd((m.AnyCard(), m.MostCommon(m.Attribute.MYTHOLOGY)))
    assert evaluator.matches(most, 0, None) and evaluator.matches(most, 1, None)  # Greek: 2
    from dioses_rules.scoring.patterns import pattern_matches

    cell = m.Pattern(
        "p",
        "P",
        (),
        m.Difficulty.EASY,
        m.Provenance.PRINTED,
        ((m.PatternCell("god", "greek"), m.PatternCell("god", "greek")),),
    )
    assert pattern_matches(area, cell) == (0, 1)


def test_different_values_count_every_mythology_of_every_face_up_card(pool):
    area = cells(pool, ["brigid selkie ?hera dagda", ". . . .", ". . . ."])
    front = m.Scope(m.ScopeKind.NAMED_ROW, row=m.Row.FRONT)
    evaluator = Evaluator(area)
    # celtic, greek (Brigid), norse (Selkie); the face-down Hera shows nothing (R12)
    assert evaluator.countable(m.Distinct(m.Attribute.MYTHOLOGY, front), None) == 3
    assert evaluator.countable(m.Distinct(m.Attribute.TYPE, front), None) == 2
    gods = m.Distinct(m.Attribute.MYTHOLOGY, front, m.TypeIs("god"))
    assert evaluator.countable(gods, None) == 2


def test_diagonal_relation_and_scope(pool):
    area = cells(pool, ["lugh . puca .", ". morrigan . .", "selkie . banshee ."])
    evaluator = Evaluator(area)
    diagonal_creature = m.Relation(m.RelationKind.DIAGONAL_TO, m.TypeIs("creature"))
    assert evaluator.holds(diagonal_creature, 5)  # the Morrígan: Púca, Selkie, Banshee
    assert not evaluator.holds(diagonal_creature, 0)  # Lugh: only the Morrígan
    count = m.Count(m.TypeIs("creature"), m.Scope(m.ScopeKind.DIAGONALS))
    assert evaluator.count(count, 5) == 3
    assert evaluator.count(count, 2) == 0  # Púca (front 3): central 2 and 4


@pytest.mark.parametrize(
    "points, limit, count, expected",
    [
        (1, 3, 2, 2),
        (1, 3, 5, 3),
        (2, 4, 5, 4),
        (-1, 2, 1, -1),
        (-1, 2, 5, -2),
        (-3, 5, 3, -5),
    ],
)
def test_a_cap_limits_a_line_either_way(pool, points, limit, count, expected):
    area = cells(
        pool,
        [
            " ".join(
                ["dagda", "lugh", "morrigan", "brigid"][: min(count, 4)]
                + ["."] * (4 - min(count, 4))
            ),
            " ".join((["tara", "harp", "cauldron", "selkie"][: max(count - 4, 0)] + ["."] * 4)[:4]),
            ". . . .",
        ],
    )
    line = m.Capped(
        m.PerCount(points, 1, m.Count(m.MythologyIs("celtic"), m.Scope(m.ScopeKind.AREA))), limit
    )
    assert Evaluator(area).line_points(line, None) == expected


def test_penalties_take_card_and_board_totals_below_zero(pool):
    area = cells(pool, [". . . .", ". . . .", "morrigan tara newgrange harp"])
    report = score_board(Board(area))
    points = {c.card.id: c.points for c in report.cards}
    assert points["morrigan"] == -4 and points["harp"] == -2
    assert (report.total == sum(points.values()) and report.total < 0) or report.total == sum(
        points.values()
    )


def test_scores_like_judges_the_other_cards_lines_from_its_own_place(pool):
    cauldron = pool.get("myth", "cauldron")
    (line,) = cauldron.lines
    assert line.card == "dagda" and line.lines == pool.get("myth", "dagda").lines
    area = cells(pool, ["cauldron tara . .", ". . . .", "dagda . . hera"])
    report = score_board(Board(area))
    points = {c.card.id: c.points for c in report.cards}
    # the Cauldron (front 1) is next to Tara (Celtic): 2, one mythology in its row: 1;
    # the Dagda (back 1) is next to no Celtic card: 0, Celtic and Greek in his row: 2
    assert (points["cauldron"], points["dagda"]) == (3, 2)


def test_scores_like_an_unknown_card_or_in_a_circle_is_dl117(tmp_path):
    text = (
        CELTIC_HEADER
        + """
god aa "A" celtic {
  scores like bb
}

god bb "B" celtic {
  scores like cc
}

god cc "C" celtic {
  scores like aa
}

god dd "D" celtic {
  scores like nobody
}

law l "L" {
  scores like aa
}
"""
    )
    errors = [(d.code, d.line, d.message) for d in lint_texts(tmp_path, text) if d.is_error]
    assert errors == [
        ("DL117", 16, "'scores like' goes round in a circle: aa -> bb -> cc -> aa"),
        ("DL117", 20, "'scores like nobody': no loaded Myth card 'nobody'"),
        ("DL401", 24, "a law cannot see 'scores like': only a Myth card scores like another"),
    ]


def test_every_relation_and_scope_has_its_words_and_cells():
    """Enum members are dispatched by tables, not classes: each table covers each."""
    from dioses_rules.language import english
    from dioses_rules.scoring import evaluator

    assert set(evaluator.RELATION_CELLS) == set(m.RelationKind)
    assert set(english.EnglishWriter.WORDS.ones["relations"]) == set(m.RelationKind)
    assert set(english.EnglishWriter.WORDS.ones["scopes"]) == set(m.ScopeKind)


def test_every_scope_kind_has_one_meaning_in_every_evaluator():
    """#26: a scope kind is lowered into one of the core's four scopes by a
    table checked total at import (a new kind fails there, it no longer reads
    silently as "surroundings"), and every back end has one method for each
    (tests/test_walk.py); the five kinds read from the card's place are one
    of them, its cells the geometry table's. Exactly those depend on the
    anchor, and the reference's cells are the compiled evaluator's masks."""
    from dioses_rules.language import lower
    from dioses_rules.scoring import area as g
    from dioses_rules.scoring import masks as k
    from dioses_rules.scoring.evaluator import Evaluator, Facts

    judge = Evaluator(Area(), Facts(law_line=(0, 1, 2, 3)))
    for kind in m.ScopeKind:
        scope = m.Scope(kind, row=m.Row.FRONT, column=1, group=m.AnyCard())
        core = lower.lowered(scope)
        assert isinstance(core, lower.AroundCard) == kind.anchored, kind
        if kind is m.ScopeKind.LARGEST_GROUP:  # depends on the cards: Evaluator.largest_group
            assert core == lower.LargestGroup(m.AnyCard())
            continue
        cells = [judge.scope_cells(scope, anchor) for anchor in range(g.SIZE)]
        assert kind.anchored == (len(set(cells)) > 1), kind
        if kind.anchored:
            assert [k.mask_of(c) for c in cells] == list(k.ANCHORED_SCOPES[kind]), kind
            assert judge.scope_cells(scope, None) == ()


@pytest.mark.parametrize(
    "source, english",
    [
        ("1 point per god in neighbours up to 3 points", "1x: 1p per god next to it (at most 3p)"),
        (
            "-1 point per object in line up to 2 points",
            "1x: -1p per object in this row/column (at worst -2p)",
        ),
        ("1 point per different mythology in row", "1x: 1p per different mythology in its row"),
        (
            "1 point per 2 different types among (celtic or creature) in area",
            "1x: 1p for every 2 different types among Celts or creatures in the area",
        ),
        ("2 points if diagonal to creature", "2p: it is diagonal to a creature"),
        ("1 point per creature in diagonals", "1x: 1p per creature diagonal to it"),
        ("-2 points if in back row", "-2p: it is in the back row"),
        ("scores like hera", "scores like hera"),
    ],
)
def test_each_new_expression_is_written_back_and_in_english(source, english):
    card = parse_card_text(CELTIC_HEADER + f'\ngod x "X" celtic {{\n  {source}\n}}\n')
    (line,) = card.definitions[0].lines
    from dioses_rules.language.source import SourceWriter
    from dioses_rules.language.vocabulary import Vocabulary

    vocabulary = Vocabulary(card.card_set.words)
    from dioses_rules.language.headers import bundled_vocabulary

    vocabulary = bundled_vocabulary().merged(vocabulary)
    assert SourceWriter(vocabulary).line(line) == source
    assert EnglishWriter(vocabulary=vocabulary).line(line) == english


def test_tags_are_shown_by_dioses_cards(tmp_path):
    result = CliRunner().invoke(dioses, ["cards", "--format", "json"])
    cards = {c["id"]: c for c in json.loads(result.stdout)}
    assert cards["olympus-throne"]["tags"] == ["throne"]
    assert cards["olympus-throne"]["mythologies"] == ["greek"]
    text = CliRunner().invoke(dioses, ["cards", "--text", "--set", "base"]).stdout
    assert (
        "olympus-throne - Trono del Olimpo (our translation) (base, myth, greek place, tags: throne, named)"
        in text
    )


def test_a_declared_tie_break_type_counts_for_r16(pool, tmp_path):
    """R16 in data: the base set's 'tie-break god'; a set can name another."""
    area = cells(pool, ["selkie puca . .", "dagda . . .", ". . . ."])
    assert score_board(Board(area, tie_break="god")).gods == 1
    assert score_board(Board(area, tie_break="creature")).gods == 2
    assert score_board(Board(area)).gods == 1  # a hand-built board: the bundled sets' (god)
