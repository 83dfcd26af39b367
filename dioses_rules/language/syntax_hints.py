"""Hints for syntax errors: how the card language says a natural phrasing
("adjacent to" -> "next to"), and labelled bad snippets matched against the
parser's state."""

from __future__ import annotations

import re
from typing import Protocol

from lark import Token
from lark.exceptions import LarkError, UnexpectedToken

from ..errors import did_you_mean
from .lexing import grammar_words, lark_parser
from .limits import RANGES, number_text


class Positions(Protocol):
    """Where a position of the text is (syntax.LineIndex, which imports this
    module): its 1-based line and column."""

    def at(self, position: int) -> tuple[int, int]: ...


# What a modder naturally writes, and how the card language says it.
PHRASES: tuple[tuple[str, str], ...] = (
    (r"adjacent\s+to", "next to"),
    (r"beside", "next to"),
    (r"next\s+to\s+the", "next to"),
    (r"near(?:\s+to)?", "close to"),
    (r"on\s+top\s+of", "above"),
    (r"underneath|beneath|under", "below"),
    (r"to\s+the\s+left\s+of", "left of"),
    (r"to\s+the\s+right\s+of", "right of"),
    (r"diagonally\s+(?:to|from)|diagonal\s+from", "diagonal to"),
    (r"in\s+the\s+(front|central|back)\s+row", r"in \1 row"),
    (r"in\s+(?:the|its)\s+(row|column|area)", r"in \1"),
    (r"in\s+the\s+same\s+(row|column)\s+as", r"in same \1 as"),
    (r"for\s+(?:every|each)|each", "per"),
    (r"pts?", "points"),
    (r"\bgives?\s+(\d+)", r"\1 points"),
)
_PHRASES = [
    (re.compile(r"(?<![\w-])(?:" + pattern + r")(?![\w-])"), replacement)
    for pattern, replacement in PHRASES
]


# How far around an error a natural phrasing is looked for (a phrase is short;
# looking along a whole 1 MB line for each error would not be).
_PHRASE_WINDOW = 120


def phrasing_hint(text: str, position: int) -> tuple[int, str, str] | None:
    """(start, phrase, how the language says it) for a natural phrasing that
    ends at or just after ``position`` on its line; None if there is none."""
    line_start = text.rfind("\n", max(0, position - _PHRASE_WINDOW), position) + 1
    line_start = max(line_start, position - _PHRASE_WINDOW)
    line_end = text.find("\n", position, position + _PHRASE_WINDOW)
    line = text[line_start : line_end if line_end >= 0 else position + _PHRASE_WINDOW]
    offset = position - line_start
    for pattern, replacement in _PHRASES:
        for match in pattern.finditer(line):
            if match.start() <= offset <= match.end() + 1:
                return line_start + match.start(), match.group(0), match.expand(replacement)
    return None


# Labelled bad snippets: a syntax error whose parser state matches one of
# these gets the label as its help (Lark's match_examples).
_EXAMPLES = {
    "a scoring line needs 'points' (or 'p') after the number": [
        'god a "A" greek printed { 2 if next to greek }',
        'god a "A" greek printed { 2 per god }',
    ],
    'a card\'s header is: TYPE ID "Name" MYTHOLOGY [PROVENANCE] {': [
        'god a "A" {',
    ],
    "names and texts are written in double quotes": [
        "god a A greek printed {",
        "law a A printed {",
    ],
    "a card id goes after the definition keyword": [
        'god "A" greek printed {',
    ],
    "'not', 'and' and 'or' between selectors need parentheses, e.g. 'next to (greek or norse)'": [
        'god a "A" greek printed { 2 points if next to not greek }',
    ],
}


# A hint from what alone was expected, whatever the parser state.
BY_EXPECTED = {
    frozenset({"_POINT_WORD"}): "a scoring line needs 'points' (or 'p') after the number",
    frozenset({"LBRACE"}): "a header ends with '{' (a card's: TYPE ID \"Name\" MYTHOLOGY "
    "[PROVENANCE] {)",
}


def label(error: UnexpectedToken) -> str | None:
    try:
        return error.match_examples(lark_parser().parse, _EXAMPLES, use_accepts=True)
    except (LarkError, TypeError):
        # TypeError: Lark 1.3's match_examples formats a ParserState with "%d"
        # in a debug message when an example's state matches but its accepted
        # tokens differ; a syntax error must not crash on that.
        return None


# ---------------------------------------------------------------------- situations

# The parser's terminals that end a statement: a line after which one of them
# could come was finished, and its next line's first word is the mistake.
_ENDS = frozenset({"SEMICOLON", "RBRACE"})

