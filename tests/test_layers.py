"""The library in layers (docs/architecture.md): each folder imports only the
layers below it, nothing imports in a cycle, the library never imports click
or rich, and loading card files does not load the game engine.

Checked two ways: statically, from every import statement of every module
(lazy imports inside functions included), and by importing each layer alone
in a fresh interpreter and listing what got loaded.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"dioses_rules": ROOT / "dioses_rules", "dioses_cli": ROOT / "cli" / "dioses_cli"}
# dioses_rules' layers, bottom first: a module may import its own layer and below.
LAYERS = [
    "",
    "language",
    "pool",
    "editing",
    "scoring",
    "wording",
    "render",
    "solve",
    "engine",
    "verify",
    "web",
]


def modules() -> dict[str, Path]:
    found = {}
    for package, base in PACKAGES.items():
        for path in base.rglob("*.py"):
            parts = [package, *path.relative_to(base).with_suffix("").parts]
            found[".".join(p for p in parts if p != "__init__")] = path
    return found


MODULES = modules()


def imports_of(name: str, path: Path) -> set[str]:
    """Every module (of any package) that ``name`` imports, resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(
                f"{module}.{alias.name}"
                for alias in node.names
                if f"{module}.{alias.name}" in MODULES
            )
    return found


GRAPH = {
    name: {m for m in imports_of(name, path) if m in MODULES and m != name}
    for name, path in MODULES.items()
}


def layer(name: str) -> int:
    parts = name.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 2 and parts[1] in LAYERS else 0


@pytest.mark.parametrize("name", sorted(m for m in MODULES if m.startswith("dioses_rules")))
def test_a_library_module_imports_only_its_layer_and_those_below(name):
    upward = sorted(
        m for m in GRAPH[name] if m.startswith("dioses_rules") and layer(m) > layer(name)
    )
    assert upward == [], f"{name} (layer {LAYERS[layer(name)] or 'root'}) imports {upward}"


@pytest.mark.parametrize("name", sorted(m for m in MODULES if m.startswith("dioses_rules")))
def test_the_library_imports_neither_click_nor_rich(name):
    third = {m.split(".")[0] for m in imports_of(name, MODULES[name])}
    assert not third & {"click", "rich", "dioses_cli"}


def test_no_import_cycle_in_the_library_or_the_cli():
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    cycles = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for other in sorted(GRAPH[name]):
            if name.count(".") < other.count(".") and other.startswith(name + "."):
                continue  # a package's __init__ naming its children
            if state.get(other) == 1:
                cycles.append(path[path.index(other) :] + [other])
            elif other not in state:
                visit(other, path + [other])
        state[name] = 2

    for name in sorted(GRAPH):
        if name not in state:
            visit(name, [name])
    assert cycles == []


def loaded_after(code: str) -> list[str]:
    """The project modules (and click, rich) loaded by running ``code`` alone."""
    probe = code + (
        "\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules if "
        "m.startswith(('dioses_rules', 'dioses_cli')) or m in ('click', 'rich'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    return json.loads(out.splitlines()[-1])


def test_importing_the_package_loads_nothing_else():
    assert loaded_after("import dioses_rules") == ["dioses_rules"]


def test_loading_card_files_loads_neither_scoring_nor_the_engine():
    loaded = loaded_after(
        "from dioses_rules.pool.load import load_registry\n"
        "registry, _ = load_registry()\nassert registry.myth_cards()"
    )
    assert not [m for m in loaded if m.startswith(("dioses_rules.scoring", "dioses_rules.engine"))]
    assert "click" not in loaded and "rich" not in loaded


def test_scoring_a_board_does_not_load_the_engine():
    loaded = loaded_after(
        "import dioses_rules as dr\nregistry, sources = dr.load_registry()\n"
        "board = dr.read_board('examples/boards/base-hera-hela-ship.toml', sources)\n"
        "assert dr.score_board(board).total == 4"
    )
    assert not [m for m in loaded if m.startswith("dioses_rules.engine")]
    assert "click" not in loaded and "rich" not in loaded


def test_a_whole_game_through_the_public_api_loads_neither_click_nor_rich():
    loaded = loaded_after(
        "import dioses_rules as dr\nregistry, _ = dr.load_registry()\n"
        "game = dr.new_game(registry, [dr.make_agent('greedy', 1), dr.make_agent('random', 2)],"
        " seed=7)\nresult = game.play()\nassert result.winners\n"
        "report = dr.simulate(registry, games=2, players=2, agents=['random'])\n"
        "assert report.to_json()['games'] == 2"
    )
    assert "dioses_rules.engine.game" in loaded
    assert "click" not in loaded and "rich" not in loaded and "dioses_cli" not in loaded


# What `dioses score` loads once the per-user cache is warm (issue #12): the
# card files come from the cache, so neither lark nor the parser is loaded;
# a well-formed board needs no cattrs; JSON needs no rich, text no json;
# nothing of the engine, the linter or the source writers, nor what only
# writing files or crash reports needs; and attrs compiles no method of a
# class it made before (only each class's salted __hash__).
SCORE_PROBE = """
import builtins, sys
compiled = []
real_compile = builtins.compile
def watching(source, filename, *args, **kwargs):
    if isinstance(filename, str) and filename.startswith("<attrs generated methods dioses_"):
        if not source.lstrip().startswith("def __hash__("):
            compiled.append(filename.split()[-1].rstrip(">"))
    return real_compile(source, filename, *args, **kwargs)
builtins.compile = watching
sys.argv = ["dioses", *sys.argv[1:]]
from dioses_cli.main import dioses
try:
    dioses()
except SystemExit as exit:
    assert not exit.code, exit.code
modules = sorted(sys.modules)
import json
print(json.dumps({"modules": modules, "compiled": compiled}), file=sys.stderr)
"""
NOT_FOR_SCORING = (
    "lark",
    "cattrs",
    "tomli_w",
    "tempfile",
    "traceback",
    "shlex",
    "dioses_rules.engine",
    "dioses_rules.pool.lint",
    "dioses_rules.language.builder",
    "dioses_rules.language.parser",
    "dioses_rules.language.lexing",
    "dioses_rules.language.syntax",
    "dioses_rules.language.source_definitions",
)


def score_loads(cache: Path, *arguments: str) -> dict:
    import os

    env = {k: v for k, v in os.environ.items() if k != "DIOSES_NO_CACHE"}
    env["DIOSES_CACHE_DIR"] = str(cache)
    argv = [
        sys.executable,
        "-c",
        SCORE_PROBE,
        "score",
        *arguments,
        "examples/boards/base-hera-hela-ship.toml",
    ]
    for _ in range(2):  # the first run fills the cache
        done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=env, check=True)
    return json.loads(done.stderr.splitlines()[-1])


def loaded_of(modules: list[str], names) -> list[str]:
    return [m for m in modules if any(m == n or m.startswith(n + ".") for n in names)]


def test_a_cached_score_loads_no_parser_converter_engine_or_rich(tmp_path):
    found = score_loads(tmp_path, "--format", "json")
    assert loaded_of(found["modules"], NOT_FOR_SCORING + ("rich",)) == []
    assert "dioses_rules.scoring.score" in found["modules"]
    assert [c for c in found["compiled"] if not c.startswith("dioses_rules.errors.")] == []


def test_a_cached_score_as_text_loads_rich_but_no_parser_converter_or_engine(tmp_path):
    found = score_loads(tmp_path)
    assert loaded_of(found["modules"], NOT_FOR_SCORING + ("json",)) == []
    assert "rich.table" in found["modules"]
