"""The card language's words that other code must know, in one place.

The grammar (``grammar/dioses.lark``) is the authority on what parses; these
tables are the words the rest of the language layer reasons about: the
builder refuses them as ids, the source writer knows which ones continue a
selector, the parser recovers at definition keywords, the linter suggests
them. ``tests/test_walk.py`` checks that each is a keyword of the grammar.
"""

from __future__ import annotations

# Selector words with their plural keyword ("greek gods"); Norse has one form.
TYPES = {"god": "gods", "place": "places", "object": "objects"}
MYTHOLOGIES = {"greek": "greeks", "egyptian": "egyptians", "norse": "norse"}
CARD = {"card": "cards"}
FACES = ("face-up", "face-down")
ARTICLES = ("a", "an")
# Words that are selectors by themselves: the anchor card, an objective's element.
SELF_WORDS = ("it", "element")

# The keywords that start a definition: parse errors recover at them.
DEFINITIONS = ("set", "god", "place", "object", "law", "pattern", "goal", "element", "power",
               "option", "scenario")

PLURALS = {word: plural for table in (TYPES, MYTHOLOGIES, CARD)
           for word, plural in table.items() if word != plural}

# The singular selector words, offered as suggestions for an unknown name.
SELECTOR_WORDS = frozenset([*TYPES, *MYTHOLOGIES, *CARD, *FACES, *SELF_WORDS])

# Words a card id or tag may not be: a selector naming it would mean the
# keyword ("next to a" reads an article, "the" a state or a leader, "(not"
# a negation).
RESERVED_IDS = SELECTOR_WORDS | frozenset(PLURALS.values()) | frozenset(
    [*ARTICLES, "the", "not"])

# Words that can continue a selector: a statement that starts with one of
# them must be separated from the one before it by ";".
CONTINUING_WORDS = frozenset(
    [*ARTICLES, *FACES, *MYTHOLOGIES.keys(), *MYTHOLOGIES.values(), *TYPES.keys(),
     *TYPES.values(), *CARD.keys(), *CARD.values(), "of", "that"])
