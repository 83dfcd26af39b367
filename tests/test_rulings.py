"""One or more tests per ruling of RULINGS.md (R1-R16, R24).

Boards are built in the tests from card ids of the bundled sets; a few probe
cards and laws are compiled ad hoc from card-language text so that one
relation can be checked on its own. Every test names the ruling it checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

import pytest

from dioses_rules.errors import BoardError
from dioses_rules.language import model as m
from dioses_rules.language.builder import parse_card_text
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import (
    ALL_CELLS,
    CORNERS,
    NEIGHBOURS,
    SIZE,
    SURROUNDINGS,
    Area,
    Placed,
    cell_column,
    cell_index,
    cell_row,
    groups,
)
from dioses_rules.scoring.board import Board, HeldPattern, LawPlacement, parse_board_text
from dioses_rules.scoring.evaluator import Evaluator
from dioses_rules.scoring.patterns import pattern_matches
from dioses_rules.scoring.resolve import resolve_board
from dioses_rules.scoring.score import card_points, score_board

ROW_NAMES = ("front", "central", "back")


# ------------------------------------------------------------------ helpers


@cache
def registry():
    return load_registry()[0]


def card(name: str) -> m.MythCard:
    return registry().resolve("myth", name)


@cache
def adhoc(text: str):
    """The one definition of a card-language snippet."""
    (definition,) = parse_card_text(text).definitions
    return definition


def probe(condition_line: str, kind: str = "object", mythology: str = "greek") -> m.MythCard:
    """A throwaway card whose only line is ``condition_line``."""
    return adhoc(f'{kind} probe "Probe" {mythology} reconstructed {{ {condition_line} }}')


def law(condition_line: str) -> m.Law:
    return adhoc(f'law probe-law "Probe law" reconstructed {{ {condition_line} }}')


def cell(where: str) -> int:
    """'central 2' -> its cell index (R1)."""
    row, column = where.split()
    return cell_index(m.Row(row), int(column))


def _placed(entry) -> Placed | None:
    if entry is None or entry == ".":
        return None
    if isinstance(entry, (m.MythCard,)):
        return Placed(entry)
    if entry.startswith("?"):
        return Placed(card(entry[1:]), face_up=False)
    return Placed(card(entry))


def grid(rows: Sequence[Sequence]) -> Area:
    """An Area from a 3 x 4 list: ids, '?id' face down, '.' empty, or cards."""
    assert len(rows) == 3 and all(len(r) == 4 for r in rows)
    return Area(tuple(_placed(e) for row in rows for e in row))


def sparse(cells: Mapping[str, object]) -> Area:
    """An Area from {'front 1': 'hera', ...}; every other cell empty."""
    entries = [None] * SIZE
    for where, entry in cells.items():
        entries[cell(where)] = _placed(entry)
    return Area(tuple(entries))


def points(area: Area, where: str) -> int:
    """The points of the card at ``where`` (its own lines only)."""
    return card_points(area)[cell(where)]


def board_text(rows: Sequence[Sequence[str]], extra: str = "") -> str:
    lines = [extra.strip(), "[area]"] if extra.strip() else ["[area]"]
    for name, row in zip(ROW_NAMES, rows, strict=True):
        lines.append(f"{name} = [{', '.join(repr(e).replace(chr(39), chr(34)) for e in row)}]")
    return "\n".join(lines) + "\n"


def load(rows, extra: str = "") -> Board:
    return resolve_board(parse_board_text(board_text(rows, extra)), registry())


def score_rows(rows, extra: str = "", explain: bool = False):
    return score_board(load(rows, extra), explain=explain)


EMPTY_ROW = [".", ".", ".", "."]


# ------------------------------------------------------------------ R1 grid


def test_r1_area_is_3_rows_of_4_columns_front_first():
    assert SIZE == 12 and len(ALL_CELLS) == 12
    assert m.ROWS == (m.Row.FRONT, m.Row.CENTRAL, m.Row.BACK)
    assert cell_index(m.Row.FRONT, 1) == 0
    assert cell_index(m.Row.FRONT, 4) == 3
    assert cell_index(m.Row.CENTRAL, 1) == 4
    assert cell_index(m.Row.BACK, 4) == 11
    assert (cell_row(6), cell_column(6)) == (m.Row.CENTRAL, 3)


@pytest.mark.parametrize("size", [3, 5])
def test_r1_a_board_row_holds_exactly_4_cards(size):
    rows = [["."] * size, EMPTY_ROW, EMPTY_ROW]
    with pytest.raises(BoardError) as raised:
        load(rows)
    assert any("4 cards" in d.message for d in raised.value.diagnostics)


def test_r1_a_board_of_3_rows_of_4_loads():
    board = load([["hela", ".", ".", "."], EMPTY_ROW, [".", ".", ".", "?hera"]])
    assert board.area[cell("front 1")].card.id == "hela"
    assert board.area[cell("back 4")] == Placed(card("hera"), face_up=False)


@pytest.mark.parametrize("row, expected", [("front", 2), ("central", 0), ("back", 0)])
def test_r1_front_row_is_the_board_files_first_row(row, expected):
    """Hela, "2p: it is in the front row", scores only in row 1 (R1)."""
    assert points(sparse({f"{row} 2": "hela"}), f"{row} 2") == expected


@pytest.mark.parametrize("column, expected", [(1, 2), (2, 0), (4, 0)])
def test_r1_columns_are_numbered_from_the_left(column, expected):
    area = grid(
        [
            [probe("2 points if in column 1") if c == column else "." for c in range(1, 5)],
            EMPTY_ROW,
            EMPTY_ROW,
        ]
    )
    assert points(area, f"front {column}") == expected


def test_r1_runaway_bride_leftmost_central_cell_is_central_1():
    """R1 evidence, scenario 4: Freyja ends "in the leftmost position of the
    central row", Thor left of Jotunheim (bottom-right), the dress on Thor."""
    rows = [EMPTY_ROW, ["freyja", ".", "wedding-dress", "."], [".", ".", "thor", "jotunheim"]]
    report = score_rows(rows, '[scenario]\nid = "runaway-bride"')
    assert report.scenario.victory is True
    mirrored = [list(reversed(r)) for r in rows]
    assert score_rows(mirrored, '[scenario]\nid = "runaway-bride"').scenario.victory is False


