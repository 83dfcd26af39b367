"""A library error as a player reads it, in their language (#28): the
messages a save, a log, a board or a page's body gives when it cannot be
used (written in English by the library, ``str()`` of its error), said by
the catalogue. The code, the file, the position, the keys and the names the
file wrote stay as they are; a message no table knows stays English.

A message may hold others: a key before it (``$.area.front[1]: ...``), a
suggestion after it (``...; did you mean 'zeus'?``), a reason inside it
(``the saved game is damaged: $.state.turn: ...``); each part is said in
turn. The tables of a board's mistakes, of a file's text and shape and of a
damaged save are in :mod:`.board_errors`, :mod:`.data_errors` and
:mod:`.save_errors`, and of a log that is none in :mod:`.log_errors`."""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from ..errors import Diagnostic
from . import N_, matched, table, words
from .board_errors import BOARD_MESSAGES
from .data_errors import DATA_MESSAGES, KINDS
from .log_errors import LOG_MESSAGES
from .names import row_word
from .save_errors import NUMBERS, SAVE_MESSAGES

_MESSAGES = table(
    (
        N_("this is a game log, not a saved game"),
        N_("check it with: {command}"),
        N_('not a saved Dioses! game ($.kind is not "{kind}")'),
        N_("not a saved Dioses! game (not JSON)"),
        N_("not a saved Dioses! game"),
        N_("saves are written by 'dioses play'"),
        N_("$.version: saved by another version of the save format ({version})"),
        N_("this version reads formats {formats}"),
        N_(
            "$.state.rules: saved under rules revision {rules}, which this version does "
            "not know ({known})"
        ),
        N_("resume it with the newer version of dioses-rules that saved it"),
        N_("cannot read the save: {why}"),
        N_("cannot read the log: {why}"),
        N_("larger than any save ({size} MB)"),
        N_("not valid JSON: {why}"),
        N_("this save holds no log of the game so far; cannot write a log"),
        N_("give the card files with --cards"),
        # notes on the card pool a game was played with (pool/history, pool/identity)
        N_(
            "the game was played with the bundled set '{set}' version {then}; it goes on "
            "with that version's cards, kept in dioses-rules (the set is version {now} today)"
        ),
        N_(
            "the bundled set '{set}' has changed since the game was played "
            "(version {then} -> {now})"
        ),
        N_("the bundled set '{set}' was not in the game's card pool"),
    )
)


_ROWS = [*_MESSAGES, *SAVE_MESSAGES, *LOG_MESSAGES, *BOARD_MESSAGES, *DATA_MESSAGES]
_KEYED = re.compile(r"^(?P<key>\$[^\s:]*): (?P<why>.+)$")
_HINTED = re.compile(r"^(?P<why>.+); (?P<hint>did you mean '.*'\?)$")
_SUGGESTION = re.compile(r"^did you mean (?P<options>'.*')\?$")
_SUGGESTIONS = table(((_SUGGESTION.pattern, N_("did you mean {options}?")),))


def message_text(message: str, lang: str) -> str:
    """One English library message in ``lang`` (as it is when unknown)."""
    if lang == "en":
        return message
    _ = words(lang)._

    def said(text: str) -> str:
        return message_text(text, lang)

    def kind(text: str) -> str:
        return _(KINDS[text]) if text in KINDS else text

    def listed(text: str) -> str:
        return _(N_("no set")) if text == "none" else text

    fields = {
        "why": said,
        "kind": kind,
        "value": lambda text: said(text) if text.startswith("a number of ") else kind(text),
        "active": listed,
        "row_word": lambda text: row_word(text, lang),
        "quantity": lambda text: _(NUMBERS[text]) if text in NUMBERS else text,
        "keys": lambda text: ", ".join(f"'{key}'" for key in text.split(", ")),
        "options": lambda text: text.replace("' or '", "' " + _(N_("or")) + " '"),
    }
    hinted = _HINTED.match(message)
    if hinted:
        return f"{said(hinted['why'])}; {said(hinted['hint'])}"
    keyed = _KEYED.match(message)
    if keyed and known(keyed["why"]):  # not "$.version: saved by ...", a message of its own
        return f"{keyed['key']}: {said(keyed['why'])}"
    for rows in (_ROWS, _SUGGESTIONS):
        found = matched(rows, message, lang, fields)
        if found != message:
            return found
    return message


def known(message: str) -> bool:
    """Whether the tables have words for ``message``, each part of it (its
    test walks them)."""
    hinted = _HINTED.match(message)
    if hinted:
        return known(hinted["why"]) and known(hinted["hint"])
    keyed = _KEYED.match(message)
    if keyed and known(keyed["why"]):
        return True
    for row, _message in (*_ROWS, *_SUGGESTIONS):
        found = row.match(message)
        if found:  # and the reason inside it, if it holds one
            return found.groupdict().get("why") is None or known(found["why"])
    return False


def diagnostic_in(diagnostic: Diagnostic, lang: str) -> Diagnostic:
    """``diagnostic`` with its message and help in ``lang``; code and place kept."""
    if lang == "en":
        return diagnostic
    return attrs.evolve(
        diagnostic,
        message=message_text(diagnostic.message, lang),
        help=message_text(diagnostic.help, lang) if diagnostic.help else diagnostic.help,
    )


# the names a text is given where it has no file: the builder's page, a
# board given as text
_PLACES = {"<page>": N_("<page>"), "<board>": N_("<board>")}


def diagnostic_text(diagnostic: Diagnostic, lang: str, source: str | None = None) -> str:
    """A diagnostic as :meth:`Diagnostic.full` writes it (where, code,
    message, its help, the source line and a caret under the column), its
    words in ``lang``; one the tables have no words for (a linter's, for
    the modder) stays English whole, its labels too."""
    if lang == "en" or not known(diagnostic.message):
        return diagnostic.full(source)
    said = diagnostic_in(diagnostic, lang)
    if said.path in _PLACES:
        said = attrs.evolve(said, path=words(lang)._(_PLACES[said.path]))
    text = said.full(source)
    _ = words(lang)._
    warning, help_word = _(N_("warning")), _(N_("help"))
    text = text.replace(f"{said.code} warning: ", f"{said.code} {warning}: ", 1)
    return text.replace("\n  help: ", f"\n  {help_word}: ", 1)


def error_text(diagnostics: Sequence[Diagnostic], lang: str) -> str:
    """An error's diagnostics in ``lang``, one a line: "G100 message: help"."""
    lines = []
    for diagnostic in diagnostics:
        said = diagnostic_in(diagnostic, lang)
        lines.append(f"{said.code} {said.message}" + (f": {said.help}" if said.help else ""))
    return "\n".join(lines)
