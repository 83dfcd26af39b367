"""The one cattrs converter for every file the engine reads and writes:
boards (TOML), saved games and logs (JSON).

It is strict: a value of the wrong type is an error, never coerced. cattrs
on its own turns ``"2"``, ``2.9`` and ``true`` into the number 2, 2 and 1,
reads ``"false"`` as true and a string as a list of letters; here a number
must be a whole number, a switch must be ``true`` or ``false``, a list a list
and a table a table. Extra keys are forbidden, and every mistake is named by
its key path (``$.patterns[0].completed: expected true or false, got
"false"``). Default values are left out when writing.
"""

from __future__ import annotations

import datetime
import re
import types
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import attrs

if TYPE_CHECKING:  # cattrs loads with the converter, when first needed
    import cattrs

    Hook = Callable[[Any, Any], Any]  # (value, type) -> the value structured
    HookFactory = Callable[[Any, cattrs.Converter], Hook]  # (type, converter) -> its hook

SHOWN_CHARACTERS = 40

T = TypeVar("T")


class WrongType(TypeError):
    """A value of another type than the schema's, found while structuring."""

    def __init__(self, expected: str, value: Any) -> None:
        self.expected = expected
        self.value = value
        super().__init__(f"expected {expected}, got {show_value(value)}")


def show_value(value: Any) -> str:
    """A value as the user wrote it (in TOML or JSON words), briefly."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        text = (
            str(value)
            if abs(value) < 10**SHOWN_CHARACTERS
            else f"a number of {len(str(abs(value)))} digits"
        )
        return text
    if isinstance(value, float):
        return (
            {float("inf"): "inf", float("-inf"): "-inf"}.get(value, repr(value))
            if value == value
            else "nan"
        )
    if isinstance(value, str):
        import json

        shown = json.dumps(value[:SHOWN_CHARACTERS], ensure_ascii=False)
        return shown[:-1] + '..."' if len(value) > SHOWN_CHARACTERS else shown
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a table {...}"
    if isinstance(value, (datetime.date, datetime.time)):
        return "a date or time"
    return f"a {type(value).__name__}"


def _exactly(check: Callable[[Any], bool], expected: str) -> Hook:
    def structure(value: Any, _type: Any) -> Any:
        if not check(value):
            raise WrongType(expected, value)
        return value

    return structure


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _container(kind: type, expected: str, factory: HookFactory) -> HookFactory:
    """A hook factory: cattrs' own hook for the type, after checking the value
    really is a ``kind`` (a string is not a list of letters)."""

    def make(type_: Any, converter: cattrs.Converter) -> Hook:
        inner = factory(type_, converter)

        def structure(value: Any, _type: Any) -> Any:
            if not isinstance(value, kind):
                raise WrongType(expected, value)
            return inner(value, _type)

        return structure

    return make


def _attrs_class(type_: Any, converter: cattrs.Converter) -> Hook:
    from cattrs.gen import make_dict_structure_fn

    return make_dict_structure_fn(type_, converter, _cattrs_forbid_extra_keys=True)


def make_converter() -> cattrs.Converter:
    import cattrs
    from cattrs.cols import (
        is_mapping,
        is_mutable_sequence,
        list_structure_factory,
        mapping_structure_factory,
    )

    converter = cattrs.Converter(
        forbid_extra_keys=True, omit_if_default=True, detailed_validation=True
    )
    converter.register_structure_hook(int, _exactly(_is_whole, "a whole number"))
    converter.register_structure_hook(
        bool, _exactly(lambda v: isinstance(v, bool), "true or false")
    )
    converter.register_structure_hook(str, _exactly(lambda v: isinstance(v, str), "a string"))
    converter.register_structure_hook_factory(
        is_mutable_sequence, _container(list, "a list", list_structure_factory)
    )
    converter.register_structure_hook_factory(
        is_mapping, _container(dict, "a table {...}", mapping_structure_factory)
    )
    converter.register_structure_hook_factory(
        attrs.has, _container(dict, "a table {...}", _attrs_class)
    )
    return converter


def __getattr__(name: str) -> Any:
    """``CONVERTER`` and ``STRUCTURE_ERRORS``, made when first asked for:
    importing cattrs and making the converter is a good part of a command's
    start, and reading a well-formed board needs neither (:func:`structure`).
    Made once: :func:`structure` calls this directly, and a converter made
    anew makes (compiles) each class's structuring function anew."""
    if name in globals():
        return globals()[name]
    if name == "CONVERTER":
        globals()[name] = make_converter()
    elif name == "STRUCTURE_ERRORS":
        from cattrs.errors import (
            ClassValidationError,
            ForbiddenExtraKeysError,
            IterableValidationError,
        )

        globals()[name] = (
            ClassValidationError,
            IterableValidationError,
            ForbiddenExtraKeysError,
            WrongType,
            KeyError,
            ValueError,
            TypeError,
        )
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return globals()[name]


def _message(error: BaseException, type_: type | None) -> str:
    import cattrs
    from cattrs.errors import ForbiddenExtraKeysError

    if isinstance(error, WrongType):
        return str(error)
    if isinstance(error, KeyError):
        return "required key missing"
    if isinstance(error, ForbiddenExtraKeysError):
        known = ", ".join(a.name for a in attrs.fields(error.cl)) if attrs.has(error.cl) else ""
        return f"unknown key(s) {', '.join(sorted(error.extra_fields))}|{known}"
    return cattrs.v.format_exception(error, type_)