# ------------------------------------------------------------------ R2 above / below


@pytest.mark.parametrize(
    "egyptian_at, expected",
    [
        ("central 2", 2),  # directly beneath Horus
        ("front 1", 0),  # beside, same row
        ("central 3", 0),  # diagonal
        ("back 2", 0),  # same column, two rows down
    ],
)
def test_r2_above_means_the_cell_directly_beneath_is_the_target(egyptian_at, expected):
    """Horus "2 points if above egyptian" sits at front 2."""
    area = sparse({"front 2": "horus", egyptian_at: "anubis"})
    assert points(area, "front 2") == expected


def test_r2_above_is_toward_the_front_row():
    """Horus beneath the Egyptian (he is below it) does not score."""
    assert points(sparse({"central 2": "horus", "front 2": "anubis"}), "central 2") == 0
    assert points(sparse({"central 2": "horus", "back 2": "anubis"}), "central 2") == 2


@pytest.mark.parametrize("god_at, expected", [("central 3", 2), ("back 2", 0), ("central 2", 0)])
def test_r2_below_means_the_cell_directly_above_is_the_target(god_at, expected):
    area = sparse({"back 3": probe("2 points if below god"), god_at: "zeus"})
    assert points(area, "back 3") == expected


# ------------------------------------------------------------------ R3 left / right / both sides


@pytest.mark.parametrize(
    "god_at, expected",
    [
        ("central 3", 2),  # directly right of the probe: the probe is left of it
        ("central 4", 0),  # same row, not adjacent
        ("central 1", 0),  # on the other side
        ("back 3", 0),  # diagonal
        ("front 2", 0),  # above
    ],
)
def test_r3_left_of_is_the_cell_directly_left(god_at, expected):
    area = sparse({"central 2": probe("2 points if left of god"), god_at: "zeus"})
    assert points(area, "central 2") == expected


@pytest.mark.parametrize("god_at, expected", [("central 1", 2), ("central 3", 0)])
def test_r3_right_of_is_the_cell_directly_right(god_at, expected):
    area = sparse({"central 2": probe("2 points if right of god"), god_at: "zeus"})
    assert points(area, "central 2") == expected


def test_r3_left_of_does_not_wrap_to_the_next_row():
    """front 4 and central 1 are consecutive cells but not neighbours."""
    area = sparse({"front 4": probe("2 points if left of god"), "central 1": "zeus"})
    assert points(area, "front 4") == 0


BETWEEN = "3 points if between greek and norse"


@pytest.mark.parametrize(
    "cells, expected",
    [
        ({"central 1": "zeus", "central 3": "thor"}, 3),  # Greek left, Norse right
        ({"central 1": "thor", "central 3": "zeus"}, 3),  # either order
        ({"front 2": "zeus", "back 2": "thor"}, 0),  # above and below are not "sides"
        ({"central 1": "zeus", "central 4": "thor"}, 0),  # right one not adjacent
        ({"central 1": "zeus", "back 3": "thor"}, 0),
        ({"central 3": "zeus"}, 0),  # only one side
    ],
)
def test_r3_on_both_sides_means_one_left_and_one_right(cells, expected):
    area = sparse({"central 2": probe(BETWEEN), **cells})
    assert points(area, "central 2") == expected


def test_r3_on_both_sides_needs_two_cells_beside_it():
    """In column 1 there is no cell on the left, whatever is around."""
    area = sparse(
        {"central 1": probe(BETWEEN), "central 2": "thor", "front 1": "zeus", "back 1": "athena"}
    )
    assert points(area, "central 1") == 0


def test_r3_power_of_ra_challenge_isis_and_horus_on_both_sides_of_ra():
    rows = [[".", "sun-eye", ".", "."], ["isis", "ra", "horus", "."], EMPTY_ROW]
    report = score_rows(rows, '[scenario]\nid = "power-of-ra"')
    conditions = {c.text: c.met for c in report.scenario.challenge_conditions}
    assert any("between" in text and met for text, met in conditions.items())
    rows[1] = ["isis", "ra", ".", "horus"]
    report = score_rows(rows, '[scenario]\nid = "power-of-ra"')
    conditions = {c.text: c.met for c in report.scenario.challenge_conditions}
    assert any("between" in text and not met for text, met in conditions.items())


# ------------------------------------------------------------------ R4 next to


@pytest.mark.parametrize("egyptian_at", ["front 2", "back 2", "central 1", "central 3"])
def test_r4_next_to_is_orthogonal(egyptian_at):
    """Hera "2p: it is next to an Egyptian" at central 2: the 4 edge cells count."""
    assert points(sparse({"central 2": "hera", egyptian_at: "ship"}), "central 2") == 2


@pytest.mark.parametrize("egyptian_at", ["front 1", "front 3", "back 1", "back 3", "central 4"])
def test_r4_next_to_excludes_diagonals_and_farther_cells(egyptian_at):
    assert points(sparse({"central 2": "hera", egyptian_at: "ship"}), "central 2") == 0


def test_r4_next_to_does_not_wrap_around_rows():
    assert points(sparse({"front 4": "hera", "central 1": "ship"}), "front 4") == 0


def test_r4_neighbour_table_has_up_to_4_cells():
    assert sorted(NEIGHBOURS[cell("central 2")]) == sorted(
        cell(w) for w in ("front 2", "back 2", "central 1", "central 3")
    )
    assert sorted(NEIGHBOURS[cell("front 1")]) == [cell("front 2"), cell("central 1")]


