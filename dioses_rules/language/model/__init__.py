"""The compiled form of the card language: predicate trees as frozen attrs data.

Every node is plain data (enums, ints, strings, tuples of nodes); no node holds
a callable, so any back end (the reference evaluator, the source and English
writers, the linter, the game engine) can read the same tree. The unions at
the end of each section (``Selector``, ``Condition``, ...) are what the back
ends dispatch on (:mod:`walk`): a new node kind goes into its union, and the
coverage test names every back end that does not handle it yet. Every node
built from source keeps its :class:`Span`, excluded from equality so that
round-trip tests compare meaning only.

The nodes live in one module per family (``nouns``, ``selectors``,
``conditions``, ``effects``, ``definitions``); every name is here too.
"""

from __future__ import annotations

from ...methods_cache import cached_methods

with cached_methods(__name__):  # attrs' methods of the ~70 classes, compiled once
    from .conditions import *  # noqa: F403
    from .definitions import *  # noqa: F403
    from .effects import *  # noqa: F403
    from .nouns import *  # noqa: F403
    from .selectors import *  # noqa: F403