def structure_errors(error: BaseException, root: str = "$") -> list[tuple[str, str]]:
    """(key path, message) for every mistake in a failed structuring, keys
    first: ``("$.laws[0].column", "expected a whole number, got 2.9")``.

    An unknown key is named at its own path (``$.area.sides``)."""
    import cattrs

    found = []
    for line in cattrs.transform_error(error, path=root, format_exception=_message):
        what, _, key = line.rpartition(" @ ")
        key = re.sub(r"\['([A-Za-z0-9_-]+)'\]", r".\1", key)
        if what.startswith("unknown key(s) "):
            names, _, known = what.removeprefix("unknown key(s) ").partition("|")
            for name in names.split(", "):
                found.append(
                    (
                        f"{key}.{name}",
                        f"unknown key '{name}'" + (f" (the keys here: {known})" if known else ""),
                    )
                )
            continue
        found.append((key, what))
    return found


def structure(data: Any, type_: type[T], root: str = "$") -> T:
    """``data`` as ``type_``; raises :class:`StructureError` listing every mistake."""
    found = _plain(data, type_)
    if found is not _NOT_PLAIN:
        return cast(T, found)  # _plain gives a value of type_ or _NOT_PLAIN
    converter: cattrs.Converter = __getattr__("CONVERTER")
    errors = __getattr__("STRUCTURE_ERRORS")
    try:
        return converter.structure(data, type_)
    except errors as error:
        raise StructureError(structure_errors(error, root)) from None


# ------------------------------------------------------------------ well-formed data

_NOT_PLAIN = object()
_NONE = type(None)


def _plain(value: Any, type_: Any) -> Any:
    """``value`` as the converter would structure it, when it fits ``type_``
    exactly and ``type_`` is built only of what this knows: strings, whole
    numbers, switches, lists, string-keyed tables, ``Optional`` and attrs
    classes of plain fields. Anything else, or a value with any mistake,
    gives ``_NOT_PLAIN``: the converter then decides, with its messages.

    The checks are the converter's own (:func:`make_converter`), so what
    this returns is what the converter returns (``tests/test_strict_schema.py``
    compares them); it only spares a command that reads a well-formed file
    the import of cattrs and the making of its functions."""
    if type_ is str:
        return value if isinstance(value, str) else _NOT_PLAIN
    if type_ is int:
        return value if _is_whole(value) else _NOT_PLAIN
    if type_ is bool:
        return value if isinstance(value, bool) else _NOT_PLAIN
    origin, arguments = typing.get_origin(type_), typing.get_args(type_)
    if origin is typing.Union or origin is types.UnionType:
        if len(arguments) != 2 or _NONE not in arguments:
            return _NOT_PLAIN
        if value is None:
            return None
        return _plain(value, arguments[0] if arguments[1] is _NONE else arguments[1])
    if origin is list and len(arguments) == 1:
        if not isinstance(value, list):
            return _NOT_PLAIN
        items = [_plain(item, arguments[0]) for item in value]
        return _NOT_PLAIN if any(item is _NOT_PLAIN for item in items) else items
    if origin is dict and len(arguments) == 2 and arguments[0] is str:
        if not isinstance(value, dict):
            return _NOT_PLAIN
        table = {}
        for key, item in value.items():
            table[key] = _plain(item, arguments[1])
            if not isinstance(key, str) or table[key] is _NOT_PLAIN:
                return _NOT_PLAIN
        return table
    if origin is None and isinstance(type_, type) and attrs.has(type_):
        return _plain_attrs(value, type_)
    return _NOT_PLAIN


def _plain_attrs(value: Any, type_: type) -> Any:
    if not isinstance(value, dict):
        return _NOT_PLAIN
    fields = attrs.fields(type_)
    if any(isinstance(field.type, str) for field in fields):
        attrs.resolve_types(type_)  # as the converter does; the classes keep them
        fields = attrs.fields(type_)
    if any(
        not field.init
        or field.converter is not None
        or field.alias != field.name
        or field.type is None
        for field in fields
    ):
        return _NOT_PLAIN
    if not value.keys() <= {field.name for field in fields}:
        return _NOT_PLAIN  # an unknown key
    arguments = {}
    for field in fields:
        if field.name not in value:
            if field.default is attrs.NOTHING:
                return _NOT_PLAIN  # a required key missing
            continue
        arguments[field.name] = _plain(value[field.name], field.type)
        if arguments[field.name] is _NOT_PLAIN:
            return _NOT_PLAIN
    try:
        return type_(**arguments)
    except Exception:  # noqa: BLE001 (any validator's refusal: the converter reports it with its key)
        return _NOT_PLAIN


class StructureError(ValueError):
    """A file's data does not fit its schema: ``mistakes`` is (key, message)."""

    def __init__(self, mistakes: list[tuple[str, str]]) -> None:
        self.mistakes = mistakes
        super().__init__("; ".join(f"{key}: {message}" for key, message in mistakes))
