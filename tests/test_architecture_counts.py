"""docs/architecture.md says which files each kind of change touches (#26).

Its "where each kind of change goes" table lists, for a new condition, the
files a surface expression (sugar, lowered into the core) and a new core
kind touch. Those lists are derived here from the code: the model module of
the union, the grammar, the builder module that builds conditions, and every
module whose class registers its own methods on a dispatch over conditions;
sugar takes a rule in lower.py instead of the back ends' methods (those whose
dispatch lowers). A new back end, or a writer that stops inheriting, makes
the table stale, and this test says which file to add or drop.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

# every module that holds a dispatch over trees, so that DISPATCHES is whole
import dioses_rules.engine.effects
import dioses_rules.language.source
import dioses_rules.language.texts
import dioses_rules.pool.lint
import dioses_rules.scoring.batch
import dioses_rules.scoring.score
import dioses_rules.solve.compiler  # noqa: F401
from dioses_rules.language import model as m
from dioses_rules.language.walk import DISPATCHES

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"


def _file(module_name: str) -> str:
    path = Path(sys.modules[module_name].__file__).resolve()
    return path.relative_to(ROOT).as_posix()


def readers(union, lowering: bool | None) -> set[str]:
    """The files of the classes with their own methods over ``union``
    (``lowering``: only the back ends that lower, or only those that do not)."""
    return {
        _file(owner.__module__)
        for owner, _, dispatch in DISPATCHES
        if dispatch.union is union
        and dispatch.own
        and owner.__module__.startswith("dioses_rules.")  # not a test's own classes
        and (lowering is None or bool(dispatch.lowering) is lowering)
    }


def expected() -> dict[str, set[str]]:
    always = {
        _file(m.Relation.__module__),
        "grammar/dioses.lark",
        "dioses_rules/language/build_conditions.py",
    }
    surface = readers(m.Condition, lowering=False)
    return {
        "sugar": always | surface | {"dioses_rules/language/lower.py"},
        "core": always | readers(m.Condition, lowering=None),
    }


def documented() -> dict[str, tuple[int, set[str]]]:
    text = DOC.read_text(encoding="utf-8")
    rows = {
        "sugar": next(line for line in text.splitlines() if line.startswith("| a new surface")),
        "core": next(line for line in text.splitlines() if line.startswith("| a new kind of rule")),
    }
    found = {}
    for name, row in rows.items():
        where = row.split("|")[2]
        count = int(re.search(r"For a condition, (\d+) files", where).group(1))
        files = set(re.findall(r"`((?:dioses_rules|grammar)/[^`]+)`", where))
        found[name] = (count, files)
    return found


def test_the_documented_files_of_each_kind_of_change_are_the_code_s():
    want, said = expected(), documented()
    for name in ("sugar", "core"):
        count, files = said[name]
        assert files == want[name], (
            f"docs/architecture.md, a new {name} condition: add "
            f"{sorted(want[name] - files)}, drop {sorted(files - want[name])}"
        )
        assert count == len(files), f"docs/architecture.md says {count} files for {name}"


def test_sugar_touches_no_evaluator_and_no_solver():
    """The issue's measure: a surface expression lowers into the core and
    touches no scoring or solving file."""
    sugar = expected()["sugar"]
    assert not {f for f in sugar if f.startswith(("dioses_rules/scoring/", "dioses_rules/solve/"))}
    assert len(expected()["core"]) - len(sugar) == 3  # four back ends' methods, less one rule
