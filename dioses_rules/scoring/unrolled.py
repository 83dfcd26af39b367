"""What a final scoring does once per cell, written out for the 12 cells.

CPython 3.11 runs a call made from Python code in the same frame loop, but
one made from ``map`` or ``sum`` (C) in a fresh one, and a loop pays for
every step: summing a full area's lanes term by term takes less than half
the time of ``sum(map(...))``, and calling the 12 cards' closures so about
15% less (#29). So each function below is the 12 terms written out. Their
text is generated here, once, from the cell numbers alone (nothing of a card
or a tree is ever in it), and compiled with ``compile``.

* ``infos(cells, get)``: each cell's ``get(id(card))`` (a :class:`CardInfo`;
  AttributeError when a cell is empty);
* ``all_face_up(cells)``: every cell face up;
* ``both(infos)``, ``kinds(infos)``: the sum of the cards' lanes at their
  cells, lane 0 (always full) included;
* ``points(scene)``: the cards' points from their cells (summing the list is
  no slower than writing the sum out).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .area import SIZE
from .masks import FULL

_CELLS = range(SIZE)


def _written_out(
    name: str, parameters: str, term: str, joined: str, around: str = "{}", cut: str = ""
) -> Any:
    """``def name(parameters)``: ``cut`` (its first parameter unless given)
    cut into x0..x11, and ``around`` the ``term`` of each (``x`` its item,
    ``c`` its cell), joined."""
    first = cut or parameters.split(",")[0]
    items = ", ".join(f"x{cell}" for cell in _CELLS)
    terms = joined.join(term.format(x=f"x{cell}", c=cell) for cell in _CELLS)
    source = (
        f"def {name}({parameters}):\n    {items} = {first}\n    return {around.format(terms)}\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<scoring.unrolled.{name}>", "exec"), namespace)
    return namespace[name]


infos: Callable[[Any, Callable[[int], Any]], list[Any]] = _written_out(
    "infos", "cells, get", "get(id({x}.card))", ", ", "[{}]"
)
all_face_up: Callable[[Any], bool] = _written_out("all_face_up", "cells", "{x}.face_up", " and ")
# lane 0 of a scene's kinds is always full (scene.ALWAYS)
both: Callable[[Any], int] = _written_out("both", "infos", "{x}.both[{c}]", " + ", f"{FULL} + {{}}")
kinds: Callable[[Any], int] = _written_out(
    "kinds", "infos", "{x}.kind_lanes[{c}]", " + ", f"{FULL} + {{}}"
)
points: Callable[[Any], list[Any]] = _written_out(
    "points", "scene", "{x}.points(scene, {c})", ", ", "[{}]", "scene.infos"
)
