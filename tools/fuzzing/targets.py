"""What each fuzzer feeds and how it judges the answer (issue #23).

A target makes case ``index`` of a seed (always the same input for the
same seed and index) and runs it in this process: the card, board, save and
log targets through the ``dioses`` commands (click's CliRunner, so a bug is
exit 3 with "this is a bug" as a user would see it), the web target
through Starlette's TestClient (in-process ASGI). :func:`Target.run`
returns None, or what went wrong in one line.

Allowed: exit 0, 1 (a user's error) and 2 (usage); a file that is not a
regular file (a FIFO, /dev/zero) is refused, never read forever (the
runner, :mod:`.runner`, calls a case that does not end in time a hang).
"""

from __future__ import annotations

import json
import os
import random
import tomllib
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from . import hostile as h

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "hostile"
EXAMPLE_BOARD = ROOT / "examples" / "boards" / "base-hera-hela-ship.toml"
CELTIC = ROOT / "examples" / "mods" / "celtic" / "celtic.dioses"
MEMORY_CAP = 3 * 2**30  # the address space a fuzzed process may take: a flood fails fast
A_BUG = ("Traceback (most recent call last)", "internal error", "this is a bug")


def limit_memory() -> None:
    """Cap this process's address space (a /dev/zero read whole, a 10 MB
    name at 380 bytes a character: a MemoryError, not a swapped machine)."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


class Case:
    """One input: the bytes to write (or a special file), the command line."""

    def __init__(
        self, data: bytes, suffix: str, special: str | None = None, extra: tuple[str, ...] = ()
    ):
        self.data, self.suffix, self.special, self.extra = data, suffix, special, extra


def _texts(*paths: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in paths if p.exists()]


class FileTarget:
    """A fuzzer of one kind of file, run through one command."""

    kind = ""
    suffix = ""

    def __init__(self, folder: Path):
        self.folder = folder
        self.runner = CliRunner()

    def make(self, rng: random.Random) -> Case:
        raise NotImplementedError

    def command(self, path: Path, case: Case) -> tuple[Callable, list[str], str]:
        raise NotImplementedError

    def special(self, rng: random.Random) -> str | None:
        roll = rng.random()
        return "fifo" if roll < 0.01 else "zero" if roll < 0.015 else None

    def place(self, case: Case) -> Path:
        path = self.folder / f"input{case.suffix}"
        if path.is_symlink() or path.exists():
            path.unlink()
        if case.special == "fifo":
            os.mkfifo(path)
        elif case.special == "zero":
            path.symlink_to("/dev/zero")
        else:
            path.write_bytes(case.data)
        return path

    def run(self, case: Case) -> str | None:
        path = self.place(case)
        command, arguments, given = self.command(path, case)
        result = self.runner.invoke(command, arguments, input=given)
        said = result.output + (result.stderr if result.stderr_bytes is not None else "")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            return f"{type(result.exception).__name__} escaped: {result.exception}"[:300]
        if result.exit_code == 3 or any(words in said for words in A_BUG):
            lines = [line for line in said.splitlines() if "internal error" in line]
            return f"exit {result.exit_code}: {(lines or said.splitlines()[-1:] or [''])[0]}"[:300]
        if result.exit_code not in (0, 1, 2):
            return f"exit {result.exit_code}"
        return None

    def describe(self, case: Case) -> str:
        return f"{self.kind}: {' '.join(self.command(Path('INPUT' + case.suffix), case)[1])}"


def _dioses():
    from dioses_cli.main import dioses

    return dioses


class Cards(FileTarget):
    kind, suffix = "cards", ".dioses"

    def __init__(self, folder: Path):
        super().__init__(folder)
        self.texts = _texts(
            CELTIC,
            *sorted((CORPUS / "cards").glob("*.dioses")),
            *sorted((CORPUS / "output").glob("*.dioses")),
        )

    def make(self, rng):
        text = h.pick(rng, self.texts)
        if rng.random() < 0.1:
            text = _chain(rng)
        return Case(
            h.encode(rng, h.mutate_text(rng, text)),
            self.suffix,
            self.special(rng),
            h.pick(rng, [("lint",), ("lint",), ("lint",), ("cards",), ("score",)]),
        )

    def command(self, path, case):
        if case.extra[0] == "lint":
            from dioses_cli.lint import lint

            return lint, [str(path)], ""
        if case.extra[0] == "cards":
            return _dioses(), ["cards", "--cards", str(path), "--format", "json"], ""
        return _dioses(), ["score", "--cards", str(path), str(EXAMPLE_BOARD)], ""


def _chain(rng: random.Random) -> str:
    """Cards chained by 'scores like', either way round (#23 C6)."""
    count, back = h.pick(rng, [9, 50, 400, 500, 1200]), rng.random() < 0.5
    head = 'set chain "Chain" {\n  requires base\n}\n\ngod c-0 "C 0" greek {\n  1 point\n}\n'
    return head + "".join(
        f'\ngod c-{i} "C {i}" greek {{\n  scores like c-{i - 1 if back else (i + 1) % count}\n}}\n'
        for i in range(1, count)
    )


class Boards(FileTarget):
    kind, suffix = "boards", ".toml"

    def __init__(self, folder: Path):
        super().__init__(folder)
        files = [
            CORPUS / "boards" / "valid.toml",
            EXAMPLE_BOARD,
            *sorted((ROOT / "examples" / "boards").glob("*.toml"))[:6],
        ]
        self.texts = _texts(*files)
        self.data = [tomllib.loads(text) for text in self.texts]

    def make(self, rng):
        if rng.random() < 0.5:
            text = h.mutate_text(rng, h.pick(rng, self.texts))
        else:
            text = h.to_toml(h.mutate_data(rng, h.pick(rng, self.data)))
        extra = h.pick(rng, [(), (), ("--explain",), ("--format", "json"), ("--lang", "es")])
        return Case(h.encode(rng, text), self.suffix, self.special(rng), extra)

    def command(self, path, case):
        return _dioses(), ["score", str(path), *case.extra], ""


class Saves(FileTarget):
    kind, suffix = "saves", ".json"

    def __init__(self, folder: Path):
        super().__init__(folder)
        self.save = json.loads((CORPUS / "saves" / "valid.json").read_text(encoding="utf-8"))

    def make(self, rng):
        if rng.random() < 0.8:
            text = h.to_json(h.mutate_data(rng, self.save))
        else:
            text = h.mutate_text(rng, json.dumps(self.save))
        return Case(h.encode(rng, text), self.suffix, self.special(rng))

    def command(self, path, case):
        # the input ends at once: a human seat stops the game (exit 1)
        return _dioses(), ["play", "--resume", str(path), "--best-time", "0"], ""


class Logs(FileTarget):
    kind, suffix = "logs", ".jsonl"

    def __init__(self, folder: Path):
        super().__init__(folder)
        lines = (CORPUS / "saves" / "valid.jsonl").read_text(encoding="utf-8").splitlines()
        self.records = [json.loads(line) for line in lines]

    def make(self, rng):
        records = self.records
        if rng.random() < 0.8:
            records = h.mutate_data(rng, records)
            lines = (
                [h.to_json(r) for r in records]
                if isinstance(records, list)
                else [h.to_json(records)]
            )
            text = "\n".join(lines) + "\n"
        else:
            text = h.mutate_text(rng, "".join(json.dumps(r) + "\n" for r in records))
        return Case(h.encode(rng, text), self.suffix, self.special(rng))

    def command(self, path, case):
        return _dioses(), ["replay", str(path)], ""


FILE_TARGETS = {t.kind: t for t in (Cards, Boards, Saves, Logs)}
