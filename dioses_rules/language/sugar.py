"""Surface expressions that are spelled with the nodes that already exist.

Each is one lowering rule (what the builder makes of the words) and one
reader (how the writers recognise the tree to print the words back), so no
evaluator and no solver learns anything new.

``its mythology is the most common`` (R24): this card is of the mythology
that has strictly the most cards in the area; on a tie, no card is. It is
the tree of ``it of most common mythology in area``, whose words read badly.
"""

from __future__ import annotations

from . import model as m


def its_most_common(attribute: m.Attribute, span: m.Span | None = None) -> m.Condition:
    """``its mythology is the most common``, lowered."""
    own = m.SelAnd((m.SelfCard(span=span), m.MostCommon(attribute, span=span)), span=span)
    return m.Subject(m.SubjectMode.SOME, (own,), m.Present(span=span), span=span)


def own_most_common(condition: m.Condition) -> m.Attribute | None:
    """The attribute when ``condition`` is :func:`its_most_common`'s tree, else None."""
    if not (
        isinstance(condition, m.Subject)
        and condition.mode is m.SubjectMode.SOME
        and isinstance(condition.condition, m.Present)
        and len(condition.subjects) == 1
    ):
        return None
    own = condition.subjects[0]
    if (
        isinstance(own, m.SelAnd)
        and len(own.items) == 2
        and isinstance(own.items[0], m.SelfCard)
        and isinstance(own.items[1], m.MostCommon)
    ):
        return own.items[1].attribute
    return None