def test_r4_abduction_demeter_diagonal_to_persephone_is_not_next_to_her():
    """Scenario 2, "Demeter cannot be next to Persephone": a diagonal is allowed."""
    base = {
        "front 1": "underworld",
        "front 2": "hades",
        "central 2": "persephone",
        "back 4": "jardines-cucos",
    }
    diagonal = Board(
        sparse({**base, "back 1": "demeter"}),
        scenario=registry().resolve("scenario", "abduction-of-persephone"),
    )
    beneath = Board(sparse({**base, "back 2": "demeter"}), scenario=diagonal.scenario)
    assert score_board(diagonal).scenario.victory is True
    assert score_board(beneath).scenario.victory is False


# ------------------------------------------------------------------ R5 close


@pytest.mark.parametrize(
    "underworld_at, expected",
    [
        ("front 1", 2),
        ("front 2", 2),
        ("front 3", 2),
        ("central 1", 2),
        ("central 3", 2),
        ("back 1", 2),
        ("back 2", 2),
        ("back 3", 2),
        ("central 4", 0),
        ("front 4", 0),
    ],
)
def test_r5_close_includes_diagonals(underworld_at, expected):
    """Hades "2 points if close to underworld" at central 2."""
    area = sparse({"central 2": "hades", underworld_at: "underworld"})
    assert points(area, "central 2") == expected


def test_r5_surroundings_are_the_8_cells_around():
    """Ra "1 point per egyptian in surroundings": 8 around him, 3 more farther."""
    rows = [
        ["anubis", "isis", "horus", "book-of-the-dead"],
        ["toth", "ra", "osiris", "ship"],
        ["throne-room", "embalming-room", "sun-eye", "portable-sarcophagus"],
    ]
    assert points(grid(rows), "central 2") == 8
    assert len(SURROUNDINGS[cell("central 2")]) == 8
    assert len(SURROUNDINGS[cell("front 1")]) == 3


def test_r5_surroundings_do_not_wrap_around_rows():
    area = sparse({"front 4": "ra", "central 1": "anubis", "back 1": "isis"})
    assert points(area, "front 4") == 0


# ------------------------------------------------------------------ R6 groups


def test_r6_group_is_orthogonally_connected():
    assert groups([cell("front 1"), cell("front 2"), cell("central 2")]) == [
        [cell("front 1"), cell("front 2"), cell("central 2")]
    ]


def test_r6_diagonal_cards_are_separate_groups():
    assert groups([cell("front 1"), cell("central 2")]) == [[cell("front 1")], [cell("central 2")]]


def test_r6_groups_do_not_wrap_around_rows():
    assert len(groups([cell("front 4"), cell("central 1")])) == 2


def test_r6_objective_counts_only_the_largest_group():
    """Grouping + Egyptian: groups of 3 and 2 Egyptians give 2p x 3, not 2p x 5."""
    rows = [
        ["anubis", "isis", ".", "."],
        [".", "horus", ".", "."],
        ["zeus", ".", "ship", "sun-eye"],
    ]
    report = score_rows(rows, 'objectives = [["grouping", "egyptian"]]', explain=True)
    assert [o.points for o in report.objectives] == [6]
    assert report.objectives[0].cells == (cell("front 1"), cell("front 2"), cell("central 2"))


def test_r6_diagonal_contact_does_not_join_groups():
    """Two pairs of Egyptians touching only at a corner: 2p x 2."""
    rows = [["anubis", "isis", ".", "."], ["zeus", "athena", "horus", "."], [".", ".", "ship", "."]]
    report = score_rows(rows, 'objectives = [["grouping", "egyptian"]]')
    assert [o.points for o in report.objectives] == [4]


# ------------------------------------------------------------------ R7 corners


@pytest.mark.parametrize(
    "where, expected",
    [
        ("front 1", 3),
        ("front 4", 3),
        ("back 1", 3),
        ("back 4", 3),
        ("front 2", 0),
        ("central 1", 0),
        ("central 4", 0),
        ("back 3", 0),
    ],
)
def test_r7_corners_are_the_four_outer_cells(where, expected):
    """Jörmungandr "3 points if in a corner"."""
    assert points(sparse({where: "jormungandr"}), where) == expected


@pytest.mark.parametrize(
    "other, expected",
    [
        ("back 4", 2),  # diagonal opposite of front 1
        ("back 1", 0),  # same column
        ("front 4", 0),  # same row
        ("central 4", 0),  # not a corner
    ],
)
def test_r7_opposite_corners_are_the_diagonal_pairs(other, expected):
    area = sparse(
        {"front 1": probe("2 points if in opposite corner to greek place"), other: "underworld"}
    )
    assert points(area, "front 1") == expected


def test_r7_opposite_corner_table():
    assert {
        cell("front 1"): cell("back 4"),
        cell("back 4"): cell("front 1"),
        cell("front 4"): cell("back 1"),
        cell("back 1"): cell("front 4"),
    } == CORNERS


def test_r7_abduction_underworld_and_jardines_in_opposite_corners():
    """Scenario 2 victory; the last condition is the opposite-corner one."""
    scenario = registry().resolve("scenario", "abduction-of-persephone")
    base = {
        "front 1": "underworld",
        "front 2": "hades",
        "central 2": "persephone",
        "back 1": "demeter",
    }
    met = score_board(Board(sparse({**base, "back 4": "jardines-cucos"}), scenario=scenario))
    same_row = score_board(Board(sparse({**base, "front 4": "jardines-cucos"}), scenario=scenario))
    assert [c.met for c in met.scenario.victory_conditions] == [True, True, True, True]
    assert [c.met for c in same_row.scenario.victory_conditions] == [True, True, True, False]
    assert same_row.scenario.victory is False


# ------------------------------------------------------------------ R8 fixed points


