"""A file's text or shape gone wrong, in the reader's language (#28): what
the bounded readers (:mod:`~dioses_rules.structured`), Python's TOML and
JSON parsers and the schema's converter (:mod:`~dioses_rules.convert`) say
of a board, a save or a page's body. A key, a value as the file writes it
and a position stay as they are; :mod:`.errors` puts these rows with the
others."""

from __future__ import annotations

from . import N_, Table, table

# What the converter expects, and calls a value it found (convert.show_value).
KINDS = {
    "a whole number": N_("a whole number"),
    "true or false": N_("true or false"),
    "a string": N_("a string"),
    "a list": N_("a list"),
    "a table {...}": N_("a table {...}"),
    "a date or time": N_("a date or time"),
}

DATA_MESSAGES: Table = table(
    (
        # the schema (convert.py, cattrs)
        N_("expected {kind}, got {value}"),
        N_("required key missing"),
        (r"^required field missing$", N_("required key missing")),
        N_("unknown key '{name}' (the keys here: {keys})"),
        N_("unknown key '{name}'"),
        N_("a number of {count} digits"),
        N_("invalid value for type, expected {kind}"),
        N_("invalid value"),
        (r"^expected a mapping$", N_("expected a table")),
        N_("see examples/boards/ for the board format"),
        N_("a board is a table (a JSON object)"),
        # the bounded readers (structured.py)
        N_("nested too deeply (more than {count} levels)"),
        N_("no file of this kind nests so deeply"),
        N_("{token} is not a number JSON allows"),
        N_("write a finite number"),
        N_("a number of more than {count} digits"),
        N_("no number in this kind of file is that long"),
        (
            r"^the number (?P<number>\S+) is out of range$",
            N_("the number {number} is out of range"),
        ),
        N_("text with a lone surrogate escape (\\udXXX), which is no character"),
        N_("write the character itself, or a surrogate pair"),
        N_("not valid JSON: {why}"),
        N_("not valid TOML: {why}"),
        N_("see https://toml.io for the syntax"),
        N_("not UTF-8 text"),
        N_("save the board as UTF-8"),
        N_("byte {byte} is not UTF-8 text"),
        N_("send the board as UTF-8 JSON"),
        # reading a board file (scoring/board.py)
        N_("cannot read board: {why}"),
        N_("larger than any board ({size} MB)"),
        N_("a board is one play area: a few hundred bytes"),
        N_("file exists; not overwriting it"),
        # the operating system's reasons (strerror)
        N_("No such file or directory"),
        N_("Permission denied"),
        N_("Is a directory"),
        N_("Not a directory"),
        # Python's TOML parser (tomllib): its reason, then where
        N_("{why} (at line {line}, column {column})"),
        (r"^(?P<why>.+) \(at end of document\)$", N_("{why} (at the end of the text)")),
        N_("Invalid value"),
        N_("Invalid statement"),
        N_("Unclosed array"),
        N_("Unclosed inline table"),
        N_("Unterminated string"),
        N_("Invalid date or datetime"),
        N_("Invalid hex value"),
        N_("Cannot overwrite a value"),
        N_("Expected '=' after a key in a key/value pair"),
        N_("Expected ']' at the end of a table declaration"),
        N_("Expected ']]' at the end of an array declaration"),
        N_("Invalid initial character for a key part"),
        (r"^Unescaped '\\\\' in a string$", N_("Unescaped '\\' in a string")),
        N_("Escaped character is not a Unicode scalar value"),
        N_("Expected {token}"),
        N_("Found invalid character {token}"),
        N_("Illegal character {token}"),
        N_("Cannot declare {key} twice"),
        (
            r"^Cannot mutate immutable namespace (?P<key>.+)$",
            N_("Cannot change the table {key}, written whole before"),
        ),
        (r"^Cannot redefine namespace (?P<key>.+)$", N_("Cannot define the table {key} again")),
        (
            r"^Duplicate inline table key (?P<key>.+)$",
            N_("Duplicate key {key} in an inline table"),
        ),
        # Python's JSON parser (json): its reason, then where
        (
            r"^(?P<why>.+): line (?P<line>\d+) column (?P<column>\d+) \(char \d+\)$",
            N_("{why} (at line {line}, column {column})"),
        ),
        (r"^Expecting value$", N_("Expecting a value")),
        (
            r"^Expecting property name enclosed in double quotes$",
            N_("Expecting a key in double quotes"),
        ),
        (r"^Expecting (?P<token>'.') delimiter$", N_("Expecting {token}")),
        (r"^Extra data$", N_("Extra data after the value")),
        (r"^Unterminated string starting at$", N_("Unterminated string")),
        (r"^Invalid control character at$", N_("Invalid control character in a string")),
        (r"^Invalid control character .+ at$", N_("Invalid control character in a string")),
        (r"^Invalid \\\\escape$", N_("Invalid escape in a string")),
        (r"^Invalid \\\\uXXXX escape$", N_("Invalid \\uXXXX escape in a string")),
    )
)
