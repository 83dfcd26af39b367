"""The click parameter types of every number and path a user types (#23).

click's own types take whatever Python's ``int()`` and ``float()`` take:
``١`` and ``３`` (other scripts' digits), ``1_000``, ``' 7 '`` and ``+3``
as whole numbers, ``nan`` and ``inf`` as seconds (NaN passes every range
check, as every comparison with it is false). The web app's number check
(``errors.whole_number``) refuses all of them; so do these types, with a
usage error (exit 2) before any work is done. An empty path is refused too:
``Path('')`` is the current folder, so ``--write ''`` would say ".: file
exists" and ``--log-dir ''`` would write into the current folder.
"""

from __future__ import annotations

import math
import os
import re
from typing import TYPE_CHECKING, Any

import click

from dioses_rules.errors import whole_number

SEED_DIGITS = 18  # as the web app's seed field (play_pages.new_game_form)
_DECIMAL = re.compile(r"[0-9]{1,9}(\.[0-9]{0,9})?|\.[0-9]{1,9}")

if TYPE_CHECKING:  # click 8.3 made ParamType generic; click 8.1 cannot subscript it
    IntParamType = click.ParamType[int]  # a parameter type converting to a whole number
else:
    IntParamType = click.ParamType


class Whole(click.IntRange):
    """A whole number written in the ASCII digits 0-9 alone (no sign, space,
    underscore or other script's digits), in ``min`` .. ``max`` (click's
    range check and help text)."""

    def __init__(self, min: int = 0, max: int | None = None, digits: int | None = None) -> None:
        super().__init__(min, max)
        self.digits = (
            digits if digits is not None else len(str(max)) if max is not None else SEED_DIGITS
        )

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, str):
            number = whole_number(value, self.digits)
            if number is None:
                from .i18n import _

                self.fail(
                    _(
                        "{value} is not a whole number: write it with the digits "
                        "0-9 alone (at most {digits}; no sign, space or '_')"
                    ).format(value=_shown(value), digits=self.digits),
                    param,
                    ctx,
                )
            value = number
        return super().convert(value, param, ctx)


class Seconds(click.FloatRange):
    """A number of seconds written as ASCII digits with at most one decimal
    point (``2``, ``0.5``, ``.5``): never ``nan``, ``inf``, ``1e3`` or a sign."""

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        if isinstance(value, str):
            if not _DECIMAL.fullmatch(value):
                from .i18n import _

                self.fail(
                    _(
                        "{value} is not a number of seconds: write digits 0-9 with "
                        "at most one decimal point, e.g. 2.5"
                    ).format(value=_shown(value)),
                    param,
                    ctx,
                )
        elif isinstance(value, float) and not math.isfinite(value):
            self.fail(f"{value} is not a number of seconds", param, ctx)
        return super().convert(value, param, ctx)


class FilePath(click.Path):
    """click.Path that refuses an empty path (it would name the current folder)."""

    def convert(
        self,
        value: str | os.PathLike[str],
        param: click.Parameter | None,
        ctx: click.Context | None,
    ) -> Any:  # click.Path's result type is chosen by its path_type argument
        from .i18n import _

        if isinstance(value, (str, bytes, os.PathLike)) and not os.fspath(value):
            self.fail(_("an empty path names no file: give a file or folder name"), param, ctx)

        english = self.name  # click names it in its messages, in English: "File 'x' ..."
        self.name = _(english)
        try:
            return super().convert(value, param, ctx)
        finally:
            self.name = english


def _shown(value: str) -> str:
    """A typed value in quotes, cut short, with invisible characters escaped."""
    cut = value if len(value) <= 40 else value[:40] + "..."
    return repr(cut) if not cut.isprintable() or cut != cut.strip() else f"'{cut}'"
