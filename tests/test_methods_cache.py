"""attrs' methods of the card language's classes come from the per-user cache
(issue #12, :mod:`dioses_rules.methods_cache`): the very code attrs
compiles, never other code, and compiled anew whenever it is not the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dioses_rules import cache
from dioses_rules.methods_cache import _entries, _split

ROOT = Path(__file__).resolve().parent.parent

# Run in a fresh interpreter: import the model with ``builtins.compile``
# watched, then compare every method of every model class with what
# compiling attrs' own script for it (kept in linecache) makes.
PROBE = """
import builtins, json, linecache, sys, types
compiled = []
real_compile = builtins.compile
def watching(source, filename, *args, **kwargs):
    if isinstance(filename, str) and " dioses_rules.language.model." in filename:
        compiled.append(source)
    return real_compile(source, filename, *args, **kwargs)
builtins.compile = watching
import dioses_rules.language.model as m
builtins.compile = real_compile
import attrs

def functions(code):
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield const.co_name, const

classes = {c for name, module in sys.modules.items()
           if name.startswith("dioses_rules.language.model.")
           for c in vars(module).values() if isinstance(c, type) and attrs.has(c)
           and c.__module__ == name}
different = []
for cls in sorted(classes, key=lambda c: c.__qualname__):
    for name in ("__init__", "__repr__", "__eq__", "__hash__"):
        made = cls.__dict__[name].__code__
        script = "".join(linecache.cache[made.co_filename][2])
        expected = dict(functions(real_compile(script, made.co_filename, "exec")))[name]
        if made != expected or list(made.co_positions()) != list(expected.co_positions()):
            different.append(f"{cls.__name__}.{name}")
print(json.dumps({"classes": len(classes), "different": different,
                  "whole": sum("def __init__(" in s for s in compiled),
                  "hash only": sum(s.lstrip().startswith("def __hash__(") for s in compiled)}))
"""


def probe(cache_dir: Path, **env: str) -> dict:
    environment = {key: value for key, value in os.environ.items() if key != "DIOSES_NO_CACHE"}
    environment.update(DIOSES_CACHE_DIR=str(cache_dir), **env)
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def test_the_methods_are_the_code_attrs_compiles_from_the_cache_or_not(tmp_path):
    first = probe(tmp_path)  # an empty cache: compiled, and stored
    assert first["classes"] > 50 and first["different"] == []
    assert first["whole"] == first["classes"]
    again = probe(tmp_path)  # from the cache: only each salted __hash__ is compiled
    assert again["different"] == []
    assert again["whole"] == 0 and again["hash only"] == again["classes"]
    off = probe(tmp_path, DIOSES_NO_CACHE="1")
    assert off["different"] == [] and off["whole"] == off["classes"]


def test_a_damaged_or_foreign_entry_is_compiled_anew(tmp_path):
    assert probe(tmp_path)["whole"] > 50
    for entry in (tmp_path / "v1").glob("*.entry"):
        entry.write_bytes(entry.read_bytes()[:-50])  # each fails its digest
    again = probe(tmp_path)
    assert again["different"] == [] and again["whole"] == again["classes"]
    assert probe(tmp_path)["whole"] == 0  # and written whole again


@pytest.mark.parametrize(
    "found",
    [
        None,
        b"",
        b"not marshal",
        7,
        "text",
        __import__("marshal").dumps({"a": ("x", 1)}),
        __import__("marshal").dumps([1, 2]),
    ],
)
def test_an_entry_that_is_not_sources_and_code_is_none(found):
    assert _entries(found) == {}


def test_the_hash_is_split_off_with_every_line_in_its_place():
    script = (
        "def __eq__(self, other):\n    return True\n"
        "def __hash__(self):\n        return hash((\n                -12,\n"
        "            ))\n"
        "def __init__(self):\n    pass\n"
    )
    kept, salted = _split(script)
    assert kept.splitlines()[:2] == script.splitlines()[:2]
    assert kept.count("\n") == salted.count("\n") + 2 == script.count("\n")
    assert "__hash__" not in kept and "-12" in salted
    for part in (kept, salted):
        for number, line in enumerate(part.splitlines()):
            assert not line or line == script.splitlines()[number]
    assert _split("def __eq__(self, other):\n    return True\n") == (
        "def __eq__(self, other):\n    return True\n",
        "",
    )


def test_the_cache_holds_the_entry_of_the_model(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.DIR_VARIABLE, str(tmp_path))
    probe(tmp_path)
    key = cache.key_of("attrs methods", "dioses_rules.language.model")
    stored = _entries(cache.read(key))
    assert len(stored) > 50
    assert all("def __hash__(" not in source for source, _ in stored.values())
