"""docs/sources/ keeps copies of the rulings, the card inventory and the style notes that the
code, cards and tests cite (R1-R34), so that a clone can read them; they must
not drift from the project's shared notes when those are beside the clone."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.mark.parametrize("name", ["RULINGS.md", "CARDS.md", "STYLE.md"])
def test_copy_matches_the_shared_notes(name):
    copy = ROOT / "docs" / "sources" / name
    assert copy.is_file()
    original = SHARED / name
    if not original.is_file():
        pytest.skip(f"{original} is not beside this clone")
    assert copy.read_text(encoding="utf-8") == original.read_text(encoding="utf-8"), (
        f"docs/sources/{name} differs from {original}: copy it again"
    )


def test_every_ruling_cited_in_the_code_exists():
    rulings = (ROOT / "docs" / "sources" / "RULINGS.md").read_text(encoding="utf-8")
    defined = {f"R{n}" for n in range(1, 40) if f"**R{n} " in rulings}
    assert defined == {f"R{n}" for n in range(1, 35)}
    import re

    cited = set()
    for folder in ("dioses_rules", "cards", "cli"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".dioses"):
                cited |= set(re.findall(r"\bR(\d{1,2})\b", path.read_text(encoding="utf-8")))
    assert {f"R{n}" for n in cited} <= defined
