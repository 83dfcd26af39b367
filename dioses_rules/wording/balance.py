"""``dioses balance``'s words in the reader's language: the flags the
scoring library gives a card (English sentences, kept as they are in
``--format json``), a card's provenance, and the plot's and table's words."""

from __future__ import annotations

from . import N_, matched, table, words

_FLAGS = table(
    (
        N_("scores only when the area ends all face up (--face-up-end)"),
        (
            r"^never scores: it asks about face-down cards, and every card is face up at "
            r"the end \(R12\)$",
            N_("never scores: it asks about face-down cards, and every card is face up at the end"),
        ),
        N_("never scores: it names '{name}', which no card of the pool is or has as a tag"),
        N_("never scores: {why}"),
        N_("never scores"),
        N_("always scores"),
        N_("far above the printed cards (> {times} x {high})"),
        N_("above the printed cards (best printed {high})"),
    )
)
_PROVENANCE = {
    "printed": N_("printed"),
    "named": N_("named"),
    "reconstructed": N_("reconstructed"),
}


def flag_text(flag: str, lang: str) -> str:
    """One of a card's balance flags in ``lang`` (as it is when unknown)."""
    return matched(_FLAGS, flag, lang)


def provenance_word(value: str, lang: str) -> str:
    """A card's provenance ("printed", "reconstructed") in ``lang``."""
    message = _PROVENANCE.get(value)
    return words(lang)._(message) if message else value
