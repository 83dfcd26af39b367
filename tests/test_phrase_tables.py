"""The writers' phrase tables (#25): each entry is one template or a pair of
them, read by ``phrase()`` or ``pair()``; a language's entry has the kind of
the English one, since the same method reads both."""

from __future__ import annotations

import pytest

from dioses_rules.language import english_definitions, spanish_definitions
from dioses_rules.language.english import EnglishWriter
from dioses_rules.language.spanish import SpanishWriter

ENGLISH = english_definitions.CardTextWriter
SPANISH = spanish_definitions.SpanishCardWriter


def _kind(entry: object) -> str:
    if isinstance(entry, str):
        return "one"
    assert isinstance(entry, tuple) and len(entry) == 2, entry
    assert all(isinstance(text, str) for text in entry), entry
    return "pair"


@pytest.mark.parametrize("writer", [EnglishWriter, SpanishWriter, ENGLISH, SPANISH])
def test_every_phrase_is_one_template_or_a_pair_of_the_english_kind(writer):
    english = ENGLISH.PHRASES if issubclass(writer, ENGLISH) else EnglishWriter.PHRASES
    assert {key: _kind(entry) for key, entry in writer.PHRASES.items()} == {
        key: _kind(entry) for key, entry in english.items()
    }


def test_phrase_and_pair_each_refuse_the_other_kind_naming_the_table():
    writer = SPANISH()
    assert writer.pair("face side", True) == "boca arriba"
    assert writer.phrase("if", "x") == " si x"
    with pytest.raises(TypeError, match=r"SpanishCardWriter\.PHRASES\['face side'\] is a pair"):
        writer.phrase("face side")
    with pytest.raises(TypeError, match=r"SpanishCardWriter\.PHRASES\['if'\] is one template"):
        writer.pair("if", False)
