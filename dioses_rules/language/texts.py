"""Card text in a language: English (``en``) or Spanish (``es``); another
language is its words (``locale/LANG/card-text.toml``) and a writer in
:data:`WRITERS`, a subclass of the English one for what its grammar says
differently.

:class:`Texts` holds what a writer needs beyond a definition (the display
names of cards in that language, each pattern's points, the declared words,
the rule options' names) and picks the writer: :mod:`english_definitions`
or :mod:`spanish_definitions`. ``Registry.texts(lang)`` makes one for the
cards in play.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import field, frozen

from . import model as m
from .english_definitions import CardTextWriter, provenance_text
from .headers import bundled_vocabulary
from .spanish_definitions import SpanishCardWriter
from .vocabulary import Vocabulary

# Each language's card writer (its words: locale/LANG/card-text.toml).
WRITERS: Mapping[str, type[CardTextWriter]] = {"en": CardTextWriter, "es": SpanishCardWriter}
LANGUAGES = tuple(WRITERS)


@frozen
class Texts:
    """Card text of definitions, scoring lines and conditions in one language."""

    lang: str = "en"
    names: Mapping[str, str] = field(factory=dict)
    pattern_points: Mapping[str, int] = field(factory=dict)
    vocabulary: Vocabulary = field(factory=bundled_vocabulary)
    option_names: Mapping[str, str] = field(factory=dict)
    scenario_names: Mapping[str, str] = field(factory=dict)

    def __attrs_post_init__(self) -> None:
        if self.lang not in LANGUAGES:
            raise ValueError(
                f"no card text in '{self.lang}': the languages are {', '.join(LANGUAGES)}"
            )

    @property
    def writer(self) -> CardTextWriter:
        return WRITERS[self.lang](
            self.names, self.pattern_points, self.vocabulary, self.option_names, self.scenario_names
        )

    def text(self, definition: m.Definition) -> str:
        """A definition's whole card text."""
        text: str = self.writer.definition(definition)
        return text

    def line(self, line: m.ScoringLine, card: m.MythCard | None = None) -> str:
        """One scoring line: "2p: it is next to an Egyptian card", "2p si
        está al lado de un egipcio"; of ``card``, "it" agrees with it in
        Spanish ("cerca de él" on Campo de Guerra)."""
        writer = self.writer
        if card is not None:
            writer.agree_with(card)  # a writer of its own: made per call
        text: str = writer.line(line)
        return text

    def condition(self, condition: m.Condition) -> str:
        """A scenario's condition, as its card says it."""
        text: str = self.writer.condition(condition)
        return text

    def kind(self, definition: m.Definition) -> str:
        """The definition's kind: "myth", "law" / "mito", "ley"."""
        return self.writer.WORDS.kinds[definition.kind]

    def card_kind(self, card: m.MythCard) -> str:
        """What a Myth card is: "greek god" (its ids, as the listings show
        them) / "dios griego" (agreeing: "lugar griego", "criatura celta")."""
        return self.writer.card_kind(card)

    def provenance(self, definition: m.Definition) -> str:
        """Where its text comes from (CARDS.md): "printed" / "impreso"."""
        return provenance_text(definition, self.writer.WORDS)
