"""Builder methods for a set header: its version, requirements, counts,
difficulties and the mythologies and types it declares."""

from __future__ import annotations

from lark import v_args

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


@v_args(wrapper=record_errors)
class SetRules(BuilderBase):
    def set_def(self, meta, children):
        set_id = self.card_id(children[0])
        name = string(children[1])
        version, requires, replaces, expects, difficulties, words = None, (), (), (), (), ()
        tie_break, always, aliases, places = None, (), (), []
        for item in children[2:]:
            if isinstance(item, Aliases):
                aliases = item.names
                continue
            if item.key in ("requires", "replaces", "always"):
                places += [(item.key, word, item.span) for word in item.value]
            elif item.key == "expect":
                places.append(("expect", item.value[0], item.span))
            if item.key == "version":
                version = item.value
            elif item.key == "requires":
                requires += item.value
            elif item.key == "replaces":
                replaces += item.value
            elif item.key == "expect":
                expects += (item.value,)
            elif item.key == "difficulty":
                difficulties += (item.value,)
            elif item.key == "word":
                words += (item.value,)
            elif item.key == "tie_break":
                tie_break = item.value
            elif item.key == "always":
                always += item.value
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

    def word(self, meta, children):
        return children[0]

    def declare_mythology(self, meta, children):
        return self.declare("mythology", meta, children)

    def declare_type(self, meta, children):
        return self.declare("type", meta, children)

    def declare_tag(self, meta, children):
        """``tag temple "templo" aka "temple"``: a tag's Spanish name (and its
        English one), as a mythology declares its printed name."""
        return self.declare("tag", meta, children)

    def declare(self, kind: str, meta, children) -> Item:
        rest, aliases = self.header(children)
        word_token, name_token, *options = rest
        word_id = self.card_id(word_token)
        found = dict(option.value for option in options)
        spanish = found.get("spanish", ())
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
                found.get("plural"),
                found.get("symbol"),
                spanish,
                span=self.span(meta),
            ),
        )

    def spanish_option(self, meta, children):
        return Item("option", ("spanish", tuple(children)))

    def spanish_form(self, meta, children):
        gender, singular, plural = children
        return (gender, string(singular), string(plural))

    def masculine(self, meta, children):
        return "masculine"

    def feminine(self, meta, children):
        return "feminine"

    def plural_option(self, meta, children):
        return Item("option", ("plural", self.card_id(children[0])))

    def symbol_option(self, meta, children):
        return Item("option", ("symbol", str(children[0])))

    def set_tie_break(self, meta, children):
        return Item("tie_break", children[0].type)

    def set_difficulty(self, meta, children):
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

    def set_expect(self, meta, children):
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

    def set_version(self, meta, children):
        token = children[0]
        return Item("version", string(token) if token.type == "STRING" else str(token))

    def set_requires(self, meta, children):
        return Item("requires", children[0], self.span(meta))

    def set_replaces(self, meta, children):
        return Item("replaces", children[0], self.span(meta))

    def set_always(self, meta, children):
        return Item("always", children[0], self.span(meta))
