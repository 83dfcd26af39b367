"""Builder methods for Pattern cards: the definition, its rows and cells."""

from __future__ import annotations

from typing import cast

from lark import Token, v_args
from lark.tree import Meta

from . import model as m
from .build_base import Aliases, BuilderBase, record_errors

# A row of a pattern: a cell, or None for a gap.
PatternRow = tuple[m.PatternCell | None, ...]

# The grammar fixes each child's kind by its place; where a rule's children
# are of several kinds, a cast names the kind of each place.


@v_args(wrapper=record_errors)
class PatternRules(BuilderBase):
    def pattern_def(self, meta: Meta, children: list[Token | Aliases | PatternRow]) -> m.Pattern:
        rest, aliases = self.header(children)
        id_token, name_token, difficulty_token = cast("list[Token]", rest[:3])
        prov_token, rows = self.split_provenance(rest[3:])
        difficulty = self.header_word(m.Difficulty, difficulty_token, "DL105", "difficulty")
        return m.Pattern(
            **self.headed(meta, id_token, name_token, aliases, prov_token),
            difficulty=difficulty,
            shape=tuple(cast("list[PatternRow]", rows)),
        )

    def pattern_row(self, meta: Meta, children: list[m.PatternCell | None]) -> PatternRow:
        return tuple(children)

    def gap_cell(self, meta: Meta, children: list[Token]) -> None:
        return None

    def shape_cell(
        self, meta: Meta, children: list[m.MythologyIs | m.TypeIs | None]
    ) -> m.PatternCell:
        word: m.MythologyIs | None = None  # any mythology
        if len(children) == 2:
            word, card_type = cast("tuple[m.MythologyIs | None, m.TypeIs]", children)
        else:
            card_type = cast(m.TypeIs, children[0])
        mythology = word.mythology if word is not None else None
        return m.PatternCell(card_type.type, mythology, span=self.span(meta))

    def mythology_cell(self, meta: Meta, children: list[m.MythologyIs | None]) -> m.PatternCell:
        word = cast(m.MythologyIs, children[0])
        return m.PatternCell(None, word.mythology, span=self.span(meta))

    def any_mythology(self, meta: Meta, children: list[Token]) -> None:
        return None

    def unknown_mythology(self, meta: Meta, children: list[Token]) -> m.MythologyIs:
        return m.MythologyIs(self.declared_word(children[0], "mythology", "DL102", "mythology"))

    def unknown_type(self, meta: Meta, children: list[Token]) -> m.TypeIs:
        return m.TypeIs(self.declared_word(children[0], "type", "DL101", "card type"))