@pytest.mark.parametrize("egyptians", [1, 2, 3, 4])
def test_r8_fixed_line_scores_once_however_many_times_it_holds(egyptians):
    """Base rulebook NOTE: a second Egyptian beside Hera still gives 2p."""
    around = ["front 2", "central 1", "central 3", "back 2"][:egyptians]
    ids = ["ship", "anubis", "sun-eye", "isis"]
    area = sparse({"central 2": "hera", **dict(zip(around, ids, strict=False))})
    assert points(area, "central 2") == 2


def test_r8_fixed_line_without_its_condition_scores_0():
    area = sparse({"central 2": "hera", "central 1": "zeus", "central 3": "thor"})
    assert points(area, "central 2") == 0


# ------------------------------------------------------------------ R9 multipliers


@pytest.mark.parametrize("gods, expected", [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (7, 3)])
def test_r9_per_k_scores_floor_of_count_over_k(gods, expected):
    """Hércules "1 point per 2 gods in area": 1 x floor(gods / 2)."""
    others = ["hades", "thor", "toth", "zeus", "odin", "athena"][: gods - 1]
    where = ["front 3", "central 2", "central 4", "back 1", "back 3", "front 2"]
    area = sparse({"front 1": "hercules", **dict(zip(where, others, strict=False))})
    assert points(area, "front 1") == expected


@pytest.mark.parametrize("gods, expected", [(1, 0), (2, 3), (3, 3), (4, 6)])
def test_r9_n_points_per_k_multiplies_n(gods, expected):
    ids = ["zeus", "thor", "toth", "hades"][:gods]
    area = sparse(
        {
            "back 1": probe("3 points per 2 gods in area"),
            **dict(zip(["front 1", "front 2", "front 3", "front 4"], ids, strict=False)),
        }
    )
    assert points(area, "back 1") == expected


@pytest.mark.parametrize("gods", [0, 1, 2, 3])
def test_r9_per_god_in_the_row_is_k_1(gods):
    """Barco "1 point per god in row": one point per god."""
    ids = ["zeus", "thor", "toth"][:gods]
    area = sparse(
        {
            "central 4": "ship",
            **dict(zip(["central 1", "central 2", "central 3"], ids, strict=False)),
        }
    )
    assert points(area, "central 4") == gods


# ------------------------------------------------------------------ R10 own row, itself


def test_r10_barco_counts_the_gods_of_its_own_row_only():
    area = sparse(
        {
            "central 2": "ship",
            "front 2": "zeus",
            "back 2": "thor",
            "front 1": "hera",
            "back 3": "odin",
            "central 4": "toth",
        }
    )
    assert points(area, "central 2") == 1  # only Toth shares its row


def test_r10_base_example_barco_beside_hela_and_hera_scores_2():
    assert (
        points(sparse({"central 1": "hela", "central 2": "hera", "central 3": "ship"}), "central 3")
        == 2
    )


def test_r10_a_condition_counts_the_card_itself():
    """A Greek god "1 point per greek in row" alone in his row: he is a Greek."""
    greek = probe("1 point per greek in row", kind="god", mythology="greek")
    assert points(sparse({"central 1": greek}), "central 1") == 1
    assert (
        points(sparse({"central 1": greek, "central 3": "athena", "front 1": "hera"}), "central 1")
        == 2
    )


def test_r10_hercules_counts_himself_among_the_gods():
    assert points(sparse({"front 1": "hercules"}), "front 1") == 0
    assert points(sparse({"front 1": "hercules", "back 4": "thor"}), "front 1") == 1


# ------------------------------------------------------------------ R11 counts as 2 gods


def test_r11_geb_and_nut_counts_2_gods_for_hercules():
    """Hércules + Geb and Nut = 3 gods -> 1p; + one more god = 4 gods -> 2p
    (with weight 1 it would be 3 gods -> 1p)."""
    assert points(sparse({"front 1": "hercules", "back 4": "geb-and-nut"}), "front 1") == 1
    assert (
        points(
            sparse({"front 1": "hercules", "back 4": "geb-and-nut", "back 1": "thor"}), "front 1"
        )
        == 2
    )


def test_r11_geb_and_nut_counts_2_gods_in_a_row_count():
    """Barco "1 point per god in row" beside Geb and Nut alone: 2p."""
    assert points(sparse({"central 1": "geb-and-nut", "central 2": "ship"}), "central 2") == 2


def test_r11_geb_and_nut_counts_2_for_a_typed_mythology_count():
    """Sala de Momificar "1 point per egyptian god in neighbours": gods are counted."""
    area = sparse({"central 1": "geb-and-nut", "central 2": "embalming-room"})
    assert points(area, "central 2") == 2


def test_r11_geb_and_nut_counts_once_for_mythology_counts():
    """An Egyptian god "1 point per egyptian in row": it + Geb and Nut = 2, not 3."""
    area = sparse(
        {
            "central 1": "geb-and-nut",
            "central 3": probe("1 point per egyptian in row", kind="god", mythology="egyptian"),
        }
    )
    assert points(area, "central 3") == 2


def test_r11_gods_figure_weighs_geb_and_nut_2():
    """R16's tie-break counts gods with R11 weights."""
    report = score_board(
        Board(sparse({"front 1": "geb-and-nut", "front 2": "hera", "front 3": "ship"}))
    )
    assert report.gods == 3


def test_r11_law_counts_weigh_geb_and_nut_2():
    at_least_3 = law("3 points if at least 3 gods in line")
    with_geb = Board(
        sparse({"central 1": "geb-and-nut", "central 3": "hera"}),
        laws=(LawPlacement(at_least_3, row=m.Row.CENTRAL),),
    )
    without = Board(
        sparse({"central 1": "anubis", "central 3": "hera"}),
        laws=(LawPlacement(at_least_3, row=m.Row.CENTRAL),),
    )
    assert [law.points for law in score_board(with_geb).laws] == [3]
    assert [law.points for law in score_board(without).laws] == [0]


