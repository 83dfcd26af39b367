"""Which cells a decision's choices name (``engine/choice_cells``): one
mapping for the terminal's typed cells ("swap f1 b4") and the browser's
board, whose cells are the buttons."""

from __future__ import annotations

from dioses_cli.faces import named_choice
from dioses_rules.engine.choice_cells import cell_choices, choice_cells, short_cell
from dioses_rules.engine.state import Choice

CHOICES = [
    Choice("draw", (), "draw from the deck"),
    Choice("swap", (0, 5), "swap front 1 and central 2"),
    Choice("swap", (), "swap two cards"),  # R17's Help Card: a verb, no cells
    Choice("cell", (3,), "front 4"),
    Choice("play", (11,), "back 4"),
    Choice("take-discard", (0,), "take hera from discard pile 1"),
]


def choice_for_cells(choices, cells):
    """The index of the choice that names exactly ``cells`` (in any order),
    or None when no legal choice does: what the browser's board asks."""
    return cell_choices(choices).get(tuple(sorted(cells)))


def test_only_cell_kinds_with_arguments_name_cells():
    assert [choice_cells(c) for c in CHOICES] == [(), (0, 5), (), (3,), (11,), ()]


def test_a_swap_is_named_by_its_two_cells_in_either_order():
    assert choice_for_cells(CHOICES, [0, 5]) == choice_for_cells(CHOICES, [5, 0]) == 1
    assert choice_for_cells(CHOICES, [3]) == 3 and choice_for_cells(CHOICES, [11]) == 4
    assert choice_for_cells(CHOICES, [0]) is None  # a discard pile's number is no cell
    assert choice_for_cells(CHOICES, [0, 3]) is None


def test_the_terminals_typed_cells_name_the_same_choices():
    for cells, index in (((0, 5), 1), ((3,), 3), ((11,), 4)):
        typed = " ".join(short_cell(c) for c in cells)
        assert named_choice(typed, CHOICES) == choice_for_cells(CHOICES, cells) == index
