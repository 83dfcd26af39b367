"""The language server's fuzzer (issue #23): JSON-RPC over a pipe to
``dioses lsp --stdio``. A case is one session: ``initialize`` (its workspace
sometimes holding a FIFO or a /dev/zero link named ``*.dioses``), then
hostile notifications and requests: buffers with lone surrogates, deep
nesting, huge numbers and odd Unicode, positions out of range or of the
wrong type, unknown methods, bodies that are not JSON.

A failure: an answer with error -32603 (an internal error), a request left
unanswered past the timeout (a hang), or the server ending before ``exit``.
"""

from __future__ import annotations

import json
import os
import queue
import random
import subprocess
import sys
import threading
from pathlib import Path

from . import hostile as h
from .targets import CELTIC, ROOT, limit_memory

TEXT = CELTIC.read_text(encoding="utf-8")
NAMES = ["a.dioses", "b.dioses", "odd name.dioses", "ünï.dioses", "%00.dioses", "x.txt"]


class Session:
    """The messages of one session (bodies as bytes), and its workspace."""

    def __init__(
        self,
        messages: list[bytes],
        expect: list[int | None],
        special: str,
        odd: frozenset = frozenset(),
    ):
        self.messages, self.expect, self.special = messages, expect, special
        self.odd = odd  # requests whose params are not of their method's shape

    def to_json(self) -> dict:
        return {
            "workspace": self.special,
            "messages": [m.decode("utf-8", "surrogateescape") for m in self.messages],
        }


def frame(body: bytes) -> bytes:
    return f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body


def _position(rng: random.Random):
    if rng.random() < 0.8:
        return {"line": rng.randrange(60), "character": rng.randrange(40)}
    return {"line": h.odd_value(rng), "character": h.pick(rng, [-1, 2**31, 2**64, 0.5, "1", None])}


