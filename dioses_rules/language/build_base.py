"""Shared pieces of the builder (parse tree -> predicate trees): the error a
builder method raises, the wrapper that records it and drops the definition,
token helpers, and the base class with the checks every rule family uses."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from functools import lru_cache
from typing import Any, Generic, TypeVar

from attrs import frozen
from lark import Token, Transformer
from lark.tree import Meta

from ..errors import UNPRINTABLE, Diagnostic, did_you_mean
from . import model as m
from .lexing import lark_parser
from .limits import RANGES, Hints, number_text, number_value, shorten
from .vocabulary import PROVENANCES, RESERVED_IDS, Vocabulary, kebab_case

T = TypeVar("T")
V_co = TypeVar("V_co", covariant=True)  # an Item only holds its value
E = TypeVar("E", bound=Enum)

ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


class _Invalid:
    """Marks a subtree that could not be built (its diagnostic is recorded)."""

    def __repr__(self) -> str:  # pragma: no cover
        return "INVALID"


INVALID = _Invalid()

# What the builder makes of a file's top-level statements (the set header is
# no definition).
Built = m.Definition | m.CardSet


class BuildError(Exception):
    def __init__(
        self,
        code: str,
        message: str,
        meta: Meta | None = None,
        help: str | None = None,
        token: Token | None = None,
    ) -> None:
        super().__init__(message)
        self.code, self.message, self.meta, self.help, self.token = code, message, meta, help, token


# Small tagged values passed from a child rule to its parent.
@frozen
class Aliases:
    names: tuple[str, ...]


@frozen
class Tags:
    names: tuple[str, ...]


@frozen
class EventEffects:
    effects: tuple[m.Effect, ...]
    provenance: m.Provenance | None = None  # stated after the effects (R27)
    meta: Meta | None = None  # where the statement stands


@frozen
class Item(Generic[V_co]):
    """A keyed statement of a definition's body (``up to 4 points``: the
    ``limit`` 4), which the definition's own method sorts out by key."""

    key: str
    value: V_co
    span: m.Span | None = None  # where the statement stands, when a diagnostic may point there


def record_errors(f: Any, data: str, children: list[Any], meta: Meta) -> Any:
    """Lark's wrapper around every builder method: a subtree holding an
    INVALID child is INVALID, and a :class:`BuildError` is recorded as a
    diagnostic (the definition is dropped, the rest of the file checked).
    ``f`` is Lark's wrapper of the bound method (its ``base_func``); what the
    children and the result are is each method's own annotation."""
    builder: BuilderBase = f.base_func.__self__
    if any(child is INVALID for child in children) and data != "start":
        builder.dropped(data, children)
        return INVALID
    try:
        return f(meta, children)
    except BuildError as error:
        builder.record(error)
        builder.dropped(data, children)
        return INVALID


def keyword_rule(value: T) -> Callable[[BuilderBase, Meta, list[Token]], T]:
    """The builder method of a grammar rule that is one keyword (``up``,
    ``event named``, ``mythology`` after ``most common``): it gives ``value``."""

    def build(self: BuilderBase, meta: Meta, children: list[Token]) -> T:
        return value

    return build


def enum_word(enum_cls: type[E], token: Token, code: str, what: str) -> E:
    word = str(token)
    for member in enum_cls:
        if member.value == word:
            return member
    choices = [member.value for member in enum_cls]
    raise BuildError(
        code,
        f"unknown {what} '{word}'",
        token=token,
        help=did_you_mean(word, choices) or f"expected one of: {', '.join(choices)}",
    )


def string(token: Token) -> str:
    """The text of a quoted STRING token; DL006 at a control character."""
    raw = str(token)
    bad = UNPRINTABLE.search(raw)
    if bad is not None:
        assert token.column is not None  # a parsed token knows where it stands
        at = Token(token.type, raw, line=token.line, column=token.column + bad.start())
        raise BuildError(
            "DL006",
            f"a control character (U+{ord(bad.group()):04X}) in a quoted text",
            token=at,
            help="remove it: a name or text holds printable characters only",
        )
    return re.sub(r"\\(.)", r"\1", raw[1:-1])


def names(children: Iterable[Token]) -> tuple[str, ...]:
    return tuple(str(child) for child in children)


@lru_cache(maxsize=1)
def rule_names() -> tuple[str, ...]:
    """The name of every rule and alias of the grammar (a builder method each)."""
    return tuple(sorted({str(rule.alias or rule.origin.name) for rule in lark_parser().rules}))


