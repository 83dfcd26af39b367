"""The expressions modders asked for (issue #26): a mythology-only pattern
cell, 'counts as N MYTHOLOGY', a floor and a cap on a card's total and on
'scores like', 'its mythology is the most common' (R24), and Spanish names
for tags. Each is used by examples/mods/aztec, whose board is scored by
hand; here each is checked for its meaning, its words in both languages, its
lint and its solver range."""

from __future__ import annotations

from pathlib import Path

import pytest

from dioses_rules.errors import DiosesError
from dioses_rules.language import model as m
from dioses_rules.language.builder import parse_card_text
from dioses_rules.language.english_definitions import CardTextWriter
from dioses_rules.language.source_definitions import card_file_text
from dioses_rules.language.spanish_definitions import SpanishCardWriter
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import Area, Placed
from dioses_rules.scoring.evaluator import Evaluator, card_weight
from dioses_rules.scoring.patterns import pattern_matches
from dioses_rules.scoring.resolve import read_board
from dioses_rules.scoring.score import EVALUATORS, score_board

ROOT = Path(__file__).resolve().parent.parent
MOD = ROOT / "examples" / "mods" / "aztec"
HEADER = """set aztecs "Aztecs" {
  requires base
  mythology aztec "Azteca" aka "Aztec" plural aztecs
  tag temple "templo" aka "temple"
}
"""


@pytest.fixture(scope="module")
def loaded():
    return load_registry([MOD])


@pytest.fixture(scope="module")
def pool(loaded):
    return loaded[0]


def card(text: str) -> m.MythCard:
    return parse_card_text(HEADER + text).definitions[-1]


def texts(pool, card_id: str, kind: str = "myth") -> tuple[str, str]:
    names = {d.id: d.name for d in pool.myth_cards()}
    found = pool.get(kind, card_id)
    return (
        CardTextWriter(names, vocabulary=pool.vocabulary).definition(found),
        SpanishCardWriter(names, vocabulary=pool.vocabulary).definition(found),
    )


@pytest.mark.parametrize("evaluator", EVALUATORS)
def test_the_aztec_board_scores_as_worked_out_by_hand(loaded, evaluator):
    board = read_board(MOD / "board-1.toml", loaded[1])
    report = score_board(board, evaluator=evaluator)
    assert {c.card.id: c.points for c in report.cards} == {
        "sun-stone": 10,
        "quetzalcoatl": 9,
        "tlaloc": 1,
        "huitzilopochtli": 2,
        "obsidian-mirror": 4,
        "xolotl": 3,
        "tenochtitlan": 4,
        "hera": 0,
        "odin": 0,
        "zeus": 0,
        "tezcatlipoca": 0,
    }
    assert (report.total, report.gods) == (35, 8)


def test_a_mythology_only_cell_takes_any_card_of_the_mythology(pool):
    """R14: '| aztec |' is any type; '| any god |' any mythology."""
    pattern = pool.get("pattern", "twin-suns")
    assert pattern.shape[0] == (m.PatternCell(None, "aztec"), m.PatternCell(None, "aztec"))
    assert pattern.shape[1] == (m.PatternCell("god", None), m.PatternCell("place", None))
    get = lambda i: Placed(pool.get("myth", i), True)
    row = [get("sun-stone"), get("tlaloc"), None, None]  # an object and a god
    below = [get("zeus"), get("tenochtitlan"), None, None]
    assert pattern_matches(Area(tuple(row + below + [None] * 4)), pattern) == (0, 1, 4, 5)
    greek = [get("hera"), get("tlaloc"), None, None]  # Hera is not Aztec
    assert pattern_matches(Area(tuple(greek + below + [None] * 4)), pattern) is None
    with pytest.raises(ValueError, match="names a type, a mythology or both"):
        m.PatternCell(None, None)
    assert "[Aztec Card]" in texts(pool, "twin-suns", "pattern")[0]
    assert "Carta azteca" in texts(pool, "twin-suns", "pattern")[1]


def test_a_mythology_weight_counts_where_its_mythology_is_counted(pool):
    """R11 for a mythology: counted by 'aztec', not by 'god'; a selector
    naming a type and a mythology weighs the type."""
    huitzilopochtli = pool.get("myth", "huitzilopochtli")
    assert huitzilopochtli.weights == (m.Weight(2, None, "aztec"),)
    assert card_weight(huitzilopochtli, m.MythologyIs("aztec")) == 2
    assert card_weight(huitzilopochtli, m.TypeIs("god")) == 1
    assert card_weight(huitzilopochtli, m.SelAnd((m.MythologyIs("aztec"), m.TypeIs("god")))) == 1
    english, spanish = texts(pool, "huitzilopochtli")
    assert "Counts as 2 Aztecs." in english and "Cuenta como 2 aztecas." in spanish


