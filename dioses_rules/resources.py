"""Find the top-level ``grammar/`` and ``cards/`` folders.

From a source checkout or an editable install they sit beside the package;
a built wheel carries them inside the package (pyproject.toml rewrites
their paths with hatch's ``sources``).
Both are found through this one resolver.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def resource_dir(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"the bundled '{name}/' folder was not found beside {_PACKAGE}; reinstall dioses-rules"
    )


def grammar_dir() -> Path:
    return resource_dir("grammar")


def cards_dir() -> Path:
    return resource_dir("cards")
