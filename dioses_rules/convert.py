"""The one cattrs converter for every file the engine reads and writes:
boards (TOML), saved games and logs (JSON). Extra keys are forbidden and
errors name the key path (``$.area.front[2]``); default values are left out
when writing."""

from __future__ import annotations

import cattrs


def make_converter() -> cattrs.Converter:
    return cattrs.Converter(forbid_extra_keys=True, omit_if_default=True)


CONVERTER = make_converter()
