"""Why a file is no game log, in the reader's language (#28): the reasons
:mod:`~dioses_rules.engine.log` gives under "not a Dioses! game log: ..."
(``dioses replay --lang es``, a save's log so far under ``play --resume``).
The line numbers, keys and values stay as the log writes them;
:mod:`.errors` puts these rows with the others."""

from __future__ import annotations

from . import N_, Table, table

LOG_MESSAGES: Table = table(
    [
        N_("not a Dioses! game log: {why}"),
        N_("logs are written by 'dioses play --log' and 'dioses simulate --log-dir'"),
        N_("larger than any log ({size} MB)"),
        N_("line {number} is not JSON"),
        N_("line {number} is not a log record"),
        N_("the file is empty"),
        N_(
            "this log was written under rules revision {rules}, which this version does not "
            "know ({known})"
        ),
        N_("replay it with the newer version of dioses-rules that wrote it"),
        N_("this is a saved game, not a game log"),
        N_("continue it with: {command}"),
        N_("the first record is not the setup record"),
        N_("a game has 1 to {most} seats, not {seats}"),
        N_("a log numbers seats from 0 or 1, not {base}"),
        N_("there is no rules revision {rules} (revisions: {known})"),
        N_("the seats are {first} to {last}, not {seat}"),
        N_("option {index} of {options} options"),
        N_("line {number} is a second setup record"),
        N_("line {number} has an unknown type '{kind}'"),
        # "line N: KEY: reason", the line's number before its key's
        (r"^line (?P<number>\d+): (?P<why>\$.*)$", N_("line {number}: {why}")),
    ]
)
