"""Large card texts, well-formed and broken, made on demand for the linter's
tests (``tests/test_hostile_cards.py``) and ``benchmarks/lint_large.py``:
linting must take time in proportion to a file's size, however it is broken.
They are generated, never stored."""

from __future__ import annotations

from .filler import filler_set_text

# The kinds of text, each a function of the size wanted (in characters).
KINDS = (
    "well-formed",
    "brace-missing-at-start",
    "brace-missing-in-middle",
    "brace-missing-at-end",
    "every-definition-broken",
    "one-word",
    "digits",
    "deep-nesting",
)


def well_formed(size: int) -> str:
    """A filler set (many small Myth cards) of about ``size`` characters."""
    per_card = len(filler_set_text(100)) / 100
    return filler_set_text(max(1, round(size / per_card)))


def without_brace(text: str, at: float) -> str:
    """``text`` with the '}' that ends the definition found at fraction ``at``
    of it removed (0: the first definition after the set header, 1: the last)."""
    if at >= 1:
        index = text.rindex("}")
    else:
        index = text.index("\n}\n", max(text.index("\n}\n") + 1, int(len(text) * at))) + 1
    return text[:index] + text[index + 1 :]


def large_text(kind: str, size: int) -> str:
    """A text of ``kind`` (one of :data:`KINDS`) of about ``size`` characters."""
    if kind == "well-formed":
        return well_formed(size)
    if kind.startswith("brace-missing-"):
        at = {
            "brace-missing-at-start": 0.0,
            "brace-missing-in-middle": 0.5,
            "brace-missing-at-end": 1.0,
        }[kind]
        return without_brace(well_formed(size), at)
    if kind == "every-definition-broken":  # 'points' misspelt in every card
        return well_formed(size).replace(" points ", " pints ").replace(" point ", " pint ")
    if kind == "one-word":
        return "a" * size
    if kind == "digits":
        return "1" * size
    if kind == "deep-nesting":  # 'not not not ...' in one law
        head = 'set deep "Deep" {\n  requires base\n}\n\nlaw deep "Deep" {\n  1 point if '
        return head + "not " * max(1, (size - len(head)) // 4) + "only gods in line\n}\n"
    raise ValueError(f"no large text of kind {kind!r}; kinds: {', '.join(KINDS)}")
