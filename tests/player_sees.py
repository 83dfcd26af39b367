"""What a player reads on a surface of the game (a terminal screen, a web
page), and what must not be in it (#28): an id where a printed name
belongs, a ruling code, the card language's tree syntax, a word of the
other language, an empty or ``None`` text. Used by test_player_sees.py.

A page's text is what a browser shows of it: its text nodes and the
attributes a person reads or hears (``title``, ``aria-label``, ``alt``,
``placeholder``), without scripts, styles and ``<code>`` (a command or a
file name, which names things by id on purpose), without what is marked as
in another language (``lang``) or for designers (``data-for="designers"``,
behind a disclosure: rulings by code); the builder's words, names and card
texts are a JSON block its script writes from.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from dioses_rules.pool.our_names import spanish_name
from dioses_rules.wording.names import name_of

# a board file with a mistake of each kind a player makes in its names and
# lines: a misspelt card, a short row, a card twice, two laws on one row, an
# unknown row (test_player_sees and tools/web_screenshots.py show it)
BAD_BOARD = """
[area]
front = ["Zeus", "herra", "zeus", "odin"]
central = [".", ".", "."]
back = [".", ".", ".", "."]
[[laws]]
card = "only-gods"
row = "central"
[[laws]]
card = "no-greeks"
row = "central"
[[laws]]
card = "two-gods"
row = "middle"
"""

SPOKEN = ("title", "aria-label", "alt", "placeholder")
SKIPPED = {"script", "style", "code", "kbd", "pre", "samp"}
VOID = {"br", "img", "input", "hr", "meta", "link", "source", "col", "wbr", "area"}
NAMED = {"button", "option", "label", "h1", "h2", "h3", "summary", "legend", "th", "a"}

# common words of one language that the other never uses (names, which may
# be the same in both, are taken out of the text before these are looked for)
ENGLISH = frozenset(
    [
        "the",
        "and",
        "of",
        "with",
        "card",
        "cards",
        "row",
        "column",
        "points",
        "point",
        "turn",
        "your",
        "is",
        "are",
        "not",
        "choose",
        "seat",
        "game",
        "player",
        "you",
        "to",
        "from",
        "this",
        "that",
        "which",
        "what",
        "has",
        "have",
        "none",
        "yes",
        "met",
        "scored",
        "score",
        "pile",
        "discard",
        "draw",
        "drawn",
        "face",
        "up",
        "down",
        "front",
        "back",
        "left",
        "right",
        "area",
        "each",
        "every",
    ]
)
SPANISH = frozenset(
    [
        "el",
        "la",
        "los",
        "las",
        "del",
        "y",
        "con",
        "carta",
        "cartas",
        "fila",
        "columna",
        "puntos",
        "punto",
        "turno",
        "tu",
        "es",
        "está",
        "una",
        "que",
        "para",
        "por",
        "cada",
        "mazo",
        "descarte",
        "boca",
        "arriba",
        "abajo",
        "área",
        "delantera",
        "trasera",
        "partida",
        "jugador",
        "asiento",
        "elige",
    ]
)
# words both languages spell alike, or the engine's own in both: not a fault
SHARED = frozenset(
    ["central", "total", "no", "a", "de", "ra", "isis", "has"]
)  # "has": Spanish too ("Has robado")
RULING = re.compile(r"\bR\d{1,3}\b")
# a parenthesised group of the card language's connectives beside another
# connective: "(hera or athena) and not ...", "no (zeus o ra)"
_GROUP = r"\([^()]*\b(?:and|or|y|o)\b[^()]*\)"
TREE = re.compile(rf"{_GROUP}\s+(?:and|or|not|y|o|no)\b|\b(?:and|or|not|y|o|no)\s+{_GROUP}")
PATH = re.compile(r"\S*[/\\]\S*|\S+\.(?:json|jsonl|toml|dioses|svg|pdf|md)\b")
NOTHING = re.compile(r"\b(?:None|null|undefined|NaN)\b")
COMMAND = re.compile(r"\bdioses [a-z]+(?: --?[\w-]+)*|%\(\w+\)s")
HEADING = re.compile(r"^[a-z0-9][a-z0-9-]* - ", re.M)
# what an error about a file quotes of it: a key (``$.area.front[2]``), the
# names as the file wrote them or as it may write them ('zeuss', 'zeus'), a
# value (["grouping", "egyptian"], row = "front"), an option (--cards): the
# file's words and the command's, not prose
KEY = re.compile(r"\$[\w.\[\]-]*")
QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|\[[^\]\n]*\]|\b\w+ = \S+|--[\w-]+")
WORD = re.compile(r"(?<!\w)[^\W\d_]+(?:'[^\W\d_]+)?(?!\w)")  # not in "68cada", an id


class _Text(HTMLParser):
    """The text a browser shows of a page, and its named elements left empty.
    An element marked in another language than the page's (``lang="en"``
    on a Spanish page: the card text "In English") is said as such: skipped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.json: list[str] = []
        self.empty: list[str] = []
        self.lang = ""  # the page's language (<html lang>)
        self._skip = 0
        self._json = False
        self._open: list[tuple[str, int, bool, bool]] = []  # tag, parts so far, labelled, skipped

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang") or ""
        foreign = bool(found.get("lang")) and found.get("lang") != self.lang
        if tag in VOID:
            if not (foreign or self._skip):
                self._spoken(tag, found)
            return
        # a designer's detail (rulings by code, the card file's comments),
        # behind its own disclosure, as --rulings is in the terminal
        designers = found.get("data-for") == "designers"
        # a card face's footer names its set and id: where it comes from, a
        # reference to type (dioses cards), as a command is
        reference = found.get("class") == "id"
        skipped = tag in SKIPPED or foreign or designers or reference
        self._json = tag == "script" and found.get("type") == "application/json"
        # a text in another language is said, in it
        labelled = (
            foreign or designers or (False if skipped or self._skip else self._spoken(tag, found))
        )
        self._open.append((tag, len(self.parts), labelled, skipped))
        self._skip += skipped

    def _spoken(self, tag: str, found: dict[str, str | None]) -> bool:
        labelled = False
        for name in SPOKEN:
            value = found.get(name)
            if value:  # alt="": a picture beside its words, said by them
                self.parts.append(value)
                labelled = True
        if tag == "input" and found.get("type") in ("submit", "button") and found.get("value"):
            self.parts.append(found["value"] or "")
        return labelled

    def handle_endtag(self, tag: str) -> None:
        if not any(opened == tag for opened, *_ in self._open):
            return
        while self._open:
            opened, start, labelled, skipped = self._open.pop()
            self._skip -= skipped
            if opened == tag:
                said = "".join(self.parts[start:]).strip()
                if tag in NAMED and not said and not labelled and not self._skip:
                    self.empty.append(f"<{tag}>")
                break
        self._json = False

    def handle_data(self, data: str) -> None:
        if self._json:
            self.json.append(data)
        elif not self._skip:
            self.parts.append(data)


