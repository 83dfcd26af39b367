"""``dioses lsp`` keeps the protocol's rules (LSP 3.17, JSON-RPC 2.0) where a
client breaks them, over raw JSON-RPC bytes: every request is answered
(-32602, -32600, -32002, -32700), never with a traceback, never with a
popup; text is kept by the protocol's own line breaks; a lone surrogate or a
FIFO in the workspace ends nothing (issues #23 and #27)."""

from __future__ import annotations

import json
import os
import queue
import re
import threading
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as t
from pygls import uris
from test_lsp import MOD, WINDS, Session, _find

from dioses_cli.lsp_server import make_server

TIMEOUT = 30


class Raw:
    """Our server on os pipes, spoken to in bytes; what it sends, one message at a time."""

    def __init__(self):
        to_server, self._write = os.pipe()
        self._read, from_server = os.pipe()
        self.server = make_server()
        self.thread = threading.Thread(
            target=self.server.start_io,
            daemon=True,
            args=(os.fdopen(to_server, "rb"), os.fdopen(from_server, "wb")),
        )
        self.thread.start()
        self.messages: queue.Queue = queue.Queue()
        self.seen: list = []  # the notifications before each answer, this server's own
        threading.Thread(target=self._reading, daemon=True).start()

    def _reading(self) -> None:
        stream = os.fdopen(self._read, "rb")
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = stream.read(1)
                if not byte:
                    return
                header += byte
            length = int(re.search(rb"Content-Length: (\d+)", header).group(1))
            self.messages.put(json.loads(stream.read(length)))

    def send(self, body) -> None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        os.write(self._write, b"Content-Length: %d\r\n\r\n" % len(data) + data)

    def request(self, msg_id, method: str, params) -> dict:
        self.send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        return self.answer(msg_id)

    def answer(self, msg_id) -> dict:
        """The response to ``msg_id``; the notifications before it are kept."""
        while True:
            message = self.messages.get(timeout=TIMEOUT)
            if "method" not in message and message.get("id") == msg_id:
                return message
            self.seen.append(message)

    def notify(self, method: str, params) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self) -> None:
        os.close(self._write)
        self.thread.join(TIMEOUT)


@pytest.fixture
def raw():
    running = Raw()
    yield running
    running.close()


def _initialize(raw: Raw, folder: Path) -> None:
    uri = uris.from_fs_path(str(folder))
    done = raw.request(1, "initialize", {"processId": None, "rootUri": uri, "capabilities": {}})
    assert done["result"]["serverInfo"]["name"] == "dioses"
    raw.notify("initialized", {})


def _error(answer: dict) -> dict:
    error = answer["error"]
    assert "data" not in error or error["data"] is None  # no traceback, ever
    return error