def test_r11_divine_objective_weighs_geb_and_nut_2_egyptian_objective_1():
    """Objectives count gods with weights too: the divine (gods) element sees
    3 gods in {Geb and Nut, Hera}; the Egyptian element sees 1 Egyptian."""
    report = score_rows(
        [["geb-and-nut", "hera", ".", "."], EMPTY_ROW, EMPTY_ROW],
        'objectives = [["grouping", "divine"], ["grouping", "egyptian"]]',
    )
    assert [(o.element.id, o.points) for o in report.objectives] == [("divine", 6), ("egyptian", 2)]


def test_r11_largest_group_is_judged_by_weighted_size():
    """Divine grouping: {Geb and Nut} (2 gods) outweighs {Zeus} (1 god)."""
    report = score_rows(
        [["zeus", ".", "geb-and-nut", "."], EMPTY_ROW, EMPTY_ROW],
        'objectives = [["grouping", "divine"]]',
        explain=True,
    )
    assert report.objectives[0].points == 4
    assert report.objectives[0].cells == (cell("front 3"),)


# ------------------------------------------------------------------ R12 face state


def test_r12_scoring_reveals_face_down_cards():
    report = score_rows([["hera", "?ship", ".", "."], EMPTY_ROW, EMPTY_ROW])
    scored = {c.card.id: c.points for c in report.cards}
    assert scored == {"hera": 2, "ship": 1}
    assert report.total == 3
    assert report.all_face_up_before_reveal is False
    assert all(p.face_up for p in report.area.cells if p is not None)


def test_r12_face_down_gods_count_in_the_final_gods_figure():
    report = score_rows([["?hera", "?geb-and-nut", "ship", "."], EMPTY_ROW, EMPTY_ROW])
    assert report.gods == 3
    assert {c.card.id: c.points for c in report.cards}["ship"] == 3


def test_r12_during_the_game_face_down_cards_do_not_match():
    area = sparse({"central 2": "hera", "central 3": "?ship"})
    hera_line = card("hera").lines[0]
    assert Evaluator(area).line_points(hera_line, cell("central 2")) == 0
    assert Evaluator(area.revealed()).line_points(hera_line, cell("central 2")) == 2


def test_r12_during_the_game_face_down_gods_are_not_counted():
    area = sparse({"central 1": "?zeus", "central 2": "thor", "central 3": "ship"})
    assert points(area, "central 3") == 1
    assert points(area.revealed(), "central 3") == 2


def test_r12_face_down_cards_do_not_complete_a_pattern():
    pattern = registry().resolve("pattern", "god-and-relic")
    area = sparse({"front 1": "zeus", "front 2": "?sun-eye"})
    assert pattern_matches(area, pattern) is None
    assert pattern_matches(area.revealed(), pattern) == (cell("front 1"), cell("front 2"))


# ------------------------------------------------------------------ R13 laws


LAW_ROWS = [
    ["zeus", "hera", "troy", "athena"],
    ["hades", "thor", "ra", "persephone"],
    ["sun-eye", "odin", "apple", "demeter"],
]


def law_points(rows, placement: str) -> int:
    report = score_rows(rows, placement)
    (law_score,) = report.laws
    return law_score.points


@pytest.mark.parametrize(
    "placement, expected",
    [
        ('[[laws]]\ncard = "only-gods"\nrow = "central"', 3),  # 4 gods
        ('[[laws]]\ncard = "only-gods"\nrow = "front"', 0),  # Troya is a place
        ('[[laws]]\ncard = "only-gods"\ncolumn = 2', 3),  # Hera, Thor, Odín
        ('[[laws]]\ncard = "only-gods"\ncolumn = 3', 0),
        ('[[laws]]\ncard = "only-greeks"\ncolumn = 4', 3),  # Athena, Persephone, Demeter
        ('[[laws]]\ncard = "only-greeks"\nrow = "front"', 3),
        ('[[laws]]\ncard = "only-greeks"\nrow = "back"', 0),
        ('[[laws]]\ncard = "no-greeks"\ncolumn = 2', 0),  # Hera
        ('[[laws]]\ncard = "no-greeks"\nrow = "central"', 0),
    ],
)
def test_r13_law_is_judged_on_its_own_row_or_column(placement, expected):
    assert law_points(LAW_ROWS, placement) == expected


def test_r13_law_ignores_cards_outside_its_line():
    """No Greeks in column 3 of this board, though Greeks fill the rest."""
    rows = [
        ["zeus", "hera", "ra", "athena"],
        ["hades", "thor", "odin", "persephone"],
        ["apple", "troy", "sun-eye", "demeter"],
    ]
    assert law_points(rows, '[[laws]]\ncard = "no-greeks"\ncolumn = 3') == 3
    assert law_points(rows, '[[laws]]\ncard = "no-greeks"\ncolumn = 2') == 0


def test_r13_law_points_add_to_the_total():
    report = score_rows(
        LAW_ROWS,
        '[[laws]]\ncard = "only-gods"\nrow = "central"\n[[laws]]\ncard = "only-greeks"\ncolumn = 4',
    )
    assert [law.points for law in report.laws] == [3, 3]
    assert report.total == sum(c.points for c in report.cards) + 6


@pytest.mark.parametrize("second", ['row = "central"', "column = 2"])
def test_r13_two_laws_on_one_line_is_a_board_error(second):
    first = 'row = "central"' if "row" in second else "column = 2"
    extra = f'[[laws]]\ncard = "only-gods"\n{first}\n[[laws]]\ncard = "no-greeks"\n{second}'
    with pytest.raises(BoardError) as raised:
        load(LAW_ROWS, extra)
    assert any(
        "two laws" in d.message and "one law per row and per column" in (d.help or "")
        for d in raised.value.diagnostics
    )  # R13; the player's message says the rule, not its code (#28)


