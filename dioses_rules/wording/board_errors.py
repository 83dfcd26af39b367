"""A board file's mistakes in the reader's language (#28): what
:mod:`~dioses_rules.scoring.resolve` and the registry's look-ups say of a
name, a row, a law or an objective the file gets wrong (``dioses score``,
the builder's import and score). The names quoted are the file's own words
and stay as written; :mod:`.errors` puts these rows with the others."""

from __future__ import annotations

from . import N_, Table, table

# What the registry says of a name it cannot resolve, for each family word
# of pool/names.py's FAMILY_WORDS: one sentence each, so that each language
# says it with its own gender and number.
_LOOK_UPS = (
    N_("unknown card '{name}'"),
    N_("unknown law '{name}'"),
    N_("unknown pattern '{name}'"),
    N_("unknown objective goal '{name}'"),
    N_("unknown objective element '{name}'"),
    N_("unknown power effect '{name}'"),
    N_("unknown rule option '{name}'"),
    N_("unknown scenario '{name}'"),
    N_("'{name}' names several cards: {ids}"),
    N_("'{name}' names several laws: {ids}"),
    N_("'{name}' names several patterns: {ids}"),
    N_("'{name}' names several objective goals: {ids}"),
    N_("'{name}' names several objective elements: {ids}"),
    N_("'{name}' names several power effects: {ids}"),
    N_("'{name}' names several rule options: {ids}"),
    N_("'{name}' names several scenarios: {ids}"),
    N_("'{name}' is a card of the set '{set}', which is not in play (the sets in play: {active})"),
    N_("'{name}' is a law of the set '{set}', which is not in play (the sets in play: {active})"),
    N_(
        "'{name}' is a pattern of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
    N_(
        "'{name}' is an objective goal of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
    N_(
        "'{name}' is an objective element of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
    N_(
        "'{name}' is a power effect of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
    N_(
        "'{name}' is a rule option of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
    N_(
        "'{name}' is a scenario of the set '{set}', which is not in play "
        "(the sets in play: {active})"
    ),
)


BOARD_MESSAGES: Table = table(
    [
        *_LOOK_UPS,
        N_("names no set, so no card could be in play"),
        N_('name the sets in play (sets = ["base"]), or leave sets out to play every loaded set'),
        N_("unknown set '{name}'"),
        N_("loaded sets: {sets}"),
        N_(
            "add '{set}' to the board's sets (sets = [...]), or leave sets out to play "
            "every loaded set"
        ),
        N_("a card of a modder's set? load its file or folder too (--cards PATH)"),
        N_("a row holds 4 cards, this one has {count}"),
        N_('write "." for an empty cell (3 rows x 4 columns)'),
        N_("'{card}' is already at {key}"),
        N_("each card exists once in the deck"),
        N_("law '{card}' is already at {key}"),
        N_("each Law card exists once"),
        N_("two laws on the {row_word} row ('{first}' and '{second}')"),
        N_("two laws on column {column} ('{first}' and '{second}')"),
        N_("at most one law per row and per column"),
        N_("a law sits on one row or one column"),
        N_('give row = "front" or column = 1..4'),
        N_("unknown row '{row}'"),
        N_("rows: front, central, back"),
        N_("column {column} is outside the grid"),
        N_("columns are 1 to 4"),
        N_("pattern '{card}' is already at {key}"),
        N_("each Pattern card exists once"),
        N_("an objective is a [goal, element] pair"),
        N_("e.g. {example}"),
        N_("objective [{goal}, {element}] is already at {key}"),
        N_("each objective is scored once"),
        N_("scenario '{scenario}' has no state '{name}'"),
        (
            r"^the best layout needs OR-Tools \((?P<module>[^)]*)\), which is not installed; "
            r"(?P<command>pip install .*)$",
            N_("the best layout needs OR-Tools ({module}), which is not installed; {command}"),
        ),
        (
            r"^the solver found no arrangement within (?P<seconds>[\d.]+) seconds$",
            N_("the solver found no arrangement within {seconds} seconds"),
        ),
        (
            r"^the solver found no arrangement within an effort of (?P<effort>[\d.]+)$",
            N_("the solver found no arrangement within an effort of {effort}"),
        ),
        N_("give it more time (dioses solve --time-limit, dioses play --best-time)"),
        N_("install dioses-rules[solver] to see each area's best possible score"),
        N_("its state: none"),
        N_("its state: {names}"),
    ]
)