_ROWS = ("front", "central", "back")
_NUMBER_WORDS = {
    word: str(value)
    for value, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        ]
    )
} | {"a": "1", "an": "1", "no": "0", "none": "0"}
SCOPES = ("area", "row", "column", "line", "neighbours", "surroundings", "diagonals")


def accepted(error: UnexpectedToken) -> frozenset[str]:
    """The terminals the parser would have taken where ``error`` is. Lark's
    ``expected`` is sometimes the lexer's (keywords lexed as a name make it
    'a name' alone); the parser state's own is what a modder can write."""
    try:
        found = error.accepts
    except (LarkError, AttributeError, TypeError):  # pragma: no cover - defensive
        found = None
    return frozenset(found or error.expected)


# The last token of a line's text: a quoted text, or a run of other characters.
_LAST = re.compile(r'(?:"(?:\\.|[^"\\\n])*"|[,;:{}()|]|[^\s",;:{}()|]+)$')
# A line's text before its comment (a '#' outside quotes).
_CODE = re.compile(r'(?:[^"#\n]|"(?:\\.|[^"\\\n])*")*')


def previous_token(error: UnexpectedToken, text: str, lines: Positions) -> Token | None:
    """The token before the unexpected one: Lark's history has it when the
    lexer raised the error; when the parser did, it is read back from the
    text (over blanks and comments, at most a few lines)."""
    # lark sets token_history untyped (None, or the lexed tokens before the error)
    history: list[Token] | None = getattr(error, "token_history", None)
    if history:
        return history[-1]
    return token_before(text, error.token.start_pos, lines)


def token_before(text: str, end: int, lines: Positions) -> Token | None:
    """The last token of the text before ``end``, over blanks and comments."""
    for _ in range(20):
        line_start = text.rfind("\n", 0, end) + 1
        matched = _CODE.match(text, line_start, end)
        assert matched is not None  # the pattern matches the empty string too
        code = matched.group(0).rstrip()
        if code:
            last = _LAST.search(code)
            if last is None:  # pragma: no cover - a non-blank text has a last token
                return None
            start = line_start + last.start()
            line, column = lines.at(start)
            finish = line_start + len(code)
            end_line, end_column = lines.at(finish)
            return Token(
                "PREVIOUS", last.group(0), start, line, column, end_line, end_column, finish
            )
        if line_start == 0:
            return None
        end = line_start - 1
    return None


def borrowed_word(
    error: UnexpectedToken,
    before: Token | None,
    accepts: frozenset[str],
    text: str,
    lines: Positions,
) -> tuple[str, str, Token] | None:
    """(message, help, the earlier token) when a line left unfinished took the
    next line's first word, a keyword, as the word it lacked ('expect 12'
    before 'expect 1 event', 'symbol' before 'type creature ...', a list
    ending with ','): the error surfaces one word into the next line, and
    the mistake is the end of the line before."""
    if before is None or not accepts & _ENDS or error.token.line != before.line:
        return None
    word = str(before)
    line_start = text.rfind("\n", 0, before.start_pos) + 1
    if (
        not (word in grammar_words() or word.isdigit())
        or text[line_start : before.start_pos].strip()
    ):
        return None
    earlier = token_before(text, line_start, lines)
    if earlier is None or (earlier.line or 0) >= (before.line or 0):
        return None
    said = str(earlier)
    if said == ",":
        help_text = "a list does not end with ','; remove it"
    elif said in ("symbol", "plural"):
        help_text = f"'{said}' takes a word: e.g. '{said} spiral'"
    elif said.isdigit() and re.search(r"\bexpect\s+\d+\s*$", text[line_start - 80 : line_start]):
        help_text = f"'expect {said}' needs a kind: e.g. 'expect {said} myth'"
    else:
        help_text = f"finish the line after {said!r}"
    message = f"the line ends after {said!r}, and the next line's {word!r} was read as its word"
    return message, help_text, earlier


def unfinished(error: UnexpectedToken, before: Token | None, accepts: frozenset[str]) -> bool:
    """Whether the statement before the unexpected token was left unfinished
    at the end of its line: the token starts a later line, and nothing that
    ends a statement could have come instead. The mistake is then on the
    earlier line ("spanish feminine \"criatura\"" without its plural)."""
    return (
        before is not None
        and before.end_line is not None
        and error.token.line is not None
        and before.end_line < error.token.line
        and not accepts & _ENDS
    )


