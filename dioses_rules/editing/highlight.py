"""A Pygments lexer for ``.dioses`` card files, registered as the
``pygments.lexers`` entry point ``dioses`` (``pygmentize -l dioses FILE``).

Keywords are not listed here: a word is a keyword when the grammar's own
terminals say so (:mod:`.keywords`). Mythologies and card types are not
keywords but words a set declares, so they are read from the file's set
header and the bundled sets' headers, as the parser does.
"""

from __future__ import annotations

from collections.abc import Iterator

from pygments.lexer import RegexLexer
from pygments.token import Comment, Keyword, Name, Number, Punctuation, String, Text, _TokenType

from ..language.headers import bundled_headers, scan_header
from ..language.vocabulary import DEFINITIONS
from .keywords import is_keyword, name_pattern

# A quoted text, as the grammar's STRING reads it (an unclosed one is an Error).
_STRING = r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"'


class DiosesLexer(RegexLexer):
    """The Dioses! card language (cards, laws, patterns, scenarios)."""

    name = "Dioses"
    aliases = ["dioses"]
    filenames = ["*.dioses"]
    mimetypes = ["text/x-dioses"]

    tokens = {
        "root": [
            (r"[ \t\f\r\n]+", Text.Whitespace),
            (r"#[^\n]*", Comment.Single),
            (_STRING, String.Double),
            (r"-?[0-9]+", Number.Integer),
            (name_pattern(), Name),  # sorted into keywords and words below
            (r"[{}|;,():]", Punctuation),
        ],
    }

    def get_tokens_unprocessed(
        self, text: str, stack=("root",)
    ) -> Iterator[tuple[int, _TokenType, str]]:
        declared = _declared_words(text)
        depth, header_word = 0, False  # inside braces; the word that opens a definition seen
        for index, token, value in super().get_tokens_unprocessed(text, stack):
            if token is Punctuation:
                depth += value == "{"
                depth -= value == "}" and depth > 0
            elif token is Name:
                kind = declared.get(value)
                if depth == 0 and header_word and not is_keyword(value):
                    token = Name.Function  # the id a definition defines
                elif is_keyword(value):
                    token = Keyword
                elif kind == "mythology":
                    token = Name.Builtin
                elif kind == "type":
                    token = Keyword.Type
                header_word = depth == 0 and (value in DEFINITIONS or kind == "type")
            elif token is not Text.Whitespace and token is not Comment.Single:
                header_word = False
            if token is Name and value == "_":
                token = Punctuation  # a Pattern card's empty cell
            yield index, token, value


def _declared_words(text: str) -> dict[str, str]:
    """Word or plural -> "mythology" or "type", for every word this file's
    header and the bundled sets declare."""
    found: dict[str, str] = {}
    for header in [*bundled_headers(), scan_header(text)]:
        for word in header.words:
            for form in (word.id, word.plural):
                if form:
                    found[form] = word.kind
    return found
