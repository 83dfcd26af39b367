"""Why a saved game is damaged, in the reader's language (#28): the reasons
:mod:`~dioses_rules.engine.saves` and :mod:`~dioses_rules.engine.integrity`
give under "the saved game is damaged: KEY: ..." (``dioses play --resume``,
the web's saved games). The key, the ids and the numbers stay as the save
writes them; :mod:`.errors` puts these rows with the others."""

from __future__ import annotations

import re

from . import N_, Table, table

# integrity.py's "unknown WHAT 'id' (no loaded set defines it)", one
# sentence per family, each with its own gender
_UNDEFINED = {
    "card": N_("unknown card '{card}' (no loaded set defines it)"),
    "law": N_("unknown law '{card}' (no loaded set defines it)"),
    "pattern": N_("unknown pattern '{card}' (no loaded set defines it)"),
    "rule option": N_("unknown rule option '{card}' (no loaded set defines it)"),
    "scenario": N_("unknown scenario '{card}' (no loaded set defines it)"),
    "objective goal": N_("unknown objective goal '{card}' (no loaded set defines it)"),
    "objective element": N_("unknown objective element '{card}' (no loaded set defines it)"),
}
_TWICE = {
    "card": N_("card '{card}' is also at {key}: each card is in one place"),
    "law": N_("law '{card}' is also at {key}: each card is in one place"),
    "pattern": N_("pattern '{card}' is also at {key}: each card is in one place"),
}
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


def _family_rows() -> list[tuple[str, str]]:
    rows = [
        (rf"^unknown {re.escape(word)} '(?P<card>.*)' \(no loaded set defines it\)$", message)
        for word, message in _UNDEFINED.items()
    ]
    rows += [
        (
            rf"^{re.escape(word)} '(?P<card>.*)' is also at (?P<key>\S+): each card is in one "
            r"place$",
            message,
        )
        for word, message in _TWICE.items()
    ]
    return rows


SAVE_MESSAGES: Table = table(
    [
        *_family_rows(),
        (
            r"^the saved game is damaged: (?P<why>.*)$",
            N_("the saved game is damaged: {why}"),
        ),
        (
            r"^not the state of a random generator$",
            N_("not the state of a random generator"),
        ),
        (
            r"^(?P<agents>\d+) agents for (?P<seats>\d+) seats$",
            N_("{agents} agents for {seats} seats"),
        ),
        (
            r"^there is no rules revision (?P<rules>-?\d+)$",
            N_("there is no rules revision {rules}"),
        ),
        (
            r"^rules revision (?P<rules>\d+), but the log so far \(\$\.play\.records\) was "
            r"written under (?P<logged>.+)$",
            N_(
                "rules revision {rules}, but the log so far ($.play.records) was written "
                "under {logged}"
            ),
        ),
        (
            r"^record (?P<number>\d+) is not a log record \(it has no type\)$",
            N_("record {number} is not a log record (it has no type)"),
        ),
        (
            r"^(?P<quantity>.+) must be (?P<low>-?\d+) to (?P<high>-?\d+), not (?P<found>.+)$",
            N_("{quantity} must be {low} to {high}, not {found}"),
        ),
        (
            r"^(?P<areas>\d+) play areas for (?P<seats>\d+) seats$",
            N_("{areas} play areas for {seats} seats"),
        ),
        (
            r"^(?P<entries>\d+) entries for (?P<seats>\d+) seats$",
            N_("{entries} entries for {seats} seats"),
        ),
        (
            r"^no scenario rule (?P<rule>-?\d+) to have used$",
            N_("no scenario rule {rule} to have used"),
        ),
        (
            r"^'(?P<found>.*)' is not a value of (?P<setting>[\w-]+): (?P<values>.*)$",
            N_("'{found}' is not a value of {setting}: {values}"),
        ),
        (
            r"^scenario '(?P<scenario>.*)' remembers no '(?P<name>.*)'$",
            N_("scenario '{scenario}' remembers no '{name}'"),
        ),
        (
            r"^a scenario's memory or decks, but no scenario$",
            N_("a scenario's memory or decks, but no scenario"),
        ),
        (r"^a challenge belongs to a scenario$", N_("a challenge belongs to a scenario")),
        (
            r"^a play area has (?P<size>\d+) cells \(3 rows of 4\), this one (?P<count>\d+)$",
            N_("a play area has {size} cells (3 rows of 4), this one {count}"),
        ),
        (
            r"^unknown row '(?P<row>.*)' \(rows: front, central, back\)$",
            N_("unknown row '{row}' (rows: front, central, back)"),
        ),
        (
            r"^column (?P<column>.+) is outside the grid \(1 to 4\)$",
            N_("column {column} is outside the grid (1 to 4)"),
        ),
        (
            r"^a second law on the line of (?P<key>\S+)$",
            N_("a second law on the line of {key}"),
        ),
        (r"^a game has at least 1 discard pile$", N_("a game has at least 1 discard pile")),
    ]
)
