"""The lean score paths of #29 against the oracle: a board of cards alone
scored by ``score_total`` or ``score_board`` (``lean.score``) is the
reference report's total and report, with empty cells, face-down cards (R12's reveal) and what a scenario
remembers; and the table of a mask's cells is the bit walk it replaced."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import bundled

from dioses_rules.scoring.area import SIZE, Area, Placed
from dioses_rules.scoring.board import Board
from dioses_rules.scoring.masks import FULL, _cells_of, cells_of
from dioses_rules.scoring.score import score_board, score_total


@st.composite
def plain_boards(draw):
    """A board of bundled Myth cards alone: some cells empty, any faces, and
    sometimes a scenario state naming one of them."""
    cards = bundled("myth")
    order = draw(st.permutations(range(len(cards))))
    empty = draw(st.sets(st.integers(0, SIZE - 1), max_size=5))
    faces = draw(st.lists(st.booleans(), min_size=SIZE, max_size=SIZE))
    cells = tuple(
        None if cell in empty else Placed(cards[order[cell]], faces[cell]) for cell in range(SIZE)
    )
    placed = [p.card.id for p in cells if p is not None]
    state = (("chosen", draw(st.sampled_from(placed))),) if draw(st.booleans()) else ()
    return Board(Area(cells), scenario_state=state)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain_boards(), st.none() | st.booleans())
def test_a_board_of_cards_alone_totals_as_the_reference_report(board, flag):
    """R12 (revealed first), R8-R11, R16's tie-break count, R21's flag: the
    lean total and the lean report are the oracle's."""
    expected = score_board(board, all_face_up_at_end=flag, evaluator="reference")
    assert score_total(board, all_face_up_at_end=flag) == expected.total
    report = score_board(board, all_face_up_at_end=flag)
    assert report == expected
    assert (report.total, report.gods, report.cards) == (
        expected.total,
        expected.gods,
        expected.cards,
    )


def test_the_cells_of_a_mask_are_its_bits_lowest_first():
    for mask in range(FULL + 1):
        assert tuple(cells_of(mask)) == tuple(_cells_of(mask))
    wide = random.Random(29).getrandbits(40) | (1 << 39)  # past 12 bits: the walk
    assert list(cells_of(wide)) == [i for i in range(40) if wide >> i & 1]


def test_a_plain_reports_tie_break_is_counted_when_read_in_either_order():
    """R16 with R11's weights (Geb y Nut counts 2 gods): a board of cards
    alone counts its tie-break only when ``gods`` is read, from the board it
    keeps, whether its cards were made before or after."""
    cards = {card.id: card for card in bundled("myth")}
    rng = random.Random(16)
    others = [card for card in cards.values() if card.id != "geb-and-nut"]
    for _ in range(20):
        chosen = [cards["geb-and-nut"], *rng.sample(others, SIZE - 1)]
        rng.shuffle(chosen)
        board = Board(Area(tuple(Placed(card, rng.random() < 0.5) for card in chosen)))
        expected = score_board(board, evaluator="reference")
        gods_first = score_board(board)
        assert gods_first.gods == expected.gods
        assert gods_first.cards == expected.cards
        cards_first = score_board(board)
        assert cards_first.cards == expected.cards
        assert cards_first.gods == expected.gods
        assert cards_first.area == expected.area


def test_a_reports_fields_are_set_as_plain_fields():
    """A report's parts and tie-break count, one tuple and a count made when
    read, are still set as the plain fields they stand for."""
    cards = bundled("myth")
    board = Board(Area(tuple(Placed(card) for card in cards[:SIZE])))
    report = score_board(board)
    report.gods, report.laws, report.explained_by = 7, (), "reference"
    assert (report.gods, report.laws, report.explained_by, report.scenario) == (
        7,
        (),
        "reference",
        None,
    )
    assert report != score_board(board)
