"""Builder methods for a set header: its version, requirements, counts,
difficulties and the mythologies and types it declares."""

from __future__ import annotations

from typing import cast

from lark import Token, v_args
from lark.tree import Meta

from ..errors import did_you_mean
from . import model as m
from .build_base import (
    Aliases,
    BuilderBase,
    BuildError,
    Item,
    enum_word,
    record_errors,
    string,
)
from .spanish_words import SPANISH_HELP, spanish_problem

# A declared word's Spanish form: (gender, singular, plural).
SpanishForm = tuple[str, str, str]
# A declared word's option: ("spanish", its forms), ("plural", an id) or
# ("symbol", a word).
WordOption = tuple[str, tuple[SpanishForm, ...]] | tuple[str, str]
# A statement of a set header, told apart by its key (the header's own
# method casts each key's value to what that statement gives).
SetItem = (
    Item[str]
    | Item[tuple[str, ...]]
    | Item[tuple[str, int]]
    | Item[tuple[m.Difficulty, int]]
    | Item[m.WordDecl]
    | Item[None]
)


@v_args(wrapper=record_errors)
class SetRules(BuilderBase):
    def set_def(self, meta: Meta, children: list[Token | Aliases | SetItem]) -> m.CardSet:
        set_id = self.card_id(cast(Token, children[0]))
        name = string(cast(Token, children[1]))
        version: str | None = None
        tie_break: str | None = None
        requires: tuple[str, ...] = ()
        replaces: tuple[str, ...] = ()
        always: tuple[str, ...] = ()
        aliases: tuple[str, ...] = ()
        expects: tuple[tuple[str, int], ...] = ()
        difficulties: tuple[tuple[m.Difficulty, int], ...] = ()
        words: tuple[m.WordDecl, ...] = ()
        places: list[tuple[str, str, m.Span | None]] = []
        for item in cast("list[Aliases | SetItem]", children[2:]):
            if isinstance(item, Aliases):
                aliases = item.names
                continue
            value = item.value
            if item.key in ("requires", "replaces", "always"):
                places += [(item.key, word, item.span) for word in cast("tuple[str, ...]", value)]
            elif item.key == "expect":
                places.append(("expect", cast("tuple[str, int]", value)[0], item.span))
            if item.key == "version":
                version = cast(str, value)
            elif item.key == "requires":
                requires += cast("tuple[str, ...]", value)
            elif item.key == "replaces":
                replaces += cast("tuple[str, ...]", value)
            elif item.key == "expect":
                expects += (cast("tuple[str, int]", value),)
            elif item.key == "difficulty":
                difficulties += (cast("tuple[m.Difficulty, int]", value),)
            elif item.key == "word":
                words += (cast(m.WordDecl, value),)
            elif item.key == "tie_break":
                tie_break = cast(str, value)
            elif item.key == "always":
                always += cast("tuple[str, ...]", value)
        return m.CardSet(
            set_id,
            name,
            version,
            requires,
            replaces,
            expects,
            difficulties,
            words,
            tie_break,
            always,
            aliases,
            span=self.span(meta),
            places=tuple(places),
        )

    def word(self, meta: Meta, children: list[Token]) -> Token:
        return children[0]

    def declare_mythology(
        self, meta: Meta, children: list[Token | Aliases | Item[WordOption]]
    ) -> Item[m.WordDecl]:
        return self.declare("mythology", meta, children)

    def declare_type(
        self, meta: Meta, children: list[Token | Aliases | Item[WordOption]]
    ) -> Item[m.WordDecl]:
        return self.declare("type", meta, children)

    def declare_tag(
        self, meta: Meta, children: list[Token | Aliases | Item[WordOption]]
    ) -> Item[m.WordDecl]:
        """``tag temple "templo" aka "temple"``: a tag's Spanish name (and its
        English one), as a mythology declares its printed name."""
        return self.declare("tag", meta, children)

    def declare(
        self, kind: str, meta: Meta, children: list[Token | Aliases | Item[WordOption]]
    ) -> Item[m.WordDecl]:
        rest, aliases = self.header(children)
        word_token, name_token = cast("list[Token]", rest[:2])
        options = cast("list[Item[WordOption]]", rest[2:])
        word_id = self.card_id(word_token)
        found = dict(option.value for option in options)
        spanish = cast("tuple[SpanishForm, ...]", found.get("spanish", ()))
        problem = spanish_problem(kind, spanish)
        if problem is not None:
            self.record(BuildError("DL121", problem, meta, help=SPANISH_HELP[kind]))
            spanish = ()
        return Item(
            "word",
            m.WordDecl(
                kind,
                word_id,
                string(name_token),
                aliases,
                cast("str | None", found.get("plural")),
                cast("str | None", found.get("symbol")),
                spanish,
                span=self.span(meta),
            ),
        )

    def spanish_option(self, meta: Meta, children: list[SpanishForm]) -> Item[WordOption]:
        return Item("option", ("spanish", tuple(children)))

    def spanish_form(self, meta: Meta, children: list[str | Token]) -> SpanishForm:
        gender, singular, plural = cast("tuple[str, Token, Token]", children)
        return (gender, string(singular), string(plural))

    def masculine(self, meta: Meta, children: list[Token]) -> str:
        return "masculine"

    def feminine(self, meta: Meta, children: list[Token]) -> str:
        return "feminine"

    def plural_option(self, meta: Meta, children: list[Token]) -> Item[WordOption]:
        return Item("option", ("plural", self.card_id(children[0])))

    def symbol_option(self, meta: Meta, children: list[Token]) -> Item[WordOption]:
        return Item("option", ("symbol", str(children[0])))

    def set_tie_break(self, meta: Meta, children: list[m.TypeIs]) -> Item[str]:
        return Item("tie_break", children[0].type)

    def set_difficulty(
        self, meta: Meta, children: list[Token]
    ) -> Item[tuple[m.Difficulty, int]] | Item[None]:
        name, points = children
        try:
            level = enum_word(m.Difficulty, name, "DL105", "difficulty")
        except BuildError as error:  # recorded, not raised: keep the set
            self.record(error)
            return Item("skip", None)
        try:
            worth = self.number(points, "difficulty")
        except BuildError as error:  # recorded, not raised: keep the set
            self.record(error)
            return Item("skip", None)
        if worth <= 0:
            self.record(
                BuildError(
                    "DL601",
                    f"a {level.value} pattern worth {points} points",
                    token=points,
                    help="patterns give 1 point or more",
                )
            )
        return Item("difficulty", (level, worth))

    def set_expect(self, meta: Meta, children: list[Token]) -> Item[tuple[str, int]] | Item[None]:
        count, kind = children
        if str(kind) not in m.KINDS:
            # Recorded, not raised: one bad line must not drop the whole set.
            self.record(
                BuildError(
                    "DL113",
                    f"unknown kind '{kind}'",
                    token=kind,
                    help=did_you_mean(str(kind), m.KINDS) or f"kinds: {', '.join(m.KINDS)}",
                )
            )
            return Item("skip", None)
        try:
            return Item("expect", (str(kind), self.number(count, "expect")), self.span(meta))
        except BuildError as error:  # recorded, not raised: keep the set
            self.record(error)
            return Item("skip", None)

    def set_version(self, meta: Meta, children: list[Token]) -> Item[str]:
        token = children[0]
        return Item("version", string(token) if token.type == "STRING" else str(token))

    def set_requires(self, meta: Meta, children: list[tuple[str, ...]]) -> Item[tuple[str, ...]]:
        return Item("requires", children[0], self.span(meta))

    def set_replaces(self, meta: Meta, children: list[tuple[str, ...]]) -> Item[tuple[str, ...]]:
        return Item("replaces", children[0], self.span(meta))

    def set_always(self, meta: Meta, children: list[tuple[str, ...]]) -> Item[tuple[str, ...]]:
        return Item("always", children[0], self.span(meta))
