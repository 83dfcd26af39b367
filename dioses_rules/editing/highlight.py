"""A Pygments lexer for ``.dioses`` card files, registered as the
``pygments.lexers`` entry point ``dioses`` (``pygmentize -l dioses FILE``).

What each word is comes from :mod:`.tokens`, which the language server's
semantic tokens read too, so that the two colour alike: keywords are the
grammar's own terminals (:mod:`.keywords`); mythologies and card types are
words a set declares (read from the file's set header and the bundled sets'
headers, as the parser does); rows, difficulties and a setting's values are
constants; ids are names, classed by their position (an id spelt like a
keyword is an id where an id stands).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from pygments.lexer import Lexer
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Punctuation,
    String,
    Text,
    _TokenType,
)

from .tokens import scan, tokens

CLASSES: dict[str, _TokenType] = {
    "keyword": Keyword,
    "type": Keyword.Type,  # god, place, object, a mod's creature
    "mythology": Name.Builtin,
    "definition": Name.Function,  # the id a definition defines
    "id": Name,
    "set": Name,
    "tag": Name,
    "option": Name,
    "constant": Name.Constant,  # rows, difficulties, values, symbols
    "setting": Name.Attribute,
    "state": Name.Variable,
    "number": Number.Integer,
    "string": String.Double,
    "comment": Comment.Single,
    "punctuation": Punctuation,
    "error": Error,
}


class DiosesLexer(Lexer):  # type: ignore[misc]  # pygments ships no type information
    """The Dioses! card language (cards, laws, patterns, scenarios)."""

    name = "Dioses"
    # Pygments reads these on the class (its plugin lookup)
    aliases: ClassVar[list[str]] = ["dioses"]
    filenames: ClassVar[list[str]] = ["*.dioses"]
    mimetypes: ClassVar[list[str]] = ["text/x-dioses"]

    def get_tokens_unprocessed(self, text: str) -> Iterator[tuple[int, _TokenType, str]]:
        classed = iter(tokens(text))
        for offset, group, value in scan(text):
            if group == "space":
                yield offset, Text.Whitespace, value
            else:
                token = next(classed)
                defined = token.declaration and token.kind in ("definition", "set")
                yield offset, Name.Function if defined else CLASSES[token.kind], value
