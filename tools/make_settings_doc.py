"""Rewrite the settings table of docs/card-language.md from the one table
``SETTINGS`` (dioses_rules/language/settings.py):

    python tools/make_settings_doc.py

Only the lines between the two markers are replaced; the test
``tests/test_card_language_doc.py`` fails when they differ from
:func:`settings_table`, so the page cannot drift from what the engine reads.
"""

from __future__ import annotations

from pathlib import Path

from dioses_rules.language.settings import settings_table

DOC = Path(__file__).resolve().parent.parent / "docs" / "card-language.md"
BEGIN = "<!-- settings: generated from SETTINGS by tools/make_settings_doc.py -->\n"
END = "<!-- end of settings -->\n"


def documented_table(text: str) -> str:
    """The table between the markers of the page's text."""
    return text.split(BEGIN, 1)[1].split(END, 1)[0]


def with_table(text: str) -> str:
    head, rest = text.split(BEGIN, 1)
    return head + BEGIN + settings_table() + END + rest.split(END, 1)[1]


def main() -> None:
    DOC.write_text(with_table(DOC.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
