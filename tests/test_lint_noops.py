"""DL122: a statement that can never change a score is a warning (issue #24,
item 4): a cap above what its line can give, a count per more cards than
its scope holds, and a condition that can never hold. All of one file, linted
once with the bundled sets (Geb y Nut counts as 2 gods, R11, so a count of
gods may reach twice its cells)."""

from __future__ import annotations

import pytest

from dioses_rules.errors import Severity
from dioses_rules.pool.lint import lint_sources
from dioses_rules.pool.sources import bundled_sources, sources_from_texts

# (line of the card's body, warned?) - each a card of its own, so a warning's
# line names its case.
CASES = [
    # a cap: 2 per god in neighbours is at most 2 x 4 cells x weight 2 = 16
    ("2 points per god in neighbours up to 16 points", True),
    ("2 points per god in neighbours up to 15 points", False),
    # cards (no type named) weigh 1 each (R11): 1 x 4 cells
    ("1 point per card in row up to 4 points", True),
    ("1 point per card in row up to 3 points", False),
    ("-1 point per card in diagonals up to 4 points", True),
    # per more cards than the scope holds: never scores
    ("1 point per 5 cards in neighbours", True),
    ("1 point per 4 cards in neighbours", False),
    ("1 point per 9 gods in neighbours", True),
    ("1 point per 8 gods in neighbours", False),
    # a card is never next to (above, between ...) itself
    ("2 points if next to it", True),
    ("2 points if not close to it", True),
    ("2 points if between it and hera", True),
    ("2 points if hera next to it", False),  # a subject: judged from Hera
    ("1 point per god that is next to it", False),  # judged from each god
    # two places at once
    ("2 points if in front row and in back row", True),
    ("2 points if at front 1 and in column 2", True),
    ("2 points if in front row or in back row", False),
    ("2 points if in front row and in column 2", False),
    # more than a scope holds
    ("2 points if at least 5 cards in neighbours", True),
    ("2 points if exactly 13 cards in area", True),
    ("2 points if more than 12 cards in area", True),
    ("2 points if fewer than 0 cards in row", True),
    ("2 points if at least 12 cards in area", False),
    ("2 points if at least 4 different mythologies in area", True),  # base: 3
    ("2 points if at least 3 different mythologies in area", False),
]


@pytest.fixture(scope="module")
def warned():
    bundled = bundled_sources()
    body = "".join(
        f'god case-{index} "Case {index}" greek {{\n  {line}\n}}\n\n'
        for index, (line, _) in enumerate(CASES)
    )
    law = 'law crowd "Crowd" {\n  3 points if at least 5 cards in line\n}\n'
    text = 'set mod "Mod" {\n  requires base\n}\n\n' + body + law
    (mine,) = sources_from_texts([("mod.dioses", text)], context=bundled)
    found = [d for d in lint_sources([*bundled, mine]) if d.path == "mod.dioses"]
    assert all(d.code == "DL122" and d.severity is Severity.WARNING for d in found), found
    return {d.line: d for d in found}, text.splitlines()


@pytest.mark.parametrize("line, expected", CASES, ids=[line for line, _ in CASES])
def test_a_statement_that_can_never_change_a_score_is_a_warning(warned, line, expected):
    found, lines = warned
    at = lines.index(f"  {line}") + 1
    assert (at in found) is expected, found.get(at)
    if expected:
        assert found[at].help


def test_a_law_counting_more_cards_than_its_line_holds_is_warned(warned):
    found, lines = warned
    at = lines.index("  3 points if at least 5 cards in line") + 1
    assert "never holds: the count is at most 4" in found[at].message


def test_the_messages_say_why(warned):
    found, lines = warned

    def said(line: str) -> str:
        return found[lines.index(f"  {line}") + 1].message

    assert said("2 points per god in neighbours up to 16 points") == (
        "'up to 16 points' never limits '2 points per god in neighbours', which gives at most 16"
    )
    assert said("1 point per 5 cards in neighbours") == (
        "'per 5' never scores: there are never 5 to count there (at most 4)"
    )
    assert said("2 points if next to it") == (
        "'next to it' never holds: a card is never there from itself"
    )
    assert said("2 points if in front row and in back row") == (
        "'in front row and in back row' never holds: a card is in one row and one column only"
    )