def unfinished_help(
    before: Token, accepts: frozenset[str], line_text: str, candidates: list[str]
) -> tuple[str, bool]:
    """What to write to finish a line that ends with ``before``, and whether
    the fault is that word itself (a misspelt scope) rather than what is
    missing after it."""
    word = str(before)
    if accepts & {"POINT", "POINTS", "_POINT_WORD"}:
        return f"write 'points' after the number: '... {word} points'", False
    if accepts == {"ROW"}:
        if word in _ROWS:
            return f"write 'in {word} row'", False
        guess = did_you_mean(word, SCOPES)
        if guess:
            return guess, True
        return "a scope is " + ", ".join(
            SCOPES
        ) + ", ROW row, column N or largest group of ...", True
    if "STRING" in accepts and re.search(r"\bspanish\b", line_text):
        return (
            "each Spanish gender gives the singular and the plural, both quoted: "
            'spanish feminine "criatura" "criaturas"'
        ), False
    if "VBAR" in accepts and line_text.lstrip().startswith("|"):
        return "end the pattern row with '|': | celtic place | any creature |", False
    if "LBRACE" in accepts:
        return f"write '{{' after {word!r} to open its body", False
    if re.search(r"\b(?:and|or)\s+\S+$", line_text + word):
        return (
            "'and' and 'or' between selectors need parentheses, e.g. 'next to "
            "(celtic or greek)'; between conditions, each needs its relation"
        ), False
    guess = did_you_mean(word, candidates)
    if guess:
        return guess, True
    return f"the statement goes on after {word!r}: finish it on this line", False


# A negative number where a count is written: the range the number breaks,
# found from the words just before it (limits.RANGES' keys).
_NUMBER_PLACES = (
    (r"\bup\s+to", "cap"),
    (r"\bper", "per"),
    (r"\bcounts\s+as", "weight"),
    (r"\bdifficulty\s+\S+", "difficulty"),
    (r"\ballow\b[^\n]*\bcost", "ability-cost"),
    (r"\bcost", "cost"),
    (r"\bscores?\s+at\s+least", "scores"),
    (r"\b(?:at\s+least|at\s+most|exactly|more\s+than|fewer\s+than)", "amount"),
    (r"\bexpect", "expect"),
    (r"\bbeat", "beat"),
    (r"\bwith", "random"),
    (r"\bpower\s+cards", "power-cards"),
    (r"\bswap", "swap"),
    (r"\b(?:reveal|hide)", "reveal"),
    (r"\bkeep", "keep"),
    (r"\bscenario\s+\S+", "scenario"),
)
_NUMBER_PLACE = [(re.compile(pattern + r"\s*$"), key) for pattern, key in _NUMBER_PLACES]


def negative_number(
    error: UnexpectedToken, text: str, accepts: frozenset[str]
) -> tuple[str, str, str] | None:
    """(code, message, help) for a negative number where only a number of 0
    or more is written ("up to -2 points"): the range it is outside, as the
    builder reports a number too large (DL120, or the older check's code)."""
    token = str(error.token)
    if not re.fullmatch(r"-\d+", token) or not accepts & {"INT", "COLUMN_NUMBER"}:
        return None
    start = error.token.start_pos
    before = text[max(0, start - 80) : start]
    for pattern, key in _NUMBER_PLACE:
        if pattern.search(before):
            checked = RANGES[key]
            message = (
                f"{checked.what} must be {checked.low} to {checked.high}, not {number_text(token)}"
            )
            return checked.low_code or "DL120", message, checked.help
    return (
        "DL120",
        f"a number of 0 or more is written here, not {number_text(token)}",
        ("numbers and their ranges: docs/card-language.md, Numbers"),
    )


def situation_help(
    error: UnexpectedToken, text: str, accepts: frozenset[str]
) -> tuple[str, int | None] | None:
    """A hint for a mistake a modder naturally makes, and where it is when
    that is not the unexpected token: (help, position or None)."""
    token = error.token
    word = str(token)
    start = token.start_pos or 0
    line_start = text.rfind("\n", max(0, start - 200), start) + 1
    line = text[line_start:start]
    found = _word_help(token, word, line, text, accepts)
    if found is not None:
        return found, None
    if accepts & {"POINT", "POINTS"}:
        window = text[max(0, start - 200) : start]
        scores = re.search(r"\bscores?(?=\s+at\s+least\s+\d+\s*$)", window)
        if scores and "\n" in window[scores.end() :]:
            return (
                "'scores' followed by 'at least' on the next line reads as 'scores at "
                "least N points'; end the 'scores' line with ';' if 'at least ...' is "
                "a condition of its own",
                start - len(window) + scores.end(),
            )
    if accepts and accepts <= {"POINT", "POINTS"}:
        said = "here 'p' is not enough: " if word == "p" else ""
        return f"write 'points' ({said}e.g. 'difficulty medium 3 points', 'beat 30 points')", None
    return None