def page_text(html: str) -> tuple[str, list[str]]:
    """What a page shows (its text, its spoken attributes, the strings a
    JSON block of it gives its script to write), and its named elements
    (buttons, options, headings...) that say nothing."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    texts = [" ".join(parser.parts)]
    for block in parser.json:
        texts.extend(_json_words(json.loads(block)))
    return "\n".join(texts), parser.empty


_DATA_KEYS = {"id", "url", "search", "family", "kind", "set", "aliases", "scenario_state"}


def _json_words(value: object, key: str = "") -> list[str]:
    """The strings of a page's JSON block a player reads: names, texts,
    words (not its ids, addresses and search keys)."""
    if key in _DATA_KEYS:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [w for k, v in value.items() for w in _json_words(v, k)]
    if isinstance(value, list):
        return [w for item in value for w in _json_words(item, key)]
    return []


class Reader:
    """The faults a player would see on a surface of one language."""

    def __init__(self, registry) -> None:
        self.registry = registry
        self._ids: dict[str, re.Pattern[str]] = {}
        self._names: dict[str, re.Pattern[str]] = {}

    def _definitions(self):
        for family in ("myth", "law", "pattern", "scenario", "objective-goal", "objective-element"):
            yield from self.registry.definitions(family)

    def ids(self, lang: str) -> re.Pattern[str]:
        """The ids that are not the name a player reads (a card id in lower
        case, 'sun-eye'), as one pattern finding any of them as a word."""
        if lang not in self._ids:
            found = set()
            words = self._words() | self._name_words()
            for definition in self._definitions():
                names = {name_of(definition, lang), definition.name, *definition.aliases}
                if definition.id not in names and definition.id not in words:
                    found.add(definition.id)
            ordered = sorted(found, key=len, reverse=True)  # 'sun-eye' before 'sun'
            self._ids[lang] = re.compile(
                r"(?<![\w/.#-])(?:" + "|".join(map(re.escape, ordered)) + r")(?![\w/-])"
            )
        return self._ids[lang]

    def _words(self) -> set[str]:
        """The declared words (mythologies, types): an objective element's id
        is one ("egyptian"), and the English listings say a card is a "greek
        god" in them on purpose (Texts.card_kind)."""
        vocabulary = self.registry.vocabulary
        return {w for kind in ("mythology", "type") for w in vocabulary.ids(kind)}

    def _name_words(self) -> set[str]:
        """The words of the names ("A single pantheon"): an id that is one of
        them ("pantheon") may be a name's word on a screen that wraps it."""
        return {
            word
            for definition in self._definitions()
            for name in (definition.name, *definition.aliases)
            for word in name.split()[1:]
        }

    def names(self, lang: str) -> re.Pattern[str]:
        """Every name a card may be shown by (they may hold words of either
        language: "Campo de Guerra", "Game of Thrones")."""
        if lang not in self._names:
            names: set[str] = set()
            for definition in self._definitions():
                names |= {name_of(definition, lang), definition.name, *definition.aliases}
                names.add(spanish_name(definition) or "")
            for option in self.registry.definitions("rule-option"):
                names |= {option.name, name_of(option, lang)}
            names.discard("")
            ordered = sorted(names, key=len, reverse=True)
            self._names[lang] = re.compile(
                r"(?<!\w)(?:" + "|".join(map(re.escape, ordered)) + r")(?!\w)"
            )
        return self._names[lang]

    def faults(self, text: str, lang: str, where: str, file_words: bool = False) -> list[str]:
        """What is wrong with ``text`` shown in ``lang`` at ``where`` (with
        ``file_words``, an error about a file: its keys and what it quotes
        of the file are the file's words)."""
        if file_words:
            text = QUOTED.sub(" ", KEY.sub(" ", text))
        text = PATH.sub(" ", text)  # a file's or an address's name is not words
        text = COMMAND.sub(" ", text)  # nor a command, nor a placeholder of the builder's
        text = HEADING.sub(" ", text)  # a listing's "id - Name": the id to type
        bare = self.names(lang).sub(" ", text)
        found = []
        seen: set[str] = set()
        for hit in self.ids(lang).finditer(bare):
            if hit.group(0) not in seen:
                seen.add(hit.group(0))
                found.append(f"{where}: the id '{hit.group(0)}' {_around(bare, hit)}")
        for pattern, what in ((RULING, "a ruling code"), (TREE, "tree syntax")):
            for hit in pattern.finditer(text):
                found.append(f"{where}: {what} {_around(text, hit)}")
        for hit in NOTHING.finditer(text):
            found.append(f"{where}: an empty value {_around(text, hit)}")
        other = ENGLISH if lang == "es" else SPANISH
        for hit in WORD.finditer(bare):
            word = hit.group(0).lower()
            if word in other and word not in SHARED:
                language = "an English" if lang == "es" else "a Spanish"
                found.append(f"{where}: {language} word {_around(bare, hit)}")
        return found


def _around(text: str, hit: re.Match[str]) -> str:
    start, end = max(0, hit.start() - 40), min(len(text), hit.end() + 40)
    return repr(" ".join(text[start:end].split()))
