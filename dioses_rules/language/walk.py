"""One way to walk predicate trees: a class-to-method table per back end.

Every back end that reads the trees (the reference evaluator, the card-language
source writer, the English writer, the linter, the engine's effects) declares
one :class:`Dispatch` per node union it reads and registers one method per
node class of that union::

    class Writer:
        selector = Dispatch(m.Selector)

        @selector.on(m.TypeIs)
        def _type(self, node): ...

``writer.selector(node, ...)`` then calls the method registered for
``type(node)``, and raises :class:`UnhandledNode` for a node class it has no
method for, never a silent default. The table is built once, when the class is
created. ``tests/test_walk.py`` checks that every dispatch covers every member
of its union, so a new node kind cannot be half added: add the class to its
union in ``model`` and every back end fails that test until it handles it.
"""

from __future__ import annotations

import typing
from typing import Any, Callable, Iterator

import attrs

# Every dispatch ever declared, for the coverage test: (owner class, name, dispatch).
DISPATCHES: list[tuple[type, str, "Dispatch"]] = []


class UnhandledNode(TypeError):
    """A back end was given a node kind it has no method for."""


def members(union: Any) -> frozenset[type]:
    """The node classes of a ``Union[...]`` (or the one class given)."""
    args = typing.get_args(union)
    return frozenset(args) if args else frozenset({union})


class _Table(dict):
    """A node class -> method table; a class with no method raises."""

    where = "a back end"

    def __missing__(self, kind: type):
        raise UnhandledNode(f"{self.where} has no method for {kind.__name__}")


class Dispatch:
    """A class-to-method table over one node union, installed as a method.

    When the owning class is created, the attribute becomes a plain function
    ``(self, node, *args, **kwargs)`` that calls ``handlers[type(node)]``; the
    function keeps this object as ``.dispatch``. A hot path may index
    ``handlers`` itself (the reference evaluator does), with the same effect.
    """

    def __init__(self, union: Any):
        self.union = union
        self.kinds = members(union)
        self.handlers: dict[type, Callable] = _Table()
        self.owner: type | None = None
        self.name = ""

    def on(self, *kinds: type) -> Callable[[Callable], Callable]:
        """Register the decorated method for these node classes."""
        def register(method: Callable) -> Callable:
            for kind in kinds:
                if kind not in self.kinds:
                    raise TypeError(f"{kind.__name__} is not a member of {self.union}")
                if kind in self.handlers:
                    raise TypeError(f"{kind.__name__} is registered twice")
                self.handlers[kind] = method
            return method
        return register

    def missing(self) -> list[str]:
        """The node classes of the union with no method (the coverage test)."""
        return sorted(kind.__name__ for kind in self.kinds - self.handlers.keys())

    def __set_name__(self, owner: type, name: str) -> None:
        self.owner, self.name = owner, name
        DISPATCHES.append((owner, name, self))
        handlers = self.handlers
        where = handlers.where = f"{owner.__name__}.{name}"

        def dispatch(instance, node, *args, **kwargs):
            return handlers[type(node)](instance, node, *args, **kwargs)

        dispatch.__name__ = name
        dispatch.__qualname__ = where
        dispatch.__doc__ = f"Dispatch on the node class over {self.union}."
        dispatch.dispatch = self  # type: ignore[attr-defined]
        setattr(owner, name, dispatch)


def iter_nodes(node: Any) -> Iterator[Any]:
    """Every attrs node under ``node`` (itself included), depth first; tuples
    of nodes are walked through, spans skipped."""
    if isinstance(node, tuple):
        for item in node:
            yield from iter_nodes(item)
        return
    if not attrs.has(type(node)):
        return
    yield node
    for attribute in attrs.fields(type(node)):
        if attribute.name != "span":
            yield from iter_nodes(getattr(node, attribute.name))
