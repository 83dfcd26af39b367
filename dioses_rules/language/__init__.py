"""The card language: text -> parse tree -> predicate trees, and back to text.

``model`` (the trees), ``parser`` and ``builder`` (text to trees),
``source`` and ``source_definitions`` (trees to card-language source),
``english`` and ``english_definitions`` (trees to English card text),
``vocabulary`` (its keywords), ``settings`` (what a rule option may set) and
``walk`` (the one dispatcher every back end uses). Nothing here knows of
scoring, card pools or games.
"""
