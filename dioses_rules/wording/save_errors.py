"""Why a saved game is damaged, in the reader's language (#28): the reasons
:mod:`~dioses_rules.engine.saves` and :mod:`~dioses_rules.engine.integrity`
give under "the saved game is damaged: KEY: ..." (``dioses play --resume``,
the web's saved games). The key, the ids and the numbers stay as the save
writes them; :mod:`.errors` puts these rows with the others."""

from __future__ import annotations

from . import N_, Table, table

# integrity.py's "unknown WHAT 'id' (no loaded set defines it)" and "WHAT
# 'id' is also at KEY", one sentence per family, each with its own gender
_FAMILIES = (
    N_("unknown card '{name}' (no loaded set defines it)"),
    N_("unknown law '{name}' (no loaded set defines it)"),
    N_("unknown pattern '{name}' (no loaded set defines it)"),
    N_("unknown rule option '{name}' (no loaded set defines it)"),
    N_("unknown scenario '{name}' (no loaded set defines it)"),
    N_("unknown objective goal '{name}' (no loaded set defines it)"),
    N_("unknown objective element '{name}' (no loaded set defines it)"),
    N_("card '{name}' is also at {key}: each card is in one place"),
    N_("law '{name}' is also at {key}: each card is in one place"),
    N_("pattern '{name}' is also at {key}: each card is in one place"),
)
# what a number of the state is ("the active seat must be 0 to 2, not 5")
NUMBERS = {
    "the number of seats": N_("the number of seats"),
    "a seat's area": N_("a seat's area"),
    "the active seat": N_("the active seat"),
    "the start player": N_("the start player"),
    "the ending seat": N_("the ending seat"),
    "the turn": N_("the turn"),
    "the turns left": N_("the turns left"),
}


SAVE_MESSAGES: Table = table(
    [
        *_FAMILIES,
        N_("the saved game is damaged: {why}"),
        N_("not the state of a random generator"),
        N_("{agents} agents for {seats} seats"),
        N_("there is no rules revision {rules}"),
        N_(
            "rules revision {rules}, but the log so far ($.play.records) was written under {logged}"
        ),
        N_("record {number} is not a log record (it has no type)"),
        N_("{quantity} must be {low} to {high}, not {found}"),
        N_("{areas} play areas for {seats} seats"),
        N_("{entries} entries for {seats} seats"),
        N_("no scenario rule {rule} to have used"),
        N_("'{found}' is not a value of {setting}: {values}"),
        N_("scenario '{scenario}' remembers no '{name}'"),
        N_("a scenario's memory or decks, but no scenario"),
        N_("a challenge belongs to a scenario"),
        N_("a play area has {size} cells (3 rows of 4), this one {count}"),
        N_("unknown row '{row}' (rows: front, central, back)"),
        N_("column {column} is outside the grid (1 to 4)"),
        N_("a second law on the line of {key}"),
        N_("a game has at least 1 discard pile"),
    ]
)