class BuilderBase(Transformer[Token, list[Built]]):
    """What every family of builder methods shares: spans, diagnostics and the
    checks of ids, header words, rows and columns."""

    def __init__(self, path: str, vocabulary: Vocabulary | None = None) -> None:
        super().__init__(visit_tokens=False)
        self.path = path
        self.vocabulary = vocabulary if vocabulary is not None else Vocabulary()
        self.diagnostics: list[Diagnostic] = []
        self.broken: list[tuple[str, str]] = []
        self.suggest = Hints()  # the file's 'did you mean's
        # Bind each rule's method once: a method wrapped by v_args is bound
        # anew (and its wrapper copied) at every lookup, once per tree node.
        for name in rule_names():
            if hasattr(type(self), name):
                setattr(self, name, getattr(self, name))

    def dropped(self, rule: str, children: Sequence[object]) -> None:
        """Remember a definition that did not build (its kind and id)."""
        if rule.endswith("_def"):
            kind = {"myth_def": "myth", "goal_def": "goal"}.get(rule, rule[: -len("_def")])
            word = next((str(c) for c in children if isinstance(c, Token)), "")
            self.broken.append((kind, word))

    def span(self, meta: Meta | None) -> m.Span | None:
        if meta is None or getattr(meta, "empty", True):
            return None
        return m.Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def record(self, error: BuildError) -> None:
        if not error.code:  # raised only to drop what holds it; recorded already
            return
        line = column = 0
        if error.token is not None and error.token.line:
            line, column = error.token.line, error.token.column or 0
        elif error.meta is not None and not getattr(error.meta, "empty", True):
            line, column = error.meta.line, error.meta.column
        self.diagnostics.append(
            Diagnostic(error.code, shorten(error.message), self.path, line, column, help=error.help)
        )

    def card_id(self, token: Token, selectable: bool = False) -> str:
        """Check an id; ``selectable`` ids (Myth cards, tags) are also named
        in selectors, so they must not be words of the language."""
        word = str(token)
        if not ID_PATTERN.match(word):
            fixed = kebab_case(word)
            # Recorded, not raised: the rest of the file is still checked, and
            # the definition is known by the fixed id, so that the references
            # to it (written right) bring no second diagnostic.
            self.record(
                BuildError(
                    "DL106",
                    f"id '{word}' is not English kebab-case",
                    token=token,
                    help=f"write it as '{fixed}'"
                    if fixed
                    else "use lowercase letters, digits and '-'",
                )
            )
            return fixed or word
        if selectable and (word in RESERVED_IDS or self.vocabulary.kind_of(word)):
            self.record(
                BuildError(
                    "DL114",
                    f"id '{word}' is a word of the card language",
                    token=token,
                    help=f"a selector '{word}' would mean the keyword; pick another id",
                )
            )
        return word

    def declared_word(self, token: Token, kind: str, code: str, what: str) -> str:
        """The id of a declared mythology or type (a plural is its word's id).
        An undeclared word is recorded and kept, so the rest is still checked."""
        found = self.vocabulary.kind_of(str(token))
        if found is not None and found[0] == kind:
            return found[1]
        word = str(token)
        choices = self.vocabulary.ids(kind)
        if kind == "mythology" and word in PROVENANCES:
            message, help_text = (
                "a card needs a mythology before its provenance",
                (f"write e.g. '{choices[0] if choices else 'MYTHOLOGY'} {word}'"),
            )
        elif word in self.vocabulary.elsewhere:
            owner = self.vocabulary.elsewhere[word]
            message = (
                f"{what} '{word}' is declared by set '{owner}', which this set does not require"
            )
            help_text = f"add 'requires {owner}' to this file's set header"
        else:
            message = f"unknown {what} '{word}'"
            declared = ", ".join(choices[:12]) + (", ..." if len(choices) > 12 else "")
            help_text = self.suggest(word, choices) or (
                f'declare it in the set: {kind} {word} "Name"'
                if not choices
                else f'declared: {declared}; or declare it in the set: {kind} {word} "Name"'
            )
        self.record(BuildError(code, message, token=token, help=help_text))
        return word

    def split_provenance(self, items: Sequence[T]) -> tuple[Token | None, list[T]]:
        """The optional provenance word before a definition's body."""
        first = items[0] if items else None
        if isinstance(first, Token) and first.type == "NAME":
            return first, list(items[1:])
        return None, list(items)

    def header(self, children: Sequence[T | Aliases]) -> tuple[list[T], tuple[str, ...]]:
        """Split off the optional ``aka`` list; return (others, aliases)."""
        aliases: tuple[str, ...] = ()
        rest: list[T] = []
        for child in children:
            if isinstance(child, Aliases):
                aliases = child.names
            else:
                rest.append(child)
        return rest, aliases

    def headed(
        self,
        meta: Meta,
        id_token: Token,
        name_token: Token,
        aliases: tuple[str, ...],
        prov_token: Token | None,
        selectable: bool = False,
    ) -> dict[str, Any]:
        """What a definition's header gives it, as its keywords: its id
        (:meth:`card_id`), printed name, other names and provenance, where it
        is written and whether it states its provenance."""
        return {
            "id": self.card_id(id_token, selectable=selectable),
            "name": string(name_token),
            "aliases": aliases,
            "provenance": self.provenance(prov_token),
            "span": self.span(meta),
            "provenance_stated": prov_token is not None,
        }

    def header_word(self, enum_cls: type[E], token: Token, code: str, what: str) -> E:
        """A header word (mythology, provenance, difficulty). A wrong one is
        recorded and a stand-in used, so the rest of the definition is still
        checked; a file with any error is never scored."""
        try:
            return enum_word(enum_cls, token, code, what)
        except BuildError as error:
            self.record(error)
            return next(iter(enum_cls))

    def provenance(self, token: Token | None) -> m.Provenance:
        if token is None:
            return m.Provenance.PRINTED
        return self.header_word(m.Provenance, token, "DL103", "provenance")

    def row(self, token: Token) -> m.Row:
        return enum_word(m.Row, token, "DL104", "row")

    def number(self, token: Token, key: str) -> int:
        """A written number, which must be in its range (:data:`limits.RANGES`);
        out of it, DL120 at the number (the definition is dropped)."""
        checked = RANGES[key]
        problem = checked.check_text(str(token))
        if problem is not None:
            raise BuildError("DL120", problem, token=token, help=checked.help)
        value = number_value(str(token))
        assert value is not None  # check_text converted it: it is short
        return value

    def column(self, token: Token) -> int:
        value = number_value(str(token))
        if value is None or value not in m.COLUMNS:
            raise BuildError(
                "DL108",
                f"column {number_text(str(token))} is outside the grid",
                token=token,
                help="columns are numbered 1 to 4 from the left (R1)",
            )
        return value