def _word_help(
    token: Token, word: str, line: str, text: str, accepts: frozenset[str]
) -> str | None:
    """:func:`situation_help`'s hints that point at the unexpected token
    itself: from the word, the line before it and what the parser wanted."""
    start = token.start_pos or 0
    if accepts and accepts <= {"FEMININE", "MASCULINE"}:
        return 'a Spanish form starts with its gender: spanish feminine "criatura" "criaturas"'
    if word == "up" and "PER" in accepts:
        return "a cap goes at the end of a 'per' line: '1 point per celtic in area up to 4 points'"
    if word == "{" and re.search(r"\band\s*$", line):
        return "write the next mythology after 'and', or remove 'and'"
    if word == "," and re.search(r"\bscores\s+like\s+\S+\s*$", line):
        return "a card scores like one other card: 'scores like dagda'"
    if re.search(r"\bscores\s+like\s+\S+\s*,\s*$", line) and word != "never":
        return (
            "a card scores like one other card: 'scores like dagda'; after a comma "
            "comes only its floor: 'scores like dagda, never below 0 points'"
        )
    if word == "up" and re.search(r"\bif\b", line):
        return (
            "a cap ('up to N points') ends a 'per' line only: an 'if' line gives its "
            "points once, so write it without the cap, or count with 'per': "
            "'1 point per god in row up to 3 points'"
        )
    if "STRING" in accepts and token.type in ("NAME", "MYTH_WORD", "TYPE_WORD"):
        if "VERSION_NUMBER" in accepts:
            return 'write the version in quotes, or as a number: version "1.0"'
        if token.type != "NAME":  # a declared word where the name goes
            return f"the quoted name comes first, e.g. 'lugh \"Lugh\" {word}'"
        return f'names and texts are written in double quotes: "{word}"'
    if accepts & {"INT", "COLUMN_NUMBER"}:
        if word.lower() in _NUMBER_WORDS:
            return f"write numbers in digits: '{_NUMBER_WORDS[word.lower()]}', not '{word}'"
        if token.type == "STRING" and re.search(r"\bscenario\s+\S+\s*$", line):
            return 'a scenario\'s number goes before its name: scenario ID N "Name"'
        return f"a number goes here, before {word!r}"
    if (word == "," or token.type == "MYTH_WORD") and {"LBRACE", "AND"} <= accepts:
        return "join a card's mythologies with 'and': 'celtic and greek'"
    if word == ";" and "RBRACE" not in accepts and "SEMICOLON" not in accepts:
        return "';' separates statements inside a definition, not definitions: remove it"
    if accepts == {"AND"} and re.search(r"\bbetween\b", line):
        return "'between' names two cards joined by 'and': 'between god and place'"
    if "COST" in accepts and re.search(r"^\s*power\b", line):
        return "a power effect's header gives its cost before '{': 'cost 2 {'"
    if token.type == "STRING" and "COMMA" in accepts:
        return "a card's other names are one 'aka' list, joined by ',': 'aka \"A\", \"B\"'"
    if token.type == "STRING" and re.search(r'\baka\s+"(?:\\.|[^"\\])*"\s*(?:aka\s*)?$', line):
        return "a card's other names are one 'aka' list, joined by ',': 'aka \"A\", \"B\"'"
    if re.search(r"\bamong\s*$", line):
        return "'among' takes the kind of cards to look at: 'different type among gods in row'"
    if re.fullmatch(r"-?\d+", word) and re.search(
        r"\b(?:victory|challenge)\s*\{[^{}]*$", text[max(0, start - 400) : start]
    ):
        return (
            "a victory or challenge holds conditions, not scoring lines: e.g. "
            "'at least 3 gods in area', 'more than 30 points'"
        )
    if accepts == {"COLON"}:
        return "a rule's trigger ends with ':': 'when creature revealed: draw a pattern'"
    if line.lstrip().startswith("|") and token.type == "MYTH_WORD" and accepts == {"VBAR"}:
        return "a cell names the mythology first, then the type: '| celtic place |'"
    if line.lstrip().startswith("|") and (word == "|" or "TYPE_WORD" in accepts):
        return (
            "a pattern cell is a card type, after a mythology or 'any' if you "
            "like ('| celtic place |', '| any creature |'), or '_' for a cell "
            "the pattern leaves out"
        )
    return None