def test_a_mythology_weight_on_a_card_not_of_it_is_a_lint_warning(tmp_path):
    from dioses_rules.pool.lint import lint_sources

    (tmp_path / "a.dioses").write_text(
        HEADER + 'god g "G" greek {\n  counts as 2 aztecs\n  1 point\n}\n', encoding="utf-8"
    )
    from dioses_rules.pool.sources import read_sources

    found = [d for d in lint_sources(read_sources([tmp_path])) if d.code == "DL122"]
    assert len(found) == 1 and "mythology 'aztec'" in found[0].message


@pytest.mark.parametrize(
    "lines, points",
    [
        ("3 points if in a corner\n  -5 points\n  never below 0 points", 0),
        ("3 points if in a corner\n  -1 point\n  never below 0 points", 2),
        ("3 points if in a corner\n  3 points\n  never above 4 points", 4),
    ],
)
def test_a_card_total_has_a_floor_and_a_cap(lines, points):
    found = card(f'god g "G" aztec {{\n  {lines}\n}}\n')
    (bounded,) = found.lines
    assert isinstance(bounded, m.Bounded)
    area = Area((Placed(found, True),) + (None,) * 11)  # a corner
    assert Evaluator(area).lines_points(found.lines, 0) == points


def test_bounds_read_back_and_a_floor_above_the_cap_is_refused():
    text = (
        HEADER
        + '\ngod g "G" aztec {\n  1 point\n  never below 0 points\n  never above 3 points\n}\n'
        '\nobject o "O" aztec {\n  scores like g up to 2 points, never below -1 point\n}\n'
    )
    parsed = parse_card_text(text)
    assert card_file_text(parsed) == text
    scores_like = parsed.definitions[-1].lines[0]
    assert scores_like == m.Bounded((m.ScoresLike("g"),), -1, 2)
    with pytest.raises(DiosesError, match="above"):
        card('god g "G" aztec {\n  1 point\n  never below 4 points\n  never above 3 points\n}\n')


def test_bounded_lines_read_in_english_and_spanish(pool):
    english, spanish = texts(pool, "tezcatlipoca")
    assert english.endswith("In all, never below 0p.")
    assert spanish.endswith("En total, nunca menos de 0p.")
    english, spanish = texts(pool, "obsidian-mirror")
    assert english.endswith("never below 1p and never above 4p.")
    assert spanish.endswith("nunca menos de 1p y nunca más de 4p.")


def test_its_mythology_is_the_most_common_is_the_old_trees_plain_words(pool):
    """R24: strictly the most cards in the area; the old spelling builds the
    same tree and now prints the plain words."""
    new = card('god g "G" aztec {\n  3 points if its mythology is the most common\n}\n')
    old = card('god g "G" aztec {\n  3 points if it of most common mythology in area\n}\n')
    assert new == old
    typed = HEADER + 'god g "G" aztec {\n  3 points if it of most common type in area\n}\n'
    assert "3 points if its type is the most common" in card_file_text(parse_card_text(typed))
    english, spanish = texts(pool, "tezcatlipoca")
    assert "its mythology is the most common in the area" in english
    assert "su mitología es la más común en el área" in spanish
    tezcatlipoca, hera, zeus = (pool.get("myth", i) for i in ("tezcatlipoca", "hera", "zeus"))
    tie = Area((Placed(tezcatlipoca, True), Placed(hera, True)) + (None,) * 10)
    assert Evaluator(tie).lines_points(tezcatlipoca.lines, 0) == 0  # a tie: no most common
    tlaloc = Placed(pool.get("myth", "tlaloc"), True)  # 2 Aztec cards, 1 Greek, far away
    lead = Area((Placed(tezcatlipoca, True), None, None, Placed(zeus, True), tlaloc) + (None,) * 7)
    assert Evaluator(lead).lines_points(tezcatlipoca.lines, 0) == 3


def test_a_tag_reads_by_its_declared_names(pool):
    english, spanish = texts(pool, "tlaloc")
    assert "next to a temple card" in english
    assert "«templo»" in spanish and "«temple»" not in spanish
    # a tag is a NAME, never a word of the selectors' vocabulary
    assert pool.vocabulary.kind_of("temple") is None


def test_the_solver_ranges_respect_the_bounds(pool):
    """The solver's Bounded: Tezcatlipoca's floor, Xólotl's cap, the Obsidian
    Mirror's bounded 'scores like' (the Sun Stone gives 2 to 8 there)."""
    pytest.importorskip("ortools")
    from dioses_rules.solve.ranges import extreme

    for card_id, maximize, points in (
        ("tezcatlipoca", False, 0),
        ("xolotl", True, 3),
        ("obsidian-mirror", True, 4),
        ("obsidian-mirror", False, 2),
    ):
        found = extreme(pool, pool.get("myth", card_id), maximize=maximize, time_limit=5)
        assert (found.points, found.proven) == (points, True), card_id