def test_r13_a_row_law_and_a_column_law_may_cross():
    extra = (
        '[[laws]]\ncard = "only-gods"\nrow = "central"\n[[laws]]\ncard = "no-greeks"\ncolumn = 2'
    )
    assert len(load(LAW_ROWS, extra).laws) == 2


def test_r13_a_law_sits_on_one_row_or_one_column_not_both():
    with pytest.raises(BoardError):
        load(LAW_ROWS, '[[laws]]\ncard = "only-gods"\nrow = "central"\ncolumn = 1')
    with pytest.raises(BoardError):
        load(LAW_ROWS, '[[laws]]\ncard = "only-gods"')


@pytest.fixture(scope="module")
def seven_law_registry(tmp_path_factory):
    """The bundled cards plus 4 more laws, to fill all 7 lines."""
    path = tmp_path_factory.mktemp("laws") / "extra-laws.dioses"
    path.write_text(
        'set extra-laws "Extra laws" {\n  requires aun-mas-divinos\n}\n'
        + "".join(
            f'law extra-law-{n} "Extra law {n}" reconstructed {{\n  1 point if only gods in line\n}}\n'
            for n in range(1, 5)
        ),
        encoding="utf-8",
    )
    return load_registry([path])[0]


def test_r13_at_most_7_laws_3_rows_and_4_columns(seven_law_registry):
    ids = ["only-gods", "no-greeks", "only-greeks"] + [f"extra-law-{n}" for n in range(1, 5)]
    lines = [
        'row = "front"',
        'row = "central"',
        'row = "back"',
        "column = 1",
        "column = 2",
        "column = 3",
        "column = 4",
    ]
    extra = "".join(f'[[laws]]\ncard = "{i}"\n{line}\n' for i, line in zip(ids, lines, strict=True))
    board = resolve_board(parse_board_text(board_text(LAW_ROWS, extra)), seven_law_registry)
    assert len(board.laws) == 7
    eighth = extra.replace('card = "extra-law-4"\ncolumn = 4', 'card = "extra-law-4"\nrow = "back"')
    with pytest.raises(BoardError):
        resolve_board(parse_board_text(board_text(LAW_ROWS, eighth)), seven_law_registry)


# ------------------------------------------------------------------ R14 patterns


def pattern(pattern_id: str) -> m.Pattern:
    return registry().resolve("pattern", pattern_id)


@pytest.mark.parametrize("row", ROW_NAMES)
@pytest.mark.parametrize("column", [1, 2, 3])
def test_r14_pattern_fits_at_any_translation(row, column):
    """god-and-relic: | greek god | egyptian object |."""
    area = sparse({f"{row} {column}": "zeus", f"{row} {column + 1}": "sun-eye"})
    assert pattern_matches(area, pattern("god-and-relic")) == (
        cell(f"{row} {column}"),
        cell(f"{row} {column + 1}"),
    )


@pytest.mark.parametrize(
    "cells",
    [
        {"front 1": "zeus", "central 1": "sun-eye"},  # rotated a quarter turn
        {"central 1": "zeus", "front 1": "sun-eye"},
        {"front 1": "sun-eye", "front 2": "zeus"},  # mirrored
        {"front 4": "zeus", "central 1": "sun-eye"},  # no wrapping across rows
        {"front 1": "zeus", "central 2": "sun-eye"},  # diagonal
    ],
)
def test_r14_pattern_is_never_rotated_or_mirrored(cells):
    assert pattern_matches(sparse(cells), pattern("god-and-relic")) is None


def test_r14_l_shaped_pattern_only_in_its_printed_orientation():
    """two-gods-and-an-object: | god | god | over | object | _ |."""
    printed = {"central 2": "zeus", "central 3": "thor", "back 2": "ship"}
    mirrored = {"central 2": "zeus", "central 3": "thor", "back 3": "ship"}
    upside_down = {"front 2": "ship", "central 2": "zeus", "central 3": "thor"}
    assert pattern_matches(sparse(printed), pattern("two-gods-and-an-object")) is not None
    assert pattern_matches(sparse(mirrored), pattern("two-gods-and-an-object")) is None
    assert pattern_matches(sparse(upside_down), pattern("two-gods-and-an-object")) is None


def test_r14_a_pattern_gap_takes_any_card():
    area = sparse({"central 2": "zeus", "central 3": "thor", "back 2": "ship", "back 3": "troy"})
    assert pattern_matches(area, pattern("two-gods-and-an-object")) == (
        cell("central 2"),
        cell("central 3"),
        cell("back 2"),
    )


def test_r14_pattern_cells_check_type_and_mythology():
    """A Norse god where the Greek god should be does not complete it."""
    assert (
        pattern_matches(sparse({"front 1": "thor", "front 2": "sun-eye"}), pattern("god-and-relic"))
        is None
    )
    assert (
        pattern_matches(sparse({"front 1": "zeus", "front 2": "apple"}), pattern("god-and-relic"))
        is None
    )


@pytest.mark.parametrize(
    "pattern_id, rows, expected",
    [
        ("god-and-relic", [["zeus", "sun-eye", ".", "."], EMPTY_ROW, EMPTY_ROW], 2),
        ("egyptian-court", [[".", "ra", "throne-room", "sun-eye"], EMPTY_ROW, EMPTY_ROW], 4),
        (
            "three-realms",
            [
                ["olympus-throne", "throne-room", "valhalla", "."],
                ["zeus", "ra", "odin", "."],
                EMPTY_ROW,
            ],
            6,
        ),
    ],
)
def test_r14_easy_2_medium_4_hard_6(pattern_id, rows, expected):
    report = score_rows(rows, f'[[patterns]]\ncard = "{pattern_id}"')
    (held,) = report.patterns
    assert (held.completed, held.judged, held.points) == (True, True, expected)
    assert report.total == sum(c.points for c in report.cards) + expected


