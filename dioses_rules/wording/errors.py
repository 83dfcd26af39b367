"""A library error as a player reads it, in their language (#28): the
messages a save, a log or a file gives when it cannot be used (written in
English by the engine, ``str()`` of its error), said by the catalogue. The
code, the file and the keys stay as they are; a message this table does not
know stays English."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..errors import Diagnostic
from . import N_, matched, table

_MESSAGES = table(
    (
        (r"^this is a game log, not a saved game$", N_("this is a game log, not a saved game")),
        (r"^check it with: (?P<command>dioses replay .*)$", N_("check it with: {command}")),
        (
            r'^not a saved Dioses! game \(\$\.kind is not "(?P<kind>[^"]+)"\)$',
            N_('not a saved Dioses! game ($.kind is not "{kind}")'),
        ),
        (r"^not a saved Dioses! game \(not JSON\)$", N_("not a saved Dioses! game (not JSON)")),
        (r"^not a saved Dioses! game$", N_("not a saved Dioses! game")),
        (r"^saves are written by 'dioses play'$", N_("saves are written by 'dioses play'")),
        (
            r"^\$\.version: saved by another version of the save format \((?P<version>.*)\)$",
            N_("$.version: saved by another version of the save format ({version})"),
        ),
        (
            r"^this version reads formats (?P<formats>[\d, ]+)$",
            N_("this version reads formats {formats}"),
        ),
        (
            r"^the saved game is damaged: (?P<key>\$[^:]*): (?P<why>.*)$",
            N_("the saved game is damaged: {key}: {why}"),
        ),
        (
            r"^\$\.state\.rules: saved under rules revision (?P<rules>\d+), which this version "
            r"does not know \((?P<known>[\d, ]+)\)$",
            N_(
                "$.state.rules: saved under rules revision {rules}, which this version does "
                "not know ({known})"
            ),
        ),
        (
            r"^resume it with the newer version of dioses-rules that saved it$",
            N_("resume it with the newer version of dioses-rules that saved it"),
        ),
        (r"^cannot read the save: (?P<why>.*)$", N_("cannot read the save: {why}")),
        (r"^cannot read the log: (?P<why>.*)$", N_("cannot read the log: {why}")),
        (
            r"^larger than any save \((?P<size>\d+) MB\)$",
            N_("larger than any save ({size} MB)"),
        ),
        (r"^not valid JSON: (?P<why>.*)$", N_("not valid JSON: {why}")),
        (
            r"^this save holds no log of the game so far; cannot write a log$",
            N_("this save holds no log of the game so far; cannot write a log"),
        ),
        (r"^give the card files with --cards$", N_("give the card files with --cards")),
        # notes on the card pool a game was played with (pool/history, pool/identity)
        (
            r"^the game was played with the bundled set '(?P<set>[^']+)' version (?P<then>\S+); "
            r"it goes on with that version's cards, kept in dioses-rules \(the set is version "
            r"(?P<now>\S+) today\)$",
            N_(
                "the game was played with the bundled set '{set}' version {then}; it goes on "
                "with that version's cards, kept in dioses-rules (the set is version {now} today)"
            ),
        ),
        (
            r"^the bundled set '(?P<set>[^']+)' has changed since the game was played "
            r"\(version (?P<then>\S+) -> (?P<now>\S+)\)$",
            N_(
                "the bundled set '{set}' has changed since the game was played "
                "(version {then} -> {now})"
            ),
        ),
        (
            r"^the bundled set '(?P<set>[^']+)' was not in the game's card pool$",
            N_("the bundled set '{set}' was not in the game's card pool"),
        ),
    )
)


def message_text(message: str, lang: str) -> str:
    """One English library message in ``lang`` (as it is when unknown)."""
    return message if lang == "en" else matched(_MESSAGES, message, lang)


def known(message: str) -> bool:
    """Whether the table has words for ``message`` (its test walks them)."""
    return any(pattern.match(message) for pattern, _message in _MESSAGES)


def diagnostic_in(diagnostic: Diagnostic, lang: str) -> Diagnostic:
    """``diagnostic`` with its message and help in ``lang``; code and place kept."""
    if lang == "en":
        return diagnostic
    return attrs.evolve(
        diagnostic,
        message=message_text(diagnostic.message, lang),
        help=message_text(diagnostic.help, lang) if diagnostic.help else diagnostic.help,
    )


def error_text(diagnostics: Sequence[Diagnostic], lang: str) -> str:
    """An error's diagnostics in ``lang``, one a line: "G100 message: help"."""
    lines = []
    for diagnostic in diagnostics:
        said = diagnostic_in(diagnostic, lang)
        lines.append(f"{said.code} {said.message}" + (f": {said.help}" if said.help else ""))
    return "\n".join(lines)
