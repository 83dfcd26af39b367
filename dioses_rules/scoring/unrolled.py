"""What a final scoring does once per cell, written out for the 12 cells.

A call from Python code runs in the same frame loop, one from ``map`` or
``sum`` in a fresh one, and a loop pays for every step: the 12 terms written
out sum a full area's lanes in less than half the time of ``sum(map(...))``
and call the 12 cards' functions in about 15% less (#29). Their text is
generated here, once, from the cell numbers alone, and compiled.

* ``revealed(cells, cards)``: each cell's ``cards[id(card)]`` (a
  ``CardInfo``; AttributeError when a cell is empty, KeyError for a card not
  compiled yet) and whether every cell was face up;
* ``scene(area, cards)``: a final scoring's :class:`~.scene.Scene`
  (``Scene.face_up``'s) of the same cards, its kinds and names parted from
  the sum of the cards' ``both`` lanes at their cells (lane 0, always full,
  included; the names of the generation read before the cards), and whether
  every cell was face up: one call where there were three, and no tuple
  between them (#29);
* ``scored(area, cards, plain)``: the same scene judged with
  ``plain[up]`` (the facts of a board of nothing but its area), whether
  every cell was face up, and the cards' points from their cells: a board's
  whole scoring but the sum in one call; None for an empty cell or a card
  not compiled yet (only the look-ups are caught: a card's function that
  raises goes up as itself, tests/test_sabotage.py); ``totaled``, the
  same but only the sum of the points;
* ``kinds(infos)``: the sum of the cards' kinds lanes, as ``both``;
* ``points(scene)``: the cards' points from their cells.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .area import SIZE
from .masks import FULL
from .scene import _GENERATION, HEAVY_SHIFT, KINDS_MASK, NAMES_AT, NO_FACTS, NO_MEMO, Scene

_CELLS = range(SIZE)
_CELL = [f"x{cell}" for cell in _CELLS]  # the generated names: one a cell
_INFO = [f"i{cell}" for cell in _CELLS]


def _terms(term: str, joined: str) -> str:
    """``term`` for each cell (``x``: the cell's item, ``i``: its card's
    info, ``c``: its number), joined."""
    return joined.join(
        term.format(x=x, i=i, c=c) for c, x, i in zip(_CELLS, _CELL, _INFO, strict=True)
    )


def _function(name: str, parameters: str, *body: str, **constants: object) -> Any:
    """``def name(parameters): body`` (its last line returned), compiled,
    reading ``constants`` (ours) by name."""
    lines = [f"    {line}" for line in body[:-1]] + [f"    return {body[-1]}"]
    namespace: dict[str, Any] = dict(constants)
    source = f"def {name}({parameters}):\n" + "\n".join(lines) + "\n"
    exec(compile(source, f"<scoring.{name}>", "exec"), namespace)  # our text of cell numbers
    return namespace[name]


_CUT = f"{', '.join(_CELL)} = {{}}"  # the first parameter cut into its cells
# a subscript, not a call of ``get``: each cell's look-up about 10 ns less
_LOOKED_UP = [f"{i} = cards[id({x}.card)]" for x, i in zip(_CELL, _INFO, strict=True)]
_BOTH = f"{FULL} + {_terms('{i}.both[{c}]', ' + ')}"
_FACE_UP = _terms("{x}.face_up", " and ")
revealed: Callable[[Any, Any], tuple[list[Any], bool]] = _function(
    "revealed",
    "cells, cards",
    _CUT.format("cells"),
    *_LOOKED_UP,
    f"[{', '.join(_INFO)}], {_FACE_UP}",
)


def _made(facts: str, missing: str | None = None) -> list[str]:
    """The lines making ``s``, a full area's scene judged with ``facts``,
    and ``up``: ``Scene.face_up``'s stores in its order (the names of the
    generation read before the cards; tests/test_lean_scene.py holds them
    alike); with ``missing``, what is returned for an empty cell or a card
    not compiled yet (else the error goes up)."""
    looked_up = [_CUT.format("area.cells"), *_LOOKED_UP]
    if missing is not None:  # only the look-ups: what the cards' functions raise goes up
        looked_up = [
            "try:",
            *(f"    {line}" for line in looked_up),
            "except (AttributeError, KeyError):",
            f"    return {missing}",
        ]
    return [
        "of = generation[0]",
        *looked_up,
        f"both = {_BOTH}",
        "s = new(Scene)",
        f"s.infos, s.occ, s.up = [{', '.join(_INFO)}], {FULL}, {FULL}",
        f"up = {_FACE_UP}",
        f"s.kinds = kinds = both & {KINDS_MASK}",
        f"s.heavy, s.area = (kinds >> {HEAVY_SHIFT}) & {FULL}, area if up else None",
        f"s._names, s._names_of, s.facts = both >> {NAMES_AT}, of, {facts}",
        "s.line, s.element, s.memo = 0, None, no_memo",
    ]


_SCENE = {"generation": _GENERATION, "new": object.__new__, "Scene": Scene, "no_memo": NO_MEMO}
scene: Callable[[Any, Any], tuple[Scene, bool]] = _function(
    "scene", "area, cards", *_made("no_facts"), "s, up", no_facts=NO_FACTS, **_SCENE
)
# a board of nothing but its area, judged with R21's flag from the area (``plain[up]``)
scored: Callable[[Any, Any, Any], tuple[Scene, bool, list[Any]] | None] = _function(
    "scored",
    "area, cards, plain",
    *_made("plain[up]", missing="None"),
    f"s, up, [{_terms('{i}.points(s, {c})', ', ')}]",
    **_SCENE,
)
# the same board's total alone: no list of points, no tuple (``score_total``)
totaled: Callable[[Any, Any, Any], int | None] = _function(
    "totaled",
    "area, cards, plain",
    *_made("plain[up]", missing="None"),
    _terms("{i}.points(s, {c})", " + "),
    **_SCENE,
)
kinds: Callable[[Any], int] = _function(
    "kinds", "infos", _CUT.format("infos"), f"{FULL} + {_terms('{x}.kind_lanes[{c}]', ' + ')}"
)
points: Callable[[Any], list[Any]] = _function(
    "points", "scene", _CUT.format("scene.infos"), f"[{_terms('{x}.points(scene, {c})', ', ')}]"
)
