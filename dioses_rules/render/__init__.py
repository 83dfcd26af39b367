"""Pictures: cards, boards, card sheets and balance plots as SVG (drawsvg),
with PNG and PDF through cairo (cairosvg).

The ``[pictures]`` extra brings drawsvg, cairosvg and pypdf; nothing below
this layer imports them. :func:`card.card_group` draws one card and is what
the sheet and the board picture reuse.
"""
