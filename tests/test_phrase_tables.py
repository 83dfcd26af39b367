"""The writers' words are data (#26, #28): ``locale/LANG/card-text.toml``,
read and checked by ``language/card_words.py`` when the writers are
imported. A phrase is one template or a pair, of the English kind, since
the same method reads both; a missing, unknown or misshapen entry is an
error naming the file, the key and what is expected."""

from __future__ import annotations

import re

import pytest

from dioses_rules.language import card_words, english_definitions, spanish_definitions
from dioses_rules.language import model as m
from dioses_rules.language.card_words import CardTextError
from dioses_rules.language.card_words import card_words as words_of

ENGLISH = english_definitions.CardTextWriter
SPANISH = spanish_definitions.SpanishCardWriter
EN_FILE = card_words.LOCALE / "en" / card_words.FILE_NAME
ES_FILE = card_words.LOCALE / "es" / card_words.FILE_NAME


def _kind(entry: object) -> str:
    if isinstance(entry, str):
        return "one"
    assert isinstance(entry, tuple) and len(entry) == 2, entry
    assert all(isinstance(text, str) for text in entry), entry
    return "pair"


def test_every_phrase_is_one_template_or_a_pair_of_the_english_kind():
    assert ENGLISH.WORDS is words_of("en") and SPANISH.WORDS is words_of("es")
    for table in ("phrases",):
        english = getattr(ENGLISH.WORDS, table)
        assert {k: _kind(v) for k, v in getattr(SPANISH.WORDS, table).items()} == {
            k: _kind(v) for k, v in english.items()
        }


def test_phrase_and_pair_each_refuse_the_other_kind_naming_the_file():
    writer = SPANISH()
    assert writer.pair("face side", True) == "boca arriba"
    assert writer.phrase("if", "x") == " si x"
    with pytest.raises(
        TypeError, match=r"locale/es/card-text\.toml: \[phrases\] 'face side' is a pair"
    ):
        writer.phrase("face side")
    with pytest.raises(
        TypeError, match=r"locale/es/card-text\.toml: \[phrases\] 'if' is one template"
    ):
        writer.pair("if", False)


def _without(path, section: str, key: str) -> str:
    """The file's text with the entry ``key`` of ``[section]`` removed."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start = lines.index(f"[{section}]")
    quoted = f'"{key}"' if not re.fullmatch(r"[A-Za-z0-9_-]+", key) else key
    at = next(i for i in range(start, len(lines)) if lines[i].startswith(f"{quoted} = "))
    return "\n".join(lines[:at] + lines[at + 1 :])


@pytest.mark.parametrize(
    ("source", "section", "key", "expected"),
    [
        (EN_FILE, "relations", "next to", "an entry for each of"),
        (EN_FILE, "triggers", "placed", "an entry for each of"),
        (EN_FILE, "effects", "SwapAny", "an entry for each of"),  # a node kind of m.Effect
        (EN_FILE, "kinds", "scenario", "an entry for each of"),
        (EN_FILE, "settings.areas", "shared", "an entry for each of"),  # settings.SETTINGS
        (ES_FILE, "phrases", "every player", "an entry for each of"),  # English has it
        (ES_FILE, "effects-to-do", "DrawLaw", "an entry for each of"),
        (ES_FILE, "words", "or", "an entry for each of"),
    ],
)
def test_a_removed_entry_fails_naming_the_file_key_and_what_is_expected(
    tmp_path, source, section, key, expected
):
    lang = source.parent.name
    path = tmp_path / lang / card_words.FILE_NAME
    path.parent.mkdir()
    path.write_text(_without(source, section, key), encoding="utf-8")
    english = None if lang == "en" else words_of("en")
    with pytest.raises(CardTextError) as raised:
        card_words.read(path, lang, english)
    message = str(raised.value)
    assert message.startswith(f"{path}: [{section}] has no {key!r}: expected {expected}")
    # the file as it is reads cleanly
    assert card_words.read(source, lang, english).lang == lang


def test_an_unknown_or_misshapen_entry_fails_naming_what_would_be_valid(tmp_path):
    text = ES_FILE.read_text(encoding="utf-8")
    path = tmp_path / card_words.FILE_NAME
    english = words_of("en")
    path.write_text(text.replace("[rows]\n", '[rows]\nmiddle = "media"\n'), encoding="utf-8")
    with pytest.raises(CardTextError, match=r"\[rows\] 'middle' is not an entry it may have: "):
        card_words.read(path, "es", english)
    # a pair where English has one template
    path.write_text(text.replace('if = " si {}"', 'if = [" si {}", " si {}"]'), encoding="utf-8")
    with pytest.raises(CardTextError, match=r"\[phrases\] 'if' is .*: expected a text"):
        card_words.read(path, "es", english)
    path.write_text(text.replace('gender = "feminine" }', 'gender = "neuter" }', 1), "utf-8")
    with pytest.raises(CardTextError, match=r"\[nouns\] 'card' is 'neuter': expected gender"):
        card_words.read(path, "es", english)


def test_the_tables_name_every_member_of_their_enum():
    for words in (ENGLISH.WORDS, SPANISH.WORDS):
        sections = {**card_words.ONE_SECTIONS, **card_words.PAIR_SECTIONS}
        for section, enum in sections.items():
            enum = enum[0] if isinstance(enum, tuple) else enum
            table = {**words.ones, **words.twos}[section]
            assert set(table) == set(enum), (words.lang, section)
        assert set(words.kinds) == set(m.KINDS)


def test_a_third_language_is_a_data_file_and_a_subclass(tmp_path):
    """#28 item 3: a language whose grammar is English's is only its words;
    the writer subclass names its file and inherits every method."""
    from dioses_rules.pool.load import load_registry

    text = EN_FILE.read_text(encoding="utf-8")
    assert '"next to" = "next to"' in text
    path = tmp_path / "xx" / card_words.FILE_NAME
    path.parent.mkdir()
    text = text.replace('"next to" = "next to"', '"next to" = "beside"')
    path.write_text(text.replace('neighbours = "next to it"', 'neighbours = "beside it"'), "utf-8")

    class Third(ENGLISH):
        WORDS = card_words.read(path, "xx", words_of("en"))

    registry = load_registry(())[0]
    names = registry.display_names("en")
    said = {d.id: ENGLISH(names).definition(d) for d in registry.definitions()}
    near = [d for d in registry.definitions() if "next to" in said[d.id]]
    assert near
    for definition in near:
        assert Third(names).definition(definition) == said[definition.id].replace(
            "next to", "beside"
        )