class Lsp:
    kind, suffix = "lsp", ".json"
    steps = 30

    def __init__(self, folder: Path, timeout: float = 20.0):
        self.folder, self.timeout = folder, timeout

    def make(self, rng: random.Random) -> Session:
        workspace = (self.folder / "workspace").as_uri()
        bodies, expect, number, odd = [], [], 0, set()

        def send(method: str, params, request: bool, damage: bool = True) -> None:
            nonlocal number
            message = {"jsonrpc": "2.0", "method": method, "params": params}
            if request:
                number += 1
                message["id"] = number
            body = h.to_json(message)
            if damage and rng.random() < 0.05:
                body, request = h.mutate_text(rng, body), False  # may not be JSON: no answer due
            bodies.append(body.encode("utf-8", "surrogatepass"))
            expect.append(number if request else None)

        send(
            "initialize", {"processId": None, "rootUri": workspace, "capabilities": {}}, True, False
        )
        send("initialized", {}, False, False)
        uris = [f"{workspace}/{name}" for name in NAMES]
        for _ in range(self.steps):
            uri, roll = h.pick(rng, uris), rng.randrange(12)
            doc = {"uri": uri}
            if roll < 3:
                send(
                    "textDocument/didOpen",
                    {
                        "textDocument": {
                            "uri": uri,
                            "languageId": "dioses",
                            "version": h.pick(rng, [1, 1, 2**40]),
                            "text": h.mutate_text(rng, TEXT),
                        }
                    },
                    False,
                )
            elif roll < 5:
                change = {"text": h.mutate_text(rng, TEXT)}
                if rng.random() < 0.4:
                    change["range"] = {"start": _position(rng), "end": _position(rng)}
                    change["text"] = h.odd_text(rng)
                send(
                    "textDocument/didChange",
                    {"textDocument": {**doc, "version": 2}, "contentChanges": [change]},
                    False,
                )
            elif roll < 9:
                method = h.pick(
                    rng,
                    [
                        "textDocument/hover",
                        "textDocument/completion",
                        "textDocument/definition",
                        "textDocument/formatting",
                    ],
                )
                params = {"textDocument": doc, "position": _position(rng)}
                if method.endswith("formatting"):
                    params = {"textDocument": doc, "options": {"tabSize": 2, "insertSpaces": True}}
                if rng.random() < 0.1:
                    params = h.odd_value(rng)
                    odd.add(number + 1)
                send(method, params, True)
            elif roll < 10:
                send(
                    h.pick(rng, ["textDocument/didSave", "textDocument/didClose"]),
                    {"textDocument": doc},
                    False,
                )
            elif roll < 11:
                send(
                    h.pick(
                        rng,
                        ["workspace/didChangeWatchedFiles", "workspace/didChangeWorkspaceFolders"],
                    ),
                    h.odd_value(rng),
                    False,
                )
            else:
                odd.add(number + 1)
                send(
                    h.pick(
                        rng, ["dioses/nothing", "textDocument/hover", "textDocument/completion"]
                    ),
                    h.odd_value(rng),
                    True,
                )
        send("shutdown", None, True, False)
        send("exit", None, False, False)
        special = h.pick(rng, ["plain", "plain", "fifo", "zero"])
        return Session(bodies, expect, special, frozenset(odd))

    def _workspace(self, session: Session) -> Path:
        folder = self.folder / "workspace"
        if folder.exists():
            for entry in folder.iterdir():
                entry.unlink()
        folder.mkdir(exist_ok=True)
        (folder / "a.dioses").write_text(TEXT, encoding="utf-8")
        if session.special == "fifo":
            os.mkfifo(folder / "fifo.dioses")
        elif session.special == "zero":
            (folder / "zero.dioses").symlink_to("/dev/zero")
        return folder

    def run(self, session: Session) -> str | None:
        workspace = self._workspace(session)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "cli")])}
        server = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from dioses_cli.main import dioses; dioses()",
                "lsp",
                "--stdio",
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            cwd=workspace,
            preexec_fn=limit_memory,
        )
        answers: queue.Queue = queue.Queue()
        reader = threading.Thread(target=_read, args=(server.stdout, answers), daemon=True)
        reader.start()
        try:
            return self._talk(server, session, answers)
        finally:
            if server.poll() is None:
                server.kill()
            server.wait()

    def _talk(self, server, session: Session, answers: queue.Queue) -> str | None:
        for number, (body, wanted) in enumerate(zip(session.messages, session.expect, strict=True)):
            try:
                server.stdin.write(frame(body))
                server.stdin.flush()
            except (BrokenPipeError, OSError):
                if body == session.messages[-1]:
                    break  # it ended at 'exit', as it should
                return f"the server ended before message {number + 1} (exit {server.poll()})"
            if wanted is None:
                continue
            patience = min(self.timeout, 3.0) if wanted in session.odd else self.timeout
            while True:
                try:
                    answer = answers.get(timeout=patience)
                except queue.Empty:
                    if wanted in session.odd:  # pygls drops a request it cannot structure
                        return (
                            f"no answer to request {wanted} (message {number + 1}), whose "
                            f"params are not its method's (JSON-RPC wants an error answer)"
                        )
                    return (
                        f"hang: no answer to request {wanted} (message {number + 1}) in "
                        f"{self.timeout:g} s"
                    )
                if answer is None:
                    return f"the server ended before answering request {wanted}"
                error = answer.get("error") if isinstance(answer, dict) else None
                if isinstance(error, dict) and error.get("code") == -32603:
                    return (
                        f"-32603 to request {answer.get('id')}: {str(error.get('message'))[:200]}"
                    )
                if (
                    isinstance(answer, dict)
                    and answer.get("id") == wanted
                    and "method" not in answer
                ):
                    break
                if (
                    isinstance(error, dict)
                    and answer.get("id") is None
                    and error.get("code") == -32700
                ):
                    # a body past what the parser reads (nested thousands deep,
                    # a number of 100,000 digits): its id cannot be read, and
                    # JSON-RPC 2.0 answers a parse error with a null id
                    break
        try:
            server.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return "hang: the server did not end after 'exit'"
        return None

    def describe(self, session: Session) -> str:
        return f"lsp: a session of {len(session.messages)} messages ({session.special} workspace)"

    @staticmethod
    def data_of(session: Session) -> bytes:
        return json.dumps(session.to_json(), indent=1).encode("utf-8")


def _read(stream, answers: queue.Queue) -> None:
    """Frames from the server, as JSON (None at the end of its output)."""
    try:
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    answers.put(None)
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii", "replace").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            body = stream.read(length or 0)
            try:
                answers.put(json.loads(body))
            except ValueError:
                answers.put({"error": {"code": "unreadable", "message": body[:200]}})
    except (OSError, ValueError):
        answers.put(None)