def test_r14_completed_flag_is_honoured_when_the_cards_have_moved():
    """Once completed a pattern stays completed: no Norse card on this board."""
    rows = [["zeus", ".", ".", "."], EMPTY_ROW, EMPTY_ROW]
    report = score_rows(rows, '[[patterns]]\ncard = "norse-host"\ncompleted = true')
    (held,) = report.patterns
    assert (held.completed, held.judged, held.points) == (True, False, 6)
    judged = score_rows(rows, '[[patterns]]\ncard = "norse-host"')
    assert (judged.patterns[0].completed, judged.patterns[0].points) == (False, 0)


def test_r14_completed_false_is_honoured():
    rows = [["zeus", "sun-eye", ".", "."], EMPTY_ROW, EMPTY_ROW]
    report = score_rows(rows, '[[patterns]]\ncard = "god-and-relic"\ncompleted = false')
    assert (report.patterns[0].completed, report.patterns[0].points) == (False, 0)


def test_r14_no_limit_on_patterns_held():
    rows = [["zeus", "sun-eye", ".", "."], EMPTY_ROW, EMPTY_ROW]
    extra = (
        '[[patterns]]\ncard = "god-and-relic"\n'
        '[[patterns]]\ncard = "egyptian-court"\ncompleted = true\n'
        '[[patterns]]\ncard = "three-realms"\ncompleted = true\n'
        '[[patterns]]\ncard = "norse-hall"'
    )
    report = score_rows(rows, extra)
    assert [p.points for p in report.patterns] == [2, 4, 6, 0]
    assert report.total == sum(c.points for c in report.cards) + 12


def test_r14_held_pattern_objects_score_by_difficulty():
    """The same through a Board built in code (HeldPattern)."""
    area = sparse({"front 1": "zeus", "front 2": "sun-eye"})
    board = Board(
        area,
        patterns=(
            HeldPattern(pattern("god-and-relic")),
            HeldPattern(pattern("greek-guard"), completed=True),
        ),
    )
    assert [p.points for p in score_board(board).patterns] == [2, 4]


# ------------------------------------------------------------------ R15 objectives


OBJECTIVE_ROWS = [
    ["ra", "isis", ".", "."],
    ["odin", "thor", "freyja", "."],
    ["zeus", ".", ".", "hera"],
]


@pytest.mark.parametrize("element, expected", [("egyptian", 4), ("norse", 6), ("greek", 2)])
def test_r15_objective_scores_the_goal_for_its_element(element, expected):
    report = score_rows(OBJECTIVE_ROWS, f'objectives = [["grouping", "{element}"]]')
    assert [(o.goal.id, o.element.id, o.points) for o in report.objectives] == [
        ("grouping", element, expected)
    ]


def test_r15_every_pair_on_the_table_is_scored():
    report = score_rows(
        OBJECTIVE_ROWS, 'objectives = [["grouping", "egyptian"], ["grouping", "norse"]]'
    )
    assert [o.points for o in report.objectives] == [4, 6]
    assert report.total == sum(c.points for c in report.cards) + 10


def test_r15_pair_resolves_by_printed_spanish_names():
    board = load(OBJECTIVE_ROWS, 'objectives = [["Agrupación", "Egipcia"]]')
    ((goal, element),) = board.objectives
    assert (goal.id, element.id) == ("grouping", "egyptian")


@pytest.mark.parametrize(
    "pair", ['["grouping"]', '["grouping", "egyptian", "norse"]', '["egyptian", "grouping"]']
)
def test_r15_an_objective_is_a_goal_element_pair(pair):
    with pytest.raises(BoardError):
        load(OBJECTIVE_ROWS, f"objectives = [{pair}]")


# ------------------------------------------------------------------ R16 ties


def test_r16_gods_figure_counts_gods_only():
    report = score_rows([["hera", "ship", "troy", "hela"], EMPTY_ROW, EMPTY_ROW])
    assert report.gods == 2


def test_r16_gods_figure_breaks_a_tie_on_points():
    """Both areas score 4; the one with Geb and Nut (weight 2, R11) has more gods."""
    plain = score_rows([EMPTY_ROW, ["hela", "hera", "ship", "."], EMPTY_ROW])
    # Hércules 2p (4 gods: 1 + 2 + 1), Geb and Nut 1p, Zeus 1p (Hércules is a Greek
    # god in the front row)
    heavy = score_rows([["hercules", ".", "geb-and-nut", "."], EMPTY_ROW, [".", "zeus", ".", "."]])
    assert plain.total == heavy.total == 4
    assert (plain.gods, heavy.gods) == (2, 4)


def test_r16_json_report_carries_the_gods_figure():
    report = score_rows([["geb-and-nut", "?thor", ".", "."], EMPTY_ROW, EMPTY_ROW])
    assert report.to_json()["gods"] == 3


# ------------------------------------------------------------------ R24 "scores", leader


def scenario_board(scenario_id: str, cells: Mapping[str, str]) -> Board:
    return Board(sparse(cells), scenario=registry().resolve("scenario", scenario_id))


def test_r24_every_card_scores_means_each_above_0():
    """Scenario 2's challenge: Hera 2p, Barco 1p -> met; add Hela (0p) -> not."""
    scoring = scenario_board("abduction-of-persephone", {"front 2": "hera", "front 3": "ship"})
    assert challenge_condition(score_board(scoring)) is True
    idle = scenario_board(
        "abduction-of-persephone", {"front 2": "hera", "front 3": "ship", "back 1": "hela"}
    )
    assert challenge_condition(score_board(idle)) is False
    # R34: with no victory on this board, the challenge itself is not met
    assert score_board(scoring).scenario.challenge is False


def challenge_condition(report) -> bool:
    """The challenge's own condition (one), apart from the R34 verdict."""
    (condition,) = report.scenario.challenge_conditions
    return condition.met


