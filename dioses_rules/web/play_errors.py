"""Why a game cannot be started or answered as asked, in the page's language.

A :class:`PlayError` is raised where no page is at hand (the game's thread,
the table): it keeps its message and help as written (``%(name)s``
placeholders, marked for the ``web`` catalogue) with their values, and
:meth:`PlayError.words` says them in a language. Its ``str()`` is the
English, as for any :class:`~dioses_rules.errors.DiosesError`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import DiosesError
from ..wording.names import cell_place
from .language import catalogue

# a value given as cells (board indices 0-11) is said as a player says them
CELLS = "cells"


class PlayError(DiosesError):
    """A game that cannot be started or answered as asked."""

    template: tuple[str, str | None, Mapping[str, object]] | None = None

    @classmethod
    def said(
        cls, code: str, message: str, help: str | None = None, path: str = "", **values: object
    ) -> PlayError:
        """One diagnostic whose ``message`` and ``help`` are catalogue messages
        filled from ``values`` (under :data:`CELLS`: a sequence of cells)."""
        english = _filled(message, values, "en")
        error = cls.one(code, english, path, _filled(help, values, "en") if help else None)
        error.template = (message, help, values)
        return error

    def words(self, lang: str) -> str:
        """The error in ``lang``: its code and message, then what to do."""
        if self.template is None:
            return "\n".join(f"{d.code} {d.message}" for d in self.diagnostics)
        message, help, values = self.template
        said = f"{self.diagnostics[0].code} {_filled(message, values, lang)}"
        return f"{said}: {_filled(help, values, lang)}" if help else said


def _filled(message: str, values: Mapping[str, object], lang: str) -> str:
    words = catalogue(lang)
    shown = dict(values)
    cells = values.get(CELLS)
    if isinstance(cells, Sequence):
        places = [cell_place(int(c), lang) for c in cells]
        shown[CELLS] = words.gettext(" and ").join(places)
    text = words.gettext(message)
    return text % shown if shown else text
