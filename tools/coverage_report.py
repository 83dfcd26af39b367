"""The rules no test reaches, from the data of a coverage run.

    .venv/bin/python -m pytest --cov --cov-report=   # writes .coverage
    .venv/bin/python tools/coverage_report.py        # the rules never run

A rule here is a dispatcher method (a function decorated ``@x.on(...)``,
:mod:`dioses_rules.language.walk`: one back end's reading of one node class)
or a method of an engine rule-family mixin (``engine/decks.py``,
``effects.py``, ``power.py``, ``turns.py``). A rule is listed when no line of
its body ran; ``--partly`` also lists the rules with lines or branches that
never ran. The next tests go there. Exit 0 always: the floor is
``--cov-fail-under`` in ``.ci/run``.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

import coverage

ROOT = Path(__file__).resolve().parent.parent
MIXINS = ("decks.py", "effects.py", "power.py", "turns.py")


def _is_dispatch_method(node: ast.FunctionDef) -> bool:
    for decorator in node.decorator_list:
        if (
            isinstance(decorator, ast.Call)
            and isinstance(decorator.func, ast.Attribute)
            and decorator.func.attr == "on"
        ):
            return True
    return False


def _rules(path: Path):
    """(qualified name, body lines) of each rule in one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    mixin = path.parent.name == "engine" and path.name in MIXINS
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for node in cls.body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if _is_dispatch_method(node) or mixin:
                body = node.body
                if (
                    body
                    and isinstance(body[0], ast.Expr)
                    and isinstance(body[0].value, ast.Constant)
                    and len(body) > 1
                ):
                    body = body[1:]  # the docstring is not the rule
                lines = set()
                for statement in body:
                    lines.update(range(statement.lineno, (statement.end_lineno or 0) + 1))
                yield f"{cls.name}.{node.name}", node.lineno, lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-file", default=str(ROOT / ".coverage"))
    parser.add_argument(
        "--partly", action="store_true", help="also list rules with some lines never run"
    )
    options = parser.parse_args(argv)
    if not Path(options.data_file).exists():
        print(
            f"{options.data_file}: no coverage data; run "
            "`.venv/bin/python -m pytest --cov --cov-report=` first",
            file=sys.stderr,
        )
        return 1
    data = coverage.Coverage(data_file=options.data_file)
    data.load()
    never = partly = total = 0
    for path in sorted((ROOT / "dioses_rules").rglob("*.py")):
        rules = list(_rules(path))
        if not rules:
            continue
        _, statements, _, missing, _ = data.analysis2(str(path))
        missing_set = set(missing)
        for name, line, lines in rules:
            total += 1
            body = lines & set(statements)
            shown = f"{path.relative_to(ROOT)}:{line}: {name}"
            if body and body <= missing_set:
                never += 1
                print(f"never run   {shown}")
            elif options.partly and body & missing_set:
                partly += 1
                print(f"partly run  {shown} ({len(body & missing_set)} of {len(body)} lines)")
    print(f"{never} of {total} rules never run" + (f", {partly} partly" if options.partly else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