def test_r24_named_cards_score():
    """Scenario 3 victory lists "jormungandr, odin, thor, battlefield, hammer scores"."""
    cells = {
        "front 1": "jormungandr",
        "front 2": "odin",
        "central 1": "battlefield",
        "central 2": "thor",
        "central 3": "hammer",
    }
    report = score_board(scenario_board("ragnarok", cells))
    by_text = {c.text: c.met for c in report.scenario.victory_conditions}
    scores_text = next(t for t in by_text if "scores" in t)
    assert by_text[scores_text] is True
    moved = dict(cells, **{"front 2": "jormungandr", "front 1": "odin"})  # not in a corner
    report = score_board(scenario_board("ragnarok", moved))
    assert {c.text: c.met for c in report.scenario.victory_conditions}[scores_text] is False


@pytest.mark.parametrize("egyptians, expected", [(2, True), (1, False)])
def test_r24_scores_at_least_3_points(egyptians, expected):
    """Scenario 7's challenge: Anubis (1p per Egyptian in the back row) scores >= 3."""
    others = dict(list({"back 2": "toth", "back 3": "osiris"}.items())[:egyptians])
    report = score_board(scenario_board("afterlife-travel-agency", {"back 1": "anubis", **others}))
    assert challenge_condition(report) is expected
    assert report.scenario.challenge is False  # R34: no victory on this board


THRONES = {
    "front 1": "zeus",
    "front 2": "olympus-throne",
    "front 3": "hera",
    "front 4": "throne-room",
    "central 4": "valhalla",
    "back 1": "odin",
    "back 4": "ra",
}


def test_r24_game_of_thrones_leader_on_its_throne_wins():
    """Greek 3, Norse 2, Egyptian 2: Zeus leads and alone sits close to his throne."""
    report = score_board(scenario_board("game-of-thrones", THRONES))
    assert report.scenario.victory is True
    assert report.scenario.challenge is True  # all 3 gods and 3 thrones in play


def test_r24_game_of_thrones_tie_means_no_leader_and_no_victory():
    """Freyja makes Norse 3 = Greek 3: no god has strictly the most influence."""
    report = score_board(scenario_board("game-of-thrones", {**THRONES, "central 1": "freyja"}))
    assert report.scenario.victory is False


def test_r24_game_of_thrones_only_the_leader_may_sit():
    """Valhalla moved close to Odín: two gods seated, the victory fails."""
    cells = {k: v for k, v in THRONES.items() if v != "valhalla"}
    report = score_board(scenario_board("game-of-thrones", {**cells, "central 1": "valhalla"}))
    assert report.scenario.victory is False


def test_r24_game_of_thrones_a_leader_off_its_throne_loses():
    cells = {k: v for k, v in THRONES.items() if v != "olympus-throne"}
    report = score_board(scenario_board("game-of-thrones", {**cells, "back 2": "olympus-throne"}))
    assert report.scenario.victory is False


def test_r24_game_of_thrones_influence_counts_geb_and_nut_once():
    """Influence counts cards of a mythology, so Geb and Nut is 1 card (R11):
    Egyptian 3 = Greek 3 is a tie although Ra sits on his throne; one more
    Egyptian card makes Ra the leader and the victory holds."""
    cells = {
        "front 1": "zeus",
        "front 3": "hera",
        "front 4": "olympus-throne",
        "back 1": "ra",
        "back 2": "throne-room",
        "back 4": "geb-and-nut",
    }
    assert score_board(scenario_board("game-of-thrones", cells)).scenario.victory is False
    more = {**cells, "central 3": "sun-eye"}
    assert score_board(scenario_board("game-of-thrones", more)).scenario.victory is True


def test_r24_game_of_thrones_leader_is_chosen_by_mythology_even_when_absent():
    """R24: the god with the most influence is the one whose mythology has
    strictly the most cards. Greek leads (3 cards) but Zeus is not in play, so
    nobody wins, even though Odín sits alone on Valhalla."""
    cells = {
        "front 1": "hera",
        "front 2": "athena",
        "front 3": "troy",
        "back 1": "odin",
        "back 2": "valhalla",
        "back 4": "ra",
    }
    assert score_board(scenario_board("game-of-thrones", cells)).scenario.victory is False
    # With Greek no longer ahead (Norse 3, Greek 2), Odín is the leader and wins.
    norse = {**cells, "front 3": "thor"}
    assert score_board(scenario_board("game-of-thrones", norse)).scenario.victory is True


def test_r24_scenario_is_beaten_with_victory_and_more_than_the_threshold():
    report = score_board(scenario_board("game-of-thrones", THRONES))
    assert report.scenario.threshold == 26
    assert report.scenario.beaten is (report.scenario.victory and report.total > 26)
    assert report.scenario.beaten is False  # this small area is far from 26 points


def test_r14_pattern_points_come_from_the_sets_table(tmp_path):
    """R14 lives in data: the expansion's header says 'difficulty easy 2
    points'; a set that says otherwise scores its patterns its own way."""
    registry_ = registry()
    easy = next(p for p in registry_.definitions("pattern") if p.difficulty is m.Difficulty.EASY)
    assert registry_.pattern_points(easy) == 2
    mod = tmp_path / "mod.dioses"
    mod.write_text(
        'set generous "Generous patterns" {\n  requires aun-mas-divinos\n'
        "  difficulty easy 5 points\n}\n"
        'pattern lone-god "Lone god" easy reconstructed {\n  | any god |\n}\n',
        encoding="utf-8",
    )
    modded = load_registry([mod])[0]
    board = resolve_board(
        parse_board_text(
            '[area]\nfront = ["hera", ".", ".", "."]\ncentral = [".", ".", ".", "."]\n'
            'back = [".", ".", ".", "."]\n[[patterns]]\ncard = "lone-god"\n'
            f'[[patterns]]\ncard = "{easy.id}"\ncompleted = true\n'
        ),
        modded,
    )
    report = score_board(board)
    assert [p.points for p in report.patterns] == [5, 2]