def test_every_protocol_mistake_gets_its_answer_and_no_popup(raw, tmp_path):
    hover = {"textDocument": {"uri": "file:///x.dioses"}, "position": {"line": 0, "character": 0}}
    # LSP 3.17: before initialize, a request is -32002 and a notification is dropped
    raw.notify(
        "textDocument/didOpen",
        {
            "textDocument": {
                "uri": "file:///x.dioses",
                "languageId": "dioses",
                "version": 1,
                "text": "god",
            }
        },
    )
    assert _error(raw.request(7, "textDocument/hover", hover))["code"] == -32002
    _initialize(raw, tmp_path)
    assert (
        _error(
            raw.request(2, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        )["code"]
        == -32600
    )
    # params that do not fit the method: -32602, saying where
    bad = raw.request(3, "textDocument/hover", {**hover, "position": {"line": "x"}})
    assert _error(bad)["code"] == -32602 and "textDocument/hover" in bad["error"]["message"]
    assert "position" in bad["error"]["message"]
    raw.send(b"{not json")  # JSON-RPC 2.0: -32700, with a null id
    assert _error(raw.answer(None))["code"] == -32700
    raw.send([1, 2])  # a batch, which LSP has not: no request
    assert _error(raw.answer(None))["code"] == -32600
    raw.send({"jsonrpc": "1.0", "id": 4, "method": "textDocument/hover", "params": hover})
    assert _error(raw.answer(4))["code"] == -32600
    raw.notify(
        "textDocument/didChange",
        {  # a change to a file not open: logged, ignored
            "textDocument": {"uri": "file:///nowhere.dioses", "version": 2},
            "contentChanges": [{"text": "x"}],
        },
    )
    raw.notify("textDocument/hover", {"position": 1})  # a bad notification: logged
    assert raw.request(5, "textDocument/hover", hover)["result"] is None  # the session goes on
    assert raw.request(6, "shutdown", None)["result"] is None
    assert _error(raw.request(8, "textDocument/hover", hover))["code"] == -32600
    popups = [m for m in raw.seen if m.get("method") == "window/showMessage"]
    logs = [m["params"]["message"] for m in raw.seen if m.get("method") == "window/logMessage"]
    assert popups == [] and not [log for log in logs if "a bug" in log]
    assert any("not open" in log for log in logs)
    raw.notify("exit", None)
    raw.thread.join(TIMEOUT)
    assert not raw.thread.is_alive() and raw.server.protocol.exit_status == 0


def test_exit_without_shutdown_ends_the_command_with_1():
    """LSP 3.17: ``exit`` before ``shutdown`` is exit code 1 (0 after one: above)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"processId": None, "rootUri": None, "capabilities": {}},
        },
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    framed = b"".join(
        b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
        for body in (json.dumps(message).encode() for message in messages)
    )
    start = (
        "import sys; sys.path[:0] = ["
        + repr(str(root))
        + ", "
        + repr(str(root / "cli"))
        + "]; from dioses_cli.main import dioses; dioses()"
    )
    done = subprocess.run(
        [sys.executable, "-c", start, "lsp"], input=framed, capture_output=True, timeout=120
    )
    assert done.returncode == 1, done.stderr
    assert b'"serverInfo"' in done.stdout and done.stderr == b""


@pytest.fixture
def session(tmp_path):
    (tmp_path / "winds.dioses").write_text(WINDS, encoding="utf-8")
    running = Session(tmp_path)
    yield running
    running.stop()


def test_a_lone_surrogate_is_reported_where_it_is_and_breaks_nothing_after(session, tmp_path):
    """#23 C5: U+FFFD takes its place (one unit in UTF-8/16/32 alike as pygls
    counts them) and DL003 says where; every later request is answered."""
    text = MOD.replace("# R10", "# \udc80 R10")
    uri = session.open(tmp_path / "mod.dioses", text)
    [found] = session.wait(uri, lambda found: bool(found))
    line, _ = _find(MOD, "# R10")
    assert found.code == "DL003" and found.range.start == t.Position(line, 2)
    hovered = session.request(t.TEXT_DOCUMENT_HOVER, t.HoverParams(**session.at(uri, 5, 5)))
    assert hovered.contents.value.startswith("**Zephyr**")
    session.client.protocol.notify(
        t.TEXT_DOCUMENT_DID_CHANGE,
        t.DidChangeTextDocumentParams(
            t.VersionedTextDocumentIdentifier(2, uri),
            [
                t.TextDocumentContentChangePartial(
                    t.Range(t.Position(line, 2), t.Position(line, 3)), ""
                )
            ],
        ),
    )
    assert session.wait(uri) == []


def test_text_is_kept_by_the_protocols_line_breaks(session, tmp_path):
    """A form feed, U+2028 and NEL in a comment break no line; \\r\\n and a lone
    \\r do. Edits after them land where the editor made them."""
    text = (
        MOD.replace("# R10", "# \x0c \u2028 \x85 R10")
        .replace("in row\n", "in row\r\n")
        .replace("next to hera", "next to herra")
    )
    text = text.replace('"My mod" {\n', '"My mod" {\r')
    uri = session.open(tmp_path / "mod.dioses", text)
    assert [d.code for d in session.wait(uri, lambda found: bool(found))] == ["DL109"]
    lines = re.split(r"\r\n|\r|\n", text)
    line = next(n for n, words in enumerate(lines) if "herra" in words)
    start = lines[line].index("herra")
    session.client.protocol.notify(
        t.TEXT_DOCUMENT_DID_CHANGE,
        t.DidChangeTextDocumentParams(
            t.VersionedTextDocumentIdentifier(2, uri),
            [
                t.TextDocumentContentChangePartial(
                    t.Range(t.Position(line, start + 3), t.Position(line, start + 4)), ""
                )
            ],
        ),
    )
    assert session.wait(uri) == []
    where = session.request(
        t.TEXT_DOCUMENT_HOVER, t.HoverParams(**session.at(uri, line, start + 1))
    )
    assert where.contents.value.startswith("**Hera**")
    assert where.range == t.Range(t.Position(line, start), t.Position(line, start + 4))
    norse = next(n for n, words in enumerate(lines) if "norse" in words)
    word = session.request(
        t.TEXT_DOCUMENT_HOVER,
        t.HoverParams(**session.at(uri, norse, lines[norse].index("norse") + 1)),
    )
    assert word.contents.value.startswith("mythology `norse`")


def test_a_fifo_or_a_link_to_dev_zero_in_the_workspace_is_skipped_and_said(tmp_path):
    """#23: neither blocks nor floods the session; the editor's log names both."""
    (tmp_path / "winds.dioses").write_text(WINDS, encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.dioses")
    (tmp_path / "zero.dioses").symlink_to("/dev/zero")
    session = Session(tmp_path)
    try:
        uri = session.open(tmp_path / "mod.dioses", MOD)
        assert session.wait(uri) == []  # winds.dioses was read
        [told] = [log for log in session.logs if "card files not read" in log]
        assert "pipe.dioses: not a regular file" in told
        assert "zero.dioses: not a regular file" in told
    finally:
        session.stop()
