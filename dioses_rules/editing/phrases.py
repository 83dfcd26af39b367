"""The card language's phrases as docs/card-language.md explains them
(phrase, meaning[, ruling]) by section: the rows of its tables that start with
a quoted phrase, its Definitions table and its bullets that start with one.
What hover says of a keyword.

Copied from the page, row for row, so that hover needs no docs installed
(but the settings' rows, made from ``SETTINGS`` as the page's table is);
``tests/test_lsp_presentation.py`` checks that the two are equal (its
``doc_phrases`` makes these rows again when the page changes)."""

from __future__ import annotations

from ..language.settings import settings_table


def _setting_rows() -> tuple[tuple[str, ...], ...]:
    """The rows of the settings table, cut as the page's rows are: made from
    ``SETTINGS`` by :func:`~..language.settings.settings_table`, as the page's
    table is, so that a new setting needs no row here."""
    rows = settings_table().splitlines()[2:]  # past the header and its rule
    return tuple(tuple(cell.strip() for cell in row.strip("|").split("|"))[:3] for row in rows)


SECTIONS: dict[str, tuple[tuple[str, ...], ...]] = {
    "Files": (
        ('`version "TEXT"`', "free text"),
        (
            "`requires ID, ID`",
            "sets that must be loaded too; loading this set brings them into play",
        ),
        (
            "`always OPTION, OPTION`",
            "rule options in play whenever this set is (before the options a player chooses; a scenario's `mode` still comes last)",
        ),
        (
            "`replaces ID, ID`",
            "ids of cards of a required set that this set redefines (the expansion's replacement cards)",
        ),
        (
            "`expect N KIND`",
            "the set must define exactly N definitions of that kind (`myth`, `event`, `law`, `pattern`, `objective-goal`, `objective-element`, `power`, `rule-option`, `scenario`; a Myth card with an `event` is of kind `event`)",
        ),
        (
            "`difficulty LEVEL N points`",
            "what a completed Pattern card of that level (`easy`, `medium`, `hard`) defined in this set is worth (R14)",
        ),
        (
            '`mythology ID "Name" [aka "English"] [plural WORD] [symbol WORD] [spanish ...]` and `type ID "Name" [aka "English"] [plural WORD] [symbol WORD] [spanish ...]`',
            "the mythologies and card types the set brings (see [the vocabulary](#the-vocabulary-mythologies-and-types))",
        ),
        (
            "`tie-break TYPE`",
            "the card type whose cards break a tie on points (R16); the base set says `tie-break god`",
        ),
    ),
    "Definitions": (
        (
            'TYPE ID "Name" [aka ...] MYTHOLOGY [and MYTHOLOGY ...] [PROVENANCE]',
            "Myth card; its body: scoring lines, `tags`, `counts as`, `event`",
        ),
        ('`law` ID "Name" [aka ...] [PROVENANCE]', "Law (R13); its body: scoring lines"),
        (
            '`goal` ID "Name" [aka ...] [PROVENANCE]',
            "Objective goal (R15); its body: scoring lines",
        ),
        (
            '`element` ID "Name" [aka ...] [PROVENANCE]',
            "Objective element (R15); its body: one selector",
        ),
        (
            '`pattern` ID "Name" [aka ...] DIFFICULTY [PROVENANCE]',
            "Pattern (R14); its body: rows of cells",
        ),
        (
            '`power` ID "Name" [aka ...] [PROVENANCE] `cost` N',
            "Power effect (R22); its body: effects",
        ),
        (
            '`option` ID "Name" [aka ...] [PROVENANCE]',
            "Rule option; its body: `set` and `at start`",
        ),
        (
            '`scenario` ID NUMBER "Name" [aka ...] [PROVENANCE]',
            "Scenario; its body: see [Scenarios](#scenarios)",
        ),
    ),
    "Myth cards": (
        (
            "`tags NAME, NAME`",
            "extra names a selector can match (`throne` matches Olympus Throne, Throne Room and Valhalla);",
        ),
        (
            "`never below N points` and `never above N points`",
            "a floor and a cap on the card's whole total (the sum of its lines), each stated once, the floor not above the cap (DL601);",
        ),
        (
            "`event EFFECT, EFFECT [PROVENANCE]`",
            "makes it an Event card (R18), whose effects apply when it becomes face up",
        ),
    ),
    "Selectors": (
        ("`card`, `cards`", "any (face-up) card"),
        ("`face-up`, `face-down`", "that face state"),
        (
            "`greek god`, `a face-up egyptian object`",
            "words combined: `a`/`an`? face? mythology? type or `card` (in that order)",
        ),
        ("`it`", "the anchor card itself"),
        ("`element`", "the objective element paired with the goal (R15)"),
        (
            "`the NAME`, e.g. `the fairest`",
            "the card a scenario's state names (see [Scenarios](#scenarios))",
        ),
        (
            "`SELECTOR of same mythology`, `... of same type`",
            "also shares that attribute with the anchor (any one of its mythologies): `throne of same mythology`",
        ),
        (
            "`SELECTOR of most common mythology`, `... of most common type`",
            "also has the mythology (type) with strictly the most face-up cards in the area; none on a tie (R24), [below](#the-most-common-mythology-and-the-leader-r24): `(zeus or odin or ra) of most common mythology`",
        ),
        (
            "`the one of SELECTOR with most COUNT`",
            "the *leader* (R24), [below](#the-most-common-mythology-and-the-leader-r24)",
        ),
        ("`(A or B)`, `(A and B)`, `(not A)`", "combinations, **only inside parentheses**"),
    ),
    "Relations and positions": (
        (
            "`above T`",
            "a T is in the cell directly below the anchor (same column, one row toward the back)",
            "R2",
        ),
        ("`below T`", "a T is in the cell directly above the anchor", "R2"),
        ("`left of T`", "a T is in the cell directly right of the anchor, same row", "R3"),
        ("`right of T`", "a T is in the cell directly left of the anchor", "R3"),
        ("`between A and B`", "one of A, B is directly left and the other directly right", "R3"),
        ("`next to T`", "a T is in one of the up to 4 orthogonally adjacent cells", "R4"),
        (
            "`close to T`",
            "a T is in one of the up to 8 surrounding cells (orthogonal or diagonal)",
            "R5",
        ),
        (
            "`diagonal to T`",
            "a T is in one of the up to 4 cells that share only a corner with the anchor",
        ),
        (
            "`in opposite corner to T`",
            "the anchor is in a corner and a T is in the diagonally opposite one",
            "R7",
        ),
        (
            "`in same row as T`, `in same column as T`",
            "another cell of the anchor's row (column) holds a T",
        ),
        ("`in front row`, `in central row`, `in back row`", "the anchor is in that row", "R1"),
        ("`in column N`", "the anchor is in column N (1-4)", "R1"),
        ("`at ROW N`, e.g. `at central 1`", "the anchor is in that cell", "R1"),
        ("`in a corner`", "the anchor is at (front,1), (front,4), (back,1) or (back,4)", "R7"),
        ("`in area`", 'the anchor card is in the area (with a subject: "is present")'),
        (
            "`scores`, `scores at least N points`",
            "the anchor card's own lines gave it more than 0 (at least N) points",
            "R24",
        ),
    ),
    "Scopes": (
        ("`area` (the default)", "all 12 cells", "R1"),
        ("`row`, `column`", "the anchor card's own row (column)", "R10"),
        ("`neighbours`", "the up to 4 cells next to the anchor", "R4"),
        ("`surroundings`", "the up to 8 cells around the anchor", "R5"),
        ("`diagonals`", "the up to 4 cells that share only a corner with the anchor"),
        ("`line`", "the row or column a law sits on (laws only)", "R13"),
        ("`front row`, `central row`, `back row`", "that row", "R1"),
        ("`column N`", "that column", "R1"),
        (
            "`largest group of SELECTOR`",
            "the orthogonally connected group of matching cards that counts most (with R11 weights)",
            "R6",
        ),
    ),
    "Quantifiers": (
        (
            "`at least N COUNT`, `at most N COUNT`, `exactly N COUNT`",
            "the count compares so with N",
        ),
        ("`more than N COUNT`, `fewer than N COUNT`", "strictly more (fewer) than N"),
        ("`no COUNT`", "the count is 0: `no greeks in line`"),
        (
            "`only SELECTOR [in SCOPE]`",
            "every card present in the scope matches (default scope: area): `only gods in line`",
        ),
        (
            "`more COUNT than COUNT`",
            "the first count is strictly larger; each count has its own scope, so write `more gods in row than objects in row`",
        ),
        (
            "`all face-up at end`",
            "the area was all face up before the final reveal (always true in solo, R21)",
        ),
    ),
    "Subjects: some, every, none": (
        (
            "`A, B, C RELATION`",
            "some",
            "each of A, B, C has a matching card for which RELATION holds (so each must be present)",
        ),
        (
            "`every SELECTOR RELATION`",
            "every",
            "every card matching SELECTOR satisfies RELATION (true if there is none)",
        ),
        ("`A, B not RELATION`", "none", "no card matching any of A, B satisfies RELATION"),
    ),
    "Scoring lines": (
        (
            "`N points if CONDITION`",
            "N once when the condition holds, however many times it holds",
            "R8",
        ),
        ("`N points per [K] COUNT`", "N x floor(count / K); K defaults to 1", "R9"),
        ("`N points`", "N unconditionally", "R8"),
        (
            "`N points per [K] COUNT up to M points`",
            "as above, but at most M points (a penalty at most M off)",
        ),
        ("`scores like ID`", "what the lines of Myth card ID would score from this card's place"),
        (
            "`scores like ID up to M points, never below F points`",
            "as above, at most M and at least F (either may be left out)",
        ),
    ),
    "Effects": (
        ("`swap N cards`", "the player swaps that many cards of their area (R22: cost 2)"),
        (
            "`swap CELL with CELL`",
            "swap two given cards; CELL is a selector or `the card above/below/left/right of SELECTOR`",
        ),
        (
            "`draw N [DIFFICULTY] patterns [keep K]`",
            "draw Pattern cards from the top of the deck (R28); with a difficulty, from the top until one of it, the others to the bottom; keep K of them (the rest to the bottom); `a`/`an` for 1",
        ),
        (
            "`draw N laws`",
            "draw Law cards, each placed on a free row or column (R13); with all 7 taken, it goes under the Law deck (R31)",
        ),
        ("`reveal N cards`, `hide N cards`", "turn cards face up (down) (R22: hiding costs 4)"),
        (
            "`recover a card from discards`",
            "take any card from the discards onto a discard pile (R22, cost 3)",
        ),
        (
            "`seek a card by mythology or type`",
            "name one, reveal from the deck until a match, discard it; the player puts the other revealed cards under the deck in the order they choose (R22, cost 4; R32)",
        ),
        (
            "`discard top of DECK [as NAME]`",
            "discard the top card of a set-aside deck, remembering it as scenario state NAME",
        ),
    ),
    "Scenarios": (
        ("`mode OPTION, OPTION`", "rule options in force (DL112 if unknown)"),
        ("`setup { STEPS }`", "how the game is prepared"),
        ("`rules { CHANGES }`", "changes to the rules during play"),
        ("`victory { CONDITIONS }`", "all must hold to win"),
        ("`challenge { CONDITIONS }`", "the harder goal"),
        (
            "`challenge setup replaces draws { STEPS }`",
            "with the challenge: these steps are added to the setup, and its draws replace the setup's draws",
        ),
        (
            "`challenge setup adds draws { STEPS }`",
            "with the challenge: these steps, draws too, are added to the setup",
        ),
        (
            "`challenge setup { STEPS }`",
            "as `replaces draws` when it has steps (the reading of 0.1.0); DL504 asks which is meant when it has draws and so has the setup",
        ),
        ("`beat N points`", "the score to beat: beaten when won with a total of more than N"),
        (
            "`separate IDS with N random cards`",
            "shuffle these cards with N random ones on top of the deck",
        ),
        ("`power cards N`", "Power cards at the start (R23)"),
        ("`place IDS face-up at ROW N`", "put a card in that cell (one card per cell)"),
        ("`place IDS face-up at random [in ROW row]`", "put cards in random cells (of that row)"),
        ("`aside IDS as DECK`", "form a separate face-down deck with a name"),
        ("`draw ...`", "a draw effect: `draw an easy pattern`, `draw 2 laws`"),
        (
            "`lock IDS`",
            "these cards may never be moved or discarded: no exchange or play over them, no swap by the turn or by a `swap N cards` effect; the scenario's own `when` and `allow` rules move them, and `hide` may turn them face down, which does not move them (R33)",
        ),
        (
            "`when TRIGGER: EFFECT, EFFECT`",
            "TRIGGER is `pattern completed`, `SELECTOR placed` or `SELECTOR revealed`",
        ),
        (
            "`allow EFFECT [if CONDITION] cost N [once]`",
            "an extra action paid with N Power cards, optionally once per game, offered whenever Power is: before or after the action (R26)",
        ),
    ),
    # (setting, values, default): the page's table, which language/settings.py makes
    "Rule options and settings": _setting_rows(),
}


def _rows() -> tuple[tuple[str, str, str, str], ...]:
    """(section, phrase, meaning, ruling) of every row, in the page's order."""
    return tuple(
        (section, row[0], row[1], row[2] if len(row) > 2 else "")
        for section, rows in SECTIONS.items()
        for row in rows
    )


PHRASES = _rows()
