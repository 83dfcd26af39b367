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

A subclass inherits its parents' tables, merged along the method resolution
order (sqlglot's ``{**Parent.TRANSFORMS, ...}``), and overrides an entry in
either of two ways: by defining a method of the same name (``def _type``), or
by declaring the dispatch again (``selector = Dispatch(m.Selector)``) and
registering its own methods with ``@selector.on``, which win over the
parents'. A method that overrides by name one the parent registered, but is
itself registered for another node kind or table, is refused when the class
is created (two meanings under one name), as is a plain method that would
hide the dispatching function itself.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

K = TypeVar("K")
F = TypeVar("F", bound=Callable[..., Any])  # a registered method, its type kept

# Every dispatch table, for the coverage test: (owner class, name, dispatch);
# a subclass's merged tables are listed under the subclass.
DISPATCHES: list[tuple[type, str, Dispatch]] = []


class UnhandledNode(TypeError):
    """A back end was given a node kind it has no method for."""


def members(union: Any) -> frozenset[type]:
    """The node classes of a ``Union[...]`` (or the one class given)."""
    args = typing.get_args(union)
    return frozenset(args) if args else frozenset({union})


class _Table(dict[type, Callable[..., Any]]):
    """A node class -> method table; a class with no method raises, unless
    it is a lowered kind: then its entry lowers the node (``lowering``: node
    class -> the function giving a node's core form) and dispatches the core
    form (the entry made on first use, and kept)."""

    where = "a back end"
    lowering: Mapping[type, Callable[..., Any]] = MappingProxyType({})

    def __missing__(self, kind: type) -> Callable[..., Any]:
        if kind in self.lowering:
            handler = self[kind] = _through_core(self)
            return handler
        raise UnhandledNode(f"{self.where} has no method for {kind.__name__}")


def _through_core(table: _Table) -> Callable[..., Any]:
    """The entry of a lowered kind: its core form, judged by the core's method."""
    lowering = table.lowering

    def through_core(instance: Any, node: Any, *args: Any, **kwargs: Any) -> Any:
        core = lowering[type(node)](node)
        return table[type(core)](instance, core, *args, **kwargs)

    return through_core


class Dispatch:
    """A class-to-method table over one node union, installed as a method.

    When the owning class is created, the attribute becomes a plain function
    ``(self, node, *args, **kwargs)`` that calls ``handlers[type(node)]``; the
    function keeps this object as ``.dispatch``. A hot path may index
    ``handlers`` itself (the reference evaluator does), with the same effect.
    ``own`` holds the methods registered in the owner's body; ``handlers``
    the whole table, the parents' entries merged in.
    """

    def __init__(
        self, union: Any, lowering: Mapping[type, Callable[..., Any]] | None = None
    ) -> None:
        self.union = union
        self.kinds = members(union)
        # the kinds lowered into the core (``language.lower.LOWERING``: node
        # class -> the function giving its core form): no method here
        self.lowering: Mapping[type, Callable[..., Any]] = MappingProxyType(
            {kind: rule for kind, rule in (lowering or {}).items() if kind in self.kinds}
        )
        self.own: dict[type, Callable[..., Any]] = {}
        self.handlers: dict[type, Callable[..., Any]] = _Table()
        self.owner: type | None = None
        self.name = ""

    def on(self, *kinds: type) -> Callable[[F], F]:
        """Register the decorated method for these node classes."""

        def register(method: F) -> F:
            for kind in kinds:
                if kind not in self.kinds:
                    raise TypeError(f"{kind.__name__} is not a member of {self.union}")
                if kind in self.lowering:
                    raise TypeError(
                        f"{kind.__name__} is lowered into the core (language.lower): "
                        "a back end has no method for it"
                    )
                if kind in self.own:
                    raise TypeError(f"{kind.__name__} is registered twice")
                self.own[kind] = method
                self.handlers[kind] = method
            registered = getattr(method, "__dispatched__", ())
            # the registrations _override reads back; a function takes attributes
            method.__dispatched__ = (*registered, *((self, kind) for kind in kinds))  # type: ignore[attr-defined]  # a function takes attributes
            return method

        return register

    if TYPE_CHECKING:
        # What the type checker sees of ``self.name(node, ...)``: by the time
        # an instance exists, the attribute is the dispatching function.
        def __call__(self, node: Any, /, *args: Any, **kwargs: Any) -> Any: ...

    def missing(self) -> list[str]:
        """The node classes of the union with no method and not lowered into
        the core (the coverage test)."""
        return sorted(
            kind.__name__ for kind in self.kinds - self.handlers.keys() - self.lowering.keys()
        )

    def core(self) -> frozenset[type]:
        """The node classes this table has methods for (its union, less what is lowered)."""
        return self.kinds - self.lowering.keys()

    def __set_name__(self, owner: type, name: str) -> None:
        self.owner, self.name = owner, name
        if not any(_HOOK in vars(klass) for klass in owner.__mro__[1:]):
            self._install(owner, name)  # else the parents' hook merges it (all names known)
        _inherit_on_subclassing(owner)

    def _install(self, owner: type, name: str) -> None:
        self.owner, self.name = owner, name
        handlers = self.handlers = _merged(owner, name, self)
        where = handlers.where = f"{owner.__name__}.{name}"
        handlers.lowering = self.lowering
        DISPATCHES.append((owner, name, self))

        def dispatch(instance: Any, node: Any, *args: Any, **kwargs: Any) -> Any:
            return handlers[type(node)](instance, node, *args, **kwargs)

        dispatch.__name__ = name
        dispatch.__qualname__ = where
        dispatch.__doc__ = f"Dispatch on the node class over {self.union}."
        dispatch.dispatch = self  # type: ignore[attr-defined]  # read back by .on and tests
        setattr(owner, name, dispatch)


# The marker of a class whose subclasses merge its tables when created.
_HOOK = "__dispatch_tables__"


def _declared(klass: type, name: str) -> Dispatch | None:
    """The table ``klass`` itself holds under ``name`` (declared or merged), if any."""
    value = vars(klass).get(name)
    found = value if isinstance(value, Dispatch) else getattr(value, "dispatch", None)
    return found if isinstance(found, Dispatch) and found.owner is klass else None


def _merged(owner: type, name: str, table: Dispatch) -> _Table:
    """The whole table of ``owner``: the registrations of every class of its
    method resolution order, the most derived winning, then each method
    replaced by the override of the same name that ``owner`` sees."""
    entries: dict[type, Callable[..., Any]] = {}
    for klass in reversed(owner.__mro__[1:]):
        declared = _declared(klass, name)
        if declared is not None:
            entries.update(declared.own)
    entries.update(table.own)
    merged = _Table()
    for kind, method in entries.items():
        merged[kind] = _override(owner, name, kind, method)
    return merged


def _override(owner: type, name: str, kind: type, method: Callable[..., Any]) -> Callable[..., Any]:
    """The method ``owner`` calls for ``kind``: ``method``, or the method of
    the same name that a subclass defines instead."""
    attribute = getattr(method, "__name__", "")
    found = inspect.getattr_static(owner, attribute, None)
    if found is method or found is None:
        return method
    registered = getattr(found, "__dispatched__", ())
    if registered and not any(table.name == name and other is kind for table, other in registered):
        uses = ", ".join(
            sorted({f"{table.name} ({other.__name__})" for table, other in registered})
        )
        raise TypeError(
            f"{owner.__name__}.{attribute} overrides the method {name} calls for "
            f"{kind.__name__}, but is registered for {uses}: rename one"
        )
    if not callable(found):
        raise TypeError(
            f"{owner.__name__}.{attribute} replaces the method {name} calls for "
            f"{kind.__name__} with something that is not a method"
        )
    replacement: Callable[..., Any] = found  # getattr_static's Any, checked callable above
    return replacement


def _inherit_on_subclassing(owner: type[Any]) -> None:
    """Have every subclass of ``owner`` build its own merged tables when it
    is created (a subclass that declares none inherits every one)."""
    if _HOOK in vars(owner):
        return
    if "__init_subclass__" in vars(owner):
        raise TypeError(f"{owner.__name__} defines __init_subclass__ and holds a Dispatch")

    def init_subclass(cls: type[Any], /, **kwargs: Any) -> None:
        super(owner, cls).__init_subclass__(**kwargs)
        _subclassed(cls)

    setattr(owner, _HOOK, True)
    owner.__init_subclass__ = classmethod(init_subclass)  # type: ignore[assignment]  # the hook merges tables


def _subclassed(cls: type) -> None:
    """Install ``cls``'s tables: those its body declares again, merged with the
    parents', and a merged copy of every other table it inherits."""
    names = sorted(
        {
            name
            for klass in cls.__mro__
            for name in vars(klass)
            if _declared(klass, name) is not None
        }
    )
    for name in names:
        own = vars(cls).get(name)
        if isinstance(own, Dispatch):  # declared again in the subclass's body
            for klass in cls.__mro__[1:]:
                inherited = _declared(klass, name)
                if inherited is not None and (
                    inherited.kinds != own.kinds or inherited.lowering != own.lowering
                ):
                    raise TypeError(
                        f"{cls.__name__}.{name} is declared over {own.union}, "
                        f"{klass.__name__}.{name} over {inherited.union}"
                    )
            own._install(cls, name)
        elif _declared(cls, name) is not None:
            continue  # installed by the hook of another parent
        elif name in vars(cls):
            raise TypeError(
                f"{cls.__name__}.{name} would hide the dispatching method "
                f"{name}: override the methods it calls instead"
            )
        else:
            parent = next(
                found
                for found in (_declared(k, name) for k in cls.__mro__[1:])
                if found is not None
            )
            Dispatch(parent.union, parent.lowering)._install(cls, name)


def total(keys: Iterable[K], table: Mapping[K, Any], where: str) -> Mapping[K, Any]:
    """``table``, read-only, checked to hold an entry for each of ``keys`` and
    nothing else (the members of an enum, the phrases of a parent table):
    run at import, so that a new member fails there, never at a default."""
    expected, given = set(keys), set(table)
    if expected != given:
        missing = ", ".join(sorted(map(_key_name, expected - given))) or "none"
        extra = ", ".join(sorted(map(_key_name, given - expected))) or "none"
        raise TypeError(f"{where} is not total: missing {missing}; unknown {extra}")
    return MappingProxyType(dict(table))


def _key_name(key: Any) -> str:
    return getattr(key, "name", None) or str(key)


def iter_nodes(
    node: Any, lowering: Mapping[type, Callable[[Any], Any]] | None = None
) -> Iterator[Any]:
    """Every attrs node under ``node`` (itself included), depth first; tuples
    of nodes are walked through, spans skipped. With ``lowering`` (kind ->
    its core form, as ``lower.LOWERING``), a lowered kind is walked as its
    core form instead of itself."""
    if isinstance(node, tuple):
        for item in node:
            yield from iter_nodes(item, lowering)
        return
    if not attrs.has(type(node)):
        return
    if lowering is not None and type(node) in lowering:
        yield from iter_nodes(lowering[type(node)](node), lowering)
        return
    yield node
    for attribute in attrs.fields(type(node)):
        if attribute.name != "span":
            yield from iter_nodes(getattr(node, attribute.name), lowering)
