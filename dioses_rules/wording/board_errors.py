"""A board file's mistakes in the reader's language (#28): what
:mod:`~dioses_rules.scoring.resolve` and the registry's look-ups say of a
name, a row, a law or an objective the file gets wrong (``dioses score``,
the builder's import and score). The names quoted are the file's own words
and stay as written; :mod:`.errors` puts these rows with the others."""

from __future__ import annotations

import re

from . import N_, Table, table

# What the registry says of a name it cannot resolve, for each family word
# of pool/names.py's FAMILY_WORDS: one sentence each, so that each language
# says it with its own gender and number.
_UNKNOWN = {
    "card": N_("unknown card '{name}'"),
    "law": N_("unknown law '{name}'"),
    "pattern": N_("unknown pattern '{name}'"),
    "objective goal": N_("unknown objective goal '{name}'"),
    "objective element": N_("unknown objective element '{name}'"),
    "power effect": N_("unknown power effect '{name}'"),
    "rule option": N_("unknown rule option '{name}'"),
    "scenario": N_("unknown scenario '{name}'"),
}
_SEVERAL = {
    "card": N_("'{name}' names several cards: {ids}"),
    "law": N_("'{name}' names several laws: {ids}"),
    "pattern": N_("'{name}' names several patterns: {ids}"),
    "objective goal": N_("'{name}' names several objective goals: {ids}"),
    "objective element": N_("'{name}' names several objective elements: {ids}"),
    "power effect": N_("'{name}' names several power effects: {ids}"),
    "rule option": N_("'{name}' names several rule options: {ids}"),
    "scenario": N_("'{name}' names several scenarios: {ids}"),
}
_ELSEWHERE = {
    "card": N_(
        "'{name}' is a card of the set '{set}', which is not in play (the sets in play: {active})"
    ),
    "law": N_(
        "'{name}' is a law of the set '{set}', which is not in play (the sets in play: {active})"
    ),
    "pattern": N_(
        "'{name}' is a pattern of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
    "objective goal": N_(
        "'{name}' is an objective goal of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
    "objective element": N_(
        "'{name}' is an objective element of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
    "power effect": N_(
        "'{name}' is a power effect of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
    "rule option": N_(
        "'{name}' is a rule option of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
    "scenario": N_(
        "'{name}' is a scenario of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
}
_QUOTED = r"'(?P<name>.*)'"
_ACTIVE = r"(?P<active>.*)"


def _family_rows() -> list[tuple[str, str]]:
    rows = []
    for word, message in _UNKNOWN.items():
        rows.append((rf"^unknown {re.escape(word)} {_QUOTED}$", message))
    for word, message in _SEVERAL.items():
        rows.append((rf"^{_QUOTED} names several {re.escape(word)}s: (?P<ids>.*)$", message))
    for word, message in _ELSEWHERE.items():
        rows.append(
            (
                rf"^{_QUOTED} is an? {re.escape(word)} of the set '(?P<set>[^']*)', which is "
                rf"not in play \(the sets in play: {_ACTIVE}\)$",
                message,
            )
        )
    return rows


BOARD_MESSAGES: Table = table(
    [
        *_family_rows(),
        (
            r"^names no set, so no card could be in play$",
            N_("names no set, so no card could be in play"),
        ),
        (
            r'^name the sets in play \(sets = \["base"\]\), or leave sets out to play every '
            r"loaded set$",
            N_(
                'name the sets in play (sets = ["base"]), or leave sets out to play every '
                "loaded set"
            ),
        ),
        (r"^unknown set '(?P<name>.*)'$", N_("unknown set '{name}'")),
        (r"^loaded sets: (?P<sets>.*)$", N_("loaded sets: {sets}")),
        (
            r"^add '(?P<set>.*)' to the board's sets \(sets = \[\.\.\.\]\), or leave sets out "
            r"to play every loaded set$",
            N_(
                "add '{set}' to the board's sets (sets = [...]), or leave sets out to play "
                "every loaded set"
            ),
        ),
        (
            r"^a card of a modder's set\? load its file or folder too \(--cards PATH\)$",
            N_("a card of a modder's set? load its file or folder too (--cards PATH)"),
        ),
        (
            r"^a row holds 4 cards, this one has (?P<count>\d+)$",
            N_("a row holds 4 cards, this one has {count}"),
        ),
        (
            r'^write "\." for an empty cell \(3 rows x 4 columns\)$',
            N_('write "." for an empty cell (3 rows x 4 columns)'),
        ),
        (
            r"^'(?P<card>.*)' is already at (?P<key>\S+)$",
            N_("'{card}' is already at {key}"),
        ),
        (r"^each card exists once in the deck$", N_("each card exists once in the deck")),
        (
            r"^law '(?P<card>.*)' is already at (?P<key>\S+)$",
            N_("law '{card}' is already at {key}"),
        ),
        (r"^each Law card exists once$", N_("each Law card exists once")),
        (
            r"^two laws on the (?P<row_word>front|central|back) row "
            r"\('(?P<first>.*)' and '(?P<second>.*)'\)$",
            N_("two laws on the {row_word} row ('{first}' and '{second}')"),
        ),
        (
            r"^two laws on column (?P<column>\d+) \('(?P<first>.*)' and '(?P<second>.*)'\)$",
            N_("two laws on column {column} ('{first}' and '{second}')"),
        ),
        (
            r"^at most one law per row and per column$",
            N_("at most one law per row and per column"),
        ),
        (r"^a law sits on one row or one column$", N_("a law sits on one row or one column")),
        (
            r'^give row = "front" or column = 1\.\.4$',
            N_('give row = "front" or column = 1..4'),
        ),
        (r"^unknown row '(?P<row>.*)'$", N_("unknown row '{row}'")),
        (r"^rows: front, central, back$", N_("rows: front, central, back")),
        (
            r"^column (?P<column>.+) is outside the grid$",
            N_("column {column} is outside the grid"),
        ),
        (r"^columns are 1 to 4$", N_("columns are 1 to 4")),
        (
            r"^pattern '(?P<card>.*)' is already at (?P<key>\S+)$",
            N_("pattern '{card}' is already at {key}"),
        ),
        (r"^each Pattern card exists once$", N_("each Pattern card exists once")),
        (
            r"^an objective is a \[goal, element\] pair$",
            N_("an objective is a [goal, element] pair"),
        ),
        (r"^e\.g\. (?P<example>\[.*\])$", N_("e.g. {example}")),
        (
            r"^objective \[(?P<goal>.*), (?P<element>.*)\] is already at (?P<key>\S+)$",
            N_("objective [{goal}, {element}] is already at {key}"),
        ),
        (r"^each objective is scored once$", N_("each objective is scored once")),
        (
            r"^scenario '(?P<scenario>.*)' has no state '(?P<name>.*)'$",
            N_("scenario '{scenario}' has no state '{name}'"),
        ),
        (
            r"^the best layout needs OR-Tools \((?P<module>[^)]*)\), which is not installed; "
            r"(?P<command>pip install .*)$",
            N_("the best layout needs OR-Tools ({module}), which is not installed; {command}"),
        ),
        (r"^its state: none$", N_("its state: none")),
        (r"^its state: (?P<names>.*)$", N_("its state: {names}")),
    ]
)
