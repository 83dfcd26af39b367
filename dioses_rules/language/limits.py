"""The limits of the card language, in one place: how deep expressions may
nest, and how much of a hostile file's text goes into a report.

A card file is input from anyone; these limits keep checking it, and every
command that reads it, bounded in time and memory.
"""

from __future__ import annotations

import re

# Syntax errors of one file given a hint (a misspelling, a phrasing); past
# them an error is reported plainly, so a broken file costs little each.
MAX_ERRORS = 50

# How deep a definition's parse tree may nest (parentheses, 'not', 'of same',
# leaders); deeper is DL004. The deepest bundled definition nests 10, and the
# recursive back ends (source, English, scoring) handle twice this.
MAX_DEPTH = 100

# A word quoted in a message is cut to this many characters.
SHOWN_WORD = 40


_LONG_WORD = re.compile(r"[^\s',;]{%d,}" % (SHOWN_WORD + 1))


def shorten(message: str) -> str:
    """A message with every very long word in it cut (a file's 1 MB word is
    reported by its start, not copied into the report)."""
    return _LONG_WORD.sub(lambda m: m.group(0)[:SHOWN_WORD] + "...", message)
